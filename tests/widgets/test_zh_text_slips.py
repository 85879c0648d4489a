"""Text a Chinese reader sees glued, sorted or cut as only English works: each kind checked in both languages."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.errors import RecordError
from companion.i18n import set_language, using_language

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def english_after():
    yield
    set_language(None)


def test_sentences_glued_by_code_follow_the_language(monkeypatch):
    from companion.widgets.common import join_sentences
    from companion.widgets.start import GamePicker

    assert join_sentences("One.", "", "Two.") == "One. Two."
    monkeypatch.chdir(ROOT / "notebooks")
    picker = GamePicker()
    picker.toggle.value = "terra_mystica"
    assert re.search(r"\)\. 2–5 players\.", picker.summary.value)
    picker.language.value = "zh_CN"
    summary = picker.summary.value
    assert "名玩家" in summary and "。 " not in summary and re.search(r"。2–5", summary)


def _faction_keys(menu_options):
    return [key for _label, key in menu_options if key]


def test_faction_menus_keep_one_reader_sensible_order_in_both_languages():
    from companion.widgets.terra_mystica.play import PlayAFullGame
    from companion.widgets.terra_mystica.score import _faction_choices

    play = PlayAFullGame(players=2, controllers=["human", "greedy"], seed=1)
    english, choices = _faction_keys(play.faction_boxes[0].options), list(_faction_choices())
    with using_language("zh_CN"):
        chinese_labels = [label for label, key in play.faction_boxes[0].options if key]
        assert _faction_keys(play.faction_boxes[0].options) == english and list(_faction_choices()) == choices
    # English alphabetical (base game first, then Fire & Ice), not by character code of the translation
    assert english.index("alchemists") < english.index("witches") and choices[0] == "alchemists"
    assert choices.index("yetis") > choices.index("witches")
    assert chinese_labels != sorted(chinese_labels)


def test_lists_shown_in_chinese_use_the_chinese_separator():
    from companion.widgets.terra_mystica.play import PlayAFullGame

    play = PlayAFullGame(players=2, controllers=["human", "greedy"], factions=["witches", "nomads"], seed=1)
    play.start()
    with using_language("zh_CN"):
        heading = play._heading()
        assert "回合顺序" in heading and "女巫，游牧民" in heading.replace("游牧民，女巫", "女巫，游牧民")
        assert ", " not in re.sub(r"<[^>]+>", "", heading)


def test_unknown_command_lists_the_same_verbs_in_both_languages():
    from companion.terra_mystica.engine.commands import TYPED_VERBS, parse_commands

    def verbs_listed() -> list[str]:
        with pytest.raises(RecordError) as info:
            parse_commands("frobnicate E7", line=3)
        inside = re.search(r"[(（]([^()（）]*)[)）][^()（）]*$", str(info.value)).group(1)
        return [v.strip() for v in re.split(r"[,，]", inside)]

    assert verbs_listed() == list(TYPED_VERBS)
    with using_language("zh_CN"):
        assert verbs_listed() == list(TYPED_VERBS)


def test_the_custom_map_option_is_short_and_its_details_are_in_the_tooltip():
    from companion.widgets.terra_mystica.play import PlayAFullGame

    play = PlayAFullGame(players=2, controllers=["human", "greedy"], seed=1)
    for language in ("en", "zh_CN"):
        with using_language(language):
            label = play.map_choice.options[-1][0]
            assert len(label) <= (16 if language == "en" else 8), label
            assert "map explorer" in play.map_choice.tooltip or "地图探索器" in play.map_choice.tooltip


def test_the_auction_explanation_joins_its_sentences_as_the_language_writes_them():
    from companion.widgets.terra_mystica.auction import FastAuction

    widget = FastAuction()
    two_sentences = 0
    with using_language("zh_CN"):
        for step in range(1, widget.step.max + 1):
            widget.go(step)
            text = re.sub(r"<[^>]+>", "", widget.step_list.value)
            assert not re.search(r"。 (?!\[)", text), text  # (a tag like [tie] may follow after a space)
            two_sentences += "。" in text.rstrip("。")
    assert two_sentences  # some step explains in more than one sentence
