"""A Terra Mystica hint keeps to its time cap at every stage (issue 20, "a hint answers within the budget").

Timing-free: the search reads an injected clock that advances only with the work done (each position the
engine makes costs 10 ms of it, each greedy move worked out 50 ms), as on a slow machine. The hint must end
within its budget (the search times its units of work and starts none that would not fit), say that the cap
cut it short, and still give three explained moves.
Without a cap the same search does far more work (the position is one where it would overrun the budget)."""

from __future__ import annotations

import random

import pytest

from companion.terra_mystica import bots, game
from companion.terra_mystica import search as tm_search
from tests.work_clock import WorkClock

APPLY, GREEDY = 0.01, 0.05   # seconds of the work clock per position made / greedy move chosen


@pytest.fixture
def work_clock(monkeypatch):
    return (WorkClock().charging(monkeypatch, game, "apply_action", APPLY)
            .charging(monkeypatch, bots.GreedyBot, "choose", GREEDY))


def _round_two_position() -> game.GameState:
    """A greedy 2-player game (witches, nomads) at its first decision of round 2 with many rows."""
    s = game.new_game(["witches", "nomads"], seed=5)
    rng, bot = random.Random(5), bots.GreedyBot()
    while not (s.game is not None and s.game.round == 2 and game.current_player(s) != game.CHANCE
               and len(game.legal_actions(s)) > 30):
        seat = game.current_player(s)
        s = game.apply_action(s, game.sample_chance(s, rng) if seat == game.CHANCE else bot.choose(s, rng, seat))
    return s


def test_every_stage_of_a_hint_keeps_to_the_cap(work_clock):
    state = _round_two_position()
    unit = APPLY + GREEDY   # the largest piece of work done after one check of the cap: one playout move
    for budget in (0.05, 0.3, 1.0):
        work_clock.now = 0.0
        bot = tm_search.SearchBot(seconds=budget, clock=work_clock)
        moves = bot.analyse(state, 3)
        # a unit of work is not started unless it fits: past the floor (the greedy move and the three
        # candidates the hint shows, always valued), the hint ends within the budget itself
        assert work_clock.now <= max(budget, GREEDY + 3 * APPLY) + 1e-9, (budget, work_clock.now)
        assert len(moves) == 3
        assert bot.stopped, budget
        assert moves and all(m.reason for m in moves)
        assert all(m in game.legal_actions(state) or m.faction == moves[0].action.faction
                   for m in (x.action for x in moves))
    work_clock.now = 0.0
    bot = tm_search.SearchBot(seconds=1000.0, clock=work_clock)
    bot.analyse(state, 3)
    assert work_clock.now > 1.0 + unit   # with a cap never reached, the same search overruns the largest budget
    assert not bot.stopped   # and does not claim the cap cut it


def test_the_smallest_budget_still_values_the_greedy_move_and_shows_three(work_clock):
    """With no time at all the hint still values the greedy move and as many candidates as it shows (three):
    a hint of one move, which a starved machine once gave, answers less than the learner asked."""
    state = _round_two_position()
    greedy = bots.GreedyBot().choose(state, random.Random(f"0:{len(state.history)}"), game.current_player(state))
    work_clock.now = 0.0
    moves = tm_search.hint(state, 3, seconds=0.0, clock=work_clock)
    assert len(moves) == 3 and greedy in [m.action for m in moves]
    assert len({m.action for m in moves}) == 3 and all(m.reason for m in moves)
    legal = game.legal_actions(state)
    assert all(m.action in legal or m.action.faction == greedy.faction for m in moves)
