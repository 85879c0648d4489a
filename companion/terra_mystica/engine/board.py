"""Thin adapter from the maps module (:mod:`companion.terra_mystica.hexmap`) to the engine's command handling.

Adjacency, reach (shipping, tunnelling, bridges) and towns come from the map itself
(:meth:`~companion.terra_mystica.hexmap.TerraMysticaMap.reach`) and the town state
(:class:`~companion.terra_mystica.towns.TownState`). :class:`BoardTables` keeps only the map and the few
lookups the engine's command handling reads by key: printed colours, the river hexes' land neighbours and
the land hexes' river neighbours (the Mermaids' ``connect``), and the bridge spots. No geometry is computed
here: every answer comes from ``hexmap``.
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
    river_adj : dict[str, frozenset[str]]
        River hex -> adjacent land hexes (for the Mermaids' ``connect``).
    land_rivers : dict[str, frozenset[str]]
        Land hex -> adjacent river hexes.
    bridge_spots : frozenset[frozenset[str]]
        Legal bridge spots as unordered pairs.
    """

    def __init__(self, m: TerraMysticaMap) -> None:
        self.map = m
        wheel = terrain_wheel()
        land = [h for h in m.hexes.values() if not h.river]
        self.colour = {h.label: wheel.colour(h.terrain) for h in land}
        self.river_adj = {h.label: m.land_neighbours(h.label) for h in m.hexes.values() if h.river}
        self.land_rivers = {h.label: frozenset(n for n in m.neighbours(h.label) if m.hexes[n].river)
                            for h in land}
        self.bridge_spots = frozenset(frozenset(p) for p in m.bridge_spots)


@lru_cache(maxsize=8)
def board_tables(m: TerraMysticaMap) -> BoardTables:
    """Cached :class:`BoardTables` of map ``m``."""
    return BoardTables(m)


def base_board() -> BoardTables:
    """Tables of the base ("Original") map, the default of every replay."""
    return board_tables(load_shipped_map("base"))
