"""Tile and board data: favor, bonus, town, round scoring tiles, power actions, cult tracks."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from companion.errors import RulesDataError
from companion.resources import load_json
from companion.terra_mystica.factions import get_faction
from companion.terra_mystica.tiles import (
    UnknownTileError,
    bonus_tile,
    favor_tile,
    load_tiles,
    parse_tiles,
    power_action,
    round_scoring_tile,
    town_tile,
)

REF = json.loads((Path(__file__).parent / "fixtures" / "reference_tiles.json").read_text(encoding="utf-8"))


def test_counts_match_reference():
    t = load_tiles()
    assert set(t.favor) == set(REF["favor_tiles"]) and len(t.favor) == 12
    assert set(t.bonus) == set(REF["bonus_tiles"]) and len(t.bonus) == 10
    assert set(t.town) == set(REF["town_tiles"]) and len(t.town) == 8
    assert set(t.round_scoring) == set(REF["round_scoring_tiles"]) and len(t.round_scoring) == 9
    assert set(t.power_actions) == {f"ACT{i}" for i in range(1, 7)}


def test_favor_tiles():
    assert dict(favor_tile("FAV1").cult_steps) == {"FIRE": 3} and favor_tile("FAV1").copies == 1
    assert favor_tile("fav5").town_size_delta == -1
    assert dict(favor_tile("FAV8").income) == {"PW": 4}
    assert favor_tile("FAV12").pass_vp["TP"] == (0, 2, 3, 3, 4)
    assert favor_tile("FAV6").has_action and not favor_tile("FAV7").has_action
    assert sum(t.copies for t in load_tiles().favor.values()) == 4 + 8 * 3


def test_bonus_and_town_tiles():
    assert dict(bonus_tile("BON4").special) == {"ship": 1}
    assert bonus_tile("BON10").option == "shipping-bonus"
    assert bonus_tile("BON7").pass_vp["TP"][3] == 6
    for tid, ref in REF["town_tiles"].items():
        assert town_tile(tid).vp == ref["gain"]["VP"]
    assert town_tile("TW6").keys == 2 and town_tile("TW1").keys == 1


def test_round_scoring_cult_bonus():
    s2 = round_scoring_tile("SCORE2")
    assert s2.cult_bonus.track == "EARTH"
    assert s2.cult_bonus.for_position(9) == {"SPADE": 2}
    assert s2.cult_bonus.for_position(3) == {}
    assert round_scoring_tile("SCORE1").cult_bonus.for_position(5) == {"C": 5}
    assert round_scoring_tile("SCORE9").option == "temple-scoring-tile"


def test_power_actions_and_yetis_discount():
    assert power_action("ACT6").power == 6 and dict(power_action("ACT6").gain) == {"SPADE": 2}
    assert power_action("ACT1").cost_for(get_faction("yetis")) == 2
    assert power_action("ACT1").cost_for(get_faction("witches")) == 3


def test_cult_track_rules():
    c = load_tiles().cult_track
    assert c.tracks == ("FIRE", "WATER", "EARTH", "AIR") and c.max == 10
    assert c.priest_slot_steps == (3, 2, 2, 2)
    assert c.power_for_move(2, 3) == 1
    assert c.power_for_move(0, 10) == 1 + 2 + 2 + 3
    assert c.power_for_move(5, 6) == 0


def test_final_scoring_categories():
    fs = load_tiles().final_scoring
    assert fs["network"].points == (18, 12, 6)
    assert fs["cults"].points == (8, 4, 2)
    assert {k for k, v in fs.items() if v.option == "fire-and-ice-final-scoring"} == {
        "connected-distance", "connected-sa-sh-distance", "building-on-edge", "connected-clusters"}


def test_unknown_tile():
    with pytest.raises(UnknownTileError, match="unknown town tile 'TW9'"):
        town_tile("TW9")


@pytest.mark.parametrize(("mutate", "key_path"), [
    (lambda d: d["favor_tiles"]["FAV3"]["gain"].__setitem__("MUD", 1), "favor_tiles.FAV3.gain"),
    (lambda d: d["town_tiles"]["TW2"]["gain"].pop("VP"), "town_tiles.TW2.gain.VP"),
    (lambda d: d["round_scoring_tiles"]["SCORE4"]["end_of_round_cult_bonus"].__setitem__("per_steps", 0),
     "round_scoring_tiles.SCORE4.end_of_round_cult_bonus.per_steps"),
    (lambda d: d["power_actions"]["ACT3"].__setitem__("cost", {"C": 4}), "power_actions.ACT3.cost"),
    (lambda d: d["bonus_tiles"]["BON3"]["income"].__setitem__("C", "6"), "bonus_tiles.BON3.income.C"),
    (lambda d: d.pop("cult_track"), "cult_track"),
    (lambda d: d["final_scoring"].pop("network"), "final_scoring.network"),
    (lambda d: d["board_rules"]["upgrades"].__setitem__("TP", ["XX"]), "board_rules.upgrades.TP"),
    (lambda d: d["board_rules"].__setitem__("town_power", 0), "board_rules.town_power"),
    (lambda d: d["board_rules"].pop("max_priests"), "board_rules.max_priests"),
])
def test_bad_data_names_file_and_key_path(mutate, key_path):
    doc = copy.deepcopy(load_json("terra_mystica/tiles.json"))
    mutate(doc)
    with pytest.raises(RulesDataError) as info:
        parse_tiles(doc)
    assert info.value.file == "terra_mystica/tiles.json"
    assert info.value.key_path == key_path


def test_board_rules_from_data_drive_towns():
    from companion.terra_mystica.towns import RULES, town_count, town_power_needed

    rules = load_tiles().rules
    assert RULES is rules
    assert rules.upgraded_from("SH") == "TP" and rules.upgraded_from("SA") == "TE" and rules.upgraded_from("D") is None
    # FAV5's TOWN_SIZE gain in the data lowers the town power by one
    assert town_power_needed(True) == town_power_needed(False) + load_tiles().favor["FAV5"].town_size_delta
    assert town_count(["D", "SA", "TE"]) == 2 + rules.sanctuary_counts_as
