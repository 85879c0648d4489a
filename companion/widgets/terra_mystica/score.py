"""Terra Mystica table-side final scoring: the widget behind ``score_a_table_game.ipynb``.

The table types, for each of 2-5 players, the faction, the VP before final scoring, the four cult
positions, the size of the largest network (typed, or computed from the buildings on a map) and
the leftover resources. Every keystroke is written at once to a JSON save file
(:func:`companion.savefile.atomic_write_json`), so a kernel restart or a closed tab loses nothing;
opening the notebook again reloads the save. A save that cannot be read is reported in the widget
and left untouched: nothing is written until the user picks another save file.

The save document is the input format of ``companion tm score FILE`` plus ``"kind"`` and the
players' names, so a save can also be scored from the command line.

No rule is decided here: the final scoring (network 18/12/6, cult tracks 8/4/2, ties pooled and
rounded down, resources to coins to VP) is :mod:`companion.terra_mystica.scoring`'s job, and so is the
check of the entries (:func:`~companion.terra_mystica.scoring.validate_table`, the same as the CLI's): an
entry the rules do not allow is kept as typed (nothing is clamped: 11 in a cult box stays 11), marked at
its box with a message naming the player and the row as the pad shows them, and no result or winner is
shown until it is fixed. The network helper never overwrites a network size typed by hand.
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

import ipywidgets as widgets
import plotly.graph_objects as go

from companion.errors import CompanionError, SaveFileError
from companion.i18n import LazyString, _, add_language_listener, lazy_gettext
from companion.savefile import default_save_dir
from companion.terra_mystica.factions import get_faction, load_factions
from companion.terra_mystica.hexmap import load_shipped_map, shipped_maps
from companion.terra_mystica.network import largest_network
from companion.terra_mystica.scoring import FinalScoring, validate_table
from companion.terra_mystica.towns import TownState
from companion.validation import TYPED_KEY, TableError, name_key, typed_by_seat
from companion.widgets.common import (
    all_zero,
    error_html,
    info_html,
    join_sentences,
    message_box,
    set_empty_state,
)
from companion.widgets.formcheck import (
    PAD_CLASS,
    STICKY_CLASS,
    FormMarks,
    WholeNumberBox,
    default_seat_name,
    merge_problems,
    problems_html,
    seat_label,
    style_widget,
)
from companion.widgets.savepanel import SavePanel, SavePanelOwner
from companion.widgets.terra_mystica.names import faction_name, faction_order, map_name
from companion.widgets.terra_mystica.plot import ChartSlot

__all__ = ["SAVE_KIND", "DEFAULT_SAVE_NAME", "CULTS", "MAX_PLAYERS", "PlayerRow", "TableScorer",
           "blank_player"]

SAVE_KIND = "terra-mystica-score"
DEFAULT_SAVE_NAME = "terra_mystica_score.json"
CULTS = ("fire", "water", "earth", "air")
MAX_PLAYERS = 5
MIN_PLAYERS = 2

_NUMBER_FIELDS = ("vp", "network", "coins", "workers", "priests")


def blank_player(index: int) -> dict[str, Any]:
    """An empty entry for player ``index`` (0-based), in the save / CLI format.

    Parameters
    ----------
    index : int
        0-based seat, used for the default name ``"Player 1"`` ...

    Returns
    -------
    dict
        ``{"name", "faction" (None until picked), "vp", "cults": {fire, water, earth, air},
        "network", "coins", "workers", "priests", "power": [bowl I, bowl II, bowl III]}``, all 0, plus
        the optional map entries ``"map_buildings"`` (hex labels and ``A:B`` bridges, space separated),
        ``"shipping"`` and ``"jump_range"`` used to compute the network.
    """
    return {"name": _("Player {number}").format(number=index + 1), "faction": None, "vp": 0,
            "cults": dict.fromkeys(CULTS, 0), "network": 0, "coins": 0, "workers": 0, "priests": 0,
            "power": [0, 0, 0], "map_buildings": "", "shipping": 0, "jump_range": 0}


def _cell() -> widgets.Layout:
    """A fresh full-width layout: a Layout shared between widgets dies with the first one closed."""
    return widgets.Layout(width="100%")


def _int_box(field: str) -> WholeNumberBox:
    """A whole-number box with no bounds: the limits are the scoring module's, reported, never clamped."""
    return WholeNumberBox(value=0, layout=_cell())


