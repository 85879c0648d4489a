"""The Merchants of Magick score calculator in a real browser, in JupyterLab and as a Voila app."""

from tests.browser.harness import run_in_lab, run_in_voila, screenshot, widget_text

NOTEBOOK = "notebooks/magick/score_a_table_game.ipynb"


def _lab_scope(page) -> str:
    """CSS scope of this notebook's outputs (JupyterLab may restore another notebook's tab from an earlier test)."""
    panel = page.evaluate("() => window.jupyterapp.shell.currentWidget.id")
    return f'[id="{panel}"] .jp-OutputArea'


def _wait_for(page, scope: str, text: str) -> None:
    page.wait_for_function(
        f"() => Array.from(document.querySelectorAll('{scope} .widget-html-content'))"
        f".some(e => e.innerText.includes({text!r}))", timeout=40_000)


def _type_a_game(page, scope: str) -> None:
    numbers = page.locator(f"{scope} .companion-magick-grid .companion-number input")
    assert numbers.count() == 12  # 2 players x 6 parts
    numbers.nth(0).fill("14")    # Player 1 crafting
    numbers.nth(4).fill("8")     # Player 1 mastery
    numbers.nth(6 + 2).fill("17")  # Player 2 orders
    _wait_for(page, scope, "Winner: Player 1 with 22 gold")
    # the chart was changed in place: its title names the winner
    page.wait_for_function(
        f"() => Array.from(document.querySelectorAll('{scope} .js-plotly-plot .gtitle'))"
        ".some(t => t.textContent.includes('winner: Player 1'))", timeout=40_000)
    assert page.locator(f"{scope} .js-plotly-plot .bars").count() == 6


def test_score_table_in_lab(page, lab_url):
    run_in_lab(page, lab_url, NOTEBOOK)
    assert "every entry is saved as you type" in widget_text(page)
    _type_a_game(page, _lab_scope(page))
    screenshot(page, "magick_score_a_table_game")


def test_score_table_in_voila(page, voila_url):
    run_in_voila(page, voila_url, NOTEBOOK)
    assert "every entry is saved as you type" in widget_text(page)
    _type_a_game(page, "body")
    numbers = page.locator("body .companion-magick-grid .companion-number input")
    numbers.nth(6 + 3).fill("5")  # Player 2 adventurer: 17 + 5 = 22, a shared win
    _wait_for(page, "body", "Shared win (22 gold)")
    # a number the box shows but that is not a whole number is marked, never scored as 1
    numbers.nth(6 + 3).fill("1e9")
    _wait_for(page, "body", "found '1e9'")
    assert "companion-invalid" in (numbers.nth(6 + 3).locator("xpath=..").get_attribute("class") or "")
    assert "Winner" not in widget_text(page) and "Shared win" not in widget_text(page)
    assert numbers.nth(6 + 3).input_value() == "1e9"
    # a quick correction wins: typed while the kernel is still redrawing the previous one
    numbers.nth(6 + 3).fill("-1")
    numbers.nth(6 + 3).press("Tab")
    numbers.nth(6 + 3).fill("5")
    numbers.nth(6 + 3).press("Tab")
    _wait_for(page, "body", "Shared win (22 gold)")
    page.wait_for_timeout(1500)
    assert numbers.nth(6 + 3).input_value() == "5" and "found -1" not in widget_text(page)
    screenshot(page, "magick_score_a_table_game_voila")
