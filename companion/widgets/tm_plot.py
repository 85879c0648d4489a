"""Show a redrawn plotly figure in one FigureWidget, changed in place, for the Terra Mystica widgets.

Each chart is wrapped ONCE with :func:`companion.widgets.common.figure_widget` (a
:class:`~companion.widgets.common.LiveFigureWidget`, which opens its model with the whole figure and
keeps plotly's synced snapshot current, so in-place edits show in JupyterLab and Voila). A redraw builds
the complete new ``go.Figure`` as before and :func:`show_in_place` copies it onto the shown widget:
plotly compares every property and sends only what changed, so a click costs a few kB instead of a new
widget (each new ``FigureWidget`` ships plotly's JavaScript, about 5 MB, to the page).

Trace objects are kept when the new figure has the same trace types in the same order (every figure
builder here does), so click handlers bound to a trace (``trace.on_click``) keep working. Checked in
headless chromium: map outlines and buildings (traces that start empty) appear, the replay map title and
VP line follow the row, and the power-bowl bars read 2 / 10 / 0 after a gain (the learn test checks the
plotted ``y``), all without a new plot on the page.
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
    """A box holding one FigureWidget, made once; :meth:`show` redraws it in place.

    Parameters
    ----------
    fig : plotly.graph_objects.Figure
        The first figure, complete.

    Attributes
    ----------
    figure : plotly.graph_objects.FigureWidget
        The figure shown (the same widget for the slot's whole life).
    """

    def __init__(self, fig: go.Figure) -> None:
        self.figure = figure_widget(fig)
        super().__init__([self.figure])

    def show(self, fig: go.Figure) -> None:
        """Draw ``fig`` (complete) in the shown widget, in place (:func:`show_in_place`)."""
        show_in_place(self.figure, fig)


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
