"""Generate Terra Mystica maps: a river layout, then terrains on the land hexes.

River layouts (:func:`river_layout`): the base map's, any shipped map's (the presets: ``base``,
``fire_ice_side1``, ... from ``data/terra_mystica/maps``), or a seeded random walk (``"random"``) that
draws one connected, one-hex-wide river with as many river hexes as the base map.

Terrain assignment (:func:`assign_terrains`):

* ``"random"``: the land hexes get the seven home terrains in equal numbers (differing by at most one
  when the land count is not a multiple of 7), shuffled;
* ``"balanced"``: starts from a random assignment and swaps pairs of hexes (so the counts stay equal) to
  lower :func:`objective`, by seeded simulated annealing.

The objective (lower is better; the base map scores exactly 0 against itself):

``objective = 10 × count_excess + same_terrain_pairs + Σ_t mix_distance_t``

* ``count_excess``: most hexes of a home terrain minus fewest, beyond the 1 that a land count which is
  not a multiple of 7 forces (0 when the counts are as equal as the land count allows);
* ``same_terrain_pairs``: pairs of directly adjacent land hexes of one terrain. Every shipped map has
  none (its largest same-terrain cluster is one hex), so "small same-terrain clusters" means clusters of
  one hex: a map with no such pair has every largest cluster 1;
* ``mix_distance_t``: for home terrain ``t``, the total-variation distance (half the sum of absolute
  differences, 0..1) between the shares of its land-neighbour contacts at 0, 1, 2 and 3 spades and the
  same shares on the base map (:func:`neighbour_mix`). It measures whether each terrain has as many
  cheap (1-spade) neighbours as on the base map.

A balanced map is accepted by the test suite when ``count_excess`` and ``same_terrain_pairs`` are 0 and
every ``mix_distance_t`` is at most :data:`MIX_TOLERANCE`.

Everything is seeded (``random.Random(seed)``): one seed gives one map, on every machine.

Examples
--------
>>> result = generate(river="base", terrains="balanced", seed=3)
>>> result.score.count_excess, result.score.same_terrain_pairs
(0, 0)
>>> result.score.mix_max <= MIX_TOLERANCE
True
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from companion.errors import CompanionError
from companion.i18n import _
from companion.jsonio import quoted
from companion.terra_mystica.geometry import neighbour_cells
from companion.terra_mystica.hexmap import (
    LONG_ROW,
    MAX_ROWS,
    SHORT_ROW,
    TerraMysticaMap,
    load_shipped_map,
    map_from_rows,
    shipped_maps,
)
from companion.terra_mystica.terrain import RIVER_LETTER, terrain_wheel

__all__ = ["MIX_TOLERANCE", "RIVER_CHOICES", "TERRAIN_CHOICES", "MapScore", "GeneratedMap", "neighbour_mix",
           "largest_clusters", "objective", "river_layout", "random_river", "assign_terrains", "generate"]

#: Largest accepted total-variation distance between a terrain's neighbour mix and the base map's.
MIX_TOLERANCE = 0.15
#: Terrain assignments :func:`assign_terrains` knows.
TERRAIN_CHOICES = ("random", "balanced")
#: Mask: one tuple per row, True for a river cell.
Mask = tuple[tuple[bool, ...], ...]


def RIVER_CHOICES() -> tuple[str, ...]:  # noqa: N802 - reads like the other choice lists
    """River layouts :func:`river_layout` knows: each shipped map's key, then ``"random"``."""
    return (*(e["key"] for e in shipped_maps()), "random")


@dataclass(frozen=True)
class MapScore:
    """The terms of :func:`objective` for one map.

    Attributes
    ----------
    count_excess : int
        Most minus fewest hexes of a home terrain, beyond what the land count forces (0 or 1).
    same_terrain_pairs : int
        Directly adjacent land pairs of one terrain.
    mix_distance : dict
        Terrain letter -> total-variation distance (0..1) of its neighbour mix from the reference's.
    """

    count_excess: int
    same_terrain_pairs: int
    mix_distance: dict[str, float] = field(default_factory=dict)

    @property
    def mix_max(self) -> float:
        """The largest per-terrain mix distance."""
        return max(self.mix_distance.values(), default=0.0)

    @property
    def total(self) -> float:
        """The objective: ``10 × count_excess + same_terrain_pairs + Σ mix_distance``."""
        return 10 * self.count_excess + self.same_terrain_pairs + sum(self.mix_distance.values())

    def meets_objective(self) -> bool:
        """True when counts are equal, no two same-terrain hexes touch and every mix distance is at most
        :data:`MIX_TOLERANCE`."""
        return self.count_excess == 0 and self.same_terrain_pairs == 0 and self.mix_max <= MIX_TOLERANCE


