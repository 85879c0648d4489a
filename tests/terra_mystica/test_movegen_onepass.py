"""The one listing of a turn's moves with two sets of resources (:func:`split_turn_moves`, issue 19): at every
turn decision of seeded bot games it gives what two separate listings give (:func:`turn_moves` with what the
faction holds, and with the resources conversions could give or plenty more), row for row and in order."""

from __future__ import annotations

import random

import pytest

from companion.terra_mystica import bots as tm_bots
from companion.terra_mystica import engine, game
from companion.terra_mystica.bot_conversions import convertible_of
from companion.terra_mystica.engine.move_context import MARK
from companion.terra_mystica.engine.moves import legal_and_turn_moves, split_turn_moves, turn_moves
from companion.terra_mystica.simulate import play_one


def _plenty(f) -> dict:
    """Ten more of every resource than conversions could give: every cost check of the listing differs."""
    return {k: v + 10 for k, v in convertible_of(f).items()}


def _turn_states(kind: str, games: int) -> list:
    """``(game, faction)`` at each decision of seeded games of ``kind`` bots where the faction's turn is new."""
    seen = []

    class Watch:
        def __init__(self, inner) -> None:
            self.inner = inner

        def choose(self, state, rng, seat=None):
            faction, rows = game.legal_rows(state)
            g = state.game
            if faction is not None and g.phase == "actions" and legal_and_turn_moves(g, faction, convertible_of)[1]:
                seen.append((g, faction))
            return self.inner.choose(state, rng, seat)

    make_bot = tm_bots.make_bot
    tm_bots.make_bot = lambda name: Watch(make_bot(name))
    try:
        for k in range(games):
            play_one(2 + k % 4, None, None, [kind], random.Random(f"onepass:{kind}:{k}"),
                     final_scoring="random" if k % 3 == 2 else None)
    finally:
        tm_bots.make_bot = make_bot
    return seen


@pytest.fixture(scope="module")
def turn_states() -> list:
    return _turn_states("random", 8) + _turn_states("greedy", 2)


@pytest.mark.parametrize("more", [convertible_of, _plenty], ids=["conversions", "plenty"])
def test_one_listing_gives_both_listings(turn_states, more):
    assert len(turn_states) > 300
    extra = 0
    for g, faction in turn_states:
        f = g.factions[faction]
        now, every = split_turn_moves(g, faction, more(f))
        assert now == turn_moves(g, faction), (faction, g.round)
        assert every == turn_moves(g, faction, more(f)), (faction, g.round)
        assert not any(MARK in r for r in now + every)
        extra += len(every) - len(now)
    assert extra > 1000   # the resources made many more rows affordable: the marks were tested


def test_legal_moves_unchanged_by_the_one_listing(turn_states):
    for g, faction in turn_states[::5]:
        legal, every = legal_and_turn_moves(g, faction, convertible_of)
        assert legal == engine.legal_actions(g, faction)
        assert every == turn_moves(g, faction, convertible_of(g.factions[faction]))


def test_other_colour_transform_follows_the_home_dig():
    """A spade action's transform of a hex to another colour is listed only when the hex's own ``dig N``
    to the home colour is affordable too (the listing's order of checks, kept as it was): with only the
    action's power, no such row; with the resources for the dig, the rows come and are marked."""
    g = engine.new_game(["dwarves", "witches"], round_tiles=["SCORE1", "SCORE2", "SCORE3", "SCORE4", "SCORE5",
                        "SCORE6"], removed_bonus=["BON1", "BON2", "BON3", "BON4", "BON5"])
    while g.phase == "setup":   # the first setup dwellings and bonus tiles listed
        faction = engine.awaited(g)[0]
        g = engine.apply_action(g, faction, engine.legal_actions(g, faction)[0])
    if engine.awaited(g)[0] != "dwarves":
        g = engine.apply_action(g, "witches", "send p to FIRE" if g.factions["witches"].priests else "pass")
    f = g.factions["dwarves"]
    f.bowls = type(f.bowls)(0, 0, 4)
    f.coins = f.workers = 0
    plain = turn_moves(g, "dwarves")
    assert any(r.startswith("action ACT5") for r in plain)
    assert not any(r.startswith("action ACT5. transform") and " to " in r for r in plain)
    rich = {"C": 20, "W": 20, "P": 5, "PW": 4, "VP": f.vp, "PW_TOKEN": 4}
    now, every = split_turn_moves(g, "dwarves", rich)
    assert now == plain
    assert any(r.startswith("action ACT5. transform") and " to " in r for r in every)
