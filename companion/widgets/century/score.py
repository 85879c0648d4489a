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
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from companion.century import scoring
from companion.century.cards import COLOURS
from companion.errors import CompanionError
from companion.i18n import LazyString, _, lazy_gettext, pgettext
from companion.savefile import default_save_dir
from companion.widgets.common import all_zero
from companion.widgets.formcheck import WholeNumberBox
from companion.widgets.scoreform import HeaderCell, ScoreForm

__all__ = ["SAVE_KIND", "CenturyScoreTable", "default_save_path", "parse_golems"]

SAVE_KIND = "century-score"
MIN_PLAYERS, MAX_PLAYERS = 2, 5
COUNT_FIELDS: tuple[str, ...] = ("copper", "silver", *COLOURS)


def _crystal_title(colour: str) -> str:
    """A crystal colour as a column title; with a context, since "Blue" of a Terra Mystica faction is another
    word in Chinese (蓝) than the blue crystal (青色)."""
    return {"yellow": pgettext("crystal colour", "Yellow"), "green": pgettext("crystal colour", "Green"),
            "blue": pgettext("crystal colour", "Blue"), "pink": pgettext("crystal colour", "Pink")}[colour]


PART_COLOURS = {"golem_vp": "#7f7f7f", "coin_vp": "#c87533", "crystal_vp": "#17becf"}
PART_TITLES = {"golem_vp": lazy_gettext("Golems"), "coin_vp": lazy_gettext("Coins"),
               "crystal_vp": lazy_gettext("Crystals")}
FIELD_TITLES = {"copper": lazy_gettext("Copper"), "silver": lazy_gettext("Silver"),
                **{colour: LazyString(_crystal_title, colour) for colour in COLOURS}}
CRYSTAL_FIELD_TITLES = {"yellow": lazy_gettext("Yellow crystals"), "green": lazy_gettext("Green crystals"),
                        "blue": lazy_gettext("Blue crystals"), "pink": lazy_gettext("Pink crystals")}


def default_save_path() -> Path:
    """The calculator's save file: ``century-score.json`` in :func:`~companion.savefile.default_save_dir`."""
    return default_save_dir() / "century-score.json"


