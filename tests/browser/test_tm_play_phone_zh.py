"""The Terra Mystica play notebook on a 390 px phone, in Chinese: the column headings of the resources table keep
each word whole (a faction's name broke between its characters, 女 / 巫), and the row box's example is there in
full (the placeholder, a whole sentence, was cut off at the box's edge); every hex label of the map is on the
screen. Screenshot:
``screenshots/phone390_tm_play_zh.png``."""

from __future__ import annotations

from companion.terra_mystica.hexmap import load_shipped_map
from tests.browser.harness import SCREENSHOTS, run_in_lab, watch_console
from tests.browser.test_century_picker_phone_zh import PHONE_390
from tests.browser.test_tm_map_fit import _check_labels

ZH = "notebooks/zh_CN/terra_mystica/play_a_full_game.ipynb"
ROOT = "window.jupyterapp.shell.currentWidget.node"

# every cell of the resources table: its text, the text of each line it is laid out on, whether it is a heading
# (the faction's column headings, the first column's row titles) and whether its text all shows
_CELL_LINES = f"""() => Array.from(({ROOT}).querySelectorAll('table.companion-tm-play tr > *'))
  .filter(c => c.textContent.trim()).map(c => {{
    const lines = new Map(); const walker = document.createTreeWalker(c, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {{
      for (let i = 0; i < n.length; i++) {{
        const r = document.createRange(); r.setStart(n, i); r.setEnd(n, i + 1);
        const box = r.getClientRects()[0]; if (!box || !box.width) continue;
        const top = Math.round(box.top + box.height / 2);
        const key = Array.from(lines.keys()).find(k => Math.abs(k - top) < 4);
        lines.set(key === undefined ? top : key, (lines.get(key === undefined ? top : key) || '') + n.data[i]); }} }}
    return [c.textContent, Array.from(lines.entries()).sort((a, b) => a[0] - b[0]).map(e => e[1]),
            c.tagName === 'TH' || c.cellIndex === 0]; }})"""

# where a line may end in a heading: at a space or a slash, or before an opening bracket
_BREAKS_AFTER = " /"
_BREAKS_BEFORE = " /（"


def _broken_words(text: str, lines: list[str]) -> list[str]:
    """The places where ``lines`` (``text`` as laid out) break inside a word: ``"交易|站"``."""
    bad, at = [], 0
    for line in lines[:-1]:
        at = text.index(line, at) + len(line)
        if text[at - 1] not in _BREAKS_AFTER and at < len(text) and text[at] not in _BREAKS_BEFORE:
            bad.append(text[max(0, at - 3):at] + "|" + text[at:at + 3])
    return bad


# the row box: the width its placeholder needs in the box's font and the room the box has (px); the example
# written out above it: its text, whether all of it shows, and how far past the output's right edge it reaches
_ROW_BOX = f"""() => {{ const c = document.createElement('canvas').getContext('2d');
  const input = Array.from(({ROOT}).querySelectorAll('.jp-OutputArea input[type=text]'))
    .find(e => e.closest('.companion-tm-row-box'));
  const s = getComputedStyle(input); c.font = s.font;
  const room = input.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight);
  const help = ({ROOT}).querySelector('.jp-OutputArea .companion-tm-row-help');
  const out = help.closest('.jp-OutputArea-output').getBoundingClientRect();
  const h = help.getBoundingClientRect();
  return {{placeholder: input.placeholder, need: c.measureText(input.placeholder).width, room,
          help: help.innerText, whole: help.scrollWidth <= help.clientWidth + 1, past: h.right - out.right,
          page: Math.max(document.documentElement.scrollWidth, document.body.scrollWidth), screen: window.innerWidth}}; }}"""


def test_the_play_table_and_row_box_read_whole_on_a_390_px_phone_in_chinese(browser, lab_url, request):
    context = browser.new_context(**PHONE_390)
    page = context.new_page()
    errors = watch_console(page)
    try:
        run_in_lab(page, lab_url, ZH)
        page.evaluate("() => { window.jupyterapp.shell.collapseLeft(); window.jupyterapp.shell.collapseRight(); }")
        # the whole map on the screen, as in English (tests/browser/test_tm_map_fit.py)
        _check_labels(page, ".jp-OutputArea", set(load_shipped_map("base").hexes), "play in Chinese, base map, 390 px")
        table = page.locator(".jp-OutputArea table.companion-tm-play").first
        table.wait_for(timeout=90_000)
        table.scroll_into_view_if_needed()
        page.wait_for_timeout(800)
        cells = page.evaluate(_CELL_LINES)
        heads = [text.strip().lstrip("■").strip() for text, _lines, heading in cells if heading]
        assert "女巫（真人）" in heads and "交易站" in "".join(heads), heads
        broken = {text: _broken_words(text, lines) for text, lines, heading in cells if heading}
        assert not any(broken.values()), {t: b for t, b in broken.items() if b}   # no word broken in two
        split = [(text, lines) for text, lines, heading in cells if not heading and len(lines) > 1]
        assert not split, split                                          # each figure on one line
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / "phone390_tm_play_zh_table.png"))
        box = page.evaluate(_ROW_BOX)
        assert box["need"] <= box["room"] + 1, box                      # the placeholder fits its box
        assert "burn 2. convert 1pw to 1c" in box["help"], box          # the example, written out whole
        assert box["whole"] and box["past"] <= 1, box
        assert box["page"] <= box["screen"] + 1, box                    # the page does not scroll sideways
        page.locator(".jp-OutputArea .companion-tm-row-help").first.scroll_into_view_if_needed()
        page.wait_for_timeout(300)
        page.screenshot(path=str(SCREENSHOTS / "phone390_tm_play_zh.png"))
    finally:
        context.close()
    errors.check(request.node.name)
