"""Seeded random games play exactly as they did on main before the engine was sped up (issue 20).

The reference is recorded, not recomputed: ``fixtures/seeded_games_main.json`` was written by this module's
``record`` with main's engine of commit 5c79988 (compiled; the interpreted source wrote the same file), in the
branch's first commit, before the typed ``engine.pxd`` and the shared apply path changed ``engine.py``::

    .venv/bin/python -m tests.century.test_seeded_games tests/century/fixtures/seeded_games_main.json

For 200 games (seed ``g`` = 0..199, ``2 + g % 4`` players, ``random.Random(g)`` dealing and drawing, every action
``apply_action(s, sample_action(s, rng))``) it holds the number of actions, the SHA-256 of the actions' reprs
(one a line), the SHA-256 of the final state's repr and the final totals; for the first four games (2, 3, 4
and 5 players) also every action in record notation and the final state field by field. The games are checked
with the engine this process serves (compiled when built) and with ``engine.py`` run by CPython (as with
``COMPANION_PURE_PYTHON=1``), through the step API, through ``sample_and_apply`` and through ``simulate``'s
random-bot loop (``play_game``; its deal is the same ``new_game``).
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import random
import sys
from pathlib import Path

import pytest

from companion.century import engine
from companion.century.actions import action_text

FIXTURE = Path(__file__).parent / "fixtures" / "seeded_games_main.json"
GAMES = 200
FULL = 4


def _sha(lines) -> str:
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()


def _game(module, seed: int, players: int, step: str = "api"):
    """The actions and final state of seeded game ``seed`` played with ``module``'s rules."""
    rng = random.Random(seed)
    s = module.new_game(players, rng=rng)
    actions = []
    if step == "api":
        while not s.finished:
            a = module.sample_action(s, rng)
            actions.append(a)
            s = module.apply_action(s, a)
    else:  # the fused step: only the final state and the draws can be compared
        while not s.finished:
            s = module.sample_and_apply(s, rng)
    return actions, s, rng.random()


def record(module) -> dict:
    """The reference of the module docstring, for ``module``'s engine."""
    games = []
    for seed in range(GAMES):
        players = 2 + seed % 4
        actions, s, after = _game(module, seed, players)
        entry = {"seed": seed, "players": players, "actions": len(actions),
                 "actions_sha256": _sha(repr(a) for a in actions), "final_sha256": _sha([repr(s)]),
                 "totals": [line.total for line in module.score(s).lines], "next_draw": after}
        if seed < FULL:
            entry["action_texts"] = [action_text(a) for a in actions]
            entry["final"] = json.loads(json.dumps(s._asdict()))
        games.append(entry)
    return {"made_by": "tests/century/test_seeded_games.py record(), main 5c79988", "games": games}


def _interpreted():
    """``engine.py`` run by CPython (a module of another name keeps its own Python functions)."""
    spec = importlib.util.spec_from_file_location("companion.century._engine_seeded", engine.__file__)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


ENGINES = {"served": engine, "interpreted": _interpreted()}


@pytest.fixture(scope="module")
def reference() -> list[dict]:
    return json.loads(FIXTURE.read_text(encoding="utf-8"))["games"]


@pytest.mark.parametrize("which", sorted(ENGINES))
def test_seeded_games_are_main_s(which, reference):
    module = ENGINES[which]
    assert len(reference) == GAMES
    for ref in reference:
        actions, s, after = _game(module, ref["seed"], ref["players"])
        where = f"{which} engine, seed {ref['seed']}"
        if "action_texts" in ref:
            assert [action_text(a) for a in actions] == ref["action_texts"], where
            assert json.loads(json.dumps(s._asdict())) == ref["final"], where
        assert len(actions) == ref["actions"], where
        assert _sha(repr(a) for a in actions) == ref["actions_sha256"], where
        assert _sha([repr(s)]) == ref["final_sha256"], where
        assert [line.total for line in module.score(s).lines] == ref["totals"], where
        assert after == ref["next_draw"], where  # the same number of draws from rng


@pytest.mark.parametrize("which", sorted(ENGINES))
def test_the_fused_step_plays_main_s_games(which, reference):
    module = ENGINES[which]
    for ref in reference:
        _none, s, after = _game(module, ref["seed"], ref["players"], step="fused")
        assert _sha([repr(s)]) == ref["final_sha256"], f"{which} engine, seed {ref['seed']}"
        assert after == ref["next_draw"]


def test_simulate_s_random_games_are_main_s(reference):
    """``play_game`` with random bots deals with ``new_game(players, rng=rng)`` and steps like the API."""
    from companion.century.bots import make_bot
    from companion.century.simulate import play_game

    for ref in reference[:40]:
        players = ref["players"]
        result = play_game(players, [make_bot("random")] * players, random.Random(ref["seed"]))
        assert list(result.totals) == ref["totals"] and result.finished, ref["seed"]


if __name__ == "__main__":
    Path(sys.argv[1]).write_text(json.dumps(record(engine), indent=1) + "\n", encoding="utf-8")
