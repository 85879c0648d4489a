"""The sheet editor: type the printed numbers, save a sheet file the engine loads."""

from __future__ import annotations

import json
import random

import pytest

from companion.magick import engine
from companion.magick.sheet import load_sheet
from companion.widgets.magick.sheet_editor import USER_LABEL, SheetEditor


@pytest.fixture
def editor(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_SAVE_DIR", str(tmp_path))
    return SheetEditor()


def test_the_form_starts_from_the_reference_numbers(editor):
    assert editor.target_boxes["plate_armor.1"].value == 8      # steel 8 on the reference sheet
    assert editor.gold_boxes["plate_armor"].value == 5
    assert editor.printed.value is False
    assert "Reconstruction" in editor.preview.children[0].banner.value


def test_saved_numbers_are_what_the_engine_plays_with(editor, tmp_path):
    editor.target_boxes["sword.1"].value = 6
    editor.gold_boxes["sword"].value = 9
    editor.name_text.value = "My sheet"
    editor.printed.value = True
    assert editor.save(tmp_path / "mine.json")
    assert json.loads((tmp_path / "mine.json").read_text())["name"] == "My sheet"
    mine = load_sheet(tmp_path / "mine.json")
    assert mine.circle("sword.1").target == 6 and mine.row("sword").gold == 9
    assert mine.reconstruction is False and mine.label == USER_LABEL
    assert "Your sheet" in editor.preview.children[0].banner.value
    # the engine uses the new numbers: a steel 5 no longer fills the Sword (now steel 6)
    state = engine.new_game(["Ann"], sheet=mine, deck=())
    while state.phase == "reveal":   # an empty deck: the opening order slots stay empty
        state = engine.apply_action(state, engine.chance_action(state, random.Random(0)))
    state = engine.apply_action(state, engine.RollDice.of({"d6": 5, "d8": 1, "d10": 1, "d12": 1}))
    with pytest.raises(engine.IllegalActionError) as err:
        engine.apply_action(state, engine.Place(0, "d6", "sword.1", 0))
    assert err.value.code == "target_not_met"


def test_a_printed_sheet_does_not_keep_the_reconstructions_name(editor, tmp_path):
    editor.printed.value = True
    assert editor.save(tmp_path / "mine.json")
    assert "reconstruction" not in load_sheet(tmp_path / "mine.json").name.lower()


def test_an_out_of_range_number_is_reported_and_nothing_is_written(editor, tmp_path):
    editor.target_boxes["plate_armor.1"].value = 13
    assert not editor.save(tmp_path / "bad.json")
    assert "circles[0].target" in editor.message.value and "1..12" in editor.message.value
    assert not (tmp_path / "bad.json").exists()


def test_loading_a_broken_sheet_file_names_the_key_path(editor, tmp_path):
    good = tmp_path / "good.json"
    assert editor.save(good)
    doc = json.loads(good.read_text())
    doc["columns"][0]["allowed_dice"] = ["d7"]
    (tmp_path / "broken.json").write_text(json.dumps(doc))
    assert not editor.load(tmp_path / "broken.json")
    assert "columns[0].allowed_dice" in editor.message.value
    assert editor.load(good)
    assert editor.target_boxes["plate_armor.1"].value == 8


def test_a_missing_file_is_a_clear_error(editor, tmp_path):
    assert not editor.load(tmp_path / "nope.json")
    assert "no such file" in editor.message.value
