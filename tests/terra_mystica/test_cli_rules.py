"""`companion tm score` and `companion tm auction`: JSON formats from issue 4, exit 2 naming the field."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from companion.cli import app

runner = CliRunner()
GAMES = Path(__file__).parent / "fixtures" / "ledgers"

SCORE_DOC = {"players": [
    {"name": "Ann", "faction": "mermaids", "vp": 107, "cults": {"fire": 8, "water": 5, "earth": 8, "air": 8},
     "network": 12, "coins": 0, "workers": 0, "priests": 0, "power": [4, 1, 1]},
    {"name": "Ben", "faction": "witches", "vp": 110, "cults": {"fire": 2, "water": 5, "earth": 0, "air": 9},
     "network": 12, "coins": 5, "workers": 1, "priests": 0, "power": [0, 4, 0]},
]}

AUCTION_DOC = {
    "factions": ["cultists", "giants", "mermaids"], "players": ["You", "Alice", "Bob"],
    "max_bids": {"You": {"cultists": 15, "giants": 0, "mermaids": 10},
                 "Alice": {"cultists": 12, "giants": 0, "mermaids": 5},
                 "Bob": {"cultists": 10, "giants": 3, "mermaids": 0}},
    "seed": 1,
}


def _write(tmp_path, doc, name="in.json"):
    path = tmp_path / name
    path.write_text(json.dumps(doc) if not isinstance(doc, str) else doc, encoding="utf-8")
    return str(path)


def test_score_json_format(tmp_path):
    result = runner.invoke(app, ["tm", "score", _write(tmp_path, SCORE_DOC), "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert set(out) == {"players", "winners"}
    merm, witch = out["players"]
    assert set(merm) == {"faction", "final_vp", "cult_vp", "network_vp", "resource_vp"}
    assert set(merm["cult_vp"]) == {"fire", "water", "earth", "air"}
    # fire 8 vs 2 -> 8/4; water tied 5 -> (8+4)/2 = 6 each; earth 8 vs 0 -> 8/0; air 8 vs 9 -> 4/8
    assert merm["cult_vp"] == {"fire": 8, "water": 6, "earth": 8, "air": 4}
    assert witch["cult_vp"] == {"fire": 4, "water": 6, "earth": 0, "air": 8}
    assert merm["network_vp"] == witch["network_vp"] == 15
    # mermaids: burn nothing (II 1), 1 power -> 1 coin -> 0 VP; witches: burn 2, 2 power + 5 C + 1 W = 8 -> 2 VP
    assert (merm["resource_vp"], witch["resource_vp"]) == (0, 2)
    assert merm["final_vp"] == 107 + 26 + 15 and witch["final_vp"] == 110 + 18 + 15 + 2
    assert out["winners"] == ["mermaids"]


def test_score_real_game_from_stdin():
    r = json.loads((GAMES / "4pLeague_S1_D1L1_G2.result.json").read_text(encoding="utf-8"))
    doc = {"players": [{"name": f["faction"], "faction": f["faction"], "vp": f["vp_before_final_scoring"],
                        "cults": {k.lower(): v for k, v in f["final_cult_positions"].items()},
                        "network": f["network_size"]} for f in r["factions"]]}
    result = runner.invoke(app, ["tm", "score", "-", "--json"], input=json.dumps(doc))
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    # resources left out (0), and every faction here scored 0 VP from resources anyway
    assert [p["final_vp"] for p in out["players"]] == [f["final_vp"] for f in r["factions"]]
    assert out["winners"] == [r["winner"]]


def test_score_text_output(tmp_path):
    result = runner.invoke(app, ["tm", "score", _write(tmp_path, SCORE_DOC)])
    assert result.exit_code == 0
    assert "Mermaids" in result.stdout
    # the winner by name and faction, as the score app says it (issue 22, point 7): Ann's Mermaids win
    assert result.stdout.splitlines()[-1] == "winner: Ann (Mermaids)"


def test_score_bad_files_exit_2_naming_the_field(tmp_path):
    bad = json.loads(json.dumps(SCORE_DOC))
    bad["players"][1]["cults"]["fire"] = 12
    result = runner.invoke(app, ["tm", "score", _write(tmp_path, bad, "bad.json"), "--json"])
    assert result.exit_code == 2
    assert "players[1].cults.fire" in result.stderr and "bad.json" in result.stderr
    bad = json.loads(json.dumps(SCORE_DOC))
    bad["players"][0]["faction"] = "elves"
    result = runner.invoke(app, ["tm", "score", _write(tmp_path, bad), "--json"])
    assert result.exit_code == 2 and "players[0].faction" in result.stderr
    result = runner.invoke(app, ["tm", "score", _write(tmp_path, "{not json"), "--json"])
    assert result.exit_code == 2 and "invalid JSON" in result.stderr
    result = runner.invoke(app, ["tm", "score", str(tmp_path / "missing.json")])
    assert result.exit_code == 2 and "no such file" in result.stderr


def test_auction_json_format(tmp_path):
    result = runner.invoke(app, ["tm", "auction", _write(tmp_path, AUCTION_DOC), "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert set(out) == {"assignments", "turn_order", "steps"}
    assert all(set(a) == {"player", "faction", "price"} for a in out["assignments"])
    assert sorted(a["faction"] for a in out["assignments"]) == ["cultists", "giants", "mermaids"]
    assert out["turn_order"] == [a["player"] for a in out["assignments"]]
    assert out["steps"][:3] == [
        {"step": 1, "player": "You", "action": "bid", "faction": "cultists", "bid": 0, "value": 15, "tie": None,
         "text": out["steps"][0]["text"]},
        {"step": 2, "player": "Alice", "action": "bid", "faction": "cultists", "bid": 1, "value": 11, "tie": None,
         "text": out["steps"][1]["text"]},
        {"step": 3, "player": "Bob", "action": "bid", "faction": "cultists", "bid": 2, "value": 8, "tie": None,
         "text": out["steps"][2]["text"]},
    ]
    again = runner.invoke(app, ["tm", "auction", _write(tmp_path, AUCTION_DOC), "--json"])
    assert json.loads(again.stdout) == out  # same seed, same auction


def test_auction_text_output(tmp_path):
    result = runner.invoke(app, ["tm", "auction", _write(tmp_path, AUCTION_DOC)])
    assert result.exit_code == 0
    assert "1. You open Cultists at 0" in result.stdout and "Bob plays Giants for 0 VP" in result.stdout
    assert "You opens" not in result.stdout and "3. You play Mermaids for 0 VP" in result.stdout


def test_auction_bad_files_exit_2_naming_the_field(tmp_path):
    bad = json.loads(json.dumps(AUCTION_DOC))
    bad["max_bids"]["Bob"]["giants"] = "three"
    result = runner.invoke(app, ["tm", "auction", _write(tmp_path, bad), "--json"])
    assert result.exit_code == 2 and "max_bids.Bob.giants" in result.stderr
    bad = {k: v for k, v in AUCTION_DOC.items() if k != "factions"}
    result = runner.invoke(app, ["tm", "auction", _write(tmp_path, bad), "--json"])
    assert result.exit_code == 2 and "factions" in result.stderr


def test_score_with_fire_and_ice_final_tile(tmp_path):
    doc = json.loads(json.dumps(SCORE_DOC))
    doc["extra_category"] = "connected-clusters"
    doc["players"][0]["extra"] = 2
    doc["players"][1]["extra"] = 3
    result = runner.invoke(app, ["tm", "score", _write(tmp_path, doc), "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert [p["extra_vp"] for p in out["players"]] == [12, 18]
    assert out["players"][1]["final_vp"] == 110 + 18 + 15 + 2 + 18
    doc["extra_category"] = 7
    result = runner.invoke(app, ["tm", "score", _write(tmp_path, doc), "--json"])
    assert result.exit_code == 2 and "extra_category" in result.stderr


def test_score_refuses_player_counts_outside_2_to_5(tmp_path):
    import pytest

    from companion.terra_mystica.cli_rules import score_document

    one = {"faction": "witches", "vp": 90, "cults": {"fire": 3, "water": 0, "earth": 0, "air": 0},
           "network": 5, "coins": 0, "workers": 0, "priests": 0, "power": [0, 0, 0]}
    with pytest.raises(ValueError, match="played by 2 to 5 players, found 1"):
        score_document({"players": [one]})
    factions = ["witches", "nomads", "halflings", "mermaids", "giants", "swarmlings"]
    with pytest.raises(ValueError, match="found 6"):
        score_document({"players": [dict(one, faction=f, name=f) for f in factions]})


@pytest.mark.parametrize("name", ["", "   ", None, "\u200b", "\u200b\u2060 \ufeff", 7])
def test_score_refuses_a_missing_blank_or_invisible_name(tmp_path, name):
    doc = json.loads(json.dumps(SCORE_DOC))
    if name is None:
        del doc["players"][1]["name"]
    else:
        doc["players"][1]["name"] = name
    result = runner.invoke(app, ["tm", "score", _write(tmp_path, doc, "names.json"), "--json"])
    assert result.exit_code == 2 and json.loads(result.stdout)["problems"][0]["key_path"] == "players[1].name"
    line = result.stderr.strip()
    assert "\n" not in line and line.startswith("error: ") and "names.json:players[1].name" in line
    # the same check as the score app and the history (one validation)
    from companion.terra_mystica.scoring import validate_table
    from companion.validation import TableError

    with pytest.raises(TableError) as info:
        validate_table(doc, partial=True)
    assert [p.key_path for p in info.value.problems] == ["players[1].name"]


def test_auction_names_the_repeated_player_or_faction(tmp_path):
    doc = dict(AUCTION_DOC, players=["You", "Alice", "You"])
    result = runner.invoke(app, ["tm", "auction", _write(tmp_path, doc, "auc.json")])
    assert result.exit_code == 2
    assert "auc.json:players[2]: 'You' appears twice (entries 1 and 3)" in result.stderr
    doc = dict(AUCTION_DOC, factions=["cultists", "Giants", "giants"])
    result = runner.invoke(app, ["tm", "auction", _write(tmp_path, doc, "auc.json")])
    assert result.exit_code == 2 and "factions[2]: 'giants' is the same faction as entry 2" in result.stderr


def test_stdin_is_named_dash_in_every_score_error():
    table = '{"players": [{"name": "A", "orders": -1}, {"name": "B"}]}'
    for game in ("magick", "century", "tm"):
        result = runner.invoke(app, [game, "score", "-"], input=table)
        assert result.exit_code == 2 and result.stderr.startswith("error: -:players[0]."), result.stderr


def test_more_problems_are_a_sentence_of_their_own(tmp_path):
    doc = json.loads(json.dumps(SCORE_DOC))
    doc["players"][0]["foo"] = 1
    doc["players"][1]["vp"] = -1
    result = runner.invoke(app, ["tm", "score", _write(tmp_path, doc)])
    assert result.exit_code == 2
    assert "expected only name, faction, " in result.stderr
    first, second = result.stderr.strip().splitlines()
    assert first.endswith("jump_range") and second.strip().endswith("players[1].vp: expected a whole number of VP from 0 to 999, found -1")


def test_score_lists_every_problem_and_json_carries_them(tmp_path):
    bad = json.loads(json.dumps(SCORE_DOC))
    bad["players"][1].update(faction="mermaids", vp="x")
    del bad["players"][1]["network"]
    path = _write(tmp_path, bad, "table.json")
    result = runner.invoke(app, ["tm", "score", path])
    assert result.exit_code == 2
    lines = result.stderr.splitlines()
    assert lines[0].startswith("error: ") and all(line.startswith("  ") for line in lines[1:])
    for key in ("players[1].network", "players[1].vp", "players[1].faction"):
        assert sum(f"{path}:{key}: " in line for line in lines) == 1, key
    assert "more problem" not in result.stderr
    result = runner.invoke(app, ["tm", "score", path, "--json"])
    assert result.exit_code == 2
    out = json.loads(result.stdout)
    assert out["file"] == path and len(out["problems"]) == len(lines)
    assert {p["key_path"] for p in out["problems"]} >= {"players[1].network", "players[1].vp", "players[1].faction"}
    assert all(p["player"] == "Ben" for p in out["problems"])


def test_score_optional_counts_left_out_are_zero(tmp_path):
    """name, faction, vp, cults and network are required; coins, workers, priests and power default to 0."""
    doc = json.loads(json.dumps(SCORE_DOC))
    full = runner.invoke(app, ["tm", "score", _write(tmp_path, doc, "full.json"), "--json"])
    for p in doc["players"]:
        for key in ("coins", "workers", "priests", "power"):
            p.pop(key)
    bare = runner.invoke(app, ["tm", "score", _write(tmp_path, doc, "bare.json"), "--json"])
    assert bare.exit_code == 0 == full.exit_code
    assert [p["resource_vp"] for p in json.loads(bare.stdout)["players"]] == [0, 0]
    del doc["players"][0]["network"]
    result = runner.invoke(app, ["tm", "score", _write(tmp_path, doc, "nonet.json")])
    assert result.exit_code == 2 and "players[0].network: " in result.stderr
