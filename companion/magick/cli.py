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
``companion magick hint FILE [--playouts K] [--seed S] [--json]``
    The best three moves for the player to act in a record, best first by the lead over the best opponent
    (``"ranked_by": "margin"`` in the JSON; solo: the expected final gold), each with that lead, its expected
    final gold and why (:mod:`companion.magick.search`).
``companion magick review FILE [--playouts K] [--seed S] [--json]``
    Every player's expected final gold after each move of a recorded game and each player's three biggest
    drops, with the move the search preferred and why (:func:`companion.magick.search.review`).
``companion magick simulate --players N [--bots greedy,random,...] [--seed S] [--record OUT] [--json]``
    Plays a whole game with bots (orders from the generated deck, not the printed one) and prints the gold.

Bad input exits with status 2 and a message on stderr naming the field, key path or record line.
"""

from __future__ import annotations

from typing import Any

import typer

from companion.cli_common import HintSeconds, Json, Playouts, Seed, game_over
from companion.cli_support import bad_input_exits_2, print_json, read_input_json
from companion.coach import signed
from companion.errors import CompanionError
from companion.i18n import _, lazy_gettext, ngettext
from companion.jsonio import excerpt

MAX_POTIONS = 99
"""Most potions --potions accepts (a die never needs more than a few; a larger number is a typing slip)."""

# Help texts are lazy: translated when click formats them, in the language chosen by --lang / COMPANION_LANG.
_JSON_HELP = lazy_gettext("Print JSON.")
_RECORD_HELP = lazy_gettext("A game record (JSON Lines; '-' for stdin).")

app = typer.Typer(help=lazy_gettext("Merchants of Magick tools."), no_args_is_help=True)

_PART_NAMES = {"crafting": lazy_gettext("crafting"), "research": lazy_gettext("research"),
               "orders": lazy_gettext("orders"), "adventurer": lazy_gettext("adventurer"),
               "mastery": lazy_gettext("mastery"), "charms": lazy_gettext("charms")}


def _seat(name: str) -> str:
    """A seat's name as printed: a default one ("Player 2", "Bot 1") in the reader's language."""
    from companion.magick.describe import seat_name

    return seat_name(name)


def _winners_line(winners: list[str]) -> str:
    return ngettext("winner: {names}", "winners: {names}", len(winners)).format(
        names=_(", ").join(_seat(w) for w in winners))


@app.command("score", help=lazy_gettext(
    "Total the gold of each player (crafting, research, orders, adventurer, mastery, charms) and name the "
    "winners.\n\nFILE is one JSON object: {\"players\": [{\"name\": \"Ann\", \"crafting\": 10, \"research\": 0, "
    "\"orders\": 6, \"adventurer\": 0, \"mastery\": 8, \"charms\": 0}, ...]} (parts left out are 0). The format "
    "is described in the README, section \"Score table files\"."))
def score_command(
    file: str = typer.Argument(..., help=lazy_gettext("Table-side gold per player as JSON ('-' for stdin).")),
    as_json: bool = typer.Option(False, "--json", help=_JSON_HELP),
    save: bool = typer.Option(False, "--save", help=lazy_gettext("Also add the game to the game history.")),
) -> None:
    """Total each player's gold (see the help text)."""
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
        parts = _(", ").join(_("{part} {amount}").format(part=_PART_NAMES[k], amount=p[k]) for k in PARTS)
        typer.echo(_("{name}: {total} gold ({parts})").format(name=p["name"], total=p["total"], parts=parts))
    typer.echo(_winners_line(result["winners"]))


@app.command("odds", help=lazy_gettext(
    "Exact probability that one roll of a die fills a circle, spending at most --potions potions."))
