"""The save-file strip shared by the table-side scoring widgets.

Every scoring app (Century, Terra Mystica, Merchants of Magick) keeps its table in a JSON save file
so a kernel restart or a closed tab loses nothing. :class:`SavePanel` is that part of the app: a
file path box, an *Open / create* button and a status line. It reads saves with
:func:`companion.savefile.read_save_stamped` and writes them with
:func:`companion.savefile.write_save` (temporary file, ``fsync``, ``os.replace``; links and permissions
kept; abandoned temporary files cleaned), and it enforces two rules for all apps:

* a save that cannot be read is reported, left byte-for-byte untouched, and nothing is written until
  another (or the repaired) file is opened successfully — also when a good save was open before;
* a save changed by another writer (a second tab on the same file, an editor) is never overwritten:
  the panel notices (version stamp), says so and stops writing until the file is opened again.

The panel knows nothing about a game. The owner widget passes a ``kind`` (e.g. ``"century-score"``)
and an ``on_load`` callback that validates the document and takes it over.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from companion.errors import CompanionError
from companion.i18n import _, lazy_gettext
from companion.savefile import SaveConflictError, SaveStamp, read_save_stamped, write_save
from companion.widgets.common import error_html, info_html, message_box
from companion.widgets.status import RetranslatedStatus

__all__ = ["SavePanel", "SavePanelOwner"]

#: ``on_load(document)``: ``document`` is the save (a dict with the right ``"kind"``) or ``None``
#: when the file does not exist yet. Returns the status text to show (``None``: a default text; a
#: :class:`~companion.i18n.LazyString` is shown again in a new language when the language changes), or
#: raises :class:`~companion.errors.CompanionError` (usually ``SaveFileError``) when the document is
#: malformed; it must not change the owner's state before it is sure the document is good.
LoadCallback = Callable[[dict[str, Any] | None], object]


class SavePanel(RetranslatedStatus, widgets.VBox):
    """Path box + *Open / create* button + status line for one JSON save file.

    Parameters
    ----------
    path : str or PathLike
        The save file to start with. Nothing is read until :meth:`open_save` is called (the owner calls
        it once it is ready to receive the document).
    kind : str
        The save's ``"kind"``; a file of another kind is refused like a corrupt one.
    on_load : callable
        ``on_load(document) -> str | None``, see :data:`LoadCallback`. Called by :meth:`open_save` with the
        document read (``None`` for a file that does not exist yet).
    button_description : str or LazyString
        Label of the open button (a :func:`~companion.i18n.lazy_gettext` text follows the language).
    text_width : str
        CSS width of the path box.

    Attributes
    ----------
    path : pathlib.Path
        The save file in use (``~`` expanded).
    writable : bool
        False after a save could not be read: :meth:`save` writes nothing until :meth:`open_save`
        succeeds on another (or the repaired) file.
    path_text : ipywidgets.Text
        The file path box.
    open_button : ipywidgets.Button
        Opens (or starts) the file typed in :attr:`path_text`.
    status : ipywidgets.HTML
        What happened last: loaded / new file / why the file cannot be read or written.

    Every label and the status line follow :func:`companion.i18n.set_language` in place (an error
    message read from a file keeps the language it was written in; the sentence around it changes).
    """

    def __init__(self, path: str | Path, *, kind: str, on_load: LoadCallback,
                 button_description: object = lazy_gettext("Open / create"), text_width: str = "600px") -> None:
        self.kind = kind
        self.on_load = on_load
        self.path = Path(path).expanduser()
        self.writable = True
        self._stamp = SaveStamp(None)
        self._button_text = button_description
        self.path_text = widgets.Text(value=str(self.path), layout=widgets.Layout(width=text_width, max_width="100%"))
        # on a phone the button wraps under the path box instead of being squeezed to an icon
        self.open_button = widgets.Button(icon="folder-open", layout=widgets.Layout(width="auto", flex="0 0 auto"))
        self.open_button.on_click(lambda _button: self.open_save())
        self.status = message_box()
        self._label()
        super().__init__([widgets.HBox([self.path_text, self.open_button],
                                       layout=widgets.Layout(flex_flow="row wrap", max_width="100%")),
                          self.status])
        self._listen_to_language()

    def _label(self) -> None:
        self.path_text.description = _("Save file")
        self.open_button.description = str(self._button_text)
        self.open_button.tooltip = _("Load this save file, or start a new one there")

    def open_save(self, path: str | Path | None = None) -> bool:
        """Use ``path`` as the save file and hand its document to ``on_load``.

        (Not called ``open``: that is :meth:`ipywidgets.Widget.open`, which opens the widget's comm.)

        Parameters
        ----------
        path : str or PathLike, optional
            The file; default the text in :attr:`path_text` (what the button does).

        Returns
        -------
        bool
            True when the file was loaded, or does not exist yet (``on_load(None)``; it is created by
            the first :meth:`save`): writing is unlocked. False when it cannot be read (not JSON, not
            an object, another ``kind``, or ``on_load`` raised a
            :class:`~companion.errors.CompanionError`): the error is shown in :attr:`status`, the file
            is left untouched and writing is locked.
        """
        self.path = Path(self.path_text.value if path is None else path).expanduser()
        self.path_text.value = str(self.path)
        self.writable = False  # until this file is known to be good: never write a file that failed to load
        try:
            document, stamp = read_save_stamped(self.path, kind=self.kind)
            text = self.on_load(document)
        except CompanionError as exc:
            error = str(exc)
            self._show(lambda: error_html(
                _("{error} — nothing will be written to it. Repair it and press '{button}' again, or type "
                  "another save file name.").format(error=error, button=self.open_button.description)))
            return False
        self._stamp = stamp
        self.writable = True
        path = self.path
        if text is None:
            if document is not None:
                self._show(lambda: info_html(_("Loaded {path}: every entry is saved as you type.").format(path=path)))
            else:
                self._show(lambda: info_html(
                    _("New save file {path}: every entry is saved as you type.").format(path=path)))
        else:
            self._show(lambda: info_html(str(text)))
        return True

    def save(self, document: dict[str, Any]) -> bool:
        """Write ``document`` to :attr:`path` atomically, unless writing is locked.

        Parameters
        ----------
        document : dict
            JSON-serialisable save, with ``"kind"`` equal to :attr:`kind` so it can be read back.

        Returns
        -------
        bool
            True when written. False when writing is locked (a save could not be read; nothing is
            touched), when another writer changed the file since this panel read or wrote it (told in
            :attr:`status`; writing locks until the file is opened again, so neither side's entries are
            lost silently) or the write failed (not serialisable, folder not writable: the reason is shown
            in :attr:`status` and the previous file is unchanged).
        """
        if not self.writable:
            return False
        try:
            self._stamp = write_save(self.path, document, stamp=self._stamp)
        except SaveConflictError as exc:
            self.writable = False
            conflict = str(exc)
            self._show(lambda: error_html(_("{error}. Press '{button}' to load the file as it is now.").format(
                error=conflict, button=self.open_button.description)))
            return False
        except CompanionError as exc:
            failure = str(exc)
            self._show(lambda: error_html(failure))
            return False
        return True


class SavePanelOwner:
    """Mixin for a widget that owns a :class:`SavePanel` as ``self.save_panel``.

    Exposes the panel's state under the names the scoring widgets have always had, so their callers
    and tests keep working: :attr:`path`, :attr:`writable`, :attr:`path_text`, :attr:`open_button`
    and :attr:`status`. The owner sets ``self.save_panel`` before anything reads them.
    """

    save_panel: SavePanel

    @property
    def path(self) -> Path:
        """The save file in use (:attr:`SavePanel.path`)."""
        return self.save_panel.path

    @property
    def writable(self) -> bool:
        """False after a save could not be read: nothing is written until another file opens (:attr:`SavePanel.writable`)."""
        return self.save_panel.writable

    @property
    def path_text(self) -> widgets.Text:
        """The save file path box (:attr:`SavePanel.path_text`)."""
        return self.save_panel.path_text

    @property
    def open_button(self) -> widgets.Button:
        """The open button (:attr:`SavePanel.open_button`)."""
        return self.save_panel.open_button

    @property
    def status(self) -> widgets.HTML:
        """The save file's status line (:attr:`SavePanel.status`)."""
        return self.save_panel.status
