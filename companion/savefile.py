"""Crash-safe JSON save files for the table-side scoring apps.

Every entry typed into a scoring notebook is written at once, so a kernel restart or a closed
tab loses nothing. Writes are atomic (write to a temporary file in the same folder, ``fsync``,
then ``os.replace``), so a crash never leaves a half-written save. A save that cannot be read
raises :class:`~companion.errors.SaveFileError` and is left exactly as it was.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

from companion.errors import SaveFileError

__all__ = ["atomic_write_json", "default_save_dir", "read_save"]


def atomic_write_json(path: str | os.PathLike[str], document: Any) -> Path:
    """Write ``document`` as JSON to ``path`` atomically.

    Parameters
    ----------
    path : str or PathLike
        Destination file; its folder is created if needed.
    document : Any
        A JSON-serialisable value.

    Returns
    -------
    pathlib.Path
        The path written.

    Raises
    ------
    SaveFileError
        If the document is not JSON-serialisable or the folder is not writable. The previous
        file, if any, is unchanged.
    """
    target = Path(path)
    try:
        text = json.dumps(document, indent=2, ensure_ascii=False, sort_keys=False)
    except (TypeError, ValueError) as exc:
        raise SaveFileError(f"cannot be saved: {exc}", path=str(target)) from None
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                handle.write(text + "\n")
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(tmp, target)
        except BaseException:
            if os.path.exists(tmp):
                os.unlink(tmp)
            raise
    except OSError as exc:
        raise SaveFileError(f"cannot be written: {exc.strerror or exc}", path=str(target)) from None
    return target


def read_save(path: str | os.PathLike[str], *, kind: str) -> dict[str, Any] | None:
    """Read a save file written by :func:`atomic_write_json`.

    Parameters
    ----------
    path : str or PathLike
        The save file.
    kind : str
        The value the document's ``"kind"`` key must have (e.g. ``"century-score"``), so a save of
        one game is never read as another.

    Returns
    -------
    dict or None
        The document, or ``None`` when the file does not exist yet.

    Raises
    ------
    SaveFileError
        If the file is not valid JSON, not an object, or of another kind. The file is not touched.
    """
    target = Path(path)
    if not target.exists():
        return None
    try:
        text = target.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise SaveFileError(f"cannot be read: {exc}", path=str(target)) from None
    try:
        document = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SaveFileError(
            f"is not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg}); "
            "it was left untouched — fix or move it, or choose another save file",
            path=str(target),
        ) from None
    if not isinstance(document, dict):
        raise SaveFileError("expected a JSON object at the top level; the file was left untouched",
                            path=str(target))
    if document.get("kind") != kind:
        raise SaveFileError(
            f"is a save of kind {document.get('kind')!r}, expected {kind!r}; the file was left untouched",
            path=str(target),
        )
    return document


def default_save_dir() -> Path:
    """Folder where the scoring apps keep their saves.

    ``$COMPANION_SAVE_DIR`` when set (tests point it at a temporary folder), else
    ``~/.companion/saves``.
    """
    env = os.environ.get("COMPANION_SAVE_DIR")
    return Path(env) if env else Path.home() / ".companion" / "saves"
