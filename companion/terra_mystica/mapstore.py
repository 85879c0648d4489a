"""Keep map designs by name in a folder of the user's: one letter-form text file per design.

A design named ``Lakes and hills`` is the file ``Lakes and hills.txt`` in the folder (default
:func:`default_map_dir`: ``$COMPANION_MAP_DIR``, else ``~/.companion/maps``). The file is the letter
form, so it is also what BGA's custom-map field and ``companion tm map FILE`` read. Saves are atomic
(:func:`companion.savefile.atomic_write_text`: a crash leaves the old file or the new one, never half).

Examples
--------
>>> import tempfile
>>> from companion.terra_mystica.hexmap import load_shipped_map
>>> store = DesignStore(tempfile.mkdtemp())
>>> store.save("My base", load_shipped_map("base")).map_id[:8]
'126fe960'
>>> [(d.name, d.map_id[:8]) for d in store.designs()]
[('My base', '126fe960')]
>>> store.open("My base") == load_shipped_map("base")
True
"""

from __future__ import annotations

import os
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from companion.errors import CompanionError, MapFormatError
from companion.i18n import _
from companion.jsonio import quoted
from companion.savefile import atomic_write_text
from companion.terra_mystica.hexmap import MAX_MAP_CHARS, TerraMysticaMap, parse_map

__all__ = ["MAX_NAME", "SavedDesign", "DesignStore", "default_map_dir", "check_design_name"]

#: Longest design name (characters).
MAX_NAME = 80
_SUFFIX = ".txt"


def default_map_dir() -> Path:
    """Where designs are kept: ``$COMPANION_MAP_DIR`` when set, else ``~/.companion/maps``."""
    env = os.environ.get("COMPANION_MAP_DIR")
    return Path(env) if env else Path.home() / ".companion" / "maps"


def check_design_name(name: object) -> str:
    """The design name with outer spaces removed, checked to make a safe file name.

    Raises
    ------
    CompanionError
        For an empty or too long name, a control character or lone surrogate, a path separator (``/``,
        ``\\``) or a name starting with ``.``.
    """
    if not isinstance(name, str) or not name.strip():
        raise CompanionError(_("a design needs a name"))
    name = name.strip()
    if len(name) > MAX_NAME:
        raise CompanionError(_("a design name has at most {n} characters, this one {m}").format(n=MAX_NAME, m=len(name)))
    for ch in name:
        if unicodedata.category(ch) in ("Cc", "Cs", "Cf") or ch in "/\\:*?\"<>|":
            raise CompanionError(_("the design name {name} has the character {ch} (U+{code:04X}), which cannot be "
                                   "in a file name").format(name=quoted(name.encode("utf-8", "replace").decode()),
                                                            ch=quoted(ch.encode("utf-8", "replace").decode()),
                                                            code=ord(ch)))
    if name.startswith("."):
        raise CompanionError(_("a design name cannot start with a full stop"))
    return name


@dataclass(frozen=True)
class SavedDesign:
    """A design in the folder: its ``name``, ``path`` and ``map_id`` (None when the file does not parse)."""

    name: str
    path: Path
    map_id: str | None


class DesignStore:
    """Designs by name in ``folder`` (created on the first save).

    Parameters
    ----------
    folder : str or PathLike, optional
        Default :func:`default_map_dir`.
    """

    def __init__(self, folder: str | os.PathLike[str] | None = None) -> None:
        self.folder = Path(folder) if folder is not None else default_map_dir()

    def path(self, name: str) -> Path:
        """The file of design ``name`` (checked: :func:`check_design_name`)."""
        return self.folder / (check_design_name(name) + _SUFFIX)

    def save(self, name: str, tm_map: TerraMysticaMap) -> TerraMysticaMap:
        """Save ``tm_map`` as design ``name`` (replacing a design of that name); returns the map.

        Raises
        ------
        CompanionError
            For a bad name.
        SaveFileError
            If the folder cannot be written (the old file, if any, is unchanged).
        """
        atomic_write_text(self.path(name), tm_map.to_letters())
        return tm_map

    def open(self, name: str) -> TerraMysticaMap:
        """Read design ``name``.

        Raises
        ------
        CompanionError
            If there is no such design.
        MapFormatError
            If its file is not a valid map (the file, row and column named).
        """
        path = self.path(name)
        try:
            with path.open("rb") as handle:
                data = handle.read(MAX_MAP_CHARS + 1)
        except FileNotFoundError:
            raise CompanionError(_("no design {name} in {folder}").format(name=quoted(name), folder=self.folder)) from None
        except OSError as exc:
            raise CompanionError(_("{file}: cannot be read ({reason})").format(file=path, reason=exc.strerror)) from None
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise MapFormatError(_("not UTF-8 text (byte {byte})").format(byte=exc.start), file=str(path)) from None
        return parse_map(text, file=str(path))

    def designs(self) -> list[SavedDesign]:
        """The designs in the folder, by name (a file that does not parse has ``map_id`` None)."""
        if not self.folder.is_dir():
            return []
        out = []
        for path in sorted(self.folder.glob("*" + _SUFFIX)):
            name = path.name[: -len(_SUFFIX)]
            try:
                map_id = self.open(name).map_id
            except CompanionError:
                map_id = None
            out.append(SavedDesign(name, path, map_id))
        return out
