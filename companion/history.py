"""The game history: every finished game saved from the scoreboard app or ``companion ... score --save``.

Where it lives
--------------
One SQLite file, ``history.sqlite3``, in the user's data folder (:func:`data_dir`):

1. ``$COMPANION_DATA_DIR`` when set (tests point it at a temporary folder);
2. else ``$XDG_DATA_HOME/companion`` when ``XDG_DATA_HOME`` is set;
3. else ``~/.local/share/companion``.

The app and ``companion history list`` show the path. Reading a history that does not exist yet
creates nothing; the file and its folder are made by the first saved game.

What is kept per game
---------------------
A record (the shape :meth:`GameHistory.list_games` returns and :meth:`GameHistory.export_document` writes)::

    {"uid": "3f2a...", "date": "2026-11-30", "game": "century",
     "table": {...the score table exactly as the game's score command reads it...},
     "players": [{"name": "Ann", "faction": None, "bot": None,
                  "parts": {"golems": 26, "coins": 3, "crystals": 2}, "total": 31, "winner": True}, ...],
     "winners": ["Ann"], "saved_at": "2026-11-30T20:14:03+00:00"}

``game`` is one of :data:`GAMES`. ``parts`` are the game's own itemised parts (:data:`PARTS`), in VP
(Terra Mystica, Century) or gold (Merchants of Magick). ``faction`` is the Terra Mystica faction key
(``None`` in the other games); ``bot`` names the bot that played a seat (``None`` for a person). The
breakdown is never typed by hand: :func:`score_game` computes it with each game's own scoring code
(:mod:`companion.terra_mystica.scoring`, :mod:`companion.century.scoring`,
:mod:`companion.magick.scoring`), and an imported file is re-scored the same way and refused when its
parts, totals or winners disagree.

Safety
------
Every change is one SQLite transaction (a game and its players together, a whole import together), so a
process killed mid-write leaves the history as it was before that write. The schema is versioned with
``PRAGMA user_version`` and upgraded in place by :data:`MIGRATIONS` (each step in its own transaction); a
file written by a newer ``companion`` is refused, not changed.

Errors are :class:`~companion.errors.CompanionError` naming the file, the entry (``games[3]``) and the field
(``players[1].total``).
"""

from __future__ import annotations

import json
import os
import re
import sqlite3
import uuid
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import closing, contextmanager
from datetime import UTC, datetime
from datetime import date as Date
from pathlib import Path
from typing import Any

from companion.errors import CompanionError
from companion.i18n import LazyString, lazy_gettext
from companion.i18n import gettext as _
from companion.jsonio import quoted
from companion.validation import name_problem

__all__ = ["EXPORT_KIND", "GAMES", "GAME_TITLES", "MIGRATIONS", "PARTS", "SCHEMA_VERSION", "GameHistory",
           "data_dir", "faction_stats", "history_path", "player_stats", "score_game"]

#: The games a history record can hold, by key.
GAMES: tuple[str, ...] = ("terra_mystica", "century", "magick")
#: How each game is named on screen.
GAME_TITLES: dict[str, LazyString] = {"terra_mystica": lazy_gettext("Terra Mystica"),
                                      "century": lazy_gettext("Century: Golem Edition"),
                                      "magick": lazy_gettext("Merchants of Magick")}
#: The itemised parts of a final score, per game, in the order the score commands print them.
PARTS: dict[str, tuple[str, ...]] = {
    "terra_mystica": ("before final scoring", "fire", "water", "earth", "air", "network", "extra", "resources"),
    "century": ("golems", "coins", "crystals"),
    "magick": ("crafting", "research", "orders", "adventurer", "mastery", "charms"),
}
#: ``"kind"`` of an exported history file.
EXPORT_KIND = "companion-history"
EXPORT_VERSION = 1
FILE_NAME = "history.sqlite3"
_RECORD_KEYS = ("uid", "date", "game", "table", "players", "winners", "saved_at")
_PLAYER_KEYS = ("name", "faction", "bot", "parts", "total", "winner")
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


