"""Hex geometry of a Terra Mystica map, written once: cell neighbours, bridge patterns, plot centres and corners.

Cells use "odd-r" offset coordinates (RULES-NOTES appendix B): a cell is ``(row, column)`` with 0-based row
index ``row`` (a map that starts with a short row has an empty placeholder row 0) and 0-based cell index
``column`` within the row, rivers counted. Long rows have an even ``row``; short rows, an odd ``row``,
sit half a hex to the right. That one fact -- **the offset rule** -- decides every neighbour, and is only
written here (:func:`_shift`); the map parser (:mod:`~companion.terra_mystica.hexmap`), the plots
(:mod:`~companion.widgets.terra_mystica.mapplot`) and through them the engine use these functions.

Directions are named for pointy-top hexes: ``E``, ``NE``, ``NW``, ``W``, ``SW``, ``SE``, in that order
(counter-clockwise from east); :data:`DIRECTIONS` index ``i`` is also the hex side between corner ``i``
and corner ``i + 1`` of :func:`hex_corners`.

Examples
--------
>>> neighbour(2, 5, "SW"), neighbour(3, 5, "SW")
((3, 4), (4, 5))
>>> sorted(neighbour_cells(0, 0))
[(-1, -1), (-1, 0), (0, -1), (0, 1), (1, -1), (1, 0)]
>>> [round(v, 3) for v in hex_centre(1, 0)]
[0.5, -0.866]
"""

from __future__ import annotations

import math

from companion.i18n import gettext as _

__all__ = ["DIRECTIONS", "BRIDGE_PATTERNS", "bridge_far_end", "neighbour", "neighbour_cells", "hex_distance",
           "hex_centre", "hex_corners", "HEX_WIDTH", "HEX_RADIUS", "ROW_HEIGHT"]

Cell = tuple[int, int]

#: The six directions, counter-clockwise from east; index i is the hex side from corner i to corner i+1.
DIRECTIONS: tuple[str, ...] = ("E", "NE", "NW", "W", "SW", "SE")

#: Bridge spots (RULES-NOTES appendix B, reference engine ``setup_valid_bridges``) as pairs of directions
#: ``(d1, d2)``: from a land cell, the far end is one step ``d1`` then one step ``d2``, and the bridge
#: crosses the cells next to the start in directions ``d1`` and ``d2`` (which must be river). Only the
#: three patterns pointing down are listed, so each spot is found once, from its upper end.
BRIDGE_PATTERNS: tuple[tuple[str, str], ...] = (
    ("SW", "SE"),   # straight down two rows
    ("W", "SW"),    # down-left
    ("E", "SE"),    # down-right
)


def bridge_far_end(row: int, column: int, pattern: tuple[str, str]) -> Cell:
    """The far end of a bridge from ``(row, column)`` along ``pattern`` (one of :data:`BRIDGE_PATTERNS`)."""
    return neighbour(*neighbour(row, column, pattern[0]), pattern[1])


#: Width of a hex (flat side to flat side) in plot units.
HEX_WIDTH = 1.0
#: Circumradius of a hex one unit wide (centre to corner).
HEX_RADIUS = HEX_WIDTH / math.sqrt(3)
#: Vertical distance between the centres of two rows.
ROW_HEIGHT = 1.5 * HEX_RADIUS


def _shift(row: int) -> int:
    """The offset rule: column offset of the cells above/below a cell in ``row`` (-1 on long, even rows)."""
    return -1 if row % 2 == 0 else 0


_STEP = {"E": (0, 1), "W": (0, -1)}


def neighbour(row: int, column: int, direction: str) -> Cell:
    """The cell next to ``(row, column)`` in ``direction`` (one of :data:`DIRECTIONS`); may be off the map.

    Raises
    ------
    KeyError
        For an unknown direction.
    """
    if direction in _STEP:
        dr, dc = _STEP[direction]
        return row + dr, column + dc
    if direction not in DIRECTIONS:
        raise KeyError(_("unknown direction {direction!r}; expected one of {directions}").format(direction=direction, directions=', '.join(DIRECTIONS)))
    c = column + _shift(row)
    return row + (-1 if direction[0] == "N" else 1), c + (1 if direction[1] == "E" else 0)


def neighbour_cells(row: int, column: int) -> tuple[Cell, ...]:
    """The six cells around ``(row, column)`` in :data:`DIRECTIONS` order (cells off the map included)."""
    return tuple(neighbour(row, column, d) for d in DIRECTIONS)


def hex_distance(a: Cell, b: Cell) -> int:
    """Hexes between cells ``a`` and ``b`` counted in a straight line (rivers count like land).

    With ``x = 2 * column + (row mod 2)`` (the offset rule), ``dx`` and ``dy`` the differences of x and of
    row: ``dy`` when ``dx < dy``, else ``(dx + dy) / 2``. The Fire & Ice final-scoring tiles measure with it
    (FIRE-ICE-NOTES section 8; the reference engine's ``hex_distance``).

    Examples
    --------
    >>> hex_distance((0, 0), (0, 3)), hex_distance((0, 0), (1, 0)), hex_distance((0, 0), (4, 0))
    (3, 1, 4)
    """
    dx = abs((2 * a[1] + a[0] % 2) - (2 * b[1] + b[0] % 2))
    dy = abs(a[0] - b[0])
    return dy if dx < dy else (dx + dy) // 2


def hex_centre(row: int, column: int) -> tuple[float, float]:
    """Plot coordinates of the centre of cell ``(row, column)``: short (odd) rows half a hex to the right,
    rows :data:`ROW_HEIGHT` apart downwards (y decreases with the row)."""
    return column * HEX_WIDTH + (0.0 if _shift(row) else 0.5 * HEX_WIDTH), -row * ROW_HEIGHT


def hex_corners(row: int, column: int, shrink: float = 1.0) -> list[tuple[float, float]]:
    """The six corners of cell ``(row, column)`` (pointy top), counter-clockwise from the lower-right one.

    Corner ``i`` and corner ``i + 1`` bound the side towards ``DIRECTIONS[i]``. ``shrink`` (0..1] scales
    the hex around its centre (for outlines drawn inside the cell).
    """
    x, y = hex_centre(row, column)
    r = HEX_RADIUS * shrink
    return [(x + r * math.cos(math.radians(a)), y + r * math.sin(math.radians(a)))
            for a in (-30, 30, 90, 150, 210, 270)]
