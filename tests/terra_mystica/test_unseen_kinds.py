"""Kinds of real play the 30 shared league games do not show (task tmaudit).

Rarely seen factions' abilities, checked as a ledger row would reach them, and records the engine cannot
replay faithfully (an option it does not play, an unknown map id), which must fail with a worded error naming
the line. Expected numbers are worked out by hand from the faction boards (data/terra_mystica/factions.json,
the reference engine's data) and RULES-NOTES / FIRE-ICE-NOTES; the sections are named in each test.
"""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from companion.cli import app
from companion.errors import IllegalActionError, RecordError
from companion.terra_mystica.engine import apply_action, new_game, read_record, replay
from companion.terra_mystica.engine.state import SetupError
from companion.terra_mystica.power import PowerBowls

TILES = ["SCORE5", "SCORE2", "SCORE3", "SCORE1", "SCORE4", "SCORE6"]
runner = CliRunner()


def play(game, *rows):
    for row in rows:
        faction, cmd = row.split(":", 1)
        game = apply_action(game, faction.strip(), cmd.strip())
    return game


def opening(faction, first, second, *, third=None, witches_bonus="BON3", bonus="BON1"):
    """``faction`` (dwellings ``first``, ``second`` [, ``third``]) against the Witches (F4, E9), round 1 begun."""
    g = new_game([faction, "witches"], round_tiles=TILES, removed_bonus=["BON6"])
    rows = [f"{faction}: build {first}", "witches: build F4", "witches: build E9", f"{faction}: build {second}"]
    if third:
        rows.append(f"{faction}: build {third}")
    return play(g, *rows, f"witches: pass {witches_bonus}", f"{faction}: pass {bonus}")


def rich(g, name, bowls=(0, 0, 12)):
    f = g.factions[name]
    f.coins, f.workers, f.priests = 40, 20, 5
    f.bowls = PowerBowls(*bowls)


def stronghold(g, name, tp_hex):
    """``name`` builds a trading house then a stronghold on ``tp_hex`` (the Witches pass in between)."""
    g = play(g, f"{name}: upgrade {tp_hex} to TP", "witches: pass BON5", f"{name}: upgrade {tp_hex} to SH")
    return g


# --- rarely seen factions ---------------------------------------------------------------------------

def test_giants_complete_a_single_bonus_spade_by_digging():
    """Giants: every transformation costs exactly 2 spades (factions.json giants.special); BON1 gives one,
    so "action BON1. dig 1. build D5" digs the second at the faction's rate (3 workers) and pays the dwelling."""
    g = opening("giants", "D6", "D4")
    f = g.factions["giants"]
    w, c = f.workers, f.coins
    g = play(g, "giants: action BON1. dig 1. build D5")  # blue -> red: 2 spades for the Giants (3 on the wheel)
    f = g.factions["giants"]
    assert g.colour["D5"] == "red"
    assert (w - f.workers, c - f.coins) == (3 + 1, 2)



def test_giants_get_a_single_cult_bonus_spade_and_discard_it():
    """RULES-NOTES tricky case 10 and RULES-NOTES-D D.4: a round's cult bonus gives the Giants one spade like
    anyone; they cannot use it (always 2 spades), so income waits until they type ``-SPADE`` (a ledger row of
    theirs between the two "Round N income" blocks), and the other income follows."""
    tiles = ["SCORE2", "SCORE5", "SCORE3", "SCORE1", "SCORE4", "SCORE6"]  # round 1: EARTH 4 -> 1 spade
    g = new_game(["giants", "witches"], round_tiles=tiles, removed_bonus=["BON6"])
    g = play(g, "giants: build D6", "witches: build F4", "witches: build E9", "giants: build D4",
             "witches: pass BON3", "giants: pass BON1")
    g.factions["giants"].cult["EARTH"] = 4
    g = play(g, "giants: pass BON2", "witches: pass BON5")
    assert g.phase == "cult_spades" and g.factions["giants"].spades == 1
    with pytest.raises(IllegalActionError) as err:
        play(g, "giants: transform D5")
    assert err.value.code == "not_enough_spades"
    g = play(g, "giants: -SPADE")
    assert g.phase == "actions" and g.factions["giants"].spades == 0
    assert [r.label for r in g.rows[-3:]] == ["-SPADE", "other_income_for_faction", "other_income_for_faction"]


