"""Shapeshifters and Riverwalkers (Fire & Ice, official 2015 ``variable_v5`` rules) in the engine: one small
test per rule of FIRE-ICE-NOTES sections 6 and 7 (the reference engine's behaviour), plus the volcano
refusal of section 5 ("those actions have no follow-up build"). Base map hexes used: gray E7 (river r22),
C5 (rivers), F6 (inland); green F4 / E9 / G3; across r22 from E7: E8 (yellow), F4, G3; land neighbours of E7
not across a river: D4 (red), D5 (blue), E6 (brown)."""

from __future__ import annotations

import pytest

from companion.errors import IllegalActionError
from companion.terra_mystica.engine import (
    ILLEGAL_CODES,
    apply_action,
    awaited,
    legal_actions,
    new_game,
    open_turn,
)

TILES = ["SCORE5", "SCORE2", "SCORE3", "SCORE1", "SCORE4", "SCORE6"]


def play(g, *rows):
    for row in rows:
        faction, command = row.split(": ", 1)
        g = apply_action(g, faction, command)
    return g


def loose(g, faction, bowls=None, cult=None, **add):
    """Hand out resources, like the reference engine's ``option loose-adjust-resource`` runs the notes cite."""
    g = g.copy()
    f = g.factions[faction]
    f.cult.update(cult or {})
    if bowls is not None:
        f.bowls = type(f.bowls)(*bowls)
    for res, n in add.items():
        setattr(f, res, getattr(f, res) + n)
    return g


def refused(g, faction, command, code):
    with pytest.raises(IllegalActionError) as err:
        apply_action(g, faction, command)
    assert err.value.code == code and code in ILLEGAL_CODES
    return err.value


# ---------------------------------------------------------------- Riverwalkers (section 7)
def river_setup(tiles=TILES, other="witches"):
    """Riverwalkers pick gray (E7, C5) against the Witches (F4, E9)."""
    g = new_game(["riverwalkers", other], round_tiles=tiles)
    assert awaited(g)[0] == "riverwalkers" and "pick-color gray" in legal_actions(g, "riverwalkers")
    return play(g, "riverwalkers: pick-color gray", "riverwalkers: build E7", f"{other}: build F4",
                f"{other}: build E9", "riverwalkers: build C5", f"{other}: pass BON3", "riverwalkers: pass BON6")


def test_riverwalkers_pick_their_colour_and_place_initial_dwellings_by_a_river():
    """Section 2: the pick sets their colour and first unlocked terrain; "Can't place initial dwelling inland"."""
    g = new_game(["riverwalkers", "witches"], round_tiles=TILES)
    g = play(g, "riverwalkers: pick-color gray")
    f = g.factions["riverwalkers"]
    assert f.home == "gray" and f.unlocked == {"gray"}
    assert g.summary()["factions"]["riverwalkers"]["unlocked"] == ["gray"]
    refused(g, "riverwalkers", "build F6", "inland")  # gray, but no river next to it
    g = play(g, "riverwalkers: build E7")
    assert g.townstate.buildings["E7"][0] == "riverwalkers"


def test_riverwalkers_reach_only_across_rivers():
    """Section 7: land adjacency gives no reach; river distance 1 does (map.pm check_reachable)."""
    g = loose(river_setup(), "riverwalkers", coins=10)
    g.factions["riverwalkers"].unlocked |= {"red", "yellow"}
    refused(g, "riverwalkers", "build D4", "not_reachable")  # red, a land neighbour of E7 only
    g = play(g, "riverwalkers: build E8")  # yellow, across r22
    assert g.colour["E8"] == "gray"  # building recolours the hex to theirs


def test_riverwalkers_build_only_on_unlocked_colours():
    """Section 7: only on unlocked colours (map.pm build_color_ok)."""
    g = river_setup()
    err = refused(g, "riverwalkers", "build E8", "terrain_locked")
    assert "E8" in str(err) and "yellow" in str(err)
    assert "build E8" not in legal_actions(g, "riverwalkers")


def test_riverwalkers_bon4_reaches_two_rivers_away():
    """Section 7: river distance <= 2 while holding BON4 before passing."""
    g = new_game(["riverwalkers", "witches"], round_tiles=TILES)
    g = play(g, "riverwalkers: pick-color gray", "riverwalkers: build E7", "witches: build F4",
             "witches: build E9", "riverwalkers: build C5", "witches: pass BON3", "riverwalkers: pass BON4")
    g.factions["riverwalkers"].unlocked.add("brown")
    g = play(g, "riverwalkers: build F5")  # brown, two river hexes from E7
    assert g.townstate.buildings["F5"][0] == "riverwalkers"


