"""Terra Mystica bots: a random bot and a greedy bot with a one-row look-ahead (issue 15).

Both bots play through the protocol adapter :mod:`companion.terra_mystica.game` only (``legal_actions``,
``apply_action``, ``current_player``, ``sample_chance``) and the engine's public read-only state (a
faction's resources, power bowls, cult tracks, income), so they play every faction the engine accepts,
setup included (faction picks, initial dwellings, first bonus tiles), and need no change when the engine
accepts a new faction (Fire & Ice): no faction name, tile id or ability is written here.

- :class:`RandomBot`: a random legal move of the seat to act (a kind of move, then a move of that kind).
- :class:`GreedyBot`: applies every legal action, and on its turn every build, upgrade, power action, advance
  or priest that conversions would afford (:func:`conversion_rows`: burning power, power to coins / workers /
  priests, priests to workers, workers to coins, written in front of the action in the same row), and keeps
  the one with the best :func:`evaluate`:
  projected final VP (VP so far + cult and network scoring now, from
  :func:`companion.terra_mystica.engine.score`) plus resources, one round's income and the buildings (by kind)
  weighted by the rounds left (resources count as their end-of-game VP only as the game closes), and the
  power tokens owned (a token spent for good, burnt or bought changes the power cycle of every round left).
  An action that changes the faction's home terrain (the Shapeshifters' stronghold action) is also valued
  by the empty hexes of the home terrain the faction reaches before and after it
  (:func:`home_hexes_in_reach`): the builds without spades it opens. Ties are broken by ``rng``. Faction
  picks (no game to evaluate yet) are random.

Why the greedy bot takes the Fire & Ice choices it takes (both follow from the value, no rule is written
for a faction): ``gain P3 for VP`` adds a token for the rest of the game, worth ``token`` VP a round of
income still to come (:class:`Weights`), so it pays its 1 VP while three or more rounds are to come and is
declined later; the colour change (5 power) is taken when the new home terrain brings empty hexes in reach
that the old one did not, and so cheap builds next turn.

Examples
--------
>>> import random
>>> from companion.terra_mystica import game
>>> from companion.terra_mystica.bots import make_bot, play_game
>>> states = play_game(game.new_game(["witches", "nomads"]), [make_bot("random"), make_bot("random")],
...                    random.Random(3))
>>> game.is_terminal(states[-1])
True
"""

from __future__ import annotations

import contextlib
import functools
import gc
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from companion.errors import CompanionError, IllegalActionError, RecordError
from companion.i18n import N_
from companion.i18n import gettext as _
from companion.terra_mystica import engine, game
from companion.terra_mystica.engine.faction import FactionState
from companion.terra_mystica.engine.moves import turn_moves
from companion.terra_mystica.engine.state import BASE_CONVERSIONS
from companion.terra_mystica.scoring import rank_prizes, resource_vp
from companion.terra_mystica.tiles import load_tiles

__all__ = ["BOTS", "BOT_NAMES", "RandomBot", "GreedyBot", "LookaheadGreedyBot", "exact_values", "Weights", "evaluate", "conversion_rows", "home_hexes_in_reach",
           "make_bot", "play_game"]

BOTS = ("random", "greedy", "search")
"""Bot names for :func:`make_bot`."""
BOT_NAMES = {"random": N_("random"), "greedy": N_("greedy"), "search": N_("search")}
"""Each bot's name as a menu shows it (marked for translation: pass it through ``_()`` when shown)."""

ROUNDS = 6


class RandomBot:
    """A random legal move of the seat to act: a kind of move first (its verbs: build, dig and build,
    upgrade, each action, pass ...), every kind equally likely, then one move of that kind, so the many
    hexes and colours of transforms do not swamp the rest (chance draws with the game's odds)."""

    name = "random"

    def choose(self, state: Any, rng: random.Random, seat: int | None = None) -> Any:
        """A random action among :func:`companion.terra_mystica.game.legal_actions`.

        Parameters
        ----------
        state : GameState
            A state that is not terminal.
        rng : random.Random
            The only source of randomness (a seeded ``rng`` makes games reproducible).
        seat : int, optional
            Ignored: the seat to act is the state's.

        Raises
        ------
        CompanionError
            When nothing is legal (a terminal state).
        """
        name, rows = game.legal_rows(state)
        if rows:
            # the engine's rows as text: only the row played becomes an Action
            by_kind: dict = {}
            for text in rows:
                by_kind.setdefault(_row_kind(text), []).append(text)
            return game._listed(name, rng.choice(by_kind[rng.choice(list(by_kind))]))
        actions = game.legal_actions(state)
        if not actions:
            raise CompanionError(_("random bot: no legal action (is the game over?)"))
        kinds: dict = {}
        for a in actions:
            kinds.setdefault(_kind(a), []).append(a)
        return rng.choice(kinds[rng.choice(list(kinds))])


_MOVE_KINDS: dict = {}


def _kind(action: Any) -> tuple:
    """The shape of a move (:func:`_shape` of its sub-commands); chance draws are one kind."""
    commands = getattr(action, "commands", None)
    return ("chance",) if commands is None else _shape(commands)


def _shape(commands) -> tuple:
    """The shape of a move from its ``(verb, args)`` sub-commands: its verbs (and the action id of
    ``action X``), without hexes or colours (``dig 1. build E7`` and ``dig 2. build F3`` are one kind;
    ``transform E7 to blue`` another)."""
    return tuple(args[0] if verb == "action" else (verb, args[1] is not None) if verb == "transform" else verb
                 for verb, args in commands)


