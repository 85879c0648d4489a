"""The play-a-full-game widget and the action picker, driven through their callbacks without a browser."""

from __future__ import annotations

import html

from companion.century import (
    DISCARD,
    Acquire,
    Discard,
    PlayCard,
    apply_action,
    is_terminal,
    legal_actions,
    new_game,
)
from companion.century.actions import describe_action, describe_move
from companion.century.record import read_record
from companion.widgets.century.actions import ActionPicker, group_actions
from companion.widgets.century.game import CenturyGame
from companion.widgets.century.table import table_html

# Rows laid out by hand (ids from the card list in tests/century/fixtures/cards.json):
# M19 = trade yy->b, M05 = create yyy, M40 = trade yy->gg; G01.. golems.
MARKET = ["M19", "M05", "M40", "M13", "M01", "M02"]
GOLEMS = ["G01", "G02", "G03", "G04", "G05"]


def picked(picker):
    got = []
    picker.on_action = got.append
    return got


def test_human_play_then_bots_then_undo_restores_the_state():
    game = CenturyGame(players=3, controllers=["human", "greedy", "random"], seed=3)
    start = game.state
    assert game.is_human_turn() and start.current == 0
    game.picker.kind.value = "play"
    game.picker.choice.value = "Create 2 (S01)"
    game.picker.go.click()
    # the two bots moved; the human is to act again, with 2 more yellow than the 3 they started with
    assert game.state.current == 0 and game.state.turn == 3
    assert game.state.caravans[0] == (5, 0, 0, 0)
    # in the reader's words, not the record notation ("play S01")
    assert f"Player 1: {html.escape(describe_action(PlayCard('S01')))}" in game.history.value
    assert "S01" not in game.history.value
    game.undo_button.click()
    assert game.state == start
    assert "no actions yet" in game.history.value


def test_hint_shows_three_legal_moves_of_the_human_with_values_and_reasons():
    game = CenturyGame(players=3, controllers=["human", "planner", "planner"], seed=4)
    moves = game.hint()
    assert len(moves) == 3 and all(m.action in legal_actions(game.state) for m in moves)
    table = game.state
    for m in moves:
        assert describe_move(table.market, table.golem_row, m.action) in html.unescape(game.coach.value)
        assert html.escape(m.reason) in game.coach.value and f"{m.expected_vp:.1f}" in game.coach.value
    game.human_action(moves[0].action)  # the hint was for the position it was asked in
    assert game.coach.value == ""


def test_review_charts_expected_vp_and_marks_drops():
    game = CenturyGame(players=2, controllers=["human", "greedy"], seed=3)
    assert game.review() is None  # nothing played yet
    for _ in range(6):
        game.human_action(legal_actions(game.state)[-1])  # a claim, rest or acquisition: often a poor move
    result = game.review()
    assert len(result.values) == len(result.actions) + 1 == 13
    fig = game.review_figure
    lines = [tr for tr in fig.data if tr.mode == "lines"]
    assert [tr.name for tr in lines] == game.names and len(lines[0].y) == 13
    marks = [tr for tr in fig.data if tr.mode == "markers"]
    assert sum(len(tr.x) for tr in marks) == len(result.drops) > 0
    assert all(d.loss > 0 for d in result.drops)


def test_undo_clears_a_review_of_moves_that_are_gone():
    game = CenturyGame(players=2, controllers=["human", "greedy"], seed=3)
    for _ in range(3):
        game.human_action(legal_actions(game.state)[-1])
    game.review()
    assert game.review_box.children and len(game.review_figure.data[0].y) == 7   # 6 moves and the start
    game.human_action(legal_actions(game.state)[-1])   # a move after the review: it still reviews moves 1..6
    assert game.review_box.children
    game.undo()   # back to the reviewed position: the review stands
    assert game.review_box.children and game.session.decisions() == 6
    game.undo()   # back past the last reviewed move: the review of a history that is gone disappears
    assert game.review_box.children == () and game.session.decisions() == 4
    result = game.review()   # a new review is of the game as it stands
    assert len(game.review_figure.data[0].y) == len(result.values) == 5


def test_undo_then_the_same_action_turns_up_the_same_cards():
    game = CenturyGame(players=3, controllers=["human", "random", "random"], seed=8)
    acquire_first = Acquire(1)
    game.human_action(acquire_first)  # the market refills from the deck, the bots answer
    after = game.state
    game.undo()
    game.human_action(acquire_first)
    assert game.state == after


