"""Issue 22, point 13: the glossary (rules data) is read outside the translation module, so that
``companion.i18n`` no longer imports ``companion.resources`` (the errors -> i18n -> resources -> errors circle),
and the old import path keeps working."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import companion

PACKAGE = Path(companion.__file__).resolve().parent


def _imports(module: str) -> set[str]:
    """Every companion module ``module`` imports, at the top or inside a function."""
    tree = ast.parse((PACKAGE / (module.replace(".", "/").removeprefix("companion/") + ".py")).read_text())
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("companion"):
            found.add(node.module)
            found.update(f"{node.module}.{a.name}" for a in node.names)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.startswith("companion"))
    return found


def test_the_translation_module_does_not_read_rules_data():
    assert "companion.resources" not in _imports("companion.i18n")
    assert "companion.i18n" in _imports("companion.resources")  # the edge that made the circle


def test_importing_i18n_loads_neither_resources_nor_the_glossary():
    code = ("import sys, companion.i18n; print(sorted(m for m in sys.modules if m in "
            "('companion.resources', 'companion.glossary')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_the_glossary_keeps_its_old_import_path():
    from companion import glossary, i18n
    from companion.i18n import load_glossary

    assert load_glossary is glossary.load_glossary and i18n.GlossaryTerm is glossary.GlossaryTerm
    assert load_glossary().lookup("faction", "terra_mystica").zh == "派系"
