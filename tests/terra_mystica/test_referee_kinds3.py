"""Kinds of disagreement with the reference engine found by the differential benchmark at scale (issue 19,
items 1 and 6; ``benchmarks/tm_reference.py --games 500``), each a small hand-made case.

Each kind has a plain engine test (the rule, no Perl) and, where Perl and the reference engine are present, the
same rows judged by the reference through :mod:`tests.terra_mystica.oracle` (skipped with a message otherwise):
the reference's verdict is the independent answer. Hand-set resources are given to the reference with option
``loose-adjust-resource`` (``dwarves: +12PW``).
"""

from __future__ import annotations

import pytest

from companion.errors import IllegalActionError
from companion.terra_mystica.engine import legal_actions, new_game
from companion.terra_mystica.engine.rows import command_rows
from tests.terra_mystica.test_referee_kinds import TILES, play


def judge(g, adjust: list[str], row: str):
    """The reference's verdict on ``row`` (one sub-command a line) typed after ``g``'s rows and ``adjust``."""
    from tests.terra_mystica.oracle import Oracle, require_oracle

    require_oracle()
    lines = command_rows(g).splitlines()
    text = "\n".join([lines[0], "option loose-adjust-resource", *lines[1:], *adjust]) + "\n"
    faction = row.split(":", 1)[0]
    text += "".join(f"{faction}: {sub.strip()}\n" for sub in row.split(":", 1)[1].split("."))
    with Oracle() as oracle:
        return oracle.judge(text)


# ------------------------------------------------------------------- one tunnel / carpet flight per turn


def _dwarves_round_1():
    """Dwarves E7/F6 against the Witches E9/F4, round 1; the Dwarves then gain 12 power (bowls 0/5/7)."""
    g = new_game(["dwarves", "witches"], round_tiles=TILES, removed_bonus=["BON5", "BON6", "BON7", "BON8"])
    g = play(g, "dwarves: build E7", "witches: build E9", "witches: build F4", "dwarves: build F6",
             "witches: pass BON1", "dwarves: pass BON2")
    before = g.copy()
    g.factions["dwarves"].bowls = g.factions["dwarves"].bowls.gained(12)
    return before, g


# C3 and D7 are green / red, one hex beyond the Dwarves' buildings (tunnelling), one spade each; D4 is a
# neighbour of E7 needing one spade too
TWO_TUNNELS = "dwarves: action ACT6. transform C3. transform D7"
ONE_TUNNEL = "dwarves: action ACT6. transform C3. transform D4"


def test_a_second_tunnel_in_one_turn_is_refused():
    """RULES-NOTES tricky case 8 (one tunnel / carpet flight per action): ACT6's two spades on two hexes each
    reached by tunnelling (bot game seed 7 / 9, 5 players, greedy) — the second transform is refused."""
    _before, g = _dwarves_round_1()
    assert g.reach(g.factions["dwarves"], "C3") == g.reach(g.factions["dwarves"], "D7") == "jump"
    with pytest.raises(IllegalActionError) as err:
        play(g, TWO_TUNNELS)
    assert err.value.code == "teleport_twice"
    after = play(g, ONE_TUNNEL)
    assert after.colour["C3"] == after.colour["D4"] == "gray"
    assert after.factions["dwarves"].workers == g.factions["dwarves"].workers - 2   # one tunnel: 2 W
    moves = legal_actions(g, "dwarves")
    assert TWO_TUNNELS.split(": ")[1] not in moves and ONE_TUNNEL.split(": ")[1] in moves


def test_the_reference_refuses_a_second_tunnel_in_one_turn():
    before, _g = _dwarves_round_1()
    v = judge(before, ["dwarves: +12PW"], TWO_TUNNELS)
    assert not v.accepted and "tunnel / carpet flight multiple times" in v.error
    assert judge(before, ["dwarves: +12PW"], ONE_TUNNEL).accepted


# ------------------------------------------------------------------- a bonus tile named when passing in round 6


