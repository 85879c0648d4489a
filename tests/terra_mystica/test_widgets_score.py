"""The Terra Mystica table-side scoring widget, driven without a browser: save as typed, reload,
corrupt saves left untouched, and the scores shown."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.widgets.terra_mystica.score import CULTS, DEFAULT_SAVE_NAME, SAVE_KIND, TableScorer


@pytest.fixture
def save_path(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_SAVE_DIR", str(tmp_path))
    return tmp_path / DEFAULT_SAVE_NAME


def test_every_entry_is_saved_as_it_is_typed(save_path):
    table = TableScorer()
    assert table.path == save_path
    table.rows[1].name.value = "Alice"
    table.rows[1].faction.value = "mermaids"
    table.rows[1].cults["air"].value = 7
    table.rows[1].power[1].value = 5
    players = json.loads(save_path.read_text())["players"]
    assert json.loads(save_path.read_text())["kind"] == SAVE_KIND
    assert players[1]["name"] == "Alice"
    assert players[1]["faction"] == "mermaids"
    assert players[1]["cults"]["air"] == 7
    assert players[1]["power"] == [0, 5, 0]


def test_a_kernel_restart_loses_nothing(save_path):
    table = TableScorer()
    table.player_count.value = 3
    table.rows[2].name.value = "Carol"
    table.rows[2].faction.value = "icemaidens"
    table.rows[2].vp.value = 98
    table.rows[2].network.value = 11
    table.rows[2].priests.value = 2
    again = TableScorer()
    assert again.player_count.value == 3
    assert len(again.grid.children) == len(TableScorer.FIELDS) * 4
    assert again.rows[2].name.value == "Carol"
    assert again.rows[2].faction.value == "icemaidens"
    assert (again.rows[2].vp.number, again.rows[2].network.number, again.rows[2].priests.number) == (98, 11, 2)
    assert "Loaded" in again.status.value


@pytest.mark.parametrize("text, expected", [
    ("{not json", "not valid JSON"),
    ('{"kind": "century-score", "players": []}', "expected 'terra-mystica-score'"),
    ('{"kind": "terra-mystica-score", "players": [{}]}', "played by 2 to 5 players, found 1"),
    ('{"kind": "terra-mystica-score", "players": [{"name": "A", "faction": "giants", "vp": 1, '
     '"network": 1, "cults": {"fire": "11"}}, {}]}', "players[0].cults.fire: expected a whole number"),
    ('{"kind": "terra-mystica-score", "players": [{"name": "A", "faction": "giants", "vp": 1, '
     '"network": 1, "cults": {}, "coin": 3}, {}]}', "players[0].coin: unknown key"),
    ('{"kind": "terra-mystica-score", "players": [{"name": "A", "faction": "orcs"}, {}]}',
     "players[0].faction"),
])
def test_a_corrupt_save_is_reported_and_left_untouched(save_path, text, expected):
    save_path.write_text(text)
    table = TableScorer()
    assert not table.writable
    assert "companion-error" in table.status.value
    assert expected in table.status.value.replace("&#x27;", "'")
    table.rows[0].vp.value = 50
    table.rows[0].faction.value = "witches"
    assert save_path.read_text() == text


def test_opening_another_file_after_a_corrupt_save_resumes_saving(save_path, tmp_path):
    save_path.write_text("[1, 2")
    table = TableScorer()
    table.path_text.value = str(tmp_path / "second.json")
    table.open_button.click()
    assert table.writable
    table.rows[0].vp.value = 61
    assert json.loads((tmp_path / "second.json").read_text())["players"][0]["vp"] == 61
    assert save_path.read_text() == "[1, 2"


def test_missing_factions_are_named_instead_of_scoring(save_path):
    table = TableScorer()
    table.player_count.value = 2
    table.rows[0].faction.value = "nomads"
    table.rows[1].name.value = "Bob"
    assert "Bob" in table.message.value
    assert table.breakdown.value == ""


# real games whose result file carries the per-faction breakdown (the newer ones give final VP only)
GAMES = sorted(p for p in (Path(__file__).parent / "fixtures" / "ledgers").glob("*.result.json")
               if "factions" in json.loads(p.read_text(encoding="utf-8")))


def _type_game(table: TableScorer, game: dict) -> None:
    """Type a real game's end position into the widget as a player at the table would."""
    table.player_count.value = game["player_count"]
    for row, player in zip(table.rows, game["factions"], strict=False):
        row.name.value = player["player"]
        row.faction.value = player["faction"]
        row.vp.value = player["vp_before_final_scoring"]
        for cult in CULTS:
            row.cults[cult].value = player["final_cult_positions"][cult.upper()]
        row.network.value = player["network_size"]


