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
