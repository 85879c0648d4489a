"""The scoreboard widget without a browser: score with each game's calculator, save, see past games, restore."""

from __future__ import annotations

import re

from companion.history import GameHistory
from companion.savefile import default_save_dir
from companion.widgets.scoreboard import HistoryView, Scoreboard

DEVELOPER_WORDS = re.compile(r"kernel|module|companion\.\w|traceback|python|widget", re.I)


def _visible_text(widget) -> str:
    """Text of every HTML / label / button in a widget tree (what the page shows besides inputs)."""
    import ipywidgets as widgets

    out = []
    stack = [widget]
    while stack:
        w = stack.pop()
        if isinstance(w, widgets.HTML | widgets.Label):
            out.append(re.sub(r"<style>.*?</style>|<[^>]+>", " ", w.value, flags=re.S))
        if isinstance(w, widgets.Button):
            out.append(w.description)
        if isinstance(w, widgets.Tab):
            out.extend(w.titles)
        stack.extend(getattr(w, "children", ()))
    return "\n".join(out)


def _type_century(board: Scoreboard) -> None:
    board.game.value = "century"
    calc = board.calculator("century")
    calc.set_name(0, "Ann")
    calc.set_golems(0, "12, 14")
    calc.set_name(1, "Ben")
    calc.set_golems(1, "12, 8")
    calc.set_count(1, "copper", 2)


def test_one_game_of_each_kind_reaches_the_history():
    board = Scoreboard()
    _type_century(board)
    century = board.save_game()
    assert century is not None
    # Ann 26, Ben 20 + 6 = 26: a tie goes to the later player in turn order
    assert century["winners"] == ["Ben"] and "Ben wins with 26 VP" in board.save_message.value

    board.game.value = "magick"
    magick = board.calculator("magick")
    magick.set_part(0, "orders", 14)
    magick.set_part(1, "crafting", 9)
    assert board.save_game()["winners"] == ["Player 1"]

    board.game.value = "terra_mystica"
    tm = board.calculator("terra_mystica")
    tm.player_count.value = 2
    tm.rows[0].faction.value = "witches"
    tm.rows[1].faction.value = "nomads"
    tm.rows[1].vp.value = 120
    tm.rows[0].vp.value = 100
    tm.rows[0].map_buildings.value = "E7"  # a map helper entry: not part of the saved score table
    record = board.save_game()
    assert record["winners"] == ["Player 2"] and set(record["table"]["players"][0]) >= {"faction", "cults"}
    assert "map_buildings" not in record["table"]["players"][0]

    games = GameHistory().list_games()
    assert [g["game"] for g in games] == ["century", "magick", "terra_mystica"]
    view = board.history_view
    assert "3 games saved" not in view.where.value  # redrawn when it is shown, not inside a hidden tab
    board.tabs.selected_index = 1
    assert "3 games saved" in view.where.value
    assert all(s in view.table.value for s in ("Century", "Merchants of Magick", "Terra Mystica"))
    wins = dict(zip(view.wins_chart.data[1].x, view.wins_chart.data[1].y, strict=True))
    assert wins["Ben"] == 1 and wins["Ann"] == 0 and wins["Player 2"] == 1
    assert dict(zip(view.faction_chart.data[1].x, view.faction_chart.data[1].y, strict=True)) == {
        "Nomads": 1, "Witches": 0}
    view.which.value = "century"
    assert set(view.wins_chart.data[0].x) == {"Ann", "Ben", "Player 3"} and "Terra Mystica" not in view.table.value


def test_an_entry_that_cannot_be_read_is_not_saved_and_says_who():
    board = Scoreboard()
    board.game.value = "terra_mystica"
    assert board.save_game() is None
    assert "pick a faction for Player 1" in board.save_message.value
    _type_century(board)
    board.calculator("century").set_golems(0, "12, x")
    assert board.save_game() is None
    assert "Not saved yet: Ann — Golems (printed points): &#x27;x&#x27; is not a whole number" in board.save_message.value
    assert GameHistory().list_games() == []


def test_a_refused_save_words_the_problem_as_the_form_does_never_a_key_path():
    from companion.validation import FieldProblem, TableError

    board = Scoreboard()
    _type_century(board)
    calc = board.calculator("century")
    calc.set_name(2, "Cy")
    calc.set_golems(2, "30")  # a number, but no golem card prints 30
    assert board.save_game() is None
    line = calc.marks.lines[0]
    assert line.startswith("Cy — Golems (printed points): ")
    assert f"Not saved yet: {line}" in board.save_message.value and "players[" not in board.save_message.value
    # every calculator words a scoring problem with the player's name and the column's title
    for game, field in (("magick", "orders"), ("terra_mystica", "vp")):
        form = board.calculator(game)
        error = TableError([FieldProblem(0, field, "expected 0 or more, found -1"),
                            FieldProblem(1, field, "expected 0 or more, found -2")])
        text = form.marks.error_text(error)
        assert "players[" not in text and text.startswith("Player 1 — ")
        assert "1 more problem after this one" in text


