"""The engine split by layer (issue 19 item 5): the dispatch table covers the command language, open
obligations are one frozen value per faction, and no layer grows back into one big module or class."""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

import pytest

from companion.errors import IllegalActionError
from companion.terra_mystica import engine
from companion.terra_mystica.engine import commands
from companion.terra_mystica.engine.faction import ITEM_FIELDS, Owed
from companion.terra_mystica.engine.handlers import DISPATCH
from companion.terra_mystica.engine.ledger import DECLINES
from companion.terra_mystica.engine.turn import obligations_from

ENGINE = Path(engine.__file__).parent


def test_every_verb_the_parser_yields_has_a_handler():
    parsed = {verb for verb, _pattern in commands._PATTERNS}
    # a setup row and a drop are rows of their own (Game.add_faction / Game.drop_faction), not sub-commands
    assert parsed - {"setup", "drop"} == set(DISPATCH)


def test_a_handler_runs_from_the_table():
    g = engine.new_game(["witches", "nomads"], round_tiles=["SCORE1", "SCORE2", "SCORE3", "SCORE4", "SCORE5",
                                                            "SCORE6"], removed_bonus=["BON1", "BON2", "BON3", "BON4"])
    after = engine.apply_action(g, "witches", "build A10")  # a forest hex: the Witches' first dwelling
    assert after.factions["witches"].hexes == {"A10": "D"} and g.factions["witches"].hexes == {}
    with pytest.raises(IllegalActionError) as err:
        engine.apply_action(g, "witches", "build E7")  # mountains
    assert err.value.code == "not_home_terrain"


def test_owed_is_frozen_and_a_copy_does_not_share_a_change():
    g = engine.new_game(["witches", "nomads"], round_tiles=["SCORE1", "SCORE2", "SCORE3", "SCORE4", "SCORE5",
                                                            "SCORE6"])
    f = g.factions["witches"]
    with pytest.raises(dataclasses.FrozenInstanceError):
        f.owed.favor = 1
    other = g.copy()
    other.factions["witches"].owe(favor=1, free_dwelling=2)
    assert (f.owed.favor, f.owed.free_dwelling) == (0, 0)
    assert (other.factions["witches"].owed.favor, other.factions["witches"].owed.free_dwelling) == (1, 2)
    other.factions["witches"].owe(free_dwelling=-2)
    assert other.factions["witches"].owed.free_dwelling == 0 and other.factions["witches"].owed


def test_every_declinable_item_names_an_owed_field():
    fields = {f.name for f in dataclasses.fields(Owed)}
    assert DECLINES <= set(ITEM_FIELDS) and set(ITEM_FIELDS.values()) <= fields
    # the E.2 items obligations_from lists (all but SPADE and ACTION, which are the turn's own) are Owed fields
    listed = {k for k in ("BRIDGE", "FREE_D", "FREE_TF", "FREE_TP", "CONVERT_W_TO_P", "GAIN_FAVOR", "GAIN_TW", "CULT",
                          "UNLOCK_TERRAIN", "PICK_COLOR", "VOLCANO_TF", "LOSE_CULT", "GAIN_P3_FOR_VP")}
    ob = obligations_from(engine.TurnState(faction="witches"), dict.fromkeys(listed, 1))
    assert {k for k, _n in ob.needs} == listed - {"GAIN_P3_FOR_VP"} and listed <= set(ITEM_FIELDS)


def _classes(path: Path):
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ClassDef):
            yield node.name, sum(isinstance(n, ast.FunctionDef) for n in node.body)


@pytest.mark.parametrize("path", sorted(ENGINE.rglob("*.py")), ids=lambda p: str(p.relative_to(ENGINE)))
def test_no_engine_module_over_600_lines_nor_class_over_30_methods(path):
    lines = path.read_text(encoding="utf-8").count("\n")
    big = {name: n for name, n in _classes(path) if n > 30}
    assert lines <= 600 and big == {}, (lines, big)
