"""The replay notebook in a real browser: the viewer renders a real game, and the step buttons move it."""

from tests.browser.harness import run_in_lab, screenshot, widget_text

NOTEBOOK = "notebooks/terra_mystica/replay_a_real_game.ipynb"


def _row_text(page) -> str:
    return page.locator(".jp-OutputArea .widget-html-content").filter(has_text="row ").first.inner_text()


def test_replay_notebook_steps_through_a_game(page, lab_url):
    run_in_lab(page, lab_url, NOTEBOOK)
    text = widget_text(page)
    assert "replayed with zero differences" in text
    assert "round 3" in text
    assert "power I/II/III" in text and "Halflings" in text
    # map + VP chart
    assert page.locator(".jp-OutputArea .js-plotly-plot").count() >= 2
    before = _row_text(page)
    page.get_by_role("button", name="forward ▶").click()
    page.wait_for_function(
        "(b) => Array.from(document.querySelectorAll('.jp-OutputArea .widget-html-content'))"
        ".some(e => e.innerText.includes('row ') && e.innerText !== b)", arg=before, timeout=30_000)
    assert _row_text(page) != before
    page.get_by_role("button", name="end »").click()
    page.wait_for_function(
        "() => Array.from(document.querySelectorAll('.jp-OutputArea .widget-html-content'))"
        ".some(e => e.innerText.includes('final scoring'))", timeout=30_000)
    assert "score_resources" in widget_text(page)
    # the map is redrawn for the row shown
    page.wait_for_function("() => Array.from(document.querySelectorAll('.jp-OutputArea .js-plotly-plot .gtitle'))"
                           ".some(e => e.textContent.includes('final scoring'))", timeout=60_000)
    page.wait_for_timeout(2000)
    assert page.locator(".jp-OutputArea .js-plotly-plot .scatterlayer .trace").count() >= 10
    screenshot(page, "tm_replay_a_real_game")
