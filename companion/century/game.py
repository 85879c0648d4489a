"""Century: Golem Edition through the common game protocol (:mod:`companion.protocol`).

A thin adapter over :mod:`companion.century.engine` and :mod:`companion.century.record`: the engine's
immutable :class:`~companion.century.state.State` is wrapped with the seat names and the history of
actions (so a record can be written from the states alone). Card reveals are chance actions
(``RevealGolem`` / ``RevealMerchant``); :func:`new_game` leaves the setup undealt, as a real table's
game is entered.

Examples
--------
>>> import random
>>> from companion.century import game
>>> s = game.new_game(3)
>>> game.current_player(s) == game.CHANCE
True
>>> rng = random.Random(1)
>>> while game.current_player(s) == game.CHANCE:
...     s = game.apply_action(s, game.sample_chance(s, rng))
>>> game.current_player(s), len(s.history)
(0, 11)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from companion.century import bots as century_bots
from companion.century import engine
from companion.century import record as century_record
from companion.century.actions import Action, RevealGolem, RevealMerchant
from companion.century.actions import action_text as _action_text
from companion.century.actions import parse_action as _parse_action
from companion.century.state import State
from companion.errors import IllegalActionError, RecordError
from companion.i18n import _, lazy_gettext
from companion.protocol import CHANCE, PlayerScore, ScoreSheet
from companion.validation import name_problem

__all__ = ["NAME", "TITLE", "CHANCE", "GameState", "new_game", "current_player", "legal_actions", "apply_action",
           "is_terminal", "score", "read_record", "write_record", "replay", "record_header", "record_line",
           "action_text", "parse_action", "seat_names", "sample_chance", "is_chance_action", "BOTS", "make_bot"]

NAME = "century"
TITLE = lazy_gettext("Century: Golem Edition")
TIE_RULE = lazy_gettext("ties go to the tied player latest in turn order (rules summary, End of the game and "
                        "scoring)")


@dataclass(frozen=True, slots=True)
class GameState:
    """A Century game state for the protocol.

    Attributes
    ----------
    core : State
        The engine's state (:mod:`companion.century.state`).
    names : tuple of str
        Player names by seat.
    history : tuple of Action
        Every action since :func:`new_game` (chance reveals included).
    """

    core: State
    names: tuple[str, ...]
    history: tuple[Action, ...] = ()


def _default_names(n: int) -> tuple[str, ...]:
    return tuple(_("Player {n}").format(n=i + 1) for i in range(n))


def new_game(players: int | Sequence[str] = 3, *, seed: int | None = None, **options: Any) -> GameState:
    """An undealt game: the 5 golems and 6 market cards come as chance reveals.

    Parameters
    ----------
    players : int or sequence of str
        2..5 seats, or the player names in seat order.
    seed : int or None
        Ignored (Century has no hidden setup besides the reveals, which are chance actions).
    **options
        None are known.

    Raises
    ------
    IllegalActionError
        ``bad_setup`` for a player count outside 2..5, duplicate or empty names, or an unknown option.
    """
    del seed
    if options:
        raise IllegalActionError("bad_setup", _("unknown Century option {option!r}").format(option=sorted(options)[0]),
                                 rule=engine.R_SETUP)
    if isinstance(players, int) and not isinstance(players, bool):
        names = _default_names(players) if 0 < players < 10 else ()
        n = players
    else:
        names = tuple(str(p).strip() for p in players)
        n = len(names)
        if len(set(names)) != n or not all(names):
            raise IllegalActionError("bad_setup", _("player names must be distinct and non-empty: {names}")
                                     .format(names=_(", ").join(repr(x) for x in names)),
                                     rule=engine.R_SETUP)
        for i, name in enumerate(names):
            problem = name_problem(name)
            if problem:
                raise IllegalActionError("bad_setup", _("players[{i}]: {problem}").format(i=i, problem=problem),
                                         rule=engine.R_SETUP)
    return GameState(engine.new_game(n, deal=False), names)


def current_player(state: GameState) -> int:
    """The seat to act (0-based) or :data:`CHANCE` when a card must be revealed."""
    return engine.to_move(state.core)


def legal_actions(state: GameState) -> list[Action]:
    """The engine's legal actions (the cards left in the deck when a reveal is due)."""
    return engine.legal_actions(state.core)


def apply_action(state: GameState, action: Action) -> GameState:
    """The state after ``action`` (:func:`companion.century.engine.apply_action`).

    Raises
    ------
    IllegalActionError
        With the engine's stable code.
    """
    return GameState(engine.apply_action(state.core, action), state.names, state.history + (action,))


def is_terminal(state: GameState) -> bool:
    """True once the round in which the end was triggered is finished."""
    return engine.is_terminal(state.core)


def sample_chance(state: GameState, rng: random.Random) -> Action:
    """A random card from the deck due to be revealed (uniform)."""
    return engine.sample_chance(state.core, rng)


def is_chance_action(action: Any) -> bool:
    """True for a card reveal."""
    return isinstance(action, RevealGolem | RevealMerchant)


