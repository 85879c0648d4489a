"""The replay notebook in a real browser (JupyterLab and Voila): the viewer renders a real game told in
words, and the step buttons move it; the map and the VP chart are redrawn in place (the VP chart's
current-row line and the map's title are read back from the drawn plots, and no new plot appears); the
last row names the winner and itemises the final scoring."""

from tests.browser.harness import run_in_lab, run_in_voila, screenshot, timed_click, widget_text

NOTEBOOK = "notebooks/terra_mystica/replay_a_real_game.ipynb"
ROW_LINE = ("() => { const p = Array.from(document.querySelectorAll('.js-plotly-plot'))"
            ".find(p => p.layout && p.layout.shapes && p.layout.shapes.length);"
            " return p ? p.layout.shapes[0].x0 : null; }")
ROW_TEXT = ("() => (Array.from(document.querySelectorAll('.widget-html-content'))"
            ".find(e => /row \\d+ of/.test(e.innerText)) || {innerText: ''}).innerText")


def _row_number(page) -> int:
    text = page.evaluate(ROW_TEXT)
    return int(text.split("typed row ", 1)[1].split(" ", 1)[0])


def _steps(page, prefix: str, shot: str) -> None:
    text = widget_text(page)
    assert "replayed with zero differences" in text
    assert "round 3" in text
    assert "power bowls I/II/III" in text and "Halflings" in text
    assert "Round 3 scoring tile: SCORE" in text                # codes named, with a tooltip
    assert page.locator(f"{prefix}abbr[title^='round scoring tile:']").count() >= 1
    page.wait_for_function(f"() => ({ROW_LINE})() !== null", timeout=30_000)
    plots = page.locator(f"{prefix}.js-plotly-plot").count()
    assert plots >= 2   # map + VP chart
    row = _row_number(page)
    assert page.evaluate(ROW_LINE) == row   # the line marks the row shown (numbered as the text)
    for _ in range(2):
        timed_click(page, page.get_by_role("button", name="forward ▶"),
                    f"(r) => ({ROW_TEXT})().includes('row ' + r + ' of') && ({ROW_LINE})() === r",
                    arg=row + 1, what="TM replay: one row forward")
        row += 1
    timed_click(page, page.get_by_role("button", name="end »"),
                "() => Array.from(document.querySelectorAll('.js-plotly-plot .gtitle'))"
                ".some(e => e.textContent.includes('final scoring'))", what="TM replay: jump to the end",
                timeout_ms=60_000)
    text = widget_text(page)
    assert "turn their leftover resources into" in text and "score_resources" not in text   # told in words
    assert " win with " in text and "final VP" in text        # the winner and the final breakdown
    assert page.evaluate(ROW_LINE) == _row_number(page)
    assert page.locator(f"{prefix}.js-plotly-plot").count() == plots   # redrawn in place
    assert page.locator(f"{prefix}.js-plotly-plot .scatterlayer .trace").count() >= 10
    page.wait_for_timeout(800)
    screenshot(page, shot)


def test_replay_notebook_steps_through_a_game(page, lab_url):
    run_in_lab(page, lab_url, NOTEBOOK)
    _steps(page, ".jp-OutputArea ", "tm_replay_a_real_game")


def test_replay_notebook_steps_through_a_game_in_voila(page, voila_url):
    run_in_voila(page, voila_url, NOTEBOOK)
    _steps(page, "", "tm_replay_a_real_game_voila")


# [options, the one shown, every option's text] of the Game menu (a drop-down writes spaces as no-break spaces)
GAME_MENU = ("() => { const s = Array.from(document.querySelectorAll('.jp-OutputArea .widget-dropdown select'))"
             ".find(e => e.options.length >= 10); const t = o => o.text.replace(/\\u00a0/g, ' ');"
             " return s ? [s.options.length, t(s.options[s.selectedIndex]), Array.from(s.options).map(t)] : null; }")


def test_the_game_menu_lists_every_shipped_game_and_follows_the_file_opened(page, lab_url, tmp_path):
    """Issue 22, point 5: the Game menu offers the 30 real games the package ships and, after a file is
    opened, names that file instead of the game shown before."""
    from pathlib import Path

    from tests.browser.harness import ROOT

    games = Path(ROOT) / "data" / "terra_mystica" / "games"
    shipped = sorted(games.glob("*.ledger.txt"))
    record = tmp_path / "our_game.txt"
    record.write_text(shipped[-1].read_text(encoding="utf-8"), encoding="utf-8")
    run_in_lab(page, lab_url, NOTEBOOK)
    count, shown, labels = page.evaluate(GAME_MENU)
    assert count == len(shipped) == 30, labels
    assert shown.startswith("4-player league S1 D1L1 G2")
    box = page.locator(".jp-OutputArea .widget-text", has_text="Record file").locator("input")
    box.fill(str(record))
    page.locator(".jp-OutputArea .widget-button", has_text="Open").first.click()
    page.wait_for_function(f"() => ({GAME_MENU})()[1] === 'our_game.txt (opened file)'", timeout=60_000)
    assert "Opened" in widget_text(page) and page.evaluate(GAME_MENU)[0] == 31
    page.locator(".jp-OutputArea .widget-dropdown", has_text="Game").first.scroll_into_view_if_needed()
    page.wait_for_timeout(300)
    screenshot(page, "tm_replay_opened_file")
