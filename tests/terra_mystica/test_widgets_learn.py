"""The learn-the-rules widgets, driven without a browser: set values, click, read what is shown.

Expected numbers come from the rules text (rules summary 改造地形 / 力量 / 游戏结束, RULES-NOTES section 5,
tiles.json round scoring tiles), not from the code under test.
"""

from __future__ import annotations

import pytest

from companion.widgets.terra_mystica.learn import (
    CultTrackScoring,
    PowerBowlSimulator,
    RoundScoringExplorer,
    TerraformExplorer,
)
from tests.terra_mystica.language_listeners import forget_language_listeners  # noqa: F401 (autouse fixture)

# ------------------------------------------------------------------ terraforming


@pytest.mark.parametrize("faction, hex_terrain, level, expected", [
    ("witches", "yellow", 0, "3 spades → pay 9 workers"),   # desert -> forest: 3 steps round the wheel
    ("witches", "gray", 2, "1 spade → pay 1 worker"),       # mountains next to forest, level 2: 1 worker
    ("giants", "yellow", 1, "2 spades → pay 4 workers"),    # Giants: always 2 spades
    ("darklings", "blue", 0, "1 spade → pay 1 priest"),     # Darklings pay priests
    ("witches", "green", 0, "0 spades → pay nothing"),      # already home terrain
])
def test_terraform_cost_shown(faction, hex_terrain, level, expected):
    explorer = TerraformExplorer()
    explorer.faction.value = faction
    explorer.terrain.value = hex_terrain
    explorer.level.value = level
    assert expected in explorer.answer.value


def test_halflings_gain_a_vp_per_spade_and_the_exchange_level_is_capped_per_faction():
    explorer = TerraformExplorer()
    explorer.faction.value = "halflings"
    explorer.terrain.value = "gray"   # mountains -> plains: 3 spades
    assert "gain <b>3 VP</b>" in explorer.answer.value
    explorer.faction.value = "fakirs"
    assert explorer.level.max == 1      # Fakirs improve the exchange level only once
    explorer.faction.value = "darklings"
    assert explorer.level.disabled


def test_fire_and_ice_factions_show_their_own_currency_and_riverwalkers_are_refused():
    explorer = TerraformExplorer()
    explorer.faction.value = "acolytes"
    assert explorer.others_home.layout.display == ""
    assert explorer.picked.layout.display == "none"
    assert "pay 3 cult steps" in explorer.answer.value
    explorer.others_home.value = True
    assert "pay 4 cult steps" in explorer.answer.value
    explorer.faction.value = "icemaidens"
    assert explorer.picked.layout.display == ""
    explorer.picked.value = "yellow"
    explorer.terrain.value = "brown"   # next to the picked desert: 1 spade to make ice
    assert "1 spade → pay 3 workers" in explorer.answer.value
    explorer.faction.value = "riverwalkers"
    assert "companion-error" in explorer.answer.value
    assert explorer.cost is None


def test_the_wheel_marks_home_and_draws_the_route():
    explorer = TerraformExplorer()
    explorer.faction.value = "witches"
    explorer.terrain.value = "yellow"
    route = next(t for t in explorer.chart.data if t.name == "route")
    assert len(route.x) == 4          # desert, wasteland, mountains, forest
    terrains = next(t for t in explorer.chart.data if t.name == "terrains")
    sizes = dict(zip(terrains.text, terrains.marker.size, strict=True))
    assert sizes["forest"] > sizes["desert"]

# ------------------------------------------------------------------ power bowls


def test_gain_fills_bowl_two_before_bowl_three():
    sim = PowerBowlSimulator()              # 5 / 7 / 0
    sim.amount.value = 7
    sim.buttons["gain"].click()
    assert sim.bowls.as_tuple() == (0, 10, 2)   # 5 from I to II, then 2 from II to III
    assert list(sim.chart.data[0].y) == [0, 10, 2, 0]
    assert "0 / 10 / 2" in sim.state.value


def test_spend_more_than_bowl_three_shows_the_rule_and_changes_nothing():
    sim = PowerBowlSimulator()
    sim.amount.value = 3
    sim.buttons["spend"].click()
    assert "companion-error" in sim.message.value
    assert sim.bowls.as_tuple() == (5, 7, 0)


