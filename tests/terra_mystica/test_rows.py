"""The reference engine's command-rows form (issue 19, item 4): explicit digs, options, setup order, export."""

from __future__ import annotations

import json
import random
from pathlib import Path

from typer.testing import CliRunner

from companion.cli import app
from companion.terra_mystica import engine
from companion.terra_mystica import game as tm
from companion.terra_mystica.bots import make_bot, play_game
from companion.terra_mystica.engine.rows import command_rows, reference_options, setup_order
from tests.terra_mystica.oracle import Oracle, require_oracle

LEDGERS = Path(__file__).parent / "fixtures" / "ledgers"
WHEEL = ("yellow", "brown", "black", "blue", "green", "gray", "red")   # the rulebook's terrain cycle
HOME = {"witches": "green", "nomads": "yellow", "engineers": "gray"}


def _distance(a: str, b: str) -> int:
    d = abs(WHEEL.index(a) - WHEEL.index(b))
    return min(d, len(WHEEL) - d)


def test_spades_are_bought_with_dig_n_equal_to_the_terrain_cycle_distance():
    # a bot game of factions with the plain spade rule: every "dig N" written before a transform / build in
    # a row without an action giving spades must be the hand-counted distance on the terrain cycle
    states = play_game(tm.new_game(list(HOME)), [make_bot("random")] * 3, random.Random(5))
    text = command_rows(states[-1].game)
    colours = dict(engine.base_board().colour)
    checked = 0
    group: list[str] = []
    last = None
    for line in text.splitlines():
        who, sep, cmd = line.partition(": ")
        if not sep or who not in HOME:
            continue
        if who != last or cmd.startswith(("pass", "leech", "decline")):
            group = []
        last = who
        group.append(cmd)
        words = cmd.split()
        if words[0] in ("transform", "build") and words[1] in colours:
            target = words[3] if len(words) == 4 else HOME[who]
            digs = [int(g.split()[1]) for g in group[:-1] if g.startswith("dig ")]
            if digs and not any(g.startswith("action") for g in group) and colours[words[1]] != target:
                assert digs[-1] == _distance(colours[words[1]], target), (line, colours[words[1]])
                checked += 1
            colours[words[1]] = target
            group = [g for g in group if not g.startswith("dig ")]
    assert checked >= 3
    assert "dig " in engine.write_record(states[-1].game)


def test_fire_and_ice_factions_get_the_options_the_reference_names():
    assert reference_options([], ["acolytes", "yetis", "riverwalkers"], None) == [
        "fire-and-ice-factions/ice", "fire-and-ice-factions/variable_v5", "fire-and-ice-factions/volcano"]
    assert reference_options(["strict-leech"], ["witches"], None) == ["strict-leech"]


def test_volcano_picks_move_after_the_last_faction_is_seated_and_others_stay():
    rows = [("dragonlords", "setup"), ("dragonlords", "pick-color red"), ("icemaidens", "setup"),
            ("icemaidens", "pick-color gray"), ("icemaidens", "+FAV3"), ("witches", "setup"),
            ("witches", "build E7")]
    assert setup_order(rows) == [("dragonlords", "setup"), ("icemaidens", "setup"),
                                 ("icemaidens", "pick-color gray"), ("icemaidens", "+FAV3"), ("witches", "setup"),
                                 ("dragonlords", "pick-color red"), ("witches", "build E7")]


def test_export_rows_of_a_league_ledger_replays_in_the_reference_with_its_result(tmp_path):
    require_oracle()
    ledger = LEDGERS / "4pLeague_S1_D1L1_G2.ledger.txt"
    result = json.loads((LEDGERS / "4pLeague_S1_D1L1_G2.result.json").read_text(encoding="utf-8"))
    out = tmp_path / "game.rows"
    res = CliRunner().invoke(app, ["tm", "export", "--rows", str(ledger), "-o", str(out)])
    assert res.exit_code == 0, res.output
    text = out.read_text(encoding="utf-8")
    assert text.startswith("# players: ") and "\nsetup halflings\n" in text
    with Oracle() as oracle:
        verdict = oracle.judge(text)
    assert verdict.accepted and verdict.finished
    assert verdict.final_vp == {f["faction"]: f["final_vp"] for f in result["factions"]}


