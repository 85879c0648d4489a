"""The start notebook in a real browser: widgets render, the plotly chart draws, clicks update the summary,
the game buttons show their whole labels, and a notebook link opens the notebook inside JupyterLab (a new
tab in the app, not a new browser tab) or, in Voila, as an app in the same tab."""

from tests.browser.harness import run_in_lab, run_in_voila, screenshot, widget_text

NOTEBOOK = "notebooks/00_start_here.ipynb"
CUT_LABELS = ("() => Array.from(document.querySelectorAll('.widget-toggle-button'))"
              ".filter(b => b.scrollWidth > b.clientWidth + 1 || b.offsetWidth < 40).map(b => b.innerText)")


def test_start_here_renders_and_switches_games(page, lab_url):
    run_in_lab(page, lab_url, NOTEBOOK)
    text = widget_text(page)
    assert "Century: Golem Edition" in text
    assert "2–5 players" in text
    assert page.locator(".jp-OutputArea .js-plotly-plot .bars path").count() == 3
    assert page.evaluate(CUT_LABELS) == []
    page.locator(".jp-OutputArea .widget-toggle-button", has_text="Merchants of Magick").click()
    page.wait_for_function(
        "() => Array.from(document.querySelectorAll('.jp-OutputArea .widget-html-content'))"
        ".some(e => e.innerText.includes('1–8 players'))", timeout=20_000)
    assert "magick/score_a_table_game.ipynb" in widget_text(page)
    screenshot(page, "start_here")
    pages = len(page.context.pages)
    page.locator(".jp-OutputArea a.companion-notebook-link", has_text="magick/score_a_table_game.ipynb").click()
    page.wait_for_function(
        "() => { const w = window.jupyterapp.shell.currentWidget;"
        " return !!w && !!w.context && w.context.path === 'notebooks/magick/score_a_table_game.ipynb'; }",
        timeout=30_000)
    assert len(page.context.pages) == pages   # no new browser tab
    assert "/lab" in page.url


def test_start_here_in_voila_links_to_apps(page, voila_url):
    run_in_voila(page, voila_url, NOTEBOOK)
    assert page.evaluate(CUT_LABELS) == []
    screenshot(page, "start_here_voila")
    page.locator("a.companion-notebook-link", has_text="century/score_a_table_game.ipynb").click()
    page.wait_for_url("**/voila/render/notebooks/century/score_a_table_game.ipynb", timeout=30_000)
    page.wait_for_selector(".widget-html", timeout=120_000, state="attached")


SWITCH = ".jp-OutputArea .companion-language-switch select"
LINK_ARGS = ("() => Array.from(document.querySelectorAll('.jp-OutputArea a.companion-notebook-link'))"
             ".map(a => a.getAttribute('data-commandlinker-args'))")


def test_start_here_language_switch_redraws_in_chinese_and_links_the_chinese_edition(page, lab_url):
    """The Language menu: labels and the chart redraw in Chinese in place, links open notebooks/zh_CN/...;
    back to English restores both."""
    run_in_lab(page, lab_url, NOTEBOOK)
    assert all('"notebooks/' in a and "zh_CN" not in a for a in page.evaluate(LINK_ARGS))
    charts = page.locator(".jp-OutputArea .js-plotly-plot").count()
    page.locator(SWITCH).select_option(label="简体中文")
    page.wait_for_function(
        "() => Array.from(document.querySelectorAll('.jp-OutputArea .widget-toggle-button'))"
        ".some(b => b.innerText.includes('神秘大地'))", timeout=30_000)
    page.wait_for_function(
        "() => Array.from(document.querySelectorAll('.jp-OutputArea .js-plotly-plot .gtitle'))"
        ".some(t => t.textContent.includes('各游戏的玩家人数'))", timeout=30_000)
    text = widget_text(page)
    assert "语言" in text and "名玩家" in text and "水晶之路：晶石传记" in text
    assert page.locator(".jp-OutputArea .js-plotly-plot").count() == charts   # redrawn in place, no new figure
    links = page.evaluate(LINK_ARGS)
    assert links and all('"notebooks/zh_CN/' in a for a in links), links
    assert page.evaluate(CUT_LABELS) == []
    screenshot(page, "start_here_switched_to_zh_CN")
    page.locator(SWITCH).select_option(label="English")
    page.wait_for_function(
        "() => Array.from(document.querySelectorAll('.jp-OutputArea .widget-toggle-button'))"
        ".some(b => b.innerText.includes('Terra Mystica'))", timeout=30_000)
    assert all("zh_CN" not in a for a in page.evaluate(LINK_ARGS))
    page.locator(SWITCH).select_option(label="简体中文")
    page.wait_for_function(f"() => ({LINK_ARGS})().every(a => a.includes('zh_CN'))", timeout=30_000)
    page.locator(".jp-OutputArea a.companion-notebook-link", has_text="century/score_a_table_game.ipynb").click()
    page.wait_for_function(
        "() => { const w = window.jupyterapp.shell.currentWidget;"
        " return !!w && !!w.context && w.context.path === 'notebooks/zh_CN/century/score_a_table_game.ipynb'; }",
        timeout=30_000)
