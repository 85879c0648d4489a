"""Learn the rules of Merchants of Magick in a real browser: the sheet draws, a roll lights up circles."""

from tests.browser.harness import run_in_lab, screenshot, widget_text

NOTEBOOK = "notebooks/magick/learn_the_rules.ipynb"

# every plotly sheet in the output has drawn its circles (plotly draws the empty axes first)
SHEETS_DRAWN = """() => { const plots = Array.from(document.querySelectorAll('.jp-OutputArea .js-plotly-plot'));
  return plots.length >= 2 && plots.every(p => p.querySelectorAll('.scatterlayer .point').length >= 40); }"""


def test_learn_the_rules_in_lab(page, lab_url):
    run_in_lab(page, lab_url, NOTEBOOK)
    text = widget_text(page)
    assert "Reconstruction" in text
    assert "Round 1 of 10" in text
    # two sheet drawings (the plain one and the sandbox), each with its circles drawn
    page.wait_for_function(SHEETS_DRAWN, timeout=60_000)
    page.locator(".jp-OutputArea .widget-button", has_text="Roll the dice").click()
    page.wait_for_function(
        "() => Array.from(document.querySelectorAll('.jp-OutputArea .widget-html-content'))"
        ".some(e => e.innerText.includes('Where this die may go') || e.innerText.includes('cannot fill'))",
        timeout=20_000)
    assert "Exact odds" in widget_text(page)
    page.wait_for_function(SHEETS_DRAWN, timeout=30_000)
    page.wait_for_timeout(1000)
    screenshot(page, "magick_learn_the_rules")
