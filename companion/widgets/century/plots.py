"""Plotly charts of Century: Golem Edition: simulation results and the coach's game review.

API summary (stable)
--------------------
``win_rate_figure(result)``, ``length_figure(result)``, ``score_figure(result)``
    Charts of a :class:`companion.century.simulate.SimulationResult`: win rate by seat and by bot, game
    length, final scores by bot.
``review_figure(review, names)``
    Every seat's expected final VP after each move (a :class:`companion.century.search.Review`), with each
    seat's biggest drops marked; hovering a mark shows the move made, the move the search preferred and why.

The figures only draw what the rules packages computed (no rule is decided here).
"""

from __future__ import annotations

import html
from collections.abc import Sequence

import plotly.graph_objects as go
from plotly.subplots import make_subplots

from companion.century.actions import describe_action
from companion.century.search import Review
from companion.century.simulate import SimulationResult
from companion.i18n import _, ngettext

__all__ = ["SEAT_COLOURS", "win_rate_figure", "length_figure", "score_figure", "review_figure"]

SEAT_COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e")
"""Line colour of each seat (the play widget's too)."""


def win_rate_figure(result: SimulationResult):
    """Bar charts of win rate by seat and by bot (plotly ``go.Figure``)."""
    fig = make_subplots(rows=1, cols=2, subplot_titles=(_("win rate by seat"), _("win rate by bot")))
    fig.add_trace(go.Bar(x=[_("seat {n}").format(n=i + 1) for i in range(result.n_players)],
                         y=result.win_rate_by_seat, name=_("by seat"), marker_color="#4c78a8"), row=1, col=1)
    by_bot = result.win_rate_by_bot
    fig.add_trace(go.Bar(x=list(by_bot), y=list(by_bot.values()), name=_("by bot"), marker_color="#f58518"),
                  row=1, col=2)
    fig.update_yaxes(range=[0, 1], tickformat=".0%")
    games = len(result.finished_games)
    fig.update_layout(showlegend=False, height=360,
                      title=ngettext("{games} game, {players} players", "{games} games, {players} players", games)
                      .format(games=games, players=result.n_players))
    return fig


def length_figure(result: SimulationResult):
    """Histogram of game length in turns (plotly ``go.Figure``)."""
    fig = go.Figure(go.Histogram(x=[g.turns for g in result.games], marker_color="#54a24b"))
    fig.update_layout(title=_("game length (mean {turns} turns)").format(turns=f"{result.mean_turns:.1f}"),
                      xaxis_title=_("turns"), yaxis_title=_("games"), height=340)
    return fig


def score_figure(result: SimulationResult):
    """Box plots of final scores by bot (plotly ``go.Figure``)."""
    by_bot: dict[str, list[int]] = {}
    for g in result.finished_games:
        for name, total in zip(g.bots, g.totals, strict=True):
            by_bot.setdefault(name, []).append(total)
    fig = go.Figure([go.Box(y=v, name=k, boxmean=True) for k, v in by_bot.items()])
    fig.update_layout(title=_("final scores (VP)"), yaxis_title=_("VP"), height=360)
    return fig


def review_figure(review: Review, names: Sequence[str]) -> go.Figure:
    """Expected final VP of every seat after each move, each seat's biggest drops marked.

    Parameters
    ----------
    review : Review
        From :func:`companion.century.search.review`.
    names : sequence of str
        Player names in seat order.

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
        colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
        fig.add_trace(go.Scatter(x=moves, y=[round(v[seat], 1) for v in review.values], mode="lines",
                                 name=names[seat], line_color=colour, legendgroup=str(seat)))
        mine = [d for d in review.drops if d.seat == seat]
        if not mine:
            continue
        texts = [_("move {move}: {action} (−{loss} VP)<br>better: {better}<br>{reason}").format(
            move=d.move, action=html.escape(describe_action(d.action)), loss=f"{d.loss:.1f}",
            better=html.escape(describe_action(d.preferred)) if d.preferred else "–",
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
