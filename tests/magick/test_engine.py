"""Engine rules, one test (or more) per rule of the issue. Sheet numbers come from the reference
reconstruction (tests/magick/fixtures/reference_sheet.json), which the default sheet copies."""

from __future__ import annotations

from dataclasses import replace

import pytest

from companion.errors import IllegalActionError
from companion.magick.engine import (
    EndTurn,
    FreeCircle,
    Place,
    RevealOrder,
    RollDice,
    apply_action,
    legal_actions,
    new_game,
    score,
    winners,
)
from companion.magick.orders import make_order
from companion.magick.sheet import default_sheet

S = default_sheet()
ROLL = {"d6": 6, "d8": 3, "d10": 9, "d12": 1}


def order(item, prefix=None, suffix=None, gold=5):
    return make_order(S, item, prefix, suffix, gold=gold)


FILLER = [order("bracers", "divine", "of_the_dragons", 8), order("plate_armor", "divine", "of_the_elves", 8),
          order("crossbow", "divine", "of_the_dragons", 8)]


def start(n=1, orders=None, adventurers=None, mastery=("steel_mastery", "elemental_mastery"), potions=0,
          roll=ROLL):
    """A game after setup reveals and the first roll."""
    names = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"][:n]
    adventurers = adventurers or ["barbarian", "bounty_hunter", "cleric", "knight", "ranger", "warrior",
                                  "witch", "wizard"][:n]
    s = new_game(names, adventurers=adventurers, mastery=mastery, starting_potions=potions)
    assert s.phase == "reveal"
    for i in range(n):
        for o in (orders[i] if orders else FILLER):
            s = apply_action(s, RevealOrder(i, o))
    assert s.phase == "roll"
    return apply_action(s, RollDice.of(roll)) if roll else s


def with_player(s, i, **changes):
    return replace(s, players=s.players[:i] + (replace(s.players[i], **changes),) + s.players[i + 1:])


def code_of(s, action):
    with pytest.raises(IllegalActionError) as info:
        apply_action(s, action)
    assert info.value.rule or info.value.code in ("unknown_player",)
    return info.value.code


# ---- setup -------------------------------------------------------------------------------------

def test_player_count_bounds():
    assert len(new_game(8).players) == 8
    for bad in (0, 9):
        with pytest.raises(IllegalActionError) as info:
            new_game(bad)
        assert info.value.code == "bad_setup"


def test_setup_choices_starting_potions_and_three_orders():
    for n in range(1, 9):
        s = new_game(n)
        assert all(p.potions == 0 for p in s.players)
        assert all(len(p.orders) == 3 and p.face_down == 3 for p in s.players)


def test_bad_setup_names_parameter():
    with pytest.raises(IllegalActionError, match="adventurers"):
        new_game(["A", "B"], adventurers=["barbarian", "barbarian"])
    with pytest.raises(IllegalActionError, match="mastery"):
        new_game(["A"], mastery=("elemental_mastery", "steel_mastery"))


# ---- dice ----------------------------------------------------------------------------------------

def test_roll_validation_and_physical_entry():
    s = start(roll=None)
    assert code_of(s, RollDice.of({"d6": 7, "d8": 1, "d10": 1, "d12": 1})) == "bad_roll"
    assert code_of(s, RollDice.of({"d6": 1, "d8": 1, "d10": 1})) == "bad_roll"
    assert code_of(s, Place(0, "d6", "sword.1")) == "wrong_phase"
    s = apply_action(s, RollDice.of({"d6": 4, "d8": 8, "d10": 10, "d12": 12}))
    assert s.roll["d12"] == 12 and s.phase == "craft"


def test_crafting_needs_at_least_target():
    s = start()
    s2 = apply_action(s, Place(0, "d6", "sword.1"))           # steel 4, d6 shows 6
    assert "sword.1" in s2.players[0].filled
    assert code_of(s, Place(0, "d8", "staff.1")) == "target_not_met"   # wood 6, d8 shows 3


