"""apply_action accepts exactly what legal_actions offers (issue 10 part 3), from many real positions.

Positions are prefixes of real league games (fixtures/ledgers) replayed as command logs; from each a few
random commands are tried: offered ones, any other command of the candidate universe (most of them
illegal), and malformed ones. Every accepted command must have been offered, every offered one must be
accepted, and every refusal must be an IllegalActionError with one of the engine's stable codes.
"""

from __future__ import annotations

from functools import cache, lru_cache
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.errors import IllegalActionError
from companion.terra_mystica.engine import (
    ILLEGAL_CODES,
    Record,
    apply_action,
    awaited,
    candidate_commands,
    legal_actions,
    read_record,
    replay,
    trial_commands,
)

LEDGERS = Path(__file__).parent / "fixtures" / "ledgers"
GAMES = ["4pLeague_S1_D1L1_G2", "4pLeague_S61_D1L1_G4", "4pLeague_S62_D1L1_G2", "4pLeague_S64_D1L1_G3",
         "4pLeague_S68_D1L1_G2", "4pLeague_S60_D1L1_G4"]
MALFORMED = ["build Z99", "transform Z1", "upgrade Z1 to TP", "bridge A1:A2", "send p to AIR for 4", "pass BON3",
             "+FAV1", "+TW1", "-FIRE", "-SPADE", "leech 9 from witches", "decline 1 from dwarves",
             "decline"]


@cache
def _typed_rows(game: str):
    rec = read_record((LEDGERS / f"{game}.ledger.txt").read_text(encoding="utf-8"))
    return rec.setup, tuple(r for r in rec.rows if r.typed)


@lru_cache(maxsize=64)
def _position(game: str, k: int):
    setup, rows = _typed_rows(game)
    return replay(Record(setup, rows[:k], False)).game


def _check(g, faction: str, cmd: str, offered: list[str]):
    try:
        after = apply_action(g, faction, cmd)
    except IllegalActionError as exc:
        assert exc.code in ILLEGAL_CODES, (cmd, exc.code)
        assert cmd not in offered, (faction, cmd, str(exc))
        return None
    assert cmd in offered, (faction, cmd, "accepted but not offered")
    return after


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(GAMES), where=st.floats(min_value=0, max_value=1), data=st.data())
def test_apply_accepts_exactly_the_offered_actions(game, where, data):
    rows = _typed_rows(game)[1]
    seated = sum(1 for r in rows if r.command == "setup")
    g = _position(game, seated + int(where * (len(rows) - seated)))
    for _ in range(3):
        if g.phase == "over":
            break
        faction = data.draw(st.sampled_from(list(g.seats)), label="faction")
        offered = trial_commands(g, faction)  # the single-command brute force
        universe = candidate_commands(g, faction)
        # each kind of command equally likely (transforms would swamp the rest), plus malformed ones
        groups: dict[str, list[str]] = {}
        for c in universe + MALFORMED:
            groups.setdefault(c.split()[0].rstrip("0123456789"), []).append(c)
        for _ in range(4):
            kind = data.draw(st.sampled_from(sorted(groups)), label="kind")
            cmd = data.draw(st.sampled_from(groups[kind]), label="command")
            if cmd.split()[-1] in ("witches", "dwarves") and cmd.split()[-1] not in g.factions:
                continue  # an offer from a faction not in the game is unreadable input, not an illegal move
            _check(g, faction, cmd, offered)
        if offered:
            # every offered command is accepted
            assert _check(g, faction, data.draw(st.sampled_from(offered), label="offered"), offered) is not None
        # move on: a legal action of a faction the game waits for
        due = awaited(g)
        if not due:
            break
        moves = legal_actions(g, due[0])
        if not moves:
            break
        g = apply_action(g, due[0], data.draw(st.sampled_from(moves), label="move"))


def test_between_rounds_only_the_cult_bonus_spades_may_be_used():
    """During the cult-bonus spades after a round, build / upgrade / pass are refused with a code."""
    setup, rows = _typed_rows("4pLeague_S62_D1L1_G2")
    k = next(i for i, r in enumerate(rows) if r.command.startswith("transform E10 to brown"))
    g = _position("4pLeague_S62_D1L1_G2", k)
    assert g.phase == "cult_spades"
    holder = awaited(g)[0]
    for cmd in ("build E10", "pass BON4", "upgrade " + next(iter(g.factions[holder].hexes)) + " to TP",
                "advance ship", "action ACT6"):
        try:
            apply_action(g, holder, cmd)
        except IllegalActionError as exc:
            assert exc.code == "income_phase", (cmd, exc.code)
        else:
            raise AssertionError(f"{cmd} was accepted between rounds")
    assert all(c.startswith("transform") or c in ("-SPADE", "done") for c in legal_actions(g, holder))
    other = next(n for n in g.seats if n != holder)
    assert legal_actions(g, other) == []
