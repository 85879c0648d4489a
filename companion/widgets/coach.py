"""The coach's views, the same for every game: the hint's list of moves, the review chart and its drops.

A game's play widget asks its search module for the figures (:class:`companion.coach.Review`, the hint's
moves) and hands them here already in words: this module only draws (no rule is decided here).

API summary (stable)
--------------------
``SEAT_COLOURS``
    One colour per seat (the review chart's lines and marks where a game has no colours of its own: Century,
    Magick; Century's score chart uses them too).
``hint_html(title, moves)``
    The hint: ``moves`` are ``(move, figure, why)`` texts, best first.
``review_figure(review, names, describe, *, unit=None, title=None, colours=SEAT_COLOURS)``
    Every seat's expected final score after each move (one line per seat) and each seat's biggest drops
    marked; a mark's hover text names the move made, the loss, the move the search preferred and why.
``drops_html(review, names, describe, *, unit)``
    The drops as a list under the chart (said in full, for a phone where hovering is not at hand).
``review_outlived(reviewed, states)``
    Whether a review made of the states ``reviewed`` is of a history that is gone (undone).
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from typing import Any

import plotly.graph_objects as go

from companion.coach import Drop, Review
from companion.i18n import _
from companion.widgets.common import info_html

__all__ = ["SEAT_COLOURS", "drops_html", "hint_html", "review_figure", "review_outlived"]

SEAT_COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf")

#: Inline style of the hint and review boxes: an ipywidgets HTML widget sets a button's line height (28 px),
#: which double-spaces every wrapped line of a list (a phone); long move texts break at the screen's edge.
_BOX_STYLE = "line-height:1.4;overflow-wrap:anywhere"

Describe = Callable[[int, Any], str]
"""``describe(move, action) -> str``: an action of move number ``move`` (1-based) in the reader's words."""


def hint_html(title: str, moves: Sequence[tuple[str, str, str]]) -> str:
    """The hint box: ``title`` and a numbered list of ``(move, figure, why)``, all escaped here.

    Parameters
    ----------
    title : str
        E.g. "Hint: the search's three best moves for Ann".
    moves : sequence of (str, str, str)
        Each move in words, its figure (e.g. "expected final gold 61.5") and one sentence on why.

    Returns
    -------
    str
        HTML (``<div class="companion-hint">``); empty for no move.
    """
    if not moves:
        return ""
    items = "".join(f"<li><b>{html.escape(move)}</b> · {html.escape(figure)}<br>{html.escape(why)}</li>"
                    for move, figure, why in moves)
    return f'<div class="companion-hint" style="{_BOX_STYLE}"><b>{html.escape(title)}</b><ol>{items}</ol></div>'


def _drop_text(drop: Drop, describe: Describe, unit: str) -> tuple[str, str, str]:
    return (describe(drop.move, drop.action), f"−{drop.loss:.1f} {unit}", describe(drop.move, drop.preferred))


_EDGE = "#333"