@pytest.mark.parametrize("path", GAMES[:5], ids=lambda p: p.name.split(".")[0])
def test_a_real_game_shows_the_reference_cult_and_network_vp(save_path, path):
    game = json.loads(path.read_text())
    table = TableScorer()
    _type_game(table, game)
    assert table.result is not None, table.message.value
    for shown, reference in zip(table.result.players, game["factions"], strict=True):
        assert shown.cult_vp == {cult: reference["cult_vp"][cult.upper()] for cult in CULTS}
        assert shown.network_vp == reference["network_vp"]
        # no resources typed: final = before + cults + network, from the reference's own parts
        assert shown.final_vp == (reference["vp_before_final_scoring"] + sum(reference["cult_vp"].values())
                                  + reference["network_vp"])
    best = max(p.final_vp for p in table.result.players)
    winner = next(p["player"] for p, s in zip(game["factions"], table.result.players, strict=True)
                  if s.final_vp == best)
    assert winner in table.breakdown.value
    assert "Winner:" in table.breakdown.value
    assert list(table.chart.data[0].x) == [p["player"] for p in game["factions"]]
    assert list(table.chart.data[0].y) == [p["vp_before_final_scoring"] for p in game["factions"]]
    # and the typed game survives a restart
    again = TableScorer()
    assert again.result is not None and again.result.players == table.result.players


def test_leftover_resources_are_converted_and_explained(save_path):
    table = TableScorer()
    table.player_count.value = 2
    table.rows[0].faction.value = "alchemists"
    table.rows[1].faction.value = "giants"
    for row in table.rows[:2]:
        row.coins.value = 5
        row.priests.value = 1
    # Alchemists convert 2 coins to 1 VP, everyone else 3 (rules summary "游戏结束"): 6 coins -> 3 and 2 VP.
    assert [p.resource_vp for p in table.result.players] == [3, 2]
    assert "2:1" in table.breakdown.value and "3:1" in table.breakdown.value


def test_the_same_faction_twice_or_one_colour_twice_is_marked(save_path):
    table = TableScorer()
    table.player_count.value = 2
    table.rows[0].faction.value = "witches"
    table.rows[1].faction.value = "witches"
    assert "companion-error" in table.message.value
    assert "Player 2 — faction: Witches already played by Player 1" in table.message.value
    assert table.marks.is_marked(table.rows[1].faction) and not table.marks.is_marked(table.rows[0].faction)
    assert table.result is None and table.breakdown.value == ""
    assert all(list(trace.y) == [] for trace in table.chart.data)  # nothing charted from a table in error
    table.rows[1].faction.value = "auren"  # also green
    assert "Auren and Witches (Player 1) both have the home terrain forest" in table.message.value
    table.rows[1].faction.value = "nomads"
    assert table.message.value == "" and table.result is not None


def test_nothing_is_clamped_and_the_box_is_marked(save_path):
    table = TableScorer()
    table.player_count.value = 2
    table.rows[0].name.value = "Ann"
    table.rows[0].faction.value = "witches"
    table.rows[1].faction.value = "nomads"
    assert table.result is not None
    table.rows[0].cults["fire"].value = 11
    assert table.rows[0].cults["fire"].value == "11"  # typed 11 stays 11
    assert json.loads(table.path.read_text())["players"][0]["cults"]["fire"] == 11
    assert "Ann — fire (0-10): expected a whole number from 0 to 10, found 11" in table.message.value
    assert table.marks.is_marked(table.rows[0].cults["fire"]) and table.result is None
    table.rows[0].cults["fire"].value = 10
    table.rows[1].cults["fire"].value = 10  # one player at most on each 10
    assert "Player 2 — fire (0-10): Ann is already on 10" in table.message.value
    table.rows[1].cults["fire"].value = 9
    table.rows[1].priests.value = 50
    assert "Player 2 — priests: expected a whole number of priests (7 per faction)" in table.message.value
    table.rows[1].priests.value = 2
    assert table.message.value == "" and table.result is not None
    again = TableScorer()  # a save with an impossible value loads, marked
    again.rows[0].power[2].value = -1
    again2 = TableScorer()
    assert again2.writable and again2.rows[0].power[2].value == "-1"
    assert "Ann — power in bowl III" in again2.message.value


def test_the_network_helper_never_overwrites_a_size_typed_by_hand(save_path):
    table = TableScorer()
    table.player_count.value = 2
    witches = table.rows[0]
    witches.faction.value = "witches"
    table.rows[1].faction.value = "nomads"
    witches.map_buildings.value = "E7 E8"
    table.compute_button.click()
    assert witches.network.number == 2  # an empty (0) box is filled
    witches.map_buildings.value = "E7 E8 G3"
    witches.shipping.value = 1  # shipping 1 crosses the river to G3
    table.compute_button.click()
    assert witches.network.number == 3  # the helper's own value is updated
    witches.network.value = 7  # typed by hand
    table.compute_button.click()
    assert witches.network.number == 7
    assert "the map gives 3, but 7 was typed by hand and is kept" in table.map_message.value


