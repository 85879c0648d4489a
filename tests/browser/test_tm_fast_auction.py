"""The Terra Mystica fast-auction notebook in JupyterLab: the worked example renders, stepping reveals bids,
the end shows factions, prices and turn order."""

from tests.browser.harness import run_in_lab, screenshot, widget_text

NOTEBOOK = "notebooks/terra_mystica/fast_auction.ipynb"


def _wait_for(page, text: str) -> None:
    page.wait_for_function(
        "t => Array.from(document.querySelectorAll('.jp-OutputArea .widget-html-content'))"
        ".some(e => e.innerText.includes(t))", arg=text, timeout=30_000)


def test_fast_auction_steps_through_the_example(page, lab_url):
    run_in_lab(page, lab_url, NOTEBOOK)
    text = widget_text(page)
    assert "Steps (0 of 15 shown)" in text
    assert "Step to the end" in text
    page.locator(".jp-OutputArea .widget-button", has_text="next").click()
    _wait_for(page, "You open Cultists at 0")   # the verb agrees with "You"; the faction by name
    page.locator(".jp-OutputArea .widget-button", has_text="to the end").click()
    _wait_for(page, "turn order Alice → Bob → You")
    assert "Bob opens Giants at 0" in widget_text(page)
    screenshot(page, "tm_fast_auction")
