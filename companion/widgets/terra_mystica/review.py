"""The coach's review as Terra Mystica's notebooks show it (the play notebook and the replay notebook).

:class:`ReviewPanel` draws a :class:`companion.coach.Review` (from :func:`companion.terra_mystica.search.review`):
the chart of every faction's expected final VP after each move with the biggest drops marked
(:func:`companion.widgets.coach.review_figure`), and the drops said in full under it (a phone has no hover).
It only draws: the figures and the reasons come from the search.
"""

from __future__ import annotations

from collections.abc import Sequence

import ipywidgets as widgets

from companion.coach import Review
from companion.i18n import _
from companion.terra_mystica.describe import describe_action, faction_name
from companion.widgets.coach import drops_html, review_figure
from companion.widgets.common import info_html
from companion.widgets.terra_mystica.mapplot import faction_colour
from companion.widgets.terra_mystica.plot import ChartSlot

__all__ = ["REVIEW_SECONDS", "ReviewPanel"]

REVIEW_SECONDS = 0.3
"""Search time per drop a review checks (s), in the play and the replay notebooks."""


class ReviewPanel:
    """The review chart and its drops, in one box that stays empty until a review is shown.

    Attributes
    ----------
    box : ipywidgets.VBox
        Place it in the notebook's layout; its children are the chart and the drops once :meth:`show` ran.
    slot : ChartSlot or None
        The chart (one figure, redrawn in place by later reviews).
    drops : ipywidgets.HTML
        The drops in words (``companion-review``), or a line saying that no move lost anything.
    """

    def __init__(self) -> None:
        self.box = widgets.VBox(layout=widgets.Layout(max_width="100%"))
        self.slot: ChartSlot | None = None
        self.drops = widgets.HTML(layout=widgets.Layout(max_width="100%"))
        self.note = widgets.HTML(layout=widgets.Layout(max_width="100%"))   # says when the game moved on since

    def mark_out_of_date(self, out_of_date: bool) -> None:
        """Say above the chart (or stop saying) that moves were made after the review was drawn."""
        self.note.value = info_html(_("Out of date: moves were made after this review. Press Review again to "
                                      "include them.")) if out_of_date else ""
        if self.box.children:
            self.box.children = ([self.note] if out_of_date else []) + [self.slot, self.drops]

    def show(self, result: Review | None, factions: Sequence[str]) -> None:
        """Draw ``result`` (None: empty the box) for the seated ``factions`` (engine names, seat order),
        in the language in force."""
        self.note.value = ""
        if result is None:
            self.box.children = []
            return
        names = [faction_name(f) for f in factions]
        # the factions' colours, as on the map and the other charts (the ice factions' white on a dark edge)
        fig = review_figure(result, names, lambda _move, action: describe_action(action),
                            colours=[faction_colour(f) for f in factions])
        fig.update_layout(autosize=True)
        if self.slot is None:
            self.slot = ChartSlot(fig)
        else:
            self.slot.show(fig)
        self.drops.value = drops_html(result, names, lambda _move, action: describe_action(action), unit=_("VP"))
        self.box.children = [self.slot, self.drops]

    def close(self) -> None:
        """Close the panel's widgets."""
        for w in (self.box, self.slot, self.drops, self.note):
            if w is not None:
                w.close()
