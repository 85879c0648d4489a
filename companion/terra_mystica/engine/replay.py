"""Read snellman ledger exports and plain command logs, replay them and compare every row's totals.

Record forms (RULES-NOTES section 6 and appendix A):

* **Ledger export**: header lines (``option X``, ``Round N scoring: SCOREx, ...``, ``Removing tile BONn``,
  ``Player N: name``), section lines (``Round 1 income``, ``Round 1, turn 3``, ``Scoring FIRE cult``...)
  and tab-separated faction rows ``faction, VP delta, VP, C delta, C, W delta, W, P delta, P, PW delta,
  I/II/III PW, cult delta, F/W/E/A, offers, command``. A trailing ``show history`` is ignored.
* **Command log**: the same header lines, then one typed row per line, ``faction: cmd. cmd`` (or
  ``faction<TAB>cmd``); ``setup <faction>`` or ``faction: setup`` seats a faction. Engine rows
  (``other_income_for_faction`` ...) are skipped if present.

:func:`replay` applies every typed row to a :class:`~companion.terra_mystica.engine.state.Game`, lets the
engine write its own rows (income, cult income, Cultists' power, final scoring) and compares the ledger's
totals with the engine's, row by row. It stops at the first difference unless ``keep_going``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from companion.errors import CompanionError, IllegalActionError, RecordError
from companion.i18n import N_
from companion.i18n import gettext as _
from companion.jsonio import excerpt
from companion.recordkind import looks_like
from companion.terra_mystica.engine.board import BoardTables
from companion.terra_mystica.engine.commands import parse_commands
from companion.terra_mystica.engine.state import (
    DROP_LABEL,
    FINAL_TILES,
    OLD_VARIANT_OPTIONS,
    TOTAL_FIELDS,
    Game,
    Row,
    Setup,
    option_problem,
)
from companion.terra_mystica.factions import faction_names

__all__ = ["RecordRow", "Record", "read_record", "replay", "ReplayResult", "Mismatch"]

ENGINE_LABELS = ("other_income_for_faction", "cult_income_for_faction", "score_resources",
                 "[opponent accepted power]", "[all opponents declined power]")
_VP_FOR = re.compile(r"\+\d+vp for [\w-]+", re.I)
_MERGED = re.compile(r"(.*?)\.\s*((?:other|cult|all)_income_for_faction)\s*", re.I)
"""A typed row that ends with the faction's own income row (RULES-NOTES-D D.4: the spade user's row is
still open when the income is taken, so both share one ledger row)."""


@dataclass(frozen=True)
class RecordRow:
    """One faction row of a record.

    Attributes
    ----------
    line : int
        1-based line in the record.
    faction : str
    command : str
        Command text (or the engine's label for engine rows).
    totals : tuple of int or None
        :data:`TOTAL_FIELDS` from the ledger columns; None in a command log.
    typed : bool
        False for rows the engine writes itself.
    merged : str or None
        The engine row (``other_income_for_faction``) that the ledger shows merged into this typed row:
        the totals are after both.
    """

    line: int
    faction: str
    command: str
    totals: tuple | None
    typed: bool
    merged: str | None = None


@dataclass(frozen=True)
class Record:
    """A parsed record: setup and faction rows (``is_ledger`` when the rows carry totals)."""

    setup: Setup
    rows: tuple
    is_ledger: bool
    map_name: str | None = None
    map_line: int | None = None
    options_not_played: tuple = ()
    """``option`` lines naming an option the engine does not know (:func:`option_problem`): left out of
    ``setup.options`` and replayed without."""


def _num(text: str, line: int, what: str) -> int:
    try:
        return int(text.split(None, 1)[0])
    except (ValueError, IndexError):
        raise RecordError(_("expected a number for {what}, found {text!r}").format(what=what, text=text), line=line) from None


def _totals(cols: list[str], line: int) -> tuple:
    try:
        b1, b2, b3 = cols[10].split(None, 1)[0].split("/")
        fire, water, earth, air = cols[12].split("/")
        return (int(cols[2].split(None, 1)[0]), int(cols[4].split(None, 1)[0]), int(cols[6].split(None, 1)[0]),
                int(cols[8].split(None, 1)[0]), int(b1), int(b2), int(b3), int(fire), int(water), int(earth),
                int(air))
    except (ValueError, IndexError):
        for col, what in ((2, "VP"), (4, "coins"), (6, "workers"), (8, "priests")):
            _num(cols[col], line, what)
        raise RecordError(_("expected power bowls a/b/c PW and cults f/w/e/a, found {cols!r} {cols2!r}").format(cols=cols[10], cols2=cols[12]),
                          line=line) from None


def _faction_names() -> frozenset:
    return frozenset(faction_names())


def _is_engine_label(text: str) -> bool:
    t = text.strip()
    return not t or t in ENGINE_LABELS or bool(_VP_FOR.fullmatch(t))


def read_record(text: str, *, file: str | None = None) -> Record:
    """Parse a ledger export or a command log.

    Raises
    ------
    RecordError
        Naming the line for anything that is neither a known header, a section line nor a faction row.
    """
    if not isinstance(text, str):
        raise RecordError(_("expected the record as text"), file=file)
    options: list[str] = []
    unplayed: list[str] = []
    tiles: dict[int, str] = {}
    removed: list[str] = []
    players: list[str] = []
    rows: list[RecordRow] = []
    map_name = None
    map_line = None
    final_tile = None
    ledger = False
    for i, raw in enumerate(text.splitlines(), start=1):
        line = raw.rstrip("\r\n ")
        if line.endswith("show history"):
            line = line[: -len("show history")].rstrip("\t ")
        if not line.strip():
            continue
        cols = line.split("\t")
        if 1 < len(cols) < 15 and cols[0].strip().lower() in _faction_names():
            # a faction row of a ledger export cut short (a file cut off mid-row, or edited by hand): say so
            # instead of reading its columns as a command
            raise RecordError(_("a ledger row has {n} of its 15 tab-separated columns (faction, VP, coins, "
                                "workers, priests, power, cults, command): the file looks cut off or edited "
                                "here").format(n=len(cols)), line=i, file=file)
        try:
            if len(cols) >= 15:
                ledger = True
                faction = cols[0].strip().lower()
                cmd = cols[-1].strip()
                totals = _totals(cols, i)
                merged = _MERGED.fullmatch(cmd)
                if merged:
                    rows.append(RecordRow(i, faction, merged.group(1).strip(), totals, True,
                                          merged.group(2).lower()))
                else:
                    rows.append(RecordRow(i, faction, cmd, totals, not _is_engine_label(cmd)))
                continue
        except RecordError as exc:
            raise RecordError(str(exc).split(": ", 1)[-1], line=i, file=file) from None
        s = line.strip()
        low = s.lower()
        m = re.fullmatch(r"option ([\w/-]+)", low)
        if m:
            # an option the engine does not play is refused here, naming its line (RULES-NOTES appendix C,
            # FIRE-ICE-NOTES section 1: option names such as fire-and-ice-factions/ice contain a slash)
            # An option the engine does not know is not refused: a league game may carry one that changes
            # nothing in its rows (as email-notify does), so the game is replayed without it and the result
            # names it (ReplayResult.options_not_played); any row it did change shows as a difference.
            if m.group(1) in OLD_VARIANT_OPTIONS:
                raise RecordError(option_problem(m.group(1)), line=i, file=file)
            if option_problem(m.group(1)):
                unplayed.append(m.group(1))
            else:
                options.append(m.group(1))
            continue
        m = re.fullmatch(r"round (\d) scoring: (score\d+).*", low)
        if m:
            tiles[int(m.group(1))] = m.group(2).upper()
            continue
        m = re.fullmatch(r"score ((?:score\d+,?)+)", low)
        if m:
            for k, t in enumerate(x for x in m.group(1).split(",") if x):
                tiles[k + 1] = t.upper()
            continue
        m = re.fullmatch(r"(?:removing tile|delete) (bon\d+)", low)
        if m:
            removed.append(m.group(1).upper())
            continue
        m = re.fullmatch(r"player (\d+): (.+)", low) or re.fullmatch(r"player (\S+)(?: .*)?", low)
        if m:
            players.append(m.group(m.lastindex))
            continue
        m = re.fullmatch(r"map (\S+)", low)
        if m:
            map_name = m.group(1)
            map_line = i
            continue
        m = re.fullmatch(r"added final scoring tile: ([\w-]+)|final-scoring ([\w-]+)", low)
        if m:
            final_tile = m.group(1) or m.group(2)  # FIRE-ICE-NOTES section 8
            continue
        m = re.fullmatch(r"(\w+) dropped from the game|drop-faction (\w+)", low)
        if m and (m.group(1) or m.group(2)) in _faction_names():
            rows.append(RecordRow(i, m.group(1) or m.group(2), DROP_LABEL, None, True))
            continue
        m = re.fullmatch(r"setup (\w+)", low)
        if m:
            rows.append(RecordRow(i, m.group(1), "setup", None, True))
            continue
        # section lines; "Scoring building-on-edge" etc. head a Fire & Ice final-scoring tile's rows
        # (FIRE-ICE-NOTES section 8); "randomize v2 seed X" is how new games are set up (section 1)
        if low in ("default game options", "randomize setup") or re.match(r"randomize v[12]\b", low) or \
                re.fullmatch(r"round \d+(?: income|, turn \d+)", low) or \
                re.fullmatch(r"scoring (?:fire|water|earth|air) cult|scoring network|converting resources to vps",
                             low) or (low.startswith("scoring ") and low[8:] in FINAL_TILES) or low.startswith("#"):
            continue
        m = re.fullmatch(r"([a-z]+)\s*(?::|\t)\s*(.*)", s, re.I)
        if m and m.group(1).lower() in _faction_names():
            cmd = m.group(2).strip()
            if _is_engine_label(cmd):
                continue
            rows.append(RecordRow(i, m.group(1).lower(), cmd, None, True))
            continue
        raise RecordError(_("cannot read {s!r}: expected a header line (option / Round N scoring / Removing tile / Player N), a section line or a faction row").format(s=excerpt(s, 60))
                          + looks_like(s, N_("Terra Mystica")), line=i, file=file)
    if not rows and not players:   # "Player N:" lines and no row yet: a game saved before any faction was picked
        raise RecordError(_("no faction rows found"), file=file)
    if not tiles:
        raise RecordError(_("no round scoring tiles: expected 'Round N scoring: SCOREx' lines for rounds 1-6 "
                          "(or 'score SCOREa,...'); a seeded 'randomize' setup cannot be reproduced"), file=file)
    if sorted(tiles) != list(range(1, 7)):
        raise RecordError(_("round scoring tiles given for rounds {tiles}, expected 1-6").format(tiles=sorted(tiles)), file=file)
    setup = Setup(options=frozenset(options), round_tiles=tuple(tiles[k] for k in sorted(tiles)),
                  removed_bonus=tuple(removed), players=tuple(players), final_scoring=final_tile)
    return Record(setup, tuple(rows), ledger, map_name, map_line, tuple(unplayed))


@dataclass(frozen=True)
class Mismatch:
    """One difference: ``{"line", "row", "faction", "field", "expected", "actual"}``."""

    line: int | None
    row: str
    faction: str
    field: str
    expected: Any
    actual: Any

    def as_dict(self) -> dict:
        return {"line": self.line, "row": self.row, "faction": self.faction, "field": self.field,
                "expected": self.expected, "actual": self.actual}


@dataclass
class ReplayResult:
    """Outcome of :func:`replay`.

    Attributes
    ----------
    rows_checked : int
        Faction rows whose totals were compared.
    rows_replayed : int
        Rows of the record the engine played (a command log has no totals, so nothing is compared).
    has_totals : bool
        True for a ledger export (rows carry totals to compare), False for a command log.
    mismatches : list of Mismatch
    final_vp : dict
        Faction -> VP after the last replayed row.
    game : Game
        The engine state at the end.
    snapshots : list
        With ``record_states=True``: one ``(row, GameSnapshot)`` per engine row (the state after it).
    error : CompanionError or None
        The illegal command that stopped the replay, if any.
    options_not_played : list of str
        Options the record names that the engine does not know; the game was replayed without them (a
        row they changed shows as a difference).
    finished : bool
        True when the replay reached the end of the game (final scoring done); False for a record that stops
        earlier (a game in progress, a cut-off file) or a replay stopped by a difference: ``final_vp`` is then
        the VP after the last replayed row.
    round : int
        The round the replay ended in (0 during setup, 7 once the game is over).
    """

    rows_checked: int = 0
    rows_replayed: int = 0
    has_totals: bool = True
    mismatches: list = field(default_factory=list)
    final_vp: dict = field(default_factory=dict)
    game: Game | None = None
    snapshots: list = field(default_factory=list)
    error: CompanionError | None = None
    options_not_played: list = field(default_factory=list)
    finished: bool = False
    round: int = 0

    def as_json(self) -> dict:
        """The ``companion tm replay --json`` document."""
        return {"rows_checked": self.rows_checked, "rows_replayed": self.rows_replayed,
                "has_totals": self.has_totals, "mismatches": [m.as_dict() for m in self.mismatches],
                "final_vp": dict(self.final_vp), "finished": self.finished, "round": self.round,
                "options_not_played": list(self.options_not_played)}


def replay(record: Record | str, *, keep_going: bool = False, board: BoardTables | None = None,
           record_states: bool = False, on_row=None) -> ReplayResult:
    """Replay ``record`` and compare each ledger row's totals with the engine's.

    Parameters
    ----------
    record : Record or str
        A parsed record or its text.
    keep_going : bool
        Report every difference instead of stopping at the first.
    board : BoardTables, optional
        The map (default: base map).
    record_states : bool
        Keep a :class:`~companion.terra_mystica.engine.state.GameSnapshot` after every row (for stepping
        through a game).
    on_row : callable, optional
        ``on_row(game, row)`` after every engine row (used by the notebook widget).

    Returns
    -------
    ReplayResult

    Raises
    ------
    RecordError
        Unreadable input.
    IllegalActionError
        A command the rules forbid (line and rule named), when the record is a command log; for a
        ledger it is reported as a mismatch on field ``"command"`` and the replay stops.
    """
    if isinstance(record, str):
        record = read_record(record)
    default_map = board is None and not record.map_name
    if board is None and record.map_name:
        from companion.terra_mystica.engine.board import board_tables
        from companion.terra_mystica.hexmap import map_by_name
        try:
            board = board_tables(map_by_name(record.map_name))
        except CompanionError as exc:
            # an unknown map id: the terrain cannot be known, so nothing is replayed (FIRE-ICE-NOTES section 8:
            # the map row only records the id)
            raise RecordError(_("map {map_name!r}: {exc}; expected a shipped map's key or map id, or "
                                "'custom:' with the map's letter rows").format(map_name=record.map_name, exc=exc),
                              line=record.map_line) from None
    game = Game(record.setup, board)
    # records written by this project before the turn referee (RULES-NOTES-E E.2.1) may build on foreign
    # terrain without the dig: a replay digs what a build lacks, a new game never does
    game.implicit_dig = True
    result = ReplayResult(game=game, has_totals=record.is_ledger,
                          options_not_played=list(record.options_not_played))
    if record_states:
        game.observer = lambda row: result.snapshots.append((row, game.snapshot()))
    ledger_rows = list(record.rows)
    pos = 0          # next engine row to compare
    pending: list[RecordRow] = []   # ledger engine rows waiting for the engine
    stop = False

    def compare(engine_row: Row, rec: RecordRow) -> None:
        nonlocal stop
        result.rows_checked += 1
        if engine_row.faction != rec.faction or (not engine_row.typed and engine_row.label != rec.command
                                                 and not _same_label(engine_row.label, rec.command)):
            result.mismatches.append(Mismatch(rec.line, rec.command, rec.faction, "row",
                                              f"{rec.faction}: {rec.command}",
                                              f"{engine_row.faction}: {engine_row.label}"))
            stop = not keep_going
            return
        if rec.totals is None or rec.totals == engine_row.totals:
            return
        for name, exp, act in zip(TOTAL_FIELDS, rec.totals, engine_row.totals, strict=False):
            if exp != act:
                result.mismatches.append(Mismatch(rec.line, rec.command, rec.faction, name, exp, act))
                if not keep_going:
                    stop = True
                    return

    def drain(upto_typed: RecordRow | None) -> None:
        """Compare engine rows produced so far with the ledger rows waiting for them."""
        nonlocal pos
        new = game.rows[pos:]
        pos = len(game.rows)
        queue = list(pending)
        pending.clear()
        if upto_typed is not None:
            queue.append(upto_typed)
        for r in new:
            if on_row is not None:
                on_row(game, r)
            if stop:
                continue
            if not record.is_ledger or r.label == DROP_LABEL and r.typed:
                continue
            if queue and queue[0].merged and r.typed and r.faction == queue[0].faction:
                continue  # compared with the income row merged into the same ledger row
            if queue and queue[0].merged and not r.typed and r.faction == queue[0].faction and \
                    r.label == queue[0].merged:
                compare(r._replace(label=queue[0].command, typed=True), queue.pop(0))
                continue
            if queue:
                rec = queue.pop(0)
                compare(r, rec)
            else:
                # engine wrote a row the ledger does not have (yet): keep it for later ledger rows
                extra.append(r)
        # ledger engine rows not produced by the engine yet stay pending
        pending.extend(queue)

    extra: list[Row] = []
    for rec in ledger_rows:
        if stop:
            break
        if not rec.typed:
            if extra:
                compare(extra.pop(0), rec)
            else:
                pending.append(rec)
            continue
        if extra and record.is_ledger:
            r0 = extra[0]
            result.mismatches.append(Mismatch(rec.line, rec.command, rec.faction, "row", f"{rec.faction}: {rec.command}",
                                              f"{r0.faction}: {r0.label}"))
            result.rows_checked += 1
            extra.clear()
            if not keep_going:
                break
        if rec.command == DROP_LABEL:
            game.drop_faction(rec.faction, line=rec.line)
            result.rows_replayed += 1
            drain(None)
            continue
        try:
            cmds = parse_commands(rec.command, line=rec.line)
            if len(cmds) == 1 and cmds[0].verb == "setup":
                game.add_faction(rec.faction, line=rec.line)
            else:
                game.apply_row(rec.faction, cmds, line=rec.line, label=rec.command,
                               cults_after=None if rec.totals is None or rec.merged else rec.totals[7:])
        except IllegalActionError as exc:
            if default_map and game.round == 0 and exc.code in _MAP_CODES:
                exc = _on_base_map(exc)
            if not record.is_ledger:
                raise exc from None
            result.error = exc
            result.mismatches.append(Mismatch(rec.line, rec.command, rec.faction, "command", "legal", str(exc)))
            break
        result.rows_replayed += 1
        # the engine rows before this typed row in the ledger are in `pending`
        drain(rec)
        if pending and record.is_ledger and not stop:
            # ledger expected engine rows the engine did not write
            rec0 = pending[0]
            result.mismatches.append(Mismatch(rec0.line, rec0.command, rec0.faction, "row", rec0.command,
                                              "no such row from the engine"))
            result.rows_checked += 1
            pending.clear()
            if not keep_going:
                stop = True
    if not stop and record.is_ledger and pending:
        rec0 = pending[0]
        result.mismatches.append(Mismatch(rec0.line, rec0.command, rec0.faction, "row", rec0.command,
                                          "no such row from the engine"))
    result.final_vp = {n: game.factions[n].vp for n in game.seats}
    result.finished, result.round = game.phase == "over", game.round
    return result


_MAP_CODES = frozenset({"not_home_terrain", "unknown_hex", "river_hex"})
"""Refusals of an initial dwelling that mean the game was most likely played on another map."""


def _on_base_map(exc: IllegalActionError) -> IllegalActionError:
    """``exc`` with a hint that the record names no map: a ledger export does not (RULES-NOTES appendix A), so
    a game played on another map is replayed on the base map and its initial dwellings do not fit."""
    hint = _("{message}; the record names no map, so it was replayed on the base map: if the game was played "
             "on another map, name it (a 'map <id>' line or --map)").format(message=exc.message)
    return IllegalActionError(exc.code, hint, rule=exc.rule, line=exc.line)


def _same_label(a: str, b: str) -> bool:
    return a.strip().lower() == b.strip().lower()
