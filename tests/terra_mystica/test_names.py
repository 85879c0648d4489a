"""One display name per Terra Mystica thing (issue 22, point 12): every old import path gives the same function,
and that function names what the rules data and the glossary name."""

from __future__ import annotations

import json
from pathlib import Path

from companion.i18n import using_language
from companion.terra_mystica import describe, factions, names, terrain
from companion.widgets.terra_mystica import names as widget_names

DATA = Path(__file__).resolve().parents[2] / "data"


def test_each_name_has_one_function_whatever_the_import_path():
    assert describe.faction_name is factions.faction_label is widget_names.faction_name is names.faction_name
    assert describe.terrain_name is terrain.terrain_name is widget_names.terrain_name is names.terrain_name
    assert describe.building_name is names.building_name and describe.track_name is names.track_name
    assert describe.BUILDING_NAMES is names.BUILDING_NAMES
    assert not hasattr(factions, "BUILDING_NAMES")  # the data file's keys are BUILDING_KEYS, not names


def test_terrain_names_follow_the_data_file_for_letters_and_colour_words():
    cycle = json.loads((DATA / "terra_mystica" / "terrain_cycle.json").read_text(encoding="utf-8"))
    letters, colours, english = cycle["letters"], cycle["cycle_order"], cycle["names"]
    for letter, colour, name in zip(letters, colours, english, strict=True):
        assert names.terrain_name(letter) == names.terrain_name(colour) == names.terrain_name(colour.upper()) == name
    assert [names.terrain_name(x) for x in ("I", "x", "river", "ice", "volcano", "Q")] == [
        "river", "river", "river", "ice", "volcano", "Q"]


def test_names_are_the_glossary_terms_in_chinese():
    glossary = json.loads((DATA / "i18n" / "glossary.json").read_text(encoding="utf-8"))
    terms = json.dumps(glossary, ensure_ascii=False)
    with using_language("zh_CN"):
        shown = [names.terrain_name("G"), names.terrain_name("I"), names.faction_name("witches"),
                 names.building_name("SH")]
    assert all(name in terms for name in shown), shown
    assert shown[2] != "Witches"
