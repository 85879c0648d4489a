"""The Century guided tour in a real browser: every table draws, a try button shows the engine's answer."""

from tests.browser.harness import SCREENSHOTS, run_in_lab, screenshot, widget_text
from tests.browser.test_century_play_a_full_game import wait_for_text

NOTEBOOK = "notebooks/century/learn_the_rules.ipynb"



def test_learn_the_rules_in_lab(page, lab_url):
    run_in_lab(page, lab_url, NOTEBOOK, expect_plotly=False)
    # one live table per section (counted in the DOM: Lab skips laying out cells far below the view)
    assert page.locator(".jp-OutputArea .cge-table").count() == 10
    pink = page.locator(".jp-OutputArea .widget-button", has_text="Upgrade the pink")
    pink.scroll_into_view_if_needed()
    wait_for_text(page, "Upgrade 2: up to two single steps")
    pink.click()
    wait_for_text(page, "[pink_cannot_upgrade]")
    page.locator(".jp-OutputArea .widget-button", has_text="Three times").click()
    wait_for_text(page, "caravan now bbb (3 crystals)")
    assert "Trade yy→b once" in widget_text(page)
    screenshot(page, "century_learn_the_rules")
    # a close-up of one lesson, readable at full size
    lesson = page.locator(".jp-OutputArea .widget-vbox", has_text="Upgrade the pink").last
    lesson.scroll_into_view_if_needed()
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    lesson.screenshot(path=str(SCREENSHOTS / "century_learn_the_rules_upgrade.png"))
    # the last section: the round is finished after the trigger and the tie goes to the later player
    tie = page.locator(".jp-OutputArea .widget-button", has_text="Dee claims position 2 (a tie)")
    tie.scroll_into_view_if_needed()
    tie.click()
    wait_for_text(page, "tie on 52 VP between Bob, Dee, the tied player latest in turn order wins")
    end = page.locator(".jp-OutputArea .widget-vbox", has_text="Dee claims position 2 (a tie)").last
    end.screenshot(path=str(SCREENSHOTS / "century_learn_the_rules_end.png"))
