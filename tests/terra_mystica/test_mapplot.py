"""The plotly hex-map figure and the map widgets (explorer, town sandbox) driven without a browser."""

from __future__ import annotations

import math
from pathlib import Path

import plotly.graph_objects as go
import pytest

from companion.terra_mystica.geometry import hex_centre
from companion.terra_mystica.hexmap import parse_map
from companion.terra_mystica.towns import TownState
from companion.widgets.terra_mystica.mapplot import HEX_TRACE, TERRAIN_COLOURS, map_figure

FIXTURES = Path(__file__).parent / "fixtures" / "maps"
BASE = parse_map((FIXTURES / "base.txt").read_text())


def trace(fig, name):
    return next(t for t in fig.data if t.name == name)


def test_neighbouring_centres_are_one_unit_apart():
    for label in ("E7", "B1", "C1", "r0"):
        h = BASE.hex(label)
        x, y = hex_centre(h.row, h.column)
        for n in BASE.neighbours(label):
            hn = BASE.hex(n)
            xn, yn = hex_centre(hn.row, hn.column)
            assert math.isclose(math.hypot(x - xn, y - yn), 1.0, rel_tol=1e-9)


def test_figure_has_one_clickable_marker_per_hex_and_terrain_fills():
    fig = map_figure(BASE)
    assert isinstance(fig, go.Figure)
    hexes = trace(fig, HEX_TRACE)
    assert list(hexes.customdata) == list(BASE.hexes)
    assert list(hexes.text) == list(BASE.hexes)
    fills = {t.name: t.fillcolor for t in fig.data if t.fill == "toself"}
    assert fills["river"] == TERRAIN_COLOURS["I"] and fills["desert"] == TERRAIN_COLOURS["Y"]
    # 11 desert hexes, 7 corner points + a gap each
    assert len(trace(fig, "desert").x) == 11 * 8


def test_buildings_bridges_towns_and_highlights_are_drawn():
    s = TownState.new(BASE)
    for h, k in (("A1", "TP"), ("A2", "TP"), ("A3", "TP"), ("A4", "D"), ("B1", "D")):
        s = s.place(h, "witches", k)
    s = s.place("C1", "nomads", "SH").add_bridge("B1", "C1", "witches")
    fig = map_figure(s.map, state=s, highlight={"E7": "selected", "E8": "neighbour"})
    buildings = trace(fig, "buildings")
    assert len(buildings.x) == 6
    assert any("C1: Nomads stronghold" in t for t in buildings.hovertext)     # names as players read them
    assert list(trace(fig, "bridges ends").hovertext) == ["bridge B1-C1 (Witches)"]
    assert len(trace(fig, "selected").x) == 8 and len(trace(fig, "neighbour").x) == 8
    assert trace(fig, "shipping").x == ()
    # the town outline is the outer boundary: 5 hexes in a connected blob have fewer than 30 edges
    town = trace(fig, "towns")
    segments = sum(1 for v in town.x if v is None)
    assert 10 <= segments < 30


def test_trace_structure_is_fixed_so_widgets_can_update_in_place():
    s = TownState.new(BASE).place("A1", "witches", "D")
    plain = [t.name for t in map_figure(BASE).data]
    full = [t.name for t in map_figure(BASE, state=s, highlight={"A1": "selected"}).data]
    assert plain == full and plain[-1] == HEX_TRACE


def test_widgets_module_imports_no_rules():
    import companion.widgets.terra_mystica.map as mod

    source = Path(mod.__file__).read_text()
    assert "TOWN_POWER" not in source and "river_distance" not in source


# ---------------------------------------------------------------------- widgets
@pytest.fixture(scope="module")
def explorer():
    from companion.widgets.terra_mystica.map import MapExplorer

    return MapExplorer()


def test_explorer_starts_on_the_base_map_with_statistics(explorer):
    explorer.choose_map("base")
    assert explorer.map.map_id == "126fe960806d587c78546b30f1a90853b1ada468"
    assert "<b>29</b> bridge spots" in explorer.stats.value
    assert "<b>36</b> river hexes" in explorer.stats.value
    assert explorer.letters_export.value == (FIXTURES / "base.txt").read_text()
    assert "126fe960806d587c78546b30f1a90853b1ada468" in explorer.downloads.value


def test_explorer_click_handler_shows_neighbours_and_shipping(explorer):
    explorer.choose_map("base")
    explorer.level.value = 1
    explorer.select_hex("E7")
    assert "D4 (wasteland)" in explorer.hex_info.value and "r22 (river)" in explorer.hex_info.value
    assert "reaches 3 land hexes: E8, F4, G3" in explorer.hex_info.value
    names = [t.name for t in explorer.figure.data]
    assert "selected" in names and "shipping" in names
    explorer.level.value = 3
    assert f"reaches {len(BASE.shipping_reach('E7', 3))} land hexes" in explorer.hex_info.value
    explorer.select_hex("Q99")
    assert "no hex" in explorer.hex_info.value


