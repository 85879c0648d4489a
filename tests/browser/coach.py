"""What the coach's browser tests share (Century, Merchants of Magick, Terra Mystica play notebooks; the TM
replay): the page scripts that read the hint's list and the review's chart, and the two halves of a coach
walk — ask for a hint (three moves, each with its expected final score; a screenshot) and read a review (its
chart and list; a screenshot) — with what the phone test checks of both.

``root`` is the node the scripts search under: ``document`` (the default), or :data:`CURRENT` (the notebook
in front, when other notebooks stay open in the same page)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.browser.harness import SCREENSHOTS, run_in_lab
from tests.browser.test_phone import PHONE

CURRENT = "window.jupyterapp.shell.currentWidget.node"
"""The notebook in front."""

# the largest line pitch of the list items of ``selector`` over their font size (a wrapped item's lines one
# line apart, not two): line height as laid out, "normal" read as the font's own (about 1.2)
LINE_PITCH = """(selector) => Math.max(...Array.from(document.querySelectorAll(selector + ' li')).map(li => {
    const style = getComputedStyle(li); const size = parseFloat(style.fontSize);
    const line = style.lineHeight === 'normal' ? 1.2 * size : parseFloat(style.lineHeight);
    return line / size; }))"""


def review_plot_js(root: str = "document", *, marks: bool = True) -> str:
    """A page function ``(title) => {lines, marks, width} | null``: the review chart whose title contains
    ``title``: the points of each line, the drops marked (``marks=False``: not read), its width (px)."""
    marked = " marks: p.data.filter(t => t.mode === 'markers').map(t => t.x.length)," if marks else ""
    return (f"(title) => {{ const p = Array.from(({root}).querySelectorAll('.jp-OutputArea .js-plotly-plot'))"
            ".find(p => p.layout && p.layout.title && (p.layout.title.text || '').includes(title));"
            f" return p ? {{lines: p.data.filter(t => t.mode === 'lines').map(t => t.y.length),{marked}"
            " width: p.getBoundingClientRect().width} : null; }")


def list_items_js(selector: str, root: str = "document") -> str:
    """A page function returning the text of every list item under ``selector`` (the hint, the review)."""
    return f"() => Array.from(({root}).querySelectorAll('{selector} li')).map(e => e.innerText)"


def label_boxes_js(root: str = "document") -> str:
    """A page function ``(title) => {labels, plot} | null``: the drop labels of the review chart whose title
    contains ``title`` as the page lays them out (each ``[left, top, right, bottom, text]``, px on the page) and
    its plot area (``[left, top, right, bottom]``)."""
    return (f"(title) => {{ const p = Array.from(({root}).querySelectorAll('.jp-OutputArea .js-plotly-plot'))"
            ".find(p => p.layout && p.layout.title && (p.layout.title.text || '').includes(title));"
            " if (!p) return null; const box = (r) => [r.left, r.top, r.right, r.bottom];"
            " const area = p.querySelector('.nsewdrag');"
            " return {plot: box(area.getBoundingClientRect()),"
            " labels: Array.from(p.querySelectorAll('.annotation .annotation-text-g'))"
            ".map(g => [...box(g.getBoundingClientRect()), g.textContent])}; }")


def labels_apart(drawn: dict) -> None:
    """No two drop labels overlap (0.5 px allowed for rounding), and each is inside the plot area."""
    labels, (left, top, right, bottom) = drawn["labels"], drawn["plot"]
    for i, a in enumerate(labels):
        assert a[0] >= left - 1 and a[2] <= right + 1 and a[1] >= top - 1 and a[3] <= bottom + 1, (a, drawn["plot"])
        for b in labels[i + 1:]:
            apart = (a[2] <= b[0] + 0.5 or b[2] <= a[0] + 0.5 or a[3] <= b[1] + 0.5 or b[3] <= a[1] + 0.5)
            assert apart, (a, b)


REVIEW_PLOT = review_plot_js()
HINT_ITEMS = list_items_js(".companion-hint")


def single_spaced(plot: dict) -> None:
    """The hint's and the review's list lines, which wrap at a phone's width, are single-spaced (an HTML
    widget's line height is a button's, 28 px, which doubles the spacing of wrapped text)."""
    assert plot["hint_pitch"] <= 1.6 and plot["review_pitch"] <= 1.6, plot


def fits_the_phone(plot: dict) -> None:
    """What the phone tests check of a coach walk (:func:`ask_hint` and :func:`read_review` merged): the
    chart and the hint within the screen's width, their lists single-spaced."""
    assert plot["width"] <= PHONE["viewport"]["width"] + 1, plot
    assert plot["hint_right"] <= PHONE["viewport"]["width"] + 1, plot
    single_spaced(plot)


