"""Generated maps parse, are repeatable, and meet the objective stated in mapgen's docstring (checked by
brute force on the exported letter text, not by the generator's own scoring)."""

from __future__ import annotations

import doctest
from collections import Counter

import pytest

from companion.errors import CompanionError
from companion.terra_mystica import mapgen
from companion.terra_mystica.hexmap import map_text, parse_colour_words, parse_letters
from tests.terra_mystica.mapcheck import letter_rows, mix, river_pieces, same_terrain_land_pairs

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
