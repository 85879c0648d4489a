"""The learn-the-rules tables, driven through their buttons and text box without a browser.

Each Q&A of the rules summary has a situation; the expected outcomes below are worked out by hand from the
rules text (tests/century/fixtures/rules-facts.md and tricky-cases.md), not taken from the engine.
"""

from __future__ import annotations

import pytest

from companion.century import DISCARD, is_terminal
from companion.errors import CompanionError
from companion.widgets.century.lessons import SITUATIONS, LessonTable, lesson


def press(table: LessonTable, label: str) -> None:
    index = [t[0] for t in table.situation.tries].index(label)
    table.try_buttons[index].click()


def test_every_situation_draws_and_offers_legal_actions():
    for key in SITUATIONS:
        table = lesson(key)
        assert "cge-table" in table.table.value
        assert table.picker.kind.options, key


def test_upgrade_steps_on_one_crystal_and_the_refusals():
    table = lesson("upgrade")  # Ann: 2 yellow, 1 pink
    press(table, "One yellow twice: yellow→green→blue")
    assert table.states[1].caravans[0] == (1, 0, 1, 1)
    press(table, "Upgrade the pink")
    assert "[pink_cannot_upgrade]" in table.answer.value and len(table.states) == 1
    press(table, "Three steps with Upgrade 2")
    assert "[too_many_upgrades]" in table.answer.value


def test_a_trade_repeats_only_while_paid_in_full():
    table = lesson("trade")  # 6 yellow, yy -> b
    press(table, "Three times")
    assert table.states[1].caravans[0] == (0, 0, 3, 0)
    press(table, "Four times (needs 8 yellow)")
    assert "[not_enough_crystals]" in table.answer.value and "each repetition is paid in full" in table.answer.value


def test_acquire_pays_left_takes_the_crystals_on_the_card_and_ends_the_turn():
    table = lesson("acquire")  # Ann: 3 yellow + 1 blue; 1 pink on position 1, 2 green on position 3
    press(table, "Take position 3, placing 2 yellow")
    after = table.states[1]
    assert after.caravans[0] == (1, 2, 1, 0)  # tricky case 1
    assert "M19" in after.hands[0]
    assert after.market_crystals[0] == (1, 0, 0, 1) and after.market_crystals[1] == (1, 0, 0, 0)
    press(table, "Take position 4, placing 3 crystals")  # Q&A: the 4th card costs 3, one on each card to its left
    after = table.states[1]
    assert after.caravans[0] == (1, 0, 0, 0) and "M40" in after.hands[0]
    assert [after.market_crystals[i] for i in range(3)] == [(1, 0, 0, 1), (1, 0, 0, 0), (0, 2, 1, 0)]
    press(table, "Take position 1 (free, with the pink on it)")
    assert table.states[1].caravans[0] == (3, 0, 1, 1)
    press(table, "Take position 3, paying with the green on it")
    assert "[not_enough_crystals]" in table.answer.value
    press(table, "Take position 6 with only 4 crystals")
    assert "[not_enough_crystals]" in table.answer.value
    press(table, "Take position 3, then play it at once")
    assert "✔ Ann: <code>acquire 3 pay yy" in table.answer.value
    assert "Bob: <code>play M19</code> refused" in table.answer.value and "[card_not_in_hand]" in table.answer.value


def test_rest_takes_every_played_card_back_and_resting_with_none_is_refused():
    table = lesson("rest")
    press(table, "Ann rests")
    assert sorted(table.states[1].hands[0]) == ["M19", "S01", "S02"] and table.states[1].played[0] == ()
    press(table, "Ann rests, then Bob (nothing played) rests")
    assert "[nothing_to_rest]" in table.answer.value


def test_claim_exact_colours_and_coins_by_position():
    table = lesson("claim")  # 2 yellow, 1 green, 2 blue, 2 pink
    press(table, "Claim position 2 (yybb, pays silver)")
    assert table.states[1].silver[0] == 1 and table.states[1].caravans[0] == (0, 1, 0, 2)
    press(table, "Claim position 1 (yygg) with blue instead of green")
    assert "[not_enough_crystals]" in table.answer.value
    coins = lesson("coins")  # no copper left
    press(coins, "Claim position 1 (pays silver now)")
    assert coins.states[1].silver[0] == 2 and coins.states[1].copper[0] == 2
    press(coins, "Claim position 2 (pays nothing now)")
    assert coins.states[1].silver[0] == 1 and coins.states[1].copper[0] == 2


def test_caravan_limit_is_checked_at_the_end_and_the_player_chooses():
    table = lesson("caravan")  # 9 crystals, p -> bb twice = 11
    press(table, "Trade p→bb twice (11 crystals, then choose)")
    assert table.state.stage == DISCARD and sum(table.state.caravans[0]) == 11
    assert [v for _, v in table.picker.kind.options] == ["discard"]
    press(table, "... and return 2 yellow")
    assert "[wrong_discard]" in table.answer.value
    press(table, "... and return 1 yellow")
    assert table.state.caravans[0] == (4, 2, 4, 0) and table.state.current == 1


def test_end_of_game_finishes_the_round_and_the_tie_goes_to_the_later_player():
    table = lesson("end")
    press(table, "Bob claims position 1")
    assert table.state.end_triggered and not is_terminal(table.state) and table.state.current == 2
    press(table, "Bob claims, Cid rests, Dee claims position 2 (a tie)")
    assert is_terminal(table.state)
    # Bob: 42 + 6 golem VP, 1 copper (3), 1 blue left = 52; Dee: 40 + 8, 1 silver, 3 pink = 52
    assert "tie on 52 VP between Bob, Dee" in table.answer.value and "Dee wins" in table.answer.value
    assert table.picker_box.layout.display == "none"
    assert "Game over: Dee wins with 52 VP (tied with Bob" in table.table.value


def test_typed_actions_back_and_reset():
    table = lesson("trade")
    table.typed.value = "play M19 x2"
    table.typed_button.click()
    assert table.state.caravans[0] == (2, 0, 2, 0) and table.state.current == 1
    table.try_text("acquire nine")
    assert "expected a number for the market position" in table.answer.value
    table.back_button.click()
    assert len(table.states) == 1 and table.state.current == 0
    table.try_text("claim 1")
    assert "[not_enough_crystals]" in table.answer.value
    table.reset_button.click()
    assert len(table.states) == 1 and table.answer.value == ""


def test_the_picker_plays_on_the_live_table():
    table = lesson("create")
    table.picker.kind.value = "play"
    table.picker.choice.value = "Create p (M16)"
    table.picker.go.click()
    assert table.states[-1].caravans[0] == (3, 0, 0, 1)
    assert "✔ Ann: <code>play M16</code>" in table.answer.value


def test_unknown_situation():
    with pytest.raises(CompanionError, match="expected one of setup"):
        lesson("nope")
