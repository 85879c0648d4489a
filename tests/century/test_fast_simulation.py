"""The fast random play-out and the multi-process simulator give exactly the step-by-step results (issue 13)."""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from companion.century.engine import apply_action, new_game, play_random, sample_action
from companion.century.simulate import game_rng, play_game, simulate
from companion.century.state import DISCARD
from companion.cli import app
from companion.errors import CompanionError


def _step_by_step(s, rng, max_turns):
    while not s.finished and s.turn < max_turns:
        s = apply_action(s, sample_action(s, rng))
    return s


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(2, 5), warm_up=st.integers(0, 300),
       max_turns=st.sampled_from([0, 1, 9, 60, 3000]))
def test_play_random_is_the_step_by_step_game(seed, n, warm_up, max_turns):
    """Same final state and same draws left in the stream, from any state (reveal or discard due)."""
    rng = random.Random(seed)
    s = new_game(n, rng=rng)
    for _ in range(warm_up):  # reach some mid-game state, possibly with a reveal or a discard due
        if s.finished:
            break
        s = apply_action(s, sample_action(s, rng))
    r1, r2 = random.Random(seed + 1), random.Random(seed + 1)
    expected = _step_by_step(s, r1, max_turns)
    assert play_random(s, r2, max_turns=max_turns) == expected
    assert r1.random() == r2.random()


def test_play_random_from_a_discard_stage():
    """A hand-made state that must discard first: the same crystals go back as through sample_action."""
    rng = random.Random(4)
    s = new_game(3, rng=rng)
    s = s._replace(caravans=((5, 4, 2, 1),) + s.caravans[1:], stage=DISCARD)
    r1, r2 = random.Random(9), random.Random(9)
    after_one = apply_action(s, sample_action(s, r1))
    assert sum(after_one.caravans[0]) == 10 and after_one.current == 1
    assert play_random(s, r2, max_turns=1) == after_one


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
