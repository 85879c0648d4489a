"""Empty and busy states. Charts and score tables that open empty say what to do instead of drawing bare -1..1 axes or naming a
winner from an all-zero table; the message goes away, and the chart and the winner show, once values exist
(issue 12, 'what a new user hit')."""

from __future__ import annotations

import pytest

from companion.widgets.common import LiveFigureWidget


def _empty_note(chart: LiveFigureWidget) -> str | None:
    """The empty-state message drawn on ``chart`` (``None`` if it draws its axes)."""
    notes = [a.text for a in chart.layout.annotations]
    if not notes:
        assert chart.layout.xaxis.visible is not False and chart.layout.yaxis.visible is not False
        return None
    assert chart.layout.xaxis.visible is False and chart.layout.yaxis.visible is False
    # the shown figure's synced copy says the same (what a browser opening later draws)
    assert chart._widget_layout["annotations"][0]["text"] == notes[0]
    return notes[0]


@pytest.fixture(autouse=True)
def _save_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_SAVE_DIR", str(tmp_path))


def test_century_score_table_names_no_winner_until_typed(tmp_path):
    from companion.widgets.century.score import CenturyScoreTable

    table = CenturyScoreTable(tmp_path / "c.json", players=3)
    assert "Winner:" not in table.results.value and "<b>winner</b>" not in table.results.value
    assert "wins" not in table.results.value and "winner" not in table.chart.layout.title.text
    assert "to see the scores and the winner" in table.results.value
    assert "type the scores" in _empty_note(table.chart)
    table.golem_boxes[1].value = "12"
    assert "Winner: <b>Player 2</b> with 12 VP" in table.results.value
    assert _empty_note(table.chart) is None
    assert "winner: Player 2" in table.chart.layout.title.text


def test_magick_score_table_names_no_winner_until_typed(tmp_path):
    from companion.widgets.magick.score import PARTS, ScoreTable

    table = ScoreTable(tmp_path / "m.json")
    assert "★ winner" not in table.results.value and "Shared win" not in table.results.value
    assert "Winner:" not in table.results.value
    assert "winner" not in table.chart.layout.title.text
    assert "type the gold" in _empty_note(table.chart)
    table.set_part(0, PARTS[0], 7)
    assert "Winner: Player 1 with 7 gold" in table.results.value
    assert _empty_note(table.chart) is None


def test_tm_score_chart_says_what_to_type(tmp_path):
    from companion.widgets.terra_mystica.score import TableScorer

    table = TableScorer()
    assert "type each player" in _empty_note(table.chart)
    table.rows[0].vp.value = 40
    assert _empty_note(table.chart) is None
    assert 40 in table.chart.data[0].y


def test_century_game_chart_before_anyone_scores():
    from companion.widgets.century.game import CenturyGame

    game = CenturyGame(players=3, controllers=["human", "planner", "greedy"], seed=7)
    assert "as soon as someone scores" in _empty_note(game.chart)


def test_magick_play_gold_chart_before_any_gold():
    from companion.widgets.magick.play import PlayAGame

    game = PlayAGame()
    game.start()
    assert "Gold shows here" in _empty_note(game.chart)


def test_play_widgets_show_a_busy_state_while_a_click_works(monkeypatch):
    """While a click's work runs the widget carries the busy class and says 'Working…'; afterwards not."""
    from companion.widgets.century.game import CenturyGame
    from companion.widgets.common import BUSY_CLASS
    from companion.widgets.magick.play import PlayAGame

    seen = []
    magick = PlayAGame()
    magick.start()
    real_roll = magick.session.resolve_chance

    def roll():
        seen.append((BUSY_CLASS in magick._dom_classes, "Working" in magick.message.value))
        return real_roll()

    monkeypatch.setattr(magick.session, "resolve_chance", roll)
    magick.dice.roll_button.click()
    assert seen == [(True, True)]
    assert BUSY_CLASS not in magick._dom_classes and "Working" not in magick.message.value

    century = CenturyGame(players=3, controllers=["human", "planner", "greedy"], seed=7)
    real_apply = century.session.apply

    def apply(action):
        seen.append((BUSY_CLASS in century._dom_classes, "Working" in century.message.value))
        return real_apply(action)

    monkeypatch.setattr(century.session, "apply", apply)
    century.picker.submit()
    assert seen[1] == (True, True)
    assert BUSY_CLASS not in century._dom_classes
