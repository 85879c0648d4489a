"""The replay viewer widget, driven through its plain methods (no browser)."""

from __future__ import annotations

from companion.terra_mystica.engine.games import game_result, shipped_games
from companion.widgets.terra_mystica.replay import ReplayViewer


def test_viewer_steps_jumps_and_switches_games():
    v = ReplayViewer()
    assert "zero differences" in v.message.value
    assert v.index == 0 and "setup" in v.row_text.value
    v.step(1)
    assert v.index == 1
    v.step(-5)
    assert v.index == 0  # clamped at the start
    v.jump_to_round(3)
    assert v.snapshot.round == 3 and v.snapshots[v.index - 1].round == 2
    assert "round 3" in v.row_text.value
    assert v.slider.value == v.index + 1   # numbered as the text names the row
    # the map figure shows one marker per building on the board
    v.go_to(len(v.rows) - 1)
    assert "final scoring" in v.row_text.value
    first = shipped_games()[0]["game_id"]
    final = {f["faction"]: f["final_vp"] for f in game_result(first)["factions"]}
    for name, vp in final.items():
        assert v.snapshot.faction(name).total("VP") == vp
        assert f"<td style='padding:2px 6px;text-align:center'>{vp}</td>" in v.table.value
    # VP chart: one line per faction, ending at the final VP
    assert v.widget is v.widget and v.vp_widget is not None
    ends = {tr.name: tr.y[-1] for tr in v.vp_widget.data}
    assert sorted(ends.values()) == sorted(final.values())
    # once shown, the map is redrawn for the row shown
    v.go_to(5)
    assert v.map_widget.layout.title.text.endswith("setup")
    v.jump_to_round(4)
    assert v.map_widget.layout.title.text.endswith("round 4")
    other = shipped_games()[1]["game_id"]
    v.choose_game(other)
    assert v.game_id == other and v.index == 0
    assert set(v.factions) == set(game_result(other)["factions"][i]["faction"] for i in range(4))


def test_viewer_map_shows_terraformed_hexes_and_buildings():
    v = ReplayViewer()
    v.go_to(len(v.rows) - 1)
    snap = v.snapshot
    assert snap.terrain  # real games terraform hexes
    label, colour = snap.terrain[0]
    m = v._current_map()
    assert m.hexes[label].colour == colour
    assert len(snap.towns.buildings) > 20


def test_viewer_saves_a_command_log_and_opens_a_record_file(tmp_path):
    v = ReplayViewer()
    final = {f.name: f.total("VP") for f in v.snapshots[-1].factions}
    path = tmp_path / "log.txt"
    v.record_file.path_box.value = str(path)
    assert v.record_file.save_file()
    text = path.read_text(encoding="utf-8")
    assert "\tVP" not in text and ": setup" in text  # a plain command log, not the ledger
    v.choose_game(shipped_games()[1]["game_id"])
    assert v.record_file.open_file()
    assert v.game_id == "log.txt" and "rows of the command log replayed" in v.message.value
    assert {f.name: f.total("VP") for f in v.snapshots[-1].factions} == final
    # each step names the engine's own rows that followed the typed row (income after the last pass)
    assert any("then the engine" in (v.go_to(i) or v.row_text.value) for i in range(len(v.rows)))
    path.write_text(text.replace("build", "biuld", 1), encoding="utf-8")
    assert not v.record_file.open_file()
    assert "line" in v.record_file.status.value and v.game_id == "log.txt"


def test_the_last_step_lists_the_final_scoring_rows():
    v = ReplayViewer()
    v.go_to(len(v.rows) - 1)
    assert "final scoring" in v.row_text.value
    assert v.row_text.value.count("score_resources") == 4 and "vp for network" in v.row_text.value


def test_slider_text_and_chart_number_the_row_alike():
    """The slider, the row text and the VP chart's line give the same number for the row shown, and the
    message says what each count counts (ledger rows vs the typed rows the slider steps through)."""
    v = ReplayViewer()
    assert v.widget is not None
    assert v.slider.min == 1 and v.slider.max == len(v.rows)
    v.slider.value = 84
    assert v.index == 83
    assert f"typed row 84 of {len(v.rows)}" in v.row_text.value
    assert v.vp_widget.layout.shapes[0].x0 == 84
    assert f"the {len(v.rows)} typed rows" in v.message.value and "ledger rows replayed" in v.message.value
    v.go_to(len(v.rows) - 1)
    assert v.slider.value == len(v.rows) and list(v.vp_widget.data[0].x)[-1] == len(v.rows)
