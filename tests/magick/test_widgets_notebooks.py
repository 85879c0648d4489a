"""The notebooks state the engine's readings where the rules summary is silent, and they match the engine."""

from __future__ import annotations

import json
import random
from pathlib import Path

from companion.magick import engine
from companion.magick.orders import load_cards
from companion.magick.sheet import default_sheet

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks" / "magick"


def _markdown(name: str) -> str:
    cells = json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))["cells"]
    return "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")


def test_learn_notebook_choices_table_matches_the_engine_data():
    text = _markdown("learn_the_rules.ipynb")
    cards, sheet = load_cards(), default_sheet()
    row = {line.split("|")[1].strip(): line.split("|")[2].strip() for line in text.splitlines()
           if line.startswith("| ") and line.count("|") >= 3}
    assert row["Starting potions"] == f"**{cards.starting_potions}**"
    assert set(cards.orders_per_player.values()) == {3} and row["Orders per player"].startswith("**3**")
    assert sheet.past_top_face and row["May a potion lift a die past its top face?"].startswith("**Yes**")
    assert f"below {sheet.min_value} or above {sheet.max_value}" in row["May a potion lift a die past its top face?"]
    assert f"**both take {cards.mastery_gold_first}** gold; later players take {cards.mastery_gold_later}" \
        in row["Two players meet a mastery card in the same round"]
    costs = sheet.extra_dice_costs
    assert costs[:3] == (0, 0, 0) and f"cost {costs[3]}, {costs[4]} and {costs[5]} potions" in text
    assert f"**{cards.adventurer_potions} potions**" in text


def test_the_solo_market_described_is_what_the_engine_does():
    # "each round the leftmost unfinished order leaves, the rest slide left and a new order comes face down"
    assert "leftmost unfinished order leaves" in _markdown("learn_the_rules.ipynb")
    rng = random.Random(2)
    state = engine.new_game(["Solo"], rng=rng)
    while state.phase == "reveal":
        state = engine.apply_action(state, engine.chance_action(state, rng))
    before = state.players[0].orders
    state = engine.apply_action(state, engine.RollDice.of({"d6": 1, "d8": 1, "d10": 1, "d12": 12}))
    state = engine.apply_action(state, engine.EndTurn(0))
    after = state.players[0].orders
    assert after[:-1] == before[1:] and after[-1] is None   # slid left, a face-down card on the right


def test_every_magick_notebook_labels_the_sheet_or_orders_as_reconstructions():
    assert "reconstruction" in _markdown("learn_the_rules.ipynb").lower()
    assert "not the printed" in " ".join(_markdown("play_a_full_game.ipynb").lower().split())
    assert "reconstruction" in _markdown("edit_your_sheet.ipynb").lower()
    assert "share the victory" in _markdown("score_a_table_game.ipynb")
