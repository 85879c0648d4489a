"""The balance report: the map read per home terrain (checked by brute force on the letter text), bot
games on a map (seating, counts, intervals), and the command line (`tm balance`, `tm map --svg/--png`,
`tm simulate --map FILE`)."""

from __future__ import annotations

import doctest
import json
import math
import xml.etree.ElementTree as ET

import pytest
from typer.testing import CliRunner

from companion.cli import app
from companion.terra_mystica import balance
from companion.terra_mystica.factions import get_faction
from companion.terra_mystica.hexmap import load_shipped_map, map_text
from companion.terra_mystica.mapgen import generate
from tests.terra_mystica.mapcheck import WHEEL, letter_rows, spades, touching

runner = CliRunner()


def test_docstring_examples():
    result = doctest.testmod(balance)
    assert result.attempted > 0 and result.failed == 0


def test_intervals_against_textbook_values():
    # Wilson 95 % for 5 of 10: 0.2366..0.7634 (Newcombe 1998, table I); normal interval by hand
    assert balance.wilson_interval(5, 10) == (0.5, 0.2366, 0.7634)
    values = [60, 70, 80, 90]
    sd = math.sqrt(sum((v - 75) ** 2 for v in values) / 3)
    m, low, high = balance.mean_interval(values)
    assert m == 75 and low == round(75 - 1.96 * sd / 2, 2) and high == round(75 + 1.96 * sd / 2, 2)


def test_analysis_of_the_base_map_by_brute_force():
    rows = letter_rows(map_text("base"))
    grid, pairs = touching(rows)
    doc = balance.analysis(load_shipped_map("base"), first_dwelling=False)
    for t in WHEEL:
        got = doc["terrains"][t]
        assert got["hexes"] == sum(r.count(t) for r in rows)
        contacts = [0, 0, 0, 0]
        for a, b in pairs:
            for x, y in ((a, b), (b, a)):
                if grid[x] == t and grid[y] != "I":
                    contacts[spades(t, grid[y])] += 1
        assert got["neighbours_by_spades"] == contacts
        assert got["largest_cluster"] == 1
        river_side = {x for a, b in pairs for x, y in ((a, b), (b, a)) if grid[x] == t and grid[y] == "I"}
        assert got["river_side_hexes"] == len(river_side)


# Rulebook setup and faction boards: two starting dwellings, the Nomads three, the Chaos Magicians one.
RULEBOOK_START_DWELLINGS = {"witches": 2, "mermaids": 2, "nomads": 3, "chaosmagicians": 1}


@pytest.mark.parametrize("faction", sorted(RULEBOOK_START_DWELLINGS))
def test_first_dwellings_are_the_factions_own_starting_dwellings(faction):
    m = generate("random", "balanced", seed=2).map
    hexes = balance.first_dwellings(m, faction)
    assert len(hexes) == len(set(hexes)) == RULEBOOK_START_DWELLINGS[faction]
    home = get_faction(faction).home_terrain
    assert {m.hexes[h].colour for h in hexes} == {home}


def test_analysis_lists_each_factions_starting_dwellings():
    doc = balance.analysis(load_shipped_map("base"))
    red, desert = doc["terrains"]["R"]["first_dwellings"], doc["terrains"]["Y"]["first_dwellings"]
    assert len(red["chaosmagicians"]) == 1 and len(red["giants"]) == 2
    assert len(desert["nomads"]) == 3 and len(desert["fakirs"]) == 2


def test_simulation_seats_each_faction_in_turn_and_counts_every_seat():
    m = load_shipped_map("base")
    factions = balance.balance_factions(m)
    assert len(factions) == 14
    games = 3
    doc = balance.simulate_balance(m, games=games, players=2, bot="random", seed=5, progress=False)
    assert doc["failures"] == []
    table = doc["factions"]
    assert sum(row["seats"] for row in table.values()) == games * 2
    assert all(factions[k] in table for k in range(games))   # game k seats faction k
    for row in table.values():
        if row["seats"] < 2:   # one game: no interval
            assert row["vp_low"] is row["vp_high"] is row["win_low"] is row["win_high"] is None
            continue
        assert row["vp_low"] <= row["mean_vp"] <= row["vp_high"]
        assert 0 <= row["win_low"] <= row["win_share"] <= row["win_high"] <= 1
    assert math.isclose(sum(row["win_share"] * row["seats"] for row in table.values()), games, abs_tol=1e-3)


def test_workers_do_not_change_the_result():
    m = load_shipped_map("base")
    one = balance.simulate_balance(m, games=2, players=2, bot="random", seed=9, progress=False)
    two = balance.simulate_balance(m, games=2, players=2, bot="random", seed=9, workers=2, progress=False)
    assert one["factions"] == two["factions"]


