"""Terra Mystica bots (issue 15): random and greedy bots play whole games through the protocol adapter."""

from __future__ import annotations

import random

import pytest

from companion.errors import CompanionError
from companion.games import GAMES
from companion.session import Session
from companion.terra_mystica import game
from companion.terra_mystica.bots import (
    BOTS,
    GreedyBot,
    RandomBot,
    conversion_rows,
    evaluate,
    make_bot,
    play_game,
)
from companion.terra_mystica.engine import TurnState


def test_bots_are_reachable_through_the_protocol_module():
    from companion.terra_mystica.search import SearchBot

    assert set(game.BOTS) == set(BOTS) == {"random", "greedy", "search"}
    assert isinstance(game.make_bot("search"), SearchBot)
    assert isinstance(game.make_bot("random"), RandomBot)
    assert isinstance(game.make_bot("greedy"), GreedyBot)
    with pytest.raises(CompanionError, match="unknown bot 'smart'"):
        game.make_bot("smart")


@pytest.mark.parametrize("kind", ["random", "greedy"])
def test_a_bot_game_with_random_factions_finishes_on_the_base_map(kind):
    rng = random.Random(11)
    first, last = play_game(game.new_game(2), [make_bot(kind), make_bot(kind)], rng)
    assert game.is_terminal(last)
    names = game.seat_names(last)
    assert len(set(names)) == 2 and not any(n.startswith("Seat") for n in names)
    # the bots picked the factions, the dwellings and the bonus tiles: every seat built and passed 7x (first tile, rounds 1-6)
    for name in names:
        f = last.game.factions[name]
        assert f.buildings["D"] + f.buildings["TP"] + f.buildings["TE"] + f.buildings["SH"] + f.buildings["SA"] >= 2
        assert sum(1 for r in last.game.rows if r.faction == name and r.label.startswith("pass")) == 7
    assert all(p.total > 0 for p in game.score(last).players)


def test_bot_choices_are_legal_actions_in_every_phase():
    rng = random.Random(5)
    state = game.new_game(2)
    bot = make_bot("greedy")
    seen = set()
    while not game.is_terminal(state):
        seat = game.current_player(state)
        if seat == game.CHANCE:
            action = game.sample_chance(state, rng)
        else:
            action = bot.choose(state, rng, seat)
            legal = game.legal_actions(state)
            if action not in legal:
                # a conversion row: burning / converting first, then an action the conversions afford
                verbs = [c[0] for c in action.commands]
                assert verbs[0] in ("convert", "burn") and verbs[-1] not in ("convert", "burn")
                seen.add("conversion")
            seen.add(action.commands[-1][0] if isinstance(action, game.Action) else type(action).__name__)
        state = game.apply_action(state, action)
    # faction picks, dwellings, bonus tiles / passing and turns were all the bot's
    assert {"setup", "build", "pass"} <= seen


def test_greedy_values_a_dwelling_more_than_a_pointless_transform():
    state = game.new_game(["witches", "nomads"])
    rng = random.Random(0)
    while state.game is None or state.game.phase != "actions":
        state = game.apply_action(state, make_bot("random").choose(state, rng))
    name = game.seat_names(state)[game.current_player(state)]
    values = {}
    for a in game.legal_actions(state):
        verbs = {v for v, _args in a.commands}  # complete moves: "dig 1. build E7", "dig 1. transform E7"
        verb = "build" if "build" in verbs else "transform" if "transform" in verbs else None
        if verb is not None:
            values.setdefault(verb, []).append(evaluate(game.apply_action(state, a).game, name))
    assert max(values["build"]) > max(values["transform"])


def test_greedy_beats_random():
    greedy, rand = [], []
    for seed in range(3):
        rng = random.Random(seed)
        kinds = ["greedy", "random"] if seed % 2 == 0 else ["random", "greedy"]
        _, last = play_game(game.new_game(2), [make_bot(k) for k in kinds], rng)
        for kind, p in zip(kinds, game.score(last).players, strict=True):
            (greedy if kind == "greedy" else rand).append(p.total)
    assert sum(greedy) / len(greedy) > sum(rand) / len(rand) + 10


def test_a_session_plays_bot_seats_by_name():
    s = Session(GAMES["terra_mystica"], 2, seed=3, controllers=["random", "random"])
    assert s.is_terminal
    assert game.is_terminal(s.state)


def _in_actions(factions, seed=0):
    state = game.new_game(factions)
    rng = random.Random(seed)
    while state.game is None or state.game.phase != "actions":
        state = game.apply_action(state, make_bot("random").choose(state, rng))
    return state


