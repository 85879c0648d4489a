"""The scoreboard app as ``make app`` serves it (Voila on the notebook itself), in a real browser.

Scores one game of each kind, saves each, finds all three under *Past games* (table and plots); then, on a
390 px wide phone screen, checks that the main controls fit the screen (no sideways scrolling of the page)
and that the entries typed before come back in a fresh page.
"""

from __future__ import annotations

import os
import signal
import subprocess
import tempfile
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.browser.harness import (
    ROOT,
    _server_env,
    _wait_http,
    free_port,
    screenshot,
    voila_command,
    voila_env,
    widget_text,
)

NOTEBOOK = "notebooks/apps/scoreboard.ipynb"
CALC = ".companion-scoreboard-calculator"


def _start(tmp: Path) -> tuple[subprocess.Popen, str]:
    """Voila started the way ``make app`` starts it (the notebook itself, not a file list), in a process
    group of its own (so a test can kill it and its kernels at once), with the save folder and game
    history under ``tmp``."""
    port = free_port()
    env = _server_env(tmp)
    env["COMPANION_DATA_DIR"] = str(tmp / "data")
    log = open(tmp / "voila.log", "a")  # noqa: SIM115 - the child keeps it; closed when the test ends
    env.update(voila_env())   # the project's Voila settings, as `make app`
    cmd = voila_command(NOTEBOOK, port)
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    log.close()
    base = f"http://127.0.0.1:{port}"
    _wait_http(base + "/", proc)
    return proc, base


