"""A 2-player game of Terra Mystica in JupyterLab, a person (Witches) against the greedy bot (Nomads), through
the setup and the whole of round 1: clicks on outlined hexes place the initial dwellings, buttons take the
bonus tile and pass. The drawn values (heading, the resources table, buildings on the map, the cult-track
and power-bowl bars) are compared with the same game played by the widget's plain methods in this process
(same seed, same choices), and the figures are the same plot elements throughout (redrawn in place)."""

from __future__ import annotations

from tests.browser.harness import SCREENSHOTS, run_in_lab, screenshot, timed_click, widget_text
from tests.browser.test_century_picker_phone_zh import PHONE_390
from tests.browser.test_phone import phone  # noqa: F401 (the phone page fixture)

NOTEBOOK = "notebooks/terra_mystica/play_a_full_game.ipynb"
ROOT = "window.jupyterapp.shell.currentWidget.node"
MAP = f"({ROOT}).querySelectorAll('.jp-OutputArea .js-plotly-plot')[0]"
BOARD = f"({ROOT}).querySelectorAll('.jp-OutputArea .js-plotly-plot')[1]"


def _hex_point(page, label: str) -> dict:
    """Screen position of hex ``label`` on the play map (the hex trace draws the labels as text)."""
    return page.evaluate(
        "(label) => { const plot = " + MAP + ";"
        " const trace = Array.from(plot.querySelectorAll('.scatterlayer .trace'))"
        "   .filter(t => t.querySelector('.textpoint')).pop();"
        " const texts = Array.from(trace.querySelectorAll('.textpoint text'));"
        " const i = texts.findIndex(t => t.textContent === label);"
        " const point = trace.querySelectorAll('path.point')[i];"
        " point.scrollIntoView({block: 'center', inline: 'center'});"
        " const r = point.getBoundingClientRect();"
        " return {x: r.x + r.width / 2, y: r.y + r.height / 2}; }", label)


def _text_js(text: str) -> str:
    return (f"() => Array.from(({ROOT}).querySelectorAll('.widget-html-content'))"
            f".some(e => e.innerText.includes({text!r}))")


def _buildings_js(n: int) -> str:
    return (f"() => {{ const p = {MAP}; const t = p && p.data && p.data.find(t => t.name === 'buildings');"
            f" return !!t && t.x.length === {n}; }}")


def _click_hex(page, label: str, until: str) -> None:
    box = _hex_point(page, label)
    page.mouse.move(box["x"] - 3, box["y"] - 3)
    page.mouse.move(box["x"], box["y"])
    page.wait_for_timeout(300)
    page.mouse.click(box["x"], box["y"])
    page.wait_for_function(until, timeout=60_000, polling=100)


def _after(w) -> str:
    """JS predicate: the page shows the replica's state (round heading, bot actions so far, buildings)."""
    from companion.session import BOT

    g = w.session.state.game
    bots = sum(1 for k in w.session.kinds if k == BOT)
    heading = f"Round {g.round} of 6" if g.round else "Setup: initial dwellings"
    summary = f"{bots} bot action"
    return (f"() => ({_text_js(heading)})() && ({_text_js(summary)})()"
            f" && ({_buildings_js(len(g.townstate.buildings))})()")


def _press(page, w, index: int, what: str) -> None:
    """Press button ``index`` of the other actions, in the replica and on the page."""
    button = w.action_buttons.buttons[index]
    description = button.description
    button.click()
    timed_click(page, page.locator(".jp-OutputArea .widget-button", has_text=description).first, _after(w),
                what=what)


def _replica():
    """The notebook's game played with the widget's plain methods, to know what the page must draw."""
    from companion.widgets.terra_mystica.play import PlayAFullGame

    w = PlayAFullGame(players=2, controllers=["human", "greedy"], factions=["witches", "nomads"], seed=1)
    assert w.start()
    return w