def odds_command(
    die: str = typer.Option(..., "--die", help=lazy_gettext("The die: d6, d8, d10 or d12.")),
    target: int = typer.Option(..., "--target", help=lazy_gettext("The number in the circle.")),
    craft: bool = typer.Option(False, "--craft", help=lazy_gettext("A crafting circle (die >= target).")),
    research: bool = typer.Option(False, "--research", help=lazy_gettext("A research circle (die <= target).")),
    potions: int = typer.Option(0, "--potions", help=lazy_gettext("Spend at most this many potions, 0..99.")),
    sheet_file: str = typer.Option(None, "--sheet", help=lazy_gettext(
        "Your sheet file (default: the reference sheet).")),
    as_json: bool = typer.Option(False, "--json", help=_JSON_HELP),
) -> None:
    """Exact probability that one roll fills a circle (see the help text)."""
    from companion.magick.odds import fill_probability, format_odds
    from companion.magick.sheet import load_sheet

    with bad_input_exits_2():
        # The die is checked first: a wrong die is the likelier slip, and its message names the valid dice.
        sheet = load_sheet(sheet_file)
        if die not in sheet.dice:
            raise CompanionError(_("--die: expected one of {dice}, found {found!r}")
                                 .format(dice=_(", ").join(sheet.dice), found=excerpt(die)))
        if craft == research:
            raise CompanionError(_("--craft/--research: give exactly one of them"))
        if not 0 <= potions <= MAX_POTIONS:
            raise CompanionError(_("--potions: expected a whole number from 0 to {most}, found {found}")
                                 .format(most=MAX_POTIONS, found=excerpt(potions)))
        if not sheet.min_value <= target <= sheet.max_value:
            raise CompanionError(_("--target: expected a circle number from {low} to {high}, found {found}")
                                 .format(low=sheet.min_value, high=sheet.max_value, found=excerpt(target)))
        compare = ">=" if craft else "<="
        prob = fill_probability(die, target, compare, potions, sheet=sheet)
    doc = {"die": die, "target": target, "compare": compare, "potions": potions,
           "probability": f"{prob.numerator}/{prob.denominator}", "value": float(prob)}
    if as_json:
        print_json(doc)
        return
    text = (ngettext("{die} for a crafting circle {target} ({compare}) with at most {potions} potion: {odds}",
                     "{die} for a crafting circle {target} ({compare}) with at most {potions} potions: {odds}",
                     potions) if craft else
            ngettext("{die} for a research circle {target} ({compare}) with at most {potions} potion: {odds}",
                     "{die} for a research circle {target} ({compare}) with at most {potions} potions: {odds}",
                     potions))
    typer.echo(text.format(die=die, target=target, compare=compare, potions=potions, odds=format_odds(prob)))


@app.command("check-sheet", help=lazy_gettext("Validate a sheet file; errors name the key path."))
def check_sheet_command(
    file: str = typer.Argument(..., help=lazy_gettext(
        "A sheet file (JSON) typed from your printed sheet; '-' reads stdin.")),
    as_json: bool = typer.Option(False, "--json", help=_JSON_HELP),
) -> None:
    """Validate a sheet file (see the help text)."""
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
    typer.echo(_("{name}: {rows} rows, {circles} circles - valid").format(name=sheet.name, rows=len(sheet.rows),
                                                                         circles=len(sheet.circles)))
    if sheet.label:
        typer.echo(sheet.label)


def _gold_doc(state: Any) -> dict[str, Any]:
    from companion.magick.engine import score, winners

    return {"players": [g.to_dict() for g in score(state)], "winners": winners(state), "round": state.round,
            "over": state.over}


def _print_gold(doc: dict[str, Any]) -> None:
    for p in doc["players"]:
        typer.echo(_("{name}: {total} gold").format(name=_seat(p["name"]), total=p["total"]))
    typer.echo(_winners_line(doc["winners"]))


@app.command("replay", help=lazy_gettext(
    "Replay a game record and print the gold of each player (an illegal line exits 2 naming it)."))
def replay_command(
    file: str = typer.Argument(..., help=_RECORD_HELP),
    as_json: bool = typer.Option(False, "--json", help=_JSON_HELP),
) -> None:
    """Replay a game record (see the help text)."""
    from companion.cli_support import read_input_text
    from companion.magick.record import read_record, replay

    with bad_input_exits_2(record=file):
        state = replay(read_record(read_input_text(file), file=file))
    doc = _gold_doc(state)
    if as_json:
        print_json(doc)
    else:
        _print_gold(doc)


@app.command("simulate", help=lazy_gettext(
    "Play a whole game with bots (orders from the generated deck, which is not the printed deck)."))
def simulate_command(
    players: int = typer.Option(2, "--players", help=lazy_gettext("Number of players, 1-8.")),
    bots: str = typer.Option("greedy", "--bots", help=lazy_gettext(
        "Comma-separated bot per seat (greedy, random, search); the last one repeats.")),
    seed: int = typer.Option(0, "--seed", help=lazy_gettext("Seed of the dice, the deck and the random bots.")),
    record: str = typer.Option(None, "--record", help=lazy_gettext("Write the game record to this file.")),
    as_json: bool = typer.Option(False, "--json", help=_JSON_HELP),
) -> None:
    """Play a whole game with bots (see the help text)."""
    import random

    from companion.magick.bots import GreedyBot, RandomBot, play_game
    from companion.magick.record import write_record
    from companion.magick.search import SearchBot

    with bad_input_exits_2():
        if not 1 <= players <= 8:
            raise CompanionError(_("--players: expected 1-8, found {found}").format(found=excerpt(players)))
        names = [b.strip() for b in bots.split(",") if b.strip()]
        for b in names:
            if b not in ("greedy", "random", "search"):
                raise CompanionError(_("--bots: expected greedy, random or search, found {found!r}")
                                     .format(found=excerpt(b)))
        if not names:
            raise CompanionError(_("--bots: expected at least one bot"))
        rng = random.Random(seed)
        seats = [(names[i] if i < len(names) else names[-1]) for i in range(players)]
        made = {"greedy": lambda i: GreedyBot(), "random": lambda i: RandomBot(rng),
                "search": lambda i: SearchBot(seed=seed + i)}
        state = play_game(players, [made[b](i) for i, b in enumerate(seats)], rng)
        if record:
            from companion.cli_support import write_output_file

            write_output_file(record, write_record(state), "--record")
    doc = _gold_doc(state)
    doc["bots"] = seats
    if as_json:
        print_json(doc)
    else:
        _print_gold(doc)


