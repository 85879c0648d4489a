"""`companion magick ...`: command-line tools for Merchants of Magick.

Commands
--------
``companion magick score FILE [--json] [--save]``
    FILE (``-`` for stdin) is ``{"players": [{"name", "crafting", "research", "orders", "adventurer",
    "mastery", "charms"}]}`` (gold per part, a missing part is 0). Prints
    ``{"players": [{"name", ...the parts..., "total"}], "winners": [...]}`` (ties: every tied name).
``companion magick odds --die d8 --target 5 (--craft | --research) [--potions K] [--sheet FILE] [--json]``
    Prints ``{"die", "target", "compare", "potions", "probability": "5/8", "value": 0.625}``: the exact
    chance that one roll of the die fills the circle spending at most K potions.

``companion magick check-sheet FILE [--json]``
    Validates a user's sheet file; prints its name, whether it is a reconstruction, and its rows.
``companion magick replay FILE [--json]``
    Replays a game record (JSON Lines, see :mod:`companion.magick.record`) and prints the final gold.
``companion magick simulate --players N [--bots greedy,random,...] [--seed S] [--record OUT] [--json]``
    Plays a whole game with bots (orders from the generated deck, not the printed one) and prints the gold.

Bad input exits with status 2 and a message on stderr naming the field, key path or record line.
"""

from __future__ import annotations

from typing import Any

import typer

from companion.cli_support import bad_input_exits_2, print_json, read_input_json
from companion.errors import CompanionError
from companion.jsonio import excerpt

MAX_POTIONS = 99
"""Most potions --potions accepts (a die never needs more than a few; a larger number is a typing slip)."""

app = typer.Typer(help="Merchants of Magick tools.", no_args_is_help=True)