def test_play_a_full_round_in_lab(page, lab_url):
    run_in_lab(page, lab_url, NOTEBOOK)
    page.wait_for_function(f"() => {{ const p = {BOARD}; return !!p && p.querySelectorAll('.barlayer .trace').length >= 2; }}",
                           timeout=60_000)
    page.evaluate(f"() => {{ {MAP}.dataset.companionTag = 'map'; {BOARD}.dataset.companionTag = 'board'; }}")
    text = widget_text(page)
    assert "Setup: initial dwellings and bonus tiles" in text
    assert "Witches (person): your turn" in text
    w = _replica()
    # the setup: the person places the initial dwellings by clicking outlined hexes; the bot answers
    while w.session.state.game.round == 0:
        marked = sorted(h for h, role in w.highlighted().items() if role == "shipping")
        if marked:
            label = marked[0]
            w.select_hex(label)
            _click_hex(page, label, _after(w))
        else:   # the first bonus tile: a button
            _press(page, w, 0, "TM play: take a bonus tile")
    assert w.session.state.game.round == 1
    # round 1: the person passes (taking a bonus tile for round 2), the bot plays out the round
    while w.session.state.game.round == 1:
        passes = [i for i, a in enumerate(w.action_buttons.choices) if a.text.startswith("pass")]
        _press(page, w, passes[0] if passes else 0, "TM play: pass (or answer a power offer)")
    assert w.session.state.game.round == 2
    page.wait_for_function(_text_js("Round 2 of 6"), timeout=60_000)
    g = w.session.state.game
    page.wait_for_function(_buildings_js(len(g.townstate.buildings)), timeout=30_000)
    # the resources table shows what the engine holds for each faction after round 1
    table = page.evaluate(f"() => Array.from(({ROOT}).querySelectorAll('table.companion-tm-play tr'))"
                          ".map(r => Array.from(r.children).map(c => c.innerText.trim()))")
    rows = {r[0]: r[1:] for r in table}
    seats = list(g.seats)
    assert rows["VP"] == [str(g.factions[n].vp) for n in seats]
    assert rows["coins"] == [str(g.factions[n].coins) for n in seats]
    assert rows["power bowls I / II / III"] == ["{} / {} / {}".format(*g.factions[n].bowls) for n in seats]
    # the board's bars: cult tracks and power bowls of each faction, as the engine holds them
    bars = page.evaluate(f"() => {BOARD}.data.map(t => [t.name, t.xaxis || 'x', Array.from(t.y)])")
    bowls = {name: y for name, axis, y in bars if axis == "x2"}
    cults = {name: y for name, axis, y in bars if axis == "x"}
    assert bowls == {n.capitalize(): list(g.factions[n].bowls) for n in seats}
    assert cults == {n.capitalize(): [g.factions[n].cult[t] for t in ("FIRE", "WATER", "EARTH", "AIR")]
                     for n in seats}
    assert "Turn order:" in widget_text(page)
    screenshot(page, "tm_play_a_full_game")
    # the same plot elements throughout: redrawn in place, never replaced
    assert page.evaluate(f"() => {MAP}.dataset.companionTag") == "map"
    assert page.evaluate(f"() => {BOARD}.dataset.companionTag") == "board"
    # undo goes back to the person's last decision (the pass in round 1)
    w.undo()
    timed_click(page, page.locator(".jp-OutputArea .widget-button", has_text="Undo").first,
                _text_js("Undone."), what="TM play: undo")
    page.wait_for_function(_text_js("Round 1 of 6"), timeout=30_000)
    assert "Witches (person): your turn" in widget_text(page)


# where the refusal of a typed row is drawn against the input box: [error top, error bottom, box top, box bottom,
# bottom of the box's row (undo, box, "Do it": it wraps on a phone), screen height] in CSS px
_REFUSAL_PLACE = f"""() => {{
  const input = Array.from(({ROOT}).querySelectorAll('.jp-OutputArea input[type=text]'))
    .find(e => (e.placeholder || '').startsWith('type a row'));
  const error = Array.from(({ROOT}).querySelectorAll('.jp-OutputArea .companion-error')).pop();
  const b = input.getBoundingClientRect(), e = error.getBoundingClientRect();
  const row = input.closest('.widget-hbox').getBoundingClientRect();
  return [e.top, e.bottom, b.top, b.bottom, row.bottom, window.innerHeight]; }}"""


def _type_an_illegal_row(page) -> None:
    """Type two actions in one turn in the row box and press Enter: the refusal must be next to the box."""
    box = page.locator(".jp-OutputArea input[placeholder^='type a row']").first
    box.wait_for(timeout=60_000)
    box.scroll_into_view_if_needed()
    labels = page.evaluate(f"() => Array.from({MAP}.querySelectorAll('.textpoint text')).map(t => t.textContent)")
    hexes = [label for label in labels if label[:1].isalpha() and label[1:].isdigit()][:2]
    box.fill(f"build {hexes[0]}. build {hexes[1]}")
    box.press("Enter")
    page.wait_for_function(f"() => !!({ROOT}).querySelector('.jp-OutputArea .companion-error')", timeout=60_000)
    box.scroll_into_view_if_needed()
    place = page.evaluate(_REFUSAL_PLACE)
    error_top, error_bottom, box_top, box_bottom, row_bottom, height = place
    assert 0 <= box_top and 0 <= error_top and error_bottom <= height, place   # the box and the refusal on screen
    assert box_bottom <= row_bottom <= error_top <= row_bottom + 20, place   # right below the box's row
    assert "must place an initial dwelling" in page.evaluate(
        f"() => Array.from(({ROOT}).querySelectorAll('.jp-OutputArea .companion-error')).pop().innerText")


