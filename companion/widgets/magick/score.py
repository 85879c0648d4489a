"""Table-side score calculator for Merchants of Magick, saving every entry as it is typed.

The widget only collects numbers and shows them; the totals and the winners come from
:mod:`companion.magick.scoring` (rules summary section 五 "游戏结束与计分": gold from crafting,
research, orders, the sponsored adventurer, mastery and charms; equal totals share the win).
Every change is written at once with :func:`companion.savefile.atomic_write_json`, so a kernel
restart or a closed tab loses nothing. A save that cannot be read is reported and left
untouched: the widget then refuses to write until another save file is chosen.

Entries are checked by :func:`companion.magick.scoring.validate_table` (the same check as the CLI): an entry
the rules do not allow is kept as typed, marked at its box with a message naming the player and the column
(e.g. ``Ann — Mastery: expected 0, 4, 8, 12, 16 ...``), and no total or winner is shown until it is fixed.
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

import ipywidgets as widgets
import plotly.graph_objects as go

from companion.errors import CompanionError, SaveFileError
from companion.magick import scoring
from companion.savefile import default_save_dir
from companion.validation import TableError
from companion.widgets.common import all_zero, error_html, figure_widget, message_box, set_empty_state
from companion.widgets.formcheck import (
    GRID_CLASS,
    FormMarks,
    WholeNumberBox,
    merge_problems,
    problems_html,
    seat_label,
    style_widget,
)
from companion.widgets.savepanel import SavePanel, SavePanelOwner

__all__ = ["PARTS", "PART_TITLES", "SAVE_KIND", "ScoreTable", "default_save_path"]

#: The gold parts of a final score, in the order of rules summary 五.6.
PARTS: tuple[str, ...] = scoring.PARTS
PART_TITLES: dict[str, str] = {
    "crafting": "Crafting", "research": "Research", "orders": "Orders",
    "adventurer": "Adventurer", "mastery": "Mastery", "charms": "Charms",
}
PART_HELP: dict[str, str] = {
    "crafting": "gold of every completed item row",
    "research": "gold of every completed enchantment and charm row",
    "orders": "gold printed on every order card you claimed",
    "adventurer": "gold printed on your sponsored adventurer (third requirement met)",
    "mastery": "8 for the first to meet a mastery card, 4 for later players (each card)",
    "charms": "end-game charm bonuses, e.g. +2 per fulfilled order of the charm's category",
}
PART_COLOURS: dict[str, str] = {
    "crafting": "#8c564b", "research": "#1f77b4", "orders": "#2ca02c",
    "adventurer": "#ff7f0e", "mastery": "#9467bd", "charms": "#e377c2",
}
SAVE_KIND = "magick-score"
MAX_PLAYERS = 8


def default_save_path() -> Path:
    """The calculator's save file: ``magick-score.json`` in :func:`~companion.savefile.default_save_dir`."""
    return default_save_dir() / "magick-score.json"


def _blank_player(number: int) -> dict[str, Any]:
    return {"name": f"Player {number}", **{part: 0 for part in PARTS}}


