"""Whole bot games with the Fire & Ice factions on the base map and both Fire & Ice map sides: every game
finishes and its ledger replays with zero differences (issue 15, done-when; the 100-game figure is measured
with ``companion tm simulate --games 100``, not here)."""

from __future__ import annotations

import random

import pytest

from companion.terra_mystica.simulate import ledger_text, play_one, replay_differences, simulate


@pytest.mark.parametrize("map_name", [None, "fire_ice_side1", "fire_ice_side2"])
def test_random_faction_games_finish_and_replay_exactly(map_name):
    doc = simulate(3, map_name=map_name, games=2, seed=4, bots=["random"])
    assert doc["failures"] == [] and doc["replay_differences"] == 0
    assert sum(len(v) for v in doc["vp_by_faction"].values()) == 6


@pytest.mark.parametrize(("factions", "rows"), [
    (["riverwalkers", "dragonlords"], ("unlock-terrain",)),
    (["shapeshifters", "acolytes", "yetis"], ("[opponent accepted power]", "[all opponents declined power]")),
])
def test_the_variable_factions_play_their_abilities_in_bot_games(factions, rows):
    for seed in range(2, 10):  # random bots: the first game where the ability comes up
        last = play_one(len(factions), factions, "fire_ice_side2", ["random"], random.Random(seed))
        text = ledger_text(last)
        assert replay_differences(text) == []
        if any(r in text for r in rows):
            break
    else:
        pytest.fail(f"no random game of {factions} wrote {rows}")


def test_tm_replay_reads_the_map_a_simulated_ledger_names(tmp_path):
    """``tm replay`` without ``--map`` replays a ledger on the map its ``map NAME`` line names."""
    import json

    from typer.testing import CliRunner

    from companion.cli import app

    doc = simulate(2, map_name="fire_ice_side2", games=1, seed=9, bots=["random"], record_dir=tmp_path)
    assert doc["replay_differences"] == 0
    ledger = next(tmp_path.glob("game-9-0.txt"))
    assert ledger.read_text(encoding="utf-8").startswith("map fire_ice_side2")
    result = CliRunner().invoke(app, ["tm", "replay", str(ledger), "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["mismatches"] == []
