"""Terra Mystica map widgets: the custom-map explorer and a reusable town sandbox.

Both only render and call the public API (:mod:`companion.terra_mystica.hexmap`, ``towns``,
``network``, ``mapplot``); no rule is decided here. Every callback is a plain method, so tests drive
them without a browser: :meth:`MapExplorer.read_text`, :meth:`MapExplorer.choose_map`,
:meth:`MapExplorer.select_hex` (what a click on the map calls), :meth:`TownSandbox.place`,
:meth:`TownSandbox.bridge`, :meth:`TownSandbox.take_fav5`, :meth:`TownSandbox.connect`,
:meth:`TownSandbox.undo`, :meth:`TownSandbox.reset`.

Both follow :func:`companion.i18n.set_language` in place (labels, messages, the map's texts), and show
factions, terrains and hexes by the names and labels a player sees (``Witches``, ``E7``, row ``E``).

Examples
--------
>>> from companion.widgets.terra_mystica.map import TownSandbox
>>> box = TownSandbox(factions=("witches", "nomads"))
>>> for hex_, kind in [("A1", "TP"), ("A2", "TP"), ("A3", "TP"), ("A4", "D")]:
...     ok = box.place(hex_, "witches", kind)
>>> len(box.state.towns())
1
"""

from __future__ import annotations

import base64
import html
from collections.abc import Callable, Sequence

import ipywidgets as widgets

from companion.errors import CompanionError
from companion.i18n import _, add_language_listener, lazy_gettext
from companion.terra_mystica.hexmap import (
    MAX_SHIPPING,
    TerraMysticaMap,
    designer_statistics,
    load_shipped_map,
    parse_map,
    shipped_maps,
)
from companion.terra_mystica.network import largest_network
from companion.terra_mystica.terrain import RIVER_LETTER, terrain_wheel
from companion.terra_mystica.towns import BUILDING_KINDS, TownEvent, TownState
from companion.widgets.common import error_html, figure_widget, info_html, join_sentences
from companion.widgets.terra_mystica.mapplot import HEX_TRACE, map_figure
from companion.widgets.terra_mystica.names import faction_name, map_name, terrain_name

__all__ = ["MapExplorer", "TownSandbox", "describe_town_event", "format_map_error", "hex_position", "statistics_html"]

_CUSTOM = "custom"
_BUILDING_LABELS = {"D": lazy_gettext("dwelling (1)"), "TP": lazy_gettext("trading house (2)"),
                    "TE": lazy_gettext("temple (2)"), "SH": lazy_gettext("stronghold (3)"),
                    "SA": lazy_gettext("sanctuary (3, counts as 2 buildings)")}


def _hexes(labels) -> str:
    def key(label: str) -> tuple:
        return (label.startswith("r"), label[:1], int(label[1:]) if label[1:].isdigit() else 0)

    return _(", ").join(sorted(labels, key=key))


def describe_town_event(event: TownEvent) -> str:
    """One sentence for the town log, in the language in force, naming the faction (not its id).

    Parameters
    ----------
    event : companion.terra_mystica.towns.TownEvent
        ``kind`` ``"founded"``, ``"joined"``, ``"merged"`` or ``"no_tile"``.
    """
    fields = dict(faction=faction_name(event.faction), town=event.town, hexes=_hexes(event.hexes),
                  power=event.power, count=event.count)
    if event.kind == "founded":
        return _("The {faction} founded town {town} ({hexes}): power {power}, {count} buildings.").format(**fields)
    if event.kind == "joined":
        return _("{hexes} joined town {town} of the {faction} (no new town).").format(**fields)
    if event.kind == "merged":
        return _("Towns of the {faction} merged into town {town} (no new town tile).").format(**fields)
    return _("A group of the {faction} ({hexes}) qualifies as a town, but no town tile is left.").format(**fields)


def hex_position(tm_map: TerraMysticaMap, label: str) -> str:
    """Where hex ``label`` is, as a player finds it on the drawn map: its row letter and its cell counted
    from 1 at the left of the row (rivers counted), e.g. ``"row E, cell 8 from the left"``."""
    h = tm_map.hexes[label]
    return _("row {row}, cell {cell} from the left").format(row=chr(ord("A") + h.row), cell=h.column + 1)


