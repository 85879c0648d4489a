"""Cards data (adventurers, mastery, setup choices), orders, dice helpers."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.errors import IllegalActionError, RulesDataError
from companion.magick.dice import Roll, adjusted_range, check_placement, potions_needed
from companion.magick.orders import cards_from_dict, load_cards, make_order, order_from_dict
from companion.magick.sheet import default_sheet
from companion.resources import load_json

FIXTURES = Path(__file__).parent / "fixtures"
S = default_sheet()


def test_adventurers_match_reference_cards():
    ref = json.loads((FIXTURES / "reference_cards.json").read_text(encoding="utf-8"))
    cards = load_cards()
    for rc in ref["sponsored_adventurers"]["cards"]:
        a = cards.adventurer(rc["id"])
        assert a.gold == rc["final_gold"]
        assert a.requirements == tuple((r["item"], r["enchantment"]) for r in rc["requirements"])


def test_rules_summary_wins_first_requirement_is_three_potions():
    ref = json.loads((FIXTURES / "reference_cards.json").read_text(encoding="utf-8"))
    assert ref["sponsored_adventurers"]["step_rewards"]["after_1st_requirement"]["potions"] == 5
    assert load_cards().adventurer_potions == 3


def test_setup_choices():
    cards = load_cards()
    assert cards.starting_potions == 0
    assert all(cards.orders_per_player[n] == 3 for n in range(1, 9))
    assert cards.mastery_gold_first == 8 and cards.mastery_gold_later == 4
    kinds = [m.type for m in cards.mastery]
    assert kinds.count("material") == 3 and kinds.count("energy") == 3


def test_mastery_thresholds_fit_the_sheet():
    for m in load_cards().mastery:
        assert m.master_circles <= len(S.circles_in_column(m.column))


@pytest.mark.parametrize(("mutate", "key_path"), [
    (lambda d: d["adventurers"][0]["requirements"][1].__setitem__("item", "pie"), "adventurers[0].requirements[1].item"),
    (lambda d: d["adventurers"][2]["requirements"].pop(), "adventurers[2].requirements"),
    (lambda d: d["mastery"]["cards"][0].__setitem__("master_circles", 7), "mastery.cards[0].master_circles"),
    (lambda d: d["mastery"]["cards"][3].__setitem__("column", "mithril"), "mastery.cards[3].column"),
    (lambda d: d["mastery"]["cards"][3].__setitem__("type", "material"), "mastery.cards[3].type"),
    (lambda d: d["setup"].__setitem__("starting_potions", -1), "setup.starting_potions"),
    (lambda d: d["orders"]["printed_cards"].append({"item": "ring", "prefix": "ring", "gold": 3}),
     "orders.printed_cards[0].prefix"),
])
def test_bad_cards_name_key_path(mutate, key_path):
    doc = copy.deepcopy(load_json("magick/cards.json"))
    mutate(doc)
    with pytest.raises(RulesDataError) as info:
        cards_from_dict(doc, S, file="cards.json")
    assert info.value.key_path == key_path


def test_orders_names_and_validation():
    o = make_order(S, "ring", "everlasting", "of_the_orcs", gold=7)
    assert o.name_on(S) == "Everlasting Ring of the Orcs"
    assert o.rows == ("ring", "everlasting", "of_the_orcs")
    for kwargs, field in [({"item": "everlasting"}, "item"), ({"item": "ring", "prefix": "of_the_orcs"}, "prefix"),
                          ({"item": "ring", "suffix": "fiery"}, "suffix"), ({"item": "ring", "gold": -1}, "gold")]:
        kwargs.setdefault("gold", 3)
        with pytest.raises(IllegalActionError) as info:
            make_order(S, **kwargs)
        assert info.value.code == "bad_order" and field in str(info.value)
    with pytest.raises(RulesDataError) as info:
        order_from_dict({"item": "ring"}, S, where="orders[2]")
    assert info.value.key_path == "orders[2].gold"


def test_roll_entry():
    r = Roll.of(S, {"d6": 1, "d8": 8, "d10": 10, "d12": 12})
    assert r["d10"] == 10 and r.as_dict()["d6"] == 1
    for bad in ({"d6": 0, "d8": 1, "d10": 1, "d12": 1}, {"d6": 1, "d8": 9, "d10": 1, "d12": 1},
                {"d6": 1, "d8": 1, "d10": 1, "d12": 1, "d20": 3}, {"d6": True, "d8": 1, "d10": 1, "d12": 1}):
        with pytest.raises(IllegalActionError) as info:
            Roll.of(S, bad)
        assert info.value.code == "bad_roll"
    rng = random.Random(4)
    for _ in range(50):
        r = Roll.random(S, rng)
        assert all(1 <= v <= S.dice[d] for d, v in r.values)


@given(die=st.sampled_from(["d6", "d8", "d10", "d12"]), circle=st.sampled_from([c.key for c in S.circles]),
       data=st.data())
def test_potions_needed_agrees_with_check_placement(die, circle, data):
    value = data.draw(st.integers(1, S.dice[die]))
    n = potions_needed(S, die, value, circle)
    c = S.circle(circle)
    sign = 1 if S.column(c.column).compare == ">=" else -1
    if n is None:
        for adj in range(-12, 13):
            with pytest.raises(IllegalActionError):
                check_placement(S, die, value, adj, circle)
    else:
        check_placement(S, die, value, sign * n, circle)
        lo, hi = adjusted_range(S, die, value, n)
        assert lo <= value + sign * n <= hi
        for smaller in range(n):
            with pytest.raises(IllegalActionError):
                check_placement(S, die, value, sign * smaller, circle)
