"""Small building blocks shared by the widgets."""

from __future__ import annotations

import html
from collections.abc import Iterator
from contextlib import contextmanager
from copy import deepcopy

import ipywidgets as widgets
import plotly.graph_objects as go

from companion.widgets._plotly_bundle import shared_esm

__all__ = ["LiveFigureWidget", "figure_widget", "error_html", "info_html", "message_box"]


class LiveFigureWidget(go.FigureWidget):
    """A ``FigureWidget`` whose synced snapshot always matches the figure.

    plotly sends each edit to the browser as a one-off message and refreshes its full snapshot
    (``_widget_data`` / ``_widget_layout``) only when the widget itself is displayed, never when it
    sits inside a VBox. JupyterLab's front end is connected while a cell runs, so it sees every edit;
    Voila's connects after the notebook has run and reads only the snapshot, so edits made before
    then (e.g. loading a save file in a constructor) were lost, and later edits were applied to a
    stale figure. Refreshing the snapshot's values after every edit, without sending them, fixes
    both and costs nothing in JupyterLab.

    The widget model is also opened only once the whole figure is in place: plotly opens it empty and
    sends the figure in an update right after, which a front end still loading the widget code can
    drop, leaving an empty plot.
    """

    _esm = shared_esm()  # plotly's 5 MB widget code evaluated once per page, not once per figure (issue 13)

    def __init__(self, *args, **kwargs) -> None:
        self._defer_open = True
        try:
            super().__init__(*args, **kwargs)
        finally:
            self._defer_open = False
        self._refresh_snapshot()
        self.open()

    def open(self) -> None:
        """Open the widget model, unless the constructor is still filling in the figure."""
        if not getattr(self, "_defer_open", False):
            super().open()

    def _refresh_snapshot(self) -> None:
        self._trait_values["_widget_layout"] = deepcopy(self._layout_obj._props)
        self._trait_values["_widget_data"] = deepcopy(self._data)

    @contextmanager
    def _sync_now(self) -> Iterator[None]:
        """Send plotly's edit messages at once, even while the widget holds its sync.

        plotly sends an edit by setting a ``_py2js_*`` trait to the message and straight back to
        ``None``. While ipywidgets holds the widget's sync - which it does while it handles any
        message from the browser to this figure, e.g. a click on a point whose callback redraws the
        figure - the two changes are merged and only the ``None`` is sent: the edit is lost.
        """
        held = self._holding_sync
        self._holding_sync = False
        try:
            yield
        finally:
            self._holding_sync = held

    def _send_relayout_msg(self, *args, **kwargs):
        with self._sync_now():
            super()._send_relayout_msg(*args, **kwargs)
        self._refresh_snapshot()

    def _send_restyle_msg(self, *args, **kwargs):
        with self._sync_now():
            super()._send_restyle_msg(*args, **kwargs)
        self._refresh_snapshot()

    def _send_update_msg(self, *args, **kwargs):
        with self._sync_now():
            super()._send_update_msg(*args, **kwargs)
        self._refresh_snapshot()

    def _send_addTraces_msg(self, *args, **kwargs):  # noqa: N802 - plotly's name
        with self._sync_now():
            super()._send_addTraces_msg(*args, **kwargs)
        self._refresh_snapshot()

    def _send_deleteTraces_msg(self, *args, **kwargs):  # noqa: N802 - plotly's name
        with self._sync_now():
            super()._send_deleteTraces_msg(*args, **kwargs)
        self._refresh_snapshot()

    def _send_moveTraces_msg(self, *args, **kwargs):  # noqa: N802 - plotly's name
        with self._sync_now():
            super()._send_moveTraces_msg(*args, **kwargs)
        self._refresh_snapshot()


def figure_widget(fig: go.Figure) -> LiveFigureWidget:
    """Wrap a complete :class:`plotly.graph_objects.Figure` in a :class:`LiveFigureWidget`.

    Build the whole figure first and wrap it once: an empty ``FigureWidget`` filled later renders
    blank inside ipywidgets containers in JupyterLab and Voila. Later edits (``batch_update``,
    ``update_traces``, ...) show in both, also when they happen before the widget is on screen.
    """
    return LiveFigureWidget(fig)


def error_html(message: str) -> str:
    """HTML for an error message shown inline (red, escaped)."""
    return f'<div class="companion-error" style="color:#b00020"><b>Error:</b> {html.escape(message)}</div>'


def info_html(message: str) -> str:
    """HTML for a neutral message (escaped)."""
    return f'<div class="companion-info">{html.escape(message)}</div>'


def message_box() -> widgets.HTML:
    """An empty HTML widget for status and error messages."""
    return widgets.HTML(value="")
