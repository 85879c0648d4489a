"""Bots for Merchants of Magick: a random player and a greedy player that uses the odds helper.

Both decide through the public engine API only (:func:`~companion.magick.engine.legal_actions`,
:func:`~companion.magick.engine.advice`), so they can never make an illegal move.

- :class:`RandomBot` — picks a random legal placement for each of its two dice, uses an extra die when it
  is free with probability 1/2, and picks a random empty circle for a free circle.
- :class:`GreedyBot` — takes the best-ranked placement of :func:`~companion.magick.odds.rank_placements`
  (gold now, potions, progress toward rows, orders, the adventurer and mastery, minus potions spent) for
  its two dice; takes an extra die only when its score is at least ``extra_threshold`` (the slot's cost
  is already subtracted); puts a free circle where it is hardest to get with dice (the rarest circle of a
  row worth the most).

API (stable)
------------
- ``bot.choose(state, player) -> Action`` (a Place, FreeCircle or EndTurn for ``player``).
- :func:`play_turn(state, player, bot)` -> state after the player's whole turn (ends with EndTurn).
- :func:`play_round(state, bots, rng)` -> state after the roll (if due), every player's turn, and the
  customer phase's reveals (chance actions from ``rng`` / the state's deck).
- :func:`play_game(players, bots, rng, **new_game_kwargs)` -> the final state (``state.over``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol

from companion.errors import CompanionError
from companion.i18n import _
from companion.magick.engine import (
    Action,
    EndTurn,
    FreeCircle,
    GameState,
    Place,
    advice,
    apply_action,
    chance_action,
    legal_actions,
    new_game,
)
from companion.magick.odds import fill_probability

__all__ = ["Bot", "GreedyBot", "RandomBot", "play_game", "play_round", "play_turn"]


class Bot(Protocol):
    def choose(self, state: GameState, player: int) -> Action: ...


class RandomBot:
    """Random legal play (seeded ``random.Random``)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, state: GameState, player: int) -> Action:
        actions = legal_actions(state, player)
        frees = [a for a in actions if isinstance(a, FreeCircle)]
        if frees:
            return self.rng.choice(frees)
        p = state.players[player]
        places = [a for a in actions if isinstance(a, Place)]
        regular = len(p.used_dice) < state.sheet.dice_per_round
        if places and (regular or (_slot_cost(state, player) == 0 and self.rng.random() < 0.5)):
            return self.rng.choice(places)
        return EndTurn(player)


class GreedyBot:
    """Best immediate placement by the odds helper's score."""

    def __init__(self, extra_threshold: float = 2.0) -> None:
        self.extra_threshold = extra_threshold

    def choose(self, state: GameState, player: int) -> Action:
        p = state.players[player]
        if p.free_circles:
            return FreeCircle(player, _best_free_circle(state, player))
        ranked = advice(state, player, explain=False, best=1)
        if not ranked:
            return EndTurn(player)
        best = ranked[0]
        regular = len(p.used_dice) < state.sheet.dice_per_round
        if regular or best.score >= self.extra_threshold:
            return Place(player, best.die, best.circle, best.adjust)
        return EndTurn(player)


def _slot_cost(state: GameState, player: int) -> int | None:
    p = state.players[player]
    costs = state.sheet.extra_dice_costs
    return costs[p.extra_used] if p.extra_used < len(costs) else None


_FILL_CHANCES: dict[int, tuple[Any, dict[str, float]]] = {}


def _fill_chances(sheet: Any) -> dict[str, float]:
    """Each circle's best chance to be filled by one die as rolled (no potion), computed once per sheet."""
    known = _FILL_CHANCES.get(id(sheet))
    if known is None or known[0] is not sheet:
        chances = {c.key: float(max(fill_probability(d, c.target, sheet.column(c.column).compare, 0, sheet=sheet)
                                    for d in sheet.column(c.column).allowed_dice)) for c in sheet.circles}
        known = _FILL_CHANCES[id(sheet)] = (sheet, chances)
    return known[1]


def _best_free_circle(state: GameState, player: int) -> str:
    sheet = state.sheet
    p = state.players[player]
    chances = _fill_chances(sheet)
    best: tuple[float, str] | None = None
    for c in sheet.circles:
        if c.key in p.filled:
            continue
        row = sheet.row(c.row)
        chance = chances[c.key]
        left = sum(1 for x in row.circles if x.key not in p.filled)
        value = (row.gold + 1.0) / left + 3 * (1 - chance)
        if best is None or value > best[0]:
            best = (value, c.key)
    assert best is not None
    return best[1]


def play_turn(state: GameState, player: int, bot: Bot) -> GameState:
    """Let ``bot`` play ``player``'s whole crafting and research turn (until it ends the turn)."""
    while state.phase == "craft" and not state.players[player].done:
        state = apply_action(state, bot.choose(state, player))
    return state


def play_round(state: GameState, bots: Sequence[Bot | None], rng: random.Random) -> GameState:
    """Play the rest of the current round: order reveals and the roll (chance actions from ``rng`` and
    the state's deck) and every bot's turn.

    Returns when the next round waits for its roll, when the game is over, or when only players whose
    bot is None (humans) are left to act in the crafting phase.
    """
    start = state.round
    while not state.over:
        if state.phase == "reveal":
            state = apply_action(state, chance_action(state, rng))
            continue
        if state.phase == "roll":
            if state.round != start:
                return state
            state = apply_action(state, chance_action(state, rng))
            continue
        mine = [i for i, p in enumerate(state.players) if not p.done and bots[i] is not None]
        if not mine:
            return state
        for i in mine:
            bot = bots[i]
            assert bot is not None
            state = play_turn(state, i, bot)
    return state


def play_game(players: Sequence[str] | int, bots: Sequence[Bot], rng: random.Random,
              **new_game_kwargs: Any) -> GameState:
    """Play a whole game with one bot per seat; returns the final state."""
    state = new_game(players, rng=rng, **new_game_kwargs)
    if len(bots) != len(state.players):
        raise CompanionError(_("bots: expected {n}, found {found}").format(n=len(state.players), found=len(bots)))
    while not state.over:
        state = play_round(state, list(bots), rng)
    return state
