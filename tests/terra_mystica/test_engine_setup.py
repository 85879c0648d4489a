"""Setup checks of the Terra Mystica engine: a bad setup is a SetupError naming the field, at once.

Rules: rulebook setup (six different round scoring tiles, the spade-VP tile SCORE1 not in rounds 5-6;
2-5 players; one faction per colour) and RULES-NOTES appendix C (options).
"""

from __future__ import annotations

import pytest

from companion.errors import CompanionError
from companion.terra_mystica.engine import (
    DEFAULT_OPTIONS,
    SetupError,
    apply_action,
    new_game,
    read_record,
    replay,
)

TILES = ["SCORE5", "SCORE2", "SCORE3", "SCORE1", "SCORE4", "SCORE6"]


@pytest.mark.parametrize(("tiles", "words"), [
    (TILES[:5], "expected 6"),
    (["SCORE5", "SCORE2", "SCORE3", "SCORE1", "SCORE4", "SCORE5"], "SCORE5 is repeated"),
    (["SCORE5", "SCORE2", "SCORE3", "SCORE4", "SCORE1", "SCORE6"], "round 5: SCORE1"),
    (["SCORE5", "SCORE2", "SCORE3", "SCORE4", "SCORE6", "SCORE1"], "round 6: SCORE1"),
    (["SCORE5", "SCORE2", "SCORE3", "SCORE1", "SCORE4", "SCORE99"], "unknown tile 'SCORE99'"),
])
def test_bad_round_tiles_name_the_field(tiles, words):
    with pytest.raises(SetupError) as err:
        new_game(["witches", "halflings"], round_tiles=tiles)
    assert err.value.field == "round_tiles" and words in str(err.value)
    assert isinstance(err.value, CompanionError)


def test_temple_tile_needs_its_option():
    tiles = ["SCORE9", "SCORE2", "SCORE3", "SCORE1", "SCORE4", "SCORE6"]
    assert new_game(["witches", "halflings"], round_tiles=tiles).round == 0  # default options include it
    with pytest.raises(SetupError) as err:
        new_game(["witches", "halflings"], options=(), round_tiles=tiles)
    assert err.value.field == "round_tiles" and "temple-scoring-tile" in str(err.value)


@pytest.mark.parametrize("factions", [["witches"], ["witches", "halflings", "nomads", "mermaids", "dwarves",
                                                     "darklings"]])
def test_two_to_five_players(factions):
    with pytest.raises(SetupError) as err:
        new_game(factions, round_tiles=TILES)
    assert err.value.field == "factions"


def test_one_faction_per_colour():
    with pytest.raises(SetupError) as err:
        new_game(["witches", "auren"], round_tiles=TILES)  # both forest
    # named as a player sees them: factions and the terrain, no possessive of a plural name
    assert err.value.field == "factions" and "forest" in str(err.value)
    assert "Auren" in str(err.value) and "Witches" in str(err.value) and "'s " not in str(err.value)


def test_new_games_default_to_todays_league_options_and_replays_use_their_own():
    g = new_game(["witches", "halflings"], round_tiles=TILES)
    assert g.options == DEFAULT_OPTIONS and {"strict-leech", "errata-cultist-power", "shipping-bonus"} <= g.options
    assert new_game(["witches", "halflings"], options=["strict-leech"], round_tiles=TILES).options == {"strict-leech"}
    log = "".join(f"Round {i} scoring: {t}\n" for i, t in enumerate(TILES, start=1))
    log += "option shipping-bonus\nwitches: setup\nhalflings: setup\n"
    assert replay(read_record(log)).game.options == {"shipping-bonus"}


def test_a_record_with_one_faction_fails_at_its_first_move_naming_the_field():
    log = "".join(f"Round {i} scoring: {t}\n" for i, t in enumerate(TILES, start=1))
    log += "witches: setup\nwitches: build F4\n"
    with pytest.raises(SetupError) as err:
        replay(read_record(log))
    assert err.value.field == "factions" and err.value.line == 8
    g = new_game(["witches", "halflings"], round_tiles=TILES)
    assert apply_action(g, "witches", "build F4").round == 0
