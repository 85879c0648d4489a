"""The Chinese edition of the scoreboard app (``notebooks/zh_CN/apps/scoreboard.ipynb``) in Voila, in a real
browser: the Terra Mystica calculator, the save strip, the scoreboard and *Past games* read Chinese, with no
English UI text left (names typed by people, file paths, hex labels and fan maps' proper names aside), and
Chinese text renders (screenshots ``scoreboard_zh_CN_*``)."""

from __future__ import annotations

import re
import subprocess
import tempfile
from pathlib import Path

from tests.browser.harness import (
    ROOT,
    WIDGET_TEXT_SELECTOR,
    _server_env,
    _wait_http,
    free_port,
    screenshot,
    voila_command,
    voila_env,
    widget_text,
)
from tests.browser.test_scoreboard import CALC, _stop

NOTEBOOK = "notebooks/zh_CN/apps/scoreboard.ipynb"
#: English that may stay: proper names of fan maps, codes a player types or reads on the board
#: (the power bowls' numerals I, II, III are printed on the faction board)
ALLOWED = re.compile(r"Loon\s+Lakes|Fjords|FAV\d|F&I|SHA-1|\b[A-Z]\d+\b|\bA:B\b|\.txt\b|\bv\d[\d.]*|\bI{1,3}\b")
PATHS = re.compile(r"\S*[/\\]\S*")


def english_left(text: str) -> list[str]:
    """ASCII words of two or more letters in ``text`` once paths and allowed names are removed."""
    return sorted(set(re.findall(r"[A-Za-z]{2,}", ALLOWED.sub(" ", PATHS.sub(" ", text)))))


def visible_text(page, *, problems: bool = True, scope: str = "body") -> str:
    """Widget text, tab titles, drop-down options and plot titles / axes / legends inside ``scope`` (a hidden
    tab's text would be read as raw text, styles included: give the shown tab's selector).

    ``problems=False`` leaves out the reasons of marked entries (the lines under *请检查*): they are the
    scoring library's validation messages, translated in its own catalog entries.
    """
    hidden = [] if problems else page.evaluate(
        "() => Array.from(document.querySelectorAll('.companion-error li')).map(li => li.innerText)")
    plots = page.evaluate("s => Array.from(document.querySelectorAll(['.gtitle', '.xtitle', '.ytitle', '.legendtext']"
                          ".map(c => s + ' .js-plotly-plot ' + c).join(', '))).map(t => t.textContent).join('\\n')",
                          scope)
    options = page.evaluate("s => Array.from(document.querySelectorAll(s + ' select option'))"
                            ".map(o => o.textContent).join('\\n')", scope)
    shown = widget_text(page) if scope == "body" else page.evaluate(
        "([s, w]) => Array.from(document.querySelectorAll(w.split(',').map(x => s + ' ' + x.trim()).join(', ')))"
        ".filter(e => e.getClientRects().length).map(e => e.innerText).join('\\n')", [scope, WIDGET_TEXT_SELECTOR])
    text = "\n".join([shown, page.locator(".lm-TabBar").inner_text(), plots, options])
    for line in hidden:
        who_and_field, _sep, _reason = line.partition("：")   # keep the player and the field, drop the reason
        text = text.replace(line, who_and_field)
    return text


def test_chinese_scoreboard_in_voila_has_no_english_left(browser):
    tmp = Path(tempfile.mkdtemp(prefix="companion-scoreboard-zh-"))
    port = free_port()
    env = _server_env(tmp)
    env["COMPANION_DATA_DIR"] = str(tmp / "data")
    env.update(voila_env())   # the project's Voila settings, as `make app`
    with open(tmp / "voila.log", "a") as log:
        proc = subprocess.Popen(voila_command(NOTEBOOK, port),
                                cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    context = browser.new_context(viewport={"width": 1300, "height": 1000})
    page = context.new_page()
    try:
        base = f"http://127.0.0.1:{port}"
        _wait_http(base + "/", proc)
        page.goto(base + "/", wait_until="domcontentloaded", timeout=180_000)
        page.wait_for_selector(f"{CALC} .widget-dropdown", timeout=180_000)
        page.wait_for_selector(".widget-button:has-text('保存已结束的对局')", timeout=60_000)
        # Terra Mystica (the first game): two players, two factions by their Chinese names
        page.locator(f"{CALC} .widget-dropdown select").first.select_option(label="2")
        selects = page.locator(f"{CALC} .widget-dropdown select")
        selects.nth(1).select_option(label="女巫")
        selects.nth(2).select_option(label="游牧民")
        numbers = page.locator(f"{CALC} .companion-number input")
        numbers.nth(0).fill("120")
        numbers.nth(0).press("Tab")
        page.wait_for_function("() => document.body.innerText.includes('玩家 1（女巫） 以 ')", timeout=60_000)
        numbers.nth(2).fill("11")             # fire 11: marked, in Chinese
        numbers.nth(2).press("Tab")
        page.wait_for_function("() => document.body.innerText.includes('请检查')", timeout=60_000)
        assert "玩家 1 — 火（0-10）：" in visible_text(page)
        left = english_left(visible_text(page, problems=False))
        screenshot(page, "scoreboard_zh_CN_mark")
        assert left == [], f"English left on the Chinese score page: {' '.join(left)}"
        numbers.nth(2).fill("10")
        numbers.nth(2).press("Tab")
        page.wait_for_function("() => !document.body.innerText.includes('请检查')", timeout=60_000)
        page.locator(".widget-button", has_text="保存已结束的对局").click()
        page.wait_for_function("() => document.body.innerText.includes('已保存：')", timeout=60_000)
        left = english_left(visible_text(page))
        screenshot(page, "scoreboard_zh_CN_score")
        assert left == [], f"English left on the Chinese score page: {' '.join(left)}"
        # Past games: table and the three plots
        page.locator(".lm-TabBar-tab", has_text="以往对局").click()
        page.wait_for_function("() => document.body.innerText.includes('已保存 1 局')", timeout=60_000)
        page.wait_for_function("() => document.querySelectorAll('.companion-history-view .js-plotly-plot .gtitle')"
                               ".length === 3", timeout=60_000)
        text = visible_text(page, scope=".companion-history-view")
        # 120 typed + 8 VP for the lead on fire
        assert re.search(r"★\s*玩家 1\s*（女巫）\s*128", text), repr(text[:900])
        assert "神秘大地各派系的获胜次数" in text and "每位玩家的获胜次数" in text
        left = english_left(text)
        screenshot(page, "scoreboard_zh_CN_past_games")
        assert left == [], f"English left on the Chinese past games page: {' '.join(left)}"
        # CJK text is drawn with a real font (a missing font draws every character as the same box)
        widths = page.evaluate("""() => { const c = document.createElement('canvas').getContext('2d');
            c.font = '16px sans-serif'; return ['神', '秘', '大', '地'].map(ch => c.measureText(ch).width); }""")
        assert min(widths) > 8, widths
    finally:
        context.close()
        _stop(proc)
