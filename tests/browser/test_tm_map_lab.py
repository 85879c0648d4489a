"""The map lab in a real browser: paint three hexes, swap two, undo one, export; the exported text parses to the
map the lab shows. Screenshots at desktop and phone width."""

from __future__ import annotations

import pytest

from companion.terra_mystica.hexmap import map_text, parse_colour_words, parse_letters
from tests.browser.harness import SCREENSHOTS, run_in_lab, screenshot, watch_console, widget_text

NOTEBOOK = "notebooks/terra_mystica/map_lab.ipynb"
LAB = ".jp-OutputArea .companion-map-lab"
PHONE = dict(viewport={"width": 412, "height": 915}, device_scale_factor=2.6, is_mobile=True, has_touch=True)

_HEX_TRACE_JS = """() => { const plot = document.querySelector('""" + LAB + """ .js-plotly-plot');
    if (!plot) return null;
    return Array.from(plot.querySelectorAll('.scatterlayer .trace')).find(t => t.querySelector('.textpoint')) || null; }"""


def _wait_for_map(page) -> None:
    page.wait_for_function("() => { const t = (" + _HEX_TRACE_JS + ")(); "
                           "return !!t && t.querySelectorAll('.textpoint').length === 113; }", timeout=60_000)


def _click_hex(page, label: str) -> None:
    box = page.evaluate(
        """(label) => { const trace = (""" + _HEX_TRACE_JS + """)();
            const texts = Array.from(trace.querySelectorAll('.textpoint text'));
            const i = texts.findIndex(t => t.textContent === label);
            const r = trace.querySelectorAll('path.point')[i].getBoundingClientRect();
            return {x: r.x + r.width / 2, y: r.y + r.height / 2}; }""", label)
    page.mouse.move(box["x"] - 3, box["y"] - 3)
    page.mouse.move(box["x"], box["y"])
    page.wait_for_timeout(300)
    page.mouse.click(box["x"], box["y"])


def _letters(page) -> str:
    return page.locator(f"{LAB} .widget-textarea textarea").first.input_value()


def _wait_first_row(page, row: str) -> None:
    page.wait_for_function(
        "(row) => { const a = document.querySelector('" + LAB + " .widget-textarea textarea');"
        " return !!a && a.value.split('\\n')[0] === row; }", arg=row, timeout=30_000)


def _remove_bottom_row(page, button, rows: int) -> None:
    """Press Remove the bottom row and wait until the letter export has ``rows`` rows."""
    button.click()
    page.wait_for_function("(n) => document.querySelector('" + LAB + " .widget-textarea textarea')"
                           ".value.trim().split('\\n').length === n", arg=rows, timeout=30_000)


def _new_game_on_map_file(page, path) -> None:
    """In the play notebook: choose Custom map file, type ``path`` into its box, press New game."""
    page.locator(".jp-OutputArea .widget-dropdown select").filter(
        has=page.locator("option", has_text="Custom map file")).first.select_option(label="Custom map file")
    box = page.locator(".jp-OutputArea .widget-text input[placeholder^='path to a map file']").first
    box.fill(str(path))
    box.press("Enter")
    page.wait_for_timeout(1500)
    page.locator(".jp-OutputArea .widget-button", has_text="New game").first.click()


def _tool(page, name: str) -> None:
    page.locator(f"{LAB} .widget-toggle-button", has_text=name).first.click()


def test_paint_swap_undo_export(page, lab_url):
    run_in_lab(page, lab_url, NOTEBOOK)
    _wait_for_map(page)
    rows = [line.split(",") for line in map_text("base").splitlines()]
    page.locator(f"{LAB} .js-plotly-plot").first.scroll_into_view_if_needed()
    _tool(page, "lakes")
    painted = rows[0][:]
    for i, label in enumerate(("A1", "A2", "A3")):
        _click_hex(page, label)
        painted[i] = "B"
        _wait_first_row(page, ",".join(painted))
    _tool(page, "swap two")
    _click_hex(page, "A13")
    page.wait_for_function("() => document.querySelector('" + LAB + "').innerText.includes('A13 chosen')",
                           timeout=30_000)
    _click_hex(page, "A3")
    swapped = painted[:]
    swapped[2], swapped[12] = painted[12], painted[2]
    _wait_first_row(page, ",".join(swapped))
    page.locator(f"{LAB} .widget-button", has_text="Undo").first.click()
    _wait_first_row(page, ",".join(painted))

    exported = _letters(page)
    expected = parse_letters("\n".join(",".join(r) for r in [painted, *rows[1:]]))
    assert parse_letters(exported) == expected
    words = page.locator(f"{LAB} .widget-textarea textarea").nth(1).input_value()
    assert parse_colour_words(words) == expected
    text = widget_text(page)
    assert expected.map_id in text and "terrain counts differ" in text
    screenshot(page, "tm_map_lab")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.locator(f"{LAB} .js-plotly-plot").first.scroll_into_view_if_needed()
    page.screenshot(path=str(SCREENSHOTS / "tm_map_lab_map.png"))


