"""What a game's coach hands the widgets, the same for every game: a review of a game, move by move.

A game's search module fills these (:func:`companion.magick.search.review`); the widgets draw them
(:mod:`companion.widgets.coach`). The figures are in the game's own unit (Merchants of Magick: gold coins;
Century: VP), named by the caller.

Examples
--------
>>> review = Review(seats=2, values=[(10.0, 12.0), (11.5, 12.0)], movers=[0], actions=["end"])
>>> review.moves, review.drops_of(0)
(1, [])
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

__all__ = ["Drop", "Review"]


@dataclass(frozen=True)
class Drop:
    """A move after which the mover's expected final score fell short of the search's preferred move.

    Attributes
    ----------
    move : int
        The move's number (1 = the first move; ``Review.values[move]`` is the position after it).
    seat : int
        Who made it.
    action : Any
        The move made (the game's action).
    loss : float
        Expected final score of the preferred move minus the move made's, in the game's unit (> 0).
    preferred : Any
        The move the search preferred (never the move made).
    reason : str
        One sentence on why the preferred move is better, in the reader's language when it was made.
    """

    move: int
    seat: int
    action: Any
    loss: float
    preferred: Any
    reason: str


@dataclass
class Review:
    """Every seat's expected final score after each move of a game, and each seat's biggest drops.

    Attributes
    ----------
    seats : int
        Number of seats.
    values : list of tuple of float
        ``values[k]``: every seat's expected final score after move ``k`` (``values[0]``: before the first).
    movers : list of int
        ``movers[k - 1]``: the seat that made move ``k``.
    actions : list
        ``actions[k - 1]``: move ``k``.
    drops : list of Drop
        In move order.
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
