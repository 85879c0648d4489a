"""The sheet model: the shipped reconstruction, user files, validation with key paths."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.errors import RulesDataError
from companion.magick.sheet import default_sheet, load_sheet, save_sheet, sheet_from_dict

FIXTURES = Path(__file__).parent / "fixtures"


def reference() -> dict:
    return json.loads((FIXTURES / "reference_sheet.json").read_text(encoding="utf-8"))


def test_default_sheet_is_labelled_reconstruction():
    s = default_sheet()
    assert s.reconstruction is True
    assert "RECONSTRUCTION" in s.label


def test_default_sheet_matches_reference_rows_targets_and_gold():
    ref = reference()
    s = default_sheet()
    ref_rows = {r["id"]: r for sec in ref["sections"] for g in sec["groups"] for r in g["rows"]}
    assert {r.id for r in s.rows} == set(ref_rows)
    for r in s.rows:
        assert r.gold == ref_rows[r.id]["gold"]
        assert [(c.column, c.target) for c in r.circles] == [
            (c["column"], c["target"]) for c in ref_rows[r.id]["circles"]]


def test_default_sheet_columns_match_reference_legend():
    ref = {c["id"]: c for c in reference()["columns"]}
    s = default_sheet()
    for c in s.columns:
        assert list(c.allowed_dice) == ref[c.id]["allowed_dice"]
        assert c.compare == ref[c.id]["compare"]
    assert s.extra_dice_costs == tuple(reference()["extra_dice_track"]["potion_cost"])


def test_comparisons():
    s = default_sheet()
    assert s.column("steel").accepts(5, 5) and not s.column("steel").accepts(4, 5)
    assert s.column("wild").accepts(10, 10) and not s.column("wild").accepts(11, 10)


def test_row_potions_and_glamor_effect():
    s = default_sheet()
    assert s.row("ring").potions == 1
    assert s.row("glamor_potion_supplier").potions == 5


def test_circle_keys_are_one_based():
    s = default_sheet()
    assert s.circle("grimoire.2").column == "wood"
    with pytest.raises(KeyError):
        s.circle("grimoire.0")
    with pytest.raises(KeyError):
        s.circle("grimoire.4")


def test_value_range_past_top_face_flag():
    doc = default_sheet().to_dict()
    assert default_sheet().value_range("d6") == (1, 12)
    doc["die_adjustment"]["past_top_face"] = False
    assert sheet_from_dict(doc).value_range("d6") == (1, 6)


def test_save_and_load_round_trip(tmp_path):
    s = default_sheet().with_values(targets={"sword.1": 3}, gold={"sword": 9}, reconstruction=False,
                                    name="My sheet")
    path = save_sheet(s, tmp_path / "mine.json")
    back = load_sheet(path)
    assert back.circle("sword.1").target == 3
    assert back.row("sword").gold == 9
    assert back.reconstruction is False
    assert back.name == "My sheet"


@pytest.mark.parametrize(("mutate", "key_path"), [
    (lambda d: d["groups"][1]["rows"][2]["circles"][0].__setitem__("target", 13),
     "groups[1].rows[2].circles[0].target"),
    (lambda d: d["groups"][1]["rows"][2]["circles"][0].__setitem__("target", "9"),
     "groups[1].rows[2].circles[0].target"),
    (lambda d: d["groups"][0]["rows"][0]["circles"][0].__setitem__("column", "mithril"),
     "groups[0].rows[0].circles[0].column"),
    (lambda d: d["groups"][0]["rows"][0]["circles"][0].__setitem__("column", "arcane"),
     "groups[0].rows[0].circles[0].column"),
    (lambda d: d["groups"][0]["rows"][1].__setitem__("gold", -1), "groups[0].rows[1].gold"),
    (lambda d: d["groups"][0]["rows"][1].pop("gold"), "groups[0].rows[1].gold"),
    (lambda d: d["columns"][0].__setitem__("compare", "<="), "columns[0].compare"),
    (lambda d: d["columns"][3]["allowed_dice"].append("d20"), "columns[3].allowed_dice[3]"),
    (lambda d: d["groups"][0]["rows"][1].__setitem__("id", "backpack"), "groups[0].rows[1].id"),
    (lambda d: d["extra_dice"]["potion_costs"].__setitem__(3, -2), "extra_dice.potion_costs[3]"),
    (lambda d: d["dice"][0].__setitem__("faces", True), "dice[0].faces"),
    (lambda d: d.__setitem__("groups", {}), "groups"),
])
def test_bad_sheet_names_key_path(tmp_path, mutate, key_path):
    doc = default_sheet().to_dict()
    mutate(doc)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(RulesDataError) as info:
        load_sheet(path)
    assert info.value.key_path == key_path
    assert str(path) in str(info.value)


def test_bad_json_names_file_and_line(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text('{"name": "x",\n  oops}', encoding="utf-8")
    with pytest.raises(RulesDataError, match="line 2"):
        load_sheet(path)


def test_missing_file():
    with pytest.raises(RulesDataError, match="no such file"):
        load_sheet("/nonexistent/sheet.json")


def test_with_values_rejects_unknown_keys_and_bad_values():
    with pytest.raises(RulesDataError, match="targets.nope.1"):
        default_sheet().with_values(targets={"nope.1": 3})
    with pytest.raises(RulesDataError, match="target"):
        default_sheet().with_values(targets={"sword.1": 0})


def test_save_refuses_invalid_document(tmp_path):
    doc = default_sheet().to_dict()
    doc["columns"][0]["side"] = "alchemy"
    with pytest.raises(RulesDataError, match=r"columns\[0\].side"):
        save_sheet(doc, tmp_path / "x.json")
    assert not (tmp_path / "x.json").exists()


def test_with_values_edits_the_legend():
    s = default_sheet().with_values(allowed_dice={"steel": ["d6", "d8"]})
    assert s.column("steel").allowed_dice == ("d6", "d8")
    with pytest.raises(RulesDataError, match=r"columns\[0\].allowed_dice\[1\]"):
        default_sheet().with_values(allowed_dice={"steel": ["d6", "d7"]})
    with pytest.raises(RulesDataError, match="allowed_dice.mithril"):
        default_sheet().with_values(allowed_dice={"mithril": ["d6"]})


def test_group_order_role_defaults_and_checks():
    doc = default_sheet().to_dict()
    for g in doc["groups"]:
        g.pop("order_role", None)
    s = sheet_from_dict(doc)
    assert s.row("ring").order_role == "item"
    assert s.row("fiery").order_role is None            # a research group names no order part unless told
    doc["groups"][0]["order_role"] = "prefix"
    with pytest.raises(RulesDataError, match=r"groups\[0\].order_role"):
        sheet_from_dict(doc)
