"""Generate Terra Mystica maps: a river layout, then terrains on the land hexes.

River layouts (:func:`river_layout`): the base map's, any shipped map's (the presets: ``base``,
``fire_ice_side1``, ... from ``data/terra_mystica/maps``), or a seeded random river (``"random"``,
:func:`random_river`) that looks like a Terra Mystica river: one connected channel of width one winding
from the left edge to the right with a few side channels, as many river hexes as the base map, every
land hex beside land and by the river, and bridge spots (the objective is stated and measured there,
:func:`river_score`).

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
from dataclasses import dataclass, field, replace
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

__all__ = ["MIX_TOLERANCE", "RIVER_CHOICES", "TERRAIN_CHOICES", "MapScore", "GeneratedMap", "RiverScore",
           "neighbour_mix", "largest_clusters", "objective", "river_layout", "random_river", "river_score",
           "assign_terrains", "generate", "RIVER_MAX_TRIANGLES", "RIVER_MAX_ENDS", "RIVER_MIN_SIDE_SHARE",
           "RIVER_MAX_FARTHEST", "RIVER_MIN_BRIDGE_SPOTS"]

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


@dataclass(frozen=True)
class RiverScore:
    """How a river layout measures against :func:`random_river`'s objective (see there).

    Attributes
    ----------
    river_hexes, land_hexes : int
    pieces : int
        Connected pieces of river (direct adjacency).
    triangles : int
        Triples of mutually adjacent river hexes (a river two hexes wide has them; channels meeting make a few).
    ends : int
        River hexes with one river neighbour (the ends of channels: few on a real map, many in a maze).
    crosses : bool
        A river hex in the first and in the last column: the river winds across the map.
    lonely_land : int
        Land hexes with no land neighbour (they could never be in a town or a network with a neighbour).
    river_side_share : float
        Share of the land hexes that touch a river hex (0..1).
    farthest_land : int
        Most hexes from a land hex to the nearest river hex.
    bridge_spots : int
    """

    river_hexes: int
    land_hexes: int
    pieces: int
    triangles: int
    ends: int
    crosses: bool
    lonely_land: int
    river_side_share: float
    farthest_land: int
    bridge_spots: int

    def meets_objective(self, reference_river_hexes: int = 36) -> bool:
        """True when the layout meets every bound of :func:`random_river`'s objective."""
        return (self.pieces == 1 and self.triangles <= RIVER_MAX_TRIANGLES and self.ends <= RIVER_MAX_ENDS
                and self.crosses and self.lonely_land == 0 and abs(self.river_hexes - reference_river_hexes) <= 3
                and self.river_side_share >= RIVER_MIN_SIDE_SHARE and self.farthest_land <= RIVER_MAX_FARTHEST
                and self.bridge_spots >= RIVER_MIN_BRIDGE_SPOTS)


#: Bounds of the river objective (the base map: 4 triangles, 4 ends, 73 % of land by a river, farthest land 4
#: hexes away, 29 bridge spots; the Fire & Ice sides and Fjords are inside them too, except side 1's 7 ends).
RIVER_MAX_TRIANGLES = 4
RIVER_MAX_ENDS = 6
RIVER_MIN_SIDE_SHARE = 0.65
RIVER_MAX_FARTHEST = 4
RIVER_MIN_BRIDGE_SPOTS = 20


