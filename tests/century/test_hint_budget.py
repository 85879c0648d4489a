"""A Century hint keeps to its time cap (issue 20): timing-free, on a clock that moves only when the search
makes a position (2 ms of it each, a slow machine). A deeper pass the cap cuts is dropped; the answer is the
deepest finished pass, within the budget plus the floor (depth 1 always finishes) and one node's children."""

from __future__ import annotations

import random

import pytest

from companion.century import search as century_search
from companion.century.bots import candidate_actions, make_bot
from companion.century.engine import apply_action, new_game, resolve_chance
from tests.work_clock import WorkClock

APPLY = 0.002


def _mid_game():
    rng = random.Random(4)
    s = new_game(2, rng=rng)
    bot = make_bot("greedy")
    for _ in range(20):
        s = resolve_chance(s, rng)
        s = apply_action(s, bot.choose(s, rng))
    s = resolve_chance(s, rng)
    assert not s.finished and not s.stage
    return s


@pytest.fixture
def work_clock(monkeypatch):
    return WorkClock().charging(monkeypatch, century_search, "apply_action", APPLY)


def test_a_century_hint_keeps_to_the_cap(work_clock):
    state = _mid_game()
    floor = century_search.SearchBot(depth=1, seconds=None, clock=work_clock)
    floor.analyse(state, 3)
    floor_cost, work_clock.now = work_clock.now, 0.0
    century_search.SearchBot(seconds=1000.0, clock=work_clock).analyse(state, 3)
    full, work_clock.now = work_clock.now, 0.0
    node = 2 * APPLY * len(candidate_actions(state)) + 20 * APPLY   # one node's children (with discards), reasons
    budget = full / 4
    assert floor_cost + node < budget   # the cap falls inside the deeper passes
    bot = century_search.SearchBot(seconds=budget, clock=work_clock)
    moves = bot.analyse(state, 3)
    assert bot.stopped and work_clock.now <= budget + node, (work_clock.now, budget, full)
    assert len(moves) == 3 and all(m.reason for m in moves)
