"""The faction lesson: every faction, the six Fire & Ice factions in particular, with numbers from the engine
and the data (expected values from FIRE-ICE-NOTES and the faction boards, not from the code under test)."""

from __future__ import annotations

import re

import pytest

from companion.i18n import using_language
from companion.terra_mystica.factions import faction_names
from companion.widgets.terra_mystica.learn import FACTION_ABILITIES, FactionLesson
from tests.terra_mystica.language_listeners import forget_language_listeners  # noqa: F401 (autouse fixture)

EXPANSION = ("icemaidens", "yetis", "acolytes", "dragonlords", "riverwalkers", "shapeshifters")


def _cells(card: str) -> list[str]:
    """The terraforming table's cells, in wheel order (desert .. wasteland), text only."""
    cells = re.findall(r"<td style='padding:2px 6px;text-align:center'>(.*?)</td>", card)
    return [re.sub(r"<[^>]+>", "", c) for c in cells]


def test_every_faction_is_offered_and_has_its_abilities_told():
    lesson = FactionLesson()
    offered = [v for _label, v in lesson.faction.options]
    assert sorted(offered) == sorted(faction_names()) and len(offered) == 20
    assert set(FACTION_ABILITIES) == set(offered)
    for name in offered:
        lesson.faction.value = name
        assert lesson.card.value.count("<li>") == len(FACTION_ABILITIES[name]) >= 1


@pytest.mark.parametrize("name, words", [
    ("icemaidens", ["Ice Maidens", "favor tile", "3 VP per temple", "ice"]),
    ("yetis", ["Yetis", "1 power less", "building power 4"]),
    ("acolytes", ["Acolytes", "3 steps on one cult track", "1 extra step"]),
    ("dragonlords", ["Dragonlords", "power token", "bowl I first"]),
    ("riverwalkers", ["Riverwalkers", "never terraform", "unlock a terrain", "2 free bridges"]),
    ("shapeshifters", ["Shapeshifters", "5 power (ACTH5)", "1 VP for a new power token"]),
])
def test_each_expansion_faction_is_covered(name, words):
    lesson = FactionLesson(name)
    card = lesson.card.value
    assert "Fire &amp; Ice" in card
    for w in words:
        assert w in card, w


def test_ice_factions_pay_by_distance_to_the_picked_terrain():
    lesson = FactionLesson("icemaidens")
    lesson.picked.value = "black"        # swamp picked: swamp 1 spade, lakes/plains 1, mountains 3 (notes 4)
    cells = _cells(lesson.card.value)
    assert cells[2] == "1 spade: 3 workers"        # the picked terrain itself still needs 1 spade
    assert cells[3] == "1 spade: 3 workers" and cells[5] == "3 spades: 9 workers"
    assert "can never be terraformed again" in lesson.card.value
    assert lesson.picked.layout.display == ""


def test_volcano_factions_pay_more_on_another_factions_home_terrain():
    lesson = FactionLesson("acolytes")
    cells = _cells(lesson.card.value)
    assert cells[:7] == ["lose 3 steps on one cult track"] * 7
    assert cells[7:] == ["lose 4 steps on one cult track"] * 7
    lesson.faction.value = "dragonlords"
    cells = _cells(lesson.card.value)
    assert cells[0] == "remove 1 power token from the game" and cells[7] == "remove 2 power tokens from the game"
    assert lesson.picked.layout.display == "none"


def test_yetis_power_actions_and_building_power_come_from_the_data():
    card = FactionLesson("yetis").card.value
    assert "ACT1 2 · ACT2 2 · ACT3 3 · ACT4 3 · ACT5 3 · ACT6 5" in card
    assert "stronghold 4 · sanctuary 4" in card
    card = FactionLesson("witches").card.value
    assert "ACT1 3 · ACT2 3 · ACT3 4 · ACT4 4 · ACT5 4 · ACT6 6" in card and "stronghold 3" in card


def test_riverwalkers_and_shapeshifters_terraforming():
    cells = _cells(FactionLesson("riverwalkers").card.value)
    assert cells == ["not allowed"] * 7
    lesson = FactionLesson("shapeshifters")
    lesson.picked.value = "green"
    cells = _cells(lesson.card.value)
    assert cells[4] == "0 spades: nothing" and cells[0] == "3 spades: 9 workers"   # always 3 workers a spade


def test_lesson_relabels_itself_in_chinese():
    lesson = FactionLesson("yetis")
    card = lesson.card
    with using_language("zh_CN"):
        assert lesson.card is card
        assert lesson.faction.description == "派系"
        assert "雪人" in lesson.card.value and "火与冰" in lesson.card.value
    assert lesson.faction.description == "Faction" and "Yetis" in lesson.card.value
