"""The session under every play and replay widget (companion.session), driven without widgets."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

from companion.errors import IllegalActionError, RecordError
from companion.games import GAMES
from companion.protocol import CHANCE
from companion.session import BOT, BY_CHANCE, HUMAN, Session

SEATS = {"century": 3, "magick": 3, "terra_mystica": 3}


def counting(game):
    """The protocol module ``game`` with a counter of apply_action calls per action."""
    calls: list = []

    def apply_action(state, action):
        calls.append(action)
        return game.apply_action(state, action)

    names = {n: getattr(game, n) for n in dir(game) if not n.startswith("_")}
    return SimpleNamespace(**(names | {"apply_action": apply_action})), calls


def play_humans(session: Session, rng: random.Random, clicks: int) -> None:
    for _ in range(clicks):
        if session.is_terminal():
            return
        session.apply(rng.choice(session.legal_actions()))


@pytest.mark.parametrize("name", sorted(GAMES))
def test_each_click_applies_the_action_once(name):
    game, calls = counting(GAMES[name])
    s = Session(game, SEATS[name], seed=3)   # all seats human: chance resolved, nothing else
    rng = random.Random(4)
    for _ in range(15):
        action = rng.choice(s.legal_actions())
        calls.clear()
        s.apply(action)
        assert calls.count(action) == 1
        assert all(k == BY_CHANCE for k in s.kinds[len(s.kinds) - len(calls) + 1:])
        assert s.kinds[len(s.kinds) - len(calls)] == HUMAN


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_record_grows_line_by_line_and_matches_write_record_after_undos(name):
    game = GAMES[name]
    s = Session(game, SEATS[name], seed=5)
    rng = random.Random(6)
    for k in range(40):
        if s.is_terminal():
            break
        if k % 7 == 6:
            assert s.undo()
        else:
            s.apply(rng.choice(s.legal_actions()))
    assert s.record_text() == game.write_record(s.states)
    assert game.replay(game.read_record(s.record_text())) == s.states


def test_undo_goes_back_to_the_last_human_decision_and_replays_the_same_future():
    century = GAMES["century"]
    s = Session(century, 3, seed=7, controllers=["human", "greedy", "random"])
    assert s.is_human_turn()
    play_humans(s, random.Random(1), 3)
    assert s.is_human_turn() and s.current_player() == 0
    kinds_before, states_before = list(s.kinds), list(s.states)
    action = s.legal_actions()[-1]
    s.apply(action)
    after = list(s.states)
    assert BOT in s.kinds[len(kinds_before):]  # the bots answered
    assert s.undo()
    assert s.states == states_before and s.kinds == kinds_before
    s.apply(action)  # same generator: the same cards turn up and the bots answer the same way
    assert s.states == after


def test_undo_without_people_takes_back_one_bot_action_and_nothing_at_the_start():
    s = Session(GAMES["century"], 2, seed=2, controllers=["random", "random"], auto_bots=False)
    assert not s.undo()  # only chance so far
    assert s.bot_step() and s.bot_step()
    made = s.decisions()
    assert s.undo()
    assert s.decisions() == made - 1
    assert s.current_player() != CHANCE


def test_bots_play_a_whole_game_and_the_scores_are_cached_per_state():
    s = Session(GAMES["magick"], 2, seed=1, controllers=["greedy", "random"])
    assert s.is_terminal()
    sheet = s.score()
    assert s.score() is sheet
    assert s.score(0) is s.score(0) and s.score(0) is not sheet
    assert sheet.winners and sum(sheet.players[0].parts.values()) == sheet.players[0].total
    assert not s.bot_step()


def test_chance_entered_by_a_person_and_drawn_on_request():
    magick = GAMES["magick"]
    s = Session(magick, 1, seed=2, auto_chance=lambda st: st.phase == "reveal")
    assert s.is_chance_turn() and s.state.phase == "roll"
    with pytest.raises(IllegalActionError) as err:
        s.apply(magick.parse_action(s.state, "roll d6=9 d8=1 d10=1 d12=1"))
    assert err.value.code == "bad_roll" and s.is_chance_turn()
    s.apply(magick.parse_action(s.state, "roll d6=3 d8=5 d10=2 d12=11"))
    assert s.state.roll.as_dict() == {"d6": 3, "d8": 5, "d10": 2, "d12": 11}
    s.apply(magick.parse_action(s.state, "end"))
    assert s.is_chance_turn()
    s.resolve_chance()
    assert s.state.phase == "craft" and s.kinds[-1] == HUMAN
    rolled = s.state.roll
    assert s.undo() and s.is_chance_turn()
    s.resolve_chance()
    assert s.state.roll == rolled  # undo cannot be used to roll again for better dice
    with pytest.raises(IllegalActionError) as err:
        s.resolve_chance()
    assert err.value.code == "no_chance_due"


def test_save_and_open_a_game(tmp_path):
    s = Session(GAMES["century"], ["Ann", "Bob"], seed=9, controllers=["human", "planner"])
    play_humans(s, random.Random(3), 5)
    path = s.save(tmp_path / "games" / "ann-bob.txt")
    again = Session.open(GAMES["century"], path, controllers=["human", "planner"])
    assert again.states == s.states and again.record_text() == s.record_text()
    assert again.seat_names() == ["Ann", "Bob"]
    broken = tmp_path / "broken.txt"
    broken.write_text(s.record_text().replace("players 2", "players two"), encoding="utf-8")
    with pytest.raises(RecordError) as err:
        Session.open(GAMES["century"], broken)
    assert "broken.txt" in str(err.value) and err.value.line == 2


def test_a_real_terra_mystica_game_opens_as_a_session():
    from companion.terra_mystica.engine.games import game_result, game_text, shipped_games

    game_id = shipped_games()[0]["game_id"]
    s = Session.from_record(GAMES["terra_mystica"], game_text(game_id))
    assert s.is_terminal()
    final = {f["faction"]: f["final_vp"] for f in game_result(game_id)["factions"]}
    assert {p.name: p.total for p in s.score().players} == final
    assert s.score().winners == [max(final, key=final.get)]


def test_people_may_act_for_any_seat_of_a_simultaneous_phase_and_the_log_names_it():
    magick = GAMES["magick"]
    s = Session(magick, ["Ann", "Ben"], seed=3, auto_chance=lambda st: st.phase == "reveal")
    s.apply(magick.parse_action(s.state, "roll d6=3 d8=5 d10=2 d12=11"))
    assert s.current_player() == 0 and magick.active_players(s.state) == [0, 1]
    s.apply(magick.parse_action(s.state, "Ben: end"))   # Ben ends first; Ann is still to act
    assert s.current_player() == 0 and s.state.players[1].done
    assert [(seat, magick.action_text(s.states[i], a)) for i, seat, a in s.recent(1)] == [(1, "Ben: end")]


def test_a_save_that_cannot_be_written_is_reported_and_the_old_file_kept(tmp_path):
    from companion.errors import SaveFileError
    from companion.savefile import atomic_write_text as write_text_atomically

    path = write_text_atomically(tmp_path / "game.txt", "old\n")
    blocked = tmp_path / "file-not-folder"
    blocked.write_text("x", encoding="utf-8")
    with pytest.raises(SaveFileError) as err:
        write_text_atomically(blocked / "game.txt", "new\n")
    assert "file-not-folder" in str(err.value)
    assert path.read_text(encoding="utf-8") == "old\n"
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []
