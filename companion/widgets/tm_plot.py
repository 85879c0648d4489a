"""A slot that shows a plotly figure and is redrawn by replacing the figure, for the Terra Mystica widgets.

Why: in Voila (0.5, plotly 7 ``FigureWidget``), changing the data of a ``FigureWidget`` that is already
shown does not reach the page (checked in headless chromium: ``fig.data[0].y = ...`` and
``batch_update`` leave the drawn plot unchanged), while in JupyterLab it does. Building a complete
``go.Figure`` and wrapping it in a new ``FigureWidget`` each time renders in both. The price: each new
``FigureWidget`` sends plotly's JavaScript bundle (about 5 MB) again, so a chart is replaced only when
what it draws has changed.
"""

from __future__ import annotations

import ipywidgets as widgets
import plotly.graph_objects as go

from companion.widgets.tm_map import _shown_figure


def _opened_whole(fig: go.Figure) -> go.FigureWidget:
    """A FigureWidget whose model opens with the whole figure in its first message.

    Uses the maps helper's ``tm_map._shown_figure`` (plotly opens the model empty and sends the figure
    right after; the first widgets of a session can drop that update and show an empty plot). Candidate
    for ``companion.widgets.common.figure_widget``.
    """
    return _shown_figure(fig, lambda _points: None)

__all__ = ["ChartOwner", "ChartSlot"]


class ChartSlot(widgets.Box):
    """A box holding one ``FigureWidget``; :meth:`show` swaps in a new one built from a complete figure.

    Parameters
    ----------
    fig : plotly.graph_objects.Figure
        The first figure, complete.

    Attributes
    ----------
    figure : plotly.graph_objects.FigureWidget
        The figure shown now (its ``data`` and ``layout`` are what the page draws).
    """

    def __init__(self, fig: go.Figure) -> None:
        self.figure = _opened_whole(fig)
        self._drawn = fig.to_json()
        super().__init__([self.figure])

    def show(self, fig: go.Figure) -> None:
        """Replace the shown figure with ``fig`` (complete) and close the old widget.

        Nothing happens when ``fig`` draws exactly what is shown: every new ``FigureWidget`` ships
        plotly's JavaScript (about 5 MB) to the page, so unchanged charts are not re-sent.
        """
        drawn = fig.to_json()
        if drawn == self._drawn:
            return
        old = self.figure
        self.figure = _opened_whole(fig)
        self._drawn = drawn
        self.children = [self.figure]
        old.close()


class ChartOwner:
    """Mixin for widgets with one :class:`ChartSlot` in ``chart_slot`` drawn by ``_figure()``.

    Set ``chart_slot = None`` before the first redraw, then ``ChartSlot(self._figure())`` once the state
    is ready; :meth:`redraw_chart` is a no-op until then.
    """

    chart_slot: ChartSlot | None = None

    @property
    def chart(self) -> go.FigureWidget:
        """The figure shown now."""
        assert self.chart_slot is not None
        return self.chart_slot.figure

    def redraw_chart(self) -> None:
        """Draw ``self._figure()`` in the slot (once the slot exists)."""
        if self.chart_slot is not None:
            self.chart_slot.show(self._figure())  # type: ignore[attr-defined]

    def _figure(self) -> go.Figure:  # pragma: no cover - every owner defines it
        raise NotImplementedError
