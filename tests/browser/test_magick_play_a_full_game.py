"""A full game of Merchants of Magick in a real browser (JupyterLab and Voila): roll, place a die, end the
turn, undo; the sheet's drawn colours follow, and the gold chart is retitled in place (the same plot
element, tagged before the clicks, shows the new title)."""

from tests.browser.harness import run_in_lab, run_in_voila, screenshot, widget_text
from tests.browser.test_magick_learn_the_rules import (
    RED,
    ROOT,
    click,
    wait_fills,
    wait_text,
)

NOTEBOOK = "notebooks/magick/play_a_full_game.ipynb"
CHART = f"Array.from(({ROOT}).querySelectorAll('.js-plotly-plot')).filter(p => p.querySelector('.barlayer .trace'))[0]"


def _title_is(page, text: str) -> None:
    page.wait_for_function(
        f"() => {{ const c = {CHART}; return !!c && Array.from(c.querySelectorAll('.gtitle'))"
        f".some(t => t.textContent.includes({text!r})); }}", timeout=30_000)


def _play(page, scope: str, shot: str) -> None:
    drawn = (f"() => {{ const plots = Array.from(({ROOT}).querySelectorAll('.js-plotly-plot'));"
             " return plots.some(p => p.querySelectorAll('.scatterlayer .point').length >= 40)"
             " && plots.some(p => p.querySelectorAll('.barlayer .trace').length >= 1); }")
    text = widget_text(page)
    assert "Round 1 of 10" in text
    assert "Bot 1" in text and "Bot 2" in text
    page.wait_for_function(drawn, timeout=60_000)
    _title_is(page, "round 1")
    page.wait_for_timeout(2000)
    click(page, scope, "Roll the dice")
    wait_text(page, "Where this die may go")
    # the sheet was recoloured in place for the roll: the engine's best circle for the chosen die is red
    wait_fills(page, 0, f"fills.includes({RED!r})")
    click(page, scope, "Place")
    wait_text(page, "1 regular die/dice left")
    wait_fills(page, 0, "fills.includes('rgb(127,127,127)')")
    click(page, scope, "End my turn")
    wait_text(page, "Round 2 of 10")
    _title_is(page, "round 2")   # the gold chart was retitled in place for the new round
    page.wait_for_timeout(800)
    screenshot(page, shot)
    click(page, scope, "Undo")
    wait_text(page, "Undone.")
    wait_text(page, "Round 1 of 10")
    _title_is(page, "round 1")


def test_play_a_round_in_lab(page, lab_url):
    run_in_lab(page, lab_url, NOTEBOOK)
    panel = page.evaluate("() => window.jupyterapp.shell.currentWidget.id")
    _play(page, f'[id="{panel}"] .jp-OutputArea', "magick_play_a_full_game")


def test_play_a_round_in_voila(page, voila_url):
    run_in_voila(page, voila_url, NOTEBOOK)
    _play(page, "body", "magick_play_a_full_game_voila")
