"""The Terra Mystica map drawn as wide as its box, as tall as that width needs, at a phone's 390 px and a laptop's
1280 px, in the play notebook and in the map lab: every hex label of the base map, of the Fire & Ice map and of
a one-row design lies inside what the screen shows of the plot.

Fresh review, finding 1: the play map was drawn at a fixed 780 px, so at 390 px only columns 1-6 showed; drawn as
wide as the page (autosize, the 780 px drawing's height) the one-row design's 13 labels all fell outside the plot.
Screenshots: ``screenshots/tm_map_fit_*.png``.
"""

from __future__ import annotations

import pytest

from companion.terra_mystica.hexmap import load_shipped_map
from tests.browser.harness import SCREENSHOTS, run_in_lab, watch_console

PLAY = "notebooks/terra_mystica/play_a_full_game.ipynb"
LAB_NOTEBOOK = "notebooks/terra_mystica/map_lab.ipynb"
ROOT = "window.jupyterapp.shell.currentWidget.node"
ONE_ROW = "Y,Y,Y,Y,G,G,G,G,U,U,K,K,B\n"   # desert 4 and forest 4: the default Witches and Nomads sit
SIZES = {"390": dict(viewport={"width": 390, "height": 844}, device_scale_factor=3, is_mobile=True, has_touch=True),
         "1280": dict(viewport={"width": 1280, "height": 900})}

# the map's plot (the first plotly plot with hex labels under `scope`): each label's text and whether its box lies
# inside what the screen shows of the plot area (the plot area's box cut by every ancestor that clips what
# overflows it, and by the screen), with the boxes for the failure message
_LABELS_SHOWN = """(scope) => {
  const plots = Array.from(document.querySelectorAll(scope + ' .js-plotly-plot'))
    .filter(p => p.querySelector('.scatterlayer .textpoint'));
  const plot = plots[0];
  plot.scrollIntoView({block: 'start'});
  const area = plot.querySelector('.nsewdrag') || plot;
  const r = area.getBoundingClientRect();
  let box = {left: Math.max(0, r.left), right: Math.min(window.innerWidth, r.right), top: Math.max(0, r.top),
             bottom: Math.min(window.innerHeight, r.bottom)};
  const clips = [];
  for (let e = plot.parentElement; e && e !== document.body; e = e.parentElement) {
    const s = getComputedStyle(e);
    if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
    const c = e.getBoundingClientRect();
    box = {left: Math.max(box.left, c.left), right: Math.min(box.right, c.right),
           top: Math.max(box.top, c.top), bottom: Math.min(box.bottom, c.bottom)};
    clips.push([e.className.toString().slice(0, 40), Math.round(c.left), Math.round(c.right)]);
  }
  const trace = Array.from(plot.querySelectorAll('.scatterlayer .trace')).filter(t => t.querySelector('.textpoint')).pop();
  const labels = Array.from(trace.querySelectorAll('.textpoint text')).map(t => { const q = t.getBoundingClientRect();
    return [t.textContent, q.width > 0 && q.left >= box.left - 1 && q.right <= box.right + 1 && q.top >= box.top - 1
            && q.bottom <= box.bottom + 1, Math.round(q.left), Math.round(q.top)]; });
  const svg = plot.querySelector('.main-svg').getBoundingClientRect();
  return {box: [box.left, box.top, box.right, box.bottom].map(Math.round), clips, labels,
          plot: [svg.width, svg.height].map(Math.round), element: [plot.clientWidth, plot.clientHeight],
          screen: window.innerWidth,
          page: Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)}; }"""


def _check_labels(page, scope: str, expected: set[str], what: str) -> dict:
    """Wait for the map to show ``expected`` labels, then assert every one is on screen inside the plot area."""
    page.wait_for_function(
        "([scope, n]) => Array.from(document.querySelectorAll(scope + ' .js-plotly-plot')).some(p =>"
        " p.querySelectorAll('.scatterlayer .textpoint').length === n)", arg=[scope, len(expected)], timeout=90_000)
    # on screen (JupyterLab lays out and resizes a cell's output only near the screen), then the height follows
    # the drawn width: let the last resize settle
    page.evaluate("(scope) => Array.from(document.querySelectorAll(scope + ' .js-plotly-plot')).filter(p =>"
                  " p.querySelector('.scatterlayer .textpoint'))[0].scrollIntoView({block: 'start'})", scope)
    page.wait_for_timeout(2000)
    seen = page.evaluate(_LABELS_SHOWN, scope)
    shown = {label: inside for label, inside, _x, _y in seen["labels"]}
    assert set(shown) == expected, (what, sorted(set(shown) ^ expected))
    cut = sorted(label for label in expected if not shown[label])
    assert not cut, (f"{what}: {len(cut)} of {len(expected)} hex labels off the visible map: {cut}; visible box "
                     f"{seen['box']}, plot {seen['plot']}, clipped by {seen['clips']}, first labels {seen['labels'][:3]}")
    assert seen["plot"][0] <= seen["screen"], (what, seen["plot"], seen["screen"])   # drawn no wider than the screen
    # the drawing fills its element: as wide as its box, and no empty band below it (an earlier map's height)
    assert all(abs(a - b) <= 4 for a, b in zip(seen["plot"], seen["element"], strict=True)), (what, seen)
    assert seen["page"] <= seen["screen"] + 1, (what, "the page scrolls sideways", seen["page"], seen["screen"])
    return seen


def _one_row_labels(key: str | None = None) -> set[str]:
    """The labels of a one-row design: ``ONE_ROW``'s, or the first row of shipped map ``key``."""
    if key is None:
        return {f"A{i}" for i in range(1, 14)}
    hexes = load_shipped_map(key).hexes
    first = min(h.row for h in hexes.values())
    return {label for label, h in hexes.items() if h.row == first}


