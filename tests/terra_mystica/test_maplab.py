"""The map lab widget, driven through its plain methods; the design store; the explorer's stale-map note."""

from __future__ import annotations

import doctest

import pytest

from companion.errors import CompanionError, MapFormatError
from companion.terra_mystica import mapstore
from companion.terra_mystica.hexmap import load_shipped_map, map_text, parse_colour_words, parse_letters
from companion.terra_mystica.mapstore import DesignStore
from tests.terra_mystica.mapcheck import letter_rows


@pytest.fixture
def lab(tmp_path):
    from companion.widgets.terra_mystica.maplab import MapLab

    return MapLab(folder=tmp_path / "maps")


def test_docstring_examples():
    from companion.widgets.terra_mystica import maplab

    for module in (maplab, mapstore):
        result = doctest.testmod(module)
        assert result.attempted > 0 and result.failed == 0


def test_paint_three_swap_two_undo_one_and_the_export_reads_back(lab):
    rows = letter_rows(map_text("base"))
    lab.tool.value = "B"
    for label in ("A1", "A2", "A3"):   # A1..A3 are the first three cells of row 1 (all land on the base map)
        assert lab.click(label)
    lab.tool.value = "swap"
    assert lab.click("A13") and lab.click("A3")
    lab.undo()                         # undoes the swap
    expected = [r[:] for r in rows]
    expected[0][:3] = ["B", "B", "B"]
    assert letter_rows(lab.letters_export.value) == expected
    assert parse_letters(lab.letters_export.value) == lab.design.map
    assert parse_colour_words(lab.words_export.value) == lab.design.map
    assert lab.design.map.map_id in lab.status.value
    lab.redo()
    assert letter_rows(lab.letters_export.value)[0][12] == "B" and letter_rows(lab.letters_export.value)[0][2] == rows[0][12]


def test_a_drag_paints_and_conventions_are_flagged(lab):
    lab.tool.value = "Y"
    assert lab.paint(["B1", "B2"])
    assert "terrain counts differ" in lab.status.value
    assert "companion-map-warning" in lab.status.value


def test_swap_refuses_a_river_and_row_limits_are_told(lab):
    lab.tool.value = "swap"
    assert not lab.click("r0")
    assert "river" in lab.message.value
    assert not lab.add_row()           # the base map has 9 rows already
    assert "at most 9 rows" in lab.message.value
    assert lab.remove_row() and len(lab.design.rows) == 8
    assert lab.add_row() and set(lab.design.rows[-1]) == {"I"}


def test_remove_row_goes_down_to_one_row_and_the_lab_flags_the_small_map(lab):
    """Issue 21's decision: rows come off down to one; a map too small for the game is flagged, not refused."""
    from companion.terra_mystica.mapedit import MapDesign

    removed = 0
    while not lab.remove_row_button.disabled:
        assert lab.remove_row()
        removed += 1
        assert removed < 9, "remove-row never disables"
    assert removed == 8 and len(lab.design.rows) == 1
    assert "at least one row" in lab.remove_row_button.tooltip
    assert not lab.remove_row() and "at least one row" in lab.message.value
    # the base map's first row: desert and mountains have one hex each
    assert "1 row, fewer than the base map&#x27;s 9" in lab.status.value
    assert "Nomads desert 1/3" in lab.status.value
    # two rows whose land only together seats five colours: removing one is allowed, and flagged unplayable
    lab.editor.reset(MapDesign((tuple("YYUUKKIIIIIII"), tuple("BBGGIIIIIIII"))))
    lab._show()
    assert not lab.remove_row_button.disabled and "not playable" not in lab.status.value
    assert lab.remove_row() and "not playable" in lab.status.value and "lakes 0" in lab.status.value
    lab.undo()
    lab.tool.value = "I"
    assert lab.paint(["B1"])   # lakes down to one hex: four colours left
    assert "not playable" in lab.status.value and "lakes 1" in lab.status.value


def test_generate_is_an_edit_that_undo_takes_back(lab):
    assert lab.generate("random", "balanced", 4)
    assert lab.design.map != load_shipped_map("base")
    assert "objective" in lab.message.value
    lab.undo()
    assert lab.design.map == load_shipped_map("base")