@dataclass(frozen=True)
class GeneratedMap:
    """A generated map with how it was made and its score.

    Attributes
    ----------
    map : TerraMysticaMap
    river : str
        The river layout asked for.
    terrains : str
        ``"random"`` or ``"balanced"``.
    seed : int
    score : MapScore
        Against the base map.
    """

    map: TerraMysticaMap
    river: str
    terrains: str
    seed: int
    score: MapScore


# ---------------------------------------------------------------------- statistics on letter grids
def _grid_neighbours(lengths: Sequence[int], placeholder: bool) -> dict[tuple[int, int], tuple[tuple[int, int], ...]]:
    """Cell (row index into ``lengths``, column) -> the cells next to it that are on the grid."""
    offset = 1 if placeholder else 0
    out = {}
    for i, n in enumerate(lengths):
        for ci in range(n):
            near = []
            for ri2, ci2 in neighbour_cells(i + offset, ci):
                i2 = ri2 - offset
                if 0 <= i2 < len(lengths) and 0 <= ci2 < lengths[i2]:
                    near.append((i2, ci2))
            out[(i, ci)] = tuple(near)
    return out


def _land_pairs(rows: Sequence[Sequence[str]]) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    lengths = [len(r) for r in rows]
    near = _grid_neighbours(lengths, lengths[0] == SHORT_ROW)
    return [(a, b) for a, ns in near.items() for b in ns
            if a < b and rows[a[0]][a[1]] != RIVER_LETTER and rows[b[0]][b[1]] != RIVER_LETTER]


@lru_cache(maxsize=1)
def _spades() -> dict[tuple[str, str], int]:
    wheel = terrain_wheel()
    return {(a, b): wheel.spade_distance(a, b) for a in wheel.letters for b in wheel.letters}


def _mix_from_pairs(rows, pairs) -> dict[str, tuple[float, float, float, float]]:
    spades = _spades()
    counts: dict[str, list[int]] = {t: [0, 0, 0, 0] for t in terrain_wheel().letters}
    for (ia, ca), (ib, cb) in pairs:
        a, b = rows[ia][ca], rows[ib][cb]
        d = spades[(a, b)]
        counts[a][d] += 1
        counts[b][d] += 1
    return {t: tuple(n / total for n in c) if (total := sum(c)) else (0.0, 0.0, 0.0, 0.0)
            for t, c in counts.items()}


def neighbour_mix(tm_map: TerraMysticaMap) -> dict[str, tuple[float, float, float, float]]:
    """Per home terrain, the shares of its land-neighbour contacts at 0, 1, 2 and 3 spades.

    Each pair of directly adjacent land hexes counts once for each of its two hexes' terrains (rivers
    are not counted). Shares sum to 1 (all 0 for a terrain with no land neighbour).

    Returns
    -------
    dict
        Terrain letter -> ``(share0, share1, share2, share3)``.

    Examples
    --------
    >>> from companion.terra_mystica.hexmap import load_shipped_map
    >>> neighbour_mix(load_shipped_map("base"))["Y"][0]
    0.0
    """
    return _mix_from_pairs(tm_map.rows, _land_pairs(tm_map.rows))


def largest_clusters(tm_map: TerraMysticaMap) -> dict[str, int]:
    """Per home terrain, the size (hexes) of its largest group of directly adjacent same-terrain hexes
    (0 for a terrain with no hex)."""
    import networkx as nx

    out = {}
    for t in terrain_wheel().letters:
        own = [k for k in tm_map.land_hexes if tm_map.hexes[k].terrain == t]
        parts = nx.connected_components(tm_map.graph.subgraph(own))
        out[t] = max((len(p) for p in parts), default=0)
    return out


