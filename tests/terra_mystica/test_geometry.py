"""The one hex-geometry module: neighbours, bridge patterns, centres and corners agree with each other."""

from __future__ import annotations

import math

import pytest

from companion.terra_mystica.geometry import (
    BRIDGE_PATTERNS,
    DIRECTIONS,
    HEX_RADIUS,
    bridge_far_end,
    hex_centre,
    hex_corners,
    neighbour,
    neighbour_cells,
)

CELLS = [(r, c) for r in range(0, 9) for c in range(0, 13)]


@pytest.mark.parametrize("cell", CELLS[::7])
def test_neighbours_are_one_hex_width_away_and_in_direction_order(cell):
    x, y = hex_centre(*cell)
    angles = []
    for n in neighbour_cells(*cell):
        xn, yn = hex_centre(*n)
        assert math.isclose(math.hypot(xn - x, yn - y), 1.0)
        angles.append(round(math.degrees(math.atan2(yn - y, xn - x))) % 360)
    assert angles == [0, 60, 120, 180, 240, 300]  # E, NE, NW, W, SW, SE


@pytest.mark.parametrize("cell", CELLS[::5])
def test_neighbour_relation_is_symmetric(cell):
    opposite = dict(zip(DIRECTIONS, DIRECTIONS[3:] + DIRECTIONS[:3], strict=True))
    for d in DIRECTIONS:
        assert neighbour(*neighbour(*cell, d), opposite[d]) == cell


@pytest.mark.parametrize("cell", CELLS[::6])
def test_side_i_of_the_corners_faces_direction_i(cell):
    corners = hex_corners(*cell)
    x, y = hex_centre(*cell)
    for i, d in enumerate(DIRECTIONS):
        (ax, ay), (bx, by) = corners[i], corners[(i + 1) % 6]
        mx, my = (ax + bx) / 2, (ay + by) / 2
        xn, yn = hex_centre(*neighbour(*cell, d))
        # the middle of side i is half-way to the neighbour in direction i
        assert math.isclose(mx, (x + xn) / 2, abs_tol=1e-9) and math.isclose(my, (y + yn) / 2, abs_tol=1e-9)
    assert all(math.isclose(math.hypot(cx - x, cy - y), HEX_RADIUS) for cx, cy in corners)


@pytest.mark.parametrize("cell", CELLS[::4])
def test_bridge_far_ends_are_two_hexes_away_past_both_sides(cell):
    x, y = hex_centre(*cell)
    for pattern in BRIDGE_PATTERNS:
        far = bridge_far_end(*cell, pattern)
        xf, yf = hex_centre(*far)
        assert math.isclose(math.hypot(xf - x, yf - y), math.sqrt(3))  # two hexes, between two sides
        sides = {neighbour(*cell, d) for d in pattern}
        assert sides <= set(neighbour_cells(*far))
        assert far[0] > cell[0]  # listed from the upper end only


def test_unknown_direction():
    with pytest.raises(KeyError):
        neighbour(0, 0, "NN")