def test_conversion_rows_afford_actions_by_converting_first():
    state = _in_actions(["witches", "nomads"])
    g = state.game.copy()
    name = g.expected_turn()
    f = g.factions[name]
    f.workers, f.priests, f.coins = 0, 2, 20
    f.bowls = type(f.bowls)(0, 6, 0)
    rows = conversion_rows(g, name)
    # no worker: a trading house needs two priests turned into workers; a power action needs power burnt first
    assert any(r.startswith("convert 2P to 2W. upgrade ") and r.endswith(" to TP") for r in rows)
    assert "burn 3. action ACT2" in rows and not any(r.endswith("action ACT6") for r in rows)  # 6 PW: out of reach
    assert all(r.split(". ")[0].startswith(("convert", "burn")) for r in rows)
    other = next(n for n in g.seats if n != name)
    assert conversion_rows(g, other) == []  # only on the faction's own turn


def test_greedy_converts_when_that_affords_a_better_action():
    from dataclasses import replace

    state = _in_actions(["witches", "nomads"])
    g = state.game.copy()
    name = g.expected_turn()
    f = g.factions[name]
    f.workers, f.priests, f.coins = 0, 0, 20
    f.bowls = type(f.bowls)(0, 0, 6)  # no worker, no priest: shipping needs power converted to a priest
    state = replace(state, game=g)
    networks = {n: g.network_size(n) for n in g.seats}

    def value(a):
        return evaluate(game.apply_action(state, a).game, name, networks=networks)

    best_plain = max(value(a) for a in game.legal_actions(state))
    converted = [game.Action.parse(name, r) for r in conversion_rows(g, name)]
    assert converted and max(value(a) for a in converted) > best_plain  # the premise of this test
    action = make_bot("greedy").choose(state, random.Random(1))
    assert action.commands[0][0] == "convert" and action in converted


def _shapeshifters_in_actions(seed=0, turn="shapeshifters"):
    """Shapeshifters and Witches in the action phase of round 1, ``turn`` to act."""
    state = game.new_game(["shapeshifters", "witches"])
    rng = random.Random(seed)
    while state.game is None or state.game.phase != "actions" or state.game.expected_turn() != turn:
        state = game.apply_action(state, rng.choice(game.legal_actions(state)))  # uniform: a fixed position
    return state


def _with_stronghold(state, *, c, w, p, bowls):
    """A copy of ``state`` where one Shapeshifter dwelling is their stronghold and they hold these resources."""
    from dataclasses import replace

    g = state.game.copy()
    f = g.factions["shapeshifters"]
    h = sorted(f.hexes)[0]
    f.hexes[h] = "SH"
    f.buildings["D"] -= 1
    f.buildings["SH"] += 1
    g.townstate.buildings[h] = ("shapeshifters", "SH")
    f.coins, f.workers, f.priests = c, w, p
    f.bowls = type(f.bowls)(*bowls)
    return replace(state, game=g)


def test_greedy_changes_the_shapeshifters_colour_when_that_brings_home_hexes_in_reach():
    from companion.terra_mystica.bots import home_hexes_in_reach

    state = _with_stronghold(_shapeshifters_in_actions(), c=0, w=0, p=0, bowls=(2, 0, 5))
    g = state.game
    home = g.factions["shapeshifters"].home
    assert home_hexes_in_reach(g, "shapeshifters") == 0     # the premise: no spade-free build in reach
    # no coin, worker or priest: nothing to build; 5 power in bowl III pays the colour change (ACTH5)
    action = make_bot("greedy").choose(state, random.Random(1))
    assert action.text.startswith("action ACTH5. pick-color ")
    after = game.apply_action(state, action).game
    assert after.factions["shapeshifters"].home != home
    # the colour picked is one with the most empty hexes in reach (up to the counted cap)
    counts = {}
    for colour in ("yellow", "black", "blue", "gray", "red", "green", "brown"):
        try:
            s = game.apply_action(state, game.Action.parse("shapeshifters", f"action ACTH5. pick-color {colour}"))
        except Exception:   # a colour in play with the Witches (green) or their own
            continue
        counts[colour] = min(home_hexes_in_reach(s.game, "shapeshifters"), 2)
    assert counts[after.factions["shapeshifters"].home] == max(counts.values()) > 0


