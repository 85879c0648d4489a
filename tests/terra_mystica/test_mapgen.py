"""Generated maps parse, are repeatable, and meet the objective stated in mapgen's docstring (checked by
brute force on the exported letter text, not by the generator's own scoring)."""

from __future__ import annotations

import doctest
from collections import Counter

import pytest

from companion.errors import CompanionError
from companion.terra_mystica import mapgen
from companion.terra_mystica.hexmap import map_text, parse_colour_words, parse_letters
from tests.terra_mystica.mapcheck import letter_rows, mix, river_pieces, same_terrain_land_pairs, touching

BASE_MIX = mix(letter_rows(map_text("base")))
SEEDS = [(river, seed) for seed in range(7) for river in ("base", "random", "fire_ice_side2")][:20]


def _total_variation(p, q) -> float:
    return 0.5 * sum(abs(a - b) for a, b in zip(p, q, strict=True))


def test_docstring_examples():
    result = doctest.testmod(mapgen)
    assert result.attempted > 0 and result.failed == 0


def test_the_base_map_scores_itself_zero():
    rows = letter_rows(map_text("base"))
    assert same_terrain_land_pairs(rows) == 0
    assert set(Counter(t for r in rows for t in r if t != "I").values()) == {11}
    score = mapgen.objective(parse_letters(map_text("base")))
    assert score.total == 0 and score.meets_objective()


def test_the_objective_sees_a_same_terrain_pair():
    rows = letter_rows(map_text("base"))
    rows[0][1] = rows[0][0]  # A1 and A2 are both land on the base map and touch
    assert "I" not in (rows[0][0], rows[0][1])
    m = parse_letters("\n".join(",".join(r) for r in rows))
    assert mapgen.objective(m).same_terrain_pairs == same_terrain_land_pairs(rows) >= 1


@pytest.mark.parametrize(("river", "seed"), SEEDS)
def test_generated_balanced_maps_parse_and_meet_the_objective(river, seed):
    g = mapgen.generate(river, "balanced", seed=seed)
    text = g.map.to_letters()
    assert parse_letters(text) == g.map == parse_colour_words(g.map.to_colour_words())
    rows = letter_rows(text)
    counts = Counter(t for r in rows for t in r if t != "I")
    assert len(counts) == 7 and max(counts.values()) - min(counts.values()) <= (1 if sum(counts.values()) % 7 else 0)
    assert same_terrain_land_pairs(rows) == 0
    got = mix(rows)
    assert max(_total_variation(got[t], BASE_MIX[t]) for t in got) <= mapgen.MIX_TOLERANCE
    if river == "random":
        assert river_pieces(rows) == 1
        assert sum(r.count("I") for r in rows) == sum(r.count("I") for r in letter_rows(map_text("base")))
    else:
        assert [[t == "I" for t in r] for r in rows] == [[t == "I" for t in r] for r in letter_rows(map_text(river))]


def test_generation_is_seeded_and_repeatable():
    a = mapgen.generate("random", "balanced", seed=11, steps=500)
    b = mapgen.generate("random", "balanced", seed=11, steps=500)
    c = mapgen.generate("random", "balanced", seed=12, steps=500)
    assert a.map.map_id == b.map.map_id != c.map.map_id


def test_random_terrains_keep_equal_counts_but_not_the_objective():
    g = mapgen.generate("base", "random", seed=5)
    rows = letter_rows(g.map.to_letters())
    assert set(Counter(t for r in rows for t in r if t != "I").values()) == {11}
    assert same_terrain_land_pairs(rows) > 0  # a shuffle almost surely puts two alike side by side


@pytest.mark.parametrize(("river", "terrains"), [("nowhere", "random"), ("base", "greedy")])
def test_unknown_choices_are_refused(river, terrains):
    with pytest.raises(CompanionError):
        mapgen.generate(river, terrains)


# ---------------------------------------------------------------------- the random river (issue 21: not a maze)
def _river_facts(rows):
    """The river objective's terms by brute force on the letter rows (mapcheck's doubled coordinates)."""
    grid, pairs = touching(rows)
    near = {p: set() for p in grid}
    for a, b in pairs:
        near[a].add(b)
        near[b].add(a)
    river = {p for p, t in grid.items() if t == "I"}
    land = [p for p in grid if p not in river]
    triangles = sum(1 for a in river for b in near[a] & river for c in near[a] & near[b] & river) // 6
    ends = sum(1 for p in river if len(near[p] & river) == 1)
    distance, frontier, k = {p: 0 for p in river}, set(river), 0
    while frontier:
        k += 1
        frontier = {n for p in frontier for n in near[p] if n not in distance}
        distance.update(dict.fromkeys(frontier, k))
    width = {r: max(x for (r2, x) in grid if r2 == r) for r in {r for r, _x in grid}}
    return {"river": len(river), "pieces": river_pieces(rows), "triangles": triangles, "ends": ends,
            "crosses": any(x <= 1 for _r, x in river) and any(x >= width[r] for r, x in river),
            "lonely": sum(1 for p in land if not near[p] - river),
            "side_share": sum(1 for p in land if distance[p] == 1) / len(land),
            "farthest": max(distance[p] for p in land)}


def test_the_river_bounds_hold_on_the_base_map():
    facts = _river_facts(letter_rows(map_text("base")))
    assert facts["pieces"] == 1 and facts["triangles"] <= mapgen.RIVER_MAX_TRIANGLES
    assert facts["ends"] <= mapgen.RIVER_MAX_ENDS and facts["crosses"] and facts["lonely"] == 0
    assert facts["side_share"] >= mapgen.RIVER_MIN_SIDE_SHARE and facts["farthest"] <= mapgen.RIVER_MAX_FARTHEST
    assert len(parse_letters(map_text("base")).bridge_spots) >= mapgen.RIVER_MIN_BRIDGE_SPOTS


@pytest.mark.parametrize("seed", range(20))
def test_random_rivers_look_like_terra_mystica_rivers(seed):
    rows = [["I" if river else "Y" for river in row] for row in mapgen.random_river(seed)]
    facts = _river_facts(rows)
    base = _river_facts(letter_rows(map_text("base")))
    assert facts["river"] == base["river"] and facts["pieces"] == 1, facts
    assert facts["triangles"] <= mapgen.RIVER_MAX_TRIANGLES and facts["ends"] <= mapgen.RIVER_MAX_ENDS, facts
    assert facts["crosses"] and facts["lonely"] == 0, facts
    assert facts["side_share"] >= mapgen.RIVER_MIN_SIDE_SHARE and facts["farthest"] <= mapgen.RIVER_MAX_FARTHEST, facts
    m = parse_letters("\n".join(",".join(r) for r in rows))
    assert len(m.bridge_spots) >= mapgen.RIVER_MIN_BRIDGE_SPOTS
    assert mapgen.river_score(mapgen.random_river(seed)) == mapgen.river_score(mapgen.random_river(seed))