def test_riverwalkers_never_terraform_nor_take_spade_actions():
    """Section 7: no transform, ``advance ship`` / ``advance dig`` fail, ACT5 / ACT6 / BON1 "not allowed"."""
    g = loose(river_setup(), "riverwalkers", bowls=(0, 0, 12), coins=10, priests=1)
    refused(g, "riverwalkers", "transform D4 to gray", "cannot_terraform")
    refused(g, "riverwalkers", "advance ship", "track_maxed")
    refused(g, "riverwalkers", "advance dig", "track_maxed")
    for act in ("ACT5", "ACT6"):
        err = refused(g, "riverwalkers", f"action {act}", "action_forbidden")
        assert act in str(err)
    assert not any(a.startswith("transform") or a in ("action ACT5", "action ACT6")
                   for a in legal_actions(g, "riverwalkers"))


def test_riverwalkers_cult_income_spades_vanish():
    """Section 7: gained spades vanish; no pause between rounds for them."""
    tiles = ["SCORE2", "SCORE5", "SCORE3", "SCORE1", "SCORE4", "SCORE6"]  # round 1 end: 1 spade per 4 EARTH
    g = loose(river_setup(tiles), "riverwalkers", cult={"EARTH": 8})
    g = play(g, "riverwalkers: pass BON7", "witches: pass BON1")
    assert g.round == 2 and g.phase == "actions" and g.factions["riverwalkers"].spades == 0


def test_riverwalkers_priests_become_unlock_choices():
    """Section 7: every priest gained is a pending choice; 1 C to unlock, 2 C for someone's home colour,
    capacity +1 each; ``gain-priest`` takes the priest; other turns wait for the choice."""
    g = loose(river_setup(), "riverwalkers", bowls=(0, 0, 12))
    g = play(g, "riverwalkers: action ACT2")  # one priest -> one choice
    f = g.factions["riverwalkers"]
    assert f.owed.unlocks == 1 and f.priests == 0 and awaited(g)[0] == "riverwalkers"
    choices = legal_actions(g, "riverwalkers")
    assert "unlock-terrain yellow" in choices and "unlock-terrain gain-priest" in choices
    assert "unlock-terrain gray" not in choices  # already unlocked
    refused(g, "witches", "pass BON1", "turn_open")
    c, cap = f.coins, f.max_priests
    g2 = play(g, "riverwalkers: unlock-terrain yellow")
    f2 = g2.factions["riverwalkers"]
    assert f2.coins == c - 1 and f2.max_priests == cap + 1 and "yellow" in f2.unlocked and f2.owed.unlocks == 0
    g3 = play(g, "riverwalkers: unlock-terrain green")  # the Witches' home colour
    assert g3.factions["riverwalkers"].coins == c - 2
    g4 = play(g, "riverwalkers: unlock-terrain gain-priest")
    assert g4.factions["riverwalkers"].priests == 1
    g4 = play(g4, "witches: pass BON1")  # the turn goes on once the choice is settled
    assert g4.factions["witches"].passed


def test_riverwalkers_priests_above_capacity_are_lost():
    """Section 7: capacity starts at 1; a priest above capacity is lost."""
    g = loose(river_setup(), "riverwalkers", bowls=(0, 0, 12), priests=1)
    g = play(g, "riverwalkers: action ACT2. unlock-terrain gain-priest")
    assert g.factions["riverwalkers"].priests == 1


def test_riverwalkers_choose_gain_priest_once_all_colours_are_unlocked():
    """Section 7 [run]: after all seven colours, priests still come as choices and only gain-priest remains."""
    g = loose(river_setup(), "riverwalkers", bowls=(0, 0, 12))
    g.factions["riverwalkers"].unlocked |= {"yellow", "brown", "black", "blue", "green", "red"}
    g = play(g, "riverwalkers: action ACT2")
    assert [a for a in legal_actions(g, "riverwalkers") if a.startswith("unlock")] == ["unlock-terrain gain-priest"]


