"""The Merchants of Magick search bot: legal, repeatable, blind to hidden information, and its hint."""

from __future__ import annotations

import random
from dataclasses import replace

from companion.magick import bots
from companion.magick.engine import (
    EndTurn,
    FreeCircle,
    Place,
    apply_action,
    chance_action,
    legal_actions,
    new_game,
    score,
)
from companion.magick.search import SearchBot, _unseen_deck, evaluate, hint, playout, review


def _crafting(seed: int, rounds: int = 2):
    """A 2-player game after ``rounds`` greedy rounds, at the next crafting decision with orders unseen."""
    rng = random.Random(seed)
    state = new_game(2, rng=rng)
    greedy = [bots.GreedyBot(), bots.GreedyBot()]
    while state.round <= rounds:
        state = bots.play_round(state, greedy, rng)
    while state.phase != "craft":
        state = apply_action(state, chance_action(state, rng))
    return state


def test_every_move_of_a_search_game_is_legal_and_the_game_ends():
    rng = random.Random(5)
    state = new_game(2, rng=rng)
    bot = SearchBot(seed=1, playouts=1, width=2, budget=None)
    greedy = bots.GreedyBot()
    moves = 0
    while not state.over:
        if state.phase != "craft":
            state = apply_action(state, chance_action(state, rng))
            continue
        seat = next(i for i, p in enumerate(state.players) if not p.done)
        action = bot.choose(state, seat) if seat == 0 else greedy.choose(state, seat)
        if seat == 0 and not state.players[0].free_circles:
            # legal_actions lists the fewest-potion adjustment of each (die, circle): the bot's must be one of them
            assert action in legal_actions(state, 0), action
            moves += 1
        state = apply_action(state, action)
    assert state.round == 10 and moves >= 20


def test_a_playout_is_the_greedy_game_of_its_futures_with_turns_remembered_or_not():
    """The playouts skip turns met before (a memo): each must still end as the plain greedy bots' game of
    the same dice and deck (bots.play_round, every turn played), at 2 and 3 seats."""
    for players, seed in ((2, 3), (3, 4)):
        rng = random.Random(seed)
        state = new_game(players, rng=rng)
        greedy = [bots.GreedyBot() for _ in range(players)]
        state = bots.play_round(state, greedy, rng)  # waiting for round 2's roll
        rolled = apply_action(state, chance_action(state, rng))  # and in its crafting phase
        for start in (state, rolled):
            for j in range(4):
                for _twice in range(2):  # the second time every turn comes from the memo
                    end = playout(start, random.Random(j))
                    futures = random.Random(j)
                    plain = replace(start, deck=_unseen_deck(start, futures))
                    while not plain.over:
                        plain = bots.play_round(plain, greedy, futures)
                    assert end.players == plain.players and end.flipped == plain.flipped
                    assert [g.total for g in score(end)] == [g.total for g in score(plain)]


def test_the_same_seed_gives_the_same_move_and_the_deck_order_is_not_seen():
    state = _crafting(11)
    assert len(state.deck) > 3
    bot = SearchBot(seed=7, playouts=3, width=3, budget=None)
    choice = bot.choose(state, 0)
    assert SearchBot(seed=7, playouts=3, width=3, budget=None).choose(state, 0) == choice
    for k in range(3):
        deck = list(state.deck)
        random.Random(k).shuffle(deck)
        assert deck != list(state.deck)
        assert bot.choose(replace(state, deck=tuple(deck)), 0) == choice


def test_evaluate_of_a_finished_game_is_its_final_gold_and_playouts_never_lower_gold_already_earned():
    rng = random.Random(3)
    final = bots.play_game(2, [bots.GreedyBot(), bots.GreedyBot()], rng)
    assert evaluate(final) == tuple(float(g.total) for g in score(final))
    state = _crafting(4, rounds=5)
    now = [g.total for g in score(state)]
    expected = evaluate(state, playouts=4)
    # gold once earned is never lost in Merchants of Magick (rows stay completed, orders stay fulfilled)
    assert all(e >= g for e, g in zip(expected, now, strict=True)), (expected, now)
    assert any(e > g for e, g in zip(expected, now, strict=True))


