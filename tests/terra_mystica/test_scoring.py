"""Final scoring: pooled-tie rankings, resource conversion, and all 20 real league games reproduced."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.errors import CompanionError, RulesDataError
from companion.terra_mystica.power import PowerBowls
from companion.terra_mystica.scoring import (
    PlayerFinal,
    convert_resources,
    final_scoring,
    players_from_json,
    rank_prizes,
)

GAMES = Path(__file__).parent / "fixtures" / "ledgers"
#: games whose result file carries the itemised final scoring (the first 20; the newer ones give final VP only)
RESULTS = sorted(p for p in GAMES.glob("*.result.json") if "factions" in json.loads(p.read_text(encoding="utf-8")))


def _ledger_rows(path: Path):
    """Faction rows of a ledger export: (section, faction, totals dict) in order."""
    section = ""
    for line in path.read_text(encoding="utf-8").splitlines():
        cols = line.split("\t")
        if len(cols) < 13 or not cols[2].endswith(" VP"):
            section = cols[0]
            continue
        yield section, cols[0], {
            "vp": int(cols[2].split()[0]), "coins": int(cols[4].split()[0]), "workers": int(cols[6].split()[0]),
            "priests": int(cols[8].split()[0]), "power": tuple(int(x) for x in cols[10].split()[0].split("/")),
            "command": cols[-1],
        }


def _end_state(path: Path):
    """Each faction's totals on its last row before 'Converting resources to VPs', and its score_resources row."""
    before, after = {}, {}
    for section, faction, totals in _ledger_rows(path):
        if section.startswith("Converting resources"):
            after[faction] = totals
        else:
            before[faction] = totals
    return before, after


def test_twenty_games_present():
    assert len(RESULTS) == 20


@pytest.mark.parametrize("result_file", RESULTS, ids=lambda p: p.name.split(".")[0])
def test_real_game_final_scoring_reproduced(result_file):
    result = json.loads(result_file.read_text(encoding="utf-8"))
    before, after = _end_state(GAMES / result["log_file"])
    players = []
    for f in result["factions"]:
        end = before[f["faction"]]
        players.append(PlayerFinal(
            faction=f["faction"], vp=f["vp_before_final_scoring"],
            cults={k.lower(): v for k, v in f["final_cult_positions"].items()}, network=f["network_size"],
            coins=end["coins"], workers=end["workers"], priests=end["priests"], power=end["power"]))
    scored = final_scoring(players)
    for f, got in zip(result["factions"], scored.players, strict=True):
        assert got.faction == f["faction"]
        assert {k.upper(): v for k, v in got.cult_vp.items()} == f["cult_vp"]
        assert got.network_vp == f["network_vp"]
        assert got.resource_vp == f["resource_vp"]
        assert got.final_vp == f["final_vp"]
        # the engine's own score_resources row: coins left over and bowls after burning/spending
        row = after[f["faction"]]
        assert got.resources.coins_left == row["coins"]
        assert got.resources.bowls_after.as_tuple() == row["power"]
        assert row["vp"] == got.final_vp
    assert result["winner"] in scored.winners


def test_tie_for_first_lists_every_winner():
    # 4pLeague_S65_D1L1_G1 ends darklings 154, engineers 154
    result = json.loads((GAMES / "4pLeague_S65_D1L1_G1.result.json").read_text(encoding="utf-8"))
    tied = sorted(f["faction"] for f in result["factions"] if f["final_vp"] == 154)
    assert tied == ["darklings", "engineers"]


def test_rank_prizes_examples_from_rules_notes():
    assert rank_prizes([10, 10, 5], (18, 12, 6)) == [15, 15, 6]
    assert rank_prizes([9, 8, 3, 3], (8, 4, 2)) == [8, 4, 1, 1]
    assert rank_prizes([5, 5, 5], (8, 4, 2)) == [4, 4, 4]
    assert rank_prizes([5, 5, 5, 5], (8, 4, 2)) == [3, 3, 3, 3]  # 14 // 4


def test_zero_scores_nothing():
    assert rank_prizes([0, 0, 3], (8, 4, 2)) == [0, 0, 8]
    assert rank_prizes([0, 0], (18, 12, 6)) == [0, 0]


@given(st.lists(st.integers(min_value=0, max_value=10), min_size=1, max_size=5))
def test_rank_prizes_properties(values):
    prizes = (8, 4, 2)
    got = rank_prizes(values, prizes)
    assert sum(got) <= sum(prizes)
    for v, vp in zip(values, got, strict=True):
        if v == 0:
            assert vp == 0
    for a, va in zip(values, got, strict=True):
        for b, vb in zip(values, got, strict=True):
            if a > b:
                assert va >= vb
            if a == b:
                assert va == vb


