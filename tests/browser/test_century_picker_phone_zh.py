"""Century's move picker on a 390 px phone, in Chinese: every control of the picker (the kinds of move, the
drop-downs, the box to type an action in) lies inside the notebook's output, and every text on a button and the
box's placeholder fits its box. The Chinese placeholder, a whole sentence, was cut at 40 % of its width, and the
560 px drop-downs ran past the screen's edge. Screenshot: ``screenshots/phone390_century_picker_zh.png``."""

from tests.browser.harness import SCREENSHOTS, run_in_lab, watch_console
from tests.browser.test_century_play_a_full_game import wait_for_text

ZH = "notebooks/zh_CN/century/play_a_full_game.ipynb"
PHONE_390 = dict(viewport={"width": 390, "height": 844}, device_scale_factor=3, is_mobile=True, has_touch=True)

# every visible text box, drop-down and button of the picker's cell output, with the text it shows (a text box:
# its placeholder or value; a drop-down: its box only, a phone lists the options in full when tapped), the
# width that text needs in the element's own font and the room the box has for it, and how far past the right
# edge of the cell's output the element reaches (px)
FIT = """() => { const c = document.createElement('canvas').getContext('2d');
  const out = Array.from(document.querySelectorAll('.jp-OutputArea-output'))
    .find(o => o.querySelector('.widget-toggle-buttons'));
  const edge = out.getBoundingClientRect().right;
  return Array.from(out.querySelectorAll('input[type=text], select, button'))
    .filter(e => e.getClientRects().length && !e.closest('.modebar')).map(e => {
      const s = getComputedStyle(e); c.font = s.font;
      const text = e.tagName === 'SELECT' ? '' : e.tagName === 'BUTTON' ? e.innerText.split('\\n')[0]
                 : (e.value || e.placeholder);
      const room = e.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight);
      return {tag: e.tagName, text: text, need: c.measureText(text).width, room: room,
              past: e.getBoundingClientRect().right - edge}; }); }"""


def test_the_century_picker_fits_a_390_px_phone_in_chinese(browser, lab_url, request):
    context = browser.new_context(**PHONE_390)
    page = context.new_page()
    errors = watch_console(page)
    try:
        run_in_lab(page, lab_url, ZH)
        page.evaluate("() => { window.jupyterapp.shell.collapseLeft(); window.jupyterapp.shell.collapseRight(); }")
        page.locator(".jp-OutputArea .widget-button", has_text="新游戏").first.click()
        page.wait_for_selector(".jp-OutputArea .widget-toggle-buttons button", timeout=30_000)
        page.wait_for_timeout(800)
        controls = page.evaluate(FIT)
        assert {c["tag"] for c in controls} >= {"INPUT", "SELECT", "BUTTON"}, controls
        assert any(c["tag"] == "INPUT" and "acquire 3 pay yg" in c["text"] for c in controls), controls
        for c in controls:
            assert c["past"] <= 1, c                    # inside the output, not cut at its edge
            assert c["need"] <= c["room"] + 1, c        # the text fits the box
        wait_for_text(page, "例如 acquire 3 pay yg（")   # what to type, in full above the box
        picker = page.locator(".jp-OutputArea .widget-toggle-buttons").first
        picker.scroll_into_view_if_needed()
        page.wait_for_timeout(300)
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / "phone390_century_picker_zh.png"))
    finally:
        context.close()
    errors.check(request.node.name)
