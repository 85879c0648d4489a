"""Fast auction (快速竞叫): the rules summary's worked example step by step, ties, seeds, bad input."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.errors import CompanionError, RulesDataError
from companion.terra_mystica.auction import auction_from_json, resolve_auction

# The worked example in ../shared/reference/rules/terra-mystica.zh.md (快速竞叫)
FACTIONS = ["cultists", "giants", "mermaids"]
PLAYERS = ["You", "Alice", "Bob"]
BIDS = {
    "You": {"cultists": 15, "giants": 0, "mermaids": 10},
    "Alice": {"cultists": 12, "giants": 0, "mermaids": 5},
    "Bob": {"cultists": 10, "giants": 3, "mermaids": 0},
}

# The 15 lines of the example: (player, action, faction, bid)
EXPECTED = [
    ("You", "bid", "cultists", 0),
    ("Alice", "bid", "cultists", 1),
    ("Bob", "bid", "cultists", 2),
    ("You", "bid", "cultists", 3),
    ("Alice", "bid", "cultists", 4),
    ("Bob", "bid", "cultists", 5),
    ("You", "bid", "mermaids", 0),
    ("Alice", "bid", "cultists", 6),
    ("Bob", "bid", "cultists", 7),
    ("You", "skip", None, None),
    ("Alice", "bid", "mermaids", 1),
    ("Bob", "skip", None, None),
    ("You", "bid", "mermaids", 2),
    ("Alice", "bid", "cultists", 8),
    ("Bob", "bid", "giants", 0),
]


def alice_takes_mermaids(player, options, step):
    """The example's random choice: Alice, tied between cultists (8) and mermaids (1), picks mermaids."""
    assert (player, step) == ("Alice", 11)
    assert sorted((o.faction, o.price, o.value, o.raises) for o in options) == [
        ("cultists", 8, 4, True), ("mermaids", 1, 4, True)]
    return "mermaids"


def test_worked_example_step_by_step():
    result = resolve_auction(FACTIONS, PLAYERS, BIDS, tie_break=alice_takes_mermaids)
    got = [(s.player, s.action, s.faction if s.action == "bid" else None, s.bid if s.action == "bid" else None)
           for s in result.steps]
    assert got == EXPECTED


def test_worked_example_ties_and_reasons():
    steps = resolve_auction(FACTIONS, PLAYERS, BIDS, tie_break=alice_takes_mermaids).steps
    # step 7: mermaids (10 - 0) beat cultists (15 - 6)
    assert steps[6].value == 10 and ("cultists", 6, 9, True) in [
        (o.faction, o.price, o.value, o.raises) for o in steps[6].options]
    # step 9: Bob, cultists at 7 (worth 3) vs giants at 0 (worth 3): raising wins
    assert steps[8].tie == "raise_preferred" and "raising an existing bid" in steps[8].text
    # step 11: Alice's random choice
    assert steps[10].tie == "random"
    # step 13: mermaids worth 8 (10 - 2) beat cultists 7 (15 - 8)
    assert steps[12].value == 8 and "Cultists at 8 (worth 7)" in steps[12].text
    assert steps[12].text.startswith("You raise Mermaids at 2")
    assert "skipped" in steps[9].text


def test_worked_example_outcome():
    result = resolve_auction(FACTIONS, PLAYERS, BIDS, tie_break=alice_takes_mermaids)
    assert [(a.player, a.faction, a.price) for a in result.assignments] == [
        ("Alice", "cultists", 8), ("Bob", "giants", 0), ("You", "mermaids", 2)]
    # turn order follows the nomination order of the factions: cultists, giants, mermaids
    assert result.turn_order == ("Alice", "Bob", "You")
    doc = result.as_json()
    assert set(doc) == {"assignments", "turn_order", "steps"}
    assert doc["assignments"][0] == {"player": "Alice", "faction": "cultists", "price": 8}
    assert len(doc["steps"]) == 15


