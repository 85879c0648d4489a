"""The coach in Merchants of Magick's play notebook, in a real browser: Hint lists three moves with their expected
final gold and why; Review draws every player's expected final gold per move with the biggest drops marked.
English, Chinese, and a phone's width."""

import pytest

from tests.browser.harness import SCREENSHOTS, run_in_lab
from tests.browser.test_century_coach import HINT_ITEMS, LINE_PITCH, REVIEW_PLOT, single_spaced
from tests.browser.test_century_play_a_full_game import wait_for_text
from tests.browser.test_phone import PHONE, phone  # noqa: F401 (the phone page fixture)

EN = "notebooks/magick/play_a_full_game.ipynb"
ZH = "notebooks/zh_CN/magick/play_a_full_game.ipynb"
ENABLED = ("(text) => Array.from(document.querySelectorAll('.jp-OutputArea .widget-button'))"
           ".some(b => b.innerText.trim() === text && !b.disabled)")


def _button(page, text: str):
    return page.locator(".jp-OutputArea .widget-button", has_text=text).first


def _coach(page, words: dict[str, str], name: str) -> dict:
    _button(page, words["roll"]).click()
    page.wait_for_function(ENABLED, arg=words["hint"], timeout=60_000)   # the person's crafting turn began
    hint_button = _button(page, words["hint"])
    hint_button.scroll_into_view_if_needed()
    hint_button.click()
    wait_for_text(page, words["hint_title"])
    items = page.evaluate(HINT_ITEMS)
    assert len(items) == 3 and all(words["expected"] in item for item in items), items
    hint = page.locator(".companion-hint").first
    hint.scroll_into_view_if_needed()
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    hint.screenshot(path=str(SCREENSHOTS / f"{name}_hint.png"))
    hint_right = hint.evaluate("e => e.getBoundingClientRect().right")
    hint_pitch = page.evaluate(LINE_PITCH, ".companion-hint")
    # the person ends the turn with both dice unused: a drop the review must mark
    _button(page, words["end"]).click()
    page.wait_for_function(ENABLED, arg=words["roll"], timeout=60_000)
    _button(page, words["review"]).click()
    wait_for_text(page, words["review_title"])
    page.wait_for_function(f"() => ({REVIEW_PLOT})({words['plot']!r}) !== null", timeout=60_000)
    plot = page.evaluate(REVIEW_PLOT, words["plot"])
    # three players (the notebook's default), each with a point before the first move and after each move
    assert len(plot["lines"]) == 3 and min(plot["lines"]) >= 5, plot
    assert sum(plot["marks"]) >= 1, plot
    review = page.locator(".jp-OutputArea .widget-vbox", has=page.locator(".companion-review")).last
    review.scroll_into_view_if_needed()
    page.wait_for_timeout(500)
    review.screenshot(path=str(SCREENSHOTS / f"{name}_review.png"))
    text = page.locator(".companion-review").first.inner_text()
    assert words["better"] in text, text
    return {**plot, "hint_right": hint_right, "hint_pitch": hint_pitch,
            "review_pitch": page.evaluate(LINE_PITCH, ".companion-review")}


ENGLISH = {"roll": "Roll the dice", "hint": "Hint", "hint_title": "Hint: the search's three best moves",
           "expected": "expected final gold", "end": "End my turn", "review": "Review",
           "review_title": "Review: the biggest drops", "plot": "Expected final gold after each move",
           "better": "better:"}
CHINESE = {"roll": "掷骰子", "hint": "提示", "hint_title": "提示：搜索为", "expected": "预期终局金币",
           "end": "结束我的回合", "review": "复盘", "review_title": "复盘：每位玩家下降最多的几步",
           "plot": "每步之后的预期终局金币", "better": "更好的是："}


@pytest.mark.parametrize(("notebook", "words", "name"), [(EN, ENGLISH, "magick_coach"),
                                                         (ZH, CHINESE, "magick_coach_zh")])
def test_hint_and_review_in_the_play_notebook(page, lab_url, notebook, words, name):
    run_in_lab(page, lab_url, notebook)
    _coach(page, words, name)


def test_hint_and_review_fit_a_phone(phone, lab_url):  # noqa: F811 (the fixture imported above)
    run_in_lab(phone, lab_url, EN)
    phone.evaluate("() => { window.jupyterapp.shell.collapseLeft(); window.jupyterapp.shell.collapseRight(); }")
    plot = _coach(phone, ENGLISH, "phone_magick_coach")
    assert plot["width"] <= PHONE["viewport"]["width"] + 1, plot
    assert plot["hint_right"] <= PHONE["viewport"]["width"] + 1, plot
    single_spaced(plot)
