"""The state of a Century: Golem Edition game, as an immutable value.

API summary (stable)
--------------------
``State`` (an immutable ``NamedTuple``; a NamedTuple rather than a frozen dataclass because building a new
state on every action is the simulator's hot path, and a tuple is built several times faster). Seats are
0-based in turn order (seat 0 is the first player). Fields:

==================  ===========================================================================
``n_players``       2..5
``current``         seat whose action it is (or who must discard)
``stage``           ``MAIN`` (choose one of the four actions) or ``DISCARD`` (caravan over 10)
``turn``            number of completed turns
``caravans``        per seat, Crystals (yellow, green, blue, pink)
``hands``           per seat, tuple of merchant card ids in hand
``played``          per seat, tuple of merchant card ids played (face up, back to hand on rest)
``golems``          per seat, tuple of claimed golem ids
``copper``          per seat, copper coins (3 VP each)
``silver``          per seat, silver coins (1 VP each)
``market``          market row, position 1 first (furthest from the deck), up to 6 card ids
``market_crystals`` per market slot, Crystals placed on that card
``merchant_deck``   ids still in the merchant deck (sorted; the order is unknown until revealed)
``golem_row``       golem row, position 1 first, up to 5 ids
``golem_deck``      ids still in the golem deck (sorted)
``copper_pile``     copper coins left (start 2 x players; above position 1)
``silver_pile``     silver coins left (start 2 x players; above position 2, then 1 when copper is gone)
``end_triggered``   a player has reached the golem threshold; the round is being finished
``finished``        the game is over
==================  ===========================================================================

Helpers: ``MARKET_SIZE`` (6), ``GOLEM_ROW_SIZE`` (5), ``CARAVAN_LIMIT`` (10), ``STARTING_CRYSTALS``,
``end_threshold(n_players)`` (6 with 2-3 players, 5 with 4-5), ``chance_pending(state)``.
"""

from __future__ import annotations

from typing import NamedTuple

from companion.century.cards import Crystals

__all__ = ["State", "MAIN", "DISCARD", "MARKET_SIZE", "GOLEM_ROW_SIZE", "CARAVAN_LIMIT", "STARTING_CRYSTALS",
           "end_threshold", "chance_pending", "coin_for_position"]

MAIN = 0
"""Stage: the current player chooses one of the four actions."""
DISCARD = 1
"""Stage: the current player's action left more than 10 crystals; they choose what to return."""

MARKET_SIZE = 6
GOLEM_ROW_SIZE = 5
CARAVAN_LIMIT = 10
"""Most crystals a caravan may hold at the end of an action (rules: 商队容量与资源供应)."""

STARTING_CRYSTALS: tuple[Crystals, ...] = ((3, 0, 0, 0), (4, 0, 0, 0), (4, 0, 0, 0), (3, 1, 0, 0), (3, 1, 0, 0))
"""Starting crystals by seat, first player first (rules summary 版本与设置; rules-facts Setup)."""


def end_threshold(n_players: int) -> int:
    """Golems that trigger the end: 6 with 2-3 players, 5 with 4-5 (rules summary 结束与计分)."""
    return 6 if n_players <= 3 else 5


class State(NamedTuple):
    """An immutable game state (see the module docstring for every field)."""

    n_players: int
    current: int
    stage: int
    turn: int
    caravans: tuple[Crystals, ...]
    hands: tuple[tuple[str, ...], ...]
    played: tuple[tuple[str, ...], ...]
    golems: tuple[tuple[str, ...], ...]
    copper: tuple[int, ...]
    silver: tuple[int, ...]
    market: tuple[str, ...]
    market_crystals: tuple[Crystals, ...]
    merchant_deck: tuple[str, ...]
    golem_row: tuple[str, ...]
    golem_deck: tuple[str, ...]
    copper_pile: int
    silver_pile: int
    end_triggered: bool
    finished: bool

    @property
    def round(self) -> int:
        """1-based round number (every seat acts once per round)."""
        return self.turn // self.n_players + 1


def chance_pending(s: State) -> str | None:
    """``"golem"`` or ``"merchant"`` when a card must be turned face up next, else ``None``.

    A row is refilled as soon as it has an empty slot and its deck is not empty; golems first (setup deals
    the golem row, then the market). When a deck is empty the row simply shrinks (the rules are silent; this
    is the natural reading, see rules-facts "Points the rulebook leaves open"). Nothing is revealed once the
    game is finished.
    """
    if s.finished:
        return None
    if len(s.golem_row) < GOLEM_ROW_SIZE and s.golem_deck:
        return "golem"
    if len(s.market) < MARKET_SIZE and s.merchant_deck:
        return "merchant"
    return None


def coin_for_position(s: State, position: int) -> str | None:
    """The coin a claim at golem ``position`` (1-based) pays now: ``"copper"``, ``"silver"`` or ``None``.

    Position 1 pays copper while any is left; once the last copper is gone the silver pile moves to
    position 1. Position 2 pays silver while copper is left (and silver remains). Other positions pay
    nothing. (rules summary 领取魔像得分卡; Q&A "铜币拿完后"; rules-facts Coins.)
    """
    if position == 1:
        if s.copper_pile:
            return "copper"
        return "silver" if s.silver_pile else None
    if position == 2 and s.copper_pile and s.silver_pile:
        return "silver"
    return None