def test_hot_seat_passes_the_picker_to_the_next_human():
    game = CenturyGame(players=2, controllers=["human", "human"], seed=5)
    game.picker.kind.value = "play"
    game.picker.choice.value = "Create 2 (S01)"
    game.picker.submit()
    assert game.state.current == 1 and game.is_human_turn()
    assert game.picker.layout.display == ""
    assert "2. Player 2</b> ◀ to act" in game.table.value


def test_an_all_bot_game_plays_to_the_end_and_its_record_replays():
    game = CenturyGame(players=4, controllers=["planner", "greedy", "random", "planner"], seed=11)
    assert is_terminal(game.state)
    assert "Game over" in game.history.value and "wins" in game.history.value
    assert game.picker.layout.display == "none"
    # the chart shows one line per seat, one point per turn played
    assert len(game.chart.data) == 4 and len(game.chart.data[0].x) == game.state.turn + 1
    record = read_record(game.record_text.value)
    assert record.actions == tuple(game.game_log.actions)


def test_bots_wait_when_they_do_not_move_by_themselves():
    game = CenturyGame(players=2, controllers=["greedy", "human"], seed=2)
    assert game.state.current == 1  # the bot moved at the start
    game.auto.value = False
    game.controller_boxes[0].value = "greedy"
    game.start()
    assert game.state.current == 0 and game.state.turn == 0
    assert game.step_button.click() is None and game.state.current == 1


def test_picker_offers_every_legal_play_and_labels_the_caravan_after():
    state = new_game(3, golem_row=GOLEMS, market=MARKET)._replace(caravans=((2, 0, 0, 1), (4, 0, 0, 0), (4, 0, 0, 0)))
    picker = ActionPicker(lambda a: None)
    picker.show(state)
    picker.kind.value = "play"
    picker.choice.value = "Upgrade 2 (S02)"
    labels = [label for label, _ in picker.variant.options]
    # yellow->green->blue on one crystal is offered, and pink is never upgraded
    assert "1 yellow→green, 1 green→blue → caravan ybp" in labels
    assert all("pink→" not in label for label in labels)
    assert len(labels) == len(group_actions(state)["play"]["Upgrade 2 (S02)"])
    assert sum(picker.variant.value.steps) == 2  # the fullest use is offered first
    assert labels[-1] == "no upgrade → caravan yyp"


def test_acquire_choices_say_which_crystals_come_with_the_card():
    state = new_game(3, golem_row=GOLEMS, market=MARKET)._replace(
        market_crystals=((0, 0, 0, 0), (0, 0, 0, 0), (0, 2, 0, 1), (0, 0, 0, 0), (0, 0, 0, 0), (0, 0, 0, 0)))
    choices = list(group_actions(state)["acquire"])
    assert "position 3: Trade yy->gg — place 2 crystals, take the 2 green, 1 pink on it" in choices
    assert "position 1: Trade yy->b — place 0 crystals" in choices


def test_picker_acquire_payment_is_checked_by_the_engine():
    state = new_game(3, golem_row=GOLEMS, market=MARKET)._replace(caravans=((1, 0, 0, 1), (4, 0, 0, 0), (4, 0, 0, 0)))
    picker = ActionPicker(lambda a: None)
    got = picked(picker)
    picker.show(state)
    picker.kind.value = "acquire"
    picker.choice.value = next(c for c in picker.choice.options if c.startswith("position 3"))
    assert len(picker.payment) == 2
    picker.payment[0].value = 3  # pink
    picker.payment[1].value = 3  # pink again, but there is only one
    assert not picker.submit()
    assert "needs 2 crystals placed" in picker.message.value and "not_enough_crystals" not in picker.message.value
    assert got == []
    picker.payment[1].value = 0
    assert picker.submit() and got == [Acquire(3, (3, 0))]


def test_picker_offers_the_return_of_crystals_over_ten():
    state = new_game(2, golem_row=GOLEMS, market=MARKET)._replace(caravans=((6, 3, 0, 0), (4, 0, 0, 0)))
    after = apply_action(state, PlayCard("S01"))  # 11 crystals
    assert after.stage == DISCARD
    picker = ActionPicker(lambda a: None)
    got = picked(picker)
    picker.show(after)
    assert [v for _, v in picker.kind.options] == ["discard"]
    labels = [label for label, _ in picker.variant.options]
    assert sorted(labels) == ["return 1 green (keep yyyyyyyygg)", "return 1 yellow (keep yyyyyyyggg)"]
    picker.variant.value = Discard((0, 1, 0, 0))
    assert picker.submit() and got == [Discard((0, 1, 0, 0))]


