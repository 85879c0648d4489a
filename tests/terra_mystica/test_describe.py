"""Every row of the 30 real games told in words, tile codes explained, final scoring itemised."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from companion.errors import CompanionError
from companion.i18n import using_language
from companion.terra_mystica import game
from companion.terra_mystica.describe import (
    CODE_PATTERN,
    RowTeller,
    describe_action,
    describe_row,
    explain_code,
    faction_name,
    final_table,
    gloss_codes,
)
from companion.terra_mystica.engine import read_record
from companion.terra_mystica.scoring import FinalBreakdown, FinalScoring, ResourceConversion
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
    assert explain_code("ACT6") == "power action: 6 power: 2 spades"     # tiles.json power_actions_desc
    assert "Witches" in explain_code("ACTW")
    with pytest.raises(CompanionError, match="FAV99"):
        explain_code("FAV99")
    assert gloss_codes("pass BON3") == "pass BON3 (bonus tile: income 6 coins)"


def test_final_table_of_every_real_game_matches_its_result():
    for p in LEDGERS:
        game_id = p.name.split(".")[0]
        result = json.loads((p.parent / f"{game_id}.result.json").read_text(encoding="utf-8"))
        states = game.replay(p.read_text(encoding="utf-8"))
        t = final_table(game.final_breakdown(states[-1]))
        assert t is not None, game_id
        total = dict(zip(t.factions, t.totals, strict=True))
        final = result.get("final_vp") or {f["faction"]: f["final_vp"] for f in result["factions"]}
        assert total == final, game_id
        assert list(t.totals) == sorted(t.totals, reverse=True), game_id
        best = max(final.values())
        assert set(t.winners) == {f for f, vp in final.items() if vp == best}, game_id
        for i, _name in enumerate(t.factions):      # each column adds up to the final VP
            assert sum(values[i] for _label, values in t.lines) == t.totals[i], game_id
        lines = dict(t.lines)
        for f in result.get("factions", ()):       # the games whose result itemises the final scoring
            i = t.factions.index(f["faction"])
            assert lines["VP before the final scoring"][i] == f["vp_before_final_scoring"], game_id
            assert {k: lines[f"{k} cult track"][i] for k in ("fire", "water", "earth", "air")} == \
                {k.lower(): v for k, v in f["cult_vp"].items()}, game_id
            assert lines["largest network"][i] == f["network_vp"], game_id
            assert lines["leftover resources"][i] == f["resource_vp"], game_id
    assert final_table(game.final_breakdown(states[len(states) // 2])) is None     # not over yet


def _player(faction: str, before: int, fire: int) -> FinalBreakdown:
    conversion = ResourceConversion(burned=0, coins_from_power=0, coins_from_priests=0, coins_from_workers=0,
                                    coins=0, coins_per_vp=3, vp=0, coins_left=0, bowls_after=None, explanation="")
    return FinalBreakdown(faction=faction, name=None, vp_before=before,
                          cult_vp={"fire": fire, "water": 0, "earth": 0, "air": 0}, network_vp=0, extra_vp=0,
                          resources=conversion)


def test_final_table_names_a_tie_and_leaves_out_an_unplayed_fire_ice_tile():
    result = FinalScoring(players=(_player("witches", 20, 8), _player("nomads", 24, 4), _player("giants", 10, 2)),
                          winners=("witches", "nomads"))
    t = final_table(result)
    assert t.factions == ("witches", "nomads", "giants") and t.totals == (28, 28, 12)
    assert t.winner_text() == "Tie for first place at 28 VP: Witches, Nomads."
    assert "Fire & Ice final scoring tile" not in dict(t.lines)
    assert final_table(None) is None


def test_describe_action_labels_a_legal_action_in_words():
    assert describe_action(game.Action.parse("witches", "build E7")) == "build a dwelling on E7"
    assert describe_action(game.Action.parse("witches", "pass BON3")) == \
        "pass and take bonus tile BON3 (bonus tile: income 6 coins)"
    assert describe_action(game.Action.parse("witches", "action ACT6")) == \
        "take the action ACT6 (power action: 6 power: 2 spades)"
    state = game.new_game(["witches", "nomads"], seed=1)
    labels = [describe_action(a) for a in game.legal_actions(state)]
    assert labels and all(label and "_" not in label for label in labels)
    with using_language("zh_CN"):
        assert describe_action(game.Action.parse("witches", "build E7")) == "在 E7 建造一个住所"


def test_sentences_and_codes_read_in_chinese():
    with using_language("zh_CN"):
        text = describe_row("witches", "build E7")
        assert "女巫" in text and "住所" in text and "E7" in text
        assert "恩惠板块" in explain_code("FAV11")
        assert "奖励板块" in explain_code("BON4")
    assert describe_row("witches", "build E7") == "Witches build a dwelling on E7."


def test_signed_cult_steps_read_as_one_phrase_in_chinese():
    from companion.terra_mystica.describe import amounts_text

    assert amounts_text({"FIRE": 3, "C": 2}, signed=True) == "+3 steps on the fire cult track, +2 coins"
    assert amounts_text({"CULT": 1}, signed=True) == "+1 step on a cult track of your choice"
    with using_language("zh_CN"):
        fire = amounts_text({"FIRE": 3}, signed=True)
        assert "前进 3 格" in fire and not fire.startswith("+"), fire
        assert amounts_text({"C": 2}, signed=True).startswith("+2")
        assert not amounts_text({"CULT": 1}, signed=True).startswith("+")


def test_rival_gap_says_ahead_behind_or_level_in_both_languages():
    from companion.i18n import using_language
    from companion.terra_mystica.describe import rival_gap

    assert rival_gap(9.0) == "9.0 VP ahead of the best rival"
    assert rival_gap(-9.04) == "9.0 VP behind the best rival"
    assert rival_gap(0.04) == rival_gap(-0.04) == "level with the best rival"
    with using_language("zh_CN"):
        assert rival_gap(9.0) == "领先最强对手 9.0 分"
        assert rival_gap(-2.5) == "落后最强对手 2.5 分"
        assert rival_gap(0.0) == "与最强对手持平"
