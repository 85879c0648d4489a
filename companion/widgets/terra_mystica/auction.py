"""The Terra Mystica fast auction, step by step: the widget behind ``fast_auction.ipynb``.

The table enters the nominated factions (in nomination order, which is the turn order), the players
(in bidding order) and each player's maximum bid in VP for each faction; the widget asks
:mod:`companion.terra_mystica.auction` to resolve the auction and lets the user step through it.
No rule is decided here: who bids what, the tie-breaks and the prices are the resolver's.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets
import plotly.graph_objects as go

from companion.errors import CompanionError
from companion.terra_mystica import auction
from companion.terra_mystica.auction import MAX_BID, AuctionResult
from companion.terra_mystica.factions import load_factions
from companion.widgets.common import error_html, message_box
from companion.widgets.terra_mystica.plot import ChartOwner, ChartSlot

__all__ = ["EXAMPLE", "FastAuction"]

#: The rules summary's worked example (快速竞叫): you, Alice and Bob bid on Cultists, Giants, Mermaids.
EXAMPLE: dict[str, Any] = {
    "factions": ["cultists", "giants", "mermaids"],
    "players": ["You", "Alice", "Bob"],
    "max_bids": {"You": {"cultists": 15, "giants": 0, "mermaids": 10},
                 "Alice": {"cultists": 12, "giants": 0, "mermaids": 5},
                 "Bob": {"cultists": 10, "giants": 3, "mermaids": 0}},
    "seed": 0,  # with seed 0 Alice's coin flip (step 11) goes to the Mermaids, as in the summary's text
}
MAX_PLAYERS = 5
MIN_PLAYERS = 2


class FastAuction(ChartOwner, widgets.VBox):
    """Enter factions and maximum bids, resolve the fast auction and step through it.

    Parameters
    ----------
    example : dict, optional
        Initial entries in the ``companion tm auction`` input format (default :data:`EXAMPLE`).

    Attributes
    ----------
    player_count : ipywidgets.Dropdown
        2-5 players (as many factions are nominated).
    faction_boxes : list of ipywidgets.Dropdown
        The nominated factions in nomination (= turn) order.
    name_boxes : list of ipywidgets.Text
        The players in bidding order.
    bid_boxes : list of list of ipywidgets.BoundedIntText
        ``bid_boxes[player][faction]``: maximum bid in VP (0-40).
    seed : ipywidgets.IntText
        Decides ties the rules leave to chance.
    step : ipywidgets.IntSlider
        How many auction steps are shown (0 = before the first bid).
    message : ipywidgets.HTML
        Errors from the resolver (e.g. the same faction nominated twice).
    step_list, standings, result : ipywidgets.HTML
        The steps so far, the bids standing after them, and the final assignments and turn order.
    chart : plotly.graph_objects.FigureWidget
        Each player's maximum bid on the faction won and the price paid (VP).
    """

    def __init__(self, example: dict[str, Any] | None = None) -> None:
        example = example or EXAMPLE
        factions = load_factions()
        options = [("(pick)", None)] + sorted((f.display, f.name) for f in factions.values())
        self._display = {f.name: f.display for f in factions.values()}
        self._muted = True
        self._resolution: dict[str, Any] | None = None
        self.player_count = widgets.Dropdown(options=list(range(MIN_PLAYERS, MAX_PLAYERS + 1)),
                                             value=len(example["players"]), description="Players")
        self.faction_boxes = [widgets.Dropdown(options=options, value=None, layout=widgets.Layout(width="150px"))
                              for _ in range(MAX_PLAYERS)]
        self.name_boxes = [widgets.Text(value=f"Player {i + 1}", layout=widgets.Layout(width="120px"))
                           for i in range(MAX_PLAYERS)]
        self.bid_boxes = [[widgets.BoundedIntText(value=0, min=0, max=MAX_BID, layout=widgets.Layout(width="150px"))
                           for _ in range(MAX_PLAYERS)] for _ in range(MAX_PLAYERS)]
        for i, key in enumerate(example["factions"]):
            self.faction_boxes[i].value = key
        for i, name in enumerate(example["players"]):
            self.name_boxes[i].value = name
            for j, key in enumerate(example["factions"]):
                self.bid_boxes[i][j].value = example["max_bids"][name][key]
        self.seed = widgets.IntText(value=example.get("seed", 0), description="Seed",
                                    layout=widgets.Layout(width="160px"))
        self.grid = widgets.GridBox()
        self.step = widgets.IntSlider(value=0, min=0, max=0, description="Step")
        self.back = widgets.Button(description="◀ previous", layout=widgets.Layout(width="110px"))
        self.forward = widgets.Button(description="next ▶", layout=widgets.Layout(width="110px"))
        self.to_end = widgets.Button(description="to the end", layout=widgets.Layout(width="120px"))
        self.back.on_click(lambda _b: self.go(self.step.value - 1))
        self.forward.on_click(lambda _b: self.go(self.step.value + 1))
        self.to_end.on_click(lambda _b: self.go(self.step.max))
        self.message = message_box()
        self.step_list = widgets.HTML()
        self.standings = widgets.HTML()
        self.result = widgets.HTML()
        for box in [self.player_count, self.seed, *self.faction_boxes, *self.name_boxes,
                    *(b for row in self.bid_boxes for b in row)]:
            box.observe(self._on_input, names="value")
        self.step.observe(lambda _c: self.show_step(), names="value")
        self._muted = False
        self._layout_grid()
        self.resolve()
        self.chart_slot = ChartSlot(self._figure())
        super().__init__([
            widgets.HBox([self.player_count, self.seed]), self.grid, self.message,
            widgets.HBox([self.back, self.step, self.forward, self.to_end]),
            widgets.HBox([self.step_list, self.standings], layout=widgets.Layout(grid_gap="24px")),
            self.result, self.chart_slot])
        self.show_step()

    # ----------------------------------------------------------------- input
    @property
    def n(self) -> int:
        """Number of players (= number of nominated factions)."""
        return self.player_count.value

    def document(self) -> dict[str, Any]:
        """The entries in the ``companion tm auction`` input format."""
        factions = [box.value for box in self.faction_boxes[:self.n]]
        players = [box.value for box in self.name_boxes[:self.n]]
        return {"factions": factions, "players": players,
                "max_bids": {name: {key: self.bid_boxes[i][j].value for j, key in enumerate(factions)}
                             for i, name in enumerate(players)},
                "seed": self.seed.value}

    def _on_input(self, change: dict[str, Any]) -> None:
        if self._muted:
            return
        if change.get("owner") is self.player_count:
            self._layout_grid()
        self.resolve()
        self.show_step()

    def _layout_grid(self) -> None:
        n = self.n
        header = [widgets.HTML("<b>max bid (VP)</b>")] + [
            widgets.VBox([widgets.HTML(f"<b>faction {j + 1}</b>"), self.faction_boxes[j]]) for j in range(n)]
        cells = [cell for i in range(n) for cell in [self.name_boxes[i], *self.bid_boxes[i][:n]]]
        self.grid.children = header + cells
        self.grid.layout = widgets.Layout(grid_template_columns=f"130px repeat({n}, 156px)", grid_gap="2px 4px")

    # ----------------------------------------------------------------- resolving and stepping
    @property
    def resolution(self) -> AuctionResult | None:
        """The resolver's result for the entries shown (None while an entry is rejected)."""
        return self._resolution

    def resolve(self) -> None:
        """Resolve the auction (:func:`companion.terra_mystica.auction.resolve_auction`) and go to step 0.

        Missing factions, a faction nominated twice or duplicate player names are reported in
        :attr:`message` with the resolver's own words.
        """
        doc = self.document()
        missing = [str(j + 1) for j, key in enumerate(doc["factions"]) if key is None]
        try:
            if missing:
                raise CompanionError("pick the nominated faction in column " + ", ".join(missing))
            self._resolution = auction.resolve_auction(doc["factions"], doc["players"], doc["max_bids"],
                                                       seed=doc["seed"])
        except CompanionError as exc:
            self._resolution = None
            self.message.value = error_html(str(exc))
        else:
            self.message.value = ""
        steps = len(self._resolution.steps) if self._resolution else 0
        self._muted = True
        self.step.max = steps
        self.step.value = 0
        self._muted = False

    def go(self, step: int) -> None:
        """Show the auction after ``step`` steps (clipped to 0 .. number of steps)."""
        self.step.value = max(self.step.min, min(self.step.max, step))

    def show_step(self) -> None:
        """Redraw the step list, the standing bids, the result and the chart for the current step."""
        result = self._resolution
        k = self.step.value
        self.back.disabled = result is None or k == 0
        self.forward.disabled = self.to_end.disabled = result is None or k >= self.step.max
        if result is None:
            self.step_list.value = self.standings.value = self.result.value = ""
            self.redraw_chart()
            return
        items = []
        for s in result.steps:
            style = "font-weight:bold;background:#fff3c4" if s.number == k else (
                "" if s.number < k else "color:#aaa")
            tie = " <b>[tie]</b>" if s.tie else ""
            shown = html.escape(s.text) if s.number <= k else f"{html.escape(s.player)}: …"
            items.append(f"<li style='{style}'>{shown}{tie if s.number <= k else ''}</li>")
        self.step_list.value = (f"<b>Steps ({k} of {len(result.steps)} shown)</b>"
                                f"<ol class='tm-steps' style='max-width:640px'>{''.join(items)}</ol>")
        rows = "".join(
            f"<tr><td>{html.escape(self._display.get(key, key))}</td><td>{html.escape(leader or '—')}</td>"
            f"<td style='text-align:right'>{'' if bid is None else bid}</td></tr>"
            for key, (leader, bid) in self._standing(k).items())
        self.standings.value = ("<b>Highest bids now</b><table class='tm-standings'><tr><th>faction</th>"
                                f"<th>leader</th><th>bid (VP)</th></tr>{rows}</table>")
        if k >= len(result.steps):
            lines = "".join(
                f"<tr><td>{i + 1}</td><td>{html.escape(a.player)}</td>"
                f"<td>{html.escape(self._display.get(a.faction, a.faction))}</td>"
                f"<td style='text-align:right'>{a.price}</td></tr>" for i, a in enumerate(result.assignments))
            self.result.value = ("<p class='tm-auction-result'><b>Result</b> — turn order "
                                 f"{html.escape(' → '.join(result.turn_order))}</p><table><tr><th>seat</th>"
                                 f"<th>player</th><th>faction</th><th>pays (VP)</th></tr>{lines}</table>")
        else:
            self.result.value = "<p><i>Step to the end to see who plays what, for how many VP.</i></p>"
        self.redraw_chart()

    def _standing(self, k: int) -> dict[str, tuple[str | None, int | None]]:
        """Faction -> (player, bid) of the last bid on it among the first ``k`` steps (as the steps say)."""
        doc = self.document()
        standing: dict[str, tuple[str | None, int | None]] = {key: (None, None) for key in doc["factions"]}
        for s in (self._resolution.steps[:k] if self._resolution else ()):
            if s.action == "bid" and s.faction is not None:
                standing[s.faction] = (s.player, s.bid)
        return standing

    def _figure(self) -> go.Figure:
        doc = self.document()
        names = [self._display.get(key, str(key)) for key in doc["factions"]]
        standing = self._standing(self.step.value)
        colours = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd")
        player_colour = {p: colours[i % len(colours)] for i, p in enumerate(doc["players"])}
        fig = go.Figure()
        fig.add_trace(go.Bar(
            x=names, y=[standing[key][1] or 0 for key in doc["factions"]], name="highest bid now",
            marker_color=[player_colour.get(standing[key][0], "#dddddd") for key in doc["factions"]],
            text=[standing[key][0] or "no bid" for key in doc["factions"]], textposition="outside",
            hovertemplate="%{x}: %{y} VP (%{text})<extra></extra>"))
        for player in doc["players"]:
            fig.add_trace(go.Scatter(
                x=names, y=[doc["max_bids"][player][key] for key in doc["factions"]], mode="markers",
                name=f"maximum: {player}", marker=dict(symbol="line-ew-open", size=28, line_width=3,
                                                        color=player_colour[player]),
                hovertemplate=player + ": at most %{y} VP for %{x}<extra></extra>"))
        top = max([1] + [v for bids in doc["max_bids"].values() for v in bids.values()])
        fig.update_layout(title=f"Bids after step {self.step.value}", yaxis=dict(title="VP", range=[0, top + 3]),
                          height=330, margin=dict(l=40, r=10, t=40, b=40), legend=dict(orientation="h", y=-0.2))
        return fig
