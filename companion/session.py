"""One game session over the protocol (:mod:`companion.protocol`), used by every play and replay widget.

A :class:`Session` holds the states of one game (a list of values: undo and stepping back cost nothing),
its seeded :class:`random.Random`, which seats are people and which are bots, and the game record as a
list of lines. Every action is applied once (:func:`apply_action` checks it), and the work per click does
not grow with the game's length: record lines are appended, scores are computed once per state and
cached, undo truncates the lists.

Flow
----
After each action the session *settles*: chance is resolved from its random generator (when the chance
step is automatic, see ``auto_chance``) and bots play (when ``auto_bots``), until a person must decide or
the game is over. In a simultaneous phase (a game module with ``active_players(state)``, e.g. the crafting
phase of Merchants of Magick) the bots among the active seats play before the person to act, and a person
may act for any active seat (``actor(state, action)`` names it). Each action is remembered with who made it: ``"human"`` (a person's choice, also a die
roll or card a person entered or asked for), ``"bot"`` or ``"chance"`` (resolved by the session).
:meth:`Session.undo` goes back to just before the last human decision and restores the random
generator as it was then, so the same cards turn up and the bots answer the same way (undo cannot be
used to fish for a better card).

Examples
--------
>>> from companion.games import GAMES
>>> s = Session(GAMES["century"], 3, seed=1, controllers=["human", "random", "random"])
>>> s.current_player(), s.is_human_turn()
(0, True)
>>> before = len(s.states)
>>> s.apply(s.legal_actions()[0]).is_human_turn()
True
>>> s.undo() and len(s.states) == before
True
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any, Protocol

from companion.errors import CompanionError, IllegalActionError, RecordError
from companion.i18n import gettext as _
from companion.protocol import CHANCE, ScoreSheet

__all__ = ["HUMAN", "BOT", "BY_CHANCE", "Bot", "Session"]

HUMAN = "human"
"""Controller of a seat played by a person; also the kind of an action a person made."""
BOT = "bot"
"""Kind of an action a bot made."""
BY_CHANCE = "chance"
"""Kind of a chance action the session resolved from its random generator."""
MAX_SETTLE = 20000
"""Most automatic actions in one settle (a safety net against a bot that never ends its turn)."""


class Bot(Protocol):
    """A bot: ``choose(state, rng, seat) -> action`` for ``seat`` (made by ``game.make_bot(name)``)."""

    def choose(self, state: Any, rng: random.Random, seat: int) -> Any: ...


class Session:
    """The states, random generator, controllers and record of one game.

    Parameters
    ----------
    game : module
        A protocol module (``companion.games.GAMES[...]``).
    players : int or sequence of str
        Passed to ``game.new_game``.
    seed : int or None
        Seeds the session's :class:`random.Random` (chance and bots) and ``new_game``'s hidden setup.
    controllers : sequence, optional
        Per seat: ``"human"`` (or None), a bot name for ``game.make_bot``, or a bot object. Default: all
        human (hot-seat).
    auto_chance : bool or callable
        Resolve chance steps from the random generator by themselves (True), never (False: a person
        enters them, e.g. the dice rolled at the table), or when ``auto_chance(state)`` is true.
    auto_bots : bool
        Bots play by themselves after each action (False: call :meth:`bot_step`).
    states : sequence, optional
        Start from these states (a replayed game) instead of ``new_game``.
    **options
        Passed to ``game.new_game``.

    Attributes
    ----------
    states : list
        Every state from the setup on; ``states[-1]`` is the current one.
    kinds : list of str
        Who made each action (``"human"``, ``"bot"``, ``"chance"``); ``len(kinds) == len(states) - 1``.
    seats : list of int
        The seat that made each action (:data:`~companion.protocol.CHANCE` for chance).
    rng : random.Random
        The session's random generator.
    controllers : list
        Per seat: ``"human"`` or a bot.

    Raises
    ------
    IllegalActionError, CompanionError
        From ``new_game`` (bad setup) or for an unknown bot name.
    """

    def __init__(self, game: ModuleType, players: int | Sequence[str] | None = None, *, seed: int | None = None,
                 controllers: Sequence[Any] | None = None, auto_chance: bool | Callable[[Any], bool] = True,
                 auto_bots: bool = True, states: Sequence[Any] | None = None, **options: Any) -> None:
        self.game = game
        self.seed = seed
        self.rng = random.Random(seed)
        self.auto_chance = auto_chance
        self.auto_bots = auto_bots
        if states is None:
            if players is None:
                raise CompanionError(_("Session: give the players (a seat count or names) or the states"))
            first = game.new_game(players, seed=seed, **options)
            self.states: list[Any] = [first]
            self.kinds: list[str] = []
            self.seats: list[int] = []
        else:
            self.states = list(states)
            self.seats = [game.current_player(s) for s in self.states[:-1]]
            self.kinds = [BY_CHANCE if seat == CHANCE else HUMAN for seat in self.seats]
        self.lines: list[str] = []
        header = game.record_header(self.states[0])
        if header:
            self.lines.append(header)
        for before, action in zip(self.states, self.states[-1].history[len(self.states[0].history):],
                                  strict=False):
            self.lines.append(game.record_line(before, action))
        seats = len(game.seat_names(self.states[0]))
        self.controllers: list[Any] = []
        for i in range(seats):
            c = controllers[i] if controllers is not None and i < len(controllers) else HUMAN
            if c is None or c == HUMAN:
                self.controllers.append(HUMAN)
            elif isinstance(c, str):
                self.controllers.append(game.make_bot(c))
            else:
                self.controllers.append(c)
        self._rng_before: dict[int, tuple] = {}
        self._scores: dict[int, ScoreSheet] = {}
        self._legal: tuple[int, list[Any]] | None = None
        self._actor: dict[int, int] = {}
        if states is None:
            self.settle()

    # ------------------------------------------------------------------ records
    @classmethod
    def from_record(cls, game: ModuleType, text: str, **kwargs: Any) -> Session:
        """A session holding every state of a record (``game.read_record`` then ``game.replay``).

        Parameters
        ----------
        text : str
            The record text.
        **kwargs
            ``seed``, ``controllers``, ``auto_chance``, ``auto_bots`` as for :class:`Session`.

        Raises
        ------
        RecordError
            Naming the line of the first unreadable or illegal line.
        """
        states = game.replay(game.read_record(text))
        return cls(game, states=states, **kwargs)

    @classmethod
    def open(cls, game: ModuleType, path: str | os.PathLike[str], **kwargs: Any) -> Session:
        """A session from a record file (see :meth:`from_record`).

        Raises
        ------
        RecordError
            If the file cannot be read (the path named) or its record does not replay.
        """
        try:
            text = Path(path).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise RecordError(_("cannot be read: {exc}").format(exc=exc), file=str(path)) from None
        try:
            return cls.from_record(game, text, **kwargs)
        except RecordError as exc:
            if exc.file:
                raise
            message = str(exc)
            if exc.line is not None:
                message = message.split(f"line {exc.line}: ", 1)[-1]
            raise RecordError(message, line=exc.line, file=str(path)) from None

    def record_text(self) -> str:
        """The game record so far (``game.write_record`` of the states, built line by line)."""
        return "\n".join(self.lines) + "\n"

    def save(self, path: str | os.PathLike[str]) -> Path:
        """Write the record to ``path`` atomically (a crash leaves the old file or the new one).

        Raises
        ------
        SaveFileError
            If the folder is not writable.
        """
        from companion.savefile import atomic_write_text

        return atomic_write_text(path, self.record_text())

    # ------------------------------------------------------------------ queries
    @property
    def state(self) -> Any:
        """The current state."""
        return self.states[-1]

    @property
    def actions(self) -> tuple:
        """Every action since the first state, in order."""
        return self.states[-1].history[len(self.states[0].history):]

    def current_player(self, index: int = -1) -> int:
        """The seat to act in ``states[index]`` (or :data:`~companion.protocol.CHANCE`), cached."""
        i = index % len(self.states)
        if i not in self._actor:
            self._actor[i] = self.game.current_player(self.states[i])
        return self._actor[i]

    def is_terminal(self) -> bool:
        """True once the game is over."""
        return self.game.is_terminal(self.state)

    def legal_actions(self) -> list[Any]:
        """The legal actions of the current state (cached until the state changes)."""
        n = len(self.states)
        if self._legal is None or self._legal[0] != n:
            self._legal = (n, self.game.legal_actions(self.state))
        return self._legal[1]

    def seat_names(self) -> list[str]:
        """Seat names of the current state."""
        return self.game.seat_names(self.state)

    def humans(self) -> list[int]:
        """Seats played by people."""
        return [i for i, c in enumerate(self.controllers) if c == HUMAN]

    def is_human_turn(self) -> bool:
        """True when the game is on and a person is to act (a player seat, not chance)."""
        if self.is_terminal():
            return False
        p = self.current_player()
        return p != CHANCE and self.controllers[p] == HUMAN

    def is_chance_turn(self) -> bool:
        """True when chance is to act and the session waits for it (not resolved automatically)."""
        return not self.is_terminal() and self.current_player() == CHANCE

    def score(self, index: int = -1) -> ScoreSheet:
        """``game.score`` of ``states[index]``, computed once per state."""
        i = index % len(self.states)
        sheet = self._scores.get(i)
        if sheet is None:
            sheet = self._scores[i] = self.game.score(self.states[i])
        return sheet

    def recent(self, count: int = 8, *, include_chance: bool = False) -> list[tuple[int, int, Any]]:
        """The last ``count`` actions as ``(index, seat, action)`` (``states[index]`` is the state before),
        newest last; chance actions skipped unless ``include_chance``. Looks back only as far as needed."""
        out = []
        actions = self.actions
        for i in range(len(actions) - 1, -1, -1):
            seat = self.seats[i]
            if seat == CHANCE and not include_chance:
                continue
            out.append((i, seat, actions[i]))
            if len(out) >= count:
                break
        return out[::-1]

    def decisions(self) -> int:
        """Number of actions made by people or bots (not chance)."""
        return sum(1 for k in self.kinds if k != BY_CHANCE)

    # ------------------------------------------------------------------ playing
    def _push(self, action: Any, kind: str, rng_state: tuple | None = None, seat: int | None = None) -> Any:
        """Apply ``action`` once and record it (with the generator's state before it was chosen, for
        undo); the lists are unchanged when the action is illegal."""
        before = self.states[-1]
        if seat is None:
            seat = self.current_player()
        new = self.game.apply_action(before, action)
        index = len(self.states) - 1
        self.lines.append(self.game.record_line(before, action))
        self.states.append(new)
        self.kinds.append(kind)
        self.seats.append(seat)
        if rng_state is not None:
            self._rng_before[index] = rng_state
        return new

    def apply(self, action: Any) -> Session:
        """A person's action (a player's choice, or a chance outcome entered at the table), then settle.

        Returns
        -------
        Session
            ``self``, for chaining.

        Raises
        ------
        IllegalActionError
            From ``game.apply_action`` (the session is unchanged), or ``game_over``.
        """
        if self.is_terminal():
            raise IllegalActionError("game_over", _("the game is over"))
        actor = getattr(self.game, "actor", None)  # simultaneous phases: the action names its seat
        self._push(action, HUMAN, self.rng.getstate(), actor(self.state, action) if actor else None)
        self.settle()
        return self

    def resolve_chance(self) -> Session:
        """Draw the chance step due from the random generator at a person's request (e.g. "Roll the dice"),
        as a human decision (undo goes back before it), then settle.

        Raises
        ------
        IllegalActionError
            ``no_chance_due`` when a player, not chance, is to act.
        """
        if self.is_terminal() or self.current_player() != CHANCE:
            raise IllegalActionError("no_chance_due", _("no die roll or card reveal is due now"))
        rng_state = self.rng.getstate()
        action = self.game.sample_chance(self.state, self.rng)
        try:
            self._push(action, HUMAN, rng_state)
        except IllegalActionError:
            self.rng.setstate(rng_state)
            raise
        self.settle()
        return self

    def _auto_chance(self, state: Any) -> bool:
        a = self.auto_chance
        return a(state) if callable(a) else bool(a)

    def settle(self) -> Session:
        """Resolve automatic chance and let bots play until a person must act or the game is over."""
        for _turn in range(MAX_SETTLE):
            state = self.states[-1]
            if self.game.is_terminal(state):
                break
            p = self.current_player()
            if p == CHANCE:
                if not self._auto_chance(state):
                    break
                self._push(self.game.sample_chance(state, self.rng), BY_CHANCE)
                continue
            bot = self._bot_to_act(p)
            if bot is None or not self.auto_bots:
                break
            self._bot_move(bot)
        return self

    def _bot_to_act(self, p: int) -> int | None:
        """The bot seat to act: the seat to act, or a bot among the active seats of a simultaneous phase."""
        if self.controllers[p] != HUMAN:
            return p
        active = getattr(self.game, "active_players", None)
        if active is None:
            return None
        return next((q for q in active(self.states[-1]) if self.controllers[q] != HUMAN), None)

    def _bot_move(self, seat: int) -> None:
        rng_state = self.rng.getstate()
        action = self.controllers[seat].choose(self.states[-1], self.rng, seat)
        self._push(action, BOT, rng_state, seat)

    def bot_step(self) -> bool:
        """Let the bot to act make one action (then resolve automatic chance). False when a person,
        chance or nobody is to act."""
        if self.is_terminal():
            return False
        p = self.current_player()
        bot = None if p == CHANCE else self._bot_to_act(p)
        if bot is None:
            return False
        self._bot_move(bot)
        auto = self.auto_bots
        self.auto_bots = False
        try:
            self.settle()
        finally:
            self.auto_bots = auto
        return True

    def _undo_point(self) -> int:
        """Index of the action :meth:`undo` takes back (the last human decision; with no people at the table
        the last bot action), -1 when there is none."""
        wanted = (HUMAN,) if any(k == HUMAN for k in self.kinds) or self.humans() else (HUMAN, BOT)
        i = len(self.kinds) - 1
        while i >= 0 and self.kinds[i] not in wanted:
            i -= 1
        return i

    def can_undo(self) -> bool:
        """Whether :meth:`undo` has something to take back (a view disables its Undo button otherwise)."""
        return self._undo_point() >= 0

    def undo(self) -> bool:
        """Go back to just before the last human decision (with no people at the table: the last bot
        action), with the random generator as it was then. False when there is nothing to undo."""
        i = self._undo_point()
        if i < 0:
            return False
        saved = self._rng_before.get(i)
        self.truncate(i)
        if saved is not None:
            self.rng.setstate(saved)
        return True

    def truncate(self, length: int) -> None:
        """Keep ``states[:length + 1]`` (drop every later action, its record line and its cached score)."""
        if not 0 <= length < len(self.states):
            raise CompanionError(_("truncate: expected 0..{n_states}, found {length}").format(n_states=len(self.states) - 1, length=length))
        drop = len(self.states) - 1 - length
        if not drop:
            return
        del self.states[length + 1:]
        del self.kinds[length:]
        del self.seats[length:]
        del self.lines[len(self.lines) - drop:]
        for cache in (self._scores, self._actor):  # by state index: states[length] stays
            for k in [k for k in cache if k > length]:
                del cache[k]
        for k in [k for k in self._rng_before if k >= length]:  # by action index: action length is gone
            del self._rng_before[k]
        self._legal = None
