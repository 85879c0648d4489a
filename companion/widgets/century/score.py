"""Table-side score calculator for Century: Golem Edition, saving every entry as it is typed.

The widget collects, for each player in turn order, the printed points of their golem cards, their
copper and silver coins and the crystals left in their caravan. Totals, the itemised breakdown and the
winner (a tie goes to the tied player latest in turn order) all come from
:mod:`companion.century.scoring`; nothing here decides a rule.

Every change is written at once with :func:`companion.savefile.atomic_write_json`, in the same shape
``companion century score FILE`` reads (plus ``"kind": "century-score"``), so a kernel restart loses
nothing and the save can be scored from the command line. A save that cannot be read is reported and left
untouched; the calculator then writes nothing until another (or the repaired) file is opened.
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

import ipywidgets as widgets
import plotly.graph_objects as go

from companion.century import scoring
from companion.century.cards import COLOURS
from companion.errors import CompanionError, SaveFileError
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

__all__ = ["SAVE_KIND", "CenturyScoreTable", "default_save_path", "parse_golems"]

SAVE_KIND = "century-score"
MIN_PLAYERS, MAX_PLAYERS = 2, 5
COUNT_FIELDS: tuple[str, ...] = ("copper", "silver", *COLOURS)
PART_COLOURS = {"golem_vp": "#7f7f7f", "coin_vp": "#c87533", "crystal_vp": "#17becf"}
PART_TITLES = {"golem_vp": "Golems", "coin_vp": "Coins", "crystal_vp": "Crystals"}
FIELD_TITLES = {"copper": "Copper", "silver": "Silver", "yellow": "Yellow", "green": "Green",
                "blue": "Blue", "pink": "Pink"}


def default_save_path() -> Path:
    """The calculator's save file: ``century-score.json`` in :func:`~companion.savefile.default_save_dir`."""
    return default_save_dir() / "century-score.json"


def parse_golems(text: str) -> list[int]:
    """Read the printed points of a player's golem cards from text such as ``"12, 14 9"``.

    Parameters
    ----------
    text : str
        Whole numbers separated by commas and/or spaces; empty text means no golems.

    Returns
    -------
    list of int
        The printed points (VP), in the order typed. Whether each value is a printed golem value is
        checked by :mod:`companion.century.scoring`, not here.

    Raises
    ------
    CompanionError
        If a token is not a whole number; the message names the token.
    """
    values = []
    for token in text.replace(",", " ").split():
        try:
            values.append(int(token))
        except ValueError:
            raise CompanionError(f"golem points: {token!r} is not a whole number "
                                 "(type the printed points, e.g. 12, 14)") from None
    return values


def _blank_player(number: int) -> dict[str, Any]:
    return {"name": f"Player {number}", "golems": [], "copper": 0, "silver": 0,
            "crystals": {c: 0 for c in COLOURS}}