def _row_kind(text: str) -> tuple:
    """:func:`_shape` of a row typed as ``text``, remembered by the text (listed rows recur).

    A row seen for the first time is the concatenation of its sub-commands' shapes, each remembered by its
    text too (``build E7``, ``+FAV11``: a few hundred a map, where rows of them number in the tens of
    thousands), so a new row costs a split and a few look-ups instead of a parse; the shape is the same,
    since :func:`~companion.terra_mystica.engine.parse_commands` parses the parts between the dots one by one
    (a row with a comment or a ``show history`` tail is parsed whole)."""
    hit = _MOVE_KINDS.get(text)
    if hit is None:
        if len(_MOVE_KINDS) > 65536:
            _MOVE_KINDS.clear()
        parts = text.split(".")
        if len(parts) == 1 or "#" in text or "show history" in text:
            hit = _shape((c.verb, c.args) for c in _commands(text))
        else:
            hit = ()
            for part in parts:
                if part.strip():
                    hit += _row_kind(part.strip())
        _MOVE_KINDS[text] = hit
    return hit


@dataclass(frozen=True)
class Weights:
    """VP value of one unit, used by :func:`evaluate`.

    Attributes
    ----------
    coin, worker, priest : float
        VP per coin / worker / priest held.
    power2, power3 : float
        VP per power token in bowl II / bowl III (bowl I is worth nothing until it moves).
    income : float
        Factor on the value of one round's income (same unit weights), per round of income still to come.
    shipping, digging : float
        VP per shipping / digging level, scaled by the share of the game left.
    building : float
        VP per building on the map, scaled by the share of the game left (room for towns and networks).
    unlocked : float
        VP per terrain colour a faction may build on beyond its home (the Riverwalkers' unlocked terrains),
        scaled by the share of the game left.
    tiers : tuple of (str, float)
        Multiplier of ``building`` per building kind (an upgrade is worth more than its income: towns,
        favour tiles, stronghold and sanctuary abilities, round scoring).
    token : float
        VP per power token owned (any bowl), per round of income still to come: a token comes back to
        bowl III about once a round, so burning one (or paying tokens) costs power in every round left,
        and a token bought for 1 VP (``gain P3 for VP``) pays while ``token`` x rounds left + its bowl-III
        value exceeds 1 VP (three or more rounds of income to come).
    home_hex : float
        VP per empty hex of the home terrain in reach (at most ``home_hex_cap`` count), scaled by the share
        of the game left; only compared across an action that changes the home terrain.
    home_hex_cap : int
        The most such hexes counted: beyond a few, more do not make the next builds cheaper.
    """

    coin: float = 0.25
    worker: float = 0.7
    priest: float = 1.0
    power2: float = 0.1
    power3: float = 0.3
    income: float = 1.0
    shipping: float = 2.5
    digging: float = 2.5
    building: float = 1.0
    unlocked: float = 1.5
    tiers: tuple = (("D", 1.0), ("TP", 2.0), ("TE", 2.5), ("SH", 3.5), ("SA", 3.5))
    token: float = 0.3
    home_hex: float = 2.0
    home_hex_cap: int = 2


def _rounds_of_income_left(g) -> int:
    """Income phases still to come (income is taken at the start of rounds 1-6)."""
    if g.phase == "over":
        return 0
    if g.round <= 0:
        return ROUNDS
    return ROUNDS - g.round + (1 if g.phase in ("income", "cult_spades") else 0)


def _income(g, f) -> dict:
    # the engine's own income rule (buildings, favour tiles, bonus tile); it has no public name yet
    income = getattr(g, "_income", None)
    return income(f) if income is not None else {}


_PER_ROUND: dict = {}


def _income_value(g, f) -> float:
    """One round's income (:func:`_income`) in the value's units, remembered by what income depends on
    (the faction board, its building counts, favour tiles and bonus tile)."""
    key = (f.name, tuple(f.buildings.values()), tuple(f.favors), f.bonus, id(g.tiles))
    hit = _PER_ROUND.get(key)
    if hit is None:
        if len(_PER_ROUND) > 65536:
            _PER_ROUND.clear()
        inc = _income(g, f)
        hit = _PER_ROUND[key] = (inc.get("C", 0) / 3 + inc.get("W", 0) + inc.get("P", 0) * 1.5 + inc.get("PW", 0) / 4)
    return hit


_NETWORKS: dict = {}


def _network_size(g, name: str) -> int:
    """``g.network_size(name)``, remembered while the town state (buildings, bridges) and the faction's
    shipping / jump range are the same objects and values (most rows a bot tries build nothing), and by
    the faction's building hexes and the state's links (an upgrade changes a building, not the network)."""
    f = g.factions[name]
    ts = g.townstate
    key = (name, id(ts), f.shipping_level, f.jump_range)
    hit = _NETWORKS.get(key)
    if hit is not None and hit[0] is ts:
        return hit[1]
    if len(_NETWORKS) > 4096:
        _NETWORKS.clear()
    # another town state with the same own buildings and links (an upgrade, a transform): the same networks
    own = (name, frozenset(h for h, (owner, _kind) in ts.buildings.items() if owner == name), id(ts.map),
           id(ts._links), id(ts._skip), f.shipping_level, f.jump_range)
    same = _NETWORKS.get(own)
    if same is not None and same[0] is ts.map and same[1] is ts._links and same[2] is ts._skip:
        size = same[3]
    else:
        size = g.network_size(name)
        _NETWORKS[own] = (ts.map, ts._links, ts._skip, size)
    _NETWORKS[key] = (ts, size)
    return size


