"""A game session for the Merchants of Magick widgets: the engine's states kept in a history list.

States are frozen values (:mod:`companion.magick.engine`), so undo is simply going back to the
previous value. The session applies actions through :func:`~companion.magick.engine.apply_action`
and never decides a rule: an illegal action comes back as the engine's
:class:`~companion.errors.IllegalActionError`, whose message the widgets show.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from companion.magick import engine
from companion.magick.sheet import Sheet

__all__ = ["Session"]


class Session:
    """The current game state plus every earlier one (for undo).

    Parameters
    ----------
    players : sequence of str
        Player names in seat order (1-8).
    seed : int or None
        Seeds the session's own :class:`random.Random` (dice rolls, adventurers, mastery cards and the
        generated order deck). No global random state is touched.
    generated_deck : bool
        True: orders come from the engine's generated deck (labelled as not the printed deck) and are
        revealed automatically. False: every revealed order is typed in (a chance action).
    sheet : Sheet, optional
        A user's sheet (default: the shipped reconstruction).
    starting_potions : int, optional
        Passed to :func:`~companion.magick.engine.new_game` (default: the engine's choice).

    Attributes
    ----------
    history : list of GameState
        Every state from the start; ``history[-1]`` is the current one.
    actions : list of Action or None
        ``actions[i]`` led from ``history[i]`` to ``history[i + 1]`` (None: automatic order reveals).
    """

    def __init__(self, players: Sequence[str], *, seed: int | None = None, generated_deck: bool = True,
                 sheet: Sheet | None = None, starting_potions: int | None = None) -> None:
        self.rng = random.Random(seed)
        self.generated_deck = generated_deck
        first = engine.new_game(list(players), rng=self.rng, sheet=sheet, starting_potions=starting_potions,
                                deck=None if generated_deck else ())
        self.history: list[engine.GameState] = [first]
        self.actions: list[engine.Action | None] = []
        self.advance()

    @property
    def state(self) -> engine.GameState:
        """The current state."""
        return self.history[-1]

    def apply(self, action: engine.Action) -> engine.GameState:
        """Apply ``action`` (then reveal generated orders automatically) and keep the new state.

        Raises
        ------
        IllegalActionError
            From the engine; the history is unchanged.
        """
        self.history.append(engine.apply_action(self.state, action))
        self.actions.append(action)
        self.advance(record=False)
        return self.state

    def advance(self, *, record: bool = True) -> None:
        """Reveal face-down orders from the generated deck until a roll or a player decision is due.

        With typed-in orders (``generated_deck=False``) nothing happens: the widget asks for each order.
        """
        if not self.generated_deck:
            return
        state = self.state
        while state.phase == "reveal":
            state = engine.apply_action(state, engine.chance_action(state, self.rng))
        if state is not self.state:
            if record:
                self.history.append(state)
                self.actions.append(None)
            else:
                self.history[-1] = state

    def roll(self, values: dict[str, int] | None = None) -> engine.GameState:
        """Roll the shared dice with the session's random generator, or enter physical dice ``values``.

        Raises
        ------
        IllegalActionError
            ``wrong_phase`` when no roll is due, ``bad_roll`` for impossible values.
        """
        if values is None:
            action = engine.chance_action(self.state, self.rng) if self.state.phase == "roll" else \
                engine.RollDice(())
        else:
            action = engine.RollDice.of(values)
        return self.apply(action)

    def undo(self) -> bool:
        """Go back one step. Returns False when already at the start."""
        if len(self.history) <= 1:
            return False
        self.history.pop()
        self.actions.pop()
        return True

    def free_circles(self, player: int) -> set[str]:
        """Circles ``player`` filled with the adventurer's free circle (from the actions taken)."""
        return {a.circle for a in self.actions if isinstance(a, engine.FreeCircle) and a.player == player}
