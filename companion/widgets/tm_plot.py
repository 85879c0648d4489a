"""A slot that shows a plotly figure and is redrawn by replacing the figure, for the Terra Mystica widgets.

Why: in Voila (0.5, plotly 7 ``FigureWidget``), changing the data of a ``FigureWidget`` that is already
shown does not reach the page (checked in headless chromium: ``fig.data[0].y = ...`` and
``batch_update`` leave the drawn plot unchanged), while in JupyterLab it does. Building a complete
``go.Figure`` and wrapping it in a new ``FigureWidget`` each time renders in both.
"""

from __future__ import annotations

import ipywidgets as widgets
import plotly.graph_objects as go

from companion.widgets.common import figure_widget

__all__ = ["ChartSlot"]


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
        super().__init__([self.figure], layout=widgets.Layout(width="100%"))

    def show(self, fig: go.Figure) -> None:
        """Replace the shown figure with ``fig`` (complete) and close the old widget."""
        old = self.figure
        self.figure = figure_widget(fig)
        self.children = [self.figure]
        old.close()
