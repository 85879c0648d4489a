"""Errors of `companion tm` name their place once: the option of an output folder, the line of a cut ledger."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from companion.cli import app

runner = CliRunner()
LEDGER = Path(__file__).parent / "fixtures" / "ledgers" / "4pLeague_S1_D1L1_G2.ledger.txt"


def test_a_record_dir_that_cannot_be_created_names_the_option_and_why(tmp_path):
    (tmp_path / "a-file").write_text("", encoding="utf-8")
    folder = tmp_path / "a-file" / "games"   # inside a file: no folder can be made there
    result = runner.invoke(app, ["tm", "simulate", "--games", "1", "--record-dir", str(folder)])
    assert result.exit_code == 2
    assert f"--record-dir: {folder}: the folder cannot be created (Not a directory)" in result.stderr, result.stderr
    result = runner.invoke(app, ["tm", "simulate", "--games", "1", "--record-dir", str(tmp_path / "a-file")])
    assert result.exit_code == 2 and "--record-dir: " in result.stderr and "is a file" in result.stderr


def test_a_ledger_cut_mid_row_names_the_row_once(tmp_path):
    cut = LEDGER.read_bytes()[:3000].decode("utf-8")
    last = cut.splitlines()[-1]   # "darklings ... Leech 2 from me" (the row's text cut after "me")
    assert last.endswith("Leech 2 from me")
    t = tmp_path / "t.txt"
    t.write_text(cut, encoding="utf-8")
    result = runner.invoke(app, ["tm", "hint", str(t)])
    assert result.exit_code == 2
    line = len(cut.splitlines())
    assert f"t.txt:line {line}: darklings: Leech 2 from me: unknown faction 'me'" in result.stderr, result.stderr
    assert result.stderr.count("Leech 2 from me") == 1


def test_an_export_output_that_cannot_be_written_names_the_option(tmp_path):
    (tmp_path / "a-file").write_text("", encoding="utf-8")
    target = tmp_path / "a-file" / "rows.txt"
    result = runner.invoke(app, ["tm", "export", "--rows", str(LEDGER), "--output", str(target)])
    assert result.exit_code == 2 and f"--output: {target}: cannot be written" in result.stderr, result.stderr
