"""A game session for the Merchants of Magick widgets: the engine's states kept in a history list.

States are frozen values (:mod:`companion.magick.engine`), so undo is simply going back to the
previous value. The session applies actions through :func:`~companion.magick.engine.apply_action`
and never decides a rule: an illegal action comes back as the engine's
:class:`~companion.errors.IllegalActionError`, whose message the widgets show. Bots
(:mod:`companion.magick.bots`) play their seats' turns as soon as a crafting phase starts; their moves
are merged into the step that started the phase, so one undo takes back a roll and the bots' answers.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from companion.magick import bots as magick_bots
from companion.magick import engine
from companion.magick.sheet import Sheet

__all__ = ["Session"]


class Session:
    """The current game state plus every earlier one (for undo).

    Parameters
    ----------
    players : sequence of str
        Player names in seat order (1-8).
    bots : sequence of Bot or None, optional
        One entry per seat: a bot (``bot.choose(state, seat)``) or None for a human. Default: all human.
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
        Every decision point from the start; ``history[-1]`` is the current state.
    """

    def __init__(self, players: Sequence[str], *, bots: Sequence[magick_bots.Bot | None] | None = None,
                 seed: int | None = None, generated_deck: bool = True, sheet: Sheet | None = None,
                 starting_potions: int | None = None) -> None:
        self.rng = random.Random(seed)
        self.generated_deck = generated_deck
        first = engine.new_game(list(players), rng=self.rng, sheet=sheet, starting_potions=starting_potions,
                                deck=None if generated_deck else ())
        self.bots: list[magick_bots.Bot | None] = list(bots) if bots is not None else [None] * len(first.players)
        if len(self.bots) != len(first.players):
            raise ValueError(f"bots: expected one entry per player ({len(first.players)}), found {len(self.bots)}")
        self.history: list[engine.GameState] = [self._settle(first)]

    @property
    def state(self) -> engine.GameState:
        """The current state."""
        return self.history[-1]

    def humans(self) -> list[int]:
        """Seats played by people (hot-seat)."""
        return [i for i, bot in enumerate(self.bots) if bot is None]

    def apply(self, action: engine.Action) -> engine.GameState:
        """Apply ``action``, then reveal generated orders and let bots play; keep the new state.

        Raises
        ------
        IllegalActionError
            From the engine; the history is unchanged.
        """
        self.history.append(self._settle(engine.apply_action(self.state, action)))
        return self.state

    def _settle(self, state: engine.GameState) -> engine.GameState:
        """Play everything that needs no person: generated order reveals and the bots' turns."""
        while not state.over:
            if state.phase == "reveal" and self.generated_deck:
                state = engine.apply_action(state, engine.chance_action(state, self.rng))
            elif state.phase == "craft" and any(
                    bot is not None and not state.players[i].done for i, bot in enumerate(self.bots)):
                for i, bot in enumerate(self.bots):
                    if bot is not None and not state.players[i].done:
                        state = magick_bots.play_turn(state, i, bot)
            else:
                break
        return state

    def roll(self, values: dict[str, int] | None = None) -> engine.GameState:
        """Roll the shared dice with the session's random generator, or enter physical dice ``values``.

        Raises
        ------
        IllegalActionError
            ``wrong_phase`` when no roll is due, ``bad_roll`` for impossible values.
        """
        if values is not None:
            return self.apply(engine.RollDice.of(values))
        if self.state.phase != "roll":
            return self.apply(engine.RollDice(()))  # the engine explains why no roll is due
        return self.apply(engine.chance_action(self.state, self.rng))

    def undo(self) -> bool:
        """Go back one step. Returns False when already at the start."""
        if len(self.history) <= 1:
            return False
        self.history.pop()
        return True

    def free_circles(self, player: int) -> set[str]:
        """Circles ``player`` filled with the adventurer's free circle (from the engine's action history)."""
        return {a.circle for a in self.state.history if isinstance(a, engine.FreeCircle) and a.player == player}
