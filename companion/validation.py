"""Shared pieces of the per-game table validation (one validator per game, used by the CLI, the widgets and
the history).

Each game's scoring module has one function that checks a whole score table (``validate_table``); they
all report problems the same way: a :class:`TableError` holding every :class:`FieldProblem` found, each
naming the player (index and name) and the field (a key path inside the player's entry, e.g.
``cults.fire``). The CLI prints the first one with the file and the key path; a widget marks each field
with the message in its own words.

API (stable)
------------
- :class:`FieldProblem` ``(player, field, message, name)``; ``.key_path`` (``players[1].cults.fire``).
- :class:`TableError` (a :class:`~companion.errors.RulesDataError`): ``.problems`` (list of FieldProblem).
- :class:`TableChecker`: collects problems while a validator walks a document.
- :func:`name_problem(name)` -> why text cannot be a name (a control character, a lone surrogate), or None.
- :func:`name_key(name)` -> the form of a player name used to tell players apart: Unicode NFKC, invisible
  format characters (zero-width space, joiners, BOM...) dropped, white space collapsed and trimmed.
- :data:`TYPED_KEY`, :meth:`TableChecker.typed`: the score apps' save keeps an entry that is not a whole number
  as typed (``"typed": {"players[1].vp": "1o5"}``, beside the last number in ``vp``); every validator reports
  each such entry at its field, so neither the app after a reload nor the CLI scores the number beside it.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from companion.errors import RulesDataError
from companion.i18n import gettext as _
from companion.i18n import ngettext
from companion.jsonio import excerpt, quoted

__all__ = ["TYPED_KEY", "FieldProblem", "TableChecker", "TableError", "is_int", "list_of_players", "name_key",
           "name_problem", "not_a_whole_number", "typed_by_seat"]

#: Top-level key of a score app's save holding the number entries that are not whole numbers, as typed:
#: ``{"players[1].vp": "1o5"}`` (key path -> text).
TYPED_KEY = "typed"
_TYPED_PATH = re.compile(r"players\[([0-9]+)\]\.(.+)")
_WHOLE = re.compile(r"-?[0-9]+")


def typed_by_seat(doc: Mapping[str, Any] | None) -> dict[int, dict[str, str]]:
    """The entries a save keeps as typed (its :data:`TYPED_KEY`, checked by the game's ``validate_table``), by seat.

    Examples
    --------
    >>> typed_by_seat({"typed": {"players[1].vp": "1o5", "players[1].cults.fire": "x"}})
    {1: {'vp': '1o5', 'cults.fire': 'x'}}
    """
    out: dict[int, dict[str, str]] = {}
    for key, text in ((doc or {}).get(TYPED_KEY) or {}).items():
        match = _TYPED_PATH.fullmatch(key)
        if match is not None:
            out.setdefault(int(match[1]), {})[match[2]] = text
    return out


def not_a_whole_number(text: str) -> str:
    """The message for a number entry typed as ``text``, which is not a whole number (in the language in force).

    Examples
    --------
    >>> not_a_whole_number("1o5")
    "expected a whole number (digits only, e.g. 12), found '1o5'"
    """
    return _("expected a whole number (digits only, e.g. 12), found {text!r}").format(text=text)


@dataclass(frozen=True)
class FieldProblem:
    """One thing wrong in a score table.

    Attributes
    ----------
    player : int or None
        0-based index of the player in ``players`` (``None`` for a top-level field).
    field : str
        Key path inside the player's entry (``"cults.fire"``, ``"golems[2]"``) or the top-level key.
    message : str
        What was expected and what was found, in the user's terms.
    name : str or None
        The player's name as typed, when known.
    shape : bool
        True when the document has the wrong shape there (an unknown key, a list where a number belongs,
        text where a number belongs...): a file, not a typing slip. False for a value of the right type that
        the rules do not allow (out of range, impossible with the other players).
    """

    player: int | None
    field: str
    message: str
    name: str | None = None
    shape: bool = False

    @property
    def key_path(self) -> str:
        """``players[i].field`` (or ``field`` for a top-level problem)."""
        if self.player is None:
            return self.field
        return f"players[{self.player}]" + (f".{self.field}" if self.field else "")


class TableError(RulesDataError):
    """A score table with one or more problems; the message is the first one (with its key path).

    Parameters
    ----------
    problems : list of FieldProblem
        Every problem found (at least one).
    file : str or None
        The input's name.
    """

    def __init__(self, problems: list[FieldProblem], *, file: str | None = None) -> None:
        self.problems = list(problems)
        first = self.problems[0]
        more = len(self.problems) - 1
        # a sentence of its own: after "expected only name, faction, ..." a bracket read as the list going on
        if more:
            text = ngettext("{message}. {more} more problem after this one.",
                            "{message}. {more} more problems after this one.", more).format(
                message=first.message.rstrip("."), more=more)
        else:
            text = first.message
        super().__init__(text, file=file, key_path=first.key_path)

    @property
    def shape_problems(self) -> list[FieldProblem]:
        """The problems that mean the document has the wrong shape (see :attr:`FieldProblem.shape`)."""
        return [p for p in self.problems if p.shape]


def is_int(value: Any) -> bool:
    """True for a JSON integer (not a bool)."""
    return isinstance(value, int) and not isinstance(value, bool)


_SPACES = re.compile(r"\s+")


def name_key(name: str) -> str:
    """Normalised player name: two names with the same key are the same player.

    NFKC, then every format character (Unicode category ``Cf``: zero-width space and joiners, BOM, bidi
    marks) removed, white space collapsed to one space and trimmed.

    Examples
    --------
    >>> name_key(" Ann\\u200b ") == name_key("Ann")
    True
    """
    text = unicodedata.normalize("NFKC", name)
    text = "".join(c for c in text if unicodedata.category(c) != "Cf")
    return _SPACES.sub(" ", text).strip()


def name_problem(name: str) -> str | None:
    """Why text cannot be a name, or None when it can: the one check of every name field (players of the
    three games' score tables and records, the auction, the game history).

    A name may hold any printable character; refused are control characters (Unicode category ``Cc``:
    NUL, tab, line breaks, escape...), which would break a table, a ledger line or a terminal, and lone
    surrogates (``Cs``), which cannot be written as UTF-8, so a save or an export would fail later.

    Parameters
    ----------
    name : str
        The name as read.

    Returns
    -------
    str or None
        The message (what was found and where, 1-based character position), or None.

    Examples
    --------
    >>> name_problem("Ann") is None
    True
    >>> name_problem("A\\x00")
    'expected a name without control characters, found U+0000 at character 2'
    >>> name_problem("\\ud800")
    'expected text that can be written as UTF-8, found the lone surrogate U+D800 at character 1'
    """
    for i, char in enumerate(name, start=1):
        category = unicodedata.category(char)
        if category == "Cc":
            return _("expected a name without control characters, found {code} at character {n}").format(
                code=f"U+{ord(char):04X}", n=i)
        if category == "Cs":
            return _("expected text that can be written as UTF-8, found the lone surrogate {code} at character "
                     "{n}").format(code=f"U+{ord(char):04X}", n=i)
    return None


class TableChecker:
    """Collects :class:`FieldProblem` s while a validator walks a score table.

    Parameters
    ----------
    file : str or None
        The input's name, for :meth:`raise_if_any`.
    """

    def __init__(self, file: str | None = None) -> None:
        self.file = file
        self.problems: list[FieldProblem] = []
        self.names: dict[int, str] = {}

    def add(self, player: int | None, field: str, message: str, *, shape: bool = False) -> None:
        """Record a problem (``shape``: see :attr:`FieldProblem.shape`)."""
        self.problems.append(FieldProblem(player, field, message, self.names.get(player) if player is not None
                                          else None, shape))

    def player_named(self, player: int) -> str:
        """How a message names another player: their name as typed (trimmed), or their key path ``players[2]``
        while it has none (a 1-based "player 3" beside a 0-based key path would point at another seat)."""
        name = self.names.get(player)
        return name.strip() if name and name_key(name) else f"players[{player}]"

    def bad(self, player: int | None, field: str) -> bool:
        """True when a problem was already recorded for this field (or one inside it)."""
        return any(p.player == player and (p.field == field or p.field.startswith(field + ".")
                                           or p.field.startswith(field + "["))
                   for p in self.problems)

    def keys(self, entry: Mapping[str, Any], player: int | None, allowed: Iterable[str], where: str = "") -> None:
        """Refuse keys outside ``allowed``, listing the allowed ones (and a near miss in another case)."""
        allowed = list(allowed)
        for key in entry:
            if key in allowed:
                continue
            hint = next((a for a in allowed if a.lower() == str(key).lower()), None)
            if hint:
                message = _("unknown key {key}; did you mean {hint}? expected only {allowed}")
            else:
                message = _("unknown key {key}; expected only {allowed}")
            self.add(player, f"{where}.{excerpt(key)}" if where else excerpt(key),
                     message.format(key=quoted(key), hint=quoted(hint), allowed=_(", ").join(allowed)), shape=True)

    def integer(self, value: Any, player: int | None, field: str, low: int, high: int, what: str = "") -> int | None:
        """Check a whole number in ``low..high``; return it, or ``None`` after recording a problem."""
        if not is_int(value):
            self.add(player, field, _("expected a whole number{what} from {low} to {high}, found {shown}").format(what=what, low=low, high=high, shown=_shown(value)), shape=True)
            return None
        if not low <= value <= high:
            self.add(player, field, _("expected a whole number{what} from {low} to {high}, found {shown}").format(what=what, low=low, high=high, shown=_shown(value)))
            return None
        return value

    def text(self, value: Any, player: int | None, field: str, *, required: bool = True,
             max_length: int = 60) -> str | None:
        """Check a string (non-blank when ``required``, at most ``max_length`` characters, no control character
        or lone surrogate: :func:`name_problem`)."""
        if not isinstance(value, str):
            self.add(player, field, _("expected text, found {shown}").format(shown=_shown(value)), shape=True)
            return None
        problem = name_problem(value)
        if problem:
            self.add(player, field, problem)
            return None
        if required and not name_key(value):
            self.add(player, field, _("expected a name, found an empty one"))
            return None
        if len(value) > max_length:
            self.add(player, field, _("expected at most {max_length} characters, found {n_value}").format(max_length=max_length, n_value=len(value)))
            return None
        return value

    def unique_names(self, names: Mapping[int, str], field: str = "name") -> None:
        """Refuse two players whose names differ only by white space, invisible characters or width."""
        seen: dict[str, int] = {}
        for i, name in names.items():
            key = name_key(name)
            if not key:
                continue
            if key in seen:
                self.add(i, field, _("the same name as another player ({name}); names that differ only by spaces or "
                                     "invisible characters count as the same").format(name=quoted(names[seen[key]])))
            else:
                seen[key] = i

    def typed(self, doc: Mapping[str, Any], count: int, is_number_field: Callable[[str], bool]) -> None:
        """Report each entry of the save's :data:`TYPED_KEY` (a number box whose text is not a whole number) at
        its field; refuse (as a wrong shape) a ``typed`` that is not ``{"players[i].field": text}`` with ``i`` below
        ``count``, ``field`` a number field of the game (``is_number_field``) and ``text`` not a whole number."""
        typed = doc.get(TYPED_KEY)
        if typed is None:
            return
        expected = _("expected an object of number entries as typed, e.g. {example}").format(
            example='{"players[1].vp": "1o5"}')
        if not isinstance(typed, dict):
            self.add(None, TYPED_KEY, expected, shape=True)
            return
        for key, text in typed.items():
            match = _TYPED_PATH.fullmatch(str(key))
            if (match is None or int(match[1]) >= count or not is_number_field(match[2])
                    or not isinstance(text, str) or len(text) > 60 or _WHOLE.fullmatch(text)):
                self.add(None, f"{TYPED_KEY}.{excerpt(key)}", expected, shape=True)
                continue
            self.add(int(match[1]), match[2], not_a_whole_number(text))

    def raise_if_any(self) -> None:
        """Raise :class:`TableError` with every problem recorded, if any."""
        if self.problems:
            raise TableError(self.problems, file=self.file)


def _shown(value: Any) -> str:
    """A short rendering of a bad value for messages (huge ones are summarised)."""
    if isinstance(value, list):
        return _("a list")
    if isinstance(value, dict):
        return _("an object")
    if value is None:
        return _("nothing (null)")
    text = repr(value)
    return text if len(text) <= 40 else _("a value of {n} characters").format(n=len(text))


def list_of_players(doc: Any, checker: TableChecker, low: int, high: int, game: str) -> list[Any] | None:
    """The ``players`` list of a table document, or ``None`` after recording why it is missing/bad."""
    if not isinstance(doc, dict):
        checker.add(None, "", _('expected an object with a "players" list, found {shown}').format(shown=_shown(doc)), shape=True)
        return None
    players = doc.get("players")
    if not isinstance(players, list):
        checker.add(None, "players", _("expected a list of players, found {shown}").format(shown=_shown(players)), shape=True)
        return None
    if not low <= len(players) <= high:
        checker.add(None, "players", _("{game} is played by {low} to {high} players, found {n_players}").format(game=_(game), low=low, high=high, n_players=len(players)),
                    shape=True)
        return None
    return players