def test_fakirs_carpet_flight_costs_a_priest_and_pays_4_vp():
    """Fakirs: carpet flight over one hex for 1 priest and +4 VP (RULES-NOTES section 3 check_reachable;
    factions.json fakirs.special). Compared with a direct build of the same kind in the same position."""
    g = opening("fakirs", "E8", "F3", witches_bonus="BON3", bonus="BON5")
    rich(g, "fakirs")
    direct = play(g, "fakirs: dig 3. build D5").factions["fakirs"]     # next to E8
    flown = play(g, "fakirs: dig 3. build C4").factions["fakirs"]      # one hex between E8 ... C4
    assert flown.priests == direct.priests - 1
    assert flown.vp == direct.vp + 4
    with pytest.raises(IllegalActionError) as err:
        play(g, "fakirs: dig 2. build E10")  # two hexes away: beyond range 1 without the stronghold
    assert err.value.code == "not_reachable"


def test_alchemists_gain_two_power_per_spade_only_after_their_stronghold():
    """Alchemists: after the stronghold, 2 power for every spade gained (factions.json alchemists.special,
    data key special with enable_if SH); before it, nothing."""
    g = opening("alchemists", "E5", "G5")
    rich(g, "alchemists", bowls=(12, 0, 0))
    before = play(g, "alchemists: action BON1. build E4").factions["alchemists"].bowls
    assert tuple(before) == (12, 0, 0)
    rich(g, "alchemists")
    g = stronghold(g, "alchemists", "E5")
    rich(g, "alchemists", bowls=(12, 0, 0))
    after = play(g, "alchemists: action BON1. build E4").factions["alchemists"].bowls
    assert tuple(after) == (10, 2, 0)


def test_alchemists_trade_vp_and_coins_both_ways():
    """Alchemists: 1 VP -> 1 coin and 2 coins -> 1 VP (factions.json alchemists exchange rates)."""
    g = opening("alchemists", "E5", "G5")
    f = g.factions["alchemists"]
    vp, c = f.vp, f.coins
    g = play(g, "alchemists: convert 1VP to 1C")
    assert (g.factions["alchemists"].vp, g.factions["alchemists"].coins) == (vp - 1, c + 1)
    g = play(g, "alchemists: convert 2C to 1VP")
    assert (g.factions["alchemists"].vp, g.factions["alchemists"].coins) == (vp, c - 1)


def test_halflings_stronghold_spades_score_one_vp_each():
    """Halflings: 1 VP per spade gained, the stronghold's 3 spades included; spades beyond them are dug at
    3 workers and score too (factions.json halflings.special; RULES-NOTES-D D.4 spade-gain specials)."""
    g = opening("halflings", "E6", "F5")
    rich(g, "halflings")
    g = play(g, "halflings: upgrade F5 to TP", "witches: pass BON5")
    vp = g.factions["halflings"].vp
    g = play(g, "halflings: upgrade F5 to SH")
    f = g.factions["halflings"]
    assert f.spades == 3 and f.vp == vp + 3
    w = f.workers
    # black -> brown 1, yellow -> brown 1, the third declined: the stronghold gives no dig (RULES-NOTES-E E.2.1)
    g = play(g, "halflings: transform E5. transform G4. -SPADE")
    f = g.factions["halflings"]
    assert [g.colour[h] for h in ("E5", "G4")] == ["brown"] * 2
    assert f.spades == 0 and f.workers == w and f.vp == vp + 3


def test_nomads_sandstorm_transforms_for_free_and_builds_at_dwelling_cost():
    """Nomads: stronghold action (ACTN) turns a directly adjacent hex into desert without spades; the
    dwelling still costs its price (factions.json nomads.special; RULES-NOTES section 3)."""
    g = opening("nomads", "E8", "F3", third="G4")
    rich(g, "nomads")
    g = stronghold(g, "nomads", "E8")
    g = play(g, "nomads: pass BON2")
    assert g.round == 2
    g = play(g, "witches: pass BON3")
    rich(g, "nomads")
    g = play(g, "nomads: action ACTN. build E7")  # gray, next to E8
    f = g.factions["nomads"]
    assert g.colour["E7"] == "yellow" and (f.coins, f.workers) == (40 - 2, 20 - 1)


