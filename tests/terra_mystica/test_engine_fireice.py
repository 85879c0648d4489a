"""Fire & Ice factions in the engine, one small test per rule of FIRE-ICE-NOTES (the reference engine's
behaviour). The base map (hexes named below) has gray E7/F6 next to green F4/E9; the terrain wheel is
yellow, brown, black, blue, green, gray, red."""

from __future__ import annotations

import pytest

from companion.errors import IllegalActionError, RecordError
from companion.terra_mystica.engine import (
    Game,
    Setup,
    apply_action,
    awaited,
    legal_actions,
    new_game,
    open_turn,
)
from companion.terra_mystica.engine.commands import parse_commands
from companion.terra_mystica.factions import get_faction

TILES = ["SCORE5", "SCORE2", "SCORE3", "SCORE1", "SCORE4", "SCORE6"]


def play(g, *rows):
    for row in rows:
        faction, command = row.split(": ", 1)
        g = apply_action(g, faction, command)
    return g


def ice_setup(ice="icemaidens", favor="+FAV10", bon_ice="BON6"):
    """Ice faction (picks gray) against the Witches; dwellings E7, F6 (ice) and F4, E9 (forest)."""
    g = new_game([ice, "witches"], round_tiles=TILES)
    rows = [f"{ice}: pick-color gray"]
    if favor:
        rows.append(f"{ice}: {favor}")
    rows += [f"{ice}: build E7", "witches: build F4", "witches: build E9", f"{ice}: build F6",
             "witches: pass BON3", f"{ice}: pass {bon_ice}"]
    return play(g, *rows)


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


# ---------------------------------------------------------------- setup (notes section 2)
def test_ice_faction_picks_a_colour_before_initial_dwellings():
    g = new_game(["icemaidens", "witches"], round_tiles=TILES)
    assert awaited(g)[0] == "icemaidens"
    assert "pick-color gray" in legal_actions(g, "icemaidens")
    with pytest.raises(IllegalActionError) as err:
        apply_action(g, "icemaidens", "build E7")
    assert err.value.code == "decision_pending"
    with pytest.raises(IllegalActionError) as err:
        apply_action(g, "icemaidens", "pick-color green")  # the Witches' colour
    assert err.value.code == "colour_taken"
    g = play(g, "icemaidens: pick-color gray", "icemaidens: +FAV10")
    with pytest.raises(IllegalActionError) as err:
        apply_action(g, "icemaidens", "build D4")  # red, not the picked gray
    assert err.value.code == "not_home_terrain"
    g = play(g, "icemaidens: build E7")
    assert g.colour["E7"] == "ice"  # the picked-colour hex turns to ice for free in round 0
    assert g.factions["icemaidens"].coins == get_faction("icemaidens").start.coins


def test_a_picked_colour_blocks_the_base_factions_of_that_colour():
    g = Game(Setup(options=frozenset(), round_tiles=tuple(TILES), removed_bonus=()))
    g.apply_row("icemaidens", parse_commands("setup"))
    g.apply_row("icemaidens", parse_commands("pick-color gray"))  # right after its own setup row
    with pytest.raises(RecordError) as err:
        g.apply_row("dwarves", parse_commands("setup"))
    assert "mountains" in str(err.value) and "Ice Maidens" in str(err.value) and "'s " not in str(err.value)
    g.apply_row("witches", parse_commands("setup"))
    with pytest.raises(RecordError):
        g.apply_row("yetis", parse_commands("setup"))  # the two ice factions exclude each other


def test_ice_maidens_take_a_favor_tile_in_setup_and_fav11_pays_nothing_there():
    g = new_game(["icemaidens", "witches"], round_tiles=TILES)
    assert g.factions["icemaidens"].owed.favor == 1
    g = play(g, "icemaidens: pick-color gray", "icemaidens: +FAV11", "icemaidens: build E7")
    f = g.factions["icemaidens"]
    assert f.favors == ["FAV11"] and f.owed.favor == 0
    assert f.vp == get_faction("icemaidens").start.vp  # favour VP only from round 1
    with pytest.raises(IllegalActionError) as err:
        apply_action(new_game(["yetis", "witches"], round_tiles=TILES), "yetis", "+FAV11")
    assert err.value.code == "no_favor_due"  # only the Ice Maidens start with one


