"""A full game of Merchants of Magick in a real browser (JupyterLab and Voila): roll, place a die, end the
turn, undo; the sheet's drawn colours follow, and the gold chart is retitled in place (the same plot
element, tagged before the clicks, shows the new title)."""

from tests.browser.harness import run_in_lab, run_in_voila, screenshot, timed_click, widget_text
from tests.browser.test_magick_learn_the_rules import (
    RED,
    ROOT,
    sheet_plots_js,
    still_tagged,
    tag_plot,
    wait_fills,
)

NOTEBOOK = "notebooks/magick/play_a_full_game.ipynb"
ROOT_CSS = ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-OutputArea"
CHART = f"Array.from(({ROOT}).querySelectorAll('.js-plotly-plot')).filter(p => p.querySelector('.barlayer .trace'))[0]"


def _title_is(page, text: str) -> None:
    page.wait_for_function(
        f"() => {{ const c = {CHART}; return !!c && Array.from(c.querySelectorAll('.gtitle'))"
        f".some(t => t.textContent.includes({text!r})); }}", timeout=30_000)


def _text_js(text: str) -> str:
    return (f"Array.from(({ROOT}).querySelectorAll('.widget-html-content'))"
            f".some(e => e.innerText.includes({text!r}))")


def _fills_js(condition: str) -> str:
    return (f"(() => {{ const p = {sheet_plots_js(0)}; if (!p) return false;"
            " const fills = Array.from(p.querySelectorAll('.scatterlayer .trace:first-child .point'))"
            f".map(e => (e.style.fill || '').replace(/ /g, '')); return {condition}; }})()")


def _click(page, scope: str, text: str, until: str) -> None:
    """Click the button ``text`` and time it until the JS condition ``until`` shows the answer."""
    timed_click(page, page.locator(f"{scope} .widget-button", has_text=text).first, f"() => {until}",
                what=f"Magick play: {text}")


def _play(page, scope: str, shot: str) -> None:
    drawn = (f"() => {{ const plots = Array.from(({ROOT}).querySelectorAll('.js-plotly-plot'));"
             " return plots.some(p => p.querySelectorAll('.scatterlayer .point').length >= 40)"
             " && plots.some(p => p.querySelectorAll('.barlayer .trace').length >= 1); }")
    text = widget_text(page)
    assert "Round 1 of 10" in text
    assert "Bot 1" in text and "Bot 2" in text
    page.wait_for_function(drawn, timeout=60_000)
    _title_is(page, "round 1")
    page.wait_for_timeout(2000)
    tag_plot(page, 0, "first")
    chart_tag = "() => { const c = " + CHART + "; c.dataset.companionTag = 'chart'; }"
    page.evaluate(chart_tag)
    _click(page, scope, "Roll the dice", _text_js("Where this die may go") + f" && {_fills_js(f'fills.includes({RED!r})')}")
    # the sheet was recoloured in place for the roll: the engine's best circle for the chosen die is red
    wait_fills(page, 0, f"fills.includes({RED!r})")
    _click(page, scope, "Place", _text_js("1 regular die left")
           + " && " + _fills_js("fills.includes('rgb(127,127,127)')"))
    _click(page, scope, "End my turn", _text_js("Round 2 of 10"))
    _title_is(page, "round 2")   # the gold chart was retitled in place for the new round
    page.wait_for_timeout(800)
    screenshot(page, shot)
    _click(page, scope, "Undo", _text_js("Undone.") + " && " + _text_js("Round 1 of 10"))
    _title_is(page, "round 1")
    # the same plot elements throughout: redrawn in place, never replaced
    assert still_tagged(page, 0, "first")
    assert page.evaluate("() => " + CHART + ".dataset.companionTag") == "chart"
    _title_is(page, "round 1")


def test_play_a_round_in_lab(page, lab_url):
    run_in_lab(page, lab_url, NOTEBOOK)
    panel = page.evaluate("() => window.jupyterapp.shell.currentWidget.id")
    _play(page, f'[id="{panel}"] .jp-OutputArea', "magick_play_a_full_game")


def test_play_a_round_in_voila(page, voila_url):
    run_in_voila(page, voila_url, NOTEBOOK)
    _play(page, "body", "magick_play_a_full_game_voila")