def test_research_needs_at_most_target():
    s = start()
    assert code_of(s, Place(0, "d10", "of_the_elves.1")) == "target_not_met"   # arcane 8, d10 shows 9
    s2 = apply_action(s, Place(0, "d12", "of_the_elves.2"))                     # wild 10, d12 shows 1
    assert "of_the_elves.2" in s2.players[0].filled


def test_right_value_wrong_die_is_illegal():
    s = start(roll={"d6": 1, "d8": 5, "d10": 5, "d12": 5}, potions=9)
    assert code_of(s, Place(0, "d6", "elite_armor.1")) == "die_not_allowed"     # elemental takes d8/d10/d12
    s2 = apply_action(s, Place(0, "d8", "elite_armor.1", adjust=-4))
    assert s2.players[0].potions == 5


def test_potions_move_a_die_one_each_and_are_paid():
    s = start(potions=1)
    assert code_of(s, Place(0, "d6", "plate_armor.1", adjust=1)) == "target_not_met"    # 7 < 8
    assert code_of(s, Place(0, "d6", "plate_armor.1", adjust=2)) == "not_enough_potions"
    s = with_player(s, 0, potions=2)
    s2 = apply_action(s, Place(0, "d6", "plate_armor.1", adjust=2))
    assert s2.players[0].potions == 0
    s3 = apply_action(s, Place(0, "d10", "of_the_elves.1", adjust=-1))                 # 9 -> 8 <= 8
    assert s3.players[0].potions == 1


def test_where_a_die_may_not_go():
    s = start(potions=5)
    assert code_of(s, Place(0, "d12", "of_the_elves.2", adjust=-1)) == "value_out_of_range"   # below 1
    assert code_of(s, Place(0, "d10", "bracers.1", adjust=4)) == "value_out_of_range"          # above 12
    doc = S.to_dict()
    doc["die_adjustment"]["past_top_face"] = False
    from companion.magick.sheet import sheet_from_dict
    capped = sheet_from_dict(doc)
    s = new_game(["Ann"], adventurers=["barbarian"], sheet=capped, starting_potions=5, orders_per_player=0)
    s = apply_action(s, RollDice.of(ROLL))
    assert code_of(s, Place(0, "d6", "plate_armor.1", adjust=2)) == "value_out_of_range"       # d6 stops at 6


def test_each_die_once_and_two_dice_then_extra_dice():
    s = start(potions=0)
    s = apply_action(s, Place(0, "d6", "sword.1"))
    assert code_of(s, Place(0, "d6", "helmet.1")) == "die_already_used"
    s = apply_action(s, Place(0, "d12", "of_the_elves.2"))
    assert s.players[0].extra_used == 0
    s = apply_action(s, Place(0, "d8", "scroll.1"))              # third die: extra slot 1, free
    assert s.players[0].extra_used == 1


@pytest.mark.parametrize(("used", "potions", "outcome"), [
    (3, 1, "not_enough_potions"), (3, 2, 0), (4, 3, 0), (5, 3, "not_enough_potions"), (5, 4, 0),
    (6, 9, "no_extra_dice_left")])
def test_extra_dice_costs_0_0_0_2_3_4(used, potions, outcome):
    s = start()
    s = apply_action(s, Place(0, "d6", "sword.1"))
    s = apply_action(s, Place(0, "d12", "of_the_elves.2"))
    s = with_player(s, 0, extra_used=used, potions=potions)
    if isinstance(outcome, str):
        assert code_of(s, Place(0, "d10", "bracers.1")) == outcome
    else:
        s2 = apply_action(s, Place(0, "d10", "bracers.1"))
        # bracers completes: +1 potion back
        assert s2.players[0].potions == potions - [0, 0, 0, 2, 3, 4][used] + 1
        assert s2.players[0].extra_used == used + 1