def test_riverwalkers_stronghold_places_two_bridges_or_discards_them():
    """Section 7 [run]: ``upgrade X to SH. bridge A:B. bridge C:D``; an unplaced bridge keeps the turn open,
    ``-BRIDGE`` discards it."""
    g = loose(river_setup(), "riverwalkers", coins=40, workers=20)
    g = play(g, "riverwalkers: upgrade C5 to TP", "witches: pass BON1")
    g = play(g, "riverwalkers: upgrade C5 to SH")
    f = g.factions["riverwalkers"]
    assert f.owed.stronghold_bridges == 2 and "riverwalkers" in awaited(g)
    spots = [a for a in legal_actions(g, "riverwalkers") if a.startswith("bridge")]
    assert spots and "-BRIDGE" in legal_actions(g, "riverwalkers")
    g = play(g, f"riverwalkers: {spots[0]}")
    assert g.factions["riverwalkers"].owed.stronghold_bridges == 1 and len(g.townstate.bridges) == 1
    g = play(g, "riverwalkers: -BRIDGE")
    assert g.factions["riverwalkers"].owed.stronghold_bridges == 0 and g.factions["riverwalkers"].owed.bridge == 0


# ---------------------------------------------------------------- Shapeshifters (section 6)
def shape_setup(tiles=TILES, options=None):
    """Shapeshifters pick gray (E7, F6) against the Witches (F4, E9); E7 and F4 are neighbours."""
    g = new_game(["shapeshifters", "witches"], round_tiles=tiles, options=options)
    return play(g, "shapeshifters: pick-color gray", "shapeshifters: build E7", "witches: build F4",
                "witches: build E9", "shapeshifters: build F6", "witches: pass BON3", "shapeshifters: pass BON6")


def test_shapeshifters_choose_home_and_pay_three_workers_per_spade():
    """Section 6: home chosen at setup; a spade always costs 3 W; ``advance dig`` fails."""
    g = loose(shape_setup(), "shapeshifters", workers=5)
    assert g.factions["shapeshifters"].home == "gray"
    refused(g, "shapeshifters", "advance dig", "track_maxed")
    w = g.factions["shapeshifters"].workers
    g = play(g, "shapeshifters: dig 1. transform D4")  # red -> gray: one spade on the wheel
    assert g.colour["D4"] == "gray" and g.factions["shapeshifters"].workers == w - 3


def test_shapeshifters_may_buy_a_bowl_iii_token_when_an_opponent_accepts_their_power():
    """Section 6: ``[opponent accepted power]`` once per build, answered with ``gain P3 for VP`` (-1 VP, +1
    new bowl-III token) or ``-GAIN_P3_FOR_VP`` before the round can end."""
    g = play(shape_setup(), "shapeshifters: upgrade E7 to TP", "witches: leech 1 from shapeshifters")
    assert any(r.label == "[opponent accepted power]" and r.faction == "shapeshifters" for r in g.rows)
    f = g.factions["shapeshifters"]
    assert f.owed.gain_p3 == 1 and "gain P3 for VP" in legal_actions(g, "shapeshifters")
    vp, bowls = f.vp, tuple(f.bowls)
    g2 = play(g, "shapeshifters: gain P3 for VP")
    f2 = g2.factions["shapeshifters"]
    assert f2.vp == vp - 1 and tuple(f2.bowls) == (bowls[0], bowls[1], bowls[2] + 1) and f2.owed.gain_p3 == 0
    g3 = play(g, "shapeshifters: -GAIN_P3_FOR_VP")
    assert g3.factions["shapeshifters"].vp == vp and g3.factions["shapeshifters"].owed.gain_p3 == 0
    # the round waits for the answer
    g4 = play(g, "witches: pass BON1", "shapeshifters: pass BON7")
    assert g4.round == 1 and awaited(g4) == ["shapeshifters"]
    g4 = play(g4, "shapeshifters: -GAIN_P3_FOR_VP")
    assert g4.round == 2


def test_shapeshifters_gain_one_power_when_every_opponent_declines():
    """Section 6: every opponent declines and errata-cultist-power is on: ``[all opponents declined power]``."""
    g = play(shape_setup(), "shapeshifters: upgrade E7 to TP")
    before = g.factions["shapeshifters"].bowls
    g = play(g, "witches: decline")
    assert g.rows[-2].label == "[all opponents declined power]"
    assert g.factions["shapeshifters"].bowls == before.gained(1)


