"""`companion magick ...`: command-line tools for Merchants of Magick."""

from __future__ import annotations

import typer

app = typer.Typer(help="Merchants of Magick tools.", no_args_is_help=True)
