"""`companion tm map FILE --json` on the real maps and on bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from companion.cli import app

FIXTURES = Path(__file__).parent / "fixtures" / "maps"
ENTRIES = json.loads((FIXTURES / "maps.json").read_text())["maps"]
runner = CliRunner()


@pytest.mark.parametrize("entry", ENTRIES, ids=[e["file"] for e in ENTRIES])
def test_json_summary_of_real_maps(entry):
    result = runner.invoke(app, ["tm", "map", str(FIXTURES / entry["file"]), "--json"])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert set(doc) == {"rows", "land_hexes", "river_hexes", "terrain_counts", "bridge_spots", "map_id"}
    assert doc["map_id"] == entry["snellman_map_id"]
    assert doc["rows"] == len(entry["row_lengths"]) == 9
    assert doc["river_hexes"] == entry["terrain_counts"]["I"]
    assert doc["terrain_counts"] == {k: v for k, v in entry["terrain_counts"].items() if k != "I"}
    assert doc["land_hexes"] == sum(doc["terrain_counts"].values())
    if entry["file"] == "base.txt":
        assert doc["bridge_spots"] == 29


def test_stdin_and_colour_word_form():
    words = ("brown gray green blue yellow red brown black red green blue red black E "
             "yellow x x brown black x x yellow black x x yellow E")
    result = runner.invoke(app, ["tm", "map", "-", "--json"], input=words)
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert doc["rows"] == 2 and doc["river_hexes"] == 6 and doc["land_hexes"] == 19


def test_plain_output_names_the_id():
    result = runner.invoke(app, ["tm", "map", str(FIXTURES / "base.txt")])
    assert result.exit_code == 0 and "126fe960806d587c78546b30f1a90853b1ada468" in result.stdout


def test_bad_map_exits_2_with_row_and_column(tmp_path):
    bad = tmp_path / "bad.txt"
    rows = (FIXTURES / "base.txt").read_text().split()
    rows[4] = rows[4].replace("K", "Q", 1)
    bad.write_text("\n".join(rows))
    result = runner.invoke(app, ["tm", "map", str(bad), "--json"])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert "row 5, column 1" in result.stderr and "'Q'" in result.stderr


def test_missing_file_exits_2(tmp_path):
    result = runner.invoke(app, ["tm", "map", str(tmp_path / "nope.txt"), "--json"])
    assert result.exit_code == 2 and "no such file" in result.stderr


@pytest.mark.parametrize("lang", ["en", "zh_CN"])
def test_text_summary_values_line_up_in_every_language(lang):
    """Chinese labels take two terminal columns per character: every value starts in the same column."""
    from rich.cells import cell_len

    from companion.i18n import using_language

    base = str(FIXTURES / "base.txt")
    doc = json.loads(runner.invoke(app, ["tm", "map", base, "--json"]).stdout)
    with using_language(lang):
        result = runner.invoke(app, ["tm", "map", base])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    values = [doc["map_id"], doc["rows"], doc["land_hexes"], doc["river_hexes"], doc["bridge_spots"]]
    assert len(lines) == len(values)
    columns = {cell_len(line[:line.index(str(value))]) for line, value in zip(lines, values, strict=True)}
    assert len(columns) == 1
    assert all(line[:line.index(str(value))].endswith(" ") for line, value in zip(lines, values, strict=True))
    if lang == "zh_CN":
        assert "陆地六边形" in result.stdout and "（" in lines[2]


def test_a_map_path_with_a_tilde_is_read_and_a_missing_file_is_called_missing(tmp_path, monkeypatch):
    """The map lab tells a person to type --map "~/.companion/maps/NAME.txt" (quoted, so the shell leaves ~)."""
    home = tmp_path / "home"
    (home / "maps").mkdir(parents=True)
    (home / "maps" / "mine.txt").write_text((FIXTURES / "base.txt").read_text())
    monkeypatch.setenv("HOME", str(home))
    from companion.terra_mystica.cli_map import read_map_argument

    base = runner.invoke(app, ["tm", "map", str(FIXTURES / "base.txt"), "--json"])
    assert read_map_argument("~/maps/mine.txt").map_id == json.loads(base.stdout)["map_id"]
    r = runner.invoke(app, ["tm", "balance", str(tmp_path / "none.txt"), "--games", "1"])
    assert r.exit_code == 2 and "none.txt: no such file" in r.stderr, r.output
    r = runner.invoke(app, ["tm", "balance", str(tmp_path), "--games", "1"])
    assert r.exit_code == 2 and "is a folder" in r.stderr
    r = runner.invoke(app, ["tm", "balance", "basee", "--games", "1"])
    assert r.exit_code == 2 and "unknown map 'basee'" in r.stderr



def test_map_accepts_a_shipped_map_name_as_balance_does():
    """``tm map KEY`` reads the shipped map (as ``tm balance KEY`` does), not a file named KEY; its id is
    the reference engine's id of that real map (fixture)."""
    ids = {e["snellman_map_id"] for e in ENTRIES}
    for key in ("base", "fire_ice_side1", "fire_ice_side2"):
        result = runner.invoke(app, ["tm", "map", key, "--json"])
        assert result.exit_code == 0, result.output
        assert json.loads(result.stdout)["map_id"] in ids
    base = runner.invoke(app, ["tm", "map", "base", "--json"])
    assert json.loads(base.stdout)["map_id"] == json.loads(
        runner.invoke(app, ["tm", "map", str(FIXTURES / "base.txt"), "--json"]).stdout)["map_id"]
    unknown = runner.invoke(app, ["tm", "map", "nowhere"])
    assert unknown.exit_code == 2 and "base" in unknown.output


def test_a_map_too_small_for_the_game_is_flagged_by_tm_map_and_tm_balance(tmp_path):
    """Issue 21's decision: a one-row map is read (not refused) and flagged: fewer rows than the base map's 9,
    and the factions whose home terrain has too few hexes (counted by hand on the base map's first row,
    U S G B Y R U K R G B R K: desert 1, mountains 1)."""
    one_row = tmp_path / "one-row.txt"
    one_row.write_text((FIXTURES / "base.txt").read_text().split()[0])
    result = runner.invoke(app, ["tm", "map", str(one_row)])
    assert result.exit_code == 0, result.output
    warnings = [line for line in result.stdout.splitlines() if line.startswith("design warning:")]
    assert "1 row, fewer than the base map's 9" in warnings[0]
    assert "Nomads desert 1/3" in warnings[1] and "Dwarves mountains 1/2" in warnings[1]
    base = runner.invoke(app, ["tm", "map", str(FIXTURES / "base.txt")])
    assert "design warning" not in base.stdout
    balance = runner.invoke(app, ["tm", "balance", str(one_row), "--games", "1", "--players", "2", "--bot",
                                  "random", "--json", "--no-analysis"])
    assert balance.exit_code == 0, balance.output
    codes = [w["code"] for w in json.loads(balance.stdout)["warnings"]]
    assert codes[:2] == ["small_map", "unseatable_factions"]
    text = runner.invoke(app, ["tm", "balance", str(one_row), "--games", "1", "--players", "2", "--bot",
                               "random", "--no-analysis"])
    assert text.exit_code == 0 and "design warning: 1 row" in text.stdout, text.output