@pytest.fixture
def phone(browser, request):
    context = browser.new_context(**PHONE)
    page = context.new_page()
    errors = watch_console(page)
    yield page
    context.close()
    errors.check(request.node.name)


def test_map_lab_on_a_phone(phone, lab_url):
    page = phone
    run_in_lab(page, lab_url, NOTEBOOK)
    page.evaluate("() => { window.jupyterapp.shell.collapseLeft(); window.jupyterapp.shell.collapseRight(); }")
    _wait_for_map(page)
    page.wait_for_timeout(800)
    screenshot(page, "phone_tm_map_lab")  # the whole notebook at phone width (for review; the checks follow)
    # the map is not cut off: drawn as wide as its box, which fits the screen (every label on screen:
    # tests/browser/test_tm_map_fit.py)
    page.locator(f"{LAB} .js-plotly-plot").first.scroll_into_view_if_needed()
    page.wait_for_timeout(1500)
    box = page.evaluate("(s) => { const p = document.querySelector(s); const r = p.getBoundingClientRect();"
                        " return [p.clientWidth, Number(p.querySelector('.main-svg').getAttribute('width')), r.right]; }",
                        f"{LAB} .js-plotly-plot")
    plot_width, drawn, right = box
    assert abs(plot_width - drawn) <= 2 and right <= 412 + 1, box
    # every tool button is on the screen (they wrap), none cut off at its right edge
    rights = page.evaluate("(root) => Array.from(document.querySelectorAll(root + ' .widget-toggle-button'))"
                           ".map(b => b.getBoundingClientRect().right)", LAB)
    assert len(rights) == 9 and max(rights) <= 412 + 1, rights
    # the status (map id, terrain counts, warnings) wraps: each line ends on the screen, nothing hidden sideways
    page.locator(f"{LAB} .companion-map-status").first.wait_for(timeout=30_000)
    # a longer unbreakable word than the notebook shows by default (a map id beside a long map name, at a
    # larger font): it must wrap too
    page.evaluate("(root) => document.querySelectorAll(root + ' .companion-map-status').forEach(s =>"
                  " s.insertAdjacentHTML('beforeend', '<code>' + 'f'.repeat(80) + '</code>'))", LAB)
    status = page.evaluate("(root) => Array.from(document.querySelectorAll(root + ' .companion-map-status'))"
                           ".map(s => [s.getBoundingClientRect().right, s.scrollWidth, s.clientWidth,"
                           " s.parentElement.scrollWidth, s.parentElement.clientWidth])", LAB)
    assert status, status
    for right, scroll, client, outer_scroll, outer_client in status:
        assert right <= 412 + 1 and scroll <= client + 1 and outer_scroll <= outer_client + 1, status

    # the statistics tables fit the screen or scroll in their own frame: what the phone shows of them (the
    # viewport, not a full-page shot) ends inside the screen, and each frame reaches its table's last column
    frames = page.locator(f"{LAB} .companion-scroll-frame")
    frames.first.scroll_into_view_if_needed()
    page.wait_for_timeout(500)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "phone_tm_map_lab_statistics.png"))   # the viewport
    sizes = page.evaluate("(root) => Array.from(document.querySelectorAll(root + ' .companion-scroll-frame'))"
                          ".map(f => { const r = f.getBoundingClientRect(); const t = f.querySelector('table');"
                          " return [r.left, r.right, f.clientWidth, f.scrollWidth, t.getBoundingClientRect().width,"
                          " getComputedStyle(f).overflowX]; })", LAB)
    assert len(sizes) >= 2, sizes
    for left, right, _client, scroll, table, overflow in sizes:
        assert left >= -1 and right <= 412 + 1, sizes            # the frame is on the screen
        assert scroll >= table - 1 and overflow in ("auto", "scroll"), sizes   # and scrolls to the table's end
    assert any(scroll > client for _l, _r, client, scroll, _t, _o in sizes), sizes  # the tables are wider here


