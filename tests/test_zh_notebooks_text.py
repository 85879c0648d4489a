"""The Chinese notebooks read as Chinese (issue 22, point 10).

* their code cells (copied exactly from the English notebooks) print nothing in English: no English prose in a
  string literal or a comment, except the language cell's one pointer to the English edition; what they show
  comes from the package, in the language in force;
* no Chinese markdown paragraph has a line break inside (a browser shows it as a space between two characters).
"""

from __future__ import annotations

import importlib.util
import io
import json
import re
import sys
import tokenize
from pathlib import Path

import pytest

from companion.i18n import using_language

ROOT = Path(__file__).resolve().parent.parent
ZH = ROOT / "notebooks" / "zh_CN"


def _tool():
    spec = importlib.util.spec_from_file_location("zh_notebooks", ROOT / "tools" / "zh_notebooks.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("zh_notebooks", module)
    spec.loader.exec_module(module)
    return module


zh_notebooks = _tool()
PROSE = re.compile(r"[A-Za-z]{2,}[^\w\n'\"]+[A-Za-z]{2,}")
ENGLISH_WORDS = re.compile(r"\b[A-Za-z]{3,}\b")


def english_in_code(source: str) -> list[str]:
    """String literals and comments of a code cell that hold English prose (two or more words)."""
    found = []
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT and re.search(r"[A-Za-z]{2,}\s+[A-Za-z]{2,}", token.string):
            found.append(token.string)
        elif token.type == tokenize.STRING and " " in token.string and PROSE.search(token.string):
            found.append(token.string)
    return found


def cells(kind: str):
    for path in sorted(ZH.rglob("*.ipynb")):
        for i, cell in enumerate(json.loads(path.read_text(encoding="utf-8"))["cells"]):
            if cell["cell_type"] == kind:
                yield f"{path.relative_to(ROOT)} cell {i}", cell


def test_code_cells_of_the_chinese_notebooks_hold_no_english_prose():
    bad = [f"{where}: {text[:60]}" for where, cell in cells("code")
           if cell.get("id") != zh_notebooks.LANGUAGE_CELL_ID
           for text in english_in_code("".join(cell["source"]))]
    assert bad == []


def test_english_prose_finder_sees_what_the_notebooks_printed():
    assert english_in_code('print(f"{g}: {n} rows compared, {m} differences")\n') != []
    assert english_in_code('game.start()   # three seats: you and two bots\n') != []
    assert english_in_code('x = "reconstruction" if a else "typed from a printed sheet"\n') != []
    assert english_in_code('print(*replay_report(doc), sep="\\n  ")\nHTML(sheet_label_html(s))\n') == []


def test_chinese_markdown_has_no_line_break_inside_a_paragraph():
    bad = [f"{where}: after line(s) {breaks}" for where, cell in cells("markdown")
           if (breaks := zh_notebooks.soft_line_breaks("".join(cell["source"])))]
    assert bad == []


@pytest.mark.parametrize(("markdown", "breaks"), [
    ("项目的各个部分读取的是同一种记录纸文件。保存之后，把它交给引擎或\n控件，例如：", [1]),
    ("* 每个**圆圈**都标明它的\n  目标数字（1–12）；\n* 每一行都有它的**金币**。", [1]),
    ("## 标题\n正文一行。\n\n| a | b |\n|---|---|\n\n```python\nx = 1\ny = 2\n```", []),
    ("硬换行  \n下一行\n- 列表\n1. 编号", []),
])
def test_soft_line_breaks_finds_the_breaks_inside_paragraphs_and_list_items(markdown, breaks):
    assert zh_notebooks.soft_line_breaks(markdown) == breaks
    joined = zh_notebooks.join_soft_line_breaks(markdown)
    assert zh_notebooks.soft_line_breaks(joined) == []
    assert joined.count("\n") == markdown.count("\n") - len(breaks)


def test_the_replay_summary_the_notebook_prints_is_chinese():
    from companion.terra_mystica.cli_replay import replay_report
    from companion.terra_mystica.engine import replay
    from companion.terra_mystica.engine.games import game_text, shipped_games

    game_id = shipped_games()[0]["game_id"]
    doc = replay(game_text(game_id)).as_json()
    with using_language("zh_CN"):
        lines = replay_report(doc)
    assert lines[0].startswith("已检查行数") and lines[-1].startswith("终局分数")
    assert [w for line in lines for w in ENGLISH_WORDS.findall(line)] == []
    english = replay_report(doc)
    assert english[0].startswith("rows checked: ") and english[-1].startswith("final VP: ")


def test_the_town_the_map_notebook_prints_and_the_sheet_it_shows_are_chinese():
    from companion.magick.sheet import default_sheet
    from companion.terra_mystica.towns import TownEvent
    from companion.widgets.magick.sheet import sheet_label_html

    with using_language("zh_CN"):
        town = TownEvent("founded", "witches", 1, frozenset({"A1", "A2", "A3", "A4"}), 7, 4).describe()
        banner = re.sub(r"<[^>]+>|\([^)]*\)|（[^）]*）", "", sheet_label_html(default_sheet()))
    assert "女巫建立了城镇 1" in town and ENGLISH_WORDS.findall(town) == []
    assert "重建版" in banner and ENGLISH_WORDS.findall(banner) == []
