"""Issue 22, point 14: code that only tests called is gone, so the tests exercise what the product runs."""

from __future__ import annotations

import ast
from pathlib import Path

import companion
from companion.magick.sheet import Sheet
from companion.terra_mystica.hexmap import TerraMysticaMap

ROOT = Path(companion.__file__).resolve().parent


def test_the_removed_queries_stay_removed():
    assert not hasattr(TerraMysticaMap, "reachable") and not hasattr(TerraMysticaMap, "adjacency")  # tests only; reach is used
    assert not hasattr(Sheet, "columns_for_die")


def test_what_the_tests_used_instead_is_what_the_engine_calls():
    calls = {node.func.attr for path in ROOT.rglob("*.py") for node in ast.walk(ast.parse(path.read_text()))
             if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)}
    assert {"reach", "land_neighbours", "tunnel_reach", "shipping_reach"} <= calls
