"""The learn-the-rules widgets follow the language switch in place: the same controls, relabelled."""

from __future__ import annotations

from companion.i18n import using_language
from companion.widgets.terra_mystica.learn import (
    CultTrackScoring,
    PowerBowlSimulator,
    RoundScoringExplorer,
    TerraformExplorer,
    TownKeyChoice,
)
from tests.terra_mystica.language_listeners import forget_language_listeners  # noqa: F401 (autouse fixture)


def test_round_scoring_explorer_in_chinese():
    w = RoundScoringExplorer()
    tile, text = w.tile, w.text
    with using_language("zh_CN"):
        assert w.tile is tile and w.text is text
        assert w.tile.description == "板块" and "本轮中" in w.text.value and "铲子" in w.text.value
        assert "崇拜轨道" in w.chart.layout.xaxis.title.text
    assert w.tile.description == "Tile" and "During the round:" in w.text.value


def test_cult_track_scoring_in_chinese():
    w = CultTrackScoring()
    with using_language("zh_CN"):
        assert w.player_count.description == "玩家"
        assert w.sliders[0]["fire"].description == "火" and "红" in w.name_labels[0].value
        assert "每人 6 分" in w.table.value          # (8 + 4) / 2 = 6 each, told in Chinese
        assert w.chart.layout.title.text == "崇拜轨道位置与终局分数"
    assert "(8 + 4) / 2 = 6 VP each" in w.table.value and w.sliders[0]["fire"].description == "fire"


def test_power_bowls_in_chinese():
    w = PowerBowlSimulator()
    w.gain()
    w.offer()
    with using_language("zh_CN"):
        assert w.buttons["gain"].description == "获得力量" and w.accept_button.description == "接受"
        assert "碗 I/II/III" in w.state.value and "接受还是拒绝" in w.message.value
        assert list(w.chart.data[0].x)[:1] == ["碗 I"]
    assert w.buttons["gain"].description == "gain power" and list(w.chart.data[0].x)[:1] == ["bowl I"]


def test_terraform_explorer_in_chinese():
    w = TerraformExplorer()
    with using_language("zh_CN"):
        assert w.faction.description == "派系" and w.faction.value == "witches"
        assert dict(w.faction.options)["女巫"] == "witches"
        assert "女巫" in w.answer.value and "3 把铲子 → 支付 9 个工人" in w.answer.value
        assert "地形循环上的路线：沙漠 → 荒地 → 山脉 → 森林" in w.answer.value   # the engine's route, in words
        assert "地形循环" in w.chart.layout.title.text
    assert "Witches: <b>3 spades → pay 9 workers</b>" in w.answer.value


def test_town_key_choice_in_chinese():
    w = TownKeyChoice()
    w.choose("+TW5")
    with using_language("zh_CN"):
        assert "女巫可以输入" in w.heading.value and w.reset_button.description == "重新开始"
        assert "由你选择" in w.state.value and "钥匙" in w.state.value
        assert "停在 9" in w.history.value          # the history is told again in the new language
    assert "stopped at 9 for want of a free key: water, air" in w.history.value


def test_closed_widgets_stop_listening():
    from companion import i18n
    from companion.widgets.terra_mystica.learn import FactionLesson
    from companion.widgets.terra_mystica.replay import ReplayViewer

    for make in (FactionLesson, TownKeyChoice, CultTrackScoring, ReplayViewer):
        w = make()
        n = len(i18n._listeners)
        w.close()
        assert len(i18n._listeners) == n - 1, make.__name__
