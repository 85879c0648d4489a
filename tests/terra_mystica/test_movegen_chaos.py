"""The Chaos Magicians' double action ``action ACTC`` as complete moves (issue 19.3; RULES-NOTES-E E.2.2):
ACTC grants two more full actions, so ``action ACTC. X. Y`` is one complete turn, and under
strict-chaosmagician-sh ``action ACTC. pass BONn`` too (the pass gives up the second action). The generator
lists a bounded family (:func:`companion.terra_mystica.engine.move_kinds._double_action_moves`: pairs of
actions that cannot touch each other), and ``action ACTC`` alone, whose open turn lists each next action.
Each row is listed by :func:`legal_moves` and (with Perl and the reference engine present; skipped with a
message otherwise) accepted by the reference engine with nothing left open; the near-misses are refused.
"""

from __future__ import annotations

import pytest

from tests.terra_mystica.test_movegen_kinds import PLENTY, _listed_and_accepted, _start, _unlisted_and_refused


def _chaos_stronghold(*, e7: str):
    """The Chaos Magicians' stronghold on D4 with E7 (gray, one spade from wasteland) turned to wasteland
    (``e7="transform"``) or built on (``e7="build"``); the Witches play between their turns."""
    pos = _start(witches=PLENTY, chaosmagicians=PLENTY)
    return pos.then("witches: dig 1. transform H4", "chaosmagicians: upgrade D4 to TP",
                    "witches: upgrade G3 to TP", "chaosmagicians: upgrade D4 to SH", "witches: upgrade F4 to TP",
                    f"chaosmagicians: dig 1. {e7} E7", "witches: send p to FIRE for 3")


@pytest.mark.parametrize(("e7", "row"), [
    ("transform", "chaosmagicians: action ACTC. build E7. send p to WATER for 3"),   # a dwelling and a priest
    ("build", "chaosmagicians: action ACTC. upgrade E7 to TP. action ACT4"),         # a trading house, 7 coins
    ("build", "chaosmagicians: action ACTC. send p to AIR for 3. advance ship"),
    ("build", "chaosmagicians: action ACTC. action ACT2. action ACT3"),               # two power actions
    ("build", "chaosmagicians: action ACTC. pass BON3"),                              # the second action given up
])
def test_the_double_action_is_one_complete_move(e7, row):
    _listed_and_accepted(_chaos_stronghold(e7=e7), row)


def test_the_double_action_family_is_bounded_and_the_open_form_stays():
    """At most C(9, 2) + 9 x buildings pairs (nine simple actions: four priest tracks, two advances, three
    power actions) besides the passes; ``action ACTC`` alone stays listed for the other pairs."""
    pos = _chaos_stronghold(e7="build")
    moves = pos.listed("chaosmagicians")
    pairs = [m for m in moves if m.startswith("action ACTC.") and ". pass" not in m]
    buildings = 1   # the dwelling on E7 may become a trading house
    assert 0 < len(pairs) <= 9 * 8 // 2 + 9 * buildings
    assert "action ACTC" in moves


@pytest.mark.parametrize(("row", "unlisted"), [
    # three actions: ACTC grants two
    ("chaosmagicians: action ACTC. send p to WATER for 3. send p to EARTH for 3. send p to AIR for 3",
     lambda m: m.startswith("action ACTC") and m.count("send") > 2),
    # one power action twice in a round
    ("chaosmagicians: action ACTC. action ACT4. action ACT4", lambda m: m.count("ACT4") > 1),
])
def test_the_double_action_stays_within_the_rules(row, unlisted):
    _unlisted_and_refused(_chaos_stronghold(e7="build"), row, unlisted)
