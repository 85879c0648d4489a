"""Terra Mystica's compiled modules (hatch_build.py, companion/_compiled.py): same results as plain Python.

Each mode runs in a subprocess (``compiled_worker.py``): the default one, which imports the compiled
extensions that match their sources, and ``COMPANION_PURE_PYTHON=1``. The league games' final VP are
checked against their result files (the real games), the bot games' ledgers against the plain-Python run
and the engine's own replay; no timing here (``benchmarks/tm_simulate.py`` prints the speed).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tomllib
from functools import cache
from pathlib import Path

import pytest

import companion
from companion import _compiled

HERE = Path(__file__).parent
LEDGERS = HERE / "fixtures" / "ledgers"
WORKER = HERE / "compiled_worker.py"
PACKAGE = Path(companion.__file__).parent
ROOT = PACKAGE.parent
LISTED = sorted(".".join(Path(p).with_suffix("").parts) for p in tomllib.loads(
    (ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["hatch"]["build"]["hooks"]["custom"]["compile"])
"""The modules pyproject.toml asks the build hook to compile."""


def _run(tmp: Path, label: str, *, pure: bool, pythonpath: Path | None = None, pickle_in: Path | None = None,
         ) -> dict:
    env = {k: v for k, v in os.environ.items() if k != "COMPANION_PURE_PYTHON"}
    if pure:
        env["COMPANION_PURE_PYTHON"] = "1"
    if pythonpath is not None:
        env["PYTHONPATH"] = str(pythonpath)
    out = tmp / f"{label}.json"
    args = [sys.executable, str(WORKER), str(LEDGERS), str(out)] + ([str(pickle_in)] if pickle_in else [])
    subprocess.run(args, env=env, check=True, cwd=tmp, timeout=600)
    return json.loads(out.read_text(encoding="utf-8"))


@cache
def _both(tmp: Path) -> tuple[dict, dict]:
    compiled = _run(tmp, "compiled", pure=False)
    pure = _run(tmp, "pure", pure=True, pickle_in=tmp / "compiled.pickle")
    return compiled, pure


@pytest.fixture(scope="module")
def runs(tmp_path_factory) -> tuple[dict, dict]:
    return _both(tmp_path_factory.mktemp("compiled"))


def _built() -> list[str]:
    finder = _compiled.FINDER or _compiled.CompiledFinder(_compiled.FOLDER)
    return sorted(finder.built)


def _final_vp(game: str) -> dict:
    result = json.loads((LEDGERS / f"{game}.result.json").read_text(encoding="utf-8"))
    return {f["faction"]: f["final_vp"] for f in result["factions"]}


def test_league_games_give_the_real_final_vp_in_both_modes(runs):
    for run in runs:
        for game, got in run["league"].items():
            assert got["mismatches"] == 0, game
            assert got["final_vp"] == got["log_final_vp"] == _final_vp(game), game
    assert runs[0]["league"] == runs[1]["league"]  # every row's label and totals too


def test_bot_games_are_the_same_games_in_both_modes(runs):
    compiled, pure = runs
    assert [b["differences"] for b in compiled["bots"] + pure["bots"]] == [0] * 2 * len(pure["bots"])
    for a, b in zip(compiled["bots"], pure["bots"], strict=True):
        assert (a["kind"], a["players"]) == (b["kind"], b["players"])
        assert a["final_vp"] == b["final_vp"] and len(a["final_vp"]) == a["players"]
        assert a["ledger"] == b["ledger"]
    assert {b["kind"] for b in pure["bots"]} == {"random", "greedy"}
    assert {b["players"] for b in pure["bots"]} == {2, 3, 4, 5}


def test_rows_pickled_by_compiled_code_load_in_plain_python(runs):
    """One module identity: the compiled engine's row objects pickle under the plain module's class name."""
    compiled, pure = runs
    assert pure["loaded_rows_equal"] is True and compiled["rows"] == pure["rows"] > 100
    assert compiled["row_class"] == pure["row_class"] == pure["loaded_row_class"]
    assert compiled["row_class"].startswith("companion.terra_mystica.engine.")
    assert compiled["game_class"] == pure["game_class"] == "companion.terra_mystica.engine.state.Game"


def test_pure_python_mode_imports_no_extension(runs):
    pure = runs[1]
    assert pure["compiled"] == [] and pure["available"] == [] and pure["files"] == {}


def test_the_compiled_modules_are_in_use_when_built(runs):
    built = _built()
    if not built:
        pytest.skip("no Terra Mystica module was compiled (no Cython or C compiler at install time)")
    compiled = runs[0]
    assert set(built) <= set(LISTED)
    # every built module matching its source is imported from its extension, under its own name
    assert compiled["available"] and compiled["compiled"] == compiled["available"]
    for name in compiled["available"]:
        assert Path(compiled["files"][name]).parent == Path(_compiled.FOLDER), name
    assert compiled["stale"] == [] or set(compiled["stale"]).isdisjoint(compiled["compiled"])


def test_the_install_compiled_every_listed_module():
    """After ``make venv`` every module of pyproject.toml's list has an extension matching its source."""
    if not _built():
        pytest.skip("no Terra Mystica module was compiled (no Cython or C compiler at install time)")
    current = list(_compiled.CompiledFinder(_compiled.FOLDER).available())
    assert current == LISTED, f"not compiled from the current source (run `make venv`): {set(LISTED) - set(current)}"


def test_an_edited_source_is_imported_as_plain_python(tmp_path):
    built = _built()
    if "companion.terra_mystica.engine.moves" not in built or "companion.terra_mystica.towns" not in built:
        pytest.skip("the engine's moves and towns modules were not compiled at install time")
    copy = tmp_path / "src" / "companion"
    shutil.copytree(PACKAGE, copy, symlinks=True, ignore=shutil.ignore_patterns("__pycache__", "_data"))
    (copy / "_data").symlink_to((PACKAGE / "_data").resolve())
    moves = copy / "terra_mystica" / "engine" / "moves.py"
    moves.write_text(moves.read_text(encoding="utf-8") + "\nEDITED = True\n", encoding="utf-8")
    out = tmp_path / "run"
    out.mkdir()
    got = _run(out, "edited", pure=False, pythonpath=tmp_path / "src")
    assert got["engine_file"].startswith(str(copy))  # the copy was imported, not the installed package
    assert got["files"]["companion.terra_mystica.engine.moves"] == str(moves)
    assert got["stale"] == ["companion.terra_mystica.engine.moves"]
    assert "companion.terra_mystica.engine.moves" not in got["compiled"]
    assert got["files"]["companion.terra_mystica.towns"].startswith(str(copy / "_native"))
    assert "companion.terra_mystica.towns" in got["compiled"]
    for game, result in got["league"].items():
        assert result["mismatches"] == 0 and result["final_vp"] == _final_vp(game), game


def test_compiled_functions_keep_signatures_and_docstrings():
    """binding=True: ``inspect.signature``, ``help`` and doctest see the functions as the source declares them."""
    import ast
    import inspect

    from companion.terra_mystica.engine import moves

    tree = ast.parse((PACKAGE / "terra_mystica" / "engine" / "moves.py").read_text(encoding="utf-8"))
    declared = next(node for node in tree.body if isinstance(node, ast.FunctionDef) and node.name == "legal_moves")
    signature = inspect.signature(moves.legal_moves)
    assert list(signature.parameters) == [a.arg for a in declared.args.args + declared.args.kwonlyargs]
    assert moves.legal_moves.__doc__ == ast.get_docstring(declared, clean=False)
    assert moves.legal_moves.__module__ == moves.__name__ == "companion.terra_mystica.engine.moves"
