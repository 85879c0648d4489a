"""`companion history ...`: the saved games (see :mod:`companion.history`).

Commands
--------
``list [--json] [--game GAME]``
    The saved games, oldest first, and where the history file is. ``--json`` prints
    ``{"path": FILE, "games": [record, ...]}`` (records as :meth:`companion.history.GameHistory.list_games`).
``export FILE``
    Write the whole history to FILE as JSON (``-``: standard output); the file is written atomically.
``import FILE``
    Read an exported history (``-``: standard input), re-score every game with its game's scoring and add
    the games not already in the history, all in one transaction.

Games get into the history from the scoreboard app or with ``--save`` on ``companion tm score``,
``companion century score`` and ``companion magick score``. The file is ``$COMPANION_DATA_DIR/history.sqlite3``
(else ``$XDG_DATA_HOME/companion`` or ``~/.local/share/companion``). Bad input exits 2 with one line
naming the file, the entry and the field.
"""

from __future__ import annotations

from typing import Any

import typer

from companion.cli_support import bad_input_exits_2, print_json

__all__ = ["app", "save_to_history"]

app = typer.Typer(help="The game history: games saved from the scoreboard app or with --save.",
                  no_args_is_help=True)

GAME_CHOICES = ("terra_mystica", "century", "magick")


def save_to_history(game: str, table: Any) -> None:
    """Add a scored table to the game history and say so on standard error (stdout stays the score).

    Used by ``--save`` on the score commands; call it inside :func:`companion.cli_support.bad_input_exits_2`.

    Raises
    ------
    CompanionError
        When the history cannot be written or the table is refused.
    """
    from companion.history import GameHistory

    history = GameHistory()
    record = history.add_game(game, table)
    typer.echo(f"saved to the game history as game {record['id']} ({history.path})", err=True)


@app.command("list")
def list_command(
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
    game: str = typer.Option(None, "--game", help="Only one game: terra_mystica, century or magick."),
) -> None:
    """List the saved games, oldest first, and where the history file is."""
    from companion.history import GAME_TITLES, GameHistory

    history = GameHistory()
    with bad_input_exits_2():
        games = history.list_games(game)
    if as_json:
        print_json({"path": str(history.path), "games": games})
        return
    typer.echo(f"game history: {history.path}")
    if not games:
        typer.echo("no games saved yet (use the scoreboard app, or --save on a score command)")
        return
    for record in games:
        scores = ", ".join(f"{p['name']} {p['total']}" for p in record["players"])
        typer.echo(f"{record['id']:>4}  {record['date']}  {GAME_TITLES[record['game']]:<24} {scores}"
                   f"  — won by {' and '.join(record['winners'])}")


@app.command("export")
def export_command(
    file: str = typer.Argument(..., help="The JSON file to write, or - for standard output."),
) -> None:
    """Write every saved game to a JSON file that `companion history import` reads back."""
    from companion.history import GameHistory

    history = GameHistory()
    with bad_input_exits_2():
        if file == "-":
            print_json(history.export_document())
            return
        count = history.export(file)
    typer.echo(f"exported {count} game{'s' if count != 1 else ''} to {file}")


@app.command("import")
def import_command(
    file: str = typer.Argument(..., help="An exported history (JSON), or - for standard input."),
) -> None:
    """Add the games of an exported history, each re-scored and checked; games already saved are skipped."""
    from companion.history import GameHistory

    history = GameHistory()
    with bad_input_exits_2():
        added, skipped = history.import_file(file)
    typer.echo(f"imported {added} game{'s' if added != 1 else ''}"
               + (f", skipped {skipped} already in the history" if skipped else "") + f" ({history.path})")
