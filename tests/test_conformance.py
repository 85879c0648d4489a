"""The same verbs in every game: each engine is driven through one conformance check.

For Century and Merchants of Magick a seeded random game is played to the end through
``legal_actions`` / ``apply_action`` (chance steps included); for Terra Mystica a shipped real game is
replayed through ``apply_action`` and a few random legal moves are tried from its setup. Each engine must:
return a new state without changing the old one, refuse a nonsense action with an
``IllegalActionError`` carrying a stable ``code``, and give an itemised score whose parts add up.
"""

from __future__ import annotations

import copy
import random

import pytest

from companion.errors import IllegalActionError


def _century_game(seed: int):
    from companion.century import engine
    from companion.century.actions import Claim

    rng = random.Random(seed)
    state = engine.new_game(3, seed=seed)
    steps = 0
    while not engine.is_terminal(state):
        actions = engine.legal_actions(state)
        assert actions, "a non-terminal state must offer an action"
        before = copy.deepcopy(state)
        nxt = engine.apply_action(state, rng.choice(actions))
        assert state == before, "apply_action changed its input"
        state = nxt
        steps += 1
        assert steps < 5000
    with pytest.raises(IllegalActionError) as err:
        engine.apply_action(state, Claim(1))
    assert err.value.code
    table = engine.score(state)
    for line in table.lines:
        assert line.total == line.golem_vp + line.coin_vp + line.crystal_vp
        assert line.coin_vp == line.copper_vp + line.silver_vp
    assert table.winner in {line.name for line in table.lines}
    return steps


def _magick_game(seed: int, players: int):
    from companion.magick import engine

    rng = random.Random(seed)
    state = engine.new_game(players, rng=random.Random(seed))
    steps = 0
    while state.phase != "over":
        if engine.is_chance(state):
            action = engine.chance_action(state, rng)
        else:
            actions = engine.legal_actions(state)
            assert actions, f"phase {state.phase}: no legal action"
            action = rng.choice(actions)
        before = copy.deepcopy(state)
        nxt = engine.apply_action(state, action)
        assert state == before, "apply_action changed its input"
        state = nxt
        steps += 1
        assert steps < 20000
    with pytest.raises(IllegalActionError) as err:
        engine.apply_action(state, engine.EndTurn(0))
    assert err.value.code
    for gold in engine.score(state):
        parts = gold.to_dict()
        assert parts["total"] == sum(v for k, v in parts.items() if k not in ("name", "total"))
    return steps


@pytest.mark.parametrize("seed", [1, 2])
def test_century_plays_to_the_end_through_the_common_verbs(seed):
    assert _century_game(seed) > 10


@pytest.mark.parametrize("players", [1, 3])
def test_magick_plays_to_the_end_through_the_common_verbs(players):
    assert _magick_game(7, players) > 10


def test_terra_mystica_replays_a_real_game_through_the_common_verbs():
    from companion.terra_mystica import engine
    from companion.terra_mystica.engine.games import game_text, shipped_games

    game_id = shipped_games()[0]["game_id"]
    record = engine.read_record(game_text(game_id))
    result = engine.replay(record)
    assert not result.mismatches
    game = engine.new_game(["witches", "nomads", "halflings", "mermaids"],
                           round_tiles=["SCORE1", "SCORE2", "SCORE3", "SCORE4", "SCORE5", "SCORE6"],
                           removed_bonus=["BON1", "BON2"])
    first = game.seats[0] if hasattr(game, "seats") else "witches"
    moves = engine.legal_actions(game, first)
    assert moves
    before = engine.write_record(game)
    after = engine.apply_action(game, first, moves[0])
    assert engine.write_record(game) == before, "apply_action changed its input"
    assert engine.write_record(after) != before
    with pytest.raises(IllegalActionError) as err:
        engine.apply_action(after, first, "upgrade Z99 to SA")
    assert err.value.code
    for parts in engine.score(after).values():
        assert parts["projected_final_vp"] == (parts["vp_so_far"] + sum(parts["cult_vp"].values())
                                               + parts["network_vp"] + parts["resource_vp"])