def test_hint_lists_up_to_three_legal_moves_best_first_with_the_rows_the_playouts_completed():
    state = _crafting(8)
    moves = hint(state, 0, playouts=3, width=4)
    assert 1 <= len(moves) <= 3
    margins = [m.margin for m in moves]
    assert margins == sorted(margins, reverse=True)
    row_ids = {r.id for r in state.sheet.rows}
    for m in moves:
        assert isinstance(m.action, (Place, EndTurn))
        if isinstance(m.action, Place):
            assert m.action in legal_actions(state, 0)
        assert all(r in row_ids and 0 < share <= 1 for r, share in m.rows)
        assert m.playouts == 3 and len(m.gold) == 2
    # nothing to choose once the seat has ended its turn
    done = apply_action(state, EndTurn(0)) if EndTurn(0) in legal_actions(state, 0) else None
    if done is not None:
        assert hint(done, 0) == []


def _game_states(seed: int, moves: int, lineup):
    """Every state of a 2-player game (chance from a seeded generator) until ``moves`` player moves."""
    rng = random.Random(seed)
    state = new_game(2, rng=rng)
    states = [state]
    made = 0
    while not state.over and made < moves:
        if state.phase != "craft":
            state = apply_action(state, chance_action(state, rng))
        else:
            seat = next(i for i, p in enumerate(state.players) if not p.done)
            state = apply_action(state, lineup[seat].choose(state, seat))
            made += 1
        states.append(state)
    return states


class _EndsAtOnce:
    """A player who ends every turn without using a die (a blunder the review must find)."""

    def choose(self, state, player):
        p = state.players[player]
        return FreeCircle(player, bots._best_free_circle(state, player)) if p.free_circles else EndTurn(player)


def test_review_charts_every_move_and_its_drops_prefer_another_move():
    states = _game_states(6, 30, [bots.GreedyBot(), bots.RandomBot(random.Random(1))])
    result = review(states, playouts=2, deep_playouts=3, width=2)
    moves = [a for a in states[-1].history if isinstance(a, (Place, EndTurn, FreeCircle))]
    assert result.moves == len(moves) == 30 and result.actions == moves
    assert len(result.values) == 31 and all(len(v) == 2 for v in result.values)
    assert result.movers == [a.player for a in moves]
    # gold once earned is never lost: every point is at least the gold already scored before the move
    made = [s for s, a in zip(states, states[-1].history, strict=False) if isinstance(a, (Place, EndTurn, FreeCircle))]
    for s, value in zip(made, result.values[1:], strict=True):
        assert all(v >= g.total for v, g in zip(value, score(s), strict=True))
    assert result.drops, "a random player loses expected gold somewhere in 30 moves"
    for seat in (0, 1):
        assert len(result.drops_of(seat)) <= 3
    for d in result.drops:
        assert d.preferred != d.action and d.loss > 0 and d.reason
        assert result.actions[d.move - 1] == d.action and result.movers[d.move - 1] == d.seat
        assert d.preferred in legal_actions(made[d.move - 1], d.seat)


def test_review_finds_the_turns_ended_with_both_dice_unused():
    states = _game_states(3, 24, [bots.GreedyBot(), _EndsAtOnce()])
    result = review(states, playouts=2, deep_playouts=4, width=2)
    lazy = result.drops_of(1)
    assert len(lazy) == 3
    assert all(d.action == EndTurn(1) and isinstance(d.preferred, Place) for d in lazy)
    # two dice left unused cost more than any slip of the greedy seat
    assert min(d.loss for d in lazy) > max((d.loss for d in result.drops_of(0)), default=0.0)


def test_review_refuses_states_that_are_not_one_game_in_order():
    import pytest

    from companion.errors import CompanionError

    states = _game_states(2, 4, [bots.GreedyBot(), bots.GreedyBot()])
    with pytest.raises(CompanionError):
        review(states[:2] + states[3:], playouts=1)
    with pytest.raises(CompanionError):
        review([], playouts=1)


def test_halving_keeps_the_best_of_the_first_playouts_to_the_end_and_picks_among_them():
    from companion.magick import search

    state = _crafting(11)
    candidates = search._candidates(state, 0, 4)
    assert len(candidates) >= 4
    judged = search._judge(state, 0, candidates, playouts=6, budget=None, seed=3, halving=True)
    counts = sorted(m.playouts for m in judged)
    assert counts[-2:] == [6, 6] and counts[0] == 2 and sum(counts) < 6 * len(candidates)
    assert judged[0].playouts == 6 and judged[0].margin >= judged[1].margin
    # the two judged to the end were among the better half after the first two playouts (judged without halving)
    first = search._judge(state, 0, candidates, playouts=2, budget=None, seed=3)
    better_half = {m.action for m in first[:(len(candidates) + 1) // 2]}
    assert {m.action for m in judged if m.playouts == 6} <= better_half
