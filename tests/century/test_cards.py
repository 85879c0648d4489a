"""Card data invariants, checked against the reference copy in fixtures/ (not against the loader's own output)."""

import json
from collections import Counter
from pathlib import Path

import pytest

from companion.century.cards import COLOURS, crystals, golem_points_formula, load_cards, parse_cards
from companion.errors import RulesDataError

FIXTURE = json.loads((Path(__file__).parent / "fixtures" / "cards.json").read_text(encoding="utf-8"))


def test_counts_by_type():
    cards = load_cards()
    assert len(cards.starting) == 2
    assert len(cards.market) == 43
    assert Counter(c.kind for c in cards.market) == {"trade": 34, "create": 8, "upgrade": 1}
    assert len(cards.golems) == 36


def test_golems_distinct_and_total():
    cards = load_cards()
    assert len({g.cost for g in cards.golems}) == 36
    assert sum(g.points for g in cards.golems) == 468
    assert min(g.points for g in cards.golems) == 6
    assert max(g.points for g in cards.golems) == 20
    assert Counter(sum(g.cost) for g in cards.golems) == {4: 13, 5: 15, 6: 8}


def test_points_formula_holds_for_every_golem():
    for g in FIXTURE["golem_cards"]:
        levels = sum({"yellow": 1, "green": 2, "blue": 3, "pink": 4}[k] * v for k, v in g["cost"].items())
        used = sum(1 for v in g["cost"].values() if v)
        assert g["points"] == levels + {3: 1, 4: 2}.get(used, 0)
        assert golem_points_formula(crystals(g["cost"])) == g["points"]


def test_loaded_cards_match_reference_fixture():
    cards = load_cards()
    for doc in FIXTURE["market_cards"]:
        card = cards.merchant(doc["id"])
        assert card.kind == doc["type"]
        assert card.notation == doc["golem_notation"]
        for i, colour in enumerate(COLOURS):
            assert card.inputs[i] == doc["inputs"].get(colour, 0)
            assert card.outputs[i] == doc["outputs"].get(colour, 0)
    for doc in FIXTURE["golem_cards"]:
        g = cards.golem(doc["id"])
        assert g.points == doc["points"]
        assert g.notation == doc["golem_notation"]


def test_starting_cards():
    cards = load_cards()
    create, upgrade = cards.starting
    assert (create.kind, create.outputs) == ("create", (2, 0, 0, 0))
    assert (upgrade.kind, upgrade.upgrades) == ("upgrade", 2)
    assert cards.merchant("M06").upgrades == 3


def test_bad_golem_points_name_key_path():
    doc = json.loads(json.dumps(FIXTURE))
    doc["golem_cards"][3]["points"] += 1
    with pytest.raises(RulesDataError, match=r"golem_cards\[3\]\.points"):
        parse_cards(doc)


def test_unknown_colour_names_key_path():
    doc = json.loads(json.dumps(FIXTURE))
    doc["market_cards"][5]["outputs"] = {"red": 1}
    with pytest.raises(RulesDataError, match=r"market_cards\[5\]\.outputs\.red"):
        parse_cards(doc)


def test_missing_card_detected():
    doc = json.loads(json.dumps(FIXTURE))
    del doc["market_cards"][0]
    with pytest.raises(RulesDataError, match="expected 43"):
        parse_cards(doc)
