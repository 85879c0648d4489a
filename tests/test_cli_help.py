"""Every command's help in plain words (issue 22, point 7): ``FILE``, ``--games NUMBER``, never typer's
programmer notation (``{file}``, ``file <str>``, ``FILE <list[str]>``, ``--games <int>``)."""

from __future__ import annotations

import re

import typer
from typer.testing import CliRunner

from companion.cli import GROUPS, app

runner = CliRunner()
NOTATION = re.compile(r"<(?:int|str|float|bool|Path|list\[[^\]]*\])>|\{[a-z_]+\}")


def _commands():
    group = typer.main.get_command(app)
    for name in GROUPS:
        ctx = group.make_context("companion", [name, "--help"], resilient_parsing=True)
        sub = group.get_command(ctx, name)
        for command in sub.commands:
            yield [name, command]


def test_no_help_page_shows_programmer_notation():
    pages = 0
    for words in _commands():
        result = runner.invoke(app, [*words, "--help"])
        assert result.exit_code == 0, words
        usage = result.output.splitlines()[0]
        assert not NOTATION.search(usage), usage
        names = [line.split("  ")[0] for line in result.output.splitlines() if line.startswith("  ")]
        assert not any(NOTATION.search(n) for n in names), (words, names)
        pages += 1
    assert pages >= 10


def test_arguments_and_option_values_are_named_in_capitals():
    replay = runner.invoke(app, ["tm", "replay", "--help"]).output
    assert replay.splitlines()[0].endswith("[OPTIONS] FILE...") and "\n  FILE...  " in replay
    score = runner.invoke(app, ["tm", "score", "--help"]).output
    assert score.splitlines()[0].endswith("[OPTIONS] FILE") and "\n  FILE  " in score
    simulate = runner.invoke(app, ["tm", "simulate", "--help"]).output
    assert "--games NUMBER" in simulate and "--map TEXT" in simulate


def test_each_game_groups_one_line_help_names_its_commands():
    # the one-line descriptions of `companion --help` name what the group does, hint and review included
    top = runner.invoke(app, ["--help"]).output
    for name in ("tm", "century", "magick"):
        group = typer.main.get_command(app)
        ctx = group.make_context("companion", [name, "--help"], resilient_parsing=True)
        commands = set(group.get_command(ctx, name).commands)
        assert {"hint", "review"} <= commands
        entries = re.split(r"\n  (?=\S)", top.split("Commands:")[1])   # a command's text, wrapped lines and all
        line = " ".join(next(e for e in entries if e.strip().startswith(name + " ")).split())
        assert "hint and review" in line, line
