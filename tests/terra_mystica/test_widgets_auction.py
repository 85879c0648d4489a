"""The fast-auction widget, driven without a browser. The worked example is the rules summary's (快速竞叫):
you, Alice and Bob; Cultists, Giants, Mermaids; the steps below are copied from its text."""

from __future__ import annotations

from companion.widgets.terra_mystica.auction import FastAuction

# (player, faction, bid) of every bid in the summary's text; "skip" rows are the summary's "被跳过".
SUMMARY_STEPS = [
    ("You", "cultists", 0), ("Alice", "cultists", 1), ("Bob", "cultists", 2),
    ("You", "cultists", 3), ("Alice", "cultists", 4), ("Bob", "cultists", 5),
    ("You", "mermaids", 0), ("Alice", "cultists", 6), ("Bob", "cultists", 7),
    ("You", "skip", None), ("Alice", "mermaids", 1), ("Bob", "skip", None),
    ("You", "mermaids", 2), ("Alice", "cultists", 8), ("Bob", "giants", 0),
]


def test_the_worked_example_steps_as_the_summary_tells_it():
    widget = FastAuction()     # starts with the summary's example; seed 0 makes Alice pick the Mermaids
    steps = widget.resolution.steps
    shown = [(s.player, s.faction if s.action == "bid" else "skip", s.bid if s.action == "bid" else None)
             for s in steps]
    assert shown == SUMMARY_STEPS
    assert widget.step.max == len(SUMMARY_STEPS)


def test_stepping_reveals_the_steps_and_the_standing_bids():
    widget = FastAuction()
    assert widget.step.value == 0 and widget.back.disabled
    assert "Step to the end" in widget.result.value
    for _ in range(9):
        widget.forward.click()
    assert widget.step.value == 9
    assert "Bob raises Cultists at 7" in widget.step_list.value
    assert "[tie]" in widget.step_list.value            # Bob's tie: raising beats opening
    assert "<td>Cultists</td><td>Bob</td><td style='text-align:right'>7</td>" in widget.standings.value
    assert "<td>Mermaids</td><td>You</td><td style='text-align:right'>0</td>" in widget.standings.value
    assert "Alice raises Mermaids" not in widget.step_list.value   # step 11 not shown yet
    assert list(widget.chart.data[0].y) == [7, 0, 0]
    widget.back.click()
    assert widget.step.value == 8


def test_the_end_shows_factions_prices_and_turn_order():
    widget = FastAuction()
    widget.to_end.click()
    assert widget.forward.disabled
    text = widget.result.value
    # Alice wins Cultists for 8, Bob Giants for 0, you Mermaids for 2; the Cultists were nominated first
    assert "Alice → Bob → You" in text
    assert "<td>Alice</td><td>Cultists</td><td style='text-align:right'>8</td>" in text
    assert "<td>You</td><td>Mermaids</td><td style='text-align:right'>2</td>" in text


def test_another_seed_can_send_alices_coin_flip_the_other_way():
    widget = FastAuction()
    outcomes = set()
    for seed in range(8):
        widget.seed.value = seed
        outcomes.add(widget.resolution.steps[10].faction)
    assert outcomes == {"cultists", "mermaids"}


def test_bad_entries_show_the_resolvers_message():
    widget = FastAuction()
    widget.faction_boxes[1].value = "cultists"
    assert "companion-error" in widget.message.value
    assert widget.resolution is None
    assert widget.forward.disabled
    widget.faction_boxes[1].value = None
    assert "column 2" in widget.message.value


def test_four_players_with_their_own_bids():
    widget = FastAuction()
    widget.player_count.value = 4
    assert len(widget.grid.children) == 5 + 4 * 5
    widget.faction_boxes[3].value = "nomads"
    widget.name_boxes[3].value = "Dana"
    widget.bid_boxes[3][3].value = 6
    assert widget.message.value == ""
    widget.to_end.click()
    assert "Dana" in widget.result.value
    assert len(widget.resolution.assignments) == 4
