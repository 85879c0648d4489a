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


def _marked(page, boxes, k: int) -> bool:
    return "companion-invalid" in (boxes.nth(k).get_attribute("class") or "")


def _problems(page) -> list[str]:
    return page.locator(f"{CALC} .companion-error li").all_inner_texts()


def test_refused_entries_are_kept_marked_and_counted(page):
    """Issue 22, points 1, 3, 4 in the app: two players typed onto one 10 (the one typed last is marked and the
    other named), a VP typed ``1o5`` and Century copper ``x`` come back as typed and marked after a reload,
    and the save refusal counts the problems the form lists and starts with the first in seat order."""
    with scoreboard_server() as (base, _data):
        open_app(page, base)
        pad = f"{CALC} .companion-tm-pad"
        names = page.locator(f"{pad} .widget-text:not(.companion-number) input")
        for k, name in enumerate(("Ann", "Ben", "Cleo", "Dan")):
            names.nth(k).fill(name)
        menus = page.locator(f"{pad} select")
        for k, faction in enumerate(("Witches", "Nomads", "Mermaids", "Giants")):
            menus.nth(k).select_option(label=faction)
        inputs = page.locator(f"{pad} .companion-number input")
        boxes = page.locator(f"{pad} .companion-number")
        # row-major: VP 0-3, fire 4-7, water 8-11, earth, air, network 20-23, coins 24-27, workers 28-31 ...
        inputs.nth(8 + 2).fill("10")        # Cleo reaches 10 of water first
        inputs.nth(8 + 2).press("Tab")
        wait_for_text(page, "Cleo (Mermaids) wins", CALC)
        inputs.nth(8 + 1).fill("10")        # then Ben is typed onto it
        inputs.nth(8 + 1).press("Tab")
        wait_for_text(page, "Ben — water (0-10): Cleo is already on 10 of the water track", CALC)
        assert _marked(page, boxes, 8 + 1) and not _marked(page, boxes, 8 + 2)
        assert not any("player 2" in line.lower() or "player 3" in line.lower() for line in _problems(page))
        inputs.nth(8 + 1).fill("9")
        inputs.nth(1).fill("90")            # Ben's VP ...
        inputs.nth(1).fill("1o5")           # ... retyped with a letter
        inputs.nth(24 + 2).fill("-3")       # Cleo's coins
        inputs.nth(24 + 1).fill("-1")       # Ben's coins
        inputs.nth(28 + 3).fill("abc")      # Dan's workers
        inputs.nth(28 + 3).press("Tab")
        wait_for_text(page, "Dan — workers", CALC)
        lines = _problems(page)
        assert len(lines) == 4, lines
        seats = [("Ann", "Ben", "Cleo", "Dan").index(line.split(" — ")[0]) for line in lines]
        assert seats == sorted(seats), f"not in seat order: {lines}"
        save(page, "Not saved yet:")
        refusal = page.locator(".widget-html-content", has_text="Not saved yet:").first.inner_text()
        assert lines[0].rstrip(".") in refusal and "3 more problems after this one" in refusal, (refusal, lines)
        screenshot(page, "scoreboard_refused_entries")

        pick_game(page, "Century", "input[placeholder='e.g. 12, 14']")
        copper = page.locator(f"{CALC} .companion-form-grid .companion-number input").first
        copper.fill("1")
        copper.fill("x")
        copper.press("Tab")
        wait_for_text(page, "Player 1 — Copper", CALC)
        pick_game(page, "Terra Mystica", ".companion-tm-pad")
        page.wait_for_timeout(1500)         # the last keystrokes reach the save file

        open_app(page, base)                # a reload: every entry as typed, marked again
        inputs = page.locator(f"{pad} .companion-number input")
        boxes = page.locator(f"{pad} .companion-number")
        assert inputs.nth(1).input_value() == "1o5" and _marked(page, boxes, 1)
        assert inputs.nth(28 + 3).input_value() == "abc" and _marked(page, boxes, 28 + 3)
        assert any(line.startswith("Ben — VP before final scoring") and "1o5" in line for line in _problems(page))
        pick_game(page, "Century", "input[placeholder='e.g. 12, 14']")
        copper = page.locator(f"{CALC} .companion-form-grid .companion-number").first
        assert copper.locator("input").input_value() == "x" and "companion-invalid" in copper.get_attribute("class")
        screenshot(page, "scoreboard_refused_entries_reloaded")
        page.goto("about:blank")            # leave before this test's server stops (no lost-connection errors)
