"""The map design model: edits are values, invalid maps are never made, conventions are flagged."""

from __future__ import annotations

import doctest

import pytest

from companion.errors import CompanionError, MapFormatError
from companion.terra_mystica import mapedit
from companion.terra_mystica.hexmap import load_shipped_map, map_text, parse_letters, parse_map
from companion.terra_mystica.mapedit import MapDesign, MapEditor
from tests.terra_mystica.mapcheck import letter_rows, river_pieces


@pytest.fixture
def base() -> MapDesign:
    return MapDesign.from_map(load_shipped_map("base"))


def test_docstring_examples():
    result = doctest.testmod(mapedit)
    assert result.attempted > 0 and result.failed == 0


def test_painting_changes_exactly_the_cell_in_the_text(base):
    rows = letter_rows(map_text("base"))
    # row 5 (0-based 4), cell 3: what the letter text has there, painted another terrain
    old = rows[4][3]
    new = "Y" if old != "Y" else "R"
    painted = base.paint((4, 3), new)
    expected = [r[:] for r in rows]
    expected[4][3] = new
    assert letter_rows(painted.to_letters()) == expected
    assert parse_letters(painted.to_letters()) == painted.map
    assert letter_rows(base.to_letters()) == rows  # the old design is unchanged


def test_a_drag_paints_every_hex_it_crosses(base):
    painted = base.paint(["A1", "A2", "A3"], "blue")
    assert [painted.map.terrain(h) for h in ("A1", "A2", "A3")] == ["B", "B", "B"]


def test_painting_land_as_river_renumbers_the_row():
    design = MapDesign.from_map(load_shipped_map("base"))
    n_land = len([t for t in letter_rows(map_text("base"))[0] if t != "I"])
    painted = design.paint("A1", "river")
    assert painted.terrain_at((0, 0)) == "I"
    assert f"A{n_land}" not in painted.map and f"A{n_land - 1}" in painted.map


@pytest.mark.parametrize("where", ["Z9", (0, 13), (9, 0), (-1, 0), "r999"])
def test_a_hex_outside_cannot_be_painted(base, where):
    with pytest.raises(MapFormatError):
        base.paint(where, "Y")


@pytest.mark.parametrize("terrain", ["Q", "purple", "", "ice"])
def test_an_unknown_terrain_is_refused(base, terrain):
    with pytest.raises(MapFormatError):
        base.paint("A1", terrain)


def test_rows_of_wrong_lengths_cannot_be_a_design():
    with pytest.raises(MapFormatError):
        MapDesign((("Y",) * 13, ("Y",) * 13))
    with pytest.raises(MapFormatError):
        MapDesign((("Y",) * 14,))


def test_rows_can_be_added_to_nine_and_removed_to_one(base):
    assert len(base.rows) == 9
    with pytest.raises(MapFormatError):
        base.add_row()
    shorter = base.remove_row()
    assert len(shorter.rows) == 8 and len(shorter.rows[-1]) == 12
    again = shorter.add_row("G")
    assert len(again.rows[-1]) == 13 and set(again.rows[-1]) == {"G"}
    one = MapDesign((("Y",) * 13,))
    with pytest.raises(MapFormatError):
        one.remove_row()
    assert [len(r) for r in one.add_row().rows] == [13, 12]


def test_base_map_breaks_no_convention(base):
    assert base.warnings() == []


def test_unequal_counts_are_flagged_not_refused(base):
    painted = base.paint("A1", "Y" if base.terrain_at("A1") != "Y" else "R")
    assert [w.code for w in painted.warnings()] == ["unequal_terrains"]
    assert parse_map(painted.to_letters()) == painted.map


def test_a_river_in_two_pieces_is_flagged(base):
    rows = letter_rows(map_text("base"))
    # a land cell none of whose neighbours is river: painting it river makes a second river piece
    for label in base.map.land_hexes:
        if not any(base.map.hexes[n].river for n in base.map.neighbours(label)):
            break
    painted = base.paint(label, "I")
    assert river_pieces(letter_rows(painted.to_letters())) == river_pieces(rows) + 1 == 2
    assert "river_pieces" in [w.code for w in painted.warnings()]


def test_swap_exchanges_two_land_hexes_and_keeps_counts(base):
    a, b = base.terrain_at("A1"), base.terrain_at("C5")
    swapped = base.swap("A1", "C5")
    assert (swapped.terrain_at("A1"), swapped.terrain_at("C5")) == (b, a)
    assert swapped.map.terrain_counts() == base.map.terrain_counts()
    with pytest.raises(MapFormatError):
        base.swap("A1", "r0")


