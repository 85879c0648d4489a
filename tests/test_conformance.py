"""One conformance suite for every game in ``companion.games`` (the OpenSpiel random-play check).

Each game is played to the end by seeded random legal play through the protocol verbs alone, chance
included (Terra Mystica too: a whole random game, tile draws and faction picks included, takes about a
second). At every step: the input state is not changed, the action applied was offered, a stale action
from an earlier state is either accepted or refused with an ``IllegalActionError`` carrying a code, the
score's parts add up to its total. At the end: the record of the game replays to the same states, and
any action on the final state is refused with a code.
"""

from __future__ import annotations

import ast
import dataclasses
import random
from pathlib import Path
from types import MappingProxyType

import pytest

import companion
from companion.errors import IllegalActionError
from companion.games import GAMES
from companion.protocol import CHANCE, GameModule, ScoreSheet
from companion.refusals import SESSION_CODES, refusal_codes

SEATS = {"century": 3, "magick": 3, "terra_mystica": 4}
MAX_STEPS = 5000


def fingerprint(value, depth: int = 0):
    """Everything reachable from ``value`` as nested tuples, so any in-place change shows up.

    Read-only mappings (shared rules data) are skipped; hashable immutable values stand for their hash;
    a dataclass's ``compare=False`` fields (caches, e.g. a town state's link memo) are left out."""
    if depth > 12 or isinstance(value, (int, float, str, bytes, bool, type(None))):
        return value
    if isinstance(value, MappingProxyType):
        return "<read-only>"
    if isinstance(value, (tuple, frozenset)) or (dataclasses.is_dataclass(value)
                                                  and value.__dataclass_params__.frozen):
        try:  # an immutable value: its hash covers its content (computed in C for tuples)
            return ("hash", type(value).__name__, hash(value))
        except TypeError:  # holds a mutable part: look inside
            pass
    if isinstance(value, (list, tuple)):
        return (type(value).__name__,) + tuple(fingerprint(v, depth + 1) for v in value)
    if isinstance(value, (set, frozenset)):
        return ("set",) + tuple(sorted(repr(fingerprint(v, depth + 1)) for v in value))
    if isinstance(value, dict):
        try:
            return ("dict-hash", hash(tuple(value.items())))
        except TypeError:
            pass
        return ("dict",) + tuple((repr(k), fingerprint(v, depth + 1)) for k, v in value.items())
    if dataclasses.is_dataclass(value):  # the fields that make the value (compare=False ones are memos)
        return (type(value).__name__,) + tuple(fingerprint(getattr(value, f.name), depth + 1)
                                               for f in dataclasses.fields(value) if f.compare)
    if hasattr(value, "__dict__"):
        return (type(value).__name__,) + tuple((k, fingerprint(v, depth + 1)) for k, v in vars(value).items()
                                               if not callable(v))
    return repr(value)


def check_score(game, state) -> ScoreSheet:
    sheet = game.score(state)
    names = game.seat_names(state)
    assert [p.name for p in sheet.players] == names
    for p in sheet.players:
        assert sum(p.parts.values()) == p.total, f"{p.name}: parts {p.parts} do not add up to {p.total}"
    assert set(sheet.winners) <= set(names)
    return sheet


def play_random_game(game, seed: int):
    """States and the actions applied, from new_game to the end, by seeded random legal play."""
    rng = random.Random(seed)
    state = game.new_game(SEATS[game.NAME], seed=seed)
    states, stale = [state], []
    for _ in range(MAX_STEPS):
        if game.is_terminal(state):
            break
        actions = game.legal_actions(state)
        assert actions, f"{game.NAME}: a non-terminal state offers no action"
        if game.current_player(state) == CHANCE:
            sampled = game.sample_chance(state, rng)
            assert sampled in actions, f"{game.NAME}: sample_chance gave {sampled!r}, not an outcome"
        action = rng.choice(actions)
        before = fingerprint(state)
        for old in stale[-2:]:  # offered in an earlier state: accepted, or refused with a code
            if old in actions:
                continue
            try:
                game.apply_action(state, old)
            except IllegalActionError as exc:
                assert isinstance(exc.code, str) and exc.code, f"{game.NAME}: refusal without a code: {exc}"
                assert exc.code in refusal_codes(game.NAME), f"{game.NAME}: {exc.code!r} is in no registry"
        nxt = game.apply_action(state, action)
        assert fingerprint(state) == before, f"{game.NAME}: apply_action({action!r}) changed its input"
        assert nxt.history[-1] == action
        stale.append(action)
        if len(states) % 10 == 0:
            check_score(game, nxt)
        state = nxt
        states.append(state)
    assert game.is_terminal(state), f"{game.NAME}: no end after {MAX_STEPS} actions"
    return states


