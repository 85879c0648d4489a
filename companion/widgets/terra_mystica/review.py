"""The coach's review as Terra Mystica's notebooks show it (the play notebook and the replay notebook).

:class:`ReviewPanel` draws a :class:`companion.coach.Review` (from :func:`companion.terra_mystica.search.review`):
the chart of every faction's expected final VP after each move with the biggest drops marked
(:func:`companion.widgets.coach.review_figure`), and the drops said in full under it (a phone has no hover).
It only draws: the figures and the reasons come from the search.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.coach import Review
from companion.i18n import _
from companion.terra_mystica.describe import describe_action, faction_name
from companion.widgets import coach
from companion.widgets.coach import drops_html, review_figure
from companion.widgets.terra_mystica.mapplot import faction_colour
from companion.widgets.terra_mystica.plot import ChartSlot

__all__ = ["REVIEW_SECONDS", "ReviewPanel"]

REVIEW_SECONDS = 0.3
"""Search time per drop a review checks (s), in the play and the replay notebooks."""


class ReviewPanel(coach.ReviewPanel):
    """The review chart and its drops, in one box that stays empty until a review is shown: the coach's
    :class:`companion.widgets.coach.ReviewPanel` (its note "out of date" and :meth:`follow` too), drawn with
    the factions' names and colours.

    Attributes
    ----------
    box : ipywidgets.VBox
        Place it in the notebook's layout; its children are the chart and the drops once :meth:`show` ran.
    slot : ChartSlot or None
        The chart (one figure, redrawn in place by later reviews).
    drops : ipywidgets.HTML
        The drops in words (``companion-review``), or a line saying that no move lost anything.
    """

    chart = ChartSlot

    def show(self, result: Review | None, factions: Sequence[str], reviewed: Sequence = ()) -> None:
        """Draw ``result`` (None: empty the box) for the seated ``factions`` (engine names, seat order),
        in the language in force; ``reviewed``: the states it was made of (for :meth:`follow`)."""
        if result is None:
            self.clear()
            return
        names = [faction_name(f) for f in factions]
        # the factions' colours, as on the map and the other charts (the ice factions' white on a dark edge)
        fig = review_figure(result, names, lambda _move, action: describe_action(action),
                            colours=[faction_colour(f) for f in factions])
        fig.update_layout(autosize=True)
        self.draw(fig, drops_html(result, names, lambda _move, action: describe_action(action), unit=_("VP")),
                  reviewed)
