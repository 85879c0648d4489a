"""Every Terra Mystica bot menu names each bot in the language shown: the map lab's balance panel offered
"随机 / 贪心 / search" in Chinese (its own name table lacked the search bot)."""

from __future__ import annotations

from companion.i18n import using_language
from companion.terra_mystica.bots import BOTS
from companion.widgets.terra_mystica.balanceplot import BalancePanel


def _english_letters(text: str) -> bool:
    return any(c.isascii() and c.isalpha() for c in text)


def test_the_balance_panels_bot_menu_names_every_bot_in_chinese():
    with using_language("zh_CN"):
        options = BalancePanel._bot_options()
    assert [value for _label, value in options] == list(BOTS)
    assert not any(_english_letters(label) for label, _value in options), options
    with using_language("en"):
        assert [label for label, _value in BalancePanel._bot_options()] == ["random", "greedy", "search"]
