"""The compiled copy of the rules engine (``hatch_build.py``) plays exactly as ``engine.py`` run by CPython.

``companion.century._engine_c`` is Cython's compilation of ``engine.py``; the reference here is the same source
executed by the interpreter (loaded afresh from ``engine.py``, so none of it is compiled). For random seeds,
player counts and actions (legal ones drawn by ``sample_action`` and arbitrary, mostly illegal, ones) both give
the same states, the same draws from the same ``rng``, and the same refusals: code, message (English and
Chinese) and rule reference.
"""

from __future__ import annotations

import hashlib
import importlib.util
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.century import engine
from companion.century.actions import Acquire, Claim, Discard, PlayCard, Rest, RevealGolem, RevealMerchant
from companion.century.cards import load_cards
from companion.errors import IllegalActionError
from companion.i18n import using_language

compiled = pytest.importorskip("companion.century._engine_c",
                               reason="the compiled engine is not built (pip install -e . / make venv builds it)")


def _interpreted():
    """A fresh module run by CPython from ``engine.py`` (its name is not ``companion.century.engine``, so it keeps
    its own Python functions)."""
    spec = importlib.util.spec_from_file_location("companion.century._engine_interpreted", engine.__file__)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


pure = _interpreted()
CARDS = load_cards()
MERCHANTS = sorted(CARDS.merchants_by_id) + ["M99", ""]
GOLEMS = sorted(CARDS.golems_by_id) + ["G99"]
small = st.integers(-2, 12)
counts = st.one_of(st.tuples(small, small, small, small), st.tuples(small, small), st.just(None),
                   st.tuples(st.booleans(), st.just(0), st.just(0), st.just(0)))
anything = st.one_of(
    st.builds(PlayCard, st.sampled_from(MERCHANTS), st.one_of(small, st.booleans(), st.just(1.0)), counts),
    st.builds(Acquire, st.one_of(small, st.just("1")), st.one_of(st.lists(small, max_size=7).map(tuple), counts)),
    st.builds(Rest),
    st.builds(Claim, st.one_of(small, st.just(None))),
    st.builds(Discard, counts),
    st.builds(RevealGolem, st.sampled_from(GOLEMS)),
    st.builds(RevealMerchant, st.sampled_from(MERCHANTS)),
    st.sampled_from([None, "rest", 3, (1, 2)]),
)


def _outcome(module, s, a):
    """The state after ``a``, or the refusal's code, message and rule, as raised in English and in Chinese."""
    refusals = []
    for language in ("en", "zh_CN"):
        with using_language(language):
            try:
                return "state", module.apply_action(s, a)
            except IllegalActionError as exc:
                refusals.append((exc.code, str(exc), str(exc.rule)))
    return "refused", refusals


def test_the_compiled_engine_is_the_one_served_and_matches_the_source():
    """Its stamp is the SHA-256 of today's engine.py; then engine's public functions are the compiled ones."""
    assert compiled._SOURCE_SHA256 == hashlib.sha256(Path(engine.__file__).read_bytes()).hexdigest()
    assert engine.COMPILED
    assert engine.apply_action is compiled.apply_action and engine.sample_action is compiled.sample_action
    assert pure.COMPILED is False and type(pure.apply_action) is type(_outcome)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 5), data=st.data())
def test_same_games_draws_and_refusals_as_the_interpreted_source(seed, players, data):
    rng_c, rng_p = random.Random(seed), random.Random(seed)
    s = compiled.new_game(players, rng=rng_c)
    assert s == pure.new_game(players, rng=rng_p) and rng_c.getstate() == rng_p.getstate()
    for _ in range(data.draw(st.integers(0, 400), label="actions")):
        if s.finished:
            break
        assert compiled.legal_actions(s) == pure.legal_actions(s)
        for a in data.draw(st.lists(anything, max_size=2), label="arbitrary actions"):
            assert _outcome(compiled, s, a) == _outcome(pure, s, a)
        fused = random.Random()
        fused.setstate(rng_c.getstate())
        a = compiled.sample_action(s, rng_c)
        assert a == pure.sample_action(s, rng_p) and rng_c.getstate() == rng_p.getstate()
        after = _outcome(compiled, s, a)
        assert after == _outcome(pure, s, a) and after[0] == "state"
        assert compiled.sample_and_apply(s, fused) == after[1] and fused.getstate() == rng_c.getstate()
        s = after[1]
    assert compiled.score(s) == pure.score(s)
