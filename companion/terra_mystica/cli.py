"""`companion tm ...`: command-line tools for Terra Mystica.

The commands live in one module per topic, each with a ``register(app)`` function:
``cli_map`` (``tm map``), ``cli_rules`` (``tm score``, ``tm auction``), ``cli_replay`` (``tm replay``).
"""

from __future__ import annotations

import typer

from companion.terra_mystica import cli_map, cli_replay, cli_rules

app = typer.Typer(help="Terra Mystica tools.", no_args_is_help=True)

cli_map.register(app)
cli_rules.register(app)
cli_replay.register(app)
