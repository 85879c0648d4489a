"""Kinds of complete moves the move generator lists since issue 19.3's fourth step, each in a small hand-made
position: the row is listed by :func:`legal_moves`, and (with Perl and the reference engine present; skipped with
a message otherwise) the reference engine accepts it, the independent answer. Each kind has a near-miss that
must not be listed. Kinds by how often the 30 league games use them (``benchmarks/tm_movegen_coverage.py``):
a town founded by FAV5 (about 35 rows), the Chaos Magicians' two favour tiles (about 23), cult-income spades
on two hexes (26), a town founded by a bridge (9).

Resources are set by hand in this engine and given to the reference with option ``loose-adjust-resource``
(``witches: +40C``), right after the setup.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.terra_mystica.engine import new_game
from companion.terra_mystica.engine.moves import legal_moves
from companion.terra_mystica.engine.rows import command_rows
from tests.terra_mystica.test_referee_kinds import TILES, play

# Witches' setup dwellings G3 and F4 face each other across a river (a bridge spot); H4 (blue, next to G3)
# and E7 (gray, next to F4) are one spade from forest. The Chaos Magicians start on D4 (wasteland).
SETUP = ("witches: build G3", "witches: build F4", "chaosmagicians: build D4",
         "chaosmagicians: pass BON1", "witches: pass BON2")
PLENTY = {"C": 40, "W": 20, "P": 3, "PW": 12}


@dataclass
class Position:
    """A game and the reference's rows that lead to it (one sub-command a line)."""

    game: object
    lines: list

    def then(self, *rows: str) -> Position:
        return Position(play(self.game, *rows), self.lines + _one_a_line(rows))

    def listed(self, faction: str) -> list[str]:
        return legal_moves(self.game, faction)

    def judge(self, row: str):
        """The reference's verdict on ``row`` typed here."""
        from tests.terra_mystica.oracle import Oracle, require_oracle

        require_oracle()
        with Oracle() as oracle:
            return oracle.judge("\n".join(self.lines + _one_a_line([row])) + "\n")


def _one_a_line(rows) -> list[str]:
    """Rows as the reference driver reads them, one sub-command a line."""
    lines = []
    for row in rows:
        faction, cmd = row.split(":", 1)
        lines += [f"{faction}: {sub.strip()}" for sub in cmd.split(".")]
    return lines


def _still_open(verdict, faction: str) -> list[str]:
    """What the reference still waits for from ``faction`` besides its next full action (power offers to
    the others apart): [] when the move left nothing open."""
    return [kind for kind, who in verdict.action_required if who == faction and kind != "full"]


def _listed_and_accepted(pos: Position, row: str) -> None:
    """``row`` (``faction: move``) is a listed move, and the reference accepts it and waits for nothing
    more from the faction."""
    faction, move = row.split(": ", 1)
    assert move in pos.listed(faction)
    verdict = pos.judge(row)
    assert verdict.accepted, verdict.error
    assert _still_open(verdict, faction) == []


def _unlisted_and_refused(pos: Position, row: str, unlisted) -> None:
    """No listed move of ``row``'s faction meets ``unlisted(move)``, and the reference refuses ``row``."""
    faction = row.split(": ", 1)[0]
    assert not [m for m in pos.listed(faction) if unlisted(m)]
    assert not pos.judge(row).accepted


def _start(factions=("witches", "chaosmagicians"), setup=SETUP, round_tiles=TILES, **plenty: dict) -> Position:
    """The game after ``setup``, with ``plenty`` resources (``{"C", "W", "P", "PW"}``) given to each named
    faction."""
    g = play(new_game(list(factions), round_tiles=round_tiles, removed_bonus=["BON5", "BON6", "BON7", "BON8"]),
             *setup)
    rows = command_rows(g).splitlines()
    lines = [rows[0], "option loose-adjust-resource", *rows[1:]]
    for faction, res in plenty.items():
        f = g.factions[faction]
        f.coins, f.workers, f.priests = f.coins + res["C"], f.workers + res["W"], f.priests + res["P"]
        f.bowls = f.bowls.gained(res["PW"])
        lines += [f"{faction}: +{res[k]}{k}" for k in ("C", "W", "P", "PW") if res[k]]
    return Position(g, lines)


