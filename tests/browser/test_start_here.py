"""The start notebook in a real browser: widgets render, the plotly chart draws, clicks update the summary."""

from tests.browser.harness import run_in_lab, screenshot, widget_text


def test_start_here_renders_and_switches_games(page, lab_url):
    run_in_lab(page, lab_url, "notebooks/00_start_here.ipynb")
    text = widget_text(page)
    assert "Century: Golem Edition" in text
    assert "2–5 players" in text
    assert page.locator(".jp-OutputArea .js-plotly-plot .bars path").count() == 3
    page.locator(".jp-OutputArea .widget-toggle-button", has_text="Merchants of Magick").click()
    page.wait_for_function(
        "() => Array.from(document.querySelectorAll('.jp-OutputArea .widget-html-content'))"
        ".some(e => e.innerText.includes('1–8 players'))", timeout=20_000)
    assert "magick/score_a_table_game.ipynb" in widget_text(page)
    screenshot(page, "start_here")
