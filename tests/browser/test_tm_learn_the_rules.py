"""The Terra Mystica learn-the-rules notebook in JupyterLab: every section's widget renders real content,
a click on the power bowls redraws them, and the learner states a town key choice with the buttons."""

from tests.browser.harness import SCREENSHOTS, WIDGET_TEXT_SELECTOR, run_in_lab, screenshot

NOTEBOOK = "notebooks/terra_mystica/learn_the_rules.ipynb"


def _output_text(page) -> str:
    """Text of the widgets in the output areas, including cells scrolled out of view (JupyterLab skips
    the layout of off-screen cells, so ``innerText`` is empty there; ``textContent`` is not)."""
    selector = ", ".join(f".jp-OutputArea {s.strip()}" for s in WIDGET_TEXT_SELECTOR.split(","))
    return "\n".join(page.eval_on_selector_all(selector, "els => els.map(e => e.textContent)"))


def test_learn_the_rules_sections_render_and_react(page, lab_url):
    run_in_lab(page, lab_url, NOTEBOOK)
    text = _output_text(page)
    assert "Witches: 3 spades → pay 9 workers" in text                 # terraforming
    assert "Bowls 5 / 7 / 0" in text                                    # power bowls
    assert "(8 + 4) / 2 = 6 VP each" in text                            # cult ties
    assert "At 5: 1 spade" in text                                      # round scoring tile SCORE2
    assert "The Witches may type:" in text                              # choices you state
    assert "What they do differently" in text and "Ice Maidens" in text  # the factions, Fire & Ice included
    assert "3 VP per temple" in text
    # six plotly charts: wheel, bowls, cults, town sandbox map, round tile, the Witches' cult positions
    page.wait_for_function("() => document.querySelectorAll('.jp-OutputArea .js-plotly-plot .main-svg').length >= 6",
                           timeout=60_000)
    page.locator(".jp-OutputArea .widget-button", has_text="gain power").click()
    page.wait_for_function(
        "() => Array.from(document.querySelectorAll('.jp-OutputArea .widget-html-content'))"
        ".some(e => e.innerText.includes('Bowls 2 / 10 / 0'))", timeout=30_000)
    # the bars are redrawn too, not just the text (the second chart of the notebook is the bowls)
    page.wait_for_function(
        "() => { const plots = Array.from(document.querySelectorAll('.jp-OutputArea .js-plotly-plot'))"
        ".filter(p => p.data && p.data[0] && p.data[0].x && p.data[0].x[0] === 'bowl I');"
        " return plots.length === 1 && JSON.stringify(Array.from(plots[0].data[0].y)) === '[2,10,0,0]'; }",
        timeout=30_000)
    screenshot(page, "tm_learn_the_rules")
    # section 6: the town tile stops water and air at 9; the learner presses +AIR and air reaches 10
    choice = page.locator(".jp-OutputArea-output", has_text="The Witches may type:")
    choice.scroll_into_view_if_needed()
    choice.locator(".widget-button", has_text="+TW5").click()
    plus_air = choice.locator(".widget-button", has_text="+AIR").first
    plus_air.wait_for(timeout=30_000)
    choice.locator(".tm-choice-ask").wait_for(timeout=30_000)
    choice.screenshot(path=str(SCREENSHOTS / "tm_learn_the_rules_choice_asked.png"))
    plus_air.click()
    page.wait_for_function(
        "() => Array.from(document.querySelectorAll('.jp-OutputArea .tm-choice-state'))"
        ".some(e => e.textContent.includes('air 10'))", timeout=30_000)
    # the cult chart is redrawn too: the Witches' bars now read 7 / 9 / 5 / 10
    page.wait_for_function(
        "() => Array.from(document.querySelectorAll('.jp-OutputArea .js-plotly-plot'))"
        ".some(p => p.data && p.data[0] && p.data[0].x && p.data[0].x[0] === 'fire'"
        " && JSON.stringify(Array.from(p.data[0].y)) === '[7,9,5,10]'"
        " && p.querySelector('.main-svg'))", timeout=30_000)
    choice.screenshot(path=str(SCREENSHOTS / "tm_learn_the_rules_choice_made.png"))
