"""A town tile whose cult steps would take more tracks to 10 than there are keys (TW5, TW6): the move
generator writes out which tracks get the keys (issue 19, item 4: records the reference engine replays as
written).

The reference engine lets its internal (hash) order pick the track that reaches 10 (RULES-NOTES-D D.2); this
engine stops every such track at 9 and lets the player say. So a bare ``+TW5`` there means two things; a row
with ``-TRACK`` before the tile for each track left without a key means one, in both engines. The kind was
found by ``benchmarks/tm_reference.py --games 500 --seed 1`` (game 480: the Shapeshifters at water 9 and air 9,
one key from TW5; the reference put it on air, this engine on neither).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.terra_mystica import engine
from companion.terra_mystica.actions import RemoveBonus, RoundTile

FIXTURE = Path(__file__).parent / "fixtures" / "bot_game_480.json"


def _replayed(doc: dict):
    """The last protocol state of a recorded game: each chance draw, faction pick and row applied in turn."""
    from companion.terra_mystica import game

    state = game.new_game(doc["players"], options=doc["options"], final_scoring=doc["final_scoring"])
    for who, what in doc["history"]:
        action = RoundTile(what) if who == "round_tile" else RemoveBonus(what) if who == "remove_bonus" else \
            game.Action.parse(who, what)
        state = game.apply_action(state, action)
    return state


@pytest.fixture(scope="module")
def game_480():
    """Bot game 480 of seed 1 as main played it (``fixtures/bot_game_480.json``: the bots' choices depend on
    the move generator's lists, so the game is recorded, not replayed from the seed) and the index of its
    contested town row."""
    last = _replayed(json.loads(FIXTURE.read_text(encoding="utf-8")))
    rows = [(i, a) for i, a in enumerate(last.history) if "+TW5" in getattr(a, "text", "") and ". -" in a.text]
    assert rows, "the game no longer meets a contested town tile"
    return last, rows[0]


def _engine_game_before(last, index):
    """The engine's game before entry ``index`` of ``last``'s history (the same new game, the same actions)."""
    from companion.terra_mystica import game

    state = game.new_game(last.seats, options=sorted(last.options), final_scoring=last.final_scoring)
    for action in last.history[:index]:
        state = game.apply_action(state, action)
    return state.game


def test_the_contested_row_names_the_track_left_without_a_key(game_480):
    """Both readings of the bare tile are listed as rows of their own, and the one played means what it says."""
    last, (index, action) = game_480
    g = _engine_game_before(last, index)
    f = g.factions[action.faction]
    gain = g.tiles.town["TW5"].gain
    contested, free = g.contested_tracks(f, gain)
    assert len(contested) == 2 and free == 1, (contested, free)
    # the rule by hand: each contested track is one step from 10, and nobody else holds its 10
    assert all(f.cult[t] == 9 for t in contested)
    assert not any(o.cult[t] == 10 for o in g.factions.values() if o is not f for t in contested)
    rich = g.copy()  # the row paid with conversions; with the coins in hand it is listed as it is
    rich.factions[action.faction].coins += 20
    rich.factions[action.faction].workers += 10
    listed = [r for r in engine.legal_actions(rich, action.faction) if r.endswith("+TW5")]
    assert listed and all(". -" in r for r in listed), listed
    # both choices are listed for the same building: one per track that gets the key
    head = action.text.split(". -")[0].split(". ")[-1]
    assert sorted(r for r in listed if r.startswith(head + ". -")) == sorted(
        f"{head}. -{t}. +TW5" for t in contested)
    after = engine.apply_action(g, action.faction, action.text).factions[action.faction]
    stepped_back = [t for t in contested if f". -{t}." in action.text]
    keyed = [t for t in contested if t not in stepped_back]
    assert [after.cult[t] for t in keyed] == [10] and [after.cult[t] for t in stepped_back] == [9]


def test_the_game_replays_in_the_reference_engine_as_written(game_480):
    """The reference engine replays the whole game row by row to the same totals (it disagreed at the town row
    when the bot wrote a bare ``+TW5``)."""
    from tests.terra_mystica.oracle import Oracle, require_oracle
    from tests.terra_mystica.reference_diff import compare_game

    require_oracle()
    last, _row = game_480
    with Oracle() as oracle:
        result = compare_game(oracle, last.game)
    assert result.kind is None, result.detail
