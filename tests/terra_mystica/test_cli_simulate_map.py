"""`companion tm simulate --map` given a game record instead of a map (review 3, finding 9): the refusal says the
file looks like a game record, not a map, as the record readers do for another game's record."""

from __future__ import annotations

from typer.testing import CliRunner

from companion.cli import app

runner = CliRunner()


def test_simulate_map_given_a_game_record_says_it_is_a_record(tmp_path):
    result = runner.invoke(app, ["tm", "simulate", "--players", "2", "--record-dir", str(tmp_path)])
    assert result.exit_code == 0, result.output
    (ledger,) = tmp_path.glob("game-*.txt")   # a Terra Mystica record, as tm simulate writes it
    magick = tmp_path / "magick.txt"
    magick.write_text('{"kind": "magick-record", "version": 1, "players": ["Ann"]}\n', encoding="utf-8")
    for record, game in ((ledger, "Terra Mystica"), (magick, "Merchants of Magick")):
        result = runner.invoke(app, ["tm", "simulate", "--map", str(record)])
        assert result.exit_code == 2, result.output
        assert f"this looks like a {game} record, not a map" in result.stderr, result.stderr
        assert str(record) in result.stderr, result.stderr


def test_a_map_with_a_bad_row_is_not_called_a_record(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("brown gray purple\n", encoding="utf-8")
    result = runner.invoke(app, ["tm", "simulate", "--map", str(bad)])
    assert result.exit_code == 2 and "row 1" in result.stderr and "record" not in result.stderr, result.stderr
