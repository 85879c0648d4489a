"""The game history (companion.history): add, list, export/import with re-scoring, schema migrations, kills."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from companion.errors import CompanionError
from companion.history import (
    EXPORT_KIND,
    MIGRATIONS,
    PARTS,
    SCHEMA_VERSION,
    GameHistory,
    data_dir,
    history_path,
    migrate,
    score_game,
)

ROOT = Path(__file__).resolve().parents[1]
TM_GAMES = ROOT / "tests" / "terra_mystica" / "fixtures" / "ledgers"

CENTURY = {"players": [
    {"name": "Ann", "golems": [12, 14], "copper": 1, "crystals": {"green": 1}},
    {"name": "Ben", "golems": [20, 8], "silver": 1, "crystals": {"pink": 2, "yellow": 3}},
    {"name": "Cy", "golems": [9, 10], "copper": 2},
]}
MAGICK = {"players": [
    {"name": "Ann", "crafting": 20, "research": 9, "orders": 14, "adventurer": 5, "mastery": 8, "charms": 2},
    {"name": "Dee", "crafting": 24, "research": 6, "orders": 12, "adventurer": 4, "mastery": 12, "charms": 0},
]}


def tm_real_game(name: str = "4pLeague_S1_D1L1_G2") -> tuple[dict, dict]:
    """A real league game's end position as a ``tm score`` table, and the game's published result."""
    result = json.loads((TM_GAMES / f"{name}.result.json").read_text(encoding="utf-8"))
    table = {"players": [{"name": f["player"], "faction": f["faction"], "vp": f["vp_before_final_scoring"],
                          "cults": {k.lower(): v for k, v in f["final_cult_positions"].items()},
                          "network": f["network_size"]} for f in result["factions"]]}
    return table, result


def test_data_dir_rule(monkeypatch, tmp_path):
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path / "mine"))
    assert history_path() == tmp_path / "mine" / "history.sqlite3"
    monkeypatch.delenv("COMPANION_DATA_DIR")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert data_dir() == tmp_path / "xdg" / "companion"
    monkeypatch.delenv("XDG_DATA_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert data_dir() == tmp_path / "home" / ".local" / "share" / "companion"


def test_reading_an_absent_history_creates_nothing():
    history = GameHistory()
    assert history.list_games() == [] and history.wins() == {}
    assert not history.path.exists()
    assert history.export_document() == {"kind": EXPORT_KIND, "version": 1, "games": []}


def test_each_game_kind_is_scored_by_its_own_rules():
    century = score_game("century", CENTURY)
    # Ann 26 + 3 + 1 = 30, Ben 28 + 1 + 2 (yellow scores nothing) = 31, Cy 19 + 6 = 25
    assert [p["total"] for p in century] == [30, 31, 25]
    assert [p["parts"] for p in century][1] == {"golems": 28, "coins": 1, "crystals": 2}
    assert [p["winner"] for p in century] == [False, True, False]
    magick = score_game("magick", MAGICK)
    assert [p["total"] for p in magick] == [58, 58]
    assert all(p["winner"] for p in magick)  # equal gold shares the win
    table, result = tm_real_game()
    tm = score_game("terra_mystica", table)
    assert [p["total"] for p in tm] == [f["final_vp"] for f in result["factions"]]
    assert [p["faction"] for p in tm if p["winner"]] == [result["winner"]]
    assert all(tuple(p["parts"]) == PARTS["terra_mystica"] for p in tm)


def test_add_and_list_keep_everything_about_a_game():
    history = GameHistory()
    table, result = tm_real_game()
    added = history.add_game("terra_mystica", table, date="2026-11-02")
    history.add_game("century", CENTURY, date="2026-11-01", bots=[None, "planner", None])
    history.add_game("magick", MAGICK)
    games = history.list_games()
    assert [g["game"] for g in games][:2] == ["century", "terra_mystica"]  # oldest first
    tm = games[1]
    assert tm["id"] == added["id"] and tm["date"] == "2026-11-02" and tm["table"] == table
    assert [p["faction"] for p in tm["players"]] == [f["faction"] for f in result["factions"]]
    assert [p["name"] for p in tm["players"]] == [f["player"] for f in result["factions"]]
    winner_seat = [f["faction"] for f in result["factions"]].index(result["winner"])
    assert tm["winners"] == [result["factions"][winner_seat]["player"]]
    assert [p["bot"] for p in games[0]["players"]] == [None, "planner", None]
    assert [g["game"] for g in history.list_games("magick")] == ["magick"]
    wins = history.wins()
    assert wins["Ann"] == 1 and wins["Dee"] == 1 and wins["Ben"] == 1 and wins["Cy"] == 0


@pytest.mark.parametrize(("game", "table", "where"), [
    ("century", {"players": [{"name": "Ann", "golems": [5]}, {"name": "Ben"}]}, "players[0].golems"),
    ("magick", {"players": [{"name": "Ann", "orders": -1}]}, "players[0].orders"),
    ("terra_mystica", {"players": [{"name": "Ann", "faction": "witches", "vp": 1, "network": 1,
                                    "cults": {"fire": 11, "water": 0, "earth": 0, "air": 0}},
                                   {"name": "Ben", "faction": "nomads", "vp": 1, "network": 1,
                                    "cults": {"fire": 0, "water": 0, "earth": 0, "air": 0}}]}, "players[0].cults.fire"),
    ("terra_mystica", {"players": [{"name": "\u200b", "faction": "witches", "vp": 1, "network": 1,
                                    "cults": {"fire": 1, "water": 0, "earth": 0, "air": 0}},
                                   {"name": "Ben", "faction": "nomads", "vp": 1, "network": 1,
                                    "cults": {"fire": 0, "water": 0, "earth": 0, "air": 0}}]}, "players[0].name"),
    ("chess", {"players": []}, "game"),
])
def test_a_refused_table_adds_nothing(game, table, where):
    history = GameHistory()
    with pytest.raises(CompanionError, match=where.replace("[", r"\[").replace("]", r"\]")):
        history.add_game(game, table)
    assert history.list_games() == []


def test_bad_date_and_bots_are_refused():
    history = GameHistory()
    with pytest.raises(CompanionError, match="date"):
        history.add_game("magick", MAGICK, date="2026-02-30")
    with pytest.raises(CompanionError, match="bots"):
        history.add_game("magick", MAGICK, bots=["greedy"])
    assert history.list_games() == []


def test_export_then_import_round_trips_and_skips_games_already_there(tmp_path):
    first = GameHistory(tmp_path / "a.sqlite3")
    first.add_game("century", CENTURY)
    first.add_game("magick", MAGICK, date="2026-10-31")
    first.add_game("terra_mystica", tm_real_game()[0])
    out = tmp_path / "export.json"
    assert first.export(out) == 3
    second = GameHistory(tmp_path / "b.sqlite3")
    assert second.import_file(out) == (3, 0)
    assert second.import_file(out) == (0, 3)
    strip = [{k: v for k, v in g.items() if k != "id"} for g in second.list_games()]
    assert strip == [{k: v for k, v in g.items() if k != "id"} for g in first.list_games()]


def _exported(tmp_path) -> dict:
    history = GameHistory(tmp_path / "src.sqlite3")
    history.add_game("century", CENTURY)
    history.add_game("terra_mystica", tm_real_game()[0])
    return history.export_document()


@pytest.mark.parametrize(("mutate", "message"), [
    (lambda d: d["games"][1]["players"][2].__setitem__("total", 999), r"games\[1\]\.players\[2\]\.total"),
    (lambda d: d["games"][0]["players"][0]["parts"].__setitem__("coins", 4), r"games\[0\]\.players\[0\]\.parts\.coins"),
    (lambda d: d["games"][0].__setitem__("winners", ["Ann"]), r"games\[0\]\.winners"),
    (lambda d: d["games"][0]["players"][1].__setitem__("winner", 1), r"games\[0\]\.players\[1\]\.winner"),
    (lambda d: d["games"][1]["table"]["players"][0]["cults"].__setitem__("air", 12),
     r"games\[1\]\.table: .*players\[0\]\.cults\.air"),
    (lambda d: d["games"][0].__setitem__("date", "yesterday"), r"games\[0\]\.date"),
    (lambda d: d["games"][0].__setitem__("game", "go"), r"games\[0\]\.game"),
    (lambda d: d["games"][0].__setitem__("score", 1), r"games\[0\]: unknown key 'score'"),
    (lambda d: d["games"][0]["players"].pop(), r"games\[0\]\.players"),
    (lambda d: d["games"].append(json.loads(json.dumps(d["games"][0]))), r"games\[2\]\.uid"),
    (lambda d: d.__setitem__("kind", "century-score"), "kind"),
    (lambda d: d.__setitem__("games", {}), "games"),
])
def test_import_refuses_a_file_whose_breakdown_does_not_match_its_table(tmp_path, mutate, message):
    document = _exported(tmp_path)
    mutate(document)
    target = GameHistory(tmp_path / "target.sqlite3")
    target.add_game("magick", MAGICK)
    with pytest.raises(CompanionError, match=message):
        target.import_document(document, source="mine.json")
    assert len(target.list_games()) == 1  # all or nothing


def test_import_of_unreadable_json_names_the_place(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"kind": "companion-history",\n "games": [}', encoding="utf-8")
    with pytest.raises(CompanionError, match=r"bad.json: line 2, column \d+: invalid JSON"):
        GameHistory().import_file(bad)


# --------------------------------------------------------------------------- schema and migrations
def _version1_file(path: Path) -> None:
    """A history as the first schema wrote it: games only, the breakdown as JSON."""
    with sqlite3.connect(path, isolation_level=None) as conn:
        assert migrate(conn, target=1) == 1
        players = score_game("century", CENTURY)
        for p in players:
            p["bot"] = None
        conn.execute("INSERT INTO games (uid, played_on, game, table_json, result_json, saved_at) "
                     "VALUES (?, ?, ?, ?, ?, ?)", ("a" * 32, "2026-10-01", "century", json.dumps(CENTURY),
                                                   json.dumps(players), "2026-10-01T20:00:00+00:00"))
    conn.close()


def test_migration_from_version_1_keeps_every_game_and_fills_the_player_rows(tmp_path):
    path = tmp_path / "old.sqlite3"
    _version1_file(path)
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == 1
        assert conn.execute("SELECT name FROM sqlite_master WHERE name = 'players'").fetchone() is None
    conn.close()
    history = GameHistory(path)
    games = history.list_games()
    assert SCHEMA_VERSION == len(MIGRATIONS) == 2
    assert [g["uid"] for g in games] == ["a" * 32]
    assert history.wins() == {"Ben": 1, "Ann": 0, "Cy": 0}  # read from the new players table
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        assert conn.execute("SELECT COUNT(*) FROM players").fetchone()[0] == 3
    conn.close()
    history.add_game("magick", MAGICK)
    assert len(history.list_games()) == 2


def test_a_newer_or_foreign_file_is_refused_and_left_untouched(tmp_path):
    newer = tmp_path / "newer.sqlite3"
    with sqlite3.connect(newer) as conn:
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.close()
    before = newer.read_bytes()
    with pytest.raises(CompanionError, match="newer companion"):
        GameHistory(newer).list_games()
    assert newer.read_bytes() == before
    foreign = tmp_path / "notes.sqlite3"
    foreign.write_text("shopping list\n" * 100)
    with pytest.raises(CompanionError, match="not a readable game history"):
        GameHistory(foreign).add_game("magick", MAGICK)
    assert foreign.read_text() == "shopping list\n" * 100


# --------------------------------------------------------------------------- kill mid-write
_WRITER = """
import sys
from companion.history import GameHistory
history = GameHistory(sys.argv[1])
table = {"players": [{"name": "Ann", "golems": [12], "copper": 1}, {"name": "Ben", "golems": [14]}]}
for i in range(100000):
    record = history.add_game("century", table)
    print(record["id"], flush=True)
