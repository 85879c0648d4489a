"""The Merchants of Magick widgets follow the language switch in place, and speak to "You" correctly."""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from companion.i18n import set_language, using_language
from companion.magick import engine
from companion.magick.odds import format_odds
from companion.magick.sheet import default_sheet
from companion.widgets.magick.learn import LearnTheDice, odds_table_html
from companion.widgets.magick.play import PlayAGame
from companion.widgets.magick.score import ScoreTable
from companion.widgets.magick.sheet import SheetView, sheet_label_html
from companion.widgets.magick.sheet_editor import SheetEditor
from companion.widgets.magick.turn import player_status_html

DATA = Path(__file__).resolve().parents[2] / "data" / "magick" / "sheet.json"


@pytest.fixture(autouse=True)
def english_after():
    yield
    set_language(None)   # back to COMPANION_LANG=en (tests/conftest.py)


@pytest.mark.parametrize("p, shown", [
    (Fraction(5, 8), "5/8 (62.5%)"), (Fraction(1, 3), "1/3 (33.3%)"), (Fraction(1, 2), "1/2 (50%)"),
    (Fraction(0), "0 (0%)"), (Fraction(1), "1 (100%)"), (0.25, "25%"),
])
def test_format_odds_reads_like_odds(p, shown):
    assert format_odds(p) == shown


def test_odds_table_never_shows_a_fraction_repr():
    html = odds_table_html(default_sheet(), "d8", 2)
    assert "Fraction(" not in html and "%)" in html
    with using_language("zh_CN"):
        assert "瓶药水" in odds_table_html(default_sheet(), "d8", 2)


def test_sheet_texts_from_the_data_are_shown_translated():
    doc = json.loads(DATA.read_text(encoding="utf-8"))
    with using_language("zh_CN"):
        banner = sheet_label_html(default_sheet())
        assert "重建版" in banner and doc["label"][:20] not in banner and doc["name"] not in banner
        odds = odds_table_html(default_sheet(), "d8", 0)
        assert "Crossbow" not in odds and "Wood" not in odds


def test_score_form_retranslates_in_place(tmp_path):
    table = ScoreTable(tmp_path / "m.json", players=2)
    table.part_boxes[0]["orders"].value = "7"
    add, chart, header = table.add_button, table.chart, table.header_cells[3]
    assert "Winner: Player 1 with 7 gold." in table.results.value
    with using_language("zh_CN"):
        assert table.add_button is add and table.chart is chart and table.header_cells[3] is header
        assert add.description == "添加玩家" and "订单" in header.value
        assert "获胜者：Player 1，7 金币。" in table.results.value
        assert chart.layout.title.text == "每位玩家的金币（获胜者：Player 1）"
        assert chart.layout.yaxis.title.text == "金币"
        assert "精通" in table.help.value
    assert chart.layout.title.text == "Gold per player (winner: Player 1)"


def test_score_form_new_players_are_named_in_the_reader_language(tmp_path):
    with using_language("zh_CN"):
        table = ScoreTable(tmp_path / "m.json", players=1)
        assert table.players[0]["name"] == "玩家 1"
        table.remove_player(0)
        assert "至少需要一名玩家" in table.message.value


def test_learn_the_dice_retranslates_and_says_you():
    learn = LearnTheDice(seed=3)
    learn.roll()
    roll_button, place_button, view = learn.dice.roll_button, learn.turn.place_button, learn.view
    assert "You: pick a die and place it" in learn.status.value
    learn.end_round()
    text = learn.status.value
    assert "You has" not in text and "You's" not in text
    with using_language("zh_CN"):
        assert learn.dice.roll_button is roll_button and roll_button.description == "掷骰子"
        assert learn.turn.place_button is place_button and place_button.description == "放置"
        assert learn.turn.end_button.description == "结束本轮"
        assert learn.view is view and "重建版" in view.banner.value
        assert "第" in learn.status.value and "Round" not in learn.status.value
        assert "发生了什么" in learn.history_html.value
    assert roll_button.description == "Roll the dice" and "Round" in learn.status.value


def test_status_speaks_to_you_in_the_second_person():
    learn = LearnTheDice(seed=3)
    learn.roll()
    state = learn.session.state
    ended = replace(state, players=tuple(replace(p, done=True) for p in state.players))
    assert "You have ended this turn." in player_status_html(ended, 0)
    named = replace(ended, players=tuple(replace(p, name="Ann") for p in ended.players))
    assert "Ann has ended this turn." in player_status_html(named, 0)


def test_play_a_game_retranslates_setup_table_and_chart():
    game = PlayAGame()
    game.players_slider.value = 2
    assert game.start()
    start, chart = game.start_button, game.chart
    deck = game.deck_choice.value
    with using_language("zh_CN"):
        assert game.start_button is start and start.description == "开始新游戏"
        assert game.deck_choice.value == deck and game.deck_choice.options[0][0].startswith("生成的牌堆")
        assert game.chart is chart and "金币" in chart.layout.title.text
        assert [t.name for t in chart.data][:3] == ["制作", "研究", "订单"]
        assert "第 1 轮" in game.table.value and "掷公共骰子" in game.table.value
        assert "玩家" in game.table.value and "potions" not in game.table.value
    assert start.description == "Start a new game" and "Round 1 of" in game.table.value


def test_play_a_game_mastery_line_names_columns_not_ids():
    game = PlayAGame()
    game.players_slider.value = 2
    assert game.start()
    sheet = game.session.state.sheet
    ids = {c.id for c in sheet.columns} - {c.name for c in sheet.columns}
    mastery = game.table.value.split("Mastery:", 1)[1]
    assert not any(f" {i} circles" in mastery for i in ids)


def test_sheet_view_and_editor_retranslate(tmp_path):
    view = SheetView(default_sheet())
    figure = view.figure
    with using_language("zh_CN"):
        assert view.figure is figure
        assert any("骰子" in (a.text or "") for a in figure.layout.annotations)
    editor = SheetEditor(path=tmp_path / "sheet.json")
    save, gold = editor.save_button, next(iter(editor.gold_boxes.values()))
    with using_language("zh_CN"):
        assert editor.save_button is save and save.description == "保存记录纸"
        assert gold.description == "金币" and "预览" in editor.preview_title.value
    assert save.description == "Save sheet" and gold.description == "gold"


def test_a_placement_label_uses_names_and_signs():
    learn = LearnTheDice(seed=3)
    learn.roll()
    label, action = learn.choices()[0]
    assert isinstance(action, engine.Place)
    sheet = learn.session.state.sheet
    circle = sheet.circle(action.circle)
    assert sheet.row(circle.row).name in label and action.circle not in label
    assert ">=" not in label and "<=" not in label


def test_closed_widgets_stop_following_the_language():
    learn = LearnTheDice(seed=3)
    status = learn.status.value
    learn.close()
    with using_language("zh_CN"):
        assert learn.status.value == status and learn.dice.roll_button.description == "Roll the dice"
        assert "Reconstruction" in learn.view.banner.value


def test_bot_seats_named_in_chinese_are_bots_again_when_the_record_is_opened(tmp_path):
    with using_language("zh_CN"):
        game = PlayAGame()
        game.players_slider.value = 3
        assert game.start()
        assert game.player_names()[1:] == ["机器人 1", "机器人 2"]
        path = game.save_record(tmp_path / "game.jsonl")
    again = PlayAGame()
    again.open_record(path)           # opened in English: the Chinese bot names still mark bot seats
    assert again.session.humans() == [0]
