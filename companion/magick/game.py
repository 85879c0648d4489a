"""Merchants of Magick through the common game protocol (:mod:`companion.protocol`).

A thin adapter over :mod:`companion.magick.engine` and :mod:`companion.magick.record`. The engine's
:class:`~companion.magick.engine.GameState` is the state (it already carries its setup and history).

- **Chance**: the shared roll (every combination of the sheet's dice is an outcome) and each order
  turned face up (the orders left in the state's deck; at a real table any order may be typed in).
- **Seats**: the crafting and research phase is simultaneous in the rules; :func:`current_player` names
  the first seat in seat order that has not ended its turn, and :func:`legal_actions` are that seat's.
  The engine still accepts any other unfinished seat's action (hot-seat order is free).
- **Setup**: adventurers and mastery cards are drawn at :func:`new_game` from ``random.Random(seed)``
  (or given as options), as is the generated order deck, which the record stores in its header.

Examples
--------
>>> from companion.magick import game
>>> s = game.new_game(2, seed=3)
>>> game.current_player(s) == game.CHANCE, s.phase
(True, 'reveal')
"""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Sequence
from typing import Any

from companion.errors import CompanionError, IllegalActionError, RecordError
from companion.i18n import _, lazy_gettext, ngettext
from companion.magick import bots as magick_bots
from companion.magick import engine
from companion.magick import record as magick_record
from companion.magick.engine import Action, EndTurn, FreeCircle, GameState, Place, RevealOrder, RollDice
from companion.magick.scoring import PARTS
from companion.magick.sheet import circle_label
from companion.protocol import CHANCE, PlayerScore, ScoreSheet

__all__ = ["NAME", "TITLE", "CHANCE", "new_game", "current_player", "legal_actions", "apply_action",
           "is_terminal", "score", "read_record", "write_record", "replay", "record_header", "record_line",
           "action_text", "describe_action", "parse_action", "seat_names", "sample_chance", "BOTS", "make_bot", "active_players",
           "actor", "reveal_seat", "free_circles", "regular_dice_left", "mastery_status"]

NAME = "magick"
TITLE = lazy_gettext("Merchants of Magick")
TIE_RULE = lazy_gettext("players with the same highest gold all win; there is no tie-breaker (rules summary V.7, V.8)")


def new_game(players: int | Sequence[str] = 3, *, seed: int | None = None, generated_deck: bool = True,
             **options: Any) -> GameState:
    """A game in its setup (the opening orders wait as chance reveals).

    Parameters
    ----------
    players : int or sequence of str
        1..8 seats, or the player names in seat order.
    seed : int or None
        Seeds the draw of adventurers, mastery cards and the generated order deck
        (``random.Random(seed)``; None: an unseeded generator).
    generated_deck : bool
        True: orders come from the engine's generated deck (NOT the printed deck). False: the deck is
        empty and each revealed order is typed in (a chance action carrying the order).
    **options
        Passed to :func:`companion.magick.engine.new_game`: ``adventurers``, ``mastery``, ``sheet``,
        ``cards``, ``deck``, ``starting_potions``, ``orders_per_player``.

    Raises
    ------
    IllegalActionError
        ``bad_setup`` naming the parameter.
    """
    known = {"adventurers", "mastery", "sheet", "cards", "deck", "starting_potions", "orders_per_player"}
    unknown = set(options) - known
    if unknown:
        raise IllegalActionError("bad_setup", _("unknown Merchants of Magick option {option!r}; expected one of {known}")
                                 .format(option=sorted(unknown)[0], known=_(", ").join(sorted(known))),
                                 rule=engine.R_SETUP)
    if not generated_deck and options.get("deck") is None:
        options["deck"] = ()
    names = players if isinstance(players, int) else list(players)
    return engine.new_game(names, rng=random.Random(seed), **options)


def current_player(state: GameState) -> int:
    """:data:`CHANCE` while a roll or an order reveal is due, else the first seat still to act."""
    if engine.is_chance(state):
        return CHANCE
    for i, p in enumerate(state.players):
        if not p.done:
            return i
    return CHANCE