def _bind_click(fig_widget, callback) -> None:
    for trace in fig_widget.data:
        if trace.name == HEX_TRACE:
            trace.on_click(lambda _trace, points, _state: callback(points))


def _redraw_in_place(fig_widget, fig, callback):
    """Draw ``fig`` on the shown ``fig_widget`` in place (only what changed is sent); return the widget.

    Click bindings survive on traces that stay; they are bound again in case the hex trace is new.
    """
    fig_widget.show(fig)
    _bind_click(fig_widget, callback)
    return fig_widget


def _shown_figure(fig, callback):
    """A :class:`~companion.widgets.common.LiveFigureWidget` of ``fig`` with clicks on the hexes bound."""
    fig_widget = figure_widget(fig)
    _bind_click(fig_widget, callback)
    return fig_widget


def _clicked_label(fig_widget, points) -> str | None:
    if not points.point_inds:
        return None
    trace = next(t for t in fig_widget.data if t.name == HEX_TRACE)
    return trace.customdata[points.point_inds[0]]


def format_map_error(text: str, exc: CompanionError) -> str:
    """HTML for a map error: the message, and the offending row with the bad cell marked.

    Row and column come from :class:`~companion.errors.MapFormatError` (1-based); in the letter form the
    row is the n-th non-blank line (or space-separated group of the one-line form).
    """
    out = error_html(str(exc))
    row = getattr(exc, "row", None)
    column = getattr(exc, "column", None)
    if row is None:
        return out
    if "," in text:
        lines = [ln for ln in text.splitlines() if ln.strip()]
        if len(lines) == 1 and len(lines[0].split()) > 1:
            lines = lines[0].split()
        cells = lines[row - 1].split(",") if 0 < row <= len(lines) else []
    else:
        groups = " ".join(text.split()).split(" E")
        cells = groups[row - 1].split() if 0 < row <= len(groups) else []
    if not cells:
        return out
    marked = []
    for i, cell in enumerate(cells, start=1):
        shown = html.escape(cell.strip()) or "&nbsp;"
        marked.append(f'<b style="background:#ffd0d0;color:#b00020">{shown}</b>' if i == column else shown)
    if column is not None and column > len(cells):
        marked.append('<b style="background:#ffd0d0;color:#b00020">?</b>')
    sep = "," if "," in text else " "
    where = html.escape(_("row {row}:").format(row=row))
    return out + (f'<div class="companion-error-row" style="font-family:monospace">{where} '
                  f'{sep.join(marked)}</div>')


