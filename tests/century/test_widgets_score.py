"""The table-side score calculator, driven through its callbacks without a browser."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from companion.century import cli as century_cli
from companion.century import scoring
from companion.widgets.century.score import CenturyScoreTable, default_save_path, parse_golems


@pytest.fixture
def save(tmp_path):
    return tmp_path / "century-score.json"


def saved(path):
    return json.loads(path.read_text(encoding="utf-8"))


def test_typing_updates_breakdown_and_save_file(save):
    table = CenturyScoreTable(save, players=3)
    table.name_boxes[0].value = "Ann"
    table.golem_boxes[0].value = "12, 14, 9"
    table.count_boxes[0]["copper"].value = 1
    table.count_boxes[0]["silver"].value = 2  # one coin per golem at most (claimed in position 1 or 2)
    table.count_boxes[0]["yellow"].value = 4
    table.count_boxes[0]["pink"].value = 3
    # 12 + 14 + 9 golem VP, 3 + 2 coin VP, 3 pink (yellow scores 0)
    assert "<td>Ann</td><td>35</td><td>5</td><td>3</td><td><b>43</b></td>" in table.results.value
    doc = saved(save)
    assert doc["kind"] == "century-score"
    assert doc["players"][0] == {"name": "Ann", "golems": [12, 14, 9], "copper": 1, "silver": 2,
                                 "crystals": {"yellow": 4, "green": 0, "blue": 0, "pink": 3}}
    # the chart's stacked bars carry the same parts
    golem_bar, coin_bar, crystal_bar = table.chart.data
    assert (golem_bar.y[0], coin_bar.y[0], crystal_bar.y[0]) == (35, 5, 3)
    assert "Ann" in table.chart.layout.title.text


def test_save_file_is_what_the_cli_reads(save):
    table = CenturyScoreTable(save, players=2)
    table.golem_boxes[1].value = "9"
    table.golem_boxes[0].value = "6"
    table.count_boxes[0]["copper"].value = 1
    tallies = scoring.parse_table(saved(save))
    assert [t.golems for t in tallies] == [(6,), (9,)]
    result = CliRunner().invoke(century_cli.app, ["score", str(save), "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    assert [p["total"] for p in out["players"]] == [9, 9] and out["winner"] == "Player 2"


def test_tie_goes_to_the_later_player_in_turn_order(save):
    table = CenturyScoreTable(save, players=3)
    table.golem_boxes[0].value = "15"
    table.golem_boxes[1].value = "12"
    table.count_boxes[1]["copper"].value = 1  # 12 + 3 = 15, tied with player 1
    table.golem_boxes[2].value = "9"
    assert "Tie on 15 VP" in table.results.value
    assert "<b>Player 2</b> wins as the tied player latest in turn order" in table.results.value
    # moving player 2 before player 1 hands the tie to player 1
    table.move_up(1)
    assert [p["name"] for p in table.players] == ["Player 2", "Player 1", "Player 3"]
    assert "<b>Player 1</b> wins" in table.results.value
    assert [p["name"] for p in saved(save)["players"]] == ["Player 2", "Player 1", "Player 3"]


def test_restart_loses_nothing_even_a_half_typed_entry(save):
    table = CenturyScoreTable(save, players=2)
    table.name_boxes[1].value = "Bea"
    table.count_boxes[1]["green"].value = 2
    table.golem_boxes[1].value = "12, 1x"
    again = CenturyScoreTable(save)
    assert again.name_boxes[1].value == "Bea"
    assert again.count_boxes[1]["green"].value == "2"
    assert again.golem_boxes[1].value == "12, 1x"
    assert "Loaded 2 players" in again.status.value


def test_unreadable_golem_entry_is_reported_and_kept(save):
    table = CenturyScoreTable(save, players=2)
    table.golem_boxes[0].value = "12 fourteen"
    assert "fourteen" in table.message.value and "is not a whole number" in table.message.value
    assert saved(save)["golem_texts"][0] == "12 fourteen"


def test_values_the_rules_exclude_are_marked_at_their_box(save):
    table = CenturyScoreTable(save, players=2)
    table.name_boxes[0].value = "Ann"
    table.golem_boxes[0].value = "5"  # no golem card prints 5 points (6..20)
    assert "Ann — Golems (printed points): expected printed golem points" in table.message.value
    assert "players[0]" not in table.message.value  # the form's words, not a JSON path
    assert table.marks.is_marked(table.golem_boxes[0])
    table.golem_boxes[0].value = "6"
    assert table.message.value == "" and not table.marks.is_marked(table.golem_boxes[0])
    table.count_boxes[1]["blue"].value = 11  # over the caravan limit
    assert "Player 2 — Blue crystals: expected a whole number of blue crystals from 0 to 10" in table.message.value
    assert table.count_boxes[1]["blue"].value == "11" and saved(save)["players"][1]["crystals"]["blue"] == 11


def test_an_invalid_row_is_kept_and_no_winner_is_shown(save):
    table = CenturyScoreTable(save, players=2)
    table.golem_boxes[0].value = "12, 14"
    table.golem_boxes[1].value = "9"
    assert "Winner: <b>Player 1</b>" in table.results.value
    table.count_boxes[1]["copper"].value = 2  # two coins with one golem: impossible
    assert "Player 2 — Copper: 2 copper + 0 silver, but only 1 golem:" in table.message.value
    assert table.results.value == "" and list(table.chart.data[0].y) == []  # no stale winner or bars
    assert table.players[0]["golems"] == [12, 14] and table.players[1]["copper"] == 2  # nothing zeroed
    table.golem_boxes[0].value = "12, 1x"  # a typing slip elsewhere is marked too, the rest kept
    assert table.marks.is_marked(table.golem_boxes[0]) and table.marks.is_marked(table.count_boxes[1]["copper"])
    table.golem_boxes[0].value = "12, 14"
    table.count_boxes[1]["copper"].value = 1
    assert table.message.value == "" and "Winner: <b>Player 1</b>" in table.results.value


def test_a_golem_count_past_the_end_trigger_is_marked(save):
    table = CenturyScoreTable(save, players=4)
    table.golem_boxes[0].value = "6, 7, 8, 9, 10, 11"
    assert "6 golems, but a 4-player game ends" in table.message.value
    table.golem_boxes[0].value = "6, 7, 8, 9, 10"
    assert table.message.value == ""


def test_corrupt_save_shows_an_error_and_is_left_untouched(save):
    save.write_text('{"kind": "century-score", "players": [', encoding="utf-8")
    before = save.read_bytes()
    table = CenturyScoreTable(save)
    assert "not valid JSON" in table.status.value and "left untouched" in table.status.value
    assert not table.writable
    table.golem_boxes[0].value = "12"
    table.add_player()
    assert save.read_bytes() == before
    # choosing another file resumes saving
    other = save.with_name("other.json")
    assert table.open_save(other)
    table.golem_boxes[0].value = "14"
    assert saved(other)["players"][0]["golems"] == [14]
    assert save.read_bytes() == before


def test_save_of_another_kind_or_shape_is_refused(save):
    save.write_text(json.dumps({"kind": "magick-score", "players": []}), encoding="utf-8")
    table = CenturyScoreTable(save)
    assert "magick-score" in table.status.value and not table.writable
    save.write_text(json.dumps({"kind": "century-score", "players": [{"name": "A", "copper": "two"},
                                                                     {"name": "B"}]}), encoding="utf-8")
    before = save.read_bytes()
    assert not table.open_save(save)
    assert "players[0].copper" in table.status.value
    assert save.read_bytes() == before


def test_player_count_stays_within_two_to_five(save):
    table = CenturyScoreTable(save, players=2)
    table.remove_player(0)
    assert len(table.players) == 2 and "at least 2" in table.message.value
    for _ in range(4):
        table.add_button.click()
    assert len(table.players) == 5 and "2–5 players" in table.message.value
    assert len(saved(save)["players"]) == 5
    table.remove_player(4)
    assert len(saved(save)["players"]) == 4


def test_default_save_path_honours_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_SAVE_DIR", str(tmp_path))
    assert default_save_path() == tmp_path / "century-score.json"
    table = CenturyScoreTable()
    table.golem_boxes[0].value = "7"
    assert saved(tmp_path / "century-score.json")["players"][0]["golems"] == [7]


def test_parse_golems():
    assert parse_golems(" 12, 14 9 ") == [12, 14, 9]
    assert parse_golems("") == []
    with pytest.raises(ValueError, match="'x'"):
        parse_golems("12, x")
