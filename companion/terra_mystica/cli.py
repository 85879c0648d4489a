"""`companion tm ...`: command-line tools for Terra Mystica.

The commands live in one module per topic, each with a ``register(app)`` function:
``cli_map`` (``tm map``), ``cli_rules`` (``tm score``, ``tm auction``), ``cli_replay`` (``tm replay``), ``cli_coach``
(``tm hint``, ``tm review``);
``tm simulate`` (bots play whole games, :mod:`companion.terra_mystica.simulate`) is defined here.
"""

from __future__ import annotations

import typer

from companion.i18n import gettext as _
from companion.i18n import lazy_gettext, ngettext
from companion.terra_mystica import cli_coach, cli_map, cli_replay, cli_rules

app = typer.Typer(help=lazy_gettext("Terra Mystica tools."), no_args_is_help=True)

cli_map.register(app)
cli_rules.register(app)
cli_replay.register(app)
cli_coach.register(app)


def _names(text: str | None) -> list[str] | None:
    if text is None:
        return None
    return [part.strip().lower() for part in text.split(",") if part.strip()]


@app.command("simulate", help=lazy_gettext("Bots play whole games; each ledger is replayed by the engine (exit 1 "
                                           "if one differs or a game fails)."))
def simulate_cmd(
    players: int = typer.Option(None, "--players", help=lazy_gettext("2 to 5 players (default: the number of --factions, "
                                                        "else 4).")),
    factions: str = typer.Option(None, "--factions", help=lazy_gettext("Factions in seat order, comma-separated "
                                                          "(witches,nomads); default: random factions.")),
    map_name: str = typer.Option(None, "--map", help=lazy_gettext("Shipped map (base, fire_ice_side1, fire_ice_side2, "
                                                     "loon_lakes, fjords) or a map file; default base.")),
    games: int = typer.Option(1, "--games", help=lazy_gettext("Number of games, 1..10,000.")),
    seed: int = typer.Option(0, "--seed", help=lazy_gettext("Seed: game K draws from random.Random('SEED:K').")),
    bots: str = typer.Option("greedy", "--bots", help=lazy_gettext("Bot per seat, comma-separated, repeated over the seats "
                                                      "(random, greedy, search; e.g. search,greedy).")),
    record_dir: str = typer.Option(None, "--record-dir", help=lazy_gettext("Write each game's ledger here "
                                                              "(game-SEED-K.txt; `companion tm replay` reads it).")),
    final_scoring: str = typer.Option(None, "--final-scoring", help=lazy_gettext("Play with the Fire & Ice final-scoring "
                                      "tile: building-on-edge, connected-clusters, connected-distance, "
                                      "connected-sa-sh-distance, or random (one per game).")),
    as_json: bool = typer.Option(False, "--json", help=lazy_gettext("Print the JSON report.")),
) -> None:
    """Bots play whole games; each ledger is replayed by the engine (exit 1 if one differs or a game fails)."""
    from companion.cli_support import EXIT_DIFFERENCE, bad_input_exits_2, pad, print_json
    from companion.terra_mystica.simulate import simulate

    shown_map = None
    with bad_input_exits_2():
        if map_name is not None:
            from companion.terra_mystica.hexmap import map_record_name

            tm_map = cli_map.read_map_argument(map_name, option="--map")
            record_name = map_record_name(tm_map)
            if record_name != map_name:
                # a map file: its name and map id, not the whole custom map string the record carries
                shown_map = _("{file} (map id {map_id})").format(file=map_name, map_id=tm_map.map_id[:12])
            map_name = record_name
        if record_dir is not None:
            from companion.cli_support import output_folder

            output_folder(record_dir, "--record-dir")
        doc = simulate(players, factions=_names(factions), map_name=map_name, games=games, seed=seed,
                       bots=_names(bots) or [], record_dir=record_dir, final_scoring=final_scoring)
    if as_json:
        print_json(doc)
    else:
        from companion.terra_mystica.factions import faction_label

        typer.echo(ngettext("{games} game of {players} players on {map} in {seconds} s; bots {bots}",
                            "{games} games of {players} players on {map} in {seconds} s; bots {bots}", doc["games"])
                   .format(games=doc["games"], players=doc["players"], map=shown_map or doc["map"], seconds=doc["seconds"],
                           bots=_(", ").join(doc["bots"])))
        for faction, vp in doc["mean_vp_by_faction"].items():
            typer.echo(_("  {faction} games {games:>4}  mean VP {vp:>7}  wins {wins}")
                       .format(faction=pad(faction_label(faction), 16), games=len(doc["vp_by_faction"][faction]), vp=vp,
                               wins=doc["winner_counts"].get(faction, 0)))
        if doc["mean_final_vp"] is None:  # every game failed: there is no final VP to average
            typer.echo(_("no game finished: no final VP to average"))
        else:
            typer.echo(_("mean final VP {vp}; by bot: {by_bot}")
                       .format(vp=doc["mean_final_vp"],
                               by_bot=_(", ").join(f"{b} {v}" for b, v in doc["mean_vp_by_bot"].items())))
        typer.echo(_("ledgers differing on replay: {differing}; failed games: {failed}")
                   .format(differing=doc["replay_differences"], failed=len(doc["failures"])))
        for f in doc["failures"]:
            typer.echo(_("  game {game}: {error}").format(game=f["game"], error=f["error"]))
    if doc["failures"]:
        raise typer.Exit(EXIT_DIFFERENCE)


@app.command("export", help=lazy_gettext("Write a game record in another form: --rows writes the reference engine's "
                                         "command rows (one sub-command a line, spades bought with dig N)."))
def export_cmd(
    record: str = typer.Argument(..., help=lazy_gettext("A ledger export or command log to convert ('-' reads standard input).")),
    rows: bool = typer.Option(False, "--rows", help=lazy_gettext("Write the reference engine's command-rows form "
                                                                 "(perl evaluate.pl src FILE reads it).")),
    output: str = typer.Option(None, "--output", "-o", help=lazy_gettext("Write to this file (default: standard "
                                                                         "output).")),
    players: str = typer.Option(None, "--players", help=lazy_gettext("Player names for the '# players:' line, "
                                                                     "comma-separated (default: the record's).")),
) -> None:
    """Write a game record in another form (``--rows``: the reference engine's command rows)."""
    from companion.cli_support import bad_input_exits_2, read_input_text
    from companion.errors import CompanionError, RecordError
    from companion.terra_mystica.engine import read_record
    from companion.terra_mystica.engine.rows import command_rows
    from companion.terra_mystica.factions import faction_label

    with bad_input_exits_2(record=record):
        if not rows:
            raise CompanionError(_("tm export: name the form to write (--rows)"))
        names = [p.strip() for p in players.split(",") if p.strip()] if players is not None else None
        source = read_record(read_input_text(record), file=record)
        if names is not None:
            seats = [r.faction for r in source.rows if r.typed and r.command.strip().lower() == "setup"]
            if len(names) != len(seats):
                raise RecordError(ngettext("--players gives {given} name, but the record seats {seats} ({factions})",
                                           "--players gives {given} names, but the record seats {seats} "
                                           "({factions})", len(names))
                                  .format(given=len(names), seats=len(seats),
                                          factions=_(", ").join(faction_label(f) for f in seats)),
                                  file=record)
        try:
            text = command_rows(source, players=names)
        except RecordError as exc:  # the rows cannot be written (another map, ...): say which record
            raise exc.in_file(record) from None   # its line kept, the file named once
        if output is None:
            typer.echo(text, nl=False)
        else:
            from companion.cli_support import write_output_file

            write_output_file(output, text, "--output")