@pytest.fixture(scope="module", params=sorted(GAMES))
def game(request):
    return GAMES[request.param]


def test_every_game_module_has_the_protocol_verbs(game):
    assert isinstance(game, GameModule)
    assert GAMES[game.NAME] is game


@pytest.mark.parametrize("seed", [1, 2])
def test_random_legal_play_to_the_end_and_the_record_replays(game, seed):
    states = play_random_game(game, seed)
    assert len(states) > 20
    final = check_score(game, states[-1])
    assert final.winners, "a finished game has a winner"
    assert game.legal_actions(states[-1]) == []
    # any action on the finished game is refused with a code
    for action in states[-1].history[-3:]:
        with pytest.raises(IllegalActionError) as err:
            game.apply_action(states[-1], action)
        assert err.value.code in refusal_codes(game.NAME)
    # the record replays to the same states, and writing it again gives the same text
    text = game.write_record(states)
    replayed = game.replay(game.read_record(text))
    assert len(replayed) == len(states)
    assert replayed == states
    assert game.write_record(replayed) == text
    # the header plus one line per action is the record (what a session appends as the game goes)
    lines = [game.record_header(states[0])] if game.record_header(states[0]) else []
    lines += [game.record_line(s, a) for s, a in zip(states, states[-1].history, strict=False)]
    assert "\n".join(lines) + "\n" == text


def test_a_nonsense_action_is_refused_with_a_code(game):
    state = game.new_game(SEATS[game.NAME], seed=5)
    with pytest.raises(IllegalActionError) as err:
        game.apply_action(state, "not an action")
    assert err.value.code in refusal_codes(game.NAME)


def test_typed_actions_read_back(game):
    states = play_random_game(game, 3)
    checked = 0
    for state, action in zip(states, states[-1].history, strict=False):
        if game.current_player(state) == CHANCE:
            continue
        assert game.parse_action(state, game.action_text(state, action)) == action
        checked += 1
    assert checked > 10


# ------------------------------------------------------------------ the refusal-code registries
_RAISERS = ("IllegalActionError", "_illegal", "_err")  # the exception and the engines' helpers that build it


def _raised_codes(folder: Path) -> tuple[set[str], list[str]]:
    """The codes given as text to ``IllegalActionError`` (or an engine's helper) in the sources under ``folder``,
    and the places where the code is computed instead (a variable, a sum)."""
    codes, computed = set(), []
    for path in sorted(folder.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            if name not in _RAISERS:
                continue
            first = node.args[0]
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                codes.add(first.value)
            else:
                computed.append(f"{path.name}:{node.lineno} {ast.unparse(first)}")
    return codes, computed


def test_every_refusal_code_in_the_source_is_in_its_games_registry_and_none_is_stale(game):
    """Issue 22, point 14: one registry per game. A code is computed only where it passes on a caught
    refusal's code (``exc.code``) or, in Terra Mystica, names the missing resource (``'not_enough_' + ...``)."""
    from importlib import import_module

    registry = import_module(f"companion.{game.NAME}.refusals").REFUSAL_CODES
    raised, computed = _raised_codes(Path(companion.__file__).parent / game.NAME)
    assert raised - registry == set(), f"{game.NAME}: raised but not registered"
    for place in computed:
        assert place.endswith(("exc.code", "code")) or "'not_enough_' + " in place, place
    # the resources a Terra Mystica cost can name (engine ``_pay``: C, W, P, PW, VP, PW_TOKEN)
    dynamic = {f"not_enough_{r}" for r in ("c", "w", "p", "pw", "vp", "pw_token")} if game.NAME == "terra_mystica" else set()
    assert registry - raised - dynamic == set(), f"{game.NAME}: registered but never raised"


def test_the_session_codes_are_those_the_session_raises():
    source = Path(companion.__file__).parent
    raised = {n.args[0].value for n in ast.walk(ast.parse((source / "session.py").read_text(encoding="utf-8")))
              if isinstance(n, ast.Call) and getattr(n.func, "id", None) == "IllegalActionError"}
    assert raised == SESSION_CODES