def test_swarmlings_stronghold_action_upgrades_for_free():
    """Swarmlings: stronghold action (ACTS) upgrades a dwelling to a trading house for free
    (factions.json swarmlings.special)."""
    g = opening("swarmlings", "E4", "D2")
    rich(g, "swarmlings")
    g = stronghold(g, "swarmlings", "E4")
    g = play(g, "swarmlings: pass BON2", "witches: pass BON3")
    rich(g, "swarmlings")
    g = play(g, "swarmlings: action ACTS. upgrade D2 to TP")
    f = g.factions["swarmlings"]
    assert f.hexes["D2"] == "TP" and (f.coins, f.workers) == (40, 20)


# --- records the engine cannot replay faithfully -----------------------------------------------------

LOG = """option strict-leech
{extra}Round 1 scoring: SCORE5, D >> 2
Round 2 scoring: SCORE2, TOWN >> 5
Round 3 scoring: SCORE3, D >> 2
Round 4 scoring: SCORE1, SPADE >> 2
Round 5 scoring: SCORE4, SA/SH >> 5
Round 6 scoring: SCORE6, TP >> 3
Removing tile BON6
setup halflings
setup witches
halflings: build E6
witches: build F4
witches: build E9
halflings: build F5
"""


def test_fire_and_ice_option_rows_with_a_slash_are_read():
    """FIRE-ICE-NOTES section 1: every Fire & Ice game's header has rows such as
    ``option fire-and-ice-factions/ice``; the slash is part of the option's name."""
    text = LOG.format(extra="option fire-and-ice-factions/ice\noption fire-and-ice-factions/volcano\n"
                            "option fire-and-ice-factions/variable_v5\n")
    record = read_record(text)
    assert {"fire-and-ice-factions/ice", "fire-and-ice-factions/volcano",
            "fire-and-ice-factions/variable_v5"} <= record.setup.options
    assert replay(record).game.factions["witches"].buildings["D"] == 2


def test_an_older_shapeshifter_riverwalker_option_is_refused_naming_its_line():
    """FIRE-ICE-NOTES section 1: ``fire-and-ice-factions/variable`` .. ``_v4`` load older faction data the
    engine does not have; every row of those factions would differ, so the record is refused at the option's
    line, naming it and the form the engine plays."""
    option = "fire-and-ice-factions/variable_v4"
    with pytest.raises(RecordError) as err:
        read_record(LOG.format(extra=f"option {option}\n"), file="game.txt")
    assert err.value.line == 2 and err.value.file == "game.txt"
    assert option in str(err.value) and "variable_v5" in str(err.value)


@pytest.mark.parametrize("option", ["merge-income-phases", "loose-bridge-adjacency"])
def test_an_unknown_option_is_replayed_without_and_named(option):
    """An option the engine does not know is not a reason to refuse a real game: most options change
    nothing in most games (email-notify changes nothing in any), so the game is replayed without it, the
    result names it (``options_not_played``, in the JSON too) and any row it did change shows as a
    difference. A new game (the user chooses its options) still refuses it by name."""
    record = read_record(LOG.format(extra=f"option {option}\n"))
    assert option not in record.setup.options and record.options_not_played == (option,)
    result = replay(record)
    assert result.options_not_played == [option] and result.as_json()["options_not_played"] == [option]
    assert result.game.factions["witches"].buildings["D"] == 2 and result.error is None
    with pytest.raises(SetupError) as err:
        new_game(["halflings", "witches"], options=[option], round_tiles=TILES)
    assert err.value.field == "options" and option in str(err.value)


def test_an_unknown_map_id_names_the_map_line():
    """FIRE-ICE-NOTES section 8: the ``map`` row only records the map's id; an id the engine does not ship
    cannot be replayed, and the error names the row and what was expected."""
    text = LOG.format(extra="map 0123456789abcdef0123456789abcdef01234567\n")
    with pytest.raises(RecordError) as err:
        replay(text)
    assert err.value.line == 2
    assert "0123456789abcdef0123456789abcdef01234567" in str(err.value) and "map id" in str(err.value)


