"""Chinese punctuation in the learn-the-rules widgets and the town sandbox's refusals (issue 22, point 10).

A translated text never gets an ASCII full stop, colon, comma or semicolon glued to it (``本轮中： ….``), and a
list of choices is joined with the translated "or" (``TE 或 SH``, not ``TE or SH``).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.errors import IllegalActionError
from companion.i18n import using_language
from companion.terra_mystica.hexmap import parse_map
from companion.terra_mystica.towns import TownState
from companion.widgets.terra_mystica.learn import (
    CultTrackScoring,
    FactionLesson,
    PowerBowlSimulator,
    RoundScoringExplorer,
    TerraformExplorer,
    TownKeyChoice,
)
from tests.terra_mystica.language_listeners import forget_language_listeners  # noqa: F401 (autouse fixture)

BASE = parse_map((Path(__file__).parent / "fixtures" / "maps" / "base.txt").read_text())
CJK = r"[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]"
# an ASCII . : ; , right after a Chinese character or full-width bracket (spaces and closing tags between)
GLUED = re.compile(CJK + r"(?:</?\w+[^>]*>|\s)*[.:;,](?![\d.])")


def glued_punctuation(html_text: str) -> list[str]:
    return [html_text[max(0, m.start() - 12):m.end() + 3] for m in GLUED.finditer(html_text)]


def texts_of(widget) -> str:
    """Every HTML value and chart text a widget shows."""
    out = []
    for name in ("text", "table", "answer", "state", "message", "history", "card"):
        value = getattr(widget, name, None)
        if value is not None and isinstance(getattr(value, "value", None), str):
            out.append(value.value)
    chart = getattr(widget, "chart", None)
    if chart is not None:
        out.extend(str(getattr(trace, "hovertemplate", "") or "") for trace in chart.data)
    return "\n".join(out)


def _key_choice():
    w = TownKeyChoice()
    w.choose("+TW5")
    return w


@pytest.mark.parametrize("make", [RoundScoringExplorer, CultTrackScoring, PowerBowlSimulator, TerraformExplorer,
                                  _key_choice, FactionLesson], ids=lambda f: f.__name__)
def test_learn_widgets_write_chinese_punctuation(make):
    with using_language("zh_CN"):
        w = make()
        shown = texts_of(w)
    assert re.search(CJK, shown)
    assert glued_punctuation(shown) == []


def test_the_check_sees_an_ascii_full_stop_after_chinese():
    assert len(glued_punctuation("<p><b>本轮中：</b> 每个住所 2 分.</p>")) == 1
    assert len(glued_punctuation("<li>火: 第一名</li>")) == 1
    assert glued_punctuation("<p>D -> TP, 1.5 VP; ok.</p>") == []


def test_a_refused_upgrade_lists_the_choices_with_the_translated_or():
    state = TownState.new(BASE).place("E7", "witches", "D").place("E7", "witches", "TP")
    with using_language("zh_CN"), pytest.raises(IllegalActionError) as info:
        state.place("E7", "witches", "SA")
    assert "TE 或 SH" in str(info.value) and " or " not in str(info.value)
    with pytest.raises(IllegalActionError) as info:
        state.place("E7", "witches", "SA")
    assert "it can become TE or SH, not SA" in str(info.value)


def test_a_fully_upgraded_building_says_so_in_chinese():
    state = TownState.new(BASE)
    for kind in ("D", "TP", "TE", "SA"):
        state = state.place("E7", "witches", kind)
    with using_language("zh_CN"), pytest.raises(IllegalActionError) as info:
        state.place("E7", "witches", "SH")
    assert "已升到最高级" in str(info.value) and "nothing" not in str(info.value)
