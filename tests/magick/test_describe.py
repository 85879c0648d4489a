"""Issue 22, point 13: the log's sentences are written by companion.magick.describe, not by the rules engine; a
whole game's log reads the same in the second person for the reader and in the third for the others."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import companion.magick.engine as engine
from companion.i18n import using_language
from companion.magick import describe
from companion.magick.bots import GreedyBot, play_game

SOURCE = Path(engine.__file__).read_text(encoding="utf-8")


def _templates(source: str) -> set[str]:
    """Every text marked N_ in a module's source."""
    return {node.args[0].value for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "N_" and node.args
            and isinstance(node.args[0], ast.Constant)}


def test_every_line_of_a_played_game_comes_from_the_describe_module():
    state = play_game(2, [GreedyBot(), GreedyBot()], random.Random(4))
    used = {line._args[1] for line in state.log}  # LogLine(say, you_template, other_template, params)
    assert len(used) >= 8 and all(isinstance(line, describe.LogLine) for line in state.log)
    assert used <= _templates(Path(describe.__file__).read_text(encoding="utf-8"))
    assert not used & _templates(SOURCE), "the engine still writes log sentences"
    assert "_log(" not in SOURCE


def test_a_log_line_names_the_reader_in_the_second_person_in_either_language():
    with using_language("en"):
        assert str(describe.turn_ended("You")) == "You end your turn."
        assert str(describe.turn_ended("Ann")) == "Ann ends the turn."
    line = describe.turn_ended("Ann")
    with using_language("zh_CN"):
        assert "Ann" in str(line) and str(line) != "Ann ends the turn."  # rendered again, in Chinese
