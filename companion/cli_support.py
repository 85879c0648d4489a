"""Helpers shared by the ``companion`` sub-commands: JSON input/output and exit codes.

Exit codes are the same in every sub-command: 0 success, 1 a check found a difference (e.g. a
replay mismatch), 2 input that cannot be read (the message goes to stderr and names the place).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import typer

from companion.errors import CompanionError

__all__ = ["EXIT_DIFFERENCE", "EXIT_BAD_INPUT", "read_input_text", "read_input_json", "print_json",
           "bad_input_exits_2"]

EXIT_DIFFERENCE = 1
EXIT_BAD_INPUT = 2


def read_input_text(file: str) -> str:
    """Read ``file`` as UTF-8 text; ``"-"`` reads standard input.

    Raises
    ------
    CompanionError
        If the file does not exist, is a folder, or is not UTF-8 text.
    """
    try:
        if file == "-":
            return sys.stdin.read()
        return Path(file).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise CompanionError(f"{file}: no such file") from None
    except IsADirectoryError:
        raise CompanionError(f"{file}: is a folder, expected a file") from None
    except UnicodeDecodeError as exc:
        raise CompanionError(f"{file}: not UTF-8 text (byte {exc.start})") from None
    except OSError as exc:
        raise CompanionError(f"{file}: cannot be read ({exc.strerror})") from None


def read_input_json(file: str) -> Any:
    """Read ``file`` (or ``"-"`` for stdin) as JSON.

    Raises
    ------
    CompanionError
        Naming the file, line and column when the JSON is invalid.
    """
    text = read_input_text(file)
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise CompanionError(f"{file}: invalid JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}") from None


def print_json(document: Any) -> None:
    """Print ``document`` as indented JSON on stdout."""
    typer.echo(json.dumps(document, indent=2, ensure_ascii=False))


@contextmanager
def bad_input_exits_2() -> Iterator[None]:
    """Turn a :class:`CompanionError` into ``error: <message>`` on stderr and exit status 2."""
    try:
        yield
    except CompanionError as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(EXIT_BAD_INPUT) from None


def guarded(func: Callable[..., Any]) -> Callable[..., Any]:
    """Decorator form of :func:`bad_input_exits_2` for typer commands."""
    import functools

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        with bad_input_exits_2():
            return func(*args, **kwargs)

    return wrapper
