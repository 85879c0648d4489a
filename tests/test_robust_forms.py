"""Whatever is typed into the score forms, the apps never raise, never clamp, and never show a result next to
a marked field (issue 11). Driven through the widgets' own callbacks, no browser."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.widgets.century.score import COUNT_FIELDS, CenturyScoreTable
from companion.widgets.magick.score import PARTS, ScoreTable
from companion.widgets.terra_mystica.score import CULTS, TableScorer

FORM_SETTINGS = settings(max_examples=8, deadline=None,
                         suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
numbers = st.one_of(st.integers(-3, 25), st.integers(-10 ** 6, 10 ** 6))
names = st.one_of(st.sampled_from(["Ann", " Ann", "Ann\u200b", "", "Bob"]), st.text(max_size=8))


def _consistent(message: str, result_shown: bool, marks) -> None:
    if marks.messages:
        assert not result_shown and "Please check" in message
    else:
        assert "Please check" not in message


@FORM_SETTINGS
@given(st.lists(st.tuples(st.integers(0, 1), st.sampled_from(["name", *PARTS]), st.one_of(numbers, names)),
                max_size=6))
def test_magick_form(tmp_path_factory, edits):
    save = tmp_path_factory.mktemp("m") / "magick.json"
    table = ScoreTable(save, players=2)
    changed = False
    for player, field, value in edits:
        before = json.dumps(table.players)
        if field == "name":
            table.name_boxes[player].value = str(value)
        elif isinstance(value, int):
            table.part_boxes[player][field].value = value
            assert table.players[player][field] == value  # kept as typed
        changed = changed or json.dumps(table.players) != before
    _consistent(table.message.value, bool(table.results.value), table.marks)
    # every entry is written at once, and the save is created with the first one (none: no file)
    assert (json.loads(save.read_text())["players"] == table.players) if changed else not save.exists()


@FORM_SETTINGS
@given(st.lists(st.tuples(st.integers(0, 2), st.sampled_from(["name", "golems", *COUNT_FIELDS]),
                          st.one_of(numbers, names, st.sampled_from(["12, 14", "20 20 20", "6,7,8,9,10,11,12",
                                                                     "1x", "²"]))), max_size=6))
def test_century_form(tmp_path_factory, edits):
    table = CenturyScoreTable(tmp_path_factory.mktemp("c") / "century.json", players=3)
    for player, field, value in edits:
        if field == "name":
            table.name_boxes[player].value = str(value)
        elif field == "golems":
            table.golem_boxes[player].value = str(value)
        elif isinstance(value, int):
            table.count_boxes[player][field].value = value
    _consistent(table.message.value, bool(table.results.value), table.marks)


@FORM_SETTINGS
@given(st.lists(st.sampled_from(["witches", "auren", "nomads", "giants", "yetis", "icemaidens", None]),
                min_size=2, max_size=2),
       st.lists(st.tuples(st.integers(0, 1), st.sampled_from(["vp", "network", "coins", "workers", "priests",
                                                               *CULTS, "power0", "power2"]), numbers), max_size=6))
def test_tm_form(tmp_path_factory, factions, edits):
    table = TableScorer(tmp_path_factory.mktemp("t") / "tm.json")
    table.player_count.value = 2
    for row, faction in zip(table.rows, factions, strict=False):
        row.faction.value = faction
    for player, field, value in edits:
        row = table.rows[player]
        box = (row.cults[field] if field in CULTS else row.power[int(field[-1])] if field.startswith("power")
               else getattr(row, field))
        box.value = value
        assert box.number == value and box.value == str(value)  # nothing clamped
    _consistent(table.message.value, table.result is not None, table.marks)
    if table.marks.messages:
        assert table.breakdown.value == ""
