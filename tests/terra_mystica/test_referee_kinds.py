"""Issue 19 item 2: the remaining kinds as rules (RULES-NOTES-E E.3, E.5, E.7), each a small hand-made case.

The expected values are what the reference engine answered for the same rows (``perl evaluate.pl src
FILE``; the rows are in each docstring), so the tests run without Perl.
"""

from __future__ import annotations

import pytest

from companion.errors import IllegalActionError
from companion.terra_mystica import game as protocol
from companion.terra_mystica.engine import apply_action, new_game, open_turn
from companion.terra_mystica.power import PowerBowls

TILES = ("SCORE1", "SCORE2", "SCORE3", "SCORE4", "SCORE5", "SCORE6")


def play(g, *rows):
    for row in rows:
        faction, cmd = row.split(":", 1)
        g = apply_action(g, faction.strip(), cmd.strip())
    return g


def test_bon4_gives_the_fakirs_no_range_and_the_carpet_flight_is_still_charged():
    """E.3: BON4's +1 needs a shipping track. Reference rows (option loose-adjust-resource, ``fakirs: +20W.
    +5P. +20C`` for the resources): Fakirs E8/F3 with BON4, ``dig 3. build C4`` (one hex between) → 30 VP,
    33 C, 16 W, 4 P, power 4/8/0: the flight cost a priest and paid +4 VP (SCORE1 paid 6 for the spades)."""
    g = new_game(["fakirs", "witches"], options=["strict-leech", "errata-cultist-power"], round_tiles=TILES,
                 removed_bonus=["BON5", "BON6", "BON7", "BON8"])
    g = play(g, "fakirs: build E8", "witches: build F4", "witches: build E9", "fakirs: build F3",
             "witches: pass BON1", "fakirs: pass BON4")
    f = g.factions["fakirs"]
    f.workers, f.priests, f.coins = f.workers + 20, f.priests + 5, f.coins + 20
    g = play(g, "fakirs: dig 3. build C4")
    assert g.rows[-1].totals[:7] == (30, 33, 16, 4, 4, 8, 0)


def test_an_offer_that_gives_nothing_is_still_answered_with_a_row():
    """E.5: with every token in bowl III an adjacent trading house still makes an offer; ``leech 1 from
    witches`` is a row with no change (and the Darklings' next action would decline it with no row)."""
    g = new_game(["witches", "darklings"], round_tiles=TILES, removed_bonus=["BON5", "BON6", "BON7", "BON8"])
    g = play(g, "witches: build E9", "darklings: build E10", "darklings: build B3", "witches: build F4",
             "darklings: pass BON1", "witches: pass BON4")
    g.factions["darklings"].bowls = PowerBowls(0, 0, 12)
    g = play(g, "witches: upgrade E9 to TP")
    assert [(o["to"], o["amount"], o["actual"]) for o in g.offers] == [("darklings", 1, 0)]
    before = g.factions["darklings"].totals()
    g = play(g, "darklings: leech 1 from witches")
    assert g.rows[-1].label == "leech 1 from witches" and g.rows[-1].totals == before


@pytest.mark.parametrize(("factions", "removed"), [
    (["witches", "nomads"], ["BON1", "BON1", "BON3", "BON4", "BON5"]),     # a tile twice: 6 would stay
    (["witches", "nomads"], ["BON1", "BON2", "BON3", "BON4", "BON10"]),    # BON10 is not in play without the option
    (["witches", "nomads", "halflings", "darklings", "giants"], []),       # 9 tiles for 5 players
])
def test_a_new_game_keeps_players_plus_three_bonus_tiles(factions, removed):
    """E.7 (randomize): players + 3 bonus tiles stay in play."""
    with pytest.raises(IllegalActionError) as err:
        protocol.new_game(factions, round_tiles=TILES, removed_bonus=removed, options=["strict-leech"])
    assert err.value.code == "bad_setup"
    ok = protocol.new_game(["witches", "nomads"], round_tiles=TILES, removed_bonus=["BON1", "BON2", "BON3", "BON4"],
                           options=["strict-leech"])
    assert len(ok.game.bonus_pool) == 2 + 3


