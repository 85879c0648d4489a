"""`companion century ...`: command-line tools for Century: Golem Edition."""

from __future__ import annotations

import typer

app = typer.Typer(help="Century: Golem Edition tools.", no_args_is_help=True)
