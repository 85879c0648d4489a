"""Plotly charts of Century: Golem Edition: simulation results and the coach's game review.

API summary (stable)
--------------------
``win_rate_figure(result)``, ``length_figure(result)``, ``score_figure(result)``
    Charts of a :class:`companion.century.simulate.SimulationResult`: win rate by seat and by bot, game
    length, final scores by bot.
``review_figure(review, names, describe=None)``
    Every seat's expected final VP after each move (a :class:`companion.century.search.Review`), with each
    seat's biggest drops marked; hovering a mark shows the move made, the move the search preferred and why
    (``describe``: :func:`companion.century.describe.review_describer`, naming the cards taken).

The figures only draw what the rules packages computed (no rule is decided here).
"""

from __future__ import annotations

from collections.abc import Sequence

import plotly.graph_objects as go
from plotly.subplots import make_subplots

from companion.century.actions import describe_action
from companion.century.simulate import SimulationResult
from companion.coach import Review
from companion.i18n import _, ngettext
from companion.widgets.coach import SEAT_COLOURS
from companion.widgets.coach import review_figure as coach_figure

__all__ = ["SEAT_COLOURS", "win_rate_figure", "length_figure", "score_figure", "review_figure"]



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


def review_figure(review: Review, names: Sequence[str], describe=None) -> go.Figure:
    """Century's review chart: :func:`companion.widgets.coach.review_figure` with Century's moves in words.

    ``describe(move, action)``: a move in words (:func:`companion.century.describe.review_describer` of the
    game's states names the cards taken); None: by the action alone.
    """
    if describe is None:
        def describe(_move, action):
            return describe_action(action)
    return coach_figure(review, names, describe, colours=SEAT_COLOURS)