def _children(pid: int) -> list[int]:
    """Ids of the processes whose parent is ``pid`` (the server's kernels run in sessions of their own)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found


def _stop(proc: subprocess.Popen, *, kill: bool = False) -> None:
    """End the server started by :func:`_start` and its kernels (by process id; ``kill``: SIGKILL, no
    chance to clean up, the kernels first)."""
    if kill:
        for pid in _children(proc.pid):
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGKILL if kill else signal.SIGTERM)
    try:
        proc.wait(timeout=15)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=15)


@contextmanager
def scoreboard_server(tmp: Path | None = None):
    """A server from :func:`_start`; yields the base URL and the data folder."""
    tmp = tmp or Path(tempfile.mkdtemp(prefix="companion-scoreboard-"))
    proc, base = _start(tmp)
    try:
        yield base, tmp / "data"
    finally:
        _stop(proc)


@pytest.fixture(scope="module")
def app():
    with scoreboard_server() as served:
        yield served


def open_app(page, base: str) -> None:
    page.goto(base + "/", wait_until="domcontentloaded", timeout=180_000)
    page.wait_for_selector(".companion-scoreboard .widget-toggle-buttons", timeout=180_000)
    page.wait_for_selector(f"{CALC} .widget-text, {CALC} .widget-dropdown", timeout=180_000)
    page.wait_for_selector(".widget-button:has-text('Save the finished game')", timeout=60_000)
    errors = page.query_selector_all(".jp-RenderedText[data-mime-type='application/vnd.jupyter.error']")
    assert not errors, errors[0].inner_text()[:2000]


def wait_for_text(page, text: str, scope: str = "body") -> None:
    page.wait_for_function(
        "([s, t]) => Array.from(document.querySelectorAll(s + ' .widget-html-content'))"
        ".some(e => e.innerText.includes(t))", arg=[scope, text], timeout=60_000)


def pick_game(page, title: str, expect: str) -> None:
    page.locator(".companion-scoreboard-games button", has_text=title).first.click()
    page.wait_for_selector(f"{CALC} {expect}", timeout=60_000)


def save(page, expect: str) -> None:
    page.locator(".widget-button", has_text="Save the finished game").click()
    wait_for_text(page, expect)


def test_score_one_game_of_each_kind_and_see_them_in_the_history(page, app):
    base, data = app
    open_app(page, base)
    text = widget_text(page) + page.locator(".lm-TabBar").inner_text()
    assert "Save the finished game" in text and "Past games" in text
    for word in ("kernel", "module", "traceback", "python"):
        assert word not in text.lower()

    # Terra Mystica (the first game): two players, two factions, VP before final scoring
    page.locator(f"{CALC} .widget-dropdown select").first.select_option(label="2")
    selects = page.locator(f"{CALC} .widget-dropdown select")
    selects.nth(1).select_option(label="Witches")
    selects.nth(2).select_option(label="Nomads")
    numbers = page.locator(f"{CALC} .companion-number input")
    numbers.nth(0).fill("120")
    numbers.nth(0).press("Tab")
    wait_for_text(page, "Player 1 (Witches) wins", CALC)
    save(page, "Saved: Terra Mystica")

    # Century: golems typed as printed points
    pick_game(page, "Century", "input[placeholder='e.g. 12, 14']")
    golems = page.locator(f"{CALC} input[placeholder='e.g. 12, 14']")
    golems.nth(0).fill("12, 14")
    golems.nth(1).fill("20")
    golems.nth(1).press("Tab")
    wait_for_text(page, "Winner: Player 1 with 26 VP", CALC)
    save(page, "Saved: Century: Golem Edition")

    # Merchants of Magick: gold per part (six boxes per player)
    pick_game(page, "Merchants of Magick", ".companion-magick-grid")
    gold = page.locator(f"{CALC} .companion-magick-grid .companion-number input")
    gold.nth(6 + 2).fill("15")  # Player 2's orders
    gold.nth(6 + 2).press("Tab")
    wait_for_text(page, "Winner: Player 2 with 15 gold", CALC)
    save(page, "Saved: Merchants of Magick")

    # Past games: the three games in the table, and the plots drawn with them
    page.locator(".lm-TabBar-tab", has_text="Past games").click()
    view = ".companion-history-view"
    wait_for_text(page, "3 games saved", view)
    table = page.locator(f"{view} .companion-history").inner_text()
    for game in ("Terra Mystica", "Century", "Merchants of Magick"):
        assert game in table
    assert "★ Player 1 (Witches) 120" in table
    page.wait_for_function(
        "s => { const plots = Array.from(document.querySelectorAll(s + ' .js-plotly-plot'));"
        " return plots.length === 3 && plots.every(p => p.data && p.data.some(t => t.x && t.x.length > 0)); }",
        arg=view, timeout=60_000)
    factions = page.evaluate(
        "s => Array.from(document.querySelectorAll(s + ' .js-plotly-plot'))[2].data[1].x", view)
    assert set(factions) == {"Witches", "Nomads"}
    assert (data / "history.sqlite3").exists()
    screenshot(page, "scoreboard_past_games")


def test_phone_width_fits_and_a_fresh_page_restores_the_entries(browser, app):
    base, _ = app
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2,
                                  is_mobile=True, has_touch=True)
    page = context.new_page()
    try:
        open_app(page, base)
        pick_game(page, "Century", "input[placeholder='e.g. 12, 14']")
        golems = page.locator(f"{CALC} input[placeholder='e.g. 12, 14']")
        golems.nth(2).fill("9, 10")
        golems.nth(2).press("Tab")
        wait_for_text(page, "Winner:", CALC)
        page.wait_for_timeout(500)
        # the page itself never scrolls sideways; the score pad scrolls inside its own frame
        width = page.evaluate("() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)")
        assert width <= 390 + 1, f"the page is {width} px wide on a 390 px screen"
        for label, selector in (("game buttons", ".companion-scoreboard-games"),
                                ("save button", ".widget-button:has-text('Save the finished game')"),
                                ("tabs", ".lm-TabBar"), ("score pad frame", CALC),
                                ("date", ".widget-datepicker")):
            box = page.locator(selector).first.bounding_box()
            assert box is not None, label
            assert box["x"] >= -1 and box["x"] + box["width"] <= 390 + 1, f"{label} cut off: {box}"
        for title in ("Terra Mystica", "Century", "Merchants of Magick"):
            box = page.locator(".companion-scoreboard-games button", has_text=title).first.bounding_box()
            assert box["x"] + box["width"] <= 390 + 1, f"the {title} button is cut off: {box}"
        # headers stand above their boxes, and the whole pad scrolls sideways as one
        grid = f"{CALC} .companion-form-grid"
        header = page.locator(f"{grid} .widget-html", has_text="Copper").first.bounding_box()
        copper = page.locator(f"{grid} .companion-number").first.bounding_box()
        assert abs(header["x"] - copper["x"]) <= 4, f"Copper header at x={header['x']}, its box at x={copper['x']}"
        rows_scroll = page.evaluate(f"""() => Array.from(document.querySelectorAll('{grid} > .widget-hbox'))
            .filter(r => r.scrollWidth > r.clientWidth + 1).length""")
        assert rows_scroll == 0, "a row scrolls sideways on its own"
        button = page.locator(f"{CALC} .widget-button", has_text="Open").first
        assert button.evaluate("b => b.scrollWidth <= b.clientWidth + 1"), "the Open button's text is cut"
        screenshot(page, "scoreboard_phone_century")
        save(page, "Saved: Century: Golem Edition")
        page.locator(".lm-TabBar-tab", has_text="Past games").click()
        page.wait_for_selector(".companion-history-view .js-plotly-plot", timeout=60_000)
        page.wait_for_timeout(800)
        width = page.evaluate("() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)")
        assert width <= 390 + 1, f"Past games is {width} px wide on a 390 px screen"
        box = page.locator(".companion-history").bounding_box()
        assert box["x"] + box["width"] <= 390 + 1, f"the table of past games is cut off: {box}"
        # what may be wider than a phone (the score pads, the plots) scrolls in its own frame, never clipped
        for frame in (CALC, ".companion-history-charts"):
            overflow = page.evaluate("s => getComputedStyle(document.querySelector(s)).overflowX", frame)
            assert overflow in ("auto", "scroll"), f"{frame} clips instead of scrolling ({overflow})"
        screenshot(page, "scoreboard_phone_past_games")
        # a fresh page (the app started again): the last game picked and every entry come back
        open_app(page, base)
        page.wait_for_selector(f"{CALC} input[placeholder='e.g. 12, 14']", timeout=60_000)
        golems = page.locator(f"{CALC} input[placeholder='e.g. 12, 14']")
        assert golems.nth(2).input_value() == "9, 10"
    finally:
        context.close()


def test_killed_mid_entry_loses_nothing_typed_and_leaves_no_temporary_file(browser, tmp_path):
    """The kernel and the server are killed (SIGKILL) right after an entry is shown; started again, the app
    shows every entry, and no temporary save file is left behind."""
    proc, base = _start(tmp_path)
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    page = context.new_page()
    try:
        open_app(page, base)
        pick_game(page, "Merchants of Magick", ".companion-magick-grid")
        names = page.locator(f"{CALC} .companion-magick-grid input[type=text]")
        names.nth(0).fill("Ann")
        gold = page.locator(f"{CALC} .companion-magick-grid .companion-number input")
        gold.nth(1).fill("17")  # Ann's research
        gold.nth(1).press("Tab")
        wait_for_text(page, "Winner: Ann with 17 gold", CALC)
        assert _children(proc.pid), "no kernel to kill"
        _stop(proc, kill=True)
        proc, base = _start(tmp_path)
        open_app(page, base)
        page.wait_for_selector(f"{CALC} .companion-magick-grid", timeout=60_000)  # the game picked last
        wait_for_text(page, "Winner: Ann with 17 gold", CALC)
        gold = page.locator(f"{CALC} .companion-magick-grid .companion-number input")
        assert gold.nth(1).input_value() == "17"
        left = [p.name for p in tmp_path.rglob("*") if p.name.endswith(".tmp")]
        assert left == [], f"temporary files left behind: {left}"
    finally:
        context.close()
        _stop(proc)
