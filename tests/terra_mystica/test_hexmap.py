"""Map parsing, labels, adjacency, shipping, tunnelling and bridge spots on the five real maps.

Expected values come from the reference folder (maps.json ids, terrain counts, row lengths, appendix B's
29 base-map bridge spots), from the reference engine's own colour-word list for the base map, or from
independent computations in this file (cube-coordinate hex distance, networkx shortest paths).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import networkx as nx
import pytest

from companion.errors import CompanionError, MapFormatError
from companion.terra_mystica import hexmap
from companion.terra_mystica.hexmap import (
    designer_statistics,
    load_shipped_map,
    map_from_rows,
    parse_colour_words,
    parse_letters,
    parse_map,
    shipped_maps,
)
from companion.terra_mystica.terrain import spade_distance, terrain_wheel

FIXTURES = Path(__file__).parent / "fixtures" / "maps"
MAPS_JSON = json.loads((FIXTURES / "maps.json").read_text())
ENTRIES = MAPS_JSON["maps"]

# The reference engine's base map as written in its source (src/map.pm, @base_map).
SNELLMAN_BASE = """brown gray green blue yellow red brown black red green blue red black E
yellow x x brown black x x yellow black x x yellow E
x x black x gray x green x green x gray x x E
green blue yellow x x red blue x red x red brown E
black brown red blue black brown gray yellow x x green black blue E
gray green x x yellow green x x x brown gray brown E
x x x gray x red x green x yellow black blue yellow E
yellow blue brown x x x blue black x gray brown gray E
red black gray blue red green yellow brown gray x blue green red E"""

# The two one-line examples of the rules summary (custom map format section).
ZH_BASE = ("U,S,G,B,Y,R,U,K,R,G,B,R,K Y,I,I,U,K,I,I,Y,K,I,I,Y I,I,K,I,S,I,G,I,G,I,S,I,I "
           "G,B,Y,I,I,R,B,I,R,I,R,U K,U,R,B,K,U,S,Y,I,I,G,K,B S,G,I,I,Y,G,I,I,I,U,S,U "
           "I,I,I,S,I,R,I,G,I,Y,K,B,Y Y,B,U,I,I,I,B,K,I,S,U,S R,K,S,B,R,G,Y,U,S,I,B,G,R")
ZH_FIRE_ICE = ("U,I,U,K,Y,I,S,G,R,B,Y,B R,Y,I,B,S,R,I,I,I,Y,U,K,S G,K,I,I,I,U,G,Y,I,I,I,I "
               "Y,S,G,Y,K,I,B,R,U,I,G,B,G I,I,U,I,I,R,K,G,S,I,U,K G,R,I,I,G,I,I,I,U,B,I,S,R "
               "S,I,Y,S,B,R,G,I,R,S,I,K K,B,I,K,U,S,B,I,Y,K,I,R,B S,G,I,R,Y,K,Y,I,B,U,I,U")


def fixture_map(name: str) -> hexmap.TerraMysticaMap:
    return parse_map((FIXTURES / name).read_text())


@pytest.fixture(scope="module")
def base():
    return fixture_map("base.txt")


# ---------------------------------------------------------------------- ids and formats
@pytest.mark.parametrize("entry", ENTRIES, ids=[e["file"] for e in ENTRIES])
def test_real_maps_give_back_their_ids_and_counts(entry):
    m = fixture_map(entry["file"])
    assert m.map_id == entry["snellman_map_id"]
    assert [len(r) for r in m.rows] == entry["row_lengths"]
    assert m.placeholder == entry["first_row_is_short"]
    counts = dict(m.terrain_counts())
    assert counts == {k: v for k, v in entry["terrain_counts"].items() if k != "I"}
    assert len(m.river_hexes) == entry["terrain_counts"]["I"]
    first_row_letter = m.land_hexes[0][0]
    assert first_row_letter == entry["snellman_row_labels"][0]


@pytest.mark.parametrize("entry", ENTRIES, ids=[e["file"] for e in ENTRIES])
def test_round_trips_through_both_forms(entry):
    m = fixture_map(entry["file"])
    again = parse_colour_words(m.to_colour_words())
    assert again == m and again.map_id == m.map_id
    assert parse_letters(m.to_letters()) == m
    assert parse_map(m.to_letters(one_line=True)) == m
    assert hashlib.sha1(m.to_colour_words().encode()).hexdigest() == entry["snellman_map_id"]


def test_reference_engine_base_string_hashes_to_the_id_and_parses_to_base(base):
    flat = " ".join(SNELLMAN_BASE.split())
    assert hashlib.sha1(flat.encode()).hexdigest() == "126fe960806d587c78546b30f1a90853b1ada468"
    assert parse_map(SNELLMAN_BASE) == base
    assert base.to_colour_words() == flat


def test_short_first_row_maps_write_a_leading_placeholder_E():
    m = fixture_map("fire_ice_side1.txt")
    assert m.to_colour_words().startswith("E brown x brown")
    assert m.land_hexes[0] == "B1" and m.land_hexes[-1].startswith("J")


def test_one_line_examples_of_the_rules_summary():
    assert parse_map(ZH_BASE) == fixture_map("base.txt")
    assert parse_map(ZH_FIRE_ICE) == fixture_map("fire_ice_side1.txt")


def test_tolerant_letter_form_spaces_lower_case_crlf_blank_lines(base):
    text = (FIXTURES / "base.txt").read_text()
    messy = "\ufeff\r\n" + "\r\n".join(", ".join(r.lower().split(",")) for r in text.split()) + "\r\n\r\n"
    assert parse_map(messy) == base


def test_shipped_maps_match_the_reference_ids():
    keys = {e["key"]: e["map_id"] for e in shipped_maps()}
    by_file = {e["file"]: e["snellman_map_id"] for e in ENTRIES}
    assert set(by_file.values()) == set(keys.values())
    for key in keys:
        m = load_shipped_map(key)
        assert m.map_id == keys[key]


# ---------------------------------------------------------------------- labels
def test_base_labels_follow_appendix_b(base):
    # Row E of the base map: K,U,R,B,K,U,S,Y,I,I,G,K,B -> 11 land hexes, E1..E11.
    row_e = [k for k, h in base.hexes.items() if k[0] == "E" and not h.river]
    assert row_e == [f"E{i}" for i in range(1, 12)]
    assert base.hex("E7").terrain == "S" and base.hex("E7").column == 6
    assert base.hex("E8").column == 7 and base.hex("E9").column == 10
    # rivers numbered over the whole map in reading order: row B has rivers at cells 1,2,5,6,9,10
    assert [base.hex(f"r{i}").column for i in range(6)] == [1, 2, 5, 6, 9, 10]
    assert base.hex("r6").row == 2 and base.hex("r6").column == 0
    assert base.river_hexes == tuple(f"r{i}" for i in range(36))
    assert base.hex("e7") is base.hex("E7") and base.hex("R0") is base.hex("r0")


def test_unknown_hex_is_a_companion_error(base):
    with pytest.raises(CompanionError, match="no hex 'Z9'"):
        base.hex("Z9")
    with pytest.raises(CompanionError, match="river"):
        base.shipping_reach("r3", 1)
    with pytest.raises(CompanionError, match="0..6"):
        base.shipping_reach("E7", 7)


def test_edge_flags(base):
    assert base.hex("A5").edge and base.hex("I4").edge  # first and last row
    assert base.hex("E1").edge and base.hex("E11").edge  # first and last cell of row E
    assert not base.hex("E7").edge
    fi = fixture_map("fire_ice_side1.txt")
    assert fi.hex("B3").edge and not fi.hex("C4").edge


# ---------------------------------------------------------------------- adjacency, independently checked
def _cube(row: int, col: int) -> tuple[int, int, int]:
    # "odd-r" offset: odd rows shifted half a hex to the right.
    q = col - (row - (row & 1)) // 2
    r = row
    return q, r, -q - r


def _hex_distance(a, b) -> int:
    ca, cb = _cube(*a), _cube(*b)
    return max(abs(x - y) for x, y in zip(ca, cb, strict=True))


@pytest.mark.parametrize("entry", ENTRIES, ids=[e["file"] for e in ENTRIES])
def test_adjacency_and_jump_distance_match_cube_coordinates(entry):
    m = fixture_map(entry["file"])
    pos = {k: (h.row, h.column) for k, h in m.hexes.items()}
    for a in m.hexes:
        expected = {b for b in m.hexes if _hex_distance(pos[a], pos[b]) == 1}
        assert set(m.neighbours(a)) == expected, a
    for a in m.land_hexes:
        for b in m.land_hexes:
            if a == b:
                continue
            d = _hex_distance(pos[a], pos[b]) - 1
            assert m.jump_distances(a).get(b) == (d if d <= 4 else None)


@pytest.mark.parametrize("entry", ENTRIES, ids=[e["file"] for e in ENTRIES])
def test_river_distance_matches_shortest_path_through_rivers(entry):
    m = fixture_map(entry["file"])
    g = nx.Graph(m.graph)
    rivers = set(m.river_hexes)
    for a in m.land_hexes:
        # path lengths from a through river hexes only: edges from a = river hexes crossed
        through = nx.single_source_shortest_path_length(g.subgraph(rivers | {a}), a)
        for b in m.land_hexes:
            if a == b:
                continue
            ds = [through[r] for r in g.neighbors(b) if r in rivers and r in through]
            d = min(ds) if ds else None
            if d is not None and d > 6:
                d = None
            assert m.river_distances(a).get(b) == d, (a, b)


def test_shipping_reach_by_hand(base):
    # E7 (mountains, row E cell 6) has one river neighbour, r22 (row F cell 6); with shipping 1 it
    # reaches exactly the other land hexes around r22.
    around_r22 = {n for n in base.neighbours("r22") if not base.hex(n).river} - {"E7"}
    assert base.shipping_reach("E7", 1) == around_r22
    assert base.shipping_reach("E7", 0) == frozenset()
    assert base.shipping_reach("E7", 1) <= base.shipping_reach("E7", 2) <= base.shipping_reach("E7", 3)
    # A hex with no river neighbour reaches nothing by ship.
    inland = next(k for k in base.land_hexes if not any(base.hex(n).river for n in base.neighbours(k)))
    assert base.shipping_reach(inland, 6) == frozenset()


def test_tunnel_reach_is_within_two_hexes(base):
    reach = base.tunnel_reach("E7", 1)
    assert base.land_neighbours("E7") <= reach
    assert all(base.jump_distances("E7").get(h) <= 1 for h in reach)
    assert base.tunnel_reach("E7", 2) >= reach


# ---------------------------------------------------------------------- bridges
def test_base_map_has_29_bridge_spots(base):
    assert len(base.bridge_spots) == 29
    assert len({frozenset(p) for p in base.bridge_spots}) == 29


@pytest.mark.parametrize("entry", ENTRIES, ids=[e["file"] for e in ENTRIES])
def test_bridge_spots_cross_exactly_one_river_hex(entry):
    m = fixture_map(entry["file"])
    for a, b in m.bridge_spots:
        assert m.river_distances(a).get(b) == 1
        assert b not in m.neighbours(a)
        assert m.is_bridge_spot(b, a)
        # the two ends are two hexes apart (one river hex between)
        assert m.jump_distances(a).get(b) == 1


def test_known_base_bridge_spots(base):
    # B1 (row B, cell 0): its right neighbour r0 and lower-right neighbour r7 are river, so the cell
    # beyond, C1 (row C, cell 2), is a candidate (appendix B rule 3) at river distance 1.
    assert base.is_bridge_spot("B1", "C1")
    assert not base.is_bridge_spot("E7", "E8")  # neighbours, no river between
    assert "C1" in base.bridge_spots_at("B1")


# ---------------------------------------------------------------------- graph
def test_graph_is_frozen_with_attributes(base):
    g = base.graph
    assert nx.is_frozen(g)
    assert g.number_of_nodes() == 113
    assert g.nodes["E7"]["terrain"] == "S" and g.nodes["E7"]["colour"] == "gray"
    assert g.nodes["r0"]["river"] and not g.nodes["E7"]["river"]
    assert g.nodes["E1"]["edge"] and (g.nodes["E7"]["row"], g.nodes["E7"]["column"]) == (4, 6)
    assert set(g.neighbors("E7")) == set(base.neighbours("E7"))
    assert g.graph["map_id"] == base.map_id
    with pytest.raises(nx.NetworkXError):
        g.add_node("X1")


# ---------------------------------------------------------------------- terrain wheel
def test_spade_distance_on_the_wheel():
    wheel = terrain_wheel()
    assert wheel.letters == tuple(json.loads((FIXTURES / "terrain_cycle.json").read_text())["letters"])
    assert spade_distance("Y", "U") == 1 and spade_distance("Y", "R") == 1
    assert spade_distance("Y", "K") == 2 and spade_distance("Y", "B") == 3 and spade_distance("Y", "G") == 3
    assert spade_distance("black", "K") == 0 and spade_distance("gray", "blue") == 2
    for a in wheel.letters:
        for b in wheel.letters:
            assert spade_distance(a, b) == spade_distance(b, a) <= 3
    with pytest.raises(CompanionError, match="river"):
        spade_distance("I", "Y")


# ---------------------------------------------------------------------- designer statistics
def test_designer_statistics(base):
    stats = designer_statistics(base)
    assert stats["land_hexes"] == 77 and stats["river_hexes"] == 36 and stats["bridge_spots"] == 29
    assert all(v["hexes"] == 11 for v in stats["terrains"].values())
    k = stats["terrains"]["S"]
    # every contact of a mountain hex is counted once per (hex, neighbour)
    contacts = sum(len(base.neighbours(h)) for h in base.land_hexes if base.hex(h).terrain == "S")
    assert sum(k["borders"].values()) == contacts


def test_map_from_rows_validates():
    rows = [list(r) for r in (FIXTURES / "base.txt").read_text().replace(",", "").split()]
    assert map_from_rows(rows) == fixture_map("base.txt")
    rows[2][4] = "Q"
    with pytest.raises(MapFormatError) as info:
        map_from_rows(rows)
    assert (info.value.row, info.value.column, info.value.token) == (3, 5, "Q")


def _reachable(m, sources, **reach) -> set[str]:
    """The land hexes ``reach`` says a faction on ``sources`` can build on."""
    return {h for h in m.land_hexes if h not in sources and m.reach(h, set(sources), **reach)}


def test_reach_combines_adjacency_shipping_and_tunnelling(base):
    assert _reachable(base, ["E7"]) == base.land_neighbours("E7")
    assert _reachable(base, ["E7"], shipping=1) == base.land_neighbours("E7") | {"G3"}
    assert _reachable(base, ["E7"], direct=False, shipping=1) == base.shipping_reach("E7", 1)
    assert _reachable(base, ["E7", "E8"]) == (base.land_neighbours("E7") | base.land_neighbours("E8")) - {"E7", "E8"}
    assert "C1" in _reachable(base, ["B1"], links={"C1": ["B1"]})
    assert _reachable(base, ["A1"], jump_range=1) == base.tunnel_reach("A1", 1)


def test_reach_names_how_a_hex_is_reached(base):
    # E7 and G3 share one river hex; E7's neighbours are direct; A1 is far from everything here
    assert base.reach("E8", {"E7"}) == "direct"
    assert base.reach("G3", {"E7"}) is None
    assert base.reach("G3", {"E7"}, shipping=1) == "shipping"
    far = next(h for h in base.land_hexes if base.jump_distances("E7").get(h) == 1)
    assert base.reach(far, {"E7"}, jump_range=1) == "jump" and base.reach(far, {"E7"}) is None
    a, b = base.bridge_spots[0]
    assert base.reach(b, {a}, links={b: [a]}) == "direct"
    assert base.reach("E8", {"E7"}, direct=False) is None


def test_reach_agrees_with_the_distance_tables(base):
    import random

    rnd = random.Random(5)
    for _ in range(30):
        srcs = set(rnd.sample(base.land_hexes, 5))
        ship, jump = rnd.randint(0, 3), rnd.randint(0, 2)
        for h in base.land_hexes:
            if h in srcs:
                continue
            how = base.reach(h, srcs, shipping=ship, jump_range=jump)
            expected = ("direct" if base.land_neighbours(h) & srcs else
                        "shipping" if ship and any((base.river_distances(h).get(s) or 99) <= ship for s in srcs) else
                        "jump" if jump and any((base.jump_distances(h).get(s) or 99) <= jump for s in srcs) else None)
            assert how == expected