class ScoreTable(SavePanelOwner, widgets.VBox):
    """Type each player's gold per part; see totals, winners and a stacked bar chart.

    Parameters
    ----------
    save_path : str or PathLike or None
        The save file (JSON, ``kind: "magick-score"``); default :func:`default_save_path`.
        An existing save is loaded; a missing one is created with the first entry.
    players : int
        How many blank players to show when there is no save yet (1–8).

    Attributes
    ----------
    players : list of dict
        One dict per player: ``name`` (str) and gold (int) for each of :data:`PARTS`.
    save_panel : SavePanel
        The save file strip (path box, open button, status line); :attr:`path`, :attr:`writable`
        (False after a save could not be read), :attr:`path_text`, :attr:`open_button` and
        :attr:`status` are its attributes.
    """

    def __init__(self, save_path: str | Path | None = None, players: int = 2) -> None:
        self.players: list[dict[str, Any]] = [_blank_player(i + 1) for i in range(max(1, min(players, 8)))]
        self.save_panel = SavePanel(save_path if save_path is not None else default_save_path(),
                                    kind=SAVE_KIND, on_load=self._load, text_width="640px")
        self.add_button = widgets.Button(description="Add player", icon="plus")
        self.add_button.on_click(lambda _b: self.add_player())
        self.message = message_box()
        self.grid = widgets.VBox()
        self.grid.add_class(GRID_CLASS)  # headers and rows scroll sideways together
        self.grid.add_class("companion-magick-grid")
        self.results = widgets.HTML()
        self.chart = None
        self.marks = FormMarks(self._boxes_for, self._describe)
        self.help = widgets.HTML(self._help_html())
        self.open_save(self.save_panel.path)
        # built complete after loading: a FigureWidget changed before the browser draws it may stay blank
        self.chart = figure_widget(self._figure())
        super().__init__([
            self.save_panel, self.help, style_widget(),
            self.grid, self.add_button, self.message, self.results, self.chart,
        ])

    # ----------------------------------------------------------------- save file
    def open_save(self, path: str | Path) -> bool:
        """Use ``path`` as the save file, loading it when it exists.

        Returns
        -------
        bool
            True when the file was loaded or does not exist yet; False when it is corrupt (or
            of another kind): the error is shown, the file is not touched and writing stops.
        """
        ok = self.save_panel.open_save(path)
        self._rebuild()
        return ok

    def _load(self, document: dict[str, Any] | None) -> str:
        """:class:`SavePanel` callback: take over a validated save (``None``: keep the table, new file)."""
        if document is None:
            return f"New save file {self.path}; every entry is saved as you type."
        self.players = self._players_from(document)
        return f"Loaded {len(self.players)} players from {self.path}; every entry is saved as you type."

    def _players_from(self, document: dict[str, Any]) -> list[dict[str, Any]]:
        """The players of a save, after :func:`companion.magick.scoring.validate_table`.

        A save of the wrong shape (not a list of players, text where gold belongs, an unknown key...) is
        refused as corrupt (:class:`SaveFileError`, the file is left untouched); values of the right type that
        the rules do not allow are loaded and marked, as if just typed.
        """
        try:
            scoring.validate_table(document, file=None)
        except TableError as exc:
            shape = exc.shape_problems
            if shape:
                raise SaveFileError(f"{shape[0].key_path}: {shape[0].message}; the file was left untouched",
                                    path=str(self.path)) from None
        raw = document["players"]
        players = []
        for index, entry in enumerate(raw):
            player = {"name": entry.get("name", f"Player {index + 1}")}
            for part in PARTS:
                value = entry.get(part, 0)
                if isinstance(value, dict):  # mastery given per card: the form has one box
                    value = sum(value.values())
                player[part] = 0 if value is None else value
            players.append(player)
        return players

    def save(self) -> bool:
        """Write the table to the save file now (atomic). Returns False when writing is blocked or fails."""
        return self.save_panel.save({"kind": SAVE_KIND, "version": 1, "players": self.players})

    # ----------------------------------------------------------------- editing
    def set_name(self, index: int, name: str) -> None:
        """Rename player ``index`` (0-based) and save."""
        self.players[index]["name"] = name
        self._changed()

    def set_part(self, index: int, part: str, gold: int | None) -> None:
        """Set player ``index``'s gold for ``part`` (one of :data:`PARTS`) as typed, and save. ``None`` is 0.

        Nothing is clamped: a value the rules do not allow is kept, marked at its box, and blocks the result.
        """
        if part not in PARTS:
            raise KeyError(part)
        self.players[index][part] = 0 if gold is None else int(gold)
        self._changed()

    def add_player(self) -> None:
        """Add a blank player (at most 8, the game's maximum)."""
        if len(self.players) >= MAX_PLAYERS:
            self.message.value = error_html(f"Merchants of Magick is for at most {MAX_PLAYERS} players.")
            return
        self.players.append(_blank_player(len(self.players) + 1))
        self._rebuild()
        self._changed()

    def remove_player(self, index: int) -> None:
        """Remove player ``index`` (0-based); the last player cannot be removed."""
        if len(self.players) <= 1:
            self.message.value = error_html("At least one player is needed (the solo game has one).")
            return
        del self.players[index]
        self._rebuild()
        self._changed()

    # ----------------------------------------------------------------- views
    def _changed(self) -> None:
        self.save()
        self._refresh()

    def _rebuild(self) -> None:
        header = widgets.HBox(
            [widgets.HTML("<b>Player</b>", layout=widgets.Layout(width="150px"))]
            + [widgets.HTML(f'<b title="{html.escape(PART_HELP[p])}">{PART_TITLES[p]}</b>',
                            layout=widgets.Layout(width="92px")) for p in PARTS])
        rows = [header]
        self.name_boxes: list[widgets.Text] = []
        self.part_boxes: list[dict[str, WholeNumberBox]] = []
        for index, player in enumerate(self.players):
            name = widgets.Text(value=player["name"], layout=widgets.Layout(width="150px"),
                                continuous_update=True)
            name.observe(lambda ch, i=index: self.set_name(i, ch["new"]), names="value")
            boxes = {}
            for part in PARTS:
                box = WholeNumberBox(value=player[part], layout=widgets.Layout(width="92px"))
                box.observe(lambda _ch, i=index, p=part, b=box: self.set_part(i, p, b.number), names="value")
                boxes[part] = box
            remove = widgets.Button(description="", icon="trash", tooltip="remove this player",
                                    layout=widgets.Layout(width="40px"))
            remove.on_click(lambda _b, i=index: self.remove_player(i))
            self.name_boxes.append(name)
            self.part_boxes.append(boxes)
            rows.append(widgets.HBox([name, *boxes.values(), remove]))
        self.grid.children = rows
        self._refresh()

    def result(self):
        """The scoring module's result for the current entries (raises CompanionError on bad input)."""
        return scoring.score_table({"players": self.players})

    def _typed_problems(self) -> list[tuple[int, str, str]]:
        """The boxes whose text is not a whole number (their last number is kept but never scored)."""
        return [(i, part, box.problem) for i, boxes in enumerate(getattr(self, "part_boxes", []))
                for part, box in boxes.items() if box.problem]

    def _refresh(self) -> None:
        self.message.value = ""
        typed = self._typed_problems()
        try:
            result = self.result()
        except TableError as exc:
            self.marks.show(merge_problems(typed, exc.problems))
            self.message.value = problems_html(self.marks.lines)
            self._no_result()
            return
        except CompanionError as exc:  # pragma: no cover - validate_table reports through TableError
            self.marks.clear()
            self.message.value = error_html(str(exc))
            self._no_result()
            return
        if typed:
            self.marks.show(typed)
            self.message.value = problems_html(self.marks.lines)
            self._no_result()
            return
        self.marks.clear()
        totals = [p["total"] for p in result["players"]]
        names = [p["name"] for p in result["players"]]
        untouched = all_zero(totals)   # nothing typed yet: nobody has won anything
        winners = [] if untouched else result["winners"]
        rows = "".join(
            f"<tr><td>{html.escape(p['name'])}</td>"
            + "".join(f"<td style='text-align:right'>{p[part]}</td>" for part in PARTS)
            + f"<td style='text-align:right'><b>{p['total']}</b></td>"
            + f"<td>{'★ winner' if p['name'] in winners else ''}</td></tr>"
            for p in result["players"])
        head = "".join(f"<th>{PART_TITLES[p]}</th>" for p in PARTS)
        if untouched:
            verdict = "Type each player's gold to see the totals and the winner."
        elif len(winners) > 1:
            verdict = f"Shared win ({max(totals)} gold): {', '.join(map(html.escape, winners))} — equal gold shares the victory."
        else:
            verdict = f"Winner: {html.escape(winners[0])} with {max(totals)} gold."
        self.results.value = (
            "<style>.companion-magick-score td, .companion-magick-score th {padding: 2px 10px}</style>"
            f"<table class='companion-magick-score'><tr><th>Player</th>{head}<th>Total</th><th></th></tr>"
            f"{rows}</table><p><b>{verdict}</b></p>")
        if self.chart is None:
            return
        with self.chart.batch_update():
            for trace, part in zip(self.chart.data, PARTS, strict=True):
                trace.x = names
                trace.y = [p[part] for p in result["players"]]
            self.chart.layout.title.text = self._title(winners)
            set_empty_state(self.chart, "The chart fills in as you type the gold." if untouched else None)

    def _no_result(self) -> None:
        """Show no total, winner or bars while an entry is marked (never a result from partial data)."""
        self.results.value = ""
        if self.chart is None:
            return
        with self.chart.batch_update():
            for trace in self.chart.data:
                trace.x = []
                trace.y = []
            self.chart.layout.title.text = "Gold per player (fix the marked fields to see it)"
            set_empty_state(self.chart, "Fix the marked fields to see the chart.")

    def _boxes_for(self, player: int | None, field: str) -> list[widgets.Widget]:
        """The input boxes showing ``field`` of ``player`` (for :class:`FormMarks`)."""
        if player is None or player >= len(getattr(self, "part_boxes", [])):
            return []
        root = field.split(".", 1)[0]
        if root == "name":
            return [self.name_boxes[player]]
        box = self.part_boxes[player].get(root)
        return [box] if box is not None else []

    def _describe(self, player: int | None, field: str) -> tuple[str, str]:
        """``(player as shown, column title)`` for a problem's message."""
        who = ""
        if player is not None and player < len(self.players):
            who = seat_label(player, [str(p.get("name", "")) for p in self.players])
        root = field.split(".", 1)[0]
        label = {"name": "Player name", "total": "Total", "players": "Players"}.get(root, PART_TITLES.get(root, field))
        return who, label

    def _figure(self) -> go.Figure:
        names = [p["name"] for p in self.players]
        fig = go.Figure([
            go.Bar(name=PART_TITLES[part], x=names, y=[p[part] for p in self.players],
                   marker_color=PART_COLOURS[part], hovertemplate="%{x}: %{y} gold<extra>" + PART_TITLES[part] + "</extra>")
            for part in PARTS])
        try:
            result = self.result()
            untouched = all_zero(p["total"] for p in result["players"])
            title = self._title([] if untouched else result["winners"])
        except CompanionError:
            title, untouched = "Gold per player (fix the marked fields to see it)", False
        set_empty_state(fig, "The chart fills in as you type the gold." if untouched else None)
        fig.update_layout(barmode="stack", title=title, yaxis_title="gold", height=360,
                          margin=dict(l=50, r=10, t=50, b=40), legend=dict(orientation="h", y=-0.15, traceorder="normal"))
        return fig

    @staticmethod
    def _title(winners: list[str]) -> str:
        if not winners:
            return "Gold per player"
        return f"Gold per player (winner{'s' if len(winners) > 1 else ''}: {', '.join(winners)})"

    @staticmethod
    def _help_html() -> str:
        items = "".join(f"<li><b>{PART_TITLES[p]}</b>: {html.escape(PART_HELP[p])}</li>" for p in PARTS)
        return f"<details><summary>What goes in each column</summary><ul>{items}</ul></details>"
