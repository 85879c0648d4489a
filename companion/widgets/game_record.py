"""The open / save strip of the play widgets: a record file path, *Open* and *Save* buttons, a status line.

The strip knows no game: its owner holds a :class:`companion.session.Session` and passes two callbacks,
``save(path)`` (the session writes its record atomically, :meth:`companion.session.Session.save`) and
``open(path)`` (the owner builds a new session from the file, :meth:`companion.session.Session.open`).
Errors (:class:`~companion.errors.CompanionError`: an unreadable record names its line) are shown, and
the game on screen is kept.

*Save* never silently replaces a file the strip did not write or open itself: an existing file that is not
this game's record (typed into the box, or one whose *Open* just failed) is replaced only when *Save* is
pressed a second time for the same path; the first press says so and writes nothing (a reviewer's record
was overwritten by a new game after a failed *Open*; ``tests/widgets/test_record_overwrite.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import ipywidgets as widgets

from companion.errors import CompanionError
from companion.i18n import _
from companion.widgets.common import error_html, info_html
from companion.widgets.status import RetranslatedStatus

__all__ = ["RecordFile"]


class RecordFile(RetranslatedStatus, widgets.VBox):
    """Path box + *Open* + *Save* for a game record file.

    Parameters
    ----------
    path : str or PathLike
        The record file offered first.
    save : callable
        ``save(path)``: write the game's record to ``path`` (raises ``CompanionError``).
    open : callable
        ``open(path)``: replace the game by the one recorded in ``path`` (raises ``CompanionError``; the
        game on screen must stay as it was then).

    The labels and the status line follow :func:`companion.i18n.set_language` in place.
    """

    def __init__(self, path: str | Path, save: Callable[[Path], object], open: Callable[[Path], object]) -> None:
        self._save, self._open = save, open
        self._ours: set[Path] = set()       # files this strip wrote or opened: Save may replace them
        self._asked: Path | None = None     # the file a first Save press warned about
        self.path_box = widgets.Text(value=str(path), layout=widgets.Layout(width="460px"))
        self.path_box.observe(lambda _ch: setattr(self, "_asked", None), names="value")
        self.open_button = widgets.Button(icon="folder-open")
        self.save_button = widgets.Button(icon="save")
        self.open_button.on_click(lambda _b: self.open_file())
        self.save_button.on_click(lambda _b: self.save_file())
        self.status = widgets.HTML()
        self._label()
        super().__init__([widgets.HBox([self.path_box, self.open_button, self.save_button]), self.status])
        self._listen_to_language()

    def _label(self) -> None:
        self.path_box.description = _("Record file")
        self.open_button.description = _("Open")
        self.open_button.tooltip = _("replace this game by the one recorded in the file")
        self.save_button.description = _("Save")
        self.save_button.tooltip = _("write this game's record to the file (replaces it)")

    @property
    def path(self) -> Path:
        """The file named in the box (``~`` expanded)."""
        return Path(self.path_box.value.strip()).expanduser()

    def _key(self) -> Path:
        return self.path.resolve()

    def save_file(self) -> bool:
        """Save the game to :attr:`path`; False (with the reason shown) when it cannot be written, or when
        the file exists, is not one this strip wrote or opened, and Save was not pressed again to replace it."""
        key = self._key()
        if self.path.is_file() and key not in self._ours and self._asked != key:
            self._asked = key
            path = str(self.path)
            self._show(lambda: error_html(_("{path} already exists and is not this game's record (it was not "
                                            "opened or saved here): press Save again to replace it, or type "
                                            "another file name").format(path=path)))
            return False
        self._asked = None
        try:
            written = self._save(self.path)
        except CompanionError as exc:
            error = str(exc)
            self._show(lambda: error_html(error))
            return False
        self._ours.add(key)
        where = str(written or self.path)
        self._show(lambda: info_html(_("Saved to {path}.").format(path=where)))
        return True

    def open_file(self) -> bool:
        """Open the game recorded in :attr:`path`; False (with the reason shown) when it cannot be read."""
        path = str(self.path)
        if not self.path.exists():
            self._show(lambda: error_html(_("{path}: no such file").format(path=path)))
            return False
        try:
            self._open(self.path)
        except CompanionError as exc:
            error = str(exc)
            self._show(lambda: error_html(error))
            return False
        self._ours.add(self._key())
        self._show(lambda: info_html(_("Opened {path}.").format(path=path)))
        return True
