"""The declines of favour, town and cult choices as complete moves (issue 19.3; RULES-NOTES-E E.2): the
reference engine accepts ``-GAIN_FAVOR``, ``-GAIN_TW`` and ``-CULT`` (``-2GAIN_FAVOR`` for the Chaos
Magicians' two tiles) for a pending choice, and refuses them when nothing of the kind is pending. Each
row is checked to be listed by :func:`legal_moves`, and (with Perl and the reference engine present; skipped
with a message otherwise) judged by the reference engine, the independent answer. The near-misses decline
what the move does not grant, or more than it grants.
"""

from __future__ import annotations

import pytest

from tests.terra_mystica.test_movegen_kinds import (
    PLENTY,
    _chaos_trading_house,
    _listed_and_accepted,
    _start,
    _still_open,
    _unlisted_and_refused,
    _witches_groups,
)


def _witches_trading_house():
    """The Witches (holding BON2, the cult-step action) with a trading house on G3; the Chaos Magicians play
    between their turns."""
    return _start(witches=PLENTY).then("witches: upgrade G3 to TP", "chaosmagicians: upgrade D4 to TP")


@pytest.mark.parametrize("row", [
    "witches: upgrade G3 to TE. -GAIN_FAVOR",     # a temple's favour tile declined
    "witches: action BON2. -CULT",                # BON2's cult step declined
])
def test_a_favour_tile_or_a_cult_step_may_be_declined_in_the_move(row):
    _listed_and_accepted(_witches_trading_house(), row)


@pytest.mark.parametrize(("row", "unlisted"), [
    ("witches: upgrade F4 to TP. -GAIN_FAVOR", lambda m: m.startswith("upgrade F4 to TP.")),  # a TP owes none
    ("witches: action BON2. -2CULT", lambda m: m.endswith("2CULT")),                            # one step only
])
def test_declining_what_the_move_does_not_grant_is_not_listed(row, unlisted):
    _unlisted_and_refused(_witches_trading_house(), row, unlisted)


def test_a_town_founded_by_a_bridge_may_be_declined():
    """The bridge joins two groups into a 7-power town (test_movegen_kinds): its tile may be declined, one
    tile only (``-2GAIN_TW`` is refused)."""
    pos = _witches_groups(f4_trading_house=True)
    _listed_and_accepted(pos, "witches: action ACT1. bridge F4:G3. -GAIN_TW")
    _unlisted_and_refused(pos, "witches: action ACT1. bridge F4:G3. -2GAIN_TW", lambda m: "2GAIN_TW" in m)


@pytest.mark.parametrize("row", [
    "chaosmagicians: upgrade D4 to TE. -2GAIN_FAVOR",          # both tiles declined
    "chaosmagicians: upgrade D4 to TE. +FAV11. -GAIN_FAVOR",   # one taken, the other declined
])
def test_the_chaos_magicians_may_decline_one_or_both_favour_tiles(row):
    _listed_and_accepted(_chaos_trading_house(), row)


def test_declining_one_of_the_chaos_magicians_two_tiles_alone_is_not_a_complete_move():
    """Near-miss: ``-GAIN_FAVOR`` alone leaves the second tile owed (the reference keeps the turn open)."""
    pos = _chaos_trading_house()
    assert "upgrade D4 to TE. -GAIN_FAVOR" not in pos.listed("chaosmagicians")
    verdict = pos.judge("chaosmagicians: upgrade D4 to TE. -GAIN_FAVOR")
    assert verdict.accepted and _still_open(verdict, "chaosmagicians") == ["favor"]