def _golem_problem(token: str) -> str:
    return _("{token!r} is not a whole number (type the printed points, e.g. 12, 14)").format(token=token)


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
        If a token is not a whole number; the message names the token (in the current language).
    """
    values = []
    for token in text.replace(",", " ").replace("，", " ").split():
        try:
            values.append(int(token))
        except ValueError:
            raise CompanionError(_("golem points: {problem}").format(problem=_golem_problem(token))) from None
    return values


def _golem_text_problem(text: str) -> str | None:
    """Why typed golem points cannot be read (None when they can), without the "golem points:" prefix."""
    for token in text.replace(",", " ").replace("，", " ").split():
        try:
            int(token)
        except ValueError:
            return _golem_problem(token)
    return None


def _blank_player(number: int) -> dict[str, Any]:
    return {"name": _("Player {number}").format(number=number), "golems": [], "copper": 0, "silver": 0,
            "crystals": {c: 0 for c in COLOURS}}


class CenturyScoreTable(ScoreForm):
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
    rows : ipywidgets.VBox
        The grid of boxes (the base's :attr:`grid`).
    save_panel : SavePanel
        The save file strip (path box, open button, status line); :attr:`path`, :attr:`writable`,
        :attr:`path_text`, :attr:`open_button` and :attr:`status` are its attributes.
    """

    SAVE_KIND = SAVE_KIND
    MIN_PLAYERS, MAX_PLAYERS = MIN_PLAYERS, MAX_PLAYERS
    REORDERABLE = True
    STICKY_CELLS = 2   # the row's number and the player's name

    def __init__(self, save_path: str | Path | None = None, players: int = 3) -> None:
        super().__init__(save_path if save_path is not None else default_save_path(), players)

    @property
    def rows(self) -> widgets.VBox:
        """The grid of boxes: the header row, then one row per player."""
        return self.grid

    # ------------------------------------------------------------------ per-player state
    def _init_extra(self, count: int) -> None:
        self.golem_texts: list[str] = ["" for _i in range(count)]
        self.golem_boxes: list[widgets.Text] = []
        self.count_boxes: list[dict[str, WholeNumberBox]] = []

    def _blank_player(self, number: int) -> dict[str, Any]:
        return _blank_player(number)

    def _insert_player(self) -> None:
        super()._insert_player()
        self.golem_texts.append("")

    def _delete_player(self, index: int) -> None:
        super()._delete_player(index)
        del self.golem_texts[index]

    def _swap_players(self, a: int, b: int) -> None:
        super()._swap_players(a, b)
        self.golem_texts[a], self.golem_texts[b] = self.golem_texts[b], self.golem_texts[a]

    # ------------------------------------------------------------------ save file
    def _validate(self, document: dict[str, Any]) -> None:
        scoring.validate_table(document, file=None)

    def _take_document(self, document: dict[str, Any]) -> None:
        """Players and golem texts of a save, after :func:`companion.century.scoring.validate_table`."""
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
        self.players, self.golem_texts = players, texts

    def document(self) -> dict[str, Any]:
        """The save document: ``kind``, ``version``, ``players`` (exactly the shape ``companion century score``
        reads, so the save can be scored from the command line), ``golem_texts`` (the golem entries as typed) and, while a
        count box holds something other than a whole number, ``typed`` (that text, by key path)."""
        return {"kind": SAVE_KIND, "version": 1, "players": self.players, "golem_texts": list(self.golem_texts),
                **self._typed_document()}

    # ------------------------------------------------------------------ editing (plain callbacks)
    def set_golems(self, index: int, text: str) -> None:
        """Set player ``index``'s golems from typed text (see :func:`parse_golems`) and save.

        Text that cannot be read is saved as typed and marked at the golem box; no result is shown until it
        is fixed (the last readable list is kept in :attr:`players`, but never scored meanwhile).
        """
        self.golem_texts[index] = text
        if _golem_text_problem(text) is None:
            self.players[index]["golems"] = parse_golems(text)
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

    @property
    def golem_errors(self) -> dict[int, str]:
        """Player index -> why their typed golem points cannot be read (in the current language)."""
        found = {}
        for i, text in enumerate(self.golem_texts):
            problem = _golem_text_problem(text)
            if problem is not None:
                found[i] = problem
        return found

    # ------------------------------------------------------------------ the grid
    def _header_cells(self) -> list[HeaderCell]:
        return [("#", "28px", ""), (html.escape(_("Player")), "140px", ""),
                (html.escape(_("Golems (printed points)")), "200px", _("e.g. 12, 14, 9")),
                *((html.escape(str(FIELD_TITLES[f])), "72px", "") for f in COUNT_FIELDS)]

    def _player_cells(self, index: int, player: dict[str, Any]) -> list[widgets.Widget]:
        if index == 0:
            self.golem_boxes, self.count_boxes = [], []
        name = widgets.Text(value=player["name"], layout=widgets.Layout(width="140px"))
        name.observe(lambda ch, i=index: self.set_name(i, ch["new"]), names="value")
        golems = widgets.Text(value=self.golem_texts[index], placeholder=_("e.g. 12, 14"),
                              layout=widgets.Layout(width="200px"))
        golems.observe(lambda ch, i=index: self.set_golems(i, ch["new"]), names="value")
        counts = {}
        for field in COUNT_FIELDS:
            value = player["crystals"][field] if field in COLOURS else player[field]
            box = WholeNumberBox(value=value, layout=widgets.Layout(width="72px"))
            box.observe(lambda _ch, i=index, f=field, b=box: self.set_count(i, f, b.number), names="value")
            counts[field] = box
        self.name_boxes.append(name)
        self.golem_boxes.append(golems)
        self.count_boxes.append(counts)
        return [widgets.HTML(f"{index + 1}.", layout=widgets.Layout(width="28px")), name, golems, *counts.values()]

    def _rebuild(self) -> None:
        self.golem_boxes, self.count_boxes = [], []
        super()._rebuild()

    def _retranslate_cells(self) -> None:
        for box in self.golem_boxes:
            box.placeholder = _("e.g. 12, 14")

    def _number_boxes(self) -> Iterable[tuple[int, str, Any]]:
        for i, boxes in enumerate(self.count_boxes):
            for field, box in boxes.items():
                yield i, (f"crystals.{field}" if field in COLOURS else field), box

    def _extra_problems(self) -> list[tuple[int | None, str, str]]:
        return [(i, "golems", msg) for i, msg in sorted(self.golem_errors.items())]

    def _filter_table_problems(self, problems: Sequence[Any]) -> list[Any]:
        unreadable = self.golem_errors
        return [p for p in problems if not (p.player in unreadable and p.field.startswith("golems"))]

    def _boxes_for(self, player: int | None, field: str) -> list[widgets.Widget]:
        """The input boxes showing ``field`` of ``player`` (for :class:`FormMarks`)."""
        if player is None or player >= len(self.count_boxes):
            return []
        root, _sep, rest = field.partition(".")
        root = root.split("[", 1)[0]
        if root == "name":
            return [self.name_boxes[player]]
        if root == "golems":
            return [self.golem_boxes[player]]
        if root == "crystals":
            return [self.count_boxes[player][rest]] if rest in COLOURS else [self.count_boxes[player][c] for c in COLOURS]
        box = self.count_boxes[player].get(root)
        return [box] if box is not None else []

    def _field_label(self, field: str) -> str:
        root, _sep, rest = field.partition(".")
        root = root.split("[", 1)[0]
        if root == "crystals":
            return str(CRYSTAL_FIELD_TITLES.get(rest, PART_TITLES["crystal_vp"]))
        labels = {"name": _("Player"), "golems": _("Golems (printed points)"), "players": _("Players")}
        return str(labels.get(root, FIELD_TITLES.get(root, field)))

    # ------------------------------------------------------------------ results
    def result(self) -> scoring.TableScore:
        """The scoring module's breakdown for the current entries.

        Raises
        ------
        CompanionError
            When an entry is out of range, e.g. a golem value that is not printed on any card or more
            than 10 crystals (the scoring module's message names the player and field).
        """
        return scoring.score_table(scoring.parse_table({"players": self.players}))

    def _results_html(self, result: scoring.TableScore) -> str:
        rows = result.lines
        winner = result.winner
        untouched = all_zero(p.total for p in rows)   # nothing typed yet: nobody has won anything
        mark = "<b>" + html.escape(_("winner")) + "</b>"
        body = "".join(
            f"<tr><td>{i + 1}</td><td>{html.escape(p.name)}</td><td>{p.golem_vp}</td>"
            f"<td>{p.coin_vp}</td><td>{p.crystal_vp}</td><td><b>{p.total}</b></td>"
            f"<td>{mark if i == result.winner_index and not untouched else ''}</td></tr>"
            for i, p in enumerate(rows))
        best = rows[result.winner_index].total
        tied = result.tied
        if untouched:
            verdict = html.escape(_("Type each player's golems, coins and crystals to see the scores and the winner."))
        elif len(tied) > 1:
            verdict = _("Tie on {vp} VP between {names}: <b>{winner}</b> wins as the tied player latest in "
                        "turn order.").format(vp=best, names=_(", ").join(map(html.escape, tied)),
                                              winner=html.escape(winner))
        else:
            verdict = _("Winner: <b>{winner}</b> with {vp} VP.").format(winner=html.escape(winner), vp=best)
        head = "".join(f"<th>{html.escape(t)}</th>" for t in (
            "#", _("Player"), str(PART_TITLES["golem_vp"]), str(PART_TITLES["coin_vp"]),
            str(PART_TITLES["crystal_vp"]), _("Total"), ""))
        return ("<style>.companion-century-score td, .companion-century-score th {padding: 2px 12px; "
                "text-align: right} .companion-century-score td:nth-child(2), .companion-century-score "
                "th:nth-child(2) {text-align: left}</style>"
                f"<table class='companion-century-score'><tr>{head}</tr>"
                f"{body}</table><p class='companion-century-verdict'>{verdict}</p>")

    def _chart_values(self, result: scoring.TableScore) -> tuple[list[str], dict[str, list[int]], str, bool]:
        rows = result.lines
        untouched = all_zero(p.total for p in rows)
        names = [f"{i + 1}. {p.name}" for i, p in enumerate(rows)]
        values = {part: [getattr(p, part) for p in rows] for part in PART_TITLES}
        title = self._chart_title() if untouched else _("VP per player (winner: {winner})").format(winner=result.winner)
        return names, values, title, untouched

    def _parts(self) -> list[tuple[str, str, str]]:
        return [(part, str(title), PART_COLOURS[part]) for part, title in PART_TITLES.items()]

    def _unit(self) -> str:
        return _("VP")

    def _chart_title(self) -> str:
        return _("VP per player")

    def _empty_chart_text(self) -> str:
        return _("The chart fills in as you type the scores.")

    def _too_many_text(self) -> str:
        return _("Century: Golem Edition is for {low}–{high} players.").format(low=MIN_PLAYERS, high=MAX_PLAYERS)

    def _too_few_text(self) -> str:
        return _("Century: Golem Edition needs at least {n} players.").format(n=MIN_PLAYERS)

    def _help_html(self) -> str:
        items = [
            _("Players in <b>turn order</b>, first player first (the order decides ties)."),
            _("<b>Golems</b>: the printed points of each golem card, e.g. <code>12, 14, 9</code>."),
            _("<b>Copper</b> coins score 3 VP each, <b>silver</b> 1 VP each."),
            _("Crystals left in the caravan: green, blue and pink score 1 VP each; yellow scores 0."),
        ]
        return ("<details><summary>" + html.escape(_("What to type")) + "</summary><ul>"
                + "".join(f"<li>{item}</li>" for item in items) + "</ul></details>")
