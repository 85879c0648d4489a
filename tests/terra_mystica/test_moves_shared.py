"""A turn listed with other resources right after the legal list of the same game shares what the legal
list found that does not depend on resources (town picks, reach, home sites, the Mermaids' ready rivers):
its moves must be those of a listing that found everything itself."""

from __future__ import annotations

from companion.terra_mystica.bots import _convertible, _rates
from companion.terra_mystica.engine import moves
from tests.terra_mystica.test_moves import _random_positions

TABLE = ["mermaids", "witches", "engineers", "nomads", "chaosmagicians"]


def test_a_listing_with_other_resources_after_the_legal_list_lists_what_a_fresh_listing_does():
    compared = 0
    for g, name, _legal in _random_positions(7, 5, TABLE):
        if g.phase == "actions" and g.expected_turn() == name:
            f = g.factions[name]
            rich = {**_convertible(f, _rates(f)), "C": f.coins + 20, "W": f.workers + 8, "P": f.priests + 3}
            moves.turn_moves(g, name)
            shared = moves.turn_moves(g, name, rich)
            moves._LISTED[0] = None   # a listing that finds everything itself
            assert shared == moves.turn_moves(g, name, rich), (name, g.round)
            compared += 1
    assert compared > 50
