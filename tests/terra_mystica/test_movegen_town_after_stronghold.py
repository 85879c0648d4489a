"""A town decided by an earlier part of the same move (issue 19.3): the Halflings' stronghold is an upgrade
followed, in one move, by the build its spades pay for (RULES-NOTES-E E.0, E.2.1), so whether that build
founds a town depends on the town state *after* the upgrade, not before it.

Found by the search bot's playouts (``benchmarks/bot_strength.py``, a 2-player game of seed 20): the move
generator listed ``upgrade F5 to SH. +TW1. build E9. +TW5``, a second town tile for a dwelling that only
joins the town the stronghold had just founded; the engine (and the reference engine) refuse it. The
converse was wrong too: a build that founds a town only with the stronghold's power (3, not the trading
house's 2) was listed without its tile, a move the reference leaves open (a town pick still owed).

Positions: the Halflings (plains) with dwellings on E6 and F5 from the setup, the Chaos Magicians far away on
I12 (no power offers), the Halflings' buildings on E6, E5, F3 (and F4) joined; E7 (mountains, three spades from
plains) touches E6 and F4, so the stronghold's three spades turn it and the dwelling goes on it. Each row is
checked against the project's move list and (with Perl and the reference engine present; skipped with a
message otherwise) the reference engine, the independent answer.
"""

from __future__ import annotations

from tests.terra_mystica.test_movegen_kinds import _listed_and_accepted, _start, _unlisted_and_refused

SETUP = ("halflings: build E6", "halflings: build F5", "chaosmagicians: build I12",
         "chaosmagicians: pass BON1", "halflings: pass BON2")


def _halflings(*rows: str):
    """The position after ``rows`` (the Chaos Magicians send a priest between the Halflings' turns, so they
    never pass and each Halflings row is a turn of its own)."""
    pos = _start(("halflings", "chaosmagicians"), SETUP, halflings={"C": 40, "W": 30, "P": 3, "PW": 0},
                 chaosmagicians={"C": 10, "W": 0, "P": 6, "PW": 0})
    tracks = ["FIRE", "WATER", "EARTH", "AIR", "FIRE", "WATER"]
    played = []
    for row, track in zip(rows, tracks, strict=False):
        played += [f"halflings: {row}", f"chaosmagicians: send p to {track}"]
    return pos.then(*played)


def _town_before_the_build():
    """E6 (a trading house), E5 (a trading house), F3 and F4 (dwellings): 6 power in 4 buildings, no town;
    the stronghold on E6 makes 7, a town, before its spades are used."""
    return _halflings("dig 1. build E5", "dig 1. build F3", "dig 3. build F4", "upgrade E6 to TP",
                      "upgrade E5 to TP")


def _town_by_the_build():
    """E6 (a trading house), E5 (a temple), F3 (a dwelling): 5 power in 3 buildings; the stronghold makes 6
    in 3 (no town), the dwelling on E7 then 7 in 4, a town that the trading house's power would not make."""
    return _halflings("dig 1. build E5", "dig 1. build F3", "upgrade E6 to TP", "upgrade E5 to TP",
                      "upgrade E5 to TE. +FAV11")


def test_the_stronghold_founds_the_town_and_the_build_after_it_only_joins_it():
    pos = _town_before_the_build()
    _listed_and_accepted(pos, "halflings: upgrade E6 to SH. +TW1. transform E7. build E7")


def test_no_second_town_tile_for_a_build_that_joins_the_town_just_founded():
    pos = _town_before_the_build()
    _unlisted_and_refused(pos, "halflings: upgrade E6 to SH. +TW1. transform E7. build E7. +TW5",
                          lambda m: m.startswith("upgrade E6 to SH. +TW") and "E7. +TW" in m)
    _unlisted_and_refused(pos, "halflings: upgrade E6 to SH. +TW1. build E7. -GAIN_TW",
                          lambda m: m.startswith("upgrade E6 to SH. +TW") and m.endswith("GAIN_TW"))


def test_a_build_that_founds_a_town_with_the_strongholds_power_takes_its_tile():
    pos = _town_by_the_build()
    _listed_and_accepted(pos, "halflings: upgrade E6 to SH. transform E7. build E7. +TW5")


def test_that_build_without_its_tile_is_not_a_complete_move():
    pos = _town_by_the_build()
    listed = pos.listed("halflings")
    assert "upgrade E6 to SH. transform E7. build E7" not in listed
    verdict = pos.judge("halflings: upgrade E6 to SH. transform E7. build E7")
    assert ("town", "halflings") in verdict.action_required   # the reference waits for the tile
