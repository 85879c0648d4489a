"""`companion tm replay`: replay ledger exports or command logs and compare every row (issues 5 and 13).

``companion tm replay FILE [FILE | FOLDER ...] [--json] [--keep-going] [--map MAP]``

One FILE: prints the rows checked, the differences and the final VP (``--json``: one indented JSON
document). Several files or a folder (every ``*.txt`` file directly in it, by name): the games are replayed
in one process, one after another, with a progress bar on stderr when stderr is a terminal; the text
output has one line per game (plus its differences) and a closing count, and ``--json`` prints one JSON
object per game and line (JSON Lines): ``{"file", "rows_checked", "rows_replayed", "has_totals",
"mismatches", "final_vp", "finished", "round", "options_not_played"}``, or ``{"file", "error"}`` for a file that
cannot be read or replayed (also for a single file with ``--json``, besides the message on stderr). ``finished``
is false for a record that stops before the game's end: ``final_vp`` is then the VP after its last row. An ``option`` the engine does not know is replayed without and named (a note in the text output).

Exit codes: 0 nothing differs (or a command log replayed to the end), 1 a difference in any game, 2 input
that cannot be read (message on stderr naming the file and line; in a batch the other games are still
replayed, and 2 wins over 1). An illegal command in a command log is input the rules refuse: exit 2 with the
line and the rule. In a ledger it is a difference (exit 1).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import typer

from companion.cli_support import (
    EXIT_BAD_INPUT,
    EXIT_DIFFERENCE,
    bad_input_exits_2,
    print_json,
    read_input_text,
)
from companion.errors import CompanionError
from companion.i18n import gettext as _
from companion.i18n import lazy_gettext, ngettext

__all__ = ["register", "replay_inputs", "replay_report"]


def _board(map_file: str | None):
    """The map named by ``--map``; None without it, so each record's own ``map NAME`` line (a ``tm simulate``
    ledger on a Fire & Ice side) decides, and a record without one replays on the base map."""
    from companion.terra_mystica.engine.board import board_tables
    from companion.terra_mystica.hexmap import load_shipped_map, parse_map, shipped_maps

    if map_file is None:
        return None
    if not Path(map_file).exists() and map_file in {m.get("key") for m in shipped_maps()}:
        return board_tables(load_shipped_map(map_file))
    return board_tables(parse_map(read_input_text(map_file), file=map_file))


def replay_inputs(files: list[str]) -> list[str]:
    """The games named on the command line, in order: files as given, folders expanded.

    A folder stands for every ``*.txt`` file directly in it, sorted by name (ledger exports are
    ``GAME.ledger.txt``; other files such as ``GAME.result.json`` are left out).

    Raises
    ------
    CompanionError
        For a folder holding no ``*.txt`` file, or ``-`` (standard input) given together with other inputs.
    """
    out: list[str] = []
    for f in files:
        if f != "-" and Path(f).is_dir():
            games = sorted(str(p) for p in Path(f).glob("*.txt") if p.is_file())
            if not games:
                raise CompanionError(_("{f}: folder holds no game (no *.txt file)").format(f=f))
            out.extend(games)
        else:
            out.append(f)
    if "-" in out and len(out) > 1:
        raise CompanionError(_("'-' (standard input) can only be replayed on its own"))
    return out


def _replay_one(file: str, board, keep_going: bool) -> dict:
    """Read and replay one game; the ``--json`` document (raises ``CompanionError`` for unreadable input)."""
    from companion.terra_mystica.engine.replay import read_record, replay

    text = read_input_text(file)
    record = read_record(text, file=file)
    return replay(record, keep_going=keep_going, board=board).as_json()


def replay_report(doc: dict) -> list[str]:
    """The lines ``companion tm replay FILE`` prints for one game, in the reader's language.

    Parameters
    ----------
    doc : dict
        A replay's ``--json`` document (:meth:`companion.terra_mystica.engine.replay.ReplayResult.as_json`).

    Returns
    -------
    list of str
        Rows checked and differences; the options the engine does not know (if any); each difference;
        the final VP by faction.
    """
    lines = [_summary(doc)]
    if doc.get("options_not_played"):
        lines.append(_not_played(doc))
    lines.extend(_mismatch(m) for m in doc["mismatches"])
    lines.append(_final_vp(doc))
    return lines


def _print_single(doc: dict, as_json: bool) -> None:
    if as_json:
        print_json(doc)
        return
    for line in replay_report(doc):
        typer.echo(line)


def _not_played(doc: dict) -> str:
    """The note for options the record names that the engine does not know (replayed without them)."""
    return ngettext("note: option {options} is not one the engine knows; the game was replayed without it",
                    "note: options {options} are not ones the engine knows; the game was replayed without them",
                    len(doc["options_not_played"])).format(options=_(", ").join(doc["options_not_played"]))


def _summary(doc: dict) -> str:
    """``rows checked: N, differences: M`` for a ledger export; for a command log (no totals to compare) how
    many rows were replayed and that there was nothing to compare."""
    if doc.get("has_totals", True):
        return _("rows checked: {rows}, differences: {differences}").format(rows=doc["rows_checked"],
                                                                           differences=len(doc["mismatches"]))
    return ngettext("{rows} row replayed; a command log has no totals to compare",
                    "{rows} rows replayed; a command log has no totals to compare",
                    doc["rows_replayed"]).format(rows=doc["rows_replayed"])


def _final_vp(doc: dict) -> str:
    """``final VP: Witches 120, ...`` with faction display names in the reader's language; for a record that
    stops before the game's end (a game in progress, a cut-off file) the VP after its last row, saying so."""
    from companion.terra_mystica.factions import faction_label

    scores = _(", ").join(f"{faction_label(k)} {v}" for k, v in doc["final_vp"].items())
    if doc.get("finished", True):
        return _("final VP: {scores}").format(scores=scores)
    if doc.get("round", 0) < 1:
        return _("VP after the last row (the record stops during setup, before the game's end): {scores}").format(
            scores=scores)
    return _("VP after the last row (the record stops in round {round}, before the game's end): {scores}").format(
        round=doc["round"], scores=scores)