def _score_rows(rows, pairs, reference: dict[str, tuple[float, ...]]) -> MapScore:
    counts = Counter(t for r in rows for t in r if t != RIVER_LETTER)
    letters = terrain_wheel().letters
    spread = max(counts.get(t, 0) for t in letters) - min(counts.get(t, 0) for t in letters)
    forced = 1 if sum(counts.values()) % len(letters) else 0
    same = sum(1 for (ia, ca), (ib, cb) in pairs if rows[ia][ca] == rows[ib][cb])
    mix = _mix_from_pairs(rows, pairs)
    distance = {t: round(0.5 * sum(abs(p - q) for p, q in zip(mix[t], reference[t], strict=True)), 6)
                for t in letters}
    return MapScore(max(0, spread - forced), same, distance)


def objective(tm_map: TerraMysticaMap, reference: TerraMysticaMap | None = None) -> MapScore:
    """Score ``tm_map`` by the module's objective against ``reference`` (default: the base map).

    Examples
    --------
    >>> from companion.terra_mystica.hexmap import load_shipped_map
    >>> objective(load_shipped_map("base")).total
    0.0
    """
    ref = neighbour_mix(reference if reference is not None else load_shipped_map("base"))
    return _score_rows(tm_map.rows, _land_pairs(tm_map.rows), ref)


# ---------------------------------------------------------------------- rivers
def _mask_of(tm_map: TerraMysticaMap) -> Mask:
    return tuple(tuple(t == RIVER_LETTER for t in row) for row in tm_map.rows)


