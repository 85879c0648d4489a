"""Table-side scoring: parts, total, winners with ties shared, errors with key paths."""

from __future__ import annotations

import pytest

from companion.errors import RulesDataError
from companion.magick.scoring import PARTS, player_gold, ranking, score_table, winners


def test_total_is_sum_of_parts():
    p = player_gold("Ann", crafting=10, research=7, orders=12, adventurer=5, mastery=8, charms=4)
    assert p.total == 46
    assert p.to_dict()["total"] == 46


def test_missing_part_is_zero():
    out = score_table({"players": [{"name": "Ann", "orders": 3}]})
    row = out["players"][0]
    assert all(row[k] == 0 for k in PARTS if k != "orders")
    assert row["total"] == 3


def test_ties_are_shared():
    out = score_table({"players": [{"name": "A", "crafting": 5}, {"name": "B", "orders": 5},
                                   {"name": "C", "charms": 4}]})
    assert out["winners"] == ["A", "B"]


def test_ranking_shares_places():
    ps = [player_gold("A", crafting=5), player_gold("B", crafting=7), player_gold("C", research=5)]
    assert [(place, p.name) for place, p in ranking(ps)] == [(1, "B"), (2, "A"), (2, "C")]
    assert winners(ps) == ["B"]


@pytest.mark.parametrize(("doc", "key_path"), [
    ({}, "players"),
    ({"players": []}, "players"),
    ({"players": [{"crafting": 2}]}, "players[0].name"),
    ({"players": [{"name": "A", "orders": -1}]}, "players[0].orders"),
    ({"players": [{"name": "A", "orders": 2.5}]}, "players[0].orders"),
    ({"players": [{"name": "A"}, {"name": "B", "bribes": 3}]}, "players[1].bribes"),
    ({"players": [{"name": "A"}, {"name": "A"}]}, "players[1].name"),
])
def test_bad_documents_name_key_path(doc, key_path):
    with pytest.raises(RulesDataError) as info:
        score_table(doc)
    assert info.value.key_path == key_path


def test_players_reaching_a_mastery_card_in_the_same_phase_may_all_have_the_first_reward():
    """The rules summary (三.6) pays 8 to the first player on a mastery card; players who reach it in the same
    mastery phase are all first (the engine's documented choice, as the digital app), so two 8s on one card are
    a possible table, while a 4 with nobody's 8 on that card is not."""
    from companion.errors import CompanionError
    from companion.magick.scoring import validate_table

    both_first = {"players": [{"name": "A", "mastery": {"material": 8}}, {"name": "B", "mastery": {"material": 8}}]}
    assert [p.mastery for p in validate_table(both_first)] == [8, 8]
    with pytest.raises(CompanionError, match="needs someone's 8"):
        validate_table({"players": [{"name": "A", "mastery": {"energy": 4}}, {"name": "B"}]})