def _new_play_game(page, *, map_title: str | None = None, path=None) -> None:
    """In the play notebook: choose a shipped map by its title (or a custom map file), press New game."""
    select = page.locator(".jp-OutputArea .widget-dropdown select").filter(
        has=page.locator("option", has_text="Custom map file")).first
    if path is not None:
        select.select_option(label="Custom map file")
        box = page.locator(".jp-OutputArea .widget-text input[placeholder^='path to a map file']").first
        box.fill(str(path))
        box.press("Enter")
    else:
        select.select_option(label=map_title)
    page.wait_for_timeout(1500)
    page.locator(".jp-OutputArea .widget-button", has_text="New game").first.click()


@pytest.mark.parametrize("size", list(SIZES))
def test_every_hex_label_of_the_play_map_is_on_screen(browser, lab_url, tmp_path, request, size):
    context = browser.new_context(**SIZES[size])
    page = context.new_page()
    errors = watch_console(page)
    scope = ".jp-OutputArea"
    try:
        run_in_lab(page, lab_url, PLAY)
        page.evaluate("() => { window.jupyterapp.shell.collapseLeft(); window.jupyterapp.shell.collapseRight(); }")
        _check_labels(page, scope, set(load_shipped_map("base").hexes), f"play, base map, {size} px")
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / f"tm_map_fit_play_base_{size}.png"))
        _new_play_game(page, map_title="Fire & Ice, side 1")
        page.wait_for_function(f"() => ({ROOT}).innerText.includes('Fire & Ice, side 1')", timeout=90_000)
        _check_labels(page, scope, set(load_shipped_map("fire_ice_side1").hexes), f"play, Fire & Ice, {size} px")
        page.screenshot(path=str(SCREENSHOTS / f"tm_map_fit_play_fire_ice_{size}.png"))
        path = tmp_path / "one row.txt"
        path.write_text(ONE_ROW)
        _new_play_game(page, path=path)
        page.wait_for_function(f"() => ({ROOT}).innerText.includes('one row.txt')", timeout=90_000)
        _check_labels(page, scope, _one_row_labels(), f"play, one-row design, {size} px")
        page.screenshot(path=str(SCREENSHOTS / f"tm_map_fit_play_one_row_{size}.png"))
    finally:
        context.close()
    errors.check(request.node.name)


LAB = ".jp-OutputArea .companion-map-lab"


@pytest.mark.parametrize("size", list(SIZES))
def test_every_hex_label_of_the_map_lab_is_on_screen(browser, lab_url, request, size):
    context = browser.new_context(**SIZES[size])
    page = context.new_page()
    errors = watch_console(page)
    try:
        run_in_lab(page, lab_url, LAB_NOTEBOOK)
        page.evaluate("() => { window.jupyterapp.shell.collapseLeft(); window.jupyterapp.shell.collapseRight(); }")
        _check_labels(page, LAB, set(load_shipped_map("base").hexes), f"map lab, base map, {size} px")
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / f"tm_map_fit_lab_base_{size}.png"))
        page.locator(f"{LAB} .widget-dropdown select").filter(
            has=page.locator("option", has_text="Fire & Ice")).first.select_option(index=1)
        page.locator(f"{LAB} .widget-button", has_text="Start again").first.click()
        _check_labels(page, LAB, set(load_shipped_map("fire_ice_side1").hexes), f"map lab, Fire & Ice, {size} px")
        page.screenshot(path=str(SCREENSHOTS / f"tm_map_fit_lab_fire_ice_{size}.png"))
        button = page.locator(f"{LAB} .widget-button", has_text="Remove the bottom row").first
        for rows in range(8, 0, -1):
            button.click()
            page.wait_for_function("(n) => document.querySelector('" + LAB + " .widget-textarea textarea')"
                                   ".value.trim().split('\\n').length === n", arg=rows, timeout=30_000)
        _check_labels(page, LAB, _one_row_labels("fire_ice_side1"), f"map lab, one-row design, {size} px")
        page.screenshot(path=str(SCREENSHOTS / f"tm_map_fit_lab_one_row_{size}.png"))
    finally:
        context.close()
    errors.check(request.node.name)


def test_every_hex_label_of_the_explorer_map_is_on_a_390_px_screen(browser, lab_url, request):
    """The map explorer (``explore_custom_maps``) drew its maps at 810 px too, in a frame that scrolled sideways."""
    context = browser.new_context(**SIZES["390"])
    page = context.new_page()
    errors = watch_console(page)
    try:
        run_in_lab(page, lab_url, "notebooks/terra_mystica/explore_custom_maps.ipynb")
        page.evaluate("() => { window.jupyterapp.shell.collapseLeft(); window.jupyterapp.shell.collapseRight(); }")
        _check_labels(page, ".jp-OutputArea", set(load_shipped_map("base").hexes), "map explorer, base map, 390 px")
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / "tm_map_fit_explorer_base_390.png"))
    finally:
        context.close()
    errors.check(request.node.name)


def test_every_hex_label_of_the_play_map_is_on_a_390_px_screen_in_voila(browser, voila_url, request):
    from tests.browser.harness import run_in_voila

    context = browser.new_context(**SIZES["390"])
    page = context.new_page()
    errors = watch_console(page)
    try:
        run_in_voila(page, voila_url, PLAY)
        _check_labels(page, "body", set(load_shipped_map("base").hexes), "play in Voila, base map, 390 px")
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / "tm_map_fit_play_voila_390.png"))
    finally:
        context.close()
    errors.check(request.node.name)
