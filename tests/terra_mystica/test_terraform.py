"""Terraform cost: wheel distance, exchange levels, and the faction rules (Giants, Darklings, Halflings,
Alchemists, ice and volcano factions, Riverwalkers)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.errors import IllegalActionError
from companion.terra_mystica.factions import COLOURS, load_factions
from companion.terra_mystica.terraform import normalise_terrain, terraform_cost, terraform_spades

WHEEL = ["yellow", "brown", "black", "blue", "green", "gray", "red"]  # terrain_cycle.json cycle_order


def test_wheel_distance_and_exchange_levels():
    # Witches (forest): desert is 3 steps away (yellow-red-gray-green)
    assert terraform_cost("witches", "desert").spades == 3
    assert terraform_cost("witches", "desert").workers == 9
    assert terraform_cost("witches", "Y", exchange_level=1).workers == 6
    assert terraform_cost("witches", "yellow", exchange_level=2).workers == 3
    assert terraform_cost("witches", "gray").spades == 1
    assert terraform_cost("witches", "green").spades == 0 and terraform_cost("witches", "green").workers == 0


def test_exchange_level_bounds():
    with pytest.raises(IllegalActionError) as info:
        terraform_cost("fakirs", "gray", exchange_level=2)
    assert info.value.code == "bad_exchange_level"
    assert terraform_cost("fakirs", "gray", exchange_level=1).workers == 4


def test_giants_always_two_spades():
    for colour in WHEEL:
        cost = terraform_cost("giants", colour)
        assert cost.spades == (0 if colour == "red" else 2)
    assert terraform_cost("giants", "brown", exchange_level=2).workers == 2


def test_darklings_pay_priests_and_gain_vp():
    cost = terraform_cost("darklings", "red")  # red -> yellow -> brown -> black
    assert cost.spades == 3
    assert dict(cost.pay) == {"P": 3}
    assert dict(cost.gains) == {"VP": 6}
    free = terraform_cost("darklings", "red", free_spades=2)
    assert dict(free.pay) == {"P": 1} and dict(free.gains) == {"VP": 2}


def test_halflings_vp_per_spade_even_when_free():
    cost = terraform_cost("halflings", "red", free_spades=2)  # red -> yellow -> brown
    assert cost.workers == 0 and dict(cost.gains) == {"VP": 2}


def test_alchemists_power_only_after_stronghold():
    assert dict(terraform_cost("alchemists", "blue").gains) == {}
    assert dict(terraform_cost("alchemists", "blue", has_stronghold=True).gains) == {"PW": 2}


def test_shapeshifters_pick_home_and_always_pay_three():
    with pytest.raises(IllegalActionError) as info:
        terraform_cost("shapeshifters", "red")
    assert info.value.code == "needs_home_terrain"
    cost = terraform_cost("shapeshifters", "green", home="blue")
    assert (cost.spades, cost.workers) == (1, 3)


def test_ice_factions():
    # picked green: green and its wheel neighbours (blue, gray) cost 1 spade; red 2; yellow/black 3
    assert terraform_cost("icemaidens", "green", home="green").spades == 1
    assert terraform_cost("icemaidens", "blue", home="forest").spades == 1
    assert terraform_cost("yetis", "gray", home="green").spades == 1
    assert terraform_cost("yetis", "red", home="green").spades == 2
    assert terraform_cost("yetis", "yellow", home="green").spades == 3
    with pytest.raises(IllegalActionError) as info:
        terraform_cost("witches", "ice")
    assert info.value.code == "cannot_terraform"
    with pytest.raises(IllegalActionError):
        terraform_cost("icemaidens", "blue")  # picked terrain missing
    with pytest.raises(IllegalActionError):
        terraform_cost("witches", "blue", "ice")


def test_volcano_factions():
    ac = terraform_cost("acolytes", "blue")
    assert ac.spades == 0 and dict(ac.pay) == {"CULT": 3}
    assert dict(terraform_cost("acolytes", "blue", other_homes=["lakes"]).pay) == {"CULT": 4}
    assert dict(terraform_cost("dragonlords", "blue").pay) == {"PW_TOKEN": 1}
    assert dict(terraform_cost("dragonlords", "blue", other_homes=["blue"]).pay) == {"PW_TOKEN": 2}
    assert dict(terraform_cost("dragonlords", "blue", free_spades=2).gains) == {"PW_TOKEN": 2}
    assert dict(terraform_cost("acolytes", "blue", free_spades=1).gains) == {"CULT": 1}
    with pytest.raises(IllegalActionError):
        terraform_cost("acolytes", "blue", "green")


def test_riverwalkers_never_transform():
    with pytest.raises(IllegalActionError) as info:
        terraform_cost("riverwalkers", "blue", "green")
    assert info.value.code == "cannot_terraform"


def test_reference_engine_does_not_pass_through_home():
    # Witches (green) turning blue into gray: the short way blue -> green -> gray passes their home,
    # so the reference engine charges the long way blue -> black -> brown -> yellow -> red -> gray.
    cost = terraform_cost("witches", "blue", "gray")
    assert cost.spades == 5 and cost.route[0] == "blue" and cost.route[-1] == "gray"
    assert "long way" in cost.explanation
    assert terraform_cost("witches", "blue", "gray", avoid_home=False).spades == 2


def test_river_and_unknown_terrain():
    for bad in ("I", "river", "purple"):
        with pytest.raises(IllegalActionError) as info:
            terraform_cost("witches", bad)
        assert info.value.code == "bad_terrain"
    assert normalise_terrain("Mountains") == "gray" and normalise_terrain("S") == "gray"


def test_explanation_names_numbers():
    text = terraform_cost("witches", "yellow", exchange_level=1).explanation
    assert "3 spades" in text and "6 workers" in text and "2 workers each" in text


wheel_factions = [f.name for f in load_factions().values() if f.terraform_mode == "wheel" and f.has_fixed_home]


@given(st.sampled_from(wheel_factions), st.sampled_from(WHEEL), st.integers(0, 2))
def test_to_home_costs_wheel_distance_times_rate(name, colour, level):
    f = load_factions()[name]
    level = min(level, f.spades.max_level)
    cost = terraform_cost(f, colour, exchange_level=level)
    d = abs(WHEEL.index(colour) - WHEEL.index(f.home_terrain))
    assert cost.spades == min(d, 7 - d) <= 3
    for res, per in f.spades.cost_per_spade_by_level[level].items():
        assert cost.pay.get(res, 0) == per * cost.spades


@given(st.sampled_from(COLOURS), st.sampled_from(COLOURS))
def test_without_home_rule_distance_is_symmetric(a, b):
    x = terraform_cost("nomads", a, b, avoid_home=False).spades
    assert x == terraform_cost("nomads", b, a, avoid_home=False).spades <= 3


def test_spades_alone_hand_worked():
    # the engine's count (no prices, no sentences): the cases above, worked by hand on the wheel
    assert terraform_spades("witches", "desert") == 3
    assert terraform_spades("witches", "blue", "gray") == 5  # the long way round the home terrain
    assert terraform_spades("witches", "blue", "gray", avoid_home=False) == 2
    assert terraform_spades("giants", "brown") == 2 and terraform_spades("giants", "red") == 0
    assert terraform_spades("icemaidens", "yellow", "gray", home="red") == 5  # FIRE-ICE-NOTES section 4
    assert terraform_spades("icemaidens", "yellow", "red", home="red") == 1
    assert terraform_spades("yetis", "yellow", home="green") == 3  # to ice: 3 steps from the picked green
    assert terraform_spades("acolytes", "blue") == 0  # a volcano: no spades
    for args, code in ((("acolytes", "blue", "green"), "cannot_terraform"),
                       (("riverwalkers", "blue", "green"), "cannot_terraform"),
                       (("witches", "ice"), "cannot_terraform"), (("witches", "blue", "ice"), "cannot_terraform"),
                       (("shapeshifters", "red"), "needs_home_terrain"), (("witches", "purple"), "bad_terrain")):
        with pytest.raises(IllegalActionError) as info:
            terraform_spades(*args)
        assert info.value.code == code


@given(st.sampled_from(wheel_factions), st.sampled_from(WHEEL))
def test_spades_alone_to_home_is_wheel_distance(name, colour):
    f = load_factions()[name]
    d = abs(WHEEL.index(colour) - WHEEL.index(f.home_terrain))
    assert terraform_spades(f, colour) == min(d, 7 - d)