class PlayerRow:
    """The input widgets of one player (one column of the entry grid, like a score pad).

    Attributes
    ----------
    name : ipywidgets.Text
    faction : ipywidgets.Dropdown
        ``(display name, faction key)`` options; value ``None`` until picked.
    vp, network, coins, workers, priests : ipywidgets.IntText
        VP before final scoring (VP), largest network (buildings), leftover coins, workers, priests.
    cults : dict of str to ipywidgets.IntText
        Final cult positions 0-10 on fire, water, earth, air.
    power : list of ipywidgets.IntText
        Power tokens in bowls I, II, III.
    network_from_map : int or None
        The network size the map helper last put in :attr:`network` (``None``: never); a different value
        there was typed by hand, and the helper leaves it alone.
    """

    def __init__(self, index: int, faction_options: list[tuple[str, str | None]]) -> None:
        self.index = index
        self.name = widgets.Text(value=_("Player {number}").format(number=index + 1), continuous_update=True,
                                 layout=_cell())
        self.faction = widgets.Dropdown(options=faction_options, value=None, layout=_cell())
        self.vp = _int_box("vp")
        self.cults = {cult: _int_box("cult") for cult in CULTS}
        self.network = _int_box("network")
        self.coins = _int_box("coins")
        self.workers = _int_box("workers")
        self.priests = _int_box("priests")
        self.power = [_int_box("power") for _bowl in range(3)]
        self.map_buildings = widgets.Text(value="", placeholder="E7 E8 G3 E9:D6", continuous_update=True,
                                          layout=widgets.Layout(width="100%"))
        self.shipping = _int_box("shipping")
        self.jump_range = _int_box("jump_range")
        self.network_from_map: int | None = None

    def cells(self) -> list[widgets.Widget]:
        """The player's widgets in grid-row order (see :data:`TableScorer.FIELDS`)."""
        return [self.name, self.faction, self.vp, *self.cults.values(), self.network,
                self.coins, self.workers, self.priests, *self.power]

    def map_cells(self) -> list[widgets.Widget]:
        """The player's map inputs in grid-row order (see :data:`TableScorer.MAP_FIELDS`)."""
        return [self.map_buildings, self.shipping, self.jump_range]

    def inputs(self) -> list[widgets.Widget]:
        """Every widget whose value is saved."""
        return self.cells() + self.map_cells()

    def entry(self) -> dict[str, Any]:
        """The row as a save / CLI entry (see :func:`blank_player`)."""
        return {"name": self.name.value, "faction": self.faction.value, "vp": self.vp.number,
                "cults": {cult: box.number for cult, box in self.cults.items()},
                "network": self.network.number, "coins": self.coins.number,
                "workers": self.workers.number, "priests": self.priests.number,
                "power": [box.number for box in self.power], "map_buildings": self.map_buildings.value,
                "shipping": self.shipping.number, "jump_range": self.jump_range.number}

    def number_boxes(self) -> list[tuple[str, WholeNumberBox]]:
        """``(field path, box)`` of every number box of the player (``vp``, ``cults.fire``, ``power[0]``...)."""
        boxes = [(field, getattr(self, field)) for field in ("vp", "network", "coins", "workers", "priests",
                                                             "shipping", "jump_range")]
        boxes += [(f"cults.{cult}", box) for cult, box in self.cults.items()]
        boxes += [(f"power[{i}]", box) for i, box in enumerate(self.power)]
        return boxes

    def typed_problems(self) -> list[tuple[int, str, str]]:
        """``(player, field, message)`` for the boxes whose text is not a whole number (never scored)."""
        return [(self.index, field, box.problem) for field, box in self.number_boxes() if box.problem]

    def typed_texts(self) -> dict[str, str]:
        """``{field path: text}`` of the boxes whose text is not a whole number (saved as typed)."""
        return {field: box.value for field, box in self.number_boxes() if box.problem}

    def show(self, entry: dict[str, Any]) -> None:
        """Put a saved entry into the widgets as it is (values the rules do not allow are marked later).

        Raises
        ------
        SaveFileError
            Never here; the caller validates the document first (:meth:`TableScorer.load`).
        """
        self.name.value = str(entry["name"])
        self.faction.value = entry["faction"]
        for field in _NUMBER_FIELDS + ("shipping", "jump_range"):
            getattr(self, field).show_number(entry[field])
        self.map_buildings.value = entry["map_buildings"]
        for cult in CULTS:
            self.cults[cult].show_number(entry["cults"][cult])
        for box, tokens in zip(self.power, entry["power"], strict=True):
            box.show_number(tokens)

    def show_typed(self, texts: dict[str, str]) -> None:
        """Put back the texts saved as typed (``{field path: text}``) over the numbers :meth:`show` put there."""
        boxes = dict(self.number_boxes())
        for field, text in texts.items():
            boxes[field].value = text


