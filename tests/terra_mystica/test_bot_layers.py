"""The Terra Mystica layers import one way (issue 19 item 3 follow-up): engine <- game <- bots <- search /
simulate. The engine imports neither the protocol adapter nor the bots; the adapter imports the bots only in
its ``make_bot`` hook (the protocol's entry point, so a session can ask ``game.make_bot``); the bots import
the adapter and the engine once, at the top, instead of inside their functions."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import companion.terra_mystica as tm

ROOT = Path(tm.__file__).parent
UPPER = ("companion.terra_mystica.game", "companion.terra_mystica.bots", "companion.terra_mystica.search",
         "companion.terra_mystica.simulate", "companion.terra_mystica.balance")


def _imports(path: Path) -> list[tuple[str, str | None]]:
    """``(module, enclosing function or None)`` of every import in ``path``; ``from X import y`` counts as
    ``X.y`` too (``from companion.terra_mystica import game``)."""
    out = []

    def visit(node, function):
        for child in ast.iter_child_nodes(node):
            inner = child.name if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef) else function
            if isinstance(child, ast.Import):
                out.extend((a.name, function) for a in child.names)
            elif isinstance(child, ast.ImportFrom) and child.module:
                out.append((child.module, function))
                out.extend((f"{child.module}.{a.name}", function) for a in child.names)
            visit(child, inner)

    visit(ast.parse(path.read_text(encoding="utf-8")), None)
    return out


def test_the_engine_imports_neither_the_adapter_nor_the_bots():
    offenders = {str(p.relative_to(ROOT)): sorted({m for m, _ in _imports(p) if m.startswith(UPPER)})
                 for p in (ROOT / "engine").rglob("*.py")}
    assert {k: v for k, v in offenders.items() if v} == {}


def test_the_adapter_imports_the_bots_only_in_its_make_bot_hook():
    bots = [(m, where) for m, where in _imports(ROOT / "game.py") if m.startswith(UPPER[1:])]
    assert bots, "game.make_bot should still reach the bots"
    assert {where for _, where in bots} == {"make_bot"}


def test_the_bots_import_the_adapter_and_the_engine_at_the_top_only():
    imports = _imports(ROOT / "bots.py")
    top = {m for m, where in imports if where is None}
    assert {"companion.terra_mystica.game", "companion.terra_mystica.engine"} <= top
    inside = sorted({m for m, where in imports if where is not None and
                     m.startswith(("companion.terra_mystica.game", "companion.terra_mystica.engine"))})
    assert inside == []


BOT_LAYERS = ("bot_value.py", "bot_conversions.py", "bot_lookahead.py", "move_sketch.py", "move_value.py", "bots.py")
"""The bots' modules, lowest layer first: each imports only the ones before it (and the engine, the adapter)."""


def test_the_bot_layers_import_downwards_only_and_at_the_top():
    for k, name in enumerate(BOT_LAYERS):
        imports = _imports(ROOT / name)
        bots = {m.split(".")[2] + ".py" for m, _where in imports
                if m.startswith("companion.terra_mystica.") and m.split(".")[2] + ".py" in BOT_LAYERS}
        assert bots <= set(BOT_LAYERS[:k]), (name, sorted(bots - set(BOT_LAYERS[:k])))
        inside = sorted({m for m, where in imports if where is not None and m.startswith("companion.terra_mystica")
                         and not m.startswith("companion.terra_mystica.search")})
        assert inside == [], name    # only make_bot's search bot (the layer above) is imported late


def test_the_bots_module_imports_first_in_a_fresh_interpreter():
    # a cycle at import time would fail here (bots -> game -> engine, nothing back)
    done = subprocess.run([sys.executable, "-c", "import companion.terra_mystica.bots as b; print(b.GreedyBot.name)"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "greedy"