def _round_6():
    """Witches E9/F4 and Darklings E10/B3; both pass through rounds 1-5 (swapping BON1 / BON2 with BON3 / BON4)."""
    g = new_game(["witches", "darklings"], round_tiles=TILES, removed_bonus=["BON5", "BON6", "BON7", "BON8"])
    g = play(g, "witches: build E9", "darklings: build E10", "darklings: build B3", "witches: build F4",
             "darklings: pass BON1", "witches: pass BON2")
    for r in range(1, 6):
        w, d = ("BON3", "BON4") if r % 2 else ("BON1", "BON2")
        first, second = ("witches", "darklings") if g.expected_turn() == "witches" else ("darklings", "witches")
        picks = {"witches": w, "darklings": d}
        g = play(g, f"{first}: pass {picks[first]}", f"{second}: pass {picks[second]}")
    assert g.round == 6
    return g


def test_a_tile_named_when_passing_in_round_6_is_ignored():
    """The rulebook takes no bonus tile in round 6; the reference engine accepts ``pass BON3`` there with a warning
    and takes nothing (bot games seed 7 / 13 and 34: ``pass BON3``, ``pass BON5`` refused by this engine only)."""
    g = _round_6()
    name = g.expected_turn()
    f = g.factions[name]
    after = play(g, f"{name}: pass {sorted(g.bonus_pool)[0]}")
    a = after.factions[name]
    assert a.passed and (a.coins, a.bonus, after.bonus_pool) == (f.coins, f.bonus, g.bonus_pool)
    assert a.vp == play(g, f"{name}: pass").factions[name].vp


def test_the_reference_ignores_a_tile_named_when_passing_in_round_6():
    g = _round_6()
    name = g.expected_turn()
    tile = sorted(g.bonus_pool)[0]
    v = judge(g, [], f"{name}: pass {tile}")
    assert v.accepted, v.error
    plain = judge(g, [], f"{name}: pass")
    assert v.rows[-1].totals == plain.rows[-1].totals   # nothing gained from the tile


# ------------------------------------------------------------------- the build of an action that transformed to another colour


def _witches_e7_green():
    """Witches E9/F4 against the Darklings E10/B3, round 1: the witches made E7 green (``dig 1. transform E7``),
    the darklings sent a priest; the witches to act, then given 10 workers."""
    g = new_game(["witches", "darklings"], round_tiles=TILES, removed_bonus=["BON5", "BON6", "BON7", "BON8"])
    g = play(g, "witches: build E9", "darklings: build E10", "darklings: build B3", "witches: build F4",
             "darklings: pass BON1", "witches: pass BON2", "witches: dig 1. transform E7", "darklings: send p to WATER")
    before = g.copy()
    g.factions["witches"].workers += 10
    return before, g


OTHER_COLOUR_THEN_BUILD = "witches: dig 1. transform F6 to red. build E7"
HOME_THEN_BUILD_ELSEWHERE = "witches: dig 1. transform F6. build E7"


def test_a_transform_to_another_colour_leaves_the_build_free_to_go_elsewhere():
    """The reference ties an action's build to the hexes it transformed to the home colour only; after a transform
    to another colour the build may go on any home-coloured hex (bot game seed 7 / 37: the Yetis' ``dig 1.
    transform B3 to brown. build E10``). After a home transform it must be on that hex (E.1.2)."""
    _before, g = _witches_e7_green()
    after = play(g, OTHER_COLOUR_THEN_BUILD)
    assert (after.colour["F6"], after.townstate.buildings["E7"][1]) == ("red", "D")
    with pytest.raises(IllegalActionError) as err:
        play(g, HOME_THEN_BUILD_ELSEWHERE)
    assert err.value.code == "multiple_actions"


def test_the_reference_lets_the_build_go_elsewhere_after_a_transform_to_another_colour():
    before, _g = _witches_e7_green()
    v = judge(before, ["witches: +10W"], OTHER_COLOUR_THEN_BUILD)
    assert v.accepted, v.error
    assert not judge(before, ["witches: +10W"], HOME_THEN_BUILD_ELSEWHERE).accepted