def test_burn_removes_tokens_for_good():
    sim = PowerBowlSimulator()
    sim.amount.value = 3
    sim.buttons["burn"].click()
    assert sim.bowls.as_tuple() == (5, 1, 3)
    assert list(sim.chart.data[0].y)[3] == 3        # the "removed" bar
    sim.buttons["spend"].click()
    assert sim.bowls.as_tuple() == (8, 1, 0)


def test_a_leech_offer_costs_power_minus_one_vp_and_can_be_declined():
    sim = PowerBowlSimulator()
    sim.amount.value = 4
    sim.buttons["offer"].click()
    assert not sim.accept_button.disabled and sim.buttons["gain"].disabled
    sim.accept_button.click()
    assert sim.vp == 17
    assert sim.bowls.as_tuple() == (1, 11, 0)
    sim.buttons["offer"].click()
    sim.decline_button.click()
    assert sim.vp == 17 and sim.bowls.as_tuple() == (1, 11, 0)
    assert "Declined" in sim.history.value


def test_start_again_uses_the_typed_bowls():
    sim = PowerBowlSimulator()
    sim.start[0].value, sim.start[1].value, sim.start[2].value = 0, 2, 10
    sim.start_vp.value = 0
    sim.reset_button.click()
    assert sim.bowls.as_tuple() == (0, 2, 10)
    sim.amount.value = 5
    sim.buttons["offer"].click()              # with 0 VP only 1 power can be taken (free)
    sim.accept_button.click()
    assert sim.vp == 0 and sim.bowls.as_tuple() == (0, 1, 11)

# ------------------------------------------------------------------ cult tracks


def test_cult_ties_are_pooled_and_rounded_down_and_zero_scores_nothing():
    cults = CultTrackScoring()
    cults.player_count.value = 3
    positions = {"fire": (7, 7, 5), "water": (3, 3, 3), "earth": (0, 0, 4), "air": (2, 9, 2)}
    for track, values in positions.items():
        for player, value in enumerate(values):
            cults.sliders[player][track].value = value
    vp = cults.vp()
    assert vp["fire"] == [6, 6, 2]      # (8 + 4) / 2, then third
    assert vp["water"] == [4, 4, 4]     # (8 + 4 + 2) / 3 = 4 (14 / 3 rounded down)
    assert vp["earth"] == [0, 0, 8]     # zeros score nothing
    assert vp["air"] == [3, 8, 3]       # (4 + 2) / 2
    assert "(8 + 4) / 2 = 6 VP each" in cults.table.value
    assert "at 0 score nothing" in cults.table.value
    assert len(cults.chart.data) == 3
    assert list(cults.chart.data[0].text) == ["6 VP", "4 VP", "0 VP", "3 VP"]


def test_more_players_add_sliders_and_bars():
    cults = CultTrackScoring()
    cults.player_count.value = 5
    assert len(cults.box.children) == 5
    assert len(cults.chart.data) == 5

# ------------------------------------------------------------------ round scoring tiles


@pytest.mark.parametrize("tile, position, expected", [
    ("SCORE1", 3, "3 coins"),      # 1 coin per earth step
    ("SCORE2", 9, "2 spades"),     # 1 spade per 4 earth
    ("SCORE3", 3, "nothing"),      # 1 priest per 4 water: 3 is not enough
    ("SCORE5", 8, "8 power"),      # 4 power per 4 fire
    ("SCORE7", 5, "2 workers"),    # 1 worker per 2 air
])
def test_round_scoring_bonus(tile, position, expected):
    explorer = RoundScoringExplorer()
    explorer.tile.value = tile
    explorer.position.value = position
    assert f"At {position}: <b>{expected}</b>" in explorer.text.value


def test_round_scoring_chart_highlights_the_position():
    explorer = RoundScoringExplorer()
    explorer.tile.value = "SCORE8"          # 1 spade per 4 air
    explorer.position.value = 8
    bars = explorer.chart.data[0]
    assert list(bars.y) == [0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2]
    assert len({c for i, c in enumerate(bars.marker.color) if i != 8}) == 1
    assert bars.marker.color[8] != bars.marker.color[0]
    assert "+3 VP for each trading house you build" in explorer.text.value


def test_the_start_boxes_say_they_hold_the_start_while_the_bowls_move():
    sim = PowerBowlSimulator()
    sim.amount.value = 3
    sim.buttons["gain"].click()
    row = sim.children[0].children
    assert [box.value for box in sim.start] == [5, 7, 0] and sim.bowls.as_tuple() == (2, 10, 0)
    assert row[0] is sim.start_label and "start" in sim.start_label.value.lower()  # issue 22, point 7
