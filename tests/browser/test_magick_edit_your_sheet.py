"""The sheet editor in a real browser: the form shows the sheet's numbers, a save redraws the preview."""

from tests.browser.harness import run_in_lab, screenshot, widget_text

NOTEBOOK = "notebooks/magick/edit_your_sheet.ipynb"


def _scope(page) -> str:
    """CSS scope of this notebook's outputs (JupyterLab may restore another notebook's tab from an earlier test)."""
    panel = page.evaluate("() => window.jupyterapp.shell.currentWidget.id")
    return f'[id="{panel}"] .jp-OutputArea'


def _wait_text(page, scope: str, *parts: str) -> None:
    test = " && ".join(f"e.innerText.includes({p!r})" for p in parts)
    page.wait_for_function(f"() => Array.from(document.querySelectorAll('{scope} .widget-html-content'))"
                           f".some(e => {test})", timeout=30_000)


def test_edit_your_sheet_in_lab(page, lab_url):
    run_in_lab(page, lab_url, NOTEBOOK)
    scope = _scope(page)
    text = widget_text(page)
    assert "Reconstruction" in text
    assert "Plate Armour" in text
    preview_drawn = (f"() => Array.from(document.querySelectorAll('{scope} .js-plotly-plot'))"
                     ".some(p => p.querySelectorAll('.scatterlayer .point').length >= 40)")
    page.wait_for_function(preview_drawn, timeout=60_000)
    # Plate Armour's first circle (steel 8 on the reference sheet); box 0 of the row is its gold
    steel = page.locator(f"{scope} .companion-magick-row-plate_armor input[type='number']").nth(1)
    assert steel.input_value() == "8"
    # a number out of range is refused with its key path
    steel.fill("13")
    steel.press("Enter")
    page.locator(f"{scope} .widget-button", has_text="Save sheet").click()
    _wait_text(page, scope, "Not saved", "1..12")
    steel.fill("7")
    steel.press("Enter")
    page.locator(f"{scope} .widget-checkbox input").check()
    page.locator(f"{scope} .widget-button", has_text="Save sheet").click()
    _wait_text(page, scope, "Your sheet")
    page.wait_for_function(preview_drawn, timeout=30_000)
    # the redrawn preview has two crafting 7s: Greaves' steel 7 and the Plate Armour circle just typed
    page.wait_for_function(
        f"() => Array.from(document.querySelectorAll('{scope} .js-plotly-plot .textpoint'))"
        ".filter(t => t.textContent === '7↑').length === 2", timeout=30_000)
    page.wait_for_timeout(1000)
    screenshot(page, "magick_edit_your_sheet")