# --------------------------------------------------------------------------- where
def data_dir() -> Path:
    """The user's data folder for ``companion`` (see the module docstring for the rule).

    Returns
    -------
    pathlib.Path
        ``$COMPANION_DATA_DIR``, else ``$XDG_DATA_HOME/companion``, else ``~/.local/share/companion``
        (``~`` expanded). The folder may not exist yet.
    """
    env = os.environ.get("COMPANION_DATA_DIR")
    if env:
        return Path(env).expanduser()
    xdg = os.environ.get("XDG_DATA_HOME")
    if xdg:
        return Path(xdg).expanduser() / "companion"
    return Path.home() / ".local" / "share" / "companion"


def history_path() -> Path:
    """The history file: ``history.sqlite3`` in :func:`data_dir`."""
    return data_dir() / FILE_NAME


# --------------------------------------------------------------------------- scoring
def _score_century(table: Any) -> list[dict[str, Any]]:
    from companion.century.scoring import score_table, validate_table

    result = score_table(validate_table(table, file=None))
    return [{"name": line.name, "faction": None,
             "parts": {"golems": line.golem_vp, "coins": line.coin_vp, "crystals": line.crystal_vp},
             "total": line.total, "winner": i == result.winner_index}
            for i, line in enumerate(result.lines)]


def _score_magick(table: Any) -> list[dict[str, Any]]:
    from companion.magick.scoring import PARTS as MAGICK_PARTS
    from companion.magick.scoring import score_table

    result = score_table(table)
    winners = set(result["winners"])
    return [{"name": p["name"], "faction": None, "parts": {part: p[part] for part in MAGICK_PARTS},
             "total": p["total"], "winner": p["name"] in winners} for p in result["players"]]


def _score_terra_mystica(table: Any) -> list[dict[str, Any]]:
    from companion.terra_mystica.factions import get_faction
    from companion.terra_mystica.scoring import validate_table

    result = validate_table(table).score()  # the checks ``companion tm score`` makes
    winners = set(result.winners)
    out, names = [], set()
    for i, p in enumerate(result.players):
        name = p.name.strip() if p.name and p.name.strip() else get_faction(p.faction).display
        if name in names:
            raise CompanionError(_("players[{i}].name: two players are called {name}; give each a different name").format(i=i, name=quoted(name)))
        names.add(name)
        out.append({"name": name, "faction": p.faction, "parts": dict(p.parts()), "total": p.final_vp,
                    "winner": p.faction in winners})
    return out


_SCORERS: dict[str, Callable[[Any], list[dict[str, Any]]]] = {
    "terra_mystica": _score_terra_mystica, "century": _score_century, "magick": _score_magick}


def score_game(game: str, table: Any) -> list[dict[str, Any]]:
    """Score a finished game's table with that game's own scoring code.

    Parameters
    ----------
    game : str
        One of :data:`GAMES`.
    table : dict
        The score table exactly as the game's score command reads it (``companion tm score``,
        ``companion century score``, ``companion magick score``): ``{"players": [...]}``.

    Returns
    -------
    list of dict
        One per player, in table order: ``name`` (Terra Mystica: the faction's name when none is typed),
        ``faction`` (Terra Mystica faction key, else ``None``), ``parts`` (``{part: VP or gold}`` for the
        game's :data:`PARTS`), ``total`` and ``winner`` (bool; several on a shared win, Century's tie-break
        already applied).

    Raises
    ------
    CompanionError
        For an unknown game or a table the game's scoring refuses (the message names the field).
    """
    if game not in _SCORERS:
        raise CompanionError(_("game: expected one of {games}, found {game}").format(games=', '.join(GAMES), game=quoted(game)))
    return _SCORERS[game](table)


# --------------------------------------------------------------------------- schema
def _v1(conn: sqlite3.Connection) -> None:
    """Version 1: one row per game, the breakdown kept as JSON."""
    conn.execute("""CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        uid TEXT NOT NULL UNIQUE,
        played_on TEXT NOT NULL,
        game TEXT NOT NULL,
        table_json TEXT NOT NULL,
        result_json TEXT NOT NULL,
        saved_at TEXT NOT NULL)""")