# ---------------------------------------------------------------- ice terrain (sections 3, 4)
def test_ice_spades_count_from_the_picked_terrain():
    g = ice_setup()
    w_per_spade = get_faction("icemaidens").spades.cost_per_spade_by_level[0]["W"]
    w = g.factions["icemaidens"].workers
    g1 = apply_action(g, "icemaidens", "dig 1. transform D4")  # red: next to gray on the wheel -> 1 spade
    assert g1.colour["D4"] == "ice" and g1.factions["icemaidens"].workers == w - w_per_spade
    g = loose(g, "icemaidens", workers=20)
    w = g.factions["icemaidens"].workers
    g2 = apply_action(g, "icemaidens", "dig 2. transform E8")  # yellow: two steps from gray -> 2 spades
    assert g2.factions["icemaidens"].workers == w - 2 * w_per_spade
    g3 = apply_action(g, "icemaidens", "dig 3. transform E6")  # brown: three steps -> 3 spades, no +1
    assert g3.factions["icemaidens"].workers == w - 3 * w_per_spade


def test_ice_and_volcano_hexes_are_never_transformed():
    g = ice_setup()
    g = play(g, "icemaidens: dig 1. transform D4")
    g = loose(g, "witches", workers=20)
    with pytest.raises(IllegalActionError) as err:
        apply_action(g, "witches", "transform D4")  # ice (D4 is next to the Witches' F4)
    assert err.value.code == "cannot_terraform"
    g = play(g, "witches: pass BON1")
    with pytest.raises(IllegalActionError) as err:  # not even by the ice faction
        apply_action(g, "icemaidens", "transform D4 to red")
    assert err.value.code == "cannot_terraform"


# ---------------------------------------------------------------- Ice Maidens (section 4)
def test_ice_maidens_stronghold_pass_vp_stacks_with_the_bonus_tile():
    # the notes' run: SH, 1 temple and BON6 -> +7 on passing
    g = ice_setup()
    g = loose(g, "icemaidens", coins=40, workers=20, priests=3)
    g = play(g, "icemaidens: upgrade E7 to TP", "witches: pass BON1", "icemaidens: upgrade E7 to SH")
    g = play(g, "icemaidens: upgrade F6 to TP", "icemaidens: upgrade F6 to TE. +FAV9")
    vp = g.factions["icemaidens"].vp
    g = play(g, "icemaidens: pass BON7")  # returns BON6 (4 VP with a stronghold) + 3 VP per temple
    assert g.factions["icemaidens"].bonus == "BON7"
    assert g.factions["icemaidens"].vp - vp == 7
    # without the stronghold the temple gives nothing on passing
    g = ice_setup()
    g = loose(g, "icemaidens", coins=40, workers=20, priests=3)
    g = play(g, "icemaidens: upgrade E7 to TP", "witches: pass BON1", "icemaidens: upgrade E7 to TE. +FAV9")
    vp = g.factions["icemaidens"].vp
    g = play(g, "icemaidens: pass BON7")
    assert g.factions["icemaidens"].vp == vp  # BON6 pays nothing without a stronghold, nor does the temple


# ---------------------------------------------------------------- Yetis (section 4)
def test_yetis_pay_one_power_less_for_power_actions():
    g = loose(ice_setup("yetis", favor=None), "yetis", bowls=(0, 0, 12))
    spend = g.factions["yetis"].bowls.spendable
    g = play(g, "yetis: action ACT6")  # 6 PW for others
    assert spend - g.factions["yetis"].bowls.spendable == 5


def test_yetis_stronghold_reuses_taken_power_actions():
    g = ice_setup("yetis", favor=None)
    g = loose(g, "yetis", bowls=(0, 0, 12), coins=40, workers=20)
    g = play(g, "yetis: action ACT3")  # 3 PW for the Yetis, then blocked
    g = play(g, "witches: pass BON1")
    with pytest.raises(IllegalActionError) as err:
        apply_action(g, "yetis", "action ACT3")
    assert err.value.code == "action_taken"
    g = play(g, "yetis: upgrade E7 to TP", "yetis: upgrade E7 to SH")
    g = loose(g, "yetis", bowls=(0, 0, 12))
    g = play(g, "yetis: action ACT3", "yetis: action ACT3")  # blocked space, twice in a round
    assert g.factions["yetis"].bowls.iii == 12 - 2 * 3  # ACT3: 4 PW, 3 for the Yetis, each time


