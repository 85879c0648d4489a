"""A hint shows different moves: two spellings of one move (``action BON1. build F7`` and ``action BON1.
transform F7. build F7``, both listed since the reference accepts both) lead to the same position and are
shown once (a reviewer saw them as moves 2 and 3 of a hint, with the same VP and the same next steps).

Position: a seeded 2-player game of greedy bots (Witches and Nomads, seed 0) at the Nomads' decision where
the move list holds both spellings. Whether two shown moves are the same is worked out here by applying
each shown row and comparing what the game reports (:meth:`Game.summary`, the map's colours, the bridges).
"""

from __future__ import annotations

import random

from companion.terra_mystica import game
from companion.terra_mystica.bots import make_bot
from companion.terra_mystica.search import SearchBot


def _position():
    rng = random.Random(0)
    s = game.new_game(["witches", "nomads"], seed=0)
    bots = [make_bot("greedy"), make_bot("greedy")]
    for _step in range(400):
        p = game.current_player(s)
        if p == game.CHANCE:
            s = game.apply_action(s, game.sample_chance(s, rng))
            continue
        if s.game is not None and s.game.round >= 1:
            _f, rows = game.legal_rows(s)
            if "action BON1. build F7" in rows and "action BON1. transform F7. build F7" in rows:
                return s
        s = game.apply_action(s, bots[p].choose(s, rng, p))
    raise AssertionError("the seeded game no longer reaches the position")


def _after(s, action):
    g = game.apply_action(s, action).game
    return repr(g.summary()), sorted(g.colour.items()), g.townstate.bridges


def test_two_spellings_of_one_move_are_shown_once():
    s = _position()
    shown = SearchBot(seconds=None, plies=1).analyse(s, top=None)
    texts = [m.action.text for m in shown]
    assert ("action BON1. build F7" in texts) != ("action BON1. transform F7. build F7" in texts)
    positions = [_after(s, m.action) for m in shown]
    assert all(a != b for i, a in enumerate(positions) for b in positions[i + 1:])


def test_a_three_move_hint_still_shows_three_moves():
    s = _position()
    shown = SearchBot(seconds=None, plies=1).analyse(s, top=3)
    assert len(shown) == 3 and len({m.action.text for m in shown}) == 3
