"""Learn the rules of Merchants of Magick in a real browser: the sheet draws, a roll lights up circles."""

from tests.browser.harness import run_in_lab, screenshot, widget_text

NOTEBOOK = "notebooks/magick/learn_the_rules.ipynb"


def _scope(page) -> str:
    """CSS scope of this notebook's outputs (JupyterLab may restore another notebook's tab from an earlier test)."""
    panel = page.evaluate("() => window.jupyterapp.shell.currentWidget.id")
    return f'[id="{panel}"] .jp-OutputArea'


def test_learn_the_rules_in_lab(page, lab_url):
    run_in_lab(page, lab_url, NOTEBOOK)
    scope = _scope(page)
    # both sheets (the plain one and the sandbox) have drawn their circles; plotly draws empty axes first
    sheets_drawn = (f"() => Array.from(document.querySelectorAll('{scope} .js-plotly-plot'))"
                    ".filter(p => p.querySelectorAll('.scatterlayer .point').length >= 40).length >= 2")
    text = widget_text(page)
    assert "Reconstruction" in text
    assert "Round 1 of 10" in text
    page.wait_for_function(sheets_drawn, timeout=60_000)
    page.locator(f"{scope} .widget-button", has_text="Roll the dice").click()
    page.wait_for_function(
        f"() => Array.from(document.querySelectorAll('{scope} .widget-html-content'))"
        ".some(e => e.innerText.includes('Where this die may go') || e.innerText.includes('cannot fill'))",
        timeout=30_000)
    assert "Exact odds" in widget_text(page)
    page.wait_for_function(sheets_drawn, timeout=30_000)
    # the roll recoloured the sandbox sheet in place: the best circle for the chosen die is red (#d62728)
    page.wait_for_function(
        f"() => Array.from(document.querySelectorAll('{scope} .js-plotly-plot .scatterlayer .point'))"
        ".some(p => (p.style.fill || '').replace(/ /g, '') === 'rgb(214,39,40)')", timeout=30_000)
    page.wait_for_timeout(1000)
    screenshot(page, "magick_learn_the_rules")