def _witches_groups(f4_trading_house: bool) -> Position:
    """Witches' trading houses on G3 and H4 (one group, 4 power) and F4 (a trading house or a dwelling) with
    a dwelling on E7 (the other group, 3 or 2 power); the Chaos Magicians have passed."""
    pos = _start(witches=PLENTY).then("witches: dig 1. build H4", "chaosmagicians: pass BON3",
                                      "witches: dig 1. build E7", "witches: upgrade G3 to TP",
                                      "witches: upgrade H4 to TP")
    return pos.then("witches: upgrade F4 to TP") if f4_trading_house else pos


# ------------------------------------------------------------------------------------ a town by a bridge


def test_a_bridge_that_joins_two_groups_into_a_town_comes_with_its_tile():
    """RULES-NOTES section 4: a bridge joins G3+H4 (4 power) and F4+E7 (3 power) into 7 power, 4 buildings —
    the town is founded by ``action ACT1`` itself, so the move carries the tile."""
    pos = _witches_groups(f4_trading_house=True)
    moves = pos.listed("witches")
    town = [m for m in moves if m.startswith("action ACT1. bridge F4:G3")]
    assert "action ACT1. bridge F4:G3. +TW1" in town and "action ACT1. bridge F4:G3" not in town
    # any tile, or none (RULES-NOTES-E E.2: the tile may be declined)
    assert {m.rsplit(". ", 1)[1] for m in town} == {f"+{tid}" for tid in pos.game.town_pool} | {"-GAIN_TW"}
    verdict = pos.judge("witches: action ACT1. bridge F4:G3. +TW1")
    assert verdict.accepted, verdict.error
    assert _still_open(verdict, "witches") == []


def test_a_bridge_that_founds_no_town_takes_no_tile():
    """Near-miss: with a dwelling on F4 the joined group has 6 power, no town: no ``+TWn`` after the bridge."""
    pos = _witches_groups(f4_trading_house=False)
    moves = pos.listed("witches")
    assert "action ACT1. bridge F4:G3" in moves
    assert not [m for m in moves if m.startswith("action ACT1. bridge F4:G3.")]


# ------------------------------------------------------------------------------------ a town by FAV5


def _six_power_group() -> Position:
    """The two groups joined by a bridge into 6 power (G3 TP, H4 TP, F4 D, E7 D): a town with FAV5 only."""
    return _witches_groups(f4_trading_house=False).then("witches: action ACT1. bridge F4:G3")


def test_fav5_founds_the_six_power_town_in_the_same_move():
    """RULES-NOTES section 4, tricky case 4: the temple's favour tile FAV5 lowers the town to 6 power, so the
    6-power group becomes a town at once: ``upgrade H4 to TE. +FAV5. +TWn`` is one move."""
    pos = _six_power_group()
    moves = pos.listed("witches")
    assert "upgrade H4 to TE. +FAV5. +TW2" in moves
    assert "upgrade H4 to TE. +FAV5" not in moves
    verdict = pos.judge("witches: upgrade H4 to TE. +FAV5. +TW2")
    assert verdict.accepted, verdict.error
    assert _still_open(verdict, "witches") == []


def test_another_favour_tile_founds_no_town():
    """Near-miss: FAV6 leaves the town at 7 power, so no tile follows it."""
    moves = _six_power_group().listed("witches")
    assert "upgrade H4 to TE. +FAV6" in moves
    assert not [m for m in moves if m.startswith("upgrade H4 to TE. +FAV6.")]


# ------------------------------------------------------------------ the Chaos Magicians' two favour tiles


def _chaos_trading_house() -> Position:
    """The Chaos Magicians' trading house on D4; the Witches have passed."""
    return _start(chaosmagicians=PLENTY).then("witches: pass BON3", "chaosmagicians: upgrade D4 to TP")


def test_the_chaos_magicians_temple_takes_two_favour_tiles_in_one_move():
    """The Chaos Magicians' temple and sanctuary give two favour tiles (their board; RULES-NOTES): both are
    picked in the move, two different tiles."""
    pos = _chaos_trading_house()
    temples = [m for m in pos.listed("chaosmagicians") if m.startswith("upgrade D4 to TE") and "GAIN_FAVOR" not in m]
    assert "upgrade D4 to TE. +FAV1. +FAV11" in temples or "upgrade D4 to TE. +FAV11. +FAV1" in temples
    picks = [m.split(". ")[1:] for m in temples]
    assert all(len(p) == 2 and p[0] != p[1] for p in picks)
    assert len({frozenset(p) for p in picks}) == len(picks) == 12 * 11 // 2
    verdict = pos.judge("chaosmagicians: upgrade D4 to TE. +FAV11. +FAV1")
    assert verdict.accepted, verdict.error
    assert _still_open(verdict, "chaosmagicians") == []


