"""Crash-safe JSON save files for the table-side scoring apps.

Every entry typed into a scoring notebook is written at once, so a kernel restart or a closed
tab loses nothing. The rules every save follows:

* **Atomic**: write to a temporary file ``.NAME.XXXX.tmp`` in the same folder, ``fsync``, then
  ``os.replace``; a crash never leaves a half-written save. A temporary file left by a killed writer is
  removed by the next :func:`write_save` / :func:`read_save_stamped` in that folder (it is recognised as
  abandoned because no live process holds its lock).
* **Kept as the user set it up**: a symbolic link is written through (the link stays, its target is
  replaced) and the file's permission bits are kept (a new file gets the usual ``0666 & ~umask``).
* **Never clobbers**: a save that cannot be read raises :class:`~companion.errors.SaveFileError` and is left
  exactly as it was; :func:`write_save` given the :class:`SaveStamp` of what the app last read or wrote
  refuses (:class:`SaveConflictError`) when another writer (a second tab, an editor) changed the file since.
* **Read like every input**: :func:`companion.jsonio.loads` (depth, size, duplicate keys, huge numbers).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import stat
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.errors import SaveFileError
from companion.i18n import gettext as _
from companion.jsonio import JSONInputError, loads, read_text

try:  # POSIX: a writer holds a lock on its temporary file, so abandoned ones can be told apart
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

__all__ = ["SaveConflictError", "SaveStamp", "atomic_write_json", "clean_stale_temp_files", "default_save_dir",
           "read_save", "read_save_stamped", "write_save"]

STALE_AFTER_SECONDS = 2.0
"""A temporary save file this old that no live writer holds a lock on is abandoned and removed."""


class SaveConflictError(SaveFileError):
    """The save file was changed by another writer since this app last read or wrote it; nothing was written."""


@dataclass(frozen=True)
class SaveStamp:
    """What a save file held when an app last read or wrote it (the version stamp of :func:`write_save`).

    Attributes
    ----------
    digest : str or None
        SHA-256 of the file's bytes, ``None`` when the file did not exist.
    """

    digest: str | None


def _real(path: str | os.PathLike[str]) -> Path:
    """The file a save path stands for: symbolic links followed, so a write goes through the link."""
    return Path(os.path.realpath(Path(path).expanduser()))


def _digest(target: Path) -> str | None:
    try:
        return hashlib.sha256(target.read_bytes()).hexdigest()
    except FileNotFoundError:
        return None


def clean_stale_temp_files(path: str | os.PathLike[str]) -> list[Path]:
    """Remove temporary files ``.NAME.*.tmp`` left next to save ``path`` by a killed writer.

    A file is removed when it is older than :data:`STALE_AFTER_SECONDS` and (on POSIX) no process holds
    its lock, so a save in progress in another process is never disturbed.

    Returns
    -------
    list of pathlib.Path
        The files removed. Errors (e.g. a read-only folder) are ignored: cleaning is best effort.
    """
    target = _real(path)
    removed = []
    try:
        candidates = list(target.parent.glob(f".{target.name}.*.tmp"))
    except OSError:
        return []
    now = time.time()
    for tmp in candidates:
        try:
            if now - tmp.stat().st_mtime < STALE_AFTER_SECONDS:
                continue
            if fcntl is not None:
                with open(tmp, "rb") as handle:
                    try:
                        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
                    except OSError:
                        continue  # a live writer holds it
                    tmp.unlink()
            else:  # pragma: no cover - Windows
                tmp.unlink()
            removed.append(tmp)
        except OSError:
            continue
    return removed


def _new_file_mode() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


def atomic_write_json(path: str | os.PathLike[str], document: Any) -> Path:
    """Write ``document`` as JSON to ``path`` atomically (no version check; see :func:`write_save`).

    Parameters
    ----------
    path : str or PathLike
        Destination file; its folder is created if needed. A symbolic link is written through, and an
        existing file keeps its permission bits.
    document : Any
        A JSON-serialisable value.

    Returns
    -------
    pathlib.Path
        The path written (as given).

    Raises
    ------
    SaveFileError
        If the document is not JSON-serialisable or the folder is not writable. The previous
        file, if any, is unchanged.
    """
    _write(Path(path), document)
    return Path(path)


def atomic_write_text(path: str | os.PathLike[str], text: str) -> Path:
    """Write ``text`` (UTF-8) to ``path`` atomically, the way saves are written (game records use it).

    A temporary file in the same folder, ``fsync``, then ``os.replace``: a crash leaves the old file or the
    new one, and a temporary file left by a killed writer is removed by the next write. A symbolic link is
    written through and an existing file keeps its permission bits.

    Returns
    -------
    pathlib.Path
        The path written (as given).

    Raises
    ------
    SaveFileError
        If the folder cannot be created or written; the previous file, if any, is unchanged.
    """
    try:
        data = text.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise SaveFileError(_("cannot be saved: character {start} is not valid text").format(start=exc.start), path=str(path)) from None
    _write_bytes(Path(path), data)
    return Path(path)


def atomic_write_bytes(path: str | os.PathLike[str], data: bytes) -> Path:
    """Write ``data`` to ``path`` atomically, as :func:`atomic_write_text` does (pictures, e.g. a PNG map).

    Raises
    ------
    SaveFileError
        If the folder cannot be created or written; the previous file, if any, is unchanged.
    """
    _write_bytes(Path(path), bytes(data))
    return Path(path)


def _write(path: Path, document: Any, expect: SaveStamp | None = None) -> SaveStamp:
    try:
        text = json.dumps(document, indent=2, ensure_ascii=False, sort_keys=False, allow_nan=False) + "\n"
        data = text.encode("utf-8")
    except (TypeError, ValueError, RecursionError) as exc:
        raise SaveFileError(_("cannot be saved: {exc}").format(exc=exc), path=str(path)) from None
    return _write_bytes(path, data, expect)


def _write_bytes(path: Path, data: bytes, expect: SaveStamp | None = None) -> SaveStamp:
    target = _real(path)
    clean_stale_temp_files(target)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        try:
            mode = stat.S_IMODE(target.stat().st_mode)
        except FileNotFoundError:
            mode = _new_file_mode()
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
        try:
            with os.fdopen(fd, "wb") as handle:
                if fcntl is not None:
                    fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
                os.chmod(tmp, mode)
                if expect is not None:
                    found = _digest(target)
                    if found != expect.digest:
                        raise SaveConflictError(
                            _("was changed by another window, tab or program since this app last read or wrote "
                            "it; nothing was written. Open it again to see the other changes (yours are still "
                            "on the screen), or type another save file name"), path=str(path))
                os.replace(tmp, target)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise
    except OSError as exc:
        raise SaveFileError(_("cannot be written: {value}").format(value=exc.strerror or exc), path=str(path)) from None
    return SaveStamp(hashlib.sha256(data).hexdigest())


def write_save(path: str | os.PathLike[str], document: dict[str, Any], *, stamp: SaveStamp) -> SaveStamp:
    """Write a save atomically unless another writer changed the file since ``stamp`` was taken.

    Parameters
    ----------
    path : str or PathLike
        The save file (links written through, permissions kept, stale temporary files cleaned).
    document : dict
        JSON-serialisable save.
    stamp : SaveStamp
        From :func:`read_save_stamped` or the previous :func:`write_save` on this path.

    Returns
    -------
    SaveStamp
        The stamp of what was written; pass it to the next call.

    Raises
    ------
    SaveConflictError
        The file's bytes differ from ``stamp`` (a second tab or another program saved meanwhile); nothing
        was written.
    SaveFileError
        Not serialisable, or the folder is not writable; the previous file is unchanged.
    """
    return _write(Path(path), document, expect=stamp)


def read_save(path: str | os.PathLike[str], *, kind: str) -> dict[str, Any] | None:
    """Read a save file written by :func:`atomic_write_json` / :func:`write_save`.

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
        If the file is not valid JSON (or is refused by :func:`companion.jsonio.loads`: too deep, too big,
        duplicate keys, huge numbers), not an object, or of another kind. The file is not touched.
    """
    return read_save_stamped(path, kind=kind)[0]


def read_save_stamped(path: str | os.PathLike[str], *, kind: str) -> tuple[dict[str, Any] | None, SaveStamp]:
    """:func:`read_save`, plus the :class:`SaveStamp` to give to :func:`write_save`.

    Also removes temporary files abandoned next to the save by a killed writer.

    Raises
    ------
    SaveFileError
        As :func:`read_save`.
    """
    target = _real(path)
    shown = str(Path(path).expanduser())
    clean_stale_temp_files(target)
    if not target.exists():
        return None, SaveStamp(None)
    untouched = _("it was left untouched — fix or move it, or choose another save file")
    try:
        raw = target.read_bytes() if target.is_file() else None
    except OSError as exc:
        raise SaveFileError(_("cannot be read ({value}); {untouched}").format(value=exc.strerror or exc, untouched=untouched), path=shown) from None
    if raw is None:
        raise SaveFileError(_("is not a file; {untouched}").format(untouched=untouched), path=shown)
    stamp = SaveStamp(hashlib.sha256(raw).hexdigest())
    try:
        text = read_text(target)
        document = loads(text)
    except JSONInputError as exc:
        where = []
        if exc.line is not None:
            where.append(_("line {line}, column {column}").format(line=exc.line, column=exc.column)
                         if exc.column is not None else _("line {line}").format(line=exc.line))
        if exc.key_path:
            where.append(exc.key_path)
        place = _(" ({where})").format(where=_(", ").join(where)) if where else ""
        invalid = _("invalid JSON: {msg}").format(msg="")
        if exc.reason.startswith(invalid):
            raise SaveFileError(_("is not valid JSON{place}: {reason}; {untouched}").format(place=place, reason=exc.reason[len(invalid):], untouched=untouched), path=shown) from None
        raise SaveFileError(_("cannot be read{place}: {reason}; {untouched}").format(place=place, reason=exc.reason, untouched=untouched), path=shown) from None
    if not isinstance(document, dict):
        raise SaveFileError(_("expected a JSON object at the top level; {untouched}").format(untouched=untouched), path=shown)
    if document.get("kind") != kind:
        raise SaveFileError(_("is a save of kind {dumps}, expected {kind!r}; {untouched}").format(dumps=json.dumps(document.get('kind')), kind=kind, untouched=untouched),
                            path=shown)
    return document, stamp


def default_save_dir() -> Path:
    """Folder where the scoring apps keep their saves.

    ``$COMPANION_SAVE_DIR`` when set (tests point it at a temporary folder), else
    ``~/.companion/saves``.
    """
    env = os.environ.get("COMPANION_SAVE_DIR")
    return Path(env) if env else Path.home() / ".companion" / "saves"
