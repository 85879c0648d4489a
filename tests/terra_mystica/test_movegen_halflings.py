"""The Halflings' stronghold spades on several hexes (issue 19.3; RULES-NOTES-E E.0, E.2.1): the stronghold
grants three spades as three transforms and one build, so one move may turn two or three hexes to plains
(a spade left is declined before the build). Each row is listed by :func:`legal_moves` and (with Perl and the
reference engine present; skipped with a message otherwise) accepted by the reference engine with nothing
left open; the near-misses are refused by it.

Position: Halflings (plains) with a trading house on E6 and a dwelling on F5; E5 (swamp), F3 and G4 are one
spade from plains, E7 (mountains) three.
"""

from __future__ import annotations

import pytest

from tests.terra_mystica.test_movegen_kinds import _listed_and_accepted, _start, _unlisted_and_refused


def _halflings_trading_house():
    pos = _start(("halflings", "chaosmagicians"), ("halflings: build E6", "halflings: build F5",
                 "chaosmagicians: build D4", "chaosmagicians: pass BON1", "halflings: pass BON2"),
                 halflings={"C": 40, "W": 20, "P": 3, "PW": 0})
    # the Chaos Magicians do not pass: the Halflings' row is one turn (the last faction would chain, E.1.3)
    return pos.then("halflings: upgrade E6 to TP", "chaosmagicians: upgrade D4 to TP")


@pytest.mark.parametrize("row", [
    "halflings: upgrade E6 to SH. transform E5. transform F3. transform G4",            # three hexes
    "halflings: upgrade E6 to SH. transform E5. transform F3. transform G4. build F3",  # and the dwelling
    "halflings: upgrade E6 to SH. transform E5. transform F3. -SPADE. build E5",        # two, a spade declined
])
def test_the_halflings_stronghold_spades_go_to_several_hexes_in_one_move(row):
    _listed_and_accepted(_halflings_trading_house(), row)


def test_every_listed_three_hex_move_spends_exactly_the_three_spades():
    """The three one-spade hexes in reach are E5, F3 and G4 (with G5): no three-hex row uses E7 (3 spades)."""
    moves = _halflings_trading_house().listed("halflings")
    triples = [m for m in moves if m.startswith("upgrade E6 to SH") and m.count("transform") == 3]
    assert triples and not [m for m in triples if "E7" in m or "SPADE" in m]


@pytest.mark.parametrize(("row", "unlisted"), [
    # a spade still held at the build (E.2.1: all transforms before building)
    ("halflings: upgrade E6 to SH. transform E5. transform F3. build E5",
     lambda m: m == "upgrade E6 to SH. transform E5. transform F3. build E5"),
    # a fourth transform: three only
    ("halflings: upgrade E6 to SH. transform E5. transform F3. transform G4. transform G5",
     lambda m: m.count("transform") > 3),
    # no dig after the stronghold (E.2.1): E7 needs three spades, E5 one more
    ("halflings: upgrade E6 to SH. transform E5. dig 1. transform E7", lambda m: "SH" in m and "dig" in m),
])
def test_the_halflings_stronghold_spades_stay_within_the_rules(row, unlisted):
    _unlisted_and_refused(_halflings_trading_house(), row, unlisted)
