"""A phone at the table (412 x 915 CSS px, touch, device scale 2.6, as a mid-size Android phone).

The scoreboard app (Voila): the page never scrolls sideways, every control is tall enough to tap, a score typed
by tapping a box opens the digit keyboard (``inputmode="numeric"``), counts and is saved. The Terra Mystica
replay in JupyterLab: a tile code's meaning, a tooltip for a mouse, is written out when the code is tapped. In
both, every plot is drawn as wide as its box on the screen.
Screenshots: ``screenshots/phone_*.png``.
"""

from __future__ import annotations

import pytest

from tests.browser.harness import SCREENSHOTS, run_in_lab, screenshot, watch_console
from tests.browser.test_scoreboard import CALC, open_app, pick_game, scoreboard_server, wait_for_text

PHONE = dict(viewport={"width": 412, "height": 915}, device_scale_factor=2.6, is_mobile=True, has_touch=True)
WIDTH = PHONE["viewport"]["width"]

PAGE_WIDTH = "() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)"
# every visible button, text box, drop-down and date box of the widgets (plotly's own tool bar aside):
# [what, width, height, right edge]
CONTROLS = """(root) => Array.from(document.querySelectorAll(root + ' button, ' + root + ' input, ' + root + ' select'))
  .filter(e => !e.closest('.modebar') && e.type !== 'hidden' && e.getClientRects().length)
  .map(e => { const r = e.getBoundingClientRect();
              return [(e.innerText || e.value || e.tagName).trim().slice(0, 30), r.width, r.height, r.right]; })
  .filter(([, w, h]) => w > 0 && h > 0)"""


@pytest.fixture
def phone(browser, request):
    context = browser.new_context(**PHONE)
    page = context.new_page()
    errors = watch_console(page)
    yield page
    context.close()
    errors.check(request.node.name)


@pytest.fixture(scope="module")
def app():
    """The scoreboard app as ``make app`` serves it (its own save folder and history); outlives the pages."""
    with scoreboard_server() as served:
        yield served


