"""Exact odds and placement ranking."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.errors import IllegalActionError
from companion.magick.odds import fill_probability, potions_distribution, rank_placements
from companion.magick.orders import make_order
from companion.magick.sheet import default_sheet, sheet_from_dict


def brute(faces: int, target: int, ge: bool, k: int, lo: int = 1, hi: int = 12) -> Fraction:
    """Count faces by trying every adjustment -k..k (independent of the code under test)."""
    good = 0
    for v in range(1, faces + 1):
        if any(lo <= v + d <= hi and ((v + d >= target) if ge else (v + d <= target)) for d in range(-k, k + 1)):
            good += 1
    return Fraction(good, faces)


def test_issue_example_d8_craft_5_one_potion():
    assert fill_probability("d8", 5, "craft", 1) == Fraction(5, 8)


def test_hand_counted_cases():
    assert fill_probability("d8", 5, ">=") == Fraction(4, 8)
    assert fill_probability("d12", 10, "research") == Fraction(10, 12)
    assert fill_probability("d6", 8, "craft", 1) == 0           # 6 + 1 = 7 < 8
    assert fill_probability("d6", 8, "craft", 2) == Fraction(1, 6)
    assert fill_probability("d10", 1, "research", 0) == Fraction(1, 10)
    assert fill_probability("d10", 1, "research", 9) == 1


def test_top_face_cap_changes_reachability():
    doc = default_sheet().to_dict()
    doc["die_adjustment"]["past_top_face"] = False
    capped = sheet_from_dict(doc)
    assert fill_probability("d6", 7, "craft", 5, sheet=capped) == 0
    assert fill_probability("d6", 7, "craft", 6) == 1


@given(die=st.sampled_from(["d6", "d8", "d10", "d12"]), target=st.integers(1, 12), ge=st.booleans(),
       k=st.integers(0, 12))
def test_matches_brute_force_sum_and_monotonic(die, target, ge, k):
    faces = int(die[1:])
    compare = ">=" if ge else "<="
    p = fill_probability(die, target, compare, k)
    assert p == brute(faces, target, ge, k)
    assert 0 <= p <= 1
    assert fill_probability(die, target, compare, k + 1) >= p
    assert sum(potions_distribution(die, target, compare).values()) == 1


@pytest.mark.parametrize(("args", "field"), [
    (("d20", 5, ">="), "die"),
    (("d8", 5, "up"), "compare"),
    (("d8", "5", ">="), "target"),
])
def test_bad_input(args, field):
    with pytest.raises(IllegalActionError) as info:
        fill_probability(*args)
    assert info.value.code == "bad_odds_input"
    assert str(info.value).startswith(field)


def test_negative_potions():
    with pytest.raises(IllegalActionError, match="potions"):
        fill_probability("d8", 5, ">=", -1)


def test_ranking_prefers_completing_an_order_and_explains():
    s = default_sheet()
    order = make_order(s, "ring", "everlasting", gold=5)
    filled = {"everlasting.1", "everlasting.2"}
    ranked = rank_placements(s, {"d6": 3, "d8": 1, "d10": 1, "d12": 1}, filled=filled, orders=[order])
    best = ranked[0]
    assert best.circle == "ring.1" and best.completes == "ring"
    assert best.gold_now == 2 + 5
    assert any("fulfils the order Everlasting Ring" in r for r in best.reasons)


def test_ranking_respects_legend_potions_and_used_dice():
    s = default_sheet()
    ranked = rank_placements(s, {"d6": 6, "d8": 1, "d10": 1, "d12": 1}, potions=1, used_dice={"d8"})
    for p in ranked:
        assert p.die != "d8"
        assert p.die in s.column(s.circle(p.circle).column).allowed_dice
        assert p.potions <= 1
    assert not any(p.circle == "plate_armor.1" for p in ranked)  # steel 8 needs 2 potions on a d6 6
    more = rank_placements(s, {"d6": 6, "d8": 1, "d10": 1, "d12": 1}, potions=2)
    assert any(p.circle == "plate_armor.1" and p.potions == 2 and p.adjust == 2 for p in more)


def test_ranking_reasons_cover_adventurer_and_mastery_and_extra_cost():
    s = default_sheet()
    ranked = rank_placements(s, {"d6": 5, "d8": 1, "d10": 1, "d12": 1}, potions=2,
                             adventurer_next=("helmet", "of_the_orcs"), mastery_columns=["steel"], extra_cost=2)
    helmet = next(p for p in ranked if p.circle == "helmet.1")
    assert any("adventurer" in r for r in helmet.reasons)
    assert any("Steel mastery" in r for r in helmet.reasons)
    assert any("extra-die slot costs 2" in r for r in helmet.reasons)
    assert all(p.potions == 0 for p in ranked)         # 2 potions all go to the slot
    plain = rank_placements(s, {"d6": 5, "d8": 1, "d10": 1, "d12": 1}, potions=2)
    same = next(p for p in plain if p.circle == "helmet.1")
    assert helmet.score > same.score - 1.0 - 1e-9      # bonuses (+1.25) minus the slot (-1.0)
    assert abs(helmet.score - (same.score + 1.0 + 0.25 - 1.0)) < 1e-9


def test_ranking_without_reasons_lists_exactly_the_legal_placements_in_the_same_order():
    """``explain=False`` (the bots' fast path) keeps every legal (die, circle, fewest potions) the engine's
    legal_actions offers (its own potions_needed path) and the explained ranking's order and scores."""
    import random

    from companion.magick import bots, engine

    rng = random.Random(12)
    state = engine.new_game(3, rng=rng)
    greedy = bots.GreedyBot()
    checked = 0
    while not state.over:
        if state.phase != "craft":
            state = engine.apply_action(state, engine.chance_action(state, rng))
            continue
        seat = next(i for i, p in enumerate(state.players) if not p.done)
        if not state.players[seat].free_circles:
            fast = engine.advice(state, seat, explain=False)
            legal = {(a.die, a.circle, a.adjust) for a in engine.legal_actions(state, seat)
                     if isinstance(a, engine.Place)}
            assert {(p.die, p.circle, p.adjust) for p in fast} == legal
            explained = engine.advice(state, seat)
            assert [(p.die, p.circle, p.score) for p in fast] == [(p.die, p.circle, p.score) for p in explained]
            assert all(p.texts == () for p in fast) and all(p.reasons for p in explained)
            checked += 1
        state = engine.apply_action(state, greedy.choose(state, seat))
    assert checked > 50
