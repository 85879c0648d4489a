"""Text game records for Century: Golem Edition: write any game, read it back, replay it exactly.

API summary (stable)
--------------------
``GameRecord(n_players, actions, names=())``  frozen: every action from the undealt setup, chance reveals
                                              included, in order.
``write_record(record) -> str``               the text form (below).
``read_record(text, *, file=None) -> GameRecord``
    Parse and replay; raises :class:`companion.errors.RecordError` naming the line (bad syntax, an action by
    the wrong seat, or an illegal action, whose ``IllegalActionError`` code is kept in the message).
``replay(record) -> list[State]``             ``states[0]`` is the undealt setup, ``states[i + 1]`` follows
                                              ``actions[i]``.
``GameLog(n_players, names=())``              a game being played, starting undealt: ``apply(action)``,
                                              ``resolve_chance(rng)``, ``undo()``, ``state``, ``states``,
                                              ``actions``, ``record()``, ``GameLog.from_record(r)``.

Format (one item per line; ``#`` starts a comment; blank lines ignored)::

    century-golem-edition record 1
    players 3
    name 1 Ann
    name 2 Bob Lee
    reveal golem G12          <- chance lines: the card turned face up
    ...
    P1 play S01               <- player lines: seat (1-based) then the action (see ``actions``)
    P2 acquire 3 pay yg
    P3 play S02 up yg
    P1 discard yy

The seat written on a player line must be the seat to act; the reader checks it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from companion.century.actions import Action, RevealGolem, RevealMerchant, action_text, parse_action
from companion.century.engine import CHANCE, apply_action, new_game, sample_chance, score, to_move
from companion.century.state import State, chance_pending
from companion.errors import IllegalActionError, RecordError
from companion.i18n import N_, _
from companion.jsonio import excerpt
from companion.recordkind import looks_like
from companion.validation import name_problem

__all__ = ["HEADER", "GameRecord", "write_record", "read_record", "replay", "GameLog"]

HEADER = "century-golem-edition record 1"


@dataclass(frozen=True)
class GameRecord:
    """A whole game (or a game so far) as the list of actions from the undealt setup.

    Attributes
    ----------
    n_players : int
        2..5.
    actions : tuple of Action
        Chance reveals (setup included) and player actions in the order they happened.
    names : tuple of str
        Player names by seat (may be empty: ``"Player 1"``..).
    """

    n_players: int
    actions: tuple[Action, ...] = ()
    names: tuple[str, ...] = field(default_factory=tuple)


def replay(record: GameRecord) -> list[State]:
    """Replay ``record`` from the undealt setup.

    Returns
    -------
    list of State
        ``len(record.actions) + 1`` states.

    Raises
    ------
    RecordError
        If an action is illegal (the message names the action's index and the rule).
    """
    try:
        state = new_game(record.n_players, deal=False)
    except IllegalActionError as exc:
        raise RecordError(str(exc)) from None
    states = [state]
    for i, a in enumerate(record.actions):
        try:
            state = apply_action(state, a)
        except IllegalActionError as exc:
            raise RecordError(_("action {n} ({action}): {reason}").format(
                n=i + 1, action=action_text(a), reason=exc), code=exc.code) from None
        states.append(state)
    return states


def write_record(record: GameRecord) -> str:
    """Write ``record`` in the text format (replaying it to know which seat made each action).

    A final comment gives the scores when the game is over.

    Raises
    ------
    RecordError
        If the record does not replay.
    """
    states = replay(record)
    lines = [HEADER, f"players {record.n_players}"]
    for i, name in enumerate(record.names):
        lines.append(f"name {i + 1} {name}")
    for state, a in zip(states, record.actions, strict=False):
        if isinstance(a, RevealGolem | RevealMerchant):
            lines.append(action_text(a))
        else:
            lines.append(f"P{state.current + 1} {action_text(a)}")
    final = states[-1]
    if final.finished:
        names = list(record.names) if len(record.names) == record.n_players else None
        table = score(final, names)
        lines.append("# final: " + ", ".join(f"{x.name} {x.total}" for x in table.lines)
                     + f"; winner {table.winner}")
    return "\n".join(lines) + "\n"


def _number(token: str) -> bool:
    """A small whole number in ASCII digits (``"²"`` passes ``str.isdigit`` but is no number)."""
    return token.isascii() and token.isdigit() and len(token) <= 6


def read_record(text: str, *, file: str | None = None) -> GameRecord:
    """Read a record and replay it, checking every line.

    Raises
    ------
    RecordError
        With ``line`` (1-based) and ``file``: a missing or wrong header, a bad ``players``/``name`` line, an
        unreadable action, a seat that is not the one to act, a chance line when a player must act (or the
        reverse), or an action the rules forbid.
    """
    n_players: int | None = None
    names: dict[int, str] = {}
    actions: list[Action] = []
    state: State | None = None
    seen_header = False
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if not seen_header:
            if line != HEADER:
                raise RecordError(_("expected the header {header!r}, found {found!r}").format(
                    header=HEADER, found=excerpt(line)) + looks_like(raw, N_("Century: Golem Edition")),
                    line=lineno, file=file)
            seen_header = True
            continue
        words = line.split()
        if words[0] == "players":
            if n_players is not None or len(words) != 2 or not _number(words[1]):
                raise RecordError(_("expected one line 'players N' before the actions"), line=lineno, file=file)
            n_players = int(words[1])
            try:
                state = new_game(n_players, deal=False)
            except IllegalActionError as exc:
                raise RecordError(str(exc), line=lineno, file=file) from None
            continue
        if state is None or n_players is None:
            raise RecordError(_("expected 'players N' first"), line=lineno, file=file)
        if words[0] == "name":
            if actions or len(words) < 3 or not _number(words[1]) or not 1 <= int(words[1]) <= n_players:
                raise RecordError(_("expected 'name SEAT NAME' with SEAT 1..{last}, before the actions")
                                  .format(last=n_players), line=lineno, file=file)
            name = " ".join(words[2:])
            problem = name_problem(name)
            if problem:
                raise RecordError(problem, line=lineno, file=file)
            names[int(words[1])] = name
            continue
        seat: int | None = None
        if words[0][:1] == "P" and _number(words[0][1:]):
            seat = int(words[0][1:]) - 1
            words = words[1:]
        try:
            action = parse_action(" ".join(words))
        except RecordError as exc:  # re-raised with the line and the file
            raise RecordError(str(exc), line=lineno, file=file) from None
        is_chance = isinstance(action, RevealGolem | RevealMerchant)
        mover = to_move(state)
        if is_chance and seat is not None:
            raise RecordError(_("a reveal is a chance line and takes no seat"), line=lineno, file=file)
        if not is_chance:
            if seat is None:
                raise RecordError(_("a player line starts with the seat, e.g. 'P2 rest'"), line=lineno, file=file)
            if mover == CHANCE:
                raise RecordError(_("a card must be revealed first ('reveal golem ID' / 'reveal merchant ID')"),
                                  line=lineno, file=file)
            if seat != mover and not state.finished:
                raise RecordError(_("P{mover} is to act now, not P{seat}").format(mover=mover + 1, seat=seat + 1),
                                  line=lineno, file=file)
        try:
            state = apply_action(state, action)
        except IllegalActionError as exc:
            raise RecordError(str(exc), line=lineno, file=file, code=exc.code) from None
        actions.append(action)
    if not seen_header:
        raise RecordError(_("empty record; expected the header {header!r}").format(header=HEADER), line=1, file=file)
    if n_players is None:
        raise RecordError(_("missing 'players N'"), file=file)
    if names and set(names) != set(range(1, n_players + 1)):
        raise RecordError(_("names given for seats {seats}, expected all of 1..{last}")
                          .format(seats=_(", ").join(map(str, sorted(names))), last=n_players), file=file)
    return GameRecord(n_players, tuple(actions), tuple(names[i] for i in sorted(names)))


class GameLog:
    """A game being played, kept as a record so it can be undone, saved and replayed.

    Parameters
    ----------
    n_players : int
        2..5.
    names : sequence of str
        Player names by seat (optional).

    Notes
    -----
    ``undo()`` removes the last *player* action together with the chance reveals that followed it, so the
    same player is to act again in the same situation (the revealed cards go back into the deck).
    """

    def __init__(self, n_players: int, names: Sequence[str] = ()) -> None:
        self.n_players = n_players
        self.names = tuple(names)
        self.actions: list[Action] = []
        self.states: list[State] = [new_game(n_players, deal=False)]

    @classmethod
    def from_record(cls, record: GameRecord) -> GameLog:
        """A log holding every action of ``record`` (replayed)."""
        log = cls(record.n_players, record.names)
        log.states = replay(record)
        log.actions = list(record.actions)
        return log

    @property
    def state(self) -> State:
        """The current state."""
        return self.states[-1]

    def apply(self, action: Action) -> State:
        """Apply ``action`` (raises ``IllegalActionError`` and leaves the log unchanged when illegal)."""
        new = apply_action(self.states[-1], action)
        self.actions.append(action)
        self.states.append(new)
        return new

    def undo(self) -> State:
        """Undo the last player action (and the reveals after it). Returns the state afterwards.

        Raises
        ------
        IllegalActionError
            ``nothing_to_undo`` when no player action has been made.
        """
        i = len(self.actions) - 1
        while i >= 0 and isinstance(self.actions[i], RevealGolem | RevealMerchant):
            i -= 1
        if i < 0:
            raise IllegalActionError("nothing_to_undo", _("no player action to undo"))
        del self.actions[i:]
        del self.states[i + 1:]
        return self.states[-1]

    def resolve_chance(self, rng: random.Random) -> State:
        """Reveal random cards (from ``rng``) until a player is to act; returns the state afterwards."""
        while chance_pending(self.states[-1]):
            self.apply(sample_chance(self.states[-1], rng))
        return self.states[-1]

    def record(self) -> GameRecord:
        """The game so far as a :class:`GameRecord`."""
        return GameRecord(self.n_players, tuple(self.actions), self.names)
