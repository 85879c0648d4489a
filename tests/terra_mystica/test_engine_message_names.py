"""Engine messages name factions the way a player reads them (display names in the reader's language), never
by their engine ids (``icemaidens``), whoever the message is about: the faction acting, the one whose turn it
is, the ones a decision waits for."""

from __future__ import annotations

import random
import re

import pytest

from companion.errors import CompanionError, IllegalActionError
from companion.i18n import using_language
from companion.terra_mystica.engine import (
    apply_action,
    awaited,
    board_tables,
    candidate_commands,
    legal_actions,
    new_game,
)
from companion.terra_mystica.hexmap import load_shipped_map

TILES = ["SCORE5", "SCORE2", "SCORE3", "SCORE1", "SCORE4", "SCORE6"]
ENGINE_IDS = re.compile(r"(?<![A-Za-z])(?:chaosmagicians|icemaidens|dragonlords|riverwalkers|shapeshifters|acolytes|yetis|"
                        r"halflings|darklings|witches|cultists|engineers|mermaids|giants|nomads|fakirs|dwarves|"
                        r"swarmlings|alchemists|auren)(?![A-Za-z])")


def _out_of_turn_messages(seats, steps=600):
    """Messages of commands tried by every faction that is not awaited, along a seeded random game."""
    rng = random.Random(1)
    g = new_game(seats, round_tiles=TILES, board=board_tables(load_shipped_map("fire_ice_side1")))
    found = []
    for _step in range(steps):
        due = awaited(g)
        if g.phase == "over" or not due:
            break
        for other in g.factions:
            if other in due or _step % 4:
                continue
            for cmd in candidate_commands(g, other)[:2] + legal_actions(g, due[0])[:2]:
                try:
                    apply_action(g, other, cmd)
                except IllegalActionError as exc:
                    found.append(str(exc))
        g = apply_action(g, due[0], rng.choice(legal_actions(g, due[0])))
    return found


@pytest.mark.parametrize("lang", ["en", "zh_CN"])
def test_out_of_turn_messages_use_display_names(lang):
    with using_language(lang):
        found = _out_of_turn_messages(["icemaidens", "riverwalkers", "chaosmagicians"])
    assert found
    for message in found:
        assert not ENGINE_IDS.search(message), message
    if lang == "zh_CN":
        assert any("冰" in m for m in found)


@pytest.mark.parametrize("lang", ["en", "zh_CN"])
def test_setup_refusals_use_display_names(lang):
    with using_language(lang):
        for seats in (["witches", "witches"], ["icemaidens", "yetis"], ["riverwalkers", "shapeshifters"]):
            with pytest.raises(CompanionError) as info:
                new_game(seats, round_tiles=TILES, board=board_tables(load_shipped_map("fire_ice_side1")))
            assert not ENGINE_IDS.search(str(info.value)), str(info.value)
            assert "variable" not in str(info.value)


def test_riverwalkers_and_shapeshifters_share_one_board():
    with using_language("en"), pytest.raises(CompanionError) as info:
        new_game(["riverwalkers", "shapeshifters"], round_tiles=TILES,
                 board=board_tables(load_shipped_map("fire_ice_side1")))
    text = str(info.value)
    assert "Shapeshifters and Riverwalkers share one faction board" in text and "FIRE-ICE-NOTES section 2" in text