def test_export_without_a_form_is_refused_in_one_line(tmp_path):
    res = CliRunner().invoke(app, ["tm", "export", str(LEDGERS / "4pLeague_S1_D1L1_G2.ledger.txt")])
    assert res.exit_code == 2 and "--rows" in res.output


def _header_for_reference(record_text: str) -> str:
    # only the header lines change: the project's header (option / Round / Removing tile / Player lines)
    # becomes the reference's (# players, option, score, delete, final-scoring)
    from companion.terra_mystica.engine.rows import format_rows

    record = engine.read_record(record_text)
    seated = [r.faction for r in record.rows if r.typed and r.command == "setup"]
    header = format_rows(record.setup, [], final_scoring=record.setup.final_scoring,
                         players=[f"player{i}" for i in range(1, len(seated) + 1)])
    body = []
    for line in record_text.splitlines():
        who, sep, cmd = line.partition(": ")
        if sep and who in seated:
            body.append(f"setup {who}" if cmd == "setup" else line)
    return header + "\n".join(body) + "\n"


def test_the_play_notebooks_record_replays_in_the_reference_as_written():
    # a game saved the way the play notebook saves it (Session.record_text): its rows, unchanged, must get
    # the same verdict from the reference as the rows form (explicit digs and the reference's setup order are
    # already in the record itself)
    require_oracle()
    from companion.session import Session

    s = Session(tm, 3, seed=11, controllers=["random", "random", "random"])
    s.settle()
    assert tm.is_terminal(s.state)
    text = s.record_text()
    assert any(": dig " in line for line in text.splitlines())
    with Oracle() as oracle:
        as_written = oracle.judge(_header_for_reference(text))
        converted = oracle.judge(command_rows(engine.read_record(text)))
    assert (as_written.error, as_written.round, as_written.final_vp) == \
        (converted.error, converted.round, converted.final_vp)
    assert as_written.round >= 1


def test_export_errors_name_the_record_file(tmp_path):
    # an unreadable line, and a record the rows cannot be written for (another map than the base map): the
    # one-line error starts with the file, so a user converting a folder of records knows which one failed
    bad = tmp_path / "garbled.txt"
    bad.write_text("hello world\n", encoding="utf-8")
    fjords = tmp_path / "fjords.txt"
    fjords.write_text("map fjords\n" + (LEDGERS / "4pLeague_S1_D1L1_G2.ledger.txt").read_text(encoding="utf-8"),
                      encoding="utf-8")
    for record, why in ((bad, "line 1"), (fjords, "base map")):
        res = CliRunner().invoke(app, ["tm", "export", "--rows", str(record)])
        assert res.exit_code == 2 and "Traceback" not in res.output
        assert res.output.startswith(f"error: {record}:") and why in res.output, res.output


def test_export_players_must_name_every_seat_of_the_record(tmp_path):
    ledger = LEDGERS / "4pLeague_S1_D1L1_G2.ledger.txt"   # 4 seats: halflings, darklings, dwarves, mermaids
    out = tmp_path / "game.rows"
    for names in ("ann,bo", "a,b,c,d,e"):
        res = CliRunner().invoke(app, ["tm", "export", "--rows", str(ledger), "--players", names, "-o", str(out)])
        assert res.exit_code == 2 and not out.exists(), res.output
        assert str(ledger) in res.output and "4" in res.output and "Halflings" in res.output
    res = CliRunner().invoke(app, ["tm", "export", "--rows", str(ledger), "--players", "ann,bo,cy,di", "-o", str(out)])
    assert res.exit_code == 0, res.output
    assert out.read_text(encoding="utf-8").startswith("# players: ann,bo,cy,di\n")
