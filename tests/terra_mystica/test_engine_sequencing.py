"""How the engine sequences power offers, cult steps into 10, dropped factions and income-phase rows.

One small hand-played position per kind of fault that unseen league games showed (issue 10; facts from
RULES-NOTES-D, the reference engine's sequencing). Expected numbers are worked out by hand from those notes.
"""

from __future__ import annotations

import pytest

from companion.errors import IllegalActionError
from companion.terra_mystica.engine import apply_action, legal_actions, new_game, read_record
from companion.terra_mystica.engine.commands import parse_commands
from companion.terra_mystica.power import PowerBowls

TILES = ["SCORE5", "SCORE2", "SCORE3", "SCORE1", "SCORE4", "SCORE6"]
OPTIONS = ("strict-leech", "errata-cultist-power")


def play(game, *rows):
    for row in rows:
        faction, cmd = row.split(":", 1)
        game = apply_action(game, faction.strip(), cmd.strip())
    return game


def bowls(game, faction):
    f = game.factions[faction]
    return tuple(f.bowls)


def opening(first="halflings", home="E6", options=OPTIONS):
    """``first`` (on plains E6 / F5) and the Witches (F4, E9); ``first`` moves first in round 1.
    The Witches' F4 touches ``first``'s E6, so a Witches' build or upgrade there offers it 1 power."""
    g = new_game([first, "witches"], options=options, round_tiles=TILES, removed_bonus=["BON6"])
    return play(g, f"{first}: build {home}", "witches: build F4", "witches: build E9", f"{first}: build F5",
                "witches: pass BON5", f"{first}: pass BON3")


# --- power offers to a faction whose bowls are full --------------------------------------------------

def test_an_offer_to_full_bowls_is_made_and_the_round_waits_for_its_answer():
    g = opening()
    g = play(g, "halflings: pass BON1")
    g.factions["halflings"].bowls = PowerBowls(0, 0, 12)
    g = play(g, "witches: upgrade F4 to TP")
    assert [(o["to"], o["amount"], o["actual"]) for o in g.offers] == [("halflings", 1, 0)]
    g = play(g, "witches: pass BON2")
    # everyone has passed, but the offer is open: round 1 goes on
    assert g.round == 1 and g.phase == "actions"
    assert legal_actions(g, "halflings")[:2] == ["leech 1 from witches", "decline 1 from witches"]
    vp = g.factions["halflings"].vp
    g = play(g, "halflings: leech 1 from witches")
    assert bowls(g, "halflings")[2] == 12 and g.factions["halflings"].vp == vp  # nothing gained, nothing paid
    assert g.round == 2


# --- the Cultists' reward -------------------------------------------------------------------------

def test_cultists_step_comes_with_the_first_useful_acceptance_and_holds_the_round():
    g = opening(first="cultists")
    g = play(g, "cultists: upgrade E6 to TP")
    assert [o["to"] for o in g.offers] == ["witches"]
    g = play(g, "witches: leech 1 from cultists")
    labels = [(r.faction, r.label) for r in g.rows[-2:]]
    assert labels == [("cultists", "[opponent accepted power]"), ("witches", "leech 1 from cultists")]
    assert g.factions["cultists"].owed.cult == 1
    g = play(g, "witches: pass BON1", "cultists: pass BON2")
    assert g.round == 1  # the Cultists' step is still to be placed
    fire = g.factions["cultists"].cult["FIRE"]
    g = play(g, "cultists: +FIRE")
    assert g.factions["cultists"].cult["FIRE"] == fire + 1 and g.round == 2


def test_no_cultists_reward_when_the_offer_could_give_nothing():
    g = opening(first="cultists")
    g.factions["witches"].bowls = PowerBowls(0, 0, 12)
    g = play(g, "cultists: upgrade E6 to TP", "witches: leech 1 from cultists")
    assert g.factions["cultists"].owed.cult == 0
    assert [r.label for r in g.rows[-2:]][0] != "[opponent accepted power]"
    g2 = play(opening(first="cultists"), "cultists: upgrade E6 to TP")
    g2.factions["witches"].bowls = PowerBowls(0, 0, 12)
    g2 = play(g2, "witches: decline 1 from cultists")
    # the record could give power when made; declining it gives the Cultists their power (errata)
    assert g2.rows[-2].label == "[all opponents declined power]"