def test_analysis_table_does_not_wrap_at_1280(browser, lab_url, request):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors = watch_console(page)
    try:
        run_in_lab(page, lab_url, NOTEBOOK)
        _wait_for_map(page)
        page.locator(f"{LAB} .widget-button", has_text="Read the map").first.click()
        page.wait_for_selector(f"{LAB} table.companion-balance", timeout=120_000)
        table = page.locator(f"{LAB} table.companion-balance").first
        table.scroll_into_view_if_needed()
        page.wait_for_timeout(500)
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / "tm_map_lab_analysis_1280.png"))
        # no cell's text runs onto a second line (column titles may), and the table fits its frame at this width
        lines = page.evaluate("(t) => Array.from(t.querySelectorAll('td, tr:not(.companion-balance-head) th')).map(c => { const r = document"
                              ".createRange(); r.selectNodeContents(c); const tops = new Set(Array.from("
                              "r.getClientRects()).map(x => Math.round(x.top))); return [c.textContent, tops.size]; })",
                              table.element_handle())
        assert lines and all(n <= 1 for _text, n in lines), [x for x in lines if x[1] > 1]
        fits = page.evaluate("(t) => { const f = t.closest('.companion-scroll-frame');"
                             " return [f.scrollWidth, f.clientWidth]; }", table.element_handle())
        assert fits[0] <= fits[1] + 1, fits
    finally:
        context.close()
    errors.check(request.node.name)


# each column title of a table: its text, the lines it takes, its height and its line height (px)
_HEAD_LINES_JS = """(table) => Array.from(table.rows[0].cells).map(c => { const r = document.createRange();
    r.selectNodeContents(c); const tops = new Set(Array.from(r.getClientRects()).map(x => Math.round(x.top)));
    const style = getComputedStyle(c); const line = parseFloat(style.lineHeight) || 1.2 * parseFloat(style.fontSize);
    return [c.textContent, tops.size, c.getBoundingClientRect().height, line]; })"""


def test_chinese_statistics_titles_read_on_a_phone(phone, lab_url):
    """At 412 px the Chinese column titles of the statistics tables stay whole words (a title broken one
    character a line is unreadable); the table scrolls in its frame instead."""
    page = phone
    run_in_lab(page, lab_url, "notebooks/zh_CN/terra_mystica/map_lab.ipynb")
    page.evaluate("() => { window.jupyterapp.shell.collapseLeft(); window.jupyterapp.shell.collapseRight(); }")
    _wait_for_map(page)
    page.locator(f"{LAB} .widget-button", has_text="分析地图").first.click()
    page.wait_for_selector(f"{LAB} table.companion-balance", timeout=180_000)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for kind in ("companion-map-stats", "companion-balance"):
        table = page.locator(f"{LAB} table.{kind}").first
        table.scroll_into_view_if_needed()
        page.wait_for_timeout(300)
        page.locator(f"{LAB} .companion-scroll-frame", has=page.locator(f"table.{kind}")).first.screenshot(
            path=str(SCREENSHOTS / f"phone_zh_CN_tm_map_lab_{kind}.png"))
        titles = page.evaluate(_HEAD_LINES_JS, table.element_handle())
        assert "主地形" in [t[0] for t in titles], titles
        for text, lines, height, line in titles:
            assert lines <= 3 and height <= 3 * line + 8, (kind, titles)   # not one character a line
            assert len(text) <= 2 * lines or len(text) / lines >= 3, (kind, titles)
        terrains = page.evaluate(_HEAD_LINES_JS.replace("table.rows[0].cells", "Array.from(table.rows).slice(1)"
                                                        ".map(row => row.cells[0])"), table.element_handle())
        assert len(terrains) == 7 and all(lines == 1 for _t, lines, _h, _l in terrains), (kind, terrains)