def test_extra_die_slots_do_not_come_back_next_round():
    s = start()
    for a in (Place(0, "d6", "sword.1"), Place(0, "d12", "of_the_elves.2"), Place(0, "d8", "scroll.1"), EndTurn(0)):
        s = apply_action(s, a)
    while s.phase == "reveal":
        s = apply_action(s, RevealOrder(0, FILLER[0]))
    s = apply_action(s, RollDice.of(ROLL))
    assert s.players[0].extra_used == 1 and s.players[0].used_dice == ()


def test_completed_row_gives_gold_and_one_potion():
    s = apply_action(start(), Place(0, "d6", "sword.1"))
    assert "sword" in s.players[0].completed
    assert s.players[0].potions == 1
    assert score(s)[0].crafting == S.row("sword").gold


def test_glamor_gives_its_own_potions():
    s = apply_action(start(), Place(0, "d8", "glamor_potion_supplier.1"))   # elemental 4, d8 3
    assert s.players[0].potions == 5
    assert score(s)[0].research == 1


def test_multi_circle_row_completes_only_when_all_filled():
    s = start(roll={"d6": 6, "d8": 6, "d10": 6, "d12": 6})
    s = apply_action(s, Place(0, "d6", "warhammer.1"))
    assert "warhammer" not in s.players[0].completed
    s = apply_action(s, Place(0, "d8", "warhammer.2"))
    s = apply_action(s, Place(0, "d10", "warhammer.3"))
    assert "warhammer" in s.players[0].completed
    assert score(s)[0].crafting == 4


# ---- orders ------------------------------------------------------------------------------------

def test_order_claimed_as_soon_as_done_and_replaced_face_down():
    sword = order("sword", gold=4)
    s = start(orders=[[FILLER[0], sword, FILLER[1]]])
    s = apply_action(s, Place(0, "d6", "sword.1"))
    p = s.players[0]
    assert p.fulfilled == (sword,)
    assert p.orders == (FILLER[0], None, FILLER[1])
    assert score(s)[0].orders == 4


def test_order_needs_every_named_row_and_rows_are_not_used_up():
    ring_ev = order("ring", "everlasting", None, 4)
    ring_ev_orcs = order("ring", "everlasting", "of_the_orcs", 7)
    s = start(orders=[[ring_ev_orcs, ring_ev, FILLER[0]]])
    s = with_player(s, 0, filled=frozenset({"everlasting.1", "everlasting.2"}), completed=("everlasting",))
    s = apply_action(s, Place(0, "d8", "ring.1"))             # leather 3, d8 shows 3
    p = s.players[0]
    assert p.fulfilled == (ring_ev,)
    s = with_player(s, 0, filled=p.filled | {"of_the_orcs.1", "of_the_orcs.2"},
                    completed=p.completed + ("of_the_orcs",))
    s = apply_action(s, Place(0, "d6", "sword.1"))            # any action re-checks orders
    assert set(s.players[0].fulfilled) == {ring_ev, ring_ev_orcs}
    assert score(s)[0].orders == 11


def test_customer_phase_leftmost_unfinished_passes_left_and_reveals():
    a = [order("sword", gold=1), order("staff", gold=2), order("ring", gold=3)]
    b = [order("helmet", gold=4), order("scroll", gold=5), order("backpack", gold=6)]
    c = [order("bracers", gold=7), order("greaves", gold=8), order("crossbow", gold=9)]
    s = start(3, orders=[a, b, c])
    s = apply_action(s, Place(0, "d6", "sword.1"))            # Ann fulfils her leftmost (sword)
    for i in range(3):
        s = apply_action(s, EndTurn(i))
    assert s.phase == "reveal" and s.round == 2
    assert s.players[0].orders == (None, a[2], c[0])          # Ann passed staff; the sword slot is face down
    assert s.players[1].orders == (b[1], b[2], a[1])
    assert s.players[2].orders == (c[1], c[2], b[0])
    assert code_of(s, RollDice.of(ROLL)) == "wrong_phase"
    assert code_of(s, RevealOrder(1, a[0])) == "no_face_down_order"
    new = order("helmet", "divine", gold=5)
    s = apply_action(s, RevealOrder(0, new))
    assert s.players[0].orders == (new, a[2], c[0]) and s.phase == "roll"


