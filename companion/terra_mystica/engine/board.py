"""Thin adapter from the maps module (:mod:`companion.terra_mystica.hexmap`) to the engine's hot loops.

The engine asks the same few questions thousands of times per game (land neighbours of a hex, river
distance between two hexes, hexes jumped over). :class:`BoardTables` copies those answers out of a
:class:`~companion.terra_mystica.hexmap.TerraMysticaMap` once, as plain dicts and sets, so a 4-player
game replays in a few milliseconds. No geometry is computed here: every number comes from ``hexmap``.
"""

from __future__ import annotations

from functools import lru_cache

from companion.terra_mystica.hexmap import TerraMysticaMap, load_shipped_map
from companion.terra_mystica.terrain import terrain_wheel

__all__ = ["BoardTables", "board_tables", "base_board"]


class BoardTables:
    """Plain-dict view of a map for the engine.

    Attributes
    ----------
    map : TerraMysticaMap
        The source map.
    colour : dict[str, str]
        Land hex label -> starting terrain colour word (``yellow`` ... ``red``).
    land_adj : dict[str, frozenset[str]]
        Land hex -> directly adjacent land hexes (no bridges; the game state adds those).
    river_adj : dict[str, frozenset[str]]
        River hex -> adjacent land hexes (for the Mermaids' ``connect``).
    land_rivers : dict[str, frozenset[str]]
        Land hex -> adjacent river hexes.
    river_dist : dict[str, dict[str, int]]
        Land hex -> {land hex: river hexes crossed} (shipping; RULES-NOTES section 3).
    jump : dict[str, dict[str, int]]
        Land hex -> {land hex: hexes jumped over} (tunnelling / carpet flight).
    bridge_spots : frozenset[frozenset[str]]
        Legal bridge spots as unordered pairs.
    """

    def __init__(self, m: TerraMysticaMap) -> None:
        self.map = m
        wheel = terrain_wheel()
        land = [h for h in m.hexes.values() if not h.river]
        self.colour = {h.label: wheel.colour(h.terrain) for h in land}
        self.land_adj = {h.label: m.land_neighbours(h.label) for h in land}
        self.river_adj = {h.label: m.land_neighbours(h.label) for h in m.hexes.values() if h.river}
        self.land_rivers = {h.label: frozenset(n for n in m.neighbours(h.label) if m.hexes[n].river)
                            for h in land}
        self.river_dist = {h.label: dict(m.river_distances(h.label)) for h in land}
        self.jump = {h.label: {o.label: d for o in land
                               if (d := m.jump_distance(h.label, o.label)) is not None}
                     for h in land}
        self.bridge_spots = frozenset(frozenset(p) for p in m.bridge_spots)


@lru_cache(maxsize=8)
def board_tables(m: TerraMysticaMap) -> BoardTables:
    """Cached :class:`BoardTables` of map ``m``."""
    return BoardTables(m)


def base_board() -> BoardTables:
    """Tables of the base ("Original") map, the default of every replay."""
    return board_tables(load_shipped_map("base"))