def _fill_pad(grid: widgets.GridBox, labels: list[widgets.Widget], columns: list[list[widgets.Widget]]) -> None:
    """Put ``labels`` down the first column of ``grid`` and each player's widgets in a column of their own.

    The pad scrolls sideways in its own frame when it is wider than the screen, the labels staying in view
    (:data:`~companion.widgets.formcheck.STICKY_CLASS`); a player's column is as wide as the longest faction name
    in the language shown (:data:`~companion.widgets.formcheck.PAD_CLASS`), never cutting it.
    """
    cells: list[widgets.Widget] = []
    for k, label in enumerate(labels):
        label.add_class(STICKY_CLASS)
        cells.append(label)
        cells.extend(column[k] for column in columns)
    grid.children = cells
    grid.layout = widgets.Layout(grid_template_columns=(f"var(--companion-pad-labels, 175px) "
                                                        f"repeat({len(columns)}, max-content)"),
                                 grid_gap="2px 4px", max_width="100%", overflow="auto")


def _check_map(document: dict[str, Any] | None, path: Path) -> str:
    """The saved map key (``"base"`` when absent); raise :class:`SaveFileError` for an unknown one."""
    key = "base" if document is None else document.get("map", "base")
    keys = [m["key"] for m in shipped_maps()]
    if key not in keys:
        raise SaveFileError(_("map: expected one of {keys}; the file was left untouched").format(keys=_(", ").join(keys)),
                            path=str(path))
    return key


def _build(state: TownState, tokens: list[str], faction: str, player: str) -> TownState:
    """Place ``faction``'s buildings (hex labels) and bridges (``A:B``); errors name the player."""
    try:
        for token in (t.upper() for t in tokens if ":" not in t):
            state = state.place(token, faction)
        for token in (t.upper() for t in tokens if ":" in t):
            a, _colon, b = token.partition(":")
            state = state.add_bridge(a, b, faction)
    except CompanionError as exc:
        raise CompanionError(_("{player}: {error}").format(player=player, error=exc)) from None
    return state


def check_save(document: dict[str, Any], path: Path, factions: set[str] | None = None) -> list[dict[str, Any]]:
    """Validate a save document read by :func:`companion.savefile.read_save`.

    The check is :func:`companion.terra_mystica.scoring.validate_table` (``partial=True``: a player may have no
    faction yet). A document of the wrong shape is refused; values of the right type that the rules do not
    allow (a cult position of 11, two factions of one colour...) are returned, to be shown and marked.

    Parameters
    ----------
    document : dict
        The save (``"kind"`` already checked).
    path : pathlib.Path
        The save file, named in errors.
    factions : set of str, optional
        Unused (kept for callers of the former signature): the faction names are the scoring module's.

    Returns
    -------
    list of dict
        2-5 player entries, each complete (see :func:`blank_player`).

    Raises
    ------
    SaveFileError
        Naming the key path (``players[1].vp``) and what was expected; the file is left untouched.
    """
    try:
        validate_table(document, partial=True)
    except TableError as exc:
        shape = exc.shape_problems
        if shape:
            raise SaveFileError(_("{key_path}: {message}; the file was left untouched").format(
                key_path=shape[0].key_path, message=shape[0].message), path=str(path)) from None
    out = []
    for i, entry in enumerate(document["players"]):
        full = blank_player(i)
        full.update({k: v for k, v in entry.items() if k in full})
        full["cults"] = {cult: entry["cults"].get(cult, 0) for cult in CULTS}
        if full["faction"] is not None:
            full["faction"] = get_faction(full["faction"]).name
        out.append(full)
    return out


