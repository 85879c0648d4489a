"""Closing one widget never breaks another: no ipywidgets Layout or Style is shared between widgets.

A module-level ``Layout`` given to every row of a form is closed with the first form closed (a
widget's ``close()`` closes its layout), and the next form built then fails deep inside ipywidgets
(``'NoneType' object has no attribute 'comm_id'``).
"""

from __future__ import annotations

import ast
from pathlib import Path

import ipywidgets as widgets

from companion.widgets.scoreboard import Scoreboard
from companion.widgets.terra_mystica.score import TableScorer

WIDGETS = Path(__file__).resolve().parents[2] / "companion" / "widgets"


def _close_all(widget) -> None:
    for child in getattr(widget, "children", ()):
        _close_all(child)
    if isinstance(getattr(widget, "layout", None), widgets.Layout):
        widget.layout.close()
    if isinstance(widget, widgets.Widget):
        widget.close()


def test_a_second_form_builds_after_the_first_is_closed_with_its_layouts(tmp_path):
    for make in (lambda: TableScorer(save_path=tmp_path / "tm.json"), lambda: Scoreboard(save_dir=tmp_path)):
        first = make()
        _close_all(first)
        second = make()           # raised AttributeError when a Layout was shared
        assert second.comm is not None


def test_no_module_level_layout_or_style_in_the_widgets():
    shared = []
    for path in WIDGETS.rglob("*.py"):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, (ast.Assign, ast.AnnAssign)) and isinstance(node.value, ast.Call):
                name = ast.unparse(node.value.func)
                if name.endswith(("Layout", "Style")):
                    shared.append(f"{path.relative_to(WIDGETS)}:{node.lineno} {name}")
    assert shared == []
