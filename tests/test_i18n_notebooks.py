"""The Chinese notebooks (notebooks/zh_CN/**) are in step with the English ones.

Same cells in the same order, code copied exactly, every markdown cell translated (from
``companion/locale/zh_CN/LC_MESSAGES/notebooks.po``), plus one language cell. The tool that builds
them, ``tools/zh_notebooks.py``, is also tested on a small hand-made tree.
"""

from __future__ import annotations

import importlib.util
import json
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _load_tool():
    spec = importlib.util.spec_from_file_location("zh_notebooks", ROOT / "tools" / "zh_notebooks.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("zh_notebooks", module)   # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


zh = _load_tool()
CJK = re.compile(r"[\u4e00-\u9fff]")


def test_every_english_notebook_has_an_up_to_date_chinese_edition():
    problems = zh.check()
    assert [str(p) for p in problems] == []


def test_there_are_chinese_editions_of_all_english_notebooks():
    english = zh.english_notebooks()
    assert len(english) >= 13
    for path in english:
        assert zh.chinese_path(path).exists(), path


@pytest.mark.parametrize("english", zh.english_notebooks(), ids=lambda p: p.relative_to(zh.NOTEBOOKS).as_posix())
def test_chinese_edition_has_same_code_and_translated_markdown(english):
    en = json.loads(english.read_text(encoding="utf-8"))["cells"]
    cn = json.loads(zh.chinese_path(english).read_text(encoding="utf-8"))["cells"]
    language = [c for c in cn if c.get("id") == zh.LANGUAGE_CELL_ID]
    assert len(language) == 1 and 'companion.set_language("zh_CN")' in zh.cell_text(language[0])
    # the comment says what the cell does: widgets, charts and messages in Chinese (no stale "not yet")
    comment = zh.cell_text(language[0]).split("import companion")[0]
    assert "控件" in comment and "图表" in comment and "尚未" not in comment
    first_code = next(i for i, c in enumerate(cn) if c["cell_type"] == "code")
    assert cn[first_code]["id"] == zh.LANGUAGE_CELL_ID     # Chinese before any widget is built
    rest = [c for c in cn if c.get("id") != zh.LANGUAGE_CELL_ID]
    assert [c["cell_type"] for c in rest] == [c["cell_type"] for c in en]
    for e, c in zip(en, rest, strict=True):
        if e["cell_type"] == "code":
            assert zh.cell_text(c) == zh.cell_text(e)
        else:
            assert CJK.search(zh.cell_text(c)), f"markdown cell {e.get('id')} is not Chinese"


def test_chinese_start_page_links_resolve():
    start = zh.TARGET / "00_start_here.ipynb"
    text = "".join(zh.cell_text(c) for c in json.loads(start.read_text(encoding="utf-8"))["cells"])
    links = re.findall(r"\]\(([^)]+\.ipynb)\)", text)
    assert len(links) >= 13
    for link in links:
        assert (start.parent / link).resolve().exists(), link
    assert "../00_start_here.ipynb" in links          # the way back to the English edition


# --------------------------------------------------------------------------------- the tool itself

def _nb(*cells):
    return {"cells": [{"cell_type": kind, "id": f"c{i}", "metadata": {}, "source": src,
                       **({"outputs": [], "execution_count": None} if kind == "code" else {})}
                      for i, (kind, src) in enumerate(cells)],
            "metadata": {}, "nbformat": 4, "nbformat_minor": 5}


@pytest.fixture
def tree(tmp_path, monkeypatch):
    """A repository with one English notebook and an empty catalog; the tool pointed at it."""
    nbdir = tmp_path / "notebooks"
    (nbdir / "game").mkdir(parents=True)
    english = nbdir / "game" / "lesson.ipynb"
    english.write_text(json.dumps(_nb(("markdown", "# Title\n\nSome text."), ("code", "x = 1"),
                                      ("markdown", "More."))), encoding="utf-8")
    monkeypatch.setattr(zh, "ROOT", tmp_path)
    monkeypatch.setattr(zh, "NOTEBOOKS", nbdir)
    monkeypatch.setattr(zh, "TARGET", nbdir / "zh_CN")
    monkeypatch.setattr(zh, "CATALOG", tmp_path / "notebooks.po")
    return english


def _translate(mapping):
    catalog = zh.load_catalog()
    for message in catalog:
        if message.id in mapping:
            message.string = mapping[message.id]
            message.flags.discard("fuzzy")
    zh.save_catalog(catalog)


def test_tool_extract_build_check_cycle(tree):
    problems = zh.extract()
    assert [(p.notebook, p.cell) for p in problems] == [("notebooks/zh_CN/game/lesson.ipynb", 1),
                                                         ("notebooks/zh_CN/game/lesson.ipynb", 3)]
    assert "not translated" in problems[0].text
    _translate({"# Title\n\nSome text.": "# 标题\n\n一些文字。", "More.": "更多。"})
    assert zh.write_all() == []
    assert zh.check() == []
    built = json.loads((zh.TARGET / "game" / "lesson.ipynb").read_text(encoding="utf-8"))
    assert [zh.cell_text(c) for c in built["cells"]] == ["# 标题\n\n一些文字。", zh.LANGUAGE_CELL_SOURCE,
                                                         "x = 1", "更多。"]
    assert built["metadata"]["companion"]["english_edition"] == "notebooks/game/lesson.ipynb"


def test_check_names_notebook_and_cell_of_each_difference(tree):
    zh.extract()
    _translate({"# Title\n\nSome text.": "# 标题\n\n一些文字。", "More.": "更多。"})
    zh.write_all()
    nb = json.loads(tree.read_text(encoding="utf-8"))
    nb["cells"][1]["source"] = "x = 2"                                   # code changed
    nb["cells"].append({"cell_type": "markdown", "id": "new", "metadata": {}, "source": "New cell."})
    tree.write_text(json.dumps(nb), encoding="utf-8")
    found = {(p.cell, p.text.split(";")[0]) for p in zh.check()}
    assert (2, "code differs from the English notebook") in found
    assert any(cell == 4 and "no entry in notebooks.po" in text for cell, text in found)
    assert any(cell is None and "4 cells, expected 5" in text for cell, text in found)


def test_changed_english_cell_keeps_old_translation_as_fuzzy(tree):
    zh.extract()
    _translate({"# Title\n\nSome text.": "# 标题\n\n一些文字。", "More.": "更多。"})
    nb = json.loads(tree.read_text(encoding="utf-8"))
    nb["cells"][0]["source"] = "# Title\n\nSome more text."
    tree.write_text(json.dumps(nb), encoding="utf-8")
    problems = zh.extract()
    assert [(p.cell, "fuzzy" in p.text) for p in problems] == [(1, True)]
    message = zh.load_catalog().get("# Title\n\nSome more text.")
    assert message.fuzzy and message.string == "# 标题\n\n一些文字。"
    assert zh.load_catalog().get("# Title\n\nSome text.") is None        # the old entry is gone


def test_chinese_notebook_without_english_original_is_reported(tree):
    zh.extract()
    _translate({"# Title\n\nSome text.": "# 标题", "More.": "更多。"})
    zh.write_all()
    orphan = zh.TARGET / "game" / "gone.ipynb"
    orphan.write_text(json.dumps(_nb(("markdown", "旧"))), encoding="utf-8")
    assert [p.text for p in zh.check()] == ["no English notebook at the same path"]


def _widget_labels() -> set[str]:
    """English labels of the widgets' buttons and check boxes (``description=_("...")`` in companion/widgets)."""
    pattern = re.compile(r'description\s*=\s*_\("([^"]+)"\)')
    return {m for path in (ROOT / "companion" / "widgets").rglob("*.py") for m in pattern.findall(path.read_text())}


def test_chinese_markdown_names_buttons_as_the_chinese_widgets_label_them():
    """A Chinese reader sees 打开, not Open: emphasized English widget labels in zh markdown are a slip."""
    labels = _widget_labels()
    assert {"Open", "Save", "Undo"} <= labels
    emphasized = re.compile(r"(\*{1,2})([^*\n]+?)\1")
    found = []
    for path in sorted(p for p in (ROOT / "notebooks" / "zh_CN").rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts):
        for cell in json.loads(path.read_text())["cells"]:
            if cell["cell_type"] == "markdown":
                text = "".join(cell["source"])
                found += [(path.name, m.group(2)) for m in emphasized.finditer(text) if m.group(2) in labels]
    assert found == []