class TableScorer(SavePanelOwner, widgets.VBox):
    """Final scoring of a Terra Mystica game played at the table, saved as it is typed.

    Parameters
    ----------
    save_path : str or PathLike, optional
        The JSON save file. Default: ``default_save_dir() / "terra_mystica_score.json"``
        (``$COMPANION_SAVE_DIR`` when set). An existing save is loaded at once.

    Attributes
    ----------
    rows : list of PlayerRow
        Five rows of inputs; the first ``player_count.value`` are shown and saved.
    message : ipywidgets.HTML
        Errors (corrupt save, missing faction, illegal entry) and status.
    breakdown : ipywidgets.HTML
        The itemised final-scoring table and the winner(s).
    chart : plotly.graph_objects.FigureWidget
        Stacked bars of each player's final VP by part.
    result : FinalScoring or None
        The scoring API's result for the entries shown (None while a faction is missing or an entry is
        rejected).
    save_panel : SavePanel
        The save file strip (path box, open button, status line); :attr:`path`, :attr:`writable`,
        :attr:`path_text`, :attr:`open_button` and :attr:`status` are its attributes.
    """

    FIELDS: tuple[LazyString, ...] = (
        lazy_gettext("player"), lazy_gettext("faction"), lazy_gettext("VP before final scoring"),
        lazy_gettext("fire (0-10)"), lazy_gettext("water (0-10)"), lazy_gettext("earth (0-10)"),
        lazy_gettext("air (0-10)"), lazy_gettext("largest network"), lazy_gettext("coins"), lazy_gettext("workers"),
        lazy_gettext("priests"), lazy_gettext("power in bowl I"), lazy_gettext("power in bowl II"),
        lazy_gettext("power in bowl III"))
    MAP_FIELDS: tuple[LazyString, ...] = (
        lazy_gettext("buildings (hexes, A:B bridges)"), lazy_gettext("shipping level"),
        lazy_gettext("tunnel / carpet flight range"))
    #: The chart's parts: keys of :func:`_part_values` and their labels (in the language in force).
    PART_KEYS = ("before", "fire", "water", "earth", "air", "network", "resources")
    PARTS: tuple[LazyString, ...] = (
        lazy_gettext("VP before final scoring"), lazy_gettext("fire"), lazy_gettext("water"), lazy_gettext("earth"),
        lazy_gettext("air"), lazy_gettext("network"), lazy_gettext("resources"))

    def __init__(self, save_path: str | Path | None = None) -> None:
        self._factions = _faction_choices()
        self._muted = False
        self.save_panel = SavePanel(save_path if save_path is not None else default_save_dir() / DEFAULT_SAVE_NAME,
                                    kind=SAVE_KIND, on_load=self._load, button_description=lazy_gettext("Open"),
                                    text_width="70%")
        self.player_count = widgets.Dropdown(options=list(range(MIN_PLAYERS, MAX_PLAYERS + 1)), value=4)
        self.rows = [PlayerRow(i, self._faction_options()) for i in range(MAX_PLAYERS)]
        self.grid = widgets.GridBox()
        self.grid.add_class(PAD_CLASS)
        self.grid.add_class("companion-tm-pad")
        self._labels = [widgets.HTML() for _title in self.FIELDS]
        self.map_choice = widgets.Dropdown(options=self._map_options(), value="base")
        self.map_grid = widgets.GridBox()
        self.map_grid.add_class(PAD_CLASS)
        self._map_labels = [widgets.HTML() for _title in self.MAP_FIELDS]
        self.compute_button = widgets.Button(icon="calculator", layout=widgets.Layout(width="220px"))
        self.compute_button.on_click(lambda _b: self.compute_networks())
        self.map_message = message_box()
        self._render_map_message: Any = None
        self.map_help = widgets.HTML()
        self.map_section = widgets.Accordion(children=[widgets.VBox([
            self.map_help, self.map_choice, self.map_grid, self.compute_button, self.map_message])])
        self.map_section.selected_index = None
        self._label()
        self.message = message_box()
        self.marks = FormMarks(self._boxes_for, self._describe)
        self.breakdown = widgets.HTML()
        self.chart_slot: ChartSlot | None = None
        self.result: FinalScoring | None = None
        self._names: list[str] = []
        self._entries: list[dict[str, Any]] = []
        #: per cult track, the seats on 10 in the order their boxes reached it (the first stays, the next is marked)
        self._ten_order: dict[str, list[int]] = {cult: [] for cult in CULTS}
        self.player_count.observe(self._on_input, names="value")
        self.map_choice.observe(self._on_input, names="value")
        for row in self.rows:
            for box in row.inputs():
                box.observe(self._on_input, names="value")
        self.open_save(self.save_panel.path)
        # Built after the first load, complete, so it never renders blank (see common.figure_widget).
        self.chart_slot = ChartSlot(self._figure(self._names, self.result, self._entries))
        super().__init__([self.save_panel, style_widget(), self.player_count, self.grid, self.map_section,
                          self.message, self.breakdown, self.chart_slot])
        add_language_listener(self._retranslate)

    # ----------------------------------------------------------------- language
    def _faction_options(self) -> list[tuple[str, str | None]]:
        return [(_("(pick a faction)"), None)] + [(name, key) for key, name in self._factions.items()]

    @staticmethod
    def _map_options() -> list[tuple[str, str]]:
        return [(map_name(m), m["key"]) for m in shipped_maps()]

    def _label(self) -> None:
        """Set every fixed label in the language in force."""
        self.player_count.description = _("Players")
        self.map_choice.description = _("Map")
        for widget, title in zip(self._labels, self.FIELDS, strict=True):
            widget.value = f"<b>{html.escape(str(title))}</b>"
        for widget, title in zip(self._map_labels, self.MAP_FIELDS, strict=True):
            widget.value = f"<b>{html.escape(str(title))}</b>"
        self.compute_button.description = _("Compute network sizes")
        self.map_help.value = _(
            "Type each player's building hexes (e.g. <code>E7 E8 G3</code>) and bridges (<code>E9:D6</code>), "
            "their shipping level (and the Dwarves' tunnelling or the Fakirs' carpet flight range); the largest "
            "network fills the row above.")
        self.map_section.set_title(0, _("Compute the largest networks from the buildings on a map"))
        for row in self.rows:
            row.map_buildings.placeholder = _("e.g. {example}").format(example="E7 E8 G3 E9:D6")

    def _retranslate(self, language: str) -> None:
        """Redraw the form in ``language`` in place: labels, menus, messages, the breakdown and the chart.

        The entries typed stay as they are; a seat's untouched default name ("Player 2") follows the language.
        """
        renamed = False
        self._muted = True
        try:
            for row in self.rows:
                default = default_seat_name(row.index, row.name.value)
                if default is not None and default != row.name.value:
                    row.name.value = default
                    renamed = True
            self._factions = _faction_choices()
            options = self._faction_options()
            for row in self.rows:
                value = row.faction.value
                row.faction.options = options
                row.faction.value = value
            value = self.map_choice.value
            self.map_choice.options = self._map_options()
            self.map_choice.value = value
        finally:
            self._muted = False
        self._label()
        if self._render_map_message is not None:
            self.map_message.value = self._render_map_message()
        if renamed:
            self.save()
        self.rescore()

    def _show_map_message(self, render: Any) -> None:
        self._render_map_message = render
        self.map_message.value = render()

    # ----------------------------------------------------------------- saving and loading
    def document(self) -> dict[str, Any]:
        """The save document: ``{"kind", "players": [entry, ...]}`` (entries as :func:`blank_player`)."""
        rows = self.rows[:self.player_count.value]
        typed = {f"players[{row.index}].{field}": text for row in rows for field, text in row.typed_texts().items()}
        return {"kind": SAVE_KIND, "version": 1, "map": self.map_choice.value,
                "players": [row.entry() for row in rows], **({TYPED_KEY: typed} if typed else {})}

    def open_save(self, path: str | Path) -> bool:
        """Switch to the save file ``path``: load it if it exists, else start a blank game there.

        Returns
        -------
        bool
            False when the save cannot be read (not JSON, wrong kind, a bad entry): it is reported in
            :attr:`status`, left untouched, and nothing is written until another file is opened.
        """
        ok = self.save_panel.open_save(path)
        if not ok:
            self.message.value = ""
            self._show_grid()
        return ok

    def _load(self, document: dict[str, Any] | None) -> str:
        """:class:`SavePanel` callback: validate the save, then show it (``None``: a blank 4-player game)."""
        entries = (check_save(document, self.path, set(self._factions)) if document is not None
                   else [blank_player(i) for i in range(4)])
        map_key = _check_map(document, self.path)
        self._muted = True
        try:
            self.player_count.value = len(entries)
            self.map_choice.value = map_key
            typed = typed_by_seat(document)
            for row, entry in zip(self.rows, entries + [blank_player(i) for i in range(len(entries), 5)],
                                  strict=True):
                row.show(entry)
                row.show_typed(typed.get(row.index, {}))
        finally:
            self._muted = False
        self._show_grid()
        self.rescore()
        path = self.path
        if document is not None:
            return LazyString(lambda: _("Loaded {path} — every entry is saved as you type.").format(path=path))
        return LazyString(lambda: _("New game; saving to {path} — every entry is saved as you type.").format(path=path))

    def save(self) -> bool:
        """Write :meth:`document` to :attr:`path` atomically (only while :attr:`writable`); True when written."""
        return self.save_panel.save(self.document())

    def _on_input(self, change: dict[str, Any]) -> None:
        if self._muted:
            return
        if change.get("owner") is self.player_count:
            self._show_grid()
        self.save()
        self.rescore()

    def _show_grid(self) -> None:
        """Lay the entries out like a score pad: one row per field, one column per player."""
        rows = self.rows[:self.player_count.value]
        _fill_pad(self.grid, self._labels, [row.cells() for row in rows])
        _fill_pad(self.map_grid, self._map_labels, [row.map_cells() for row in rows])

    def compute_networks(self) -> None:
        """Fill each player's "largest network" from the buildings typed for the chosen map.

        Uses :class:`companion.terra_mystica.towns.TownState` (buildings, bridges) and
        :func:`companion.terra_mystica.network.largest_network` (direct adjacency, bridges, shipping, tunnel /
        carpet range). Players without buildings typed keep their number. A network size typed by hand (a
        value other than 0 or the one this helper put there last) is never overwritten: the map's value is
        shown beside it instead. A bad hex, a hex held by two players or a player without a faction is
        reported in :attr:`map_message`; nothing is changed then.
        """
        rows = self.rows[:self.player_count.value]
        try:
            state = TownState.new(load_shipped_map(self.map_choice.value))
            typed = []
            for i, row in enumerate(rows):
                tokens = row.map_buildings.value.replace(",", " ").split()
                if not tokens:
                    continue
                who = row.name.value or _("Player {number}").format(number=i + 1)
                if row.faction.value is None:
                    raise CompanionError(_("{player}: pick a faction first").format(player=who))
                state = _build(state, tokens, row.faction.value, who)
                typed.append(row)
            sizes = {row.index: largest_network(state, row.faction.value, shipping=row.shipping.number,
                                                jump_range=row.jump_range.number) for row in typed}
        except CompanionError as exc:
            error = str(exc)
            self._show_map_message(lambda: error_html(error))
            return
        kept: list[tuple[str, int, int]] = []
        found: list[tuple[str, int]] = []
        for row in typed:
            size = sizes[row.index]
            who = row.name.value or _("Player {number}").format(number=row.index + 1)
            found.append((who, size))
            if row.network.number not in (0, row.network_from_map, size):
                kept.append((who, size, row.network.number))
                continue
            row.network_from_map = size
            row.network.show_number(size)

        def render() -> str:
            if not found:
                return info_html(_("Type some building hexes first."))
            text = _("Largest networks: {sizes}.").format(
                sizes=_(", ").join(_("{player} {size}").format(player=who, size=size) for who, size in found))
            notes = [_("{player}: the map gives {size}, but {typed} was typed by hand and is kept (type {size} to "
                       "use the map's).").format(player=who, size=size, typed=typed) for who, size, typed in kept]
            return info_html(join_sentences(text, *notes))

        self._show_map_message(render)

    # ----------------------------------------------------------------- scoring and display
    def rescore(self) -> None:
        """Check the entries shown (:func:`companion.terra_mystica.scoring.validate_table`), score and redraw.

        An entry the rules do not allow is marked at its box and listed in :attr:`message` (player and row
        named as on the pad), and nothing is scored or charted until it is fixed. When a second player is typed
        onto 10 of a cult track, the player typed last is the one marked (the first there stays). Players without a faction
        are named in :attr:`message` and nothing is scored; the chart then shows only the VP typed before
        final scoring.
        """
        doc = self.document()
        entries = doc["players"]
        names = [entry["name"] or self._factions.get(entry["faction"], _("Player {number}").format(number=i + 1))
                 for i, entry in enumerate(entries)]
        typed = [p for row in self.rows[:len(entries)] for p in row.typed_problems()]
        for cult, order in self._ten_order.items():
            on_ten = [i for i, entry in enumerate(entries) if entry["cults"][cult] == 10]
            order[:] = [i for i in order if i in on_ten] + [i for i in on_ten if i not in order]
        try:
            table = validate_table(doc, partial=True, ten_order=self._ten_order)
        except TableError as exc:
            problems = merge_problems(typed, exc.problems)
        else:
            problems = typed
        if problems:
            self.marks.show(problems)
            self.message.value = problems_html(self.marks.lines)
            self.breakdown.value = ""
            self._draw([], None, [])
            return
        self.marks.clear()
        if not table.complete:
            missing = [entries[i]["name"] or _("Player {number}").format(number=i + 1) for i in table.missing_factions]
            self.message.value = info_html(_("Pick a faction for {players} to see the scores.").format(
                players=_(", ").join(missing)))
            self.breakdown.value = ""
            self._draw(names, None, entries)
            return
        try:
            result = table.score()
        except CompanionError as exc:  # pragma: no cover - validate_table checks what the scoring needs
            self.message.value = error_html(str(exc))
            self.breakdown.value = ""
            self._draw([], None, [])
            return
        self.message.value = ""
        self.breakdown.value = _breakdown_html(names, result, self._factions)
        self._draw(names, result, entries)

    _LABELS = {"name": lazy_gettext("player name"), "faction": lazy_gettext("faction"),
               "vp": lazy_gettext("VP before final scoring"), "network": lazy_gettext("largest network"),
               "coins": lazy_gettext("coins"), "workers": lazy_gettext("workers"), "priests": lazy_gettext("priests"),
               "cults": lazy_gettext("cult tracks"), "power": lazy_gettext("power bowls"),
               "map_buildings": lazy_gettext("buildings (hexes, A:B bridges)"),
               "shipping": lazy_gettext("shipping level"), "jump_range": lazy_gettext("tunnel / carpet flight range"),
               "extra": lazy_gettext("final-scoring tile"), "players": lazy_gettext("players"),
               "map": lazy_gettext("map")}

    def _boxes_for(self, player: int | None, field: str) -> list[widgets.Widget]:
        """The input boxes showing ``field`` of ``player`` (for :class:`FormMarks`)."""
        if player is None or player >= self.player_count.value:
            return []
        row = self.rows[player]
        root, _dot, rest = field.partition(".")
        if root == "cults":
            return [row.cults[rest]] if rest in row.cults else list(row.cults.values())
        if root.startswith("power"):
            index = root[len("power["):-1]
            return [row.power[int(index)]] if index.isdigit() and int(index) < 3 else list(row.power)
        box = getattr(row, root, None) if root in self._LABELS else None
        return [box] if isinstance(box, widgets.Widget) else []

    def _describe(self, player: int | None, field: str) -> tuple[str, str]:
        """``(player as shown, row title)`` for a problem's message."""
        who = ""
        if player is not None and player < MAX_PLAYERS:
            # names as the other games' pads (blank: "Player N"); the seat is named too when ambiguous
            shown = [name_key(r.name.value) for r in self.rows[:max(self.player_count.value, player + 1)]]
            who = seat_label(player, shown)
        root, _dot, rest = field.partition(".")
        if root == "cults" and rest in CULTS:
            return who, str(self.FIELDS[3 + CULTS.index(rest)])
        if root.startswith("power[") and root[6:-1].isdigit() and int(root[6:-1]) < 3:
            return who, str(self.FIELDS[11 + int(root[6:-1])])
        return who, str(self._LABELS.get(root, field))

    def _draw(self, names: list[str], result: FinalScoring | None, entries: list[dict[str, Any]]) -> None:
        self._names, self.result, self._entries = names, result, entries
        if self.chart_slot is None:
            return
        self.chart_slot.show(self._figure(names, result, entries))

    @property
    def chart(self) -> go.FigureWidget:
        """The chart shown now."""
        return self.chart_slot.figure

    def _figure(self, names: list[str], result: FinalScoring | None,
                entries: list[dict[str, Any]]) -> go.Figure:
        """Stacked bars per player; until the table can be scored, only the VP typed before final scoring."""
        colours = ("#7f7f7f", "#d62728", "#1f77b4", "#8c564b", "#bcbd22", "#2ca02c", "#9467bd")
        values = _part_values(result, entries)
        fig = go.Figure([go.Bar(name=str(label), x=names, y=values[key], marker_color=colour,
                                hovertemplate=_("%{x}: %{y} VP") + "<extra>" + html.escape(str(label)) + "</extra>")
                         for key, label, colour in zip(self.PART_KEYS, self.PARTS, colours, strict=True)])
        fig.update_layout(barmode="stack", title=_("Final VP by part") if result is not None else
                          _("VP before final scoring (pick every player's faction for the final scores)"),
                          yaxis_title=_("VP"), height=360,
                          margin=dict(l=40, r=10, t=40, b=40), legend=dict(orientation="h", y=-0.15))
        untouched = all_zero(v for part in values.values() for v in part)
        set_empty_state(fig, _("The chart fills in as you type each player's VP and resources.") if untouched else None)
        return fig


