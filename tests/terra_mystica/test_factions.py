"""Faction data: all 20 factions load, match the reference file, and bad data names file and key path."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from companion.errors import CompanionError, RulesDataError
from companion.resources import load_json
from companion.terra_mystica.factions import (
    BUILDING_KINDS,
    UnknownFactionError,
    faction_names,
    get_faction,
    load_factions,
    parse_factions,
)

FIXTURES = Path(__file__).parent / "fixtures"
REFERENCE = json.loads((FIXTURES / "reference_factions.json").read_text(encoding="utf-8"))["factions"]
NAMES = {"bowl1": 0, "bowl2": 1, "bowl3": 2}
BUILDINGS = {"D": "dwelling", "TP": "trading_house", "TE": "temple", "SH": "stronghold", "SA": "sanctuary"}


def test_twenty_factions_base_and_fire_and_ice():
    factions = load_factions()
    assert len(factions) == 20
    assert set(faction_names()) == set(REFERENCE)
    expansions = {f.expansion for f in factions.values()}
    assert expansions == {"base", "fire_ice"}
    assert sum(f.expansion == "base" for f in factions.values()) == 14


@pytest.mark.parametrize("name", sorted(REFERENCE))
def test_faction_matches_reference(name):
    f = get_faction(name)
    ref = REFERENCE[name]
    assert f.display == ref["display"]
    assert f.home_terrain == ref["home_terrain_colour"]
    st = ref["start"]
    assert (f.start.coins, f.start.workers, f.start.priests, f.start.vp) == (
        st["coins"], st["workers"], st["priests"], st["vp"])
    assert f.start.power == tuple(st["power"][k] for k in NAMES)
    assert dict(f.start.cults) == st["cults"]
    for kind, bname in BUILDINGS.items():
        b = f.building(kind)
        rb = ref["buildings"][bname]
        assert dict(b.cost) == rb["cost"]
        assert b.count == rb["count"]
        for res, values in rb["income_by_count"].items():
            assert b.income_by_count[res] == tuple(values)
    assert f.shipping.start == ref["shipping"]["start"]
    assert f.shipping.max == ref["shipping"]["max"]
    if ref["spades"] is None:
        assert f.spades is None
    else:
        assert [dict(c) for c in f.spades.cost_per_spade_by_level] == ref["spades"]["cost_per_spade_by_level"]


def test_building_power_values_and_yetis_exception():
    for f in load_factions().values():
        assert [f.building_power(k) for k in ("D", "TP", "TE")] == [1, 2, 2]
        expected = 4 if f.name == "yetis" else 3
        assert f.building_power("SH") == expected
        assert f.building_power("sanctuary") == expected


def test_building_income_by_count():
    alch = get_faction("alchemists")
    assert alch.building("TP").income(4) == {"C": 11, "PW": 4}
    assert get_faction("engineers").building("TE").income(2) == {"P": 1, "PW": 5}
    with pytest.raises(ValueError):
        alch.building("SH").income(2)


def test_faction_special_rules_as_data():
    assert get_faction("alchemists").coins_per_vp == 2
    assert get_faction("witches").coins_per_vp == 3
    assert dict(get_faction("halflings").spade_gain_bonus) == {"VP": 1}
    assert dict(get_faction("alchemists").spade_gain_bonus) == {"PW": 2}
    assert dict(get_faction("alchemists").spade_bonus_needs) == {"SH": 1}
    assert dict(get_faction("witches").town_bonus) == {"VP": 5}
    assert dict(get_faction("swarmlings").town_bonus) == {"W": 3}
    assert get_faction("yetis").power_action_discount["ACT6"] == 1
    assert get_faction("darklings").spade_cost(0) == {"P": 1}
    assert get_faction("fakirs").spades.max_level == 1
    assert get_faction("dwarves").shipping.max == 0
    assert get_faction("mermaids").shipping.start == 1
    assert get_faction("giants").terraform_mode == "fixed_two"
    assert {f.name for f in load_factions().values() if f.terraform_mode == "volcano"} == {"acolytes", "dragonlords"}
    assert {f.name for f in load_factions().values() if f.terraform_mode == "ice"} == {"icemaidens", "yetis"}
    assert get_faction("riverwalkers").spades is None
    assert get_faction("cultists").leech_effect["taken"] == {"CULT": 1}
    assert get_faction("dwarves").teleport["type"] == "tunnel"
    assert get_faction("shapeshifters").picks_colour and not get_faction("nomads").picks_colour


def test_lookup_by_display_name_and_unknown_name():
    assert get_faction("Chaos Magicians").name == "chaosmagicians"
    assert get_faction("ice_maidens").name == "icemaidens"
    assert get_faction(get_faction("auren")) is get_faction("auren")
    with pytest.raises(UnknownFactionError, match="unknown faction 'elves'.*witches"):
        get_faction("elves")
    assert issubclass(UnknownFactionError, CompanionError) and issubclass(UnknownFactionError, KeyError)


def test_every_faction_has_every_building_kind():
    for f in load_factions().values():
        assert tuple(f.buildings) == BUILDING_KINDS


def _doc():
    return copy.deepcopy(load_json("terra_mystica/factions.json"))


@pytest.mark.parametrize(("mutate", "key_path"), [
    (lambda d: d["factions"]["giants"]["start"].pop("coins"), "factions.giants.start.coins"),
    (lambda d: d["factions"]["giants"]["start"].__setitem__("coins", "15"), "factions.giants.start.coins"),
    (lambda d: d["factions"]["witches"]["buildings"]["temple"]["cost"].__setitem__("C", 5.5),
     "factions.witches.buildings.temple.cost.C"),
    (lambda d: d["factions"]["nomads"]["buildings"]["dwelling"]["income_by_count"]["W"].pop(),
     "factions.nomads.buildings.dwelling.income_by_count.W"),
    (lambda d: d["factions"]["auren"].__setitem__("terraform_mode", "magic"), "factions.auren.terraform_mode"),
    (lambda d: d["factions"]["auren"].__setitem__("home_terrain_colour", "purple"),
     "factions.auren.home_terrain_colour"),
    (lambda d: d["factions"]["mermaids"]["shipping"].__setitem__("start", 9), "factions.mermaids.shipping.start"),
    (lambda d: d["factions"]["halflings"]["spades"]["cost_per_spade_by_level"].pop(),
     "factions.halflings.spades.cost_per_spade_by_level"),
    (lambda d: d["factions"]["fakirs"]["buildings"].pop("sanctuary"), "factions.fakirs.buildings.sanctuary"),
])
def test_bad_data_names_file_and_key_path(mutate, key_path):
    doc = _doc()
    mutate(doc)
    with pytest.raises(RulesDataError) as info:
        parse_factions(doc)
    assert info.value.file == "terra_mystica/factions.json"
    assert info.value.key_path == key_path
    assert "terra_mystica/factions.json" in str(info.value) and key_path in str(info.value)


def test_factions_are_frozen():
    f = get_faction("giants")
    with pytest.raises(AttributeError):
        f.name = "x"  # type: ignore[misc]
    with pytest.raises(TypeError):
        f.building("D").cost["C"] = 0  # type: ignore[index]
