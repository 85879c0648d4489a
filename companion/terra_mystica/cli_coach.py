"""`companion tm hint` and `companion tm review`: the search bot's coach on a game record (issue 20).

``hint FILE [--top 3] [--seconds 1] [--json]``
    The best moves for the faction to act at the end of the record (a ledger export or a command log,
    e.g. a saved play-notebook game), each with its expected final VP and why.
``review FILE [--seconds 0.3] [--json]``
    Every faction's expected final VP after each move, and each faction's three biggest drops with the move
    the search preferred and why (a replayed league game works as well as a saved game).

Exit code 2 for a record that cannot be read or replayed (the message names the file and line), or a hint
asked where no faction is to act (the setup unfinished, the game over).
"""

from __future__ import annotations

import typer

from companion.cli_common import HintSeconds, Json, ReviewSeconds, Top, echo_hint, echo_vp_review, game_over
from companion.cli_support import bad_input_exits_2, print_json, read_input_text
from companion.i18n import gettext as _
from companion.i18n import lazy_gettext

__all__ = ["register"]

_FILE_HELP = lazy_gettext("Ledger export or command log, or - for standard input.")


def _states(file: str) -> tuple[list, list]:
    from companion.terra_mystica import game

    states = game.replay(game.read_record(read_input_text(file)))
    return states, [s.history[-1] for s in states[1:]]


def register(app: typer.Typer) -> None:
    """Add ``hint`` and ``review`` to the ``tm`` command group."""

    @app.command("hint", help=lazy_gettext(
        "The best moves for the faction to act at the end of a game record, each with its expected final VP "
        "and why (from the search bot)."))
    def hint_cmd(
        file: str = typer.Argument(..., help=_FILE_HELP),
        top: Top = 3,
        seconds: HintSeconds = 1.0,
        as_json: Json = False,
    ) -> None:
        """Hint at the end of a record (see the help text)."""
        from companion.terra_mystica import game
        from companion.terra_mystica.describe import describe_action, faction_name, rival_gap
        from companion.terra_mystica.search import hint

        with bad_input_exits_2(record=file):
            states, _actions = _states(file)
            if game.is_terminal(states[-1]):
                raise game_over(file)
            moves = hint(states[-1], top, seconds=seconds)
        faction = moves[0].action.faction
        if as_json:
            print_json({"faction": faction, "seat": game.seat_names(states[-1]).index(faction), "moves": [
                {"action": m.action.text, "move": describe_action(m.action), "expected_vp": round(m.expected_vp, 1),
                 "rival_vp": round(m.rival_vp, 1),
                 "line": [{"faction": f, "action": a.text} for f, a in m.line], "reason": m.reason}
                for m in moves]})
            return
        echo_hint(faction_name(faction), [
            _("{rank}. {move} (expected final VP {vp}, {gap}): {reason}").format(
                rank=i, move=describe_action(m.action), vp=f"{m.expected_vp:.1f}",
                gap=rival_gap(m.expected_vp - m.rival_vp), reason=m.reason) for i, m in enumerate(moves, 1)])

    @app.command("review", help=lazy_gettext(
        "Review a game record: every faction's expected final VP after each move, and each faction's three "
        "biggest drops with the move the search preferred and why."))
    def review_cmd(
        file: str = typer.Argument(..., help=_FILE_HELP),
        seconds: ReviewSeconds = 0.3,
        as_json: Json = False,
    ) -> None:
        """Review a record (see the help text)."""
        from companion.terra_mystica import game
        from companion.terra_mystica.describe import describe_action, faction_name
        from companion.terra_mystica.search import review

        with bad_input_exits_2(record=file):
            states, actions = _states(file)
            result = review(states, actions, seconds=seconds)
        names = game.seat_names(states[-1])
        if as_json:
            print_json({"factions": names,
                        "expected_final_vp": [[round(v, 1) for v in row] for row in result.values],
                        "moves": [{"move": k + 1, "seat": p, "faction": names[p], "action": a.text}
                                  for k, (p, a) in enumerate(zip(result.movers, result.actions, strict=True))],
                        "drops": [{"move": d.move, "seat": d.seat, "faction": names[d.seat],
                                   "action": d.action.text, "loss": round(d.loss, 1),
                                   "preferred": d.preferred.text, "reason": d.reason} for d in result.drops]})
            return
        echo_vp_review(result, [faction_name(n) for n in names], lambda _move, action: describe_action(action))