def test_table_drawing_shows_rows_coins_and_players():
    state = new_game(4, golem_row=GOLEMS, market=MARKET)
    text = table_html(state, ["Ann", "Bob", "Cy", "Di"])
    assert text.count("cge-card golem") == 5
    assert ">copper</span>" in text and ">silver</span>" in text  # positions 1 and 2 pay coins
    assert "copper pile 8, silver pile 8" in text  # 2 x players each
    assert "4. Di</b>" in text and "Round 1: Ann to act." in text


def test_a_click_applies_the_action_once(monkeypatch):
    from companion.century import game as century

    game = CenturyGame(players=3, controllers=["human", "random", "random"], seed=6)
    calls = []
    real = century.apply_action
    monkeypatch.setattr(century, "apply_action", lambda s, a: calls.append(a) or real(s, a))
    game.picker.kind.value = "play"
    game.picker.choice.value = "Create 2 (S01)"
    game.picker.go.click()
    assert calls.count(PlayCard("S01")) == 1
    assert game.state.current == 0 and game.state.caravans[0] == (5, 0, 0, 0)


def test_enter_in_the_text_box_plays_a_typed_action_and_reports_a_bad_one():
    game = CenturyGame(players=2, controllers=["human", "human"], seed=5)
    game.typed.value = "play S01"  # what the browser sends when Enter is pressed
    assert game.state.current == 1 and game.state.caravans[0] == (5, 0, 0, 0)
    assert game.typed.value == ""
    game.typed.value = "claim 9"
    assert "claim 9" in game.message.value and "bad_position" not in game.message.value   # the reason, no code
    assert game.state.current == 1
    game.typed.value = "fly away"
    assert "cannot read action" in game.message.value


def test_save_and_open_the_game_record(tmp_path):
    game = CenturyGame(players=3, controllers=["human", "greedy", "random"], seed=3)
    game.name_boxes[0].value = "Ann Lee"
    game.start()
    game.human_action(Acquire(1))
    path = tmp_path / "saved.txt"
    game.record_file.path_box.value = str(path)
    assert game.record_file.save_file()
    saved_state, saved_text = game.state, path.read_text(encoding="utf-8")
    assert saved_text == game.record_text.value
    assert read_record(saved_text).names[0] == "Ann Lee"
    game.start()  # a new game, then the saved one again
    assert game.state != saved_state
    assert game.record_file.open_file()
    assert game.state == saved_state and game.names[0] == "Ann Lee" and game.is_human_turn()
    path.write_text(saved_text.replace("P1 acquire 1", "P1 acquire 9"), encoding="utf-8")
    game.start()
    before = game.state
    assert not game.record_file.open_file()
    assert "saved.txt" in game.record_file.status.value and game.state == before


def _play_first_choices(game, decisions: int) -> None:
    """The person takes the first action the picker offers until ``decisions`` actions (the bot's too) are made."""
    while game.state.turn < decisions:
        game.picker.go.click()


def test_the_history_heading_says_how_many_of_the_actions_it_lists():
    """Fresh review: "Last actions (9 so far)" listed 8. The list shows the last 8 actions; the heading says so
    ("Last 8 of 9 actions"), the count being the game's own turn counter (one action a turn, reveals aside)."""
    game = CenturyGame(players=2, controllers=["human", "greedy"], seed=3)
    _play_first_choices(game, 3)
    turns = game.state.turn
    head, _br, listed = game.history.value.partition("<br>")
    assert head == f"<b>All {turns} actions so far:</b>" and len(listed.split("<br>")) == turns
    _play_first_choices(game, 9)
    turns = game.state.turn
    head, _br, listed = game.history.value.partition("<br>")
    assert turns >= 9 and head == f"<b>Last 8 of {turns} actions:</b>", head
    assert len(listed.split("<br>")) == 8


def test_the_history_heading_in_chinese_and_in_the_singular():
    from companion.i18n import using_language
    from companion.widgets.century.game import actions_heading

    assert actions_heading(1, 1) == "The 1 action so far:"
    assert actions_heading(8, 9) == "Last 8 of 9 actions:"
    with using_language("zh_CN"):
        assert actions_heading(8, 9) == "最近 8 个行动（共 9 个）："
        assert actions_heading(3, 3) == "目前共 3 个行动："
