"""The map's colours: every building stands out from the terrain it is drawn on (fresh review: the current
player's own dwellings, drawn in their home terrain's colour on that terrain, were a thin ring on a hex of the
same colour). The colours are read from the data file the map draws with; the contrast ratio is WCAG 2.1's,
computed here from its definition."""

from __future__ import annotations

import json
from pathlib import Path

from companion.terra_mystica.factions import get_faction
from companion.terra_mystica.hexmap import load_shipped_map
from companion.terra_mystica.towns import TownState
from companion.widgets.terra_mystica.mapplot import BUILDING_TRACE, map_figure

DATA = Path(__file__).resolve().parents[2] / "data" / "terra_mystica"
COLOURS = json.loads((DATA / "map_colours.json").read_text(encoding="utf-8"))
TERRAINS = COLOURS["terrains"]
WHEEL = json.loads((DATA / "terrain_cycle.json").read_text(encoding="utf-8"))


def _relative_luminance(colour: str) -> float:
    """WCAG 2.1 relative luminance of ``#rrggbb`` (sRGB channels linearised)."""
    def linear(v: float) -> float:
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(int(colour[i:i + 2], 16) / 255) for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _ratio(a: str, b: str) -> float:
    high, low = sorted((_relative_luminance(a), _relative_luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def _drawn_building(faction: str, terrain: str) -> tuple[str, str]:
    """(fill, outline) of ``faction``'s dwelling as the map draws it on a hex of ``terrain`` (letter)."""
    tm_map = load_shipped_map("base")
    label = next(h for h, hx in tm_map.hexes.items() if hx.terrain == terrain)
    state = TownState(tm_map)
    state.buildings[label] = (faction, "D")
    trace = next(t for t in map_figure(tm_map, state=state).data if t.name == BUILDING_TRACE)
    return trace.marker.color[0], trace.marker.line.color[0]


def test_the_colours_drawn_over_each_terrain_contrast_with_it():
    dark = set(COLOURS["on_dark_terrains"])
    for letter, fill in TERRAINS.items():
        over = COLOURS["on_dark"] if letter in dark else COLOURS["on_light"]
        assert _ratio(over, fill) >= 3, (letter, fill, over, round(_ratio(over, fill), 2))


def test_a_faction_s_buildings_stand_out_on_its_own_terrain_and_every_other():
    """Every base faction's dwelling on every land terrain: the marker's fill has a contrast ratio of at least 3
    with the hex (on its home terrain the faction's own colour has 1: the fill is the contrasting colour, and the
    faction's colour goes to the outline)."""
    letters = dict(zip(WHEEL["cycle_order"], WHEEL["letters"], strict=True))
    factions = ["witches", "auren", "nomads", "fakirs", "halflings", "cultists", "alchemists", "darklings",
                "mermaids", "swarmlings", "chaosmagicians", "giants", "engineers", "dwarves"]
    homes = set()
    for faction in factions:
        home = letters[get_faction(faction).home_terrain]
        homes.add(home)
        for letter in WHEEL["letters"]:
            fill, outline = _drawn_building(faction, letter)
            assert _ratio(fill, TERRAINS[letter]) >= 3, (faction, letter, fill, outline)
        fill, outline = _drawn_building(faction, home)
        assert outline == TERRAINS[home], (faction, outline)   # on its own terrain: ringed in its own colour
    assert homes == set(WHEEL["letters"])   # each of the 7 terrains is some faction's home