def _v2(conn: sqlite3.Connection) -> None:
    """Version 2: one row per player too (name, faction, bot, total, winner), filled from version 1's JSON,
    so wins per player and per faction are plain queries."""
    conn.execute("""CREATE TABLE players (
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        name TEXT NOT NULL,
        faction TEXT,
        bot TEXT,
        total INTEGER NOT NULL,
        winner INTEGER NOT NULL,
        PRIMARY KEY (game_id, seat))""")
    conn.execute("CREATE INDEX players_by_name ON players(name)")
    rows = conn.execute("SELECT id, result_json FROM games").fetchall()
    for game_id, result_json in rows:
        for seat, p in enumerate(json.loads(result_json)):
            conn.execute("INSERT INTO players VALUES (?, ?, ?, ?, ?, ?, ?)",
                         (game_id, seat, p["name"], p.get("faction"), p.get("bot"), p["total"], int(p["winner"])))


#: Schema steps: ``MIGRATIONS[k]`` turns version ``k`` into version ``k + 1`` (0 = an empty file).
MIGRATIONS: tuple[Callable[[sqlite3.Connection], None], ...] = (_v1, _v2)
#: The schema version this code writes.
SCHEMA_VERSION = len(MIGRATIONS)


def _user_version(conn: sqlite3.Connection) -> int:
    return int(conn.execute("PRAGMA user_version").fetchone()[0])


def migrate(conn: sqlite3.Connection, *, target: int = SCHEMA_VERSION, path: str = "") -> int:
    """Bring an open history database up to schema version ``target``, one step per transaction.

    Parameters
    ----------
    conn : sqlite3.Connection
        Opened with ``isolation_level=None`` (each step manages its own transaction).
    target : int
        The version wanted (tests build an old file with a smaller one).
    path : str
        Named in errors.

    Returns
    -------
    int
        The version the file is at now.

    Raises
    ------
    CompanionError
        When the file's version is newer than this code knows (it is left unchanged).
    """
    version = _user_version(conn)
    if version > SCHEMA_VERSION:
        raise CompanionError(_("{path}: the game history was written by a newer companion (schema {version}, this one reads up to {schema_version}); it was left untouched").format(path=path, version=version, schema_version=SCHEMA_VERSION))
    while version < target:
        conn.execute("BEGIN IMMEDIATE")
        try:
            if _user_version(conn) == version:  # another process may have migrated meanwhile
                MIGRATIONS[version](conn)
                conn.execute(f"PRAGMA user_version = {version + 1}")
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        version = _user_version(conn)
    return version


# --------------------------------------------------------------------------- validation of records
def _check_date(value: Any, where: str) -> str:
    if not isinstance(value, str) or not _DATE.match(value):
        raise CompanionError(_("{where}date: expected a date as YYYY-MM-DD, found {value}").format(where=where, value=quoted(value)))
    try:
        Date.fromisoformat(value)
    except ValueError:
        raise CompanionError(_("{where}date: {value} is not a calendar date").format(where=where, value=quoted(value))) from None
    return value


def _check_bots(bots: Any, count: int, where: str) -> list[str | None]:
    if bots is None:
        return [None] * count
    if not isinstance(bots, Sequence) or isinstance(bots, str) or len(bots) != count:
        raise CompanionError(_("{where}bots: expected one entry per player ({count}), a bot name or null").format(where=where, count=count))
    out = []
    for i, bot in enumerate(bots):
        if bot is not None and (not isinstance(bot, str) or not bot.strip()):
            raise CompanionError(_("{where}players[{i}].bot: expected a bot name or null, found {bot}").format(where=where, i=i, bot=quoted(bot)))
        problem = name_problem(bot) if bot is not None else None
        if problem:
            raise CompanionError(_("{where}players[{i}].bot: {problem}").format(where=where, i=i, problem=problem))
        out.append(bot)
    return out