def river_score(mask: Mask, *, bridge_spots: bool = True) -> RiverScore:
    """Measure a river layout (:data:`Mask`, first row 13 hexes) for :func:`random_river`'s objective.

    ``bridge_spots=False`` leaves ``bridge_spots`` at -1 (counting them parses the map: the slow part).

    Examples
    --------
    >>> base = river_score(river_layout("base"))
    >>> base.pieces, base.triangles, base.ends, base.crosses, base.lonely_land, base.bridge_spots
    (1, 4, 4, True, 0, 29)
    >>> base.meets_objective()
    True
    """
    import networkx as nx

    lengths = [len(row) for row in mask]
    near = _grid_neighbours(lengths, lengths[0] == SHORT_ROW)
    river = {c for c in near if mask[c[0]][c[1]]}
    land = [c for c in near if c not in river]
    g = nx.Graph()
    g.add_nodes_from(river)
    g.add_edges_from((a, b) for a in river for b in near[a] if b in river)
    distance = nx.multi_source_dijkstra_path_length(
        nx.Graph([(a, b) for a in near for b in near[a]]), river) if river else {}
    first = any(ci == 0 for _i, ci in river)
    last = any(ci == lengths[i] - 1 for i, ci in river)
    rows = [[RIVER_LETTER if r else "Y" for r in row] for row in mask]
    return RiverScore(
        river_hexes=len(river), land_hexes=len(land), pieces=nx.number_connected_components(g) if river else 0,
        triangles=sum(nx.triangles(g).values()) // 3 if river else 0,
        ends=sum(1 for _c, d in g.degree() if d == 1), crosses=first and last,
        lonely_land=sum(1 for c in land if all(n in river for n in near[c])),
        river_side_share=round(sum(1 for c in land if distance.get(c) == 1) / len(land), 4) if land else 0.0,
        farthest_land=max((distance.get(c, len(near)) for c in land), default=0),
        bridge_spots=-1 if not bridge_spots else len(map_from_rows(rows).bridge_spots) if land and river else 0)


def _x(lengths: Sequence[int], cell: tuple[int, int]) -> int:
    """Doubled x coordinate: a 12-hex row sits half a hex right of a 13-hex row."""
    return 2 * cell[1] + (1 if lengths[cell[0]] == SHORT_ROW else 0)


def _walk_options(near, river: set, at: tuple[int, int]) -> list[tuple[int, int]]:
    """Cells next to ``at`` that touch no river cell but ``at``: the river stays one hex wide."""
    return [c for c in near[at] if c not in river and all(n == at or n not in river for n in near[c])]