@pytest.mark.parametrize("notebook", [NOTEBOOK, "notebooks/zh_CN/terra_mystica/map_lab.ipynb"], ids=["en", "zh_CN"])
def test_tables_fit_at_1280_with_the_file_browser_open(browser, lab_url, request, notebook):
    """A laptop screen with JupyterLab's file browser open (the reviewer's view): the statistics tables and the
    analysis table fit the notebook's width, no sideways scrolling, and no cell's text breaks onto a second line."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors = watch_console(page)
    try:
        run_in_lab(page, lab_url, notebook)
        page.evaluate("() => window.jupyterapp.commands.execute('filebrowser:activate')")
        page.wait_for_function("() => { const p = document.querySelector('.jp-FileBrowser');"
                               " return !!p && p.getBoundingClientRect().width > 150; }", timeout=30_000)
        _wait_for_map(page)
        page.locator(f"{LAB} .widget-button", has_text="分析地图" if "zh_CN" in notebook else "Read the map").first.click()
        page.wait_for_selector(f"{LAB} table.companion-balance", timeout=180_000)
        page.wait_for_timeout(800)
        left = page.evaluate("() => document.querySelector('.jp-FileBrowser').getBoundingClientRect().width")
        assert left > 150, left   # the file browser is really open beside the notebook
        stats = page.locator(f"{LAB} table.companion-map-stats").first
        stats.scroll_into_view_if_needed()
        page.wait_for_timeout(300)
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        tag = "zh_CN_" if "zh_CN" in notebook else ""
        page.screenshot(path=str(SCREENSHOTS / f"tm_map_lab_{tag}statistics_1280_file_browser.png"))
        frames = page.evaluate(
            "(root) => Array.from(document.querySelectorAll(root + ' .companion-scroll-frame')).map(f => {"
            " const t = f.querySelector('table'); const r = f.getBoundingClientRect();"
            " return [t.className, f.scrollWidth, f.clientWidth, Math.round(r.right)]; })", LAB)
        notebook_right = page.evaluate("() => Math.round(window.jupyterapp.shell.currentWidget.node"
                                       ".querySelector('.jp-WindowedPanel-outer, .jp-Notebook').getBoundingClientRect().right)")
        kinds = [k for k, *_rest in frames]
        assert kinds.count("companion-map-stats") == 2 and "companion-balance" in kinds, frames
        for kind, scroll, client, right in frames:
            assert scroll <= client + 1, ("sideways scrolling", kind, frames)
            assert right <= notebook_right + 1, ("past the notebook's edge", kind, frames, notebook_right)
        for kind in ("companion-map-stats", "companion-balance"):
            for i in range(page.locator(f"{LAB} table.{kind}").count()):
                table = page.locator(f"{LAB} table.{kind}").nth(i)
                lines = page.evaluate(
                    "(t) => Array.from(t.querySelectorAll('td, tr + tr th')).map(c => { const r = document"
                    ".createRange(); r.selectNodeContents(c); const tops = new Set(Array.from("
                    "r.getClientRects()).map(x => Math.round(x.top))); return [c.textContent, tops.size]; })",
                    table.element_handle())
                assert lines and all(n <= 1 for _text, n in lines), (kind, [x for x in lines if x[1] > 1])
        page.locator(f"{LAB} table.companion-balance").first.scroll_into_view_if_needed()
        page.wait_for_timeout(300)
        page.screenshot(path=str(SCREENSHOTS / f"tm_map_lab_{tag}analysis_1280_file_browser.png"))
    finally:
        context.close()
    errors.check(request.node.name)


def test_remove_row_down_to_one_row_is_flagged_in_the_browser(page, lab_url):
    """Issue 21's decision, as a designer sees it: Remove the bottom row goes on down to one row (then turns
    grey), and the lab flags the small map and the factions that cannot place their starting dwellings."""
    run_in_lab(page, lab_url, NOTEBOOK)
    _wait_for_map(page)
    button = page.locator(f"{LAB} .widget-button", has_text="Remove the bottom row").first
    for rows in range(8, 0, -1):
        _remove_bottom_row(page, button, rows)
    page.wait_for_function("() => document.querySelector('" + LAB + "').innerText.includes("
                           "\"1 row, fewer than the base map's 9\")", timeout=30_000)
    text = widget_text(page)
    assert "Nomads desert 1/3" in text and "Dwarves mountains 1/2" in text
    assert button.is_disabled()
    page.locator(f"{LAB} .companion-map-status").first.scroll_into_view_if_needed()
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "tm_map_lab_one_row.png"))


def test_a_saved_design_opens_in_the_play_notebook(page, lab_url, tmp_path):
    """A design kept by the lab (its store, as Save writes it) is typed into the play notebook's map file box
    and a game starts on it: the page names the custom map and draws its hexes."""
    from companion.terra_mystica.mapedit import MapDesign
    from companion.terra_mystica.mapstore import DesignStore

    design = MapDesign.from_map(parse_letters(map_text("base"))).paint(["A1", "A2", "A3"], "B")
    store = DesignStore(tmp_path)
    store.save("Lakes corner", design.map)
    path = store.path("Lakes corner")
    run_in_lab(page, lab_url, "notebooks/terra_mystica/play_a_full_game.ipynb")
    _new_game_on_map_file(page, path)
    page.wait_for_function("() => window.jupyterapp.shell.currentWidget.node.innerText"
                           ".includes('New game on the custom map Lakes corner.txt')", timeout=90_000)
    page.wait_for_function("() => { const p = window.jupyterapp.shell.currentWidget.node"
                           ".querySelector('.jp-OutputArea .js-plotly-plot'); return !!p && !!p.layout &&"
                           " p.layout.title && p.layout.title.text.includes('custom map'); }", timeout=60_000)
    screenshot(page, "tm_play_a_designed_map")


def test_a_map_of_few_rows_is_drawn_whole_on_a_phone(phone, lab_url):
    """Review 3, finding 1: on a phone, a design cut down to 4 rows showed only rows A and B, one of 1-3 rows
    nothing (the box shrank to the rows, the 520 px drawing did not). Every hex label lies inside the plot's box."""
    page = phone
    run_in_lab(page, lab_url, NOTEBOOK)
    page.evaluate("() => { window.jupyterapp.shell.collapseLeft(); window.jupyterapp.shell.collapseRight(); }")
    _wait_for_map(page)
    button = page.locator(f"{LAB} .widget-button", has_text="Remove the bottom row").first
    for rows in range(8, 0, -1):
        _remove_bottom_row(page, button, rows)
        if rows not in (4, 1):
            continue
        page.wait_for_function("(n) => { const t = (" + _HEX_TRACE_JS + ")();"
                               " return !!t && t.querySelectorAll('.textpoint').length === n; }",
                               arg={4: 50, 1: 13}[rows], timeout=30_000)   # the base map's rows: 13, 12, 13, 12 hexes
        page.wait_for_timeout(1500)
        inside = page.evaluate("() => { const p = document.querySelector('" + LAB + " .js-plotly-plot');"
                               " const box = p.getBoundingClientRect(); const t = (" + _HEX_TRACE_JS + ")();"
                               " return Array.from(t.querySelectorAll('.textpoint text')).map(e => {"
                               " const r = e.getBoundingClientRect();"
                               " return r.top >= box.top - 1 && r.bottom <= box.bottom + 1; }); }")
        assert inside and all(inside), (rows, inside.count(True), len(inside))
        page.locator(f"{LAB} .js-plotly-plot").first.scroll_into_view_if_needed()
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / f"phone_tm_map_lab_{rows}_rows.png"))