@app.command("score")
def score_command(
    file: str = typer.Argument(..., help="Table-side gold per player as JSON ('-' for stdin)."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
    save: bool = typer.Option(False, "--save", help="Also add the game to the game history."),
) -> None:
    """Total each player's gold (crafting, research, orders, adventurer, mastery, charms) and name the winners.

    FILE is one JSON object: {"players": [{"name": "Ann", "crafting": 10, "research": 0, "orders": 6,
    "adventurer": 0, "mastery": 8, "charms": 0}, ...]} (parts left out are 0). The format is described in
    the README, section "Score table files".
    """
    from companion.magick.scoring import PARTS, score_table

    with bad_input_exits_2():
        doc = read_input_json(file)
        result = score_table(doc, file=file)  # "-" names standard input, as in every command
        if save:
            from companion.history_cli import save_to_history

            save_to_history("magick", doc)
    if as_json:
        print_json(result)
        return
    for p in result["players"]:
        parts = ", ".join(f"{k} {p[k]}" for k in PARTS)
        typer.echo(f"{p['name']}: {p['total']} gold ({parts})")
    typer.echo("winner" + ("s" if len(result["winners"]) > 1 else "") + ": " + ", ".join(result["winners"]))


@app.command("odds")
def odds_command(
    die: str = typer.Option(..., "--die", help="The die: d6, d8, d10 or d12."),
    target: int = typer.Option(..., "--target", help="The number in the circle."),
    craft: bool = typer.Option(False, "--craft", help="A crafting circle (die >= target)."),
    research: bool = typer.Option(False, "--research", help="A research circle (die <= target)."),
    potions: int = typer.Option(0, "--potions", help="Spend at most this many potions, 0..99."),
    sheet_file: str = typer.Option(None, "--sheet", help="Your sheet file (default: the reference sheet)."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    """Exact probability that one roll of a die fills a circle, spending at most --potions potions."""
    from companion.magick.odds import fill_probability
    from companion.magick.sheet import load_sheet

    with bad_input_exits_2():
        if craft == research:
            raise CompanionError("--craft/--research: give exactly one of them")
        if not 0 <= potions <= MAX_POTIONS:
            raise CompanionError(f"--potions: expected a whole number from 0 to {MAX_POTIONS}, found {excerpt(potions)}")
        sheet = load_sheet(sheet_file)
        if die not in sheet.dice:
            raise CompanionError(f"--die: expected one of {', '.join(sheet.dice)}, found {excerpt(die)!r}")
        if not sheet.min_value <= target <= sheet.max_value:
            raise CompanionError(f"--target: expected a circle number from {sheet.min_value} to {sheet.max_value}, "
                                 f"found {excerpt(target)}")
        compare = ">=" if craft else "<="
        prob = fill_probability(die, target, compare, potions, sheet=sheet)
    doc = {"die": die, "target": target, "compare": compare, "potions": potions,
           "probability": f"{prob.numerator}/{prob.denominator}", "value": float(prob)}
    if as_json:
        print_json(doc)
        return
    side = "crafting" if craft else "research"
    typer.echo(f"{die} for a {side} {target} ({compare}) with at most {potions} potion(s): "
               f"{doc['probability']} = {float(prob):.1%}")


@app.command("check-sheet")
def check_sheet_command(
    file: str = typer.Argument(..., help="A sheet file (JSON) typed from your printed sheet; '-' reads stdin."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    """Validate a sheet file; errors name the key path."""
    from companion.magick.sheet import load_sheet, sheet_from_dict

    with bad_input_exits_2():
        if file == "-":
            sheet = sheet_from_dict(read_input_json(file), file="-")
        else:
            sheet = load_sheet(file)
    doc = {"name": sheet.name, "reconstruction": sheet.reconstruction, "label": sheet.label,
           "rows": len(sheet.rows), "circles": len(sheet.circles),
           "columns": {c.id: list(c.allowed_dice) for c in sheet.columns}}
    if as_json:
        print_json(doc)
        return
    typer.echo(f"{sheet.name}: {len(sheet.rows)} rows, {len(sheet.circles)} circles - valid")
    if sheet.label:
        typer.echo(sheet.label)


def _gold_doc(state: Any) -> dict[str, Any]:
    from companion.magick.engine import score, winners

    return {"players": [g.to_dict() for g in score(state)], "winners": winners(state), "round": state.round,
            "over": state.over}


def _print_gold(doc: dict[str, Any]) -> None:
    for p in doc["players"]:
        typer.echo(f"{p['name']}: {p['total']} gold")
    typer.echo("winner" + ("s" if len(doc["winners"]) > 1 else "") + ": " + ", ".join(doc["winners"]))


@app.command("replay")
def replay_command(
    file: str = typer.Argument(..., help="A game record (JSON Lines; '-' for stdin)."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    """Replay a game record and print each player's gold (an illegal line exits 2 naming it)."""
    from companion.cli_support import read_input_text
    from companion.magick.record import read_record, replay

    with bad_input_exits_2():
        state = replay(read_record(read_input_text(file), file=file))
    doc = _gold_doc(state)
    if as_json:
        print_json(doc)
    else:
        _print_gold(doc)


@app.command("simulate")
def simulate_command(
    players: int = typer.Option(2, "--players", help="Number of players, 1-8."),
    bots: str = typer.Option("greedy", "--bots", help="Comma-separated bot per seat (greedy, random); "
                                                     "the last one repeats."),
    seed: int = typer.Option(0, "--seed", help="Seed of the dice, the deck and the random bots."),
    record: str = typer.Option(None, "--record", help="Write the game record to this file."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    """Play a whole game with bots (orders from the generated deck, which is not the printed deck)."""
    import random
    from pathlib import Path

    from companion.magick.bots import GreedyBot, RandomBot, play_game
    from companion.magick.record import write_record

    with bad_input_exits_2():
        if not 1 <= players <= 8:
            raise CompanionError(f"--players: expected 1-8, found {excerpt(players)}")
        names = [b.strip() for b in bots.split(",") if b.strip()]
        for b in names:
            if b not in ("greedy", "random"):
                raise CompanionError(f"--bots: expected greedy or random, found {excerpt(b)!r}")
        if not names:
            raise CompanionError("--bots: expected at least one bot")
        rng = random.Random(seed)
        seats = [(names[i] if i < len(names) else names[-1]) for i in range(players)]
        state = play_game(players, [GreedyBot() if b == "greedy" else RandomBot(rng) for b in seats], rng)
        if record:
            try:
                Path(record).write_text(write_record(state), encoding="utf-8")
            except OSError as exc:
                raise CompanionError(f"--record: {record}: cannot be written ({exc.strerror})") from None
    doc = _gold_doc(state)
    doc["bots"] = seats
    if as_json:
        print_json(doc)
    else:
        _print_gold(doc)
