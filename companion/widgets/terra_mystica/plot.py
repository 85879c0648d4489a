"""A slot that shows one plotly figure and redraws it in place, for the Terra Mystica widgets.

The figure is created once (:func:`companion.widgets.common.figure_widget`) and every later picture is
drawn on it with :meth:`~companion.widgets.common.LiveFigureWidget.show`, which sends only what
changed (a restyle/relayout of a few hundred bytes) instead of a new widget per change.
"""

from __future__ import annotations

import ipywidgets as widgets
import plotly.graph_objects as go

from companion.widgets.common import LiveFigureWidget, figure_widget

__all__ = ["ChartOwner", "ChartSlot"]


class ChartSlot(widgets.Box):
    """A box holding one figure; :meth:`show` draws a new complete picture on it in place.

    Parameters
    ----------
    fig : plotly.graph_objects.Figure
        The first figure, complete.
    fit_width : bool
        Give the figure the whole width of the slot (a figure without a width of its own is drawn that wide; a
        map drawn to scale then takes the height that width needs, ``js/figure.js``). Otherwise the figure
        keeps the width of its drawing.

    Attributes
    ----------
    figure : companion.widgets.common.LiveFigureWidget
        The figure shown (its ``data`` and ``layout`` are what the page draws); the same object for
        the slot's whole life.
    """

    def __init__(self, fig: go.Figure, *, fit_width: bool = False) -> None:
        self.figure: LiveFigureWidget = figure_widget(fig)
        # a column box stretches its child across its width (a row box sizes it to its content)
        layout = widgets.Layout(flex_flow="column", width="100%", min_width="0") if fit_width else None
        super().__init__([self.figure], **({"layout": layout} if layout else {}))

    def show(self, fig: go.Figure) -> None:
        """Draw ``fig`` (complete) on the shown figure; only the differences are sent to the page."""
        self.figure.show(fig)


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
