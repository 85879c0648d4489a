"""`companion magick ...`: command-line tools for Merchants of Magick.

Commands
--------
``companion magick score FILE [--json]``
    FILE (``-`` for stdin) is ``{"players": [{"name", "crafting", "research", "orders", "adventurer",
    "mastery", "charms"}]}`` (gold per part, a missing part is 0). Prints
    ``{"players": [{"name", ...the parts..., "total"}], "winners": [...]}`` (ties: every tied name).
``companion magick odds --die d8 --target 5 (--craft | --research) [--potions K] [--sheet FILE] [--json]``
    Prints ``{"die", "target", "compare", "potions", "probability": "5/8", "value": 0.625}``: the exact
    chance that one roll of the die fills the circle spending at most K potions.

Bad input exits with status 2 and a message on stderr naming the field or key path.
"""

from __future__ import annotations

import typer

from companion.cli_support import bad_input_exits_2, print_json, read_input_json
from companion.errors import CompanionError

app = typer.Typer(help="Merchants of Magick tools.", no_args_is_help=True)


@app.command("score")
def score_command(
    file: str = typer.Argument(..., help="Table-side gold per player as JSON ('-' for stdin)."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    """Total each player's gold (crafting, research, orders, adventurer, mastery, charms) and name the winners."""
    from companion.magick.scoring import PARTS, score_table

    with bad_input_exits_2():
        result = score_table(read_input_json(file), file=None if file == "-" else file)
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
    potions: int = typer.Option(0, "--potions", help="Spend at most this many potions."),
    sheet_file: str = typer.Option(None, "--sheet", help="Your sheet file (default: the reference sheet)."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    """Exact probability that one roll of a die fills a circle, spending at most --potions potions."""
    from companion.magick.odds import fill_probability
    from companion.magick.sheet import load_sheet

    with bad_input_exits_2():
        if craft == research:
            raise CompanionError("--craft/--research: give exactly one of them")
        if potions < 0:
            raise CompanionError(f"--potions: expected an integer >= 0, found {potions}")
        sheet = load_sheet(sheet_file)
        if die not in sheet.dice:
            raise CompanionError(f"--die: expected one of {', '.join(sheet.dice)}, found {die!r}")
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
