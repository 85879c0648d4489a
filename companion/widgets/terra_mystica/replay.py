"""Step through a real Terra Mystica game: the map, every faction's resources, and VP over the game.

The game runs in a :class:`companion.session.Session` over :mod:`companion.terra_mystica.game` (the
record's states, one per typed row; the engine's own rows - income, cult bonuses, final scoring - are
shown with the row that triggered them), and the ledger's totals are checked by
:func:`companion.terra_mystica.engine.replay`; the widget decides no rule. Every control calls a plain
method, so tests drive it without a browser: :meth:`ReplayViewer.choose_game`, :meth:`ReplayViewer.step`,
:meth:`ReplayViewer.go_to`, :meth:`ReplayViewer.jump_to_round`, :meth:`ReplayViewer.open_record`,
:meth:`ReplayViewer.review` (the coach's review of the game up to the row shown:
:func:`companion.terra_mystica.search.review`, drawn by :class:`~companion.widgets.terra_mystica.review.ReviewPanel`).

Examples
--------
>>> from companion.widgets.terra_mystica.replay import ReplayViewer
>>> v = ReplayViewer()
>>> v.jump_to_round(2)
>>> v.snapshot.round
2
"""

from __future__ import annotations

import html
import re

import ipywidgets as widgets
import plotly.graph_objects as go

from companion.errors import CompanionError
from companion.i18n import (
    _,
    add_language_listener,
    lazy_gettext,
    ngettext,
    pgettext,
    remove_language_listener,
)
from companion.savefile import default_save_dir
from companion.session import Session
from companion.terra_mystica import game as terra_mystica
from companion.terra_mystica.describe import (
    CODE_PATTERN,
    FinalTable,
    RowTeller,
    building_name,
    explain_code,
    faction_name,
    final_table,
    track_name,
)
from companion.terra_mystica.engine import TOTAL_FIELDS, read_record, replay
from companion.terra_mystica.engine.games import game_text, shipped_games
from companion.terra_mystica.hexmap import map_from_rows
from companion.terra_mystica.search import review
from companion.terra_mystica.terrain import terrain_wheel
from companion.widgets.common import busy, busy_style, error_html, info_html
from companion.widgets.game_record import RecordFile
from companion.widgets.terra_mystica.mapplot import faction_colour, map_figure
from companion.widgets.terra_mystica.plot import ChartSlot
from companion.widgets.terra_mystica.review import REVIEW_SECONDS, ReviewPanel
from companion.widgets.touch import show_tooltip, tip_html

__all__ = ["ReplayViewer", "final_scoring_html", "game_label"]

_KINDS = ("D", "TP", "TE", "SH", "SA")
_PHASES = {0: lazy_gettext("setup"), 7: lazy_gettext("final scoring")}


def _phase_name(round_no: int) -> str:
    if round_no in _PHASES:
        return str(_PHASES[round_no])
    return _("round {n}").format(n=round_no)


_LEAGUE_ID = re.compile(r"(\d)pLeague_S(\d+)_(D\d+L\d+)_G(\d+)")


def game_label(game_id: str) -> str:
    """A shipped game's name as a reader sees it: ``4pLeague_S1_D1L1_G2`` -> ``"4-player league S1 D1L1 G2"``
    (current language); any other name (a file opened) is returned as given."""
    m = _LEAGUE_ID.fullmatch(game_id)
    if m is None:
        return game_id
    return _("{n}-player league S{season} {division} G{game}").format(n=m.group(1), season=m.group(2),
                                                                      division=m.group(3), game=m.group(4))


def _code_html(code: str) -> str:
    """A tile code with its meaning (``<abbr>``, :func:`~companion.widgets.touch.tip_html`): shown on pointing,
    and written out below the code when it is tapped (touch screens, where nothing hovers) or clicked."""
    try:
        meaning = explain_code(code)
    except CompanionError:
        return html.escape(code)
    return tip_html(html.escape(code), meaning)


def _codes_html(text: str) -> str:
    """Escape ``text`` and give every tile code in it its meaning (:func:`_code_html`)."""
    out, pos = [], 0
    for m in CODE_PATTERN.finditer(text):
        out.append(html.escape(text[pos:m.start()]))
        out.append(_code_html(m.group(1)))
        pos = m.end()
    out.append(html.escape(text[pos:]))
    return "".join(out)