def test_a_tie_for_the_win_names_both_players(save_path):
    table = TableScorer()
    table.player_count.value = 2
    for row, (name, faction) in zip(table.rows, (("Ann", "nomads"), ("Ben", "witches")), strict=False):
        row.name.value = name
        row.faction.value = faction
        row.vp.value = 100
    assert "Ann" in table.breakdown.value and "Ben" in table.breakdown.value
    assert "share the win" in table.breakdown.value


def test_networks_computed_from_buildings_on_the_map(save_path):
    table = TableScorer()
    table.player_count.value = 2
    witches, nomads = table.rows[0], table.rows[1]
    witches.faction.value = "witches"
    nomads.faction.value = "nomads"
    # E7 and E8 are neighbours on the base map's row E; G3 is across the river from them
    witches.map_buildings.value = "E7 E8 G3"
    table.compute_button.click()
    assert witches.network.number == 2
    witches.shipping.value = 1          # shipping 1 crosses the one river hex
    table.compute_button.click()
    assert witches.network.number == 3
    assert "Player 1 3" in table.map_message.value
    # typed into the save, and reloaded
    again = TableScorer()
    assert again.rows[0].map_buildings.value == "E7 E8 G3" and again.rows[0].shipping.value == "1"
    assert again.rows[0].network.number == 3


def test_a_bad_hex_is_named_and_nothing_changes(save_path):
    table = TableScorer()
    table.player_count.value = 2
    table.rows[0].faction.value = "witches"
    table.rows[0].network.value = 5
    table.rows[0].map_buildings.value = "E7 Q42"
    table.compute_button.click()
    assert "companion-error" in table.map_message.value
    assert "Player 1" in table.map_message.value and "Q42" in table.map_message.value
    assert table.rows[0].network.number == 5


# one faction per colour (home terrain) of the base game
_BY_COLOUR = (("witches", "auren"), ("nomads", "fakirs"), ("giants", "chaosmagicians"), ("alchemists", "darklings"),
              ("mermaids", "swarmlings"), ("cultists", "halflings"), ("engineers", "dwarves"))


@st.composite
def _entries(draw):
    """A table the rules allow: one faction per colour, one player at most on each 10, networks within the
    17 buildings of a faction, at most 7 priests, distinct names."""
    n = draw(st.integers(2, 5))
    colours = draw(st.lists(st.sampled_from(_BY_COLOUR), min_size=n, max_size=n, unique=True))
    factions = [draw(st.sampled_from(pair)) for pair in colours]
    small = st.integers(0, 20)
    tens = {c: draw(st.integers(-1, n - 1)) for c in CULTS}  # who (if anyone) is on 10 of each track
    printable = st.characters(blacklist_categories=("Cc", "Cs"))  # a name holds no control character
    return [{"name": f"{draw(st.text(printable, max_size=8))} {i + 1}", "faction": f, "vp": draw(st.integers(0, 250)),
             "cults": {c: 10 if tens[c] == i else draw(st.integers(0, 9)) for c in CULTS},
             "network": draw(st.integers(0, 17)), "coins": draw(small), "workers": draw(small),
             "priests": draw(st.integers(0, 7)), "power": [draw(st.integers(0, 12)) for _ in range(3)],
             "map_buildings": "", "shipping": 0, "jump_range": 0} for i, f in enumerate(factions)]


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(entries=_entries())
def test_any_table_survives_a_restart_unchanged(save_path, entries):
    save_path.write_text(json.dumps({"kind": SAVE_KIND, "version": 1, "map": "base", "players": entries}))
    table = TableScorer()
    assert table.writable, table.status.value
    assert table.document()["players"] == entries
    table.rows[0].vp.value = (entries[0]["vp"] + 1) % 250       # one more keystroke
    again = TableScorer()
    assert again.document() == table.document()
    assert again.result is not None
    assert [p.final_vp for p in again.result.players] == [p.final_vp for p in table.result.players]


@pytest.mark.parametrize("blank", ["", "   ", "\u200b\u200d"])
def test_a_blank_or_invisible_name_is_marked_and_nothing_is_scored(save_path, blank):
    table = TableScorer()
    table.player_count.value = 2
    table.rows[0].faction.value = "witches"
    table.rows[1].faction.value = "nomads"
    assert table.result is not None
    table.rows[1].name.value = blank
    assert table.marks.is_marked(table.rows[1].name) and not table.marks.is_marked(table.rows[0].name)
    assert "Player 2 — player name: expected a name, found an empty one" in table.message.value
    assert table.result is None
    table.rows[1].name.value = "Ben"
    assert table.message.value == "" and table.result is not None
