"""A transform towards home with too few spades (issue 19; found by the move generator's fourth step): the
reference engine accepts ``transform H5`` when the faction holds fewer spades than H5 needs to reach home,
and turns H5 as far as the spades go (all of them spent). This engine refused it. The same holds for
cult-income spades (``transform H4. transform H5`` with 2 spades, H5 two from home) and for an action's
spades (ACT6's 2 on a hex three from home). A transform to a *named* colour with too few spades stays refused.

The reference's verdict does not show the map, so the colour the hex took is checked by what follows: with
H5 one spade from forest, ``dig 1. transform H5. build H5`` is accepted and ``dig 2. transform H5. build H5``
refused (a spade left before the build). Each case: a plain engine test (no Perl) and the reference's verdict
on the same rows (skipped with a message without Perl or the engine); hand-set resources reach the reference
with option ``loose-adjust-resource``.
"""

from __future__ import annotations

import pytest

from companion.errors import IllegalActionError
from tests.terra_mystica.test_movegen_kinds import PLENTY, _start, _two_cult_spades

# The Witches (forest) next to H5 (black: black, blue, forest is 2 spades) and E6 (brown: 3 spades by
# black and blue), H4 (blue, 1 spade).


def test_cult_income_spades_turn_a_second_hex_part_of_the_way():
    """2 cult-income spades: H4 takes one (forest), H5 the other (black -> blue); nothing is left, the row is
    listed, and the colour is the one the next action needs (1 spade for forest, or to black)."""
    pos = _two_cult_spades()
    assert "transform H4. transform H5" in pos.listed("witches")
    after = pos.then("witches: transform H4. transform H5")
    g = after.game
    assert (g.colour["H4"], g.colour["H5"], g.factions["witches"].spades) == ("green", "blue", 0)
    assert g.phase == "actions"
    built = after.then("chaosmagicians: pass BON1", "witches: dig 1. transform H5. build H5").game
    assert built.townstate.buildings["H5"][0] == "witches"


def test_one_cult_income_spade_alone_is_listed_on_a_hex_two_from_home():
    """With 2 spades, E6 (3 from home) alone is listed and goes two steps (brown -> blue)."""
    pos = _two_cult_spades()
    assert "transform E6" in pos.listed("witches")
    g = pos.then("witches: transform E6").game
    assert (g.colour["E6"], g.factions["witches"].spades) == ("blue", 0)


def test_the_reference_agrees_on_the_partial_cult_income_transform():
    pos = _two_cult_spades().then("witches: transform H4. transform H5", "chaosmagicians: pass BON1")
    verdict = pos.judge("witches: dig 1. transform H5. build H5")
    assert verdict.accepted, verdict.error
    # near-miss: were H5 still black, 2 dug spades would all go into it; one step from forest, one is left
    refused = pos.judge("witches: dig 2. transform H5. build H5")
    assert not refused.accepted and "remaining" in refused.error
    with pytest.raises(IllegalActionError):
        pos.then("witches: dig 2. transform H5. build H5")


def test_an_actions_two_spades_turn_a_hex_three_from_home_two_steps():
    """ACT6's 2 spades on E6 (brown, 3 from forest): E6 turns blue, the turn ends; next turn one dug spade
    finishes it (the reference accepts both rows)."""
    pos = _start(witches=PLENTY).then("witches: action ACT6. transform E6")
    g = pos.game
    assert (g.colour["E6"], g.factions["witches"].spades) == ("blue", 0)
    pos = pos.then("chaosmagicians: pass BON3")
    verdict = pos.judge("witches: dig 1. transform E6. build E6")
    assert verdict.accepted, verdict.error
    assert pos.then("witches: dig 1. transform E6. build E6").game.townstate.buildings["E6"][0] == "witches"


def test_a_named_colour_with_too_few_spades_stays_refused():
    """Near-miss: ``transform E6 to gray`` (3 spades by yellow and red) with ACT6's 2 is refused by both."""
    pos = _start(witches=PLENTY)
    with pytest.raises(IllegalActionError):
        pos.then("witches: action ACT6. transform E6 to gray")
    verdict = pos.judge("witches: action ACT6. transform E6 to gray")
    assert not verdict.accepted and "SPADE" in verdict.error
