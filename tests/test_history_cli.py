"""`companion history list/export/import` and `--save` on the three score commands."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from companion.cli import app
from companion.history import GameHistory, history_path
from tests.test_history import CENTURY, MAGICK, tm_real_game

runner = CliRunner()


def _write(tmp_path, doc, name="table.json") -> str:
    path = tmp_path / name
    path.write_text(doc if isinstance(doc, str) else json.dumps(doc), encoding="utf-8")
    return str(path)


@pytest.mark.parametrize(("group", "game", "table"), [
    ("century", "century", CENTURY), ("magick", "magick", MAGICK), ("tm", "terra_mystica", tm_real_game()[0])])
def test_score_save_adds_the_game_and_keeps_stdout_json(tmp_path, group, game, table):
    result = runner.invoke(app, [group, "score", _write(tmp_path, table), "--json", "--save"])
    assert result.exit_code == 0, result.output
    printed = json.loads(result.stdout)  # stdout is still only the score
    assert "saved to the game history as game 1" in result.stderr
    games = GameHistory().list_games()
    assert [g["game"] for g in games] == [game] and games[0]["table"] == table
    totals = [p.get("total", p.get("final_vp")) for p in printed["players"]]
    assert [p["total"] for p in games[0]["players"]] == totals


def test_score_without_save_or_with_a_bad_table_adds_nothing(tmp_path):
    assert runner.invoke(app, ["magick", "score", _write(tmp_path, MAGICK)]).exit_code == 0
    bad = json.loads(json.dumps(CENTURY))
    bad["players"][0]["copper"] = 99
    result = runner.invoke(app, ["century", "score", _write(tmp_path, bad), "--save"])
    assert result.exit_code == 2 and "players[0].copper" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert GameHistory().list_games() == [] and not history_path().exists()


def test_list_shows_the_path_and_the_games(tmp_path):
    empty = runner.invoke(app, ["history", "list"])
    assert empty.exit_code == 0 and str(history_path()) in empty.stdout and "no games saved yet" in empty.stdout
    GameHistory().add_game("century", CENTURY, date="2026-11-20")
    GameHistory().add_game("magick", MAGICK, date="2026-11-21")
    text = runner.invoke(app, ["history", "list"])
    assert "2026-11-20  Century: Golem Edition" in text.stdout and "won by Ann and Dee" in text.stdout
    out = json.loads(runner.invoke(app, ["history", "list", "--json"]).stdout)
    assert out["path"] == str(history_path())
    assert [g["date"] for g in out["games"]] == ["2026-11-20", "2026-11-21"]
    only = json.loads(runner.invoke(app, ["history", "list", "--json", "--game", "magick"]).stdout)
    assert [g["game"] for g in only["games"]] == ["magick"]
    bad = runner.invoke(app, ["history", "list", "--game", "chess"])
    assert bad.exit_code == 2 and "game: expected one of" in bad.stderr


def test_export_and_import_through_the_command_line(tmp_path, monkeypatch):
    GameHistory().add_game("century", CENTURY)
    GameHistory().add_game("terra_mystica", tm_real_game()[0])
    out = tmp_path / "games.json"
    result = runner.invoke(app, ["history", "export", str(out)])
    assert result.exit_code == 0 and "exported 2 games" in result.stdout
    assert json.loads(runner.invoke(app, ["history", "export", "-"]).stdout) == json.loads(out.read_text())
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path / "other"))
    first = runner.invoke(app, ["history", "import", str(out)])
    assert first.exit_code == 0 and "imported 2 games" in first.stdout
    again = runner.invoke(app, ["history", "import", "-"], input=out.read_text())
    assert again.exit_code == 0 and "imported 0 games, skipped 2" in again.stdout
    assert len(GameHistory().list_games()) == 2


@pytest.mark.parametrize(("text", "message"), [
    ("[" * 5, "invalid JSON"),
    ('{"kind": "companion-history", "version": 1, "games": [{"date": "2026-11-01"}]}', r"games[0].game: missing"),
    ('{"kind": "century-score", "version": 1, "games": []}', "kind: expected 'companion-history'"),
])
def test_import_of_bad_input_exits_2_with_one_line(tmp_path, text, message):
    result = runner.invoke(app, ["history", "import", _write(tmp_path, text, "in.json")])
    assert result.exit_code == 2
    assert len(result.stderr.strip().splitlines()) == 1
    assert "in.json" in result.stderr and message in result.stderr
    assert not history_path().exists()
    missing = runner.invoke(app, ["history", "import", str(tmp_path / "nothing.json")])
    assert missing.exit_code == 2 and "no such file" in missing.stderr


def test_import_refuses_a_total_that_contradicts_its_table(tmp_path):
    GameHistory().add_game("magick", MAGICK)
    document = GameHistory().export_document()
    document["games"][0]["players"][1]["total"] = 60
    result = runner.invoke(app, ["history", "import", _write(tmp_path, document, "doctored.json")])
    assert result.exit_code == 2
    assert "doctored.json: games[0].players[1].total: the file says 60, but the table scores 58" in result.stderr


def test_export_refuses_a_folder_that_does_not_exist(tmp_path):
    GameHistory().add_game("century", CENTURY)
    missing = tmp_path / "nowhere" / "deeper" / "games.json"
    result = runner.invoke(app, ["history", "export", str(missing)])
    assert result.exit_code == 2 and result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"error: {missing}: the folder ") and "does not exist" in lines[0]
    assert not (tmp_path / "nowhere").exists()  # no folder created
    afile = tmp_path / "afile"
    afile.write_text("x", encoding="utf-8")
    result = runner.invoke(app, ["history", "export", str(afile / "games.json")])
    assert result.exit_code == 2 and "is not a folder" in result.stderr and afile.read_text() == "x"
