"""Terra Mystica fast auction (快速竞叫): resolve every player's maximum bids into factions, prices, turn order.

API summary
-----------
``resolve_auction(factions, players, max_bids, *, seed=None, tie_break=None) -> AuctionResult``
    ``factions`` in nomination order, ``players`` in bidding order, ``max_bids[player][faction]`` the most VP
    the player would pay for that faction. ``AuctionResult`` (frozen) has ``steps`` (tuple of
    :class:`AuctionStep`, every bid and skip in order), ``assignments`` (tuple of :class:`Assignment`
    ``(player, faction, price)`` in turn order), ``turn_order`` (players) and ``as_json()`` (the
    ``companion tm auction --json`` document).
``AuctionStep``: ``number``, ``player``, ``action`` (``"bid"`` / ``"skip"``), ``faction``, ``bid``, ``value``
    (max bid - bid), ``options`` (every affordable :class:`AuctionOption` the player weighed), ``tie``
    (``None``, ``"raise_preferred"`` or ``"random"``) and ``text`` (a sentence for players).
``auction_from_json(doc, *, file=None) -> dict``
    Validate the ``{"factions", "players", "max_bids", "seed"}`` input; errors name the field.

The algorithm (rules summary, 快速竞叫, and its worked example): players take turns in bidding order. A player
who currently holds the highest bid on some faction is skipped. Any other player bids on the faction that is
worth most to them now: ``value = max bid - price``, where the price is 0 to open a faction nobody has bid on
and the current bid + 1 to raise one; only prices up to the player's maximum count. Between equally valuable
choices, raising an existing bid beats opening a new faction (Bob's step); a tie that remains is random
(Alice's step) -- decided by ``tie_break(player, options, step_number) -> faction`` when given, else by
``random.Random(seed)``. The auction ends when every player holds a faction; each pays their bid in VP. The
turn order follows the nomination order of the factions won.

Where the summary is silent: every player must give a maximum bid (>= 0) for every nominated faction, and
there must be at least as many factions as players (so a player can always open a faction at 0).

Errors: :class:`companion.errors.CompanionError` (``RulesDataError`` for input documents, naming the field).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.errors import CompanionError, RulesDataError
from companion.i18n import gettext as _
from companion.jsonio import quoted
from companion.terra_mystica.factions import (
    UnknownFactionError,
    colour_clashes,
    faction_label,
    get_faction,
    load_factions,
)
from companion.validation import name_problem

__all__ = ["Assignment", "AuctionOption", "AuctionResult", "AuctionStep", "auction_from_json",
           "resolve_auction"]


@dataclass(frozen=True)
class AuctionOption:
    """One choice a player could make: bid ``price`` on ``faction`` (``raises`` an existing bid or opens
    a new faction), worth ``value`` = max bid - price to them."""

    faction: str
    price: int
    value: int
    raises: bool


@dataclass(frozen=True)
class AuctionStep:
    """One turn of the auction; see the module docstring."""

    number: int
    player: str
    action: str
    faction: str | None
    bid: int | None
    value: int | None
    options: tuple[AuctionOption, ...]
    tie: str | None
    text: str

    def as_json(self) -> dict[str, Any]:
        """``{"step", "player", "action", "faction", "bid", "value", "tie", "text"}``."""
        return {"step": self.number, "player": self.player, "action": self.action, "faction": self.faction,
                "bid": self.bid, "value": self.value, "tie": self.tie, "text": self.text}


@dataclass(frozen=True)
class Assignment:
    """``player`` plays ``faction`` and pays ``price`` VP."""

    player: str
    faction: str
    price: int


@dataclass(frozen=True)
class AuctionResult:
    """Steps, assignments (turn order) and turn order of a resolved fast auction."""

    steps: tuple[AuctionStep, ...]
    assignments: tuple[Assignment, ...]
    turn_order: tuple[str, ...]

    def as_json(self) -> dict[str, Any]:
        """``{"assignments": [{"player", "faction", "price"}], "turn_order": [...], "steps": [...]}``."""
        return {"assignments": [{"player": a.player, "faction": a.faction, "price": a.price}
                                for a in self.assignments],
                "turn_order": list(self.turn_order), "steps": [s.as_json() for s in self.steps]}

    def assignment(self, player: str) -> Assignment:
        """The assignment of ``player``."""
        for a in self.assignments:
            if a.player == player:
                return a
        raise KeyError(player)


TieBreak = Callable[[str, tuple[AuctionOption, ...], int], str]


#: Highest maximum bid accepted (VP). Bids are paid from the 20 starting VP; the resolver raises prices
#: one VP at a time, so an unbounded bid would make it run for ever.
MAX_BID = 100


#: Players in a game of Terra Mystica (rulebook: 2 to 5), so in its auction.
PLAYERS = range(2, 6)


def _validate(factions: Sequence[str], players: Sequence[str], max_bids: Mapping[str, Mapping[str, int]]) -> None:
    if len(players) not in PLAYERS:
        raise CompanionError(_("players: Terra Mystica is played by {low} to {high} players, found {n}").format(
            low=PLAYERS[0], high=PLAYERS[-1], n=len(players)))
    for i, player in enumerate(players):
        problem = name_problem(player) if isinstance(player, str) else _("expected a name")
        if problem:
            raise CompanionError(_("players[{i}]: {problem}").format(i=i, problem=problem))
    if len(set(factions)) != len(factions):
        raise CompanionError(_("factions: a faction is nominated twice"))
    known = [f for f in factions if f in load_factions()]  # a test's placeholder names have no colour
    clashes = colour_clashes(known)
    if clashes:
        i, j = clashes[0]
        raise CompanionError(_("factions: {faction} and {other} have one home terrain, and only one faction of "
                               "each colour plays (rulebook setup; FIRE-ICE-NOTES section 2): nominate one of "
                               "them").format(faction=faction_label(known[i]), other=faction_label(known[j])))
    if len(set(players)) != len(players):
        raise CompanionError(_("players: a player is listed twice"))
    if len(factions) < len(players):
        raise CompanionError(_("factions: {n_factions} nominated for {n_players} players; expected at least one per player").format(n_factions=len(factions), n_players=len(players)))
    for p in players:
        bids = max_bids.get(p)
        if not isinstance(bids, Mapping):
            raise CompanionError(_("max_bids.{p}: missing; expected a maximum bid for every faction").format(p=p))
        for f in factions:
            v = bids.get(f)
            if f not in bids:
                raise CompanionError(_("max_bids.{p}.{f}: missing key; expected a maximum bid (VP)").format(p=p, f=f))
            if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= MAX_BID:
                raise CompanionError(_("max_bids.{p}.{f}: expected an integer from 0 to {max_bid} (VP; every faction starts with 20 VP), found {dumps}").format(p=p, f=f, max_bid=MAX_BID, dumps=json.dumps(v)))


def resolve_auction(factions: Sequence[str], players: Sequence[str], max_bids: Mapping[str, Mapping[str, int]],
                    *, seed: int | None = None, tie_break: TieBreak | None = None) -> AuctionResult:
    """Resolve a fast auction.

    Parameters
    ----------
    factions : sequence of str
        Nominated factions, in nomination order (this is also the turn order of their winners).
    players : sequence of str
        Player names in bidding order.
    max_bids : mapping
        ``max_bids[player][faction]`` = the most VP the player would pay for the faction (>= 0).
    seed : int or None
        Seed of the ``random.Random`` that settles remaining ties (ignored when ``tie_break`` is given).
    tie_break : callable or None
        ``tie_break(player, options, step_number) -> faction`` chooses among equally valuable options
        (all raises, or all openings); must return one of the offered factions.

    Returns
    -------
    AuctionResult

    Raises
    ------
    CompanionError
        For missing or negative bids, a player count outside 2..5, a player name with a control character
        or a lone surrogate (:func:`companion.validation.name_problem`), duplicate names, two factions of one
        colour, fewer factions than players, or a tie-break callback returning a faction it was not offered.
    """
    factions = list(factions)
    players = list(players)
    _validate(factions, players, max_bids)
    rng = random.Random(seed)
    holder: dict[str, str | None] = {f: None for f in factions}
    price: dict[str, int] = {f: 0 for f in factions}
    steps: list[AuctionStep] = []
    turn = 0
    limit = 10_000 + 2 * len(players) * sum(max(b.values(), default=0) for b in max_bids.values())
    while any(p not in holder.values() for p in players):
        player = players[turn % len(players)]
        turn += 1
        if turn > limit:  # pragma: no cover - bids are finite, so the auction always ends
            raise CompanionError(_("auction did not finish"))
        number = len(steps) + 1
        held = next((f for f, h in holder.items() if h == player), None)
        if held is not None:
            steps.append(AuctionStep(number, player, "skip", held, price[held], max_bids[player][held] - price[held],
                                     (), None, (_("You are skipped: still the highest bidder on {faction} ({price}).")
                                               if _is_you(player) else
                                               _("{player} is skipped: still the highest bidder on {faction} "
                                                 "({price}).")).format(player=player, faction=faction_label(held),
                                                                      price=price[held])))
            continue
        options = []
        for f in factions:
            cost = 0 if holder[f] is None else price[f] + 1
            value = max_bids[player][f] - cost
            if value >= 0:
                options.append(AuctionOption(f, cost, value, holder[f] is not None))
        best = max(o.value for o in options)
        top = [o for o in options if o.value == best]
        tie = None
        if len(top) > 1 and any(o.raises for o in top) and not all(o.raises for o in top):
            top = [o for o in top if o.raises]
            tie = "raise_preferred"
        if len(top) > 1:
            tie = "random"
            offered = tuple(top)
            if tie_break is not None:
                name = tie_break(player, offered, number)
                chosen = next((o for o in top if o.faction == name), None)
                if chosen is None:
                    raise CompanionError(_("tie_break returned {name} for {player} at step {number}; expected one of {faction}").format(name=quoted(name), player=player, number=number, faction=', '.join(o.faction for o in top)))
            else:
                chosen = rng.choice(top)
        else:
            chosen = top[0]
        holder[chosen.faction] = player
        price[chosen.faction] = chosen.price
        steps.append(AuctionStep(number, player, "bid", chosen.faction, chosen.price, chosen.value, tuple(options),
                                 tie, _explain(player, chosen, options, tie, max_bids[player])))
    won = [(f, holder[f]) for f in factions if holder[f] is not None]
    assignments = tuple(Assignment(p, f, price[f]) for f, p in won)
    return AuctionResult(steps=tuple(steps), assignments=assignments, turn_order=tuple(p for _, p in won))


def _is_you(player: str) -> bool:
    """True for a player called "You" (the app's default for the person at the screen): sentences about
    them take the second person ("You raise", not "You raises")."""
    return player.strip().casefold() in ("you", _("you").casefold())


def _explain(player: str, chosen: AuctionOption, options: list[AuctionOption], tie: str | None,
             bids: Mapping[str, int]) -> str:
    if _is_you(player):  # the sentence agrees with its subject: "You raise", "Alice raises"
        text = (_("You raise {faction} at {price} (worth {bid} - {price} = {value}).") if chosen.raises
                else _("You open {faction} at {price} (worth {bid} - {price} = {value})."))
    elif chosen.raises:
        text = _("{player} raises {faction} at {price} (worth {bid} - {price} = {value}).")
    else:
        text = _("{player} opens {faction} at {price} (worth {bid} - {price} = {value}).")
    sentences = [text.format(player=player, faction=faction_label(chosen.faction), price=chosen.price,
                             bid=bids[chosen.faction],
                             value=chosen.value)]
    others = [o for o in options if o.faction != chosen.faction]
    if others:
        choices = _(", ").join(_("{faction} at {price} (worth {value})").format(faction=faction_label(o.faction), price=o.price,
                                                                                value=o.value) for o in others)
        sentences.append(_("Other choices: {choices}.").format(choices=choices))
    if tie == "raise_preferred":
        sentences.append(_("Equally valuable choices: raising an existing bid beats opening a new faction."))
    elif tie == "random":
        sentences.append(_("Equally valuable choices of the same kind: chosen at random."))
    return " ".join(sentences)


def auction_from_json(doc: Any, *, file: str | None = None) -> dict[str, Any]:
    """Validate a ``{"factions": [...], "players": [...], "max_bids": {player: {faction: bid}}, "seed": 1}``
    document and return keyword arguments for :func:`resolve_auction` (faction names normalised to engine
    names, e.g. ``"Chaos Magicians"`` -> ``"chaosmagicians"``).

    Raises
    ------
    RulesDataError
        With ``file`` and the key path of the bad field (``max_bids.Alice.giants``).
    """
    def err(msg: str, path: str) -> RulesDataError:
        return RulesDataError(msg, file=file, key_path=path)

    if not isinstance(doc, dict):
        raise err(_("expected a JSON object with factions, players, max_bids"), "")
    unknown = [k for k in doc if k not in ("factions", "players", "max_bids", "seed")]
    if unknown:
        raise err(_("unknown key {unknown}; expected only factions, players, max_bids, seed").format(unknown=quoted(unknown[0])), unknown[0])
    for key in ("factions", "players", "max_bids"):
        if key not in doc:
            raise err(_("missing key"), key)
    factions, players, bids = doc["factions"], doc["players"], doc["max_bids"]
    for key, seq in (("factions", factions), ("players", players)):
        if not isinstance(seq, list) or not seq or not all(isinstance(x, str) and x for x in seq):
            raise err(_("expected a non-empty list of names"), key)
        seen: dict[str, int] = {}
        for i, x in enumerate(seq):
            if x in seen:
                raise err(_("{x} appears twice (entries {seen} and {i}); expected each name once").format(x=quoted(x), seen=seen[x] + 1, i=i + 1),
                          f"{key}[{i}]")
            seen[x] = i
    names = []
    for i, f in enumerate(factions):
        try:
            names.append(get_faction(f).name)
        except UnknownFactionError as exc:
            raise err(str(exc), f"factions[{i}]") from None
    for i, n in enumerate(names):
        if n in names[:i]:
            raise err(_("{factions} is the same faction as entry {index}; expected each faction once").format(factions=quoted(factions[i]), index=names.index(n) + 1), f"factions[{i}]")
    factions = names
    if len(factions) < len(players):
        raise err(_("{n_factions} factions for {n_players} players; expected at least one per player").format(n_factions=len(factions), n_players=len(players)),
                  "factions")
    if not isinstance(bids, dict):
        raise err(_("expected an object {player: {faction: bid}}"), "max_bids")
    out: dict[str, dict[str, int]] = {}
    for p in players:
        pb = bids.get(p)
        if not isinstance(pb, dict):
            raise err(_("missing or not an object {faction: bid}"), f"max_bids.{p}")
        named = {}
        for k, v in pb.items():
            try:
                key = get_faction(str(k)).name
            except UnknownFactionError as exc:
                raise err(str(exc), f"max_bids.{p}.{k}") from None
            if key not in factions:
                raise err(_("{k} is not a nominated faction").format(k=quoted(k)), f"max_bids.{p}.{k}")
            if key in named:
                raise err(_("a second bid for {key} (another spelling of the same faction); expected one").format(key=key),
                          f"max_bids.{p}.{k}")
            named[key] = v
        pb = named
        for f in factions:
            v = pb.get(f)
            if not isinstance(v, int) or isinstance(v, bool) or v < 0:
                raise err(_("expected an integer >= 0 (VP), found {v}").format(v=quoted(v)), f"max_bids.{p}.{f}")
        out[p] = pb
    extra = [k for k in bids if k not in players]
    if extra:
        raise err(_("{extra} is not a listed player").format(extra=quoted(extra[0])), "max_bids")
    seed = doc.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise err(_("expected an integer or null, found {seed}").format(seed=quoted(seed)), "seed")
    return {"factions": factions, "players": list(players), "max_bids": out, "seed": seed}
