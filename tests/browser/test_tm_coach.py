"""The coach in Terra Mystica's play notebook, in a real browser: Hint lists three moves with their expected final
VP and why; after the setup and a pass at the start of round 1 (a move known to lose VP: every resource unspent),
Review draws both factions' expected final VP after every move of the same game played by the widget's plain
methods in this process, with drops marked. English, Chinese, and a phone's width."""

from __future__ import annotations

from tests.browser.coach import CURRENT, ask_hint, coach_tests, read_review, review_plot_js
from tests.browser.harness import _KERNEL_IDLE
from tests.browser.test_phone import phone  # noqa: F401 (the phone page fixture)

EN = "notebooks/terra_mystica/play_a_full_game.ipynb"
ZH = "notebooks/zh_CN/terra_mystica/play_a_full_game.ipynb"
ROOT = CURRENT
MAP = f"({ROOT}).querySelectorAll('.jp-OutputArea .js-plotly-plot')[0]"
REVIEW_PLOT = review_plot_js(ROOT)
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
    box = page.locator(".jp-OutputArea .companion-tm-row-box .widget-text input").first
    box.fill(action.text)
    box.press("Enter")
    page.wait_for_timeout(500)
    page.wait_for_function(_buildings_js(len(w.session.state.game.townstate.buildings)), timeout=60_000)
    page.wait_for_function(_KERNEL_IDLE, timeout=60_000)


def _wait(page, text: str) -> None:
    page.wait_for_function(_text_js(text), timeout=120_000)


def _coach(page, words: dict[str, str], name: str) -> dict:
    w = _replica()
    hint = ask_hint(page, words, name, _wait, ROOT)
    while w.session.state.game.round == 0:   # the setup: the first listed dwelling / bonus tile each time
        _type(page, w, w.human_actions()[0])
    _type(page, w, next(a for a in w.human_actions() if a.commands[0][0] == "pass"))
    expected = w.review()
    assert any(d.seat == 0 for d in expected.drops)   # the early pass (all resources unspent) is marked
    review = read_review(page, words, name, _wait, ROOT)
    assert review["lines"] == [len(expected.values)] * 2, review
    return {**hint, **review}


test_hint_and_review_in_the_play_notebook, test_hint_and_review_fit_a_phone = coach_tests(
    (EN, ENGLISH), (ZH, CHINESE), _coach, "tm")
