"""The ``fire-and-ice-final-scoring`` option (FIRE-ICE-NOTES section 8): tile choice, the value of each tile
from a faction's best network, ranking 18/12/6 like the network, its ledger rows and header. Positions are
hand-made on the base map (A1..A13 the first row, all edge hexes; E7/E8 inland neighbours)."""

from __future__ import annotations

import random

import pytest

from companion.errors import RecordError
from companion.terra_mystica.engine import new_game, read_record, write_record
from companion.terra_mystica.engine.state import FINAL_TILES
from companion.terra_mystica.geometry import hex_distance
from companion.terra_mystica.simulate import ledger_text, play_one, replay_differences

TILES = ["SCORE5", "SCORE2", "SCORE3", "SCORE1", "SCORE4", "SCORE6"]
OPTION = "fire-and-ice-final-scoring"


def game_with(buildings, tile, factions=("witches", "halflings")):
    """A new game whose map holds ``buildings`` ({faction: {hex: kind}}) placed by hand."""
    g = new_game(list(factions), options=[OPTION], round_tiles=TILES, final_scoring=tile)
    for name, hexes in buildings.items():
        f = g.factions[name]
        for h, kind in hexes.items():
            g.townstate = g.townstate.place(h, name, kind)
            f.hexes[h] = kind
            f.buildings[kind] += 1
    return g


def test_hex_distance_counts_hexes_straight():
    """Section 8: x = 2 column + (row mod 2); dy when dx < dy, else (dx + dy) / 2."""
    m = new_game(["witches", "halflings"], round_tiles=TILES).board.map
    h = {label: (x.row, x.column) for label, x in m.hexes.items()}
    assert hex_distance(h["A1"], h["A2"]) == 1  # same row, next cell
    assert hex_distance(h["A1"], h["B1"]) == 1  # the short row below
    assert hex_distance(h["A1"], h["I1"]) == 8  # straight down eight rows
    assert hex_distance(h["A1"], h["A13"]) == 12


def test_the_tile_is_named_or_the_first_alphabetically():
    """Section 8: ``randomize v1`` takes building-on-edge; a named tile is used; an unknown one refused."""
    assert new_game(["witches", "halflings"], options=[OPTION], round_tiles=TILES).final_tile == "building-on-edge"
    g = new_game(["witches", "halflings"], options=[OPTION], round_tiles=TILES, final_scoring="connected-clusters")
    assert g.final_tile == "connected-clusters"
    with pytest.raises(RecordError) as err:
        new_game(["witches", "halflings"], options=[OPTION], round_tiles=TILES, final_scoring="longest-river")
    assert "longest-river" in str(err.value)
    assert FINAL_TILES == tuple(sorted(FINAL_TILES))


def test_building_on_edge_counts_edge_buildings_of_the_best_network():
    g = game_with({"witches": {"A1": "D", "A2": "D", "E7": "D"}}, "building-on-edge")
    assert g.final_tile_value("witches") == 2  # A1, A2 on the edge; E7 inland and apart


def test_connected_distance_is_the_widest_span_of_one_network():
    g = game_with({"witches": {"E7": "D", "E8": "D", "A1": "D"}}, "connected-distance")
    assert g.final_tile_value("witches") == 1  # E7-E8; A1 is a network of its own (span 0)


def test_connected_sa_sh_distance_needs_both_in_one_network():
    g = game_with({"witches": {"E7": "SH", "E8": "SA"}}, "connected-sa-sh-distance")
    assert g.final_tile_value("witches") == 1
    g = game_with({"witches": {"E7": "SH", "A1": "SA"}}, "connected-sa-sh-distance")
    assert g.final_tile_value("witches") == 0


def test_connected_clusters_counts_direct_groups_inside_a_shipping_network():
    """A cluster groups by direct adjacency only; shipping joins clusters into one network."""
    g = game_with({"witches": {"E7": "D", "E8": "D", "G3": "D"}}, "connected-clusters")
    assert g.final_tile_value("witches") == 1  # no shipping: three networks, the best has one cluster
    g.factions["witches"].shipping_level = 1  # G3 lies across r22 from E7
    assert g.final_tile_value("witches") == 2


def test_tile_is_ranked_18_12_6_and_written_before_the_cult_rows():
    g = game_with({"witches": {"A1": "D", "A2": "D"}, "halflings": {"A3": "D"}}, "building-on-edge")
    g._final_scoring()
    labels = [(r.faction, r.label) for r in g.rows if r.label.startswith("+")]
    assert labels[:2] == [("witches", "+18vp for building-on-edge"), ("halflings", "+12vp for building-on-edge")]
    assert labels[2][1].endswith(("FIRE", "WATER", "EARTH", "AIR"))


def test_the_ledger_names_the_tile_and_bot_games_with_it_replay_exactly():
    for seed in range(5, 15):  # random bots: the first game where some network spans more than one hex
        last = play_one(2, ["witches", "shapeshifters"], None, ["random"], random.Random(seed), "connected-distance")
        text = ledger_text(last)
        assert "Added final scoring tile: connected-distance" in text
        assert read_record(text).setup.final_scoring == "connected-distance"
        if "vp for connected-distance" in text:  # scored
            break
    else:
        pytest.fail("no random game scored the connected-distance tile")
    assert "Added final scoring tile: connected-distance" in write_record(last.game)
    assert replay_differences(text) == []