def test_yetis_stronghold_counts_4_for_power_they_receive():
    g = ice_setup("yetis", favor=None)
    g = loose(g, "yetis", coins=40, workers=20)
    g = play(g, "yetis: upgrade F6 to TP", "witches: decline", "witches: pass BON1", "yetis: upgrade F6 to SH",
             "witches: decline", "yetis: pass BON7")
    assert g.round == 2
    # round 2: the Witches build next to the Yetis' stronghold F6 (E9 is theirs already; F5 is plains)
    g = loose(g, "witches", coins=20, workers=20)
    g = play(g, "witches: upgrade E9 to TP")
    offer = next(o for o in g.offers if o["to"] == "yetis")
    assert offer["amount"] == 4


# ---------------------------------------------------------------- volcano factions (section 5)
def volcano_setup(volcano="dragonlords", tiles=TILES):
    """A volcano faction (picks gray after all factions are chosen) against the Halflings (brown):
    volcano E7, F6; Halflings F5, F7. E6 (brown) is then someone's home, D4 (red) is not."""
    g = new_game([volcano, "halflings"], round_tiles=tiles)
    assert awaited(g)[0] == volcano and g.factions[volcano].owed.pick_color
    return play(g, f"{volcano}: pick-color gray", f"{volcano}: build E7", "halflings: build F5",
                "halflings: build F7", f"{volcano}: build F6", "halflings: pass BON3", f"{volcano}: pass BON6")


def test_volcano_start_dwellings_turn_their_hexes_into_volcano():
    g = volcano_setup()
    assert g.colour["E7"] == g.colour["F6"] == "volcano"
    assert g.factions["dragonlords"].picked == "gray"


def test_a_volcano_needs_the_free_dig_first_and_one_per_action():
    g = volcano_setup()
    with pytest.raises(IllegalActionError) as err:
        apply_action(g, "dragonlords", "build D4")
    assert err.value.code == "not_enough_spades"  # "Not enough VOLCANO_TF"
    # an unused VOLCANO_TF leaves the turn incomplete: open, as the reference keeps it (test_referee_kinds)
    assert open_turn(apply_action(g, "dragonlords", "dig 1")).needs == (("VOLCANO_TF", 1),)
    with pytest.raises(IllegalActionError) as err:
        apply_action(g, "dragonlords", "dig 1. transform D4. dig 1. build E8")
    assert err.value.code == "multiple_actions"  # no dig after a transform (RULES-NOTES-E E.1.1)
    with pytest.raises(IllegalActionError) as err:
        apply_action(g, "dragonlords", "dig 1. transform D4 to blue")  # never to a land colour
    assert err.value.code == "cannot_terraform"
    w = g.factions["dragonlords"].workers
    g = play(g, "dragonlords: dig 1. build D4")
    assert g.colour["D4"] == "volcano" and g.factions["dragonlords"].workers == w - 1  # dig is free; dwelling 1 W


def test_dragonlords_pay_power_tokens_for_good_more_on_a_home_hex():
    g = volcano_setup()
    before = g.factions["dragonlords"].bowls
    g1 = play(g, "dragonlords: dig 1. transform D4")  # red: nobody's home -> 1 token, bowl I first
    after = g1.factions["dragonlords"].bowls
    assert (after.i, after.ii, after.iii) == (before.i - 1, before.ii, before.iii)
    g2 = play(g, "dragonlords: dig 1. transform E6")  # brown: the Halflings' home -> 2 tokens
    assert sum(g2.factions["dragonlords"].bowls) == sum(before) - 2
    g3 = loose(g, "dragonlords", bowls=(0, 1, 2))
    g3 = play(g3, "dragonlords: dig 1. transform E6")  # bowl I empty: II, then III
    assert tuple(g3.factions["dragonlords"].bowls) == (0, 0, 1)


def test_acolytes_pay_cult_steps_on_one_track():
    g = volcano_setup("acolytes")
    # unpaid steps keep the turn open, as the reference does (test_referee_kinds)
    assert open_turn(apply_action(g, "acolytes", "dig 1. build D4")).needs == (("LOSE_CULT", 3),)
    with pytest.raises(IllegalActionError) as err:
        apply_action(g, "acolytes", "dig 1. build D4. -2FIRE")  # the whole amount, at once
    assert err.value.code == "volcano_unpaid"
    fire = g.factions["acolytes"].cult["FIRE"]
    g1 = play(g, "acolytes: dig 1. build D4. -3FIRE")
    assert g1.factions["acolytes"].cult["FIRE"] == fire - 3
    with pytest.raises(IllegalActionError) as err:
        apply_action(g, "acolytes", "dig 1. transform E6. -4WATER")  # someone's home: 4 steps, none has 4
    assert err.value.code == "volcano_unpaid"
    g = loose(g, "acolytes", cult={"WATER": 5})
    g2 = play(g, "acolytes: dig 1. transform E6. -4WATER")
    assert g2.factions["acolytes"].cult["WATER"] == 1


