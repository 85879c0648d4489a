"""The Terra Mystica score app in a real browser (JupyterLab and Voila): type a game, see the winner and
the chart, reload and find every entry again."""

from tests.browser.harness import run_in_lab, run_in_voila, screenshot, widget_text

NOTEBOOK = "notebooks/terra_mystica/score_a_table_game.ipynb"
FACTIONS = ("Witches", "Nomads", "Halflings", "Mermaids")


def _type_a_game(page, scope: str) -> None:
    selects = page.locator(f"{scope} .widget-dropdown select")
    # select 0 is the player count; then one faction per player
    for k, faction in enumerate(FACTIONS, start=1):
        selects.nth(k).select_option(label=faction)
    numbers = page.locator(f"{scope} .companion-number input")
    # a score pad: one row per field (VP, fire, water, earth, air, network, ...), one column per player
    for field_row, value in ((0, "131"), (1, "7"), (5, "14")):
        box = numbers.nth(field_row * len(FACTIONS))
        box.fill(value)
        box.press("Tab")
    page.wait_for_function(
        "() => Array.from(document.querySelectorAll('.widget-html-content'))"
        ".some(e => e.innerText.includes('Player 1 (Witches) wins with 157 VP'))", timeout=30_000)


def _chart_shows_the_game(page, scope: str) -> None:
    """The chart itself was redrawn: its first trace holds the typed VP before final scoring."""
    page.wait_for_function(
        "s => Array.from(document.querySelectorAll(s + ' .js-plotly-plot'))"
        ".some(p => p.data && p.data[0] && p.data[0].y && Array.from(p.data[0].y)[0] === 131)",
        arg=scope, timeout=30_000)


def _bar_count(page, scope: str) -> int:
    """Bars drawn in the chart, once at least four are there (the chart may be redrawn meanwhile)."""
    page.wait_for_function("s => document.querySelectorAll(s + ' .js-plotly-plot .bars path').length >= 4",
                           arg=scope, timeout=30_000)
    return page.locator(f"{scope} .js-plotly-plot .bars path").count()


def test_score_app_in_lab_scores_saves_and_reloads(page, lab_url):
    run_in_lab(page, lab_url, NOTEBOOK)
    assert "every entry is saved as you type" in widget_text(page)
    assert "Pick a faction for Player 1" in widget_text(page)
    _type_a_game(page, ".jp-OutputArea")
    text = widget_text(page)
    # 131 + fire 8 (alone at 7) + network 18 (alone at 14)
    assert "157" in text
    assert _bar_count(page, ".jp-OutputArea") >= 4
    _chart_shows_the_game(page, ".jp-OutputArea")
    screenshot(page, "tm_score_a_table_game_lab")
    # run the notebook again: a new widget reads everything back from the save file
    run_in_lab(page, lab_url, NOTEBOOK)
    page.wait_for_function(
        "() => Array.from(document.querySelectorAll('.widget-html-content'))"
        ".some(e => e.innerText.includes('wins with 157 VP'))", timeout=30_000)
    assert "Loaded" in widget_text(page)


def test_score_app_in_voila_scores_and_survives_a_reload(page, voila_url):
    run_in_voila(page, voila_url, NOTEBOOK)
    assert "every entry is saved as you type" in widget_text(page)
    _type_a_game(page, "body")
    screenshot(page, "tm_score_a_table_game_voila")
    assert _bar_count(page, "body") >= 4
    _chart_shows_the_game(page, "body")
    page.reload()
    run_in_voila(page, voila_url, NOTEBOOK)
    page.wait_for_function(
        "() => Array.from(document.querySelectorAll('.widget-html-content'))"
        ".some(e => e.innerText.includes('wins with 157 VP'))", timeout=60_000)
    assert "Loaded" in widget_text(page)
