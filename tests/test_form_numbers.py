"""Number boxes of the three score forms: strict whole numbers, the last thing typed wins, unambiguous labels."""

from __future__ import annotations

import json

import pytest

from companion.widgets.century.score import CenturyScoreTable
from companion.widgets.formcheck import INVALID_CLASS, parse_whole, seat_label
from companion.widgets.magick.score import ScoreTable
from companion.widgets.terra_mystica.score import TableScorer

NOT_WHOLE = ["1e9", "3.5", "1,000", " 7 ", "+7", "½", "\u0663", "1_000", "0x10", "--1"]


@pytest.mark.parametrize("text, number", [("12", 12), ("-1", -1), ("007", 7), ("", 0)])
def test_whole_numbers_are_read(text, number):
    assert parse_whole(text) == number


@pytest.mark.parametrize("text", NOT_WHOLE)
def test_anything_else_is_refused_with_what_was_found(text):
    with pytest.raises(ValueError, match="expected a whole number") as info:
        parse_whole(text)
    assert repr(text) in str(info.value)


@pytest.mark.parametrize("text", ["1e9", "3.5"])
def test_magick_box_never_scores_another_number(tmp_path, text):
    table = ScoreTable(tmp_path / "m.json")
    table.part_boxes[0]["crafting"].value = "20"
    box = table.part_boxes[1]["orders"]
    box.value = text
    assert table.marks.is_marked(box) and INVALID_CLASS in box._dom_classes
    assert repr(text) in table.marks.messages[(1, "orders")]
    assert any(line.startswith("Player 2 — Orders:") for line in table.marks.lines)
    assert table.results.value == "" and "Winner" not in table.message.value
    assert table.players[1]["orders"] == 0  # the text is not taken as 1 or 3
    box.value = "30"
    assert not table.marks.is_marked(box) and "Winner: Player 2 with 30 gold" in table.results.value


@pytest.mark.parametrize("text", ["1e9", "3.5"])
def test_century_box_never_scores_another_number(tmp_path, text):
    table = CenturyScoreTable(tmp_path / "c.json")
    table.golem_boxes[0].value = "12"
    box = table.count_boxes[1]["green"]
    box.value = text
    assert table.marks.is_marked(box)
    assert repr(text) in table.marks.messages[(1, "crystals.green")]
    assert table.results.value == "" and table.players[1]["crystals"]["green"] == 0
    box.value = "2"
    assert not table.marks.is_marked(box) and "Winner" in table.results.value


@pytest.mark.parametrize("text", ["1e9", "3.5"])
def test_terra_mystica_box_never_scores_another_number(tmp_path, text):
    table = TableScorer(tmp_path / "t.json")
    table.player_count.value = 2
    for row, faction in zip(table.rows, ["witches", "nomads"], strict=False):
        row.faction.value = faction
    box = table.rows[1].vp
    box.value = "20"
    assert table.breakdown.value  # scored before the bad entry
    box.value = text
    assert table.marks.is_marked(box) and repr(text) in table.marks.messages[(1, "vp")]
    assert table.breakdown.value == ""
    assert json.loads((tmp_path / "t.json").read_text())["players"][1]["vp"] == 20  # last whole number kept
    box.value = "40"
    assert not table.marks.is_marked(box) and table.breakdown.value


def test_a_quick_correction_wins(tmp_path):
    """The reviewer's order: copper -1, a name, copper 1, another box; the box never goes back to -1."""
    save = tmp_path / "c.json"
    table = CenturyScoreTable(save)
    table.golem_boxes[0].value = "12"
    copper = table.count_boxes[0]["copper"]
    updates = []
    copper.observe(lambda ch: updates.append(ch["name"]), names=["value", "_dom_classes", "tooltip"])
    copper.value = "-1"
    assert table.marks.is_marked(copper) and "found -1" in table.message.value
    updates.clear()
    table.name_boxes[1].value = "A0"
    assert updates == []  # a marked box whose mark did not change gets no update that could reset it
    copper.value = "1"
    table.golem_boxes[1].value = "20"
    assert copper.value == "1" and table.players[0]["copper"] == 1
    assert not table.marks.is_marked(copper) and "found -1" not in table.message.value
    again = CenturyScoreTable(save)
    assert again.count_boxes[0]["copper"].value == "1" and again.name_boxes[1].value == "A0"


@pytest.mark.parametrize("shown, index, label", [
    (["Ann", "Bo"], 1, "Bo"), (["Ann", ""], 1, "Player 2"), (["Player 1", "Player 2"], 1, "Player 2"),
    (["Ann", "Player 1"], 1, "Player 2 (\u201cPlayer 1\u201d)"), (["Ann", "ann "], 0, "Player 1 (\u201cAnn\u201d)"),
])
def test_seat_labels(shown, index, label):
    assert seat_label(index, shown) == label


def test_an_error_on_a_seat_named_like_another_names_the_seat(tmp_path):
    table = ScoreTable(tmp_path / "m.json")
    table.name_boxes[1].value = "Player 1"
    table.part_boxes[1]["mastery"].value = "5"
    assert any(line.startswith("Player 2 (\u201cPlayer 1\u201d) — Mastery:") for line in table.marks.lines)
    century = CenturyScoreTable(tmp_path / "c.json")
    century.name_boxes[0].value = "Ann"
    century.name_boxes[1].value = "Ann"
    century.count_boxes[1]["copper"].value = "-1"
    assert any(line.startswith("Player 2 (\u201cAnn\u201d) — Copper:") for line in century.marks.lines)
