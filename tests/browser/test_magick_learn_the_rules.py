"""Learn the rules of Merchants of Magick in a real browser (JupyterLab and Voila): the sheet draws, and a
roll, picking another die, placing and undo each recolour the drawn sandbox sheet (read from the plot's
DOM), and the reference sheet is left alone."""

from tests.browser.harness import run_in_lab, run_in_voila, screenshot, widget_text

NOTEBOOK = "notebooks/magick/learn_the_rules.ipynb"
RED = "rgb(214,39,40)"      # BEST: the engine's top-ranked circle for the chosen die
GREY = "rgb(127,127,127)"   # FILLED

# the root to search: the current JupyterLab notebook, or the Voila page
ROOT = ("(window.jupyterapp && window.jupyterapp.shell.currentWidget)"
        " ? window.jupyterapp.shell.currentWidget.node : document")


def sheet_plots_js(index: int) -> str:
    """JS expression: the ``index``-th drawn sheet plot (one whose first trace has >= 40 circles)."""
    return (f"Array.from(({ROOT}).querySelectorAll('.js-plotly-plot')).filter(p => "
            f"p.querySelectorAll('.scatterlayer .trace:first-child .point').length >= 40)[{index}]")


def circle_fills(page, index: int) -> list[str]:
    """Fill colours of the drawn circles (trace 0) of sheet plot ``index``, as ``rgb(r,g,b)``."""
    return page.evaluate(
        f"() => {{ const p = {sheet_plots_js(index)}; if (!p) return [];"
        " return Array.from(p.querySelectorAll('.scatterlayer .trace:first-child .point'))"
        ".map(e => (e.style.fill || '').replace(/ /g, '')); }")


def tag_plot(page, index: int, tag: str) -> None:
    """Mark sheet plot ``index``'s DOM element, so a test can tell it was not replaced by a new plot."""
    page.evaluate(f"() => {{ {sheet_plots_js(index)}.dataset.companionTag = {tag!r}; }}")


def still_tagged(page, index: int, tag: str) -> bool:
    return page.evaluate(f"() => {{ const p = {sheet_plots_js(index)}; return !!p && p.dataset.companionTag === {tag!r}; }}")


def wait_fills(page, index: int, condition: str, timeout: int = 30_000) -> None:
    """Wait until ``condition`` (JS, over ``fills``: the circle colours list) holds for sheet plot ``index``."""
    try:
        page.wait_for_function(
            f"() => {{ const p = {sheet_plots_js(index)}; if (!p) return false;"
            " const fills = Array.from(p.querySelectorAll('.scatterlayer .trace:first-child .point'))"
            ".map(e => (e.style.fill || '').replace(/ /g, ''));"
            f" return {condition}; }}", timeout=timeout)
    except Exception as exc:
        screenshot(page, "magick_failed_wait")
        raise AssertionError(f"plot {index} never met {condition}; its circles are drawn "
                             f"{sorted(set(circle_fills(page, index)))}") from exc


def click(page, scope: str, text: str) -> None:
    page.locator(f"{scope} .widget-button", has_text=text).first.click()


def wait_text(page, text: str, timeout: int = 30_000) -> None:
    page.wait_for_function(
        f"() => Array.from(({ROOT}).querySelectorAll('.widget-html-content'))"
        f".some(e => e.innerText.includes({text!r}))", timeout=timeout)


def _learn(page, scope: str, shot: str, settle_ms: int = 0) -> None:
    sheets_drawn = (f"() => Array.from(({ROOT}).querySelectorAll('.js-plotly-plot'))"
                    ".filter(p => p.querySelectorAll('.scatterlayer .trace:first-child .point').length >= 40)"
                    ".length >= 2")
    text = widget_text(page)
    assert "Reconstruction" in text
    assert "Round 1 of 10" in text
    page.wait_for_function(sheets_drawn, timeout=60_000)
    sandbox = 1   # plot 0 is the plain reference sheet, plot 1 the sandbox's live sheet
    before = circle_fills(page, sandbox)
    assert RED not in before and GREY not in before
    page.wait_for_timeout(settle_ms)
    click(page, scope, "Roll the dice")
    wait_text(page, "Where this die may go")
    assert "Exact odds" in widget_text(page)
    # the roll recoloured the sandbox sheet in place: the best circle for the chosen die is red
    wait_fills(page, sandbox, f"fills.includes({RED!r})")
    rolled = circle_fills(page, sandbox)
    # pick another die: other circles light up, on the same plot
    dice = page.locator(f"{scope} .widget-toggle-button")
    picked = None
    for i in range(dice.count()):
        if "mod-active" not in (dice.nth(i).get_attribute("class") or ""):
            dice.nth(i).click()
            picked = i
            break
    assert picked is not None
    wait_fills(page, sandbox, f"JSON.stringify(fills) !== {str(rolled).replace(chr(39), chr(34))!r}")
    # place the selected die: one circle turns grey (filled)
    click(page, scope, "Place")
    wait_fills(page, sandbox, f"fills.filter(f => f === {GREY!r}).length === 1")
    page.wait_for_timeout(800)
    screenshot(page, shot)
    click(page, scope, "Undo")
    wait_text(page, "Undone.")
    wait_fills(page, sandbox, f"!fills.includes({GREY!r}) && fills.includes({RED!r})")
    # the plain reference sheet was never touched
    assert circle_fills(page, 0) == before


def test_learn_the_rules_in_lab(page, lab_url):
    run_in_lab(page, lab_url, NOTEBOOK)
    panel = page.evaluate("() => window.jupyterapp.shell.currentWidget.id")
    _learn(page, f'[id="{panel}"] .jp-OutputArea', "magick_learn_the_rules", settle_ms=2000)


def test_learn_the_rules_in_voila(page, voila_url):
    run_in_voila(page, voila_url, NOTEBOOK)
    _learn(page, "body", "magick_learn_the_rules_voila")
