"""Every bad input of issue 11 exits 2 with one line ``error: ...`` naming the place; none is accepted.

Exit 1 stays reserved for a replay difference; no input gives a traceback.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from companion.cli import app

runner = CliRunner()
HERE = Path(__file__).resolve().parent

DEEP = "[" * 990 + "]" * 990
HUGE = "9" * 4400

TM_PLAYER = {"faction": "witches", "vp": 90, "cults": {"fire": 3, "water": 0, "earth": 0, "air": 0},
             "network": 5, "coins": 0, "workers": 0, "priests": 0, "power": [0, 0, 0]}
TM_TABLE = {"players": [dict(TM_PLAYER, name="Ann"), dict(TM_PLAYER, name="Ben", faction="nomads")]}
AUCTION = {"factions": ["witches", "nomads"], "players": ["Ann", "Ben"],
           "max_bids": {"Ann": {"witches": 5, "nomads": 2}, "Ben": {"witches": 3, "nomads": 4}}, "seed": 1}
CENTURY = {"players": [{"name": "Ann", "golems": [12, 14], "copper": 1},
                       {"name": "Ben", "golems": [20], "silver": 1}]}
MAGICK = {"players": [{"name": "Ann", "crafting": 10, "mastery": 8}, {"name": "Ben", "orders": 7, "mastery": 4}]}


def _sheet() -> dict:
    from companion.magick.sheet import default_sheet

    return default_sheet().to_dict()


def _magick_record() -> str:
    import random

    from companion.magick.bots import GreedyBot, play_game
    from companion.magick.record import write_record

    rng = random.Random(1)
    return write_record(play_game(2, [GreedyBot(), GreedyBot()], rng))


def assert_bad_input(args: list[str], *, names: str | None = None, text: str | None = None) -> str:
    """Run the command: exit 2, exactly one line on stderr starting 'error:', naming ``names``."""
    result = runner.invoke(app, args, input=text)
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert result.exit_code == 2, (result.exit_code, result.output)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    assert "Traceback" not in result.output
    if names is not None:
        assert names in lines[0], lines[0]
    return lines[0]


def write(tmp_path: Path, name: str, content: str | dict) -> str:
    path = tmp_path / name
    path.write_text(content if isinstance(content, str) else json.dumps(content), encoding="utf-8")
    return str(path)


JSON_COMMANDS = [(["tm", "score"], TM_TABLE), (["tm", "auction"], AUCTION), (["century", "score"], CENTURY),
                 (["magick", "score"], MAGICK), (["magick", "check-sheet"], None)]


@pytest.mark.parametrize("command, good", JSON_COMMANDS, ids=lambda c: " ".join(c) if isinstance(c, list) else "")
def test_the_good_documents_pass(tmp_path, command, good):
    doc = good if good is not None else _sheet()
    result = runner.invoke(app, [*command, write(tmp_path, "in.json", doc)])
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("command, good", JSON_COMMANDS, ids=lambda c: " ".join(c) if isinstance(c, list) else "")
@pytest.mark.parametrize("kind", ["deep", "huge-number", "duplicate-key", "lone-surrogate", "not-json", "nan"])
def test_json_inputs_refused_with_one_line(tmp_path, command, good, kind):
    doc = good if good is not None else _sheet()
    text = json.dumps(doc)
    if kind == "deep":
        text = DEEP
    elif kind == "huge-number":
        text = text.replace("}", f', "x": {HUGE}}}', 1)
    elif kind == "duplicate-key":
        text = "{" + text[1:].replace("{", '{"name": "a", "name": "b", ', 1) if "{" in text[1:] else '{"a":1,"a":2}'
    elif kind == "lone-surrogate":
        text = text.replace("}", ', "x": "\\ud800"}', 1)
    elif kind == "not-json":
        text = text[:-3]
    else:
        text = text.replace("}", ', "x": NaN}', 1)
    path = write(tmp_path, "bad.json", text)
    line = assert_bad_input([*command, path], names="bad.json")
    if kind in ("deep", "huge-number", "duplicate-key", "not-json", "nan"):
        assert "line " in line and "column " in line  # the place in the file


def test_stdin_is_read_the_same_way():
    assert_bad_input(["tm", "score", "-"], text=DEEP, names="-: line 1, column")
    assert_bad_input(["magick", "check-sheet", "-"], text='{"a": 1, "a": 2}', names="duplicate key")


def test_a_huge_file_is_refused_without_reading_it_all():
    assert_bad_input(["tm", "map", "/dev/zero"], names="larger than")
    assert_bad_input(["tm", "score", "/dev/zero"], names="larger than")


def test_not_utf8_names_line_and_column(tmp_path):
    path = tmp_path / "latin1.json"
    path.write_bytes(b'{"players": [\n  {"name": "Jos\xe9"}]}')
    assert_bad_input(["century", "score", str(path)], names="line 2, column 16: not UTF-8")


@pytest.mark.parametrize("key", ["where", "file"])
def test_magick_keys_that_clash_with_arguments(tmp_path, key):
    doc = {"players": [{"name": "A", key: 0}]}
    assert_bad_input(["magick", "score", write(tmp_path, "m.json", doc)], names=f"players[0].{key}: unknown key")


def test_lists_where_scalars_are_expected(tmp_path):
    sheet = _sheet()
    sheet["columns"][0]["allowed_dice"] = [[]]
    assert_bad_input(["magick", "check-sheet", write(tmp_path, "s.json", sheet)], names="columns[0].allowed_dice[0]")
    record = _magick_record().splitlines()
    header = json.loads(record[0])
    cases = {
        "type": [record[0], json.dumps({"type": []}), *record[1:]],
        "header players": [json.dumps(dict(header, players=[[]])), *record[1:]],
    }
    reveal = next(i for i, line in enumerate(record) if '"reveal"' in line and '"item"' in line)
    order = json.loads(record[reveal])
    order["order"]["prefix"] = []
    cases["prefix"] = record[:reveal] + [json.dumps(order)] + record[reveal + 1:]
    for name, lines in cases.items():
        path = write(tmp_path, f"{name.replace(' ', '_')}.jsonl", "\n".join(lines) + "\n")
        assert_bad_input(["magick", "replay", path], names="line ")
    deep = [record[0], DEEP, *record[1:]]
    assert_bad_input(["magick", "replay", write(tmp_path, "deep.jsonl", "\n".join(deep))], names="line 2")


def tm_table(changes: dict) -> dict:
    doc = json.loads(json.dumps(TM_TABLE))
    for (i, key), value in changes.items():
        doc["players"][i][key] = value
    return doc


@pytest.mark.parametrize("doc, names", [
    (tm_table({(1, "faction"): "alchemists", (0, "faction"): "darklings"}), "players[1].faction"),
    (tm_table({(1, "faction"): "yetis", (0, "faction"): "icemaidens"}), "players[1].faction"),
    (tm_table({(0, "cults"): {"fire": 10, "water": 0, "earth": 0, "air": 0},
                 (1, "cults"): {"fire": 10, "water": 0, "earth": 0, "air": 0}}), "players[1].cults.fire"),
    (tm_table({(0, "priests"): 50}), "players[0].priests"),
    (tm_table({(0, "vp"): 10 ** 100}), "line 1, column"),  # refused by the JSON reader already
    (tm_table({(0, "vp"): 10 ** 20}), "players[0].vp"),
    (tm_table({(0, "coin"): 3}), "players[0].coin: unknown key"),
    (tm_table({(0, "VP"): 3}), "did you mean 'vp'"),
    (tm_table({(0, "network"): 40}), "players[0].network"),
    (tm_table({(1, "name"): " Ann\u200b"}), "players[1].name"),
])
def test_impossible_tm_tables(tmp_path, doc, names):
    assert_bad_input(["tm", "score", write(tmp_path, "t.json", doc)], names=names)


def test_impossible_century_tables(tmp_path):
    four = {"players": [{"name": n} for n in "ABCD"]}
    four["players"][0]["golems"] = [6, 7, 8, 9, 10, 11]
    assert_bad_input(["century", "score", write(tmp_path, "c.json", four)], names="players[0].golems: 6 golems")
    four["players"][0]["golems"] = [6, 7, 8, 9, 10]  # five is the end trigger: possible
    assert runner.invoke(app, ["century", "score", write(tmp_path, "c.json", four)]).exit_code == 0
    for clash in ("A\u200b", " A", "A  ", "\ufeffA"):
        doc = {"players": [{"name": "A"}, {"name": clash}]}
        assert_bad_input(["century", "score", write(tmp_path, "c.json", doc)], names="players[1].name")


@pytest.mark.parametrize("players, names", [
    ([{"name": "A", "mastery": 5}, {"name": "B"}], "players[0].mastery"),
    ([{"name": "A", "mastery": {"material": 4}}, {"name": "B", "mastery": {"energy": 8}}], "players[1].mastery"),
    ([{"name": "A", "mastery": 4}, {"name": "B", "mastery": 4}], "players[1].mastery"),
    ([{"name": "A", "crafting": 3, "total": 5}, {"name": "B"}], "players[0].total"),
    ([{"name": "A", "adventurer": 7}, {"name": "B"}], "players[0].adventurer"),
])
def test_impossible_magick_tables(tmp_path, players, names):
    assert_bad_input(["magick", "score", write(tmp_path, "m.json", {"players": players})], names=names)


def test_text_records_with_odd_numbers(tmp_path):
    base = (HERE / "century/fixtures/short_game.txt").read_text(encoding="utf-8")
    for old, new in (("players 2", "players ²"), ("players 2", "players " + HUGE), ("P1 acquire 1", "P² acquire 1"),
                     ("P1 acquire 1", "P1 acquire " + HUGE)):
        path = write(tmp_path, "r.txt", base.replace(old, new, 1))
        assert_bad_input(["century", "replay", path], names="r.txt:line ")
    ledger = (HERE / "terra_mystica/fixtures/ledgers/4pLeague_S1_D1L1_G2.ledger.txt").read_text(encoding="utf-8")
    lines = ledger.splitlines()
    leech = next(i for i, line in enumerate(lines) if "Leech" in line)
    lines[leech] = lines[leech].replace("Leech 1", "Leech " + HUGE).replace("Leech 2", "Leech " + HUGE)
    assert_bad_input(["tm", "replay", write(tmp_path, "l.txt", "\n".join(lines))], names="line ")


def test_a_replay_difference_still_exits_1(tmp_path):
    ledger = (HERE / "terra_mystica/fixtures/ledgers/4pLeague_S1_D1L1_G2.ledger.txt").read_text(encoding="utf-8")
    lines = ledger.splitlines()
    row = next(i for i, line in enumerate(lines) if "\t\tbuild " in line and " VP" in line)
    vp = lines[row].split("\t")[2]
    lines[row] = lines[row].replace(vp, str(int(vp.split()[0]) + 1) + " VP", 1)
    result = runner.invoke(app, ["tm", "replay", write(tmp_path, "l.txt", "\n".join(lines) + "\n")])
    assert result.exit_code == 1, result.output


def test_other_options_that_read_files(tmp_path):
    deep = write(tmp_path, "deep.json", DEEP)
    assert_bad_input(["magick", "odds", "--die", "d8", "--target", "5", "--craft", "--sheet", deep], names="deep.json")
    assert_bad_input(["tm", "replay", str(HERE / "century/fixtures/short_game.txt"), "--map", "/dev/zero"],
                     names="larger than")
    assert_bad_input(["magick", "check-sheet", str(tmp_path)], names="folder")
    assert_bad_input(["century", "score", str(tmp_path / "missing.json")], names="no such file")


def test_an_impossible_circle_number_is_refused():
    assert_bad_input(["magick", "odds", "--die", "d8", "--target", "999", "--craft"], names="--target")
    assert_bad_input(["magick", "odds", "--die", "d8", "--target", "-5", "--research"], names="--target")


def test_an_unexpected_failure_is_one_line_not_a_traceback(monkeypatch, tmp_path):
    """The last guard: a bug met on odd input still gives one line and status 2 (not 1, not a traceback)."""
    import companion.magick.scoring as scoring

    def broken(doc, *, file=None):
        raise RecursionError("maximum recursion depth exceeded\nwhile calling a Python object")

    monkeypatch.setattr(scoring, "score_table", broken)
    line = assert_bad_input(["magick", "score", write(tmp_path, "m.json", MAGICK)], names="RecursionError")
    assert "bug in companion" in line


BIG = "99999999999999999999"


@pytest.mark.parametrize("args, option, limit", [
    (["century", "simulate", "--games", BIG], "--games", "1,000,000"),
    (["century", "simulate", "--games", "1000001"], "--games", "1,000,000"),
    (["century", "simulate", "--games", "-1"], "--games", "1,000,000"),
    (["century", "simulate", "--games", "1", "--workers", BIG], "--workers", "64"),
    (["century", "simulate", "--games", "1", "--workers", "0"], "--workers", "64"),
    (["century", "simulate", "--games", "1", "--players", BIG], "--players", "2 to 5"),
    (["tm", "simulate", "--games", BIG], "--games", "10,000"),
    (["tm", "simulate", "--games", "10001"], "--games", "10,000"),
    (["tm", "simulate", "--players", BIG], "--players", "2 to 5"),
    (["magick", "simulate", "--players", BIG], "--players", "1-8"),
    (["magick", "odds", "--die", "d8", "--target", "5", "--craft", "--potions", BIG], "--potions", "99"),
    (["magick", "odds", "--die", "d8", "--target", BIG, "--craft"], "--target", "from"),
])
def test_counts_have_an_upper_limit_said_in_help(args, option, limit):
    """A huge count is refused at once (exit 2, one line, the limit named), never run for days."""
    line = assert_bad_input(args, names=option)
    assert limit in line and len(line) < 200
    if option in ("--games", "--workers", "--potions"):
        helptext = " ".join(runner.invoke(app, [*args[:2], "--help"]).stdout.split())
        assert limit in helptext


def test_map_errors_name_the_file_first_and_quote_a_short_excerpt(tmp_path):
    """A huge token is quoted as 40 characters + '…'; the line names file, row and column (issue 7)."""
    long_line = "U,S," + "x" * 60_000
    path = write(tmp_path, "long.txt", "R,Y,U,K,B,G,S,I,R,Y,U,K,B\n" + long_line + "\n")
    line = assert_bad_input(["tm", "map", path], names=f"{path}: row 2, column 3: found 'xxxx")
    assert "x" * 40 + "…'" in line and "x" * 41 not in line and len(line) - len(path) < 300
    huge = write(tmp_path, "huge.txt", "U,S," + "x" * 200_000 + "\n")
    line = assert_bad_input(["tm", "map", huge], names=f"{huge}: larger than")
    assert len(line) - len(huge) < 300
    line = assert_bad_input(["tm", "map", "-"], text="U,S,Q\n", names="-: row 1, column 3: found 'Q'")
    bad_words = write(tmp_path, "words.txt", "blue " + "y" * 5000 + " E\n")
    line = assert_bad_input(["tm", "map", bad_words], names=f"{bad_words}: row 1, column 2")
    assert len(line) - len(bad_words) < 300


@pytest.mark.parametrize("doc", [
    '{"' + "k" * 100_000 + '": 1, "' + "k" * 100_000 + '": 2}',  # duplicate key
    json.dumps({"players": [dict(TM_PLAYER, name="Ann", **{"z" * 100_000: 1}),
                            dict(TM_PLAYER, name="Ben", faction="nomads")]}),  # unknown key
    json.dumps({"players": [dict(TM_PLAYER, name="Ann", faction="w" * 100_000),
                            dict(TM_PLAYER, name="Ben", faction="nomads")]}),  # unknown faction
    json.dumps({"kind": "k" * 100_000, "players": [dict(TM_PLAYER, name="Ann"),
                                                   dict(TM_PLAYER, name="Ben", faction="nomads")]}),
])
def test_json_errors_never_echo_a_whole_huge_token(tmp_path, doc):
    line = assert_bad_input(["tm", "score", write(tmp_path, "t.json", doc)], names="t.json")
    assert len(line) - len(str(tmp_path)) < 400, line


def test_the_readme_score_table_examples_score_and_help_points_to_them(tmp_path):
    import re

    readme = (HERE.parent / "README.md").read_text(encoding="utf-8")
    section = readme.split("### Score table files", 1)[1].split("\n## ", 1)[0]
    examples = re.findall(r"```json\n(.*?)```", section, re.DOTALL)
    assert len(examples) == 3
    for group, text in zip(["tm", "century", "magick"], examples, strict=True):
        result = runner.invoke(app, [group, "score", write(tmp_path, f"{group}.json", text), "--json"])
        assert result.exit_code == 0, (group, result.output)
        assert len(json.loads(result.stdout)["players"]) == 2
        helptext = " ".join(runner.invoke(app, [group, "score", "--help"]).stdout.split())
        assert "Score table files" in helptext and '"players"' in helptext


@pytest.mark.parametrize("game", ["tm", "century", "magick"])
@pytest.mark.parametrize("command", ["hint", "review", "replay"])
def test_every_record_error_names_the_file(tmp_path, game, command):
    # an empty record, and one that reads but cannot be replayed: the message names the file either way
    from typer.testing import CliRunner

    from companion.cli import app

    for text in ("", "garbage\n"):
        path = tmp_path / "empty.txt"
        path.write_text(text, encoding="utf-8")
        args = [game, command, str(path)] + (["--playouts", "1"] if game == "magick" and command != "replay" else [])
        result = CliRunner().invoke(app, args)
        assert result.exit_code == 2, result.output
        assert str(path) in result.stderr and "Traceback" not in result.output, result.stderr