def random_river(seed: int, *, rows: int = MAX_ROWS, river_hexes: int | None = None) -> Mask:
    """A seeded random-walk river: one connected piece, one hex wide, touching the map's edge.

    The walk starts on the left edge and steps to a neighbouring cell that touches no river cell but the
    one it comes from (so the river stays one hex wide and never closes a loop); when it is stuck it
    branches from a random river cell. It stops at ``river_hexes`` cells.

    Parameters
    ----------
    seed : int
    rows : int
        Rows of the map (1..9), starting with a 13-hex row.
    river_hexes : int, optional
        River cells wanted (default: the base map's, 36); at most half the map.

    Returns
    -------
    tuple of tuple of bool
        One tuple per row, True for river.

    Raises
    ------
    CompanionError
        For a row count outside 1..9 or a river size outside 1..half the map.
    """
    if not 1 <= rows <= MAX_ROWS:
        raise CompanionError(_("rows: expected 1 to {max_rows}, not {rows}").format(max_rows=MAX_ROWS, rows=rows))
    lengths = [LONG_ROW if i % 2 == 0 else SHORT_ROW for i in range(rows)]
    cells = sum(lengths)
    target = river_hexes if river_hexes is not None else len(load_shipped_map("base").river_hexes)
    if not 1 <= target <= cells // 2:
        raise CompanionError(_("river hexes: expected 1 to {most}, not {n}").format(most=cells // 2, n=target))
    rng = random.Random(seed)
    near = _grid_neighbours(lengths, False)
    river: set[tuple[int, int]] = set()
    at = (rng.randrange(rows), 0)
    river.add(at)
    for _attempt in range(cells * 20):
        if len(river) >= target:
            break
        options = [c for c in near[at] if c not in river
                   and all(n == at or n not in river for n in near[c])]
        if not options:
            at = rng.choice(sorted(river))
            continue
        # lean eastwards so the river crosses the map
        weights = [3 if c[1] > at[1] else 1 for c in options]
        at = rng.choices(options, weights)[0]
        river.add(at)
    return tuple(tuple((i, ci) in river for ci in range(n)) for i, n in enumerate(lengths))


def river_layout(kind: str, *, seed: int = 0) -> Mask:
    """The river cells of a shipped map (``kind`` its key) or a random walk (``"random"``, seeded).

    Raises
    ------
    CompanionError
        For an unknown kind (the known ones named).
    """
    if kind == "random":
        return random_river(seed)
    if kind not in RIVER_CHOICES():
        raise CompanionError(_("unknown river layout {kind}; expected one of {choices}").format(
            kind=quoted(kind), choices=_(", ").join(RIVER_CHOICES())))
    return _mask_of(load_shipped_map(kind))


# ---------------------------------------------------------------------- terrains
def _random_rows(mask: Mask, rng: random.Random) -> list[list[str]]:
    letters = terrain_wheel().letters
    land = [(i, ci) for i, row in enumerate(mask) for ci, river in enumerate(row) if not river]
    order = list(letters)
    rng.shuffle(order)  # which terrains get the extra hex when the land count is not a multiple of 7
    pool = [order[k % len(order)] for k in range(len(land))]
    rng.shuffle(pool)
    rows = [[RIVER_LETTER if river else "" for river in row] for row in mask]
    for (i, ci), t in zip(land, pool, strict=True):
        rows[i][ci] = t
    return rows


def assign_terrains(mask: Mask, method: str = "balanced", *, seed: int = 0, steps: int = 6000,
                    reference: TerraMysticaMap | None = None, progress: bool = False) -> TerraMysticaMap:
    """Put home terrains on the land cells of ``mask`` (see the module docstring for the objective).

    Parameters
    ----------
    mask : tuple of tuple of bool
        River cells (:func:`river_layout`).
    method : str
        ``"random"`` or ``"balanced"``.
    seed : int
    steps : int
        Swaps tried by the balanced search (more: closer to the objective, slower; about 0.1-0.3 ms each).
    reference : TerraMysticaMap, optional
        Map whose neighbour mix is aimed at (default: the base map).
    progress : bool
        Show a tqdm progress bar during the balanced search (a widget in a notebook, stderr elsewhere).

    Returns
    -------
    TerraMysticaMap
        Parsed like any map (:func:`~companion.terra_mystica.hexmap.map_from_rows`).

    Raises
    ------
    CompanionError
        For an unknown method, or a mask with no land.
    """
    if method not in TERRAIN_CHOICES:
        raise CompanionError(_("unknown terrain assignment {method}; expected one of {choices}").format(
            method=quoted(method), choices=_(", ").join(TERRAIN_CHOICES)))
    if all(all(row) for row in mask):
        raise CompanionError(_("the river layout leaves no land hex"))
    rng = random.Random(seed)
    rows = _random_rows(mask, rng)
    if method == "balanced":
        _anneal(rows, rng, steps, neighbour_mix(reference if reference is not None else load_shipped_map("base")),
                progress)
    return map_from_rows(rows)


def _anneal(rows: list[list[str]], rng: random.Random, steps: int, reference, progress: bool) -> None:
    """Simulated annealing over swaps of two land hexes of different terrains, in place."""
    # tqdm.auto: a widget bar in a notebook (a text bar there is a red stderr box whose "6000/6000 [s]" JupyterLab
    # turns into file links), a text bar on stderr in a terminal
    from tqdm.auto import tqdm

    pairs = _land_pairs(rows)
    land = [(i, ci) for i, row in enumerate(rows) for ci, t in enumerate(row) if t != RIVER_LETTER]
    current = _score_rows(rows, pairs, reference).total
    best, best_rows = current, [r[:] for r in rows]
    for step in tqdm(range(steps), desc=_("balancing terrains"), unit=_("swap"), disable=not progress):
        if best == 0:
            break
        (ia, ca), (ib, cb) = rng.sample(land, 2)
        if rows[ia][ca] == rows[ib][cb]:
            continue
        rows[ia][ca], rows[ib][cb] = rows[ib][cb], rows[ia][ca]
        score = _score_rows(rows, pairs, reference).total
        temperature = 0.5 * (1 - step / steps) + 1e-3
        if score <= current or rng.random() < math.exp((current - score) / temperature):
            current = score
            if score < best:
                best, best_rows = score, [r[:] for r in rows]
        else:
            rows[ia][ca], rows[ib][cb] = rows[ib][cb], rows[ia][ca]
    rows[:] = best_rows


def generate(river: str = "base", terrains: str = "balanced", *, seed: int = 0, steps: int = 6000,
             progress: bool = False) -> GeneratedMap:
    """A generated map: river layout ``river`` (:func:`river_layout`), terrains by ``terrains``
    (:func:`assign_terrains`), both from ``seed``; scored against the base map.

    Raises
    ------
    CompanionError
        For an unknown river layout or terrain assignment.
    """
    mask = river_layout(river, seed=seed)
    m = assign_terrains(mask, terrains, seed=seed, steps=steps, progress=progress)
    return GeneratedMap(m, river, terrains, seed, objective(m))