# ------------------------------------------------------------------- a chained turn starts a new action


def _dragonlords(witches_pass: bool):
    """The Dragonlords (picked yellow) E8/F3 against the Witches E9/F4; round 1: the witches upgrade E9, the
    Dragonlords make E7 a volcano; with ``witches_pass`` the witches pass, so the Dragonlords are the last
    unpassed faction and chain their turns (RULES-NOTES-E E.1.3); else the witches upgrade F4."""
    g = new_game(["witches", "dragonlords"], options=["strict-leech", "errata-cultist-power",
                                                      "fire-and-ice-factions/volcano"],
                 round_tiles=TILES, removed_bonus=["BON5", "BON6", "BON7", "BON8"])
    return play(g, "dragonlords: pick-color yellow", "witches: build E9", "dragonlords: build E8",
                "dragonlords: build F3", "witches: build F4", "dragonlords: pass BON1", "witches: pass BON3",
                "witches: upgrade E9 to TP", "dragonlords: dig 1. transform E7",
                "witches: pass BON2" if witches_pass else "witches: upgrade F4 to TP")


TWO_VOLCANOES = "dragonlords: dig 1. transform E6. dig 1. transform D5"


def test_a_chained_turn_may_dig_a_second_volcano():
    """A volcano faction makes one volcano per action (FIRE-ICE-NOTES section 5), but the last unpassed faction's
    second ``dig 1`` chains a new turn, a new action (bot game seed 1 / 4: the Dragonlords' ``dig 1. transform
    I10. dig 1. transform D8``, refused by this engine only); two rows, a token each."""
    g = _dragonlords(witches_pass=True)
    tokens = sum(g.factions["dragonlords"].bowls)
    after = play(g, TWO_VOLCANOES)
    assert after.colour["E6"] == after.colour["D5"] == "volcano"
    assert [r.label for r in after.rows[-2:]] == ["dig 1. transform E6", "dig 1. transform D5"]
    assert sum(after.factions["dragonlords"].bowls) == tokens - 2
    with pytest.raises(IllegalActionError) as err:   # an opponent still to act: one action per turn
        play(_dragonlords(witches_pass=False), TWO_VOLCANOES)
    assert err.value.code == "multiple_actions"


def test_the_reference_chains_a_second_volcano_only_for_the_last_unpassed_faction():
    v = judge(_dragonlords(witches_pass=True), [], TWO_VOLCANOES)
    assert v.accepted, v.error
    assert [r.commands for r in v.rows[-2:]] == ["dig 1. transform E6", "dig 1. transform D5"]
    assert not judge(_dragonlords(witches_pass=False), [], TWO_VOLCANOES).accepted


# ------------------------------------------------------------------- a bare decline with no offer waiting


def _opening():
    g = new_game(["witches", "darklings"], round_tiles=TILES, removed_bonus=["BON5", "BON6", "BON7", "BON8"])
    return play(g, "witches: build E9", "darklings: build E10", "darklings: build B3", "witches: build F4",
                "darklings: pass BON1", "witches: pass BON2")


def test_a_bare_decline_with_no_offer_is_a_row_that_changes_nothing():
    """``decline`` alone declines every waiting offer (RULES-NOTES-D D.1); with none it is a row that changes
    nothing, and the turn is still the witches' (bot game seed 1 / 19: the Alchemists' ``decline``)."""
    g = _opening()
    before = g.factions["darklings"].totals()
    after = play(g, "darklings: decline")
    assert after.rows[-1].label == "decline" and after.rows[-1].totals == before
    assert after.expected_turn() == "witches"
    with pytest.raises(IllegalActionError) as err:   # naming an offer that does not exist is refused
        play(g, "darklings: decline 1 from witches")
    assert err.value.code == "no_offer"


