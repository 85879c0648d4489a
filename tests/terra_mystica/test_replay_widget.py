"""The replay viewer widget, driven through its plain methods (no browser)."""

from __future__ import annotations

import re

from companion.i18n import set_language, using_language
from companion.terra_mystica.describe import faction_name
from companion.terra_mystica.engine.games import game_result, shipped_games
from companion.widgets.terra_mystica.replay import ReplayViewer
from tests.terra_mystica.language_listeners import forget_language_listeners  # noqa: F401 (autouse fixture)


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
    ends = {tr.name: tr.y[-1] for tr in v.vp_widget.data[:-1]}   # the last trace marks the row shown
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
    assert any("take their income: +" in (v.go_to(i) or v.row_text.value) for i in range(len(v.rows)))
    path.write_text(text.replace("build", "biuld", 1), encoding="utf-8")
    assert not v.record_file.open_file()
    assert "line" in v.record_file.status.value and v.game_id == "log.txt"


def test_the_last_step_lists_the_final_scoring_rows_in_words():
    v = ReplayViewer()
    v.go_to(len(v.rows) - 1)
    assert "final scoring" in v.row_text.value
    assert v.row_text.value.count("turn their leftover resources into") == 4
    assert "VP for their largest connected network" in v.row_text.value
    assert "score_resources" not in v.row_text.value and "vp for" not in v.row_text.value


def test_rows_are_told_in_words_and_codes_carry_their_meaning():
    v = ReplayViewer()
    for i in range(len(v.rows)):
        v.go_to(i)
        text = v.row_text.value
        assert "_for_faction" not in text and "[opponent" not in text, i
        assert f"<b>{v.sentence}</b>" in text.replace("<abbr", "").replace("</abbr>", "") or "<abbr" in text
    v.go_to(len(v.rows) - 1)
    # a tile code in the table carries its meaning as a tooltip
    assert re.search(r"<abbr [^>]*title=[\"']favor tile: [^\"']+[\"'][^>]*>FAV\d+</abbr>", v.table.value)
    assert re.search(r"<abbr [^>]*title=[\"']bonus tile: [^\"']+[\"'][^>]*>BON\d+</abbr>", v.table.value) or \
        all(f.passed for f in v.snapshot.factions)
    v.jump_to_round(2)
    assert re.search(r"Round 2 scoring tile: <abbr [^>]*title=[\"']round scoring tile:", v.row_text.value)


def test_last_row_shows_the_winner_and_the_engines_final_breakdown():
    v = ReplayViewer()
    v.go_to(len(v.rows) - 2)
    assert v.final.value == ""
    v.go_to(len(v.rows) - 1)
    game = v.session.state.game
    engine_vp = {n: game.factions[n].vp for n in game.seats}
    assert {p.faction: p.final_vp for p in v.result.players} == engine_vp    # the engine's own final scoring
    for p in v.result.players:
        assert p.vp_before + sum(p.cult_vp.values()) + p.network_vp + p.extra_vp + p.resource_vp == engine_vp[p.faction]
    winner = max(engine_vp, key=engine_vp.get)
    assert f"{faction_name(winner)} win with {engine_vp[winner]} VP." in v.final.value
    assert f"<b>{engine_vp[winner]}</b>" in v.final.value
    result = game_result(v.game_id)
    assert winner == result["winner"]


def test_vp_chart_marks_the_row_shown_in_place():
    v = ReplayViewer()
    fig = v.widget and v.vp_widget
    marks = fig.data[-1]
    v.go_to(120)
    assert fig is v.vp_widget and fig.data[-1] is marks
    assert set(marks.x) == {121} and fig.layout.shapes[0].x0 == 121
    assert sorted(marks.y) == sorted(f.total("VP") for f in v.snapshot.factions)
    v.step(1)
    assert set(v.vp_widget.data[-1].x) == {122}


def test_viewer_relabels_itself_in_chinese_in_place():
    v = ReplayViewer()
    w = v.widget
    forward, row_text = v.forward, v.row_text
    v.go_to(len(v.rows) - 1)
    try:
        set_language("zh_CN")
        assert v.widget is w and v.forward is forward and v.row_text is row_text
        assert v.forward.description != "forward ▶" and "前" in v.forward.description
        assert "轮" in v.round_picker.options[1][0]
        assert "最终计分" in v.row_text.value and "分" in v.final.value
        assert v.vp_widget.layout.title.text != "VP over the game"
    finally:
        set_language("en")
    assert v.forward.description == "forward ▶" and v.vp_widget.layout.title.text == "VP over the game"


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


