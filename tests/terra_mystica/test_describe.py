"""Every row of the 30 real games told in words, tile codes explained, final scoring itemised."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from companion.errors import CompanionError
from companion.i18n import using_language
from companion.terra_mystica.describe import (
    CODE_PATTERN,
    RowTeller,
    describe_row,
    explain_code,
    faction_name,
    final_breakdown,
    gloss_codes,
)
from companion.terra_mystica.engine import read_record
from companion.terra_mystica.tiles import load_tiles

LEDGERS = sorted((Path(__file__).parent / "fixtures" / "ledgers").glob("*.ledger.txt"))
SNAKE = re.compile(r"\b[a-z]+_[a-z_]+\b")            # engine ids like cult_income_for_faction
RAW_VP = re.compile(r"\+\d+vp for", re.I)             # engine labels like +8vp for FIRE
ENGINE_NAMES = re.compile(r"\b(?:chaosmagicians|icemaidens|dragonlords|riverwalkers|shapeshifters|halflings|"
                          r"darklings|witches|cultists|engineers)\b")   # lower-case engine faction ids


def _records():
    return [(p.name.split(".")[0], read_record(p.read_text(encoding="utf-8"))) for p in LEDGERS]


def test_thirty_real_ledgers_are_there():
    assert len(LEDGERS) == 30


def test_every_row_of_every_real_game_gets_a_sentence_without_raw_ids():
    told = 0
    for game_id, record in _records():
        teller = RowTeller()
        for row in record.rows:
            text = teller.tell_row(row)
            where = f"{game_id} line {row.line}: {row.command!r} -> {text!r}"
            assert text and text[-1] in ".)", where
            assert "“" not in text, where                  # the fallback (quoted command) is never needed
            assert not SNAKE.search(text), where
            assert not RAW_VP.search(text), where
            assert not ENGINE_NAMES.search(text), where
            assert faction_name(row.faction) in text, where
            # every code in the sentence is followed by its meaning in brackets
            for m in CODE_PATTERN.finditer(text):
                assert text[m.end():m.end() + 2] == " (", where
            told += 1
    assert told > 9000


def test_engine_rows_say_what_they_gave_from_the_totals():
    teller = RowTeller()
    start = (20, 15, 3, 0, 5, 7, 0, 0, 1, 1, 0)
    teller.tell("halflings", "setup", totals=start)
    text = teller.tell("halflings", "cult_income_for_faction", typed=False,
                       totals=(20, 15, 3, 1, 5, 7, 0, 0, 1, 1, 0))
    assert text == "Halflings take the cult bonus of the round scoring tile: +1 priest."
    text = teller.tell("halflings", "other_income_for_faction", typed=False,
                       totals=(20, 21, 5, 1, 3, 9, 0, 0, 1, 1, 0))
    assert text == "Halflings take their income: +6 coins, +2 workers, +2 power."
    assert describe_row("witches", "+8vp for FIRE", typed=False) == \
        "Witches score 8 VP for their place on the fire cult track."
    assert describe_row("witches", "+18vp for network", typed=False) == \
        "Witches score 18 VP for their largest connected network."


def test_typed_commands_read_as_sentences_with_hexes_as_on_the_map():
    assert describe_row("witches", "build e7") == "Witches build a dwelling on E7."
    assert describe_row("cultists", "upgrade E6 to TE. +FAV11") == (
        "Cultists upgrade their trading house on E6 to a temple. Cultists take FAV11 (favor tile: +1 step on "
        "the earth cult track; +2 VP whenever you build a dwelling).")
    assert describe_row("dwarves", "dig 2. transform D4 to gray") == \
        "Dwarves pay for 2 spades. Dwarves transform D4 into mountains."
    assert describe_row("mermaids", "Leech 2 from witches").startswith("Mermaids take 2 power offered by the Witches")
    assert describe_row("icemaidens", "pick-color black") == "Ice Maidens pick swamp as their terrain."
    assert describe_row("riverwalkers", "unlock-terrain green").startswith("Riverwalkers unlock forest")
    assert describe_row("witches", "frobnicate E7") == "Witches type “frobnicate E7”."


@pytest.mark.parametrize("section", ["favor", "bonus", "town", "round_scoring", "power_actions"])
def test_every_tile_code_in_the_data_is_explained(section):
    tiles = getattr(load_tiles(), section)
    texts = {code: explain_code(code) for code in tiles}
    assert len(set(texts.values())) == len(texts)      # no two codes explained alike
    for code, text in texts.items():
        assert code not in text and not SNAKE.search(text), (code, text)


def test_codes_explained_from_the_data():
    assert explain_code("FAV11") == ("favor tile: +1 step on the earth cult track; +2 VP whenever you build a "
                                     "dwelling")
    assert explain_code("bon4") == ("bonus tile: income 3 power; +1 shipping while you hold it")
    assert explain_code("TW1") == "town tile: 5 VP, 6 coins"
    assert explain_code("SCORE5") == ("round scoring tile: 2 VP per dwelling built during the round; at the "
                                      "round's end 4 power per 4 steps on the fire cult track")
    assert explain_code("ACT6") == "power action: 2 spades for 6 power"
    assert "Witches" in explain_code("ACTW")
    with pytest.raises(CompanionError, match="FAV99"):
        explain_code("FAV99")
    assert gloss_codes("pass BON3") == "pass BON3 (bonus tile: income 6 coins)"


def test_final_breakdown_of_every_real_game_matches_its_result():
    for game_id, record in _records():
        result = json.loads((LEDGERS[0].parent / f"{game_id}.result.json").read_text(encoding="utf-8"))
        b = final_breakdown(record.rows)
        assert b is not None, game_id
        final = result.get("final_vp") or {f["faction"]: f["final_vp"] for f in result["factions"]}
        assert b.total == final, game_id
        best = max(final.values())
        assert set(b.winners) == {f for f, vp in final.items() if vp == best}, game_id
        for name in final:
            assert b.before[name] + sum(b.cults[name].values()) + b.network[name] + b.extra[name] + \
                b.resources[name] == b.total[name]
        for f in result.get("factions", ()):       # the games whose result itemises the final scoring
            name = f["faction"]
            assert b.total[name] == f["final_vp"], game_id
            assert b.before[name] == f["vp_before_final_scoring"], game_id
            assert b.cults[name] == f["cult_vp"], game_id
            assert b.network[name] == f["network_vp"], game_id
            assert b.resources[name] == f["resource_vp"], game_id
    assert final_breakdown(record.rows[:50]) is None     # not over yet


def test_breakdown_names_a_tie():
    rows = [type("R", (), dict(faction=f, command=c, totals=(vp,) + (0,) * 10, typed=t))()
            for f, c, vp, t in [("witches", "setup", 20, True), ("nomads", "setup", 20, True),
                                ("witches", "+8vp for FIRE", 28, False), ("nomads", "+8vp for WATER", 28, False)]]
    b = final_breakdown(rows)
    assert b.winners == ["witches", "nomads"]
    assert b.winner_text() == "Tie for first place at 28 VP: Witches, Nomads."


def test_sentences_and_codes_read_in_chinese():
    with using_language("zh_CN"):
        text = describe_row("witches", "build E7")
        assert "女巫" in text and "住所" in text and "E7" in text
        assert "恩惠板块" in explain_code("FAV11")
        assert "奖励板块" in explain_code("BON4")
    assert describe_row("witches", "build E7") == "Witches build a dwelling on E7."
