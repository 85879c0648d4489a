"""A Merchants of Magick hint keeps to its time cap (issue 20): timing-free, on a clock that moves only with
the playouts (50 ms each, a slow machine). No playout is started that would end past the cap; a round of
playouts it cuts is undone, so the moves listed are compared on the same futures (the figures equal those of
an uncapped hint with that many playouts)."""

from __future__ import annotations

import pytest

from companion.magick import search as magick_search
from tests.magick.test_search import _crafting
from tests.work_clock import WorkClock

PLAYOUT = 0.05


@pytest.fixture
def work_clock(monkeypatch):
    return WorkClock().charging(monkeypatch, magick_search, "playout", PLAYOUT)


def test_a_magick_hint_keeps_to_the_cap(work_clock):
    state = _crafting(3)
    seat = 0
    for budget in (0.0, 0.12, 0.5):
        work_clock.now = 0.0
        moves = magick_search.hint(state, seat, n=3, budget=budget, clock=work_clock)
        assert work_clock.now <= max(budget, PLAYOUT) + 1e-9, (budget, work_clock.now)   # no playout past it
        assert moves and len({m.playouts for m in moves}) == 1, moves   # the same futures for every move listed
        uncapped = {m.action: m.gold for m in magick_search.hint(state, seat, n=99, playouts=moves[0].playouts)}
        assert all(m.gold == uncapped[m.action] for m in moves)
    work_clock.now = 0.0
    magick_search.hint(state, seat, n=3)
    assert work_clock.now > 0.5 + PLAYOUT   # uncapped, the same hint costs more than the largest budget
