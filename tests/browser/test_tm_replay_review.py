"""The coach's review in Terra Mystica's replay notebook, in a real browser: step back to the start of the first
league game, forward to the first passes (row 10), press Review: the chart has one point per ledger move up to
that row for each of the four factions (counted from the ledger, not from the review), and the drops are listed
in words under it. Only the first rows are reviewed, so the search takes seconds. English, Chinese, and a phone's
width."""

from __future__ import annotations

import pytest

from companion.i18n import _, using_language
from tests.browser.coach import CURRENT, list_items_js, review_plot_js
from tests.browser.harness import SCREENSHOTS, run_in_lab, timed_click
from tests.browser.test_phone import PHONE, phone  # noqa: F401 (the phone page fixture)

EN = "notebooks/terra_mystica/replay_a_real_game.ipynb"
ZH = "notebooks/zh_CN/terra_mystica/replay_a_real_game.ipynb"
ROOT = CURRENT
ROW = 10   # the typed row reviewed up to (1-based, as the viewer numbers them): the first passes
ROW_LINE = (f"() => {{ const p = Array.from(({ROOT}).querySelectorAll('.jp-OutputArea .js-plotly-plot'))"
            ".find(p => p.layout && p.layout.shapes && p.layout.shapes.length);"
            " return p ? p.layout.shapes[0].x0 : null; }")
REVIEW_PLOT = review_plot_js(ROOT, marks=False)
DROPS = list_items_js(".companion-review", ROOT)


def _ledger_moves(row: int) -> int:
    """Moves up to viewer row ``row`` (1-based), counted from the ledger: its typed rows after the faction picks
    (viewer row 1), leech answers included."""
    from companion.terra_mystica.engine import read_record
    from companion.terra_mystica.engine.games import game_text, shipped_games

    ledger = [r for r in read_record(game_text(shipped_games()[0]["game_id"])).rows if r.typed]
    picks = next(i for i, r in enumerate(ledger) if r.command != "setup")
    return len(ledger[picks:picks + row - 1])


def _review(page, language: str, name: str) -> dict:
    with using_language(language):
        words = {w: _(w) for w in ("« start", "forward ▶", "Review", "Expected final VP after each move",
                                   "Review: the biggest drops of each player")}
        reviewing = _("Reviewing typed rows 1 to {n}…").format(n=ROW)
    page.wait_for_function(f"() => ({ROW_LINE})() !== null", timeout=30_000)
    timed_click(page, page.get_by_role("button", name=words["« start"]), f"() => ({ROW_LINE})() === 1",
                what="TM replay: back to the start")
    for row in range(2, ROW + 1):
        timed_click(page, page.get_by_role("button", name=words["forward ▶"]), f"() => ({ROW_LINE})() === {row}",
                    what="TM replay: one row forward")
    button = page.locator(".jp-OutputArea .widget-button", has_text=words["Review"]).first
    button.scroll_into_view_if_needed()
    button.click()
    try:   # the search takes seconds: the viewer says what it reviews while it runs
        page.wait_for_function("(t) => document.body.innerText.includes(t)", arg=reviewing, timeout=10_000)
        seen_busy = True
    except Exception:   # noqa: BLE001 - a fast machine may finish before the page is polled
        seen_busy = False
    page.wait_for_function(f"() => ({REVIEW_PLOT})({words['Expected final VP after each move']!r}) !== null",
                           timeout=120_000)
    plot = page.evaluate(REVIEW_PLOT, words["Expected final VP after each move"])
    assert plot["lines"] == [_ledger_moves(ROW) + 1] * 4, plot   # + the point before the first move
    page.wait_for_function("(t) => document.body.innerText.includes(t)",
                           arg=words["Review: the biggest drops of each player"], timeout=30_000)
    drops = page.evaluate(DROPS)
    assert drops and all("−" in d for d in drops), drops   # each drop names its loss
    box = page.locator(".jp-OutputArea .widget-vbox", has=page.locator(".companion-review")).last
    box.scroll_into_view_if_needed()
    page.wait_for_timeout(500)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    box.screenshot(path=str(SCREENSHOTS / f"{name}.png"))
    return {**plot, "busy": seen_busy, "drops": drops}


@pytest.mark.parametrize(("notebook", "language", "name"),
                         [(EN, "en", "tm_replay_review"), (ZH, "zh_CN", "tm_replay_review_zh")])
def test_review_in_the_replay_notebook(page, lab_url, notebook, language, name):
    run_in_lab(page, lab_url, notebook)
    _review(page, language, name)


def test_review_in_the_replay_notebook_fits_a_phone(phone, lab_url):   # noqa: F811 (the fixture)
    run_in_lab(phone, lab_url, EN)
    phone.evaluate("() => { window.jupyterapp.shell.collapseLeft(); window.jupyterapp.shell.collapseRight(); }")
    plot = _review(phone, "en", "phone_tm_replay_review")
    assert plot["width"] <= PHONE["viewport"]["width"] + 1, plot
