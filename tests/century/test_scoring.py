"""Table-side scoring: the Q&A answers on final scoring and the tie-break."""

import pytest

from companion.century.scoring import PlayerTally, parse_table, score_table, table_json
from companion.errors import RulesDataError


def test_itemised_score():
    t = PlayerTally("A", [12, 14], copper=1, silver=2, crystals={"yellow": 2, "green": 1, "blue": 0, "pink": 3})
    s = score_table([t, PlayerTally("B")])
    line = s.lines[0]
    assert (line.golem_vp, line.copper_vp, line.silver_vp, line.coin_vp, line.crystal_vp) == (26, 3, 2, 5, 4)
    assert line.total == 35
    assert s.winner == "A"


def test_non_yellow_crystals_score_one_each_whatever_the_level():
    # Q&A: two green score one more than one pink; 10 pink = 10 VP not 40; yellow 0.
    two_green = score_table([PlayerTally("A", crystals={"green": 2}), PlayerTally("B", crystals={"pink": 1})])
    assert [x.crystal_vp for x in two_green.lines] == [2, 1]
    assert score_table([PlayerTally("A", crystals={"pink": 10}), PlayerTally("B")]).lines[0].crystal_vp == 10
    assert score_table([PlayerTally("A", crystals={"yellow": 7}), PlayerTally("B")]).lines[0].crystal_vp == 0


def test_tie_goes_to_later_player_in_turn_order():
    a = PlayerTally("A", [10])
    b = PlayerTally("B", [10])
    c = PlayerTally("C", [9])
    s = score_table([a, b, c])
    assert s.winner == "B"
    assert s.tied == ("A", "B")
    # an untied last player never takes part in the tie-break
    assert score_table([b, a, c]).winner == "A"


def test_parse_and_json_roundtrip():
    doc = {"players": [
        {"name": "A", "golems": [12, 14], "copper": 1, "silver": 0,
         "crystals": {"yellow": 2, "green": 1, "blue": 0, "pink": 3}},
        {"name": "B", "golems": [20, 6], "copper": 0, "silver": 1, "crystals": {}},
    ]}
    out = table_json(score_table(parse_table(doc)))
    assert out == {"players": [
        {"name": "A", "golem_vp": 26, "coin_vp": 3, "crystal_vp": 4, "total": 33},
        {"name": "B", "golem_vp": 26, "coin_vp": 1, "crystal_vp": 0, "total": 27}], "winner": "A"}


@pytest.mark.parametrize("players, where", [
    ([{"name": "A"}], "players"),
    ([{"name": "A"}, {"name": "A"}], r"players\[1\]\.name"),
    ([{"name": "A", "golems": [5]}, {"name": "B"}], r"players\[0\]\.golems\[0\]"),
    ([{"name": "A", "copper": -1}, {"name": "B"}], r"players\[0\]\.copper"),
    ([{"name": "A", "crystals": {"red": 1}}, {"name": "B"}], r"players\[0\]\.crystals\.red"),
    ([{"name": "A"}, {"name": "B", "crystals": {"pink": 11}}], r"players\[1\]\.crystals"),
    ([{"name": "A", "copper": 3, "golems": [6, 7, 8]}, {"name": "B", "copper": 2, "golems": [9, 10]}],
     r"players\[1\]\.copper: 5 copper coins in all, but a 2-player game has only 4"),
    ([{"name": "A", "golems": [20, 20]}, {"name": "B", "golems": [20]}], r"players\[1\]\.golems.*only 2"),
])
def test_bad_documents_name_the_place(players, where):
    with pytest.raises(RulesDataError, match=where):
        parse_table({"players": players})