@pytest.mark.parametrize(("options", "order"), [
    ((), ["witches", "darklings", "halflings"]),                         # the seat position is kept
    (("variable-turn-order",), ["witches", "halflings", "darklings"]),   # the dropped faction is last
])
def test_a_faction_dropped_before_passing_keeps_its_place_as_e6_says(options, order):
    """E.6 [run in the notes]: seating W, D, H; D drops in round 1 before passing; W passes first, then H.
    Income rows and round 2 follow the table list rotated to the first passer."""
    g = new_game(["witches", "darklings", "halflings"], options=("strict-leech", *options), round_tiles=TILES,
                 removed_bonus=["BON5", "BON6", "BON7"])
    g = play(g, "witches: build E9", "darklings: build E10", "halflings: build E6", "halflings: build F5",
             "darklings: build B3", "witches: build F4", "halflings: pass BON1", "darklings: pass BON2",
             "witches: pass BON3")
    g = play(g, "darklings: drop-faction", "witches: pass BON4", "halflings: pass BON9")
    assert g.round == 2 and g.order == order
    income = [r.faction for r in g.rows if r.label in ("other_income_for_faction", "")][-3:]
    assert income == order


def test_riverwalkers_choose_a_cult_income_unlock_before_the_other_income():
    """E.4: a priest from cult income (SCORE3: WATER 4 → 1 P) becomes one unlock-terrain choice, made after
    the cult-income rows and before the other income (in_income_terrain_unlock). The reference engine, fed the
    same rows (``riverwalkers: +4WATER`` under loose-adjust-resource), wrote cult_income ×2, ``unlock-terrain
    yellow``, other_income ×2."""
    g = new_game(["riverwalkers", "witches"], round_tiles=("SCORE3", "SCORE2", "SCORE1", "SCORE4", "SCORE5", "SCORE6"))
    g = play(g, "riverwalkers: pick-color gray", "riverwalkers: build E7", "witches: build F4", "witches: build E9",
             "riverwalkers: build C5", "witches: pass BON3", "riverwalkers: pass BON6")
    g.factions["riverwalkers"].cult["WATER"] = 4
    g = play(g, "riverwalkers: pass BON1", "witches: pass BON2")
    assert g.factions["riverwalkers"].owed.unlocks == 1
    assert g.rows[-1].label == "cult_income_for_faction" and g.phase != "actions"
    g = play(g, "riverwalkers: unlock-terrain yellow")
    labels = [r.label for r in g.rows[-3:]]
    assert labels == ["unlock-terrain yellow", "other_income_for_faction", "other_income_for_faction"]
    assert g.phase == "actions" and g.round == 2


def test_a_decline_naming_another_amount_is_refused():
    """The reference engine: an offer of 1 from the Witches, ``decline 3 from witches`` → "Invalid decline (3
    from witches)"."""
    g = new_game(["witches", "darklings"], round_tiles=TILES, removed_bonus=["BON5", "BON6", "BON7", "BON8"])
    g = play(g, "witches: build E9", "darklings: build E10", "darklings: build B3", "witches: build F4",
             "darklings: pass BON1", "witches: pass BON4", "witches: upgrade E9 to TP")
    with pytest.raises(IllegalActionError) as err:
        play(g, "darklings: decline 3 from witches")
    assert err.value.code == "no_offer"
    assert play(g, "darklings: decline 1 from witches").offers == []


def test_done_discards_no_cult_income_spade():
    """E.2.4: a cult-income spade is used with ``transform`` or dropped with ``-SPADE``; ``done`` is accepted
    as a row and drops nothing (bot games of seed 1: ``nomads: done`` then the next faction acted, refused
    with "Command invalid when not active player"). Reference rows (option loose-adjust-resource,
    SCORE8 first): W E9/F4, H E6/F5, ``halflings: pass BON1``, ``witches: pass BON3``, ``witches: +2AIR``,
    ``witches: pass BON2``, ``halflings: pass BON4`` → waits for ``transform`` by the witches (air 4: a
    spade); ``witches: done`` → still waits, round 1; ``witches: -SPADE`` → round 2 begins."""
    g = new_game(["witches", "halflings"], options=["strict-leech", "errata-cultist-power"],
                 round_tiles=("SCORE8", *TILES[1:]), removed_bonus=["BON5", "BON6", "BON7", "BON8"])
    g = play(g, "witches: build E9", "halflings: build E6", "halflings: build F5", "witches: build F4",
             "halflings: pass BON1", "witches: pass BON3")
    g.factions["witches"].cult["AIR"] += 2
    g = play(g, "witches: pass BON2", "halflings: pass BON4")
    assert (g.phase, g.factions["witches"].spades) == ("cult_spades", 1)
    g = play(g, "witches: done")
    assert (g.phase, g.factions["witches"].spades) == ("cult_spades", 1)
    with pytest.raises(IllegalActionError):
        apply_action(g, "halflings", "dig 1. transform E7. build E7")
    g = play(g, "witches: -SPADE")
    assert (g.phase, g.round, g.factions["witches"].spades) == ("actions", 2, 0)


