"""The default greedy bot (issue 19): ValueGreedyBot values moves from their content (move_sketch) instead of
applying them. Its valuations are checked against answers worked out by hand from the rulebook, and against the
engine itself (applying the row, and the engine's own final scoring); every move it plays is legal."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from companion.terra_mystica import engine, game
from companion.terra_mystica.bot_lookahead import LookaheadGreedyBot
from companion.terra_mystica.bots import GreedyBot, evaluate, make_bot, play_game
from companion.terra_mystica.engine.state import FINAL_SCORING_OPTION
from companion.terra_mystica.move_sketch import _content_candidates, move_value, sketch
from companion.terra_mystica.move_value import ValueGreedyBot

FIELDS = ("coins", "workers", "priests", "bowls", "vp", "cult", "shipping_level", "digging_level", "favors", "towns",
          "bonus", "buildings")


def _play_until(state, rng, stop, bots=None):
    """Play ``state`` with greedy bots (random factions picked by them) until ``stop(state)``; the state then."""
    bots = bots or [make_bot("greedy") for _ in range(state.seats)]
    while not game.is_terminal(state):
        if stop(state):
            return state
        seat = game.current_player(state)
        action = game.sample_chance(state, rng) if seat == game.CHANCE else bots[seat].choose(state, rng, seat)
        state = game.apply_action(state, action)
    raise AssertionError("the game ended before the position looked for")


def test_greedy_is_the_move_content_bot_and_the_look_ahead_bot_keeps_a_name():
    assert GreedyBot is ValueGreedyBot
    assert isinstance(make_bot("greedy"), ValueGreedyBot)
    assert isinstance(make_bot("lookahead"), LookaheadGreedyBot)
    assert "lookahead" not in game.BOTS   # menus offer random / greedy / search only


def _witches_to_act_in_round_6():
    """Witches and Nomads, round 6 scores 5 VP per stronghold built (SCORE4), the Witches to act."""
    state = game.new_game(["witches", "nomads"], round_tiles=["SCORE1", "SCORE2", "SCORE3", "SCORE5", "SCORE6",
                                                              "SCORE4"], removed_bonus=["BON1", "BON2", "BON3", "BON4", "BON5"])

    def witches_turn(s):
        g = s.game
        return g is not None and g.round == 6 and g.phase == "actions" and g.expected_turn() == "witches" and \
            engine.awaited(g)[:1] == ["witches"]

    return _play_until(state, random.Random(1), witches_turn)


def test_a_stronghold_in_round_6_is_worth_its_round_vp_less_the_resources_it_costs():
    state = _witches_to_act_in_round_6()
    g = state.game.copy()
    f = g.factions["witches"]
    h = next(h for h, kind in sorted(f.hexes.items()) if kind == "D")
    f.hexes[h] = "TP"                                  # one dwelling made a trading house, no stronghold yet
    f.buildings["D"] -= 1
    f.buildings["TP"] += 1
    f.buildings["SH"] = 0
    g.townstate.buildings[h] = ("witches", "TP")
    f.coins, f.workers, f.priests = 10, 5, 0
    f.bowls = type(f.bowls)(6, 6, 0)
    state = replace(state, game=g)
    row = f"upgrade {h} to SH"
    assert row in game.legal_rows(state)[1]
    # by hand (rulebook): the Witches' stronghold costs 6 coins and 4 workers; SCORE4 gives 5 VP for it
    s = sketch(g, "witches", row).faction
    assert (s.vp - f.vp, f.coins - s.coins, f.workers - s.workers) == (5, 6, 4)
    after = engine.apply_action(g, "witches", row).factions["witches"]
    assert (after.vp, after.coins, after.workers, after.priests, tuple(after.bowls)) == \
        (s.vp, s.coins, s.workers, s.priests, tuple(s.bowls))
    # with no income to come the value is the final score: leftover resources become coins (a worker or a
    # priest 1 coin, bowl II burnt into III and then 1 coin a token), 3 coins 1 VP.
    # before: 10 + 5 + 0 + 6 / 2 = 18 coins = 6 VP; after: 4 + 1 + 0 + 3 = 8 coins = 2 VP
    assert move_value(g, "witches", row) - evaluate(g, "witches") == pytest.approx(5 + (2 - 6))


def test_in_the_last_round_a_move_is_worth_the_engines_final_score_after_it():
    """Round 6, no income to come: the value of a move read from its content is the engine's projected final VP
    (``engine.score``: VP, cult and network prizes, resources) after the engine has played it."""
    state = game.new_game(3)
    bots = [make_bot("greedy") for _ in range(3)]
    rng = random.Random(6)
    checked = 0
    while not game.is_terminal(state):
        g = state.game
        if g is not None and g.round == 6 and g.phase == "actions":
            name, rows = game.legal_rows(state)
            if name is not None and g.expected_turn() == name:
                for row in rows:
                    if row.startswith("pass"):   # ends the round: income and round-end scoring (applied by the bot)
                        continue
                    after = engine.apply_action(g, name, row)
                    assert move_value(g, name, row) == pytest.approx(engine.score(after)[name]["projected_final_vp"]), row
                    checked += 1
        seat = game.current_player(state)
        action = game.sample_chance(state, rng) if seat == game.CHANCE else bots[seat].choose(state, rng, seat)
        state = game.apply_action(state, action)
    assert checked > 100


def test_a_town_is_worth_its_tile_and_the_witches_town_bonus():
    """A trading house that founds a town (3 players, seed 0: the Witches in round 3, SCORE1, no favour tile):
    by hand, TW1 gives 5 VP and 6 coins and the Witches score 5 VP more for every town; the trading house costs
    2 workers and 3 coins (6 with no other faction's building next to it)."""
    state = _play_until(game.new_game(3), random.Random(0),
                        lambda s: s.game is not None and s.game.round > 0 and game.legal_rows(s)[0] == "witches" and
                        any(r.endswith("to TP. +TW1") for r in game.legal_rows(s)[1]))
    g = state.game
    f = g.factions["witches"]
    row = next(r for r in game.legal_rows(state)[1] if r.endswith("to TP. +TW1") and r.startswith("upgrade"))
    h = row.split()[1]
    assert g.setup.round_tiles[g.round - 1] == "SCORE1" and not f.favors   # no VP for the trading house itself
    price = 3 if any(g.owner(n) not in (None, "witches") for n in g.adjacent(h)) else 6
    s = sketch(g, "witches", row).faction
    assert (s.vp - f.vp, s.coins - f.coins, f.workers - s.workers, s.towns) == (5 + 5, 6 - price, 2, f.towns + ["TW1"])
    after = engine.apply_action(g, "witches", row).factions["witches"]
    assert all(getattr(after, k) == getattr(s, k) for k in FIELDS)


def _recorded_positions(games: int, seed: str):
    """Every decision of ``games`` greedy games (2-5 players, random factions, half with a Fire & Ice final tile)."""
    states = []

    class Recording:
        def __init__(self):
            self.bot = make_bot("greedy")

        def choose(self, state, rng, seat=None):
            states.append(state)
            return self.bot.choose(state, rng, seat)

    for k in range(games):
        n = 2 + k % 4
        final = "connected-clusters" if k % 2 else None
        start = game.new_game(n, options=sorted(set(engine.DEFAULT_OPTIONS) | {FINAL_SCORING_OPTION})
                              if final else None, final_scoring=final)
        play_game(start, [Recording() for _ in range(n)], random.Random(f"{seed}:{k}"))
    return states


def test_sketches_and_priced_conversion_rows_agree_with_the_engine_applying_them():
    """Every legal row but the passes (income and round end) and the bowl-III token bought with VP (valued by
    applying it): the sketch's faction is the engine's after the row; every conversion row priced without a
    sketch of its own (the move's sketch with plenty, then the conversions' arithmetic) is accepted by the
    engine and leaves the faction as the engine does."""
    rows_checked = converted = 0
    for state in _recorded_positions(4, "agree"):
        g = state.game
        if g is None or g.round == 0 or g.phase != "actions":
            continue
        name, rows = game.legal_rows(state)
        for row in rows:
            if row.startswith(("pass", "gain P3")):
                continue
            s = sketch(g, name, row).faction
            after = engine.apply_action(g, name, row).factions[name]
            assert [k for k in FIELDS if getattr(s, k) != getattr(after, k)] == [], row
            rows_checked += 1
        for text, _key, _commands, composed, _built in _content_candidates(g, name, rows):
            if composed is None:          # a town, cult steps or a power gain: sketched whole instead
                continue
            after = engine.apply_action(g, name, text).factions[name]
            assert [k for k in FIELDS if getattr(composed, k) != getattr(after, k)] == [], text
            converted += 1
    assert rows_checked > 2000 and converted > 500


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_move_of_the_greedy_bot_is_legal(players):
    """A listed row, or conversions (burning, converting) in front of one complete move that the engine accepts."""
    state = game.new_game(players)
    rng = random.Random(players)
    bot = make_bot("greedy")
    conversions = 0
    while not game.is_terminal(state):
        seat = game.current_player(state)
        if seat == game.CHANCE:
            state = game.apply_action(state, game.sample_chance(state, rng))
            continue
        action = bot.choose(state, rng, seat)
        legal = game.legal_actions(state)
        if action not in legal:
            verbs = [verb for verb, _args in action.commands]
            assert verbs[0] in ("convert", "burn") and verbs[-1] not in ("convert", "burn"), action
            conversions += 1
        state = game.apply_action(state, action)   # the engine accepts it (raises otherwise)
    assert game.score(state).winners and conversions > 0


def test_setup_dwellings_read_from_sketches_are_the_ones_applying_them_picks():
    """Round 0: the dwellings valued from their sketches and networks are exactly those that applying every row
    and valuing the game after it (the look-ahead's exact_values) finds best."""
    from companion.terra_mystica.bot_lookahead import exact_values
    from companion.terra_mystica.bot_value import _network_size
    from companion.terra_mystica.move_value import _setup_best

    seen = 0
    for players in (2, 4, 5):
        state = game.new_game(players)
        rng = random.Random(players)
        bots = [make_bot("greedy") for _ in range(players)]
        while state.game is None or state.game.round == 0:
            g = state.game
            name, rows = game.legal_rows(state)
            if g is not None and rows and all(r.startswith("build ") for r in rows):
                networks = {n: _network_size(g, n) for n in g.seats}
                assert _setup_best(g, name, rows, bots[0].weights, networks) == \
                    exact_values(g, name, rows, bots[0].weights, networks)
                seen += 1
            seat = game.current_player(state)
            action = game.sample_chance(state, rng) if seat == game.CHANCE else bots[seat].choose(state, rng, seat)
            state = game.apply_action(state, action)
    assert seen >= 2 * (2 + 4 + 5)