def score(state: GameState) -> ScoreSheet:
    """Golem VP, copper and silver coin VP and crystal VP per seat; one winner after the tie rule."""
    table = engine.score(state.core, state.names)
    players = [PlayerScore(line.name, {"golems": line.golem_vp, "copper": line.copper_vp,
                                       "silver": line.silver_vp, "crystals": line.crystal_vp}, line.total)
               for line in table.lines]
    return ScoreSheet(players, [table.winner], str(TIE_RULE), "VP", extra={"tied": list(table.tied)})


def seat_names(state: GameState) -> list[str]:
    """Player names by seat."""
    return list(state.names)


def read_record(text: str) -> century_record.GameRecord:
    """Read (and check) a record; see :func:`companion.century.record.read_record`.

    Raises
    ------
    RecordError
        Naming the line.
    """
    return century_record.read_record(text)


def replay(record: century_record.GameRecord | str) -> list[GameState]:
    """Every state of ``record`` from the undealt setup.

    Raises
    ------
    RecordError
        If an action is illegal (naming its index and the rule).
    """
    if isinstance(record, str):
        record = read_record(record)
    cores = century_record.replay(record)
    names = tuple(record.names) or _default_names(record.n_players)
    states = [GameState(cores[0], names)]
    history: tuple[Action, ...] = ()
    for core, action in zip(cores[1:], record.actions, strict=True):
        history = history + (action,)
        states.append(GameState(core, names, history))
    return states


def record_header(state: GameState) -> str:
    """The header lines of a game starting at ``state`` (no trailing newline)."""
    lines = [century_record.HEADER, f"players {state.core.n_players}"]
    n = state.core.n_players
    if state.names not in (_default_names(n), tuple(f"Player {i + 1}" for i in range(n))):
        lines += [f"name {i + 1} {name}" for i, name in enumerate(state.names)]
    return "\n".join(lines)


def record_line(state: GameState, action: Action) -> str:
    """The record line of ``action`` made in ``state`` (``P2 acquire 3 pay yg``, ``reveal golem G03``)."""
    if is_chance_action(action):
        return _action_text(action)
    return f"P{state.core.current + 1} {_action_text(action)}"


def write_record(states: Sequence[GameState]) -> str:
    """The record text of the game whose first and last states are ``states[0]`` and ``states[-1]``.

    Raises
    ------
    RecordError
        If the states are not of one game.
    """
    first, last = states[0], states[-1]
    if first.history:
        raise RecordError(_("write_record: the first state must be a new game's"))
    actions = last.history
    if len(states) == len(actions) + 1:
        befores = [s.core for s in states[:-1]]
    else:  # only the ends given: replay the cores to know who made each action
        befores = century_record.replay(century_record.GameRecord(first.core.n_players, actions))[:-1]
    lines = [record_header(first)]
    lines += [record_line(GameState(core, first.names), a) for core, a in zip(befores, actions, strict=True)]
    return "\n".join(lines) + "\n"


def action_text(state: GameState, action: Action) -> str:
    """The record notation of ``action`` (``play S02 up yg``, ``acquire 3 pay yg``, ``claim 2``)."""
    del state
    return _action_text(action)


def parse_action(state: GameState, text: str) -> Action:
    """Read an action typed in the record notation (an optional ``P2`` seat prefix is allowed).

    Raises
    ------
    RecordError
        For text that is not an action (legality is checked by :func:`apply_action`).
    """
    words = text.split()
    if words and words[0][:1] in "Pp" and words[0][1:].isdigit():
        seat = int(words[0][1:]) - 1
        if seat != state.core.current:
            raise RecordError(_("{text!r}: P{mover} is to act now, not P{seat}")
                              .format(text=text, mover=state.core.current + 1, seat=seat + 1))
        words = words[1:]
    return _parse_action(" ".join(words))


# --------------------------------------------------------------------------------------------- bots

BOTS = ("random", "greedy", "planner", "search")
"""Bot names for :func:`make_bot` (:mod:`companion.century.bots`)."""


class _EngineBot:
    """A :mod:`companion.century.bots` bot choosing on the protocol state."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.bot = century_bots.make_bot(name)

    def choose(self, state: GameState, rng: random.Random, seat: int | None = None) -> Action:
        """The bot's action for the seat to act (``seat``, when given, must be it; never a reveal)."""
        if seat is not None and seat != state.core.current:
            raise IllegalActionError("not_your_turn", _("seat {seat} is not to act").format(seat=seat + 1))
        return self.bot.choose(state.core, rng)

    def explain(self, state: GameState) -> tuple[Action, str]:
        """``(action, reason)`` in words, when the bot can explain itself (the planner)."""
        if hasattr(self.bot, "explain"):
            return self.bot.explain(state.core)
        return self.bot.choose(state.core, random.Random(0)), _("the choice of the {bot} bot").format(bot=self.name)


def make_bot(name: str) -> _EngineBot:
    """A bot by name (``random``, ``greedy``, ``planner``, ``search``) with ``choose(state, rng, seat)``.

    Raises
    ------
    CompanionError
        For an unknown name (the known ones are listed).
    """
    return _EngineBot(name)
