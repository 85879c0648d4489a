"""The console entry point (companion.cli:run): usage errors and a bad --lang are one line with exit 2."""

from __future__ import annotations

import pytest

from companion.cli import run


@pytest.mark.parametrize("argv, where", [
    (["companion", "--bogus"], "No such option: --bogus (see 'companion --help')"),
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
