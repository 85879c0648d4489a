"""A command loads only what it uses (issue 13): checked through ``sys.modules`` in a fresh interpreter.

Speed itself is measured in ``benchmarks/startup.py``; these tests pin down the import structure that makes
it fast, so a new eager import (a game group, plotly, networkx, pydantic, rich) is caught here.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from companion.cli import app

FIXTURES = Path(__file__).resolve().parent / "terra_mystica" / "fixtures"

PROBE = """
import json, sys
from companion.cli import app
sys.argv = ["companion", *json.loads(sys.argv[1])]
try:
    app()
except SystemExit:
    pass
print(json.dumps(sorted({m for m in sys.modules if m.split(".")[0] in ("companion", "plotly", "ipywidgets",
      "networkx", "pydantic", "rich", "tqdm", "anywidget")})))
"""


def loaded_modules(*args: str) -> set[str]:
    """Top-level + companion modules imported by ``companion ARGS`` in a fresh interpreter."""
    out = subprocess.run([sys.executable, "-c", PROBE, json.dumps(list(args))], capture_output=True, text=True,
                         check=True, timeout=120)
    return set(json.loads(out.stdout.strip().splitlines()[-1]))


def _has(modules: set[str], package: str) -> bool:
    return any(m == package or m.startswith(package + ".") for m in modules)


def test_help_loads_no_game_group():
    mods = loaded_modules("--help")
    for package in ("companion.terra_mystica", "companion.century", "companion.magick", "companion.history",
                    "companion.widgets", "networkx", "plotly", "ipywidgets", "pydantic", "rich"):
        assert not _has(mods, package), package


def test_tm_help_loads_only_the_tm_group():
    mods = loaded_modules("tm", "--help")
    assert "companion.terra_mystica.cli" in mods
    for package in ("companion.century", "companion.magick", "companion.history", "companion.widgets", "networkx",
                    "plotly", "ipywidgets", "pydantic", "rich"):
        assert not _has(mods, package), package


def test_tm_map_loads_the_map_code_but_no_other_game_and_no_plotting():
    mods = loaded_modules("tm", "map", str(FIXTURES / "maps" / "base.txt"), "--json")
    assert "companion.terra_mystica.hexmap" in mods
    for package in ("companion.century", "companion.magick", "companion.widgets", "companion.terra_mystica.engine",
                    "plotly", "ipywidgets", "pydantic", "rich"):
        assert not _has(mods, package), package


def test_century_score_loads_no_map_graph_and_no_other_game(tmp_path):
    f = tmp_path / "table.json"
    f.write_text(json.dumps({"players": [{"name": "A", "golems": [10]}, {"name": "B", "golems": [12]}]}))
    mods = loaded_modules("century", "score", str(f))
    assert "companion.century.scoring" in mods
    for package in ("companion.terra_mystica", "companion.magick", "companion.widgets", "networkx", "plotly",
                    "ipywidgets", "pydantic", "rich"):
        assert not _has(mods, package), package


runner = CliRunner()


@pytest.mark.parametrize("args", [["tm", "--help"], ["century", "--help"], ["magick", "--help"],
                                  ["history", "--help"]])
def test_group_help_is_listed_and_loads(args):
    top = runner.invoke(app, ["--help"])
    assert top.exit_code == 0 and args[0] in top.output
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "Commands" in result.output


def test_plain_int_option_still_checks_its_value():
    result = runner.invoke(app, ["century", "simulate", "--players", "many", "--games", "1", "--no-progress"])
    assert result.exit_code == 2
    assert "--players" in result.output and "'many'" in result.output


def test_plain_options_still_convert_values():
    result = runner.invoke(app, ["century", "simulate", "--players", " 3 ", "--games", "2", "--seed", "5",
                                 "--no-progress", "--json"])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert doc["players"] == 3 and doc["games"] == 2 and doc["seed"] == 5


def test_unknown_group_is_a_usage_error():
    result = runner.invoke(app, ["chess"])
    assert result.exit_code == 2
    assert "chess" in result.output


WIDGET_PROBE = """
import json, sys
import ipywidgets
from companion.widgets.start import GamePicker
GamePicker()
heavy = sorted(m for m in ("jsonschema", "rfc3987_syntax", "lark") if m in sys.modules)
import nbformat
nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("1 + 1")])
again = nbformat.reads(nbformat.writes(nb), as_version=4)
print(json.dumps({"heavy": heavy, "cells": len(again.cells), "real": type(sys.modules["nbformat"]).__name__,
                  "version": nbformat.__version__}))
"""


def test_widgets_defer_nbformat_until_used():
    """Showing a widget does not load nbformat/jsonschema (1.3 s of grammar building); using it still works."""
    out = subprocess.run([sys.executable, "-c", WIDGET_PROBE], capture_output=True, text=True, check=True,
                         timeout=120)
    doc = json.loads(out.stdout.strip().splitlines()[-1])
    assert doc["heavy"] == []
    assert doc["cells"] == 1 and doc["real"] == "module" and doc["version"].count(".") >= 1
