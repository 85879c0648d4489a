"""Brute-force map facts from the letter text alone, for the map-lab tests (independent of hexmap/geometry).

Cells get "doubled" x coordinates: a 13-hex (long) row at x = 0, 2, 4, ...; a 12-hex (short) row half a
hex to the right at x = 1, 3, 5, ... Two cells touch when they are in one row 2 apart, or in adjacent
rows 1 apart (the rules summary's drawing of the board).
"""

from __future__ import annotations

WHEEL = "YUKBGSR"  # desert plains swamp lakes forest mountains wasteland (rules: terrain wheel)


def letter_rows(text: str) -> list[list[str]]:
    return [[c.strip() for c in line.split(",")] for line in text.splitlines() if line.strip()]


def cells(rows):
    out = {}
    for r, row in enumerate(rows):
        shift = 0 if len(row) == 13 else 1
        for c, t in enumerate(row):
            out[(r, 2 * c + shift)] = t
    return out


def touching(rows):
    grid = cells(rows)
    pairs = []
    for (r, x) in grid:
        for (r2, x2) in ((r, x + 2), (r + 1, x - 1), (r + 1, x + 1)):
            if (r2, x2) in grid:
                pairs.append(((r, x), (r2, x2)))
    return grid, pairs


def spades(a: str, b: str) -> int:
    d = abs(WHEEL.index(a) - WHEEL.index(b))
    return min(d, 7 - d)


def same_terrain_land_pairs(rows) -> int:
    grid, pairs = touching(rows)
    return sum(1 for a, b in pairs if grid[a] == grid[b] != "I")


def mix(rows):
    grid, pairs = touching(rows)
    counts = {t: [0, 0, 0, 0] for t in WHEEL}
    for a, b in pairs:
        if "I" in (grid[a], grid[b]):
            continue
        d = spades(grid[a], grid[b])
        counts[grid[a]][d] += 1
        counts[grid[b]][d] += 1
    return {t: [n / sum(c) for n in c] for t, c in counts.items()}


def river_pieces(rows) -> int:
    grid, pairs = touching(rows)
    river = {p for p, t in grid.items() if t == "I"}
    links = {p: set() for p in river}
    for a, b in pairs:
        if a in river and b in river:
            links[a].add(b)
            links[b].add(a)
    seen, pieces = set(), 0
    for p in river:
        if p in seen:
            continue
        pieces += 1
        stack = [p]
        while stack:
            q = stack.pop()
            if q not in seen:
                seen.add(q)
                stack.extend(links[q] - seen)
    return pieces
