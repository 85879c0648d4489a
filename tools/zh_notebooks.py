"""Build and check the Simplified Chinese edition of every notebook.

Each English notebook ``notebooks/<path>.ipynb`` has a Chinese edition
``notebooks/zh_CN/<path>.ipynb`` with

* the same cells in the same order: code cells copied exactly (source, id, metadata), markdown cells
  translated from the catalog ``companion/locale/zh_CN/LC_MESSAGES/notebooks.po`` (Babel/gettext
  domain ``notebooks``; the msgid is the English cell's whole text, its location the notebook and
  cell number);
* one extra code cell before the first code cell that switches the package to Chinese
  (``companion.set_language("zh_CN")``), so the package's translated messages follow the notebook's
  language (widgets, charts and messages).

Usage (from the repository root, in the project's venv)::

    python tools/zh_notebooks.py --extract   # add new/changed English markdown cells to notebooks.po
    python tools/zh_notebooks.py             # write notebooks/zh_CN/** from the English notebooks
    python tools/zh_notebooks.py --check     # change nothing; exit 1 naming every difference
    python tools/zh_notebooks.py --join-line-breaks   # put each Chinese paragraph of notebooks.po on one line

Re-syncing after English notebooks changed: run ``--extract``. A new cell appears in
``notebooks.po`` with an empty ``msgstr``; a changed cell keeps its old translation flagged
``#, fuzzy`` (with the old English as ``#| msgid``) so the translator sees what changed; a removed
cell's entry becomes obsolete (``#~``). Translate, delete the ``fuzzy`` flag, run the tool without
options, commit both. ``--check`` (used by ``tests/test_i18n_notebooks.py``) reports each notebook
and cell that is missing, untranslated, fuzzy or out of step.

Game terms must follow ``data/i18n/glossary.json``; the test checks the catalog against it. A Chinese paragraph
is written on one line: Markdown turns a line break inside it into a space, which a browser shows between two
Chinese characters; ``--check`` reports such a break and ``--join-line-breaks`` removes them all.
"""

from __future__ import annotations

import argparse
import copy
import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from companion.jupyter_config import as_jupyterlab_writes

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
LANG = "zh_CN"
TARGET = NOTEBOOKS / LANG
CATALOG = ROOT / "companion" / "locale" / LANG / "LC_MESSAGES" / "notebooks.po"
LANGUAGE_CELL_ID = "companion-language-zh-cn"
LANGUAGE_CELL_SOURCE = (
    "# 把本程序包的控件、图表和提示信息切换为简体中文（起始页的语言菜单也可切换）。\n"
    "# English edition: the same path without zh_CN/\n"
    "import companion\n"
    "\n"
    'companion.set_language("zh_CN");'
)


@dataclass(frozen=True)
class Problem:
    """One way a Chinese notebook is not in step with its English original."""

    notebook: str   # path relative to the repository, e.g. notebooks/zh_CN/century/learn_the_rules.ipynb
    cell: int | None  # 1-based number of the English cell (the po location), when about one cell
    text: str

    def __str__(self) -> str:
        where = self.notebook if self.cell is None else f"{self.notebook}, cell {self.cell}"
        return f"{where}: {self.text}"


def english_notebooks() -> list[Path]:
    """Every English notebook (not checkpoints, not the Chinese editions), sorted."""
    return sorted(p for p in NOTEBOOKS.rglob("*.ipynb")
                  if TARGET not in p.parents and ".ipynb_checkpoints" not in p.parts)


