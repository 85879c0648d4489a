"""`companion century score | simulate | replay` through typer's CliRunner."""

import json
import random
import re

from typer.testing import CliRunner

from companion.century import sample_action
from companion.century.record import GameLog, write_record
from companion.cli import app

runner = CliRunner()

SCORE_DOC = {"players": [
    {"name": "A", "golems": [12, 14], "copper": 1, "silver": 0,
     "crystals": {"yellow": 2, "green": 1, "blue": 0, "pink": 3}},
    {"name": "B", "golems": [16, 9], "copper": 0, "silver": 2, "crystals": {"yellow": 5, "blue": 1}},
]}


def test_score_json(tmp_path):
    f = tmp_path / "table.json"
    f.write_text(json.dumps(SCORE_DOC))
    result = runner.invoke(app, ["century", "score", str(f), "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    # A: 26 + 3 + 4 = 33; B: 25 + 2 + 1 = 28
    assert out == {"players": [
        {"name": "A", "golem_vp": 26, "coin_vp": 3, "crystal_vp": 4, "total": 33},
        {"name": "B", "golem_vp": 25, "coin_vp": 2, "crystal_vp": 1, "total": 28}], "winner": "A"}


def test_score_tie_text_and_stdin():
    doc = {"players": [{"name": "A", "golems": [10]}, {"name": "B", "golems": [10]}]}
    result = runner.invoke(app, ["century", "score", "-"], input=json.dumps(doc))
    assert result.exit_code == 0
    assert "winner: B" in result.stdout and "later player" in result.stdout


def test_score_bad_input_exits_2_naming_the_place(tmp_path):
    f = tmp_path / "bad.json"
    f.write_text(json.dumps({"players": [{"name": "A", "crystals": {"red": 1}}, {"name": "B"}]}))
    result = runner.invoke(app, ["century", "score", str(f), "--json"])
    assert result.exit_code == 2
    assert "players[0].crystals.red" in result.stderr and "bad.json" in result.stderr
    f.write_text("{oops")
    result = runner.invoke(app, ["century", "score", str(f)])
    assert result.exit_code == 2 and "line 1" in result.stderr
    result = runner.invoke(app, ["century", "score", str(tmp_path / "missing.json")])
    assert result.exit_code == 2 and "no such file" in result.stderr


def test_simulate_json():
    result = runner.invoke(app, ["century", "simulate", "--players", "3", "--games", "4", "--seed", "2", "--json",
                                 "--no-progress"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    for key in ("games", "seconds", "games_per_second", "mean_turns", "wins_by_seat"):
        assert key in out
    assert out["games"] == 4 and len(out["wins_by_seat"]) == 3 and sum(out["wins_by_seat"]) == 4
    again = json.loads(runner.invoke(app, ["century", "simulate", "--players", "3", "--games", "4", "--seed", "2",
                                           "--json", "--no-progress"]).stdout)
    assert again["wins_by_seat"] == out["wins_by_seat"] and again["mean_turns"] == out["mean_turns"]


def test_simulate_mixed_bots():
    result = runner.invoke(app, ["century", "simulate", "--players", "2", "--games", "2", "--bots",
                                 "random,greedy", "--json", "--no-progress"])
    assert result.exit_code == 0, result.output
    assert set(json.loads(result.stdout)["win_rate_by_bot"]) == {"random", "greedy"}


def test_simulate_bad_input_exits_2():
    result = runner.invoke(app, ["century", "simulate", "--players", "7", "--games", "1"])
    assert result.exit_code == 2 and "--players" in result.stderr
    result = runner.invoke(app, ["century", "simulate", "--bots", "chess", "--games", "1"])
    assert result.exit_code == 2 and "unknown bot 'chess'" in result.stderr


def test_simulate_zero_games_is_refused():
    result = runner.invoke(app, ["century", "simulate", "--games", "0", "--no-progress"])
    assert result.exit_code == 2 and result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: --games") and "not 0" in lines[0]


def test_replay(tmp_path):
    rng = random.Random(4)
    log = GameLog(2, ("Ann", "Bob"))
    while not log.state.finished:
        log.apply(sample_action(log.state, rng))
    f = tmp_path / "game.txt"
    f.write_text(write_record(log.record()))
    result = runner.invoke(app, ["century", "replay", str(f), "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert out["finished"] is True and out["actions"] == len(log.actions) and out["turns"] == log.state.turn
    assert [p["name"] for p in out["players"]] == ["Ann", "Bob"]
    text = runner.invoke(app, ["century", "replay", str(f)])
    assert "winner:" in text.stdout


def test_replay_bad_line_exits_2(tmp_path):
    f = tmp_path / "bad.txt"
    f.write_text("century-golem-edition record 1\nplayers 2\nP1 rest\n")
    result = runner.invoke(app, ["century", "replay", str(f)])
    assert result.exit_code == 2 and "line 3" in result.stderr and "bad.txt" in result.stderr


def test_replay_hand_checked_fixture():
    from pathlib import Path

    path = Path(__file__).parent / "fixtures" / "short_game.txt"
    result = runner.invoke(app, ["century", "replay", str(path), "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    # Ann: golem 6 + 1 copper (3); Ben: 1 blue crystal. The game is not over, so no winner yet.
    assert [p["total"] for p in out["players"]] == [9, 1]
    assert out["finished"] is False and out["winner"] is None and out["turns"] == 12


def _fixture_record() -> str:
    from pathlib import Path

    return str(Path(__file__).parent / "fixtures" / "short_game.txt")


def test_hint_json_lists_three_legal_moves_of_the_seat_to_act():
    from companion.century.actions import parse_action
    from companion.century.engine import legal_actions
    from companion.century.record import read_record, replay

    path = _fixture_record()
    result = runner.invoke(app, ["century", "hint", path, "--json", "--seconds", "2"])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    final = replay(read_record(open(path, encoding="utf-8").read()))[-1]
    assert doc["seat"] == final.current and doc["player"] == "Ann"
    assert len(doc["moves"]) == 3
    values = [m["expected_vp"] for m in doc["moves"]]
    assert values == sorted(values, reverse=True)
    legal = legal_actions(final)
    for m in doc["moves"]:
        assert parse_action(m["action"]) in legal and m["line"][0] == m["action"] and m["reason"]


def test_review_json_has_a_value_per_move_and_marks_drops_of_the_movers():
    path = _fixture_record()
    result = runner.invoke(app, ["century", "review", path, "--json", "--seconds", "0.2"])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert doc["players"] == ["Ann", "Ben"]
    assert len(doc["expected_final_vp"]) == len(doc["moves"]) + 1
    assert all(len(row) == 2 for row in doc["expected_final_vp"])
    seats = {m["move"]: m["seat"] for m in doc["moves"]}
    assert doc["drops"] and all(seats[d["move"]] == d["seat"] and d["loss"] > 0 for d in doc["drops"])
    assert all(sum(1 for d in doc["drops"] if d["seat"] == s) <= 3 for s in (0, 1))


def test_hint_on_a_bad_record_exits_2(tmp_path):
    f = tmp_path / "bad.txt"
    f.write_text("century-golem-edition record 1\nplayers 2\nfly away\n", encoding="utf-8")
    result = runner.invoke(app, ["century", "hint", str(f)])
    assert result.exit_code == 2 and "error" in result.stderr


def test_hint_on_a_finished_game_names_the_file(tmp_path):
    record = tmp_path / "finished.txt"
    result = runner.invoke(app, ["century", "simulate", "--games", "1", "--players", "2", "--record", str(record),
                                 "--no-progress"])
    assert result.exit_code == 0, result.output
    result = runner.invoke(app, ["century", "hint", str(record)])
    assert result.exit_code == 2 and "finished.txt" in result.stderr and "over" in result.stderr, result.stderr


def test_hint_on_a_magick_record_says_so_with_an_excerpt(tmp_path):
    record = tmp_path / "mag.jsonl"
    result = runner.invoke(app, ["magick", "simulate", "--record", str(record)])
    assert result.exit_code == 0, result.output
    first_line = record.read_text(encoding="utf-8").splitlines()[0]
    result = runner.invoke(app, ["century", "hint", str(record)])
    assert result.exit_code == 2
    assert "this looks like a Merchants of Magick record" in result.stderr, result.stderr
    assert first_line not in result.stderr and first_line[:30] in result.stderr   # an excerpt, not the whole line


def test_review_names_the_merchant_card_an_acquisition_takes_as_the_notebook_does():
    """`century review` said "acquire the merchant card at position 1" where the notebook names the card; the
    card is the one lying at that position of the market row when the move was made (read from the replay)."""
    from companion.century.actions import Acquire, parse_action
    from companion.century.cards import load_cards, merchant_card_name
    from companion.century.describe import move_states
    from companion.century.record import read_record, replay

    path = _fixture_record()
    states = move_states(replay(read_record(open(path, encoding="utf-8").read())))
    doc = json.loads(runner.invoke(app, ["century", "review", path, "--json", "--seconds", "0.2"]).stdout)
    text = runner.invoke(app, ["century", "review", path, "--seconds", "0.2"]).stdout
    lines = {int(line.split(",")[0].split()[1]): line for line in text.splitlines() if line.startswith("move ")}
    cards = load_cards().merchants_by_id
    acquisitions = 0
    for d in doc["drops"]:
        for key in ("action", "preferred"):
            action = parse_action(d[key])
            if isinstance(action, Acquire):
                name = merchant_card_name(cards[states[d["move"] - 1].market[action.position - 1]])
                assert name in d[key + "_text"] and name in lines[d["move"]], (name, lines[d["move"]])
                acquisitions += 1
        assert "the merchant card at position" not in lines[d["move"]]
    assert acquisitions >= 2   # the fixture's review has acquisitions both made and preferred


def test_a_hint_reason_does_not_name_again_the_card_its_move_takes():
    """The hint and review said "acquire X at position 3 ...: takes X and the 2 yellow lying on it": every
    acquisition and claim open in the fixture game, told in words with its reason, names its card once."""
    from companion.century.actions import Acquire, Claim
    from companion.century.cards import load_cards, merchant_card_name
    from companion.century.describe import describe_at, move_states
    from companion.century.engine import legal_actions
    from companion.century.record import read_record, replay
    from companion.century.search import explain_line, golem_label

    cards = load_cards().merchants_by_id
    checked = set()
    for state in move_states(replay(read_record(open(_fixture_record(), encoding="utf-8").read()))):
        for action in legal_actions(state):
            if isinstance(action, Acquire):
                name = merchant_card_name(cards[state.market[action.position - 1]])
            elif isinstance(action, Claim):
                name = golem_label(state.golem_row[action.position - 1])
            else:
                continue
            shown = f"{describe_at(state, action)}: {explain_line(state, [action])}"
            assert shown.count(name) == 1, shown
            checked.add(type(action))
    assert checked == {Acquire, Claim}


def _record_cut_before_a_merchant_reveal(tmp_path):
    """A simulated game's record, cut right after the acquire that empties a market slot (the next line of the
    whole record reveals the merchant card that refills it)."""
    whole = tmp_path / "whole.txt"
    result = runner.invoke(app, ["century", "simulate", "--games", "1", "--players", "3", "--record", str(whole),
                                 "--no-progress"])
    assert result.exit_code == 0, result.output
    lines = whole.read_text(encoding="utf-8").splitlines()
    cut = next(i for i, line in enumerate(lines) if " acquire " in line and i + 1 < len(lines)
               and lines[i + 1].startswith("reveal merchant "))
    partial = tmp_path / "partial.txt"
    partial.write_text("\n".join(lines[:cut + 1]) + "\n", encoding="utf-8")
    return partial, cut + 1, lines[cut + 1]


def test_hint_on_a_record_stopping_before_a_reveal_names_the_line_and_the_line_to_add(tmp_path):
    partial, last_line, next_line = _record_cut_before_a_merchant_reveal(tmp_path)
    result = runner.invoke(app, ["century", "hint", str(partial)])
    assert result.exit_code == 2
    assert f"partial.txt: the record stops after line {last_line}, where a merchant card" in result.stderr, \
        result.stderr
    suggested = re.search(r"'(reveal merchant M\d\d)'", result.stderr).group(1)
    # the line it suggests reads, as the game's own next line does: either makes the hint work
    for added in (suggested, next_line):
        partial.write_text(partial.read_text(encoding="utf-8") + added + "\n", encoding="utf-8")
        assert runner.invoke(app, ["century", "hint", str(partial), "--seconds", "0.1"]).exit_code == 0
        partial.write_text("\n".join(partial.read_text(encoding="utf-8").splitlines()[:-1]) + "\n",
                           encoding="utf-8")
    # review reads such a record (its moves so far) as before
    assert runner.invoke(app, ["century", "review", str(partial), "--seconds", "0.05"]).exit_code == 0


def test_hint_before_a_reveal_is_explained_in_chinese(tmp_path):
    partial, last_line, _next = _record_cut_before_a_merchant_reveal(tmp_path)
    result = runner.invoke(app, ["--lang", "zh_CN", "century", "hint", str(partial)])
    assert result.exit_code == 2
    assert f"partial.txt：记录在第 {last_line} 行之后结束" in result.stderr and "'reveal merchant M" in result.stderr


def test_simulate_record_in_a_folder_that_cannot_be_made_names_the_option(tmp_path):
    (tmp_path / "a-file").write_text("", encoding="utf-8")
    target = tmp_path / "a-file" / "game.txt"   # its folder would be inside a file
    result = runner.invoke(app, ["century", "simulate", "--games", "1", "--record", str(target), "--no-progress"])
    assert result.exit_code == 2 and "--record: " in result.stderr and "bug" not in result.stderr, result.stderr
    assert not target.parent.is_dir()
