"""Sampled actions are plain values, and the multi-process simulator gives exactly the one-process games (issue 13)."""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from companion.century.actions import (
    NO_STEPS,
    Acquire,
    Claim,
    Discard,
    PlayCard,
    Rest,
    RevealGolem,
    RevealMerchant,
    action_text,
    parse_action,
)
from companion.century.engine import (
    CHANCE,
    apply_action,
    discard_choices,
    legal_actions,
    new_game,
    payment_choices,
    sample_action,
    score,
    to_move,
)
from companion.century.simulate import game_rng, play_game, simulate
from companion.century.state import DISCARD
from companion.cli import app
from companion.errors import CompanionError, IllegalActionError


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(2, 5), warm_up=st.integers(0, 300))
def test_shared_sampled_actions_are_plain_values(seed, n, warm_up):
    """sample_action hands out shared action values: each equals a freshly built action with the same fields
    (built from its record text), applies to the same state, and using one never changes it."""
    rng = random.Random(seed)
    s = new_game(n, rng=rng)
    for _ in range(warm_up):
        if s.finished:
            break
        a = sample_action(s, rng)
        before = repr(a)
        fresh = parse_action(action_text(a))
        assert fresh == a and hash(fresh) == hash(a)
        after = apply_action(s, a)
        assert apply_action(s, fresh) == after and repr(a) == before
        s = after


def test_sampled_discard_returns_the_excess():
    """A hand-made state that must discard first: a sampled discard brings the caravan back to 10."""
    rng = random.Random(4)
    s = new_game(3, rng=rng)
    s = s._replace(caravans=((5, 4, 2, 1),) + s.caravans[1:], stage=DISCARD)
    after_one = apply_action(s, sample_action(s, random.Random(9)))
    assert sum(after_one.caravans[0]) == 10 and after_one.current == 1
    assert all(after_one.caravans[0][i] <= s.caravans[0][i] for i in range(4))


def test_workers_give_the_same_games_as_one_process():
    one = simulate(3, 7, 11, ["random"], progress=False)
    two = simulate(3, 7, 11, ["random"], progress=False, workers=2)
    assert two.games == one.games and two.workers == 2
    assert len({g.totals for g in one.games}) > 1  # really different games


def test_mixed_bots_rotate_the_same_way_with_workers():
    one = simulate(2, 4, 3, ["random", "greedy"], progress=False)
    two = simulate(2, 4, 3, ["random", "greedy"], progress=False, workers=2)
    assert [g.bots for g in two.games] == [g.bots for g in one.games] == [("random", "greedy"),
                                                                          ("greedy", "random")] * 2
    assert two.games == one.games


def test_each_game_has_its_own_stream():
    """Game g does not depend on how many games come before or after it."""
    five = simulate(4, 5, 21, ["random"], progress=False)
    three = simulate(4, 3, 21, ["random"], progress=False)
    assert five.games[:3] == three.games
    from companion.century.bots import make_bot

    alone = play_game(4, [make_bot("random")] * 4, game_rng(21, 4))
    assert alone == five.games[4]


@pytest.mark.parametrize("workers", [0, -1, True])
def test_bad_worker_count_is_refused(workers):
    with pytest.raises(CompanionError, match="--workers"):
        simulate(2, 1, 0, ["random"], progress=False, workers=workers)


def test_cli_workers_option_same_summary():
    runner = CliRunner()
    args = ["century", "simulate", "--players", "2", "--games", "6", "--seed", "5", "--json", "--no-progress"]
    one = json.loads(runner.invoke(app, args).stdout)
    res = runner.invoke(app, [*args, "--workers", "2"])
    assert res.exit_code == 0, res.output
    two = json.loads(res.stdout)
    for key in ("seconds", "games_per_second", "workers"):
        one.pop(key), two.pop(key)
    assert two == one
    bad = runner.invoke(app, [*args, "--workers", "0"])
    assert bad.exit_code == 2 and "--workers" in bad.stderr