def _faction_choices() -> dict[str, str]:
    """Faction key -> display name, base game first, then Fire & Ice (each in the English names' order, in
    every language: :func:`faction_order`)."""
    factions = load_factions()
    ordered = sorted(factions.values(), key=lambda f: faction_order(f.name))
    return {f.name: faction_name(f.name) if f.expansion == "base"
            else _("{faction} (F&I)").format(faction=faction_name(f.name)) for f in ordered}


def _part_values(result: FinalScoring | None, entries: list[dict[str, Any]]) -> dict[str, list[int]]:
    """VP of each chart part per player, by :attr:`TableScorer.PART_KEYS`; without a result, the typed VP and
    zeros for the rest."""
    if result is None:
        zeros = [0] * len(entries)
        return {"before": [e["vp"] for e in entries],
                **{part: zeros for part in ("fire", "water", "earth", "air", "network", "resources")}}
    players = result.players
    return {
        "before": [p.vp_before for p in players],
        **{cult: [p.cult_vp[cult] for p in players] for cult in CULTS},
        "network": [p.network_vp for p in players],
        "resources": [p.resource_vp for p in players],
    }


def _breakdown_html(names: list[str], result: FinalScoring, factions: dict[str, str]) -> str:
    """The itemised breakdown table (one row per player), how resources were converted, and the winner."""
    head = "".join(f"<th style='padding:2px 8px'>{html.escape(h)}</th>" for h in (
        _("player"), _("faction"), _("before final scoring"), _("fire"), _("water"), _("earth"), _("air"),
        _("network"), _("resources"), _("final VP")))
    winners = set(result.winners)
    rows = []
    for name, player in zip(names, result.players, strict=True):
        cells = [name, factions.get(player.faction, player.faction), player.vp_before,
                 *(player.cult_vp[cult] for cult in CULTS), player.network_vp, player.resource_vp,
                 player.final_vp]
        style = " style='font-weight:bold;background:#fff3c4'" if player.faction in winners else ""
        rows.append(f"<tr{style}>" + "".join(
            f"<td style='padding:2px 8px;text-align:{'left' if i < 2 else 'right'}'>{html.escape(str(c))}</td>"
            for i, c in enumerate(cells)) + "</tr>")
    lines = [_("{player}: {explanation}").format(player=name, explanation=p.resources.explanation)
             for name, p in zip(names, result.players, strict=True)]
    conversions = "".join(f"<li>{html.escape(line)}</li>" for line in lines)
    winner_names = [_("{player} ({faction})").format(player=n, faction=factions.get(p.faction, p.faction))
                    for n, p in zip(names, result.players, strict=True) if p.faction in winners]
    best = max(p.final_vp for p in result.players)
    if len(winner_names) == 1:
        sentence = _("{player} wins with {vp} VP.").format(player=winner_names[0], vp=best)
    else:
        sentence = _("{players} share the win with {vp} VP each.").format(
            players=_(" and ").join(winner_names), vp=best)
    winner, leftover = html.escape(_("Winner:")), html.escape(_("Leftover resources"))
    return (f"<p class='tm-winner' style='font-size:1.2em'><b>{winner}</b> "
            f"{html.escape(sentence)}</p>"
            f"<table class='tm-breakdown' style='border-collapse:collapse'><thead><tr>{head}</tr></thead>"
            f"<tbody>{''.join(rows)}</tbody></table>"
            f"<details><summary>{leftover}</summary><ul>{conversions}</ul></details>")