def test_a_one_row_design_is_drawn_whole_in_the_play_notebook_on_a_phone(phone, lab_url, tmp_path):
    """Review 3, finding 1 in the play notebook: a game on a 1-row design showed "Click an outlined hex on the
    map" above an empty map on a phone. All 13 hex labels lie inside the plot's box."""
    path = tmp_path / "one row.txt"
    path.write_text("Y,Y,Y,Y,G,G,G,G,U,U,K,K,B\n")   # desert 4 and forest 4: the default Witches and Nomads sit
    page = phone
    run_in_lab(page, lab_url, "notebooks/terra_mystica/play_a_full_game.ipynb")
    page.evaluate("() => { window.jupyterapp.shell.collapseLeft(); window.jupyterapp.shell.collapseRight(); }")
    _new_game_on_map_file(page, path)
    page.wait_for_function("() => window.jupyterapp.shell.currentWidget.node.innerText.includes('one row.txt')",
                           timeout=90_000)
    page.wait_for_timeout(2500)
    inside = page.evaluate("""() => { const root = window.jupyterapp.shell.currentWidget.node;
        for (const p of root.querySelectorAll('.jp-OutputArea .js-plotly-plot')) {
            const t = Array.from(p.querySelectorAll('.scatterlayer .trace')).find(x => x.querySelector('.textpoint'));
            if (!t) continue;
            const box = p.getBoundingClientRect();
            return Array.from(t.querySelectorAll('.textpoint text')).map(e => { const r = e.getBoundingClientRect();
                return r.top >= box.top - 1 && r.bottom <= box.bottom + 1; }); }
        return null; }""")
    assert inside and len(inside) == 13 and all(inside), inside
    page.locator(".jp-OutputArea .js-plotly-plot").first.scroll_into_view_if_needed()
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "phone_tm_play_one_row_map.png"))
