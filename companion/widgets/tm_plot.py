"""A slot that shows a plotly figure and is redrawn by replacing the figure, for the Terra Mystica widgets.

Why: changing the data of a ``FigureWidget`` that is already shown did not repaint the page in these
notebooks -- in Voila (0.5, plotly 7) at all, and in JupyterLab for the power-bowl chart even with
:class:`~companion.widgets.common.LiveFigureWidget` (checked in headless chromium: the bowls read
2 / 10 / 0, the bars still 5 / 7 / 0). Building a complete ``go.Figure`` and showing it in a new widget
from :func:`companion.widgets.common.figure_widget` (which opens its model with the whole figure) renders
in both. The price: each new ``FigureWidget`` sends plotly's JavaScript (about 5 MB) to the page, so a
chart is replaced only when what it draws has changed.

:func:`show_in_place` redraws one widget in place instead (the maps of ``tm_map`` and the replay viewer
use it; browser tests show the in-place edits in JupyterLab and Voila, including traces that started
empty). ChartSlot's replacement is kept, as edited by the learn-widgets helper, until their power-bowl
case (bars not repainted in place) is understood.
"""

from __future__ import annotations

import ipywidgets as widgets
import plotly.graph_objects as go

from companion.widgets.common import figure_widget

__all__ = ["ChartOwner", "ChartSlot", "show_in_place"]


def _copy_props(target, source: dict) -> None:
    """Make plotly object ``target`` (a trace or the layout) hold exactly ``source``'s properties."""
    for key in list(target.to_plotly_json()):
        if key not in source and key not in ("type", "uid"):
            target[key] = None
    for key, value in source.items():
        if key != "type":
            target[key] = value


def show_in_place(fw: go.FigureWidget, fig: go.Figure) -> None:
    """Make the shown FigureWidget ``fw`` draw ``fig`` (complete), editing it in place.

    Traces are matched by position. While types agree the trace object is kept and its properties are
    replaced (plotly sends only the changed ones); from the first position where the count or the type
    differs, the old traces are removed and the new ones added (click handlers bound to those are lost).

    Parameters
    ----------
    fw : plotly.graph_objects.FigureWidget
        The widget on the page (made with :func:`companion.widgets.common.figure_widget`).
    fig : plotly.graph_objects.Figure
        The complete figure to show.
    """
    new = list(fig.data)
    with fw.batch_update():
        keep = 0
        for old_trace, new_trace in zip(fw.data, new, strict=False):
            if old_trace.type != new_trace.type:
                break
            keep += 1
        if keep < len(fw.data):
            fw.data = fw.data[:keep]
        for old_trace, new_trace in zip(fw.data, new[:keep], strict=True):
            _copy_props(old_trace, new_trace.to_plotly_json())
        _copy_props(fw.layout, fig.layout.to_plotly_json())
    if keep < len(new):
        fw.add_traces(new[keep:])


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
        self.figure = figure_widget(fig)
        self._drawn = fig.to_json()
        super().__init__([self.figure])

    def show(self, fig: go.Figure) -> None:
        """Replace the shown figure with ``fig`` (complete) and close the old widget.

        Nothing happens when ``fig`` draws exactly what is shown, so unchanged charts are not re-sent.
        """
        drawn = fig.to_json()
        if drawn == self._drawn:
            return
        old = self.figure
        self.figure = figure_widget(fig)
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
        """The figure shown."""
        assert self.chart_slot is not None
        return self.chart_slot.figure

    def redraw_chart(self) -> None:
        """Draw ``self._figure()`` in the slot (once the slot exists)."""
        if self.chart_slot is not None:
            self.chart_slot.show(self._figure())  # type: ignore[attr-defined]

    def _figure(self) -> go.Figure:  # pragma: no cover - every owner defines it
        raise NotImplementedError
