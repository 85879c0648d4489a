"""`companion tm simulate` (issue 15): bots play whole games; every written ledger replays exactly."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from companion.cli import app
from companion.terra_mystica import engine
from companion.terra_mystica.simulate import ledger_text, play_one, replay_differences, simulate

runner = CliRunner()

FIELDS = {"games", "seconds", "players", "map", "bots", "vp_by_faction", "mean_vp_by_faction", "mean_final_vp",
          "mean_vp_by_bot", "winner_counts", "winner_counts_by_bot", "replay_differences", "failures"}


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_every_recorded_game_replays_exactly(tmp_path, seed):
    doc = simulate(2 + seed % 2, games=1, seed=seed, bots=["random"], record_dir=tmp_path)
    assert doc["replay_differences"] == 0 and doc["failures"] == []
    (ledger,) = tmp_path.iterdir()
    record = engine.read_record(ledger.read_text())
    assert record.is_ledger  # rows carry totals: the replay compares VP, resources, bowls and cults
    result = engine.replay(record, keep_going=True)
    assert result.rows_checked == len(record.rows) and not result.mismatches
    final = {f: max(v) for f, v in doc["vp_by_faction"].items()}
    assert {n: result.game.factions[n].vp for n in result.game.seats} == final
    # and through the command a user runs
    out = runner.invoke(app, ["tm", "replay", str(ledger)])
    assert out.exit_code == 0 and "differences: 0" in out.output


def test_a_changed_total_is_a_replay_difference():
    import random

    text = ledger_text(play_one(2, ["witches", "nomads"], None, ["random"], random.Random(4)))
    assert replay_differences(text) == []
    lines = text.splitlines()
    k = next(i for i, line in enumerate(lines) if "\tbuild " in line and line.startswith("nomads"))
    cols = lines[k].split("\t")
    cols[4] = f"{int(cols[4].split()[0]) + 1} C"
    lines[k] = "\t".join(cols)
    diffs = replay_differences("\n".join(lines) + "\n")
    assert diffs and diffs[0].field == "C"


def test_given_factions_are_seated_in_order_and_the_map_is_recorded(tmp_path):
    doc = simulate(factions=["nomads", "witches"], map_name="fire_ice_side2", games=1, seed=2, bots=["random"],
                   record_dir=tmp_path)
    assert doc["players"] == 2 and doc["map"] == "fire_ice_side2" and doc["failures"] == []
    text = next(tmp_path.iterdir()).read_text()
    assert "map fire_ice_side2" in text
    assert [r.faction for r in engine.read_record(text).rows[:2]] == ["nomads", "witches"]


def test_cli_json_has_the_report_fields(tmp_path):
    out = runner.invoke(app, ["tm", "simulate", "--players", "2", "--games", "2", "--seed", "7", "--bots",
                              "greedy,random", "--record-dir", str(tmp_path), "--json"])
    assert out.exit_code == 0, out.output
    doc = json.loads(out.stdout)
    assert FIELDS <= set(doc)
    assert doc["games"] == 2 and doc["bots"] == ["greedy", "random"] and doc["replay_differences"] == 0
    assert sum(len(v) for v in doc["vp_by_faction"].values()) == 4
    assert sum(doc["winner_counts"].values()) >= 2
    assert doc["mean_final_vp"] == pytest.approx(sum(sum(v) for v in doc["vp_by_faction"].values()) / 4, abs=0.01)
    assert len(list(tmp_path.iterdir())) == 2


@pytest.mark.parametrize("args, words", [
    (["--factions", "witches,wizards"], "unknown faction 'wizards'"),
    (["--players", "6"], "2 to 5 players"),
    (["--factions", "witches,auren"], "share the colour green"),
    (["--factions", "witches,nomads", "--players", "3"], "2 factions"),
    (["--map", "atlantis"], "unknown map 'atlantis'"),
    (["--bots", "clever"], "unknown bot 'clever'"),
    (["--games", "0"], "expected 1 to 10,000 games, not 0"),
])
def test_bad_arguments_exit_2_with_one_line(args, words):
    out = runner.invoke(app, ["tm", "simulate", *args])
    assert out.exit_code == 2
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error:") and words in lines[0]


def test_a_bot_game_round_trips_through_the_protocol_record():
    import random

    from companion.terra_mystica import game
    from companion.terra_mystica.bots import make_bot, play_game

    first, last = play_game(game.new_game(3, map_name="fire_ice_side2"), [make_bot("random")] * 3,
                            random.Random(21))
    states = game.replay(game.read_record(game.write_record([first, last])))
    assert states[-1] == last and game.is_terminal(states[-1])


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 5), seed=st.integers(0, 10**6),
       map_name=st.sampled_from([None, "fire_ice_side1", "fire_ice_side2", "loon_lakes", "fjords"]))
def test_random_bot_games_on_any_map_and_table_size_replay_exactly(players, seed, map_name):
    import random

    last = play_one(players, None, map_name, ["random"], random.Random(seed))
    assert replay_differences(ledger_text(last)) == []
