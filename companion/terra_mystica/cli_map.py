"""`companion tm map FILE`: read a custom Terra Mystica map and summarise it.

FILE is a path or ``-`` for standard input, in the letter form or the reference engine's colour-word
form (detected). With ``--json`` one JSON object is printed with the keys ``rows`` (map rows in the
input, no placeholder row), ``land_hexes``, ``river_hexes``, ``terrain_counts`` (letter -> land hexes,
no river entry), ``bridge_spots`` (legal bridge pairs, RULES-NOTES appendix B) and ``map_id`` (the
reference engine's SHA-1 id). The plain output ends with one ``design warning:`` line per design
convention the map breaks (:func:`~companion.terra_mystica.mapedit.design_warnings`: fewer rows than the
base map's 9, factions that cannot place their starting dwellings, ...); ``tm balance`` prints the same
lines, and its ``--json`` has them under ``warnings``. Bad input exits with status 2 and the message on
stderr.
"""

from __future__ import annotations

import typer

from companion.cli_support import bad_input_exits_2, columns, pad, print_json, read_input_text
from companion.i18n import gettext as _
from companion.i18n import lazy_gettext, ngettext

__all__ = ["register", "design_warning_docs", "map_summary", "read_map_argument"]


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


def read_map_argument(value: str, *, option: str = "MAP"):
    """The map named on the command line: a shipped map's key (``base``, ``fire_ice_side1``, ...), else a map
    file (letter or colour-word form; ``-`` reads standard input).

    Raises
    ------
    CompanionError
        For neither a shipped key nor a readable file (both kinds named); a value that looks like a path (a
        ``/``, ``.`` or ``~`` in it) and names no file is called a missing file. ``~`` is expanded.
    MapFormatError
        For a file that is not a valid map (file, row and column named).
    """
    from pathlib import Path

    from companion.errors import CompanionError
    from companion.terra_mystica.hexmap import MAX_MAP_CHARS, load_shipped_map, parse_map, shipped_maps

    keys = [e["key"] for e in shipped_maps()]
    if value in keys:
        return load_shipped_map(value)
    # "~/.companion/maps/NAME.txt" typed in quotes reaches us unexpanded: expand it as the shell would have
    path = value if value == "-" else str(Path(value).expanduser())
    if path != "-" and (Path(path).is_dir() or not Path(path).exists()):  # a device or pipe is read, up to the cap
        if Path(path).is_dir():
            raise CompanionError(_("{option}: {value}: is a folder, not a map file").format(option=option, value=value))
        if any(c in value for c in "/\\.~"):
            raise CompanionError(_("{option}: {value}: no such file").format(option=option, value=value))
        raise CompanionError(_("{option}: unknown map {value!r}; expected a shipped map ({keys}) or a map file").format(
            option=option, value=value, keys=_(", ").join(keys)))
    return parse_map(read_input_text(path, max_bytes=MAX_MAP_CHARS), file=value)


def register(app: typer.Typer) -> None:
    """Add ``tm map`` and ``tm balance`` to the `companion tm` group."""

    @app.command("map", help=lazy_gettext("Check a custom map and print its size, terrain counts, bridge spots "
                                          "and map id."))
    def map_command(
        file: str = typer.Argument(..., help=lazy_gettext("A shipped map (base, fire_ice_side1, ...) or a map file (letter or "
                                                            "colour-word form); '-' reads stdin.")),
        as_json: bool = typer.Option(False, "--json", help=lazy_gettext("Print one JSON object.")),
        svg: str = typer.Option(None, "--svg", help=lazy_gettext("Also write the map as an SVG picture to this file.")),
        png: str = typer.Option(None, "--png", help=lazy_gettext("Also write the map as a PNG picture to this file.")),
        no_labels: bool = typer.Option(False, "--no-labels", help=lazy_gettext("Pictures without hex labels.")),
    ) -> None:
        """Check a custom map and print its size, terrain counts, bridge spots and map id."""
        with bad_input_exits_2():
            # a shipped map's key (as tm balance and tm simulate --map take it) or a map file
            tm_map = read_map_argument(file)
            text = tm_map.to_letters()
            summary = map_summary(text, file=file)
            if svg or png:
                _write_pictures(text, file, svg, png, not no_labels)
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
        _echo_design_warnings(design_warning_docs(tm_map))

    register_balance(app)


def design_warning_docs(tm_map) -> list[dict[str, str]]:
    """The design conventions ``tm_map`` breaks as JSON objects ``{"code", "message"}``
    (:func:`~companion.terra_mystica.mapedit.design_warnings`: a small map, factions that cannot be seated,
    unequal terrains, a river in pieces; flagged, the map is still read and played)."""
    from companion.terra_mystica.mapedit import design_warnings

    return [{"code": w.code, "message": w.message} for w in design_warnings(tm_map)]


def _echo_design_warnings(warnings: list[dict[str, str]]) -> None:
    for doc in warnings:
        typer.echo(_("design warning: {message}").format(message=doc["message"]))


def _write_pictures(text: str, file: str, svg: str | None, png: str | None, labels: bool) -> None:
    from companion.savefile import atomic_write_text
    from companion.terra_mystica.hexmap import parse_map
    from companion.widgets.terra_mystica.mapplot import map_png, map_svg

    m = parse_map(text, file=file)
    if svg:
        atomic_write_text(svg, map_svg(m, show_labels=labels))
    if png:
        from companion.savefile import atomic_write_bytes

        atomic_write_bytes(png, map_png(m, show_labels=labels))