def test_volcano_factions_convert_gained_spades_at_once():
    g = loose(volcano_setup(), "dragonlords", bowls=(0, 0, 12))
    g = play(g, "dragonlords: action ACT5")  # one spade -> one new token in bowl I
    f = g.factions["dragonlords"]
    assert tuple(f.bowls) == (4 + 1, 0, 8) and f.spades == 0  # 4 PW spent (III -> I), plus one new token
    g = loose(volcano_setup("acolytes"), "acolytes", bowls=(0, 0, 12))
    g = play(g, "acolytes: action ACT6")  # two spades -> two free cult steps, placed with +TRACK rows
    f = g.factions["acolytes"]
    assert f.owed.cult == 2 and f.spades == 0
    air = f.cult["AIR"]
    g = play(g, "acolytes: +2AIR")
    assert g.factions["acolytes"].cult["AIR"] == air + 2


def test_score1_still_pays_for_spades_volcano_factions_gain():
    tiles = ["SCORE1", "SCORE2", "SCORE3", "SCORE5", "SCORE4", "SCORE6"]  # round 1: 2 VP per spade
    g = loose(volcano_setup("acolytes", tiles), "acolytes", bowls=(0, 0, 12))
    vp = g.factions["acolytes"].vp
    g = play(g, "acolytes: action ACT6")
    assert g.factions["acolytes"].vp == vp + 4  # the notes' run: ACT6 gave +4
    vp = g.factions["acolytes"].vp
    g = play(g, "acolytes: +2AIR", "halflings: pass BON1", "acolytes: dig 1. transform D4. -3FIRE")
    assert g.factions["acolytes"].vp == vp  # a volcano spends VOLCANO_TF, not a spade


def test_dragonlords_stronghold_adds_one_bowl_i_token_per_faction():
    g = loose(volcano_setup(), "dragonlords", coins=40, workers=20)
    g = play(g, "dragonlords: upgrade F6 to TP", "halflings: decline", "halflings: pass BON1")
    before = g.factions["dragonlords"].bowls
    g = play(g, "dragonlords: upgrade F6 to SH")
    after = g.factions["dragonlords"].bowls
    assert after.i - before.i == len(g.factions) == 2 and (after.ii, after.iii) == (before.ii, before.iii)


def test_acolytes_stronghold_sends_priests_one_step_further():
    g = loose(volcano_setup("acolytes"), "acolytes", coins=40, workers=20, priests=3)
    g = play(g, "acolytes: send p to AIR for 1", "halflings: pass BON1")
    air = g.factions["acolytes"].cult["AIR"]
    g = play(g, "acolytes: upgrade F6 to TP", "halflings: decline", "acolytes: upgrade F6 to SH")
    g = play(g, "acolytes: send p to AIR for 3")  # the notes' run: AIR 3 -> 7
    assert g.factions["acolytes"].cult["AIR"] == air + 4
    g = play(g, "acolytes: send p to FIRE for 1")
    assert g.factions["acolytes"].cult["FIRE"] == 3 + 2


def test_acolytes_place_cult_income_spades_as_steps_before_income():
    tiles = ["SCORE2", "SCORE5", "SCORE3", "SCORE1", "SCORE4", "SCORE6"]  # round 1 end: 1 spade per 4 EARTH
    g = loose(volcano_setup("acolytes", tiles), "acolytes", cult={"EARTH": 8})
    g = play(g, "acolytes: pass BON7", "halflings: pass BON1")
    assert g.phase == "cult_spades" and awaited(g) == ["acolytes"]
    assert g.factions["acolytes"].owed.cult == 2 and g.factions["acolytes"].spades == 0
    g = play(g, "acolytes: +FIRE", "acolytes: +WATER")
    assert g.phase == "actions" and g.factions["acolytes"].cult["FIRE"] == 4


def test_dragonlords_cult_income_spades_become_tokens_without_a_pause():
    tiles = ["SCORE2", "SCORE5", "SCORE3", "SCORE1", "SCORE4", "SCORE6"]
    g = loose(volcano_setup("dragonlords", tiles), "dragonlords", cult={"EARTH": 4})
    before = sum(g.factions["dragonlords"].bowls)
    g = play(g, "dragonlords: pass BON7", "halflings: pass BON1")
    assert g.phase == "actions" and sum(g.factions["dragonlords"].bowls) == before + 1
