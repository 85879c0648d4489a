"""The verbs every game in ``companion`` answers (the OpenSpiel pattern), and one score sheet type.

A game module (:mod:`companion.century.game`, :mod:`companion.magick.game`,
:mod:`companion.terra_mystica.game`; all three in :data:`companion.games.GAMES`) is a plain module with
these functions; :class:`GameModule` states them as a :class:`typing.Protocol`, so
``isinstance(module, GameModule)`` checks that a module has them all.

Verbs
-----
``new_game(players, *, seed=None, **options) -> state``
    ``players`` is a seat count (setup choices such as Terra Mystica's factions then come as legal actions)
    or a list of seat names (Terra Mystica: faction names). ``new_game`` never resolves chance: the cards,
    tiles and dice of the setup wait as chance actions (a session or a test resolves them from its own
    seeded ``random.Random``; at a real table they are typed in). ``seed`` seeds only hidden setup that is
    not a chance action in a game's rules model (Merchants of Magick: adventurers, mastery cards and the
    generated order deck); other games ignore it.
``current_player(state) -> int``
    The seat to act (0-based), or :data:`CHANCE` when chance acts next (a die roll, a card turned up);
    meaningless once :func:`is_terminal`.
``legal_actions(state) -> list``
    The actions of the seat to act, or the chance outcomes when :data:`CHANCE` acts. Empty when terminal.
``apply_action(state, action) -> state``
    The next state; ``state`` is unchanged. Raises :class:`~companion.errors.IllegalActionError` with a
    stable ``code`` for an action the rules forbid.
``is_terminal(state) -> bool``; ``score(state) -> ScoreSheet``
    The score is valid at any time (gold / VP so far) and final once terminal.
``read_record(text) -> record``; ``write_record(states) -> str``; ``replay(record) -> list of states``
    ``states`` are the states of one game from :func:`new_game` on (the first and the last are read: every
    state carries its history of actions). ``replay`` returns every state from the setup, so
    ``replay(read_record(write_record(states))) == states``.
``record_header(state) -> str``; ``record_line(state, action) -> str``
    The header lines of a game whose first state is ``state``, and the line of ``action`` applied to
    ``state``. ``write_record`` is the header followed by one line per action, so a session appends lines
    as the game goes (:mod:`companion.session`) instead of rewriting the record.
``action_text(state, action) -> str``; ``parse_action(state, text) -> action``
    Short text of an action for people (what a user types in a text box), and its inverse.
    ``parse_action`` raises :class:`~companion.errors.RecordError` for unreadable text.
``seat_names(state) -> list of str``
    The name of each seat (Terra Mystica: the faction, or ``"Seat N"`` before it is chosen).
``sample_chance(state, rng) -> action``
    A chance outcome drawn from ``rng`` with the game's odds (the same as ``rng.choice`` over the outcomes
    the rules make equally likely, without listing thousands of dice rolls).

Optional verbs (the session uses them when a module has them)
--------------------------------------------------------------
``BOTS`` and ``make_bot(name)``
    Bot names, and a bot with ``choose(state, rng, seat) -> action``.
``active_players(state) -> list of int``
    Every seat that may act now in a simultaneous phase (Merchants of Magick's crafting phase); bots
    among them play before the person to act.
``actor(state, action) -> int``
    The seat that makes ``action`` (when it may be another than ``current_player``).

Score sheet
-----------
:class:`ScoreSheet` (``players``: one :class:`PlayerScore` per seat in seat order, ``name``, ``parts``
dict of int, ``total`` int; ``winners``: names after the game's tie rule; ``tie_rule``: that rule in words;
``unit``: ``"VP"`` or ``"gold"``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from companion.errors import CompanionError
from companion.i18n import gettext as _

__all__ = ["CHANCE", "GameModule", "PlayerScore", "ScoreSheet", "best_totals"]

CHANCE = -1
"""``current_player`` value when chance acts next; ``legal_actions`` are then the possible outcomes."""


@dataclass(frozen=True)
class PlayerScore:
    """One seat's itemised score.

    Attributes
    ----------
    name : str
        Seat name (player name or faction).
    parts : dict of str to int
        Named parts (VP or gold); they add up to ``total``.
    total : int
        The score (VP or gold).
    """

    name: str
    parts: dict[str, int]
    total: int

    def __post_init__(self) -> None:
        if sum(self.parts.values()) != self.total:
            raise CompanionError(_("{name}: score parts {dict} add up to {sum}, not the total {total}").format(name=self.name, dict=dict(self.parts), sum=sum(self.parts.values()), total=self.total))


@dataclass(frozen=True)
class ScoreSheet:
    """Itemised scores of every seat and the winners after the game's tie rule.

    Attributes
    ----------
    players : list of PlayerScore
        In seat order.
    winners : list of str
        Names of the winners (several when the game's rule lets a tie stand).
    tie_rule : str
        The tie rule applied, in words, with its source.
    unit : str
        ``"VP"`` or ``"gold"``.
    """

    players: list[PlayerScore]
    winners: list[str]
    tie_rule: str = ""
    unit: str = "VP"
    extra: Mapping[str, Any] = field(default_factory=dict, compare=False)

    def total(self, name: str) -> int:
        """The total of seat ``name``; ``KeyError`` for an unknown name."""
        for p in self.players:
            if p.name == name:
                return p.total
        raise KeyError(name)


def best_totals(players: Sequence[PlayerScore]) -> list[str]:
    """Names sharing the highest total, in seat order (a tie rule then picks among them)."""
    if not players:
        return []
    best = max(p.total for p in players)
    return [p.name for p in players if p.total == best]


@runtime_checkable
class GameModule(Protocol):
    """What every game module provides (see the module docstring for each verb)."""

    NAME: str
    TITLE: str

    def new_game(self, players: int | Sequence[str], *, seed: int | None = None, **options: Any) -> Any: ...

    def current_player(self, state: Any) -> int: ...

    def legal_actions(self, state: Any) -> list[Any]: ...

    def apply_action(self, state: Any, action: Any) -> Any: ...

    def is_terminal(self, state: Any) -> bool: ...

    def score(self, state: Any) -> ScoreSheet: ...

    def read_record(self, text: str) -> Any: ...

    def write_record(self, states: Sequence[Any]) -> str: ...

    def replay(self, record: Any) -> list[Any]: ...

    def record_header(self, state: Any) -> str: ...

    def record_line(self, state: Any, action: Any) -> str: ...

    def action_text(self, state: Any, action: Any) -> str: ...

    def parse_action(self, state: Any, text: str) -> Any: ...

    def seat_names(self, state: Any) -> list[str]: ...

    def sample_chance(self, state: Any, rng: Any) -> Any: ...
