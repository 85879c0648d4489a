"""Pictures and tables of a Terra Mystica balance report (:mod:`companion.terra_mystica.balance`), and a panel
that runs one for the map lab's design beside the base map.

Examples
--------
>>> doc = {"factions": {"witches": {"mean_vp": 90.0, "vp_low": 80.0, "vp_high": 100.0, "win_share": 0.5,
...                                 "win_low": 0.3, "win_high": 0.7, "seats": 10, "home_terrain": "G"}}}
>>> fig = balance_figure(doc)
>>> [trace.name for trace in fig.data]  # mean VP, then win share
['This map', 'This map']
"""

from __future__ import annotations

import html
from collections.abc import Callable

import ipywidgets as widgets
import plotly.graph_objects as go
from plotly.subplots import make_subplots

from companion.errors import CompanionError
from companion.i18n import _, ngettext
from companion.terra_mystica.terrain import terrain_wheel
from companion.widgets.common import error_html, figure_widget, info_html
from companion.widgets.terra_mystica.names import faction_name, terrain_name

__all__ = ["balance_figure", "analysis_html", "BalancePanel"]

_COLOURS = ("#3f7fce", "#a0a0a0")


def balance_figure(report: dict, base: dict | None = None, *, height: int = 420) -> go.Figure:
    """Mean VP and win share per faction with their 95 % intervals: the map's report, and the base map's beside
    it when given (reports of :func:`~companion.terra_mystica.balance.simulate_balance`)."""
    fig = make_subplots(rows=1, cols=2, subplot_titles=(_("mean VP (interval at 95 %)"), _("win share (interval at 95 %)")))
    factions = sorted(set(report["factions"]) | set((base or {}).get("factions", {})),
                      key=lambda f: (terrain_wheel().letters.index(_letter(report, base, f)), f))
    names = [faction_name(f) for f in factions]
    for i, (doc, label) in enumerate(((report, _("This map")), (base, _("Base map")))):
        if doc is None:
            continue
        rows = [doc["factions"].get(f) for f in factions]
        for col, (key, low, high) in enumerate((("mean_vp", "vp_low", "vp_high"),
                                                ("win_share", "win_low", "win_high")), start=1):
            y = [r[key] if r else None for r in rows]
            # no bar for a faction seated once: one game gives no interval
            plus = [r[high] - r[key] if r and r[high] is not None else None for r in rows]
            minus = [r[key] - r[low] if r and r[low] is not None else None for r in rows]
            fig.add_trace(go.Bar(x=names, y=y, name=label, marker_color=_COLOURS[i], showlegend=col == 1,
                                 legendgroup=label, offsetgroup=str(i),
                                 error_y=dict(type="data", array=plus, arrayminus=minus, visible=True)),
                          row=1, col=col)
    fig.update_layout(height=height, barmode="group", margin=dict(l=10, r=10, t=40, b=10),
                      legend=dict(orientation="h", y=-0.25))
    fig.update_yaxes(tickformat=".0%", row=1, col=2)
    return fig


def _letter(report: dict, base: dict | None, faction: str) -> str:
    row = report["factions"].get(faction) or (base or {}).get("factions", {}).get(faction)
    return row["home_terrain"]


def analysis_html(doc: dict, base: dict | None = None) -> str:
    """A table of :func:`~companion.terra_mystica.balance.analysis` per home terrain (the base map's values
    after a slash when given)."""
    titles = (_("home terrain"), _("hexes"), _("on edge"), _("by a river"), _("neighbours at 0/1/2/3 spades"),
              _("largest cluster"), _("bridge spots"), _("first dwellings (greedy bot)"))
    head = "".join(f"<th>{html.escape(t)}</th>" for t in titles)
    rows = []
    for t, row in doc["terrains"].items():
        ref = base["terrains"][t] if base else None

        def cell(key: str, row=row, ref=ref) -> str:
            value = row[key]
            shown = "/".join(map(str, value)) if isinstance(value, list) else str(value)
            if ref is not None:
                other = ref[key]
                shown += " (" + ("/".join(map(str, other)) if isinstance(other, list) else str(other)) + ")"
            return f"<td>{html.escape(shown)}</td>"

        firsts = _("; ").join([f"{faction_name(f)} {' '.join(h)}" for f, h in row["first_dwellings"].items()]
                              + [_("{faction}: too few hexes").format(faction=faction_name(f))
                                 for f in row.get("unseated_factions", ())])
        rows.append(f"<tr><th>{html.escape(terrain_name(t))}</th>" + "".join(cell(k) for k in (
            "hexes", "edge_hexes", "river_side_hexes", "neighbours_by_spades", "largest_cluster", "bridge_spots"))
                    + f"<td>{html.escape(firsts)}</td></tr>")
    note = _("In brackets: the base map.") if base else ""
    # cells never wrap (a wrapped "0/12/20/8 (0/14/18/8)" reads as two rows); the column titles may, between
    # words only (keep-all: a Chinese title is not broken one character a line), so the table fits a laptop
    # screen beside JupyterLab's file browser; a narrower screen scrolls the frame
    return ("<style>.companion-balance th, .companion-balance td {white-space: nowrap; padding: 2px 6px}"
            ".companion-balance tr.companion-balance-head th {white-space: normal; vertical-align: bottom;"
            " max-width: 8em; word-break: keep-all}</style>"
            '<table class="companion-balance" style="border-collapse:collapse;font-size:12px">'
            f'<tr class="companion-balance-head">{head}</tr>{"".join(rows)}</table>'
            f"<p style='font-size:12px'>{html.escape(note)}</p>")


#: Class of an HTML widget made by :func:`frame_html`; its content box may shrink below its table's width.
FRAME_HOST = "companion-frame-host"


