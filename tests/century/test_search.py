"""The search bot: never sees the decks' order, plays only legal moves, repeatable, and its evaluation is in VP."""

import random

import pytest

from companion.century.bots import make_bot
from companion.century.engine import (
    apply_action,
    legal_actions,
    new_game,
    resolve_chance,
    sample_action,
    sample_chance,
    score,
)
from companion.century.search import SearchBot, expected_final_vp, hint, review
from companion.century.state import chance_pending


def _mid_game(seed: int, moves: int, n: int = 2):
    rng = random.Random(seed)
    s = new_game(n, rng=rng)
    bot = make_bot("greedy")
    for _ in range(moves):
        s = resolve_chance(s, rng)
        if s.finished:
            break
        s = apply_action(s, bot.choose(s, rng))
    return resolve_chance(s, rng)


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_choice_does_not_depend_on_the_order_or_the_shuffle_of_the_decks(seed):
    """The hidden parts are the decks' order: shuffling both decks of the same position changes nothing."""
    s = _mid_game(seed, 12 + 3 * seed)
    if s.finished or s.stage:
        pytest.skip("no main-stage position")
    bot = SearchBot(seconds=None)
    expected = [(m.action, round(m.expected_vp, 9)) for m in bot.analyse(s)]
    shuffler = random.Random(seed)
    for _ in range(3):
        golems, merchants = list(s.golem_deck), list(s.merchant_deck)
        shuffler.shuffle(golems)
        shuffler.shuffle(merchants)
        shuffled = s._replace(golem_deck=tuple(golems), merchant_deck=tuple(merchants))
        assert [(m.action, round(m.expected_vp, 9)) for m in bot.analyse(shuffled)] == expected
        assert SearchBot(seconds=None).choose(shuffled, random.Random(99)) == expected[0][0]


def test_search_plays_only_legal_moves_and_finishes_games():
    rng = random.Random(5)
    s = new_game(2, rng=rng)
    bots = [SearchBot(depth=2, seconds=None), make_bot("random")]
    moves = 0
    while not s.finished:
        if chance_pending(s):
            s = apply_action(s, sample_action(s, rng))
            continue
        a = bots[s.current].choose(s, rng)
        if s.current == 0:
            assert a in legal_actions(s)
            moves += 1
        s = apply_action(s, a)
    assert moves > 10 and s.finished


def test_same_seed_same_game():
    def game(seed):
        rng = random.Random(seed)
        s = new_game(2, rng=rng)
        bots = [SearchBot(depth=2, seconds=None), make_bot("greedy")]
        for _ in range(40):
            s = resolve_chance(s, rng)
            if s.finished:
                break
            s = apply_action(s, bots[s.current].choose(s, rng))
        return s

    assert game(8) == game(8)


def test_evaluation_is_the_final_score_at_the_end_and_better_than_vp_so_far_midway():
    """At the end it equals the score sheet (engine.score); midway it predicts the final VP better than the
    VP already scored (greedy games, an independent outcome)."""
    err_eval = err_now = 0.0
    for seed in range(8):
        rng = random.Random(seed)
        s = new_game(2, rng=rng)
        bot = make_bot("greedy")
        states = []
        while not s.finished:
            s = resolve_chance(s, rng)
            if s.finished:
                break
            states.append(s)
            s = apply_action(s, bot.choose(s, rng))
        final = [line.total for line in score(s).lines]
        assert expected_final_vp(s) == tuple(float(v) for v in final)
        mid = states[len(states) // 2]
        table = score(mid).lines
        for p in range(2):
            err_eval += abs(expected_final_vp(mid)[p] - final[p])
            err_now += abs(table[p].total - final[p])
    assert err_eval < 0.6 * err_now


def test_hint_gives_three_ranked_moves_with_reasons_in_words():
    s = _mid_game(7, 10)
    moves = hint(s, seconds=None)
    assert len(moves) == 3 and len({m.action for m in moves}) == 3
    assert moves[0].expected_vp >= moves[1].expected_vp >= moves[2].expected_vp
    for m in moves:
        assert m.action in legal_actions(s)
        assert m.reason and "->" not in m.reason
        assert any(word in m.reason for word in ("yellow", "green", "blue", "pink", "VP"))


def _recorded(seed: int, names: tuple[str, str]):
    """States and actions of a 2-player game of the named bots, and the state index of each player move."""
    rng = random.Random(seed)
    s = new_game(2, rng=rng)
    bots = [make_bot(name) for name in names]
    states, actions, moves = [s], [], []
    while not s.finished:
        if chance_pending(s):
            a = sample_chance(s, rng)
        else:
            moves.append(len(actions))
            a = bots[s.current].choose(s, rng)
        s = apply_action(s, a)
        states.append(s)
        actions.append(a)
    return states, actions, moves


@pytest.mark.parametrize("seed", [1, 4])
def test_review_never_prefers_the_move_that_was_made(seed):
    # Seeds 1 and 4 once listed the move made ("play M15", "claim 5") as the better one: the drop was
    # measured by a one-step search and the preferred move taken from the deeper one.
    states, actions, moves = _recorded(seed, ("greedy", "random"))
    result = review(states, actions, seconds=None)
    assert result.drops
    for drop in result.drops:
        s = states[moves[drop.move - 1]]
        assert drop.action == actions[moves[drop.move - 1]] and drop.seat == s.current
        assert drop.preferred in legal_actions(s) and drop.loss > 0
        assert apply_action(s, drop.preferred) != apply_action(s, drop.action)


def test_review_never_names_the_move_made_as_the_one_preferred():
    """Where the deeper search prefers the very move that a one-step ranking faults (moves the search bot
    made), the review must not mark it with the same move as "better" (the bug the Terra Mystica brief
    names: with this game the old review did so twice)."""
    from companion.century.record import replay
    from companion.century.search import review
    from companion.century.simulate import play_game

    result = play_game(2, [SearchBot(depth=2, seconds=None), make_bot("greedy")], random.Random(0),
                       max_turns=60, record=True)
    states = replay(result.record)
    out = review(states, list(result.record.actions), seconds=None)
    assert out.drops
    for d in out.drops:
        assert d.preferred is not None and d.preferred != d.action and d.loss > 0
