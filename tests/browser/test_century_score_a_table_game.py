"""The Century score calculator in a real browser, in JupyterLab and as a Voila app."""

from tests.browser.harness import run_in_lab, run_in_voila, screenshot, widget_text
from tests.browser.test_century_play_a_full_game import wait_for_text

NOTEBOOK = "notebooks/century/score_a_table_game.ipynb"


def _type_a_game(page, scope: str) -> None:
    if "to see the scores and the winner" in widget_text(page):
        # an untouched table (fresh save file): no winner named, the chart says what fills it
        assert "Winner:" not in widget_text(page)
        page.wait_for_function(
            "(s) => Array.from(document.querySelectorAll(s + ' .js-plotly-plot .annotation-text'))"
            ".some(e => e.textContent.includes('fills in as you type'))", arg=scope, timeout=20_000)
    golems = page.locator(f"{scope} input[placeholder='e.g. 12, 14']")
    assert golems.count() == 3
    golems.nth(0).fill("12, 14")
    golems.nth(1).fill("20")
    golems.nth(2).fill("9, 10")
    # six number boxes per player (copper, silver, 4 colours): the third player's copper is box 12
    numbers = page.locator(f"{scope} .companion-number input")
    assert numbers.count() == 18
    numbers.nth(12).fill("2")
    numbers.nth(12).press("Enter")
    wait_for_text(page, "Winner: Player 1 with 26 VP", scope)
    # the chart redrew with the totals: 3 stacked traces, the empty-state note gone
    assert page.locator(f"{scope} .js-plotly-plot .bars").count() == 3
    page.wait_for_function("(s) => document.querySelectorAll(s + ' .js-plotly-plot .annotation-text').length === 0",
                           arg=scope, timeout=20_000)


def test_score_table_in_lab(page, lab_url):
    run_in_lab(page, lab_url, NOTEBOOK)
    text = widget_text(page)
    assert "every entry is saved as you type" in text
    _type_a_game(page, ".jp-OutputArea")
    text = widget_text(page)
    assert "Winner: Player 1 with 26 VP" in text
    screenshot(page, "century_score_a_table_game")


def test_score_table_in_voila(page, voila_url):
    run_in_voila(page, voila_url, NOTEBOOK)
    assert "every entry is saved as you type" in widget_text(page)
    _type_a_game(page, "body")
    # a tie: the third player reaches 26 too and wins it as the later player
    golems = page.locator("input[placeholder='e.g. 12, 14']")
    golems.nth(2).fill("9, 11")
    wait_for_text(page, "wins as the tied player latest in turn order", "body")
    screenshot(page, "century_score_a_table_game_voila")
    # a fresh page is a fresh kernel: every entry comes back from the save file
    run_in_voila(page, voila_url, NOTEBOOK)
    assert "Loaded 3 players" in widget_text(page)
    golems = page.locator("input[placeholder='e.g. 12, 14']")
    assert [golems.nth(i).input_value() for i in range(3)] == ["12, 14", "20", "9, 11"]
    wait_for_text(page, "wins as the tied player latest in turn order", "body")
