"""The turn referee (RULES-NOTES-E E.0-E.2): one full action per turn, follow-ups, obligations, declines.

Each case is a hand-made log on the base setup of RULES-NOTES-E (Witches E9/F4 with BON4, Darklings E10/B3
with BON1, round 1, the Witches to act). The plain tests assert what the reference engine answered when the
same rows were fed to it (``perl evaluate.pl src FILE``); ``test_the_reference_engine_agrees`` replays every
case through the reference engine itself where Perl and ``../shared/.../reference-engine`` are present.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from companion.errors import IllegalActionError
from companion.terra_mystica.engine import ILLEGAL_CODES, apply_action, legal_actions, new_game, open_turn

OPTIONS = ("strict-leech", "strict-darkling-sh", "strict-chaosmagician-sh", "errata-cultist-power")
TILES = ("SCORE1", "SCORE2", "SCORE3", "SCORE4", "SCORE5", "SCORE6")
REMOVED = ("BON5", "BON6", "BON7", "BON8")
SETUP = ("witches: build E9", "darklings: build E10", "darklings: build B3", "witches: build F4",
         "darklings: pass BON1", "witches: pass BON4")

def _reference_engine() -> Path:
    """``<project root>/../shared/reference/terra_mystica/reference-engine``; a git worktree elsewhere looks
    beside its main checkout too (``git rev-parse --git-common-dir``)."""
    root = Path(__file__).resolve().parents[2]
    candidates = [root.parent]
    try:
        common = subprocess.run(["git", "rev-parse", "--git-common-dir"], cwd=root, capture_output=True, text=True,
                                timeout=10, check=False).stdout.strip()
        if common:
            candidates.append((root / common).resolve().parent.parent)
    except OSError:
        pass
    for base_dir in candidates:
        path = base_dir / "shared" / "reference" / "terra_mystica" / "reference-engine"
        if (path / "evaluate.pl").exists():
            return path
    return candidates[0] / "shared" / "reference" / "terra_mystica" / "reference-engine"


REFERENCE = _reference_engine()


def base():
    g = new_game(["witches", "darklings"], options=OPTIONS, round_tiles=TILES, removed_bonus=REMOVED)
    return play(g, *SETUP)


def play(g, *rows):
    for row in rows:
        faction, cmd = row.split(":", 1)
        g = apply_action(g, faction.strip(), cmd.strip())
    return g


# (rows after the setup, the row the reference refuses (index) or None, this engine's code for it)
CASES = {
    "two upgrades in one turn": (["witches: upgrade E9 to TP", "witches: upgrade F4 to TP"], 1, "multiple_actions"),
    "ACT5's spade holds the turn open": (["witches: burn 4", "witches: action ACT5", "darklings: upgrade E10 to TP"],
                                         2, "turn_open"),
    "-SPADE declines ACT5's spade": (["witches: burn 4", "witches: action ACT5", "witches: -SPADE",
                                      "darklings: upgrade E10 to TP"], None, None),
    "dig spades cannot be declined": (["witches: dig 1", "witches: -SPADE"], 1, "dig_spades_kept"),
    "no implicit dig": (["witches: build F6"], 0, "not_enough_spades"),
    "ACT1's bridge holds the turn open": (["witches: burn 3", "witches: action ACT1", "darklings: upgrade E10 to TP"],
                                          2, "turn_open"),
    "-BRIDGE declines it": (["witches: burn 3", "witches: action ACT1", "witches: -BRIDGE",
                             "darklings: upgrade E10 to TP"], None, None),
    "spades are spent before the build": (["witches: pass BON2", "darklings: action BON1", "darklings: dig 1",
                                           "darklings: transform E11", "darklings: build E11"], 4, "spades_left"),
    "no dig after a transform": (["witches: dig 1", "witches: transform F6", "witches: dig 1"], 2,
                                 "multiple_actions"),
    "no dig after the build": (["witches: burn 4", "witches: action ACT5", "witches: build F6", "witches: dig 1"], 3,
                               "multiple_actions"),
    "the last faction chains turns": (["witches: upgrade E9 to TP", "darklings: leech 1 from witches",
                                       "darklings: pass BON2", "witches: upgrade F4 to TP",
                                       "witches: upgrade E9 to TE", "witches: +FAV11", "witches: pass BON3"],
                                      None, None),
}


@pytest.mark.parametrize("name", list(CASES))
def test_each_case_is_judged_as_the_reference_engine_judged_it(name):
    rows, refused_at, code = CASES[name]
    g = base()
    for i, row in enumerate(rows):
        if i == refused_at:
            with pytest.raises(IllegalActionError) as err:
                play(g, row)
            assert err.value.code == code and code in ILLEGAL_CODES
            return
        g = play(g, row)
    assert refused_at is None


def test_refusals_name_the_rule_and_what_is_open():
    g = play(base(), "witches: burn 4. action ACT5")
    with pytest.raises(IllegalActionError) as err:
        play(g, "darklings: upgrade E10 to TP")
    assert "one action per turn" in str(err.value) and "-SPADE" in str(err.value) and "E.0" in str(err.value)


def test_open_turn_lists_what_is_needed_and_the_declines():
    g = play(base(), "witches: burn 4. action ACT5")
    t = open_turn(g)
    assert (t.faction, t.spades, t.transforms, t.builds, t.dig, t.complete) == ("witches", 1, 1, 1, True, False)
    assert t.needs == (("SPADE", 1),) and t.declines == ("-SPADE",)
    assert "-SPADE" in legal_actions(g, "witches")
    assert legal_actions(g, "darklings") == []  # the turn is the Witches' until the spade is settled
    g = play(g, "witches: dig 1")
    t = open_turn(g)
    assert t.spades == 2 and t.dig_spades and t.declines == ()  # dig spades: E.2.3


def test_a_chained_line_is_split_into_one_row_per_turn():
    """E.1.3: the reference engine wrote "upgrade F4 to TP" | "upgrade E9 to TE. +FAV11" | "pass BON3"."""
    g = play(base(), "witches: upgrade E9 to TP", "darklings: leech 1 from witches", "darklings: pass BON2",
             "witches: upgrade F4 to TP. upgrade E9 to TE. +FAV11. pass BON3")
    labels = [r.label for r in g.rows if r.faction == "witches" and r.typed][-3:]
    assert labels == ["upgrade F4 to TP", "upgrade E9 to TE. +FAV11", "pass BON3"]


def test_the_witches_ride_waits_for_its_dwelling_or_free_d():
    g = base()
    g.factions["witches"].buildings["SH"] = 1  # ACTW needs the stronghold
    g.factions["witches"].hexes["E9"] = "SH"
    g = play(g, "witches: action ACTW")
    assert open_turn(g).declines == ("-FREE_D",)
    with pytest.raises(IllegalActionError) as err:
        play(g, "darklings: upgrade E10 to TP")
    assert err.value.code == "turn_open"
    assert open_turn(play(g, "witches: -FREE_D")).complete


def _reference(rows: list[str]) -> dict:
    lines = ["# players: a,b", *(f"option {o}" for o in OPTIONS), "score " + ",".join(TILES),
             *(f"delete {b}" for b in REMOVED), "setup witches", "setup darklings", *SETUP, *rows]
    path = Path(__file__).parent / ".reference_case.rows"
    try:
        path.write_text("\n".join(lines) + "\n")
        out = subprocess.run(["perl", "evaluate.pl", "src", str(path)], cwd=REFERENCE, capture_output=True,
                             text=True, timeout=60, check=False)
    finally:
        path.unlink(missing_ok=True)
    return json.loads(out.stdout)


@pytest.mark.parametrize("name", list(CASES))
def test_the_reference_engine_agrees(name):
    if shutil.which("perl") is None or not (REFERENCE / "evaluate.pl").exists():
        pytest.skip("the reference engine (perl, ../shared/reference/terra_mystica/reference-engine) is absent")
    rows, refused_at, _code = CASES[name]
    answer = _reference(rows)
    if refused_at is None:
        assert answer["error"] == []
    else:
        cmd = rows[refused_at].split(":", 1)[1].strip()
        assert answer["error"] and f"Error in command '{cmd}'" in answer["error"][0]


@pytest.mark.parametrize(("rows", "code"), [
    (["witches: dig 2. transform E8 to brown"], "spades_left"),
    (["witches: dig 3. transform E8 to brown"], "spades_left"),
    (["witches: burn 4. action ACT6. transform F6 to red. transform E7 to red"], "non_home_twice"),
])
def test_non_home_colours_as_the_reference_refused_them(rows, code):
    """E.1.2 / E.2.1, checked in the reference with ``option loose-adjust-resource`` and ``witches: +10W``
    (and ``+6PW`` for ACT6): "Must use all available spades when transforming a hex to non-home color using
    spades from a 'dig' command" (1 and 2 spades left), "Can't transform more than one hex to non-home color
    in one action"."""
    g = base()
    g.factions["witches"].workers += 10
    if "ACT6" in rows[0]:
        from companion.terra_mystica.power import PowerBowls
        g.factions["witches"].bowls = PowerBowls(2, 10, 6)  # burn 4 leaves 6 in bowl III (the reference: +6PW)
    with pytest.raises(IllegalActionError) as err:
        play(g, *rows)
    assert err.value.code == code and code in ILLEGAL_CODES


def test_a_chained_turn_after_another_factions_row_first_closes_an_empty_row():
    """E.1.3, as the reference engine wrote it for these rows: ... "upgrade E9 to TE" | darklings "leech 1 from
    witches" | witches "" | "pass BON3" | "+FAV11" (the favour still owed is settled after the pass)."""
    g = play(base(), "witches: upgrade E9 to TP", "darklings: leech 1 from witches", "darklings: pass BON2",
             "witches: upgrade F4 to TP", "witches: upgrade E9 to TE", "darklings: leech 1 from witches",
             "witches: pass BON3")
    tail = [(r.faction, r.label) for r in g.rows[-4:]]
    assert tail == [("witches", "upgrade E9 to TE"), ("darklings", "leech 1 from witches"), ("witches", ""),
                    ("witches", "pass BON3")]
    assert g.round == 1  # the favour is still owed: the round waits (E.2.4)
    g = play(g, "witches: +FAV11")
    assert g.round == 2
