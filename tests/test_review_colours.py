"""The coach's Review chart gives each seat the colour the game's other charts give it: Terra Mystica's factions
their home terrain's colour (the map's, ``mapplot.faction_colour``; e.g. the Witches forest green, the Nomads
desert yellow, as a reviewer saw on every other chart), Century its seat colours (its score chart's). A near-white
faction (the Ice Maidens) is drawn on a dark edge so its line shows on a white chart."""

from __future__ import annotations

from companion.century.actions import Rest
from companion.coach import Drop, Review
from companion.widgets.century.plots import review_figure as century_review_figure
from companion.widgets.coach import SEAT_COLOURS
from companion.widgets.terra_mystica.mapplot import TERRAIN_COLOURS, faction_colour
from companion.widgets.terra_mystica.review import ReviewPanel


def _review(seats: int, action=None) -> Review:
    values = [tuple(20.0 + seat + move for seat in range(seats)) for move in range(4)]
    return Review(seats=seats, values=values, movers=[0, 1, 0], actions=[action] * 3,
                  drops=[Drop(move=2, seat=1, action=action, loss=4.0, preferred=action, reason="why")])


def _lines(fig) -> dict[str, str]:
    return {t.name: t.line.color for t in fig.data if t.mode == "lines" and t.showlegend is not False}


def _marks(fig) -> list[str]:
    return [t.marker.color for t in fig.data if t.mode == "markers"]


def test_tm_review_lines_and_marks_take_the_factions_colours(monkeypatch):
    monkeypatch.setattr("companion.widgets.terra_mystica.review.describe_action", lambda action: "a move")
    panel = ReviewPanel()
    panel.show(_review(2), ["witches", "nomads"])
    fig = panel.slot.figure
    assert list(_lines(fig).values()) == [faction_colour("witches"), faction_colour("nomads")]
    # the home terrains' colours on the map: forest and desert (factions.json), not the old blue and red
    assert list(_lines(fig).values()) == [TERRAIN_COLOURS["G"], TERRAIN_COLOURS["Y"]]
    assert _marks(fig) == [TERRAIN_COLOURS["Y"]]   # the Nomads' drop
    panel.close()


def test_a_near_white_faction_is_drawn_on_a_dark_edge(monkeypatch):
    monkeypatch.setattr("companion.widgets.terra_mystica.review.describe_action", lambda action: "a move")
    panel = ReviewPanel()
    panel.show(_review(2), ["icemaidens", "witches"])
    lines = [t for t in panel.slot.figure.data if t.mode == "lines"]
    ice = faction_colour("icemaidens")
    assert [t.line.color for t in lines] == ["#333", ice, TERRAIN_COLOURS["G"]]
    assert list(lines[0].y) == list(lines[1].y) and lines[0].line.width > 2   # the edge is under the ice line
    assert lines[0].showlegend is False and lines[0].hoverinfo == "skip"
    panel.close()


def test_century_review_takes_the_seat_colours_of_its_score_chart():
    fig = century_review_figure(_review(3, Rest()), ["Ann", "Bo", "Cy"])
    assert list(_lines(fig).values()) == list(SEAT_COLOURS[:3])
    assert _marks(fig) == [SEAT_COLOURS[1]]