def test_the_reference_accepts_a_bare_decline_with_no_offer():
    g = _opening()
    v = judge(g, [], "darklings: decline")
    assert v.accepted, v.error
    assert v.rows[-1].commands == "decline" and v.rows[-1].totals == g.factions["darklings"].totals()
    assert ("full", "witches") in v.action_required
    assert not judge(g, [], "darklings: decline 1 from witches").accepted


# ------------------------------------------------------------------- a documented choice: nothing after the game's end


def test_a_row_going_on_after_the_games_end_is_refused():
    """A documented choice: the last pass of round 6 ends the game; anything after it in the row (``pass.
    pass``, ``pass. action ACTC``) is refused here (``multiple_actions``), and a later row with ``game_over``.
    The reference engine's driver reads no line after the final pass, so it "accepts" whatever follows, even
    nonsense (bot games seed 1 / 7, 11, 15; see ``tests/terra_mystica/reference_diff.GAME_OVER``)."""
    g = _round_6()
    first = g.expected_turn()
    g = play(g, f"{first}: pass")
    last = g.expected_turn()
    with pytest.raises(IllegalActionError) as err:
        play(g, f"{last}: pass. pass")
    assert err.value.code == "multiple_actions"
    over = play(g, f"{last}: pass")
    assert over.phase == "over"
    with pytest.raises(IllegalActionError) as err:
        play(over, f"{last}: pass")
    assert err.value.code == "game_over"


def test_the_reference_ignores_every_line_after_the_games_end():
    g = _round_6()
    first = g.expected_turn()
    g = play(g, f"{first}: pass")
    last = g.expected_turn()
    v = judge(g, [], f"{last}: pass. pass. build Z99")
    assert v.accepted and v.finished and v.action_required == [("gameover", None)]


# ------------------------------------------------------------------- no carpet flight / tunnel for cult-income spades


def _fakirs_cult_spade(*, after_income: bool):
    """Fakirs E8/F3 against the Witches F4/E9, SCORE8 in round 1 (4 air: a spade); the Fakirs given 3 air steps
    (air 4). ``after_income``: both passed, the Fakirs hold the cult-income spade; else round 1 has begun."""
    g = new_game(["fakirs", "witches"], options=["strict-leech", "errata-cultist-power"],
                 round_tiles=("SCORE8", *TILES[1:]), removed_bonus=["BON5", "BON6", "BON7", "BON8"])
    g = play(g, "fakirs: build E8", "witches: build F4", "witches: build E9", "fakirs: build F3",
             "witches: pass BON1", "fakirs: pass BON3")
    before = g.copy()
    g.factions["fakirs"].cult["AIR"] += 3
    if after_income:
        g = play(g, "fakirs: pass BON4", "witches: pass BON2")
    return before, g


def test_cult_income_spades_cannot_use_the_carpet_flight():
    """RULES-NOTES-D D.4: between rounds no tunnel / carpet flight (nor BON4 range); D4 is a carpet flight away
    from the Fakirs' E8 / F3 (bot game seed 1 / 375: ``fakirs: transform D7`` refused by the reference with
    "fakirs can't reach D7")."""
    _before, g = _fakirs_cult_spade(after_income=False)
    assert g.reach(g.factions["fakirs"], "D4") == "jump"          # in a turn: the carpet flight
    _before, g = _fakirs_cult_spade(after_income=True)
    f = g.factions["fakirs"]
    assert (g.phase, f.spades, f.cult_spade) == ("cult_spades", 1, True)
    assert g.reach(f, "D4") is None
    with pytest.raises(IllegalActionError) as err:
        play(g, "fakirs: transform D4")
    assert err.value.code == "not_reachable"
    assert "transform D4" not in legal_actions(g, "fakirs")


def test_the_reference_refuses_the_carpet_flight_for_cult_income_spades():
    before, _g = _fakirs_cult_spade(after_income=False)
    rows = ["fakirs: +3AIR", "fakirs: pass BON4", "witches: pass BON2"]
    v = judge(before, rows, "fakirs: transform D4")
    assert not v.accepted and "can't reach D4" in v.error
    assert ("transform", "fakirs") in judge(before, rows[:-1], "witches: pass BON2").action_required
