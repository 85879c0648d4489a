"""Access to the rules data shipped with the package, and small validation helpers.

The top-level ``data/`` folder of the repository is installed inside the package as
``companion/_data`` (hatch ``force-include``; in a development checkout ``companion/_data`` is a
link to ``data/``). Code always reads it through :func:`data_file` / :func:`load_json`, never
through a path relative to the repository.
"""

from __future__ import annotations

import json
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any

from companion.errors import RulesDataError
from companion.i18n import gettext as _

__all__ = ["data_file", "load_json", "require", "data_text"]


def data_file(relpath: str) -> Traversable:
    """Return the shipped data file ``relpath`` (e.g. ``"century/cards.json"``).

    Raises
    ------
    RulesDataError
        If the file is not shipped with the package.
    """
    node = resources.files("companion").joinpath("_data")
    for part in relpath.split("/"):
        node = node.joinpath(part)
    if not node.is_file():
        raise RulesDataError(_("file is not shipped with the package"), file=relpath)
    return node


def data_text(relpath: str) -> str:
    """Return the text of the shipped data file ``relpath`` (UTF-8)."""
    return data_file(relpath).read_text(encoding="utf-8")


def load_json(relpath: str) -> Any:
    """Load a shipped JSON data file.

    Raises
    ------
    RulesDataError
        If the file is missing or not valid JSON (the message gives line and column).
    """
    text = data_text(relpath)
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise RulesDataError(_("invalid JSON at line {line}, column {column}: {reason}").format(
            line=exc.lineno, column=exc.colno, reason=exc.msg), file=relpath) from None


def require(mapping: Any, key: str, kind: type | tuple[type, ...], *, file: str, path: str) -> Any:
    """Return ``mapping[key]`` after checking that it exists and has type ``kind``.

    Parameters
    ----------
    mapping : Any
        The JSON object being validated.
    key : str
        The key to read.
    kind : type or tuple of types
        Accepted Python type(s) of the value (``bool`` is never accepted as ``int``).
    file, path : str
        File name and key path of ``mapping``, used in the error message.

    Raises
    ------
    RulesDataError
        Naming ``file`` and ``path.key`` when the key is missing or has the wrong type.
    """
    where = f"{path}.{key}" if path else key
    if not isinstance(mapping, dict):
        raise RulesDataError(_("expected an object, found {kind}").format(kind=type(mapping).__name__),
                             file=file, key_path=path)
    if key not in mapping:
        raise RulesDataError(_("missing key"), file=file, key_path=where)
    value = mapping[key]
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if isinstance(value, bool) and bool not in kinds:
        raise RulesDataError(_("expected {kinds}, found a boolean").format(kinds=_names(kinds)), file=file,
                             key_path=where)
    if not isinstance(value, kinds):
        raise RulesDataError(_("expected {kinds}, found {kind}").format(kinds=_names(kinds), kind=type(value).__name__),
                             file=file, key_path=where)
    return value


def _names(kinds: tuple[type, ...]) -> str:
    return _(" or ").join(k.__name__ for k in kinds)