def final_scoring_html(table: FinalTable, extra: tuple[str, list] | None = None) -> str:
    """The final scoring as the play and the replay notebooks show it: the winner, then one column a faction
    (best first) and one line an item, the final VP last.

    Parameters
    ----------
    table : FinalTable
        :func:`companion.terra_mystica.describe.final_table` of the engine's result.
    extra : (str, list), optional
        One more line, ``(label, value per faction in table order)`` (the play notebook's auction prices).

    Returns
    -------
    str
        HTML: a ``companion-tm-winner`` heading and a ``companion-tm-final`` table.
    """
    cell = "<td style='padding:2px 8px;text-align:center'>{}</td>"
    head = "".join(f"<th style='padding:2px 8px;color:{faction_colour(f)}'>{html.escape(faction_name(f))}</th>"
                   for f in table.factions)
    lines = list(table.lines) + ([extra] if extra is not None else [])
    rows = "".join("<tr><td style='padding:2px 8px'>" + html.escape(label) + "</td>" +
                   "".join(cell.format(html.escape(str(v))) for v in values) + "</tr>" for label, values in lines)
    total = ("<tr style='border-top:1px solid #999'><td style='padding:2px 8px'><b>" + html.escape(_("final VP")) +
             "</b></td>" + "".join(cell.format(f"<b>{v}</b>") for v in table.totals) + "</tr>")
    caption = html.escape(_("final scoring"))
    return (f"<div class='tm-final' style='margin:6px 0;padding:6px;border:2px solid #c9a400;border-radius:6px'>"
            f"<div class='companion-tm-winner' style='font-size:16px'><b>★ {html.escape(table.winner_text())}</b>"
            f"</div><table class='companion-tm-final' style='border-collapse:collapse;font-size:13px;margin-top:4px'>"
            f"<tr><th style='text-align:left;padding:2px 8px'>{caption}</th>{head}</tr>{rows}{total}</table></div>")


