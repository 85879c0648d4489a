"""The coach's Review chart after Undo, in a real browser (a reviewer's finding): Review, Undo, Review again drew
the old chart (the undone moves' points and drop marks) with one line gone, and the page logged ``Error setting
state: Cannot read properties of undefined (reading 'length')``. Now the second chart has the points of the game
as it stands: in Terra Mystica as many as the same game played by the widget's methods in this process reviews
(after the same Undo), in Century as many as the first Review of the same moves drew; no drop mark past the
line's end, each line in its seat's colour, and no console error (the ``page`` fixture fails on one; with the old
``figure.js`` both tests fail on it, and ``test_figure_traces.py`` shows the stale picture it leaves)."""

from __future__ import annotations

from tests.browser.coach import REVIEW_PLOT as CENTURY_PLOT
from tests.browser.harness import _KERNEL_IDLE, run_in_lab
from tests.browser.test_tm_coach import EN as TM
from tests.browser.test_tm_coach import ENGLISH, REVIEW_PLOT, ROOT, _replica, _text_js, _type

CENTURY = "notebooks/century/play_a_full_game.ipynb"
COLOURS = (f"(title) => Array.from(({ROOT}).querySelectorAll('.jp-OutputArea .js-plotly-plot'))"
           ".find(p => p.layout && p.layout.title && (p.layout.title.text || '').includes(title))"
           ".data.filter(t => t.mode === 'lines' && t.showlegend !== false).map(t => t.line.color)")


def _press(page, text: str) -> None:
    button = page.locator(".jp-OutputArea .widget-button", has_text=text).first
    button.scroll_into_view_if_needed()
    button.click()
    page.wait_for_timeout(500)
    page.wait_for_function(_KERNEL_IDLE, timeout=120_000)


def _drawn(page, plot_js: str, points: str) -> dict:
    """The review chart once the points of each line ``n`` fit the JavaScript test ``points`` (or, after 20 s, as
    drawn then)."""
    try:
        page.wait_for_function(f"() => {{ const p = ({plot_js})({ENGLISH['plot']!r});"
                               f" return p && p.lines.length && p.lines.every(n => {points}); }}",
                               timeout=20_000)
    except Exception:   # noqa: BLE001 - the assertion below says what was drawn
        pass
    page.wait_for_timeout(500)
    return page.evaluate(plot_js, ENGLISH["plot"])


MARKS_X = ("(title) => Array.from(document.querySelectorAll('.jp-OutputArea .js-plotly-plot'))"
           ".find(p => p.layout && p.layout.title && (p.layout.title.text || '').includes(title))"
           ".data.filter(t => t.mode === 'markers').flatMap(t => Array.from(t.x))")


def test_tm_review_after_undo(page, lab_url):
    from companion.widgets.terra_mystica.mapplot import faction_colour

    run_in_lab(page, lab_url, TM)
    w = _replica()
    while w.session.state.game.round == 0:   # the setup: the first listed dwelling / bonus tile each time
        _type(page, w, w.human_actions()[0])
    _type(page, w, next(a for a in w.human_actions() if a.commands[0][0] == "pass"))
    _press(page, ENGLISH["review"])
    page.wait_for_function(_text_js(ENGLISH["review_title"]), timeout=120_000)
    before = _drawn(page, REVIEW_PLOT, f"n === {len(w.review().values)}")
    w.undo()
    _press(page, "Undo")
    _press(page, ENGLISH["review"])
    points = len(w.review().values)
    assert points < before["lines"][0], (points, before)   # the undo took moves back
    after = _drawn(page, REVIEW_PLOT, f"n === {points}")
    assert after["lines"] == [points, points], (before, after)
    assert all(x < points for x in page.evaluate(MARKS_X, ENGLISH["plot"])), after
    assert page.evaluate(COLOURS, ENGLISH["plot"]) == [faction_colour("witches"), faction_colour("nomads")]


def test_century_review_after_undo(page, lab_url):
    run_in_lab(page, lab_url, CENTURY)
    _press(page, "Do it")   # the picker's first choice; the bots answer
    _press(page, ENGLISH["review"])
    page.wait_for_function(f"() => ({CENTURY_PLOT})({ENGLISH['plot']!r}) !== null", timeout=60_000)
    first = page.evaluate(CENTURY_PLOT, ENGLISH["plot"])
    points = first["lines"][0]
    assert first["lines"] == [points] * 3, first
    _press(page, "Do it")
    _press(page, ENGLISH["review"])
    longer = _drawn(page, CENTURY_PLOT, f"n > {points}")
    assert longer["lines"][0] > points, (first, longer)
    _press(page, "Undo")    # back to just before the second move: the first review's moves
    _press(page, ENGLISH["review"])
    after = _drawn(page, CENTURY_PLOT, f"n === {points}")
    assert after["lines"] == [points] * 3, (first, longer, after)
    assert all(x < points for x in page.evaluate(MARKS_X, ENGLISH["plot"])), after


def test_magick_review_after_undo(page, lab_url):
    """Merchants of Magick: Review after a turn, a second turn, Review, Undo (back into the second turn), Review:
    fewer points than the second review, at least the first one's, no drop mark past the line's end."""
    from tests.browser.test_magick_coach import EN as MAGICK
    from tests.browser.test_magick_coach import ENABLED
    from tests.browser.test_magick_coach import ENGLISH as WORDS

    plot_js = CENTURY_PLOT   # Magick's notebook, like Century's, is read from the whole document
    run_in_lab(page, lab_url, MAGICK)

    def turn() -> None:   # roll, then end the turn with both dice unused; the bots answer
        _press(page, WORDS["roll"])
        page.wait_for_function(ENABLED, arg=WORDS["hint"], timeout=60_000)
        _press(page, WORDS["end"])
        page.wait_for_function(ENABLED, arg=WORDS["roll"], timeout=60_000)

    def drawn(points: str) -> dict:
        page.wait_for_function(f"() => {{ const p = ({plot_js})({WORDS['plot']!r});"
                               f" return p && p.lines.length && p.lines.every(n => {points}); }}", timeout=60_000)
        page.wait_for_timeout(500)
        return page.evaluate(plot_js, WORDS["plot"])

    turn()
    _press(page, WORDS["review"])
    first = drawn("n > 0")["lines"][0]
    turn()
    _press(page, WORDS["review"])
    second = drawn(f"n > {first}")["lines"][0]
    _press(page, "Undo")
    _press(page, WORDS["review"])
    after = drawn(f"n < {second}")
    assert len(after["lines"]) == 3 and len(set(after["lines"])) == 1 and after["lines"][0] >= first, after
    assert all(x < after["lines"][0] for x in page.evaluate(MARKS_X, WORDS["plot"])), after