def _mismatch(m: dict) -> str:
    return _("line {line} {faction} ({row}): {field} expected {expected}, engine {actual}").format(
        line=m["line"], faction=m["faction"], row=m["row"], field=m["field"], expected=m["expected"],
        actual=m["actual"])


def _named(file: str, message: str) -> str:
    """``message`` prefixed with the file, unless it already names it."""
    return message if message.startswith(file) else _("{where}: {message}").format(where=file, message=message)


def _replay_batch(files: list[str], board, keep_going: bool, as_json: bool) -> int:
    """Replay several games in this process; returns the exit code (see the module docstring)."""
    bar = None
    if sys.stderr.isatty():
        from tqdm import tqdm

        bar = tqdm(total=len(files), desc=_("replaying"), unit=_("game"), file=sys.stderr, leave=False)

    def emit(line: str) -> None:
        if bar is not None:
            bar.write(line, file=sys.stdout)
        else:
            typer.echo(line)

    differing = unreadable = 0
    try:
        for file in files:
            try:
                doc = _replay_one(file, board, keep_going)
            except CompanionError as exc:
                unreadable += 1
                message = _named(file, str(exc))
                typer.echo(_("error: {message}").format(message=message), err=True)
                if as_json:
                    emit(json.dumps({"file": file, "error": message}, ensure_ascii=False))
            else:
                differing += bool(doc["mismatches"])
                if as_json:
                    emit(json.dumps({"file": file, **doc}, ensure_ascii=False))
                else:
                    emit(_("{file}: rows checked {rows}, differences {differences}").format(
                        file=file, rows=doc["rows_checked"], differences=len(doc["mismatches"]))
                         if doc.get("has_totals", True) else _named(file, _summary(doc)))
                    if doc.get("options_not_played"):
                        emit("  " + _not_played(doc))
                    for m in doc["mismatches"]:
                        emit("  " + _mismatch(m))
            if bar is not None:
                bar.update()
    finally:
        if bar is not None:
            bar.close()
    if not as_json:
        typer.echo(_("{games} games: {same} without difference, {differing} with differences, {unreadable} "
                     "unreadable").format(games=len(files), same=len(files) - differing - unreadable,
                                          differing=differing, unreadable=unreadable))
    if unreadable:
        return EXIT_BAD_INPUT
    return EXIT_DIFFERENCE if differing else 0


_FILES = typer.Argument(..., metavar="FILE", help=lazy_gettext("Ledger exports or command logs, or folders of them "
                                                                 "('-' for stdin)."))


def register(app: typer.Typer) -> None:
    """Add this module's commands to the `companion tm` group."""

    @app.command("replay", help=lazy_gettext("Replay each FILE row by row and compare each row's totals with the "
                                             "engine's."))
    def replay_cmd(
        files: list[str] = _FILES,
        as_json: bool = typer.Option(False, "--json", help=lazy_gettext("Print the JSON report (one line per game "
                                                                        "when several are replayed).")),
        keep_going: bool = typer.Option(False, "--keep-going", help=lazy_gettext("List every difference, not just the first.")),
        map_file: str = typer.Option(None, "--map", help=lazy_gettext("Map file (letters or colour words) or a "
                                                                       "shipped map name; default the base map.")),
    ) -> None:
        """Replay each FILE row by row and compare each row's totals with the engine's."""
        with bad_input_exits_2():
            games = replay_inputs(files)
            board = _board(map_file)
            if len(games) == 1 and not Path(files[0]).is_dir():
                try:
                    doc = _replay_one(games[0], board, keep_going)
                except CompanionError as exc:  # named as in folder mode: "FILE: line 40: ..."
                    message = _named(games[0], str(exc))
                    if as_json:   # the JSON reader gets the error too, as in folder mode
                        typer.echo(json.dumps({"file": games[0], "error": message}, ensure_ascii=False))
                    raise CompanionError(message) from None
        if len(games) == 1 and not Path(files[0]).is_dir():
            _print_single(doc, as_json)
            if doc["mismatches"]:
                raise typer.Exit(EXIT_DIFFERENCE)
            return
        code = _replay_batch(games, board, keep_going, as_json)
        if code:
            raise typer.Exit(code)