# [text, width, height, right edge, text cut] of the dice bar's parts and the turn panel's buttons
PARTS = f"""() => {{ const root = {ROOT};
    return Array.from(root.querySelectorAll('.jp-OutputArea .widget-button, .jp-OutputArea .widget-html'))
      .filter(e => /^(Roll the dice|or enter your table|Use these dice|Undo|Place|End my turn)/.test(e.innerText.trim()))
      .filter(e => e.getClientRects().length)
      .map(e => {{ const r = e.getBoundingClientRect(); const box = (e.closest('.widget-hbox') || e.parentElement).getBoundingClientRect();
                  return [e.innerText.trim(), r.width, r.height, r.right - box.right,
                          e.scrollWidth > e.clientWidth + 1]; }}); }}"""
# [row name, right edge of its text, right edge of the plot area] of the sheet's right-hand row names
# [row name, right edge of its text, right edge of what shows of the drawing without scrolling]: the drawing's own
# edge, or the edge of a frame around it that cuts or scrolls what runs past it
SHEET_NAMES = f"""() => {{ const p = {sheet_plots_js(0)};
    let edge = p.querySelector('.main-svg').getBoundingClientRect().right;
    for (let e = p.parentElement; e && e !== document.body; e = e.parentElement)
      if (getComputedStyle(e).overflowX !== 'visible') edge = Math.min(edge, e.getBoundingClientRect().right);
    return Array.from(p.querySelectorAll('.scatterlayer .trace:nth-child(2) text'))
      .map(t => [t.textContent, t.getBoundingClientRect().right, edge]); }}"""
SHOWN = f"""(text) => Array.from(({ROOT}).querySelectorAll('.jp-OutputArea .widget-button'))
    .filter(b => b.innerText.includes(text) && b.getClientRects().length).length"""


def _laid_out(page, what: str) -> None:
    parts = page.evaluate(PARTS)
    assert {p[0].split(":")[0] for p in parts} >= {"Roll the dice", "or enter your table's dice", "Undo"}, parts
    broken = [p for p in parts if p[2] > 40 and not p[0].startswith(("Roll", "Use", "Undo", "Place", "End"))]
    assert not broken, f"{what}: a label broken over lines: {broken}"
    cut = [p for p in parts if p[4] or p[3] > 1]
    assert not cut, f"{what}: cut off or running past its row: {cut}"
    names = page.evaluate(SHEET_NAMES)
    assert names, "no row names on the sheet"
    clipped = [n for n in names if n[1] > n[2] + 1]
    assert not clipped, f"{what}: the sheet's right-hand row names run past the drawing: {clipped}"


def test_play_to_the_end_at_1300_px_with_the_file_browser_open(browser, lab_url, request):
    """Issue 22, point 6: on a 1300 px screen with JupyterLab's file browser open the dice bar keeps its words
    on one line and its Undo whole, the sheet's row names are not clipped; after game over no dice or Place is
    offered."""
    from tests.browser.harness import watch_console

    context = browser.new_context(viewport={"width": 1300, "height": 900})
    page = context.new_page()
    errors = watch_console(page)
    try:
        run_in_lab(page, lab_url, NOTEBOOK)
        page.evaluate("() => window.jupyterapp.shell.expandLeft()")   # the file browser, as a new user has it
        page.wait_for_timeout(1500)
        assert page.evaluate("() => !window.jupyterapp.shell.leftCollapsed")
        _laid_out(page, "the first turn")
        screenshot(page, "magick_play_1300px_file_browser")
        for _step in range(400):
            if page.evaluate(_text_js("Game over")):
                break
            for text in ("Place", "End my turn", "Roll the dice"):
                button = page.locator(f"{ROOT_CSS} .widget-button:not([disabled])", has_text=text)
                if button.count() and button.first.is_visible():
                    button.first.click()
                    page.wait_for_function("() => !document.querySelector('.companion-busy')", timeout=60_000)
                    page.wait_for_timeout(150)
                    break
            else:
                page.wait_for_timeout(500)
        assert page.evaluate(_text_js("Game over")), "the game did not end"
        page.wait_for_timeout(800)
        for text in ("Roll the dice", "Use these dice", "Place", "End my turn"):
            assert page.evaluate(SHOWN, text) == 0, f"{text!r} is still offered after game over"
        assert page.evaluate(SHOWN, "Undo") == 1
        screenshot(page, "magick_play_game_over")
    finally:
        context.close()
    errors.check(request.node.name)