@pytest.mark.parametrize("kwargs", [{"games": 0}, {"players": 6}, {"bot": "clever"}, {"workers": 0}])
def test_bad_arguments_are_refused(kwargs):
    with pytest.raises(ValueError):
        balance.simulate_balance(load_shipped_map("base"), **kwargs)


def test_cli_balance_json(tmp_path):
    path = tmp_path / "generated.txt"
    m = generate("random", "balanced", seed=7).map
    path.write_text(m.to_letters())
    result = runner.invoke(app, ["tm", "balance", str(path), "--games", "2", "--players", "2", "--bot", "random",
                                 "--json"])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert doc["simulation"]["map_id"] == m.map_id == doc["analysis"]["map_id"]
    assert sum(r["seats"] for r in doc["simulation"]["factions"].values()) == 4
    text = runner.invoke(app, ["tm", "balance", "base", "--games", "1", "--players", "2", "--bot", "random",
                               "--no-analysis"])
    assert text.exit_code == 0 and "win share" in text.stdout


@pytest.mark.parametrize("args", [["nowhere"], ["base", "--games", "0"], ["base", "--workers", "0"]])
def test_cli_balance_bad_input_exits_2(args):
    result = runner.invoke(app, ["tm", "balance", *args])
    assert result.exit_code == 2 and "Traceback" not in result.output


def test_cli_map_pictures(tmp_path):
    src = tmp_path / "base.txt"
    src.write_text(map_text("base"))
    svg, png = tmp_path / "m.svg", tmp_path / "m.png"
    result = runner.invoke(app, ["tm", "map", str(src), "--svg", str(svg), "--png", str(png)])
    assert result.exit_code == 0, result.output
    root = ET.fromstring(svg.read_text())
    polygons = [e for e in root.iter() if e.tag.endswith("polygon")]
    assert len(polygons) == sum(len(r) for r in letter_rows(map_text("base")))
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_cli_simulate_plays_a_map_file(tmp_path):
    path = tmp_path / "generated.txt"
    path.write_text(generate("random", "balanced", seed=3).map.to_letters())
    result = runner.invoke(app, ["tm", "simulate", "--map", str(path), "--players", "2", "--bots", "random", "--json"])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert doc["map"].startswith("custom:") and doc["replay_differences"] == 0 and doc["failures"] == []


UNPLAYABLE = "Y,Y,Y,Y,Y,Y,U,U,U,U,U,U,K\n"   # desert and plains only: two colours can be seated


def test_balance_refuses_an_unplayable_map_before_any_game():
    from companion.terra_mystica.hexmap import parse_letters

    with pytest.raises(ValueError, match="cannot be played.*2 .desert, plains"):
        balance.simulate_balance(parse_letters(UNPLAYABLE), games=2, players=4)
    # two players can play it: the reading of the map still places the desert factions' first dwellings
    doc = balance.analysis(parse_letters(UNPLAYABLE))
    firsts = doc["terrains"]["Y"]["first_dwellings"]
    assert doc["terrains"]["Y"]["hexes"] == 6 and set(firsts) == {"fakirs", "nomads"}
    assert all(h in {f"A{i}" for i in range(1, 7)} for hexes in firsts.values() for h in hexes)
    assert doc["terrains"]["K"]["first_dwellings"] == {}   # swamp has one hex: no swamp faction is seated


@pytest.mark.parametrize("command", [["balance", "{path}", "--games", "2"], ["simulate", "--map", "{path}"]])
def test_cli_names_why_a_map_cannot_be_played(tmp_path, command):
    path = tmp_path / "row.txt"
    path.write_text(UNPLAYABLE)
    result = runner.invoke(app, ["tm", *[a.format(path=path) for a in command]])
    assert result.exit_code == 2, result.output
    assert "cannot be played" in result.output and "swamp 1" in result.output
    assert "no legal action" not in result.output and "Traceback" not in result.output


def test_simulate_seats_only_factions_that_fit_a_tight_map(tmp_path):
    path = tmp_path / "row.txt"
    path.write_text("Y,Y,U,U,K,K,B,B,G,G,S,S,R\n")   # desert 2: the Nomads cannot be seated, the rest can
    result = runner.invoke(app, ["tm", "simulate", "--map", str(path), "--games", "3", "--bots", "random",
                                 "--json"])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert doc["failures"] == [] and "nomads" not in doc["vp_by_faction"]
    refused = runner.invoke(app, ["tm", "simulate", "--map", str(path), "--factions", "nomads,witches"])
    assert refused.exit_code == 2 and "Nomads place 3 starting dwellings" in refused.output


