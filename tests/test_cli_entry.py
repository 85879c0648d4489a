"""The console entry point (companion.cli:run): usage errors and a bad --lang are one line with exit 2."""

from __future__ import annotations

import pytest

from companion.cli import run


@pytest.mark.parametrize("argv, where", [
    (["companion", "--bogus"], "No such option: --bogus; the options are --version, --lang, --help "
                               "(see 'companion --help')"),
    (["companion", "tm", "map"], "Missing argument 'file'. (see 'companion tm map --help')"),
    (["companion", "--lang", "xx", "tm"], "--lang: language 'xx' is not supported"),
])
def test_usage_errors_are_one_line_with_status_2(argv, where, capsys):
    with pytest.raises(SystemExit) as stop:
        run(argv)
    err = capsys.readouterr().err
    assert stop.value.code == 2
    assert err.count("\n") == 1 and err.startswith("error: ") and where in err


def test_a_good_command_exits_0_and_a_bad_file_2(tmp_path, capsys):
    with pytest.raises(SystemExit) as stop:
        run(["companion", "--version"])
    assert stop.value.code == 0 and "companion" in capsys.readouterr().out
    with pytest.raises(SystemExit) as stop:
        run(["companion", "tm", "replay", str(tmp_path / "missing.txt")])
    assert stop.value.code == 2 and "missing.txt: no such file" in capsys.readouterr().err


@pytest.mark.parametrize("typed, said", [
    # click offered --bots for --bogus (difflib, the dashes counted): no option is one slip away, so all are listed
    ("--bogus", "No such option: --bogus; the options are --players, --factions, --map, --games, --seed, --bots, "
                "--record-dir, --final-scoring, --json, --help"),
    ("--bot", "No such option: --bot; did you mean --bots?"),             # a letter left out
    ("--playres", "No such option: --playres; did you mean --players?"),   # two letters swapped
    ("--recrod", "No such option: --recrod; did you mean --record-dir?"),  # the first word of an option
])
def test_an_unknown_option_is_said_unknown_with_a_guess_only_when_it_is_close(typed, said, capsys):
    with pytest.raises(SystemExit) as stop:
        run(["companion", "tm", "simulate", typed])
    err = capsys.readouterr().err
    assert stop.value.code == 2 and err == f"error: {said} (see 'companion tm simulate --help')\n"
