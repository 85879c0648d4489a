"""Issue 22, points 1, 3 and 4, without a browser: what a score form keeps, marks and refuses.

1. an entry that is not a whole number (``1o5`` in a Terra Mystica VP box, ``x`` in Century copper) is kept as
   typed: it comes back, marked, after a reload, and the save cannot be scored from the command line either;
3. two players typed onto one 10 of a cult track: the player typed last is marked, and players are named by name;
4. the scoreboard's refusal counts what the form lists and starts with the first problem in seat order.
"""

from __future__ import annotations

import json

import pytest

from companion.errors import SaveFileError
from companion.terra_mystica.scoring import validate_table as tm_validate
from companion.validation import TableError
from companion.widgets.century.score import CenturyScoreTable
from companion.widgets.magick.score import ScoreTable
from companion.widgets.scoreboard import Scoreboard
from companion.widgets.terra_mystica.score import TableScorer

FACTIONS = (("Ann", "witches"), ("Ben", "nomads"), ("Cleo", "mermaids"), ("Dan", "giants"))


def _tm(path) -> TableScorer:
    table = TableScorer(save_path=path)
    for row, (name, faction) in zip(table.rows, FACTIONS, strict=False):
        row.name.value, row.faction.value = name, faction
    return table


# ---------------------------------------------------------------------------------------------- point 1
def test_tm_a_refused_vp_comes_back_as_typed_and_marked_after_a_reload(tmp_path):
    path = tmp_path / "tm.json"
    table = _tm(path)
    table.rows[1].vp.value = "90"
    table.rows[1].vp.value = "1o5"
    assert table.marks.is_marked(table.rows[1].vp) and table.result is None
    again = TableScorer(save_path=path)
    assert again.writable, again.status.value
    assert again.rows[1].vp.value == "1o5"
    assert again.marks.is_marked(again.rows[1].vp) and again.result is None
    assert any(line.startswith("Ben — VP before final scoring:") and "'1o5'" in line for line in again.marks.lines)
    # the 90 beside it is never scored: not by the command line's check either
    with pytest.raises(TableError) as info:
        tm_validate(json.loads(path.read_text()))
    assert [p.key_path for p in info.value.problems] == ["players[1].vp"]
    # fixed, the note of the text typed goes from the save
    again.rows[1].vp.value = "105"
    saved = json.loads(path.read_text())
    assert "typed" not in saved and saved["players"][1]["vp"] == 105
    assert tm_validate(saved).complete


def test_century_a_refused_copper_comes_back_as_typed_and_follows_its_player(tmp_path):
    path = tmp_path / "century.json"
    form = CenturyScoreTable(save_path=path, players=3)
    form.set_name(1, "Ben")
    form.count_boxes[1]["copper"].value = "1"
    form.count_boxes[1]["copper"].value = "x"
    form.move_up(1)                                   # Ben is first in turn order now
    again = CenturyScoreTable(save_path=path)
    assert [p["name"] for p in again.players][:2] == ["Ben", "Player 1"]
    assert again.count_boxes[0]["copper"].value == "x" and again.count_boxes[1]["copper"].value == "0"
    assert again.marks.is_marked(again.count_boxes[0]["copper"])
    assert any(line.startswith("Ben — Copper:") for line in again.marks.lines)


def test_magick_a_refused_part_comes_back_as_typed(tmp_path):
    path = tmp_path / "magick.json"
    form = ScoreTable(save_path=path, players=2)
    form.part_boxes[1]["orders"].value = "7z"
    form.remove_player(0)
    again = ScoreTable(save_path=path)
    assert again.part_boxes[0]["orders"].value == "7z" and again.marks.is_marked(again.part_boxes[0]["orders"])


@pytest.mark.parametrize("typed", [["1o5"], {"players[1].vp": 7}, {"players[1].vp": "7"}, {"players[9].vp": "x"},
                                   {"players[1].faction": "x"}, {"vp": "x"}])
def test_a_typed_note_of_the_wrong_shape_is_refused_and_the_file_left_untouched(tmp_path, typed):
    path = tmp_path / "tm.json"
    _tm(path).save()
    document = json.loads(path.read_text())
    document["typed"] = typed
    path.write_text(json.dumps(document))
    before = path.read_bytes()
    with pytest.raises(TableError) as info:
        tm_validate(document, partial=True)
    assert info.value.shape_problems
    table = TableScorer(save_path=path)
    assert not table.writable and "typed" in table.status.value
    table.save()
    assert path.read_bytes() == before
    with pytest.raises(SaveFileError):
        from companion.widgets.terra_mystica.score import check_save

        check_save(document, path)


# ---------------------------------------------------------------------------------------------- point 3
def test_the_player_typed_onto_a_taken_10_is_marked_and_the_other_named(tmp_path):
    table = _tm(tmp_path / "tm.json")
    cleo, ben = table.rows[2], table.rows[1]
    cleo.cults["water"].value = "10"
    ben.cults["water"].value = "10"
    assert table.marks.is_marked(ben.cults["water"]) and not table.marks.is_marked(cleo.cults["water"])
    assert table.marks.lines == ["Ben — water (0-10): Cleo is already on 10 of the water track; only one player "
                                 "can reach 10 (the next one stops on 9)"]
    # the other way round, the other one
    ben.cults["water"].value = "9"
    cleo.cults["water"].value = "9"
    ben.cults["water"].value = "10"
    cleo.cults["water"].value = "10"
    assert table.marks.is_marked(cleo.cults["water"]) and not table.marks.is_marked(ben.cults["water"])
    assert "Ben is already on 10" in table.marks.lines[0]


def test_the_command_line_check_names_the_player_on_10_by_name_not_a_seat_number():
    cults = {"fire": 0, "water": 10, "earth": 0, "air": 0}
    doc = {"players": [{"name": name, "faction": faction, "vp": 20, "cults": cults, "network": 1}
                       for name, faction in FACTIONS[:2]]}
    with pytest.raises(TableError) as info:
        tm_validate(doc)
    [problem] = info.value.problems
    assert problem.key_path == "players[1].cults.water"
    assert problem.message.startswith("Ann is already on 10") and "player 1" not in problem.message.lower()
    # the same for one faction twice
    doc["players"][1]["faction"], doc["players"][1]["cults"] = "witches", dict(cults, water=0)
    with pytest.raises(TableError) as info:
        tm_validate(doc)
    assert info.value.problems[0].message == "Witches already played by Ann"


# ---------------------------------------------------------------------------------------------- point 4
def test_the_save_refusal_counts_what_the_form_lists_first_in_seat_order():
    board = Scoreboard()
    board.game.value = "terra_mystica"
    table = board.calculator("terra_mystica")
    for row, (name, faction) in zip(table.rows, FACTIONS, strict=False):
        row.name.value, row.faction.value = name, faction
    table.rows[2].coins.value = "-3"           # Cleo: refused by the rules
    table.rows[1].coins.value = "-1"           # Ben: refused by the rules
    table.rows[1].workers.value = "abc"        # Ben: letters, never a number
    table.rows[3].priests.value = "99"         # Dan: refused by the rules
    lines = table.marks.lines
    assert len(lines) == 4
    assert [line.split(" — ")[0] for line in lines] == ["Ben", "Ben", "Cleo", "Dan"]
    assert board.save_game() is None
    message = board.save_message.value
    assert f"Not saved yet: {lines[0].rstrip('.')}. 3 more problems after this one." in message.replace("&#x27;", "'")
