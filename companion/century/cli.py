"""`companion century ...`: command-line tools for Century: Golem Edition.

Commands
--------
``score FILE [--json] [--save]``
    FILE (or ``-``) is ``{"players": [{"name", "golems": [printed points], "copper", "silver",
    "crystals": {colour: n}}, ...]}`` in turn order; prints ``{"players": [{"name", "golem_vp", "coin_vp",
    "crystal_vp", "total"}], "winner": NAME}`` (ties to the tied player latest in turn order).
``simulate --players P --games N --seed S [--bots random,greedy,planner] [--workers W] [--json]``
    Prints at least ``games``, ``seconds``, ``games_per_second``, ``mean_turns`` and ``wins_by_seat``.
    ``--workers W`` plays the games in W processes; the results are the same as with one.
``replay FILE [--json] [--verbose]``
    Reads and replays a game record (see ``companion.century.record``); prints the final scores.

Bad input exits 2 with ``error: <message naming the place>`` on stderr.
"""

from __future__ import annotations

import typer

from companion.cli_support import bad_input_exits_2, print_json, read_input_json, read_input_text
from companion.errors import CompanionError

app = typer.Typer(help="Century: Golem Edition tools.", no_args_is_help=True)


@app.command("score")
def score_cmd(
    file: str = typer.Argument(..., help="Score file (JSON), or - for standard input."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
    save: bool = typer.Option(False, "--save", help="Also add the game to the game history."),
) -> None:
    """Score a table game: golems + 3 per copper + 1 per silver + 1 per non-yellow crystal.

    FILE is one JSON object: {"players": [{"name": "Ann", "golems": [12, 14], "copper": 1, "silver": 0,
    "crystals": {"green": 2, "pink": 1}}, ...]} in turn order (numbers left out are 0). The format is
    described in the README, section "Score table files".
    """
    from companion.century.scoring import score_table, table_json, validate_table

    with bad_input_exits_2():
        doc = read_input_json(file)
        tallies = validate_table(doc, file=file)
        result = score_table(tallies)
        if save:
            from companion.history_cli import save_to_history

            save_to_history("century", doc)
    if as_json:
        print_json(table_json(result))
        return
    for line in result.lines:
        typer.echo(f"{line.name:<16} golems {line.golem_vp:>3}  coins {line.coin_vp:>3}  "
                   f"crystals {line.crystal_vp:>3}  total {line.total:>3}")
    tie = f" (tie among {', '.join(result.tied)}: the later player wins)" if len(result.tied) > 1 else ""
    typer.echo(f"winner: {result.winner}{tie}")


@app.command("simulate")
def simulate_cmd(
    players: int = typer.Option(4, "--players", help="Number of players, 2..5."),
    games: int = typer.Option(100, "--games", help="Number of games, 0..1,000,000."),
    seed: int = typer.Option(0, "--seed", help="Random seed."),
    bots: str = typer.Option("random", "--bots",
                             help="One bot for all seats or one per seat, comma-separated: random, greedy, planner."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
    progress: bool = typer.Option(True, "--progress/--no-progress", help="Show a progress bar on stderr."),
    workers: int = typer.Option(1, "--workers", help="Worker processes, 1..64 (the results do not depend on it)."),
) -> None:
    """Simulate games between bots and report win rates, game length and score spread."""
    from companion.century.simulate import simulate

    with bad_input_exits_2():
        names = [b.strip() for b in bots.split(",") if b.strip()]
        if not names:
            raise CompanionError("--bots: expected at least one bot name")
        result = simulate(players, games, seed, names, progress=progress, workers=workers)
    summary = result.summary()
    if as_json:
        print_json(summary)
        return
    on = f" on {workers} workers" if workers > 1 else ""
    typer.echo(f"{summary['games']} games of {players} players in {summary['seconds']:.2f} s{on} "
               f"({summary['games_per_second']:.1f} games/s), mean {summary['mean_turns']:.1f} turns")
    typer.echo("wins by seat: " + ", ".join(f"seat {i + 1}: {w}" for i, w in enumerate(summary["wins_by_seat"])))
    typer.echo("win rate by bot: " + ", ".join(f"{k} {v:.1%}" for k, v in summary["win_rate_by_bot"].items()))
    spread = summary["score_spread"]
    typer.echo(f"scores: mean {spread['mean']:.1f} VP, sd {spread['sd']:.1f}, range {spread['min']:.0f}.."
               f"{spread['max']:.0f}, mean winning margin {spread['mean_winning_margin']:.1f}")


@app.command("replay")
def replay_cmd(
    file: str = typer.Argument(..., help="Game record (text), or - for standard input."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
    verbose: bool = typer.Option(False, "--verbose", help="Print every action as it is replayed."),
) -> None:
    """Replay a game record, checking every action, and print the final state and scores."""
    from companion.century.actions import action_text
    from companion.century.engine import score
    from companion.century.record import read_record, replay

    with bad_input_exits_2():
        text = read_input_text(file)
        record = read_record(text, file=file)
        states = replay(record)
    final = states[-1]
    names = list(record.names) if record.names else None
    table = score(final, names)
    if as_json:
        print_json({
            "players": [{"name": x.name, "golem_vp": x.golem_vp, "coin_vp": x.coin_vp, "crystal_vp": x.crystal_vp,
                         "total": x.total} for x in table.lines],
            "actions": len(record.actions),
            "turns": final.turn,
            "finished": final.finished,
            "winner": table.winner if final.finished else None,
        })
        return
    if verbose:
        for i, a in enumerate(record.actions):
            typer.echo(f"{i + 1:>4}  {action_text(a)}")
    typer.echo(f"{len(record.actions)} actions, {final.turn} turns, "
               + ("game over" if final.finished else "game not finished"))
    for x in table.lines:
        typer.echo(f"{x.name:<16} golems {x.golem_vp:>3}  coins {x.coin_vp:>3}  crystals {x.crystal_vp:>3}  "
                   f"total {x.total:>3}")
    if final.finished:
        typer.echo(f"winner: {table.winner}")