def _screen(page, name: str) -> None:
    """Save what the phone's screen shows now (one 412 x 915 screen) as ``screenshots/<name>.png``."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.wait_for_timeout(400)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"))


def _charts_fit(page, scope: str, what: str) -> None:
    """Every plot under ``scope`` is drawn as wide as its box (not plotly's 700 px default, off the screen)."""
    page.wait_for_selector(f"{scope} .js-plotly-plot .main-svg", timeout=60_000, state="attached")
    page.wait_for_timeout(800)
    widths = page.evaluate("""s => Array.from(document.querySelectorAll(s + ' .js-plotly-plot')).map(p =>
        [p.clientWidth, Number(p.querySelector('.main-svg').getAttribute('width'))])""", scope)
    assert widths and all(abs(box - drawn) <= 2 and box <= WIDTH for box, drawn in widths), f"{what}: {widths}"


# every plot title, x-axis title and annotation (an empty chart's message) under a scope, as drawn:
# [text, left, right, svg width, top] in px from the plot's left and top edges
TEXTS = """s => Array.from(document.querySelectorAll(s + ' .js-plotly-plot')).flatMap(p => {
    const svg = p.querySelector('.main-svg').getBoundingClientRect();
    return Array.from(p.querySelectorAll('text.gtitle, .g-xtitle text, text.annotation-text')).map(t => {
        const r = t.getBoundingClientRect();
        return [t.textContent, r.left - svg.left, r.right - svg.left, svg.width, r.top - svg.top]; }); })"""


def _texts_fit(page, scope: str, what: str) -> list:
    """Every title and message of the plots under ``scope`` lies inside its plot (none cut off)."""
    page.wait_for_timeout(300)
    texts = page.evaluate(TEXTS, scope)
    cut = [t for t in texts if t[0].strip() and (t[1] < -1 or t[2] > t[3] + 1 or t[4] < -1)]
    assert not cut, f"{what}: texts running past the plot's edges: {cut}"
    return texts


def _no_sideways_page(page, what: str) -> None:
    width = page.evaluate(PAGE_WIDTH)
    assert width <= WIDTH + 1, f"{what}: the page is {width} px wide on a {WIDTH} px screen"


def test_scoreboard_on_a_phone_fits_and_a_tapped_score_is_saved(phone, app):
    page, (base, data) = phone, app
    open_app(page, base)
    pick_game(page, "Terra Mystica", ".companion-number")   # the game shown first on a fresh start
    _charts_fit(page, CALC, "the Terra Mystica chart")
    texts = _texts_fit(page, CALC, "the Terra Mystica chart")
    title = next(t for t in texts if t[0].startswith("VP before"))
    assert title[0].endswith("final scores)"), f"the title lost words: {title}"   # wrapped, not cut
    page.locator(f"{CALC} .js-plotly-plot").first.scroll_into_view_if_needed()
    _screen(page, "phone_tm_score_chart")
    pick_game(page, "Merchants of Magick", ".companion-magick-grid")
    page.wait_for_timeout(500)
    _no_sideways_page(page, "Merchants of Magick")
    # where nothing hovers, a row button's tooltip is written out in it (an icon alone says little)
    remove = page.locator(f"{CALC} .widget-button[title='remove this player']").first
    assert remove.evaluate("e => getComputedStyle(e, '::after').content").strip('"') == "remove this player"
    assert remove.bounding_box()["width"] > 60, "the caption is squeezed into the icon's width"
    remove.scroll_into_view_if_needed()
    _screen(page, "phone_magick_row_captions")
    # a plain button (its tooltip is its label) shows no caption
    assert page.locator(".widget-button", has_text="Add player").evaluate(
        "e => getComputedStyle(e, '::after').content") in ("none", "normal")
    controls = page.evaluate(CONTROLS, ".companion-scoreboard")
    assert len(controls) >= 10, controls
    small = [c for c in controls if c[2] < 39.5]
    assert not small, f"controls less than 40 px tall (hard to tap): {small}"
    # what does not fit (the score pad's columns) scrolls inside its own frame
    assert page.evaluate("s => getComputedStyle(document.querySelector(s)).overflowX", CALC) in ("auto", "scroll")

    # a score typed the way a phone types it: tap the box, the digit keyboard, keys
    gold = page.locator(f"{CALC} .companion-magick-grid .companion-number input")
    research = gold.nth(1)                        # Player 1's research
    assert research.get_attribute("inputmode") == "numeric"
    assert gold.nth(6 + 2).get_attribute("inputmode") == "numeric"
    research.scroll_into_view_if_needed()
    research.tap()
    assert research.evaluate("e => document.activeElement === e"), "tapping the box did not focus it"
    page.keyboard.press("Control+A")
    page.keyboard.type("23")
    wait_for_text(page, "Winner: Player 1 with 23 gold", CALC)
    assert research.input_value() == "23"
    screenshot(page, "phone_scoreboard_magick")

    save_button = page.locator(".widget-button", has_text="Save the finished game")
    box = save_button.bounding_box()
    assert box["height"] >= 39.5 and box["x"] + box["width"] <= WIDTH + 1, box
    save_button.tap()
    wait_for_text(page, "Saved: Merchants of Magick")

    page.locator(".lm-TabBar-tab", has_text="Past games").tap()
    view = ".companion-history-view"
    wait_for_text(page, "1 game saved", view)
    assert "23" in page.locator(f"{view} .companion-history").inner_text()
    page.wait_for_selector(f"{view} .js-plotly-plot .main-svg g.trace", timeout=60_000, state="attached")
    _charts_fit(page, view, "Past games")
    _texts_fit(page, view, "Past games")
    _no_sideways_page(page, "Past games")
    screenshot(page, "phone_scoreboard_past_games")
    assert (data / "history.sqlite3").exists()


def test_tm_replay_code_meaning_is_reachable_by_tap(phone, lab_url):
    page = phone
    run_in_lab(page, lab_url, "notebooks/terra_mystica/replay_a_real_game.ipynb")
    # on a phone one closes JupyterLab's side panel (the file browser, open in a fresh workspace)
    page.evaluate("() => { window.jupyterapp.shell.collapseLeft(); window.jupyterapp.shell.collapseRight(); }")
    page.wait_for_timeout(1000)
    out = ".jp-OutputArea "
    _charts_fit(page, ".jp-OutputArea", "the replay's map and VP chart")
    _texts_fit(page, ".jp-OutputArea", "the replay's map and VP chart")
    # the map (drawn to scale) is as tall as the screen's width lets it be, not its desktop height with empty
    # bands above and below, and keeps its own x range: [figure height, plot area height, drawn hexes, x range]
    sizes = page.evaluate("""() => Array.from(document.querySelectorAll('.jp-OutputArea .js-plotly-plot'))
        .filter(p => p._fullLayout && p._fullLayout.yaxis.scaleanchor === 'x')
        .map(p => [p._fullLayout.height, p._fullLayout._size.h,
                   p.querySelector('.cartesianlayer .scatterlayer').getBoundingClientRect().height,
                   p._fullLayout.xaxis.range])""")
    assert sizes, "no map drawn to scale"
    for height, area, hexes, x_range in sizes:
        assert height < 400 and hexes > 0.8 * area, f"the map is {height} px tall ({area} px plot) for {hexes} px of hexes"
        assert x_range[0] > -1.5, f"the map was shrunk sideways to fit its height: x range {x_range}"
    page.locator(".jp-OutputArea .js-plotly-plot").first.scroll_into_view_if_needed()
    _screen(page, "phone_tm_replay_map")
    code = page.locator(f"{out}.companion-tip[title^='round scoring tile:']").first
    meaning = code.get_attribute("title")
    after = "e => getComputedStyle(e, '::after').content"
    assert code.evaluate(after) in ("none", "normal", ""), "the meaning shows before any tap"
    code.scroll_into_view_if_needed()
    code.tap()
    page.wait_for_function("e => document.activeElement === e", arg=code.element_handle(), timeout=10_000)
    shown = code.evaluate(after)
    assert shown.strip('"') == meaning, f"tapped {code.inner_text()!r}: shows {shown!r}, its meaning is {meaning!r}"
    assert code.evaluate("e => e.getBoundingClientRect().height") > 30, "the meaning is not laid out below the code"
    assert "tap a tile code" in page.locator(f"{out}.widget-html-content", has_text="tap a tile code").first.inner_text()
    # a faction's tiles in the table: tapping one shows its meaning too
    favour = page.locator(f"{out}table .companion-tip").first
    favour.scroll_into_view_if_needed()
    favour.tap()
    assert favour.evaluate(after).strip('"') == favour.get_attribute("title")
    _screen(page, "phone_tm_replay_table_tap")
    # the step buttons, drop-downs and slider fit the screen and are tall enough to tap
    controls = page.evaluate(CONTROLS, ".jp-OutputArea")
    assert controls, "no controls found"
    assert not [c for c in controls if c[2] < 39.5 and c[0] != "INPUT"], controls
    assert not [c for c in controls if c[3] > WIDTH + 1], f"controls running off the screen: {controls}"
    code.scroll_into_view_if_needed()
    code.tap()
    _screen(page, "phone_tm_replay_code_tap")



def test_century_lesson_buttons_write_their_steps_out_on_a_phone(phone, lab_url):
    page = phone
    run_in_lab(page, lab_url, "notebooks/century/learn_the_rules.ipynb", expect_plotly=False)
    page.evaluate("() => { window.jupyterapp.shell.collapseLeft(); window.jupyterapp.shell.collapseRight(); }")
    button = page.locator(".jp-OutputArea .widget-button", has_text="Three times").first
    button.scroll_into_view_if_needed()
    steps = button.get_attribute("title")
    assert steps and steps != button.inner_text().strip()
    # the steps (a tooltip for a mouse) are written in the button below its label, inside the screen
    assert button.evaluate("e => getComputedStyle(e, '::after').content").strip('"') == steps
    box = button.bounding_box()
    assert box["height"] >= 39.5 and box["x"] + box["width"] <= WIDTH + 1, box
    assert button.evaluate("e => e.scrollHeight <= e.clientHeight + 1"), "the steps are cut off at the button's foot"
    row = button.locator("xpath=..")
    row.scroll_into_view_if_needed()
    page.wait_for_timeout(300)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    row.screenshot(path=str(SCREENSHOTS / "phone_century_lesson_buttons.png"))


def test_chinese_chart_title_wraps_between_characters(phone, lab_url):
    page = phone
    run_in_lab(page, lab_url, "notebooks/zh_CN/terra_mystica/score_a_table_game.ipynb")
    page.evaluate("() => { window.jupyterapp.shell.collapseLeft(); window.jupyterapp.shell.collapseRight(); }")
    _charts_fit(page, ".jp-OutputArea", "the Chinese score chart")
    texts = _texts_fit(page, ".jp-OutputArea", "the Chinese score chart")
    assert any(not t[0].isascii() for t in texts), f"no Chinese plot text: {texts}"
    plot = page.locator(".jp-OutputArea .js-plotly-plot").first
    plot.scroll_into_view_if_needed()
    page.wait_for_timeout(300)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    plot.screenshot(path=str(SCREENSHOTS / "phone_zh_tm_score_chart.png"))


# [text, left, right] of each label cell of a pad, and whether the label is what shows at its centre
# (the page scrolled up or down to each label first; "nearest" leaves the pad's sideways scroll alone while the
# label is in view sideways)
STICKY_LABELS = """s => Array.from(document.querySelectorAll(s + ' .companion-sticky')).map(e => {
    e.scrollIntoView({block: 'center', inline: 'nearest'});
    const r = e.getBoundingClientRect();
    const top = document.elementFromPoint(Math.min(r.left + r.width / 2, window.innerWidth - 1), r.top + r.height / 2);
    return [e.innerText.trim().slice(0, 30), r.left, r.right, !!top && e.contains(top)]; })"""
# [longest option, its drawn width, room for text] of each drop-down under a scope
OPTION_ROOM = """s => Array.from(document.querySelectorAll(s + ' select')).map(sel => {
    const cs = getComputedStyle(sel);
    const ctx = document.createElement('canvas').getContext('2d');
    ctx.font = `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
    const widths = Array.from(sel.options).map(o => [o.text, ctx.measureText(o.text).width]);
    const [text, width] = widths.reduce((a, b) => (b[1] > a[1] ? b : a));
    return [text, width, sel.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight)]; })"""


def _scroll_right(page, frame: str) -> None:
    page.evaluate("s => { const f = document.querySelector(s); f.scrollLeft = f.scrollWidth; }", frame)
    page.wait_for_timeout(300)
    assert page.evaluate("s => document.querySelector(s).scrollLeft", frame) > 50, f"{frame} did not scroll"


def _labels_in_view(page, frame: str, what: str, expect: list[str]) -> None:
    labels = page.evaluate(STICKY_LABELS, frame)
    shown = " ".join(text for text, *_rest in labels)
    for word in expect:
        assert word in shown, f"{what}: no label {word!r} among {labels}"
    off = [label for label in labels if label[1] < -1 or label[2] > WIDTH + 1 or not label[3]]
    assert not off, f"{what}: labels scrolled away or covered by the boxes: {off}"


def test_score_pads_keep_their_labels_in_view_on_a_phone(phone, app):
    """Issue 22, point 2: scrolled to the last player, the Terra Mystica pad still shows its row labels (and
    Century its row numbers and names), and a faction menu never cuts a name."""
    page, (base, _data) = phone, app
    open_app(page, base)
    pick_game(page, "Terra Mystica", ".companion-number")
    pad = f"{CALC} .companion-tm-pad"
    page.locator(f"{CALC} .widget-dropdown select").first.select_option(label="5")
    page.wait_for_function("s => document.querySelectorAll(s + ' select').length === 5", arg=pad, timeout=30_000)
    menus = page.locator(f"{pad} select")
    for k, faction in enumerate(("Engineers", "Chaos Magicians", "Shapeshifters (F&I)", "Darklings", "Witches")):
        menus.nth(k).select_option(label=faction)
    page.wait_for_timeout(500)
    room = page.evaluate(OPTION_ROOM, pad)
    assert len(room) == 5 and all(width <= space + 1 for _text, width, space in room), f"names cut: {room}"
    _scroll_right(page, pad)
    last_vp = page.locator(f"{pad} .companion-number input").nth(4).bounding_box()
    assert last_vp["x"] + last_vp["width"] <= WIDTH + 1, f"the last player's VP box is not on the screen: {last_vp}"
    _labels_in_view(page, pad, "Terra Mystica", ["VP before final scoring", "fire", "priests", "bowl III"])
    page.locator(pad).scroll_into_view_if_needed()
    _screen(page, "phone_tm_score_pad_scrolled")

    pick_game(page, "Century", "input[placeholder='e.g. 12, 14']")
    grid = f"{CALC} .companion-form-grid"
    page.locator(f"{grid} input[type=text]").first.fill("Annabelle")
    _scroll_right(page, grid)
    _labels_in_view(page, grid, "Century", ["#", "Player", "1.", "2.", "3."])
    name = page.locator(f"{grid} .companion-sticky input").first
    box = name.bounding_box()
    assert box["x"] >= -1 and box["x"] + box["width"] <= WIDTH + 1 and name.input_value() == "Annabelle", box
    page.locator(grid).scroll_into_view_if_needed()
    _screen(page, "phone_century_score_pad_scrolled")
