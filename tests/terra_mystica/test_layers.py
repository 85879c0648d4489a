"""The rules package draws nothing: plotly and the widgets are imported only by companion.widgets (issue 22,
point 13). Exceptions: the re-export left at the old mapplot path, and the command-line front ends (``cli*.py``),
which write pictures (``tm map --svg/--png``) as the notebooks do."""

from __future__ import annotations

import ast
from pathlib import Path

import companion.terra_mystica as tm

SHIM = "mapplot.py"


def _imports(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def test_no_rules_module_imports_plotly_or_widgets():
    root = Path(tm.__file__).parent
    offenders = {str(p.relative_to(root)): sorted(n for n in _imports(p) if n.split(".")[0] == "plotly"
                                                  or n.startswith("companion.widgets") or n == "ipywidgets")
                 for p in root.rglob("*.py") if p.name != SHIM and not p.name.startswith("cli")}
    assert {k: v for k, v in offenders.items() if v} == {}


def test_the_old_mapplot_path_still_gives_the_figure():
    from companion.terra_mystica.mapplot import map_figure as old
    from companion.widgets.terra_mystica.mapplot import map_figure as new

    assert old is new
