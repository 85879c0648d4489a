"""Small text slips a reviewer found (review 3, finding 9): a plural for one hex, the bot's name in the
Chinese `tm balance` output, and a Latin file name run into the Chinese word after it."""

from __future__ import annotations

import re

from typer.testing import CliRunner

from companion.cli import app
from companion.i18n import _, using_language
from companion.terra_mystica.hexmap import parse_letters
from companion.terra_mystica.mapedit import seat_refusal

runner = CliRunner()


def test_one_hex_is_singular():
    one_plains = parse_letters("Y,Y,Y,Y,Y,Y,U,K,K,K,K,K,K\n")   # plains 1: the Cultists (2 dwellings) cannot sit
    assert "plains has 1 hex;" in seat_refusal(one_plains, "cultists")


def test_chinese_balance_output_names_the_bot_in_chinese():
    result = runner.invoke(app, ["--lang", "zh_CN", "tm", "balance", "base", "--games", "1", "--players", "2",
                                 "--bot", "random", "--no-analysis"])
    assert result.exit_code == 0, result.output
    first = result.stdout.splitlines()[0]
    with using_language("zh_CN"):
        random_name = _("random")
    assert random_name != "random" and f"机器人 {random_name}" in first and "random" not in first, first


def test_a_latin_map_file_name_is_not_run_into_the_chinese_after_it():
    with using_language("zh_CN"):
        text = _("New game on the {map}.").format(map=_("custom map {file}").format(file="twoterr.txt"))
    assert "twoterr.txt" in text and not re.search(r"[A-Za-z0-9][\u4e00-\u9fff]", text), text
