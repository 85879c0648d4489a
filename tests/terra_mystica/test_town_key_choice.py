"""A town tile whose cult steps would take more tracks to 10 than there are keys (TW5, TW6): the move
generator writes out which tracks get the keys (issue 19, item 4: records the reference engine replays as
written).

The reference engine lets its internal (hash) order pick the track that reaches 10 (RULES-NOTES-D D.2); this
engine stops every such track at 9 and lets the player say. So a bare ``+TW5`` there means two things; a row
with ``-TRACK`` before the tile for each track left without a key means one, in both engines. (The kind was
found by ``benchmarks/tm_reference.py --games 500 --seed 1``, game 480: the Shapeshifters at water 9 and air
9, one key from TW5.)

The position here is made by hand: a 2-player base game (Witches, Engineers) in which the Witches, given
coins, workers and water 9 / air 9 once the setup is done (``option loose-adjust-resource`` in the
reference's rows: ``+30C`` ...; a direct edit of the project's game), build a cluster C3 D4 D5 E7 of power 6:
upgrading D5 to a trading house founds a town, and TW5's key can take only one of the two tracks to 10.
"""

from __future__ import annotations

import pytest

from companion.terra_mystica import engine, game
from companion.terra_mystica.engine.rows import command_rows

SETUP = [("witches", "build C3"), ("engineers", "build H8"), ("engineers", "build I9"), ("witches", "build C4"),
         ("engineers", "pass BON5"), ("witches", "pass BON6")]
ROUND_1 = [("witches", "dig 1. build D5"), ("engineers", "pass BON7"), ("witches", "dig 2. build D4"),
           ("witches", "dig 1. build E7"), ("witches", "upgrade C3 to TP"), ("witches", "upgrade D4 to TP")]
GIFT = {"C": 30, "W": 30}
CULTS = {"WATER": 9, "AIR": 9}
TOWN = "upgrade D5 to TP"
TRACKS = ("FIRE", "WATER", "EARTH", "AIR")


def _position():
    """(the project's game before the town row, the reference's rows up to there)."""
    g = game.new_game(["witches", "engineers"], options=(), round_tiles=[f"SCORE{k}" for k in range(1, 7)],
                      removed_bonus=["BON1", "BON2", "BON3", "BON4"]).game
    for faction, row in SETUP:
        g = engine.apply_action(g, faction, row)
    g = g.copy()
    witches = g.factions["witches"]
    witches.coins += GIFT["C"]
    witches.workers += GIFT["W"]
    before = dict(witches.cult)
    witches.cult.update(CULTS)
    for faction, row in ROUND_1:
        g = engine.apply_action(g, faction, row)
    # the reference: the same rows, with the gifts typed after the setup (the project's rows of the game)
    lines = command_rows(g).splitlines()
    after_setup = lines.index("witches: pass BON6") + 1
    gifts = ["option loose-adjust-resource"]
    typed = [f"witches: +{n}{res}" for res, n in GIFT.items()]
    typed += [f"witches: +{CULTS[t] - before[t]}{t}" for t in CULTS]
    rows = [gifts[0], *lines[:after_setup], *typed, *lines[after_setup:]]
    return g, rows


@pytest.fixture(scope="module")
def position():
    return _position()


def _rows(rows: list[str], town_row: str) -> str:
    return "\n".join([*rows, *(f"witches: {c.strip()}" for c in town_row.split("."))]) + "\n"


def test_the_town_rows_name_the_track_left_without_a_key(position):
    g, _rows_text = position
    f = g.factions["witches"]
    contested, free = g.contested_tracks(f, g.tiles.town["TW5"].gain)
    # the rule by hand: two tracks one step from 10, nobody else on their 10, one key (the tile's)
    assert sorted(contested) == ["AIR", "WATER"] and free == 1, (contested, free)
    listed = sorted(r for r in engine.legal_actions(g, "witches") if r.startswith(TOWN) and r.endswith("+TW5"))
    assert listed == [f"{TOWN}. -AIR. +TW5", f"{TOWN}. -WATER. +TW5"], listed
    for back, keyed in (("WATER", "AIR"), ("AIR", "WATER")):
        after = engine.apply_action(g, "witches", f"{TOWN}. -{back}. +TW5").factions["witches"]
        assert (after.cult[back], after.cult[keyed]) == (9, 10), after.cult
    bare = engine.apply_action(g, "witches", f"{TOWN}. +TW5").factions["witches"]
    assert (bare.cult["WATER"], bare.cult["AIR"]) == (9, 9)   # this engine gives no key without a choice


def test_the_reference_engine_reads_each_town_row_as_the_project_does(position):
    from tests.terra_mystica.oracle import Oracle, require_oracle

    require_oracle()
    g, rows = position
    with Oracle() as oracle:
        before = oracle.judge(_rows(rows, "done"))
        assert before.accepted, before.error
        for back, keyed in (("WATER", "AIR"), ("AIR", "WATER")):
            verdict = oracle.judge(_rows(rows, f"{TOWN}. -{back}. +TW5"))
            assert verdict.accepted, verdict.error
            cults = dict(zip(TRACKS, verdict.rows[-1].cults, strict=True))
            ours = engine.apply_action(g, "witches", f"{TOWN}. -{back}. +TW5").factions["witches"].cult
            assert (cults[back], cults[keyed]) == (9, 10) == (ours[back], ours[keyed]), (back, cults)
        bare = oracle.judge(_rows(rows, f"{TOWN}. +TW5"))
        assert bare.accepted, bare.error
        cults = dict(zip(TRACKS, bare.rows[-1].cults, strict=True))
        # the reference gives the key to one of them (its own order): what the bare row leaves unsaid
        assert sorted((cults["WATER"], cults["AIR"])) == [9, 10], cults
