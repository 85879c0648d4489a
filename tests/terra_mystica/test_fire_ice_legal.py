"""apply_action accepts exactly what legal_actions offers for the Fire & Ice factions (FIRE-ICE-NOTES
sections 2-7): positions of seeded random games with the Riverwalkers, Shapeshifters and the ice and volcano
factions, including every position where one of their own choices is due (colour picks, unlock-terrain,
gain P3 for VP, stronghold bridges, Acolytes' steps). Every candidate command is tried there."""

from __future__ import annotations

import random
from functools import cache

import pytest

from companion.errors import IllegalActionError
from companion.terra_mystica.engine import (
    ILLEGAL_CODES,
    apply_action,
    awaited,
    board_tables,
    candidate_commands,
    legal_actions,
    new_game,
    trial_commands,
)
from companion.terra_mystica.hexmap import load_shipped_map

TILES = ["SCORE5", "SCORE2", "SCORE3", "SCORE1", "SCORE4", "SCORE6"]
SEATS = {"riverwalkers": ["riverwalkers", "acolytes", "witches"], "shapeshifters": ["shapeshifters", "yetis", "mermaids"],
         "ice": ["icemaidens", "dragonlords", "engineers"]}


def _choice_due(f) -> bool:
    return bool(f.owed.pick_color or f.owed.unlocks or f.owed.gain_p3 or f.owed.stronghold_bridges or f.owed.cult)


def _pick(rng, moves):
    """A kind of move first (its verbs, the action's id), then a move of that kind, as the random bot
    does: otherwise the many transform moves swamp the priests and actions that bring the choices."""
    kinds: dict = {}
    for m in moves:
        kinds.setdefault(tuple(" ".join(p.split()[:2]) if p.startswith("action") else p.split()[0]
                               for p in m.split(". ")), []).append(m)
    return rng.choice(kinds[rng.choice(sorted(kinds))])


@cache
def positions(kind: str) -> tuple:
    """Every 25th position of a seeded random game, plus each position where an F&I choice is due."""
    rng = random.Random(kind)
    g = new_game(SEATS[kind], round_tiles=TILES, board=board_tables(load_shipped_map("fire_ice_side1")))
    out = []
    for step in range(5000):
        due = awaited(g)
        if g.phase == "over" or not due:
            break
        if step % 25 == 0 or _choice_due(g.factions[due[0]]):
            out.append(g)
        g = apply_action(g, due[0], _pick(rng, legal_actions(g, due[0])))
    assert g.phase == "over"
    return tuple(out)


@pytest.mark.parametrize("kind", sorted(SEATS))
def test_every_candidate_is_accepted_exactly_when_offered(kind):
    seen_choices = set()
    # every third position, and every one with a choice due (they are rare: keep them all)
    for g in [g for i, g in enumerate(positions(kind)) if i % 3 == 0 or _choice_due(g.factions[awaited(g)[0]])]:
        faction = awaited(g)[0]
        offered = trial_commands(g, faction)  # the single-command brute force
        for cmd in candidate_commands(g, faction):
            try:
                apply_action(g, faction, cmd)
            except IllegalActionError as exc:
                assert exc.code in ILLEGAL_CODES, (cmd, exc.code)
                assert cmd not in offered, (faction, cmd, str(exc))
                continue
            assert cmd in offered, (faction, cmd, "accepted but not offered")
        seen_choices |= {c.split()[0] for c in offered if c.startswith(("unlock-terrain", "gain P3", "pick-color"))}
    assert "pick-color" in seen_choices
    if kind == "riverwalkers":
        assert "unlock-terrain" in seen_choices
