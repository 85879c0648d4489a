"""The table-side score form shared by the Century and the Merchants of Magick calculators.

A score form is a save panel, a grid of boxes (one row per player, a header above), an *Add player*
button, a message line, the results table and a stacked bar chart. :class:`ScoreForm` does everything
those two games have in common: loading and saving every entry as it is typed
(:class:`~companion.widgets.savepanel.SavePanel`), adding, removing and (optionally) reordering players,
marking entries the rules refuse at their box (:class:`~companion.widgets.formcheck.FormMarks`), showing
no total, winner or bar while an entry is marked, drawing the chart in place, and redrawing every label in
the new language when :func:`companion.i18n.set_language` is called.

A game's form (:mod:`companion.widgets.century.score`, :mod:`companion.widgets.magick.score`) keeps only
its columns (header cells and boxes), its save document, and the call of its game's calculator
(``validate_table`` and ``score_table`` of its scoring module). Nothing here decides a rule.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any, ClassVar

import ipywidgets as widgets
import plotly.graph_objects as go

from companion.errors import CompanionError, SaveFileError
from companion.i18n import _, add_language_listener, remove_language_listener
from companion.validation import TYPED_KEY, TableError, typed_by_seat
from companion.widgets.common import error_html, figure_widget, info_html, message_box, set_empty_state
from companion.widgets.formcheck import (
    GRID_CLASS,
    STICKY_CLASS,
    FormMarks,
    merge_problems,
    problems_html,
    seat_label,
    style_widget,
)
from companion.widgets.savepanel import SavePanel, SavePanelOwner
from companion.widgets.touch import show_tooltip, tip_html

__all__ = ["HeaderCell", "ScoreForm"]

#: A header cell of the grid: ``(text, width, tooltip)``; the text may hold HTML (already escaped).
HeaderCell = tuple[str, str, str]


class ScoreForm(SavePanelOwner, widgets.VBox):
    """Base of a game's score form: players as rows, every entry saved as typed, results and chart.

    Parameters
    ----------
    save_path : str or PathLike
        The save file (JSON of :attr:`SAVE_KIND`). An existing save is loaded; a missing one is created with
        the first entry.
    players : int
        How many blank players to show when there is no save yet (clamped to
        :attr:`MIN_PLAYERS`–:attr:`MAX_PLAYERS`).
    text_width : str
        Width of the save panel's path box (CSS).

    Attributes
    ----------
    players : list of dict
        One dict per player, in the shape the game's scoring module reads.
    grid : ipywidgets.VBox
        The header row and one row of boxes per player (scrolls sideways as one on a narrow screen).
    results : ipywidgets.HTML
        The breakdown table and the verdict (empty while an entry is marked).
    message : ipywidgets.HTML
        The problems, one line each, naming the player and the column.
    chart : LiveFigureWidget
        The stacked bars, one trace per part of :meth:`_parts`, drawn in place.
    save_panel : SavePanel
        The save file strip; :attr:`path`, :attr:`writable`, :attr:`path_text`, :attr:`open_button` and
        :attr:`status` are its attributes.

    Notes
    -----
    A subclass sets :attr:`SAVE_KIND`, :attr:`MIN_PLAYERS`, :attr:`MAX_PLAYERS` and implements
    :meth:`_blank_player`, :meth:`_header_cells`, :meth:`_player_cells`, :meth:`_number_boxes`,
    :meth:`_take_document`, :meth:`document`, :meth:`result`, :meth:`_validate`, :meth:`_results_html`,
    :meth:`_chart_values`, :meth:`_parts`, :meth:`_boxes_for`, :meth:`_field_label` and :meth:`_help_html`.
    """

    SAVE_KIND: ClassVar[str] = ""
    MIN_PLAYERS: ClassVar[int] = 1
    MAX_PLAYERS: ClassVar[int] = 8
    #: Whether each row has an "earlier in turn order" button (the order decides ties).
    REORDERABLE: ClassVar[bool] = False
    #: Extra CSS classes of the grid (browser tests find the boxes by them).
    GRID_CLASSES: ClassVar[tuple[str, ...]] = ()
    #: How many cells at the start of each row (the header's too) stay in view while the grid scrolls sideways.
    STICKY_CELLS: ClassVar[int] = 1

    def __init__(self, save_path: str | Path, players: int, *, text_width: str = "600px") -> None:
        count = max(self.MIN_PLAYERS, min(players, self.MAX_PLAYERS))
        self.players: list[dict[str, Any]] = [self._blank_player(i + 1) for i in range(count)]
        #: per player, ``{field path: text}`` of the number boxes whose text is not a whole number (saved as typed)
        self.typed_texts: list[dict[str, str]] = [{} for _i in range(count)]
        self._building = False
        self._init_extra(count)
        self.save_panel = SavePanel(save_path, kind=self.SAVE_KIND, on_load=self._load, text_width=text_width)
        self.add_button = widgets.Button(description=_("Add player"), icon="plus")
        self.add_button.on_click(lambda _b: self.add_player())
        self.message = message_box()
        self.grid = widgets.VBox()
        self.grid.add_class(GRID_CLASS)  # headers and rows scroll sideways together
        for name in self.GRID_CLASSES:
            self.grid.add_class(name)
        self.results = widgets.HTML()
        self.help = widgets.HTML(self._help_html())
        self.marks = FormMarks(self._boxes_for, self._describe)
        self.name_boxes: list[widgets.Text] = []
        self.header_cells: list[widgets.HTML] = []
        self.up_buttons: list[widgets.Button] = []
        self.remove_buttons: list[widgets.Button] = []
        self.chart = None
        self._load_note: Callable[[], str] | None = None   # the last load's status line, in any language
        self._load_html = ""
        self.open_save(self.save_panel.path)
        # built complete after loading: a FigureWidget changed before the browser draws it may stay blank
        self.chart = figure_widget(self._figure())
        super().__init__([self.save_panel, style_widget(), self.help, self.grid, self.add_button, self.message,
                          self.results, self.chart])
        add_language_listener(self._retranslate)

    # ------------------------------------------------------------------ hooks of a game's form
    def _init_extra(self, count: int) -> None:
        """Set up per-player state beside :attr:`players` (``count`` blank players)."""

    def _blank_player(self, number: int) -> dict[str, Any]:
        """A blank player named ``Player {number}`` (1-based)."""
        raise NotImplementedError

    def _header_cells(self) -> list[HeaderCell]:
        """The grid's header, in the current language, left to right (the row buttons have none)."""
        raise NotImplementedError

    def _player_cells(self, index: int, player: dict[str, Any]) -> list[widgets.Widget]:
        """The widgets of player ``index``'s row (its name box in :attr:`name_boxes` too), wired to save."""
        raise NotImplementedError

    def _number_boxes(self) -> Iterable[tuple[int, str, Any]]:
        """Every number box as ``(player, field path, box)`` (for the boxes whose text is not a number)."""
        raise NotImplementedError

    def _take_document(self, document: dict[str, Any]) -> None:
        """Take the players (and any per-player state) of a validated save."""
        raise NotImplementedError

    def document(self) -> dict[str, Any]:
        """The save document (``kind``, ``version``, ``players`` ...)."""
        raise NotImplementedError

    def result(self) -> Any:
        """The game's scoring module's result for the current entries (raises CompanionError)."""
        raise NotImplementedError

    def _validate(self, document: dict[str, Any]) -> None:
        """Run the game's ``validate_table`` on a save (raises :class:`TableError`)."""
        raise NotImplementedError

    def _results_html(self, result: Any) -> str:
        """The breakdown table and verdict of a result, in the current language."""
        raise NotImplementedError

    def _chart_values(self, result: Any) -> tuple[list[str], dict[str, list[int]], str, bool]:
        """``(x labels, {part: y values}, title, untouched)`` of a result; untouched: nothing typed yet."""
        raise NotImplementedError

    def _parts(self) -> list[tuple[str, str, str]]:
        """The chart's parts: ``(key, title in the current language, colour)``, bottom of the stack first."""
        raise NotImplementedError

    def _unit(self) -> str:
        """The chart's unit, in the current language (``VP``, ``gold``)."""
        raise NotImplementedError

    def _chart_title(self) -> str:
        """The chart's title with no result to show."""
        raise NotImplementedError

    def _empty_chart_text(self) -> str:
        """What the empty chart says before anything is typed."""
        raise NotImplementedError

    def _boxes_for(self, player: int | None, field: str) -> list[widgets.Widget]:
        """The input boxes showing ``field`` of ``player`` (for :class:`FormMarks`)."""
        raise NotImplementedError

    def _field_label(self, field: str) -> str:
        """The column title of a problem's field path, in the current language."""
        raise NotImplementedError

    def _help_html(self) -> str:
        """The "what to type" help, in the current language."""
        raise NotImplementedError

    def _too_many_text(self) -> str:
        """Why no player can be added."""
        return _("At most {n} players can play.").format(n=self.MAX_PLAYERS)

    def _too_few_text(self) -> str:
        """Why no player can be removed."""
        return _("At least {n} players are needed.").format(n=self.MIN_PLAYERS)

    def _filter_table_problems(self, problems: Sequence[Any]) -> list[Any]:
        """The scoring module's problems that are shown (default: all)."""
        return list(problems)

    def _extra_problems(self) -> list[tuple[int | None, str, str]]:
        """Problems found by the form itself besides the number boxes (default: none)."""
        return []

    def _retranslate_cells(self) -> None:
        """Set the texts of a game's own boxes (placeholders, tooltips) in the current language."""

    # ------------------------------------------------------------------ save file
    def open_save(self, path: str | Path) -> bool:
        """Use ``path`` as the save file, loading it when it exists.

        Returns
        -------
        bool
            True when the file was loaded or does not exist yet. False when it cannot be read (bad JSON,
            another kind, a malformed player): the error is shown, the file is left untouched and nothing is
            written until a good file is opened.
        """
        ok = self.save_panel.open_save(path)
        self._rebuild()
        return ok

    def _load(self, document: dict[str, Any] | None) -> str:
        """:class:`SavePanel` callback: take over a validated save (``None``: keep the table, new file)."""
        if document is None:
            path = self.path
            self._load_note = lambda: _("New save file {path}: every entry is saved as you type.").format(path=path)
            return self._note_load()
        try:
            self._validate(document)
        except TableError as exc:
            # a save of the wrong shape is refused as corrupt (the file is left untouched); values of the
            # right type that the rules do not allow are loaded and marked, as if just typed
            shape = exc.shape_problems
            if shape:
                raise SaveFileError(_("{where}: {problem}; the file was left untouched").format(
                    where=shape[0].key_path, problem=shape[0].message), path=str(self.path)) from None
        self._take_document(document)
        typed = typed_by_seat(document)   # checked by _validate
        self.typed_texts = [typed.get(seat, {}) for seat in range(len(self.players))]
        n, path = len(self.players), self.path
        self._load_note = lambda: _("Loaded {n} players from {path}: every entry is saved as you type.").format(
            n=n, path=path)
        return self._note_load()

    def _note_load(self) -> str:
        """The load's status line now, remembered as the save panel will show it (to retranslate it)."""
        text = self._load_note() if self._load_note is not None else ""
        self._load_html = info_html(text)
        return text

    def save(self) -> bool:
        """Write the table to the save file now (atomically). False when writing is blocked or fails."""
        return self.save_panel.save(self.document())

    def _sync_typed(self) -> None:
        """Take the texts of the number boxes shown that are not whole numbers into :attr:`typed_texts`."""
        boxes = list(self._number_boxes())
        if self._building or not boxes:
            return   # no boxes yet, or being built from typed_texts
        texts: list[dict[str, str]] = [{} for _player in self.players]
        for index, field, box in boxes:
            if index < len(texts) and box.problem:
                texts[index][field] = box.value
        self.typed_texts = texts

    def _typed_document(self) -> dict[str, Any]:
        """The save's :data:`~companion.validation.TYPED_KEY` part: ``{"typed": {"players[1].copper": "x"}}``, or
        nothing when every number box holds a whole number (the number beside it is the last one it showed)."""
        self._sync_typed()
        typed = {f"players[{index}].{field}": text for index, texts in enumerate(self.typed_texts)
                 for field, text in texts.items()}
        return {TYPED_KEY: typed} if typed else {}

    # ------------------------------------------------------------------ players
    def set_name(self, index: int, name: str) -> None:
        """Rename player ``index`` (0-based, row order) and save."""
        self.players[index]["name"] = name
        self._changed()

    def add_player(self) -> None:
        """Add a blank player at the end (at most :attr:`MAX_PLAYERS`)."""
        if len(self.players) >= self.MAX_PLAYERS:
            self.message.value = error_html(self._too_many_text())
            return
        self._insert_player()
        self._rebuild()
        self.save()

    def remove_player(self, index: int) -> None:
        """Remove player ``index`` (0-based); at least :attr:`MIN_PLAYERS` stay."""
        if len(self.players) <= self.MIN_PLAYERS:
            self.message.value = error_html(self._too_few_text())
            return
        self._delete_player(index)
        self._rebuild()
        self.save()

    def move_up(self, index: int) -> None:
        """Swap player ``index`` with the one before, fixing the turn order (it decides ties)."""
        if index <= 0:
            return
        self._swap_players(index - 1, index)
        self._rebuild()
        self.save()

    def _insert_player(self) -> None:
        self._sync_typed()
        self.players.append(self._blank_player(len(self.players) + 1))
        self.typed_texts.append({})

    def _delete_player(self, index: int) -> None:
        self._sync_typed()
        del self.players[index]
        del self.typed_texts[index]

    def _swap_players(self, a: int, b: int) -> None:
        self._sync_typed()
        self.players[a], self.players[b] = self.players[b], self.players[a]
        self.typed_texts[a], self.typed_texts[b] = self.typed_texts[b], self.typed_texts[a]

    # ------------------------------------------------------------------ views
    def _changed(self) -> None:
        if self._building:
            return   # a box given its saved text while the grid is built: nothing new to save
        self.save()
        self._refresh()

    def _rebuild(self) -> None:
        """Build the grid's rows for the players (after a load, an added, removed or moved player)."""
        self.header_cells = [widgets.HTML(self._cell_html(text, title), layout=widgets.Layout(width=width))
                             for text, width, title in self._header_cells()]
        rows: list[widgets.Widget] = [widgets.HBox(self._stick(list(self.header_cells)))]
        self.name_boxes = []
        self.up_buttons, self.remove_buttons = [], []
        for index, player in enumerate(self.players):
            cells = self._player_cells(index, player)
            if self.REORDERABLE:
                up = show_tooltip(widgets.Button(icon="arrow-up", tooltip=_("earlier in turn order"),
                                                 layout=widgets.Layout(width="36px"), disabled=index == 0))
                up.on_click(lambda _b, i=index: self.move_up(i))
                self.up_buttons.append(up)
                cells.append(up)
            remove = show_tooltip(widgets.Button(icon="trash", tooltip=_("remove this player"),
                                                 layout=widgets.Layout(width="40px")))
            remove.on_click(lambda _b, i=index: self.remove_player(i))
            self.remove_buttons.append(remove)
            cells.append(remove)
            rows.append(widgets.HBox(self._stick(cells)))
        self._building = True
        try:
            for index, field, box in self._number_boxes():   # an entry kept as typed comes back as typed
                text = self.typed_texts[index].get(field) if index < len(self.typed_texts) else None
                if text is not None:
                    box.value = text
        finally:
            self._building = False
        self.grid.children = rows
        self._refresh()

    def _stick(self, cells: list[widgets.Widget]) -> list[widgets.Widget]:
        """A row's cells, the first :attr:`STICKY_CELLS` in one box that stays in view while the grid scrolls."""
        block = widgets.HBox(cells[:self.STICKY_CELLS])
        block.add_class(STICKY_CLASS)
        return [block, *cells[self.STICKY_CELLS:]]

    @staticmethod
    def _cell_html(text: str, title: str) -> str:
        return tip_html(text, title, tag="b") if title else f"<b>{text}</b>"

    def _check(self) -> tuple[list[Any], Any]:
        """``(problems, result)``: the problems to mark (empty when none) and the result (None on a problem)."""
        problems: list[Any] = list(self._extra_problems())
        problems += [(i, field, box.problem) for i, field, box in self._number_boxes() if box.problem]
        result = None
        try:
            result = self.result()
        except TableError as exc:
            problems = merge_problems(problems, self._filter_table_problems(exc.problems))
        except CompanionError as exc:  # pragma: no cover - validate_table reports through TableError
            problems.append((None, "players", str(exc)))
        return problems, (None if problems else result)

    def _refresh(self) -> None:
        """Redraw the marks, the message, the results and the chart for the current entries."""
        self.message.value = ""
        problems, result = self._check()
        if result is None:
            self.marks.show(problems)
            self.message.value = problems_html(self.marks.lines)
            self._no_result()
            return
        self.marks.clear()
        self.results.value = self._results_html(result)
        if self.chart is not None:
            with self.chart.batch_update():
                self._paint(self.chart, result)

    def _no_result(self) -> None:
        """Show no total, winner or bars while an entry is marked (never a result from partial data)."""
        self.results.value = ""
        if self.chart is not None:
            with self.chart.batch_update():
                self._paint(self.chart, None)

    def _paint(self, fig: Any, result: Any) -> None:
        """Put a result's bars, legend, hover texts and title on ``fig`` (a Figure or the chart), in place."""
        unit = self._unit()
        if result is None:
            names: list[str] = []
            values: dict[str, list[int]] = {}
            title = _("{title} (fix the marked fields to see it)").format(title=self._chart_title())
            empty: str | None = _("Fix the marked fields to see the chart.")
        else:
            names, values, title, untouched = self._chart_values(result)
            empty = self._empty_chart_text() if untouched else None
        hover = _("%{{x}}: %{{y}} {unit}").format(unit=unit)
        for trace, (part, label, _colour) in zip(fig.data, self._parts(), strict=True):
            trace.name = label
            trace.hovertemplate = f"{hover}<extra>{label}</extra>"
            trace.x = names
            trace.y = values.get(part, [])
        fig.layout.title.text = title
        fig.layout.yaxis.title.text = unit
        set_empty_state(fig, empty)

    def _figure(self) -> go.Figure:
        fig = go.Figure([go.Bar(name=label, x=[], y=[], marker_color=colour) for _part, label, colour in self._parts()])
        fig.update_layout(barmode="stack", height=350, margin=dict(l=50, r=10, t=50, b=40),
                          legend=dict(orientation="h", y=-0.18, traceorder="normal"))
        _problems, result = self._check()
        self._paint(fig, result)
        return fig

    def _describe(self, player: int | None, field: str) -> tuple[str, str]:
        """``(player as shown, column title)`` for a problem's message."""
        who = ""
        if player is not None and player < len(self.players):
            who = seat_label(player, [str(p.get("name", "")) for p in self.players])
        return who, self._field_label(field)

    # ------------------------------------------------------------------ language
    def close(self) -> None:
        """Stop following the language switch, then close the widget."""
        remove_language_listener(self._retranslate)
        super().close()

    def _retranslate(self, language: str) -> None:
        """Set every label, tooltip, help text, message, result and chart text again in ``language``, in place."""
        del language  # the texts are looked up in the language now in force
        self.add_button.description = _("Add player")
        self.help.value = self._help_html()
        for cell, (text, _width, title) in zip(self.header_cells, self._header_cells(), strict=True):
            cell.value = self._cell_html(text, title)
        for up in self.up_buttons:
            up.tooltip = _("earlier in turn order")
        for remove in self.remove_buttons:
            remove.tooltip = _("remove this player")
        self._retranslate_cells()
        if self._load_note is not None and self.status.value == self._load_html:
            self.status.value = self._load_html = info_html(self._load_note())   # still shown: no error since
        self._refresh()