def _record_states(file: str) -> list:
    """Every state of the game recorded in ``file`` ('-': stdin)."""
    from companion.cli_support import read_input_text
    from companion.magick.record import read_record, replay_states

    return replay_states(read_record(read_input_text(file), file=file))


@app.command("hint", help=lazy_gettext(
    "The best three moves for the player to act in a game record, each with its expected final gold and why "
    "(Monte Carlo playouts that never see the future dice or the order deck)."))
def hint_command(
    file: str = typer.Argument(..., help=_RECORD_HELP),
    playouts: Playouts = 12,
    seed: Seed = 0,
    seconds: HintSeconds = None,
    as_json: Json = False,
) -> None:
    """Hint for the player to act in a record (see the help text; without ``--seconds`` every playout is
    made, so a seed gives the same answer on any machine)."""
    from companion.magick import game
    from companion.magick.search import hint, hint_sentence

    with bad_input_exits_2(record=file):
        state = _record_states(file)[-1]
        if state.over:
            raise game_over(file)
        seat = game.current_player(state)
        if seat == game.CHANCE:
            raise CompanionError(_("{file}: the record waits for a roll or an order reveal, not for a player")
                                 .format(file=file))
        moves = hint(state, seat, playouts=playouts, seed=seed, budget=seconds)
    name = state.players[seat].name
    # ranked by "margin" (the lead over the best opponent; solo: the gold), which each move states first
    doc = {"round": state.round, "player": name, "ranked_by": "margin",
           "moves": [{"move": game.action_text(state, m.action), "move_text": game.describe_action(state, m.action),
                      "margin": m.margin, "expected_gold": list(m.gold), "win_share": m.wins, "playouts": m.playouts,
                      "why": hint_sentence(state, m)} for m in moves]}
    if as_json:
        print_json(doc)
        return
    typer.echo(_("Round {round}, {name} to play:").format(round=state.round, name=_seat(name)))
    for i, m in enumerate(doc["moves"], start=1):
        typer.echo(f"{i}. {m['why']}")


@app.command("review", help=lazy_gettext(
    "Review a recorded game: every player's expected final gold after each move, and each player's three "
    "biggest drops with the move the search preferred and why."))
def review_command(
    file: str = typer.Argument(..., help=_RECORD_HELP),
    playouts: Playouts = 6,
    seed: Seed = 0,
    as_json: Json = False,
) -> None:
    """Review of a record (see the help text)."""
    from companion.magick import game
    from companion.magick.engine import RevealOrder, RollDice
    from companion.magick.search import review

    with bad_input_exits_2(record=file):
        states = _record_states(file)
        result = review(states, playouts=playouts, deep_playouts=3 * playouts, seed=seed)
    names = game.seat_names(states[-1])
    player_states = [s for s, a in zip(states, states[-1].history, strict=False)
                     if not isinstance(a, (RollDice, RevealOrder))]
    doc = {"players": names,
           "moves": [{"move": k + 1, "player": names[seat], "action": game.action_text(s, a),
                      "action_text": game.describe_action(s, a),
                      "expected_gold": list(result.values[k + 1])}
                     for k, (s, seat, a) in enumerate(zip(player_states, result.movers, result.actions, strict=True))],
           "start_expected_gold": list(result.values[0]),
           "drops": [{"move": d.move, "player": names[d.seat],
                      "played": game.describe_action(player_states[d.move - 1], d.action),
                      "preferred": game.describe_action(player_states[d.move - 1], d.preferred),
                      "preferred_action": game.action_text(player_states[d.move - 1], d.preferred),
                      "loss": round(d.loss, 2), "why": d.reason} for d in result.drops]}
    if as_json:
        print_json(doc)
        return
    final = result.values[-1]
    typer.echo(_("{moves} moves reviewed; expected final gold: {gold}").format(
        moves=result.moves, gold=_(", ").join(f"{_seat(n)} {g:.1f}" for n, g in zip(names, final, strict=True))))
    for d in doc["drops"]:
        typer.echo(_("move {move}, {player}: {played} ({loss} gold); better: {preferred} — {why}").format(
            move=d["move"], player=_seat(d["player"]), played=d["played"], loss=signed(-d["loss"]),
            preferred=d["preferred"], why=d["why"]))