"""


def test_a_writer_killed_mid_write_loses_no_saved_game_and_leaves_no_half_game(tmp_path):
    path = tmp_path / "history.sqlite3"
    proc = subprocess.Popen([sys.executable, "-c", _WRITER, str(path)], stdout=subprocess.PIPE, text=True,
                            cwd=ROOT, env=dict(os.environ))
    confirmed = 0
    deadline = time.monotonic() + 60
    while confirmed < 25 and time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            break
        confirmed = int(line)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    # the writer may have committed and printed more games between our last read and the kill: every id it
    # printed is a commit it saw, so read what is left in the pipe before counting
    printed = [int(line) for line in proc.stdout.read().split()]
    proc.stdout.close()
    assert confirmed >= 25, "the writer did not get going"
    confirmed = max([confirmed, *printed])
    history = GameHistory(path)
    games = history.list_games()
    # every game the writer saw committed is there; at most the one in flight is added besides
    assert confirmed <= len(games) <= confirmed + 1
    assert all(len(g["players"]) == 2 and g["winners"] == ["Ann"] for g in games)
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert conn.execute("SELECT COUNT(*) FROM players").fetchone()[0] == 2 * len(games)
    conn.close()
    # SQLite's rollback journal is its own recovery record: a hot one is rolled back by the first reader,
    # an empty one is dropped by the next write; either way nothing stays behind once the history is used
    history.add_game("magick", MAGICK)
    assert len(history.list_games()) == len(games) + 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["history.sqlite3"]


def test_a_table_that_is_not_json_values_is_refused():
    with pytest.raises(CompanionError, match="table: expected a score table of JSON values"):
        GameHistory().add_game("magick", {"players": [{"name": "Ann", "orders": float("nan")}]})
    with pytest.raises(CompanionError, match="table"):
        GameHistory().add_game("magick", {"players": [{"name": object()}]})


# --------------------------------------------------------------------------- random damage to an export
_EXPORT_CACHE: dict[str, dict] = {}


def _an_export() -> dict:
    if not _EXPORT_CACHE:
        import tempfile

        with tempfile.TemporaryDirectory() as tmp:
            history = GameHistory(Path(tmp) / "h.sqlite3")
            history.add_game("century", CENTURY)
            history.add_game("magick", MAGICK)
            history.add_game("terra_mystica", tm_real_game()[0])
            _EXPORT_CACHE["doc"] = history.export_document()
    return json.loads(json.dumps(_EXPORT_CACHE["doc"]))


def _paths(node, prefix=()):
    yield prefix
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _paths(value, (*prefix, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _paths(value, (*prefix, i))


from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

_JUNK = st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6), st.text(max_size=5),
                  st.lists(st.integers(), max_size=2), st.dictionaries(st.text(max_size=3), st.integers(), max_size=2))


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_a_damaged_export_is_either_imported_whole_or_refused_with_a_companion_error(data):
    document = _an_export()
    paths = [p for p in _paths(document) if p]
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(paths))
        parent = document
        try:
            for key in path[:-1]:
                parent = parent[key]
            if data.draw(st.booleans()) and isinstance(parent, dict):
                del parent[path[-1]]
            else:
                parent[path[-1]] = data.draw(_JUNK)
        except (KeyError, IndexError, TypeError):
            continue  # an earlier change removed this place
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        history = GameHistory(Path(tmp) / "history.sqlite3")
        try:
            added, skipped = history.import_document(document, source="damaged.json")
        except CompanionError as exc:
            assert str(exc).startswith("damaged.json")
            assert history.list_games() == []  # nothing half-imported
            return
        games = history.list_games()
    assert added == len(games) and skipped == 0
    for record in games:  # whatever was accepted is consistent with its own table
        assert [p["total"] for p in record["players"]] == [p["total"] for p in score_game(record["game"], record["table"])]