def test_one_favour_tile_is_not_a_complete_temple_move_for_the_chaos_magicians():
    """Near-miss: one tile leaves the second owed (the reference keeps the turn open for it), so the single
    pick is not listed; the reference's verdict on it shows the favour still waited for."""
    pos = _chaos_trading_house()
    assert "upgrade D4 to TE. +FAV11" not in pos.listed("chaosmagicians")
    verdict = pos.judge("chaosmagicians: upgrade D4 to TE. +FAV11")
    assert verdict.accepted and _still_open(verdict, "chaosmagicians") == ["favor"]


# ------------------------------------------------------------------ cult-income spades on two hexes


def _two_cult_spades() -> Position:
    """Round 1 scores SCORE2 (a spade per 4 earth steps): the Witches send four priests to earth (2 + 3 + 2
    + 2 = earth 9) and pass; at the round's end they hold two cult-income spades."""
    pos = _start(round_tiles=("SCORE2", "SCORE1", *TILES[2:]), witches={"C": 0, "W": 0, "P": 4, "PW": 0})
    return pos.then("witches: send p to EARTH for 3", "chaosmagicians: pass BON3",
                    "witches: send p to EARTH for 2", "witches: send p to EARTH for 2",
                    "witches: send p to EARTH for 2", "witches: pass BON4")


def test_two_cult_income_spades_transform_two_hexes_in_one_row():
    """RULES-NOTES-E E.2.4: cult-income spades may go to several hexes; H4 (blue) and E7 (gray) are one spade
    each from forest, so both are one row (the 30 league games use it 26 times)."""
    pos = _two_cult_spades()
    assert pos.game.phase == "cult_spades" and pos.game.factions["witches"].spades == 2
    moves = pos.listed("witches")
    assert "transform E7. transform H4" in moves and "transform H4" in moves
    verdict = pos.judge("witches: transform E7. transform H4")
    assert verdict.accepted, verdict.error
    assert _still_open(verdict, "witches") == []


def test_a_third_hex_beyond_the_cult_income_spades_is_not_one_row():
    """Near-miss: two spades turn H4 and E7; a third transform (H5) has no spade left — not listed, and the
    reference refuses it."""
    pos = _two_cult_spades()
    moves = pos.listed("witches")
    assert "transform H5" in moves
    assert not [m for m in moves if m.count("transform") > 2]
    assert not pos.judge("witches: transform H4. transform E7. transform H5").accepted


def test_cult_income_spades_may_turn_two_hexes_to_other_colours():
    """Unlike an action's spades (E.1.2), cult-income spades may turn both hexes to another colour: one spade
    each, H4 to black and H5 to brown (the reference accepts it)."""
    pos = _two_cult_spades()
    assert "transform H4 to black. transform H5 to brown" in pos.listed("witches")
    verdict = pos.judge("witches: transform H4 to black. transform H5 to brown")
    assert verdict.accepted, verdict.error


# ------------------------------------------- a transform to another colour, then the build elsewhere


def _forest_on_e7() -> Position:
    """The Witches turned E7 (gray) to forest and left it empty; the Chaos Magicians have not passed, so a
    row of the Witches is one turn (the last faction in play would chain turns, E.1.3)."""
    return _start(witches=PLENTY).then("witches: dig 1. transform E7", "chaosmagicians: upgrade D4 to TP")


def test_after_a_transform_to_another_colour_the_actions_build_goes_on_any_home_hex():
    """RULES-NOTES-E E.1.2: only a transform to the home colour ties the action's build to its hex; after
    ACT5's spade turned H4 (blue) to black, the dwelling may go on E7 (forest already)."""
    pos = _forest_on_e7()
    moves = pos.listed("witches")
    assert "action ACT5. transform H4 to black. build E7" in moves
    assert "dig 1. transform H4 to black. build E7" in moves
    for row in ("action ACT5. transform H4 to black. build E7", "dig 1. transform H4 to black. build E7"):
        verdict = pos.judge("witches: " + row)
        assert verdict.accepted, (row, verdict.error)
        assert _still_open(verdict, "witches") == []