def test_designs_are_saved_and_opened_by_name(lab, tmp_path):
    lab.tool.value = "G"
    lab.click("A1")
    assert lab.save_design("Green corner")
    assert (tmp_path / "maps" / "Green corner.txt").read_text() == lab.design.map.to_letters()
    assert lab.design.map.map_id[:8] in lab.saved.options[0][0]
    lab.start_from("fire_ice_side1")
    assert lab.open_design("Green corner") and lab.design.map.terrain("A1") == "G"
    assert not lab.save_design("../outside")
    assert not (tmp_path / "outside.txt").exists()


@pytest.mark.parametrize("name", ["", "  ", "a/b", ".hidden", "nul\x00", "x" * 81, "\ud800"])
def test_bad_design_names_are_refused(tmp_path, name):
    with pytest.raises(CompanionError):
        DesignStore(tmp_path).save(name, load_shipped_map("base"))
    assert list(tmp_path.iterdir()) == []


def test_a_broken_design_file_names_file_row_and_column(tmp_path):
    (tmp_path / "broken.txt").write_text("U,S,Q,B,Y,R,U,K,R,G,B,R,K\n")
    store = DesignStore(tmp_path)
    with pytest.raises(MapFormatError) as info:
        store.open("broken")
    assert "broken.txt" in str(info.value) and info.value.row == 1 and info.value.column == 3
    assert [d.map_id for d in store.designs()] == [None]


def test_explorer_says_the_shown_map_is_the_previous_one():
    from companion.widgets.terra_mystica.map import MapExplorer

    explorer = MapExplorer("base")
    assert not explorer.read_text("U,S,Q")
    assert "still the last one read" in explorer.message.value
    assert load_shipped_map("base").map_id in explorer.message.value


def test_a_saved_design_opens_in_the_play_notebook(lab, tmp_path):
    from companion.terra_mystica.hexmap import map_by_name
    from companion.widgets.terra_mystica.play import PlayAFullGame

    assert lab.generate("random", "balanced", 8)
    assert lab.save_design("Generated 8")
    path = tmp_path / "maps" / "Generated 8.txt"
    assert str(path) in lab.message.value
    play = PlayAFullGame()
    play.map_choice.value = "custom"
    play.map_file.value = str(path)
    assert map_by_name(play._chosen_map_name()) == lab.design.map


def test_the_lab_switches_language_in_place(lab):
    from companion.i18n import set_language

    lab.tool.value = "Y"
    lab.click("A1")
    try:
        set_language("zh_CN")
        assert dict(lab.tool.options)["沙漠"] == "Y" and lab.tool.value == "Y"
        assert "平衡目标值" in lab.status.value and "各地形数量不等" in lab.status.value
        assert lab.undo_button.description == "撤销"
    finally:
        set_language(None)
    assert "Balance objective" in lab.status.value


def test_chinese_lab_messages_name_terrains_and_generator_kinds_in_chinese(lab):
    """No English inside Chinese: a missing terrain, the terrain counts, the generator's river and terrain
    kinds are given by their translated names (not the wheel's English words or the generator's keys)."""
    from companion.i18n import set_language
    from companion.terra_mystica.hexmap import map_from_rows
    from companion.terra_mystica.mapedit import design_warnings

    try:
        set_language("zh_CN")
        text = " ".join(w.message for w in design_warnings(map_from_rows([list("YYUUKKBBGGRRR")])))
        assert "山脉" in text and "mountains" not in text and "desert" not in text
        assert lab.generate("random", "balanced", 1)
        status = lab.message.value
        assert "已生成" in status and "random" not in status and "balanced" not in status, status
    finally:
        set_language(None)


def test_one_same_terrain_pair_is_singular(lab):
    from companion.terra_mystica.mapgen import objective

    lab.tool.value = "Y"
    for label in ("A1", "A2", "A3", "A4", "A5", "A6", "A7", "A8", "A9", "A10", "A11", "A12", "A13"):
        lab.click(label)
        pairs = objective(lab.design.map).same_terrain_pairs
        if pairs == 1:
            break
    assert pairs == 1
    assert "1 same-terrain neighbour pair," in lab.status.value
