"""One exception hierarchy for every bad input the package can meet.

Every error is a :class:`ValueError`, so callers that only know the standard library
can still catch it. Messages always say *where* (file, line, row/column, hex, action,
key path) and *what was expected*.

Hierarchy::

    ValueError
    └── CompanionError
        ├── MapFormatError      custom Terra Mystica map text (row, column, token)
        ├── RulesDataError      a rules-data or sheet file (file, key path)
        │   └── TableError      a score table: every problem, by player and field (companion.validation)
        ├── IllegalActionError  an action the rules forbid (stable ``code``, ``rule``)
        ├── RecordError         a game record / ledger / command log (``line``)
        ├── SaveFileError       a table-side save file that cannot be read (``path``)
        │   └── SaveConflictError  another writer changed the save meanwhile (companion.savefile)
        └── JSONInputError      any JSON input refused by companion.jsonio (file, line, column)

Every reader of user input raises only these: JSON goes through :func:`companion.jsonio.loads` (depth,
size, duplicate keys, huge numbers, lone surrogates), text through :func:`companion.jsonio.read_text` (size
cap, UTF-8 with line and column of a bad byte), and score tables through each game's ``validate_table``.
"""

from __future__ import annotations

from companion.i18n import gettext as _

__all__ = [
    "CompanionError",
    "IllegalActionError",
    "MapFormatError",
    "RecordError",
    "RulesDataError",
    "SaveFileError",
]


class CompanionError(ValueError):
    """Base class of every error raised by ``companion`` for bad input."""


class MapFormatError(CompanionError):
    """Custom map text that cannot be read.

    Parameters
    ----------
    message : str
        What was expected and what was found.
    row, column : int or None
        1-based position of the offending token in the map text, when known.
    token : str or None
        The offending token as it appeared in the input.
    file : str or None
        The map file's name (``-`` for standard input), put first like every other command's errors.
    """

    def __init__(self, message: str, *, row: int | None = None, column: int | None = None,
                 token: str | None = None, file: str | None = None) -> None:
        self.reason = message
        self.row = row
        self.column = column
        self.token = token
        self.file = file
        where = []
        if row is not None:
            where.append(_("row {row}").format(row=row))
        if column is not None:
            where.append(_("column {column}").format(column=column))
        text = _("{where}: {message}").format(where=_(", ").join(where), message=message) if where else message
        super().__init__(_("{where}: {message}").format(where=file, message=text) if file else text)

    def in_file(self, file: str | None) -> MapFormatError:
        """The same error naming ``file`` first (``map.txt: row 2, column 1: ...``)."""
        return MapFormatError(self.reason, row=self.row, column=self.column, token=self.token, file=file)


class RulesDataError(CompanionError):
    """A rules-data file (or a user's sheet file) that fails validation.

    Parameters
    ----------
    message : str
        What was expected at that place.
    file : str or None
        The file name (e.g. ``"terra_mystica/factions.json"``).
    key_path : str or None
        Where in the document, e.g. ``"factions.giants.buildings.D.cost"``.
    """

    def __init__(self, message: str, *, file: str | None = None, key_path: str | None = None) -> None:
        self.file = file
        self.key_path = key_path
        where = ":".join(p for p in (file, key_path) if p)
        super().__init__(_("{where}: {message}").format(where=where, message=message) if where else message)


class IllegalActionError(CompanionError):
    """An action the rules do not allow in the current state.

    Parameters
    ----------
    code : str
        A stable, machine-readable reason (e.g. ``"caravan_full"``, ``"not_enough_crystals"``);
        tests and user interfaces may rely on it.
    message : str
        A sentence naming the rule and the numbers involved.
    rule : str or None
        The rule's source (rules summary section, rulebook page or reference-engine behaviour).
    line : int or None
        1-based line of a record or command log the action came from, when known.
    action : str or None
        The action as typed (``"darklings: Leech 2 from me"``), when given: the message starts with it, so a
        caller that re-raises with its own location adds the line only, not the action a second time.
    """

    def __init__(self, code: str, message: str, *, rule: str | None = None, line: int | None = None,
                 action: str | None = None) -> None:
        self.code = code
        self.rule = rule
        self.line = line
        self.action = action
        if action is not None:
            message = _("{action}: {message}").format(action=action, message=message)
        self.message = message  # without line and rule, for callers that re-raise with their own
        text = message
        if line is not None:
            text = _("line {line}: {message}").format(line=line, message=text)
        if rule:
            text = _("{message} (rule: {rule})").format(message=text, rule=rule)
        super().__init__(text)


class RecordError(CompanionError):
    """A game record, ledger export or command log that cannot be read.

    Parameters
    ----------
    message : str
        What was expected.
    line : int or None
        1-based line number in the record.
    file : str or None
        The record's file name, when known.
    code : str or None
        The refusal code of the rule an action broke (``"unknown_action"``), for programs; it is not
        part of the message, which says the same in the reader's language.
    """

    def __init__(self, message: str, *, line: int | None = None, file: str | None = None,
                 code: str | None = None) -> None:
        self.line = line
        self.file = file
        self.code = code
        self.reason = message
        where = []
        if file:
            where.append(str(file))
        if line is not None:
            where.append(_("line {line}").format(line=line))
        super().__init__(_("{where}: {message}").format(where=":".join(where), message=message)
                         if where else message)

    def in_file(self, file: str) -> RecordError:
        """This error naming ``file`` when it names no file yet (a reader handed text only), else itself.

        Examples
        --------
        >>> str(RecordError("empty record", line=1).in_file("game.txt"))
        'game.txt:line 1: empty record'
        """
        if self.file is not None:
            return self
        return RecordError(self.reason, line=self.line, file=file, code=self.code)


class SaveFileError(CompanionError):
    """A table-side save file that is corrupt or not ours. The file is left untouched.

    Parameters
    ----------
    message : str
        What is wrong with the file.
    path : str or None
        The save file's path.
    """

    def __init__(self, message: str, *, path: str | None = None) -> None:
        self.path = path
        super().__init__(_("{where}: {message}").format(where=path, message=message) if path else message)
