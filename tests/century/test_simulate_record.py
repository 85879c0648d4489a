"""`companion century simulate --record FILE` writes the first game's record, which hint and review read."""

from __future__ import annotations

from typer.testing import CliRunner

from companion.century.engine import score
from companion.century.record import read_record, replay
from companion.century.simulate import simulate
from companion.cli import app

runner = CliRunner()


def test_the_record_is_the_first_game_and_review_reads_it(tmp_path):
    path = tmp_path / "game.txt"
    out = runner.invoke(app, ["century", "simulate", "--players", "2", "--games", "3", "--bots", "greedy",
                              "--seed", "5", "--no-progress", "--record", str(path)])
    assert out.exit_code == 0, out.output
    final = replay(read_record(path.read_text(encoding="utf-8")))[-1]
    assert final.finished
    # the recorded game is the simulation's game 1: replaying its actions gives that game's final VP
    first = simulate(2, 3, 5, ["greedy"], progress=False, record_first=True).games[0]
    assert tuple(line.total for line in score(final).lines) == first.totals
    review = runner.invoke(app, ["century", "review", str(path), "--seconds", "0.05"])
    assert review.exit_code == 0 and "moves" in review.output, review.output
    hint = runner.invoke(app, ["century", "hint", str(path), "--seconds", "0.05"])  # a finished game: told so
    assert hint.exit_code == 2 and "game is over" in hint.output and "Traceback" not in hint.output, hint.output


def test_a_record_path_that_is_a_folder_exits_2_without_a_traceback(tmp_path):
    out = runner.invoke(app, ["century", "simulate", "--players", "2", "--games", "1", "--no-progress",
                              "--record", str(tmp_path)])
    assert out.exit_code == 2 and "Traceback" not in out.output, out.output