def scrolling_html(html_text: str) -> str:
    """``html_text`` in a frame of the screen's width that scrolls sideways when the content is wider (a wide
    table on a phone), so nothing is cut off at the right. Show it in a :func:`frame_html` widget."""
    # ipywidgets' .widget-html-content is a flex item with min-width auto: it grows to its widest table and the
    # page cuts it off. In a frame host it may shrink to the screen, and the frame inside it scrolls.
    return (f"<style>.{FRAME_HOST} > .widget-html-content {{min-width: 0; max-width: 100%}}</style>"
            f'<div class="companion-scroll-frame" style="overflow-x:auto;max-width:100%">{html_text}</div>')


def frame_layout() -> widgets.Layout:
    """Layout of a box holding a :func:`frame_html` widget: it may shrink below its content's width."""
    return widgets.Layout(min_width="0", max_width="100%")


def frame_html() -> widgets.HTML:
    """An HTML widget for :func:`scrolling_html` content."""
    out = widgets.HTML(layout=frame_layout())
    out.add_class(FRAME_HOST)
    return out


class BalancePanel(widgets.VBox):
    """Run a balance report for ``design()`` (the map lab's current map) beside the base map.

    Parameters
    ----------
    design : callable
        Returns the :class:`~companion.terra_mystica.hexmap.TerraMysticaMap` to report on.
    games : int
        Games per map shown first in the games box.
    """

    def __init__(self, design: Callable, *, games: int = 14) -> None:
        from companion.terra_mystica.bots import BOTS

        self._design = design
        self.games = widgets.BoundedIntText(value=games, min=1, max=10_000, layout=widgets.Layout(width="200px"))
        self.bot = widgets.Dropdown(options=self._bot_options(), value="greedy" if "greedy" in BOTS else BOTS[0],
                                    layout=widgets.Layout(width="200px"))
        self.players = widgets.BoundedIntText(value=4, min=2, max=5, layout=widgets.Layout(width="160px"))
        self.workers = widgets.BoundedIntText(value=1, min=1, max=64, layout=widgets.Layout(width="160px"))
        self.analyse_button = widgets.Button()
        self.run_button = widgets.Button(button_style="primary")
        self.bar = widgets.IntProgress(value=0, min=0, max=1, layout=widgets.Layout(width="320px"))
        self.message = widgets.HTML()
        self.table = frame_html()
        self.figure = figure_widget(balance_figure({"factions": {}}))
        self._figure_box = widgets.Box([self.figure], layout=widgets.Layout(display="none"))  # shown with results
        self.analyse_button.on_click(lambda _b: self.analyse())
        self.run_button.on_click(lambda _b: self.simulate())
        self._label()
        super().__init__([widgets.HBox([self.analyse_button], layout=widgets.Layout(flex_flow="row wrap")),
                          self.table,
                          widgets.HBox([self.games, self.players, self.bot, self.workers, self.run_button, self.bar],
                                       layout=widgets.Layout(flex_flow="row wrap")),
                          self.message, self._figure_box])

    @staticmethod
    def _bot_options() -> list[tuple[str, str]]:
        from companion.terra_mystica.bots import BOT_NAMES, BOTS

        return [(_(BOT_NAMES[b]) if b in BOT_NAMES else b, b) for b in BOTS]

    def _label(self) -> None:
        self.games.description = _("Games")
        self.players.description = _("Players")
        self.bot.description = _("Bot")
        self.workers.description = _("Processes")
        self.analyse_button.description = _("Read the map")
        self.run_button.description = _("Play the games")

    def retranslate(self) -> None:
        """Labels and menus in the language in force (the map lab calls this when the language changes)."""
        value = self.bot.value
        self.bot.options = self._bot_options()
        self.bot.value = value
        self._label()

    def analyse(self) -> None:
        """Show :func:`~companion.terra_mystica.balance.analysis` of the design and of the base map."""
        from companion.terra_mystica.balance import analysis
        from companion.terra_mystica.hexmap import load_shipped_map

        table = analysis_html(analysis(self._design()), analysis(load_shipped_map("base")))
        self.table.value = scrolling_html(table)

    def simulate(self) -> dict | None:
        """Play the games on the design and on the base map; plot both. Returns the design's report."""
        from companion.terra_mystica.balance import simulate_balance
        from companion.terra_mystica.hexmap import load_shipped_map

        games = self.games.value
        self.bar.max, self.bar.value = 2 * games, 0
        try:
            mine = simulate_balance(self._design(), games=games, players=self.players.value, bot=self.bot.value,
                                    workers=self.workers.value,
                                    progress=False, on_game=lambda done, _n: setattr(self.bar, "value", done))
            base = simulate_balance(load_shipped_map("base"), games=games, players=self.players.value, bot=self.bot.value,
                                    workers=self.workers.value, progress=False,
                                    on_game=lambda done, _n: setattr(self.bar, "value", games + done))
        except CompanionError as exc:
            self.message.value = error_html(str(exc))
            return None
        self.figure.show(balance_figure(mine, base))
        self._figure_box.layout.display = "flex"
        failures = mine["failures"] + base["failures"]
        text = ngettext("{games} game a map in {seconds:.0f} s", "{games} games a map in {seconds:.0f} s", games).format(
            games=games, seconds=mine["seconds"] + base["seconds"])
        if failures:
            # the first failure's reason: a map too small for the players stops the bots, say so
            text = _("{text}; failed games: {failed} (the first: {reason})").format(
                text=text, failed=len(failures), reason=failures[0]["error"])
        self.message.value = info_html(_("{text}.").format(text=text))
        return mine
