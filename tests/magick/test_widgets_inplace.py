"""The Magick widgets redraw their plotly figures in place: the same FigureWidget object stays on screen
(a new one would send plotly's ~5 MB script to the browser per click), with the same traces in the same
order, and its synced snapshot (what Voila reads) follows every change."""

from __future__ import annotations

import pytest

from companion.magick import engine
from companion.magick.sheet import default_sheet
from companion.widgets.magick_learn import LearnTheDice
from companion.widgets.magick_play import PlayAGame
from companion.widgets.magick_sheet import BEST, FILLED
from companion.widgets.magick_sheet_editor import SheetEditor

ROLL = {"d6": 6, "d8": 5, "d10": 4, "d12": 3}


def _trace_names(fw):
    return [t.name for t in fw.data]


def test_learn_roll_place_undo_recolour_the_same_figure():
    w = LearnTheDice(seed=3)
    fw, names = w.view.figure, _trace_names(w.view.figure)
    before = list(fw.data[0].marker.color)
    assert BEST not in before
    w.enter_dice(ROLL)
    assert w.view.figure is fw and _trace_names(fw) == names
    after_roll = list(fw.data[0].marker.color)
    assert BEST in after_roll                       # the engine's best circle for the chosen die is marked
    assert fw._widget_data[0]["marker"]["color"] == after_roll   # the snapshot Voila reads follows
    action = w.choices()[0][1]
    w.place(action)
    keys = [c.key for c in w.session.state.sheet.circles]
    assert w.view.figure is fw
    assert fw.data[0].marker.color[keys.index(action.circle)] == FILLED
    w.undo()
    assert w.view.figure is fw
    assert list(fw.data[0].marker.color) == after_roll


def test_picking_another_die_recolours_in_place():
    w = LearnTheDice(seed=3)
    w.enter_dice(ROLL)
    fw = w.view.figure
    shown = {}
    for die in ROLL:
        w.pick_die(die)
        assert w.view.figure is fw
        shown[die] = tuple(fw.data[0].marker.color)
    assert len(set(shown.values())) > 1   # different dice light up different circles


def test_play_chart_and_sheet_are_edited_in_place_across_rounds_and_games():
    w = PlayAGame()
    w.players_slider.value = 3
    assert w.start()
    chart, sheet_fw = w.chart, w.turn.view.figure
    parts = _trace_names(chart)
    assert chart.layout.title.text == "Gold so far (round 1)"
    w.roll(ROLL)
    w.act(w.turn.choices()[0][1])
    w.act(engine.EndTurn(0))
    assert w.session.state.round == 2
    assert w.chart is chart and w.turn.view.figure is sheet_fw
    assert _trace_names(chart) == parts
    assert chart.layout.title.text == "Gold so far (round 2)"
    assert chart._widget_layout["title"]["text"] == "Gold so far (round 2)"
    w.undo()
    assert chart.layout.title.text == "Gold so far (round 1)"
    # a new game with other players: same chart, new names on the x axis
    w.players_slider.value = 2
    assert w.start()
    assert w.chart is chart and w.turn.view.figure is sheet_fw
    assert list(chart.data[0].x) == ["You", "Bot 1"]


@pytest.fixture
def editor(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_SAVE_DIR", str(tmp_path))
    return SheetEditor()


def test_sheet_editor_preview_redraws_the_same_figure(editor, tmp_path):
    view = editor.preview.children[0]
    fw = view.figure
    keys = [c.key for c in default_sheet().circles]
    editor.target_boxes["sword.1"].value = 6
    editor.printed.value = True
    assert editor.save(tmp_path / "mine.json")
    assert editor.preview.children[0] is view and view.figure is fw
    assert fw.data[0].text[keys.index("sword.1")] == "6↑"
    assert "Your sheet" in view.banner.value
