"""A figure edited before Voila's front end connects, and after, shows every edit (LiveFigureWidget)."""

from tests.browser.harness import run_in_voila

NOTEBOOK = "tests/browser/notebooks/live_figure.ipynb"
TITLES = "() => Array.from(document.querySelectorAll('.js-plotly-plot .gtitle')).map(e => e.textContent)"


def test_edits_before_and_after_display_reach_voila(page, voila_url):
    run_in_voila(page, voila_url, NOTEBOOK)
    assert page.evaluate(TITLES) == ["before display"]
    page.click("button:has-text('go')")
    page.wait_for_function(
        "() => Array.from(document.querySelectorAll('.js-plotly-plot .gtitle'))"
        ".some(e => e.textContent === 'second')", timeout=20_000)


def test_edits_before_and_after_display_reach_jupyterlab(page, lab_url):
    from tests.browser.harness import run_in_lab

    run_in_lab(page, lab_url, NOTEBOOK)
    assert page.evaluate(TITLES) == ["before display"]
    page.click(".jp-OutputArea button:has-text('go')")
    page.wait_for_function(
        "() => Array.from(document.querySelectorAll('.js-plotly-plot .gtitle'))"
        ".some(e => e.textContent === 'second')", timeout=20_000)