def _check_record(entry: Any, where: str) -> dict[str, Any]:
    """Validate one exported record and re-score its table; the checked record (breakdown recomputed)."""
    if not isinstance(entry, dict):
        raise CompanionError(_("{where}: expected an object with {record_keys}").format(where=where, record_keys=', '.join(_RECORD_KEYS)))
    unknown = sorted(set(entry) - set(_RECORD_KEYS))
    if unknown:
        raise CompanionError(_("{where}: unknown key {unknown}; expected {record_keys}").format(where=where, unknown=quoted(unknown[0]), record_keys=', '.join(_RECORD_KEYS)))
    for key in ("date", "game", "table", "players"):
        if key not in entry:
            raise CompanionError(_("{where}.{key}: missing").format(where=where, key=key))
    prefix = where + "."
    date = _check_date(entry["date"], prefix)
    game = entry["game"]
    if game not in GAMES:
        raise CompanionError(_("{prefix}game: expected one of {games}, found {game}").format(prefix=prefix, games=', '.join(GAMES), game=quoted(game)))
    try:
        scored = score_game(game, entry["table"])
    except CompanionError as exc:
        raise CompanionError(_("{prefix}table: {exc}").format(prefix=prefix, exc=exc)) from None
    stored = entry["players"]
    if not isinstance(stored, list) or len(stored) != len(scored):
        raise CompanionError(_("{prefix}players: expected the breakdown of the {n_scored} players of the table").format(prefix=prefix, n_scored=len(scored)))
    bots = []
    for i, (mine, theirs) in enumerate(zip(scored, stored, strict=True)):
        at = f"{prefix}players[{i}]"
        if not isinstance(theirs, dict):
            raise CompanionError(_("{at}: expected an object with {player_keys}").format(at=at, player_keys=', '.join(_PLAYER_KEYS)))
        extra = sorted(set(theirs) - set(_PLAYER_KEYS))
        if extra:
            raise CompanionError(_("{at}: unknown key {extra}; expected {player_keys}").format(at=at, extra=quoted(extra[0]), player_keys=', '.join(_PLAYER_KEYS)))
        for key in ("name", "faction", "total", "winner"):
            if key == "faction" and key not in theirs:
                continue
            value = theirs.get(key)
            if key not in theirs or value != mine[key] or type(value) is not type(mine[key]):
                raise CompanionError(_("{at}.{key}: the file says {value}, but the table scores {mine}").format(at=at, key=key, value=quoted(value), mine=quoted(mine[key])))
        parts = theirs.get("parts")
        if not isinstance(parts, dict) or set(parts) != set(mine["parts"]):
            raise CompanionError(_("{at}.parts: expected {parts}").format(at=at, parts=', '.join(mine['parts'])))
        for part, value in mine["parts"].items():
            if parts[part] != value or isinstance(parts[part], bool):
                raise CompanionError(_("{at}.parts.{part}: the file says {parts}, but the table scores {value}").format(at=at, part=part, parts=quoted(parts[part]), value=value))
        bots.append(theirs.get("bot"))
    bots = _check_bots(bots, len(scored), prefix)
    winners = [p["name"] for p in scored if p["winner"]]
    if "winners" in entry and entry["winners"] != winners:
        raise CompanionError(_("{prefix}winners: the file says {winners}, but the table scores {winners2}").format(prefix=prefix, winners=quoted(entry['winners']), winners2=quoted(winners)))
    uid = entry.get("uid")
    if uid is not None and (not isinstance(uid, str) or not re.fullmatch(r"[0-9a-f]{32}", uid)):
        raise CompanionError(_("{prefix}uid: expected 32 hexadecimal digits, found {uid}").format(prefix=prefix, uid=quoted(uid)))
    saved_at = entry.get("saved_at")
    if saved_at is not None:
        try:
            datetime.fromisoformat(saved_at)
        except (TypeError, ValueError):
            raise CompanionError(_("{prefix}saved_at: expected an ISO date and time, found {saved_at}").format(prefix=prefix, saved_at=quoted(saved_at))) from None
    for p, bot in zip(scored, bots, strict=True):
        p["bot"] = bot
    return {"uid": uid or uuid.uuid4().hex, "date": date, "game": game, "table": entry["table"],
            "players": scored, "winners": winners,
            "saved_at": saved_at or datetime.now(UTC).isoformat(timespec="seconds")}