def test_explorer_shows_bad_text_inline_and_keeps_the_map(explorer):
    explorer.choose_map("fjords")
    before = explorer.map
    rows = (FIXTURES / "base.txt").read_text().split()
    rows[3] = rows[3].replace("R", "Z", 1)
    assert explorer.read_text("\n".join(rows)) is False
    assert "row 4, column 6" in explorer.message.value and "Z" in explorer.message.value
    assert "companion-error-row" in explorer.message.value
    assert explorer.map is before


def test_explorer_reads_pasted_and_uploaded_text(explorer):
    text = (FIXTURES / "loon_lakes_v1.6.txt").read_text()
    assert explorer.read_text(text)
    assert explorer.source.value == "custom" and "same as Loon Lakes" in explorer.message.value
    words = explorer.words_export.value
    assert words.startswith("E\n") and parse_map(words) == explorer.map
    assert explorer.load_upload("bad.txt", b"\xff\xfe") is False and "not UTF-8" in explorer.message.value
    assert explorer.load_upload("base.txt", (FIXTURES / "base.txt").read_bytes())
    assert explorer.map == BASE
    explorer.choose_map("base")
    assert explorer.source.value == "base"


def test_town_sandbox_forms_joins_and_undoes():
    from companion.widgets.terra_mystica.map import TownSandbox

    box = TownSandbox(BASE, factions=("witches", "mermaids"))
    for h, k in (("A1", "TP"), ("A2", "TP"), ("A3", "TP")):
        assert box.place(h, "witches", k)
    assert "Towns: 0." in box.summary.value
    assert box.place("A4", "witches", "D")
    assert "The Witches founded town 1" in box.message.value and "town 1 (Witches)" in box.summary.value
    assert len(trace(box.figure, "towns").x) > 0
    assert box.place("r0", "witches", "D") is False and "river hex" in box.message.value
    box.undo()
    assert "Towns: 0." in box.summary.value
    box.reset()
    assert box.state.buildings == {}


def test_town_sandbox_bridge_fav5_and_mermaids():
    from companion.widgets.terra_mystica.map import TownSandbox

    box = TownSandbox(BASE, factions=("mermaids", "witches"))
    for h in ("A3", "A4", "C1", "D2"):
        box.place(h, "mermaids", "TP")
    assert box.river.options and "r0" in box.river.options
    assert box.connect("r0")
    assert "founded" in box.message.value
    box.faction.value = "witches"
    for h, k in (("A8", "TP"), ("A9", "TP"), ("A10", "D"), ("A11", "D")):
        box.place(h, "witches", k)
    assert box.take_fav5()
    assert "founded town 2" in box.message.value
    box.bridge_spot.value = "B1-C1"
    assert box.bridge() is False and "neither B1 nor C1" in box.message.value


def test_town_sandbox_click_builds(monkeypatch):
    from companion.widgets.terra_mystica.map import TownSandbox

    box = TownSandbox(BASE)

    class Points:
        point_inds = [list(BASE.hexes).index("E7")]

    box._on_click(Points())
    assert box.state.buildings == {"E7": ("witches", "D")} and box.hex_box.value == "E7"


def test_building_colours_follow_the_faction_home_terrain():
    from companion.widgets.terra_mystica.mapplot import faction_colour

    assert faction_colour("witches") == TERRAIN_COLOURS["G"]  # forest (factions.json)
    assert faction_colour("darklings") == TERRAIN_COLOURS["K"]  # swamp
    assert faction_colour("red") == TERRAIN_COLOURS["R"]
    assert faction_colour("witches", {"witches": "#123456"}) == "#123456"


@pytest.mark.parametrize("rows", [1, 2, 4, 9])
def test_a_map_of_few_rows_gets_the_height_its_rows_need(rows):
    """Review 3, finding 1: a 1-row design was a strip in the middle of a 520 px figure (cut off or blank on a
    phone). With a width the figure's height follows the rows: the hexes' drawn height (from the figure's own
    polygons, at the x axis's scale) fits its plot area with little to spare; the 9-row map keeps the height asked."""
    from companion.terra_mystica.hexmap import map_text, parse_letters

    tm_map = parse_letters("\n".join(map_text("base").splitlines()[:rows]))
    fig = map_figure(tm_map, height=520, width=810)
    ys = [y for t in fig.data[:8] for y in t.y if y is not None]
    x_low, x_high = fig.layout.xaxis.range
    px_per_unit = (810 - fig.layout.margin.l - fig.layout.margin.r) / (x_high - x_low)
    drawn = (max(ys) - min(ys)) * px_per_unit
    plot_height = fig.layout.height - fig.layout.margin.t - fig.layout.margin.b
    assert drawn <= plot_height <= 520
    assert plot_height <= max(drawn * 1.2, 20 + drawn) or fig.layout.height == 520, (drawn, plot_height)
    if rows == 1:
        assert fig.layout.height < 120