def test_other_random_branch_also_ends_validly():
    result = resolve_auction(FACTIONS, PLAYERS, BIDS, tie_break=lambda p, opts, n: "cultists")
    assert result.steps[10].faction == "cultists" and result.steps[10].bid == 8
    assert sorted(a.faction for a in result.assignments) == sorted(FACTIONS)


def test_seed_is_deterministic_and_both_branches_reachable():
    outcomes = set()
    for seed in range(40):
        a = resolve_auction(FACTIONS, PLAYERS, BIDS, seed=seed)
        b = resolve_auction(FACTIONS, PLAYERS, BIDS, seed=seed)
        assert a == b
        outcomes.add(a.steps[10].faction)
    assert outcomes == {"cultists", "mermaids"}


def test_bad_tie_break_answer():
    with pytest.raises(CompanionError, match="tie_break returned 'giants'"):
        resolve_auction(FACTIONS, PLAYERS, BIDS, tie_break=lambda p, o, n: "giants")


def test_bad_bids():
    with pytest.raises(CompanionError, match="max_bids.Bob.giants"):
        resolve_auction(FACTIONS, PLAYERS, {**BIDS, "Bob": {"cultists": 1, "mermaids": 0}})
    with pytest.raises(CompanionError, match="at least one per player"):
        resolve_auction(FACTIONS[:2], PLAYERS, BIDS)


def test_auction_from_json_names_fields():
    doc = {"factions": ["Cultists", "giants", "mermaids"], "players": PLAYERS, "max_bids": BIDS, "seed": 1}
    kw = auction_from_json(doc, file="a.json")
    assert kw["factions"] == FACTIONS and kw["seed"] == 1
    bad = {**doc, "max_bids": {**BIDS, "Alice": {**BIDS["Alice"], "giants": -1}}}
    with pytest.raises(RulesDataError) as info:
        auction_from_json(bad, file="a.json")
    assert info.value.key_path == "max_bids.Alice.giants"
    with pytest.raises(RulesDataError) as info:
        auction_from_json({**doc, "factions": ["cultists", "elves", "giants"]})
    assert info.value.key_path == "factions[1]"
    with pytest.raises(RulesDataError) as info:
        auction_from_json({**doc, "seed": "x"})
    assert info.value.key_path == "seed"
    with pytest.raises(RulesDataError) as info:
        auction_from_json({k: v for k, v in doc.items() if k != "players"})
    assert info.value.key_path == "players"


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 5).flatmap(lambda n: st.tuples(
    st.just(n), st.lists(st.lists(st.integers(0, 25), min_size=n, max_size=n), min_size=n, max_size=n),
    st.integers(0, 10**6))))
def test_every_player_gets_one_faction_within_their_bid(data):
    n, grid, seed = data
    factions = [f"f{i}" for i in range(n)]
    players = [f"p{i}" for i in range(n)]
    bids = {p: dict(zip(factions, row, strict=True)) for p, row in zip(players, grid, strict=True)}
    result = resolve_auction(factions, players, bids, seed=seed)
    assert sorted(a.player for a in result.assignments) == players
    assert sorted(a.faction for a in result.assignments) == factions
    for a in result.assignments:
        assert 0 <= a.price <= bids[a.player][a.faction]
    assert list(result.turn_order) == [a.player for a in result.assignments]


def test_huge_bids_are_refused_instead_of_running_for_ever():
    from companion.errors import CompanionError
    from companion.terra_mystica.auction import MAX_BID, resolve_auction

    bids = {"A": {"cultists": MAX_BID + 1, "giants": 0}, "B": {"cultists": 3, "giants": 0}}
    with pytest.raises(CompanionError, match=r"max_bids\.A\.cultists: expected an integer from 0 to 100"):
        resolve_auction(["cultists", "giants"], ["A", "B"], bids, seed=1)
    with pytest.raises(CompanionError, match=r"max_bids\.B\.giants: missing key"):
        resolve_auction(["cultists", "giants"], ["A", "B"], {"A": bids["B"], "B": {"cultists": 1}}, seed=1)