def test_received_order_already_done_is_claimed_next_round():
    a = [order("sword", gold=1), FILLER[0], FILLER[1]]
    b = [order("helmet", gold=4), FILLER[0], FILLER[1]]
    s = start(2, orders=[a, b])
    s = apply_action(s, Place(1, "d6", "helmet.1"))           # Bob: helmet done, his helmet order claimed
    s = apply_action(s, EndTurn(0))
    s = apply_action(s, EndTurn(1))
    s = apply_action(s, RevealOrder(1, order("helmet", gold=3)))   # Bob's new card needs a helmet too
    assert s.players[1].fulfilled == (b[0],)
    s = apply_action(s, RollDice.of(ROLL))
    assert len(s.players[1].fulfilled) == 2


def test_reveal_none_removes_slot_when_deck_is_empty():
    s = start(1, orders=[[order("sword", gold=1), FILLER[0], FILLER[1]]])
    s = apply_action(s, Place(0, "d6", "sword.1"))
    s = apply_action(s, EndTurn(0))
    while s.phase == "reveal":
        s = apply_action(s, RevealOrder(0, None))
    assert s.players[0].orders == (FILLER[1],)


def test_solo_order_market():
    a = [order("staff", gold=1), order("sword", gold=2), order("ring", gold=3)]
    s = start(1, orders=[a])
    s = apply_action(s, EndTurn(0))
    assert s.players[0].orders == (a[1], a[2], None)          # leftmost leaves, a new card face down
    new = order("helmet", gold=4)
    s = apply_action(s, RevealOrder(0, new))
    assert s.players[0].orders == (a[1], a[2], new)


def test_bad_order_reveal():
    s = start(roll=None)
    s = replace(s, phase="reveal", players=(replace(s.players[0], orders=(None,)),))
    with pytest.raises(IllegalActionError) as info:
        apply_action(s, RevealOrder(0, make_order(S, "sword", gold=2).__class__("x", "nope", None, None, 2)))
    assert info.value.code == "bad_order" and "item" in str(info.value)


# ---- adventurer --------------------------------------------------------------------------------

ORCS = {"of_the_orcs.1", "of_the_orcs.2"}
HAMMER = {"warhammer.1", "warhammer.2", "warhammer.3"}


def test_adventurer_requirements_in_order_with_rewards():
    s = start(adventurers=["barbarian"])                       # scroll, warhammer, helmet + of the Orcs
    s = with_player(s, 0, filled=frozenset(ORCS | HAMMER), completed=("of_the_orcs", "warhammer"))
    s = apply_action(s, Place(0, "d6", "sword.1"))             # any action: requirement 2 alone does not count
    assert s.players[0].adventurer_steps == 0
    s = apply_action(s, Place(0, "d8", "scroll.1"))            # wood 3: requirement 1, then 2 at once
    p = s.players[0]
    assert p.adventurer_steps == 2
    assert p.potions == 1 + 1 + 3                              # sword, scroll, 1st requirement
    assert p.free_circles == 1
    assert code_of(s, Place(0, "d10", "bracers.1")) == "free_circle_pending"
    assert code_of(s, EndTurn(0)) == "free_circle_pending"
    assert code_of(s, FreeCircle(0, "sword.1")) == "circle_filled"
    s = apply_action(s, FreeCircle(0, "helmet.1"))             # completes helmet -> requirement 3
    p = s.players[0]
    assert "helmet" in p.completed and p.adventurer_steps == 3 and p.free_circles == 1
    assert score(s)[0].adventurer == 5
    s = apply_action(s, FreeCircle(0, "plate_armor.1"))        # steel 8 without a die
    assert "plate_armor.1" in s.players[0].filled and s.players[0].free_circles == 0
    assert code_of(s, FreeCircle(0, "greaves.1")) == "no_free_circle"


