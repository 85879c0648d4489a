"""Small building blocks shared by the widgets."""

from __future__ import annotations

import html

import ipywidgets as widgets
import plotly.graph_objects as go

__all__ = ["figure_widget", "error_html", "info_html", "message_box"]


def figure_widget(fig: go.Figure) -> go.FigureWidget:
    """Wrap a complete :class:`plotly.graph_objects.Figure` in a ``FigureWidget``.

    Build the whole figure first and wrap it once: an empty ``FigureWidget`` filled later renders
    blank inside ipywidgets containers in JupyterLab and Voila.
    """
    return go.FigureWidget(fig)


def error_html(message: str) -> str:
    """HTML for an error message shown inline (red, escaped)."""
    return f'<div class="companion-error" style="color:#b00020"><b>Error:</b> {html.escape(message)}</div>'


def info_html(message: str) -> str:
    """HTML for a neutral message (escaped)."""
    return f'<div class="companion-info">{html.escape(message)}</div>'


def message_box() -> widgets.HTML:
    """An empty HTML widget for status and error messages."""
    return widgets.HTML(value="")