def test_a_refused_row_is_shown_by_the_input_box(page, lab_url):
    run_in_lab(page, lab_url, NOTEBOOK)
    _type_an_illegal_row(page)


def test_a_refused_row_is_shown_by_the_input_box_on_a_phone(phone, lab_url):   # noqa: F811 (the fixture)
    run_in_lab(phone, lab_url, NOTEBOOK)
    phone.evaluate("() => { window.jupyterapp.shell.collapseLeft(); window.jupyterapp.shell.collapseRight(); }")
    _type_an_illegal_row(phone)


# the drawn boxes of the board figure's two charts, each [left, top, right, bottom] in CSS px: the plot area and
# every text of the cult-track chart (x / y axes, the first subplot title) and of the power-bowl chart (x2 / y2)
_BOARD_PARTS = f"""() => {{
  const plot = {BOARD};
  plot.scrollIntoView({{block: 'center'}});
  const box = e => {{ const r = e.getBoundingClientRect(); return [e.textContent, r.left, r.top, r.right, r.bottom]; }};
  const all = sel => Array.from(plot.querySelectorAll(sel)).filter(e => e.getClientRects().length).map(box);
  const titles = all('.annotation-text');
  return {{cults: [...all('.nsewdrag[data-subplot=xy]'), ...all('.subplot.xy .xtick text, .subplot.xy .ytick text'),
                  ...all('.g-ytitle text, .g-xtitle text'), titles[0]],
           bowls: [...all('.nsewdrag[data-subplot=x2y2]'), ...all('.subplot.x2y2 .xtick text, .subplot.x2y2 .ytick text'),
                   ...all('.g-y2title text, .g-x2title text'), titles[1]]}}; }}"""


def test_the_board_charts_do_not_draw_into_each_other_on_a_phone(phone, lab_url):   # noqa: F811 (the fixture)
    run_in_lab(phone, lab_url, NOTEBOOK)
    phone.evaluate("() => { window.jupyterapp.shell.collapseLeft(); window.jupyterapp.shell.collapseRight(); }")
    phone.wait_for_function(f"() => !!{BOARD} && !!{BOARD}.querySelector('.nsewdrag[data-subplot=x2y2]')", timeout=60_000)
    phone.wait_for_timeout(800)
    parts = phone.evaluate(_BOARD_PARTS)
    assert len(parts["cults"]) > 5 and len(parts["bowls"]) >= 3, parts
    assert any("power" in p[0] for p in parts["bowls"]), parts   # the y2 title "power tokens" is measured
    overlaps = [(a, b) for a in parts["cults"] for b in parts["bowls"]
                if a[1] < b[3] and b[1] < a[3] and a[2] < b[4] and b[2] < a[4]]
    assert not overlaps, f"texts / plot areas of one board chart drawn inside the other: {overlaps}"
    plot = phone.locator(".jp-OutputArea .js-plotly-plot").nth(1)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    plot.screenshot(path=str(SCREENSHOTS / "phone_tm_play_board.png"))


def test_the_review_note_shows_below_the_button_on_a_390_px_phone(browser, lab_url):
    """Fresh review, finding 2: Review pressed before any move said "Nothing to review yet" in the status line
    far above the button (off a phone's screen): it must be on screen right below the button. (Finding 1, the
    780 px map cut off at 390 px: tests/browser/test_tm_map_fit.py.)"""
    context = browser.new_context(**PHONE_390)
    page = context.new_page()
    try:
        run_in_lab(page, lab_url, NOTEBOOK)
        page.evaluate("() => { window.jupyterapp.shell.collapseLeft(); window.jupyterapp.shell.collapseRight(); }")
        page.wait_for_function(f"() => !!{MAP} && !!{MAP}.querySelector('.textpoint')", timeout=90_000)
        button = page.locator(".jp-OutputArea .widget-button", has_text="Review").first
        button.scroll_into_view_if_needed()
        button.click()
        page.wait_for_function(_text_js("Nothing to review yet"), timeout=60_000)
        place = page.evaluate(f"""() => {{
          const b = Array.from(({ROOT}).querySelectorAll('.jp-OutputArea .widget-button'))
            .find(e => e.innerText.includes('Review')).getBoundingClientRect();
          const m = Array.from(({ROOT}).querySelectorAll('.jp-OutputArea .widget-html-content'))
            .filter(e => e.innerText.includes('Nothing to review yet')).pop().getBoundingClientRect();
          return [b.bottom, m.top, m.bottom, window.innerHeight]; }}""")
        button_bottom, note_top, note_bottom, height = place
        assert button_bottom <= note_top <= button_bottom + 40 and note_bottom <= height, place
        page.screenshot(path=str(SCREENSHOTS / "phone390_tm_play_nothing_to_review.png"))
    finally:
        context.close()
