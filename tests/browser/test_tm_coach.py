"""The coach in Terra Mystica's play notebook, in a real browser: Hint lists three moves with their expected final
VP and why; after the setup and a pass at the start of round 1 (a move known to lose VP: every resource unspent),
Review draws both factions' expected final VP after every move of the same game played by the widget's plain
methods in this process, with drops marked. English, Chinese, and a phone's width."""

from __future__ import annotations

import pytest

from tests.browser.harness import _KERNEL_IDLE, SCREENSHOTS, run_in_lab, watch_console
from tests.browser.test_century_coach import LINE_PITCH, single_spaced

EN = "notebooks/terra_mystica/play_a_full_game.ipynb"
ZH = "notebooks/zh_CN/terra_mystica/play_a_full_game.ipynb"
PHONE = dict(viewport={"width": 412, "height": 915}, device_scale_factor=2.6, is_mobile=True, has_touch=True)
ROOT = "window.jupyterapp.shell.currentWidget.node"
MAP = f"({ROOT}).querySelectorAll('.jp-OutputArea .js-plotly-plot')[0]"
REVIEW_PLOT = (f"(title) => {{ const p = Array.from(({ROOT}).querySelectorAll('.jp-OutputArea .js-plotly-plot'))"
               ".find(p => p.layout && p.layout.title && (p.layout.title.text || '').includes(title));"
               " return p ? {lines: p.data.filter(t => t.mode === 'lines').map(t => t.y.length),"
               " marks: p.data.filter(t => t.mode === 'markers+text').map(t => t.x.length),"
               " width: p.getBoundingClientRect().width} : null; }")
HINT_ITEMS = f"() => Array.from(({ROOT}).querySelectorAll('.companion-hint li')).map(e => e.innerText)"
ENGLISH = {"hint": "Hint", "hint_title": "Hint: the search's three best moves", "expected": "expected final VP",
           "review": "Review", "review_title": "Review: the biggest drops", "plot": "Expected final VP after each move"}
CHINESE = {"hint": "提示", "hint_title": "提示：搜索为", "expected": "预期终局分数", "review": "复盘",
           "review_title": "复盘：每位玩家下降最多的几步", "plot": "每步之后的预期终局分数"}


def _text_js(text: str) -> str:
    return (f"() => Array.from(({ROOT}).querySelectorAll('.widget-html-content'))"
            f".some(e => e.innerText.includes({text!r}))")


def _buildings_js(n: int) -> str:
    return (f"() => {{ const p = {MAP}; const t = p && p.data && p.data.find(t => t.name === 'buildings');"
            f" return !!t && t.x.length === {n}; }}")


def _replica():
    from companion.widgets.terra_mystica.play import PlayAFullGame

    w = PlayAFullGame(players=2, controllers=["human", "greedy"], factions=["witches", "nomads"], seed=1)
    assert w.start()
    return w


def _type(page, w, action) -> None:
    """Type ``action``'s row on the page (Enter submits) and in the replica; wait for the bots' answers."""
    w.type_row(action.text)
    box = page.locator(".jp-OutputArea .widget-text input[placeholder*='convert 1pw to 1c']").first
    box.fill(action.text)
    box.press("Enter")
    page.wait_for_timeout(500)
    page.wait_for_function(_buildings_js(len(w.session.state.game.townstate.buildings)), timeout=60_000)
    page.wait_for_function(_KERNEL_IDLE, timeout=60_000)


def _coach(page, words: dict[str, str], name: str) -> dict:
    w = _replica()
    button = page.locator(".jp-OutputArea .widget-button", has_text=words["hint"]).first
    button.scroll_into_view_if_needed()
    button.click()
    page.wait_for_function(_text_js(words["hint_title"]), timeout=60_000)
    items = page.evaluate(HINT_ITEMS)
    assert len(items) == 3 and all(words["expected"] in item for item in items), items
    hint = page.locator(".companion-hint").first
    hint.scroll_into_view_if_needed()
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    hint.screenshot(path=str(SCREENSHOTS / f"{name}_hint.png"))
    hint_right = hint.evaluate("e => e.getBoundingClientRect().right")
    hint_pitch = page.evaluate(LINE_PITCH, ".companion-hint")
    while w.session.state.game.round == 0:   # the setup: the first listed dwelling / bonus tile each time
        _type(page, w, w.human_actions()[0])
    _type(page, w, next(a for a in w.human_actions() if a.commands[0][0] == "pass"))
    expected = w.review()
    assert any(d.seat == 0 for d in expected.drops)   # the early pass (all resources unspent) is marked
    page.locator(".jp-OutputArea .widget-button", has_text=words["review"]).first.click()
    page.wait_for_function(_text_js(words["review_title"]), timeout=120_000)
    page.wait_for_function(f"() => ({REVIEW_PLOT})({words['plot']!r}) !== null", timeout=30_000)
    plot = page.evaluate(REVIEW_PLOT, words["plot"])
    assert plot["lines"] == [len(expected.values)] * 2, plot
    assert sum(plot["marks"]) >= 1, plot   # how many: the search's horizon depends on the machine's speed
    review = page.locator(".jp-OutputArea .widget-vbox", has=page.locator(".companion-review")).last
    review.scroll_into_view_if_needed()
    page.wait_for_timeout(500)
    review.screenshot(path=str(SCREENSHOTS / f"{name}_review.png"))
    return {**plot, "hint_right": hint_right, "hint_pitch": hint_pitch,
            "review_pitch": page.evaluate(LINE_PITCH, ".companion-review")}


@pytest.mark.parametrize(("notebook", "words", "name"), [(EN, ENGLISH, "tm_coach"), (ZH, CHINESE, "tm_coach_zh")])
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
        plot = _coach(page, ENGLISH, "phone_tm_coach")
        assert plot["width"] <= PHONE["viewport"]["width"] + 1, plot
        assert plot["hint_right"] <= PHONE["viewport"]["width"] + 1, plot
        single_spaced(plot)
    finally:
        context.close()
    errors.check(request.node.name)
