"""The package's foundation: errors, data access, save files, the start widget and the CLI."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

import companion
from companion.cli import app
from companion.errors import (
    CompanionError,
    IllegalActionError,
    MapFormatError,
    RecordError,
    RulesDataError,
    SaveFileError,
)
from companion.resources import data_file, require
from companion.savefile import atomic_write_json, read_save

runner = CliRunner()


def test_every_error_is_a_value_error_and_names_where():
    for exc in (MapFormatError("expected R Y U K B G S I", row=2, column=5, token="X"),
                RulesDataError("missing key", file="century/cards.json", key_path="cards.3.cost"),
                IllegalActionError("caravan_full", "caravan holds 11 crystals, limit 10", rule="caravan", line=7),
                RecordError("unknown action 'fly'", line=12, file="game.txt"),
                SaveFileError("not JSON", path="/tmp/x.json")):
        assert isinstance(exc, CompanionError) and isinstance(exc, ValueError)
    assert str(MapFormatError("bad", row=2, column=5)).startswith("row 2, column 5: ")
    assert "century/cards.json:cards.3.cost" in str(RulesDataError("x", file="century/cards.json",
                                                                    key_path="cards.3.cost"))
    err = IllegalActionError("caravan_full", "too many", line=7)
    assert err.code == "caravan_full" and str(err).startswith("line 7: ")
    assert str(RecordError("bad", line=12, file="game.txt")) == "game.txt:line 12: bad"


def test_missing_data_file_is_a_rules_data_error():
    with pytest.raises(RulesDataError, match="no_such_game/none.json"):
        data_file("no_such_game/none.json")


def test_require_checks_presence_and_type():
    doc = {"a": 1, "b": True}
    assert require(doc, "a", int, file="f.json", path="root") == 1
    with pytest.raises(RulesDataError, match="f.json:root.c: missing key"):
        require(doc, "c", int, file="f.json", path="root")
    with pytest.raises(RulesDataError, match="boolean"):
        require(doc, "b", int, file="f.json", path="root")


def test_save_round_trip_and_corrupt_save_left_untouched(tmp_path):
    path = tmp_path / "saves" / "table.json"
    assert read_save(path, kind="demo") is None
    atomic_write_json(path, {"kind": "demo", "players": ["A"]})
    assert read_save(path, kind="demo") == {"kind": "demo", "players": ["A"]}
    with pytest.raises(SaveFileError, match="expected 'other'"):
        read_save(path, kind="other")
    path.write_text('{"kind": "demo", "players": [', encoding="utf-8")
    before = path.read_bytes()
    with pytest.raises(SaveFileError, match="line 1"):
        read_save(path, kind="demo")
    assert path.read_bytes() == before
    assert [p.name for p in path.parent.iterdir()] == ["table.json"]  # no temporary files left


def test_unserialisable_save_keeps_previous_file(tmp_path):
    path = tmp_path / "t.json"
    atomic_write_json(path, {"kind": "demo", "n": 1})
    with pytest.raises(SaveFileError):
        atomic_write_json(path, {"kind": "demo", "n": object()})
    assert json.loads(path.read_text())["n"] == 1


def test_cli_help_lists_groups_and_version():
    result = runner.invoke(app, ["--help"])
    assert result.exit_code == 0
    for group in ("tm", "century", "magick"):
        assert group in result.output
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0 and companion.__version__ in result.output


def test_start_widget_switches_games():
    from companion.widgets.start import GAMES, GamePicker

    picker = GamePicker()
    assert str(GAMES[0].name) in picker.summary.value
    picker.toggle.value = "terra_mystica"
    assert "replay_a_real_game.ipynb" in picker.summary.value
    colours = picker.chart.data[0].marker.color
    assert colours[2] != colours[0]


def test_wheel_ships_every_data_file(tmp_path):
    """An installed (non-editable) package finds its data: data/ goes into the wheel as companion/_data."""
    import zipfile
    from pathlib import Path

    from hatchling.builders.wheel import WheelBuilder

    root = Path(__file__).resolve().parents[1]
    wheel = next(WheelBuilder(str(root)).build(directory=str(tmp_path), versions=["standard"]))
    names = set(zipfile.ZipFile(wheel).namelist())
    shipped = {"companion/_data/" + p.relative_to(root / "data").as_posix()
               for p in (root / "data").rglob("*") if p.is_file()}
    assert shipped, "data/ is empty"
    assert shipped <= names
    assert "companion/resources.py" in names


def test_readme_notebook_table_and_binder_links_are_up_to_date():
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    result = subprocess.run([sys.executable, "tools/readme_links.py", "--check"], cwd=root,
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def test_readme_starts_with_the_two_commands():
    from pathlib import Path

    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    head = readme.split("```sh", 1)[1].split("```", 1)[0]
    assert [ln.split("#")[0].strip() for ln in head.strip().splitlines()] == ["make lab", "make test"]


def test_live_figure_snapshot_follows_edits():
    import plotly.graph_objects as go

    from companion.widgets.common import figure_widget

    fig = figure_widget(go.Figure(go.Bar(x=[1, 2], y=[1, 2]), layout=dict(title="first")))
    with fig.batch_update():
        fig.layout.title.text = "second"
        fig.data[0].y = [5, 9]
    assert fig._widget_layout["title"]["text"] == "second"
    assert list(fig._widget_data[0]["y"]) == [5, 9]
    fig.add_trace(go.Scatter(x=[1], y=[1]))
    assert len(fig._widget_data) == 2


def test_start_page_links_every_notebook():
    from pathlib import Path

    from companion.widgets.start import ALL_GAMES, GAMES

    root = Path(__file__).resolve().parents[1] / "notebooks"
    notebooks = {p.relative_to(root).as_posix() for p in root.rglob("*.ipynb")
                 if ".ipynb_checkpoints" not in p.parts and "zh_CN" not in p.parts
                 and p.name != "00_start_here.ipynb"}
    start = (root / "00_start_here.ipynb").read_text(encoding="utf-8")
    assert {nb for nb in notebooks if f"]({nb})" not in start} == set()
    assert notebooks == {path for game in GAMES for path, _ in game.notebooks} | {path for path, _ in ALL_GAMES}


def test_live_figure_edits_are_sent_even_while_sync_is_held():
    """A redraw from a plotly click callback runs while ipywidgets holds the figure's sync."""
    import plotly.graph_objects as go

    from companion.widgets.common import figure_widget

    fig = figure_widget(go.Figure(go.Bar(x=[1, 2], y=[1, 2]), layout=dict(title="first")))
    sent = []
    fig._send = lambda msg, buffers=None: sent.append(msg)
    with fig.hold_sync():
        with fig.batch_update():
            fig.layout.title.text = "second"
            fig.data[0].y = [5, 9]
    updates = [m["state"]["_py2js_update"] for m in sent if m["state"].get("_py2js_update")]
    assert updates, f"the edit was merged away: {sent}"
    assert updates[0]["layout_data"]["title.text"] == "second"


def test_binder_links_only_for_a_named_public_repository():
    import importlib.util
    from pathlib import Path

    import pytest

    root = Path(__file__).resolve().parents[1]
    spec = importlib.util.spec_from_file_location("readme_links", root / "tools" / "readme_links.py")
    links = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(links)
    readme = (root / "README.md").read_text(encoding="utf-8")
    assert "OWNER" not in readme
    table, section = links.render({"REPO_URL": "", "BINDER_BRANCH": "main"})
    assert "mybinder.org" not in table + section and "REPO_URL" in section
    table, section = links.render({"REPO_URL": "https://github.com/alice/companion", "BINDER_BRANCH": "main"})
    assert "https://mybinder.org/v2/gh/alice/companion/main?urlpath=voila/render/notebooks/apps/scoreboard.ipynb" in section
    assert table.count("mybinder.org/v2/gh/alice/companion/main?labpath=") == len(links.notebooks())
    for placeholder in ("https://github.com/OWNER/companion", "https://gitlab.com/alice/companion", "companion"):
        with pytest.raises(SystemExit, match="REPO_URL"):
            links.render({"REPO_URL": placeholder})
