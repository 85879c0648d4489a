"""Issue 22, point 8: every name field refuses control characters and lone surrogates in the reader itself,
and the Terra Mystica auction refuses what a new game and ``tm score`` refuse (1 or 7 players, two factions
of one colour)."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from companion.century.record import HEADER, read_record
from companion.century.scoring import parse_table
from companion.errors import CompanionError
from companion.history import GameHistory
from companion.magick.scoring import validate_table as magick_table
from companion.terra_mystica.auction import auction_from_json, resolve_auction
from companion.terra_mystica.scoring import validate_table as tm_table
from companion.validation import TableError, name_problem
from tests.test_robust_cli import AUCTION, CENTURY, MAGICK, TM_TABLE, assert_bad_input, write

BAD_NAMES = ["\x00", "Ann\x00", "A\tB", "Ann\n", "\x1b[31mAnn", "Ann\x7f", "\ud800", "Ann\udfff"]
runner = CliRunner()


def _named(table: dict, name: str) -> dict:
    doc = json.loads(json.dumps(table))
    doc["players"][0]["name"] = name
    return doc


@pytest.mark.parametrize("name", BAD_NAMES)
@pytest.mark.parametrize("reader, table", [(tm_table, TM_TABLE), (parse_table, CENTURY), (magick_table, MAGICK)],
                         ids=["terra_mystica", "century", "magick"])
def test_each_games_table_reader_refuses_the_name(reader, table, name):
    with pytest.raises(TableError) as info:
        reader(_named(table, name))
    assert [p.key_path for p in info.value.problems] == ["players[0].name"]


@pytest.mark.parametrize("name", ["Ann", "Zoë", "王小明", "Ann 😀", "O'Brien-Smith"])
def test_printable_names_are_still_names(name):
    assert name_problem(name) is None
    tm_table(_named(TM_TABLE, name)), parse_table(_named(CENTURY, name)), magick_table(_named(MAGICK, name))


def test_a_lone_surrogate_is_refused_because_it_cannot_be_written():
    with pytest.raises(UnicodeEncodeError):
        "\ud800".encode("utf-8")  # the independent reason: a save or an export would fail later
    assert "surrogate" in name_problem("\ud800")


def test_century_score_refuses_a_nul_name_on_the_command_line(tmp_path):
    assert_bad_input(["century", "score", write(tmp_path, "t.json", _named(CENTURY, "\x00"))],
                     names="players[0].name")


def test_the_auction_reader_refuses_bad_player_names():
    for name in BAD_NAMES:
        bids = {name: AUCTION["max_bids"]["Ann"], "Ben": AUCTION["max_bids"]["Ben"]}
        with pytest.raises(CompanionError, match=r"players\[0\]"):
            resolve_auction(["witches", "nomads"], [name, "Ben"], bids)


def _auction(players: int, factions: list[str]) -> dict:
    names = [f"P{i}" for i in range(players)]
    return {"factions": factions, "players": names, "max_bids": {p: {f: 0 for f in factions} for p in names}}


@pytest.mark.parametrize("players", [1, 6, 7])
def test_the_auction_refuses_a_player_count_terra_mystica_is_not_played_by(tmp_path, players):
    factions = ["witches", "nomads", "halflings", "mermaids", "giants", "cultists", "darklings"][:players]
    doc = _auction(players, factions)
    with pytest.raises(CompanionError, match="2 to 5 players"):
        resolve_auction(**auction_from_json(doc))
    assert_bad_input(["tm", "auction", write(tmp_path, "a.json", doc)], names="2 to 5 players")


@pytest.mark.parametrize("pair", [("witches", "auren"), ("icemaidens", "yetis"), ("dragonlords", "acolytes"),
                                  ("shapeshifters", "riverwalkers")])
def test_the_auction_refuses_two_factions_of_one_colour_as_tm_score_does(tmp_path, pair):
    doc = _auction(2, list(pair))
    assert_bad_input(["tm", "auction", write(tmp_path, "a.json", doc)], names="factions")
    table = json.loads(json.dumps(TM_TABLE))
    table["players"][0]["faction"], table["players"][1]["faction"] = pair
    with pytest.raises(TableError):  # the same game refused by the score table
        tm_table(table)
    assert resolve_auction(**auction_from_json(_auction(2, [pair[0], "nomads"]))).assignments  # one of them is fine


def test_the_history_refuses_a_control_character_in_a_name_or_a_bot(tmp_path):
    history = GameHistory(tmp_path / "h.sqlite3")
    with pytest.raises(CompanionError, match="control characters"):
        history.add_game("century", _named(CENTURY, "Ann\x00"))
    history.add_game("century", CENTURY, bots=["greedy", None])
    document = history.export_document()
    document["games"][0]["players"][0]["bot"] = "greedy\x07"
    with pytest.raises(CompanionError, match=r"players\[0\]\.bot"):
        GameHistory(tmp_path / "other.sqlite3").import_document(document)


def test_a_century_record_refuses_a_control_character_in_a_name():
    with pytest.raises(CompanionError, match="control characters") as info:
        read_record(f"{HEADER}\nplayers 2\nname 1 Ann\x07\nname 2 Ben\n")
    assert info.value.line == 3


def test_a_magick_game_and_its_record_refuse_a_control_character_in_a_name():
    import random as _random

    from companion.magick.bots import GreedyBot, play_game
    from companion.magick.engine import new_game
    from companion.magick.record import read_record as read_magick
    from companion.magick.record import write_record

    with pytest.raises(CompanionError, match=r"players\[1\]"):
        new_game(["Ann", "B\x00b"])
    text = write_record(play_game(2, [GreedyBot(), GreedyBot()], _random.Random(2)))
    header = json.loads(text.splitlines()[0])
    header["players"][0] = "Ann\x1b"
    with pytest.raises(CompanionError, match="control characters"):
        read_magick("\n".join([json.dumps(header), *text.splitlines()[1:]]))


def test_a_century_game_refuses_a_control_character_in_a_name():
    from companion.century.game import new_game

    with pytest.raises(CompanionError, match=r"players\[0\]: expected a name without control characters"):
        new_game(["Ann\x00", "Ben"])
    assert new_game(["Ann", "Ben"]).names == ("Ann", "Ben")