class TownSandbox(widgets.VBox):
    """Place buildings on a map and watch towns form (reference-engine town rules).

    Parameters
    ----------
    tm_map : TerraMysticaMap, optional
        The map (default: the base map).
    factions : sequence of str
        Faction names offered in the faction menu (``factions.json`` names give the right colours and
        building powers, e.g. Yetis' stronghold 4; ``"mermaids"`` enables the river-town button); the menu
        shows each faction's name.
    town_tiles : int or None
        Town tiles available (None = unlimited); 0 shows that no town can form without a tile.
    height : int
        Map height in pixels.
    title : str, optional
        Heading shown above the sandbox (a :func:`~companion.i18n.lazy_gettext` text follows the language).

    Clicking a hex builds the chosen building there for the chosen faction (an upgrade if it already
    holds that faction's building; only D -> TP -> TE/SH, TE -> SA). Any building may be placed on an
    empty hex, to set up a position quickly.
    """

    def __init__(self, tm_map: TerraMysticaMap | None = None, *,
                 factions: Sequence[str] = ("witches", "mermaids", "nomads"),
                 town_tiles: int | None = None, height: int = 480, title: object = None) -> None:
        self.map = tm_map if tm_map is not None else load_shipped_map("base")
        self._town_tiles = town_tiles
        self._height = height
        self._factions = tuple(factions)
        self._title = title
        self.history: list[TownState] = []
        self.state = TownState.new(self.map, town_tiles=town_tiles)
        self._muted = False
        self.faction = widgets.Dropdown(options=self._faction_options(), value=self._factions[0])
        self.building = widgets.Dropdown(options=self._building_options(), value="D")
        self.hex_box = widgets.Text(value="", layout=widgets.Layout(width="160px"))
        self.place_button = widgets.Button(button_style="primary")
        self.bridge_spot = widgets.Dropdown(options=self._bridge_options())
        self.bridge_button = widgets.Button()
        self.fav5_button = widgets.Button(layout=widgets.Layout(width="auto"))
        self.river = widgets.Dropdown(options=[])
        self.connect_button = widgets.Button(layout=widgets.Layout(width="auto"))
        self.undo_button = widgets.Button(icon="undo")
        self.reset_button = widgets.Button()
        self.message = widgets.HTML()
        self._render_message: Callable[[], str] | None = None
        self.summary = widgets.HTML()
        self.log_html = widgets.HTML()
        self._log: list[tuple[TownEvent, ...]] = []
        self.place_button.on_click(lambda _b: self.place())
        self.bridge_button.on_click(lambda _b: self.bridge())
        self.fav5_button.on_click(lambda _b: self.take_fav5())
        self.connect_button.on_click(lambda _b: self.connect())
        self.undo_button.on_click(lambda _b: self.undo())
        self.reset_button.on_click(lambda _b: self.reset())
        self.faction.observe(lambda _c: None if self._muted else self._refresh_controls(), names="value")
        self.figure = _shown_figure(self._figure(), self._on_click)
        # as wide as the page's box, as tall as that width needs (a phone shows the whole map, smaller)
        self._figure_box = widgets.VBox([self.figure], layout=widgets.Layout(width="100%", min_width="0"))
        self._heading = widgets.HTML()
        header = [self._heading] if title else []
        controls = widgets.VBox([
            widgets.HBox([self.faction, self.building]),
            widgets.HBox([self.hex_box, self.place_button, self.undo_button, self.reset_button]),
            widgets.HBox([self.bridge_spot, self.bridge_button]),
            widgets.HBox([self.fav5_button, self.river, self.connect_button]),
        ])
        self._label()
        super().__init__([*header, controls, self.message, self._figure_box, self.summary, self.log_html])
        self._refresh(redraw=False)
        add_language_listener(self._retranslate)

    # ------------------------------------------------------------------ language
    def _faction_options(self) -> list[tuple[str, str]]:
        return [(faction_name(f), f) for f in self._factions]

    @staticmethod
    def _building_options() -> list[tuple[str, str]]:
        return [(str(_BUILDING_LABELS[k]), k) for k in BUILDING_KINDS]

    def _label(self) -> None:
        self.faction.description = _("Faction")
        self.building.description = _("Building")
        self.hex_box.description = _("Hex")
        self.hex_box.placeholder = _("e.g. {example}").format(example="E7")
        self.place_button.description = _("Build")
        self.bridge_spot.description = _("Bridge")
        self.bridge_button.description = _("Place bridge")
        self.fav5_button.description = _("Take FAV5 (town power 6)")
        self.river.description = _("River hex")
        self.connect_button.description = _("Mermaid river town")
        self.undo_button.description = _("Undo")
        self.reset_button.description = _("Clear map")
        if self._title:
            self._heading.value = f"<h3>{html.escape(str(self._title))}</h3>"

    def _retranslate(self, language: str) -> None:
        """Redraw the sandbox in ``language`` in place (menus keep their choice; same figure)."""
        self._muted = True
        try:
            for menu, options in ((self.faction, self._faction_options()), (self.building, self._building_options())):
                value = menu.value
                menu.options = options
                menu.value = value
        finally:
            self._muted = False
        self._label()
        if self._render_message is not None:
            self.message.value = self._render_message()
        self._refresh()

    def _say(self, render: Callable[[], str]) -> None:
        """Show ``render()`` in :attr:`message`, again after a change of language."""
        self._render_message = render
        self.message.value = render()

    # ------------------------------------------------------------------ plain methods
    def place(self, hex_label: str | None = None, faction: str | None = None, kind: str | None = None) -> bool:
        """Build ``kind`` for ``faction`` on ``hex_label`` (defaults: the controls). True on success."""
        label = hex_label if hex_label is not None else self.hex_box.value
        return self._apply(lambda s: s.place(label, faction or self.faction.value, kind or self.building.value))

    def bridge(self, a: str | None = None, b: str | None = None, faction: str | None = None) -> bool:
        """Place a bridge between ``a`` and ``b`` (default: the chosen bridge spot). True on success."""
        if a is None or b is None:
            if not self.bridge_spot.value:
                self._say(lambda: error_html(_("choose a bridge spot")))
                return False
            a, b = self.bridge_spot.value.split("-")
        return self._apply(lambda s: s.add_bridge(a, b, faction or self.faction.value))

    def take_fav5(self, faction: str | None = None) -> bool:
        """The faction takes favor tile FAV5: its towns need power 6; groups are re-checked."""
        return self._apply(lambda s: s.take_fav5(faction or self.faction.value))

    def connect(self, river: str | None = None, faction: str | None = None) -> bool:
        """Mermaids found a town across ``river`` (default: the chosen river hex)."""
        r = river if river is not None else self.river.value
        if not r:
            self._say(lambda: error_html(_("no river hex would found a Mermaid town right now")))
            return False
        return self._apply(lambda s: s.connect(r, faction or self.faction.value))

    def undo(self) -> None:
        """Take back the last change."""
        if self.history:
            self.state = self.history.pop()
            if self._log:
                self._log.pop()
            self._say(lambda: info_html(_("undone")))
            self._refresh()

    def reset(self) -> None:
        """Clear the map."""
        self.history.clear()
        self._log.clear()
        self.state = TownState.new(self.map, town_tiles=self._town_tiles)
        self._say(lambda: "")
        self._refresh()

    def set_map(self, tm_map: TerraMysticaMap) -> None:
        """Switch to another map (clears the sandbox; nothing happens if it is the same map)."""
        if tm_map == self.map:
            return
        self.map = tm_map
        self.bridge_spot.options = self._bridge_options()
        self.reset()

    # ------------------------------------------------------------------ internals
    def _apply(self, change) -> bool:
        try:
            new = change(self.state)
        except CompanionError as exc:
            error = str(exc)
            self._say(lambda: error_html(error))
            return False
        self.history.append(self.state)
        self.state = new
        events = tuple(new.events)
        self._say(lambda: info_html(join_sentences(*(describe_town_event(e) for e in events)) if events
                                    else _("Done: no change to towns.")))
        self._log.append(events)
        self._refresh()
        return True

    def _on_click(self, points) -> None:
        label = _clicked_label(self.figure, points)
        if label is not None:
            self.hex_box.value = label
            self.place(label)

    def _bridge_options(self) -> list[str]:
        return [f"{a}-{b}" for a, b in self.map.bridge_spots]

    def _figure(self):
        return map_figure(self.map, state=self.state, height=self._height)

    def _refresh_controls(self) -> None:
        self.river.options = list(self.state.mermaid_candidates(self.faction.value))
        self.connect_button.disabled = not self.river.options

    def _refresh(self, redraw: bool = True) -> None:
        if redraw:
            self.figure = _redraw_in_place(self.figure, self._figure(), self._on_click)
        self._refresh_controls()
        rows = []
        for town in self.state.towns():
            line = _("town {town} ({faction}): {hexes} — power {power}, {count} buildings").format(
                town=town.id, faction=faction_name(town.faction), hexes=_hexes(town.hexes), power=town.power,
                count=town.count)
            rows.append(f"<li>{html.escape(line)}</li>")
        factions = sorted({f for f, _kind in self.state.buildings.values()})
        nets = _(", ").join(_("{faction} {size}").format(faction=faction_name(f), size=largest_network(self.state, f))
                            for f in factions)
        head = _("Towns: {count}.").format(count=len(rows))
        if self.state.town_tiles_left is not None:
            head = join_sentences(head, _("Town tiles left: {count}.").format(count=self.state.town_tiles_left))
        network = _("Largest network (direct adjacency and bridges only): {sizes}").format(sizes=nets)
        self.summary.value = (
            f"<b>{html.escape(head)}</b>" + (f"<ul>{''.join(rows)}</ul>" if rows else "")
            + (f"<div>{html.escape(network)}</div>" if nets else ""))
        lines = [" / ".join(describe_town_event(e) for e in events) for events in self._log if events]
        log_title = html.escape(_("Town log"))
        self.log_html.value = (f"<details><summary>{log_title}</summary><ol>" + "".join(
            f"<li>{html.escape(ln)}</li>" for ln in lines) + "</ol></details>") if lines else ""


