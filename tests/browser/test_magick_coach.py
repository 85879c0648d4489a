"""The coach in Merchants of Magick's play notebook, in a real browser: Hint lists three moves with their expected
final gold and why; Review draws every player's expected final gold per move with the biggest drops marked
(their labels apart); a roll after the review says it is out of date. English, Chinese, and a phone's width."""

from tests.browser.coach import ask_hint, coach_tests, out_of_date_after, read_review
from tests.browser.test_century_play_a_full_game import wait_for_text
from tests.browser.test_phone import phone  # noqa: F401 (the phone page fixture)

EN = "notebooks/magick/play_a_full_game.ipynb"
ZH = "notebooks/zh_CN/magick/play_a_full_game.ipynb"
ENABLED = ("(text) => Array.from(document.querySelectorAll('.jp-OutputArea .widget-button'))"
           ".some(b => b.innerText.trim() === text && !b.disabled)")


def _button(page, text: str):
    return page.locator(".jp-OutputArea .widget-button", has_text=text).first


def _coach(page, words: dict[str, str], name: str) -> dict:
    _button(page, words["roll"]).click()
    page.wait_for_function(ENABLED, arg=words["hint"], timeout=60_000)   # the person's crafting turn began
    hint = ask_hint(page, words, name, wait_for_text)
    # the person ends the turn with both dice unused: a drop the review must mark
    _button(page, words["end"]).click()
    page.wait_for_function(ENABLED, arg=words["roll"], timeout=60_000)
    review = read_review(page, words, name, wait_for_text, timeout=60_000)
    # three players (the notebook's default), each with a point before the first move and after each move
    assert len(review["lines"]) == 3 and min(review["lines"]) >= 5, review
    assert words["better"] in review["text"], review["text"]
    after = out_of_date_after(page, words, name, lambda: _button(page, words["roll"]).click(), wait_for_text)
    assert words["out_of_date"] in after and words["review_title"] in after, after
    return {**hint, **review}


ENGLISH = {"roll": "Roll the dice", "hint": "Hint", "hint_title": "Hint: the search's three best moves",
           "expected": "expected final gold", "end": "End my turn", "review": "Review",
           "review_title": "Review: the biggest drops", "plot": "Expected final gold after each move",
           "better": "better:", "out_of_date": "Out of date: moves were made after this review"}
CHINESE = {"roll": "掷骰子", "hint": "提示", "hint_title": "提示：搜索为", "expected": "预期终局金币",
           "end": "结束我的回合", "review": "复盘", "review_title": "复盘：每位玩家下降最多的几步",
           "plot": "每步之后的预期终局金币", "better": "更好的是：", "out_of_date": "已过时"}


test_hint_and_review_in_the_play_notebook, test_hint_and_review_fit_a_phone = coach_tests(
    (EN, ENGLISH), (ZH, CHINESE), _coach, "magick")
