"""The open / save strip of the play widgets: a record file path, *Open* and *Save* buttons, a status line.

The strip knows no game: its owner holds a :class:`companion.session.Session` and passes two callbacks,
``save(path)`` (the session writes its record atomically, :meth:`companion.session.Session.save`) and
``open(path)`` (the owner builds a new session from the file, :meth:`companion.session.Session.open`).
Errors (:class:`~companion.errors.CompanionError`: an unreadable record names its line) are shown, and
the game on screen is kept.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from pathlib import Path

import ipywidgets as widgets

from companion.errors import CompanionError
from companion.widgets.common import error_html, info_html

__all__ = ["RecordFile"]


class RecordFile(widgets.VBox):
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
    """

    def __init__(self, path: str | Path, save: Callable[[Path], object], open: Callable[[Path], object]) -> None:
        self._save, self._open = save, open
        self.path_box = widgets.Text(value=str(path), description="Record file",
                                     layout=widgets.Layout(width="460px"))
        self.open_button = widgets.Button(description="Open", icon="folder-open",
                                          tooltip="replace this game by the one recorded in the file")
        self.save_button = widgets.Button(description="Save", icon="save",
                                          tooltip="write this game's record to the file (replaces it)")
        self.open_button.on_click(lambda _b: self.open_file())
        self.save_button.on_click(lambda _b: self.save_file())
        self.status = widgets.HTML()
        super().__init__([widgets.HBox([self.path_box, self.open_button, self.save_button]), self.status])

    @property
    def path(self) -> Path:
        """The file named in the box (``~`` expanded)."""
        return Path(self.path_box.value.strip()).expanduser()

    def save_file(self) -> bool:
        """Save the game to :attr:`path`; False (with the reason shown) when it cannot be written."""
        try:
            written = self._save(self.path)
        except CompanionError as exc:
            self.status.value = error_html(str(exc))
            return False
        self.status.value = info_html(f"Saved to {html.escape(str(written or self.path))}.")
        return True

    def open_file(self) -> bool:
        """Open the game recorded in :attr:`path`; False (with the reason shown) when it cannot be read."""
        if not self.path.exists():
            self.status.value = error_html(f"{html.escape(str(self.path))}: no such file")
            return False
        try:
            self._open(self.path)
        except CompanionError as exc:
            self.status.value = error_html(str(exc))
            return False
        self.status.value = info_html(f"Opened {html.escape(str(self.path))}.")
        return True
