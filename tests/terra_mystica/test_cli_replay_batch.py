"""`companion tm replay` with several files or a folder (issue 13): one process, JSON Lines, exit codes.

Expected values come from the ledgers' result files (fixtures/ledgers), never from the code under test.
"""

from __future__ import annotations

import io
import json
import shutil
import sys
from pathlib import Path

from typer.testing import CliRunner

from companion.cli import app
from companion.terra_mystica import cli_replay

LEDGERS = Path(__file__).parent / "fixtures" / "ledgers"
GAMES = sorted(p.name[: -len(".ledger.txt")] for p in LEDGERS.glob("*.ledger.txt"))
runner = CliRunner()


def _path(game: str) -> str:
    return str(LEDGERS / f"{game}.ledger.txt")


def _final_vp(game: str) -> dict:
    doc = json.loads((LEDGERS / f"{game}.result.json").read_text(encoding="utf-8"))
    return {f["faction"]: f["final_vp"] for f in doc["factions"]}


def _json_lines(text: str) -> list[dict]:
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def _differing_copy(tmp_path: Path, game: str) -> Path:
    """``game``'s ledger with the W total of its first income row changed to 99."""
    lines = (LEDGERS / f"{game}.ledger.txt").read_text(encoding="utf-8").splitlines()
    idx = next(i for i, line in enumerate(lines) if "other_income_for_faction" in line)
    cols = lines[idx].split("\t")
    cols[6] = "99 W"
    lines[idx] = "\t".join(cols)
    path = tmp_path / f"{game}.changed.ledger.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_several_files_give_one_json_line_per_game_in_order():
    games = GAMES[:3]
    res = runner.invoke(app, ["tm", "replay", *map(_path, games), "--json"])
    assert res.exit_code == 0, res.output
    docs = _json_lines(res.stdout)
    assert [d["file"] for d in docs] == [_path(g) for g in games]
    for d, g in zip(docs, games, strict=True):
        assert set(d) == {"file", "rows_checked", "rows_replayed", "has_totals", "mismatches", "final_vp", "finished",
                          "round", "options_not_played"}
        assert d["mismatches"] == [] and d["rows_checked"] > 0
        assert d["final_vp"] == _final_vp(g)


def test_a_folder_stands_for_its_txt_files_sorted(tmp_path):
    for g in GAMES[:2]:
        shutil.copy(LEDGERS / f"{g}.ledger.txt", tmp_path)
        shutil.copy(LEDGERS / f"{g}.result.json", tmp_path)  # not a game: left out
    res = runner.invoke(app, ["tm", "replay", str(tmp_path), "--json"])
    assert res.exit_code == 0, res.output
    docs = _json_lines(res.stdout)
    assert [Path(d["file"]).name for d in docs] == [f"{g}.ledger.txt" for g in GAMES[:2]]
    assert [d["final_vp"] for d in docs] == [_final_vp(g) for g in GAMES[:2]]


def test_one_differing_game_makes_exit_1_and_is_the_only_one_with_mismatches(tmp_path):
    changed = _differing_copy(tmp_path, GAMES[1])
    res = runner.invoke(app, ["tm", "replay", _path(GAMES[0]), str(changed), _path(GAMES[2]), "--json"])
    assert res.exit_code == 1
    docs = _json_lines(res.stdout)
    assert [bool(d["mismatches"]) for d in docs] == [False, True, False]
    assert docs[1]["mismatches"][0]["field"] == "W" and docs[1]["mismatches"][0]["expected"] == 99


def test_unreadable_file_exits_2_naming_it_and_the_others_are_still_replayed(tmp_path):
    changed = _differing_copy(tmp_path, GAMES[1])
    missing = tmp_path / "missing.ledger.txt"
    res = runner.invoke(app, ["tm", "replay", _path(GAMES[0]), str(missing), str(changed), "--json"])
    assert res.exit_code == 2  # unreadable input wins over a difference
    assert str(missing) in res.stderr
    docs = _json_lines(res.stdout)
    assert [d["file"] for d in docs] == [_path(GAMES[0]), str(missing), str(changed)]
    assert "error" in docs[1] and str(missing) in docs[1]["error"]
    assert docs[0]["final_vp"] == _final_vp(GAMES[0]) and docs[2]["mismatches"]


def test_text_output_has_a_line_per_game_and_a_count(tmp_path):
    changed = _differing_copy(tmp_path, GAMES[1])
    res = runner.invoke(app, ["tm", "replay", _path(GAMES[0]), str(changed)])
    assert res.exit_code == 1
    lines = res.stdout.splitlines()
    assert lines[0].startswith(f"{_path(GAMES[0])}: rows checked") and lines[0].endswith("differences 0")
    assert any(line.startswith(f"{changed}: rows checked") for line in lines)
    assert "W expected 99" in res.stdout
    assert lines[-1] == "2 games: 1 without difference, 1 with differences, 0 unreadable"


def test_empty_folder_and_stdin_in_a_batch_are_bad_input(tmp_path):
    res = runner.invoke(app, ["tm", "replay", str(tmp_path)])
    assert res.exit_code == 2 and str(tmp_path) in res.stderr and "no game" in res.stderr
    res = runner.invoke(app, ["tm", "replay", "-", _path(GAMES[0])], input="")
    assert res.exit_code == 2 and "standard input" in res.stderr


def test_single_file_keeps_the_one_document_output():
    res = runner.invoke(app, ["tm", "replay", _path(GAMES[0]), "--json"])
    assert res.exit_code == 0
    doc = json.loads(res.stdout)  # one indented document, not JSON Lines
    assert set(doc) == {"rows_checked", "rows_replayed", "has_totals", "mismatches", "final_vp", "finished", "round",
                        "options_not_played"}


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_bar_only_on_a_terminal(monkeypatch, capsys):
    from companion.terra_mystica.engine.board import base_board

    files = [_path(g) for g in GAMES[:2]]
    monkeypatch.setattr(sys, "stderr", _Terminal())
    code = cli_replay._replay_batch(files, base_board(), keep_going=False, as_json=True)
    bar = sys.stderr.getvalue()
    assert code == 0
    assert "replaying" in bar and "0/2" in bar  # drawn at the start (cleared at the end: leave=False)
    assert [d["file"] for d in _json_lines(capsys.readouterr().out)] == files

    plain = io.StringIO()  # not a terminal: no bar
    monkeypatch.setattr(sys, "stderr", plain)
    cli_replay._replay_batch(files, base_board(), keep_going=False, as_json=True)
    assert plain.getvalue() == ""
