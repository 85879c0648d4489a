"""Terra Mystica bots (issue 15): the bots by name, and a game played by them.

Every bot plays through the protocol adapter :mod:`companion.terra_mystica.game` only (``legal_actions``,
``apply_action``, ``current_player``, ``sample_chance``) and the engine's public read-only state (a
faction's resources, power bowls, cult tracks, income), so it plays every faction the engine accepts,
setup included (faction picks, initial dwellings, first bonus tiles), and needs no change when the engine
accepts a new faction (Fire & Ice): no faction name, tile id or ability is written in the bots.

The bots by layer (each module imports only the ones above it):

- :mod:`~companion.terra_mystica.bot_value`: the value of a position, :func:`evaluate` (projected final VP
  plus resources, income, buildings, levels and power tokens over the rounds left; :class:`Weights`).
- :mod:`~companion.terra_mystica.bot_conversions`: rows that conversions in front of an action make
  affordable (:func:`conversion_rows`) and their price.
- :mod:`~companion.terra_mystica.bot_lookahead`: :class:`LookaheadGreedyBot` (``make_bot("lookahead")``),
  which applies every candidate row and keeps the one :func:`evaluate` values most.
- :mod:`~companion.terra_mystica.move_value`: :class:`~companion.terra_mystica.move_value.ValueGreedyBot`,
  the default greedy bot (``make_bot("greedy")``, :data:`GreedyBot`), which values each move from what it
  is (a sketch of the moving faction, by the same rule) and applies only what a sketch cannot tell.
- here: :class:`RandomBot` (a random legal move of the seat to act: a kind of move, then a move of that
  kind), :func:`make_bot`, :func:`play_game`. The search bot is :mod:`companion.terra_mystica.search`.

Why the greedy bots take the Fire & Ice choices they take (both follow from the value, no rule is written
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
import gc
import random
from collections.abc import Sequence
from typing import Any

from companion.errors import CompanionError
from companion.i18n import N_
from companion.i18n import gettext as _
from companion.terra_mystica import engine, game  # noqa: F401  (the layers test: bots sit on both)
from companion.terra_mystica.bot_conversions import _commands, conversion_rows
from companion.terra_mystica.bot_lookahead import LookaheadGreedyBot, exact_values
from companion.terra_mystica.bot_value import (
    ROUNDS,
    Valuer,
    Weights,
    _network_size,
    _projection,
    _rounds_of_income_left,
    evaluate,
    home_hexes_in_reach,
)
from companion.terra_mystica.move_value import ValueGreedyBot

__all__ = ["BOTS", "BOT_NAMES", "MORE_BOTS", "RandomBot", "GreedyBot", "LookaheadGreedyBot", "ValueGreedyBot",
           "exact_values", "Weights", "Valuer", "evaluate", "conversion_rows", "home_hexes_in_reach", "make_bot",
           "play_game", "ROUNDS", "_network_size", "_projection", "_rounds_of_income_left"]

BOTS = ("random", "greedy", "search")
"""Bot names for :func:`make_bot` that menus offer."""
BOT_NAMES = {"random": N_("random"), "greedy": N_("greedy"), "search": N_("search")}
"""Each bot's name as a menu shows it (marked for translation: pass it through ``_()`` when shown)."""
MORE_BOTS = ("lookahead",)
"""Bot names :func:`make_bot` knows besides :data:`BOTS`: ``lookahead``, the one-row look-ahead greedy bot
that ``greedy`` was until issue 19's speed work (kept so that the strength benchmark compares them)."""


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
            known = _MOVE_KINDS.get   # _row_kind's memo read first: most rows were listed before
            for text in rows:
                kind = known(text)
                by_kind.setdefault(_row_kind(text) if kind is None else kind, []).append(text)
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


def make_bot(name: str) -> Any:
    """A bot by name (:data:`BOTS`: ``random``, ``greedy``, ``search``; :data:`MORE_BOTS`: ``lookahead``)
    with ``choose(state, rng, seat)``.

    Raises
    ------
    CompanionError
        For an unknown name (the known ones listed).
    """
    if name == "random":
        return RandomBot()
    if name == "greedy":
        return GreedyBot()
    if name == "lookahead":
        return LookaheadGreedyBot()
    if name == "search":   # greedy playouts (companion.terra_mystica.search, issue 20)
        from companion.terra_mystica.search import SearchBot

        return SearchBot()
    raise CompanionError(_("unknown bot {name!r}; expected one of {bots}").format(name=name, bots=', '.join(BOTS + MORE_BOTS)))


GreedyBot = ValueGreedyBot
"""The greedy bot ``make_bot("greedy")`` plays: the move-content bot (as strong as the one-row look-ahead,
:class:`LookaheadGreedyBot`, over 200 games, and several times faster; ``benchmarks/bot_strength.py``)."""


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