def test_resource_conversion_steps():
    r = convert_resources("witches", coins=4, workers=2, priests=1, power=(1, 5, 2))
    # burn 2 (II 5 -> 1, III 2 -> 4), 4 power -> 4 C, +1 P +2 W + 4 C = 11 C -> 3 VP, 2 left
    assert (r.burned, r.coins_from_power, r.coins, r.vp, r.coins_left) == (2, 4, 11, 3, 2)
    assert r.bowls_after == PowerBowls(5, 1, 0)
    assert "burn 2" in r.explanation and "3:1" in r.explanation


def test_alchemists_two_coins_per_vp():
    assert convert_resources("alchemists", 9, 0, 0, (0, 0, 0)).vp == 4
    assert convert_resources("nomads", 9, 0, 0, (0, 0, 0)).vp == 3


def _p(faction, vp=100, cults=(0, 0, 0, 0), network=0, **kw):
    return PlayerFinal(faction=faction, vp=vp, cults=dict(zip(("fire", "water", "earth", "air"), cults,
                                                                 strict=True)), network=network, **kw)


def test_breakdown_parts_add_up_and_json_shape():
    s = final_scoring([_p("witches", 100, (5, 0, 0, 10), 12, coins=3), _p("nomads", 110, (5, 3, 0, 0), 12)])
    w, n = s.players
    assert w.cult_vp["fire"] == n.cult_vp["fire"] == 6
    assert w.network_vp == n.network_vp == 15
    assert sum(w.parts().values()) == w.final_vp == 100 + 6 + 8 + 15 + 1
    doc = s.as_json()
    assert set(doc) == {"players", "winners"}
    assert set(doc["players"][0]) == {"faction", "final_vp", "cult_vp", "network_vp", "resource_vp"}
    assert doc["players"][0]["cult_vp"] == {"fire": 6, "water": 0, "earth": 0, "air": 8}
    assert n.final_vp == 110 + 6 + 8 + 15  # water 3 is the only non-zero water position
    assert doc["winners"] == ["nomads"]
    tie = final_scoring([_p("witches", 100), _p("nomads", 100), _p("giants", 99)])
    assert tie.winners == ("witches", "nomads")


def test_fire_and_ice_extra_category():
    s = final_scoring([_p("witches", extra=4), _p("nomads", extra=4), _p("giants", extra=1)],
                      extra_category="building-on-edge")
    assert [p.extra_vp for p in s.players] == [15, 15, 6]
    assert "extra_vp" in s.as_json()["players"][0]
    with pytest.raises(CompanionError, match="players\\[0\\].extra"):
        final_scoring([_p("witches")], extra_category="building-on-edge")
    with pytest.raises(CompanionError, match="unknown final-scoring tile"):
        final_scoring([_p("witches", extra=1)], extra_category="towers")


def test_bad_players_name_the_field():
    with pytest.raises(CompanionError, match=r"players\[1\].faction: Witches appears twice"):
        final_scoring([_p("witches"), _p("Witches")])
    with pytest.raises(CompanionError, match=r"players\[0\].cults.air"):
        final_scoring([_p("witches", cults=(0, 0, 0, 11))])
    with pytest.raises(CompanionError, match="unknown faction"):
        final_scoring([_p("elves")])
    with pytest.raises(CompanionError, match="at least one"):
        final_scoring([])


def test_players_from_json_and_errors():
    doc = {"players": [{"name": "Ann", "faction": "Mermaids", "vp": 107, "cults": {"fire": 8, "water": 5, "earth": 8, "air": 8},
                        "network": 12, "coins": 0, "workers": 0, "priests": 0, "power": [4, 1, 1]}]}
    [p] = players_from_json(doc, file="in.json")
    assert p.faction == "mermaids" and p.power == (4, 1, 1)
    bad = json.loads(json.dumps(doc))
    bad["players"][0]["cults"]["water"] = "five"
    with pytest.raises(RulesDataError) as info:
        players_from_json(bad, file="in.json")
    assert info.value.key_path == "players[0].cults.water" and "in.json" in str(info.value)
    bad = json.loads(json.dumps(doc))
    bad["players"][0]["power"] = [4, 1]
    with pytest.raises(RulesDataError, match=r"players\[0\].power"):
        players_from_json(bad)
    with pytest.raises(RulesDataError, match="players"):
        players_from_json({"player": []})
    with pytest.raises(RulesDataError, match=r"players\[1\].faction.*already played"):
        players_from_json({"players": [doc["players"][0], dict(doc["players"][0], name="Ben")]})


