"""What every game's coach shares: the review of a game (expected final VP after each move, the biggest drops).

API summary (stable)
--------------------
``Review(seats, values, movers, actions, drops)``
    Every seat's expected final score after each move of a game (VP; Merchants of Magick: gold), who made
    each move and what, and each seat's biggest drops (:class:`Drop`); ``review.moves``, ``review.drops_of(seat)``.
    Made by a game's ``search.review`` (Century, Terra Mystica, Merchants of Magick).
``Drop(move, seat, action, loss, preferred, reason)``
    A move after which the mover's expected final VP fell against the move the search preferred.
``biggest_drops(losses, seats, per_seat) -> list``
    The ``per_seat`` biggest losses of each seat, largest first: the order a review checks them in.
``signed(value, digits=1) -> str``
    A figure with its sign, the way the coach shows gains and losses: "+2.5", "−1.0" (U+2212, the minus
    sign of the rest of the UI, never the ASCII hyphen), "0.0" for what rounds to zero.
``Deadline(seconds, clock=time.perf_counter)``
    A search's time cap: ``passed()``, ``left()``, ``part(share)``; ``stopped`` records that the cap cut the
    search short. Every game's search checks it before each unit of work (a position valued, a playout
    step) with the longest such unit timed so far as a margin, so a hint ends within its budget.

Examples
--------
>>> review = Review(seats=2, values=[(10.0, 12.0), (11.5, 12.0)], movers=[0], actions=["end"])
>>> review.moves, review.drops_of(0)
(1, [])

The figures of a review are drawn by :func:`companion.widgets.coach.review_figure`; the rules of each game
(what a move is worth) stay in that game's package.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

__all__ = ["Deadline", "Drop", "Review", "biggest_drops", "signed", "MIN_LOSS"]

MIN_LOSS = 0.05
"""Smallest loss (VP) a review marks: below it two moves are worth the same."""


MINUS = "\u2212"
"""The minus sign of every figure shown (U+2212)."""


def signed(value: float, digits: int = 1) -> str:
    """``value`` with its sign, rounded to ``digits`` decimals: a plus for a gain, the minus sign U+2212 for a loss.

    Parameters
    ----------
    value : float
        The figure (a lead over an opponent, a gain of VP).
    digits : int
        Decimals shown (0: a whole number).

    Returns
    -------
    str
        No sign for a figure that rounds to zero (never "−0.0").

    Examples
    --------
    >>> signed(2.5), signed(-1.04), signed(-0.04), signed(3, 0), signed(-3, 0)
    ('+2.5', '−1.0', '0.0', '+3', '−3')
    """
    text = f"{abs(value):.{digits}f}"
    if float(text) == 0:
        return text
    return ("+" if value > 0 else MINUS) + text


@dataclass(frozen=True)
class Drop:
    """A move after which the seat's expected final VP fell, with what the search preferred.

    Attributes
    ----------
    move : int
        The move's number in the review (1 = the first move; ``Review.values[move]`` is the value after it).
    seat : int
        The mover's seat (0-based).
    action : Any
        The move made (the game's action value).
    loss : float
        Expected final VP the move lost against the preferred one (VP, > 0).
    preferred : Any or None
        The move the search preferred there; never the move made.
    reason : str
        One sentence on why the preferred move is better (from the search's line).
    """

    move: int
    seat: int
    action: Any
    loss: float
    preferred: Any | None
    reason: str


@dataclass
class Review:
    """Expected final VP of every seat after each move of a game, and each seat's biggest drops.

    Attributes
    ----------
    seats : int
        Number of seats.
    values : list of tuple of float
        ``values[k]``: every seat's expected final VP (VP) after the k-th move (``values[0]`` before the first).
    movers, actions : list
        Who made move k + 1 (seat) and what (``movers[k]``, ``actions[k]``).
    drops : list of Drop
        Each seat's biggest drops, in move order.
    """

    seats: int
    values: list[tuple[float, ...]] = field(default_factory=list)
    movers: list[int] = field(default_factory=list)
    actions: list[Any] = field(default_factory=list)
    drops: list[Drop] = field(default_factory=list)

    @property
    def moves(self) -> int:
        """Number of moves reviewed."""
        return len(self.actions)

    def drops_of(self, seat: int) -> list[Drop]:
        """The drops of ``seat``, in move order."""
        return [d for d in self.drops if d.seat == seat]


def biggest_drops(losses: Sequence[tuple[float, int, int]], seat: int, limit: int | None = None,
                  min_loss: float = MIN_LOSS) -> list[tuple[float, int, int]]:
    """The losses of ``seat`` worth marking, largest first.

    Parameters
    ----------
    losses : sequence of (float, int, int)
        ``(loss in VP, move index, seat)`` of every move reviewed.
    seat : int
        The seat whose losses are wanted.
    limit : int or None
        At most this many (None: all).
    min_loss : float
        Losses at or below this (VP) are not drops.

    Returns
    -------
    list of (float, int, int)
        The seat's losses above ``min_loss``, largest first (ties: earlier move first).

    Examples
    --------
    >>> biggest_drops([(1.0, 0, 0), (3.0, 1, 1), (2.0, 2, 0), (0.01, 3, 0)], 0)
    [(2.0, 2, 0), (1.0, 0, 0)]
    """
    mine = sorted((c for c in losses if c[2] == seat and c[0] > min_loss), key=lambda c: (-c[0], c[1]))
    return mine[:limit] if limit is not None else mine


class Deadline:
    """A search's time cap: the moment it ends, read on an injectable clock.

    Parameters
    ----------
    seconds : float or None
        The budget from now (s); ``None``: no cap (``passed()`` is always false).
    clock : callable returning float
        The clock (s); :func:`time.perf_counter` by default. Tests pass a clock that advances with the work
        done, so a cap is checked without timing flakiness.

    Attributes
    ----------
    stopped : bool
        Set by the search when the cap cut it short (some work it would have done was left out).

    Examples
    --------
    >>> ticks = iter([0.0, 0.4, 1.2, 1.2])
    >>> d = Deadline(1.0, clock=lambda: next(ticks))
    >>> d.passed(), d.passed()
    (False, True)
    >>> d.left()
    0.0
    >>> Deadline(None).passed()
    False
    """

    def __init__(self, seconds: float | None, clock: Callable[[], float] = time.perf_counter) -> None:
        self.clock = clock
        self.start = clock()
        self.end = None if seconds is None else self.start + seconds
        self.stopped = False

    def passed(self, margin: float = 0.0) -> bool:
        """Whether the cap is spent, or less than ``margin`` seconds of it are left (a search passes the
        longest unit of work it has timed, so it does not start one that would end past the cap)."""
        return self.end is not None and self.clock() + margin >= self.end

    def left(self) -> float | None:
        """Seconds left (0 once spent; ``None`` without a cap)."""
        return None if self.end is None else max(0.0, self.end - self.clock())

    def part(self, share: float) -> Deadline:
        """A deadline on the same clock ending after ``share`` (0..1) of the time left (no cap: none)."""
        left = self.left()
        return Deadline(None if left is None else left * share, self.clock)
