"""A status line that is shown again in the new language: shared by the file strips.

:class:`~companion.widgets.savepanel.SavePanel` (the scoring widgets' save file) and
:class:`~companion.widgets.game_record.RecordFile` (the play widgets' record file) both keep labels and a
status line that tells what happened last; both follow :func:`companion.i18n.set_language` in place with
the same few lines, kept here.
"""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets as widgets

from companion.i18n import add_language_listener

__all__ = ["RetranslatedStatus"]


class RetranslatedStatus:
    """Mixin (put it before the ipywidgets base class) for a widget with labels and a ``status`` line.

    The widget defines :meth:`_label` (sets every label in the current language) and an ``HTML`` widget
    ``status``, calls :meth:`_label` and then :meth:`_listen_to_language` once built, and shows every
    status with :meth:`_show`, passing a function that renders it (so the sentence is rendered again in
    the new language; a text read from a file keeps its language, the sentence around it changes).
    """

    status: widgets.HTML
    _render_status: Callable[[], str] | None = None

    def _label(self) -> None:
        """Set the labels, buttons and tooltips in the current language."""
        raise NotImplementedError

    def _listen_to_language(self) -> None:
        """Follow :func:`companion.i18n.set_language` (the listener is held weakly: it dies with the widget)."""
        add_language_listener(self._retranslate)

    def _show(self, render: Callable[[], str]) -> None:
        """Show ``render()`` in the status line now and again after a change of language."""
        self._render_status = render
        self.status.value = render()

    def _retranslate(self, language: str) -> None:
        """Labels and the status line in ``language``, in place."""
        self._label()
        if self._render_status is not None:
            self.status.value = self._render_status()
