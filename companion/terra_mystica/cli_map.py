"""`companion tm map FILE`: read a custom Terra Mystica map and summarise it.

FILE is a path or ``-`` for standard input, in the letter form or the reference engine's colour-word
form (detected). With ``--json`` one JSON object is printed with the keys ``rows`` (map rows in the
input, no placeholder row), ``land_hexes``, ``river_hexes``, ``terrain_counts`` (letter -> land hexes,
no river entry), ``bridge_spots`` (legal bridge pairs, RULES-NOTES appendix B) and ``map_id`` (the
reference engine's SHA-1 id). Bad input exits with status 2 and the message on stderr.
"""

from __future__ import annotations

import typer

from companion.cli_support import bad_input_exits_2, columns, pad, print_json, read_input_text
from companion.i18n import gettext as _
from companion.i18n import lazy_gettext

__all__ = ["register", "map_summary"]


def map_summary(text: str, *, file: str | None = None) -> dict:
    """The ``--json`` document for map ``text`` (raises :class:`~companion.errors.MapFormatError` naming
    ``file``)."""
    from companion.terra_mystica.hexmap import parse_map

    m = parse_map(text, file=file)
    return {
        "rows": len(m.rows),
        "land_hexes": len(m.land_hexes),
        "river_hexes": len(m.river_hexes),
        "terrain_counts": m.terrain_counts(),
        "bridge_spots": len(m.bridge_spots),
        "map_id": m.map_id,
    }


def register(app: typer.Typer) -> None:
    """Add ``tm map`` to the `companion tm` group."""

    @app.command("map", help=lazy_gettext("Check a custom map and print its size, terrain counts, bridge spots "
                                          "and map id."))
    def map_command(
        file: str = typer.Argument(..., help=lazy_gettext("Map file (letter or colour-word form); '-' reads stdin.")),
        as_json: bool = typer.Option(False, "--json", help=lazy_gettext("Print one JSON object.")),
    ) -> None:
        """Check a custom map and print its size, terrain counts, bridge spots and map id."""
        from companion.terra_mystica.hexmap import MAX_MAP_CHARS

        with bad_input_exits_2():
            summary = map_summary(read_input_text(file, max_bytes=MAX_MAP_CHARS), file=file)
        if as_json:
            print_json(summary)
            return
        counts = _(", ").join(f"{k} {v}" for k, v in summary["terrain_counts"].items())
        rows = [
            (_("map id"), summary["map_id"]),
            (_("rows"), summary["rows"]),
            (_("land hexes"), _("{land_hexes} ({counts})").format(land_hexes=summary["land_hexes"], counts=counts)),
            (_("river hexes"), summary["river_hexes"]),
            (_("bridge spots"), summary["bridge_spots"]),
        ]
        # Labels padded by terminal columns (Chinese characters take two), so the values line up in every language.
        width = max(columns(label) for label, _value in rows) + 1
        for label, value in rows:
            typer.echo(f"{pad(label, width)}{value}")
