"""The table-side calculator widget, driven without a browser (callbacks are plain methods)."""

from __future__ import annotations

import json

import pytest

from companion.widgets.magick.score import PARTS, SAVE_KIND, ScoreTable


@pytest.fixture
def save_path(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_SAVE_DIR", str(tmp_path))
    return tmp_path / "magick-score.json"


def test_every_entry_is_saved_as_typed(save_path):
    table = ScoreTable()
    assert table.path == save_path
    table.name_boxes[0].value = "Alice"
    table.part_boxes[0]["crafting"].value = 17
    document = json.loads(save_path.read_text())
    assert document["kind"] == SAVE_KIND
    assert document["players"][0]["name"] == "Alice"
    assert document["players"][0]["crafting"] == 17


def test_a_restart_loses_nothing(save_path):
    table = ScoreTable()
    table.add_player()
    table.set_name(2, "Carol")
    table.set_part(2, "orders", 11)
    again = ScoreTable()
    assert len(again.players) == 3
    assert again.name_boxes[2].value == "Carol"
    assert again.part_boxes[2]["orders"].value == "11"
    # the chart is drawn from the loaded save at once
    orders = next(t for t in again.chart.data if t.name == "Orders")
    assert list(orders.y) == [0, 0, 11]
    assert list(orders.x)[2] == "Carol"


def test_totals_and_shared_winners_are_shown(save_path):
    table = ScoreTable(players=3)
    # Alice 10+5+4 = 19, Bob 8+5+6 = 19, Carol 1 + 2 = 3: Alice and Bob share the win.
    for part, gold in (("crafting", 10), ("research", 5), ("charms", 4)):
        table.set_part(0, part, gold)
    for part, gold in (("orders", 8), ("adventurer", 5), ("charms", 6)):
        table.set_part(1, part, gold)
    table.set_part(2, "crafting", 1)
    table.set_part(2, "research", 2)
    table.set_name(0, "Alice")
    table.set_name(1, "Bob")
    table.set_name(2, "Carol")
    assert "<b>19</b>" in table.results.value
    assert "<b>3</b>" in table.results.value
    assert "Shared win" in table.results.value
    assert "Alice" in table.results.value.split("Shared win")[1]
    assert "Bob" in table.results.value.split("Shared win")[1]
    assert "Carol" not in table.results.value.split("Shared win")[1]
    stacked = [sum(trace.y[i] for trace in table.chart.data) for i in range(3)]
    assert stacked == [19, 19, 3]
    assert list(table.chart.data[0].x) == ["Alice", "Bob", "Carol"]


def test_a_corrupt_save_is_reported_and_left_untouched(save_path):
    save_path.write_text('{"kind": "magick-score", "players": [')
    before = save_path.read_bytes()
    table = ScoreTable()
    assert not table.writable
    assert "not valid JSON" in table.status.value
    table.set_part(0, "crafting", 5)
    table.add_player()
    assert save_path.read_bytes() == before
    # choosing another file resumes saving there
    other = save_path.with_name("other.json")
    assert table.open_save(other)
    table.set_part(0, "research", 4)
    assert json.loads(other.read_text())["players"][0]["research"] == 4
    assert save_path.read_bytes() == before


def test_a_save_of_another_game_is_refused(save_path):
    save_path.write_text(json.dumps({"kind": "century-score", "players": []}))
    table = ScoreTable()
    assert not table.writable
    assert "century-score" in table.status.value


def test_wrong_values_inside_a_save_are_reported(save_path):
    save_path.write_text(json.dumps({"kind": SAVE_KIND, "players": [{"name": "A", "orders": "lots"}]}))
    before = save_path.read_bytes()
    table = ScoreTable()
    assert not table.writable
    assert "players[0].orders" in table.status.value
    assert save_path.read_bytes() == before


def test_player_count_stays_between_one_and_eight(save_path):
    table = ScoreTable(players=1)
    table.remove_player(0)
    assert len(table.players) == 1
    assert "At least one" in table.message.value
    for _ in range(10):
        table.add_player()
    assert len(table.players) == 8
    assert "at most 8" in table.message.value


def test_negative_gold_is_an_error_not_a_score(save_path):
    table = ScoreTable()
    table.part_boxes[0]["orders"].value = -3
    assert "Player 1 — Orders: expected a whole number of gold from 0 to 500, found -3" in table.message.value
    assert table.players[0]["orders"] == -3 and table.part_boxes[0]["orders"].value == "-3"  # not clamped
    assert table.marks.is_marked(table.part_boxes[0]["orders"])
    assert table.results.value == "" and "winner" not in table.chart.layout.title.text


def test_missing_parts_count_as_zero(save_path):
    save_path.write_text(json.dumps({"kind": SAVE_KIND, "players": [{"name": "Solo", "crafting": 12}]}))
    table = ScoreTable()
    assert table.writable
    assert all(table.players[0][p] == 0 for p in PARTS if p != "crafting")
    assert "<b>12</b>" in table.results.value


def test_duplicate_names_are_reported_at_the_name_box(save_path):
    table = ScoreTable()
    table.set_name(1, "Player 1\u200b")  # differs only by an invisible character
    assert "Player 1\u200b — Player name: the same name as another player (&#x27;Player 1&#x27;)" in table.message.value
    assert "players[1]" not in table.message.value  # the form's words, not a JSON path
    assert table.marks.is_marked(table.name_boxes[1]) and not table.marks.is_marked(table.name_boxes[0])


def test_an_impossible_mastery_is_marked_and_no_winner_shown_until_fixed(save_path):
    table = ScoreTable(players=2)
    table.set_name(0, "Ann")
    table.set_name(1, "Bob")
    table.set_part(0, "crafting", 12)
    assert "Winner: Ann" in table.results.value
    table.part_boxes[1]["mastery"].value = 5
    assert "Bob — Mastery: expected 0, 4, 8, 12, 16" in table.message.value
    assert table.marks.is_marked(table.part_boxes[1]["mastery"])
    assert table.results.value == "" and list(table.chart.data[0].y) == []  # no stale result
    assert json.loads(save_path.read_text())["players"][1]["mastery"] == 5  # kept as typed, saved
    table.part_boxes[1]["mastery"].value = 4  # a 4 needs someone's 8 on that card first
    assert "Bob — Mastery: these mastery values are impossible together" in table.message.value
    table.part_boxes[0]["mastery"].value = 8
    assert table.message.value == "" and not table.marks.is_marked(table.part_boxes[1]["mastery"])
    assert "Winner: Ann with 20 gold" in table.results.value


def test_a_save_with_an_impossible_value_loads_marked(save_path):
    save_path.write_text(json.dumps({"kind": SAVE_KIND, "players": [{"name": "A", "mastery": 5}]}))
    table = ScoreTable()
    assert table.writable and table.part_boxes[0]["mastery"].value == "5"
    assert "A — Mastery" in table.message.value and table.results.value == ""


def test_a_save_with_a_key_clash_is_refused_as_corrupt(save_path):
    save_path.write_text(json.dumps({"kind": SAVE_KIND, "players": [{"name": "A", "where": 0}]}))
    before = save_path.read_bytes()
    table = ScoreTable()
    assert not table.writable and "unknown key &#x27;where&#x27;" in table.status.value
    table.set_part(0, "crafting", 3)
    assert save_path.read_bytes() == before