def test_first_requirement_gives_three_potions_not_five():
    s = start(adventurers=["barbarian"])
    s = with_player(s, 0, filled=frozenset(ORCS), completed=("of_the_orcs",))
    s = apply_action(s, Place(0, "d8", "scroll.1"))
    assert s.players[0].potions == 1 + 3


def test_free_circle_completing_a_row_scores_normally():
    s = start(adventurers=["barbarian"])
    s = with_player(s, 0, free_circles=1)
    s = apply_action(s, FreeCircle(0, "ring.1"))
    assert "ring" in s.players[0].completed and s.players[0].potions == 1
    assert score(s)[0].crafting == 2


def test_free_circle_lost_when_sheet_is_full():
    s = start(adventurers=["barbarian"])
    all_but_one = frozenset(c.key for c in S.circles if c.key != "scroll.1")
    s = with_player(s, 0, filled=all_but_one | ORCS, completed=("of_the_orcs",))
    s = apply_action(s, Place(0, "d8", "scroll.1"))
    assert s.players[0].free_circles == 0


# ---- mastery -----------------------------------------------------------------------------------

STEEL_BUT_SWORD = frozenset({"grimoire.1", "warhammer.1", "helmet.1", "greaves.1", "plate_armor.1"})


def test_mastery_first_gets_8_same_round_ties_later_get_4_once_each():
    s = start(3)
    for i in range(3):
        s = with_player(s, i, filled=STEEL_BUT_SWORD, completed=("helmet",))
    s = apply_action(s, Place(0, "d6", "sword.1"))
    s = apply_action(s, Place(1, "d6", "sword.1"))
    for i in range(3):
        s = apply_action(s, EndTurn(i))
    assert [p.mastery for p in s.players] == [(("steel_mastery", 8),), (("steel_mastery", 8),), ()]
    assert s.flipped == ("steel_mastery",)
    while s.phase == "reveal":
        i = next(k for k, p in enumerate(s.players) if p.face_down)
        s = apply_action(s, RevealOrder(i, FILLER[0]))
    s = apply_action(s, RollDice.of(ROLL))
    s = apply_action(s, Place(2, "d6", "sword.1"))
    for i in range(3):
        s = apply_action(s, EndTurn(i))
    assert [p.mastery for p in s.players] == [(("steel_mastery", 8),), (("steel_mastery", 8),),
                                              (("steel_mastery", 4),)]
    assert [g.mastery for g in score(s)] == [8, 8, 4]


def test_mastery_needs_threshold():
    s = start(1)
    s = with_player(s, 0, filled=STEEL_BUT_SWORD - {"greaves.1"}, completed=("helmet",))
    s = apply_action(s, Place(0, "d6", "sword.1"))
    s = apply_action(s, EndTurn(0))
    assert s.players[0].mastery == () and s.flipped == ()


# ---- charms, score, winners ------------------------------------------------------------------

def test_charm_gold_per_fulfilled_order_of_its_group():
    s = start(orders=[[order("sword", gold=3), order("staff", gold=3), order("ring", gold=3)]])
    s = with_player(s, 0, filled=frozenset({"weapon_prestige.1", "weapon_prestige.2", "staff.1"}),
                    completed=("weapon_prestige", "staff"))
    s = apply_action(s, Place(0, "d6", "sword.1"))
    g = score(s)[0]
    assert g.charms == 2 * 2                                   # staff + sword orders, 2 gold each
    assert g.research == 2 and g.orders == 6


