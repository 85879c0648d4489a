"""The one JSON reader behind every input of the package (score tables, auctions, records, sheets, saves).

Python's :func:`json.loads` accepts things no user file should contain and fails in ways that are not
:class:`~companion.errors.CompanionError`: JSON nested 1,000 deep raises :class:`RecursionError`, a number of
more than 4,300 digits a bare :class:`ValueError`, a repeated key silently keeps the last value, and
``"\\ud800"`` gives a string that cannot be written back as UTF-8. :func:`loads` refuses all of these with a
:class:`JSONInputError` naming the file, line and column (or the key path) and what was expected.

API (stable)
------------
- :func:`loads(text, *, file=None, max_depth=MAX_DEPTH, max_chars=MAX_CHARS)` -> the document.
- :func:`check_text_size(text, *, file=None, max_chars=...)`: the size check alone.
- :func:`type_name(value)` -> the JSON name of a value's type (``"object"``, ``"list"``, ``"string"`` ...).
- :data:`MAX_DEPTH` (64 nested lists/objects), :data:`MAX_CHARS` (16 MiB of text),
  :data:`MAX_NUMBER_CHARS` (30 characters in one number literal).
"""

from __future__ import annotations

import json
import json.decoder
import json.scanner
import math
import os
import re
import sys
from pathlib import Path
from typing import Any

from companion.errors import CompanionError
from companion.i18n import N_
from companion.i18n import gettext as _

__all__ = ["JSONInputError", "MAX_CHARS", "MAX_DEPTH", "MAX_NUMBER_CHARS", "EXCERPT_CHARS", "check_text_size",
           "excerpt", "loads", "quoted", "position", "read_text", "type_name"]

MAX_DEPTH = 64
"""Deepest nesting of lists and objects accepted (the deepest shipped document, a sheet, nests 6)."""
MAX_CHARS = 16 * 1024 * 1024
"""Longest text accepted by a reader, in characters (the largest shipped ledger is well under 1 MiB)."""
MAX_NUMBER_CHARS = 30
"""Longest number literal accepted (no count, VP or seed in any game needs more than a few digits)."""


EXCERPT_CHARS = 40
"""Longest piece of user text quoted in a message (longer ones are cut and end with "…")."""


def excerpt(text: object, limit: int = EXCERPT_CHARS) -> str:
    """``text`` as quoted in an error message: at most ``limit`` characters, then "…" when cut.

    Messages never echo unbounded user text (a 200 000-character map line, a huge key or number).

    Parameters
    ----------
    text : object
        The user's text (anything else is shown with ``str``).
    limit : int
        Characters kept.

    Returns
    -------
    str

    Examples
    --------
    >>> excerpt("x" * 50)
    'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…'
    >>> excerpt("short")
    'short'
    """
    text = str(text)
    return text if len(text) <= limit else text[:limit] + "…"


def quoted(value: object, limit: int = EXCERPT_CHARS) -> str:
    """``repr(value)`` for a message, with text cut by :func:`excerpt` (``'kkk…'``).

    Examples
    --------
    >>> quoted("x" * 50) == repr("x" * 40 + "…")
    True
    >>> quoted(5), quoted(None)
    ('5', 'None')
    """
    if isinstance(value, str):
        return repr(excerpt(value, limit))
    return excerpt(repr(value), limit)


class JSONInputError(CompanionError):
    """A JSON document that cannot be read.

    Parameters
    ----------
    message : str
        What was expected and what was found.
    file : str or None
        The input's name (a path, or ``-`` for standard input).
    line, column : int or None
        1-based position in the text, when known.
    key_path : str or None
        Where in the document (``players[0].name``), when the problem is a value rather than the syntax.
    """

    def __init__(self, message: str, *, file: str | None = None, line: int | None = None,
                 column: int | None = None, key_path: str | None = None) -> None:
        self.reason = message
        self.file = file
        self.line = line
        self.column = column
        self.key_path = key_path
        where = [str(file)] if file else []
        if line is not None:
            where.append(_("line {line}, column {column}").format(line=line, column=column) if column is not None
                         else _("line {line}").format(line=line))
        if key_path:
            where.append(key_path)
        super().__init__(_("{where}: {message}").format(where=": ".join(where), message=message) if where else message)


def position(text: str, index: int) -> tuple[int, int]:
    """1-based ``(line, column)`` of character ``index`` of ``text``."""
    line = text.count("\n", 0, index) + 1
    return line, index - (text.rfind("\n", 0, index) + 1) + 1