def test_buildings_stand_out_on_every_terrain():
    """In a real game's last position every building stands on its faction's home terrain: each is filled with
    the colour drawn over that terrain (white on the dark ones, near-black on the light ones) and outlined in its
    faction's colour (the WCAG figures: tests/terra_mystica/test_map_colours.py)."""
    from companion.widgets.terra_mystica.mapplot import BUILDING_TRACE, building_outline, faction_colour

    v = ReplayViewer()
    v.go_to(len(v.rows) - 1)
    assert v.widget is not None
    trace = next(t for t in v.map_widget.data if t.name == BUILDING_TRACE)
    m = v._current_map()
    buildings = v.snapshot.towns.buildings
    assert list(trace.marker.color) == [building_outline(m.hexes[h].terrain) for h in buildings]
    assert list(trace.marker.line.color) == [faction_colour(f) for f, _kind in buildings.values()]
    assert {"#ffffff", "#111111"} <= set(trace.marker.color)   # dark and light terrains both occur


def test_games_are_named_as_a_reader_sees_them():
    v = ReplayViewer()
    label, value = v.picker.options[0]
    assert value == shipped_games()[0]["game_id"] == "4pLeague_S1_D1L1_G2"
    assert label == "4-player league S1 D1L1 G2 (Halflings, Darklings, Dwarves, Mermaids)"
    assert v.widget is not None and v.map_widget.layout.title.text.startswith("4-player league S1 D1L1 G2: ")
    with using_language("zh_CN"):
        assert v.picker.options[0][0].startswith("4 人联赛 S1 D1L1 G2（半身人")
        assert v.picker.value == value


def test_the_game_menu_offers_every_shipped_game_and_follows_the_file_opened(tmp_path):
    """Issue 22, point 5: after opening a file the Game menu names that file (not the game shown before); a
    shipped game picked again, or the file again, replays it; a file that cannot be read changes nothing."""
    from pathlib import Path

    shipped = sorted(p.name.removesuffix(".ledger.txt")
                     for p in (Path(__file__).parents[2] / "data" / "terra_mystica" / "games").glob("*.ledger.txt"))
    v = ReplayViewer()
    assert sorted(value for _label, value in v.picker.options) == shipped and len(shipped) == 30
    other = shipped_games()[7]
    path = tmp_path / "our_game.txt"
    path.write_text((Path(__file__).parents[2] / "data" / "terra_mystica" / "games" / other["ledger"]).read_text(
        encoding="utf-8"), encoding="utf-8")
    v.record_file.path_box.value = str(path)
    assert v.record_file.open_file()
    assert v.picker.label == "our_game.txt (opened file)" and v.factions == other["factions"]
    v.picker.value = shipped_games()[0]["game_id"]
    assert v.factions == shipped_games()[0]["factions"] and "our_game.txt" in v.picker.options[0][0]
    v.picker.value = v.OPENED
    assert v.game_id == "our_game.txt" and v.factions == other["factions"]
    bad = tmp_path / "bad.txt"
    bad.write_text("nonsense\n", encoding="utf-8")
    v.record_file.path_box.value = str(bad)
    assert not v.record_file.open_file()
    assert v.picker.label == "our_game.txt (opened file)" and v.factions == other["factions"]


def test_review_covers_the_league_game_up_to_the_row_shown():
    """Review on a replayed league game: one expected-VP point per move of the ledger up to the row shown (the
    movers are the ledger's factions, in its order), nothing from later rows, and the drops said in words."""
    from companion.terra_mystica.engine import read_record
    from companion.terra_mystica.engine.games import game_text

    v = ReplayViewer()
    assert v.review() is None and "Nothing to review yet" in v.review_status.value   # row 1: the setup
    shown = 14
    v.go_to(shown)
    result = v.review(seconds=0.05)
    ledger = [r for r in read_record(game_text(v.game_id)).rows if r.typed]
    # the ledger's typed rows after the faction picks, up to the one shown (viewer row 1 is the picks)
    movers = [r.faction for r in ledger[len(ledger) - len(v.rows) + 1:][:shown]]
    assert [a.faction for a in result.actions] == movers
    assert len(result.values) == shown + 1
    assert result.drops and all(1 <= d.move <= shown for d in result.drops)
    assert v.reviewed == (result, shown)
    assert "typed rows 1 to 15" in v.review_status.value
    chart, drops = v.review_panel.box.children
    assert len(chart.figure.data[0].y) == shown + 1
    assert drops.value.count("<li>") == len(result.drops)
    v.step(1)
    assert v.reviewed == (result, shown)   # kept while stepping; another game clears it
    v.choose_game(shipped_games()[1]["game_id"])
    assert v.reviewed is None and v.review_panel.box.children == ()


def test_review_charts_each_move_on_its_own_factions_line():
    # Row 15 of the first league game: the Dwarves answer a power offer before the Darklings, whom the engine
    # would ask first; the review once charted that row on the Darklings' line.
    v = ReplayViewer()
    v.go_to(14)
    result = v.review(seconds=0.05)
    assert [v.factions[s] for s in result.movers] == [a.faction for a in result.actions]