def _suggest_players(tm_map, players: int) -> None:
    """Refuse a player count the map cannot seat, naming the ``--players`` it can (review 3, finding 4)."""
    from companion.errors import CompanionError
    from companion.terra_mystica.mapedit import most_players, playability

    if not isinstance(players, int) or not 2 <= players <= 5:
        return   # simulate_balance names the range
    unplayable = playability(tm_map, players)
    most = most_players(tm_map)
    if unplayable is not None and most >= 2:
        raise CompanionError(_("--players {players}: this map cannot be played: {reason}; try --players {most}").format(
            players=players, reason=unplayable, most=most))


def register_balance(app: typer.Typer) -> None:
    """Add ``tm balance`` to the `companion tm` group."""

    @app.command("balance", help=lazy_gettext("How each faction fares on a map: the map read per home terrain, "
                                              "and N bot games with mean VP and win share (intervals at 95 %)."))
    def balance_command(
        map_arg: str = typer.Argument(..., metavar="MAP", help=lazy_gettext(
            "A shipped map (base, fire_ice_side1, ...) or a map file; '-' reads stdin.")),
        games: int = typer.Option(100, "--games", help=lazy_gettext("Number of bot games.")),
        players: int = typer.Option(4, "--players", help=lazy_gettext("Players a game, 2 to 5.")),
        bot: str = typer.Option("greedy", "--bot", help=lazy_gettext("The bot for every seat (random, greedy).")),
        seed: int = typer.Option(0, "--seed", help=lazy_gettext("Seed: game K draws from random.Random('SEED:K').")),
        workers: int = typer.Option(1, "--workers", help=lazy_gettext("Processes playing at once (the machine's cores).")),
        no_analysis: bool = typer.Option(False, "--no-analysis", help=lazy_gettext("Skip the reading of the map.")),
        as_json: bool = typer.Option(False, "--json", help=lazy_gettext("Print one JSON object.")),
    ) -> None:
        """How each faction fares on a map (analysis and bot games)."""
        from companion.terra_mystica.balance import analysis, simulate_balance
        from companion.terra_mystica.bots import BOT_NAMES
        from companion.terra_mystica.factions import faction_label

        with bad_input_exits_2():
            m = read_map_argument(map_arg)
            _suggest_players(m, players)
            doc = {"warnings": design_warning_docs(m), "analysis": None if no_analysis else analysis(m),
                   "simulation": simulate_balance(m, games=games, players=players, bot=bot, seed=seed,
                                                  workers=workers)}
        if as_json:
            print_json(doc)
            return
        sim = doc["simulation"]
        typer.echo(_("map id {map_id}: {games} games of {players} players, bot {bot}, {seconds} s").format(
            map_id=sim["map_id"], games=sim["games"], players=sim["players"], bot=_(BOT_NAMES.get(sim["bot"], sim["bot"])),
            seconds=sim["seconds"]))
        width = max([columns(faction_label(f)) for f in sim["factions"]] + [10]) + 2
        for f, row in sorted(sim["factions"].items(), key=lambda kv: -kv[1]["mean_vp"]):
            if row["vp_low"] is None:   # one seat: no interval
                typer.echo(_("{faction}{seats:>5} seat   mean VP {vp:6.1f}  win share {share:5.1%}  "
                             "(1 game: no interval)").format(
                    faction=pad(faction_label(f), width), seats=row["seats"], vp=row["mean_vp"],
                    share=row["win_share"]))
                continue
            typer.echo(ngettext("{faction}{seats:>5} seat   mean VP {vp:6.1f} [{low:.1f}, {high:.1f}]  "
                                "win share {share:5.1%} [{w_low:.1%}, {w_high:.1%}]",
                                "{faction}{seats:>5} seats  mean VP {vp:6.1f} [{low:.1f}, {high:.1f}]  "
                                "win share {share:5.1%} [{w_low:.1%}, {w_high:.1%}]", row["seats"]).format(
                faction=pad(faction_label(f), width), seats=row["seats"], vp=row["mean_vp"], low=row["vp_low"],
                high=row["vp_high"], share=row["win_share"], w_low=row["win_low"], w_high=row["win_high"]))
        if sim["failures"]:
            typer.echo(_("failed games: {n}").format(n=len(sim["failures"])))
        _echo_design_warnings(doc["warnings"])
        if doc["analysis"]:
            typer.echo(_("home terrain: hexes, on edge, by a river, neighbours at 0/1/2/3 spades, largest cluster, "
                         "bridge spots, first dwellings"))
            for t, row in doc["analysis"]["terrains"].items():
                firsts = _("; ").join([f"{faction_label(f)} {' '.join(h)}" for f, h in row["first_dwellings"].items()]
                                      + [_("{faction}: too few hexes").format(faction=faction_label(f))
                                         for f in row["unseated_factions"]])
                typer.echo(f"  {t}  {row['hexes']:>3} {row['edge_hexes']:>3} {row['river_side_hexes']:>3}  "
                           f"{'/'.join(str(n) for n in row['neighbours_by_spades'])}  {row['largest_cluster']}  "
                           f"{row['bridge_spots']:>3}  {firsts}")
