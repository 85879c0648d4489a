"""Touch screens: meanings reachable by a tap, the touch style on the page, digit keyboards for scores."""

from __future__ import annotations

import html
import re

import ipywidgets as widgets

from companion.i18n import using_language
from companion.terra_mystica.describe import explain_code
from companion.widgets.common import busy_style
from companion.widgets.formcheck import style_widget
from companion.widgets.terra_mystica.replay import ReplayViewer
from companion.widgets.touch import TIP_CLASS, TOUCH_CSS, NumberKeys, tip_html

_TIP = re.compile(r'<abbr class="companion-tip" tabindex="0" title="([^"]*)">([A-Z0-9]+)</abbr>')


def test_tip_is_focusable_and_escapes_its_meaning():
    tip = tip_html("FAV&lt;1&gt;", 'gain "1" <fire>', tag="b", css_class="extra")
    assert tip.startswith('<b class="companion-tip extra" tabindex="0" ')
    assert 'title="gain &quot;1&quot; &lt;fire&gt;"' in tip
    assert tip.endswith(">FAV&lt;1&gt;</b>")


def test_touch_css_writes_the_meaning_out_on_focus_and_sizes_controls():
    assert f".{TIP_CLASS}:focus::after {{content: attr(title)" in TOUCH_CSS
    assert "@media (pointer: coarse), (max-width: 640px)" in TOUCH_CSS
    assert "min-height: 40px" in TOUCH_CSS
    assert TOUCH_CSS in busy_style().value


def test_score_forms_carry_the_touch_style_and_the_digit_keyboard():
    box = style_widget()
    keys = [child for child in box.children if type(child).__name__ == "NumberKeys"]
    assert len(keys) == 1
    assert any(isinstance(child, widgets.HTML) and TOUCH_CSS in child.value for child in box.children)
    assert 'setAttribute("inputmode", "numeric")' in NumberKeys._esm


def test_replay_tile_codes_carry_their_meaning_in_the_language_shown():
    viewer = ReplayViewer()
    try:
        viewer.jump_to_round(3)
        found = _TIP.findall(viewer.table.value + viewer.row_text.value)
        assert found, "no tile code with its meaning"
        for meaning, code in found:
            assert html.unescape(meaning) == explain_code(code)
        assert "tap a tile code" in viewer.table.value
        with using_language("zh_CN"):          # the viewer follows the switch (language listener)
            chinese = _TIP.findall(viewer.table.value)
            assert chinese and all(html.unescape(m) == explain_code(c) for m, c in chinese)
            assert chinese != found[: len(chinese)]
            assert "tap a tile code" not in viewer.table.value
        assert "tap a tile code" in viewer.table.value
    finally:
        viewer.close()


def test_century_merchant_cards_name_themselves_on_a_tap():
    from companion.century import load_cards
    from companion.century.engine import new_game
    from companion.widgets.century.actions import card_name
    from companion.widgets.century.table import table_html

    state = new_game(2, seed=3)
    page = table_html(state)
    assert TOUCH_CSS in page
    names = re.findall(r'<div class="companion-tip cge-card[^"]*" tabindex="0" title="([^"]*)">', page)
    shown = {card_name(load_cards().merchant(card_id)) for card_id in state.market}
    assert shown and shown <= {html.unescape(n) for n in names}


def test_a_marked_button_writes_its_tooltip_out_only_where_nothing_hovers():
    from companion.widgets.touch import CAPTION_CLASS, show_tooltip

    button = widgets.Button(description="Undo", tooltip="back to your last decision")
    assert show_tooltip(button) is button and CAPTION_CLASS in button._dom_classes
    hover_none = TOUCH_CSS[TOUCH_CSS.index("@media (hover: none) {"):]
    assert f".{CAPTION_CLASS}[title]:not([title=''])::after {{content: attr(title)" in hover_none
    # only inside the touch-screen rule: a mouse keeps the plain tooltip and the desktop look
    assert "attr(title)" not in TOUCH_CSS.replace(hover_none, "").replace(f".{TIP_CLASS}:focus::after {{content: attr(title)", "")


def test_century_game_marks_its_undo_and_hint_buttons():
    from companion.widgets.century.game import CenturyGame
    from companion.widgets.touch import CAPTION_CLASS

    game = CenturyGame()
    try:
        assert CAPTION_CLASS in game.undo_button._dom_classes and CAPTION_CLASS in game.hint_button._dom_classes
        assert CAPTION_CLASS not in game.step_button._dom_classes   # its label says it all
    finally:
        game.close()
