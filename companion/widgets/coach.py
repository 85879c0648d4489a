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
``drop_labels(review, colours, *, x_range, y_range)``
    The figure's labels of the drops (plotly annotations, each on a leader line to its mark), stacked above
    and below the marks so that no two overlap at any plot width from :data:`LABEL_MIN_WIDTH` up.
``review_outlived(reviewed, states)``
    Whether a review made of the states ``reviewed`` is of a history that is gone (undone).
``ReviewPanel``
    The review chart, its drops in words and the note "out of date" once moves were made after the review, in
    one box; ``draw``, ``clear``, ``follow(states)`` (an undo past the review clears it, a new move marks it).
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as widgets
import plotly.graph_objects as go

from companion.coach import Drop, Review
from companion.i18n import _
from companion.widgets.common import figure_widget, info_html

__all__ = ["SEAT_COLOURS", "LABEL_MIN_WIDTH", "ReviewPanel", "drop_labels", "drops_html", "hint_html",
           "review_figure", "review_outlived"]

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


#: The review chart's height and margins (px). The margins are fixed (``autoexpand`` off): the legend's rows
#: (three at a phone's width with five long names) fit in the bottom one, so the plot area is always
#: :data:`_PLOT_HEIGHT` px high, whatever the width; only its width changes.
_HEIGHT = 360
_MARGIN = dict(l=50, r=10, t=40, b=100, autoexpand=False)
_PLOT_HEIGHT = _HEIGHT - _MARGIN["t"] - _MARGIN["b"]
#: Plot-area size the drop labels are laid out for (px): any width from :data:`LABEL_MIN_WIDTH` up (a phone's
#: plot is about 300 px wide), any height between the two (the plot's own, and a little less for rounding).
LABEL_MIN_WIDTH = 240
LABEL_MAX_WIDTH = 2400
LABEL_HEIGHTS = (_PLOT_HEIGHT - 10, _PLOT_HEIGHT)
_LABEL_FONT = 11
#: A label's box (px): its text's width is at most this many px a character (plotly's Open Sans at 11 px,
#: digits and the minus sign about 6.3 px, 7.2 allowed), plus the border's padding; its height one line
#: and the padding.
_CHAR_WIDTH = 0.65 * _LABEL_FONT
_LABEL_PAD = 3
_LABEL_HIGH = round(1.3 * _LABEL_FONT) + 2 * _LABEL_PAD
#: The label offsets tried in turn (px from the mark to the label's centre, plotly's ``ay``: up is negative):
#: just above, just below, then further out on either side.
_LANES = tuple(sign * (_LABEL_HIGH // 2 + 8 + k * (_LABEL_HIGH + 2)) for k in range(5) for sign in (-1, 1))
#: When every lane clashes (many drops close together), the label also moves sideways (px, plotly's ``ax``)
#: on a slanted leader line, nearest first, each on the lanes and half-lanes between them.
_SIDEWAYS = tuple(sign * k * 24 for k in range(1, 6) for sign in (-1, 1))
_HALF_LANES = tuple(sorted({*_LANES, *(sign * (_LABEL_HIGH // 2 + 8 + k * (_LABEL_HIGH + 2) // 2)
                                      for k in range(9) for sign in (-1, 1))}, key=abs))


def _label_text(drop: Drop) -> str:
    return f"−{drop.loss:.1f}"


def _label_width(text: str) -> float:
    return len(text) * _CHAR_WIDTH + 2 * _LABEL_PAD


def _apart(a: tuple, b: tuple, x_span: float, y_span: float) -> bool:
    """Whether two labels ``(x, y, width px, offset px, sideways px)`` (data x, y; offset down, sideways to the
    right of the mark) never overlap on a plot from :data:`LABEL_MIN_WIDTH` to :data:`LABEL_MAX_WIDTH` px wide
    and of a height in :data:`LABEL_HEIGHTS`: apart sideways, on the same side, at both widths (the gap is
    linear in the width, so it holds between them), or apart up and down, on the same side, at both heights."""
    need = (a[2] + b[2]) / 2 + 1
    sideways = [(a[0] - b[0]) * w / x_span + (a[4] - b[4]) for w in (LABEL_MIN_WIDTH, LABEL_MAX_WIDTH)]
    if all(g >= need for g in sideways) or all(g <= -need for g in sideways):
        return True
    gaps = [(a[1] - b[1]) / y_span * h - (a[3] - b[3]) for h in LABEL_HEIGHTS]   # a's centre above b's (px)
    return all(g >= _LABEL_HIGH + 1 for g in gaps) or all(g <= -(_LABEL_HIGH + 1) for g in gaps)


def _inside(y: float, offset: int, y_range: tuple[float, float]) -> bool:
    """Whether a label ``offset`` px from a mark at ``y`` stays within the plot at both heights."""
    low, high = y_range
    for h in LABEL_HEIGHTS:
        centre = (y - low) / (high - low) * h - offset   # px above the plot's bottom
        if centre - _LABEL_HIGH / 2 < 0 or centre + _LABEL_HIGH / 2 > h:
            return False
    return True


def _inside_sideways(x: float, width: float, sideways: int, x_range: tuple[float, float]) -> bool:
    """Whether a label ``width`` px wide, ``sideways`` px right of a mark at ``x``, stays within the plot at
    every width from :data:`LABEL_MIN_WIDTH` up (its left edge moves right and its right edge left of the
    plot's as the plot widens, so the narrowest width decides)."""
    where = (x - x_range[0]) / (x_range[1] - x_range[0]) * LABEL_MIN_WIDTH + sideways
    return where - width / 2 >= 0 and where + width / 2 <= LABEL_MIN_WIDTH


def drop_labels(review: Review, colours: Sequence[str], *, x_range: tuple[float, float],
                y_range: tuple[float, float]) -> list[dict]:
    """The drops' labels (the loss, e.g. "−2.3") as plotly annotations, each on a short leader line to its mark.

    The labels are placed in turn (largest loss first), each at the first offset of :data:`_LANES` (above the
    mark, below, further out) where it stays inside the plot and apart from every label already placed, so
    that no two label boxes overlap on a plot at least :data:`LABEL_MIN_WIDTH` px wide, of any height in
    :data:`LABEL_HEIGHTS`, with the axes' ranges ``x_range`` and ``y_range``. A label with no such offset
    (more close drops than lanes) moves sideways too (:data:`_SIDEWAYS`, nearest first, on a slanted leader
    line) to the first free spot inside the plot; only with none there does it take the lane it overlaps the
    fewest labels in.

    Parameters
    ----------
    review : companion.coach.Review
        Its drops are labelled; a label sits at ``(drop.move, values[drop.move][drop.seat])``.
    colours : sequence of str
        Each seat's colour (the label's border and leader line; a near-white one is drawn dark).
    x_range, y_range : (float, float)
        The axes' ranges the figure sets (move numbers; expected final score).

    Returns
    -------
    list of dict
        Annotations (``x``, ``y``, ``text``, ``ax`` and ``ay`` in px, ...), in the order of ``review.drops``.

    Examples
    --------
    >>> from companion.coach import Drop, Review
    >>> r = Review(2, values=[(10.0, 10.0), (10.0, 9.0), (10.0, 8.9)], movers=[1, 1], actions=["a", "b"],
    ...            drops=[Drop(1, 1, "a", 1.0, "c", ""), Drop(2, 1, "b", 0.8, "c", "")])
    >>> [(a["text"], a["ay"]) for a in drop_labels(r, ["#000000", "#111111"], x_range=(-0.5, 40.5),
    ...                                            y_range=(8.0, 11.0))]   # 6 px a move: one above, one below
    [('−1.0', -18), ('−0.8', 18)]
    """
    x_span, y_span = x_range[1] - x_range[0], y_range[1] - y_range[0]
    placed: dict[int, tuple[float, float, float, int, int]] = {}
    order = sorted(range(len(review.drops)), key=lambda i: (-review.drops[i].loss, review.drops[i].move))
    for i in order:
        d = review.drops[i]
        x, y, width = d.move, round(review.values[d.move][d.seat], 1), _label_width(_label_text(d))

        def clashes(offset: int, sideways: int = 0, x=x, y=y, width=width) -> int:
            return sum(not _apart((x, y, width, offset, sideways), other, x_span, y_span)
                       for other in placed.values())

        lanes = [lane for lane in _LANES if _inside(y, lane, y_range)] or list(_LANES[:2])
        spot = next(((lane, 0) for lane in lanes if not clashes(lane)), None)
        if spot is None:   # crowded: off to a side, on a slanted leader line
            spot = next(((lane, side) for side in _SIDEWAYS if _inside_sideways(x, width, side, x_range)
                         for lane in _HALF_LANES if _inside(y, lane, y_range) and not clashes(lane, side)), None)
        if spot is None:
            spot = (min(lanes, key=clashes), 0)
        placed[i] = (x, y, width, *spot)
    labels = []
    for i, d in enumerate(review.drops):
        x, y, _width, offset, sideways = placed[i]
        colour = colours[d.seat % len(colours)]
        edge = _EDGE if _light(colour) else colour
        labels.append(dict(x=x, y=y, xref="x", yref="y", text=_label_text(d), showarrow=True, arrowhead=0,
                           arrowwidth=1, arrowcolor=edge, ax=sideways, ay=offset, standoff=5,
                           font=dict(size=_LABEL_FONT, color="#222"), bgcolor="rgba(255,255,255,0.9)",
                           bordercolor=edge, borderwidth=1, borderpad=_LABEL_PAD - 1, captureevents=False))
    return labels


def _ranges(review: Review) -> tuple[tuple[float, float], tuple[float, float]]:
    """The review chart's axis ranges: every move, and the lines with room above and below for the labels."""
    values = [v for row in review.values for v in row] or [0.0]
    low, high = min(values), max(values)
    pad = max(1.0, 0.12 * (high - low))
    last = max(1, len(review.values) - 1)
    # Room at both ends for half a label centred on a first or last move's mark at the narrowest plot
    # (a label ~30 px of LABEL_MIN_WIDTH): 8 % of the moves on each side (a drop at the last move stuck out).
    x_pad = max(0.5, 0.08 * last)
    return (-x_pad, last + x_pad), (low - pad, high + pad)


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
        One line per seat (x: move number, 0 = before the first; y: expected final score), one marker trace
        per seat with drops (hovering a mark says the move made, the move preferred and why) and one label a
        drop (its loss; :func:`drop_labels`: no two overlap, at a phone's width too).
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
                                 mode="markers", hovertext=hover, hoverinfo="text",
                                 marker=dict(symbol="x", size=11, color=colour, line=dict(color=_EDGE, width=1)),
                                 showlegend=False,
                                 legendgroup=str(seat),
                                 name=_("{player}: biggest drops").format(player=names[seat])))
    x_range, y_range = _ranges(review)
    fig.update_layout(title=title, xaxis_title=_("move"), yaxis_title=_("expected final {unit}").format(unit=unit),
                      height=_HEIGHT, margin=_MARGIN,
                      legend=dict(orientation="h", yref="container", y=0, yanchor="bottom"),
                      hoverlabel=dict(align="left"),
                      annotations=drop_labels(review, colours, x_range=x_range, y_range=y_range))
    fig.update_xaxes(range=list(x_range))
    fig.update_yaxes(range=list(y_range))
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


class ReviewPanel:
    """The review as every play notebook shows it: a note when the game moved on, the chart, the drops in words.

    The box stays empty until :meth:`draw`; :meth:`follow` keeps it true to the game: an undo past a reviewed
    move clears it (the review is of a history that is gone), a move made after it says so above the chart.

    Attributes
    ----------
    box : ipywidgets.VBox
        Place it in the notebook's layout; its children: ``[note]`` when out of date, then the chart and the drops.
    slot : widget or None
        The chart (one figure, redrawn in place by later reviews): made by ``chart(fig)``, which has ``show(fig)``.
    drops : ipywidgets.HTML
        The drops in words (:func:`drops_html`).
    note : ipywidgets.HTML
        "Out of date: ..." while moves were made after the review, else empty.
    reviewed : tuple
        The session's states the review was made of (empty: no review shown).
    """

    chart: Callable[[go.Figure], Any] = staticmethod(figure_widget)

    def __init__(self) -> None:
        self.box = widgets.VBox(layout=widgets.Layout(max_width="100%"))
        self.slot: Any = None
        self.drops = widgets.HTML(layout=widgets.Layout(max_width="100%"))
        self.note = widgets.HTML(layout=widgets.Layout(max_width="100%"))
        self.reviewed: tuple = ()

    def draw(self, fig: go.Figure, drops: str, reviewed: Sequence[Any] = ()) -> None:
        """Show the chart ``fig`` and the drops' HTML ``drops`` of a review made of the states ``reviewed``."""
        if self.slot is None:
            self.slot = self.chart(fig)
        else:
            self.slot.show(fig)
        self.drops.value = drops
        self.note.value = ""
        self.reviewed = tuple(reviewed)
        self.box.children = [self.slot, self.drops]

    def clear(self) -> None:
        """Empty the box (no review)."""
        self.note.value = ""
        self.reviewed = ()
        self.box.children = []

    def mark_out_of_date(self, out_of_date: bool) -> None:
        """Say above the chart (or stop saying) that moves were made after the review was drawn."""
        self.note.value = info_html(_("Out of date: moves were made after this review. Press Review again to "
                                      "include them.")) if out_of_date else ""
        if self.box.children:
            self.box.children = ([self.note] if out_of_date else []) + [self.slot, self.drops]

    def follow(self, states: Sequence[Any]) -> bool:
        """Keep the review shown true to the game's ``states`` now: cleared when an undo took back a move it
        reviews (:func:`review_outlived`), marked out of date while moves were made after it.

        Returns
        -------
        bool
            True when the review was cleared (the widget forgets it).
        """
        if not self.reviewed:
            return False
        if review_outlived(self.reviewed, states):
            self.clear()
            return True
        self.mark_out_of_date(len(states) > len(self.reviewed))
        return False

    def close(self) -> None:
        """Close the panel's widgets."""
        for w in (self.box, self.slot, self.drops, self.note):
            if w is not None:
                w.close()
