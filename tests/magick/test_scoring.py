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
