"""The Century widgets follow the language switch in place: same widgets, texts in the new language."""

from __future__ import annotations

import re

import pytest

from companion.century import new_game
from companion.i18n import set_language, using_language
from companion.widgets.century.actions import ActionPicker, describe_counts
from companion.widgets.century.game import CenturyGame
from companion.widgets.century.lessons import SITUATIONS, LessonTable
from companion.widgets.century.score import CenturyScoreTable, parse_golems
from companion.widgets.century.table import TableView, table_html

CJK = re.compile(r"[\u4e00-\u9fff]")


@pytest.fixture(autouse=True)
def english_after():
    yield
    set_language(None)   # back to COMPANION_LANG=en (tests/conftest.py)


def test_score_form_retranslates_labels_results_and_chart_in_place(tmp_path):
    table = CenturyScoreTable(tmp_path / "s.json", players=2)
    table.golem_boxes[0].value = "12"
    add, header, chart, results = table.add_button, table.header_cells[1], table.chart, table.results
    assert add.description == "Add player" and "Winner" in results.value
    with using_language("zh_CN"):
        assert table.add_button is add and table.chart is chart and table.header_cells[1] is header
        assert add.description == "添加玩家"
        assert "玩家" in header.value
        assert "获胜者" in results.value and "Winner" not in results.value
        assert chart.layout.title.text.startswith("每位玩家的分数")
        assert [t.name for t in chart.data] == ["魔像得分卡", "硬币", "晶石"]
        assert "分" in chart.data[0].hovertemplate and "VP" not in chart.data[0].hovertemplate
        assert table.golem_boxes[0].placeholder == "例如 12, 14"
        assert table.remove_buttons[0].tooltip == "移除此玩家"
        assert "每次输入都会立即保存" in table.status.value   # the save file's status line too
    assert add.description == "Add player" and "Winner" in results.value
    assert chart.layout.title.text.startswith("VP per player")


def test_score_form_marks_read_in_chinese(tmp_path):
    table = CenturyScoreTable(tmp_path / "s.json", players=2)
    table.golem_boxes[1].value = "12, x"
    assert "Golems (printed points)" in table.message.value
    with using_language("zh_CN"):
        assert "魔像得分卡（印刷分值）" in table.message.value
        assert "不是整数" in table.message.value
        assert table.results.value == ""          # still no result while an entry is marked
    assert "is not a whole number" in table.message.value


def test_parse_golems_error_in_chinese():
    with using_language("zh_CN"), pytest.raises(ValueError, match="不是整数"):
        parse_golems("12 x")


def test_table_view_redraws_in_chinese():
    state = new_game(3, seed=1)
    view = TableView(state, ["Ann", "Bob", "Cid"])
    assert "Round 1: Ann to act." in view.value and "Golem row" in view.value
    with using_language("zh_CN"):
        assert "第 1 轮：轮到 Ann 行动。" in view.value
        assert "魔像得分卡区" in view.value and "Golem row" not in view.value
        assert "商队" in view.value and "caravan" not in view.value
    assert "Golem row" in view.value


def test_table_names_default_to_the_reader_language():
    with using_language("zh_CN"):
        assert "玩家 1" in table_html(new_game(2, seed=1))


def test_action_picker_relabels_its_choices():
    picker = ActionPicker(lambda _a: None)
    picker.show(new_game(3, seed=1))
    kinds, go = picker.kind, picker.go
    assert "Play a card" in [label for label, _k in kinds.options] and go.description == "Do it"
    with using_language("zh_CN"):
        assert picker.kind is kinds and go.description == "执行"
        labels = [label for label, _k in kinds.options]
        assert labels == ["打出一张卡", "购买一张卡"]
        assert all(CJK.search(label) for label in picker.choice.options)
    assert "Acquire a card" in [label for label, _k in kinds.options]


def test_describe_counts_follows_the_language():
    assert describe_counts((2, 1, 0, 0)) == "2 yellow, 1 green"
    with using_language("zh_CN"):
        assert describe_counts((2, 1, 0, 0)) == "2 个黄色，1 个绿色"


def test_game_retranslates_buttons_seats_and_chart(tmp_path):
    game = CenturyGame(players=2, seed=3)
    undo, chart = game.undo_button, game.chart
    with using_language("zh_CN"):
        assert game.undo_button is undo and undo.description == "撤销"
        assert game.start_button.description == "新游戏"
        assert game.seat_labels[0].value == "座位 1"
        assert game.controller_boxes[0].options[0] == ("真人", "human")
        assert game.controller_boxes[0].value == "human" and game.controller_boxes[1].value == "planner"
        assert game.chart is chart and chart.layout.title.text == "目前分数"
        assert "第 1 轮" in game.table.value
        assert "行动：" in game.history.value
    assert undo.description == "Undo" and chart.layout.title.text == "VP so far"


def test_lesson_retranslates_title_tries_and_answer():
    lesson = LessonTable(SITUATIONS["rest"])
    lesson.try_actions(*SITUATIONS["rest"].tries[0])
    buttons = list(lesson.try_buttons)
    assert "caravan now" in lesson.answer.value
    with using_language("zh_CN"):
        assert lesson.try_buttons == buttons and buttons[0].description == "安休整"
        assert "休整：收回所有已打出的卡" in lesson.heading.value
        assert "商队现在是" in lesson.answer.value and "caravan now" not in lesson.answer.value
        assert lesson.reset_button.description == "重置"
    assert "caravan now" in lesson.answer.value and buttons[0].description == "Ann rests"


def test_closed_widgets_stop_following_the_language(tmp_path):
    game = CenturyGame(players=2, seed=3)
    table = CenturyScoreTable(tmp_path / "s.json", players=2)
    before = game.table.value
    game.close()
    table.close()
    with using_language("zh_CN"):
        assert game.table.value == before and game.undo_button.description == "Undo"
        assert table.add_button.description == "Add player"