def test_editor_undoes_and_redoes(base):
    editor = MapEditor(base)
    editor.apply(lambda d: d.paint("A1", "B"))
    editor.apply(lambda d: d.paint("A2", "B"))
    assert editor.undo().terrain_at("A2") == base.terrain_at("A2")
    assert editor.design.terrain_at("A1") == "B"
    assert editor.redo().terrain_at("A2") == "B"
    assert not editor.can_redo
    editor.undo()
    editor.apply(lambda d: d.paint("A3", "B"))  # a new edit forgets the redo step
    assert not editor.can_redo and editor.design.terrain_at("A2") == base.terrain_at("A2")
    with pytest.raises(CompanionError):
        editor.apply(lambda d: d.paint("Z1", "B"))
    assert editor.design.terrain_at("A3") == "B"  # a refused edit changes nothing
    editor.undo(), editor.undo(), editor.undo()
    assert editor.design == base and not editor.can_undo


# ---------------------------------------------------------------------- playable maps (issue 21: a map nobody can play)
# Our reading (mapedit's docstring): a faction is seated when its home terrain has a hex for each of its starting
# dwellings (2; Nomads 3, Chaos Magicians 1: faction boards), and five players need five such home terrains.
def test_a_map_with_too_few_hexes_per_terrain_is_flagged_unplayable():
    one_row = MapDesign((tuple("YYYYYYUUUUUUK"),))   # two home terrains can seat a faction
    codes = [w.code for w in one_row.warnings()]
    assert codes[0] == "unplayable"
    message = one_row.warnings()[0].message
    assert "desert" in message and "swamp 1" in message
    # the base map is playable; a row seating exactly five colours is playable too (whatever its length)
    assert "unplayable" not in [w.code for w in MapDesign.from_map(load_shipped_map("base")).warnings()]
    five = MapDesign((tuple("YYUUKKBBGGSIR"),))   # desert, plains, swamp, lakes, forest 2 each, + Chaos (R 1)
    assert mapedit.playability(five.map) is None


def test_nomads_need_three_deserts_and_chaos_magicians_one_wasteland():
    m = MapDesign((tuple("YYUUKKBBGGSSR"),)).map
    assert mapedit.seat_refusal(m, "nomads") is not None and mapedit.seat_refusal(m, "fakirs") is None
    assert mapedit.seat_refusal(m, "chaosmagicians") is None and mapedit.seat_refusal(m, "giants") is not None


def test_the_flagged_maps_are_the_ones_a_game_cannot_set_up():
    """Independent check of the reading: a greedy game really stops at setup on a flagged seat, and really
    finishes when every seated faction has its hexes."""
    import random

    from companion.terra_mystica import game
    from companion.terra_mystica.bots import make_bot, play_game

    m = MapDesign((tuple("YYUUKKBBGGSSR"),)).map   # desert 2: the Nomads' third dwelling has no hex
    with pytest.raises(CompanionError):
        play_game(game.new_game(["nomads", "witches"], map_name="custom:" + ",".join(m.rows[0])),
                  [make_bot("greedy"), make_bot("greedy")], random.Random(1))
    last = play_game(game.new_game(["fakirs", "witches"], map_name="custom:" + ",".join(m.rows[0])),
                     [make_bot("greedy"), make_bot("greedy")], random.Random(1))[-1]
    assert game.is_terminal(last)


def test_remove_row_goes_down_to_one_row_and_flags_a_map_too_small_for_the_game():
    """The coordinator's decision on issue 21: a map too small for the game breaks a design convention, it is
    not an invalid map. Rows come off down to one; what is left is flagged, never refused."""
    design = MapDesign.from_map(load_shipped_map("base"))
    seen = []
    while design.remove_row_refusal() is None:
        design = design.remove_row()
        seen.append(len(design.rows))
    assert seen == [8, 7, 6, 5, 4, 3, 2, 1]
    with pytest.raises(MapFormatError, match="at least one row"):
        design.remove_row()
    # the base map's first row, counted by hand: U S G B Y R U K R G B R K -> desert (Y) 1, mountains (S) 1
    assert design.rows == (tuple("USGBYRUKRGBRK"),)
    codes = [w.code for w in design.warnings()]
    assert codes[:2] == ["small_map", "unseatable_factions"]
    small, unseated = design.warnings()[:2]
    assert "1 row" in small.message and "9" in small.message
    # desert is home to the Fakirs and Nomads, mountains to the Dwarves and Engineers (factions.json)
    for name in ("Fakirs desert 1/2", "Nomads desert 1/3", "Dwarves mountains 1/2", "Engineers mountains 1/2"):
        assert name in unseated.message
    assert "Witches" not in unseated.message
    # a playable map that loses its last rows becomes unplayable: flagged first, not refused
    tight = MapDesign((tuple("YYUUKKIIIIIII"), tuple("BBGGIIIIIIII")))
    assert mapedit.playability(tight.map) is None and tight.remove_row_refusal() is None
    assert [w.code for w in tight.remove_row().warnings()][:2] == ["unplayable", "small_map"]


def test_only_fewer_rows_than_the_base_map_is_small():
    rows = load_shipped_map("base").rows
    assert "small_map" not in [w.code for w in MapDesign(rows).warnings()]
    assert "small_map" in [w.code for w in MapDesign(rows[:8]).warnings()]
    assert "8 rows" in next(w.message for w in MapDesign(rows[:8]).warnings() if w.code == "small_map")