# --------------------------------------------------------------------------- the store
class GameHistory:
    """The game history file: add finished games, list them, export and import them as JSON.

    Parameters
    ----------
    path : str or PathLike, optional
        The SQLite file; default :func:`history_path` (``$COMPANION_DATA_DIR/history.sqlite3`` ...).

    Attributes
    ----------
    path : pathlib.Path
        The file (shown to the user).

    Raises
    ------
    CompanionError
        From any method, when the file is not a history (not SQLite, or written by a newer
        ``companion``), naming the path. Such a file is never changed.

    Examples
    --------
    >>> import tempfile
    >>> folder = tempfile.TemporaryDirectory()
    >>> history = GameHistory(Path(folder.name) / "history.sqlite3")
    >>> history.add_game("magick", {"players": [{"name": "Ann", "orders": 12}]})["winners"]
    ['Ann']
    >>> folder.cleanup()
    """

    def __init__(self, path: str | os.PathLike[str] | None = None) -> None:
        self.path = Path(path).expanduser() if path is not None else history_path()

    # ------------------------------------------------------------------ connection
    @contextmanager
    def _connect(self, *, create: bool) -> Iterator[sqlite3.Connection | None]:
        """An open, migrated connection; ``None`` when the file does not exist and ``create`` is False."""
        if not self.path.exists():
            if not create:
                yield None
                return
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise CompanionError(_("{path}: cannot create the folder ({value})").format(path=self.path, value=exc.strerror or exc)) from None
        try:
            conn = sqlite3.connect(self.path, timeout=10, isolation_level=None)
        except sqlite3.Error as exc:
            raise CompanionError(_("{path}: cannot open the game history ({exc})").format(path=self.path, exc=exc)) from None
        with closing(conn):
            try:
                conn.execute("PRAGMA foreign_keys = ON")
                migrate(conn, path=str(self.path))
                yield conn
            except sqlite3.DatabaseError as exc:
                raise CompanionError(_("{path}: not a readable game history ({exc}); it was left untouched — move it aside to start a new one").format(path=self.path, exc=exc)) from None

    # ------------------------------------------------------------------ writing
    def add_game(self, game: str, table: Mapping[str, Any], *, date: str | Date | None = None,
                 bots: Sequence[str | None] | None = None) -> dict[str, Any]:
        """Score a finished game and add it to the history (one transaction).

        Parameters
        ----------
        game : str
            One of :data:`GAMES`.
        table : dict
            The score table as the game's score command reads it (see :func:`score_game`).
        date : str or datetime.date, optional
            The day the game was played (``YYYY-MM-DD``); default today.
        bots : sequence of str or None, optional
            Per player, the bot that played the seat, or ``None`` for a person.

        Returns
        -------
        dict
            The record as :meth:`list_games` returns it, with its ``id``.

        Raises
        ------
        CompanionError
            For a table the game's scoring refuses, a bad date, or a history that cannot be written.
        """
        when = date.isoformat() if isinstance(date, Date) else (date or Date.today().isoformat())
        _check_date(when, "")
        try:
            table = json.loads(json.dumps(table, allow_nan=False))  # a plain, JSON-clean copy
        except (TypeError, ValueError, RecursionError) as exc:
            raise CompanionError(_("table: expected a score table of JSON values ({exc})").format(exc=exc)) from None
        players = score_game(game, table)
        for p, bot in zip(players, _check_bots(bots, len(players), ""), strict=True):
            p["bot"] = bot
        record = {"uid": uuid.uuid4().hex, "date": when, "game": game, "table": table, "players": players,
                  "winners": [p["name"] for p in players if p["winner"]],
                  "saved_at": datetime.now(UTC).isoformat(timespec="seconds")}
        with self._connect(create=True) as conn:
            with self._transaction(conn):
                record["id"] = self._insert(conn, record)
        return record

    @staticmethod
    @contextmanager
    def _transaction(conn: sqlite3.Connection) -> Iterator[None]:
        conn.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")

    @staticmethod
    def _insert(conn: sqlite3.Connection, record: dict[str, Any]) -> int:
        cur = conn.execute(
            "INSERT INTO games (uid, played_on, game, table_json, result_json, saved_at) VALUES (?, ?, ?, ?, ?, ?)",
            (record["uid"], record["date"], record["game"], json.dumps(record["table"], ensure_ascii=False),
             json.dumps(record["players"], ensure_ascii=False), record["saved_at"]))
        game_id = int(cur.lastrowid)
        conn.executemany("INSERT INTO players VALUES (?, ?, ?, ?, ?, ?, ?)", [
            (game_id, seat, p["name"], p["faction"], p["bot"], p["total"], int(p["winner"]))
            for seat, p in enumerate(record["players"])])
        return game_id

    # ------------------------------------------------------------------ reading
    def list_games(self, game: str | None = None) -> list[dict[str, Any]]:
        """Every saved game, oldest first (by date played, then by when it was saved).

        Parameters
        ----------
        game : str, optional
            Only games of this kind (one of :data:`GAMES`).

        Returns
        -------
        list of dict
            Records as described in the module docstring, each with its ``id`` (1, 2, ... in this file).
            Empty when the history file does not exist yet (nothing is created).
        """
        if game is not None and game not in GAMES:
            raise CompanionError(_("game: expected one of {games}, found {game}").format(games=', '.join(GAMES), game=quoted(game)))
        with self._connect(create=False) as conn:
            if conn is None:
                return []
            query = "SELECT id, uid, played_on, game, table_json, result_json, saved_at FROM games"
            args: tuple[Any, ...] = ()
            if game is not None:
                query += " WHERE game = ?"
                args = (game,)
            rows = conn.execute(query + " ORDER BY played_on, saved_at, id", args).fetchall()
        out = []
        for game_id, uid, played_on, kind, table_json, result_json, saved_at in rows:
            players = json.loads(result_json)
            out.append({"id": game_id, "uid": uid, "date": played_on, "game": kind, "table": json.loads(table_json),
                        "players": players, "winners": [p["name"] for p in players if p["winner"]],
                        "saved_at": saved_at})
        return out

    def wins(self) -> dict[str, int]:
        """Wins per player name over every game (a shared win counts for each winner)."""
        with self._connect(create=False) as conn:
            if conn is None:
                return {}
            rows = conn.execute("SELECT name, SUM(winner) FROM players GROUP BY name ORDER BY SUM(winner) DESC, name")
            return {name: int(n) for name, n in rows}

    # ------------------------------------------------------------------ export / import
    def export_document(self) -> dict[str, Any]:
        """The whole history as one JSON document: ``{"kind", "version", "games": [record, ...]}``.

        Records are those of :meth:`list_games` without the file-local ``id``; :meth:`import_document` reads it.
        """
        games = [{k: v for k, v in record.items() if k != "id"} for record in self.list_games()]
        return {"kind": EXPORT_KIND, "version": EXPORT_VERSION, "games": games}

    def export(self, path: str | os.PathLike[str]) -> int:
        """Write :meth:`export_document` to ``path`` atomically (a temporary file, then a rename).

        Returns
        -------
        int
            How many games were written.

        Raises
        ------
        CompanionError
            When the file's folder does not exist (no folder is created: a mistyped path is an error, not a
            new folder) or the file cannot be written (the previous file, if any, is unchanged).
        """
        from companion.savefile import atomic_write_json

        folder = Path(path).parent
        if not folder.is_dir():
            if folder.exists():
                message = _("{path}: {folder} is not a folder; expected a path in an existing folder")
            else:
                message = _("{path}: the folder {folder} does not exist; expected a path in an existing folder")
            raise CompanionError(message.format(path=path, folder=folder))
        document = self.export_document()
        atomic_write_json(path, document)
        return len(document["games"])

    def import_document(self, document: Any, *, source: str = "import") -> tuple[int, int]:
        """Check every game of an exported history, then add the new ones in one transaction.

        Each game's table is re-scored with that game's scoring code; its parts, totals and winners must
        match the file. Games already in the history (same ``uid``) are skipped, so importing a file twice
        adds nothing the second time.

        Parameters
        ----------
        document : dict
            ``{"kind": "companion-history", "version": 1, "games": [...]}`` as :meth:`export_document` writes.
        source : str
            The file name, used in error messages.

        Returns
        -------
        (int, int)
            Games added, games skipped as already present.

        Raises
        ------
        CompanionError
            Naming the source, the entry (``games[3]``) and the field; nothing is added then.
        """
        if not isinstance(document, dict):
            raise CompanionError(_("{source}: expected an exported game history (an object with kind, version, games)").format(source=source))
        unknown = sorted(set(document) - {"kind", "version", "games"})
        if unknown:
            raise CompanionError(_("{source}: unknown key {unknown}; expected kind, version, games").format(source=source, unknown=quoted(unknown[0])))
        if document.get("kind") != EXPORT_KIND:
            raise CompanionError(_("{source}: kind: expected {export_kind!r}, found {get}").format(source=source, export_kind=EXPORT_KIND, get=quoted(document.get('kind'))))
        if document.get("version") != EXPORT_VERSION:
            raise CompanionError(_("{source}: version: expected {export_version}, found {get}").format(source=source, export_version=EXPORT_VERSION, get=quoted(document.get('version'))))
        games = document.get("games")
        if not isinstance(games, list):
            raise CompanionError(_("{source}: games: expected a list of games").format(source=source))
        records = []
        seen: set[str] = set()
        for i, entry in enumerate(games):
            try:
                record = _check_record(entry, f"games[{i}]")
            except CompanionError as exc:
                raise CompanionError(_("{source}: {exc}").format(source=source, exc=exc)) from None
            if record["uid"] in seen:
                raise CompanionError(_("{source}: games[{i}].uid: the same game appears twice in the file").format(source=source, i=i))
            seen.add(record["uid"])
            records.append(record)
        added = 0
        with self._connect(create=True) as conn:
            with self._transaction(conn):
                for record in records:
                    if conn.execute("SELECT 1 FROM games WHERE uid = ?", (record["uid"],)).fetchone():
                        continue
                    self._insert(conn, record)
                    added += 1
        return added, len(records) - added

    def import_file(self, path: str | os.PathLike[str]) -> tuple[int, int]:
        """Read an exported history file (``"-"``: standard input) and :meth:`import_document` it.

        Raises
        ------
        CompanionError
            When the file cannot be read or is not valid JSON (naming the line and column), or as
            :meth:`import_document`.
        """
        from companion.cli_support import read_input_json

        name = str(path)
        return self.import_document(read_input_json(name), source=name)


