"""`companion tm ...`: command-line tools for Terra Mystica."""

from __future__ import annotations

import typer

app = typer.Typer(help="Terra Mystica tools.", no_args_is_help=True)