def test_acting_declines_waiting_offers_and_may_pay_the_cultists():
    g = play(opening(first="cultists"), "cultists: upgrade E6 to TP")
    before = bowls(g, "cultists")
    g = play(g, "witches: dig 1. build F6")  # the Witches act instead of answering
    assert g.offers == [] or all(o["to"] != "witches" for o in g.offers)
    assert g.rows[-2].label == "[all opponents declined power]" and g.rows[-1].faction == "witches"
    assert bowls(g, "cultists") != before


# --- strict-leech ---------------------------------------------------------------------------------

def test_strict_leech_converting_first_loses_the_right_to_accept():
    g = play(opening(), "halflings: dig 1. build E5", "witches: upgrade F4 to TP")
    # the halflings' turn: converting before answering marks the waiting offer
    g2 = play(g, "halflings: convert 1W to 1C")
    with pytest.raises(IllegalActionError) as err:
        play(g2, "halflings: leech 1 from witches")
    assert err.value.code == "offer_expired"
    assert play(g2, "halflings: decline 1 from witches").offers == []
    # a leech that matches no offer is refused under strict-leech
    with pytest.raises(IllegalActionError) as err:
        play(g, "halflings: leech 3 from witches")
    assert err.value.code == "no_offer"


def test_only_the_active_faction_converts():
    g = play(opening(), "halflings: pass BON1", "witches: upgrade F4 to TP")
    with pytest.raises(IllegalActionError) as err:
        play(g, "halflings: convert 1W to 1C")  # passed, not taking a turn
    assert err.value.code == "not_active"
    assert play(g, "witches: convert 1W to 1C").factions["witches"].coins == g.factions["witches"].coins + 1


# --- a leech typed inside a row of several commands -----------------------------------------------

def test_a_leech_typed_before_an_action_in_one_line_is_answered_first():
    g = play(opening(), "halflings: dig 1. build E5", "witches: upgrade F4 to TP")
    pw = bowls(g, "halflings")
    g = play(g, "halflings: upgrade E6 to TP. leech 1 from witches")
    # the leech ran first (it gained power) and closed its own row; the upgrade is the next row
    assert bowls(g, "halflings") != pw
    assert [r.label for r in g.rows[-2:]] == ["leech 1 from witches", "upgrade E6 to TP"]


# --- a favour tile's step blocked at 9 and the town key in the same row -----------------------------

def test_town_key_moves_a_track_blocked_by_the_favour_tile_to_ten():
    g = opening()
    f = g.factions["witches"]
    f.cult["FIRE"], f.keys = 7, 0
    f.set_owed(favor=1, town=1)
    f.bowls = PowerBowls(5, 7, 0)
    g = play(g, "witches: +FAV1. +TW1")
    w = g.factions["witches"]
    # FAV1 (+3 FIRE) stops at 9 without a key (no power space between 7 and 9); TW1's key then takes
    # FIRE to 10 with its 3 power: bowls 5/7/0 -> 2/10/0
    assert w.cult["FIRE"] == 10 and w.keys == 1
    assert bowls(g, "witches") == (2, 10, 0)


def test_a_blocked_track_is_forgotten_at_the_next_full_move():
    g = opening()
    f = g.factions["witches"]
    f.cult["FIRE"], f.keys = 7, 0
    f.set_owed(favor=1)
    g = play(g, "witches: +FAV1", "halflings: pass BON1")
    assert g.factions["witches"].cult["FIRE"] == 9
    g = play(g, "witches: dig 1. build F6")
    g.factions["witches"].set_owed(town=1)
    g = play(g, "witches: +TW1")
    assert g.factions["witches"].cult["FIRE"] == 9  # the key stays free for a later step


def test_another_faction_on_ten_caps_without_remembering():
    g = opening()
    g.factions["halflings"].cult["FIRE"] = 10
    f = g.factions["witches"]
    f.cult["FIRE"], f.keys = 7, 0
    f.set_owed(favor=1, town=1)
    g = play(g, "witches: +FAV1. +TW1")
    assert g.factions["witches"].cult["FIRE"] == 9 and g.factions["witches"].blocked == []


