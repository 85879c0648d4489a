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
``hint FILE [--top 3] [--seconds 1] [--json]``
    The best moves at the end of the record, each with its expected final VP, its line and why; JSON
    ``{"seat", "player", "moves": [{"action", "move", "expected_vp", "line", "reason"}]}``.
``review FILE [--seconds 0.3] [--json]``
    Every seat's expected final VP after each move and each seat's three biggest drops; JSON
    ``{"players", "expected_final_vp": [[VP by seat] per move, the start first], "moves": [{"move", "seat",
    "action"}], "drops": [{"move", "seat", "player", "action", "loss", "preferred", "reason"}]}``.

Bad input exits 2 with ``error: <message naming the place>`` on stderr.
"""

from __future__ import annotations

import typer

from companion.cli_common import HintSeconds, Json, ReviewSeconds, Top, echo_hint, echo_vp_review, game_over
from companion.cli_support import bad_input_exits_2, print_json, read_input_json, read_input_text
from companion.errors import CompanionError, RecordError
from companion.i18n import _, lazy_gettext, ngettext

# Help texts are lazy: translated when click formats them, in the language chosen by --lang / COMPANION_LANG.
_JSON_HELP = lazy_gettext("Print JSON.")
_RECORD_HELP = lazy_gettext("Game record (text), or - for standard input.")

app = typer.Typer(help=lazy_gettext("Century: Golem Edition tools."), no_args_is_help=True)


def _score_line(name: str, golem_vp: int, coin_vp: int, crystal_vp: int, total: int) -> str:
    return _("{name:<16} golem cards {golems:>3}  coins {coins:>3}  crystals {crystals:>3}  total {total:>3}").format(
        name=name, golems=golem_vp, coins=coin_vp, crystals=crystal_vp, total=total)


@app.command("score", help=lazy_gettext(
    "Score a table game: golem cards + 3 per copper + 1 per silver + 1 per non-yellow crystal.\n\n"
    "FILE is one JSON object: {\"players\": [{\"name\": \"Ann\", \"golems\": [12, 14], \"copper\": 1, "
    "\"silver\": 0, \"crystals\": {\"green\": 2, \"pink\": 1}}, ...]} in turn order (numbers left out are 0). "
    "The format is described in the README, section \"Score table files\"."))
def score_cmd(
    file: str = typer.Argument(..., help=lazy_gettext("Score file (JSON), or - for standard input.")),
    as_json: bool = typer.Option(False, "--json", help=_JSON_HELP),
    save: bool = typer.Option(False, "--save", help=lazy_gettext("Also add the game to the game history.")),
) -> None:
    """Score a table game (see the help text)."""
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
        typer.echo(_score_line(line.name, line.golem_vp, line.coin_vp, line.crystal_vp, line.total))
    if len(result.tied) > 1:
        typer.echo(_("winner: {winner} (tie among {tied}: the later player wins)")
                   .format(winner=result.winner, tied=_(", ").join(result.tied)))
    else:
        typer.echo(_("winner: {winner}").format(winner=result.winner))


@app.command("simulate", help=lazy_gettext(
    "Simulate games between bots and report win rates, game length and score spread."))
def simulate_cmd(
    players: int = typer.Option(4, "--players", help=lazy_gettext("Number of players, 2..5.")),
    games: int = typer.Option(100, "--games", help=lazy_gettext("Number of games, 1..1,000,000.")),
    seed: int = typer.Option(0, "--seed", help=lazy_gettext("Random seed.")),
    bots: str = typer.Option("random", "--bots", help=lazy_gettext(
        "One bot for all seats or one per seat, comma-separated: random, greedy, planner, search.")),
    as_json: bool = typer.Option(False, "--json", help=_JSON_HELP),
    progress: bool = typer.Option(True, "--progress/--no-progress",
                                  help=lazy_gettext("Show a progress bar on stderr.")),
    workers: int = typer.Option(1, "--workers", help=lazy_gettext(
        "Worker processes, 1..64 (the results do not depend on it).")),
    record: str = typer.Option(None, "--record", help=lazy_gettext(
        "Write the record of the first game to this file (the hint and review commands read it).")),
) -> None:
    """Simulate games between bots (see the help text)."""
    from companion.century.simulate import MAX_GAMES, simulate

    with bad_input_exits_2():
        if games < 1:  # zero games would print an empty report; the library still accepts 0 for callers
            raise CompanionError(_("--games: expected 1 to {max_games:,} games, not {excerpt}")
                                 .format(max_games=MAX_GAMES, excerpt=games))
        names = [b.strip() for b in bots.split(",") if b.strip()]
        if not names:
            raise CompanionError(_("--bots: expected at least one bot name"))
        result = simulate(players, games, seed, names, progress=progress, workers=workers,
                          record_first=record is not None)
        if record is not None:
            from companion.century.record import write_record
            from companion.cli_support import write_output_file

            write_output_file(record, write_record(result.games[0].record), "--record")  # exit 2, no file
    summary = result.summary()
    if as_json:
        print_json(summary)
        return
    figures = {"games": summary["games"], "players": players, "seconds": f"{summary['seconds']:.2f}",
               "workers": workers, "rate": f"{summary['games_per_second']:.1f}",
               "turns": f"{summary['mean_turns']:.1f}"}
    if workers > 1:
        typer.echo(ngettext("{games} game of {players} players in {seconds} s on {workers} workers ({rate} games/s), "
                            "mean {turns} turns",
                            "{games} games of {players} players in {seconds} s on {workers} workers "
                            "({rate} games/s), mean {turns} turns", summary["games"]).format(**figures))
    else:
        typer.echo(ngettext("{games} game of {players} players in {seconds} s ({rate} games/s), mean {turns} turns",
                            "{games} games of {players} players in {seconds} s ({rate} games/s), mean {turns} turns",
                            summary["games"]).format(**figures))
    seats = _(", ").join(_("seat {n}: {wins}").format(n=i + 1, wins=w) for i, w in enumerate(summary["wins_by_seat"]))
    typer.echo(_("wins by seat: {seats}").format(seats=seats))
    rates = _(", ").join(f"{k} {v:.1%}" for k, v in summary["win_rate_by_bot"].items())
    typer.echo(_("win rate by bot: {rates}").format(rates=rates))
    spread = summary["score_spread"]
    typer.echo(_("scores: mean {mean} VP, sd {sd}, range {low}..{high}, mean winning margin {margin}").format(
        mean=f"{spread['mean']:.1f}", sd=f"{spread['sd']:.1f}", low=f"{spread['min']:.0f}",
        high=f"{spread['max']:.0f}", margin=f"{spread['mean_winning_margin']:.1f}"))


@app.command("replay", help=lazy_gettext(
    "Replay a game record, checking every action, and print the final state and scores."))
def replay_cmd(
    file: str = typer.Argument(..., help=_RECORD_HELP),
    as_json: bool = typer.Option(False, "--json", help=_JSON_HELP),
    verbose: bool = typer.Option(False, "--verbose", help=lazy_gettext("Print every action as it is replayed.")),
) -> None:
    """Replay a game record (see the help text)."""
    from companion.century.actions import action_text
    from companion.century.engine import score
    from companion.century.record import read_record, replay

    with bad_input_exits_2(record=file):
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
    if final.finished:
        typer.echo(_("{actions} actions, {turns} turns, game over").format(actions=len(record.actions),
                                                                          turns=final.turn))
    else:
        typer.echo(_("{actions} actions, {turns} turns, game not finished").format(actions=len(record.actions),
                                                                                  turns=final.turn))
    for x in table.lines:
        typer.echo(_score_line(x.name, x.golem_vp, x.coin_vp, x.crystal_vp, x.total))
    if final.finished:
        typer.echo(_("winner: {winner}").format(winner=table.winner))


def _read_states(file: str) -> tuple[list, list, list[str], str]:
    from companion.century.record import read_record, replay

    text = read_input_text(file)
    record = read_record(text, file=file)
    states = replay(record)
    names = list(record.names) if record.names else [_("Player {n}").format(n=i + 1)
                                                     for i in range(states[0].n_players)]
    return states, list(record.actions), names, text


def _check_card_revealed(state, text: str, file: str) -> None:
    """Refuse a record that stops where a card must be turned face up (the bots choose only player actions),
    naming the file, its last line and the line to add (``reveal merchant M08``, a card still in the deck)."""
    from companion.century.state import chance_pending

    kind = chance_pending(state)
    if kind is None:
        return
    last = max((i for i, line in enumerate(text.splitlines(), 1) if line.split("#", 1)[0].strip()), default=1)
    if kind == "golem":
        message = _("the record stops after line {line}, where a golem card is turned face up next: add that "
                    "card's line, e.g. 'reveal golem {card}', then ask again").format(line=last,
                                                                                    card=state.golem_deck[0])
    else:
        message = _("the record stops after line {line}, where a merchant card is turned face up next: add that "
                    "card's line, e.g. 'reveal merchant {card}', then ask again").format(line=last,
                                                                                       card=state.merchant_deck[0])
    raise RecordError(message, file=_("standard input") if file == "-" else file)


@app.command("hint", help=lazy_gettext(
    "The best moves for the player to act at the end of a game record, each with its expected final VP "
    "and why (from the search bot)."))
def hint_cmd(
    file: str = typer.Argument(..., help=_RECORD_HELP),
    top: Top = 3,
    seconds: HintSeconds = 1.0,
    as_json: Json = False,
) -> None:
    """Hint at the end of a record (see the help text)."""
    from companion.century.actions import action_text
    from companion.century.describe import describe_at
    from companion.century.engine import is_terminal
    from companion.century.search import hint

    with bad_input_exits_2(record=file):
        states, _actions, names, text = _read_states(file)
        if is_terminal(states[-1]):
            raise game_over(file)
        _check_card_revealed(states[-1], text, file)  # review reads such a record; a hint needs the card
        moves = hint(states[-1], top, seconds=seconds)
    seat = states[-1].current

    def describe_action(action) -> str:   # as the notebook's hint: the card taken, the crystals on it, the coin
        return describe_at(states[-1], action)

    if as_json:
        print_json({"seat": seat, "player": names[seat], "moves": [
            {"action": action_text(m.action), "move": describe_action(m.action),
             "expected_vp": round(m.expected_vp, 1), "line": [action_text(a) for a in m.line], "reason": m.reason}
            for m in moves]})
        return
    echo_hint(names[seat], [_("{rank}. {move} (expected final VP {vp}): {reason}").format(
        rank=i, move=describe_action(m.action), vp=f"{m.expected_vp:.1f}", reason=m.reason)
        for i, m in enumerate(moves, 1)])


@app.command("review", help=lazy_gettext(
    "Review a game record: every player's expected final VP after each move, and each player's three "
    "biggest drops with the move the search preferred and why."))
def review_cmd(
    file: str = typer.Argument(..., help=_RECORD_HELP),
    seconds: ReviewSeconds = 0.3,
    as_json: Json = False,
) -> None:
    """Review a record (see the help text)."""
    from companion.century.actions import action_text
    from companion.century.describe import review_describer
    from companion.century.search import review

    with bad_input_exits_2(record=file):
        states, actions, names, _text = _read_states(file)
        result = review(states, actions, seconds=seconds)
    describe = review_describer(states)   # as the notebook's review: the card an acquisition takes, by name
    drops = [{"move": d.move, "seat": d.seat, "player": names[d.seat], "action": action_text(d.action),
              "action_text": describe(d.move, d.action), "loss": round(d.loss, 1),
              "preferred": action_text(d.preferred) if d.preferred else None,
              "preferred_text": describe(d.move, d.preferred) if d.preferred else None,
              "reason": d.reason} for d in result.drops]
    if as_json:
        print_json({"players": names,
                    "expected_final_vp": [[round(v, 1) for v in row] for row in result.values],
                    "moves": [{"move": k + 1, "seat": p, "action": action_text(a)}
                              for k, (p, a) in enumerate(zip(result.movers, result.actions, strict=True))],
                    "drops": drops})
        return
    echo_vp_review(result, names, describe)
