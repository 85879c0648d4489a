"""In-place figure edits reach the page, in JupyterLab and Voila (companion.widgets.common.LiveFigureWidget).

``live_figure.ipynb``: one figure edited before display (inside ``batch_update``) and from a button.
``multi_figure.ipynb``: four figures in a VBox, each edited while the notebook runs and then from a
button, twice. With plain plotly ``FigureWidget`` s the second notebook lost edits on the page
(anywidget dropped every message to a figure whose 5 MB module took over 2 s to initialise; see the
class docstring). The drawn title and the drawn bar heights (``gd.data`` of each plot) are read back.
"""

import json

from tests.browser.harness import run_in_lab, run_in_voila

ONE = "tests/browser/notebooks/live_figure.ipynb"
MANY = "tests/browser/notebooks/multi_figure.ipynb"
TITLES = "() => Array.from(document.querySelectorAll('.js-plotly-plot .gtitle')).map(e => e.textContent)"
HEIGHTS = "() => Array.from(document.querySelectorAll('.js-plotly-plot')).map(p => Array.from(p.data[0].y))"
RESOURCES = "() => performance.getEntriesByType('resource').map(e => new URL(e.name).pathname)"


def _plotly_code_from(page) -> str:
    """Where the page got plotly's widget code: a file the server serves (``make lab``'s and ``make app``'s
    settings, companion.jupyter_config.plotly_code_static: ``static/`` in JupyterLab, ``voila/labextensions/``
    in Voila) or the kernel's comm. plotly's own renderer (turned off by those settings) is not even
    downloaded."""
    paths = page.evaluate(RESOURCES)
    assert not [p for p in paths if "jupyterlab-plotly" in p]
    return "static" if any(p.endswith(("/static/widgetbundle.js", "/voila/labextensions/widgetbundle.js"))
                           for p in paths) else "comm"


def _wait_titles(page, expected: list[str]) -> None:
    page.wait_for_function(f"(want) => JSON.stringify(({TITLES})()) === want",
                           arg=json.dumps(expected, separators=(",", ":")), timeout=20_000)


def _one(page, button: str) -> None:
    assert page.evaluate(TITLES) == ["before display"]
    assert page.evaluate(HEIGHTS) == [[3, 3]]
    page.click(button)
    _wait_titles(page, ["second"])
    assert page.evaluate(HEIGHTS) == [[5, 9]]


def _many(page, button: str) -> None:
    _wait_titles(page, [f"f{i} exec" for i in range(4)])
    for n in (1, 2):
        page.click(button)
        _wait_titles(page, [f"f{i} click{n}" for i in range(4)])
        assert page.evaluate(HEIGHTS) == [[n, 9]] * 4


def test_one_figure_voila(page, voila_url):
    run_in_voila(page, voila_url, ONE)
    _one(page, "button:has-text('go')")
    assert _plotly_code_from(page) == "static"    # make app's settings: served by Voila as a file


def test_one_figure_jupyterlab(page, lab_url):
    run_in_lab(page, lab_url, ONE)
    _one(page, ".jp-OutputArea button:has-text('go')")
    assert _plotly_code_from(page) == "static"


def test_four_figures_voila(page, voila_url):
    run_in_voila(page, voila_url, MANY)
    _many(page, "button:has-text('go')")


def test_four_figures_jupyterlab(page, lab_url):
    run_in_lab(page, lab_url, MANY)
    _many(page, ".jp-OutputArea button:has-text('go')")


HIDDEN = "tests/browser/notebooks/hidden_figure.ipynb"
STARTED = "() => Boolean(globalThis.__companionPlotlyCode && globalThis.__companionPlotlyCode.started)"


def _hidden(page, button: str) -> None:
    """plotly's 5 MB code is loaded when a figure is first drawn, not when its model opens: a notebook whose
    figure is not shown yet shows its button without it (what lets a notebook's first widgets appear
    before plotly's code is evaluated), and the figure is drawn in full once shown."""
    page.wait_for_selector(button, state="visible")
    page.wait_for_timeout(500)
    assert not page.evaluate(STARTED)
    assert page.query_selector(".js-plotly-plot") is None
    page.click(button)
    page.wait_for_selector(".js-plotly-plot .main-svg g.trace", state="attached", timeout=30_000)
    _wait_titles(page, ["shown late"])
    assert page.evaluate(HEIGHTS) == [[2, 7]]
    assert page.evaluate(STARTED)


def test_a_figure_not_shown_loads_no_plotly_code_jupyterlab(page, lab_url):
    run_in_lab(page, lab_url, HIDDEN, expect_plotly=False)
    assert _plotly_code_from(page) == "comm"      # nothing fetched from the static file yet
    _hidden(page, ".jp-OutputArea button:has-text('show')")
    assert _plotly_code_from(page) == "static"


def test_a_figure_not_shown_loads_no_plotly_code_voila(page, voila_url):
    run_in_voila(page, voila_url, HIDDEN, expect_plotly=False)
    assert _plotly_code_from(page) == "comm"      # nothing fetched from the served file yet
    _hidden(page, "button:has-text('show')")
    assert _plotly_code_from(page) == "static"
