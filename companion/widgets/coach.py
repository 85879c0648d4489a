"""The review chart every game's coach draws (a :class:`companion.coach.Review`).

``review_figure(review, names, describe)``: every seat's expected final VP after each move, each seat's
biggest drops marked; hovering a mark shows the move made, the move the search preferred and why. The
figure only draws what a game's search computed (no rule is decided here).
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from typing import Any

import plotly.graph_objects as go

from companion.coach import Review
from companion.i18n import _

__all__ = ["SEAT_COLOURS", "review_figure"]

SEAT_COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e")
"""Line colour of each seat."""


def review_figure(review: Review, names: Sequence[str], describe: Callable[[Any], str],
                  colours: Sequence[str] = SEAT_COLOURS) -> go.Figure:
    """Expected final VP of every seat after each move, each seat's biggest drops marked.

    Parameters
    ----------
    review : Review
        A game's review (:func:`companion.century.search.review`, :func:`companion.terra_mystica.search.review`).
    names : sequence of str
        Player names in seat order.
    describe : callable
        A move in words (the game's ``describe_action``).
    colours : sequence of str
        Line colour per seat (CSS colours).

    Returns
    -------
    go.Figure
        One line per seat (x: move number, 0 = the start; y: expected final VP) and one marker trace per
        seat with its drops; a drop's hover text names the move made, the loss in VP, the move the search
        preferred and why.
    """
    moves = list(range(len(review.values)))
    fig = go.Figure()
    for seat in range(review.seats):
        colour = colours[seat % len(colours)]
        fig.add_trace(go.Scatter(x=moves, y=[round(v[seat], 1) for v in review.values], mode="lines",
                                 name=names[seat], line_color=colour, legendgroup=str(seat)))
        mine = [d for d in review.drops if d.seat == seat]
        if not mine:
            continue
        texts = [_("move {move}: {action} (−{loss} VP)<br>better: {better}<br>{reason}").format(
            move=d.move, action=html.escape(describe(d.action)), loss=f"{d.loss:.1f}",
            better=html.escape(describe(d.preferred)) if d.preferred else "–",
            reason=html.escape(d.reason)) for d in mine]
        fig.add_trace(go.Scatter(x=[d.move for d in mine], y=[round(review.values[d.move][seat], 1) for d in mine],
                                 mode="markers+text", text=[f"−{d.loss:.1f}" for d in mine],
                                 textposition="top center", hovertext=texts, hoverinfo="text",
                                 marker=dict(symbol="x", size=11, color=colour), showlegend=False,
                                 legendgroup=str(seat),
                                 name=_("{player}: biggest drops").format(player=names[seat])))
    fig.update_layout(title=_("Expected final VP after each move"), xaxis_title=_("move"),
                      yaxis_title=_("expected final VP"), height=320, margin=dict(l=50, r=10, t=40, b=40),
                      legend=dict(orientation="h", y=-0.3), hoverlabel=dict(align="left"))
    return fig