def active_players(state: GameState) -> list[int]:
    """Seats that may act now: every seat that has not ended its turn in the crafting and research phase
    (they act simultaneously, rules summary III), none while chance is due or after the end."""
    if state.phase != "craft":
        return []
    return [i for i, p in enumerate(state.players) if not p.done]


def actor(state: GameState, action: Action) -> int:
    """The seat making ``action``: its ``player`` for a player action, :data:`CHANCE` for a roll or reveal."""
    if isinstance(action, RollDice | RevealOrder):
        return CHANCE
    return getattr(action, "player", current_player(state))


def reveal_seat(state: GameState) -> int | None:
    """The seat whose leftmost face-down order is turned up next (None when no reveal is due)."""
    if state.phase != "reveal":
        return None
    return next(i for i, p in enumerate(state.players) if p.face_down)


def free_circles(state: GameState, seat: int) -> set[str]:
    """Circles ``seat`` filled with the adventurer's free circle (from the history of actions)."""
    return {a.circle for a in state.history if isinstance(a, FreeCircle) and a.player == seat}


def regular_dice_left(state: GameState, seat: int) -> int:
    """Regular dice ``seat`` may still use this round (more dice use the extra-dice track, IV.7)."""
    return max(0, state.sheet.dice_per_round - len(state.players[seat].used_dice))


def mastery_status(state: GameState) -> list[dict[str, Any]]:
    """Each mastery card in play: ``card`` (MasteryCard), ``apprentice`` (flipped), ``circles`` needed now,
    ``gold`` it pays now, ``claimed_by`` (names), from the cards data (rules summary III.6, IV.6)."""
    cards = state.cards
    out = []
    for card_id in state.mastery_cards:
        card = cards.mastery_card(card_id)
        apprentice = card_id in state.flipped
        out.append({"card": card, "apprentice": apprentice,
                    "circles": card.apprentice_circles if apprentice else card.master_circles,
                    "gold": cards.mastery_gold_later if apprentice else cards.mastery_gold_first,
                    "claimed_by": [p.name for p in state.players if any(c == card_id for c, _ in p.mastery)]})
    return out


def _rolls(state: GameState) -> list[RollDice]:
    dice = list(state.sheet.dice.items())
    return [RollDice(tuple(zip((d for d, _ in dice), values, strict=True)))
            for values in itertools.product(*(range(1, faces + 1) for _, faces in dice))]


def legal_actions(state: GameState) -> list[Action]:
    """The seat to act's placements, free circles and end of turn; or the chance outcomes.

    Chance outcomes: every roll of the sheet's dice (6 x 8 x 10 x 12 = 5760 on the reference sheet), or
    each order left in the deck for the next face-down slot (the empty deck: one reveal of None).
    """
    if state.over:
        return []
    if state.phase == "roll":
        return _rolls(state)
    if state.phase == "reveal":
        player = next(i for i, p in enumerate(state.players) if p.face_down)
        if not state.deck:
            return [RevealOrder(player, None)]
        seen: dict[str, RevealOrder] = {}
        for o in state.deck:
            seen.setdefault(o.id, RevealOrder(player, o))
        return list(seen.values())
    seat = current_player(state)
    return engine.legal_actions(state, seat) if seat != CHANCE else []


def apply_action(state: GameState, action: Action) -> GameState:
    """The state after ``action`` (:func:`companion.magick.engine.apply_action`).

    Raises
    ------
    IllegalActionError
        With the engine's stable code.
    """
    return engine.apply_action(state, action)


def is_terminal(state: GameState) -> bool:
    """True after the 10th round's mastery phase."""
    return state.over


def sample_chance(state: GameState, rng: random.Random) -> Action:
    """A random roll, or the deck's top order (the deck was shuffled at setup)."""
    return engine.chance_action(state, rng)


