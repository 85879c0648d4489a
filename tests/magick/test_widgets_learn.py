"""The sheet drawing and the learn-the-dice widget, driven without a browser."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.magick import engine
from companion.magick.sheet import default_sheet
from companion.widgets.magick.learn import LearnTheDice, odds_table_html
from companion.widgets.magick.sheet import BEST, CAN_FILL, EMPTY, FILLED, SheetView, circle_text, sheet_figure

FIXTURE = Path(__file__).parent / "fixtures" / "reference_sheet.json"


@pytest.fixture(scope="module")
def reference():
    """The shared reference sheet (a copy of ../shared/reference/magick/sheet.json)."""
    return json.loads(FIXTURE.read_text())


def _reference_circles(reference):
    out = []
    for section in reference["sections"]:
        for group in section["groups"]:
            for row in group["rows"]:
                out.extend((row["name"], c["column"], c["target"]) for c in row["circles"])
    return out


def test_the_drawing_shows_every_circle_of_the_reference_sheet(reference):
    sheet = default_sheet()
    fig = sheet_figure(sheet)
    circles = fig.data[0]
    assert len(circles.x) == len(_reference_circles(reference))
    texts = sorted(circles.text)
    compare = {c["id"]: c["compare"] for c in reference["columns"]}
    expected = sorted(f"{t}{'↑' if compare[col] == '>=' else '↓'}" for _, col, t in _reference_circles(reference))
    assert texts == expected
    # every row's gold is drawn beside it
    gold = sorted(int(t) for t in fig.data[2].text)
    assert gold == sorted(r["gold"] for s in reference["sections"] for g in s["groups"] for r in g["rows"])


def test_crafting_and_research_circles_are_labelled_with_their_direction():
    sheet = default_sheet()
    assert circle_text(sheet, "plate_armor.1") == "8↑"   # steel 8: the die must be at least 8
    assert circle_text(sheet, "everlasting.1") == "1↓"   # arcane 1: at most 1


def test_the_reconstruction_banner_is_shown():
    view = SheetView(default_sheet())
    assert "Reconstruction" in view.banner.value
    assert "placeholder" in view.banner.value


def test_filled_and_marked_circles_are_recoloured_in_place():
    view = SheetView(default_sheet())
    keys = [c.key for c in default_sheet().circles]
    from companion.widgets.magick.sheet import CircleMark
    view.show(filled={"sword.1"}, marks={"staff.1": CircleMark(CAN_FILL, "fits")}, complete={"sword"})
    colours = list(view.figure.data[0].marker.color)
    assert colours[keys.index("sword.1")] == FILLED
    assert colours[keys.index("staff.1")] == CAN_FILL
    assert colours[keys.index("scroll.1")] == EMPTY
    assert "Sword</b> ✓" in view.figure.data[1].text[[r.id for r in default_sheet().rows].index("sword")]


def test_a_roll_marks_the_circles_the_die_may_fill():
    w = LearnTheDice(seed=3, potions=0)
    w.enter_dice({"d6": 6, "d8": 1, "d10": 1, "d12": 12})
    w.pick_die("d6")
    sheet = default_sheet()
    keys = [c.key for c in sheet.circles]
    colours = dict(zip(keys, w.view.figure.data[0].marker.color, strict=True))
    # A d6 showing 6 fits every steel/wood/leather circle with target <= 6 (crafting: die >= circle),
    # read straight from the reference numbers, and nothing on the research side.
    fits = {"backpack.1", "scroll.1", "ring.1", "grimoire.1", "grimoire.2", "grimoire.3", "staff.1", "sword.1",
            "crossbow.2", "warhammer.1", "warhammer.2", "warhammer.3", "helmet.1", "greaves.2", "plate_armor.2"}
    marked = {k for k, c in colours.items() if c in (BEST, CAN_FILL)}
    assert marked == fits
    assert "Steel" in w.odds.value and "Elemental" not in w.odds.value
    # the dropdown offers exactly those circles, best first
    assert {a.circle for _, a in w.choices()} == fits
    best = engine.advice(w.session.state, 0)
    assert w.choice.value.circle == next(p.circle for p in best if p.die == "d6")


def test_research_dice_count_the_other_way():
    w = LearnTheDice(seed=3, potions=0)
    w.enter_dice({"d6": 1, "d8": 8, "d10": 10, "d12": 10})
    w.pick_die("d12")
    circles = {a.circle for _, a in w.choices()}
    # d12 fills elemental/arcane/wild circles with target >= 10: only of the Elves' wild 10
    assert circles == {"of_the_elves.2"}


def test_placing_spending_potions_and_undo():
    w = LearnTheDice(seed=3, potions=3)
    w.enter_dice({"d6": 6, "d8": 1, "d10": 1, "d12": 12})
    w.pick_die("d6")
    plate = next(a for _, a in w.choices() if a.circle == "plate_armor.1")  # steel 8 from a 6: 2 potions
    assert plate.adjust == 2
    w.place(plate)
    me = w.session.state.players[0]
    assert "plate_armor.1" in me.filled and me.potions == 1
    assert "Potions: <b>1</b>" in w.status.value
    w.undo()
    assert w.session.state.players[0].potions == 3
    assert "plate_armor.1" not in w.session.state.players[0].filled


def test_completing_a_row_scores_gold_and_a_potion():
    w = LearnTheDice(seed=3, potions=0)
    w.enter_dice({"d6": 6, "d8": 1, "d10": 1, "d12": 12})
    w.pick_die("d6")
    w.place(engine.Place(0, "d6", "sword.1", 0))   # Sword: one steel 4 circle, 2 gold
    me = w.session.state.players[0]
    assert "sword" in me.completed and me.potions == 1
    assert "gold so far: <b>2</b>" in w.status.value


def test_illegal_moves_show_the_engine_message():
    w = LearnTheDice(seed=3, potions=0)
    w.place(engine.Place(0, "d6", "sword.1", 0))   # no roll yet
    assert "Error" in w.message.value and "roll" in w.message.value
    w.enter_dice({"d6": 1, "d8": 1, "d10": 1, "d12": 1})
    w.place(engine.Place(0, "d6", "everlasting.1", 0))   # arcane takes d10/d12 only
    assert "may not fill" in w.message.value


def test_a_third_die_uses_the_extra_dice_track_and_the_round_ends():
    w = LearnTheDice(seed=3, potions=0)
    w.enter_dice({"d6": 6, "d8": 8, "d10": 1, "d12": 12})
    w.place(engine.Place(0, "d6", "sword.1", 0))
    w.place(engine.Place(0, "d8", "scroll.1", 0))
    w.place(engine.Place(0, "d10", "everlasting.1", 0))
    assert w.session.state.players[0].extra_used == 1
    assert "☒0" in w.status.value
    w.end_round()
    assert w.session.state.round == 2 and w.session.state.phase == "roll"


def test_odds_table_uses_exact_fractions():
    html = odds_table_html(default_sheet(), "d8", 1)
    # Crossbow's wood 9 from a d8: impossible as rolled, 1/8 with one potion (only the 8 becomes 9)
    crossbow = next(line for line in html.split("<tr>") if "Crossbow" in line and "Wood" in line)
    assert "0 (0%)" in crossbow and "1/8 (12.5%)" in crossbow   # odds as players read them, never Fraction(1, 8)