class CenturyScoreTable(SavePanelOwner, widgets.VBox):
    """Type each player's golems, coins and crystals; see the breakdown, the winner and a chart.

    Parameters
    ----------
    save_path : str or PathLike or None
        The save file (JSON, ``kind: "century-score"``); default :func:`default_save_path`. An
        existing save is loaded; a missing one is created with the first entry.
    players : int
        How many blank players (2–5) to show when there is no save yet.

    Attributes
    ----------
    players : list of dict
        In turn order (first player first), each in the shape ``companion century score`` reads:
        ``name``, ``golems`` (list of printed VP), ``copper``, ``silver`` (coins), ``crystals``
        (``{"yellow": n, "green": n, "blue": n, "pink": n}``).
    golem_texts : list of str
        The golem entry exactly as typed, saved too so a half-typed entry survives a restart.
    save_panel : SavePanel
        The save file strip (path box, open button, status line); :attr:`path`, :attr:`writable`,
        :attr:`path_text`, :attr:`open_button` and :attr:`status` are its attributes.
    """

    def __init__(self, save_path: str | Path | None = None, players: int = 3) -> None:
        count = max(MIN_PLAYERS, min(players, MAX_PLAYERS))
        self.players: list[dict[str, Any]] = [_blank_player(i + 1) for i in range(count)]
        self.golem_texts: list[str] = ["" for _ in self.players]
        self.save_panel = SavePanel(save_path if save_path is not None else default_save_path(),
                                    kind=SAVE_KIND, on_load=self._load)
        self.add_button = widgets.Button(description="Add player", icon="plus")
        self.add_button.on_click(lambda _b: self.add_player())
        self.message = message_box()
        self.rows = widgets.VBox()
        self.rows.add_class(GRID_CLASS)  # headers and rows scroll sideways together
        self.results = widgets.HTML()
        self.golem_errors: dict[int, str] = {}
        self.marks = FormMarks(self._boxes_for, self._describe)
        self.chart = figure_widget(self._figure())
        super().__init__([self.save_panel, style_widget(),
                          widgets.HTML(self._help_html()), self.rows, self.add_button, self.message,
                          self.results, self.chart])
        self.open_save(self.save_panel.path)

    # ------------------------------------------------------------------ save file
    def open_save(self, path: str | Path) -> bool:
        """Use ``path`` as the save file, loading it when it exists.

        Returns
        -------
        bool
            True when the file was loaded or does not exist yet. False when it cannot be read (bad
            JSON, another kind, a malformed player): the error is shown, the file is left untouched
            and nothing is written until a good file is opened.
        """
        ok = self.save_panel.open_save(path)
        self._rebuild()
        return ok

    def _load(self, document: dict[str, Any] | None) -> str:
        """:class:`SavePanel` callback: take over a validated save (``None``: keep the table, new file)."""
        if document is None:
            return f"New save file {self.path}: every entry is saved as you type."
        self.players, self.golem_texts = self._from_document(document)
        return f"Loaded {len(self.players)} players from {self.path}: every entry is saved as you type."

    def _from_document(self, document: dict[str, Any]) -> tuple[list[dict[str, Any]], list[str]]:
        """Players and golem texts of a save, after :func:`companion.century.scoring.validate_table`.

        A save of the wrong shape (text where a number belongs, an unknown key, 6 players...) is refused as
        corrupt (:class:`SaveFileError`; the file is left untouched). Values of the right type that the rules do
        not allow are loaded and marked, as if just typed.
        """
        try:
            scoring.validate_table(document, file=None)
        except TableError as exc:
            shape = exc.shape_problems
            if shape:
                raise SaveFileError(f"{shape[0].key_path}: {shape[0].message}; the file was left untouched",
                                    path=str(self.path)) from None
        players, texts = [], []
        for i, entry in enumerate(document["players"]):
            player = _blank_player(i + 1)
            player["name"] = entry.get("name", player["name"])
            player["golems"] = list(entry.get("golems", []))
            for field in ("copper", "silver"):
                player[field] = entry.get(field, 0)
            for colour in COLOURS:
                player["crystals"][colour] = entry.get("crystals", {}).get(colour, 0)
            players.append(player)
        typed = document.get("golem_texts")
        for i, player in enumerate(players):
            text = typed[i] if isinstance(typed, list) and i < len(typed) else None
            texts.append(text if isinstance(text, str) else ", ".join(map(str, player["golems"])))
        return players, texts

    def document(self) -> dict[str, Any]:
        """The save document: ``kind``, ``version``, ``players`` (exactly the shape ``companion century score``
        reads, so the save can be scored from the command line) and ``golem_texts`` (the golem entries as typed)."""
        return {"kind": SAVE_KIND, "version": 1, "players": self.players, "golem_texts": list(self.golem_texts)}

    def save(self) -> bool:
        """Write the table to the save file now (atomically). False when writing is blocked or fails."""
        return self.save_panel.save(self.document())

    # ------------------------------------------------------------------ editing (plain callbacks)
    def set_name(self, index: int, name: str) -> None:
        """Rename player ``index`` (0-based, turn order) and save."""
        self.players[index]["name"] = name
        self._changed()

    def set_golems(self, index: int, text: str) -> None:
        """Set player ``index``'s golems from typed text (see :func:`parse_golems`) and save.

        Text that cannot be read is saved as typed and marked at the golem box; no result is shown until it
        is fixed (the last readable list is kept in :attr:`players`, but never scored meanwhile).
        """
        self.golem_texts[index] = text
        try:
            self.players[index]["golems"] = parse_golems(text)
        except CompanionError as exc:
            self.golem_errors[index] = str(exc).removeprefix("golem points: ")
        else:
            self.golem_errors.pop(index, None)
        self._changed()

    def set_count(self, index: int, field: str, value: int | None) -> None:
        """Set player ``index``'s ``field`` (``copper``, ``silver`` or a colour) as typed and save; ``None`` is 0.

        Nothing is clamped: a count the rules do not allow is kept, marked at its box, and blocks the result.
        """
        value = 0 if value is None else int(value)
        if field in COLOURS:
            self.players[index]["crystals"][field] = value
        elif field in ("copper", "silver"):
            self.players[index][field] = value
        else:
            raise KeyError(field)
        self._changed()

    def add_player(self) -> None:
        """Add a blank player at the end of the turn order (at most 5)."""
        if len(self.players) >= MAX_PLAYERS:
            self.message.value = error_html(f"Century: Golem Edition is for {MIN_PLAYERS}–{MAX_PLAYERS} players.")
            return
        self.players.append(_blank_player(len(self.players) + 1))
        self.golem_texts.append("")
        self._rebuild()
        self.save()

    def remove_player(self, index: int) -> None:
        """Remove player ``index`` (0-based); at least 2 players stay."""
        if len(self.players) <= MIN_PLAYERS:
            self.message.value = error_html(f"Century: Golem Edition needs at least {MIN_PLAYERS} players.")
            return
        del self.players[index]
        del self.golem_texts[index]
        self._reparse_golems()
        self._rebuild()
        self.save()

    def move_up(self, index: int) -> None:
        """Swap player ``index`` with the one before, fixing the turn order (it decides ties)."""
        if index <= 0:
            return
        for items in (self.players, self.golem_texts):
            items[index - 1], items[index] = items[index], items[index - 1]
        self._reparse_golems()
        self._rebuild()
        self.save()

    def _reparse_golems(self) -> None:
        """Recompute which golem texts cannot be read (after players were removed or reordered)."""
        self.golem_errors = {}
        for i, text in enumerate(self.golem_texts):
            try:
                parse_golems(text)
            except CompanionError as exc:
                self.golem_errors[i] = str(exc).removeprefix("golem points: ")

    # ------------------------------------------------------------------ views
    def _changed(self) -> None:
        self.save()
        self._refresh()

    def _rebuild(self) -> None:
        def cell(text: str, width: str, title: str = "") -> widgets.HTML:
            return widgets.HTML(f'<b title="{html.escape(title)}">{text}</b>', layout=widgets.Layout(width=width))

        header = widgets.HBox([cell("#", "28px"), cell("Player", "140px"),
                               cell("Golems (printed points)", "200px", "e.g. 12, 14, 9"),
                               *(cell(FIELD_TITLES[f], "72px") for f in COUNT_FIELDS)])
        self.name_boxes: list[widgets.Text] = []
        self.golem_boxes: list[widgets.Text] = []
        self.count_boxes: list[dict[str, WholeNumberBox]] = []
        rows: list[widgets.Widget] = [header]
        for i, player in enumerate(self.players):
            name = widgets.Text(value=player["name"], layout=widgets.Layout(width="140px"))
            name.observe(lambda ch, i=i: self.set_name(i, ch["new"]), names="value")
            golems = widgets.Text(value=self.golem_texts[i], placeholder="e.g. 12, 14",
                                  layout=widgets.Layout(width="200px"))
            golems.observe(lambda ch, i=i: self.set_golems(i, ch["new"]), names="value")
            counts = {}
            for field in COUNT_FIELDS:
                value = player["crystals"][field] if field in COLOURS else player[field]
                box = WholeNumberBox(value=value, layout=widgets.Layout(width="72px"))
                box.observe(lambda _ch, i=i, f=field, b=box: self.set_count(i, f, b.number), names="value")
                counts[field] = box
            up = widgets.Button(icon="arrow-up", tooltip="earlier in turn order", layout=widgets.Layout(width="36px"),
                                disabled=i == 0)
            up.on_click(lambda _b, i=i: self.move_up(i))
            remove = widgets.Button(icon="trash", tooltip="remove this player", layout=widgets.Layout(width="36px"))
            remove.on_click(lambda _b, i=i: self.remove_player(i))
            self.name_boxes.append(name)
            self.golem_boxes.append(golems)
            self.count_boxes.append(counts)
            rows.append(widgets.HBox([widgets.HTML(f"{i + 1}.", layout=widgets.Layout(width="28px")),
                                      name, golems, *counts.values(), up, remove]))
        self.rows.children = rows
        self._refresh()

    def result(self) -> scoring.TableScore:
        """The scoring module's breakdown for the current entries.

        Raises
        ------
        CompanionError
            When an entry is out of range, e.g. a golem value that is not printed on any card or more
            than 10 crystals (the scoring module's message names the player and field).
        """
        return scoring.score_table(scoring.parse_table({"players": self.players}))

    def _refresh(self) -> None:
        self.message.value = ""
        problems: list[Any] = [(i, "golems", msg) for i, msg in sorted(self.golem_errors.items())]
        typed = [(i, f"crystals.{field}" if field in COLOURS else field, box.problem)
                 for i, boxes in enumerate(getattr(self, "count_boxes", [])) for field, box in boxes.items()
                 if box.problem]
        problems += typed
        result = None
        try:
            result = self.result()
        except TableError as exc:
            problems = merge_problems(problems, [p for p in exc.problems
                                                 if not (p.player in self.golem_errors and p.field.startswith("golems"))])
        except CompanionError as exc:  # pragma: no cover - validate_table reports through TableError
            problems.append((None, "players", str(exc)))
        if problems or result is None:
            self.marks.show(problems)
            self.message.value = problems_html(self.marks.lines)
            self._no_result()
            return
        self.marks.clear()
        rows = result.lines
        winner = result.winner
        untouched = all_zero(p.total for p in rows)   # nothing typed yet: nobody has won anything
        body = "".join(
            f"<tr><td>{i + 1}</td><td>{html.escape(p.name)}</td><td>{p.golem_vp}</td>"
            f"<td>{p.coin_vp}</td><td>{p.crystal_vp}</td><td><b>{p.total}</b></td>"
            f"<td>{'<b>winner</b>' if i == result.winner_index and not untouched else ''}</td></tr>"
            for i, p in enumerate(rows))
        best = rows[result.winner_index].total
        tied = result.tied
        if untouched:
            verdict = "Type each player's golems, coins and crystals to see the scores and the winner."
        elif len(tied) > 1:
            verdict = (f"Tie on {best} VP between {', '.join(map(html.escape, tied))}: "
                       f"<b>{html.escape(winner)}</b> wins as the tied player latest in turn order.")
        else:
            verdict = f"Winner: <b>{html.escape(winner)}</b> with {best} VP."
        self.results.value = (
            "<style>.companion-century-score td, .companion-century-score th {padding: 2px 12px; "
            "text-align: right} .companion-century-score td:nth-child(2), .companion-century-score "
            "th:nth-child(2) {text-align: left}</style>"
            "<table class='companion-century-score'><tr><th>#</th><th>Player</th><th>Golems</th>"
            "<th>Coins</th><th>Crystals</th><th>Total</th><th></th></tr>"
            f"{body}</table><p class='companion-century-verdict'>{verdict}</p>")
        names = [f"{i + 1}. {p.name}" for i, p in enumerate(rows)]
        with self.chart.batch_update():
            for trace, part in zip(self.chart.data, PART_TITLES, strict=True):
                trace.x = names
                trace.y = [getattr(p, part) for p in rows]
            self.chart.layout.title.text = "VP per player" if untouched else f"VP per player (winner: {winner})"
            set_empty_state(self.chart, "The chart fills in as you type the scores." if untouched else None)

    def _no_result(self) -> None:
        """Show no total, winner or bars while an entry is marked (never a result from partial data)."""
        self.results.value = ""
        with self.chart.batch_update():
            for trace in self.chart.data:
                trace.x = []
                trace.y = []
            self.chart.layout.title.text = "VP per player (fix the marked fields to see it)"
            set_empty_state(self.chart, "Fix the marked fields to see the chart.")

    def _boxes_for(self, player: int | None, field: str) -> list[widgets.Widget]:
        """The input boxes showing ``field`` of ``player`` (for :class:`FormMarks`)."""
        if player is None or player >= len(getattr(self, "count_boxes", [])):
            return []
        root, _, rest = field.partition(".")
        root = root.split("[", 1)[0]
        if root == "name":
            return [self.name_boxes[player]]
        if root == "golems":
            return [self.golem_boxes[player]]
        if root == "crystals":
            return [self.count_boxes[player][rest]] if rest in COLOURS else [self.count_boxes[player][c] for c in COLOURS]
        box = self.count_boxes[player].get(root)
        return [box] if box is not None else []

    def _describe(self, player: int | None, field: str) -> tuple[str, str]:
        """``(player as shown, column title)`` for a problem's message."""
        who = ""
        if player is not None and player < len(self.players):
            who = seat_label(player, [str(p.get("name", "")) for p in self.players])
        root, _, rest = field.partition(".")
        root = root.split("[", 1)[0]
        if root == "crystals":
            label = FIELD_TITLES.get(rest, "Crystals") + (" crystals" if rest else "")
        else:
            label = {"name": "Player", "golems": "Golems (printed points)", "players": "Players"}.get(
                root, FIELD_TITLES.get(root, field))
        return who, label

    def _figure(self) -> go.Figure:
        names = [f"{i + 1}. {p['name']}" for i, p in enumerate(self.players)]
        fig = go.Figure([go.Bar(name=title, x=names, y=[0] * len(names), marker_color=PART_COLOURS[part],
                                hovertemplate="%{x}: %{y} VP<extra>" + title + "</extra>")
                         for part, title in PART_TITLES.items()])
        fig.update_layout(barmode="stack", title="VP per player", yaxis_title="VP", height=340,
                          margin=dict(l=50, r=10, t=50, b=40), legend=dict(orientation="h", y=-0.18))
        return fig

    @staticmethod
    def _help_html() -> str:
        return ("<details><summary>What to type</summary><ul>"
                "<li>Players in <b>turn order</b>, first player first (the order decides ties).</li>"
                "<li><b>Golems</b>: the printed points of each golem card, e.g. <code>12, 14, 9</code>.</li>"
                "<li><b>Copper</b> coins score 3 VP each, <b>silver</b> 1 VP each.</li>"
                "<li>Crystals left in the caravan: green, blue and pink score 1 VP each; yellow scores 0.</li>"
                "</ul></details>")