def ask_hint(page, words: dict[str, str], name: str, wait: Callable[[object, str], None],
             root: str = "document") -> dict:
    """Press the Hint button (``words["hint"]``), wait (``wait(page, text)``) for its title, check that it
    lists three moves each with ``words["expected"]``, save a screenshot ``<name>_hint.png``.

    Returns
    -------
    dict
        ``hint_right`` (px: the list's right edge), ``hint_pitch`` (:data:`LINE_PITCH`), ``items``.
    """
    button = page.locator(".jp-OutputArea .widget-button", has_text=words["hint"]).first
    button.scroll_into_view_if_needed()
    button.click()
    wait(page, words["hint_title"])
    items = page.evaluate(list_items_js(".companion-hint", root))
    assert len(items) == 3 and all(words["expected"] in item for item in items), items
    hint = page.locator(".companion-hint").first
    hint.scroll_into_view_if_needed()
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    hint.screenshot(path=str(SCREENSHOTS / f"{name}_hint.png"))
    return {"hint_right": hint.evaluate("e => e.getBoundingClientRect().right"),
            "hint_pitch": page.evaluate(LINE_PITCH, ".companion-hint"), "items": items}


def read_review(page, words: dict[str, str], name: str, wait: Callable[[object, str], None],
                root: str = "document", timeout: int = 30_000) -> dict:
    """Press Review (``words["review"]``), wait for its title and its chart (``words["plot"]``), check that at
    least one drop is marked, save a screenshot ``<name>_review.png``.

    Each drop is labelled on the chart, no two labels overlapping (:func:`labels_apart`, as laid out by the page).

    Returns
    -------
    dict
        The chart (:func:`review_plot_js`: ``lines``, ``marks``, ``width``), ``review_pitch``, ``text`` (the
        list's words), ``labels`` (:func:`label_boxes_js`).
    """
    page.locator(".jp-OutputArea .widget-button", has_text=words["review"]).first.click()
    wait(page, words["review_title"])
    plot_js = review_plot_js(root)
    page.wait_for_function(f"() => ({plot_js})({words['plot']!r}) !== null", timeout=timeout)
    plot = page.evaluate(plot_js, words["plot"])
    assert sum(plot["marks"]) >= 1, plot   # how many: the search's horizon depends on the machine's speed
    review = page.locator(".jp-OutputArea .widget-vbox", has=page.locator(".companion-review")).last
    review.scroll_into_view_if_needed()
    page.wait_for_timeout(500)
    review.screenshot(path=str(SCREENSHOTS / f"{name}_review.png"))
    drawn = page.evaluate(label_boxes_js(root), words["plot"])
    assert len(drawn["labels"]) == sum(plot["marks"]), drawn
    labels_apart(drawn)
    return {**plot, "review_pitch": page.evaluate(LINE_PITCH, ".companion-review"),
            "text": page.locator(".companion-review").first.inner_text(), "labels": drawn["labels"]}


def out_of_date_after(page, words: dict[str, str], name: str, move: Callable[[], None],
                      wait: Callable[[object, str], None]) -> str:
    """Make a move after a review (``move()``), wait for the note ``words["out_of_date"]`` above the chart, save a
    screenshot ``<name>_review_out_of_date.png``; returns the review box's text (note, chart, list)."""
    move()
    wait(page, words["out_of_date"])
    review = page.locator(".jp-OutputArea .widget-vbox", has=page.locator(".companion-review")).last
    review.scroll_into_view_if_needed()
    page.wait_for_timeout(500)
    review.screenshot(path=str(SCREENSHOTS / f"{name}_review_out_of_date.png"))
    return review.inner_text()


def collapse_side_panels(page) -> None:
    """Fold JupyterLab's side panels away (a phone's width holds the notebook alone)."""
    page.evaluate("() => { window.jupyterapp.shell.collapseLeft(); window.jupyterapp.shell.collapseRight(); }")


def coach_tests(english: tuple[str, dict], chinese: tuple[str, dict], coach: Callable[[object, dict, str], dict],
                name: str) -> tuple[Callable, Callable]:
    """The two coach tests of a play notebook: Hint and Review in English and in Chinese (``coach(page, words,
    screenshot name)`` walks them), and both walks at a phone's width (:func:`fits_the_phone`).
    ``english`` / ``chinese``: (notebook path, the words the page shows). Assign both to ``test_*`` names of
    the test module, which imports the ``phone`` fixture of ``tests/browser/test_phone.py``."""

    @pytest.mark.parametrize(("notebook", "words", "shot"), [(*english, f"{name}_coach"),
                                                             (*chinese, f"{name}_coach_zh")])
    def in_the_notebook(page, lab_url, notebook, words, shot):
        run_in_lab(page, lab_url, notebook)
        coach(page, words, shot)

    @pytest.mark.parametrize(("notebook", "words", "shot"), [(*english, f"phone_{name}_coach"),
                                                             (*chinese, f"phone_{name}_coach_zh")])
    def at_a_phone_width(phone, lab_url, notebook, words, shot):
        run_in_lab(phone, lab_url, notebook)
        collapse_side_panels(phone)
        fits_the_phone(coach(phone, words, shot))

    return in_the_notebook, at_a_phone_width