def test_greedy_keeps_its_colour_when_home_hexes_are_in_reach_already():
    from companion.terra_mystica.bots import home_hexes_in_reach

    state = _with_stronghold(_shapeshifters_in_actions(), c=0, w=0, p=0, bowls=(2, 0, 5))
    g = state.game
    f = g.factions["shapeshifters"]
    spots = sorted(h for h in g.colour if h not in g.townstate.buildings and g.reach(f, h) == "free")[:2]
    for h in spots:           # two empty hexes in reach turned to their home terrain
        g.colour[h] = f.home
    assert home_hexes_in_reach(g, "shapeshifters") == 2
    action = make_bot("greedy").choose(state, random.Random(1))
    assert not action.text.startswith("action ACTH")   # a whole turn and 5 power for nothing it needs
    # paying the change with 5 tokens (ACTH6) is valued below paying 5 power (ACTH5): tokens are gone for good
    colour = next(c for c in ("yellow", "black", "blue", "gray", "red") if c != f.home)
    by_power, by_tokens = (evaluate(game.apply_action(state, game.Action.parse(
        "shapeshifters", f"action {space}. pick-color {colour}")).game, "shapeshifters") for space in ("ACTH5", "ACTH6"))
    assert by_tokens < by_power


def _p3_offer(state, round_):
    """A copy where the Witches, on their turn, have just accepted Shapeshifter power: the Shapeshifters
    answer before the Witches go on (the engine awaits them first)."""
    from dataclasses import replace

    g = state.game.copy()
    g.round = round_
    g.turn = TurnState()  # the Witches' turn: the Shapeshifters' last turn has closed (RULES-NOTES-E E.0)
    g.factions["shapeshifters"].set_owed(gain_p3=1)
    return replace(state, game=g)


@pytest.mark.parametrize(("round_", "takes"), [(1, True), (3, True), (4, False), (6, False)])
def test_greedy_buys_a_bowl_iii_token_for_1_vp_early_and_declines_late(round_, takes):
    state = _p3_offer(_shapeshifters_in_actions(turn="witches"), round_)
    assert game.seat_names(state)[game.current_player(state)] == "shapeshifters"
    legal = {a.text for a in game.legal_actions(state)}
    assert legal == {"gain P3 for VP", "-GAIN_P3_FOR_VP"}
    action = make_bot("greedy").choose(state, random.Random(0))
    assert action.text == ("gain P3 for VP" if takes else "-GAIN_P3_FOR_VP")
    after = game.apply_action(state, action).game.factions["shapeshifters"]
    before = state.game.factions["shapeshifters"]
    assert (after.bowls[2] - before.bowls[2], before.vp - after.vp) == ((1, 1) if takes else (0, 0))


def test_burning_power_costs_the_token_for_the_rounds_left():
    state = _in_actions(["witches", "nomads"])
    g = state.game.copy()
    name = g.expected_turn()
    f = g.factions[name]
    f.bowls = type(f.bowls)(0, 6, 0)
    burnt = g.copy()
    burnt.factions[name].bowls = type(f.bowls)(0, 4, 1)   # burn 1: two tokens leave bowl II, one reaches III
    assert evaluate(burnt, name) < evaluate(g, name)


def test_the_greedy_projection_is_the_engines_projected_final_score():
    """The bot's per-faction projection (ranks and conversion remembered) agrees with engine.score, which
    scores every faction through final_scoring."""
    from companion.terra_mystica.bots import _projection
    from companion.terra_mystica.engine import score

    state = game.new_game(["witches", "nomads", "darklings"])
    rng = random.Random(4)
    seen = 0
    while not game.is_terminal(state):
        g = state.game
        if g is not None and g.phase == "actions":
            expected = score(g)
            for n in g.seats:
                assert _projection(g, n, None)[0] == expected[n]["projected_final_vp"]
            seen += 1
        state = game.apply_action(state, make_bot("random").choose(state, rng))
    assert seen > 20


def test_a_bot_game_collects_less_often_and_puts_the_collector_back():
    """play_game raises the collector's first threshold for the game only: back as it was after the game,
    and after a game cut short by an error."""
    import gc

    from companion.terra_mystica.bots import GAME_GC_THRESHOLD

    seen = []

    class Watching:
        def __init__(self, fail_after: int | None = None) -> None:
            self.bot, self.fail_after = make_bot("random"), fail_after

        def choose(self, state, rng, seat=None):
            seen.append(gc.get_threshold()[0])
            if self.fail_after is not None and len(seen) > self.fail_after:
                raise CompanionError("stop")
            return self.bot.choose(state, rng, seat)

    before = gc.get_threshold()
    try:
        gc.set_threshold(700, 10, 10)
        play_game(game.new_game(["witches", "nomads"]), [Watching(), Watching()], random.Random(2))
        assert seen and min(seen) >= GAME_GC_THRESHOLD
        assert gc.get_threshold() == (700, 10, 10)
        seen.clear()
        with pytest.raises(CompanionError):
            play_game(game.new_game(["witches", "nomads"]), [Watching(3), Watching(3)], random.Random(2))
        assert len(seen) == 4
        assert gc.get_threshold() == (700, 10, 10)
    finally:
        gc.set_threshold(*before)