def test_winners_share_ties():
    s = start(2)
    assert winners(s) == ["Ann", "Bob"]
    s = apply_action(s, Place(1, "d6", "sword.1"))
    assert winners(s) == ["Bob"]


# ---- flow --------------------------------------------------------------------------------------

def test_illegal_flow_codes():
    s = start(2)
    assert code_of(s, Place(5, "d6", "sword.1")) == "unknown_player"
    assert code_of(s, Place(0, "d20", "sword.1")) == "unknown_die"
    assert code_of(s, Place(0, "d6", "nope.1")) == "unknown_circle"
    s = apply_action(s, EndTurn(0))
    assert code_of(s, Place(0, "d6", "sword.1")) == "player_done"
    s2 = apply_action(s, Place(1, "d6", "sword.1"))
    assert code_of(s2, Place(1, "d6", "sword.1")) == "die_already_used"
    s3 = apply_action(s2, Place(1, "d8", "scroll.1"))
    assert code_of(s3, Place(1, "d10", "sword.1")) == "circle_filled"


def test_ten_rounds_then_over():
    s = start(1)
    for _ in range(10):
        s = apply_action(s, EndTurn(0))
        while s.phase == "reveal":
            s = apply_action(s, RevealOrder(0, FILLER[0]))
        if s.phase == "roll":
            s = apply_action(s, RollDice.of(ROLL))
    assert s.over and s.round == 10
    assert legal_actions(s) == []
    assert code_of(s, RollDice.of(ROLL)) == "game_over"


def test_legal_actions_are_all_legal():
    s = start(2, potions=3)
    acts = legal_actions(s)
    assert EndTurn(0) in acts and EndTurn(1) in acts
    for a in acts:
        apply_action(s, a)
    assert not any(isinstance(a, Place) and a.die == "d6" and a.circle.startswith("elite") for a in acts)


def test_solo_row_keeps_its_size_when_every_order_was_claimed():
    a = [order("sword", gold=1), order("sword", gold=2), order("sword", gold=3)]
    s = start(1, orders=[a])
    s = apply_action(s, Place(0, "d6", "sword.1"))
    assert s.players[0].orders == (None, None, None)
    s = apply_action(s, EndTurn(0))
    assert s.players[0].orders == (None, None, None) and s.phase == "reveal"


def test_setup_overrides():
    s = new_game(["A", "B"], starting_potions=3, orders_per_player=2)
    assert [p.potions for p in s.players] == [3, 3]
    assert [len(p.orders) for p in s.players] == [2, 2]
    with pytest.raises(IllegalActionError, match="starting_potions"):
        new_game(["A"], starting_potions=-1)
    with pytest.raises(IllegalActionError, match="orders_per_player"):
        new_game(["A"], orders_per_player=11)


def test_user_sheet_must_have_the_rows_the_cards_name():
    doc = S.to_dict()
    doc["groups"][1]["rows"][3]["id"] = "maul"                 # warhammer renamed
    from companion.magick.sheet import sheet_from_dict
    sheet = sheet_from_dict(doc)
    with pytest.raises(IllegalActionError, match="warhammer") as info:
        new_game(["A"], adventurers=["barbarian"], sheet=sheet)
    assert info.value.code == "bad_setup"
    assert new_game(["A"], adventurers=["witch"], sheet=sheet).players[0].adventurer == "witch"


def test_legal_actions_unknown_player():
    with pytest.raises(IllegalActionError) as info:
        legal_actions(start(), 3)
    assert info.value.code == "unknown_player"


def test_random_setup_only_picks_adventurers_the_sheet_fits():
    import random
    doc = S.to_dict()
    doc["groups"][1]["rows"][3]["id"] = "maul"
    from companion.magick.sheet import sheet_from_dict
    sheet = sheet_from_dict(doc)
    for seed in range(20):
        s = new_game(6, rng=random.Random(seed), sheet=sheet)
        assert not {"barbarian", "bounty_hunter"} & {p.adventurer for p in s.players}
