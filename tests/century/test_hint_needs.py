"""The hint's "then still needs" counts what the named golem lacks after the moves the sentence names (the
move and the "next ..." one), not after the whole searched line, which the player never sees.

A reviewer read "acquire ...; next play Create card (2 yellow); the 8 VP golem (2 yellow, 2 blue) ... then still
needs 2 yellow" with a caravan of 3 yellow and 1 blue: after those two moves it holds 6 yellow, 1 blue, so it
needs 1 blue. Here the missing crystals are worked out by hand from the golem's printed cost and the caravan
after applying the two named moves.
"""

from __future__ import annotations

import random
import re

from companion.century.bots import make_bot
from companion.century.cards import crystal_counts_text, load_cards
from companion.century.engine import DISCARD, MAIN, apply_action, chance_pending, new_game, sample_action
from companion.century.search import hint
from companion.i18n import using_language

CARDS = load_cards()


def _positions(seed: int, players: int = 3, every: int = 3, upto: int = 40):
    rng = random.Random(seed)
    s = new_game(players, rng=rng)
    bots = [make_bot("greedy") for _ in range(players)]
    for step in range(upto):
        while chance_pending(s):
            s = apply_action(s, sample_action(s, rng))
        if s.finished:
            return
        if step % every == 0 and s.stage == MAIN:
            yield s
        s = apply_action(s, bots[s.current].choose(s, rng))


def test_what_the_golem_still_needs_is_counted_after_the_two_named_moves():
    checked = 0
    with using_language("en"):
        for seed in (2, 5):
            for s in _positions(seed):
                for m in hint(s, seconds=None):
                    found = re.search(r"at position (\d) then still needs (.+?)(?:;|$)", m.reason)
                    if not found or "next " not in m.reason or len(m.line) < 2:
                        continue
                    after = s._replace(golem_deck=(), merchant_deck=())
                    for a in m.line[:2]:
                        after = apply_action(after, a)
                        if after.stage == DISCARD:
                            break
                        after = after._replace(current=s.current, stage=MAIN, end_triggered=False, finished=False)
                    if after.stage == DISCARD:
                        continue
                    gid = after.golem_row[int(found.group(1)) - 1]
                    cost, have = CARDS.golems_by_id[gid].cost, after.caravans[s.current]
                    missing = tuple(max(0, c - h) for c, h in zip(cost, have, strict=True))
                    assert found.group(2) == crystal_counts_text(missing), (m.reason, have, cost)
                    checked += 1
    assert checked >= 3
