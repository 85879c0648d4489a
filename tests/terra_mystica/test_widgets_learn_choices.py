"""The learn notebook's "choices you state" section, driven without a browser: press the command buttons.

Expected numbers from the rules (RULES-NOTES-D D.2: a cult track reaches 10 only with a town key, and both
tracks stop at 9 when one key must serve two; the tenth space pays 3 power; TW5 gives a key and one step
on each track), worked out by hand from the lesson's position (Witches at 6 / 9 / 4 / 9, no key).
"""

from __future__ import annotations

from companion.widgets.terra_mystica.learn import KEY_CHOICE_CULTS, TownKeyChoice
from tests.terra_mystica.language_listeners import forget_language_listeners  # noqa: F401 (autouse fixture)


def press(widget: TownKeyChoice, command: str) -> None:
    widget.choices[command].click()


def positions(widget: TownKeyChoice) -> list[int]:
    f = widget.game.factions["witches"]
    return [f.cult[t] for t in ("FIRE", "WATER", "EARTH", "AIR")]


def test_the_position_offers_the_town_tiles_and_steps_back_but_no_key_choice_yet():
    w = TownKeyChoice()
    assert positions(w) == list(KEY_CHOICE_CULTS.values()) == [6, 9, 4, 9]
    assert {"+TW5", "-WATER", "-AIR"} <= set(w.choices)
    assert "+WATER" not in w.choices and "+AIR" not in w.choices
    assert "Your choice" not in w.state.value


def test_a_town_tile_with_one_key_for_two_tracks_waits_for_the_learners_pick():
    w = TownKeyChoice()
    press(w, "+TW5")
    assert positions(w) == [7, 9, 5, 9]                 # water and air held at 9, the key unused
    assert {"+WATER", "+AIR"} <= set(w.choices)
    assert "Your choice" in w.state.value and "<code>+AIR</code>" in w.state.value
    assert "stopped at 9 for want of a free key: water, air" in w.history.value
    iii = w.game.factions["witches"].bowls.iii
    press(w, "+AIR")
    assert positions(w) == [7, 9, 5, 10]
    assert w.game.factions["witches"].bowls.iii == iii + 3  # the tenth space: 3 power (bowl II -> III)
    assert "+WATER" not in w.choices and "+AIR" not in w.choices  # the one key is used
    assert w.typed == ["+TW5", "+AIR"]
    bars = w.chart.data[0]
    assert list(bars.y) == [7, 9, 5, 10]


def test_the_other_pick_and_an_illegal_command_show_the_engine_s_answer():
    w = TownKeyChoice()
    press(w, "+TW5")
    press(w, "+WATER")
    assert positions(w) == [7, 10, 5, 9]
    w.choose("+AIR")                                     # typed anyway: refused, nothing changes
    assert "companion-error" in w.message.value
    assert positions(w) == [7, 10, 5, 9] and w.typed == ["+TW5", "+WATER"]


def test_declining_a_step_first_sends_the_key_without_a_question_and_reset_starts_again():
    w = TownKeyChoice()
    press(w, "-WATER")
    assert positions(w) == [6, 8, 4, 9]
    press(w, "+TW5")
    assert positions(w) == [7, 9, 5, 10]                 # water's step lands on 9, air takes the key
    assert "Your choice" not in w.state.value
    w.reset_button.click()
    assert positions(w) == [6, 9, 4, 9] and w.typed == [] and w.history.value == "<ol></ol>"