def rel(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def chinese_path(english: Path) -> Path:
    return TARGET / english.relative_to(NOTEBOOKS)


def cell_text(cell: dict) -> str:
    src = cell.get("source", "")
    return "".join(src) if isinstance(src, list) else src


def split_source(text: str) -> list[str]:
    return text.splitlines(keepends=True)


def read_notebook(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def dump_notebook(nb: dict) -> str:
    # the format nbformat writes: sorted keys, one-space indent, UTF-8 text kept as is
    return json.dumps(nb, sort_keys=True, indent=1, ensure_ascii=False) + "\n"


def load_catalog() -> Catalog:
    if not CATALOG.exists():
        return Catalog(locale=LANG, domain="notebooks", project="companion notebooks")
    with CATALOG.open("rb") as fh:
        return read_po(fh, locale=LANG, domain="notebooks")


def save_catalog(catalog: Catalog) -> None:
    catalog.fuzzy = False
    catalog.version = "0.1"
    catalog.copyright_holder = "companion contributors"
    CATALOG.parent.mkdir(parents=True, exist_ok=True)
    with CATALOG.open("wb") as fh:
        write_po(fh, catalog, width=0, sort_by_file=True, include_previous=True)


def translation(catalog: Catalog, english: str) -> tuple[str | None, str | None]:
    """Return ``(chinese, None)`` or ``(None, reason)`` for one markdown cell."""
    message = catalog.get(english)
    if message is None:
        return None, "markdown cell has no entry in notebooks.po (run tools/zh_notebooks.py --extract)"
    if not message.string:
        return None, "markdown cell is not translated yet (empty msgstr in notebooks.po)"
    if message.fuzzy:
        return None, "translation is marked fuzzy: the English cell changed; check it and remove the flag"
    return message.string, None


_CJK = "\u3000-\u303f\u4e00-\u9fff\uff00-\uffef"
# a line that starts a block of its own: a list item, heading, table row, quote, code fence, HTML, or blank
_BLOCK_START = re.compile(r"\s*([-*+]\s|\d+[.)]\s|#|\||>|```|<|$)")


def soft_line_breaks(markdown: str) -> list[int]:
    r"""1-based numbers of the lines of ``markdown`` that end with a line break inside a paragraph or list item.

    Markdown joins such lines with a space, and a browser shows that space between two Chinese characters
    (``……交给引擎或 控件``), so a Chinese paragraph is written on one line. Not counted: the lines of a code fence,
    headings and table rows, a hard break (two trailing spaces or a backslash), and a line followed by a blank
    line or by one that starts a block of its own (a list item, a heading, a table row, a quote, HTML).

    >>> soft_line_breaks("一段话的\n后半段。\n\n- 列表项\n- 另一项\n\n```\ncode\nmore\n```")
    [1]
    """
    lines = markdown.split("\n")
    found: list[int] = []
    fence = False
    for number, (line, following) in enumerate(zip(lines, lines[1:], strict=False), start=1):
        if line.lstrip().startswith("```"):
            fence = not fence
            continue
        if fence or not line.strip() or line.lstrip().startswith(("#", "|")) or line.endswith(("  ", "\\")):
            continue
        if not _BLOCK_START.match(following):
            found.append(number)
    return found


def join_soft_line_breaks(markdown: str) -> str:
    r"""``markdown`` with every :func:`soft_line_breaks` break removed: no space where Chinese meets the break,
    one space between two Latin words (``see\nthe`` -> ``see the``).

    >>> join_soft_line_breaks("交给引擎或\n  控件，see\nthe map\n\n- 项")
    '交给引擎或控件，see the map\n\n- 项'
    """
    lines = markdown.split("\n")
    breaks = set(soft_line_breaks(markdown))
    out = lines[0]
    for number, line in enumerate(lines[1:], start=1):
        if number in breaks:
            left, right = out.rstrip(), line.lstrip()
            cjk = re.search(f"[{_CJK}]$", left) or re.match(f"[{_CJK}]", right)
            out = left + ("" if cjk else " ") + right
        else:
            out += "\n" + line
    return out


def language_cell() -> dict:
    return {"cell_type": "code", "execution_count": None, "id": LANGUAGE_CELL_ID,
            "metadata": {"tags": ["companion-language"]}, "outputs": [],
            "source": split_source(LANGUAGE_CELL_SOURCE)}


def build(english: Path, catalog: Catalog) -> tuple[dict, list[Problem]]:
    """Return the Chinese edition of ``english`` and the cells that lack a translation."""
    nb = read_notebook(english)
    out = copy.deepcopy(nb)
    cells: list[dict] = []
    problems: list[Problem] = []
    inserted = False
    for i, cell in enumerate(nb["cells"]):
        new = copy.deepcopy(cell)
        if cell["cell_type"] == "code" and not inserted:
            cells.append(language_cell())
            inserted = True
        if cell["cell_type"] == "markdown":
            zh, reason = translation(catalog, cell_text(cell))
            if zh is None:
                problems.append(Problem(rel(chinese_path(english)), i + 1, reason or ""))
            else:
                new["source"] = split_source(zh)
                breaks = soft_line_breaks(zh)
                if breaks:
                    problems.append(Problem(rel(chinese_path(english)), i + 1,
                                            f"line break inside a Chinese paragraph after line(s) "
                                            f"{', '.join(map(str, breaks))} of the translation (a browser shows it "
                                            f"as a space): write each paragraph on one line in notebooks.po"))
        cells.append(new)
    out["cells"] = cells
    meta = out.setdefault("metadata", {})
    meta["companion"] = {"language": LANG, "english_edition": rel(english),
                         "generated_by": "tools/zh_notebooks.py"}
    # stored as JupyterLab writes it, so opening it in a plain `jupyter lab` and autosaving changes nothing
    return as_jupyterlab_writes(out), problems


def extract() -> list[Problem]:
    """Bring notebooks.po in step with the English notebooks' markdown cells.

    Returns the cells still without a usable translation.
    """
    old = load_catalog()
    template = Catalog(locale=None, domain="notebooks", project="companion notebooks")
    for english in english_notebooks():
        for i, cell in enumerate(read_notebook(english)["cells"]):
            if cell["cell_type"] == "markdown" and cell_text(cell).strip():
                text = cell_text(cell)
                message = template.get(text)
                if message is None:
                    template.add(text, locations=[(rel(english), i + 1)])
                else:
                    message.locations.append((rel(english), i + 1))
    old.update(template, no_fuzzy_matching=False, update_header_comment=False, update_creation_date=False)
    old.obsolete.clear()   # a removed cell's translation is not kept once the English is gone
    save_catalog(old)
    problems: list[Problem] = []
    for english in english_notebooks():
        problems += build(english, old)[1]
    return problems


def write_all() -> list[Problem]:
    """Write every Chinese notebook; return the cells left in English for lack of a translation."""
    catalog = load_catalog()
    problems: list[Problem] = []
    for english in english_notebooks():
        nb, missing = build(english, catalog)
        problems += missing
        target = chinese_path(english)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(dump_notebook(nb), encoding="utf-8")
    return problems


def check() -> list[Problem]:
    """Compare every Chinese notebook with what would be built now; change nothing."""
    catalog = load_catalog()
    problems: list[Problem] = []
    expected_paths = set()
    for english in english_notebooks():
        target = chinese_path(english)
        expected_paths.add(target)
        nb, missing = build(english, catalog)
        problems += missing
        if not target.exists():
            problems.append(Problem(rel(target), None, f"missing Chinese edition of {rel(english)}"))
            continue
        have = read_notebook(target)
        problems += _compare(rel(target), have, nb, missing)
    for path in TARGET.rglob("*.ipynb"):
        if path not in expected_paths and ".ipynb_checkpoints" not in path.parts:
            problems.append(Problem(rel(path), None, "no English notebook at the same path"))
    return problems


def _compare(name: str, have: dict, want: dict, missing: list[Problem]) -> list[Problem]:
    skip = {p.cell for p in missing}
    problems: list[Problem] = []
    hc, wc = have.get("cells", []), want["cells"]
    if len(hc) != len(wc):
        problems.append(Problem(name, None, f"{len(hc)} cells, expected {len(wc)} (English cells + the "
                                            "language cell); rebuild with tools/zh_notebooks.py"))
    english_index = 0   # 1-based number of the English cell
    for h, w in zip(hc, wc, strict=False):
        if w.get("id") != LANGUAGE_CELL_ID:
            english_index += 1
        if english_index in skip and w["cell_type"] == "markdown":
            continue
        if h.get("cell_type") != w["cell_type"]:
            problems.append(Problem(name, english_index, f"is a {h.get('cell_type')} cell, expected "
                                                         f"{w['cell_type']}"))
        elif cell_text(h) != cell_text(w):
            kind = "code differs from the English notebook" if w["cell_type"] == "code" \
                else "markdown differs from notebooks.po"
            problems.append(Problem(name, english_index, f"{kind}; rebuild with tools/zh_notebooks.py"))
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build or check the Chinese notebooks.")
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--check", action="store_true", help="change nothing; report differences")
    group.add_argument("--extract", action="store_true",
                       help="add new or changed English markdown cells to notebooks.po")
    group.add_argument("--join-line-breaks", action="store_true",
                       help="rewrite notebooks.po so no Chinese paragraph has a line break inside, then write")
    args = parser.parse_args(argv)
    if args.join_line_breaks:
        catalog = load_catalog()
        for message in catalog:
            if message.id and message.string:
                message.string = join_soft_line_breaks(message.string)
        save_catalog(catalog)
    if args.check:
        problems = check()
    elif args.extract:
        problems = extract()
    else:
        problems = write_all()
    for p in problems:
        print(p)
    n = len(english_notebooks())
    print(f"{n} English notebooks; {len(problems)} problem{'s' if len(problems) != 1 else ''}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
