"""Play a Century game in a real browser: the table draws, a human move makes the bots answer, undo works."""

from tests.browser.harness import (
    _KERNEL_IDLE,
    SCREENSHOTS,
    run_in_lab,
    run_in_voila,
    screenshot,
    timed_click,
    widget_text,
)

NOTEBOOK = "notebooks/century/play_a_full_game.ipynb"
VP_PLOT = ("() => { const p = Array.from(document.querySelectorAll('.jp-OutputArea .js-plotly-plot'))"
           ".find(p => p.layout && p.layout.title && (p.layout.title.text || '').includes('VP so far'));"
           " return p ? {x: p.data.map(t => Array.from(t.x)), y: p.data.map(t => Array.from(t.y)),"
           " yr: p._fullLayout.yaxis.range} : null; }")


def wait_for_text(page, text: str, scope: str = ".jp-OutputArea") -> None:
    """Wait until an HTML widget inside ``scope`` shows ``text`` (shared by the Century browser tests)."""
    page.wait_for_function(
        "([s, t]) => Array.from(document.querySelectorAll(s + ' .widget-html-content'))"
        ".some(e => e.innerText.includes(t))", arg=[scope, text], timeout=30_000)


def test_play_a_full_game_in_lab(page, lab_url):
    run_in_lab(page, lab_url, NOTEBOOK)
    text = widget_text(page)
    assert "Round 1: Player 1 to act." in text
    assert "Golem row" in text and "Market" in text
    assert "no actions yet" in text
    # play Create 2 (the picker's first choice), the two bots answer
    timed_click(page, page.locator(".jp-OutputArea .widget-button", has_text="Do it"),
                "() => Array.from(document.querySelectorAll('.jp-OutputArea .widget-html-content'))"
                ".some(e => e.innerText.includes('Round 2: Player 1 to act.'))", what="Century play: Do it (+ bots)")
    wait_for_text(page, "Player 1: play Create card (2 yellow crystals)")   # in words, not "play S01"
    assert "Player 3:" in widget_text(page)
    page.locator(".jp-OutputArea .widget-button", has_text="Hint").click()
    wait_for_text(page, "Hint: the search's three best moves")
    screenshot(page, "century_play_a_full_game")
    game = page.locator(".jp-OutputArea .widget-vbox", has_text="New game").first
    game.scroll_into_view_if_needed()
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    game.screenshot(path=str(SCREENSHOTS / "century_play_a_full_game_widget.png"))
    timed_click(page, page.locator(".jp-OutputArea .widget-button", has_text="Undo"),
                "() => Array.from(document.querySelectorAll('.jp-OutputArea .widget-html-content'))"
                ".some(e => e.innerText.includes('no actions yet'))", what="Century play: Undo")
    assert "Round 1: Player 1 to act." in widget_text(page)
    # six quick "Do it" clicks (each answered by two bots): the "VP so far" chart keeps every turn and
    # its axis shows the VP (reported once: an empty chart on a -1..1 axis while players had 2/4/5 VP)
    for _ in range(6):
        page.locator(".jp-OutputArea .widget-button", has_text="Do it").click()
        page.wait_for_timeout(150)
    page.wait_for_timeout(1000)
    page.wait_for_function(_KERNEL_IDLE, timeout=60_000)
    page.wait_for_function(f"() => {{ const p = ({VP_PLOT})(); return p && p.x[0].length >= 7; }}", timeout=20_000)
    plot = page.evaluate(VP_PLOT)
    top = max(v for ys in plot["y"] for v in ys)
    assert top > 0 and plot["yr"][1] >= top, plot
    assert all(xs == plot["x"][0] and len(ys) == len(xs) for xs, ys in zip(plot["x"], plot["y"], strict=True))


def test_play_a_full_game_as_a_voila_app(page, voila_url):
    run_in_voila(page, voila_url, NOTEBOOK)
    wait_for_text(page, "Round 1: Player 1 to act.", "body")
    # acquire the free card at position 1: the market refills and the bots answer
    page.locator(".widget-toggle-button", has_text="Acquire a card").click()
    page.locator(".widget-button", has_text="Do it").click()
    wait_for_text(page, "Player 1: acquire", "body")   # in words: "acquire <the card> at position 1"
    wait_for_text(page, "at position 1", "body")
    wait_for_text(page, "Round 2: Player 1 to act.", "body")
    screenshot(page, "century_play_a_full_game_voila")
