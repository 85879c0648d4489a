"""Every Terra Mystica and shared widget follows the language switch in place (issue 14).

Each test builds a widget in English, switches to Simplified Chinese (``using_language``, as the start
page's menu does through ``set_language``), checks that a label, a message and (where there is one) the
chart changed on the *same* widgets and figure, and that switching back restores the English.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.i18n import _, get_language, set_language, using_language

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def english_after():
    """Leave the process in automatic language choice (COMPANION_LANG=en from conftest) afterwards."""
    yield
    set_language(None)


# ------------------------------------------------------------------------------------ start page
def test_start_page_switch_changes_the_labels_and_points_links_to_the_chinese_edition(monkeypatch):
    from companion.widgets.start import GamePicker

    monkeypatch.chdir(ROOT / "notebooks")          # where the start notebook's kernel runs
    picker = GamePicker()
    chart = picker.chart
    assert picker.language.value == "en" and "Century: Golem Edition" in picker.toggle._options_labels
    assert '"path": "notebooks/century/learn_the_rules.ipynb"' in picker.summary.value.replace("&quot;", '"')
    picker.toggle.value = "terra_mystica"
    picker.language.value = "zh_CN"                # what a choice in the menu does
    assert get_language() == "zh_CN"
    assert picker.toggle.value == "terra_mystica"  # the game shown stays
    assert "神秘大地" in picker.toggle._options_labels and picker.language.description == "语言"
    summary = picker.summary.value.replace("&quot;", '"')
    assert "<h3>神秘大地</h3>" in summary and "名玩家" in summary
    assert '"path": "notebooks/zh_CN/terra_mystica/fast_auction.ipynb"' in summary
    assert 'href="zh_CN/terra_mystica/fast_auction.ipynb"' in summary
    assert picker.chart is chart and chart.layout.title.text == "各游戏的玩家人数"
    assert list(chart.data[0].y)[2] == "神秘大地"
    picker.language.value = "en"
    assert "<h3>Terra Mystica</h3>" in picker.summary.value and chart.layout.title.text == "Players per game"


def test_links_from_the_chinese_start_page_switched_to_english_go_up_a_folder(monkeypatch):
    from companion.widgets.start import notebook_link

    monkeypatch.chdir(ROOT / "notebooks" / "zh_CN")
    assert 'href="century/play_a_full_game.ipynb"' in notebook_link("century/play_a_full_game.ipynb", "zh_CN")
    english = notebook_link("century/play_a_full_game.ipynb", "en").replace("&quot;", '"')
    assert 'href="../century/play_a_full_game.ipynb"' in english
    assert '"path": "notebooks/century/play_a_full_game.ipynb"' in english


def test_the_switch_follows_a_change_made_elsewhere():
    from companion.widgets.start import LanguageSwitch

    switch = LanguageSwitch()
    assert [label for label, _code in switch.options] == ["English", "简体中文"]
    set_language("zh_CN")
    assert switch.value == "zh_CN" and switch.description == "语言"


# ------------------------------------------------------------------------------------ Terra Mystica
def test_score_form_redraws_labels_messages_breakdown_and_chart():
    from companion.widgets.terra_mystica.score import TableScorer

    table = TableScorer()
    chart = table.chart
    table.player_count.value = 2
    table.rows[0].faction.value = "witches"
    table.rows[1].faction.value = "nomads"
    table.rows[1].vp.value = "90"
    assert "Winner:" in table.breakdown.value and "Loaded" not in table.status.value
    with using_language("zh_CN"):
        assert table.player_count.description == "玩家"
        before = _("VP before final scoring")
        assert before != "VP before final scoring" and before in table._labels[2].value
        assert dict(table.rows[0].faction.options)["女巫"] == "witches"
        assert table.rows[0].faction.value == "witches"           # the choice is kept
        assert "获胜者：" in table.breakdown.value and "以 " in table.breakdown.value
        assert table.path_text.description == "存档文件" and table.open_button.description == "打开"
        assert "随输随存" in table.status.value
        assert table.chart is chart and chart.layout.title.text == "各部分的最终分数"
        assert chart.data[0].name == before
        table.rows[1].cults["fire"].value = "11"                   # a mark, in Chinese
        assert "请检查：" in table.message.value and "火（0-10）" in table.message.value
    assert table.player_count.description == "Players" and "Please check:" in table.message.value
    assert "fire (0-10)" in table.message.value and chart.data[0].name == "VP before final scoring"


def test_auction_redraws_steps_in_chinese_and_keeps_the_step():
    from companion.widgets.terra_mystica.auction import FastAuction

    widget = FastAuction()
    widget.go(9)
    assert "Bob raises Cultists at 7" in widget.step_list.value
    with using_language("zh_CN"):
        assert widget.step.value == 9 and widget.back.description == "◀ 上一步"
        assert "Bob 把邪教徒的竞叫提高到 7" in widget.step_list.value
        assert "当前最高竞叫" in widget.standings.value and "<td>邪教徒</td>" in widget.standings.value
        assert widget.chart.layout.title.text == "第 9 步后的竞叫"
    assert widget.back.description == "◀ previous" and "Bob raises Cultists" in widget.step_list.value


def test_auction_verbs_agree_with_you():
    from companion.widgets.terra_mystica.auction import FastAuction

    widget = FastAuction()
    widget.go(widget.step.max)
    text = widget.step_list.value
    assert "You open Cultists at 0" in text and "You opens" not in text and "You raises" not in text
    assert "Alice opens" in text or "Alice raises" in text
    assert "cultists" not in text                                  # names, never ids


def test_map_explorer_shows_positions_as_on_the_map_and_switches_language():
    from companion.terra_mystica.hexmap import load_shipped_map
    from companion.widgets.terra_mystica.map import MapExplorer

    explorer = MapExplorer()
    figure = explorer.figure
    explorer.select_hex("E7")
    h = load_shipped_map("base").hexes["E7"]
    # the row as its letter (the label's), the cell counted from 1 as drawn: never the 0-based indexes
    assert f"row E, cell {h.column + 1} from the left" in explorer.hex_info.value
    assert f"row {h.row}," not in explorer.hex_info.value
    with using_language("zh_CN"):
        assert explorer.read_button.description == "读取地图"
        assert f"第 E 行，左起第 {h.column + 1} 格" in explorer.hex_info.value
        assert "相邻六边形" in explorer.hex_info.value and "荒地" in explorer.hex_info.value
        assert "河流六边形" in explorer.stats.value
        assert dict(explorer.source.options)["原版（基础游戏）"] == "base" and explorer.source.value == "base"
        assert explorer.sandbox.place_button.description == "建造"
        assert explorer.figure is figure
    assert explorer.read_button.description == "Read map" and "Neighbours" in explorer.hex_info.value


def test_town_sandbox_log_and_summary_in_chinese():
    from companion.widgets.terra_mystica.map import TownSandbox

    box = TownSandbox(factions=("witches", "mermaids"))
    for h, k in (("A1", "TP"), ("A2", "TP"), ("A3", "TP"), ("A4", "D")):
        assert box.place(h, "witches", k)
    assert "The Witches founded town 1" in box.message.value
    with using_language("zh_CN"):
        assert "女巫建立了城镇 1" in box.message.value
        assert "城镇 1（女巫）" in box.summary.value and "城镇记录" in box.log_html.value
        assert dict(box.faction.options)["美人鱼"] == "mermaids" and box.faction.value == "witches"
    assert "town 1 (Witches)" in box.summary.value


# ------------------------------------------------------------------------------------ shared widgets
def test_scoreboard_and_history_view_in_chinese():
    from companion.widgets.scoreboard import Scoreboard

    board = Scoreboard()
    board.game.value = "terra_mystica"
    board.save_game()                                   # no faction picked: not saved, says why
    assert "Not saved yet" in board.save_message.value
    with using_language("zh_CN"):
        assert board.tabs.titles == ("为对局计分", "以往对局")
        assert board.save_button.description == "保存已结束的对局" and board.played_on.description == "对局日期"
        assert dict(board.game.options)["神秘大地"] == "terra_mystica" and board.game.value == "terra_mystica"
        assert "尚未保存" in board.save_message.value
        view = board.history_view
        assert dict(view.which.options)["所有游戏"] == "all" and "已保存 0 局" in view.where.value
        assert "还没有保存任何对局" in view.table.value
    assert board.tabs.titles == ("Score a game", "Past games")


def test_save_panel_status_follows_the_language(tmp_path):
    from companion.widgets.savepanel import SavePanel

    panel = SavePanel(tmp_path / "s.json", kind="k", on_load=lambda doc: None)
    assert panel.open_save()
    assert "New save file" in panel.status.value
    with using_language("zh_CN"):
        assert "新存档文件" in panel.status.value and panel.open_button.description == "打开 / 新建"
    (tmp_path / "bad.json").write_text("{", encoding="utf-8")
    assert not panel.open_save(tmp_path / "bad.json")
    with using_language("zh_CN"):
        assert "不会向它写入任何内容" in panel.status.value and "错误：" in panel.status.value


def test_record_strip_in_chinese(tmp_path):
    from companion.widgets.game_record import RecordFile

    strip = RecordFile(tmp_path / "none.txt", save=lambda p: p, open=lambda p: None)
    assert not strip.open_file()
    with using_language("zh_CN"):
        assert strip.path_box.description == "记录文件" and strip.save_button.description == "保存"
        assert "文件不存在" in strip.status.value
    assert "no such file" in strip.status.value


def test_form_marks_words_in_chinese():
    from companion.widgets.formcheck import parse_whole, problems_html, seat_label

    with using_language("zh_CN"):
        assert seat_label(1, ["Ann", ""]) == "玩家 2"
        assert seat_label(1, ["Ann", "玩家 1"]) == "玩家 2（“玩家 1”）"     # the other seat's label, in Chinese
        assert "请检查：" in problems_html(["x"]) and "请修正" in problems_html(["x"])
        with pytest.raises(ValueError, match="应为整数"):
            parse_whole("1e9")
    assert seat_label(1, ["Ann", "Player 1"]) == "Player 2 (“Player 1”)"


def test_every_faction_terrain_and_map_name_of_the_data_has_a_chinese_name():
    from companion.terra_mystica.factions import load_factions
    from companion.terra_mystica.hexmap import shipped_maps
    from companion.terra_mystica.terrain import RIVER_LETTER, terrain_wheel
    from companion.widgets.terra_mystica.names import faction_name, map_name, terrain_name

    letters = (*terrain_wheel().letters, RIVER_LETTER)
    english = ([faction_name(k) for k in load_factions()] + [terrain_name(x) for x in letters]
               + [map_name(m) for m in shipped_maps()])
    with using_language("zh_CN"):
        chinese = ([faction_name(k) for k in load_factions()] + [terrain_name(x) for x in letters]
                   + [map_name(m) for m in shipped_maps()])
    same = [e for e, z in zip(english, chinese, strict=True) if e == z]
    assert same == [], f"no Chinese name in the catalog for {same}"
    assert json.dumps(chinese, ensure_ascii=False).count("女巫") == 1


def test_untouched_default_names_follow_the_language_typed_names_stay():
    from companion.widgets.terra_mystica.auction import FastAuction
    from companion.widgets.terra_mystica.score import TableScorer

    table = TableScorer()
    table.rows[0].name.value = "Ann"
    widget = FastAuction()
    with using_language("zh_CN"):
        assert [r.name.value for r in table.rows[:2]] == ["Ann", "玩家 2"]
        assert table.document()["players"][1]["name"] == "玩家 2"
        assert [b.value for b in widget.name_boxes[:4]] == ["你", "Alice", "Bob", "玩家 4"]
        widget.go(1)
        assert "你以 0 开启邪教徒的竞叫" in widget.step_list.value      # still addressed as "you"
    assert [r.name.value for r in table.rows[:2]] == ["Ann", "Player 2"]
    assert widget.name_boxes[0].value == "You" and "You open Cultists" in widget.step_list.value