# --- declining a cult step: "-TRACK" -----------------------------------------------------------------

def test_stepping_back_says_which_track_a_town_key_goes_to():
    g = opening()
    f = g.factions["witches"]
    f.cult.update(FIRE=6, WATER=9, EARTH=4, AIR=9)
    f.keys = 0
    f.set_owed(town=1)
    g2 = play(g, "witches: -water. +TW5")
    assert [g2.factions["witches"].cult[t] for t in ("FIRE", "WATER", "EARTH", "AIR")] == [7, 9, 5, 10]
    g3 = play(g, "witches: -air. +TW5")
    assert [g3.factions["witches"].cult[t] for t in ("FIRE", "WATER", "EARTH", "AIR")] == [7, 10, 5, 9]
    # a step back must stay at 7 or more (FIRE 6 -> 5 is refused; WATER 9 -> 7 is allowed)
    with pytest.raises(IllegalActionError) as err:
        play(g, "witches: -fire")
    assert err.value.code == "cult_loss"
    assert play(g, "witches: -2water").factions["witches"].cult["WATER"] == 7


# --- dropped factions --------------------------------------------------------------------------------

def test_a_dropped_faction_takes_no_turns_gets_no_offers_and_still_takes_income():
    g = opening()
    g = play(g, "halflings: drop-faction")
    assert g.dropped == ["halflings"] and g.expected_turn() == "witches"
    assert "BON3" in g.bonus_pool and g.factions["halflings"].bonus is None
    g = play(g, "witches: upgrade F4 to TP")
    assert g.offers == []  # no offer to the faction that left
    w = g.factions["halflings"].workers
    g = play(g, "witches: pass BON2")
    assert g.round == 2  # the dropped faction counts as passed
    income = [r for r in g.rows if r.faction == "halflings" and not r.typed][-1]
    assert income.label == "" and g.factions["halflings"].workers > w  # its dwellings still yield workers
    with pytest.raises(IllegalActionError) as err:
        play(g, "halflings: pass BON4")
    assert err.value.code == "dropped"


def test_ledger_line_for_a_dropped_faction_is_read():
    rec = read_record("Round 1 scoring: SCORE1\nRound 2 scoring: SCORE2\nRound 3 scoring: SCORE3\n"
                      "Round 4 scoring: SCORE4\nRound 5 scoring: SCORE5\nRound 6 scoring: SCORE6\n"
                      "witches: setup\nhalflings: setup\nhalflings dropped from the game\n")
    assert rec.rows[-1].faction == "halflings" and rec.rows[-1].command == "drop-faction"
    assert [c.verb for c in parse_commands("resign")] == ["drop"]


# --- a typed row that carries the faction's own income row ---------------------------------------------

def test_income_row_merged_into_a_typed_row_is_read_as_both():
    header = "".join(f"Round {i} scoring: SCORE{i}\n" for i in range(1, 7))
    cols = ["halflings", "", "23 VP", "", "14 C", "", "5 W", "", "1 P", "", "3/6/0 PW", "", "0/0/2/4", "",
            "transform E10 to brown. other_income_for_faction"]
    rec = read_record(header + "\t".join(cols) + "\n")
    row = rec.rows[0]
    assert row.typed and row.command == "transform E10 to brown" and row.merged == "other_income_for_faction"


# --- Chaos Magicians: two favour tiles per temple ------------------------------------------------------

def test_chaos_magicians_temple_gives_two_favour_tiles_once():
    g = new_game(["chaosmagicians", "witches"], options=OPTIONS, round_tiles=TILES, removed_bonus=["BON6"])
    g = play(g, "witches: build F4", "witches: build E9", "chaosmagicians: build D4",
             "witches: pass BON5", "chaosmagicians: pass BON3")
    cm = g.factions["chaosmagicians"]
    cm.coins, cm.workers = 30, 20
    g = play(g, "chaosmagicians: upgrade D4 to TP")
    g = play(g, "witches: pass BON1")
    g = play(g, "chaosmagicians: upgrade D4 to TE")
    assert g.factions["chaosmagicians"].owed.favor == 2
