"""Terra Mystica command-line commands (see `companion.terra_mystica.cli`)."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    """Add this module's commands to the `companion tm` group."""