class MapExplorer(widgets.VBox):
    """Choose, paste or upload a custom map; see its statistics; click hexes; build towns; export.

    Parameters
    ----------
    initial : str
        Key of the shipped map shown first (``"base"``, ``"fire_ice_side1"``, ...).
    sandbox_factions : sequence of str
        Factions offered in the town sandbox.
    """

    def __init__(self, initial: str = "base", *,
                 sandbox_factions: Sequence[str] = ("witches", "mermaids", "nomads", "yetis")) -> None:
        self.source = widgets.Dropdown(options=self._source_options(), value=initial,
                                       layout=widgets.Layout(width="420px"))
        self.text = widgets.Textarea(value="", layout=widgets.Layout(width="720px", height="170px"))
        self.upload = widgets.FileUpload(accept=".txt", multiple=False)
        self.read_button = widgets.Button(button_style="primary")
        self.message = widgets.HTML()
        self._render_message: Callable[[], str] | None = None
        self.stats = widgets.HTML()
        self.level = widgets.IntSlider(value=1, min=0, max=MAX_SHIPPING, continuous_update=False)
        self.jump = widgets.IntSlider(value=0, min=0, max=4, continuous_update=False)
        self.hex_info = widgets.HTML()
        self.selected: str | None = None
        self.letters_export = widgets.Textarea(layout=widgets.Layout(width="480px", height="190px"))
        self.words_export = widgets.Textarea(layout=widgets.Layout(width="480px", height="190px"))
        self.downloads = widgets.HTML()
        self.map: TerraMysticaMap = load_shipped_map(initial)
        self.sandbox = TownSandbox(self.map, factions=sandbox_factions, height=440)
        self.figure = None
        self._headings = {key: widgets.HTML() for key in ("map", "explore", "sandbox", "export", "letters", "words")}
        self._label()
        self._show_map()
        self.figure = _shown_figure(self._figure(), self._on_click)
        self._figure_box = widgets.VBox([self.figure], layout=widgets.Layout(width="100%", min_width="0"))
        self.source.observe(self._on_source, names="value")
        self.read_button.on_click(lambda _b: self.read_text(self.text.value))
        self.upload.observe(lambda _c: self._on_upload(), names="value")
        self.level.observe(lambda _c: self._show_hex(), names="value")
        self.jump.observe(lambda _c: self._show_hex(), names="value")
        source_box = widgets.VBox([
            self.source, self.text, widgets.HBox([self.read_button, self.upload]), self.message])
        explore = widgets.VBox([widgets.HBox([self.level, self.jump]), self.hex_info, self._figure_box])
        export = widgets.HBox([
            widgets.VBox([self._headings["letters"], self.letters_export]),
            widgets.VBox([self._headings["words"], self.words_export])])
        super().__init__([
            self._headings["map"], source_box, self.stats,
            self._headings["explore"], explore,
            self._headings["sandbox"], self.sandbox,
            self._headings["export"], export, self.downloads,
        ])
        add_language_listener(self._retranslate)

    # ------------------------------------------------------------------ language
    @staticmethod
    def _source_options() -> list[tuple[str, str]]:
        return [(map_name(e), e["key"]) for e in shipped_maps()] + [(_("Custom (paste or upload)"), _CUSTOM)]

    def _label(self) -> None:
        self.source.description = _("Map")
        self.text.placeholder = _("Paste map text: letters R Y U K B G S I separated by commas, one row a line (or "
                                  "the engine's colour words, each row ended by E)")
        self.upload.description = _("Upload .txt")
        self.read_button.description = _("Read map")
        self.level.description = _("Shipping")
        self.jump.description = _("Tunnel/carpet")
        self.jump.tooltip = _("the Dwarves' tunnelling or the Fakirs' carpet flight range")
        h = self._headings
        h["map"].value = "<h3>" + html.escape(_("Map")) + "</h3>"
        h["explore"].value = "<h3>" + html.escape(_("Neighbours and shipping")) + "</h3>"
        h["sandbox"].value = ("<h3>" + html.escape(_("Town sandbox")) + "</h3><p>" + html.escape(_(
            "Click a hex to build there. Towns need power 7 (6 with FAV5) and 4 buildings, a sanctuary counting as "
            "two; only direct adjacency and bridges connect.")) + "</p>")
        h["export"].value = "<h3>" + html.escape(_("Export")) + "</h3>"
        h["letters"].value = _("<b>Letter form</b> (custom-map files)")
        h["words"].value = _("<b>Colour-word form</b> (reference engine; its SHA-1 is the map id)")

    def _retranslate(self, language: str) -> None:
        """Redraw the explorer in ``language`` in place (same widgets, same figure; the sandbox redraws itself)."""
        value = self.source.value
        self.source.unobserve(self._on_source, names="value")
        try:
            self.source.options = self._source_options()
            self.source.value = value
        finally:
            self.source.observe(self._on_source, names="value")
        self._label()
        if self._render_message is not None:
            self.message.value = self._render_message()
        self.stats.value = statistics_html(self.map)
        self._show_downloads()
        if self.selected is None:
            self.hex_info.value = info_html(_("Click a hex on the map."))
            self._redraw()
        else:
            self._show_hex()

    def _say(self, render: Callable[[], str]) -> None:
        """Show ``render()`` in :attr:`message`, again after a change of language."""
        self._render_message = render
        self.message.value = render()

    def _on_source(self, change) -> None:
        self.choose_map(change["new"])

    # ------------------------------------------------------------------ plain methods
    def choose_map(self, key: str) -> None:
        """Show the shipped map ``key``; ``"custom"`` shows the text already in the text box."""
        if self.source.value != key:
            self.source.value = key  # observer calls back
            return
        if key == _CUSTOM:
            if self.text.value.strip():
                self.read_text(self.text.value)
            else:
                self._say(lambda: info_html(_("Paste map text above, or upload a .txt file, then press Read map.")))
            return
        self.map = load_shipped_map(key)
        map_id = self.map.map_id
        self._say(lambda: info_html(_("map id {map_id}").format(map_id=map_id)))
        self._show_map()

    def read_text(self, text: str) -> bool:
        """Parse ``text`` as a map and show it. On a bad map, the error (row, column, token) is shown inline
        and the previous map stays. Returns True when the text was a valid map."""
        self.text.value = text
        try:
            m = parse_map(text)
        except CompanionError as exc:
            error = exc
            shown = self.map.map_id
            self._say(lambda: format_map_error(text, error) + info_html(
                _("The map below is still the last one read (map id {map_id}); fix the text and press Read map.")
                .format(map_id=shown)))
            return False
        if self.source.value != _CUSTOM:
            self.source.unobserve(self._on_source, names="value")
            self.source.value = _CUSTOM
            self.source.observe(self._on_source, names="value")
        self.map = m

        def render() -> str:
            known = {e["map_id"]: map_name(e) for e in shipped_maps()}
            rows = len(m.rows)
            if m.map_id in known:
                return info_html(_("Read {rows} rows; map id {map_id} (same as {name}).").format(
                    rows=rows, map_id=m.map_id, name=known[m.map_id]))
            return info_html(_("Read {rows} rows; map id {map_id}.").format(rows=rows, map_id=m.map_id))

        self._say(render)
        self._show_map()
        return True

    def load_upload(self, name: str, content: bytes) -> bool:
        """Read an uploaded file's bytes as map text (UTF-8)."""
        try:
            text = bytes(content).decode("utf-8")
        except UnicodeDecodeError as exc:
            at = exc.start
            self._say(lambda: error_html(_("{file}: not UTF-8 text (byte {byte})").format(file=name, byte=at)))
            return False
        return self.read_text(text)

    def select_hex(self, label: str) -> None:
        """Select hex ``label``: show its neighbours, shipping reach (slider level), tunnelling/carpet
        reach and bridge spots, and outline them on the map. This is what a click on the map calls."""
        try:
            self.selected = self.map.hex(label).label
        except CompanionError as exc:
            self.hex_info.value = error_html(str(exc))
            return
        self._show_hex()

    # ------------------------------------------------------------------ internals
    def _on_click(self, points) -> None:
        label = _clicked_label(self.figure, points)
        if label is not None:
            self.select_hex(label)

    def _on_upload(self) -> None:
        value = self.upload.value
        if not value:
            return
        item = value[0]
        self.load_upload(item["name"], item["content"])

    def _figure(self, highlight=None):
        return map_figure(self.map, highlight=highlight, height=520)

    def _redraw(self, highlight=None) -> None:
        if self.figure is None:
            return
        self.figure = _redraw_in_place(self.figure, self._figure(highlight), self._on_click)

    def _show_map(self) -> None:
        self.selected = None
        self.hex_info.value = info_html(_("Click a hex on the map."))
        self._redraw()
        self.stats.value = statistics_html(self.map)
        self.letters_export.value = self.map.to_letters()
        self.words_export.value = self.map.to_colour_words().replace("E ", "E\n")
        self._show_downloads()
        self.sandbox.set_map(self.map)

    def _show_downloads(self) -> None:
        words = self.map.to_colour_words()
        self.downloads.value = (
            html.escape(_("Map id")) + f" <code>{self.map.map_id}</code> · "
            + _download_link("map.txt", self.map.to_letters(), _("download letter form"))
            + " · " + _download_link("map-colour-words.txt", words + "\n", _("download colour-word form")))

    def _show_hex(self) -> None:
        if self.selected is None:
            return
        m = self.map
        h = m.hexes[self.selected]

        def name_of(label: str) -> str:
            return terrain_name(RIVER_LETTER if m.hexes[label].river else m.hexes[label].terrain)

        def listed(labels) -> str:
            return _(", ").join(labels) if labels else _("none")

        where = hex_position(m, h.label)
        if h.edge:
            where = _("{position}, map edge").format(position=where)
        parts = [f"<b>{h.label}</b>: " + html.escape(_("{terrain}, {position}").format(terrain=name_of(h.label),
                                                                                        position=where))]
        neighbours = sorted(m.neighbours(h.label), key=_order(m))
        parts.append("<b>" + html.escape(_("Neighbours")) + "</b>: " + html.escape(_(", ").join(
            _("{hex} ({terrain})").format(hex=n, terrain=name_of(n)) for n in neighbours)))
        highlight = {n: "neighbour" for n in neighbours}
        if not h.river:
            ship = sorted(m.shipping_reach(h.label, self.level.value), key=_order(m))
            parts.append(html.escape(_("Shipping {level} reaches {count} land hexes: {hexes}").format(
                level=self.level.value, count=len(ship), hexes=listed(ship))))
            for n in ship:
                highlight.setdefault(n, "shipping")
            if self.jump.value:
                tunnel = sorted(m.tunnel_reach(h.label, self.jump.value) - m.neighbours(h.label), key=_order(m))
                parts.append(html.escape(_("Tunnelling / carpet flight range {range} adds: {hexes}").format(
                    range=self.jump.value, hexes=listed(tunnel))))
                for n in tunnel:
                    highlight.setdefault(n, "tunnel")
            spots = m.bridge_spots_at(h.label)
            parts.append("<b>" + html.escape(_("Bridge spots")) + "</b>: "
                         + html.escape(listed([f"{h.label}-{o}" for o in spots])))
            for n in spots:
                highlight.setdefault(n, "bridge")
        else:
            parts.append(html.escape(_("A river hex: nothing is built here; ships cross it.")))
        highlight[h.label] = "selected"
        roles = {"selected": ("#ff00aa", _("selected")), "neighbours": ("#ffae00", _("neighbours")),
                 "shipping": ("#00a8cc", _("shipping")), "tunnel": ("#b04dff", _("tunnelling/carpet flight")),
                 "bridge": ("#6b3e1e", _("bridge ends"))}
        legend = html.escape(_("Outlines: {selected}, {neighbours}, {shipping}, {tunnel}, {bridge}.")).format(
            **{role: f'<b style="color:{colour}">{html.escape(text)}</b>' for role, (colour, text) in roles.items()})
        parts.append(f'<span style="font-size:12px">{legend}</span>')
        self.hex_info.value = "".join(f"<div>{p}</div>" for p in parts)
        self._redraw(highlight)


