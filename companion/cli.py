"""The ``companion`` command: one group of sub-commands per game.

    companion --help
    companion --version
    companion tm ...        Terra Mystica (maps, scoring, auction, replay)
    companion century ...   Century: Golem Edition (score, simulate, replay)
    companion magick ...    Merchants of Magick (score, odds)
    companion history ...   the saved games (list, export, import)
"""

from __future__ import annotations

import typer

from companion import __version__
from companion.century.cli import app as century_app
from companion.history_cli import app as history_app
from companion.magick.cli import app as magick_app
from companion.terra_mystica.cli import app as tm_app

app = typer.Typer(
    help="Learn, play and score Century: Golem Edition, Merchants of Magick and Terra Mystica.",
    no_args_is_help=True,
    add_completion=False,
)
app.add_typer(tm_app, name="tm", help="Terra Mystica: maps, final scoring, fast auction, game replay.")
app.add_typer(century_app, name="century", help="Century: Golem Edition: scoring, simulation, replay.")
app.add_typer(magick_app, name="magick", help="Merchants of Magick: scoring and dice odds.")
app.add_typer(history_app, name="history", help="The game history: list, export and import saved games.")


def _version(value: bool) -> None:
    if value:
        typer.echo(f"companion {__version__}")
        raise typer.Exit()


@app.callback()
def main(
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                 help="Print the version and exit."),
) -> None:
    """Learn, play and score Century: Golem Edition, Merchants of Magick and Terra Mystica."""


if __name__ == "__main__":  # pragma: no cover
    app()