# --------------------------------------------------------------------------- summaries for the plots
def player_stats(games: Sequence[Mapping[str, Any]]) -> dict[str, dict[str, Any]]:
    """Per player name: games played, wins (a shared win counts for each winner) and totals per game kind.

    Parameters
    ----------
    games : sequence of dict
        Records as :meth:`GameHistory.list_games` returns them.

    Returns
    -------
    dict
        ``{name: {"games": int, "wins": int, "totals": {game: [total, ...]}}}``, names in order of first
        appearance; totals are VP (Terra Mystica, Century) or gold (Merchants of Magick).
    """
    out: dict[str, dict[str, Any]] = {}
    for record in games:
        for p in record["players"]:
            stats = out.setdefault(p["name"], {"games": 0, "wins": 0, "totals": {}})
            stats["games"] += 1
            stats["wins"] += int(bool(p["winner"]))
            stats["totals"].setdefault(record["game"], []).append(p["total"])
    return out


def faction_stats(games: Sequence[Mapping[str, Any]]) -> dict[str, dict[str, int]]:
    """Per Terra Mystica faction key: games played and wins (shared wins count for each winner).

    Returns
    -------
    dict
        ``{faction: {"games": int, "wins": int}}`` over the Terra Mystica records of ``games``.
    """
    out: dict[str, dict[str, int]] = {}
    for record in games:
        if record["game"] != "terra_mystica":
            continue
        for p in record["players"]:
            stats = out.setdefault(p["faction"], {"games": 0, "wins": 0})
            stats["games"] += 1
            stats["wins"] += int(bool(p["winner"]))
    return out
