"""The custom-map explorer in a real browser: statistics, a click on a hex, a bad pasted map, the sandbox."""

from __future__ import annotations

from tests.browser.harness import (
    SCREENSHOTS,
    run_in_lab,
    run_in_voila,
    screenshot,
    trace_points,
    widget_text,
)

NOTEBOOK = "notebooks/terra_mystica/explore_custom_maps.ipynb"


_HEX_TRACE_JS = """() => { const plot = document.querySelectorAll('.js-plotly-plot')[0];
    if (!plot) return null;
    return Array.from(plot.querySelectorAll('.scatterlayer .trace')).find(t => t.querySelector('.textpoint')) || null; }"""


def _hex_point(page, label: str) -> dict:
    """Screen position of hex ``label`` in the explorer's map (the first plotly figure)."""
    return page.evaluate(
        """(label) => { const trace = (""" + _HEX_TRACE_JS + """)();
            const texts = Array.from(trace.querySelectorAll('.textpoint text'));
            const i = texts.findIndex(t => t.textContent === label);
            const r = trace.querySelectorAll('path.point')[i].getBoundingClientRect();
            return {x: r.x + r.width / 2, y: r.y + r.height / 2}; }""", label)


def _click_hex(page, label: str) -> None:
    box = _hex_point(page, label)
    page.mouse.move(box["x"] - 3, box["y"] - 3)
    page.mouse.move(box["x"], box["y"])
    page.wait_for_timeout(300)
    page.mouse.click(box["x"], box["y"])


def _click_and_check_outlines(page) -> None:
    """Click E7: its neighbours are listed, and the map is redrawn in place with the outlines drawn."""
    assert trace_points(page, 0, "selected") == 0
    _click_hex(page, "E7")
    page.wait_for_function(   # the hex's own line (a heading also says 'Neighbours')
        "() => Array.from(document.querySelectorAll('.widget-html')).some(e => e.innerText.includes('D4 (wasteland)'))",
        timeout=30_000)
    text = widget_text(page)
    assert "D4 (wasteland)" in text and "reaches 3 land hexes: E8, F4, G3" in text
    page.wait_for_function("() => { const p = document.querySelectorAll('.js-plotly-plot')[0];"
                           " const t = p.data.find(t => t.name === 'selected'); return t && t.x.length > 0; }",
                           timeout=20_000)
    assert trace_points(page, 0, "neighbour") > 0 and trace_points(page, 0, "shipping") > 0
    assert page.locator(".js-plotly-plot").count() == 2   # redrawn in place: no new plots


def test_explore_custom_maps(page, lab_url):
    run_in_lab(page, lab_url, NOTEBOOK)
    text = widget_text(page)
    assert "29 bridge spots" in text and "36 river hexes" in text
    assert "126fe960806d587c78546b30f1a90853b1ada468" in text
    assert "town 1 (Witches): A1, A2, A3, A4" in text  # the sandbox cell built a town

    # the map is drawn (not an empty plot), then a click on E7 shows its neighbours and shipping reach
    page.wait_for_function("() => { const t = (" + _HEX_TRACE_JS + ")(); "
                           "return !!t && t.querySelectorAll('.textpoint').length === 113; }", timeout=60_000)
    page.locator(".jp-OutputArea .js-plotly-plot").first.scroll_into_view_if_needed()
    _click_and_check_outlines(page)

    # paste a bad map: the error shows row and column inline
    area = page.locator(".jp-OutputArea .widget-textarea textarea").first
    area.fill("U,S,G,B,Y,R,U,K,R,G,B,R,K\nY,I,I,U,Q,I,I,Y,K,I,I,Y")
    page.locator(".jp-OutputArea .widget-button", has_text="Read map").first.click()
    page.wait_for_function(
        "() => Array.from(document.querySelectorAll('.companion-error')).some(e => e.innerText.includes('row 2, column 5'))",
        timeout=30_000)
    assert "'Q'" in widget_text(page)
    screenshot(page, "tm_explore_custom_maps")
    # a readable close-up of the explorer (the full page is very tall)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.locator(".jp-OutputArea .js-plotly-plot").first.scroll_into_view_if_needed()
    page.screenshot(path=str(SCREENSHOTS / "tm_explore_custom_maps_map.png"))


def test_explore_custom_maps_in_voila(page, voila_url):
    run_in_voila(page, voila_url, NOTEBOOK)
    page.wait_for_function(
        "() => { const p = document.querySelector('.js-plotly-plot'); "
        "return !!p && p.querySelectorAll('.scatterlayer .textpoint').length >= 113; }", timeout=60_000)
    text = widget_text(page)
    assert "29 bridge spots" in text and "town 1 (Witches): A1, A2, A3, A4" in text
    page.locator(".js-plotly-plot").first.scroll_into_view_if_needed()
    _click_and_check_outlines(page)
    screenshot(page, "tm_explore_custom_maps_voila")
    page.locator(".js-plotly-plot").nth(1).scroll_into_view_if_needed()  # the town sandbox's map
    page.screenshot(path=str(SCREENSHOTS / "tm_explore_custom_maps_voila_sandbox.png"))
