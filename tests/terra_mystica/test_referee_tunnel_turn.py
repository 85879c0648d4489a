"""The tunnel / carpet target belongs to the action, not to the typed row (RULES-NOTES-E E.0: start_full_move
clears it; RULES-NOTES tricky case 8: one flight per action, charged only when needed).

Found by the differential benchmark (``benchmarks/tm_reference.py --seed 1``, game 5): the Dwarves typed
``dig 1. transform A12`` (a tunnel: 2 workers, +4 VP) and, in the next row of the same turn, ``build A12``.
The reference engine reads the build as the dig's follow-up, in the same action, and charges nothing more;
this engine started the row with no hex tunnelled to and charged the tunnel again. With ``done`` between the
two, or once another faction has acted, the build is a new action and both engines charge the tunnel again.

Position: the Dwarves (mountains) on E7 and H8, the Witches on G3 and F4, nobody passed; C3 (forest, one spade
from mountains) is reached only by tunnelling. Each case is checked by hand (workers and VP spent) and, with
Perl and the reference engine present (skipped with a message otherwise), against the reference's ledger.
"""

from __future__ import annotations

from tests.terra_mystica.test_movegen_kinds import _start

SETUP = ("dwarves: build E7", "witches: build G3", "witches: build F4", "dwarves: build H8",
         "witches: pass BON1", "dwarves: pass BON2")


def _dwarves():
    return _start(("dwarves", "witches"), SETUP, dwarves={"C": 20, "W": 20, "P": 0, "PW": 0})


def _spent(pos, after):
    """(workers spent, VP gained) by the Dwarves from ``pos`` to ``after``."""
    before, now = pos.game.factions["dwarves"], after.game.factions["dwarves"]
    return before.workers - now.workers, now.vp - before.vp


def _reference_row(pos, rows):
    """The reference ledger's last Dwarves row after ``rows`` typed one a line (its workers and VP)."""
    from tests.terra_mystica.oracle import Oracle, require_oracle

    require_oracle()
    with Oracle() as oracle:
        verdict = oracle.judge("\n".join(pos.lines + list(rows)) + "\n")
    assert verdict.accepted, verdict.error
    return [r for r in verdict.rows if r.faction == "dwarves"][-1]


def test_a_build_in_the_next_row_of_the_same_turn_pays_no_second_tunnel():
    pos = _dwarves()
    dig = pos.game.factions["dwarves"].data.spades.cost_per_spade_by_level[0]["W"]
    after = pos.then("dwarves: dig 1. transform C3", "dwarves: build C3")
    workers, vp = _spent(pos, after)
    assert workers == dig + 2 + 1          # one spade, one tunnel (2 W), the dwelling (1 W)
    # and the same as the reference, which writes the two rows as one
    row = _reference_row(pos, ["dwarves: dig 1", "dwarves: transform C3", "dwarves: build C3"])
    assert row.commands.endswith("dig 1. transform C3. build C3")   # (after the position's resource rows)
    f = after.game.factions["dwarves"]
    assert (f.workers, f.vp) == (row.workers, row.vp)


def test_the_last_faction_s_next_row_uses_the_open_follow_up_and_pays_no_second_tunnel():
    """The kind of seed 1 / 5: the Witches have passed, so the Dwarves' rows chain (E.1.3); a build that the
    dig's follow-up covers still belongs to the dig's action."""
    pos = _dwarves().then("dwarves: upgrade H8 to TP", "witches: pass BON3")
    dig = pos.game.factions["dwarves"].data.spades.cost_per_spade_by_level[0]["W"]
    after = pos.then("dwarves: dig 1. transform C3", "dwarves: build C3")
    assert _spent(pos, after)[0] == dig + 2 + 1
    row = _reference_row(pos, ["dwarves: dig 1", "dwarves: transform C3", "dwarves: build C3"])
    f = after.game.factions["dwarves"]
    assert (f.workers, f.vp) == (row.workers, row.vp)


def test_once_another_faction_has_acted_the_build_is_a_new_turn_and_tunnels_again():
    pos = _dwarves()
    once = pos.then("dwarves: dig 1. transform C3", "dwarves: build C3")
    twice = pos.then("dwarves: dig 1. transform C3", "witches: pass BON3", "dwarves: build C3")
    (w1, vp1), (w2, vp2) = _spent(pos, once), _spent(pos, twice)
    assert (w2 - w1, vp2 - vp1) == (2, 4)    # the second flight: 2 workers, +4 VP
    row = _reference_row(pos, ["dwarves: dig 1", "dwarves: transform C3", "witches: pass BON3",
                               "dwarves: build C3"])
    f = twice.game.factions["dwarves"]
    assert (f.workers, f.vp) == (row.workers, row.vp)
