"""The coach in Century's play notebook, in a real browser: Hint lists three moves with their expected final VP
and why; Review draws every player's expected final VP per move with the biggest drops marked. English,
Chinese, and a phone's width."""

import pytest

from tests.browser.harness import SCREENSHOTS, run_in_lab, watch_console
from tests.browser.test_century_play_a_full_game import wait_for_text

EN = "notebooks/century/play_a_full_game.ipynb"
ZH = "notebooks/zh_CN/century/play_a_full_game.ipynb"
PHONE = dict(viewport={"width": 412, "height": 915}, device_scale_factor=2.6, is_mobile=True, has_touch=True)
REVIEW_PLOT = ("(title) => { const p = Array.from(document.querySelectorAll('.jp-OutputArea .js-plotly-plot'))"
               ".find(p => p.layout && p.layout.title && (p.layout.title.text || '').includes(title));"
               " return p ? {lines: p.data.filter(t => t.mode === 'lines').map(t => t.y.length),"
               " marks: p.data.filter(t => t.mode === 'markers+text').map(t => t.x.length),"
               " width: p.getBoundingClientRect().width} : null; }")
# the largest line pitch of the list items of ``selector`` over their font size (a wrapped item's lines one
# line apart, not two): line height as laid out, "normal" read as the font's own (about 1.2)
LINE_PITCH = """(selector) => Math.max(...Array.from(document.querySelectorAll(selector + ' li')).map(li => {
    const style = getComputedStyle(li); const size = parseFloat(style.fontSize);
    const line = style.lineHeight === 'normal' ? 1.2 * size : parseFloat(style.lineHeight);
    return line / size; }))"""


def single_spaced(plot: dict) -> None:
    """The hint's and the review's list lines, which wrap at a phone's width, are single-spaced (an HTML
    widget's line height is a button's, 28 px, which doubles the spacing of wrapped text)."""
    assert plot["hint_pitch"] <= 1.6 and plot["review_pitch"] <= 1.6, plot


HINT_ITEMS = "() => Array.from(document.querySelectorAll('.companion-hint li')).map(e => e.innerText)"


def _coach(page, words: dict[str, str], name: str) -> dict:
    button = page.locator(".jp-OutputArea .widget-button", has_text=words["hint"]).first
    button.scroll_into_view_if_needed()
    button.click()
    wait_for_text(page, words["hint_title"])
    items = page.evaluate(HINT_ITEMS)
    assert len(items) == 3 and all(words["expected"] in item for item in items), items
    hint = page.locator(".companion-hint").first
    hint.scroll_into_view_if_needed()
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    hint.screenshot(path=str(SCREENSHOTS / f"{name}_hint.png"))
    hint_right = hint.evaluate("e => e.getBoundingClientRect().right")
    hint_pitch = page.evaluate(LINE_PITCH, ".companion-hint")
    for _ in range(4):  # a few moves (the picker's first choice), each answered by the bots
        page.locator(".jp-OutputArea .widget-button", has_text=words["do"]).first.click()
        page.wait_for_timeout(1500)
    page.locator(".jp-OutputArea .widget-button", has_text=words["review"]).first.click()
    wait_for_text(page, words["review_title"])
    page.wait_for_function(f"() => ({REVIEW_PLOT})({words['plot']!r}) !== null", timeout=30_000)
    plot = page.evaluate(REVIEW_PLOT, words["plot"])
    assert len(plot["lines"]) == 3 and min(plot["lines"]) >= 5, plot
    assert sum(plot["marks"]) >= 1, plot
    review = page.locator(".jp-OutputArea .widget-vbox", has=page.locator(".companion-review")).last
    review.scroll_into_view_if_needed()
    page.wait_for_timeout(500)
    review.screenshot(path=str(SCREENSHOTS / f"{name}_review.png"))
    return {**plot, "hint_right": hint_right, "hint_pitch": hint_pitch,
            "review_pitch": page.evaluate(LINE_PITCH, ".companion-review")}


ENGLISH = {"hint": "Hint", "hint_title": "Hint: the search's three best moves", "expected": "expected final VP",
           "do": "Do it", "review": "Review", "review_title": "Review: the biggest drops",
           "plot": "Expected final VP after each move"}
CHINESE = {"hint": "提示", "hint_title": "提示：搜索为", "expected": "预期终局分数", "do": "执行", "review": "复盘",
           "review_title": "复盘：每位玩家下降最多的几步", "plot": "每步之后的预期终局分数"}


@pytest.mark.parametrize(("notebook", "words", "name"), [(EN, ENGLISH, "century_coach"),
                                                         (ZH, CHINESE, "century_coach_zh")])
def test_hint_and_review_in_the_play_notebook(page, lab_url, notebook, words, name):
    run_in_lab(page, lab_url, notebook)
    _coach(page, words, name)


def test_hint_and_review_fit_a_phone(browser, lab_url, request):
    context = browser.new_context(**PHONE)
    page = context.new_page()
    errors = watch_console(page)
    try:
        run_in_lab(page, lab_url, EN)
        page.evaluate("() => { window.jupyterapp.shell.collapseLeft(); window.jupyterapp.shell.collapseRight(); }")
        plot = _coach(page, ENGLISH, "phone_century_coach")
        assert plot["width"] <= PHONE["viewport"]["width"] + 1, plot
        assert plot["hint_right"] <= PHONE["viewport"]["width"] + 1, plot
        single_spaced(plot)
    finally:
        context.close()
    errors.check(request.node.name)