def _projection(g, faction: str, networks: dict | None, f=None, network: int | None = None) -> tuple[int, int]:
    """(projected final VP, its resource part) of ``faction``: :func:`companion.terra_mystica.engine.score`'s
    rule (:func:`~companion.terra_mystica.scoring.final_scoring`'s parts: cult and network prizes by rank,
    resources converted), for this faction only, with the other factions' network sizes taken from
    ``networks`` when given (one faction's row never changes another's network, so a bot computes them once
    per decision). ``f`` and ``network``: the faction's state and network size to value instead of the
    game's (a move's sketch, :mod:`companion.terra_mystica.move_value`)."""
    seats = g.seats
    i = seats.index(faction)
    factions = g.factions
    if f is None:
        f = factions[faction]
    cults = tuple(f.cult if n == faction else factions[n].cult for n in seats)
    vp = _cult_vp(i, tuple(c["FIRE"] for c in cults), tuple(c["WATER"] for c in cults),
                  tuple(c["EARTH"] for c in cults), tuple(c["AIR"] for c in cults))
    if networks is None:
        nets = tuple(network if n == faction and network is not None else _network_size(g, n) for n in seats)
    else:
        nets = tuple(network if n == faction and network is not None else
                     networks[n] if n != faction and n in networks else _network_size(g, n) for n in seats)
    vp += _ranked(nets, _prizes()[1])[i]
    resource_vp = _resource_vp(f.name, f.coins, f.workers, f.priests, tuple(f.bowls))
    return f.vp + vp + resource_vp, resource_vp


_CULT_VP: dict = {}


def _cult_vp(seat: int, *tracks: tuple) -> int:
    """The cult prizes (by rank, :func:`_ranked`) of seat ``seat`` over the tracks' positions ``tracks``
    (one tuple of every seat's position per track, in :data:`~...engine.CULT_TRACKS` order), remembered."""
    key = (seat, tracks)
    hit = _CULT_VP.get(key)
    if hit is None:
        if len(_CULT_VP) > 65536:
            _CULT_VP.clear()
        prizes = _prizes()[0]
        hit = _CULT_VP[key] = sum(_ranked(values, prizes)[seat] for values in tracks)
    return hit


_RANKED: dict = {}
_RESOURCE_VP: dict = {}


@functools.cache
def _prizes() -> tuple[tuple, tuple]:
    """The final scoring's prizes by rank: (cult tracks, network), as tuples (RULES-NOTES section 5)."""
    final = load_tiles().final_scoring
    return tuple(final["cults"].points), tuple(final["network"].points)


def _ranked(values: tuple, prizes) -> list:
    """:func:`~companion.terra_mystica.scoring.rank_prizes`, remembered (a bot asks for the same ranks often)."""
    key = (values, prizes)
    hit = _RANKED.get(key)
    if hit is None:
        if len(_RANKED) > 65536:
            _RANKED.clear()
        hit = _RANKED[key] = rank_prizes(list(values), prizes)
    return hit


def _resource_vp(faction: str, coins: int, workers: int, priests: int, bowls: tuple) -> int:
    """:func:`~companion.terra_mystica.scoring.convert_resources`'s VP, remembered."""
    key = (faction, coins, workers, priests, bowls)
    hit = _RESOURCE_VP.get(key)
    if hit is None:
        if len(_RESOURCE_VP) > 65536:
            _RESOURCE_VP.clear()
        hit = _RESOURCE_VP[key] = resource_vp(faction, coins, workers, priests, bowls)
    return hit


def evaluate(g, faction: str, weights: Weights = Weights(), *, networks: dict | None = None,
             state: FactionState | None = None, network: int | None = None) -> float:
    """A greedy value of ``faction``'s position in engine game ``g`` (VP units).

    Projected final VP (:func:`companion.terra_mystica.engine.score`'s rule: VP so far plus cult, network
    and resource scoring if the game ended now, the resource part scaled down by the share of the game left)
    plus, weighted by the rounds left, the resources held (below what buildings make of them, so a bot
    builds rather than hoards), the income of one round (buildings, favour tiles, bonus tile: the engine's
    income rule), shipping / digging levels, building counts and the power tokens owned (``token`` per
    round left). No faction is named: a faction the engine accepts is valued by the same rule.

    Parameters
    ----------
    g : companion.terra_mystica.engine.Game
        The engine's game.
    faction : str
        Engine faction name.
    weights : Weights
        Unit values.
    networks : dict of str to int, optional
        Network sizes (buildings) of the other factions, if known.
    state : FactionState, optional
        ``faction``'s state to value in place of the game's (a move's sketch:
        :func:`companion.terra_mystica.move_value.sketch`); the other factions are the game's.
    network : int, optional
        ``faction``'s network size to use (with ``state``).

    Returns
    -------
    float
        Higher is better for ``faction``.
    """
    return Valuer(g, faction, weights, networks)(g.factions[faction] if state is None else state, network)


