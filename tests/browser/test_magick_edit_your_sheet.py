"""The sheet editor in a real browser: the form shows the sheet's numbers, a save redraws the preview."""

from tests.browser.harness import run_in_lab, screenshot, widget_text

NOTEBOOK = "notebooks/magick/edit_your_sheet.ipynb"

PREVIEW_DRAWN = """() => Array.from(document.querySelectorAll('.jp-OutputArea .js-plotly-plot'))
  .some(p => p.querySelectorAll('.scatterlayer .point').length >= 40)"""


def test_edit_your_sheet_in_lab(page, lab_url):
    run_in_lab(page, lab_url, NOTEBOOK)
    text = widget_text(page)
    assert "Reconstruction" in text
    assert "Plate Armour" in text
    page.wait_for_function(PREVIEW_DRAWN, timeout=60_000)
    # a number out of range is refused with its key path
    # Plate Armour's first circle (steel 8 on the reference sheet); box 0 of the row is its gold
    steel = page.locator(".jp-OutputArea .companion-magick-row-plate_armor input[type='number']").nth(1)
    assert steel.input_value() == "8"
    steel.fill("13")
    steel.press("Enter")
    page.locator(".jp-OutputArea .widget-button", has_text="Save sheet").click()
    page.wait_for_function(
        "() => Array.from(document.querySelectorAll('.jp-OutputArea .widget-html-content'))"
        ".some(e => e.innerText.includes('Not saved') && e.innerText.includes('1..12'))", timeout=20_000)
    steel.fill("7")
    steel.press("Enter")
    page.locator(".jp-OutputArea .widget-checkbox input").check()
    page.locator(".jp-OutputArea .widget-button", has_text="Save sheet").click()
    page.wait_for_function(
        "() => Array.from(document.querySelectorAll('.jp-OutputArea .widget-html-content'))"
        ".some(e => e.innerText.includes('Your sheet'))", timeout=20_000)
    page.wait_for_function(PREVIEW_DRAWN, timeout=30_000)
    # the redrawn preview has two crafting 7s: Greaves' steel 7 and the Plate Armour circle just typed
    page.wait_for_function(
        "() => Array.from(document.querySelectorAll('.jp-OutputArea .js-plotly-plot .textpoint'))"
        ".filter(t => t.textContent === '7↑').length === 2", timeout=30_000)
    page.wait_for_timeout(1000)
    screenshot(page, "magick_edit_your_sheet")
