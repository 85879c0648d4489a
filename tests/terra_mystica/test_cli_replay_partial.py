"""A record that stops before the game's end, and a single unreadable file under ``--json`` (a reviewer's findings).

A game in progress or a cut-off export replays to its last row: that is no error (exit 0 when nothing differs),
but its VP are not final, and the output says so (``finished``/``round`` in the JSON, the text names the round).
A single file that cannot be read prints ``{"file", "error"}`` on stdout with ``--json`` as folder mode does.
"""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from companion.cli import app

runner = CliRunner()
LEDGERS = Path(__file__).parent / "fixtures" / "ledgers"
GAME = sorted(LEDGERS.glob("*.ledger.txt"))[0]


def _rows(n: int) -> str:
    return "\n".join(GAME.read_text(encoding="utf-8").splitlines()[:n]) + "\n"


def test_a_record_cut_after_some_rows_says_its_vp_are_not_final(tmp_path):
    path = tmp_path / "cut.txt"
    path.write_text(_rows(200), encoding="utf-8")
    res = runner.invoke(app, ["tm", "replay", str(path), "--json"])
    assert res.exit_code == 0, res.output
    doc = json.loads(res.stdout)
    assert doc["finished"] is False and 1 <= doc["round"] <= 6 and doc["mismatches"] == []
    text = runner.invoke(app, ["tm", "replay", str(path)]).stdout
    assert f"stops in round {doc['round']}, before the game's end" in text and "final VP" not in text


def test_a_whole_game_is_finished_and_its_vp_final():
    res = runner.invoke(app, ["tm", "replay", str(GAME), "--json"])
    doc = json.loads(res.stdout)
    assert doc["finished"] is True and doc["round"] == 7
    assert "final VP: " in runner.invoke(app, ["tm", "replay", str(GAME)]).stdout


def test_a_single_unreadable_file_prints_its_error_as_json_too(tmp_path):
    path = tmp_path / "bad.txt"
    path.write_text("map 0123456789abcdef0123456789abcdef01234567\n" + _rows(60), encoding="utf-8")
    res = runner.invoke(app, ["tm", "replay", str(path), "--json"])
    assert res.exit_code == 2
    doc = json.loads(res.stdout)
    assert doc["file"] == str(path) and str(path) in doc["error"] and "line 1" in doc["error"]
    assert "Traceback" not in res.stderr and str(path) in res.stderr


def test_a_file_cut_off_in_the_middle_of_a_row_says_so(tmp_path):
    """The reviewer's case: ``head -c 20000 LEDGER`` ends in half a row, which was read as a command ("unknown
    command '+2 69 VP'"); a faction row with fewer than the 15 ledger columns is named as cut off."""
    text = GAME.read_text(encoding="utf-8")
    cut = text.index("\t", text.index("\n", 20000) + 1) + 3      # three characters into some row's second column
    path = tmp_path / "cut.txt"
    path.write_text(text[:cut], encoding="utf-8")
    res = runner.invoke(app, ["tm", "replay", str(path)])
    assert res.exit_code == 2
    line = text[:cut].count("\n") + 1
    assert f"line {line}" in res.stderr and "cut off" in res.stderr and "unknown command" not in res.stderr
