"""Options the games' ``hint`` and ``review`` commands share, and number options checked in the user's language.

typer checks an option's ``min``/``max`` and its type with pydantic, whose messages are English whatever the
language ("Input should be greater than or equal to 1"). The options here are parsed by
:func:`whole_number` and :func:`decimal_number` instead: a value outside the range or not a number is
refused with one sentence in the language in force, inside click's translated "Invalid value for '--top':"
(exit code 2, like every usage error).

API summary (stable)
--------------------
``whole_number(low, high)``, ``decimal_number(low, high)``
    Parsers for ``typer.Option(parser=...)``.
``Top``, ``HintSeconds``, ``ReviewSeconds``, ``Playouts``, ``Seed``, ``Json``
    Annotated option types of the coach commands (the default goes in the signature).
``game_over(file) -> CompanionError``, ``echo_hint(player, lines)``, ``echo_vp_review(review, names, describe)``
    What the games' ``hint`` and ``review`` commands print alike (Century, Terra Mystica; Magick's gold
    review has its own lines).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Annotated, Any

import typer

from companion.errors import CompanionError
from companion.i18n import gettext as _
from companion.i18n import lazy_gettext
from companion.jsonio import excerpt

if TYPE_CHECKING:
    from companion.coach import Review

__all__ = ["HintSeconds", "Json", "Playouts", "ReviewSeconds", "Seed", "Top", "decimal_number", "echo_hint",
           "echo_vp_review", "game_over", "whole_number"]


def whole_number(low: int | None = None, high: int | None = None) -> Callable[[str | int], int]:
    """A parser of a whole number from ``low`` to ``high`` (both included; None: any whole number) for
    ``typer.Option(parser=...)``.

    Raises
    ------
    typer.BadParameter
        For text that is not a whole number, or one outside the range; the message is in the language in
        force and quotes what was typed.

    Examples
    --------
    >>> whole_number(1, 10)("3")
    3
    >>> whole_number(1, 10)("0")
    Traceback (most recent call last):
    ...
    typer._click.exceptions.BadParameter: expected a whole number from 1 to 10, found '0'
    >>> whole_number()("1.5")
    Traceback (most recent call last):
    ...
    typer._click.exceptions.BadParameter: expected a whole number, found '1.5'
    """
    def parse(text: str | int) -> int:
        try:
            value = int(str(text).strip())
        except ValueError:
            value = None
        if low is None or high is None:
            if value is None:
                raise typer.BadParameter(_("expected a whole number, found {found}").format(found=_quoted(text)))
        elif value is None or not low <= value <= high:
            raise typer.BadParameter(_("expected a whole number from {low} to {high}, found {found}").format(
                low=low, high=high, found=_quoted(text)))
        return value

    return parse


def _quoted(text: object) -> str:
    return repr(excerpt(text))


def decimal_number(low: float, high: float) -> Callable[[str | float], float]:
    """A parser of a number from ``low`` to ``high`` (both included; decimals allowed) for
    ``typer.Option(parser=...)``.

    Raises
    ------
    typer.BadParameter
        For text that is not a finite number, or one outside the range (message in the language in force).

    Examples
    --------
    >>> decimal_number(0.05, 60)("0.5")
    0.5
    >>> decimal_number(0.05, 60)("a minute")
    Traceback (most recent call last):
    ...
    typer._click.exceptions.BadParameter: expected a number from 0.05 to 60, found 'a minute'
    """
    def parse(text: str | float) -> float:
        try:
            value = float(str(text).strip())
        except ValueError:
            value = math.nan
        if not (math.isfinite(value) and low <= value <= high):
            raise typer.BadParameter(_("expected a number from {low} to {high}, found {found}").format(
                low=f"{low:g}", high=f"{high:g}", found=_quoted(text)))
        return value

    return parse


#: ``--top``: how many moves a hint lists.
Top = Annotated[int, typer.Option("--top", parser=whole_number(1, 10),
                                  help=lazy_gettext("How many moves, 1..10."))]
#: ``--seconds`` of a hint: the search's time cap.
HintSeconds = Annotated[float, typer.Option("--seconds", parser=decimal_number(0.05, 60.0),
                                            help=lazy_gettext("Search time cap, 0.05..60 s."))]
#: ``--seconds`` of a review: the search's time cap for each marked drop.
ReviewSeconds = Annotated[float, typer.Option("--seconds", parser=decimal_number(0.05, 60.0),
                                              help=lazy_gettext("Search time cap per marked drop, 0.05..60 s."))]
#: ``--playouts``: Monte Carlo playouts per candidate move (Merchants of Magick).
Playouts = Annotated[int, typer.Option("--playouts", parser=whole_number(1, 200),
                                       help=lazy_gettext("Playouts per candidate move, 1-200."))]
#: ``--seed`` of the playouts.
Seed = Annotated[int, typer.Option("--seed", parser=whole_number(),
                                   help=lazy_gettext("Seed of the playouts."))]
#: ``--json``: print JSON instead of sentences.
Json = Annotated[bool, typer.Option("--json", help=lazy_gettext("Print JSON."))]


def game_over(file: str) -> CompanionError:
    """The error a ``hint`` raises on a record whose game is over (it names the file)."""
    return CompanionError(_("{file}: the game is over; there is no move to hint").format(file=file))


def echo_hint(player: str, lines: Sequence[str]) -> None:
    """Print a hint: who is to move, then one line a move (``lines``: each already numbered and worded)."""
    typer.echo(_("{player} to move; the search suggests:").format(player=player))
    for line in lines:
        typer.echo(line)


def echo_vp_review(review: Review, names: Sequence[str], describe: Callable[[int, Any], str]) -> None:
    """Print a review in VP: the moves reviewed and each seat's expected final VP at the end, then one line a
    drop (the move made, the VP it lost, the move the search preferred and why).

    Parameters
    ----------
    review : companion.coach.Review
        The game's review.
    names : sequence of str
        The seats' names, in seat order, as shown.
    describe : callable
        ``describe(move, action)``: the action made or preferred at the review's move ``move`` (1-based), in
        words, told of the table it was made at (e.g. :func:`companion.century.describe.review_describer`,
        naming the card an acquisition takes, as the play notebook does).
    """
    final = review.values[-1]
    typer.echo(_("{moves} moves; expected final VP at the end: {values}").format(
        moves=len(review.actions), values=_(", ").join(f"{names[i]} {v:.0f}" for i, v in enumerate(final))))
    for d in review.drops:
        typer.echo(_("move {move}, {player}: {action} lost {loss} VP; better: {better} ({reason})").format(
            move=d.move, player=names[d.seat], action=describe(d.move, d.action), loss=f"{d.loss:.1f}",
            better=describe(d.move, d.preferred) if d.preferred is not None else "–", reason=d.reason))
