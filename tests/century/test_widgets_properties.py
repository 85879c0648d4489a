"""Property tests: the widgets show every legal action and draw any reachable table."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.century import (
    apply_action,
    is_terminal,
    legal_actions,
    new_game,
    resolve_chance,
    sample_action,
)
from companion.century.cards import load_cards
from companion.widgets.century.actions import ActionPicker, group_actions
from companion.widgets.century.score import CenturyScoreTable
from companion.widgets.century.table import table_html


def reachable_state(players: int, seed: int, steps: int):
    """A state reached by random play (random reveals, random legal actions)."""
    rng = random.Random(seed)
    state = new_game(players, rng=rng)
    for _ in range(steps):
        if is_terminal(state):
            break
        state = resolve_chance(apply_action(state, sample_action(state, rng)), rng)
    return state


@settings(max_examples=30, deadline=None)
@given(st.integers(2, 5), st.integers(0, 10_000), st.integers(0, 120))
def test_groups_hold_exactly_the_legal_actions(players, seed, steps):
    state = reachable_state(players, seed, steps)
    grouped = [a for group in group_actions(state).values() for actions in group.values() for a in actions]
    assert sorted(map(repr, grouped)) == sorted(map(repr, legal_actions(state)))
    html = table_html(state)
    assert html.count("cge-player") >= players


@settings(max_examples=20, deadline=None)
@given(st.integers(2, 5), st.integers(0, 10_000), st.integers(0, 80))
def test_the_picker_default_choice_is_legal_except_an_unpayable_acquisition(players, seed, steps):
    state = reachable_state(players, seed, steps)
    if is_terminal(state):
        return
    got = []
    picker = ActionPicker(got.append)
    picker.show(state)
    for kind, _ in [(v, label) for label, v in picker.kind.options]:
        picker.kind.value = kind
        action = picker.selected_action()
        if kind == "acquire":
            continue  # the payment is chosen colour by colour; the engine checks it on submit
        assert action in legal_actions(state), (kind, action)
        assert picker.submit()
    assert len(got) == len([k for _, k in picker.kind.options if k != "acquire"])


PRINTED = [g.points for g in load_cards().golems]  # the 36 golem cards' printed points


@st.composite
def table_games(draw):
    """A table a real game could end with: distinct golem cards, coins within the piles and no more coins than
    golems, at most 10 crystals."""
    n = draw(st.integers(2, 5))
    deck = draw(st.permutations(PRINTED))
    players, used = [], 0
    for _ in range(n):
        k = draw(st.integers(0, 5))
        golems, used = list(deck[used:used + k]), used + k
        copper = draw(st.integers(0, min(1, k)))  # at most n of each: below 2 x n; and a coin only comes
        coins = (copper, draw(st.integers(0, min(1, k - copper))))  # with a golem (positions 1 and 2)
        crystals = tuple(draw(st.integers(0, 2)) for _ in range(4))  # at most 8
        players.append((golems, *coins, crystals))
    return players


@settings(max_examples=25, deadline=None)
@given(table_games())
def test_score_table_totals_follow_the_scoring_rule(tmp_path_factory, players):
    path = tmp_path_factory.mktemp("score") / "s.json"
    table = CenturyScoreTable(path, players=len(players))
    for i, (golems, copper, silver, crystals) in enumerate(players):
        table.golem_boxes[i].value = ", ".join(map(str, golems))
        table.count_boxes[i]["copper"].value = copper
        table.count_boxes[i]["silver"].value = silver
        for colour, n in zip(("yellow", "green", "blue", "pink"), crystals, strict=True):
            table.count_boxes[i][colour].value = n
    assert table.message.value == ""
    # golems + 3 per copper + 1 per silver + 1 per green, blue or pink crystal (yellow 0)
    totals = [sum(g) + 3 * c + s + sum(x[1:]) for g, c, s, x in players]
    best = max(totals)
    winner = max(i for i, t in enumerate(totals) if t == best)  # ties: latest in turn order
    assert [sum(parts) for parts in zip(*(t.y for t in table.chart.data), strict=True)] == totals
    if best == 0:  # an all-zero table is an untouched one: no winner is named from it
        assert "<b>winner</b>" not in table.results.value
    else:
        assert f"<b>Player {winner + 1}</b>" in table.results.value