def test_after_a_home_colour_transform_the_build_stays_on_that_hex():
    """Near-miss: ACT5's spade turned H4 to forest, so its build must be on H4, not E7 (the reference
    refuses)."""
    pos = _forest_on_e7()
    assert "action ACT5. transform H4. build E7" not in pos.listed("witches")
    assert not pos.judge("witches: action ACT5. transform H4. build E7").accepted


def test_act6_turns_one_hex_home_and_another_to_another_colour():
    """ACT6's two spades: H4 (blue) to forest and H5 (black) to blue, the build on H4 (3 league rows)."""
    _listed_and_accepted(_forest_on_e7(), "witches: action ACT6. transform H4. transform H5 to blue. build H4")


def test_act6_turns_at_most_one_hex_to_another_colour():
    """Near-miss: two transforms to other colours in one action (E.1.2) are not listed; the reference refuses."""
    _unlisted_and_refused(_forest_on_e7(), "witches: action ACT6. transform H4 to black. transform H5 to blue",
                          lambda m: m.startswith("action ACT6.") and m.count(" to ") >= 2)


# ------------------------------------------------------- the Chaos Magicians' two actions after ACTC


def _chaos_after_actc() -> Position:
    """The Chaos Magicians' stronghold on D4, then ``action ACTC`` whose first action turned E6 (brown) to
    yellow; the Witches play between their turns."""
    pos = _start(witches=PLENTY, chaosmagicians=PLENTY)
    return pos.then("witches: dig 1. transform H4", "chaosmagicians: upgrade D4 to TP",
                    "witches: upgrade G3 to TP", "chaosmagicians: upgrade D4 to SH",
                    "witches: upgrade F4 to TP", "chaosmagicians: action ACTC. dig 1. transform E6 to yellow")


def test_the_second_action_after_actc_may_turn_another_hex_to_another_colour():
    """Each of ACTC's two actions is a full action: the second may again turn a hex to another colour
    (E.1.2 counts per action; the reference accepts it). A bot game listed ``dig 2. transform A13 to brown``
    there and this engine refused it (``non_home_twice`` carried over from the first action)."""
    pos = _chaos_after_actc()
    moves = pos.listed("chaosmagicians")
    assert "dig 1. transform E7" in moves
    pos.then("chaosmagicians: dig 1. transform C3 to gray")  # this engine accepts it
    _listed_and_accepted(pos, "chaosmagicians: dig 1. transform C3 to gray")


def test_one_action_after_actc_still_turns_one_hex_only_to_another_colour():
    """Near-miss: within one action, a second transform to another colour is refused by both engines."""
    _unlisted_and_refused(_chaos_after_actc(),
                          "chaosmagicians: action ACT6. transform C3 to gray. transform E7 to yellow",
                          lambda m: m.count(" to ") >= 2)


# ------------------------------------------------------ the Darklings' stronghold that founds a town


def _darklings_group() -> Position:
    """The Darklings' trading houses on E10 and G5 and dwellings on F6 and F7 (6 power, four buildings)."""
    pos = _start(("darklings", "chaosmagicians"), ("darklings: build E10", "darklings: build G5",
                 "chaosmagicians: build D4", "chaosmagicians: pass BON1", "darklings: pass BON2"),
                 darklings={"C": 40, "W": 20, "P": 4, "PW": 0})
    return pos.then("darklings: dig 3. build F6", "chaosmagicians: upgrade D4 to TP",
                    "darklings: dig 1. build F7", "chaosmagicians: pass BON3",
                    "darklings: upgrade E10 to TP", "darklings: upgrade G5 to TP")


def test_the_darklings_stronghold_that_founds_a_town_takes_the_tile_and_the_conversion():
    """The stronghold on E10 makes the group 7 power: its town tile and the Darklings' priest conversion
    (strict-darkling-sh: the turn stays open for it, E.2.2) are one move, as league rows write it."""
    pos = _darklings_group()
    assert "upgrade E10 to SH. convert 3W to 3P" not in pos.listed("darklings")
    _listed_and_accepted(pos, "darklings: upgrade E10 to SH. +TW1. convert 3W to 3P")


def test_a_dwelling_built_with_an_actions_spade_that_founds_a_town_carries_its_tile():
    """ACT5's spade turns D5 (blue) to forest and the dwelling there joins the bridged group: 7
    power: the tile is part of the move (RULES-NOTES section 4)."""
    pos = _six_power_group()
    assert "action ACT5. build D5" not in pos.listed("witches")
    _listed_and_accepted(pos, "witches: action ACT5. build D5. +TW1")