class Valuer:
    """:func:`evaluate`'s rule for one faction of one game, what does not depend on the faction's own state
    (the other factions' cult positions and networks, the rounds left) worked out once: a bot values many
    states of the same faction in one decision (:mod:`companion.terra_mystica.move_value`).

    Parameters
    ----------
    g : companion.terra_mystica.engine.Game
        Read only; its other factions are the ones compared with.
    faction : str
        Engine faction name.
    weights : Weights
    networks : dict of str to int, optional
        Network sizes of the other factions, if known.

    Examples
    --------
    >>> from companion.terra_mystica import engine
    >>> g = engine.new_game(["witches", "nomads"], round_tiles=["SCORE1", "SCORE2", "SCORE3", "SCORE4",
    ...                     "SCORE5", "SCORE6"], removed_bonus=["BON1", "BON2", "BON3", "BON4"])
    >>> Valuer(g, "witches")(g.factions["witches"]) == evaluate(g, "witches")
    True
    """

    def __init__(self, g, faction: str, weights: Weights = Weights(), networks: dict | None = None) -> None:
        self.g, self.faction, self.w = g, faction, weights
        self.over = g.phase == "over"
        seats = g.seats
        self.i = i = seats.index(faction)
        factions = g.factions
        others = [factions[n].cult for n in seats]
        self.cults = [(tuple(c[t] for c in others[:i]), tuple(c[t] for c in others[i + 1:]))
                      for t in ("FIRE", "WATER", "EARTH", "AIR")]
        nets = [networks[n] if networks is not None and n in networks and n != faction else None for n in seats]
        nets = [v if v is not None or n == faction else _network_size(g, n) for v, n in zip(nets, seats, strict=True)]
        self.nets = (tuple(nets[:i]), tuple(nets[i + 1:]))
        self.left = left = _rounds_of_income_left(g)
        self.share = left / ROUNDS
        self.tiers = _tiers(weights.tiers)
        self._own: int | None = None
        self._cult: dict = {}
        self._net: dict = {}
        self._held: dict = {}
        self._board: dict = {}

    def __call__(self, f: FactionState, network: int | None = None) -> float:
        """The value of ``f`` (the faction's state: the game's or a sketch) with network size ``network``
        (the game's network of the faction when None), VP units.

        The parts that depend on a few of ``f``'s numbers only are remembered for this valuer (the moves of
        one decision share most of them): the cult prizes by the four track positions, the network prize by
        the size, the resources' VP by the resources, the income and building terms by the buildings,
        favour tiles and bonus tile."""
        if self.over:
            return float(f.vp)
        c = f.cult
        key = (c["FIRE"], c["WATER"], c["EARTH"], c["AIR"])
        cult = self._cult.get(key)
        if cult is None:
            i, cults = self.i, self.cults
            cult = self._cult[key] = _cult_vp(i, *(before + (n,) + after for (before, after), n
                                                   in zip(cults, key, strict=True)))
        if network is None:
            if self._own is None:
                self._own = _network_size(self.g, self.faction)
            network = self._own
        net = self._net.get(network)
        if net is None:
            net = self._net[network] = _ranked(self.nets[0] + (network,) + self.nets[1], _prizes()[1])[self.i]
        bowls = f.bowls
        held_key = (f.coins, f.workers, f.priests, bowls)
        held = self._held.get(held_key)
        if held is None:
            w, share = self.w, self.share
            resource_vp = _resource_vp(f.name, f.coins, f.workers, f.priests, tuple(bowls))
            _, p2, p3 = bowls
            # the resources' end VP counts as the game closes (1 - share); what they buy, while it is open
            held = self._held[held_key] = (
                (1 - share) * resource_vp
                + share * (f.coins * w.coin + f.workers * w.worker + f.priests * w.priest + p2 * w.power2
                           + p3 * w.power3)
                + self.left * w.token * sum(bowls))
        board_key = (tuple(f.buildings.values()), tuple(f.favors), f.bonus)
        board = self._board.get(board_key)
        if board is None:
            w, tiers = self.w, self.tiers
            built = sum(n * tiers.get(kind, 1.0) for kind, n in f.buildings.items())
            board = self._board[board_key] = (self.left * w.income * _income_value(self.g, f)
                                              + self.share * built * w.building)
        w = self.w
        levels = f.shipping_level * w.shipping + f.digging_level * w.digging + \
            max(0, len(f.unlocked) - 1) * w.unlocked
        return f.vp + cult + net + held + board + self.share * levels


@functools.lru_cache(maxsize=16)
def _tiers(pairs: tuple) -> dict:
    return dict(pairs)


def home_hexes_in_reach(g, faction: str) -> int:
    """Empty land hexes of ``faction``'s home terrain that it reaches now without paying for the reach
    (a direct neighbour, a bridge or shipping: ``Game.reach(...) == "free"``): where it can build a dwelling
    with no spade.

    Parameters
    ----------
    g : companion.terra_mystica.engine.Game
        The engine's game, read only; ``faction`` (str) the engine faction name.

    Returns
    -------
    int
        A count of hexes.
    """
    f = g.factions[faction]
    occupied = g.townstate.buildings
    return sum(1 for h, colour in g.colour.items()
               if colour == f.home and h not in occupied and g.reach(f, h) == "free")


def _home_change_value(before, after, faction: str, w: Weights, reach_before: int | None = None) -> float:
    """The value :class:`LookaheadGreedyBot` adds to an action that changed ``faction``'s home terrain: the capped count
    of empty home-terrain hexes in reach after it, minus before it (``reach_before`` when already counted),
    at ``home_hex`` VP each, scaled by the share of the game left (module docstring)."""
    cap = w.home_hex_cap
    if reach_before is None:
        reach_before = home_hexes_in_reach(before, faction)
    gained = min(home_hexes_in_reach(after, faction), cap) - min(reach_before, cap)
    return gained * w.home_hex * _rounds_of_income_left(after) / ROUNDS