def statistics_html(tm_map: TerraMysticaMap) -> str:
    """HTML of :func:`~companion.terra_mystica.hexmap.designer_statistics`: a summary line and a table per home
    terrain (hexes, edge, river side, isolated, contacts with each terrain)."""
    s = designer_statistics(tm_map)
    wheel = terrain_wheel()
    head = _("<b>{rows}</b> rows, <b>{land}</b> land hexes, <b>{river}</b> river hexes, <b>{bridges}</b> bridge "
             "spots, {edge} land hexes on the map edge.").format(
        rows=s["rows"], land=s["land_hexes"], river=s["river_hexes"], bridges=s["bridge_spots"],
        edge=s["edge_land_hexes"])
    letters = (*wheel.letters, RIVER_LETTER)
    cols = "".join(f"<th>{html.escape(terrain_name(x))}</th>" for x in letters)
    rows = []
    for t, info in s["terrains"].items():
        cells = "".join(f"<td>{info['borders'][x]}</td>" for x in letters)
        rows.append(f"<tr><th>{html.escape(terrain_name(t))} ({t})</th><td>{info['hexes']}</td>"
                    f"<td>{info['edge_hexes']}</td><td>{info['river_side_hexes']}</td>"
                    f"<td>{info['isolated_hexes']}</td>{cells}</tr>")
    titles = "".join(f"<th>{html.escape(t)}</th>" for t in (
        _("home terrain"), _("hexes"), _("on edge"), _("by a river"), _("no same-terrain neighbour")))
    # a title breaks only between words (Chinese has no spaces: a squeezed table, on a phone, would otherwise
    # break its titles one character a line) and a row's terrain "沙漠 (Y)" not at all; the table scrolls in its
    # frame instead. Cells are padded 4 px a side: 13 columns fit a laptop's notebook beside JupyterLab's file
    # browser (1280 px screen: 844 px for the output; 8 px a side needed 858)
    table = (
        "<style>.companion-map-stats th, .companion-map-stats td {padding: 2px 4px; text-align: right}"
        ".companion-map-stats th {word-break: keep-all}"
        ".companion-map-stats td, .companion-map-stats tr + tr th {white-space: nowrap}</style>"
        '<table class="companion-map-stats" style="border-collapse:collapse;font-size:12px">'
        f"<tr>{titles}{cols}</tr>" + "".join(rows) + "</table>"
        "<p style='font-size:12px'>" + html.escape(_(
            "Right-hand columns: how many times a hex of that home terrain borders each terrain (one count per "
            "hex and neighbour).")) + "</p>")
    return f"<p>{head}</p>" + table



def _order(m: TerraMysticaMap):
    index = {k: i for i, k in enumerate(m.hexes)}
    return index.__getitem__


def _download_link(filename: str, text: str, caption: str) -> str:
    data = base64.b64encode(text.encode("utf-8")).decode("ascii")
    return (f'<a download="{html.escape(filename)}" href="data:text/plain;base64,{data}">'
            f"{html.escape(caption)}</a>")
