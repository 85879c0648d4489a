"""A full game of Merchants of Magick in a real browser: roll, place a die, end the turn, undo."""

from tests.browser.harness import run_in_lab, screenshot, widget_text

NOTEBOOK = "notebooks/magick/play_a_full_game.ipynb"


def _scope(page) -> str:
    """CSS scope of this notebook's outputs (JupyterLab may restore another notebook's tab from an earlier test)."""
    panel = page.evaluate("() => window.jupyterapp.shell.currentWidget.id")
    return f'[id="{panel}"] .jp-OutputArea'


def _wait_text(page, scope: str, text: str) -> None:
    page.wait_for_function(
        f"() => Array.from(document.querySelectorAll('{scope} .widget-html-content'))"
        f".some(e => e.innerText.includes({text!r}))", timeout=30_000)


def test_play_a_round_in_lab(page, lab_url):
    run_in_lab(page, lab_url, NOTEBOOK)
    scope = _scope(page)
    # the sheet and the score chart are drawn (plotly draws empty axes first)
    drawn = (f"() => {{ const plots = Array.from(document.querySelectorAll('{scope} .js-plotly-plot'));"
             " return plots.some(p => p.querySelectorAll('.scatterlayer .point').length >= 40)"
             " && plots.some(p => p.querySelectorAll('.barlayer .trace').length >= 1); }")
    text = widget_text(page)
    assert "Round 1 of 10" in text
    assert "Bot 1" in text and "Bot 2" in text
    page.wait_for_function(drawn, timeout=60_000)
    page.locator(f"{scope} .widget-button", has_text="Roll the dice").click()
    _wait_text(page, scope, "Where this die may go")
    # the sheet was redrawn for the roll: the engine's best circle for the chosen die is red (#d62728)
    page.wait_for_function(
        f"() => Array.from(document.querySelectorAll('{scope} .js-plotly-plot .scatterlayer .point'))"
        ".some(p => (p.style.fill || '').replace(/ /g, '') === 'rgb(214,39,40)')", timeout=30_000)
    page.locator(f"{scope} .widget-button", has_text="Place").first.click()
    _wait_text(page, scope, "1 regular die/dice left")
    page.locator(f"{scope} .widget-button", has_text="End my turn").click()
    _wait_text(page, scope, "Round 2 of 10")
    page.wait_for_function(   # the gold chart was redrawn for the new round
        f"() => Array.from(document.querySelectorAll('{scope} .js-plotly-plot .gtitle'))"
        ".some(t => t.textContent.includes('round 2'))", timeout=30_000)
    page.locator(f"{scope} .widget-button", has_text="Undo").click()
    _wait_text(page, scope, "Undone.")
    _wait_text(page, scope, "Round 1 of 10")
    page.wait_for_function(drawn, timeout=30_000)
    page.wait_for_timeout(1000)
    screenshot(page, "magick_play_a_full_game")
