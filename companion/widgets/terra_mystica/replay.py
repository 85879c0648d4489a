"""Step through a real Terra Mystica game: the map, every faction's resources, and VP over the game.

The game runs in a :class:`companion.session.Session` over :mod:`companion.terra_mystica.game` (the
record's states, one per typed row; the engine's own rows - income, cult bonuses, final scoring - are
shown with the row that triggered them), and the ledger's totals are checked by
:func:`companion.terra_mystica.engine.replay`; the widget decides no rule. Every control calls a plain
method, so tests drive it without a browser: :meth:`ReplayViewer.choose_game`, :meth:`ReplayViewer.step`,
:meth:`ReplayViewer.go_to`, :meth:`ReplayViewer.jump_to_round`, :meth:`ReplayViewer.open_record`.

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

import ipywidgets as widgets
import plotly.graph_objects as go

from companion.errors import CompanionError
from companion.savefile import default_save_dir
from companion.session import Session
from companion.terra_mystica import game as terra_mystica
from companion.terra_mystica.engine import TOTAL_FIELDS, read_record, replay
from companion.terra_mystica.engine.games import game_text, shipped_games
from companion.terra_mystica.factions import get_faction
from companion.terra_mystica.hexmap import map_from_rows
from companion.terra_mystica.mapplot import faction_colour, map_figure
from companion.terra_mystica.terrain import terrain_wheel
from companion.widgets.common import error_html, info_html
from companion.widgets.game_record import RecordFile
from companion.widgets.terra_mystica.plot import ChartSlot

__all__ = ["ReplayViewer"]

_KINDS = ("D", "TP", "TE", "SH", "SA")


class ReplayViewer:
    """A real game, replayed by the engine, one ledger row at a time.

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
    index : int
        The row shown.
    widget : ipywidgets.VBox
        The whole viewer.
    """

    def __init__(self, game_id: str | None = None) -> None:
        self._games = shipped_games()
        self.game_id = game_id or self._games[0]["game_id"]
        self.index = 0
        self._syncing = False
        self.message = widgets.HTML()
        self.picker = widgets.Dropdown(
            options=[(f"{g['game_id']} ({', '.join(g['factions'])})", g["game_id"]) for g in self._games],
            value=self.game_id, description="Game", layout=widgets.Layout(width="640px"))
        self.picker.observe(lambda ch: self.choose_game(ch["new"]), names="value")
        self.first = widgets.Button(description="« start", layout=widgets.Layout(width="90px"))
        self.back = widgets.Button(description="◀ back", layout=widgets.Layout(width="90px"))
        self.forward = widgets.Button(description="forward ▶", layout=widgets.Layout(width="100px"))
        self.last = widgets.Button(description="end »", layout=widgets.Layout(width="90px"))
        self.first.on_click(lambda _b: self.go_to(0))
        self.back.on_click(lambda _b: self.step(-1))
        self.forward.on_click(lambda _b: self.step(1))
        self.last.on_click(lambda _b: self.go_to(len(self.rows) - 1))
        self.round_picker = widgets.Dropdown(options=[("setup", 0)] + [(f"round {r}", r) for r in range(1, 7)]
                                             + [("final scoring", 7)], description="Jump to",
                                             layout=widgets.Layout(width="220px"))
        self.round_picker.observe(self._on_round_picked, names="value")
        # numbered as the text under it names the row: typed row 1 .. len(rows), not the 0-based index
        self.slider = widgets.IntSlider(min=1, max=1, description="Typed row", continuous_update=False,
                                        style={"description_width": "initial"},
                                        layout=widgets.Layout(width="640px"))
        self.slider.observe(lambda ch: None if self._syncing else self.go_to(ch["new"] - 1), names="value")
        self.row_text = widgets.HTML()
        self.table = widgets.HTML()
        self.record_file = RecordFile(default_save_dir() / "terra-mystica-game.txt", self.save_record,
                                      self.open_record)
        self._map_fig = None
        self._vp_fig = None
        self.map_slot: ChartSlot | None = None
        self.vp_slot: ChartSlot | None = None
        self._widget = None
        self._load(self.game_id)

    @property
    def widget(self) -> widgets.VBox:
        """The whole viewer. Each plot sits in a :class:`~companion.widgets.terra_mystica.plot.ChartSlot`: one figure,
        created on first use from the row shown then, and redrawn in place on every step (only the
        changed buildings, titles and the current-row line are sent)."""
        if self._widget is None:
            self.map_slot = ChartSlot(self._map_figure())
            self.vp_slot = ChartSlot(self._vp_figure())
            controls = widgets.HBox([self.first, self.back, self.forward, self.last, self.round_picker])
            self._widget = widgets.VBox([self.picker, controls, self.slider, self.row_text, self.message,
                                         self.map_slot, self.table, self.vp_slot, self.record_file])
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
        self.rows, self.engine_rows, self.snapshots = [], [], []
        for i in range(first, len(states)):
            before, state = states[i - 1], states[i]
            new_rows = state.game.rows[len(before.game.rows) if before.game is not None else 0:]
            mine = [r for r in new_rows if r.typed]
            row = mine[-1] if mine else new_rows[-1]
            rec = typed[len(typed) - (len(states) - i)] if len(states) - i <= len(typed) else None
            self.rows.append(row._replace(line=rec.line) if rec is not None else row)
            self.engine_rows.append([r for r in new_rows if not r.typed])
            self.snapshots.append(state.game.snapshot())
        if check is None:
            self.message.value = info_html(f"All {len(typed)} rows of the command log replayed.")
        elif check.mismatches:
            self.message.value = error_html(f"the engine differs from the ledger at line "
                                            f"{check.mismatches[0].line}")
        else:
            self.message.value = info_html(
                f"All {check.rows_checked} ledger rows replayed with zero differences (the rows typed at "
                f"the table plus the ones the engine writes itself: income, cult bonuses, final scoring). "
                f"The slider steps through the {len(self.rows)} typed rows.")
        self.game_id = label
        self.factions = [f.name for f in self.snapshots[-1].factions]
        self.board = session.state.game.board
        self._terrain_maps: dict[tuple, object] = {}
        self.index = 0
        if self.vp_slot is not None:
            self.vp_slot.show(self._vp_figure())
        self.slider.max = len(self.rows)
        self._show()

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
            raise CompanionError(f"{path}: cannot be read: {exc}") from None
        self._load_text(text, Path(path).name, file=str(path))

    def save_record(self, path):
        """Write the game as a command log (every typed row) to ``path`` atomically."""
        return self.session.save(path)

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

    # ------------------------------------------------------------------ controls
    def choose_game(self, game_id: str) -> None:
        """Replay another shipped game and show its first row."""
        try:
            self._load(game_id)
        except CompanionError as exc:
            self.message.value = error_html(str(exc))

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
        snap = self.snapshot
        where = f"line {row.line}" if row.line else "engine row"
        phase = {0: "setup", 7: "final scoring"}.get(snap.round, f"round {snap.round}")
        then = self.engine_rows[self.index]
        after = (f"<br>then the engine: {html.escape('; '.join(f'{r.faction}: {r.label}' for r in then))}"
                 if then else "")
        self.row_text.value = (f"<b>{phase}</b> — typed row {self.index + 1} of {len(self.rows)} ({where}): "
                               f"<b>{html.escape(row.faction)}</b>: {html.escape(row.label)}{after}")
        self.table.value = self._table_html()
        if self.map_slot is not None:
            self.map_slot.show(self._map_figure())
        if self.vp_slot is not None and self.vp_slot.figure.layout.shapes:
            line = self.vp_slot.figure.layout.shapes[0]   # the current-row line, moved in place
            with self.vp_slot.figure.batch_update():
                line.x0 = line.x1 = self.index + 1

    def _phase(self) -> str:
        return {0: "setup", 7: "final scoring"}.get(self.snapshot.round, f"round {self.snapshot.round}")

    def _map_figure(self) -> go.Figure:
        return map_figure(self._current_map(), state=self.snapshot.towns, height=430,
                          title=f"{self.game_id}: {self._phase()}")

    def _table_html(self) -> str:
        snap = self.snapshot
        head = "".join(f"<th style='padding:2px 6px;color:{faction_colour(f.name)}'>"
                       f"{html.escape(get_faction(f.name).display)}</th>" for f in snap.factions)
        lines = []
        labels = {"VP": "VP", "C": "coins", "W": "workers", "P": "priests"}
        for fld, label in labels.items():
            lines.append((label, [str(f.total(fld)) for f in snap.factions]))
        lines.append(("power I/II/III", [f"{f.total('PW1')}/{f.total('PW2')}/{f.total('PW3')}"
                                         for f in snap.factions]))
        lines.append(("cults F/W/E/A", [f"{f.total('FIRE')}/{f.total('WATER')}/{f.total('EARTH')}/"
                                        f"{f.total('AIR')}" for f in snap.factions]))
        lines.append(("shipping / digging", [f"{f.ship} / {f.dig}" for f in snap.factions]))
        lines.append(("D TP TE SH SA", [" ".join(str(n) for n in f.buildings) for f in snap.factions]))
        lines.append(("favors", [" ".join(f.favors) or "–" for f in snap.factions]))
        lines.append(("towns", [" ".join(f.towns) or "–" for f in snap.factions]))
        lines.append(("bonus", [(f.bonus or "–") + (" (passed)" if f.passed else "") for f in snap.factions]))
        body = "".join("<tr><td style='padding:2px 6px'><b>" + label + "</b></td>" +
                       "".join(f"<td style='padding:2px 6px;text-align:center'>{html.escape(v)}</td>"
                               for v in values) + "</tr>" for label, values in lines)
        return f"<table style='border-collapse:collapse;font-size:13px'><tr><th></th>{head}</tr>{body}</table>"

    def _vp_figure(self) -> go.Figure:
        fig = go.Figure()
        vp_at = TOTAL_FIELDS.index("VP")
        for name in self.factions:
            ys = [next((f.totals[vp_at] for f in s.factions if f.name == name), None) for s in self.snapshots]
            fig.add_trace(go.Scatter(x=list(range(1, len(ys) + 1)), y=ys, mode="lines", name=get_faction(name).display,
                                     line=dict(color=faction_colour(name), width=2)))
        starts = {}
        for i, s in enumerate(self.snapshots):
            starts.setdefault(s.round, i + 1)
        fig.update_layout(height=300, margin=dict(l=40, r=10, t=40, b=40), title="VP over the game",
                          xaxis=dict(title="typed row", tickvals=list(starts.values()),
                                     ticktext=[{0: "setup", 7: "end"}.get(r, f"R{r}") for r in starts]),
                          yaxis=dict(title="VP"),
                          shapes=[dict(type="line", xref="x", yref="paper", x0=self.index + 1, x1=self.index + 1,
                                       y0=0, y1=1, line=dict(color="#444", width=1, dash="dot"))])
        return fig