def type_name(value: Any) -> str:
    """The JSON name of ``value``'s type, for messages (``"list"``, ``"object"``, ``"integer"`` ...)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "list"
    if isinstance(value, dict):
        return "object"
    return type(value).__name__


def check_text_size(text: str, *, file: str | None = None, max_chars: int = MAX_CHARS) -> None:
    """Raise :class:`JSONInputError` when ``text`` is longer than ``max_chars`` characters."""
    if len(text) > max_chars:
        raise JSONInputError(_("the input is {n_text:,} characters long; expected at most {max_chars:,}").format(n_text=len(text), max_chars=max_chars),
                             file=file)


_TOKENS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|[\[\]{}]', re.DOTALL)


def _check_depth(text: str, file: str | None, max_depth: int) -> None:
    depth = 0
    for m in _TOKENS.finditer(text):
        c = m.group()
        if c in "[{":
            depth += 1
            if depth > max_depth:
                line, column = position(text, m.start())
                raise JSONInputError(_("lists and objects nested more than {max_depth} deep").format(max_depth=max_depth), file=file,
                                     line=line, column=column)
        elif c in "]}":
            depth -= 1


class _Refused(Exception):
    """Raised inside the decoder hooks; turned into a :class:`JSONInputError` with a position."""

    def __init__(self, message: str, index: int | None = None, literal: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.index = index
        self.literal = literal


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _Refused(_("duplicate key {dumps} in the object starting here; expected each key once").format(dumps=json.dumps(excerpt(key), ensure_ascii=False)))
        out[key] = value
    return out


def _parse_int(s: str) -> int:
    if len(s) > MAX_NUMBER_CHARS:
        raise _Refused(_("a number of {n_s} digits; expected at most {max_number_chars} characters").format(n_s=len(s), max_number_chars=MAX_NUMBER_CHARS), literal=s)
    return int(s)


def _parse_float(s: str) -> float:
    if len(s) > MAX_NUMBER_CHARS:
        raise _Refused(_("a number of {n_s} characters; expected at most {max_number_chars}").format(n_s=len(s), max_number_chars=MAX_NUMBER_CHARS), literal=s)
    value = float(s)
    if not math.isfinite(value):
        raise _Refused(_("the number {s} is too large; expected a finite number").format(s=s), literal=s)
    return value


def _parse_constant(s: str) -> Any:
    raise _Refused(_("{s} is not JSON; expected a number").format(s=s), literal=s)


def _decoder() -> json.JSONDecoder:
    return json.JSONDecoder(object_pairs_hook=_pairs, parse_int=_parse_int, parse_float=_parse_float,
                            parse_constant=_parse_constant)


def _locate(text: str, refused: _Refused) -> int | None:
    """Re-parse with the pure-Python scanner, which tells where each object starts, to place an error."""
    decoder = _decoder()

    def parse_object(s_and_end, *args, **kwargs):  # type: ignore[no-untyped-def]
        start = s_and_end[1] - 1
        try:
            return json.decoder.JSONObject(s_and_end, *args, **kwargs)
        except _Refused as exc:
            if exc.index is None and exc.message.startswith("duplicate key"):
                exc.index = start
            raise

    decoder.parse_object = parse_object  # type: ignore[assignment]
    decoder.scan_once = json.scanner.py_make_scanner(decoder)
    try:
        decoder.decode(text)
    except _Refused as exc:
        if exc.index is not None:
            return exc.index
    except (ValueError, RecursionError):
        return None
    if refused.literal is None:
        return None
    # a refused number literal: find it outside strings
    for m in re.finditer(r'"[^"\\]*(?:\\.[^"\\]*)*"|' + re.escape(refused.literal), text, re.DOTALL):
        if not m.group().startswith('"'):
            return m.start()
    return None


def _find_surrogate(doc: Any, path: str) -> str | None:
    stack: list[tuple[Any, str]] = [(doc, path)]
    while stack:
        value, where = stack.pop()
        if isinstance(value, str):
            if not value.isascii():
                try:
                    value.encode("utf-8")
                except UnicodeEncodeError:
                    return where or _("(top level)")
        elif isinstance(value, dict):
            for k, v in value.items():
                sub = f"{where}.{excerpt(k)}" if where else excerpt(k)
                try:
                    k.encode("utf-8")
                except UnicodeEncodeError:
                    return sub
                stack.append((v, sub))
        elif isinstance(value, list):
            stack.extend((v, f"{where}[{i}]") for i, v in enumerate(value))
    return None


def read_text(file: str | os.PathLike[str], *, max_bytes: int = MAX_CHARS) -> str:
    """Read ``file`` as UTF-8 text; ``"-"`` reads standard input.

    At most ``max_bytes`` bytes are read (16 MiB by default), so ``/dev/zero`` or a runaway pipe is refused
    instead of filling the memory. A UTF-8 byte-order mark is dropped.

    Raises
    ------
    CompanionError
        If the file does not exist, is a folder, is larger than ``max_bytes``, or is not UTF-8 text
        (the message names the line and column of the first bad byte).
    """
    try:
        if str(file) == "-":
            stream = getattr(sys.stdin, "buffer", None)
            if stream is None:  # a text-only stand-in for stdin (some test runners)
                data = sys.stdin.read(max_bytes + 1).encode("utf-8", "surrogateescape")
            else:
                data = stream.read(max_bytes + 1)
        else:
            with Path(file).open("rb") as handle:
                data = handle.read(max_bytes + 1)
        if len(data) > max_bytes:
            raise JSONInputError(_("larger than {max_bytes:,} bytes; expected a small text file").format(max_bytes=max_bytes), file=str(file))
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            good = data[:exc.start].decode("utf-8")
            line = good.count("\n") + 1
            column = len(good) - (good.rfind("\n") + 1) + 1
            raise JSONInputError(_("not UTF-8 text (byte 0x{data:02x})").format(data=data[exc.start]), file=str(file), line=line,
                                 column=column) from None
        return text[1:] if text.startswith("\ufeff") else text
    except FileNotFoundError:
        raise JSONInputError(_("no such file"), file=str(file)) from None
    except IsADirectoryError:
        raise JSONInputError(_("is a folder, expected a file"), file=str(file)) from None
    except OSError as exc:
        raise JSONInputError(_("cannot be read ({strerror})").format(strerror=exc.strerror), file=str(file)) from None


# The messages of Python's JSON decoder (json.decoder, json.scanner and the C scanner; English, without gettext),
# as patterns, and the catalog's sentence for each.
_DECODER_MESSAGES = [
    (r"Expecting value", N_("expected a value here")),
    (r"Expecting ',' delimiter", N_("expected a comma ',' here")),
    (r"Expecting ':' delimiter", N_("expected a colon ':' here")),
    (r"Expecting property name enclosed in double quotes", N_("expected a key in double quotes here")),
    (r"Unterminated string starting at", N_("a string starts here and is never closed")),
    (r"Invalid control character (?P<char>'.*' )?at", N_("a control character inside a string")),
    (r"Invalid \\escape(: (?P<escape>.*))?", N_("an invalid backslash escape")),
    (r"Invalid \\uXXXX escape", N_("an invalid \\uXXXX escape")),
    (r"Extra data", N_("more text after the JSON value")),
    (r"Illegal trailing comma before end of object", N_("a comma before the end of an object")),
    (r"Illegal trailing comma before end of array", N_("a comma before the end of an array")),
]


def decoder_message(msg: str) -> str:
    """A message of Python's JSON decoder (``json.JSONDecodeError.msg``) in the current language.

    Parameters
    ----------
    msg : str
        The decoder's English message, e.g. ``"Expecting ',' delimiter"``.

    Returns
    -------
    str
        The catalog's sentence for it; a message this list does not know is returned as it is.

    Examples
    --------
    >>> decoder_message("Expecting ',' delimiter")
    "expected a comma ',' here"
    >>> decoder_message("something new")
    'something new'
    """
    for pattern, sentence in _DECODER_MESSAGES:
        if re.fullmatch(pattern, msg):
            return _(sentence)
    return msg


def loads(text: str, *, file: str | None = None, max_depth: int = MAX_DEPTH, max_chars: int = MAX_CHARS) -> Any:
    """Parse one JSON document strictly.

    Parameters
    ----------
    text : str
        The document.
    file : str, optional
        The input's name, used in messages.
    max_depth : int
        Deepest nesting of lists/objects accepted.
    max_chars : int
        Longest text accepted.

    Returns
    -------
    Any
        The document (dicts, lists, str, int, float, bool, None).

    Raises
    ------
    JSONInputError
        Naming the file, line and column (or key path) for: invalid JSON, text longer than ``max_chars``,
        nesting deeper than ``max_depth``, a key repeated in one object, a number literal longer than
        :data:`MAX_NUMBER_CHARS` or not finite (``1e999``, ``NaN``, ``Infinity``), and a string holding a lone
        UTF-16 surrogate (``"\\ud800"``). Never :class:`RecursionError` or a bare :class:`ValueError`.
    """
    if not isinstance(text, str):
        raise JSONInputError(_("expected text, found {name}").format(name=type(text).__name__), file=file)
    check_text_size(text, file=file, max_chars=max_chars)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        line, column = position(text, exc.start)
        raise JSONInputError(_("not UTF-8 text"), file=file, line=line, column=column) from None
    _check_depth(text, file, max_depth)
    try:
        doc = _decoder().decode(text)
    except json.JSONDecodeError as exc:
        raise JSONInputError(_("invalid JSON: {msg}").format(msg=decoder_message(exc.msg)), file=file, line=exc.lineno,
                             column=exc.colno) from None
    except _Refused as exc:
        index = _locate(text, exc)
        line, column = position(text, index) if index is not None else (None, None)
        raise JSONInputError(exc.message, file=file, line=line, column=column) from None
    except (RecursionError, ValueError) as exc:  # pragma: no cover - the checks above should make this unreachable
        raise JSONInputError(_("cannot be read as JSON ({name})").format(name=type(exc).__name__), file=file) from None
    where = _find_surrogate(doc, "")
    if where is not None:
        raise JSONInputError(_("a string holds a lone UTF-16 surrogate (\\ud800-\\udfff); expected Unicode text"),
                             file=file, key_path=where)
    return doc