def test_cli_unknown_map_or_old_variant_exits_2_naming_file_and_line(tmp_path):
    for extra in ("map 0123456789abcdef0123456789abcdef01234567\n", "option fire-and-ice-factions/variable\n"):
        path = tmp_path / "game.txt"
        path.write_text(LOG.format(extra=extra), encoding="utf-8")
        res = runner.invoke(app, ["tm", "replay", str(path)])
        assert res.exit_code == 2
        assert str(path) in res.stderr and "line 2" in res.stderr and "Traceback" not in res.stderr


def test_cli_names_an_option_it_replayed_without(tmp_path):
    path = tmp_path / "game.txt"
    path.write_text(LOG.format(extra="option loose-bridge-adjacency\n"), encoding="utf-8")
    res = runner.invoke(app, ["tm", "replay", str(path)])
    assert res.exit_code == 0, res.output
    assert "loose-bridge-adjacency" in res.output and "without" in res.output


def test_a_refusal_names_its_rule_once():
    """A refusal raised by the map or town code and passed on by the engine names its rule once."""
    g = opening("engineers", "E7", "F6")
    rich(g, "engineers")
    with pytest.raises(IllegalActionError) as err:
        play(g, "engineers: action ACTE. bridge F6:G4")  # not a bridge spot (RULES-NOTES appendix B)
    assert err.value.code == "not_a_bridge_spot"
    assert str(err.value).count("(rule:") == 1


@pytest.mark.parametrize("line", ["Scoring building-on-edge", "Scoring connected-sa-sh-distance",
                                  "randomize v2 seed 4pLeague_S70_D1L1_G1"])
def test_fire_and_ice_section_lines_and_new_randomize_rows_are_read(line):
    """FIRE-ICE-NOTES section 8: the ledger heads the final-scoring tile's rows with ``Scoring <tile>`` (before
    the cult rows); section 1: new games are set up with ``randomize v2 seed <id>``. Neither changes play."""
    plain = read_record(LOG.format(extra=""))
    record = read_record(LOG.format(extra="") + line + "\n")
    assert record.rows == plain.rows and record.setup == plain.setup


def test_a_game_from_another_map_says_it_was_replayed_on_the_base_map():
    """RULES-NOTES appendix A: a ledger export names no map, so a game played on another map meets the base
    map's terrain at its first initial dwelling; the refusal says so and how to name the map."""
    text = LOG.format(extra="").replace("halflings: build E6", "halflings: build E7")  # mountains on the base map
    with pytest.raises(IllegalActionError) as err:
        replay(text)
    assert err.value.code == "not_home_terrain" and err.value.line == 11
    assert "--map" in str(err.value) and "base map" in str(err.value)
    with pytest.raises(IllegalActionError) as err:
        replay(LOG.format(extra="map base\n").replace("halflings: build E6", "halflings: build E7"))
    assert "--map" not in str(err.value)  # the record named its map: no guess about another one


def _darklings_with_stronghold(options=None):
    g = new_game(["darklings", "witches"], round_tiles=TILES, removed_bonus=["BON6"],
                 **({} if options is None else {"options": options}))
    g = play(g, "darklings: build E5", "witches: build F4", "witches: build E9", "darklings: build G5",
             "witches: pass BON3", "darklings: pass BON1")
    rich(g, "darklings")
    g.factions["darklings"].priests = 0
    return play(g, "darklings: upgrade E5 to TP", "witches: pass BON5")


def test_darklings_stronghold_right_is_used_up_by_the_first_convert_of_any_kind():
    """RULES-NOTES-D D.2 (Darklings.pm, command_convert): after the stronghold the first convert of any kind
    uses the right up: workers to priests 1:1, at most 3, once."""
    g = _darklings_with_stronghold()
    w = g.factions["darklings"].workers
    ok = play(g, "darklings: upgrade E5 to SH. convert 3W to 3P").factions["darklings"]
    assert (ok.priests, ok.workers) == (3, w - 4 - 3)  # the stronghold costs 4 workers
    for row in ("darklings: upgrade E5 to SH. convert 1PW to 1C. convert 1W to 1P",
                "darklings: upgrade E5 to SH. convert 1W to 1P. convert 1W to 1P",
                "darklings: upgrade E5 to SH. convert 4W to 4P"):
        with pytest.raises(IllegalActionError) as err:
            play(g, row)
        assert err.value.code == "bad_conversion"


