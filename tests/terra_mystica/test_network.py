"""Largest connected network per faction (RULES-NOTES section 5) on the real base map."""

from __future__ import annotations

from pathlib import Path

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.errors import CompanionError
from companion.terra_mystica.hexmap import parse_map
from companion.terra_mystica.network import largest_network, network_graph, network_sizes, networks
from companion.terra_mystica.towns import TownState

BASE = parse_map((Path(__file__).parent / "fixtures" / "maps" / "base.txt").read_text())


def build(steps):
    s = TownState.new(BASE)
    for hex_, faction, kind in steps:
        s = s.place(hex_, faction, kind)
    return s


def test_direct_adjacency_only():
    s = build([("A1", "w", "D"), ("A2", "w", "SA"), ("A4", "w", "D"), ("A5", "w", "D"), ("A6", "w", "D")])
    groups = networks(s, "w")
    assert [len(g) for g in groups] == [3, 2]  # the sanctuary counts once here
    assert largest_network(s, "w") == 3


def test_shipping_joins_across_the_river():
    # B1 and C1 are one river hex apart; A1-B1 adjacent, C1-D2 adjacent
    s = build([("A1", "w", "D"), ("B1", "w", "D"), ("C1", "w", "D"), ("D2", "w", "D")])
    assert largest_network(s, "w", shipping=0) == 2
    assert largest_network(s, "w", shipping=1) == 4


def test_shipping_level_is_river_distance():
    a = "E7"
    two = sorted(h for h, d in BASE.river_distances(a).items() if d == 2)[0]
    s = build([(a, "w", "D"), (two, "w", "D")])
    assert largest_network(s, "w", shipping=1) == 1
    assert largest_network(s, "w", shipping=2) == 2


def test_tunnelling_range_jumps_one_hex():
    # A1 and A3 have exactly one hex (A2) between them
    s = build([("A1", "dwarves", "D"), ("A3", "dwarves", "D"), ("A6", "dwarves", "D")])
    assert largest_network(s, "dwarves", jump_range=0) == 1
    assert largest_network(s, "dwarves", jump_range=1) == 2
    assert largest_network(s, "dwarves", jump_range=2) == 3  # A3 -> A6 jumps A4, A5


def test_bridges_count_as_direct_adjacency():
    s = build([("B1", "w", "D"), ("C1", "w", "D")])
    assert largest_network(s, "w") == 1
    s = s.add_bridge("B1", "C1", "w")
    assert largest_network(s, "w") == 2


def test_other_factions_are_separate_and_sizes_per_faction():
    s = build([("A1", "w", "D"), ("A2", "n", "D"), ("A3", "w", "D"), ("A4", "n", "D"), ("A5", "n", "D")])
    assert network_sizes(s) == {"w": 1, "n": 2}
    assert network_sizes(s, jump_range={"w": 1}) == {"w": 2, "n": 2}


def test_bad_levels():
    s = build([("A1", "w", "D")])
    with pytest.raises(CompanionError):
        largest_network(s, "w", shipping=7)
    with pytest.raises(CompanionError):
        largest_network(s, "w", jump_range=-1)
    assert largest_network(s, "nobody") == 0


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_networks_are_the_connected_components_networkx_finds(data):
    # networks() walks the links itself; networkx's components of the same graph are the independent answer
    land = [h.label for h in BASE.hexes.values() if not h.river]
    hexes = data.draw(st.lists(st.sampled_from(land), min_size=1, max_size=14, unique=True))
    owners = data.draw(st.lists(st.sampled_from(("w", "n")), min_size=len(hexes), max_size=len(hexes)))
    s = build([(h, f, "D") for h, f in zip(hexes, owners, strict=True)])
    shipping, jump = data.draw(st.integers(0, 3)), data.draw(st.integers(0, 2))
    for faction in ("w", "n"):
        graph = network_graph(s, faction, shipping=shipping, jump_range=jump)
        expected = sorted(len(c) for c in nx.connected_components(graph))
        got = networks(s, faction, shipping=shipping, jump_range=jump)
        assert sorted(len(g) for g in got) == expected
        assert set(got) == {frozenset(c) for c in nx.connected_components(graph)}
        assert [len(g) for g in got] == sorted((len(g) for g in got), reverse=True)