def test_a_sampled_action_is_checked_like_any_other():
    """apply_action checks every action, the one sample_action has just drawn too: given a state where it
    breaks a rule (the card taken out of the hand), it is refused with that rule."""
    rng = random.Random(8)
    s = new_game(2, rng=rng)
    while True:
        a = sample_action(s, rng)
        if isinstance(a, PlayCard):
            break
        s = apply_action(s, a)
    p = s.current
    hand = tuple(c for c in s.hands[p] if c != a.card)
    without = s._replace(hands=s.hands[:p] + (hand,) + s.hands[p + 1:])
    with pytest.raises(IllegalActionError) as refused:
        apply_action(without, a)
    assert refused.value.code == "card_not_in_hand"
    assert a.card in apply_action(s, a).played[p]


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(2, 5))
def test_sampled_games_replay_through_the_checked_path(seed, n):
    """A whole random game replays step by step from its record text (actions built afresh) to the same
    states, and every player action drawn is among the independently listed legal actions."""
    rng = random.Random(seed)
    s = new_game(n, rng=rng)
    replayed = new_game(n, rng=random.Random(seed))
    while not s.finished:
        a = sample_action(s, rng)
        if not isinstance(a, RevealGolem | RevealMerchant):
            assert a in legal_actions(s)
        s = apply_action(s, a)
        replayed = apply_action(replayed, parse_action(action_text(a)))
        assert replayed == s
    assert score(replayed) == score(s) and replayed.finished


def _candidates(s):
    """Player actions around the legal ones: every card of the seat with -1..3 trades and a few step counts,
    positions 0..7 with payments of a richer caravan and wrong shapes, claims 0..6, discards of 0..4 crystals.
    (No bools: ``True == 1``, so the enumeration cannot tell that the engine refuses them.)"""
    p = s.current
    cards = sorted(set(s.hands[p]) | set(s.played[p]) | {"M01", "S01"})
    steps = [NO_STEPS, (1, 0, 0, 0), (2, 0, 0, 0), (0, 1, 0, 0), (1, 1, 0, 0), (0, 0, 1, 0), (1, 1, 1, 0),
             (0, 0, 0, 1), (3, 0, 0, 0), (0, 2, 0, 0), (-1, 1, 0, 0), (1, 0, 0)]
    out = [PlayCard(c, t, st) for c in cards for t in (0, 1, 2, 3, -1) for st in steps[:3]]
    out += [PlayCard(c, 1, st) for c in cards for st in steps]
    for pos in range(0, 8):
        out += [Acquire(pos, pay) for pay in payment_choices((2, 2, 2, 2), max(pos - 1, 0))[:40]]
    out += [Acquire(2, (4,)), Acquire(2, (-1,)), Acquire(2, [0]), Acquire(3, (0,)), Acquire(1, (0,)), Acquire("1")]
    out += [Claim(pos) for pos in range(0, 7)] + [Claim("1"), Rest()]
    out += [Discard(d) for k in range(5) for d in discard_choices((4, 4, 4, 4)) if sum(d) == k or k == 0][:200]
    out += [Discard((0, 0, 0, -1)), Discard((1, 0, 0))]
    return out


def _hashable(a):
    try:
        hash(a)
    except TypeError:  # a list where a tuple belongs: never legal
        return False
    return True


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(2, 5))
def test_checks_refuse_exactly_what_legal_actions_leaves_out(seed, n):
    """Along a random game, each candidate action (legal ones and near misses: wrong counts, positions,
    payments, steps, cards) is applied iff the enumeration ``legal_actions`` lists it; a refusal is an
    IllegalActionError, never another exception."""
    rng = random.Random(seed)
    s = new_game(n, rng=rng)
    step = 0
    while not s.finished:
        if to_move(s) != CHANCE and step % 7 == 0:
            legal = set(legal_actions(s))
            for a in _candidates(s):
                try:
                    apply_action(s, a)
                    applied = True
                except IllegalActionError:
                    applied = False
                assert applied == (_hashable(a) and a in legal), (a, s)
        s = apply_action(s, sample_action(s, rng))
        step += 1
