"""A figure redrawn with fewer or other traces (:meth:`companion.widgets.common.LiveFigureWidget.show`) is drawn as
the kernel holds it, in JupyterLab, with no console error.

``fewer_traces.ipynb``: two lines of 14 points each followed by its marker trace (a review's drops), as the coach's
Review chart draws them; "fewer" redraws it with two lines of 10 points and no marks (a review after Undo), "more"
with the marks back and 12 points. Before the fix the page kept the old 14-point line and a mark, lost one line, and
logged ``Error setting state: Cannot read properties of undefined (reading 'length')``. Read back: each drawn
trace's name, mode and number of points (``gd.data`` of the plot) against the figure built in the kernel's way here.
"""

from tests.browser.harness import run_in_lab

NOTEBOOK = "tests/browser/notebooks/fewer_traces.ipynb"
DRAWN = ("() => { const p = document.querySelector('.jp-OutputArea .js-plotly-plot');"
         " return p && p.data ? {title: p.layout.title.text,"
         " traces: p.data.map(t => [t.name, t.mode, Array.from(t.x || []).length])} : null; }")


def _expected(points: int, marked: bool) -> dict:
    traces = []
    for seat in range(2):
        traces.append([f"seat {seat}", "lines", points])
        if marked:
            traces.append([f"drops {seat}", "markers+text", 1])
    return {"title": f"{points} points", "traces": traces}


def _press(page, button: str, points: int, marked: bool) -> None:
    page.click(f".jp-OutputArea button:has-text('{button}')")
    page.wait_for_function(f"() => {{ const d = ({DRAWN})(); return d && d.title === '{points} points'; }}",
                           timeout=20_000)
    page.wait_for_timeout(300)
    assert page.evaluate(DRAWN) == _expected(points, marked)


def test_fewer_then_more_traces_jupyterlab(page, lab_url):
    run_in_lab(page, lab_url, NOTEBOOK)
    assert page.evaluate(DRAWN) == _expected(14, True)
    _press(page, "fewer", 10, False)
    _press(page, "more", 12, True)
    _press(page, "fewer", 10, False)


def test_redrawn_while_off_the_page_jupyterlab(page, lab_url):
    """The coach's Review after Undo: the chart is taken off the page (the undone review cleared), redrawn with
    fewer traces, and put back: the page draws the new picture."""
    run_in_lab(page, lab_url, NOTEBOOK)
    _press(page, "hide", 10, False)
    _press(page, "more", 12, True)
    _press(page, "hide", 10, False)
