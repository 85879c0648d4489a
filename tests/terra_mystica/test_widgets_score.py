"""The Terra Mystica table-side scoring widget, driven without a browser: save as typed, reload,
corrupt saves left untouched, and the scores shown."""

from __future__ import annotations

import json

import pytest

from companion.widgets.tm_score import DEFAULT_SAVE_NAME, SAVE_KIND, TableScorer


@pytest.fixture
def save_path(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_SAVE_DIR", str(tmp_path))
    return tmp_path / DEFAULT_SAVE_NAME


def test_every_entry_is_saved_as_it_is_typed(save_path):
    table = TableScorer()
    assert table.path == save_path
    table.rows[1].name.value = "Alice"
    table.rows[1].faction.value = "mermaids"
    table.rows[1].cults["air"].value = 7
    table.rows[1].power[1].value = 5
    players = json.loads(save_path.read_text())["players"]
    assert json.loads(save_path.read_text())["kind"] == SAVE_KIND
    assert players[1]["name"] == "Alice"
    assert players[1]["faction"] == "mermaids"
    assert players[1]["cults"]["air"] == 7
    assert players[1]["power"] == [0, 5, 0]


def test_a_kernel_restart_loses_nothing(save_path):
    table = TableScorer()
    table.player_count.value = 3
    table.rows[2].name.value = "Carol"
    table.rows[2].faction.value = "icemaidens"
    table.rows[2].vp.value = 98
    table.rows[2].network.value = 11
    table.rows[2].priests.value = 2
    again = TableScorer()
    assert again.player_count.value == 3
    assert len(again.grid.children) == len(TableScorer.COLUMNS) * 4
    assert again.rows[2].name.value == "Carol"
    assert again.rows[2].faction.value == "icemaidens"
    assert (again.rows[2].vp.value, again.rows[2].network.value, again.rows[2].priests.value) == (98, 11, 2)
    assert "Loaded" in again.status.value


@pytest.mark.parametrize("text, expected", [
    ("{not json", "not valid JSON"),
    ('{"kind": "century-score", "players": []}', "expected 'terra-mystica-score'"),
    ('{"kind": "terra-mystica-score", "players": [{}]}', "a list of 2 to 5 players"),
    ('{"kind": "terra-mystica-score", "players": [{"faction": "giants", "cults": {"fire": 11}}, {}]}',
     "players[0].cults.fire"),
    ('{"kind": "terra-mystica-score", "players": [{"faction": "orcs"}, {}]}', "players[0].faction"),
])
def test_a_corrupt_save_is_reported_and_left_untouched(save_path, text, expected):
    save_path.write_text(text)
    table = TableScorer()
    assert not table.writable
    assert "companion-error" in table.status.value
    assert expected in table.status.value.replace("&#x27;", "'")
    table.rows[0].vp.value = 50
    table.rows[0].faction.value = "witches"
    assert save_path.read_text() == text


def test_opening_another_file_after_a_corrupt_save_resumes_saving(save_path, tmp_path):
    save_path.write_text("[1, 2")
    table = TableScorer()
    table.path_text.value = str(tmp_path / "second.json")
    table.open_button.click()
    assert table.writable
    table.rows[0].vp.value = 61
    assert json.loads((tmp_path / "second.json").read_text())["players"][0]["vp"] == 61
    assert save_path.read_text() == "[1, 2"


def test_missing_factions_are_named_instead_of_scoring(save_path):
    table = TableScorer()
    table.player_count.value = 2
    table.rows[0].faction.value = "nomads"
    table.rows[1].name.value = "Bob"
    assert "Bob" in table.message.value
    assert table.breakdown.value == ""
