"""Towns: every town case of RULES-NOTES (section 4 and tricky cases 1-6, 14) on the real base map.

Geometry used (base map, RULES-NOTES appendix B): row A is 13 land hexes in a line, A1..A13, each
adjacent to the next. B1 touches A1 and A2. River hex r0 (row B, cell 1) borders A2, A3, B1 and C1;
B1 and C1 are a bridge spot (river distance 1).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.errors import IllegalActionError
from companion.terra_mystica.hexmap import parse_map
from companion.terra_mystica.network import largest_network
from companion.terra_mystica.towns import TownState

BASE = parse_map((Path(__file__).parent / "fixtures" / "maps" / "base.txt").read_text())


def build(steps, *, state=None, faction="witches", tiles=None):
    s = state or TownState.new(BASE, town_tiles=tiles)
    for hex_, kind in steps:
        s = s.place(hex_, faction, kind)
    return s


def kinds(state):
    return [e.kind for e in state.events]


def test_geometry_assumptions():
    for i in range(1, 13):
        assert f"A{i + 1}" in BASE.neighbours(f"A{i}")
    assert {"A1", "A2"} <= BASE.neighbours("B1")
    assert {"A2", "A3", "B1", "C1"} == BASE.land_neighbours("r0")
    assert BASE.is_bridge_spot("B1", "C1")


def test_basic_town_needs_power_7_and_4_buildings():
    s = build([("A1", "TP"), ("A2", "TP"), ("A3", "TP")])
    assert s.towns() == ()  # power 6, 3 buildings
    s = s.place("A4", "witches", "D")
    assert kinds(s) == ["founded"]
    (town,) = s.towns()
    assert town.hexes == {"A1", "A2", "A3", "A4"} and town.power == 7 and town.count == 4
    # 4 buildings but only power 6: no town
    s = build([("A1", "TP"), ("A2", "TP"), ("A3", "D"), ("A4", "D")])
    assert s.towns() == ()
    # power 9 but 3 buildings: no town
    s = build([("A1", "SH"), ("A2", "TE"), ("A3", "TE"), ("A4", "TP")][:3])
    assert s.towns() == ()


def test_sanctuary_counts_as_two_buildings():
    # SA(3) + TP(2) + TP(2) = 7 power, 3 buildings counting as 4: a town (RULES-NOTES section 4)
    s = build([("A1", "SA"), ("A2", "TP"), ("A3", "TP")])
    assert kinds(s) == ["founded"] and s.towns()[0].count == 4


def test_case1_sanctuary_elsewhere_does_not_count():
    # 3 buildings with power 7 and the sanctuary in another group: no town (tricky case 1)
    s = build([("A12", "SA"), ("A5", "SH"), ("A6", "TE"), ("A7", "TP")])
    assert s.towns() == ()
    assert s.power_and_count(s.group("A6")) == (7, 3)


def test_case2_shipping_never_connects_a_town():
    s = build([("A1", "D"), ("A2", "D"), ("B1", "TP"), ("C1", "TE"), ("D2", "D")])
    assert BASE.river_distances("B1").get("C1") == 1
    assert s.towns() == ()  # combined 7 power, 5 buildings, but only across the river
    assert largest_network(s, "witches", shipping=1) == 5
    assert largest_network(s, "witches", shipping=0) == 3


def test_case2_a_bridge_does_connect_a_town():
    s = build([("A1", "D"), ("A2", "D"), ("B1", "TP"), ("C1", "TE"), ("D2", "D")])
    s = s.add_bridge("B1", "C1", "witches")
    assert kinds(s) == ["founded"]
    assert s.towns()[0].hexes == {"A1", "A2", "B1", "C1", "D2"}
    assert largest_network(s, "witches", shipping=0) == 5


def test_case3_new_building_joins_existing_town_instead_of_founding_a_second():
    s = build([("A1", "TP"), ("A2", "TP"), ("A3", "TP"), ("A4", "D")])
    assert len(s.towns()) == 1
    s = build([("A6", "TP"), ("A7", "TP"), ("A8", "TP")], state=s)  # loose group, power 6
    assert len(s.towns()) == 1
    s = s.place("A5", "witches", "TP")  # A5+A6..A8 = power 8, 4 buildings, but A5 touches the town
    assert kinds(s) == ["joined"]
    (town,) = s.towns()
    assert town.hexes == {f"A{i}" for i in range(1, 9)}
    assert s.next_town == 2  # one tile taken in total


def test_case3_two_towns_touching_merge_without_a_tile():
    s = build([("A1", "TP"), ("A2", "TP"), ("A3", "TP"), ("A4", "D"),
               ("A6", "TP"), ("A7", "TP"), ("A8", "TP"), ("A9", "D")])
    assert len(s.towns()) == 2
    s = s.place("A5", "witches", "D")
    assert kinds(s) == ["joined", "merged"]
    (town,) = s.towns()
    assert len(town.hexes) == 9 and s.next_town == 3


def test_order_matters_same_buildings_different_tile_counts():
    first = build([("A1", "TP"), ("A2", "TP"), ("A3", "TP"), ("A4", "D"),  # town 1
                   ("A6", "TP"), ("A7", "TP"), ("A8", "TP"), ("A9", "TP"),  # town 2
                   ("A5", "TP")])  # merges them
    second = build([("A1", "TP"), ("A2", "TP"), ("A3", "TP"), ("A6", "TP"), ("A7", "TP"), ("A8", "TP"),
                    ("A5", "TP"),  # A5..A8 found the only town
                    ("A4", "D"), ("A9", "TP")])  # both join it
    assert dict(first.buildings) == dict(second.buildings)
    assert first.next_town - 1 == 2  # two town tiles taken
    assert second.next_town - 1 == 1  # one town tile taken
    assert len(first.towns()) == len(second.towns()) == 1


def test_join_propagates_to_connected_loose_buildings():
    s = build([("A1", "TP"), ("A2", "TP"), ("A3", "TP"), ("A4", "D")])
    s = build([("A6", "D"), ("A7", "D")], state=s)
    s = s.place("A5", "witches", "D")
    assert {"A5", "A6", "A7"} <= s.towns()[0].hexes


def test_upgrade_inside_a_group_can_found_a_town_and_upgrade_in_town_changes_nothing():
    s = build([("A1", "D"), ("A2", "D"), ("A3", "D"), ("A4", "D")])
    assert s.towns() == ()
    s = s.place("A2", "witches", "TP")
    assert s.towns() == ()  # power 5
    s = s.place("A3", "witches", "TP").place("A4", "witches", "TP")
    assert kinds(s) == ["founded"]
    s = s.place("A4", "witches", "SH")
    assert kinds(s) == [] and len(s.towns()) == 1


def test_case4_fav5_forms_the_town_immediately():
    s = build([("A1", "TP"), ("A2", "TP"), ("A3", "D"), ("A4", "D")])
    assert s.towns() == ()  # power 6
    s = s.take_fav5("witches")
    assert kinds(s) == ["founded"] and len(s.towns()) == 1
    # with FAV5 already held, the 4th building founds it
    s = TownState.new(BASE).take_fav5("witches")
    s = build([("A1", "TP"), ("A2", "TP"), ("A3", "D"), ("A4", "D")], state=s)
    assert len(s.towns()) == 1
    # FAV5 of another faction does not help
    s = build([("A1", "TP"), ("A2", "TP"), ("A3", "D"), ("A4", "D")]).take_fav5("nomads")
    assert s.towns() == ()


def test_case5_mermaids_town_across_a_river_hex():
    s = build([("A3", "TP"), ("A4", "TP"), ("C1", "TP"), ("D2", "TP")], faction="mermaids")
    assert s.towns() == ()  # two groups of power 4, separated by river
    assert "r0" in s.mermaid_candidates("mermaids")
    s = s.connect("r0", "mermaids")
    assert kinds(s) == ["founded"]
    assert s.towns()[0].hexes == {"A3", "A4", "C1", "D2"}
    # the skip link counts for the Mermaids' network (commit 25e9c8a)
    assert largest_network(s, "mermaids", shipping=0) == 4


def test_case5_only_mermaids_and_only_real_candidates():
    s = build([("A3", "TP"), ("A4", "TP"), ("C1", "TP"), ("D2", "TP")], faction="witches")
    assert s.mermaid_candidates("witches") == ()
    with pytest.raises(IllegalActionError) as info:
        s.connect("r0", "witches")
    assert info.value.code == "not_mermaids"
    weak = build([("A3", "D"), ("C1", "D")], faction="mermaids")
    with pytest.raises(IllegalActionError) as info:
        weak.connect("r0", "mermaids")
    assert info.value.code == "no_river_town"
    with pytest.raises(IllegalActionError) as info:
        weak.connect("A5", "mermaids")
    assert info.value.code == "not_a_river"


def test_case6_bridge_rules():
    s = build([("B1", "D"), ("A1", "D")])
    with pytest.raises(IllegalActionError) as info:
        s.add_bridge("E7", "E8", "witches")
    assert info.value.code == "not_a_bridge_spot"
    with pytest.raises(IllegalActionError) as info:
        s.add_bridge("B1", "C1", "nomads")
    assert info.value.code == "bridge_not_anchored"
    s = s.add_bridge("B1", "C1", "witches")
    assert "C1" in s.adjacent("B1", "witches")
    with pytest.raises(IllegalActionError) as info:
        s.add_bridge("C1", "B1", "witches")
    assert info.value.code == "bridge_exists"
    # three bridges per faction at most
    spots = [p for p in BASE.bridge_spots if not {"B1", "C1"} & set(p)][:3]
    for a, _ in spots[:2]:
        s = s.place(a, "witches", "D")
    for a, b in spots[:2]:
        s = s.add_bridge(a, b, "witches")
    assert s.bridge_count("witches") == 3
    s = s.place(spots[2][0], "witches", "D")
    with pytest.raises(IllegalActionError) as info:
        s.add_bridge(*spots[2], "witches")
    assert info.value.code == "too_many_bridges"


def test_case14_no_town_tile_left():
    s = build([("A1", "TP"), ("A2", "TP"), ("A3", "TP"), ("A4", "D")], tiles=0)
    assert s.towns() == () and kinds(s) == ["no_tile"]
    s = build([("A1", "TP"), ("A2", "TP"), ("A3", "TP"), ("A4", "D"),
               ("A6", "TP"), ("A7", "TP"), ("A8", "TP"), ("A9", "D")], tiles=1)
    assert len(s.towns()) == 1 and s.town_tiles_left == 0


def test_other_factions_buildings_do_not_connect():
    s = build([("A1", "TP"), ("A2", "TP")])
    s = s.place("A3", "nomads", "SH")
    s = build([("A4", "TP"), ("A5", "TP")], state=s)
    assert s.towns() == ()
    with pytest.raises(IllegalActionError) as info:
        s.place("A3", "witches", "D")
    assert info.value.code == "hex_occupied"
    with pytest.raises(IllegalActionError) as info:
        s.place("r0", "witches", "D")
    assert info.value.code == "river_hex"


def test_only_real_upgrades_so_power_never_drops():
    s = build([("A1", "SA")])
    for kind in ("D", "TP", "SH", "SA"):
        with pytest.raises(IllegalActionError) as info:
            s.place("A1", "witches", kind)
        assert info.value.code == "not_an_upgrade"
    s = build([("A1", "D")]).place("A1", "witches", "TP").place("A1", "witches", "SH")
    assert s.buildings["A1"] == ("witches", "SH")
    with pytest.raises(IllegalActionError):
        s.place("A1", "witches", "SA")


def test_yetis_stronghold_is_power_4():
    s = build([("A1", "D"), ("A2", "D"), ("A3", "D"), ("A4", "SH")], faction="yetis")
    assert len(s.towns()) == 1 and s.towns()[0].power == 7
    s = build([("A1", "D"), ("A2", "D"), ("A3", "D"), ("A4", "SH")], faction="witches")
    assert s.towns() == ()


def test_state_is_a_value():
    s0 = TownState.new(BASE)
    s1 = s0.place("A1", "witches", "D")
    assert s0.buildings == {} and s1.buildings == {"A1": ("witches", "D")}


LAND = [h for h in BASE.land_hexes if h[0] in "ABCD"]


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(LAND), st.sampled_from(["witches", "nomads"]),
                          st.sampled_from(["D", "TP", "TE", "SH", "SA"])), max_size=30))
def test_town_invariants_under_random_building(steps):
    s = TownState.new(BASE)
    for hex_, faction, kind in steps:
        try:
            s = s.place(hex_, faction, kind)
        except IllegalActionError:
            continue
    for h, t in s.town_of.items():
        faction = s.owner(h)
        # towns are closed under own direct adjacency (checked on the map, not on the link graph)
        for n in BASE.neighbours(h):
            if s.owner(n) == faction:
                assert s.town_of.get(n) == t
    for h, (faction, _) in s.buildings.items():
        if h not in s.town_of:
            # a group outside every town never meets the town rule
            assert not s.qualifies(s.group(h), faction)
    for town in s.towns():
        assert town.power >= 7 and town.count >= 4


def _brute_groups(s: TownState) -> set[frozenset[str]]:
    """Groups of own buildings by direct map adjacency, found without the link graph."""
    groups, seen = set(), set()
    for h in s.buildings:
        if h in seen:
            continue
        comp, stack = {h}, [h]
        while stack:
            x = stack.pop()
            for n in BASE.neighbours(x):
                if n in s.buildings and s.owner(n) == s.owner(h) and n not in comp:
                    comp.add(n)
                    stack.append(n)
        seen |= comp
        groups.add(frozenset(comp))
    return groups


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(LAND), st.sampled_from(["witches", "nomads"])), max_size=25),
       st.integers(0, 25), st.lists(st.sampled_from(LAND), max_size=6))
def test_link_graph_stays_right_on_every_branch(steps, back, branch):
    # a replay only moves forward, but a sandbox undoes and branches: every state must keep its own groups
    states = [TownState.new(BASE)]
    for hex_, faction in steps:
        try:
            states.append(states[-1].place(hex_, faction))
        except IllegalActionError:
            pass
    old = states[min(back, len(states) - 1)]
    s = old
    for hex_ in branch:
        try:
            s = s.place(hex_, "witches")
        except IllegalActionError:
            pass
    for state in (s, old, states[-1], states[0]):
        groups = {state.group(h) for h in state.buildings}
        assert groups == _brute_groups(state)


def test_bridged_neighbours_add_bridges_but_not_mermaid_links():
    a, b = BASE.bridge_spots[0]
    s = TownState.new(BASE).place(a, "witches").add_bridge(a, b, "witches")
    assert s.bridged_neighbours(a) == BASE.land_neighbours(a) | {b}
    assert s.bridged_neighbours(b) == BASE.land_neighbours(b) | {a}
    assert b not in BASE.land_neighbours(a)