def _light(colour: str) -> bool:
    """Whether the CSS colour ``colour`` (``#rrggbb``; other forms count as dark) is too light to show as a line
    on a white chart (luma, Rec. 709 weights, over 0.9; the desert's yellow is 0.83).

    Examples
    --------
    >>> _light("#e8f6ff"), _light("#f0d56a"), _light("#3f9b4c"), _light("white")
    (True, False, False, False)
    """
    if len(colour) != 7 or not colour.startswith("#"):
        return False
    red, green, blue = (int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue > 0.9


def review_figure(review: Review, names: Sequence[str], describe: Describe, *, unit: str | None = None,
                  title: str | None = None, colours: Sequence[str] = SEAT_COLOURS) -> go.Figure:
    """Expected final score of every seat after each move, each seat's biggest drops marked.

    Parameters
    ----------
    review : companion.coach.Review
        From the game's search module.
    names : sequence of str
        Seat names as shown, in seat order.
    describe : callable
        ``describe(move, action)``: an action of that move in words.
    unit : str or None
        The score's unit as shown (e.g. "gold"); None: VP.
    title : str or None
        The chart's title; None: "Expected final VP after each move".
    colours : sequence of str
        Line and mark colour per seat (CSS colours): the colours the game's other charts give the seats (Terra
        Mystica: each faction's, :func:`companion.widgets.terra_mystica.mapplot.faction_colour`). A near-white
        line is drawn on a dark edge (one more line trace, without legend or hover, before the seat's line).

    Returns
    -------
    go.Figure
        One line per seat (x: move number, 0 = before the first; y: expected final score) and one marker
        trace per seat with drops.
    """
    unit = _("VP") if unit is None else unit
    title = _("Expected final VP after each move") if title is None else title
    moves = list(range(len(review.values)))
    fig = go.Figure()
    for seat in range(review.seats):
        colour = colours[seat % len(colours)]
        line = [round(v[seat], 1) for v in review.values]
        if _light(colour):   # a near-white line (Terra Mystica's ice factions) drawn on a dark edge to show
            fig.add_trace(go.Scatter(x=moves, y=line, mode="lines", line=dict(color=_EDGE, width=4),
                                     hoverinfo="skip", showlegend=False, legendgroup=str(seat), name=""))
        fig.add_trace(go.Scatter(x=moves, y=line, mode="lines", name=names[seat], line_color=colour,
                                 legendgroup=str(seat)))
        mine = review.drops_of(seat)
        if not mine:
            continue
        hover = []
        for d in mine:
            made, loss, better = _drop_text(d, describe, unit)
            hover.append(_("move {move}: {action} ({loss})<br>better: {better}<br>{reason}").format(
                move=d.move, action=html.escape(made), loss=loss, better=html.escape(better),
                reason=html.escape(d.reason)))
        fig.add_trace(go.Scatter(x=[d.move for d in mine], y=[round(review.values[d.move][seat], 1) for d in mine],
                                 mode="markers+text", text=[f"−{d.loss:.1f}" for d in mine],
                                 textposition="top center", hovertext=hover, hoverinfo="text",
                                 marker=dict(symbol="x", size=11, color=colour, line=dict(color=_EDGE, width=1)),
                                 showlegend=False,
                                 legendgroup=str(seat),
                                 name=_("{player}: biggest drops").format(player=names[seat])))
    fig.update_layout(title=title, xaxis_title=_("move"), yaxis_title=_("expected final {unit}").format(unit=unit),
                      height=320, margin=dict(l=50, r=10, t=40, b=40), legend=dict(orientation="h", y=-0.3),
                      hoverlabel=dict(align="left"))
    return fig


def drops_html(review: Review, names: Sequence[str], describe: Describe, *, unit: str) -> str:
    """The review's drops in words under the chart, in move order (an info line when there is none).

    Returns
    -------
    str
        HTML (``<div class="companion-review">``), the list or a line saying no move lost anything.
    """
    rows = []
    for d in review.drops:
        made, loss, better = _drop_text(d, describe, unit)
        rows.append("<li>" + html.escape(_("move {move}, {player}: {action} ({loss}); better: {better} — {reason}")
                                         .format(move=d.move, player=names[d.seat], action=made, loss=loss,
                                                 better=better, reason=d.reason)) + "</li>")
    title = html.escape(_("Review: the biggest drops of each player"))
    if rows:   # a mark sits on the line, but its number is no step of the line: say what it measures
        title += "<br>" + html.escape(_("Each × on the chart marks a move with the expected {unit} it lost against "
                                       "the move the search preferred there, not a fall of the line.").format(
            unit=unit))
    if not rows:
        empty = info_html(_("No move lost expected {unit} against the search's choice.").format(unit=unit))
        return f'<div class="companion-review" style="{_BOX_STYLE}"><b>{title}</b>{empty}</div>'
    return f'<div class="companion-review" style="{_BOX_STYLE}"><b>{title}</b><ul>{"".join(rows)}</ul></div>'


def review_outlived(reviewed: Sequence[Any], states: Sequence[Any]) -> bool:
    """Whether a review made of the game's states ``reviewed`` no longer fits the game's ``states``: an undo
    took back a move it reviews. Moves made after it keep it (it still reviews the game's first moves).

    Parameters
    ----------
    reviewed : sequence
        The session's states when the review was made (first state to last).
    states : sequence
        The session's states now.

    Returns
    -------
    bool
        True when ``reviewed`` is not the start of ``states`` (the widget clears the review).

    Examples
    --------
    >>> review_outlived(("s0", "s1", "s2"), ["s0", "s1", "s2", "s3"]), review_outlived(("s0", "s1", "s2"), ["s0", "s1"])
    (False, True)
    """
    return tuple(states[:len(reviewed)]) != tuple(reviewed)
