"""Century: Golem Edition moves in the reader's words, told of the table they were made at (the coach's texts).

The coach (hint, review) names a move by what it takes, not by a position: an acquisition by the merchant card's
trade (what it turns into what) and the crystals lying on it, a claim by the golem card's crystals and VP and the
coin it pays. The card data comes from :mod:`companion.century.cards`; the words from
:func:`companion.century.actions.describe_move`, which this extends.

API summary (stable)
--------------------
``describe_at(state, action) -> str``
    ``action`` in words at ``state`` (the state it is made at).
``is_move(state) -> bool``
    Whether a player moves at ``state`` (no card to turn up, the game not over): a review's points.
``move_states(states) -> list``
    The states at which the moves of a game were made, in order (a review's move ``k`` was made at
    ``move_states(states)[k - 1]``).
``review_describer(states) -> callable``
    ``describe(move, action)`` for :func:`companion.widgets.coach.review_figure` and ``drops_html``: the move
    made or preferred at review move ``move`` of the game ``states``, in words.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from companion.century.actions import Acquire, Action, Claim, describe_move
from companion.century.cards import crystal_counts_text
from companion.century.state import State, chance_pending, coin_for_position
from companion.i18n import _

__all__ = ["describe_at", "is_move", "move_states", "review_describer"]


def describe_at(state: State, action: Action) -> str:
    """``action`` in words, told of the table at ``state`` (the state before it): the card it takes.

    Parameters
    ----------
    state : State
        The state the action is made at (its market row, the crystals lying on the merchant cards, its golem
        row and coin piles).
    action : Action
        Any Century action (a reveal or a play is said as :func:`~companion.century.actions.describe_action`).

    Returns
    -------
    str
        An acquisition: the merchant card by its trade and position, the crystals paid and the crystals lying
        on it that the player takes ("acquire Trade card (2 yellow crystals → 1 green crystal) at position 3,
        paying 1 yellow, 1 green, taking the 2 yellow lying on it"); a claim: the golem card by its VP and
        crystals and the coin it pays (rules summary 领取魔像得分卡: copper at position 1, silver at 2).
        Translated when called. A position off the row is said by its number only.

    Examples
    --------
    >>> from companion.century.engine import new_game
    >>> s = new_game(2, golem_row=["G01", "G02", "G03", "G04", "G05"],
    ...              market=["M01", "M02", "M03", "M04", "M05", "M06"])
    >>> s = s._replace(market_crystals=((0, 0, 0, 0), (0, 0, 0, 0), (2, 0, 0, 0)) + s.market_crystals[3:])
    >>> describe_at(s, Acquire(3, (0, 0)))
    'acquire Create card (1 yellow, 1 green crystals) at position 3, paying 2 yellow, taking the 2 yellow lying on it'
    >>> describe_at(s, Claim(1))
    'claim the 6 VP golem (2 yellow, 2 green) at position 1, with a copper coin'
    """
    text = describe_move(state.market, state.golem_row, action)
    if isinstance(action, Acquire) and 1 <= action.position <= len(state.market_crystals):
        lying = state.market_crystals[action.position - 1]
        if any(lying):
            text = _("{move}, taking the {crystals} lying on it").format(move=text, crystals=crystal_counts_text(lying))
    elif isinstance(action, Claim) and 1 <= action.position <= len(state.golem_row):
        coin = coin_for_position(state, action.position)
        if coin == "copper":
            text = _("{move}, with a copper coin").format(move=text)
        elif coin == "silver":
            text = _("{move}, with a silver coin").format(move=text)
    return text


def is_move(state: State) -> bool:
    """Whether a player moves at ``state``: no card is to be turned up and the game is not over.

    Examples
    --------
    >>> from companion.century.engine import new_game
    >>> is_move(new_game(2, seed=1))
    True
    """
    return not (chance_pending(state) or state.finished)


def move_states(states: Sequence[State]) -> list[State]:
    """The states at which the moves of the game ``states`` were made (a reveal is no move), in order.

    Parameters
    ----------
    states : sequence of State
        A game's states, first to last (``states[i + 1]`` follows ``states[i]`` by one action).

    Returns
    -------
    list of State
        ``result[k - 1]``: the state before the review's move ``k``
        (:func:`companion.century.search.review`, which counts the same moves).
    """
    return [s for s in states[:-1] if is_move(s)]


def review_describer(states: Sequence[State]) -> Callable[[int, Action], str]:
    """``describe(move, action)``: the action made or preferred at the review's move ``move`` (1-based) of the
    game ``states``, in words (:func:`describe_at` at the state the move was made at)."""
    before = move_states(states)

    def describe(move: int, action: Action) -> str:
        return describe_at(before[move - 1], action)

    return describe