def test_cli_simulate_prints_the_map_file_and_id_not_the_map_string(tmp_path):
    path = tmp_path / "generated.txt"
    m = generate("random", "balanced", seed=3).map
    path.write_text(m.to_letters())
    result = runner.invoke(app, ["tm", "simulate", "--map", str(path), "--players", "2", "--bots", "random"])
    assert result.exit_code == 0, result.output
    first = result.stdout.splitlines()[0]
    assert str(path) in first and m.map_id[:12] in first and "custom:" not in result.stdout


def test_a_custom_map_is_parsed_once_for_all_its_games():
    from companion.terra_mystica.hexmap import map_by_name, map_record_name

    name = map_record_name(generate("random", "random", seed=2).map)
    assert name.startswith("custom:") and map_by_name(name) is map_by_name(name)


def test_the_analysis_names_the_factions_a_small_map_cannot_seat():
    """The base map's first row alone (U S G B Y R U K R G B R K, counted by hand): desert and mountains have one
    hex each, so the Fakirs, Nomads, Dwarves and Engineers have no first dwellings; the reading says why instead
    of leaving their cell empty."""
    from companion.terra_mystica.hexmap import parse_letters
    from companion.widgets.terra_mystica.balanceplot import analysis_html

    one_row = parse_letters("U,S,G,B,Y,R,U,K,R,G,B,R,K\n")
    doc = balance.analysis(one_row)
    assert doc["terrains"]["Y"]["unseated_factions"] == ["fakirs", "nomads"]
    assert doc["terrains"]["S"]["unseated_factions"] == ["dwarves", "engineers"]
    assert doc["terrains"]["Y"]["first_dwellings"] == {} and doc["terrains"]["U"]["unseated_factions"] == []
    assert set(doc["terrains"]["U"]["first_dwellings"]) == {"cultists", "halflings"}
    assert "Nomads: too few hexes" in analysis_html(doc)
    result = runner.invoke(app, ["tm", "balance", "-", "--games", "1", "--players", "2", "--bot", "random"],
                           input="U,S,G,B,Y,R,U,K,R,G,B,R,K\n")
    assert result.exit_code == 0, result.output
    assert "Dwarves: too few hexes" in result.stdout


def test_a_map_too_small_for_four_refuses_naming_the_player_count_it_can_seat(tmp_path):
    """Review 3, finding 4: desert and plains seat two players; the refusal of 4 says so and `tm balance`
    suggests --players 2, which then plays."""
    from companion.terra_mystica.hexmap import parse_letters

    with pytest.raises(ValueError, match="up to 2 players can play it"):
        balance.simulate_balance(parse_letters(UNPLAYABLE), games=1, players=4)
    path = tmp_path / "row.txt"
    path.write_text(UNPLAYABLE)
    refused = runner.invoke(app, ["tm", "balance", str(path), "--games", "1", "--no-analysis"])
    assert refused.exit_code == 2 and "try --players 2" in refused.output, refused.output
    played = runner.invoke(app, ["tm", "balance", str(path), "--games", "1", "--players", "2", "--bot", "random",
                                 "--no-analysis", "--json"])
    assert played.exit_code == 0 and json.loads(played.stdout)["simulation"]["players"] == 2, played.output


def test_the_lab_panel_plays_the_player_count_chosen():
    """Review 3, finding 4: the lab's bot games were always 4 players; its Players box reaches the games."""
    from companion.terra_mystica.hexmap import parse_letters
    from companion.widgets.terra_mystica.balanceplot import BalancePanel

    panel = BalancePanel(lambda: parse_letters(UNPLAYABLE), games=1)
    panel.bot.value = "random"
    assert panel.simulate() is None and "up to 2 players" in panel.message.value
    panel.players.value = 2
    report = panel.simulate()
    assert report is not None and report["players"] == 2 and sum(r["seats"] for r in report["factions"].values()) == 2


def test_one_game_gives_no_interval_in_the_report_the_cli_or_the_chart():
    """Review 3, finding 5: one game drew and printed a zero-width "95 % interval" [88.0, 88.0]."""
    from companion.widgets.terra_mystica.balanceplot import balance_figure

    doc = balance.simulate_balance(load_shipped_map("base"), games=1, players=2, bot="random", progress=False)
    rows = doc["factions"].values()
    assert len(rows) == 2 and all(r["seats"] == 1 and r["vp_low"] is None and r["win_high"] is None for r in rows)
    fig = balance_figure(doc)
    assert all(v is None for t in fig.data for v in t.error_y.array)
    text = runner.invoke(app, ["tm", "balance", "base", "--games", "1", "--players", "2", "--bot", "random",
                               "--no-analysis"])
    assert text.exit_code == 0 and text.stdout.count("1 game: no interval") == 2 and "[" not in text.stdout, text.stdout
