"""Century's play notebook on a 390 px phone (JupyterLab in English and Chinese, Voila): the seat rows (seat, name,
person or bot menu) and the players / seed row wrap to the screen instead of running past it, so the page never
scrolls sideways. Screenshots: ``screenshots/phone390_century_seats_*.png``."""

from __future__ import annotations

import pytest

from tests.browser.harness import SCREENSHOTS, run_in_lab, watch_console
from tests.browser.test_century_picker_phone_zh import PHONE_390

NOTEBOOKS = {"en": "notebooks/century/play_a_full_game.ipynb", "zh_CN": "notebooks/zh_CN/century/play_a_full_game.ipynb"}

# how wide the page and the notebook's scrolling panel are against what they show, and every visible text box
# and menu of the setup (the seat rows) that reaches past the right edge of its cell's output: [what, right, edge]
_OVERFLOW = """() => {
  const panel = document.querySelector('.jp-NotebookPanel .jp-WindowedPanel-outer');
  const out = Array.from(document.querySelectorAll('.jp-OutputArea-output')).find(o => o.querySelector('select'));
  const edge = out.getBoundingClientRect().right;
  const past = Array.from(out.querySelectorAll('select, input[type=text], input[type=number]'))
    .filter(e => e.getClientRects().length)
    .map(e => [e.value || e.tagName, Math.round(e.getBoundingClientRect().right), Math.round(edge)])
    .filter(([, right, edge]) => right > edge + 1);
  return {page: Math.max(document.documentElement.scrollWidth, document.body.scrollWidth), screen: window.innerWidth,
          panel: [panel.scrollWidth, panel.clientWidth], output: [out.scrollWidth, out.clientWidth],
          menus: out.querySelectorAll('select').length, past}; }"""


@pytest.mark.parametrize("language", list(NOTEBOOKS))
def test_the_seat_menus_wrap_on_a_390_px_phone(browser, lab_url, request, language):
    context = browser.new_context(**PHONE_390)
    page = context.new_page()
    errors = watch_console(page)
    try:
        run_in_lab(page, lab_url, NOTEBOOKS[language], expect_plotly=False)
        page.evaluate("() => { window.jupyterapp.shell.collapseLeft(); window.jupyterapp.shell.collapseRight(); }")
        page.wait_for_selector(".jp-OutputArea .widget-dropdown select", timeout=60_000)
        page.locator(".jp-OutputArea .widget-dropdown select").first.select_option(index=3)   # 5 players: 5 rows
        page.wait_for_timeout(1200)
        seen = page.evaluate(_OVERFLOW)
        assert seen["menus"] >= 6, seen                                   # players + 5 seat menus shown
        assert not seen["past"], seen                                     # every box inside the output
        assert seen["output"][0] <= seen["output"][1] + 1, seen           # the output does not scroll sideways
        assert seen["panel"][0] <= seen["panel"][1] + 1, seen             # nor the notebook
        assert seen["page"] <= seen["screen"] + 1, seen                   # nor the page
        page.locator(".jp-OutputArea .widget-dropdown select").first.scroll_into_view_if_needed()
        page.wait_for_timeout(300)
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / f"phone390_century_seats_{language}.png"))
    finally:
        context.close()
    errors.check(request.node.name)


_VOILA_OVERFLOW = """() => {
  const past = Array.from(document.querySelectorAll('select, input[type=text], input[type=number], button'))
    .filter(e => e.getClientRects().length)
    .map(e => [e.value || e.innerText || e.tagName, Math.round(e.getBoundingClientRect().right)])
    .filter(([, right]) => right > window.innerWidth + 1);
  let wide = null;
  for (const e of document.querySelectorAll('body *')) {
    if (e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX !== 'visible' && e.clientWidth > 0) {
      wide = wide || [e.className.toString().slice(0, 60), e.scrollWidth, e.clientWidth]; } }
  return {page: Math.max(document.documentElement.scrollWidth, document.body.scrollWidth), screen: window.innerWidth,
          past, wide, menus: document.querySelectorAll('select').length}; }"""


def test_the_seat_menus_wrap_on_a_390_px_phone_in_voila(browser, voila_url, request):
    from tests.browser.harness import run_in_voila

    context = browser.new_context(**PHONE_390)
    page = context.new_page()
    errors = watch_console(page)
    try:
        run_in_voila(page, voila_url, NOTEBOOKS["en"], expect_plotly=False)
        page.wait_for_selector(".widget-dropdown select", timeout=60_000)
        page.locator(".widget-dropdown select").first.select_option(index=3)
        page.wait_for_timeout(1200)
        seen = page.evaluate(_VOILA_OVERFLOW)
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / "phone390_century_seats_voila.png"))
        assert seen["menus"] >= 6 and not seen["past"], seen
        assert seen["page"] <= seen["screen"] + 1, seen
    finally:
        context.close()
    errors.check(request.node.name)