class LookaheadGreedyBot:
    """The legal action whose resulting position :func:`evaluate` values most (one row of look-ahead).

    Every action of :func:`~companion.terra_mystica.game.legal_actions` is applied and valued (``build HEX``
    on another terrain terraforms it first, so transform-and-build is one listed action); an action that
    changes the home terrain is valued by the home-terrain hexes it brings in reach too
    (:func:`home_hexes_in_reach`; the term is left out for the other actions, where only a build takes one
    such hex, already valued as a building). Faction picks (no game to value yet) are random.
    """

    name = "greedy"

    def __init__(self, weights: Weights | None = None) -> None:
        self.weights = weights or Weights()

    def choose(self, state: Any, rng: random.Random, seat: int | None = None) -> Any:
        """The best action for the seat to act (ties broken by ``rng``).

        Raises
        ------
        CompanionError
            When nothing is legal (a terminal state).
        """
        if game.current_player(state) == game.CHANCE:
            return game.sample_chance(state, rng)
        actions = game.legal_actions(state)
        if not actions:
            raise CompanionError(_("greedy bot: no legal action (is the game over?)"))
        if state.game is None or not isinstance(actions[0], game.Action):
            return rng.choice(actions)
        g = state.game
        networks = {n: _network_size(g, n) for n in g.seats} if g.phase != "over" else None
        faction = actions[0].faction
        home = g.factions[faction].home
        reach_before = None   # home-terrain hexes in reach now: counted once, when an action changes the home
        rows = [(a.text, None) for a in actions]
        rows += [(text, (made, after)) for text, _cand, made, after in
                 _priced(g, faction, [a.text for a in actions], 8) if made]
        rates = _rates(g.factions[faction]) if len(rows) > len(actions) else {}
        conversions: dict = {}   # a conversion prefix -> the faction after it alone (None: refused)
        best: list = []
        best_value = float("-inf")
        valued: dict = {}   # a value (or _REFUSED) by the rows' common form: rows that differ only in hexes or colours
        for text, priced in rows:
            # legal rows alike but for the hexes and colours they transform (_recoloured); conversion rows
            # priced by one application (_priced gives alike moves one): one value each
            alike = _recoloured(g, faction, text) if priced is None else id(priced[1])
            if alike is not None and alike in valued:
                value = valued[alike]
                if value is _REFUSED:
                    continue
                if value > best_value + 1e-9:
                    best, best_value = [text], value
                elif abs(value - best_value) <= 1e-9:
                    best.append(text)
                continue
            # the engine's game after the row (what game.apply_action makes, without the protocol's state)
            after = _converted(g, faction, text, *priced, rates, conversions) if priced is not None else None
            if after is None:
                if priced is not None:
                    alike = None   # not told from the rich game: every such row is applied
                try:
                    after = engine.apply_action(g, faction, text)
                except (IllegalActionError, RecordError):
                    continue  # a conversion row whose cost was measured but not checked (legal moves are accepted)
            elif after is _REFUSED:
                valued[alike] = _REFUSED
                continue
            value = evaluate(after, faction, self.weights, networks=networks)
            if after.factions[faction].home != home:
                if reach_before is None:
                    reach_before = home_hexes_in_reach(g, faction)
                value += _home_change_value(g, after, faction, self.weights, reach_before)
            elif alike is not None:
                valued[alike] = value
            if value > best_value + 1e-9:
                best, best_value = [text], value
            elif abs(value - best_value) <= 1e-9:
                best.append(text)
        if not best:
            return rng.choice(actions)
        return game.Action.parse(faction, rng.choice(best))


def exact_values(g, faction: str, rows: Sequence[str], weights: Weights, networks: dict | None) -> list[str]:
    """The rows of ``rows`` after which :func:`evaluate` values ``faction``'s position most (each applied to
    the game; a row the engine refuses is skipped), with the home-terrain term of an action that changes the
    home terrain (:func:`_home_change_value`).

    Parameters
    ----------
    g : companion.terra_mystica.engine.Game
        Read only.
    faction : str
        Engine faction name.
    rows : sequence of str
        Rows to try.
    weights : Weights
    networks : dict of str to int or None
        Every faction's network size now (a row never changes another faction's network).

    Returns
    -------
    list of str
        The best rows (several when tied); empty when the engine refuses all.
    """
    home = g.factions[faction].home
    reach_before = None
    best: list = []
    best_value = float("-inf")
    for text in rows:
        try:
            after = engine.apply_action(g, faction, text)
        except (IllegalActionError, RecordError):
            continue
        value = evaluate(after, faction, weights, networks=networks)
        if after.factions[faction].home != home:
            if reach_before is None:
                reach_before = home_hexes_in_reach(g, faction)
            value += _home_change_value(g, after, faction, weights, reach_before)
        if value > best_value + 1e-9:
            best, best_value = [text], value
        elif abs(value - best_value) <= 1e-9:
            best.append(text)
    return best


_HEXLESS = frozenset({"dig", "action", "lose"})
"""Sub-commands a row of transforms may hold besides them (:func:`_recoloured`): ``dig N``, an action such
as ACT5, declines (``-SPADE``)."""


@functools.lru_cache(maxsize=65536)
def _commands(text: str) -> tuple:
    """:func:`companion.terra_mystica.engine.parse_commands` of a row, remembered by its text (listed rows
    recur from one decision to the next)."""
    return tuple(engine.parse_commands(text))