def test_the_same_game_is_not_saved_twice():
    board = Scoreboard()
    _type_century(board)
    assert board.save_game() is not None
    assert board.save_game() is None and "already in the history" in board.save_message.value
    # a reopened app remembers it too
    again = Scoreboard()
    assert again.save_game() is None and len(GameHistory().list_games()) == 1
    again.calculator("century").set_count(0, "silver", 1)
    assert again.save_game() is not None and len(GameHistory().list_games()) == 2


def test_reopening_restores_the_game_the_date_and_every_entry():
    import datetime

    board = Scoreboard()
    _type_century(board)
    board.played_on.value = datetime.date(2026, 11, 7)
    board.calculator("century").set_golems(1, "20, 1")  # half-typed: kept as typed
    again = Scoreboard()
    assert again.game.value == "century" and again.played_on.value == datetime.date(2026, 11, 7)
    calc = again.calculator("century")
    assert calc.golem_texts[:2] == ["12, 14", "20, 1"] and calc.players[1]["copper"] == 2
    assert (default_save_dir() / "scoreboard-century.json").exists()


def test_a_corrupt_scoreboard_file_is_reported_and_left_untouched():
    path = default_save_dir() / "scoreboard.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{broken", encoding="utf-8")
    board = Scoreboard()
    assert "left untouched" in board.state_message.value
    board.game.value = "magick"
    assert path.read_text(encoding="utf-8") == "{broken"


def test_no_developer_words_on_the_page():
    board = Scoreboard()
    for game in ("century", "magick", "terra_mystica"):
        board.game.value = game
    text = _visible_text(board)
    assert "Save the finished game" in text and "Past games" in text
    found = DEVELOPER_WORDS.findall(text)
    assert not found, found


def test_history_view_shows_a_broken_history_file_instead_of_failing(tmp_path):
    broken = tmp_path / "history.sqlite3"
    broken.write_text("not a database" * 50)
    view = HistoryView(GameHistory(broken))
    assert "not a readable game history" in view.message.value and "No games saved yet" in view.table.value


def test_empty_plots_say_what_fills_them_and_draw_again_once_a_game_is_saved(tmp_path):
    """No saved game: every plot hides its bare axes and says what fills it (no axes from -1 to 4); after the
    first save the same plots show their axes and bars again, in place."""
    history = GameHistory(tmp_path / "history.sqlite3")
    view = HistoryView(history)
    view.refresh()
    charts = (view.wins_chart, view.spread_chart, view.faction_chart)
    for chart in charts:
        assert [a.text for a in chart.layout.annotations] == ["Nothing to draw yet: save a finished game."]
        assert chart.layout.xaxis.visible is False and chart.layout.yaxis.visible is False
    history.add_game("century", {"players": [{"name": "Ann", "golems": [12], "copper": 1},
                                             {"name": "Ben", "golems": [14]}]})
    view.refresh()
    assert (view.wins_chart, view.spread_chart, view.faction_chart) == charts   # the same figures, edited
    for chart in (view.wins_chart, view.spread_chart):
        assert not chart.layout.annotations and chart.layout.xaxis.visible is not False
    winner, = history.list_games()[0]["winners"]
    wins = dict(zip(view.wins_chart.data[1].x, view.wins_chart.data[1].y, strict=True))
    assert wins == {"Ann": int(winner == "Ann"), "Ben": int(winner == "Ben")}
    # no Terra Mystica game yet: that plot keeps saying so
    assert [a.text for a in view.faction_chart.layout.annotations] == ["Nothing to draw yet: save a finished game."]


def test_charts_that_count_games_tick_whole_numbers(tmp_path):
    """Issue 22, point 7: one or two games drew ticks at 0.5 and 1.5 games. The count axes tick every whole
    game from 0 (at most about ten ticks), also after the plots are redrawn in place."""
    history = GameHistory(tmp_path / "history.sqlite3")
    view = HistoryView(history)
    century = {"players": [{"name": "Ann", "golems": [12]}, {"name": "Ben", "golems": [14]}]}
    history.add_game("century", century)
    view.refresh()
    for chart in (view.wins_chart, view.faction_chart):
        assert chart.layout.yaxis.tick0 == 0 and chart.layout.yaxis.dtick == 1
    for _ in range(24):
        history.add_game("century", century)
    view.refresh()
    games = max(view.wins_chart.data[0].y)
    assert games == 25
    step = view.wins_chart.layout.yaxis.dtick
    assert step == int(step) >= 1 and games / step <= 10