def score(state: GameState) -> ScoreSheet:
    """Gold per part (crafting, research, orders, adventurer, mastery, charms); ties shared."""
    gold = engine.score(state)
    players = [PlayerScore(g.name, {part: getattr(g, part) for part in PARTS}, g.total) for g in gold]
    return ScoreSheet(players, engine.winners(state), str(TIE_RULE), "gold")


def seat_names(state: GameState) -> list[str]:
    """Player names by seat."""
    return [p.name for p in state.players]


def read_record(text: str) -> magick_record.GameRecord:
    """Parse a JSON-lines record (:func:`companion.magick.record.read_record`).

    Raises
    ------
    RecordError
        Naming the line.
    """
    return magick_record.read_record(text)


def replay(record: magick_record.GameRecord | str) -> list[GameState]:
    """Every state from the setup on (:func:`companion.magick.record.replay_states`).

    Raises
    ------
    RecordError
        Naming the line of the first illegal action.
    """
    return magick_record.replay_states(record)


def record_header(state: GameState) -> str:
    """The JSON header line of a game starting at ``state`` (its deck included)."""
    return magick_record.record_header(state, state.deck)


def record_line(state: GameState, action: Action) -> str:
    """The JSON line of ``action``."""
    del state
    return json.dumps(engine.action_to_dict(action), ensure_ascii=False)


def write_record(states: Sequence[GameState]) -> str:
    """The record of the game from ``states[0]`` (its deck is stored) to ``states[-1]``.

    Raises
    ------
    RecordError
        If the first state is not a new game's.
    """
    if states[0].history:
        raise RecordError(_("write_record: the first state must be a new game's"))
    return magick_record.write_record(states[-1], states[0].deck)


def action_text(state: GameState, action: Action) -> str:
    """Short text: ``Ann: d8 on ring.1 +1``, ``Ann: free ring.2``, ``Ann: end``, ``roll d6=3 d8=5 ...``,
    ``reveal Bob: Everlasting Ring (7 gold)``."""
    if isinstance(action, RollDice):
        return "roll " + " ".join(f"{d}={v}" for d, v in action.values)
    if isinstance(action, RevealOrder):
        who = state.players[action.player].name
        what = "none (deck empty)" if action.order is None else \
            f"{action.order.name_on(state.sheet)} ({action.order.gold} gold)"
        return f"reveal {who}: {what}"
    who = state.players[action.player].name
    if isinstance(action, Place):
        adjust = f" {action.adjust:+d}" if action.adjust else ""
        return f"{who}: {action.die} on {action.circle}{adjust}"
    if isinstance(action, FreeCircle):
        return f"{who}: free {action.circle}"
    return f"{who}: end"


def describe_action(state: GameState, action: Action) -> str:
    """An action in words for a player, in the reader's language (:func:`action_text` is the notation typed
    in and kept in records, the same in every language).

    Parameters
    ----------
    state : GameState
        The state the action is applied to (its roll gives a die's value).
    action : Action
        Any action of the game.

    Returns
    -------
    str
        E.g. ``"d8 (5 -> 6, 1 potion) on Ring, circle 1"``, ``"free circle on Ring, circle 2"``,
        ``"end the turn"``; a roll or a reveal as in :func:`action_text`, in words.

    Examples
    --------
    >>> s = new_game(2, seed=3)
    >>> describe_action(s, EndTurn(0))
    'end the turn'
    """
    if isinstance(action, RollDice):
        return _("roll: {dice}").format(dice=_(", ").join(f"{d} {v}" for d, v in action.values))
    if isinstance(action, RevealOrder):
        who = state.players[action.player].name
        if action.order is None:
            return _("reveal for {name}: none, the deck is empty").format(name=who)
        return _("reveal for {name}: {order} ({gold} gold)").format(
            name=who, order=action.order.name_on(state.sheet), gold=action.order.gold)
    if isinstance(action, FreeCircle):
        return _("free circle on {circle}").format(circle=circle_label(state.sheet, action.circle))
    if isinstance(action, EndTurn):
        return _("end the turn")
    value = state.roll[action.die] if state.roll is not None and action.die in state.roll.dice else None
    circle = circle_label(state.sheet, action.circle) if state.sheet.has_circle(action.circle) else action.circle
    if value is None:
        return _("{die} on {circle}").format(die=action.die, circle=circle)
    if not action.adjust:
        return _("{die} ({value}) on {circle}").format(die=action.die, value=value, circle=circle)
    spent = ngettext("{n} potion", "{n} potions", abs(action.adjust)).format(n=abs(action.adjust))
    return _("{die} ({value} -> {new}, {potion_text}) on {circle}").format(
        die=action.die, value=value, new=value + action.adjust, potion_text=spent, circle=circle)


