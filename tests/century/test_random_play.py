"""Random-play property tests: the API invariants hold in every state a random game reaches."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.century import (
    Acquire,
    Claim,
    Discard,
    PlayCard,
    apply_action,
    legal_actions,
    load_cards,
    new_game,
    sample_action,
)
from companion.century.state import CARAVAN_LIMIT, DISCARD, MAIN, chance_pending

CARDS = load_cards()


def crystals_in_play(s):
    return sum(sum(c) for c in s.caravans) + sum(sum(c) for c in s.market_crystals)


def expected_change(s, a):
    """Crystals entering (+) or leaving (-) the table for action a, from the card data alone."""
    if isinstance(a, PlayCard):
        card = CARDS.merchant(a.card)
        return a.times * (sum(card.outputs) - sum(card.inputs))   # upgrades change colours, not counts
    if isinstance(a, Claim):
        return -sum(CARDS.golem(s.golem_row[a.position - 1]).cost)
    if isinstance(a, Discard):
        return -sum(a.crystals)
    return 0                                                      # acquire, rest, reveals move crystals only


def check_invariants(s, n):
    merchants = [c for h in s.hands for c in h] + [c for h in s.played for c in h] + list(s.market) \
        + list(s.merchant_deck)
    market_ids = [c for c in merchants if c.startswith("M")]
    assert sorted(market_ids) == sorted(c.id for c in CARDS.market)           # every card exactly once
    assert sorted(c for c in merchants if c.startswith("S")) == sorted(["S01", "S02"] * n)
    golems = [g for gs in s.golems for g in gs] + list(s.golem_row) + list(s.golem_deck)
    assert sorted(golems) == sorted(g.id for g in CARDS.golems)
    assert sum(s.copper) + s.copper_pile == 2 * n and sum(s.silver) + s.silver_pile == 2 * n
    assert len(s.market) == len(s.market_crystals) <= 6 and len(s.golem_row) <= 5
    assert all(x >= 0 for c in s.caravans for x in c)
    if s.stage == MAIN:
        assert all(sum(c) <= CARAVAN_LIMIT for c in s.caravans)
    else:
        assert s.stage == DISCARD and sum(s.caravans[s.current]) > CARAVAN_LIMIT


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(2, 5))
def test_random_games_keep_invariants(seed, n):
    rng = random.Random(seed)
    s = new_game(n, rng=rng)
    steps = 0
    while not s.finished and steps < 3000:
        a = sample_action(s, rng)
        before = crystals_in_play(s)
        change = expected_change(s, a)
        s2 = apply_action(s, a)
        assert crystals_in_play(s2) == before + change
        if isinstance(a, Acquire):
            assert len(s2.hands[s.current]) == len(s.hands[s.current]) + 1
        s = s2
        check_invariants(s, n)
        steps += 1
    assert s.finished
    best = max(len(g) for g in s.golems)
    assert best >= (6 if n <= 3 else 5)
    assert s.current == n - 1 and s.turn % n == 0          # the round was finished


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(2, 5), stop=st.integers(0, 200))
def test_every_listed_action_applies_and_sampled_actions_are_listed(seed, n, stop):
    rng = random.Random(seed)
    s = new_game(n, rng=rng)
    for _ in range(stop):
        if s.finished:
            break
        s = apply_action(s, sample_action(s, rng))
    if s.finished:
        assert legal_actions(s) == []
        return
    acts = legal_actions(s)
    assert acts and len(set(acts)) == len(acts)                 # distinct
    results = set()
    for a in acts:
        results.add(apply_action(s, a))                        # none raises
    if not chance_pending(s):
        assert len(results) == len(acts)                       # distinct actions give distinct states
    for _ in range(20):
        assert sample_action(s, rng) in acts


def brute_force_legal(s):
    """Every action from a generous superset of parameters that apply_action accepts."""
    from itertools import product

    from companion.century import Rest, RevealGolem, RevealMerchant
    from companion.errors import IllegalActionError

    candidates = [Rest()] + [Claim(pos) for pos in range(0, 7)]
    candidates += [RevealGolem(g.id) for g in CARDS.golems] + [RevealMerchant(m.id) for m in CARDS.market]
    ids = [c.id for c in CARDS.starting + CARDS.market]
    for cid in ids:
        candidates += [PlayCard(cid, t) for t in range(0, 12)]
        candidates += [PlayCard(cid, 1, st) for st in product(range(4), repeat=4) if any(st)]
    for pos in range(0, 8):
        candidates += [Acquire(pos, pay) for pay in product(range(4), repeat=max(pos - 1, 0))]
    candidates += [Discard(d) for d in product(range(11), repeat=4) if sum(d) <= 10]
    ok = set()
    for a in candidates:
        try:
            apply_action(s, a)
        except IllegalActionError:
            continue
        ok.add(a)
    return ok


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(2, 5), stop=st.integers(0, 150))
def test_legal_actions_equal_brute_force(seed, n, stop):
    rng = random.Random(seed)
    s = new_game(n, rng=rng)
    for _ in range(stop):
        if s.finished:
            break
        s = apply_action(s, sample_action(s, rng))
    assert set(legal_actions(s)) == brute_force_legal(s)


def test_legal_actions_equal_brute_force_in_discard_and_chance_stages():
    s = new_game(3, seed=4)
    s = s._replace(caravans=((5, 2, 0, 2),) + s.caravans[1:], hands=(("M43", "S01"),) + s.hands[1:])
    over = apply_action(s, PlayCard("M43", 2))
    assert over.stage == DISCARD
    assert set(legal_actions(over)) == brute_force_legal(over)
    undealt = new_game(2, deal=False)
    assert set(legal_actions(undealt)) == brute_force_legal(undealt)