def _recoloured(g, faction: str, text: str) -> tuple | None:
    """The form of row ``text`` that :func:`evaluate` cannot tell apart, for a row of transforms only
    (with ``dig N``, an action such as ACT5 and declines; no build): the row with each ``transform HEX [to
    COLOUR]`` written without hex and colour, and for each such transform the spades it takes (and its hex,
    for a faction that tunnels or flies: reaching a hex may cost); None for any other row.
    Two rows of one form differ only in which hexes they leave in which colour, which the value does not
    read (no building, network, resource or VP depends on it: spade VP and abilities count spades), so the
    second is valued as the first (:class:`LookaheadGreedyBot`). A faction whose transforms price the hex itself
    (volcanoes: power tokens or cult steps by the hex's colour) is left out."""
    if "transform" not in text or "build" in text:
        return None
    f = g.factions[faction]
    if f.data.terraform_mode == "volcano":
        return None
    jumps = bool(f.data.teleport)
    shape, spent = [], []
    for cmd in _commands(text):
        if cmd.verb != "transform":
            if cmd.verb not in _HEXLESS:
                return None
            shape.append(cmd.text)
            continue
        h, colour = cmd.args
        frm = g.colour.get(h)
        if frm is None:
            return None
        try:
            spades = g.spades_needed(f, frm, colour or f.home)
        except IllegalActionError:
            return None
        shape.append("transform")
        spent.append((spades, h if jumps else None, colour is None))
    return tuple(shape), tuple(spent)


_REFUSED = object()
"""What :func:`_converted` returns for a row the engine refuses."""


def _converted(g, faction: str, text: str, made: Counter, rich_after, rates: dict, conversions: dict):
    """The game after conversion row ``text`` (conversions ``made``, then a move) from the move's
    application to the rich game (:func:`_priced`), without applying the row: :data:`_REFUSED` when the
    engine refuses it, None when it cannot tell (the caller applies the row).

    Told when the move only pays (coins, workers, priests and bowl-III power down, no power gained:
    ``_Measured.gained``), and the conversions alone (applied once per decision for each prefix,
    kept in ``conversions``) leave the faction's obligations, VP and cults as they were: then the row ends
    with the conversions' resources minus what the move paid, refused exactly when one falls below zero
    (every payment only lowers them)."""
    moved = rich_after.factions[faction]
    start = g.factions[faction]
    b0 = start.bowls
    b1 = moved.bowls
    spent = b0.iii + _PLENTY - b1.iii
    paid_c = start.coins + _PLENTY - moved.coins
    paid_w = start.workers + _PLENTY - moved.workers
    paid_p = start.priests + _PLENTY - moved.priests
    if moved.gained or b1.i != b0.i + spent or b1.ii != b0.ii or min(spent, paid_c, paid_w, paid_p) < 0:
        return None
    prefix = _prefix(made, rates)
    if prefix not in conversions:
        try:
            conversions[prefix] = engine.apply_action(g, faction, prefix).factions[faction]
        except (IllegalActionError, RecordError):
            conversions[prefix] = None
    conv = conversions[prefix]
    if conv is None or conv.owed != start.owed or conv.vp != start.vp or conv.cult != start.cult:
        return None
    coins, workers, priests = conv.coins - paid_c, conv.workers - paid_w, conv.priests - paid_p
    iii = conv.bowls.iii - spent
    if min(coins, workers, priests, iii) < 0:
        return _REFUSED
    moved.coins, moved.workers, moved.priests = coins, workers, priests
    moved.max_priests -= _PLENTY
    moved.bowls = type(b1)(conv.bowls.i + spent, conv.bowls.ii, iii)
    return rich_after


_SHORTFALL = ("not_enough_c", "not_enough_w", "not_enough_p", "not_enough_pw")
_ORDER = ("burn", "PW>P", "PW>W", "PW>C", "P>W", "W>C")
_KINDS = {"PW>P": ("PW", "P"), "PW>W": ("PW", "W"), "PW>C": ("PW", "C"), "P>W": ("P", "W"), "W>C": ("W", "C")}


def _rates(f) -> dict:
    """``kind -> (amount given, amount got)`` for the faction: the engine's exchange rates (rulebook table,
    the faction board's own rates first), one place for them (:data:`...engine.state.BASE_CONVERSIONS`)."""
    out = {}
    for kind, (frm, to) in _KINDS.items():
        rate = f.data.exchange_rates.get(frm, {}).get(to, BASE_CONVERSIONS.get((frm, to)))
        if rate:
            out[kind] = (rate, frm, to)
    return out


def _step(f, code: str, made, rates: dict) -> str | None:
    """One conversion towards the resource ``code`` lacks, given conversions ``made`` so far, or None."""
    i, ii, iii = f.bowls
    iii_left = iii + made["burn"] - sum(rates[k][0] * made[k] for k in ("PW>P", "PW>W", "PW>C") if k in rates)
    ii_left = ii - 2 * made["burn"]
    p_left = f.priests - made["P>W"] + made["PW>P"]
    w_left = f.workers - made["W>C"] + made["P>W"] + made["PW>W"]
    if code == "not_enough_pw":
        options = ["burn"]
    elif code == "not_enough_p":
        options = ["PW>P", "burn"]
    elif code == "not_enough_w":
        options = ["P>W", "PW>W", "burn"]
    else:
        options = ["PW>C", "W>C", "burn"]
    for kind in options:
        if kind == "burn" and ii_left >= 2:
            return kind
        if kind in rates:
            n, frm, _to = rates[kind]
            have = {"PW": iii_left, "P": p_left, "W": w_left}[frm]
            if have >= n:
                return kind
    return None


