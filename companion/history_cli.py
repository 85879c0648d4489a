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

from companion.cli_support import bad_input_exits_2, pad, print_json
from companion.i18n import gettext as _
from companion.i18n import lazy_gettext, ngettext

__all__ = ["app", "save_to_history"]

app = typer.Typer(help=lazy_gettext("The game history: games saved from the scoreboard app or with --save."),
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
    typer.echo(_("saved to the game history as game {id} ({path})").format(id=record["id"], path=history.path),
               err=True)


@app.command("list", help=lazy_gettext("List the saved games, oldest first, and where the history file is."))
def list_command(
    as_json: bool = typer.Option(False, "--json", help=lazy_gettext("Print one JSON object.")),
    game: str = typer.Option(None, "--game", help=lazy_gettext("Only one game: terra_mystica, century or magick.")),
) -> None:
    """List the saved games, oldest first, and where the history file is."""
    from companion.history import GAME_TITLES, GameHistory

    history = GameHistory()
    with bad_input_exits_2():
        games = history.list_games(game)
    if as_json:
        print_json({"path": str(history.path), "games": games})
        return
    typer.echo(_("game history: {path}").format(path=history.path))
    if not games:
        typer.echo(_("no games saved yet (use the scoreboard app, or --save on a score command)"))
        return
    for record in games:
        scores = _(", ").join(f"{p['name']} {p['total']}" for p in record["players"])
        winners = _(" and ").join(record["winners"])
        typer.echo(f"{record['id']:>4}  {record['date']}  {pad(GAME_TITLES[record['game']], 24)} {scores}  "
                   + _("— won by {winners}").format(winners=winners))


@app.command("export", help=lazy_gettext("Write every saved game to a JSON file that `companion history import` "
                                         "reads back."))
def export_command(
    file: str = typer.Argument(..., help=lazy_gettext("The JSON file to write, or - for standard output.")),
) -> None:
    """Write every saved game to a JSON file that `companion history import` reads back."""
    from companion.history import GameHistory

    history = GameHistory()
    with bad_input_exits_2():
        if file == "-":
            print_json(history.export_document())
            return
        count = history.export(file)
    typer.echo(ngettext("exported {count} game to {file}", "exported {count} games to {file}", count)
               .format(count=count, file=file))


@app.command("import", help=lazy_gettext("Add the games of an exported history, each re-scored and checked; "
                                         "games already saved are skipped."))
def import_command(
    file: str = typer.Argument(..., help=lazy_gettext("An exported history (JSON), or - for standard input.")),
) -> None:
    """Add the games of an exported history, each re-scored and checked; games already saved are skipped."""
    from companion.history import GameHistory

    history = GameHistory()
    with bad_input_exits_2():
        added, skipped = history.import_file(file)
    if skipped:
        text = ngettext("imported {added} game, skipped {skipped} already in the history ({path})",
                        "imported {added} games, skipped {skipped} already in the history ({path})", added)
    else:
        text = ngettext("imported {added} game ({path})", "imported {added} games ({path})", added)
    typer.echo(text.format(added=added, skipped=skipped, path=history.path))
