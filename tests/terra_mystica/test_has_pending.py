"""``turn.has_pending`` is ``bool(pending_items(...))`` (the turn machine's quick form), checked against the
itemised list at every decision of seeded random games of 2-5 factions and after the first part of each
move played (``action ACT5`` of ``action ACT5. dig 1. build F6``: an open turn with something due)."""

from __future__ import annotations

import random

import pytest

from companion.errors import IllegalActionError
from companion.terra_mystica import engine, game
from companion.terra_mystica.bots import make_bot
from companion.terra_mystica.engine.turn import has_pending, pending_items


@pytest.mark.parametrize("players", [2, 3, 5])
def test_has_pending_agrees_with_the_pending_items(players):
    rng = random.Random(f"pending:{players}")
    state = game.new_game(players)
    bot = make_bot("random")
    checked = pending = 0
    while not game.is_terminal(state):
        seat = game.current_player(state)
        action = game.sample_chance(state, rng) if seat == game.CHANCE else bot.choose(state, rng, seat)
        seen = [state.game]
        text = getattr(action, "text", "") or ""
        if state.game is not None and ". " in text:
            try:
                seen.append(engine.apply_action(state.game, action.faction, text.split(". ")[0]))
            except IllegalActionError:
                pass   # a first part that is no row of its own (a conversion before its action)
        for g in seen:
            for name in g.seats if g is not None else ():
                assert has_pending(g, name) == bool(pending_items(g, name)), (name, pending_items(g, name))
                checked += 1
                pending += bool(pending_items(g, name))
        state = game.apply_action(state, action)
    assert checked > 50 and pending > 5   # both answers were met