def test_without_strict_darkling_sh_the_right_waits_for_the_first_convert():
    """Without option strict-darkling-sh the Darklings may convert in a later turn (RULES-NOTES appendix C);
    the right still goes with that first convert (RULES-NOTES-D D.2)."""
    options = ["strict-leech", "errata-cultist-power"]
    g = play(_darklings_with_stronghold(options), "darklings: upgrade E5 to SH")
    g = play(g, "darklings: convert 2W to 2P")
    assert g.factions["darklings"].priests == 2
    with pytest.raises(IllegalActionError) as err:
        play(g, "darklings: convert 1W to 1P")
    assert err.value.code == "bad_conversion"


def test_strict_darkling_sh_convert_may_follow_in_a_later_row_of_the_same_turn():
    """RULES-NOTES-D D.2 / D.6: under strict-darkling-sh the Darklings' turn does not close before the
    stronghold's convert, so a row of theirs after the stronghold row (e.g. after others answered the power
    offer) still converts 1:1; once another action has been taken the right is gone."""
    g = play(_darklings_with_stronghold(), "darklings: upgrade E5 to SH")
    later = play(g, "darklings: convert 3W to 3P").factions["darklings"]
    assert later.priests == 3
    assert g.turn_complete() is False  # the turn is open until the convert (RULES-NOTES-E E.2.2)
    g = play(g, "darklings: -3CONVERT_W_TO_P")  # waived: the turn is complete
    assert g.turn_complete()
    with pytest.raises(IllegalActionError) as err:
        play(g, "darklings: convert 1W to 1P. pass BON2")
    assert err.value.code == "bad_conversion"


def _witches_with_stronghold_in_round_2():
    """The Witches (stronghold on E9) and the Halflings in round 2; the Halflings moved first, the Witches are
    due."""
    g = new_game(["witches", "halflings"], round_tiles=TILES, removed_bonus=["BON6"])
    g = play(g, "witches: build F4", "halflings: build E6", "halflings: build F5", "witches: build E9",
             "halflings: pass BON3", "witches: pass BON1")
    rich(g, "witches")
    g = play(g, "witches: upgrade E9 to TP", "halflings: decline", "halflings: pass BON5",
             "witches: upgrade E9 to SH", "halflings: decline", "witches: pass BON2")
    rich(g, "witches")
    rich(g, "halflings")
    g = play(g, "halflings: action ACT4")
    assert g.round == 2 and g.expected_turn() == "witches"
    return g


def test_a_free_build_of_a_stronghold_action_may_follow_in_the_next_row():
    """RULES-NOTES-D D.6: the turn stays open until the action's follow-up is used, so a player may send
    "action ACTW" and then "build A10" as a row of its own (as with the spades of ACT5 / ACT6); the ride's
    dwelling is free and needs no reach. A new action instead loses the unused follow-up."""
    g = play(_witches_with_stronghold_in_round_2(), "witches: action ACTW")
    assert g.expected_turn() == "witches"  # the turn is open (RULES-NOTES-E E.2)
    split = play(g, "witches: build A10").factions["witches"]
    assert split.hexes["A10"] == "D" and (split.coins, split.workers) == (40, 20)
    with pytest.raises(IllegalActionError) as err:  # the turn stays open (RULES-NOTES-E E.2)
        play(g, "halflings: pass BON1")
    assert err.value.code == "turn_open" and "-FREE_D" in str(err.value)
    g = play(g, "witches: -FREE_D", "halflings: pass BON1")  # declined: the turn closes
    assert g.factions["witches"].owed.free_dwelling == 0


def test_out_of_turn_refusal_names_both_factions_without_a_possessive():
    """Faction names are plural ("the Halflings"): no "Halflings's" (COMMON.md, English first)."""
    g = play(_witches_with_stronghold_in_round_2(), "witches: action ACTW")
    with pytest.raises(IllegalActionError) as err:
        play(g, "halflings: action ACT3")
    assert err.value.code == "turn_open"
    assert "Witches" in str(err.value) and "Halflings" in str(err.value) and "'s" not in str(err.value)
