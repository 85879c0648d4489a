"""Every reader of user input raises only CompanionError, whatever it is given (issue 11).

Each reader is driven by hypothesis with random input and with mutations of a shipped fixture (a value
replaced by any JSON value, a key dropped or added, a list item duplicated; for text formats a line
dropped, duplicated or swapped, or characters inserted). The property: the reader returns, or raises a
:class:`~companion.errors.CompanionError`; nothing else escapes (no TypeError, RecursionError, bare
ValueError ...). ``max_examples`` stays modest so the whole file runs in well under a minute.

Readers covered (one test each): jsonio.loads, jsonio.read_text, TM map text (parse_map), TM score table,
TM auction, TM ledger / command log replay, Century score table, Century game record, Magick score table,
Magick game record, Magick sheet, save files (read_save + each score app's loader).
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.errors import CompanionError

HERE = Path(__file__).resolve().parent
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                             HealthCheck.data_too_large])

# ---------------------------------------------------------------------------------------------- strategies
KEYS = ["players", "name", "faction", "vp", "cults", "fire", "water", "earth", "air", "network", "coins",
        "workers", "priests", "power", "extra", "extra_category", "golems", "copper", "silver", "crystals",
        "yellow", "green", "blue", "pink", "crafting", "research", "orders", "adventurer", "mastery", "charms",
        "total", "kind", "version", "factions", "max_bids", "seed", "type", "where", "file", "columns",
        "allowed_dice", "groups", "rows", "circles", "target", "prefix", "map", "golem_texts", "VP", "coin"]

scalars = st.one_of(
    st.none(), st.booleans(),
    st.integers(min_value=-3, max_value=30), st.integers(), st.integers(min_value=10 ** 20, max_value=10 ** 40),
    st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=12),
    st.sampled_from(["witches", "mermaids", "giants", "icemaidens", "yetis", "Ann", "Ann\u200b", " Ann", "d8",
                     "", "steel", "ıſ", "\U0001F600", "fire", "blue"]),
)
json_values = st.recursive(
    scalars,
    lambda children: st.one_of(st.lists(children, max_size=4),
                               st.dictionaries(st.one_of(st.sampled_from(KEYS), st.text(max_size=6)), children,
                                               max_size=4)),
    max_leaves=12)


def _paths(doc: Any, prefix: tuple = ()) -> list[tuple]:
    out = [prefix]
    if isinstance(doc, dict):
        for k, v in doc.items():
            out += _paths(v, prefix + (k,))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            out += _paths(v, prefix + (i,))
    return out


def _get(doc: Any, path: tuple) -> Any:
    for k in path:
        doc = doc[k]
    return doc


@st.composite
def mutated(draw: st.DrawFn, original: Any, rounds: int = 3) -> Any:
    """``original`` with 1..rounds random edits (replace a node, drop/add a key, duplicate a list item)."""
    doc = copy.deepcopy(original)
    for _ in range(draw(st.integers(1, rounds))):
        paths = _paths(doc)
        path = draw(st.sampled_from(paths))
        action = draw(st.sampled_from(["replace", "drop", "add", "dup"]))
        if not path:
            if action == "replace":
                doc = draw(json_values)
            continue
        parent = _get(doc, path[:-1])
        key = path[-1]
        if action == "replace":
            parent[key] = draw(json_values)
        elif action == "drop":
            del parent[key]
        elif action == "add" and isinstance(parent, dict):
            parent[draw(st.sampled_from(KEYS))] = draw(json_values)
        elif action == "dup" and isinstance(parent, list):
            parent.insert(key, copy.deepcopy(parent[key]))
    return doc


@st.composite
def mutated_text(draw: st.DrawFn, text: str, rounds: int = 3) -> str:
    """``text`` with 1..rounds line edits: drop, duplicate, swap, or insert random characters in a line."""
    lines = text.splitlines()
    for _ in range(draw(st.integers(1, rounds))):
        if not lines:
            lines = [draw(st.text(max_size=20))]
            continue
        i = draw(st.integers(0, len(lines) - 1))
        action = draw(st.sampled_from(["drop", "dup", "swap", "insert", "replace_word"]))
        if action == "drop":
            del lines[i]
        elif action == "dup":
            lines.insert(i, lines[i])
        elif action == "swap":
            j = draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
        elif action == "insert":
            pos = draw(st.integers(0, len(lines[i])))
            extra = draw(st.one_of(st.text(max_size=5), st.sampled_from(["9" * 5000, "[" * 200, "\x00", "²", "٣",
                                                                          '"', "{", "-1", "ſ"])))
            lines[i] = lines[i][:pos] + extra + lines[i][pos:]
        else:
            words = lines[i].split(" ")
            k = draw(st.integers(0, len(words) - 1))
            words[k] = draw(st.one_of(st.text(max_size=6), st.sampled_from(["99999999999999999999999", "-1", "0",
                                                                             "²", "[]", "{}", "null"])))
            lines[i] = " ".join(words)
    return "\n".join(lines) + "\n"


def only_companion_errors(fn, *args, **kwargs) -> None:
    try:
        fn(*args, **kwargs)
    except CompanionError:
        pass


# ---------------------------------------------------------------------------------------------- fixtures
TM_TABLE = {"players": [
    {"name": "Ann", "faction": "mermaids", "vp": 107, "cults": {"fire": 8, "water": 5, "earth": 8, "air": 8},
     "network": 12, "coins": 3, "workers": 1, "priests": 0, "power": [4, 1, 1]},
    {"name": "Ben", "faction": "witches", "vp": 99, "cults": {"fire": 10, "water": 2, "earth": 3, "air": 4},
     "network": 14, "coins": 0, "workers": 2, "priests": 1, "power": [0, 5, 3]}]}
AUCTION = {"factions": ["witches", "nomads", "mermaids"], "players": ["Ann", "Ben"],
           "max_bids": {"Ann": {"witches": 5, "nomads": 2, "mermaids": 0},
                        "Ben": {"witches": 3, "nomads": 4, "mermaids": 1}}, "seed": 1}
CENTURY_TABLE = {"players": [
    {"name": "Ann", "golems": [12, 14], "copper": 1, "silver": 0, "crystals": {"yellow": 2, "green": 1, "pink": 3}},
    {"name": "Ben", "golems": [20, 6], "copper": 0, "silver": 1, "crystals": {}}]}
MAGICK_TABLE = {"players": [{"name": "Ann", "crafting": 10, "research": 7, "orders": 12, "adventurer": 5,
                             "mastery": 8, "charms": 4, "total": 46},
                            {"name": "Ben", "crafting": 9, "mastery": 4}]}
LEDGER = "\n".join((HERE / "terra_mystica/fixtures/ledgers/4pLeague_S1_D1L1_G2.ledger.txt")
                   .read_text(encoding="utf-8").splitlines()[:80]) + "\n"
CENTURY_RECORD = (HERE / "century/fixtures/short_game.txt").read_text(encoding="utf-8")
MAP_TEXT = (HERE / "terra_mystica/fixtures/maps/base.txt").read_text(encoding="utf-8")
def _sheet() -> dict:
    from companion.magick.sheet import default_sheet

    return default_sheet().to_dict()  # the shipped sheet, in the user sheet file format


SHEET = _sheet()


def _magick_record() -> str:
    import random

    from companion.magick.bots import GreedyBot, RandomBot, play_game
    from companion.magick.record import write_record

    rng = random.Random(3)
    state = play_game(2, [GreedyBot(), RandomBot(rng)], rng)
    return write_record(state)


MAGICK_RECORD = _magick_record()


# ---------------------------------------------------------------------------------------------- the readers
def tm_score(doc: Any) -> None:
    from companion.terra_mystica.cli_rules import score_document

    score_document(doc, file="t.json")


def tm_auction(doc: Any) -> None:
    from companion.terra_mystica.cli_rules import auction_document

    auction_document(doc, file="a.json")


def tm_ledger(text: str) -> None:
    from companion.terra_mystica.engine.replay import read_record, replay

    replay(read_record(text, file="l.txt"))


def tm_map(text: str) -> None:
    from companion.terra_mystica.cli_map import map_summary

    map_summary(text)


def century_score(doc: Any) -> None:
    from companion.century.scoring import score_table, validate_table

    score_table(validate_table(doc, file="c.json"))


def century_record(text: str) -> None:
    from companion.century.record import read_record, replay

    replay(read_record(text, file="r.txt"))


def magick_score(doc: Any) -> None:
    from companion.magick.scoring import score_table

    score_table(doc, file="m.json")


def magick_record(text: str) -> None:
    from companion.magick.record import read_record, replay

    replay(read_record(text, file="r.jsonl"))


def magick_sheet(doc: Any) -> None:
    from companion.magick.sheet import sheet_from_dict

    sheet_from_dict(doc, file="s.json")


def test_fixtures_are_accepted_as_they_are():
    """The mutations start from input the readers accept, so the suite exercises deep validation too."""
    tm_score(TM_TABLE)
    tm_auction(AUCTION)
    century_score(CENTURY_TABLE)
    magick_score(MAGICK_TABLE)
    tm_ledger(LEDGER)
    century_record(CENTURY_RECORD)
    magick_record(MAGICK_RECORD)
    magick_sheet(SHEET)
    tm_map(MAP_TEXT)


@SETTINGS
@given(st.one_of(st.text(max_size=200), st.binary(max_size=200).map(lambda b: b.decode("latin-1")),
                 json_values.map(json.dumps)))
def test_jsonio_loads(text):
    from companion.jsonio import loads

    only_companion_errors(loads, text, file="x.json")


@SETTINGS
@given(st.binary(max_size=300))
def test_jsonio_read_text(tmp_path_factory, data):
    from companion.jsonio import read_text

    path = tmp_path_factory.mktemp("bytes") / "in.txt"
    path.write_bytes(data)
    only_companion_errors(read_text, path)


@pytest.mark.parametrize("reader, fixture", [
    (tm_score, TM_TABLE), (tm_auction, AUCTION), (century_score, CENTURY_TABLE), (magick_score, MAGICK_TABLE),
    (magick_sheet, SHEET),
], ids=["tm-score", "tm-auction", "century-score", "magick-score", "magick-sheet"])
def test_json_readers_with_random_and_mutated_documents(reader, fixture):
    @SETTINGS
    @given(st.one_of(json_values, mutated(fixture)))
    def run(doc):
        only_companion_errors(reader, doc)

    run()


@pytest.mark.parametrize("reader, fixture", [
    (tm_ledger, LEDGER), (century_record, CENTURY_RECORD), (magick_record, MAGICK_RECORD), (tm_map, MAP_TEXT),
], ids=["tm-ledger", "century-record", "magick-record", "tm-map"])
def test_text_readers_with_random_and_mutated_text(reader, fixture):
    @settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
    @given(st.one_of(st.text(max_size=80), mutated_text(fixture)))
    def run(text):
        only_companion_errors(reader, text)

    run()


@SETTINGS
@given(st.one_of(json_values, mutated(json.loads(MAGICK_RECORD.splitlines()[0])),
                 mutated(json.loads(MAGICK_RECORD.splitlines()[1]))))
def test_magick_record_lines_with_mutated_json(doc):
    """One line of a Magick record replaced by a mutated header or action (e.g. ``{"type": []}``)."""
    lines = MAGICK_RECORD.splitlines()
    for k in (0, 1):
        text = "\n".join(lines[:k] + [json.dumps(doc)] + lines[k + 1:]) + "\n"
        only_companion_errors(magick_record, text)


@pytest.mark.parametrize("kind, fixture, loader", [
    ("terra-mystica-score", TM_TABLE, "tm"), ("century-score", CENTURY_TABLE, "century"),
    ("magick-score", MAGICK_TABLE, "magick"),
])
def test_saves_with_random_and_mutated_documents(tmp_path_factory, kind, fixture, loader):
    """read_save and then each score app's own loader (the widget's ``_load``) only raise CompanionError."""
    from companion.savefile import read_save

    @settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
    @given(st.one_of(json_values, mutated(dict(fixture, kind=kind))), st.sampled_from(["json", "deep", "huge"]))
    def run(doc, style):
        path = tmp_path_factory.mktemp("save") / "save.json"
        text = json.dumps(doc)
        if style == "deep":
            text = "[" * 500 + text + "]" * 500
        elif style == "huge":
            text = text.replace("0", "9" * 4400, 1)
        path.write_text(text, encoding="utf-8")
        try:
            document = read_save(path, kind=kind)
        except CompanionError:
            return
        if document is not None:
            only_companion_errors(_app_loader(loader), document)

    run()


def _app_loader(game: str):
    if game == "tm":
        from companion.terra_mystica.scoring import validate_table

        return lambda doc: validate_table(doc, partial=True)
    if game == "century":
        from companion.century.scoring import validate_table as century

        return century
    from companion.magick.scoring import validate_table as magick

    return magick
