"""Where a rule lets the player choose, the command says so: the engine never picks silently (issue 10).

Hand-made positions; numbers worked out from RULES-NOTES-D D.2 (cult steps into 10, keys) and section 4.
"""

from __future__ import annotations

import pytest

from companion.errors import IllegalActionError
from companion.terra_mystica.engine import apply_action, legal_actions, new_game, parse_commands

TILES = ["SCORE5", "SCORE2", "SCORE3", "SCORE1", "SCORE4", "SCORE6"]


def play(game, *rows):
    for row in rows:
        faction, cmd = row.split(":", 1)
        game = apply_action(game, faction.strip(), cmd.strip())
    return game


def cults(game, faction):
    return [game.factions[faction].cult[t] for t in ("FIRE", "WATER", "EARTH", "AIR")]


def opening():
    g = new_game(["halflings", "witches"], round_tiles=TILES, removed_bonus=["BON6"])
    return play(g, "halflings: build E6", "witches: build F4", "witches: build E9", "halflings: build F5",
                "witches: pass BON5", "halflings: pass BON3")


def test_a_town_tile_with_two_tracks_to_ten_and_one_key_waits_for_the_players_choice():
    g = opening()
    f = g.factions["witches"]
    f.cult.update(FIRE=6, WATER=9, EARTH=4, AIR=9)
    f.keys = 0
    f.set_owed(town=1)
    g = play(g, "witches: +TW5")
    # TW5: a key and one step on every track; WATER and AIR both want the one key: both wait at 9
    assert cults(g, "witches") == [7, 9, 5, 9]
    assert {"+WATER", "+AIR"} <= set(legal_actions(g, "witches"))
    pw = g.factions["witches"].bowls.iii
    air = play(g, "witches: +AIR")
    assert cults(air, "witches") == [7, 9, 5, 10] and air.factions["witches"].bowls.iii > pw  # 3 power for 10
    with pytest.raises(IllegalActionError) as err:
        play(air, "witches: +WATER")  # the key is used
    assert err.value.code == "no_cult_step_due"
    assert cults(play(g, "witches: +WATER"), "witches") == [7, 10, 5, 9]


def test_one_track_to_ten_with_its_key_needs_no_choice():
    g = opening()
    f = g.factions["witches"]
    f.cult.update(FIRE=6, WATER=8, EARTH=4, AIR=9)
    f.keys = 0
    f.set_owed(town=1)
    assert cults(play(g, "witches: +TW5"), "witches") == [7, 9, 5, 10]


def test_mermaids_name_the_river_hex_when_two_are_shared():
    g = new_game(["mermaids", "witches"], round_tiles=TILES, removed_bonus=["BON6"])
    g = play(g, "mermaids: build A11", "witches: build F4", "witches: build E9", "mermaids: build E11",
             "witches: pass BON5", "mermaids: pass BON3")
    with pytest.raises(IllegalActionError) as err:
        play(g, "mermaids: connect A11:C5")  # A11 and C5 both touch r4 and r5
    assert err.value.code == "ambiguous_river" and "r4" in str(err.value) and "r5" in str(err.value)


def test_priest_slot_and_terrain_colour_are_stated_choices():
    g = play(opening(), "halflings: pass BON1")
    g.factions["witches"].priests = 2
    one = play(g, "witches: send p to WATER for 2")
    assert g.factions["witches"].cult["WATER"] + 2 == one.factions["witches"].cult["WATER"]
    assert "send p to WATER for 3" in legal_actions(g, "witches")
    g.factions["witches"].workers = 20
    blue = play(g, "witches: dig 3. transform F3 to blue")  # yellow -> blue, not to the Witches' forest
    assert blue.colour["F3"] == "blue"


def test_a_ledger_row_states_the_choice_in_its_cult_column():
    """A ledger row of the reference engine shows which track got the key; the replay reads it from there."""
    g = opening()
    f = g.factions["witches"]
    f.cult.update(FIRE=6, WATER=9, EARTH=4, AIR=9)
    f.keys = 0
    f.set_owed(town=1)
    g.apply_row("witches", parse_commands("+TW5"), cults_after=(7, 10, 5, 9))
    assert cults(g, "witches") == [7, 10, 5, 9]
    assert g.rows[-1].totals[7:] == (7, 10, 5, 9)
