"""The Chinese start page in a real browser, as `make lab-zh` serves it.

JupyterLab's own interface is in Chinese (the official language pack, selected by the settings file
``data/i18n/jupyterlab-zh_CN``), the notebook's markdown is Chinese, its cells run, the start page's
widget is Chinese (its language menu on 简体中文) and its links open the Chinese edition.
"""

from __future__ import annotations

from tests.browser.harness import (
    ROOT,
    jupyterlab_server,
    run_in_lab,
    screenshot,
    widget_text,
)


def chinese_lab():
    """JupyterLab as `make lab-zh` starts it: Chinese settings folder and COMPANION_LANG=zh_CN."""
    return jupyterlab_server(settings=ROOT / "data" / "i18n" / "jupyterlab-zh_CN", COMPANION_LANG="zh_CN")


def test_chinese_start_page_in_chinese_jupyterlab(browser):
    """Uses the session's one browser (a second sync_playwright in the same run is refused by playwright)."""
    with chinese_lab() as base:
        context = browser.new_context(viewport={"width": 1400, "height": 1000})
        try:
            page = context.new_page()
            run_in_lab(page, base, "notebooks/zh_CN/00_start_here.ipynb")
            menus = page.locator("#jp-MainMenu .lm-MenuBar-itemLabel").all_inner_texts()
            assert "文件" in menus and "File" not in menus, menus     # the language pack is in use
            rendered = page.locator(".jp-RenderedMarkdown").first.inner_text()
            assert "从这里开始" in rendered and "学习规则" in rendered
            # the language cell ran in the kernel: the package now answers in Chinese
            assert page.locator(".jp-Cell").nth(1).inner_text().count("set_language") == 1
            # the widget: labels, summary and chart in Chinese; the menu shows the language in force
            text = widget_text(page)
            assert "水晶之路：晶石传记" in text and "名玩家" in text and "适用于所有游戏" in text, text[:500]
            assert page.locator(".jp-OutputArea .companion-language-switch select").input_value() == "简体中文"
            links = page.evaluate("() => Array.from(document.querySelectorAll('.jp-OutputArea "
                                  "a.companion-notebook-link')).map(a => a.getAttribute('data-commandlinker-args'))")
            assert links and all('"notebooks/zh_CN/' in a for a in links), links
            screenshot(page, "zh_CN_start_here")
        finally:
            context.close()