@pytest.mark.parametrize(("target", "spades"), [
    ("brown", 1), ("black", 2), ("blue", 3), ("green", 4), ("gray", 5), ("red", 1), ("ice", 1)])
def test_an_ice_factions_picked_terrain_plays_home_for_the_long_way(target, spades):
    """FIRE-ICE-NOTES section 4, kind "transform (icemaidens): Not enough 'SPADE'": the Ice Maidens (picked
    red) on a yellow hex, round 2 of a bot game (seed 1, game 13), with option loose-adjust-resource and
    ``+40W. +40C``: ``dig N. transform F3 to TARGET`` is accepted by the reference with the fewest N below (and
    refused with one less): yellow -> gray and -> green would pass red on the short way, so they go the long
    way round (5 and 4 spades); red itself and ice cost 1."""
    from companion.terra_mystica.terraform import terraform_cost

    assert terraform_cost("icemaidens", "yellow", target, home="red").spades == spades


def test_a_volcano_factions_lone_dig_keeps_the_turn_open():
    """FIRE-ICE-NOTES section 5, move-judgement kind "dig unused: reference accepts, keeps the turn open;
    project refuses" (Dragonlords' ``dig 1`` alone). Reference rows (option fire-and-ice-factions/volcano):
    Dragonlords pick yellow, W E9/F4, D E8/F3, ``dragonlords: pass BON1``, ``witches: pass BON3``,
    ``witches: upgrade E9 to TP``, ``dragonlords: dig 1`` → waits for ``transform`` by the Dragonlords;
    ``witches: pass BON2`` now → "Command invalid when not active player"; ``dragonlords: build E7`` →
    row ``dig 1. build E7``, 20 VP, 15 C, 4 W, 0 P, power 3/4/0."""
    g = new_game(["witches", "dragonlords"], options=["strict-leech", "errata-cultist-power",
                                                      "fire-and-ice-factions/volcano"],
                 round_tiles=TILES, removed_bonus=["BON5", "BON6", "BON7", "BON8"])
    g = play(g, "dragonlords: pick-color yellow", "witches: build E9", "dragonlords: build E8",
             "dragonlords: build F3", "witches: build F4", "dragonlords: pass BON1", "witches: pass BON3",
             "witches: upgrade E9 to TP", "dragonlords: dig 1")
    assert open_turn(g).needs == (("VOLCANO_TF", 1),)
    with pytest.raises(IllegalActionError) as err:
        apply_action(g, "witches", "pass BON2")
    assert err.value.code == "turn_open"
    g = play(g, "dragonlords: build E7")
    assert open_turn(g, "dragonlords").complete and g.colour["E7"] == "volcano"
    assert g.rows[-1].totals[:7] == (20, 15, 4, 0, 3, 4, 0)


def test_the_acolytes_volcano_price_keeps_the_turn_open_until_paid():
    """FIRE-ICE-NOTES section 5, move kind "follow-up left out: reference accepts, keeps the turn open; project
    refuses" (``acolytes: dig 1. build A13`` without the ``-3TRACK``). Reference rows: as the Dragonlords'
    test with the Acolytes; ``acolytes: dig 1``, ``acolytes: build E7`` → waits for ``lose-cult`` by the
    Acolytes and refuses ``witches: pass BON2``; ``acolytes: -3FIRE`` → 20 VP, 15 C, 4 W, cults 0/3/3/3."""
    g = new_game(["witches", "acolytes"], options=["strict-leech", "errata-cultist-power",
                                                   "fire-and-ice-factions/volcano"],
                 round_tiles=TILES, removed_bonus=["BON5", "BON6", "BON7", "BON8"])
    g = play(g, "acolytes: pick-color yellow", "witches: build E9", "acolytes: build E8", "acolytes: build F3",
             "witches: build F4", "acolytes: pass BON1", "witches: pass BON3", "witches: upgrade E9 to TP",
             "acolytes: dig 1. build E7")
    assert open_turn(g).needs == (("LOSE_CULT", 3),)
    with pytest.raises(IllegalActionError) as err:
        apply_action(g, "witches", "pass BON2")
    assert err.value.code == "turn_open"
    g = play(g, "acolytes: -3FIRE")
    assert open_turn(g, "acolytes").complete
    assert g.rows[-1].totals[:4] == (20, 15, 4, 0) and g.factions["acolytes"].cult["FIRE"] == 0
