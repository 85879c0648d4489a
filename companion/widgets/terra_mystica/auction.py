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
from companion.i18n import SUPPORTED_LANGUAGES, _, add_language_listener, translations
from companion.terra_mystica import auction
from companion.terra_mystica.auction import MAX_BID, AuctionResult, AuctionStep
from companion.terra_mystica.factions import load_factions
from companion.widgets.common import error_html, join_sentences, message_box
from companion.widgets.formcheck import default_seat_name
from companion.widgets.terra_mystica.names import faction_name, faction_order
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


def _you() -> set[str]:
    """The worked example's "You" in every language (a player of that name is addressed as "you")."""
    return {translations(code).gettext("You") for code in SUPPORTED_LANGUAGES}


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
        self._muted = True
        self._resolution: dict[str, Any] | None = None
        self._display: dict[str, str] = {}
        options = self._faction_options()
        self.player_count = widgets.Dropdown(options=list(range(MIN_PLAYERS, MAX_PLAYERS + 1)),
                                             value=len(example["players"]))
        self.faction_boxes = [widgets.Dropdown(options=options, value=None, layout=widgets.Layout(width="150px"))
                              for _j in range(MAX_PLAYERS)]
        self.name_boxes = [widgets.Text(value=default_seat_name(i), layout=widgets.Layout(width="120px"))
                           for i in range(MAX_PLAYERS)]
        self.bid_boxes = [[widgets.BoundedIntText(value=0, min=0, max=MAX_BID, layout=widgets.Layout(width="150px"))
                           for _j in range(MAX_PLAYERS)] for _i in range(MAX_PLAYERS)]
        for i, key in enumerate(example["factions"]):
            self.faction_boxes[i].value = key
        for i, name in enumerate(example["players"]):
            # the worked example's "You" is shown in the reader's language
            self.name_boxes[i].value = _("You") if example is EXAMPLE and name == "You" else name
            for j, key in enumerate(example["factions"]):
                self.bid_boxes[i][j].value = example["max_bids"][name][key]
        self.seed = widgets.IntText(value=example.get("seed", 0), layout=widgets.Layout(width="160px"))
        self.grid = widgets.GridBox()
        self.step = widgets.IntSlider(value=0, min=0, max=0)
        self.back = widgets.Button(layout=widgets.Layout(width="110px"))
        self.forward = widgets.Button(layout=widgets.Layout(width="110px"))
        self.to_end = widgets.Button(layout=widgets.Layout(width="120px"))
        self._label()
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
        add_language_listener(self._retranslate)

    # ----------------------------------------------------------------- language
    def _faction_options(self) -> list[tuple[str, str | None]]:
        """``(name, key)`` of every faction, names in the language in force (also refreshes the names shown)."""
        self._display = {key: faction_name(key) for key in load_factions()}
        return [(_("(pick a faction)"), None)] + [(self._display[key], key)
                                              for key in sorted(self._display, key=faction_order)]

    def _label(self) -> None:
        self.player_count.description = _("Players")
        self.seed.description = _("Seed")
        self.seed.tooltip = _("decides the ties the rules leave to chance")
        self.step.description = _("Step")
        self.back.description = _("◀ previous")
        self.forward.description = _("next ▶")
        self.to_end.description = _("to the end")

    def _retranslate(self, language: str) -> None:
        """Redraw the auction in ``language`` in place: labels, faction menus, steps, result and chart."""
        options = self._faction_options()
        self._muted = True
        try:
            for box in self.faction_boxes:
                value = box.value
                box.options = options
                box.value = value
            for i, box in enumerate(self.name_boxes):   # untouched default names follow the language
                default = default_seat_name(i, box.value)
                if box.value.strip() in _you():
                    default = _("You")
                if default is not None:
                    box.value = default
        finally:
            self._muted = False
        self._label()
        self._layout_grid()
        step = self.step.value
        self.resolve()           # the resolver's step texts and errors in the new language
        self._muted = True
        self.step.value = min(step, self.step.max)
        self._muted = False
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
        corner = html.escape(_("max bid (VP)"))
        titles = [html.escape(_("faction {number}").format(number=j + 1)) for j in range(n)]
        header = [widgets.HTML(f"<b>{corner}</b>")] + [
            widgets.VBox([widgets.HTML(f"<b>{titles[j]}</b>"), self.faction_boxes[j]]) for j in range(n)]
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
                raise CompanionError(_("pick the nominated faction in column {columns}").format(
                    columns=_(", ").join(missing)))
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
        tie_word = html.escape(_("tie"))
        for s in result.steps:
            style = "font-weight:bold;background:#fff3c4" if s.number == k else (
                "" if s.number < k else "color:#aaa")
            tie = f" <b>[{tie_word}]</b>" if s.tie else ""
            shown = html.escape(self.step_text(s)) if s.number <= k else f"{html.escape(s.player)}: …"
            items.append(f"<li style='{style}'>{shown}{tie if s.number <= k else ''}</li>")
        heading = _("Steps ({shown} of {total} shown)").format(shown=k, total=len(result.steps))
        self.step_list.value = (f"<b>{html.escape(heading)}</b>"
                                f"<ol class='tm-steps' style='max-width:640px'>{''.join(items)}</ol>")
        rows = "".join(
            f"<tr><td>{html.escape(self._display.get(key, key))}</td><td>{html.escape(leader or '—')}</td>"
            f"<td style='text-align:right'>{'' if bid is None else bid}</td></tr>"
            for key, (leader, bid) in self._standing(k).items())
        heads = "".join(f"<th>{html.escape(t)}</th>" for t in (_("faction"), _("leader"), _("bid (VP)")))
        title = html.escape(_("Highest bids now"))
        self.standings.value = f"<b>{title}</b><table class='tm-standings'><tr>{heads}</tr>{rows}</table>"
        if k >= len(result.steps):
            lines = "".join(
                f"<tr><td>{i + 1}</td><td>{html.escape(a.player)}</td>"
                f"<td>{html.escape(self._display.get(a.faction, a.faction))}</td>"
                f"<td style='text-align:right'>{a.price}</td></tr>" for i, a in enumerate(result.assignments))
            order = _("turn order {players}").format(players=" → ".join(result.turn_order))
            heads = "".join(f"<th>{html.escape(t)}</th>" for t in (_("seat"), _("player"), _("faction"),
                                                                    _("pays (VP)")))
            title = html.escape(_("Result"))
            self.result.value = (f"<p class='tm-auction-result'><b>{title}</b> — {html.escape(order)}</p>"
                                 f"<table><tr>{heads}</tr>{lines}</table>")
        else:
            hint = html.escape(_("Step to the end to see who plays what, for how many VP."))
            self.result.value = f"<p><i>{hint}</i></p>"
        self.redraw_chart()

    def step_text(self, step: AuctionStep) -> str:
        """The sentence shown for ``step``, in the language in force, factions by name.

        Built from the resolver's fields (action, faction, price, value, the options weighed, the tie);
        the verb agrees with its subject: a player called "You" reads "You raise", others "Bob raises".
        """
        you = step.player.strip() in _you()
        faction = self._display.get(step.faction or "", step.faction or "")
        if step.action != "bid":
            if you:
                return _("You are skipped: you still hold the highest bid on {faction} ({bid}).").format(
                    faction=faction, bid=step.bid)
            return _("{player} is skipped: still the highest bidder on {faction} ({bid}).").format(
                player=step.player, faction=faction, bid=step.bid)
        chosen = next((o for o in step.options if o.faction == step.faction), None)
        raises = bool(chosen and chosen.raises)
        worth = (step.bid or 0) + (step.value or 0)
        fields = dict(player=step.player, faction=faction, price=step.bid, worth=worth, value=step.value)
        if you:
            text = (_("You raise {faction} at {price} (worth {worth} − {price} = {value}).") if raises
                    else _("You open {faction} at {price} (worth {worth} − {price} = {value}).")).format(**fields)
        else:
            text = (_("{player} raises {faction} at {price} (worth {worth} − {price} = {value}).") if raises
                    else _("{player} opens {faction} at {price} (worth {worth} − {price} = {value}).")).format(**fields)
        parts = [text]
        others = [o for o in step.options if o.faction != step.faction]
        if others:
            choices = _(", ").join(_("{faction} at {price} (worth {value})").format(
                faction=self._display.get(o.faction, o.faction), price=o.price, value=o.value) for o in others)
            parts.append(_("Other choices: {choices}.").format(choices=choices))
        if step.tie == "raise_preferred":
            parts.append(_("Equally valuable choices: raising an existing bid beats opening a new faction."))
        elif step.tie == "random":
            parts.append(_("Equally valuable choices of the same kind: chosen at random."))
        return join_sentences(*parts)

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
            x=names, y=[standing[key][1] or 0 for key in doc["factions"]], name=_("highest bid now"),
            marker_color=[player_colour.get(standing[key][0], "#dddddd") for key in doc["factions"]],
            text=[standing[key][0] or _("no bid") for key in doc["factions"]], textposition="outside",
            hovertemplate=_("%{x}: %{y} VP (%{text})") + "<extra></extra>"))
        for player in doc["players"]:
            fig.add_trace(go.Scatter(
                x=names, y=[doc["max_bids"][player][key] for key in doc["factions"]], mode="markers",
                name=_("maximum: {player}").format(player=player),
                marker=dict(symbol="line-ew-open", size=28, line_width=3, color=player_colour[player]),
                hovertemplate=_("{player}: at most %{{y}} VP for %{{x}}").format(player=html.escape(player))
                + "<extra></extra>"))
        top = max([1] + [v for bids in doc["max_bids"].values() for v in bids.values()])
        fig.update_layout(title=_("Bids after step {step}").format(step=self.step.value),
                          yaxis=dict(title=_("VP"), range=[0, top + 3]),
                          height=330, margin=dict(l=40, r=10, t=40, b=40), legend=dict(orientation="h", y=-0.2))
        return fig