def parse_action(state: GameState, text: str) -> Action:
    """Read ``d8 on ring.1 +1``, ``free ring.2``, ``end`` (for the seat to act, or ``NAME: ...``) or
    ``roll d6=3 d8=5 d10=2 d12=11``.

    Raises
    ------
    RecordError
        For text that is none of these.
    """
    body = text.strip()
    seat = current_player(state)
    names = seat_names(state)
    if ":" in body:
        who, body = (x.strip() for x in body.split(":", 1))
        if who not in names:
            raise RecordError(_("{text!r}: no player {who!r}; expected one of {names}")
                              .format(text=text, who=who, names=_(", ").join(names)))
        seat = names.index(who)
    words = body.split()
    try:
        if words and words[0] == "roll":
            values = dict(w.split("=", 1) for w in words[1:])
            return RollDice(tuple((d, int(v)) for d, v in values.items()))
        if seat == CHANCE:
            raise RecordError(_("{text!r}: a roll or an order reveal is due, not the action of a player")
                                  .format(text=text))
        if words == ["end"]:
            return EndTurn(seat)
        if len(words) == 2 and words[0] == "free":
            return FreeCircle(seat, words[1])
        if len(words) in (3, 4) and words[1] == "on":
            return Place(seat, words[0], words[2], int(words[3]) if len(words) == 4 else 0)
    except (ValueError, CompanionError) as exc:
        raise RecordError(_("cannot read {text!r}: {reason}").format(text=text, reason=exc)) from None
    raise RecordError(_("cannot read {text!r}; expected 'DIE on CIRCLE [+N]', 'free CIRCLE', 'end' or "
                        "'roll d6=N d8=N ...'").format(text=text))


# --------------------------------------------------------------------------------------------- bots

BOTS = ("greedy", "random", "search")
"""Bot names for :func:`make_bot` (:mod:`companion.magick.bots`; ``search``: :mod:`companion.magick.search`)."""


class _EngineBot:
    """A :mod:`companion.magick.bots` bot choosing for the seat to act on the protocol state."""

    def __init__(self, name: str) -> None:
        if name not in BOTS:
            raise CompanionError(_("unknown bot {name!r}; expected one of {known}").format(name=name, known=_(", ").join(BOTS)))
        self.name = name

    def choose(self, state: GameState, rng: random.Random, seat: int | None = None) -> Action:
        """The bot's Place, FreeCircle or EndTurn for ``seat`` (default: the seat to act)."""
        seat = current_player(state) if seat is None else seat
        if self.name == "search":
            from companion.magick.search import SearchBot

            # seeded from the table's generator, so a seeded game is repeatable
            return SearchBot(seed=rng.randrange(2**32)).choose(state, seat)
        bot = magick_bots.GreedyBot() if self.name == "greedy" else magick_bots.RandomBot(rng)
        return bot.choose(state, seat)


def make_bot(name: str) -> _EngineBot:
    """A bot by name (``greedy``: the odds helper's best placement; ``random``; ``search``: Monte Carlo
    playouts, :class:`companion.magick.search.SearchBot`) with
    ``choose(state, rng, seat)``.

    Raises
    ------
    CompanionError
        For an unknown name.
    """
    return _EngineBot(name)
