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
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from companion.i18n import _, lazy_gettext
from companion.magick import scoring
from companion.savefile import default_save_dir
from companion.widgets.common import all_zero
from companion.widgets.formcheck import WholeNumberBox
from companion.widgets.scoreform import HeaderCell, ScoreForm

__all__ = ["PARTS", "PART_TITLES", "SAVE_KIND", "ScoreTable", "default_save_path"]

#: The gold parts of a final score, in the order of rules summary 五.6.
PARTS: tuple[str, ...] = scoring.PARTS
#: Column titles (translated each time they are shown).
PART_TITLES: dict[str, Any] = {
    "crafting": lazy_gettext("Crafting"), "research": lazy_gettext("Research"), "orders": lazy_gettext("Orders"),
    "adventurer": lazy_gettext("Adventurer"), "mastery": lazy_gettext("Mastery"), "charms": lazy_gettext("Charms"),
}
PART_HELP: dict[str, Any] = {
    "crafting": lazy_gettext("gold of every completed item row"),
    "research": lazy_gettext("gold of every completed enchantment and charm row"),
    "orders": lazy_gettext("gold printed on every order card you claimed"),
    "adventurer": lazy_gettext("gold printed on your sponsored adventurer (third requirement met)"),
    "mastery": lazy_gettext("8 for the first to meet a mastery card, 4 for later players (each card)"),
    "charms": lazy_gettext("end-game charm bonuses, e.g. +2 per fulfilled order of the charm's category"),
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
    return {"name": _("Player {number}").format(number=number), **{part: 0 for part in PARTS}}


class ScoreTable(ScoreForm):
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
    part_boxes : list of dict of str to WholeNumberBox
        Per player, the box of each part.
    save_panel : SavePanel
        The save file strip (path box, open button, status line); :attr:`path`, :attr:`writable`
        (False after a save could not be read), :attr:`path_text`, :attr:`open_button` and
        :attr:`status` are its attributes.
    """

    SAVE_KIND = SAVE_KIND
    MIN_PLAYERS, MAX_PLAYERS = 1, MAX_PLAYERS
    GRID_CLASSES = ("companion-magick-grid",)

    def __init__(self, save_path: str | Path | None = None, players: int = 2) -> None:
        super().__init__(save_path if save_path is not None else default_save_path(), players, text_width="640px")

    def _init_extra(self, count: int) -> None:
        self.part_boxes: list[dict[str, WholeNumberBox]] = []

    def _blank_player(self, number: int) -> dict[str, Any]:
        return _blank_player(number)

    # ----------------------------------------------------------------- save file
    def _validate(self, document: dict[str, Any]) -> None:
        scoring.validate_table(document, file=None)

    def _take_document(self, document: dict[str, Any]) -> None:
        """The players of a save, after :func:`companion.magick.scoring.validate_table`."""
        players = []
        for index, entry in enumerate(document["players"]):
            player = {"name": entry.get("name", _("Player {number}").format(number=index + 1))}
            for part in PARTS:
                value = entry.get(part, 0)
                if isinstance(value, dict):  # mastery given per card: the form has one box
                    value = sum(value.values())
                player[part] = 0 if value is None else value
            players.append(player)
        self.players = players

    def document(self) -> dict[str, Any]:
        """The save document: ``kind``, ``version``, ``players`` (the shape the scoring module reads) and, while a box
        holds something other than a whole number, ``typed`` (that text, by key path)."""
        return {"kind": SAVE_KIND, "version": 1, "players": self.players, **self._typed_document()}

    # ----------------------------------------------------------------- editing
    def set_part(self, index: int, part: str, gold: int | None) -> None:
        """Set player ``index``'s gold for ``part`` (one of :data:`PARTS`) as typed, and save. ``None`` is 0.

        Nothing is clamped: a value the rules do not allow is kept, marked at its box, and blocks the result.
        """
        if part not in PARTS:
            raise KeyError(part)
        self.players[index][part] = 0 if gold is None else int(gold)
        self._changed()

    # ----------------------------------------------------------------- the grid
    def _header_cells(self) -> list[HeaderCell]:
        return [(html.escape(_("Player")), "150px", "")] + [
            (html.escape(str(PART_TITLES[p])), "92px", str(PART_HELP[p])) for p in PARTS]

    def _rebuild(self) -> None:
        self.part_boxes = []
        super()._rebuild()

    def _player_cells(self, index: int, player: dict[str, Any]) -> list[widgets.Widget]:
        name = widgets.Text(value=player["name"], layout=widgets.Layout(width="150px"), continuous_update=True)
        name.observe(lambda ch, i=index: self.set_name(i, ch["new"]), names="value")
        boxes = {}
        for part in PARTS:
            box = WholeNumberBox(value=player[part], layout=widgets.Layout(width="92px"))
            box.observe(lambda _ch, i=index, p=part, b=box: self.set_part(i, p, b.number), names="value")
            boxes[part] = box
        self.name_boxes.append(name)
        self.part_boxes.append(boxes)
        return [name, *boxes.values()]

    def _number_boxes(self) -> Iterable[tuple[int, str, Any]]:
        for i, boxes in enumerate(self.part_boxes):
            for part, box in boxes.items():
                yield i, part, box

    def _boxes_for(self, player: int | None, field: str) -> list[widgets.Widget]:
        """The input boxes showing ``field`` of ``player`` (for :class:`FormMarks`)."""
        if player is None or player >= len(self.part_boxes):
            return []
        root = field.split(".", 1)[0]
        if root == "name":
            return [self.name_boxes[player]]
        box = self.part_boxes[player].get(root)
        return [box] if box is not None else []

    def _field_label(self, field: str) -> str:
        root = field.split(".", 1)[0]
        labels = {"name": _("Player name"), "total": _("Total"), "players": _("Players")}
        return str(labels.get(root, PART_TITLES.get(root, field)))

    # ----------------------------------------------------------------- results
    def result(self):
        """The scoring module's result for the current entries (raises CompanionError on bad input)."""
        return scoring.score_table({"players": self.players})

    def _results_html(self, result: dict[str, Any]) -> str:
        totals = [p["total"] for p in result["players"]]
        untouched = all_zero(totals)   # nothing typed yet: nobody has won anything
        winners = [] if untouched else result["winners"]
        mark = "★ " + html.escape(_("winner"))
        rows = "".join(
            f"<tr><td>{html.escape(p['name'])}</td>"
            + "".join(f"<td style='text-align:right'>{p[part]}</td>" for part in PARTS)
            + f"<td style='text-align:right'><b>{p['total']}</b></td>"
            + f"<td>{mark if p['name'] in winners else ''}</td></tr>"
            for p in result["players"])
        head = "".join(f"<th>{html.escape(str(PART_TITLES[p]))}</th>" for p in PARTS)
        if untouched:
            verdict = html.escape(_("Type each player's gold to see the totals and the winner."))
        elif len(winners) > 1:
            verdict = _("Shared win ({gold} gold): {names} — equal gold shares the victory.").format(
                gold=max(totals), names=_(", ").join(map(html.escape, winners)))
        else:
            verdict = _("Winner: {winner} with {gold} gold.").format(winner=html.escape(winners[0]), gold=max(totals))
        return ("<style>.companion-magick-score td, .companion-magick-score th {padding: 2px 10px}</style>"
                "<table class='companion-magick-score'><tr><th>" + html.escape(_("Player")) + f"</th>{head}"
                "<th>" + html.escape(_("Total")) + f"</th><th></th></tr>{rows}</table><p><b>{verdict}</b></p>")

    def _chart_values(self, result: dict[str, Any]) -> tuple[list[str], dict[str, list[int]], str, bool]:
        untouched = all_zero(p["total"] for p in result["players"])
        names = [p["name"] for p in result["players"]]
        values = {part: [p[part] for p in result["players"]] for part in PARTS}
        return names, values, self._title([] if untouched else result["winners"]), untouched

    def _parts(self) -> list[tuple[str, str, str]]:
        return [(part, str(PART_TITLES[part]), PART_COLOURS[part]) for part in PARTS]

    def _unit(self) -> str:
        return _("gold")

    def _chart_title(self) -> str:
        return _("Gold per player")

    def _empty_chart_text(self) -> str:
        return _("The chart fills in as you type the gold.")

    def _title(self, winners: list[str]) -> str:
        if not winners:
            return self._chart_title()
        names = _(", ").join(winners)
        if len(winners) > 1:
            return _("Gold per player (winners: {names})").format(names=names)
        return _("Gold per player (winner: {name})").format(name=names)

    def _too_many_text(self) -> str:
        return _("Merchants of Magick is for at most {n} players.").format(n=MAX_PLAYERS)

    def _too_few_text(self) -> str:
        return _("At least one player is needed (the solo game has one).")

    def _help_html(self) -> str:
        items = "".join(f"<li><b>{html.escape(str(PART_TITLES[p]))}</b>: {html.escape(str(PART_HELP[p]))}</li>"
                        for p in PARTS)
        summary = html.escape(_("What goes in each column"))
        return f"<details><summary>{summary}</summary><ul>{items}</ul></details>"