def test_cult_names_any_case_and_unknown_track():
    p = PlayerFinal(faction="giants", vp=50, cults={"FIRE": 3, "Air": 1}, network=4)
    assert dict(p.cults) == {"fire": 3, "water": 0, "earth": 0, "air": 1}
    with pytest.raises(CompanionError, match="unknown cult track 'mud'"):
        PlayerFinal(faction="giants", vp=50, cults={"mud": 3}, network=4)
    with pytest.raises(CompanionError, match=r"players\[0\].cults.fire"):
        final_scoring([PlayerFinal(faction="giants", vp=50, cults={"fire": "3"}, network=4)])


player_strategy = st.fixed_dictionaries({
    "vp": st.integers(0, 200), "cults": st.lists(st.integers(0, 10), min_size=4, max_size=4),
    "network": st.integers(0, 20), "coins": st.integers(0, 30), "workers": st.integers(0, 10),
    "priests": st.integers(0, 7), "power": st.tuples(st.integers(0, 12), st.integers(0, 12), st.integers(0, 12)),
})


@given(st.lists(player_strategy, min_size=1, max_size=5))
def test_final_vp_is_the_sum_of_its_parts(rows):
    names = ["witches", "alchemists", "giants", "mermaids", "darklings"]
    players = [PlayerFinal(faction=names[i], vp=r["vp"], cults=dict(zip(("fire", "water", "earth", "air"),
                                                                        r["cults"], strict=True)),
                           network=r["network"], coins=r["coins"], workers=r["workers"], priests=r["priests"],
                           power=r["power"]) for i, r in enumerate(rows)]
    s = final_scoring(players)
    for p, b in zip(players, s.players, strict=True):
        assert b.final_vp == sum(b.parts().values())
        assert b.final_vp >= p.vp
        r = b.resources
        assert r.vp * r.coins_per_vp + r.coins_left == r.coins
        assert r.coins == p.coins + p.workers + p.priests + p.power[2] + p.power[1] // 2
    assert sum(sum(b.cult_vp.values()) for b in s.players) <= 4 * (8 + 4 + 2)
    assert sum(b.network_vp for b in s.players) <= 18 + 12 + 6
    best = max(b.final_vp for b in s.players)
    assert set(s.winners) == {b.faction for b in s.players if b.final_vp == best}


def test_prize_groups_pool_the_places_a_tie_covers():
    """The lesson's words and the scoring share one grouping: a three-way tie for 2nd pools 4 + 2 (+ nothing)."""
    from companion.terra_mystica.scoring import prize_groups, rank_prizes

    values = [5, 3, 3, 3, 0]
    groups = prize_groups(values, (8, 4, 2))
    assert [(g.place, g.members, g.pooled) for g in groups] == [(0, (0,), (8,)), (1, (1, 2, 3), (4, 2)),
                                                                  (4, (4,), ())]
    assert [g.vp_each for g in groups] == [8, 2, 0]
    assert rank_prizes(values, (8, 4, 2)) == [8, 2, 2, 2, 0]


def test_table_errors_in_chinese_have_no_english_words():
    """Every problem validate_table reports reads in Chinese: factions, terrains, cult tracks and shown values
    come through the catalog (only key paths, the bowl numerals, JSON's null and the players' names stay ASCII)."""
    import re

    from companion.i18n import using_language
    from companion.terra_mystica.scoring import validate_table

    base = {"faction": "Witches", "vp": 20, "cults": {"fire": 10, "water": 0, "earth": 0, "air": 0}, "network": 3}
    doc = {"players": [dict(base, name="Ann"), dict(base, name="Ben"),
                       dict(base, name="Cy", faction="Auren", power=[4, 1]),
                       dict(base, name="Di", faction="Giants", coins=[1], workers=None, priests="x" * 60,
                            vp={"a": 1})]}
    with using_language("zh_CN"), pytest.raises(RulesDataError) as info:
        validate_table(doc, file="t.json")
    messages = [p.message for p in info.value.problems]
    assert len(messages) >= 9
    for message in messages:
        words = set(re.findall(r"[A-Za-z]{2,}", message)) - {"II", "III", "null", "Ann", "Ben", "Cy", "Di"}
        assert not words, message
    assert any("女巫" in m and "森林" in m for m in messages)
    assert any("火" in m for m in messages)


def test_riverwalkers_and_shapeshifters_share_one_board_in_a_table():
    base = {"vp": 20, "cults": {"fire": 0, "water": 0, "earth": 0, "air": 0}, "network": 3}
    doc = {"players": [dict(base, name="Ann", faction="Riverwalkers"), dict(base, name="Ben", faction="Shapeshifters")]}
    with pytest.raises(RulesDataError) as info:
        players_from_json(doc)
    [problem] = info.value.problems
    assert problem.key_path == "players[1].faction"
    assert "Shapeshifters and Riverwalkers (Ann) share one faction board" in problem.message
    assert "variable" not in problem.message
