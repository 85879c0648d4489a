"""The coach in Century's play notebook, in a real browser: Hint lists three moves with their expected final VP
and why; Review draws every player's expected final VP per move with the biggest drops marked, their labels
apart, each move named by its card (an acquisition by the merchant card's trade, not "the merchant card at
position 4"); a move after the review says it is out of date. English, Chinese, and a phone's width."""

import re

from tests.browser.coach import ask_hint, coach_tests, out_of_date_after, read_review
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
    text = review["text"]
    assert words["position_only"] not in text, text   # the old words: a position, no card
    # every acquisition and claim listed names the card at that position (its trade, or the golem's VP)
    named = re.findall(words["named"], text)
    assert len(named) == len(re.findall(words["at_position"], text)) > 0, (named, text)

    def move() -> None:
        page.locator(".jp-OutputArea .widget-button", has_text=words["do"]).first.click()

    after = out_of_date_after(page, words, name, move, wait_for_text)
    assert words["out_of_date"] in after and words["review_title"] in after, after
    return {**hint, **review}


ENGLISH = {"hint": "Hint", "hint_title": "Hint: the search's three best moves", "expected": "expected final VP",
           "do": "Do it", "review": "Review", "review_title": "Review: the biggest drops",
           "plot": "Expected final VP after each move", "position_only": "the merchant card at position",
           "at_position": r"at position \d", "named": r"(?:card \([^()]*\)|card \d|golem \([^()]*\)) at position \d",
           "out_of_date": "Out of date: moves were made after this review"}
CHINESE = {"hint": "提示", "hint_title": "提示：搜索为", "expected": "预期终局分数", "do": "执行", "review": "复盘",
           "review_title": "复盘：每位玩家下降最多的几步", "plot": "每步之后的预期终局分数",
           "position_only": "的商人卡", "at_position": r"在位置 \d+ (?:购买|领取)",
           "named": r"在位置 \d+ (?:购买(?:生成卡|交易卡|升级卡)|领取价值 \d+ 分的魔像得分卡)",
           "out_of_date": "已过时"}


test_hint_and_review_in_the_play_notebook, test_hint_and_review_fit_a_phone = coach_tests(
    (EN, ENGLISH), (ZH, CHINESE), _coach, "century")
