"""Bots choose legal actions; the planner beats random and greedy play; simulator figures are complete."""

import random

import plotly.graph_objects as go
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.century import legal_actions, new_game
from companion.century.bots import GreedyBot, PlannerBot, RandomBot, candidate_actions, make_bot
from companion.century.engine import apply_action, sample_action
from companion.century.simulate import simulate
from companion.errors import CompanionError
from companion.widgets.century.plots import length_figure, score_figure, win_rate_figure


@pytest.mark.parametrize("bot", [RandomBot(), GreedyBot(), PlannerBot()])
def test_bots_choose_legal_actions(bot):
    rng = random.Random(1)
    s = new_game(3, rng=rng)
    from companion.century import apply_action, resolve_chance
    for _ in range(60):
        s = resolve_chance(s, rng)
        if s.finished:
            break
        a = bot.choose(s, rng)
        assert a in legal_actions(s)
        s = apply_action(s, a)


def test_candidates_are_legal():
    s = new_game(4, seed=3)
    acts = legal_actions(s)
    assert all(a in acts for a in candidate_actions(s))


def test_planner_beats_random_and_greedy():
    r = simulate(2, 4, 5, ["planner", "random"], progress=False)
    assert r.win_rate_by_bot["planner"] == 1.0
    g = simulate(2, 10, 5, ["planner", "greedy"], progress=False)
    assert g.win_rate_by_bot["planner"] >= 0.6   # about 0.85 in long runs


def test_planner_explains():
    s = new_game(2, seed=9)
    action, why = PlannerBot().explain(s)
    assert action in legal_actions(s) and len(why) > 20


def test_make_bot():
    assert make_bot("greedy").name == "greedy"
    with pytest.raises(CompanionError, match="random, greedy, planner"):
        make_bot("alphazero")


def test_simulation_summary_and_figures():
    r = simulate(4, 12, 3, ["random"], progress=False)
    assert len(r.games) == 12 and sum(r.wins_by_seat) == 12
    assert r.summary()["games"] == 12 and r.mean_turns > 40
    for fig in (win_rate_figure(r), length_figure(r), score_figure(r)):
        assert isinstance(fig, go.Figure) and len(fig.data) >= 1
    assert sum(win_rate_figure(r).data[0].y) == pytest.approx(1.0)


def test_simulate_rejects_bad_lineup():
    with pytest.raises(CompanionError, match="one per seat"):
        simulate(3, 1, 0, ["random", "greedy"], progress=False)


def test_zero_games_summary_is_valid_json():
    import json

    doc = simulate(2, 0, 0, ["random"], progress=False).summary()
    assert json.loads(json.dumps(doc, allow_nan=False))["games"] == 0


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), steps=st.integers(0, 200),
       caravan=st.tuples(*[st.integers(0, 12)] * 4))
def test_value_of_a_caravan_is_the_value_of_the_state_holding_it(seed, steps, caravan):
    """value(s, p, caravan), which the discard choice uses instead of building a state, is the value of the
    state where seat p holds those crystals, for both value bots."""
    rng = random.Random(seed)
    s = new_game(3, rng=rng)
    for _ in range(steps):
        if s.finished:
            break
        s = apply_action(s, sample_action(s, rng))
    for bot in (PlannerBot(), GreedyBot()):
        for p in range(s.n_players):
            held = s._replace(caravans=s.caravans[:p] + (caravan,) + s.caravans[p + 1:])
            assert bot.value(s, p, caravan) == bot.value(held, p)