def _prefix(made, rates: dict) -> str:
    parts = []
    for kind in _ORDER:
        k = made[kind]
        if not k:
            continue
        if kind == "burn":
            parts.append(f"burn {k}")
        else:
            n, frm, to = rates[kind]
            parts.append(f"convert {n * k}{frm} to {k}{to}")
    return ". ".join(parts)


def _convertible(f, rates: dict) -> dict:
    """The most of each resource conversions could give at once (each judged alone): which moves are
    worth trying with conversions in front."""
    i, ii, iii = f.bowls
    pw = iii + ii // 2
    w_from_p = f.priests if "P>W" in rates else 0
    return {"C": f.coins + f.workers + w_from_p + (pw if "PW>C" in rates else 0),
            "W": f.workers + w_from_p + (pw // 3 if "PW>W" in rates else 0),
            "P": f.priests + (pw // 5 if "PW>P" in rates else 0),
            "PW": pw, "VP": f.vp, "PW_TOKEN": sum(f.bowls)}


_PLENTY = 100
_CODES = (("P", "not_enough_p"), ("W", "not_enough_w"), ("PW", "not_enough_pw"), ("C", "not_enough_c"))


def _cost(rich, faction: str, text: str) -> tuple[dict, Any] | tuple[None, None]:
    """What row ``text`` spends of coins, workers, priests and bowl-III power, and the game after it:
    measured by applying it to ``rich`` (the game with plenty of each for ``faction``, :func:`_rich`);
    (None, None) if refused for another reason."""
    try:
        after = engine.apply_action(rich, faction, text)
    except (IllegalActionError, RecordError):
        return None, None
    before, f = rich.factions[faction], after.factions[faction]
    return {"C": max(0, before.coins - f.coins), "W": max(0, before.workers - f.workers),
            "P": max(0, before.priests - f.priests), "PW": max(0, before.bowls.iii - f.bowls.iii)}, after


def _rich(g, faction: str):
    """A copy of ``g`` where ``faction`` holds :data:`_PLENTY` more coins, workers, priests (and priest room)
    and bowl-III power, its faction state a :class:`_Measured` (notes gains)."""
    rich = g.copy()
    rf = rich.factions[faction] = _Measured.of(rich.factions[faction])
    rf.coins, rf.workers, rf.priests = rf.coins + _PLENTY, rf.workers + _PLENTY, rf.priests + _PLENTY
    rf.max_priests += _PLENTY
    rf.bowls = type(rf.bowls)(rf.bowls.i, rf.bowls.ii, rf.bowls.iii + _PLENTY)
    rf.gained = False
    return rich


class _Measured(FactionState):
    """A faction state that notes whether it gained anything (``gained``: coins, workers or priests up, or
    power gained), its copies included. A move's net change hides a gain that pays back part of its cost
    (a town tile's coins after an upgrade), and a power gain can leave the bowls as a pure spend would
    (bowls I and II empty), so only this tells (:func:`_converted`)."""

    @classmethod
    def of(cls, f: FactionState) -> _Measured:
        new = f.copy()
        new.__class__ = cls
        return new

    def copy(self) -> _Measured:
        new = super().copy()
        new.__class__ = type(self)
        return new

    def __setattr__(self, name: str, value: Any) -> None:
        if name in _GAINS and value > getattr(self, name):
            object.__setattr__(self, "gained", True)
        object.__setattr__(self, name, value)

    def gain_power(self, n: int) -> int:
        object.__setattr__(self, "gained", True)
        return super().gain_power(n)


_GAINS = frozenset({"coins", "workers", "priests"})


def _after(f, made, rates: dict) -> dict:
    """The faction's coins, workers, priests and bowl-III power after the conversions ``made``."""
    _i, _ii, iii = f.bowls
    pw = iii + made["burn"] - sum(rates[k][0] * made[k] for k in ("PW>P", "PW>W", "PW>C") if k in rates)
    return {"C": f.coins + made["PW>C"] + made["W>C"], "W": f.workers - made["W>C"] + made["P>W"] + made["PW>W"],
            "P": f.priests - made["P>W"] + made["PW>P"], "PW": pw}


def conversion_rows(g, faction: str, legal: Sequence[str] = (), *, max_steps: int = 8,
                    checked: bool = True) -> list[str]:
    """Turn rows that conversions make affordable: ``"burn 1. convert 3PW to 1W. upgrade E7 to TP"``.

    On ``faction``'s turn in the action phase, every complete move
    (:func:`companion.terra_mystica.engine.moves.turn_moves`) that is affordable with what conversions could
    give but not in ``legal`` is tried with conversions in front of it (exchange rates: burn power; 5 / 3 /
    1 power to a priest / worker / coin; priest to worker; worker to coin; a faction board's own rates),
    one at a time until the engine accepts the row or nothing is left to convert.

    Parameters
    ----------
    g : companion.terra_mystica.engine.Game
    faction : str
    legal : sequence of str
        Rows already legal without conversion (skipped).
    max_steps : int
        Most single conversions in front of one action.
    checked : bool
        Apply each row once more to be sure the engine accepts it (and add conversions it still asks for);
        False for a caller that applies the rows anyway and skips the refused ones (:class:`LookaheadGreedyBot`).

    Returns
    -------
    list of str
        Rows the engine accepts (each a conversion prefix and one complete move); with ``checked=False``
        rows whose measured cost the conversions cover.
    """
    out = []
    for text, cand, made, _rich_after in _priced(g, faction, legal, max_steps):
        if not checked:
            if made:
                out.append(text)
            continue
        f = g.factions[faction]
        rates = _rates(f)
        for _k in range(max_steps + 1):
            try:
                engine.apply_action(g, faction, text)
            except IllegalActionError as exc:
                if exc.code not in _SHORTFALL:
                    break
                kind = _step(f, exc.code, made, rates)
                if kind is None:
                    break
                made[kind] += 1
                text = f"{_prefix(made, rates)}. {cand}"
                continue
            except RecordError:
                break
            if made:
                out.append(text)
            break
    return out


def _priced(g, faction: str, legal: Sequence[str], max_steps: int):
    """The rows of :func:`conversion_rows` before the check: ``(row, move, conversions made, the rich game
    after the move)`` for every move of the turn (:func:`~...engine.moves.turn_moves`) not in ``legal``
    that the rich game (:func:`_rich`) accepts, with the conversions its measured cost asks for (``row``
    is the move alone when it asks for none)."""
    if g.phase != "actions" or g.expected_turn() != faction or engine.awaited(g)[:1] != [faction]:
        return
    f = g.factions[faction]
    rates = _rates(f)
    skip = set(legal) or set(turn_moves(g, faction))
    rich = _rich(g, faction)
    priced: dict = {}   # moves alike but for hexes and colours (_recoloured) cost the same: measured once
    plans: dict = {}    # a measured cost -> the conversions it asks for (they depend on nothing else)
    for cand in turn_moves(g, faction, _convertible(f, rates)):
        if cand in skip:
            continue
        alike = _recoloured(g, faction, cand)
        if alike is None or alike not in priced:
            need, after = _cost(rich, faction, cand)
            if alike is not None:
                priced[alike] = need, after
        else:
            need, after = priced[alike]
        if need is None:
            continue
        cost = (need["C"], need["W"], need["P"], need["PW"])
        plan = plans.get(cost)
        if plan is None:
            made: Counter = Counter()
            for _k in range(max_steps):  # conversions for the measured cost, then the engine's word
                have = _after(f, made, rates)
                code = next((c for res, c in _CODES if need[res] > have[res]), None)
                if code is None:
                    break
                kind = _step(f, code, made, rates)
                if kind is None:
                    break
                made[kind] += 1
            plan = plans[cost] = made, _prefix(made, rates)
        made, prefix = plan
        # a Counter of its own: conversion_rows adds the conversions the engine still asks for
        yield (f"{prefix}. {cand}" if made else cand), cand, Counter(made), after


def make_bot(name: str) -> Any:
    """A bot by name (:data:`BOTS`: ``random``, ``greedy``, ``search``) with ``choose(state, rng, seat)``.

    Raises
    ------
    CompanionError
        For an unknown name (the known ones listed).
    """
    if name == "random":
        return RandomBot()
    if name == "greedy":
        return GreedyBot()
    if name == "search":   # greedy playouts (companion.terra_mystica.search, issue 20)
        from companion.terra_mystica.search import SearchBot

        return SearchBot()
    raise CompanionError(_("unknown bot {name!r}; expected one of {bots}").format(name=name, bots=', '.join(BOTS)))


GreedyBot = LookaheadGreedyBot
"""The greedy bot ``make_bot("greedy")`` plays (the one-row look-ahead; the move-content bot,
:class:`companion.terra_mystica.move_value.ValueGreedyBot`, is not yet measured over 200 games)."""


GAME_GC_THRESHOLD = 20000
"""Container allocations between two young-generation collections of Python's cyclic garbage collector
while :func:`play_game` runs (Python's default: 700). A bot tries thousands of rows a game, each a copy of
the game (short-lived, freed by reference counting), so at the default the collector ran ~100 times a game
and, every ~10th time, walked every object of the process (rules data, maps, caches): ~15 % of a greedy
game's CPU. The games' own values hold no reference cycles to collect."""


@contextlib.contextmanager
def _fewer_collections():
    """Raise the collector's first threshold to :data:`GAME_GC_THRESHOLD` (never lower it) for the block,
    and put the process's thresholds back after it."""
    thresholds = gc.get_threshold()
    gc.set_threshold(max(thresholds[0], GAME_GC_THRESHOLD), *thresholds[1:])
    try:
        yield
    finally:
        gc.set_threshold(*thresholds)


def play_game(state: Any, bots: Sequence[Any], rng: random.Random, *, max_actions: int = 20000) -> list:
    """Play ``state`` to the end: chance draws from ``rng``, every decision by the seat's bot.

    Parameters
    ----------
    state : GameState
        A new game (:func:`companion.terra_mystica.game.new_game`).
    bots : sequence
        One bot per seat (``choose(state, rng, seat)``).
    rng : random.Random
        Chance and the bots' randomness.
    max_actions : int
        Safety stop.

    Returns
    -------
    list of GameState
        ``[first, last]`` (every state carries its history; what ``write_record`` reads).

    Raises
    ------
    CompanionError
        If the game does not end within ``max_actions`` actions, or the seat count and bots differ.
    """
    if len(bots) != state.seats:
        raise CompanionError(_("{seats} seats but {n_bots} bots").format(seats=state.seats, n_bots=len(bots)))
    first = state
    with _fewer_collections():
        for _turn in range(max_actions):
            if game.is_terminal(state):
                return [first, state]
            seat = game.current_player(state)
            if seat == game.CHANCE:
                action = game.sample_chance(state, rng)
            else:
                action = bots[seat].choose(state, rng, seat)
            state = game.apply_action(state, action)
    raise CompanionError(_("game not over after {max_actions} actions").format(max_actions=max_actions))