def test_shapeshifters_stronghold_changes_colour_for_5_power_repeatedly():
    """Section 6 [run]: ``action ACTH5. pick-color C`` (5 PW), never blocked; every own building hex turns
    to the new colour; not a colour any faction has; without the SH "No ACTH5 space"."""
    g = loose(shape_setup(), "shapeshifters", bowls=(0, 0, 12), coins=40, workers=20)
    refused(g, "shapeshifters", "action ACTH5. pick-color red", "no_such_action")
    g = play(g, "shapeshifters: upgrade E7 to TP", "witches: decline", "witches: pass BON1",
             "shapeshifters: upgrade E7 to SH")
    assert "action ACTH5. pick-color red" in legal_actions(g, "shapeshifters")
    refused(g, "shapeshifters", "action ACTH5. pick-color green", "colour_taken")  # the Witches' colour
    # ACTH5 alone keeps the turn open for the colour (the reference's pick-color record; test_referee_kinds7)
    assert open_turn(apply_action(g, "shapeshifters", "action ACTH5"), "shapeshifters").needs == (("PICK_COLOR", 1),)
    pw = g.factions["shapeshifters"].bowls.iii
    g = play(g, "shapeshifters: action ACTH5. pick-color red")
    f = g.factions["shapeshifters"]
    assert f.home == "red" and g.colour["E7"] == g.colour["F6"] == "red" and f.bowls.iii == pw - 5
    g = play(g, "shapeshifters: action ACTH5. pick-color blue")  # same round: never blocked
    assert g.factions["shapeshifters"].home == "blue" and g.colour["F6"] == "blue"


def test_shapeshifters_stronghold_token_variant_removes_bowl_i_first():
    """Section 6: ``action ACTH6`` removes 5 tokens for good, bowl I first."""
    g = loose(shape_setup(), "shapeshifters", coins=40, workers=20)
    g = play(g, "shapeshifters: upgrade E7 to TP", "witches: decline", "witches: pass BON1",
             "shapeshifters: upgrade E7 to SH")
    g = loose(g, "shapeshifters", bowls=(3, 4, 1))
    g = play(g, "shapeshifters: action ACTH6. pick-color yellow")
    assert tuple(g.factions["shapeshifters"].bowls) == (0, 2, 1)


def test_a_colour_picked_by_a_variable_faction_blocks_later_base_factions():
    """Section 2: a colour picked earlier blocks the base faction of that colour."""
    g = new_game(["shapeshifters", "nomads"], round_tiles=TILES)
    g = play(g, "shapeshifters: pick-color gray")
    with pytest.raises(ValueError):
        apply_action(g, "dwarves", "setup")


# ---------------------------------------------------------------- volcano refusal (section 5)
@pytest.mark.parametrize(("faction", "act"), [("acolytes", "ACT5"), ("dragonlords", "ACT6"), ("acolytes", "BON1")])
def test_volcano_factions_get_no_follow_up_volcano_after_a_spade_action(faction, act):
    """Section 5: spades from BON1 / ACT5 / ACT6 are converted at once; "those actions have no follow-up
    build": ``action ACT5. dig 1. build X`` is refused, naming the action."""
    g = new_game([faction, "halflings"], round_tiles=TILES)
    g = play(g, f"{faction}: pick-color gray", f"{faction}: build E7", "halflings: build F5",
             "halflings: build F7", f"{faction}: build F6", "halflings: pass BON3", f"{faction}: pass BON1")
    g = loose(g, faction, bowls=(0, 0, 12), cult={"FIRE": 5})
    err = refused(g, faction, f"action {act}. dig 1. build D4", "volcano_spades")
    assert act in str(err) and "dig 1" in str(err)
    refused(g, faction, f"action {act}. build D4", "volcano_spades")  # no follow-up build either
    assert not any(a.startswith(f"action {act}. dig") for a in legal_actions(g, faction))


def test_score9_counts_the_riverwalkers_priests_on_cult_spaces_not_their_capacity():
    """SCORE9 pays per priest on a cult space (RULES-NOTES); the Riverwalkers' capacity starts at 1 (section 7),
    so the count must not be read off the capacity."""
    tiles = ["SCORE9", "SCORE5", "SCORE3", "SCORE1", "SCORE4", "SCORE6"]
    g = new_game(["riverwalkers", "witches"], round_tiles=tiles, options=["temple-scoring-tile"])
    g = play(g, "riverwalkers: pick-color gray", "riverwalkers: build E7", "witches: build F4",
             "witches: build E9", "riverwalkers: build C5", "witches: pass BON3", "riverwalkers: pass BON6")
    g = play(g, "riverwalkers: pass BON7")
    c = g.factions["riverwalkers"].coins
    g = play(g, "witches: pass BON1")
    inc = g._income(g.factions["riverwalkers"]).get("C", 0)
    assert g.factions["riverwalkers"].coins == c + inc  # no priest on the cult board: SCORE9 pays nothing