class ReplayViewer:
    """A real game, replayed by the engine, one ledger row at a time, told in words.

    Parameters
    ----------
    game_id : str, optional
        One of :func:`companion.terra_mystica.engine.games.shipped_games` (default: the first).

    Attributes
    ----------
    session : Session
        The game: every state of the record (tile draws, faction picks, then one per typed row).
    rows : list of Row
        The typed row shown at each step (``faction``, ``label``, ``line``), from the faction picks on.
    engine_rows : list of list of Row
        The rows the engine wrote itself after each typed row (income, cult bonuses, final scoring).
    snapshots : list of GameSnapshot
        The game after each typed row.
    result : FinalScoring or None
        The engine's final scoring of the game (:func:`companion.terra_mystica.game.final_breakdown`, shown
        through :func:`companion.terra_mystica.describe.final_table`); None if the record stops before the end.
    index : int
        The row shown.
    widget : ipywidgets.VBox
        The whole viewer.

    Notes
    -----
    Every row is told in words by :class:`companion.terra_mystica.describe.RowTeller` (the play notebook
    uses the same sentences); tile codes carry their meaning, shown on pointing or tapping. The text follows the package
    language: :meth:`_retranslate` is registered with :func:`companion.i18n.add_language_listener` and
    relabels every control and redraws the shown texts and figures in place.
    """

    #: The Game menu's value for the game opened from a file (the shipped games' values are their ids).
    OPENED = "(opened file)"

    def __init__(self, game_id: str | None = None) -> None:
        self._games = shipped_games()
        self.game_id = game_id or self._games[0]["game_id"]
        #: the game last opened from a file, ``(file name, text, path)``: the Game menu offers it first
        self._opened: tuple[str, str, str | None] | None = None
        self._picked = self.game_id   # the Game menu's value for the game shown
        self.index = 0
        self._syncing = False
        self.message = widgets.HTML()
        self.picker = widgets.Dropdown(options=self._game_options(), value=self.game_id,
                                       layout=widgets.Layout(width="100%", max_width="640px"))
        self.picker.observe(lambda ch: None if self._syncing or ch["new"] is None else self.choose_game(ch["new"]),
                            names="value")
        self.first = widgets.Button(layout=widgets.Layout(width="110px", flex="0 0 auto"))
        self.back = widgets.Button(layout=widgets.Layout(width="110px", flex="0 0 auto"))
        self.forward = widgets.Button(layout=widgets.Layout(width="110px", flex="0 0 auto"))
        self.last = widgets.Button(layout=widgets.Layout(width="110px", flex="0 0 auto"))
        self.first.on_click(lambda _b: self.go_to(0))
        self.back.on_click(lambda _b: self.step(-1))
        self.forward.on_click(lambda _b: self.step(1))
        self.last.on_click(lambda _b: self.go_to(len(self.rows) - 1))
        self.round_picker = widgets.Dropdown(options=self._round_options(), value=0,
                                             layout=widgets.Layout(width="240px"))
        self.round_picker.observe(self._on_round_picked, names="value")
        # numbered as the text under it names the row: typed row 1 .. len(rows), not the 0-based index
        self.slider = widgets.IntSlider(min=1, max=1, continuous_update=False,
                                        style={"description_width": "initial"},
                                        layout=widgets.Layout(width="100%", max_width="640px"))
        self.slider.observe(lambda ch: None if self._syncing else self.go_to(ch["new"] - 1), names="value")
        self.row_text = widgets.HTML()
        self.table = widgets.HTML()
        self.final = widgets.HTML()
        self.record_file = RecordFile(default_save_dir() / "terra-mystica-game.txt", self.save_record,
                                      self.open_record)
        self.review_button = show_tooltip(widgets.Button(icon="line-chart",
                                                         layout=widgets.Layout(width="auto", flex="0 0 auto")))
        self.review_button.on_click(lambda _b: self._review_clicked())
        self.review_status = widgets.HTML(layout=widgets.Layout(max_width="100%"))
        self.review_panel = ReviewPanel()
        #: the review shown, ``(Review, index of the last row reviewed)``; None before one is asked for
        self.reviewed = None
        self._map_fig = None
        self._vp_fig = None
        self.map_slot: ChartSlot | None = None
        self.vp_slot: ChartSlot | None = None
        self._widget = None
        self._label_controls()
        self._load(self.game_id)
        add_language_listener(self._retranslate)

    def _game_options(self) -> list[tuple[str, str]]:
        """Every shipped game; first the game opened from a file, when there is one."""
        sep = pgettext("list separator", ", ")
        opened = ([(_("{file} (opened file)").format(file=self._opened[0]), self.OPENED)]
                  if self._opened is not None else [])
        return opened + [(_("{game} ({factions})").format(game=game_label(g["game_id"]),
                                                          factions=sep.join(faction_name(f) for f in g["factions"])),
                          g["game_id"]) for g in self._games]

    def _show_in_picker(self, value: str) -> None:
        """Make the Game menu name the game shown (its options rebuilt: an opened file joins them)."""
        self._syncing = True
        try:
            options = self._game_options()
            if self.picker.options != tuple(options):
                self.picker.options = options
            self.picker.value = value
        finally:
            self._syncing = False

    @staticmethod
    def _round_options() -> list[tuple[str, int]]:
        return [(_phase_name(r), r) for r in range(8)]

    def _label_controls(self) -> None:
        self.first.description = _("« start")
        self.back.description = _("◀ back")
        self.forward.description = _("forward ▶")
        self.last.description = _("end »")
        self.picker.description = _("Game")
        self.round_picker.description = _("Jump to")
        self.slider.description = _("Typed row")
        self.review_button.description = _("Review")
        self.review_button.tooltip = _("every faction's expected final VP after each move up to the row shown, "
                                       "with the biggest drops and the move the search preferred")

    def _retranslate(self, language: str) -> None:
        """Relabel the controls and redraw the shown texts and figures in the new language (in place)."""
        self._syncing = True
        try:
            value, round_value = self.picker.value, self.round_picker.value
            self.picker.options = self._game_options()
            self.picker.value = value
            self.round_picker.options = self._round_options()
            self.round_picker.value = round_value
        finally:
            self._syncing = False
        self._label_controls()
        self._tell_rows()
        self._set_message()
        if self.vp_slot is not None:
            self.vp_slot.show(self._vp_figure())
        self._show_review()
        self._show()

    @property
    def widget(self) -> widgets.VBox:
        """The whole viewer. Each plot sits in a :class:`~companion.widgets.terra_mystica.plot.ChartSlot`: one figure,
        created on first use from the row shown then, and redrawn in place on every step (only the
        changed buildings, titles and the current-row marks are sent)."""
        if self._widget is None:
            self.map_slot = ChartSlot(self._map_figure())
            self.vp_slot = ChartSlot(self._vp_figure())
            # on a phone the buttons wrap onto a second line instead of running off the screen
            controls = widgets.HBox([self.first, self.back, self.forward, self.last, self.round_picker],
                                    layout=widgets.Layout(flex_flow="row wrap"))
            self._widget = widgets.VBox([busy_style(), self.picker, controls, self.slider, self.row_text, self.message,
                                         self.final, self.map_slot, self.table, self.vp_slot, self.review_button,
                                         self.review_status, self.review_panel.box, self.record_file])
        return self._widget

    @property
    def map_widget(self):
        """The map FigureWidget shown now (None before the viewer is displayed)."""
        return None if self.map_slot is None else self.map_slot.figure

    @property
    def vp_widget(self):
        """The VP chart FigureWidget shown now (None before the viewer is displayed)."""
        return None if self.vp_slot is None else self.vp_slot.figure

    def _repr_mimebundle_(self, **kwargs):
        return self.widget._repr_mimebundle_(**kwargs)

    def close(self) -> None:
        """Stop following the language switch and close every widget of the viewer."""
        remove_language_listener(self._retranslate)
        for w in (self._widget, self.picker, self.first, self.back, self.forward, self.last, self.round_picker,
                  self.slider, self.row_text, self.table, self.final, self.message, self.record_file,
                  self.map_slot, self.vp_slot, self.review_button, self.review_status):
            if w is not None:
                w.close()
        self.review_panel.close()

    # ------------------------------------------------------------------ data
    def _load(self, game_id: str) -> None:
        self._load_text(game_text(game_id), game_id)

    def _load_text(self, text: str, label: str, file: str | None = None) -> None:
        """Replay ``text`` (a ledger export or a command log, named ``label``) and show its first row.

        Raises
        ------
        RecordError
            Unreadable text or an illegal row (naming the line); the game shown is kept.
        """
        record = read_record(text, file=file)
        session = Session.from_record(terra_mystica, text)
        check = replay(record) if record.is_ledger else None
        states = session.states
        first = next(i for i, st in enumerate(states) if st.game is not None and st.game.seats)
        typed = [r for r in record.rows if r.typed]
        self.session = session
        self._first = first
        self.reviewed = None
        self.rows, self.engine_rows, self.snapshots, self._spans = [], [], [], []
        for i in range(first, len(states)):
            before, state = states[i - 1], states[i]
            start = len(before.game.rows) if before.game is not None else 0
            new_rows = state.game.rows[start:]
            mine = [r for r in new_rows if r.typed]
            row = mine[-1] if mine else new_rows[-1]
            rec = typed[len(typed) - (len(states) - i)] if len(states) - i <= len(typed) else None
            self.rows.append(row._replace(line=rec.line) if rec is not None else row)
            self.engine_rows.append([r for r in new_rows if not r.typed])
            self.snapshots.append(state.game.snapshot())
            self._spans.append((start, len(state.game.rows), start + new_rows.index(row)))
        self._all_rows = list(session.state.game.rows)
        self._check = check
        self._typed_count = len(typed)
        self.result = terra_mystica.final_breakdown(session.state)
        self.game_id = label
        self.factions = [f.name for f in self.snapshots[-1].factions]
        self.board = session.state.game.board
        self.round_tiles = tuple(session.state.game.setup.round_tiles)
        self._terrain_maps: dict[tuple, object] = {}
        self.index = 0
        self._tell_rows()
        self._set_message()
        if self.vp_slot is not None:
            self.vp_slot.show(self._vp_figure())
        self.slider.max = len(self.rows)
        self._show_review()
        self._show()

    def _tell_rows(self) -> None:
        """One sentence per engine row of the game, in the current language."""
        teller = RowTeller()
        self._sentences = [teller.tell_row(r) for r in self._all_rows]

    def _set_message(self) -> None:
        check = self._check
        if check is None:
            self.message.value = info_html(ngettext("The {n} row of the command log replayed.",
                                                    "All {n} rows of the command log replayed.",
                                                    self._typed_count).format(n=self._typed_count))
        elif check.mismatches:
            self.message.value = error_html(_("the engine differs from the ledger at line {line}").format(
                line=check.mismatches[0].line))
        else:
            self.message.value = info_html(
                _("All {rows} ledger rows replayed with zero differences (the rows typed at the table plus the "
                  "ones the engine writes itself: income, cult bonuses, final scoring). The slider steps "
                  "through the {typed} typed rows.").format(rows=check.rows_checked, typed=len(self.rows)))

    def open_record(self, path) -> None:
        """Replay the game recorded in ``path`` (a ledger export or a command log).

        Raises
        ------
        CompanionError
            When it cannot be read or replayed (the game shown is kept).
        """
        from pathlib import Path

        try:
            text = Path(path).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise CompanionError(_("{path}: cannot be read: {error}").format(path=path, error=exc)) from None
        self._load_text(text, Path(path).name, file=str(path))
        self._opened = (Path(path).name, text, str(path))
        self._picked = self.OPENED
        self._show_in_picker(self.OPENED)

    def save_record(self, path):
        """Write the game as a command log (every typed row) to ``path`` atomically."""
        return self.session.save(path)

    def review(self, seconds: float | None = REVIEW_SECONDS):
        """Review the game up to the row shown: every faction's expected final VP after each move, each one's
        biggest drops and the move the search preferred there (:func:`companion.terra_mystica.search.review`
        on the replayed states), drawn under the VP chart.

        Parameters
        ----------
        seconds : float or None
            Search time per drop checked (s); a whole 4-player league game takes about a minute at the
            default, so only the rows up to the one shown are reviewed.

        Returns
        -------
        companion.coach.Review or None
            None (with a message) while the row shown is still in the setup (no faction has moved).

        Raises
        ------
        CompanionError
            From the search (states and actions out of step).
        """
        end = self._first + self.index   # states[end] is the game after the row shown
        actions = list(self.session.actions[:end])
        if not any(isinstance(a, terra_mystica.Action) and not a.is_setup for a in actions):
            self.reviewed = None
            self._show_review()
            self.review_status.value = info_html(_("Nothing to review yet: no move has been made."))
            return None
        result = review(list(self.session.states[:end + 1]), actions, seconds=seconds)
        self.reviewed = (result, self.index)
        self._show_review()
        return result

    def _review_clicked(self) -> None:
        """The Review button: the viewer is greyed and says that it is reviewing while the search runs."""
        with busy(self.widget, self.review_status,
                  _("Reviewing typed rows 1 to {n}…").format(n=self.index + 1)):
            try:
                self.review()
            except CompanionError as exc:
                self.review_status.value = error_html(str(exc))

    def _show_review(self) -> None:
        """Draw the review shown (or nothing), in the language in force."""
        if self.reviewed is None:
            self.review_panel.show(None, self.factions)
            self.review_status.value = ""
            return
        result, index = self.reviewed
        self.review_panel.show(result, self.factions)
        self.review_status.value = info_html(ngettext(
            "Review of typed rows 1 to {n}: {moves} move.", "Review of typed rows 1 to {n}: {moves} moves.",
            len(result.actions)).format(n=index + 1, moves=len(result.actions)))

    def _current_map(self):
        snap = self.snapshots[self.index]
        key = snap.terrain
        m = self._terrain_maps.get(key)
        if m is None:
            base = self.board.map
            wheel = terrain_wheel()
            rows = [list(r) for r in base.rows]
            shift = 1 if base.placeholder else 0
            for label, colour in key:
                h = base.hexes[label]
                rows[h.row - shift][h.column] = wheel.letter(colour)
            m = map_from_rows(rows) if key else base
            self._terrain_maps[key] = m
        return m

    @property
    def snapshot(self):
        """The :class:`GameSnapshot` shown."""
        return self.snapshots[self.index]

    @property
    def sentence(self) -> str:
        """The typed row shown, told in words (current language)."""
        return self._sentences[self._spans[self.index][2]]

    @property
    def engine_sentences(self) -> list[str]:
        """The engine's own rows after the typed row shown, told in words."""
        start, end, typed_at = self._spans[self.index]
        return [self._sentences[i] for i in range(start, end) if i != typed_at and not self._all_rows[i].typed]

    # ------------------------------------------------------------------ controls
    def choose_game(self, game_id: str) -> None:
        """Replay another shipped game (or :attr:`OPENED`: the game opened from a file again) from its first row.

        When it cannot be replayed, the error is shown and the Game menu names the game still shown.
        """
        try:
            if game_id == self.OPENED and self._opened is not None:
                name, text, path = self._opened
                self._load_text(text, name, file=path)
            else:
                self._load(game_id)
        except CompanionError as exc:
            self.message.value = error_html(str(exc))
            self._show_in_picker(self._picked)
            return
        self._picked = game_id
        self._show_in_picker(game_id)

    def go_to(self, index: int) -> None:
        """Show the game after row ``index`` (clamped to the game)."""
        self.index = max(0, min(int(index), len(self.rows) - 1))
        self._show()

    def step(self, n: int = 1) -> None:
        """Move ``n`` rows forward (negative: back)."""
        self.go_to(self.index + n)

    def _on_round_picked(self, change) -> None:
        if not self._syncing:
            self.jump_to_round(change["new"])

    def jump_to_round(self, round_no: int) -> None:
        """Show the first row of round ``round_no`` (0 = setup, 7 = final scoring)."""
        for i, snap in enumerate(self.snapshots):
            if snap.round >= round_no:
                self.go_to(i)
                return
        self.go_to(len(self.rows) - 1)

    # ------------------------------------------------------------------ rendering
    def _show(self) -> None:
        self._syncing = True
        try:
            if self.slider.value != self.index + 1:
                self.slider.value = self.index + 1
            self.round_picker.value = self.snapshot.round
        finally:
            self._syncing = False
        row = self.rows[self.index]
        where = (_("line {n}").format(n=row.line) if row.line else _("engine row"))
        head = _("{phase} — typed row {n} of {total} ({where})").format(
            phase=f"<b>{html.escape(self._phase())}</b>", n=self.index + 1, total=len(self.rows),
            where=html.escape(where))
        parts = [head, f"<div style='margin:4px 0'><b>{_codes_html(self.sentence)}</b></div>"]
        then = self.engine_sentences
        if then:
            items = "".join(f"<li>{_codes_html(t)}</li>" for t in then)
            intro = html.escape(_("Then the engine writes its own rows:"))
            parts.append(f"<div>{intro}"
                         f"<ul style='margin:2px 0'>{items}</ul></div>")
        tile = self._round_tile_html()
        if tile:
            parts.append(f"<div style='color:#555'>{tile}</div>")
        self.row_text.value = "".join(parts)
        self.table.value = self._table_html()
        self.final.value = self._final_html() if self.index == len(self.rows) - 1 else ""
        if self.map_slot is not None:
            self.map_slot.show(self._map_figure())
        if self.vp_slot is not None and self.vp_slot.figure.layout.shapes:
            fig = self.vp_slot.figure
            line = fig.layout.shapes[0]   # the current-row line, moved in place
            now = fig.data[-1]            # the current-row markers, restyled in place
            with fig.batch_update():
                line.x0 = line.x1 = self.index + 1
                now.x, now.y = self._now_points()

    def _round_tile_html(self) -> str:
        r = self.snapshot.round
        if not 1 <= r <= len(self.round_tiles):
            return ""
        return _("Round {n} scoring tile: {tile}").format(n=r, tile=_code_html(self.round_tiles[r - 1]))

    def _phase(self) -> str:
        return _phase_name(self.snapshot.round)

    def _map_figure(self) -> go.Figure:
        return map_figure(self._current_map(), state=self.snapshot.towns, height=430,
                          title=_("{game}: {phase}").format(game=game_label(self.game_id), phase=self._phase()))

    def _table_html(self) -> str:
        snap = self.snapshot
        head = "".join(f"<th style='padding:2px 6px;color:{faction_colour(f.name)}'>"
                       f"{html.escape(faction_name(f.name))}</th>" for f in snap.factions)
        none = "–"

        def codes(items) -> str:
            return " ".join(_code_html(c) for c in items) or none

        lines = []
        for fld, label in (("VP", _("VP")), ("C", _("coins")), ("W", _("workers")), ("P", _("priests"))):
            lines.append((label, [str(f.total(fld)) for f in snap.factions]))
        lines.append((_("power bowls I/II/III"), [f"{f.total('PW1')}/{f.total('PW2')}/{f.total('PW3')}"
                                                 for f in snap.factions]))
        tracks = "/".join(track_name(t) for t in ("FIRE", "WATER", "EARTH", "AIR"))
        lines.append((_("cult tracks {tracks}").format(tracks=tracks),
                      [f"{f.total('FIRE')}/{f.total('WATER')}/{f.total('EARTH')}/{f.total('AIR')}"
                       for f in snap.factions]))
        lines.append((_("shipping / exchange level"), [f"{f.ship} / {f.dig}" for f in snap.factions]))
        kinds = " ".join(building_name(k) for k in _KINDS)
        lines.append((_("buildings ({kinds})").format(kinds=kinds),
                       [" ".join(str(n) for n in f.buildings) for f in snap.factions]))
        body = ["<tr><td style='padding:2px 6px'><b>" + html.escape(label) + "</b></td>" +
                "".join(f"<td style='padding:2px 6px;text-align:center'>{html.escape(v)}</td>" for v in values)
                + "</tr>" for label, values in lines]
        passed = html.escape(_("(passed)"))
        tiles = [(_("favor tiles"), [codes(f.favors) for f in snap.factions]),
                 (_("town tiles"), [codes(f.towns) for f in snap.factions]),
                 (_("bonus tile"), [(_code_html(f.bonus) if f.bonus else none) + (f" {passed}" if f.passed else "")
                                    for f in snap.factions])]
        body += ["<tr><td style='padding:2px 6px'><b>" + html.escape(label) + "</b></td>" +
                 "".join(f"<td style='padding:2px 6px;text-align:center'>{v}</td>" for v in values) + "</tr>"
                 for label, values in tiles]
        hint = html.escape(_("Point at or tap a tile code to read what it does."))
        return (f"<table style='border-collapse:collapse;font-size:13px'><tr><th></th>{head}</tr>{''.join(body)}"
                f"</table><div style='font-size:12px;color:#666'>{hint}</div>")

    def _final_html(self) -> str:
        """The final scoring itemised and the winner (only on the last row of a finished game)."""
        table = final_table(self.result)
        return "" if table is None else final_scoring_html(table)

    def _vp_at(self, snap, name: str):
        vp_at = TOTAL_FIELDS.index("VP")
        return next((f.totals[vp_at] for f in snap.factions if f.name == name), None)

    def _now_points(self) -> tuple[list[int], list]:
        snap = self.snapshot
        return [self.index + 1] * len(self.factions), [self._vp_at(snap, n) for n in self.factions]

    def _vp_figure(self) -> go.Figure:
        fig = go.Figure()
        for name in self.factions:
            ys = [self._vp_at(s, name) for s in self.snapshots]
            fig.add_trace(go.Scatter(x=list(range(1, len(ys) + 1)), y=ys, mode="lines", name=faction_name(name),
                                     line=dict(color=faction_colour(name), width=2),
                                     hovertemplate=_("typed row %{x}: %{y} VP") + "<extra>" +
                                     html.escape(faction_name(name)) + "</extra>"))
        xs, ys = self._now_points()
        fig.add_trace(go.Scatter(x=xs, y=ys, mode="markers", name=_("row shown"), showlegend=False,
                                 marker=dict(size=10, color=[faction_colour(n) for n in self.factions],
                                             line=dict(color="#222", width=1.5)), hoverinfo="skip"))
        starts = {}
        for i, s in enumerate(self.snapshots):
            starts.setdefault(s.round, i + 1)
        fig.update_layout(height=300, margin=dict(l=40, r=10, t=40, b=40), title=_("VP over the game"),
                          xaxis=dict(title=_("typed row"), tickvals=list(starts.values()),
                                     ticktext=[{0: _("setup"), 7: _("end")}.get(r, _("R{n}").format(n=r))
                                               for r in starts]),
                          yaxis=dict(title=_("VP")),
                          shapes=[dict(type="line", xref="x", yref="paper", x0=self.index + 1, x1=self.index + 1,
                                       y0=0, y1=1, line=dict(color="#444", width=1, dash="dot"))])
        return fig
