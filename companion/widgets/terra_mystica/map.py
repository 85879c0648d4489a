"""Terra Mystica map widgets: the custom-map explorer and a reusable town sandbox.

Both only render and call the public API (:mod:`companion.terra_mystica.hexmap`, ``towns``,
``network``, ``mapplot``); no rule is decided here. Every callback is a plain method, so tests drive
them without a browser: :meth:`MapExplorer.read_text`, :meth:`MapExplorer.choose_map`,
:meth:`MapExplorer.select_hex` (what a click on the map calls), :meth:`TownSandbox.place`,
:meth:`TownSandbox.bridge`, :meth:`TownSandbox.take_fav5`, :meth:`TownSandbox.connect`,
:meth:`TownSandbox.undo`, :meth:`TownSandbox.reset`.

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
from collections.abc import Sequence

import ipywidgets as widgets

from companion.errors import CompanionError
from companion.terra_mystica.hexmap import (
    MAX_SHIPPING,
    TerraMysticaMap,
    designer_statistics,
    load_shipped_map,
    parse_map,
    shipped_maps,
)
from companion.terra_mystica.mapplot import HEX_TRACE, map_figure
from companion.terra_mystica.network import largest_network
from companion.terra_mystica.terrain import RIVER_LETTER, terrain_wheel
from companion.terra_mystica.towns import BUILDING_KINDS, TownState
from companion.widgets.common import error_html, figure_widget, info_html

__all__ = ["MapExplorer", "TownSandbox", "format_map_error"]

_CUSTOM = "custom"
_BUILDING_LABELS = {"D": "dwelling (1)", "TP": "trading house (2)", "TE": "temple (2)", "SH": "stronghold (3)",
                    "SA": "sanctuary (3, counts as 2 buildings)"}


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
    return out + (f'<div class="companion-error-row" style="font-family:monospace">row {row}: '
                  f'{sep.join(marked)}</div>')


class TownSandbox(widgets.VBox):
    """Place buildings on a map and watch towns form (reference-engine town rules).

    Parameters
    ----------
    tm_map : TerraMysticaMap, optional
        The map (default: the base map).
    factions : sequence of str
        Faction names offered in the faction menu (``factions.json`` names give the right colours and
        building powers, e.g. Yetis' stronghold 4; ``"mermaids"`` enables the river-town button).
    town_tiles : int or None
        Town tiles available (None = unlimited); 0 shows that no town can form without a tile.
    height : int
        Map height in pixels.
    title : str, optional
        Heading shown above the sandbox.

    Clicking a hex builds the chosen building there for the chosen faction (an upgrade if it already
    holds that faction's building; only D -> TP -> TE/SH, TE -> SA). Any building may be placed on an
    empty hex, to set up a position quickly.
    """

    def __init__(self, tm_map: TerraMysticaMap | None = None, *,
                 factions: Sequence[str] = ("witches", "mermaids", "nomads"),
                 town_tiles: int | None = None, height: int = 480, title: str | None = None) -> None:
        self.map = tm_map if tm_map is not None else load_shipped_map("base")
        self._town_tiles = town_tiles
        self._height = height
        self.history: list[TownState] = []
        self.state = TownState.new(self.map, town_tiles=town_tiles)
        self.faction = widgets.Dropdown(options=list(factions), value=factions[0], description="Faction")
        self.building = widgets.Dropdown(options=[(_BUILDING_LABELS[k], k) for k in BUILDING_KINDS], value="D",
                                         description="Building")
        self.hex_box = widgets.Text(value="", placeholder="e.g. E7", description="Hex",
                                    layout=widgets.Layout(width="160px"))
        self.place_button = widgets.Button(description="Build", button_style="primary")
        self.bridge_spot = widgets.Dropdown(options=self._bridge_options(), description="Bridge")
        self.bridge_button = widgets.Button(description="Place bridge")
        self.fav5_button = widgets.Button(description="Take FAV5 (town power 6)",
                                          layout=widgets.Layout(width="auto"))
        self.river = widgets.Dropdown(options=[], description="River hex")
        self.connect_button = widgets.Button(description="Mermaid river town", layout=widgets.Layout(width="auto"))
        self.undo_button = widgets.Button(description="Undo", icon="undo")
        self.reset_button = widgets.Button(description="Clear map")
        self.message = widgets.HTML()
        self.summary = widgets.HTML()
        self.log_html = widgets.HTML()
        self._log_lines: list[str] = []
        self.place_button.on_click(lambda _b: self.place())
        self.bridge_button.on_click(lambda _b: self.bridge())
        self.fav5_button.on_click(lambda _b: self.take_fav5())
        self.connect_button.on_click(lambda _b: self.connect())
        self.undo_button.on_click(lambda _b: self.undo())
        self.reset_button.on_click(lambda _b: self.reset())
        self.faction.observe(lambda _c: self._refresh_controls(), names="value")
        self.figure = _shown_figure(self._figure(), self._on_click)
        self._figure_box = widgets.Box([self.figure], layout=widgets.Layout(min_width=f"{int(height * 1.65) + 10}px"))
        header = [widgets.HTML(f"<h3>{html.escape(title)}</h3>")] if title else []
        controls = widgets.VBox([
            widgets.HBox([self.faction, self.building]),
            widgets.HBox([self.hex_box, self.place_button, self.undo_button, self.reset_button]),
            widgets.HBox([self.bridge_spot, self.bridge_button]),
            widgets.HBox([self.fav5_button, self.river, self.connect_button]),
        ])
        super().__init__([*header, controls, self.message, self._figure_box, self.summary, self.log_html])
        self._refresh(redraw=False)

    # ------------------------------------------------------------------ plain methods
    def place(self, hex_label: str | None = None, faction: str | None = None, kind: str | None = None) -> bool:
        """Build ``kind`` for ``faction`` on ``hex_label`` (defaults: the controls). True on success."""
        label = hex_label if hex_label is not None else self.hex_box.value
        return self._apply(lambda s: s.place(label, faction or self.faction.value, kind or self.building.value))

    def bridge(self, a: str | None = None, b: str | None = None, faction: str | None = None) -> bool:
        """Place a bridge between ``a`` and ``b`` (default: the chosen bridge spot). True on success."""
        if a is None or b is None:
            if not self.bridge_spot.value:
                self.message.value = error_html("choose a bridge spot")
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
            self.message.value = error_html("no river hex would found a Mermaid town right now")
            return False
        return self._apply(lambda s: s.connect(r, faction or self.faction.value))

    def undo(self) -> None:
        """Take back the last change."""
        if self.history:
            self.state = self.history.pop()
            if self._log_lines:
                self._log_lines.pop()
            self.message.value = info_html("undone")
            self._refresh()

    def reset(self) -> None:
        """Clear the map."""
        self.history.clear()
        self._log_lines.clear()
        self.state = TownState.new(self.map, town_tiles=self._town_tiles)
        self.message.value = ""
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
            self.message.value = error_html(str(exc))
            return False
        self.history.append(self.state)
        self.state = new
        events = [e.describe() for e in new.events]
        self.message.value = info_html("; ".join(events)) if events else info_html("done: no change to towns")
        self._log_lines.append(" / ".join(events) if events else "")
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
        return map_figure(self.map, state=self.state, height=self._height, width=int(self._height * 1.65))

    def _refresh_controls(self) -> None:
        self.river.options = list(self.state.mermaid_candidates(self.faction.value))
        self.connect_button.disabled = not self.river.options

    def _refresh(self, redraw: bool = True) -> None:
        if redraw:
            self.figure = _redraw_in_place(self.figure, self._figure(), self._on_click)
        self._refresh_controls()
        rows = []
        for town in self.state.towns():
            hexes = ", ".join(sorted(town.hexes))
            rows.append(f"<li>town {town.id} ({html.escape(town.faction)}): {html.escape(hexes)} — power "
                        f"{town.power}, {town.count} buildings</li>")
        factions = sorted({f for f, _ in self.state.buildings.values()})
        nets = ", ".join(f"{html.escape(f)} {largest_network(self.state, f)}" for f in factions)
        tiles = "" if self.state.town_tiles_left is None else f" Town tiles left: {self.state.town_tiles_left}."
        self.summary.value = (
            f"<b>Towns:</b> {len(rows)}.{tiles}" + (f"<ul>{''.join(rows)}</ul>" if rows else "")
            + (f"<div>Largest network (direct adjacency and bridges only): {nets}</div>" if nets else ""))
        lines = [ln for ln in self._log_lines if ln]
        self.log_html.value = ("<details><summary>Town log</summary><ol>" + "".join(
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
        options = [(e["name"], e["key"]) for e in shipped_maps()] + [("Custom (paste or upload)", _CUSTOM)]
        self.source = widgets.Dropdown(options=options, value=initial, description="Map",
                                       layout=widgets.Layout(width="420px"))
        self.text = widgets.Textarea(value="", placeholder="Paste map text: letters R Y U K B G S I separated "
                                     "by commas, one row a line (or the engine's colour words ended by E)",
                                     layout=widgets.Layout(width="720px", height="170px"))
        self.upload = widgets.FileUpload(accept=".txt", multiple=False, description="Upload .txt")
        self.read_button = widgets.Button(description="Read map", button_style="primary")
        self.message = widgets.HTML()
        self.stats = widgets.HTML()
        self.level = widgets.IntSlider(value=1, min=0, max=MAX_SHIPPING, description="Shipping",
                                       continuous_update=False)
        self.jump = widgets.IntSlider(value=0, min=0, max=4, description="Tunnel/carpet",
                                      continuous_update=False)
        self.hex_info = widgets.HTML(value=info_html("Click a hex on the map."))
        self.selected: str | None = None
        self.letters_export = widgets.Textarea(layout=widgets.Layout(width="480px", height="190px"))
        self.words_export = widgets.Textarea(layout=widgets.Layout(width="480px", height="190px"))
        self.downloads = widgets.HTML()
        self.map: TerraMysticaMap = load_shipped_map(initial)
        self.sandbox = TownSandbox(self.map, factions=sandbox_factions, height=440)
        self.figure = None
        self._show_map()
        self.figure = _shown_figure(self._figure(), self._on_click)
        self._figure_box = widgets.Box([self.figure], layout=widgets.Layout(min_width="820px"))
        self.source.observe(lambda c: self.choose_map(c["new"]), names="value")
        self.read_button.on_click(lambda _b: self.read_text(self.text.value))
        self.upload.observe(lambda _c: self._on_upload(), names="value")
        self.level.observe(lambda _c: self._show_hex(), names="value")
        self.jump.observe(lambda _c: self._show_hex(), names="value")
        source_box = widgets.VBox([
            self.source, self.text, widgets.HBox([self.read_button, self.upload]), self.message])
        explore = widgets.VBox([widgets.HBox([self.level, self.jump]), self.hex_info, self._figure_box])
        export = widgets.HBox([
            widgets.VBox([widgets.HTML("<b>Letter form</b> (custom-map files)"), self.letters_export]),
            widgets.VBox([widgets.HTML("<b>Colour-word form</b> (reference engine; its SHA-1 is the map id)"),
                          self.words_export])])
        super().__init__([
            widgets.HTML("<h3>Map</h3>"), source_box, self.stats,
            widgets.HTML("<h3>Neighbours and shipping</h3>"), explore,
            widgets.HTML("<h3>Town sandbox</h3><p>Click a hex to build there. Towns need power 7 (6 with "
                         "FAV5) and 4 buildings, a sanctuary counting as two; only direct adjacency and "
                         "bridges connect.</p>"), self.sandbox,
            widgets.HTML("<h3>Export</h3>"), export, self.downloads,
        ])

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
                self.message.value = info_html("Paste map text above, or upload a .txt file, then Read map.")
            return
        self.map = load_shipped_map(key)
        self.message.value = info_html(f"map id {self.map.map_id}")
        self._show_map()

    def read_text(self, text: str) -> bool:
        """Parse ``text`` as a map and show it. On a bad map, the error (row, column, token) is shown inline
        and the previous map stays. Returns True when the text was a valid map."""
        self.text.value = text
        try:
            m = parse_map(text)
        except CompanionError as exc:
            self.message.value = format_map_error(text, exc)
            return False
        if self.source.value != _CUSTOM:
            self.source.unobserve_all("value")
            self.source.value = _CUSTOM
            self.source.observe(lambda c: self.choose_map(c["new"]), names="value")
        known = {e["map_id"]: e["name"] for e in shipped_maps()}
        same = f" (same as {known[m.map_id]})" if m.map_id in known else ""
        self.map = m
        self.message.value = info_html(f"read {len(m.rows)} rows; map id {m.map_id}{same}")
        self._show_map()
        return True

    def load_upload(self, name: str, content: bytes) -> bool:
        """Read an uploaded file's bytes as map text (UTF-8)."""
        try:
            text = bytes(content).decode("utf-8")
        except UnicodeDecodeError as exc:
            self.message.value = error_html(f"{name}: not UTF-8 text (byte {exc.start})")
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
        return map_figure(self.map, highlight=highlight, height=520, width=810)

    def _redraw(self, highlight=None) -> None:
        if self.figure is None:
            return
        self.figure = _redraw_in_place(self.figure, self._figure(highlight), self._on_click)

    def _show_map(self) -> None:
        self.selected = None
        self.hex_info.value = info_html("Click a hex on the map.")
        self._redraw()
        self.stats.value = self._stats_html()
        self.letters_export.value = self.map.to_letters()
        words = self.map.to_colour_words()
        self.words_export.value = words.replace("E ", "E\n")
        self.downloads.value = (
            f"Map id <code>{self.map.map_id}</code> · "
            + _download_link("map.txt", self.map.to_letters(), "download letter form")
            + " · " + _download_link("map-colour-words.txt", words + "\n", "download colour-word form"))
        self.sandbox.set_map(self.map)

    def _show_hex(self) -> None:
        if self.selected is None:
            return
        m = self.map
        h = m.hexes[self.selected]
        wheel = terrain_wheel()
        name = "river" if h.river else wheel.name(h.terrain)
        parts = [f"<b>{h.label}</b>: {name}, row {h.row}, cell {h.column}" + (", map edge" if h.edge else "")]
        neighbours = sorted(m.neighbours(h.label), key=_order(m))
        parts.append("<b>Neighbours</b>: " + ", ".join(
            f"{n} ({'river' if m.hexes[n].river else wheel.name(m.hexes[n].terrain)})" for n in neighbours))
        highlight = {n: "neighbour" for n in neighbours}
        if not h.river:
            ship = sorted(m.shipping_reach(h.label, self.level.value), key=_order(m))
            parts.append(f"<b>Shipping {self.level.value}</b> reaches {len(ship)} land hexes: "
                         + (", ".join(ship) or "none"))
            for n in ship:
                highlight.setdefault(n, "shipping")
            if self.jump.value:
                tunnel = sorted(m.tunnel_reach(h.label, self.jump.value) - m.neighbours(h.label), key=_order(m))
                parts.append(f"<b>Tunnelling / carpet range {self.jump.value}</b> adds: "
                             + (", ".join(tunnel) or "none"))
                for n in tunnel:
                    highlight.setdefault(n, "tunnel")
            spots = m.bridge_spots_at(h.label)
            parts.append("<b>Bridge spots</b>: " + (", ".join(f"{h.label}-{o}" for o in spots) or "none"))
            for n in spots:
                highlight.setdefault(n, "bridge")
        else:
            parts.append("A river hex: nothing is built here; ships cross it.")
        highlight[h.label] = "selected"
        parts.append('<span style="font-size:12px">Outlines: <b style="color:#ff00aa">selected</b>, '
                     '<b style="color:#ffae00">neighbours</b>, <b style="color:#00a8cc">shipping</b>, '
                     '<b style="color:#b04dff">tunnelling/carpet</b>, <b style="color:#6b3e1e">bridge ends</b>.'
                     '</span>')
        self.hex_info.value = "".join(f"<div>{p}</div>" for p in parts)
        self._redraw(highlight)

    def _stats_html(self) -> str:
        s = designer_statistics(self.map)
        wheel = terrain_wheel()
        head = (f"<p><b>{s['rows']}</b> rows, <b>{s['land_hexes']}</b> land hexes, <b>{s['river_hexes']}</b> "
                f"river hexes, <b>{s['bridge_spots']}</b> bridge spots, {s['edge_land_hexes']} land hexes on the "
                f"map edge.</p>")
        letters = (*wheel.letters, RIVER_LETTER)
        cols = "".join(f"<th>{'river' if x == RIVER_LETTER else wheel.name(x)}</th>" for x in letters)
        rows = []
        for t, info in s["terrains"].items():
            cells = "".join(f"<td>{info['borders'][x]}</td>" for x in letters)
            rows.append(f"<tr><th>{wheel.name(t)} ({t})</th><td>{info['hexes']}</td><td>{info['edge_hexes']}</td>"
                        f"<td>{info['river_side_hexes']}</td><td>{info['isolated_hexes']}</td>{cells}</tr>")
        table = (
            "<style>.companion-map-stats th, .companion-map-stats td {padding: 2px 8px; text-align: right}"
            "</style>"
            '<table class="companion-map-stats" style="border-collapse:collapse;font-size:12px">'
            "<tr><th>home terrain</th><th>hexes</th><th>on edge</th><th>by a river</th>"
            f"<th>no same-terrain neighbour</th>{cols}</tr>" + "".join(rows) + "</table>"
            "<p style='font-size:12px'>Right-hand columns: how many times a hex of that home terrain borders "
            "each terrain (one count per hex and neighbour).</p>")
        return head + table


def _order(m: TerraMysticaMap):
    index = {k: i for i, k in enumerate(m.hexes)}
    return index.__getitem__


def _download_link(filename: str, text: str, caption: str) -> str:
    data = base64.b64encode(text.encode("utf-8")).decode("ascii")
    return (f'<a download="{html.escape(filename)}" href="data:text/plain;base64,{data}">'
            f"{html.escape(caption)}</a>")
