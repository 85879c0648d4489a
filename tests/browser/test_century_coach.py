"""The coach in Century's play notebook, in a real browser: Hint lists three moves with their expected final VP
and why; Review draws every player's expected final VP per move with the biggest drops marked. English,
Chinese, and a phone's width."""

from tests.browser.coach import ask_hint, coach_tests, read_review
from tests.browser.test_century_play_a_full_game import wait_for_text
from tests.browser.test_phone import phone  # noqa: F401 (the phone page fixture)

EN = "notebooks/century/play_a_full_game.ipynb"
ZH = "notebooks/zh_CN/century/play_a_full_game.ipynb"


def _coach(page, words: dict[str, str], name: str) -> dict:
    hint = ask_hint(page, words, name, wait_for_text)
    for _ in range(4):  # a few moves (the picker's first choice), each answered by the bots
        page.locator(".jp-OutputArea .widget-button", has_text=words["do"]).first.click()
        page.wait_for_timeout(1500)
    review = read_review(page, words, name, wait_for_text)
    assert len(review["lines"]) == 3 and min(review["lines"]) >= 5, review
    return {**hint, **review}


ENGLISH = {"hint": "Hint", "hint_title": "Hint: the search's three best moves", "expected": "expected final VP",
           "do": "Do it", "review": "Review", "review_title": "Review: the biggest drops",
           "plot": "Expected final VP after each move"}
CHINESE = {"hint": "提示", "hint_title": "提示：搜索为", "expected": "预期终局分数", "do": "执行", "review": "复盘",
           "review_title": "复盘：每位玩家下降最多的几步", "plot": "每步之后的预期终局分数"}


test_hint_and_review_in_the_play_notebook, test_hint_and_review_fit_a_phone = coach_tests(
    (EN, ENGLISH), (ZH, CHINESE), _coach, "century")