def _channel(rng: random.Random, near, lengths: Sequence[int]) -> list[tuple[int, int]] | None:
    """The main channel: from the left edge to the right edge, meandering between the top and bottom thirds."""
    rows = len(lengths)
    at = (rng.randrange(1, rows - 1) if rows > 2 else 0, 0)
    path, river = [at], {at}
    aim = rng.choice((1, rows - 2)) if rows > 2 else 0
    while at[1] != lengths[at[0]] - 1:
        options = _walk_options(near, river, at)
        if not options:
            return None
        if at[0] == aim:
            aim = rng.choice([r for r in range(rows) if abs(r - at[0]) >= max(1, rows // 3)] or [at[0]])
        weights = []
        for c in options:
            dx, dy = _x(lengths, c) - _x(lengths, at), c[0] - at[0]
            if dx < 0:
                weights.append(0.1)            # a step back west: rare, it makes a bend
            elif dy == 0:
                weights.append(1.0)            # straight east
            else:
                toward = (dy > 0) == (aim > at[0]) and aim != at[0]
                weights.append(2.5 if toward else 0.4)
        at = rng.choices(options, weights)[0]
        path.append(at)
        river.add(at)
    return path


def _branch(rng: random.Random, near, lengths: Sequence[int], river: set, length: int) -> list[tuple[int, int]]:
    """A side channel of at most ``length`` hexes from a river cell towards the farther map edge (top or
    bottom), one hex wide."""
    rows = len(lengths)
    starts = [c for c in sorted(river) if _walk_options(near, river, c)]
    if not starts:
        return []
    at = rng.choice(starts)
    down = at[0] < rows / 2 if rng.random() < 0.8 else at[0] >= rows / 2
    cells: list[tuple[int, int]] = []
    while len(cells) < length:
        options = _walk_options(near, river | set(cells), at)
        if not options:
            break
        weights = [3.0 if (c[0] - at[0] > 0) == down and c[0] != at[0] else 0.6 if c[0] == at[0] else 0.05
                   for c in options]
        at = rng.choices(options, weights)[0]
        cells.append(at)
        if at[0] in (0, rows - 1):
            break
    return cells


def random_river(seed: int, *, rows: int = MAX_ROWS, river_hexes: int | None = None,
                 attempts: int = 400) -> Mask:
    """A seeded river layout that looks like a Terra Mystica river.

    The objective (:class:`RiverScore`, :meth:`RiverScore.meets_objective`), read off the base map and the
    other shipped maps:

    * one connected river (``pieces == 1``) of ``river_hexes`` hexes (default the base map's 36, 32 % of the
      map; the bound allows ± 3);
    * one hex wide: at most :data:`RIVER_MAX_TRIANGLES` triples of mutually adjacent river hexes (the base map
      has 4, where channels meet); few channels: at most :data:`RIVER_MAX_ENDS` channel ends (a maze has many);
    * it winds across the map: a river hex in the first and in the last column;
    * the land stays by the river: every land hex has a land neighbour, at least
      :data:`RIVER_MIN_SIDE_SHARE` of the land touches the river and no land hex is more than
      :data:`RIVER_MAX_FARTHEST` hexes from it;
    * at least :data:`RIVER_MIN_BRIDGE_SPOTS` bridge spots.

    How: a main channel walks from the left edge to the right edge, each step touching no river hex but the
    one it comes from (so it stays one hex wide), leaning east and swinging between the top and the bottom
    third; side channels then run from it towards the farther edge until the river has ``river_hexes`` hexes.
    Layouts that miss the objective are drawn again from the same seeded generator (at most ``attempts``
    times; the best one seen is returned if none meets it, which happens only on small maps).

    Parameters
    ----------
    seed : int
    rows : int
        Rows of the map (1..9), starting with a 13-hex row.
    river_hexes : int, optional
        River cells wanted (default: the base map's, 36); at most half the map.
    attempts : int
        Layouts drawn at most.

    Returns
    -------
    tuple of tuple of bool
        One tuple per row, True for river.

    Raises
    ------
    CompanionError
        For a row count outside 1..9 or a river size outside 1..half the map.

    Examples
    --------
    >>> river_score(random_river(4)).meets_objective()
    True
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
    best: tuple[tuple, Mask] | None = None
    for _attempt in range(attempts):
        river = _layout(rng, near, lengths, target)
        if river is None:
            continue
        mask = tuple(tuple((i, ci) in river for ci in range(n)) for i, n in enumerate(lengths))
        score = river_score(mask, bridge_spots=False)
        if replace(score, bridge_spots=RIVER_MIN_BRIDGE_SPOTS).meets_objective(target) \
                and river_score(mask).meets_objective(target):
            return mask
        rank = (score.pieces == 1, score.lonely_land == 0, score.crosses, score.river_side_share)
        if best is None or rank > best[0]:
            best = (rank, mask)
    if best is None:  # no layout at all (a map of one or two rows): a straight river along the first row
        return tuple(tuple(i == 0 and ci < target for ci in range(n)) for i, n in enumerate(lengths))
    return best[1]


def _layout(rng: random.Random, near, lengths: Sequence[int], target: int) -> set[tuple[int, int]] | None:
    """One drawn layout of exactly ``target`` river cells (a channel and side channels), or None."""
    channel = _channel(rng, near, lengths)
    if channel is None or len(channel) > target:
        return None
    river = set(channel)
    for _branch_no in range(12):
        missing = target - len(river)
        if missing <= 0:
            break
        cells = _branch(rng, near, lengths, river, min(missing, rng.randint(3, 8)))
        river.update(cells)
    return river if len(river) == target else None


def river_layout(kind: str, *, seed: int = 0) -> Mask:
    """The river cells of a shipped map (``kind`` its key) or a random river (``"random"``, seeded,
    :func:`random_river`).

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
