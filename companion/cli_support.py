"""Helpers shared by the ``companion`` sub-commands: JSON input/output and exit codes.

Exit codes are the same in every sub-command: 0 success, 1 a check found a difference (e.g. a
replay mismatch), 2 input that cannot be read (the message goes to stderr and names the place).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import typer

from companion.errors import CompanionError, RecordError
from companion.i18n import gettext as _
from companion.jsonio import MAX_CHARS, loads, read_text

__all__ = ["EXIT_DIFFERENCE", "EXIT_BAD_INPUT", "read_input_text", "read_input_json", "print_json",
           "bad_input_exits_2", "localize_typer", "pad"]

EXIT_DIFFERENCE = 1
EXIT_BAD_INPUT = 2

_localized = False


def localize_typer() -> None:
    """Show typer's own words and the package's lazily translated help in the current language.

    - typer's headings and notes (``Options``, ``Usage:``, ``[required]``, ``default: ...``) are looked up in
      the package's catalog (typer's copy of click writes them in English; English output is unchanged);
    - option and argument help given as :func:`companion.i18n.lazy_gettext` is translated when the help is
      formatted (click's formatter needs a real ``str``).

    Idempotent and cheap (no import beyond typer's, which every command loads anyway). Run at the import of
    this module, which every command-line module imports.
    """
    global _localized
    if _localized:
        return
    _localized = True
    try:
        import typer.core as typer_core
        from typer._click import core as click_core
        from typer._click.formatting import HelpFormatter
    except ImportError:  # pragma: no cover - another typer: English headings, lazy help still works below
        return
    typer_core._ = _

    class _Formatter(HelpFormatter):
        def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
            super().write_usage(prog, args, _("Usage: ") if prefix is None else prefix)

        def write_heading(self, heading: str) -> None:
            self.write(f"{'':>{self.current_indent}}" + _("{heading}:").format(heading=heading) + "\n")

    click_core.Context.formatter_class = _Formatter
    for cls in (typer_core.TyperOption, typer_core.TyperArgument):
        original = cls.get_help_record

        def get_help_record(self, ctx, _original=original):
            lazy = self.help
            if lazy is None or isinstance(lazy, str):
                return _original(self, ctx)
            self.help = str(lazy)
            try:
                return _original(self, ctx)
            finally:
                self.help = lazy

        cls.get_help_record = get_help_record


localize_typer()


def read_input_text(file: str, *, max_bytes: int = MAX_CHARS) -> str:
    """Read ``file`` as UTF-8 text; ``"-"`` reads standard input (:func:`companion.jsonio.read_text`).

    At most ``max_bytes`` bytes are read (16 MiB by default), so ``/dev/zero`` or a runaway pipe is refused
    instead of filling the memory.

    Raises
    ------
    CompanionError
        If the file does not exist, is a folder, is larger than ``max_bytes``, or is not UTF-8 text
        (the message names the line and column of the first bad byte).
    """
    return read_text(file, max_bytes=max_bytes)


def read_input_json(file: str) -> Any:
    """Read ``file`` (or ``"-"`` for stdin) as JSON.

    Read by :func:`companion.jsonio.loads`: depth and size limits, no duplicate keys, no huge numbers,
    no lone surrogates.

    Raises
    ------
    CompanionError
        Naming the file, line and column when the JSON is invalid or refused
        (:class:`companion.jsonio.JSONInputError`).
    """
    return loads(read_input_text(file), file=file)


def columns(text: Any) -> int:
    """Terminal columns ``text`` takes: East Asian wide and full-width characters count two."""
    import unicodedata

    return sum(2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1 for ch in str(text))


def pad(text: Any, width: int, align: str = "<") -> str:
    """``text`` padded with spaces to ``width`` terminal columns (``"<"`` left, ``">"`` right aligned).

    Chinese characters take two columns on a terminal, so ``format(text, "<16")`` would misalign a table
    whose cells are Chinese; this counts East Asian wide and full-width characters as two columns.
    """
    text = str(text)
    fill = " " * max(0, width - columns(text))
    return text + fill if align == "<" else fill + text


def print_json(document: Any) -> None:
    """Print ``document`` as indented JSON on stdout."""
    typer.echo(json.dumps(document, indent=2, ensure_ascii=False))


MAX_MESSAGE_CHARS = 500
"""Longest error line printed: messages quote at most 40 characters of user text (:func:`companion.jsonio.quoted`);
this is the last guard against one that does not."""


def _one_line(text: str) -> str:
    line = " ".join(part.strip() for part in str(text).splitlines() if part.strip())
    return line if len(line) <= MAX_MESSAGE_CHARS else line[:MAX_MESSAGE_CHARS] + "…"


@contextmanager
def bad_input_exits_2(record: str | None = None) -> Iterator[None]:
    """Turn bad input into one line ``error: <message>`` on stderr and exit status 2 (never a traceback).

    A :class:`CompanionError` gives its own message (it names the place); a
    :class:`~companion.errors.RecordError` that names no file names ``record``, the record file the command
    read (``-``: standard input), when given. Any other exception escaping the block is a bug met on odd
    input: it is reported on one line too, as such, with exit status 2, so a user never sees a traceback and
    status 1 stays reserved for a replay difference. Typer's own exits pass through.
    """
    try:
        yield
    except RecordError as exc:
        if record is not None:
            exc = exc.in_file(_("standard input") if record == "-" else record)
        typer.echo(_("error: {message}").format(message=_one_line(str(exc))), err=True)
        raise typer.Exit(EXIT_BAD_INPUT) from None
    except CompanionError as exc:
        typer.echo(_("error: {message}").format(message=_one_line(str(exc))), err=True)
        raise typer.Exit(EXIT_BAD_INPUT) from None
    except (typer.Exit, typer.Abort, typer.TyperException):
        raise
    except Exception as exc:  # noqa: BLE001 - the last guard before a user would see a traceback
        typer.echo(_("error: the input could not be handled ({kind}: {message}); this is a bug in companion, "
                     "please report it with the input").format(kind=type(exc).__name__,
                                                              message=_one_line(str(exc))[:200]), err=True)
        raise typer.Exit(EXIT_BAD_INPUT) from None


def output_folder(path: str, option: str) -> Path:
    """The folder an option names for output (``--record-dir``), created if missing.

    Raises
    ------
    CompanionError
        Naming ``option``, the folder and why it cannot be created (``--record-dir: /proc/x: the folder
        cannot be created (No such file or directory)``), or that it is a file.
    """
    folder = Path(path)
    if folder.exists() and not folder.is_dir():
        raise CompanionError(_("{option}: {path}: is a file, expected a folder").format(option=option, path=path))
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise CompanionError(_("{option}: {path}: the folder cannot be created ({reason})")
                             .format(option=option, path=path, reason=exc.strerror or type(exc).__name__)) from None
    return folder


def write_output_file(path: str, text: str, option: str) -> None:
    """Write ``text`` to the file an option names (``--record``), atomically.

    Raises
    ------
    CompanionError
        Naming ``option``, the file and why it cannot be written; no file is left behind.
    """
    from companion.errors import SaveFileError
    from companion.savefile import atomic_write_text

    try:
        atomic_write_text(path, text)
    except SaveFileError as exc:
        raise CompanionError(_("{option}: {message}").format(option=option, message=exc)) from None
    except OSError as exc:
        raise CompanionError(_("{option}: {path}: cannot be written ({reason})")
                             .format(option=option, path=path, reason=exc.strerror or type(exc).__name__)) from None


def guarded(func: Callable[..., Any]) -> Callable[..., Any]:
    """Decorator form of :func:`bad_input_exits_2` for typer commands."""
    import functools

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        with bad_input_exits_2():
            return func(*args, **kwargs)

    return wrapper
