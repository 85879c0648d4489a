"""`companion magick score` and `companion magick odds`."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from companion.cli import app

runner = CliRunner()


def test_odds_json_issue_example():
    r = runner.invoke(app, ["magick", "odds", "--die", "d8", "--target", "5", "--craft", "--potions", "1", "--json"])
    assert r.exit_code == 0, r.output
    doc = json.loads(r.stdout)
    assert doc["probability"] == "5/8"
    assert doc["value"] == 0.625


def test_odds_research():
    r = runner.invoke(app, ["magick", "odds", "--die", "d12", "--target", "3", "--research", "--json"])
    assert json.loads(r.stdout)["probability"] == "1/4"


def test_odds_needs_one_side():
    r = runner.invoke(app, ["magick", "odds", "--die", "d8", "--target", "5", "--json"])
    assert r.exit_code == 2
    assert "--craft/--research" in r.stderr


def test_odds_bad_die():
    r = runner.invoke(app, ["magick", "odds", "--die", "d20", "--target", "5", "--craft"])
    assert r.exit_code == 2
    assert "--die" in r.stderr


def test_odds_bad_die_is_named_before_missing_craft_or_research():
    r = runner.invoke(app, ["magick", "odds", "--die", "d7", "--target", "5"])
    assert r.exit_code == 2
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: --die") and "'d7'" in lines[0]
    assert "--craft" not in lines[0]
    assert all(d in lines[0] for d in ("d6", "d8", "d10", "d12"))


def test_score_json(tmp_path):
    f = tmp_path / "t.json"
    f.write_text(json.dumps({"players": [{"name": "Ann", "crafting": 10, "orders": 8},
                                         {"name": "Bo", "research": 10, "mastery": 8}]}))
    r = runner.invoke(app, ["magick", "score", str(f), "--json"])
    assert r.exit_code == 0, r.output
    doc = json.loads(r.stdout)
    assert doc["winners"] == ["Ann", "Bo"]
    assert doc["players"][0] == {"name": "Ann", "crafting": 10, "research": 0, "orders": 8, "adventurer": 0,
                                 "mastery": 0, "charms": 0, "total": 18}


def test_score_stdin_and_bad_field():
    r = runner.invoke(app, ["magick", "score", "-", "--json"], input='{"players": [{"name": "A", "orders": "x"}]}')
    assert r.exit_code == 2
    assert "players[0].orders" in r.stderr


def test_score_missing_file():
    r = runner.invoke(app, ["magick", "score", "/nonexistent.json"])
    assert r.exit_code == 2
    assert "no such file" in r.stderr


def test_simulate_then_replay(tmp_path):
    out = tmp_path / "game.jsonl"
    r = runner.invoke(app, ["magick", "simulate", "--players", "3", "--bots", "greedy,random", "--seed", "4",
                            "--record", str(out), "--json"])
    assert r.exit_code == 0, r.output
    sim = json.loads(r.stdout)
    assert sim["bots"] == ["greedy", "random", "random"] and sim["over"]
    r2 = runner.invoke(app, ["magick", "replay", str(out), "--json"])
    assert r2.exit_code == 0, r2.output
    rep = json.loads(r2.stdout)
    assert rep["players"] == sim["players"] and rep["winners"] == sim["winners"]


def test_replay_bad_line_exits_2(tmp_path):
    f = tmp_path / "g.jsonl"
    f.write_text('{"kind": "magick-record", "players": ["A"], "adventurers": ["witch"], "mastery": '
                 '["steel_mastery", "wild_mastery"], "starting_potions": 0, "orders_per_player": 0}\n'
                 '{"type": "roll", "dice": {"d6": 1, "d8": 1, "d10": 1, "d12": 1}}\n'
                 '{"type": "place", "player": 0, "die": "d6", "circle": "sword.1"}\n')
    r = runner.invoke(app, ["magick", "replay", str(f)])
    assert r.exit_code == 2
    assert "line 3" in r.stderr and "crafting circle: needs a die" in r.stderr and "target_not_met" not in r.stderr


def test_simulate_bad_bot():
    r = runner.invoke(app, ["magick", "simulate", "--bots", "smart"])
    assert r.exit_code == 2 and "--bots" in r.stderr


def test_check_sheet(tmp_path):
    from companion.magick.sheet import default_sheet, save_sheet
    good = save_sheet(default_sheet().with_values(reconstruction=False, name="Mine"), tmp_path / "s.json")
    r = runner.invoke(app, ["magick", "check-sheet", str(good), "--json"])
    assert r.exit_code == 0 and json.loads(r.stdout)["reconstruction"] is False
    doc = json.loads(good.read_text())
    doc["groups"][0]["rows"][0]["gold"] = "lots"
    good.write_text(json.dumps(doc))
    r = runner.invoke(app, ["magick", "check-sheet", str(good)])
    assert r.exit_code == 2 and "groups[0].rows[0].gold" in r.stderr


def test_score_refuses_more_than_8_players_and_check_sheet_reads_stdin():
    import json as _json

    from typer.testing import CliRunner

    from companion.cli import app
    from companion.resources import data_text

    runner = CliRunner()
    doc = {"players": [{"name": f"P{i}", "crafting": 1} for i in range(9)]}
    result = runner.invoke(app, ["magick", "score", "-", "--json"], input=_json.dumps(doc))
    assert result.exit_code == 2 and "1 to 8 players, found 9" in result.output
    result = runner.invoke(app, ["magick", "check-sheet", "-"], input=data_text("magick/sheet.json"))
    assert result.exit_code == 0 and "valid" in result.output


def _mid_game_record(tmp_path, rounds: int = 2):
    import random

    from companion.magick import bots, record
    from companion.magick.engine import apply_action, chance_action, new_game

    rng = random.Random(2)
    state = new_game(["Ann", "Ben"], rng=rng)
    deck = state.deck
    greedy = [bots.GreedyBot(), bots.GreedyBot()]
    while state.round <= rounds:
        state = bots.play_round(state, greedy, rng)
    while state.phase != "craft":
        state = apply_action(state, chance_action(state, rng))
    path = tmp_path / "mid.jsonl"
    path.write_text(record.write_record(state, deck), encoding="utf-8")
    return path, state


def test_hint_names_up_to_three_legal_moves_of_the_player_to_act(tmp_path):
    from companion.magick import game
    from companion.magick.engine import legal_actions

    path, state = _mid_game_record(tmp_path)
    r = runner.invoke(app, ["magick", "hint", str(path), "--playouts", "2", "--json"])
    assert r.exit_code == 0, r.output
    doc = json.loads(r.stdout)
    assert doc["player"] == "Ann" and doc["round"] == 3
    assert 1 <= len(doc["moves"]) <= 3
    for m in doc["moves"]:
        action = game.parse_action(state, m["move"])
        assert action in legal_actions(state, 0) and m["playouts"] == 2
        assert m["why"].startswith(m["move_text"])
    # what ranks the moves is named, and the moves fall by it (not by the expected gold shown beside it)
    assert doc["ranked_by"] == "margin"
    margins = [m["margin"] for m in doc["moves"]]
    assert margins == sorted(margins, reverse=True)
    assert all("lead over the best opponent" in m["why"] for m in doc["moves"])
    r = runner.invoke(app, ["magick", "simulate", "--players", "2", "--record", str(tmp_path / "end.jsonl")])
    assert r.exit_code == 0
    r = runner.invoke(app, ["magick", "hint", str(tmp_path / "end.jsonl")])
    assert r.exit_code == 2 and "over" in r.stderr
    r = runner.invoke(app, ["magick", "hint", str(path), "--playouts", "0"])
    assert r.exit_code == 2 and "--playouts" in r.stderr


def test_hint_seconds_caps_the_playouts(tmp_path):
    """``--seconds`` caps the hint as the notebook's budget does: 200 playouts of each move cannot be made in
    0.05 s (a playout is a whole game to round 10), so fewer are, the same number for every move listed."""
    path, _state = _mid_game_record(tmp_path)
    r = runner.invoke(app, ["magick", "hint", str(path), "--playouts", "200", "--seconds", "0.05", "--json"])
    assert r.exit_code == 0, r.output
    made = {m["playouts"] for m in json.loads(r.stdout)["moves"]}
    assert len(made) == 1 and 1 <= made.pop() < 200
    r = runner.invoke(app, ["magick", "hint", str(path), "--seconds", "0"])
    assert r.exit_code == 2 and "--seconds" in r.stderr


def test_review_lists_every_move_with_expected_gold_and_drops_that_prefer_another_legal_move(tmp_path):
    from companion.magick import game
    from companion.magick.engine import legal_actions
    from companion.magick.record import read_record, replay_states

    path, state = _mid_game_record(tmp_path)
    r = runner.invoke(app, ["magick", "review", str(path), "--playouts", "1", "--json"])
    assert r.exit_code == 0, r.output
    doc = json.loads(r.stdout)
    states = replay_states(read_record(path.read_text(encoding="utf-8")))
    made = [(s, a) for s, a in zip(states, states[-1].history, strict=False)
            if game.current_player(s) != game.CHANCE]
    assert [m["action"] for m in doc["moves"]] == [game.action_text(s, a) for s, a in made]
    assert doc["players"] == ["Ann", "Ben"] and all(len(m["expected_gold"]) == 2 for m in doc["moves"])
    for d in doc["drops"]:
        before = made[d["move"] - 1][0]
        assert d["preferred"] != d["played"] and d["loss"] > 0
        assert game.parse_action(before, d["preferred_action"]) in legal_actions(before)
    r = runner.invoke(app, ["magick", "review", str(path), "--playouts", "0"])
    assert r.exit_code == 2 and "--playouts" in r.stderr


def test_hint_on_another_games_record_says_which_game_it_looks_like(tmp_path):
    """`companion magick hint` on a Century or Terra Mystica file said only "invalid JSON" (review 3, finding 9);
    the other two games' commands add "this looks like a ... record"."""
    for name, text, game in (("century.txt", "century-golem-edition record 1\nplayers 2\n", "Century: Golem Edition"),
                             ("tm.txt", "option errata-cultist-power\nwitches setup\n", "Terra Mystica"),
                             ("json.txt", '{"kind": "century-golem-edition record"}\n', None)):
        record = tmp_path / name
        record.write_text(text, encoding="utf-8")
        result = runner.invoke(app, ["magick", "hint", str(record)])
        assert result.exit_code == 2, result.output
        if game:
            assert f"this looks like a {game} record" in result.stderr, result.stderr
        else:
            assert "looks like" not in result.stderr and "header" in result.stderr, result.stderr


def test_simulate_record_that_cannot_be_written_names_the_option(tmp_path):
    (tmp_path / "a-file").write_text("", encoding="utf-8")
    target = tmp_path / "a-file" / "game.jsonl"   # its folder would be inside a file
    result = runner.invoke(app, ["magick", "simulate", "--record", str(target)])
    assert result.exit_code == 2 and "--record: " in result.stderr and "bug" not in result.stderr, result.stderr
