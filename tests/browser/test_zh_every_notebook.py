"""Every Chinese notebook in Chinese JupyterLab, and each Voila app in Chinese, in a real browser (issue 14).

Each Chinese edition (``notebooks/zh_CN/...``) is opened in JupyterLab as ``make lab-zh`` serves it
(Chinese interface, ``COMPANION_LANG=zh_CN``), all cells run, a screenshot is saved under
``tests/browser/screenshots/zh_CN_*.png``, and then:

- **no English is left in what the widgets show**: every text node of the widget output (labels,
  buttons, HTML, dropdown options, plotly titles/axes/legends) is searched for English words. What
  is not UI text is set aside: words that the notebook's own code cells contain (player names, map
  names and files the notebook passes in are data, like a user's input), codes written in capitals
  and digits (``FAV11``, ``BON4``, hex labels ``E7``), paths and file names, text inside ``code`` /
  ``pre`` (records and JSON are an interface), and the short list of proper names below;
- **CJK text renders**: a Chinese character drawn in the page's font differs from the box drawn
  for a character no font has (fonts are installed by ``.ci/run``: ``fonts-noto-cjk``).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.browser.harness import (
    ROOT,
    jupyterlab_server,
    run_in_lab,
    run_in_voila,
    screenshot,
    watch_console,
)

ZH = ROOT / "notebooks" / "zh_CN"
NOTEBOOKS = sorted(p.relative_to(ROOT).as_posix() for p in ZH.rglob("*.ipynb")
                   if ".ipynb_checkpoints" not in p.parts and "apps" not in p.parts)
APPS = sorted(p.relative_to(ROOT).as_posix() for p in (ZH / "apps").glob("*.ipynb"))

PROPER_NAMES = {
    # game titles and the software a reader sees named (proper names are not translated)
    "Century", "Golem", "Edition", "Merchants", "Magick", "Terra", "Mystica", "Fire", "Ice",
    "Jupyter", "JupyterLab", "Voila", "Plotly", "Python", "JSON", "CSV", "SQLite", "Binder", "companion",
    "snellman",
    # the players of the rules summary's fast-auction example (快速竞叫): the Chinese rules text names them so too
    "Alice", "Bob",
}

# text nodes of the output area, minus records/JSON in code/pre, typed values and plotly's tool bar
_TEXTS = """(root) => {
  const skip = new Set(['CODE', 'PRE', 'TEXTAREA', 'INPUT', 'SCRIPT', 'STYLE']);
  const scope = root ? (window.jupyterapp && window.jupyterapp.shell.currentWidget
                        ? window.jupyterapp.shell.currentWidget.node : document) : document;
  const out = [];
  for (const area of scope.querySelectorAll(root ? '.jp-OutputArea-output' : 'body')) {
    const walker = document.createTreeWalker(area, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      let e = n.parentElement, hidden = false;
      while (e && e !== area) {
        if (skip.has(e.tagName.toUpperCase()) || e.classList.contains('modebar')) { hidden = true; break; }
        e = e.parentElement;
      }
      const text = n.textContent.trim();
      if (!hidden && text) out.push(text);
    }
  }
  return out;
}"""

# a Chinese character drawn in the page's font is not the box drawn for a character no font has
_CJK_RENDERS = """() => {
  const draw = (ch) => { const c = document.createElement('canvas'); c.width = 40; c.height = 40;
    const x = c.getContext('2d'); x.font = '32px sans-serif'; x.fillText(ch, 2, 34); return c.toDataURL(); };
  const tofu = draw('\\u{10FFFD}');
  return ['中', '魔', '铲'].every(ch => draw(ch) !== tofu);
}"""

_PATHLIKE = re.compile(r"\S*[/\\]\S*|\S+\.(?:json|txt|csv|ipynb|sqlite|db|png)\b")
_WORD = re.compile(r"[A-Za-z][A-Za-z']+")


def code_words(notebook: str) -> set[str]:
    """Words the notebook's code cells contain: what the notebook passes in is data, not UI text."""
    cells = json.loads((ROOT / notebook).read_text(encoding="utf-8"))["cells"]
    return {w for c in cells if c["cell_type"] == "code" for w in _WORD.findall("".join(c["source"]))}


def english_left(texts: list[str], allowed: set[str]) -> list[str]:
    """The text nodes that still contain an English word (each once, at most 40)."""
    found: list[str] = []
    for text in texts:
        bare = _PATHLIKE.sub(" ", text)
        words = [w for w in _WORD.findall(bare)
                 if len(w) > 2 and not w.isupper() and w not in allowed and w not in PROPER_NAMES]
        if words and text not in found:
            found.append(text)
    return found[:40]


def test_english_left_finds_words_and_sets_data_aside():
    """The detector itself: UI words are found; codes, paths, code-cell words and proper names are not."""
    texts = ["下一步", "Next row", "FAV11 给 3 分", "保存到 /tmp/x/scores.json", "Alice 赢了",
             "Terra Mystica", "E7"]
    assert english_left(texts, {"Alice"}) == ["Next row"]


@pytest.fixture(scope="module")
def zh_lab():
    with jupyterlab_server(settings=ROOT / "data" / "i18n" / "jupyterlab-zh_CN", COMPANION_LANG="zh_CN") as url:
        yield url


def _check(page, notebook: str, *, in_lab: bool) -> None:
    assert page.evaluate(_CJK_RENDERS), "CJK characters render as boxes: no Chinese font (fonts-noto-cjk)"
    texts = page.evaluate(_TEXTS, in_lab)
    left = english_left(texts, code_words(notebook))
    assert not left, f"{notebook}: English left in the widgets:\n" + "\n".join(left)
    assert any(re.search(r"[\u4e00-\u9fff]", t) for t in texts), f"{notebook}: no Chinese in the widgets"


@pytest.mark.parametrize("notebook", NOTEBOOKS)
def test_chinese_notebook_has_no_english_ui_left(browser, zh_lab, notebook):
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    try:
        page = context.new_page()
        errors = watch_console(page)
        nb = json.loads((ROOT / notebook).read_text(encoding="utf-8"))
        has_plot = "plot" in json.dumps(nb["cells"]) or "figure" in json.dumps(nb["cells"])
        run_in_lab(page, zh_lab, notebook, expect_plotly=False)
        if has_plot:
            page.wait_for_timeout(500)
        screenshot(page, "zh_CN_" + Path(notebook).with_suffix("").as_posix().split("zh_CN/", 1)[1]
                   .replace("/", "_"))
        _check(page, notebook, in_lab=True)
        errors.check(notebook)
    finally:
        context.close()


@pytest.mark.parametrize("notebook", APPS)
def test_chinese_voila_app_has_no_english_ui_left(browser, voila_url, notebook):
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    try:
        page = context.new_page()
        errors = watch_console(page)
        run_in_voila(page, voila_url, notebook, expect_plotly=False)
        page.wait_for_timeout(500)
        screenshot(page, "zh_CN_voila_" + Path(notebook).stem)
        _check(page, notebook, in_lab=False)
        errors.check(notebook)
    finally:
        context.close()
