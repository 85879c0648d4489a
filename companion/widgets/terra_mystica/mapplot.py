"""A plotly figure of a Terra Mystica map: terrains, labels, rivers, buildings, bridges and towns.

The figure is built complete (a :class:`plotly.graph_objects.Figure`); widgets wrap it once with
``companion.widgets.common.figure_widget``. Geometry (pointy-top hexes one unit wide, short rows half a
hex to the right) is :mod:`companion.terra_mystica.geometry`'s.

Every figure has the same traces in the same order whatever it shows (empty traces where there is
nothing to draw): 8 terrain fills, :data:`TOWN_TRACE`, one trace per highlight role,
:data:`BRIDGE_TRACE` (+ its end markers), :data:`BUILDING_TRACE`, and last :data:`HEX_TRACE`, one
transparent marker per hex whose ``customdata`` is the hex label (a click handler on it gives the clicked
label). So a widget can update a shown figure in place, trace by trace.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping

import plotly.graph_objects as go

from companion.i18n import _
from companion.resources import load_json
from companion.terra_mystica.describe import building_name, faction_name, terrain_name
from companion.terra_mystica.factions import get_faction
from companion.terra_mystica.geometry import (
    DIRECTIONS,
    HEX_RADIUS,
    ROW_HEIGHT,
    hex_centre,
    hex_corners,
    neighbour,
)
from companion.terra_mystica.hexmap import TerraMysticaMap
from companion.terra_mystica.terrain import RIVER_LETTER, terrain_wheel
from companion.terra_mystica.towns import TownState

__all__ = ["HEX_TRACE", "TOWN_TRACE", "BRIDGE_TRACE", "BUILDING_TRACE", "TERRAIN_COLOURS", "BUILDING_SYMBOLS", "HIGHLIGHT_STYLES",
           "map_svg", "map_png",
           "BUILDING_CONTRAST", "NOMINAL_WIDTH", "building_colours", "building_outline", "contrast_ratio", "faction_colour",
           "map_figure"]

HEX_TRACE = "hexes"
TOWN_TRACE = "towns"
BRIDGE_TRACE = "bridges"
BUILDING_TRACE = "buildings"
_COLOURS = load_json("terra_mystica/map_colours.json")
#: Fill colour per terrain letter (rivers light blue), from ``data/terra_mystica/map_colours.json``.
TERRAIN_COLOURS: Mapping[str, str] = dict(_COLOURS["terrains"])
#: Least WCAG 2.1 contrast ratio a building's fill keeps with the terrain it stands on (non-text contrast,
#: success criterion 1.4.11).
BUILDING_CONTRAST = 3.0
#: Width (px) the height of a map drawn as wide as its box is first computed for, before the page has its width.
NOMINAL_WIDTH = 780
#: Marker symbol and size per building kind.
BUILDING_SYMBOLS: Mapping[str, tuple[str, int]] = {
    "D": ("circle", 13), "TP": ("square", 15), "TE": ("triangle-up", 17), "SH": ("diamond", 19),
    "SA": ("star", 21),
}
#: Outline colour and width for highlighted hexes, by role.
HIGHLIGHT_STYLES: Mapping[str, tuple[str, float]] = {
    "selected": ("#ff00aa", 5.0), "neighbour": ("#ffae00", 3.5), "shipping": ("#00d5ff", 3.5),
    "tunnel": ("#b04dff", 3.0), "bridge": ("#6b3e1e", 3.0),
}
_SPECIAL_COLOURS: Mapping[str, str] = _COLOURS["special"]


def contrast_ratio(colour: str, other: str) -> float:
    """WCAG 2.1 contrast ratio of two ``#rrggbb`` colours, 1 (the same) to 21 (black on white).

    Examples
    --------
    >>> round(contrast_ratio("#ffffff", "#000000"), 1), contrast_ratio("#3f9b4c", "#3f9b4c")
    (21.0, 1.0)
    """
    def luminance(c: str) -> float:
        channels = [int(c[i:i + 2], 16) / 255 for i in (1, 3, 5)]
        red, green, blue = (x / 12.92 if x <= 0.04045 else ((x + 0.055) / 1.055) ** 2.4 for x in channels)
        return 0.2126 * red + 0.7152 * green + 0.0722 * blue

    high, low = sorted((luminance(colour), luminance(other)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def building_outline(terrain: str) -> str:
    """The colour drawn over terrain letter ``terrain`` (``on_dark`` / ``on_light`` of the colours' data file):
    white on swamp, lakes, forest, wasteland and plains, near-black on desert, mountains and rivers."""
    return _COLOURS["on_dark"] if terrain in _COLOURS["on_dark_terrains"] else _COLOURS["on_light"]


def _label_colour(terrain: str) -> str:
    """A hex label's colour: white on the dark terrains, dark grey on the light ones."""
    return "white" if building_outline(terrain) == _COLOURS["on_dark"] else "#333333"


def building_colours(faction_fill: str, terrain: str) -> tuple[str, str]:
    """Fill and outline of a building of colour ``faction_fill`` standing on terrain letter ``terrain``.

    A faction builds on its home terrain, so its colour is the hex's own and its marker was a thin ring on a hex
    of the same colour. Where the faction's colour has a contrast ratio under :data:`BUILDING_CONTRAST` with the
    terrain, the building is filled with :func:`building_outline`'s colour and outlined in the faction's;
    otherwise it is filled in the faction's colour and outlined in that contrasting colour.

    Returns
    -------
    tuple of str
        ``(fill, outline)``.
    """
    ground = TERRAIN_COLOURS[terrain]
    contrast = building_outline(terrain)
    own = faction_fill.startswith("#") and len(faction_fill) == 7
    if own and contrast_ratio(faction_fill, ground) >= BUILDING_CONTRAST:
        return faction_fill, contrast
    return contrast, faction_fill


_FALLBACK = ("#e6194b", "#3cb44b", "#4363d8", "#f58231", "#911eb4", "#46f0f0", "#f032e6")


def faction_colour(faction: str, colours: Mapping[str, str] | None = None) -> str:
    """Colour for ``faction``'s buildings: ``colours[faction]`` if given, else its home terrain's colour
    (``factions.json``), else a terrain colour word used as a faction name, else a fixed palette."""
    if colours and faction in colours:
        return colours[faction]
    wheel = terrain_wheel()
    try:
        home = get_faction(faction).home_terrain
    except (ValueError, KeyError):
        home = None
    if home in wheel.colours:
        return TERRAIN_COLOURS[wheel.letter(home)]
    if home is not None:
        return _SPECIAL_COLOURS.get(home, "#ffffff")
    if faction in wheel.colours:
        return TERRAIN_COLOURS[wheel.letter(faction)]
    return _FALLBACK[sum(map(ord, faction)) % len(_FALLBACK)]


def _polys(cells: Iterable[tuple[int, int]], shrink: float = 1.0) -> tuple[list, list]:
    xs: list[float | None] = []
    ys: list[float | None] = []
    for ri, ci in cells:
        pts = hex_corners(ri, ci, shrink)
        pts.append(pts[0])
        xs.extend(p[0] for p in pts)
        ys.extend(p[1] for p in pts)
        xs.append(None)
        ys.append(None)
    return xs, ys


def _outline(tm_map: TerraMysticaMap, labels: set[str]) -> tuple[list, list]:
    """Segments of the outer boundary of a set of hexes."""
    centres = {tm_map.hexes[h].row * 1000 + tm_map.hexes[h].column: h for h in labels}
    xs: list[float | None] = []
    ys: list[float | None] = []
    for h in labels:
        hx = tm_map.hexes[h]
        corners = hex_corners(hx.row, hx.column)
        # side i joins corners i and i+1 and faces DIRECTIONS[i]
        for i, direction in enumerate(DIRECTIONS):
            nr, nc = neighbour(hx.row, hx.column, direction)
            if nr * 1000 + nc in centres:
                continue
            a, b = corners[i], corners[(i + 1) % 6]
            xs += [a[0], b[0], None]
            ys += [a[1], b[1], None]
    return xs, ys


def map_figure(tm_map: TerraMysticaMap, *, state: TownState | None = None,
               highlight: Mapping[str, str] | None = None, faction_colours: Mapping[str, str] | None = None,
               title: str | None = None, show_labels: bool = True, height: int = 560,
               width: int | None = None) -> go.Figure:
    """Draw ``tm_map`` as a plotly figure.

    Parameters
    ----------
    tm_map : TerraMysticaMap
    state : TownState, optional
        Buildings (markers in faction colours, symbol per building kind), bridges (thick lines) and
        towns (gold outline around each town's hexes).
    highlight : Mapping[str, str], optional
        hex label -> role (``selected``, ``neighbour``, ``shipping``, ``tunnel``, ``bridge``), drawn as
        coloured outlines (:data:`HIGHLIGHT_STYLES`).
    faction_colours : Mapping[str, str], optional
        Override building colours per faction.
    title : str, optional
    show_labels : bool
        Write each hex's label (``E7``, ``r3``) on it.
    height, width : int
        Figure size in pixels. ``height`` is the most the figure takes: a map of few rows gets the height its
        rows need at the width (a 1-row map is a strip, not a 560 px box with the strip in its middle). Width
        None: as wide as its box on the page, and as tall as the map's rows need at that width (at most
        ``height``; the page's script ``js/figure.js`` fits it, at any width, on every resize), so a phone
        shows the whole map, smaller; the height sent is the one for :data:`NOMINAL_WIDTH` px.

    Returns
    -------
    plotly.graph_objects.Figure
    """
    wheel = terrain_wheel()
    fig = go.Figure()
    by_terrain: dict[str, list[tuple[int, int]]] = {}
    for h in tm_map.hexes.values():
        by_terrain.setdefault(h.terrain, []).append((h.row, h.column))
    for letter in (*wheel.letters, RIVER_LETTER):
        xs, ys = _polys(by_terrain.get(letter, ()), 0.985)
        name = "river" if letter == RIVER_LETTER else wheel.name(letter)
        fig.add_trace(go.Scatter(x=xs, y=ys, fill="toself", fillcolor=TERRAIN_COLOURS[letter], mode="lines",
                                 line=dict(color="white", width=1), hoverinfo="skip", name=name,
                                 showlegend=False))
    # towns: one trace with the outline of every town (gold)
    xs, ys = [], []
    for town in (state.towns() if state is not None else ()):
        tx, ty = _outline(tm_map, set(town.hexes))
        xs += tx
        ys += ty
    fig.add_trace(go.Scatter(x=xs, y=ys, mode="lines", line=dict(color="#ffd700", width=5), hoverinfo="skip",
                             name=TOWN_TRACE, showlegend=False))
    # highlights: one trace per role, always present (empty when unused)
    roles: dict[str, list[tuple[int, int]]] = {role: [] for role in HIGHLIGHT_STYLES}
    for label, role in (highlight or {}).items():
        if label in tm_map.hexes and role in roles:
            h = tm_map.hexes[label]
            roles[role].append((h.row, h.column))
    for role, cells in roles.items():
        colour, line_width = HIGHLIGHT_STYLES[role]
        xs, ys = _polys(cells, 0.9)
        fig.add_trace(go.Scatter(x=xs, y=ys, mode="lines", line=dict(color=colour, width=line_width),
                                 hoverinfo="skip", name=role, showlegend=False))
    # bridges: a thick brown line per bridge, and a marker in the builder's colour at its middle
    bx, by, mx, my, mcol, mtext = [], [], [], [], [], []
    for a, b, faction in (state.bridges if state is not None else ()):
        (xa, ya), (xb, yb) = (hex_centre(tm_map.hexes[x].row, tm_map.hexes[x].column) for x in (a, b))
        bx += [xa, xb, None]
        by += [ya, yb, None]
        mx.append((xa + xb) / 2)
        my.append((ya + yb) / 2)
        mcol.append(faction_colour(faction, faction_colours))
        mtext.append(_("bridge {a}-{b} ({faction})").format(a=a, b=b, faction=faction_name(faction)))
    fig.add_trace(go.Scatter(x=bx, y=by, mode="lines", hoverinfo="skip", showlegend=False,
                             line=dict(color="#5a3a1a", width=8), name=BRIDGE_TRACE))
    fig.add_trace(go.Scatter(x=mx, y=my, mode="markers", hovertext=mtext, hoverinfo="text", showlegend=False,
                             marker=dict(color=mcol, symbol="square", size=10, line=dict(color="#5a3a1a", width=2)),
                             name=BRIDGE_TRACE + " ends"))
    # buildings
    xs, ys, colours, symbols, sizes, texts, outlines = [], [], [], [], [], [], []
    for label, (faction, kind) in (state.buildings.items() if state is not None else ()):
        h = tm_map.hexes[label]
        x, y = hex_centre(h.row, h.column)
        symbol, size = BUILDING_SYMBOLS.get(kind, ("circle", 12))
        xs.append(x)
        ys.append(y + 0.12)
        fill, outline = building_colours(faction_colour(faction, faction_colours), h.terrain)
        colours.append(fill)
        outlines.append(outline)
        symbols.append(symbol)
        sizes.append(size)
        town = state.town_of.get(label)
        what = dict(hex=label, faction=faction_name(faction), building=building_name(kind), town=town)
        texts.append((_("{hex}: {faction} {building}, town {town}") if town else
                      _("{hex}: {faction} {building}")).format(**what))
    fig.add_trace(go.Scatter(x=xs, y=ys, mode="markers", hovertext=texts, hoverinfo="text",
                             marker=dict(color=colours, symbol=symbols, size=sizes,
                                         line=dict(color=outlines, width=2.5)),
                             name=BUILDING_TRACE, showlegend=False))
    xs, ys, labels, text_colours, hover = [], [], [], [], []
    label_dy = -0.25 if state is not None else 0.0  # below the building marker, still inside the hex
    for label, h in tm_map.hexes.items():
        x, y = hex_centre(h.row, h.column)
        xs.append(x)
        ys.append(y + label_dy)
        labels.append(label)
        text_colours.append(_label_colour(h.terrain) if not h.river else "#5b8fb0")
        name = _("river") if h.river else terrain_name(h.terrain)
        hover.append(f"{label} ({name})")
    fig.add_trace(go.Scatter(
        x=xs, y=ys, mode="markers+text" if show_labels else "markers", text=labels if show_labels else None,
        textposition="middle center",
        textfont=dict(size=9, color=text_colours), customdata=labels, hovertext=hover, hoverinfo="text",
        marker=dict(size=26, color="rgba(0,0,0,0)"), name=HEX_TRACE, showlegend=False))
    width_cells = max((len(r) for r in tm_map.rows), default=13)
    top = 40 if title else 10
    # a map of few rows gets the height its rows need (at the width given, else at NOMINAL_WIDTH; the browser
    # then fits the height to the width drawn, js/figure.js)
    height = min(height, _rows_height(len(tm_map.rows), width_cells, (width or NOMINAL_WIDTH) - 20) + top + 10)
    fig.update_layout(
        title=title, height=height, width=width, autosize=width is None, margin=dict(l=10, r=10, t=top, b=10),
        plot_bgcolor="white", paper_bgcolor="white", dragmode=False, hovermode="closest",
        showlegend=False,
        xaxis=dict(visible=False, range=[-0.8, width_cells + 0.3], fixedrange=True),
        yaxis=dict(visible=False, scaleanchor="x", scaleratio=1, fixedrange=True),
    )
    return fig


def _rows_height(rows: int, width_cells: int, plot_width: float) -> int:
    """Pixels the drawing of ``rows`` rows needs in a plot ``plot_width`` px wide showing ``width_cells``
    hexes (+ the x range's margins) across, at the same scale both ways, with plotly's autorange padding."""
    span = max(rows - 1, 0) * ROW_HEIGHT + 2 * HEX_RADIUS   # top corner of the first row to the last's bottom
    scale = plot_width / (width_cells + 1.1)                 # px per hex width (the x range below)
    return math.ceil(1.1 * span * scale + 4)


def map_svg(tm_map: TerraMysticaMap, *, show_labels: bool = True, hex_size: float = 40.0) -> str:
    """The map as a standalone SVG picture (terrain fills, optional hex labels).

    Parameters
    ----------
    tm_map : TerraMysticaMap
    show_labels : bool
        Write each hex's label (``E7``, ``r3``) on it.
    hex_size : float
        Width of one hex, flat side to flat side, in SVG pixels.

    Returns
    -------
    str
        An ``<svg>`` document (UTF-8 text), one ``<polygon>`` per hex with its label as ``<title>``.

    Examples
    --------
    >>> from companion.terra_mystica.hexmap import load_shipped_map
    >>> svg = map_svg(load_shipped_map("base"))
    >>> svg.startswith("<svg") and svg.count("<polygon") == 113
    True
    """
    from html import escape

    cells = [(h, hex_corners(h.row, h.column)) for h in tm_map.hexes.values()]
    xs = [x for _h, pts in cells for x, _y in pts]
    ys = [y for _h, pts in cells for _x, y in pts]
    pad = 0.1
    left, top = min(xs) - pad, max(ys) + pad
    width = (max(xs) - min(xs) + 2 * pad) * hex_size
    height = (max(ys) - min(ys) + 2 * pad) * hex_size

    def at(x: float, y: float) -> str:
        return f"{(x - left) * hex_size:.1f},{(top - y) * hex_size:.1f}"

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
             f'viewBox="0 0 {width:.0f} {height:.0f}">', '<rect width="100%" height="100%" fill="white"/>']
    for h, pts in cells:
        name = _("river") if h.river else terrain_name(h.terrain)
        parts.append(f'<polygon points="{" ".join(at(x, y) for x, y in pts)}" fill="{TERRAIN_COLOURS[h.terrain]}" '
                     f'stroke="white" stroke-width="1.5"><title>{escape(f"{h.label} ({name})")}</title></polygon>')
    if show_labels:
        size = hex_size * 0.27
        for h, _pts in cells:
            x, y = hex_centre(h.row, h.column)
            colour = "#5b8fb0" if h.river else _label_colour(h.terrain)
            parts.append(f'<text x="{(x - left) * hex_size:.1f}" y="{(top - y) * hex_size + size / 3:.1f}" '
                         f'font-family="sans-serif" font-size="{size:.1f}" text-anchor="middle" '
                         f'fill="{colour}">{escape(h.label)}</text>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def map_png(tm_map: TerraMysticaMap, *, show_labels: bool = True, hex_size: float = 40.0) -> bytes:
    """The map as a PNG picture (:func:`map_svg` rasterised by ``cairosvg``).

    Raises
    ------
    CompanionError
        If ``cairosvg`` (or the cairo library it needs) is not installed.
    """
    from companion.errors import CompanionError

    try:
        import cairosvg
    except (ImportError, OSError):
        raise CompanionError(_("PNG pictures need the cairosvg package (pip install cairosvg); SVG works without it")) from None
    return cairosvg.svg2png(bytestring=map_svg(tm_map, show_labels=show_labels, hex_size=hex_size).encode("utf-8"))
