"""Engine tests: setup, every Q&A answer of the rules summary and every tricky case of tricky-cases.md.

Expected numbers are worked out by hand from the rules text (cited in each test), never by the engine.
"""

import pytest

from companion.century import (
    CHANCE,
    Acquire,
    Claim,
    Discard,
    PlayCard,
    Rest,
    RevealGolem,
    RevealMerchant,
    apply_action,
    chance_pending,
    legal_actions,
    new_game,
    score,
    to_move,
)
from companion.century.engine import discard_choices, payment_choices, upgrade_choices
from companion.century.state import DISCARD, MAIN
from companion.errors import IllegalActionError

GOLEMS = ["G01", "G02", "G03", "G04", "G05"]      # yygg 6, yyygg 7, gggg 8, yybb 8, yyggg 8
MARKET = ["M01", "M02", "M03", "M04", "M05", "M06"]  # yyy->p, g->yyy, ->yg, ->b, ->yyy, upgrade 3


def table(n=4, golems=GOLEMS, market=MARKET, **fields):
    s = new_game(n, golem_row=golems, market=market, deal=False)
    return s._replace(**fields) if fields else s


def with_player(s, p=None, *, caravan=None, hand=None, played=None, golems=None):
    p = s.current if p is None else p

    def put(t, v):
        return t[:p] + (v,) + t[p + 1:]

    if caravan is not None:
        s = s._replace(caravans=put(s.caravans, tuple(caravan)))
    if hand is not None:
        s = s._replace(hands=put(s.hands, tuple(hand)))
    if played is not None:
        s = s._replace(played=put(s.played, tuple(played)))
    if golems is not None:
        s = s._replace(golems=put(s.golems, tuple(golems)))
    return s


def code_of(s, a):
    with pytest.raises(IllegalActionError) as info:
        apply_action(s, a)
    return info.value.code


# ------------------------------------------------------------------------------------------- setup


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_setup_by_seat(n):
    s = new_game(n, seed=7)
    expected = [(3, 0, 0, 0), (4, 0, 0, 0), (4, 0, 0, 0), (3, 1, 0, 0), (3, 1, 0, 0)][:n]
    assert list(s.caravans) == expected
    assert all(sorted(h) == ["S01", "S02"] for h in s.hands)
    assert s.copper_pile == 2 * n and s.silver_pile == 2 * n
    assert len(s.golem_row) == 5 and len(s.market) == 6
    assert len(s.golem_deck) == 31 and len(s.merchant_deck) == 37
    assert s.current == 0 and s.stage == MAIN and to_move(s) == 0


def test_undealt_setup_waits_for_reveals():
    s = new_game(3, deal=False)
    assert to_move(s) == CHANCE and chance_pending(s) == "golem"
    assert len(legal_actions(s)) == 36
    for gid in GOLEMS:
        s = apply_action(s, RevealGolem(gid))
    assert chance_pending(s) == "merchant"
    assert code_of(s, RevealGolem("G06")) == "no_reveal_due"
    assert code_of(s, Rest()) == "reveal_pending"
    for mid in MARKET:
        s = apply_action(s, RevealMerchant(mid))
    assert to_move(s) == 0
    assert s.golem_row == tuple(GOLEMS) and s.market == tuple(MARKET)


@pytest.mark.parametrize("n", [1, 6, "4"])
def test_bad_player_count(n):
    with pytest.raises(IllegalActionError) as info:
        new_game(n)
    assert info.value.code == "bad_setup"


def test_bad_rows():
    with pytest.raises(IllegalActionError, match="golem row"):
        new_game(4, golem_row=["G01", "G01", "G02", "G03", "G04"], market=MARKET)
    with pytest.raises(IllegalActionError, match="6 cards"):
        new_game(4, golem_row=GOLEMS, market=MARKET[:5])


# ------------------------------------------------------------------------------------------- acquire


def test_qa_acquire_fourth_card_pays_three_left_cards():
    # Q&A "购买第四张商人卡": one crystal of your choice on each of the 3 cards to its left, then take the
    # card and the crystals that were on it; the crystals on the left cards stay there.
    s = table()
    s = s._replace(market_crystals=((0, 0, 0, 0), (0, 0, 0, 0), (0, 1, 0, 0), (0, 0, 2, 0), (0,) * 4, (0,) * 4))
    s = with_player(s, caravan=(2, 1, 0, 0))
    n = apply_action(s, Acquire(4, (0, 1, 0)))   # yellow on M01, green on M02, yellow on M03
    assert n.caravans[0] == (0, 0, 2, 0)           # 2y+1g - (2y+1g) + 2 blue from M04
    assert "M04" in n.hands[0]
    assert n.market[:3] == ("M01", "M02", "M03")
    assert n.market_crystals[:3] == ((1, 0, 0, 0), (0, 1, 0, 0), (1, 1, 0, 0))
    assert len(n.market) == 5 and chance_pending(n) == "merchant"


def test_qa_target_crystals_cannot_pay_for_it():
    # Same Q&A: cannot take the target's crystals first to pay. 2 crystals, position 4 needs 3.
    s = table()
    s = s._replace(market_crystals=((0,) * 4,) * 3 + ((3, 0, 0, 0),) + ((0,) * 4,) * 2)
    s = with_player(s, caravan=(2, 0, 0, 0))
    assert code_of(s, Acquire(4, (0, 0, 0))) == "not_enough_crystals"
    assert not any(isinstance(a, Acquire) and a.position == 4 for a in legal_actions(s))


def test_qa_leftmost_card_is_free_and_keeps_its_crystals():
    s = table()
    s = s._replace(market_crystals=((0, 1, 0, 1),) + ((0,) * 4,) * 5)
    s = with_player(s, caravan=(0, 0, 0, 0))
    n = apply_action(s, Acquire(1))
    assert n.caravans[0] == (0, 1, 0, 1)
    assert n.hands[0][-1] == "M01"


def test_tricky_1_acquire_card_with_crystals():
    # Market [A, B, C(2 green)], player 3 yellow + 1 blue takes C paying 2 yellow -> 1y + 1b + 2g.
    s = table()
    s = s._replace(market_crystals=((0,) * 4, (0,) * 4, (0, 2, 0, 0)) + ((0,) * 4,) * 3)
    s = with_player(s, caravan=(3, 0, 1, 0))
    n = apply_action(s, Acquire(3, (0, 0)))
    assert n.caravans[0] == (1, 2, 1, 0)
    assert n.market_crystals[0] == (1, 0, 0, 0) and n.market_crystals[1] == (1, 0, 0, 0)


def test_tricky_9_position_five_needs_four_crystals_of_any_colour():
    s = with_player(table(), caravan=(1, 0, 1, 1))
    assert code_of(s, Acquire(5, (0, 2, 3))) == "bad_payment"        # 3 placed for position 5
    assert code_of(s, Acquire(5, (0, 2, 3, 3))) == "not_enough_crystals"
    s = with_player(s, caravan=(1, 0, 1, 2))
    n = apply_action(s, Acquire(5, (3, 0, 3, 2)))                     # pink accepted as payment
    assert n.caravans[0] == (0, 0, 0, 0)
    assert n.market_crystals[:4] == ((0, 0, 0, 1), (1, 0, 0, 0), (0, 0, 0, 1), (0, 0, 1, 0))


def test_bad_payment_refusal_names_crystals_not_colour_numbers():
    # Review 3 finding 6: "acquire 3 pay pppp" was refused with "(colour indices 0..3), got (3, 3, 3, 3)".
    s = with_player(table(), caravan=(0, 0, 0, 4))
    with pytest.raises(IllegalActionError) as info:
        apply_action(s, Acquire(3, (3, 3, 3, 3)))
    message = str(info.value)
    assert "needs exactly 2 crystals placed" in message and "got 4 pink crystals" in message
    assert "indices" not in message and "(3, 3, 3, 3)" not in message


def test_payment_choices_count_is_ordered():
    # 1 yellow + 1 blue placed on two cards: (y, b) or (b, y) -> 2 distinct actions; 2 yellow -> 1.
    assert sorted(payment_choices((1, 0, 1, 0), 2)) == [(0, 2), (2, 0)]
    assert payment_choices((2, 0, 0, 0), 2) == [(0, 0)]
    assert payment_choices((1, 0, 0, 0), 2) == []


def test_qa_new_card_not_playable_this_turn_and_no_draw():
    # Q&A "新商人卡能立即打出吗": acquiring ends the turn; the card is in hand for next time.
    s = table()
    n = apply_action(s, Acquire(1))
    assert n.current == 1 and n.turn == 1
    assert n.hands[0] == ("S01", "S02", "M01")


def test_empty_merchant_deck_row_shrinks():
    s = table(merchant_deck=())
    n = apply_action(s, Acquire(2, (0,)))
    assert n.market == ("M01", "M03", "M04", "M05", "M06")
    assert chance_pending(n) is None and to_move(n) == 1
    assert code_of(with_player(n, 1, caravan=(9, 0, 0, 0)), Acquire(6, (0,) * 5)) == "bad_position"


# ------------------------------------------------------------------------------------------- play


def test_qa_upgrade_two_steps_on_one_crystal():
    # Q&A "Upgrade 2": yellow -> green -> blue on the same crystal.
    s = with_player(table(), caravan=(1, 0, 0, 0))
    assert apply_action(s, PlayCard("S02", 1, (1, 1, 0, 0))).caravans[0] == (0, 0, 1, 0)


def test_qa_upgrade_two_crystals_one_step_each_or_fewer():
    s = with_player(table(), caravan=(1, 1, 0, 0))
    assert apply_action(s, PlayCard("S02", 1, (1, 1, 0, 0))).caravans[0] == (0, 1, 1, 0)
    assert apply_action(s, PlayCard("S02", 1, (1, 0, 0, 0))).caravans[0] == (0, 2, 0, 0)
    n = apply_action(s, PlayCard("S02"))       # using none is allowed
    assert n.caravans[0] == (1, 1, 0, 0) and n.played[0] == ("S02",)


def test_qa_upgrade_limits():
    s = with_player(table(), caravan=(3, 0, 0, 2))
    assert code_of(s, PlayCard("S02", 1, (3, 0, 0, 0))) == "too_many_upgrades"
    assert code_of(s, PlayCard("S02", 1, (0, 0, 0, 1))) == "pink_cannot_upgrade"
    assert code_of(s, PlayCard("S02", 1, (0, 1, 0, 0))) == "not_enough_crystals"   # no green to upgrade
    # Crystals on market cards are not yours to upgrade.
    t = with_player(table(), caravan=(0, 0, 0, 0))
    t = t._replace(market_crystals=((2, 0, 0, 0),) + ((0,) * 4,) * 5)
    assert code_of(t, PlayCard("S02", 1, (1, 0, 0, 0))) == "not_enough_crystals"


def test_upgrade_choices_by_hand():
    # 3 yellow, 2 steps: none; y; yy; y then the same crystal g->b. Nothing else.
    assert sorted(upgrade_choices((3, 0, 0, 0), 2)) == [(0, 0, 0, 0), (1, 0, 0, 0), (1, 1, 0, 0), (2, 0, 0, 0)]
    # Upgrade 3 on 1 yellow + 1 pink: none, y, y->g->b, y->g->b->p
    assert sorted(upgrade_choices((1, 0, 0, 1), 3)) == [(0, 0, 0, 0), (1, 0, 0, 0), (1, 1, 0, 0), (1, 1, 1, 0)]


def test_qa_trade_repeated_each_paid_in_full():
    # Q&A "同一张交易卡能重复几次" / tricky case 2: yy->b with 6 yellow: 1, 2 or 3 times.
    s = with_player(table(), caravan=(6, 0, 0, 0), hand=("S01", "S02", "M19"))
    for times, after in ((1, (4, 0, 1, 0)), (2, (2, 0, 2, 0)), (3, (0, 0, 3, 0))):
        assert apply_action(s, PlayCard("M19", times)).caravans[0] == after
    assert code_of(s, PlayCard("M19", 4)) == "not_enough_crystals"
    assert code_of(s, PlayCard("M19", 0)) == "bad_trade_count"
    trades = [a for a in legal_actions(s) if isinstance(a, PlayCard) and a.card == "M19"]
    assert sorted(a.times for a in trades) == [1, 2, 3]
    # Partial inputs cannot be traded.
    t = with_player(table(), caravan=(1, 0, 0, 0), hand=("M19",))
    assert code_of(t, PlayCard("M19")) == "not_enough_crystals"


def test_tricky_3_over_ten_during_turn_then_discard_by_choice():
    # 9 crystals with 2 pink, p->bb twice -> 11; legal; the player then returns 1 of their choice.
    s = with_player(table(), caravan=(5, 2, 0, 2), hand=("M43",))
    n = apply_action(s, PlayCard("M43", 2))
    assert n.caravans[0] == (5, 2, 4, 0)
    assert n.stage == DISCARD and n.current == 0 and to_move(n) == 0
    assert code_of(n, Rest()) == "discard_pending"
    assert sorted(a.crystals for a in legal_actions(n)) == [(0, 0, 1, 0), (0, 1, 0, 0), (1, 0, 0, 0)]
    assert code_of(n, Discard((2, 0, 0, 0))) == "wrong_discard"
    done = apply_action(n, Discard((0, 0, 1, 0)))
    assert done.caravans[0] == (5, 2, 3, 0) and done.current == 1 and done.stage == MAIN


def test_tricky_3_acquire_bonus_over_ten():
    s = table()
    s = s._replace(market_crystals=((0, 0, 0, 3),) + ((0,) * 4,) * 5)
    s = with_player(s, caravan=(10, 0, 0, 0))
    n = apply_action(s, Acquire(1))
    assert n.caravans[0] == (10, 0, 0, 3) and n.stage == DISCARD
    assert len(discard_choices(n.caravans[0])) == 4   # 3y, 2y+1p, 1y+2p, 3p
    assert code_of(table(), Discard((0, 0, 0, 0))) == "no_discard_due"


def test_played_cards_stay_until_rest():
    s = with_player(table(), caravan=(0, 0, 0, 0))
    n = apply_action(s, PlayCard("S01"))
    assert n.caravans[0] == (2, 0, 0, 0) and n.hands[0] == ("S02",) and n.played[0] == ("S01",)
    n = n._replace(current=0)
    assert code_of(n, PlayCard("S01")) == "card_not_in_hand"
    r = apply_action(n, Rest())
    assert sorted(r.hands[0]) == ["S01", "S02"] and r.played[0] == () and r.current == 1


def test_rest_with_nothing_played_is_not_allowed():
    # The rules are silent; we forbid it (it only wastes the turn). A player always has an action.
    s = table()
    assert code_of(s, Rest()) == "nothing_to_rest"
    assert Rest() not in legal_actions(s)


def test_wrong_choices_on_cards():
    s = with_player(table(), caravan=(3, 0, 0, 0), hand=("S01", "S02", "M01"))
    assert code_of(s, PlayCard("S01", 2)) == "wrong_choice"
    assert code_of(s, PlayCard("M01", 1, (1, 0, 0, 0))) == "wrong_choice"
    assert code_of(s, PlayCard("M40")) == "card_not_in_hand"


# ------------------------------------------------------------------------------------------- claim & coins


def test_qa_claim_any_golem_exact_colours():
    # Q&A "得分卡只能领取最左边吗": any of the five; exact colours; only the cost is returned.
    s = with_player(table(), caravan=(2, 2, 0, 2))
    assert code_of(s, Claim(4)) == "not_enough_crystals"      # yybb: pink does not stand in for blue
    assert code_of(s, Claim(5)) == "not_enough_crystals"      # yyggg: needs 3 green
    assert {a.position for a in legal_actions(s) if isinstance(a, Claim)} == {1}
    t = with_player(table(), caravan=(2, 3, 0, 1))
    n = apply_action(t, Claim(5))                             # the rightmost golem is fine too
    assert n.caravans[0] == (0, 0, 0, 1) and n.golems[0] == ("G05",)
    assert n.copper == (0,) * 4 and n.silver == (0,) * 4      # position 5 pays no coin
    assert code_of(t, Claim(6)) == "bad_position"


def test_claim_pays_cost_keeps_rest_and_slides():
    s = with_player(table(), caravan=(3, 2, 0, 1))
    assert code_of(s, Claim(3)) == "not_enough_crystals"      # gggg needs 4 green
    n = apply_action(s, Claim(2))                             # yyygg
    assert n.caravans[0] == (0, 0, 0, 1)
    assert n.golems[0] == ("G02",)
    assert n.golem_row == ("G01", "G03", "G04", "G05") and chance_pending(n) == "golem"
    assert n.silver[0] == 1 and n.silver_pile == 7 and n.copper_pile == 8   # position 2 pays silver


def test_tricky_10_coin_stays_with_position_one():
    s = with_player(table(), caravan=(2, 2, 0, 0))
    n = apply_action(s, Claim(1))
    assert n.copper[0] == 1 and n.copper_pile == 7 and n.golem_row[0] == "G02"
    n = apply_action(n, RevealGolem("G20"))
    assert n.golem_row == ("G02", "G03", "G04", "G05", "G20")
    n = with_player(n, caravan=(3, 2, 0, 0))                  # seat 2 claims the card now at position 1
    m = apply_action(n, Claim(1))
    assert m.copper[1] == 1 and m.copper_pile == 6


def test_qa_silver_moves_left_after_last_copper():
    s = with_player(table(copper_pile=1), caravan=(5, 5, 0, 0))
    s = apply_action(s, Claim(1))
    assert s.copper == (1, 0, 0, 0) and s.copper_pile == 0
    s = apply_action(s, RevealGolem("G06"))
    s = with_player(s, caravan=(3, 2, 0, 0))
    before = s.silver_pile
    t = apply_action(s, Claim(1))                             # yyygg at position 1 now pays silver
    assert t.silver[1] == 1 and t.silver_pile == before - 1 and t.copper[1] == 0
    s2 = with_player(s, caravan=(5, 5, 0, 0))
    u = apply_action(s2, Claim(2))                            # position 2 pays nothing any more
    assert u.silver[1] == 0 and u.silver_pile == before


def test_silver_gone_while_copper_left_position_two_pays_nothing():
    s = with_player(table(silver_pile=0), caravan=(9, 9, 0, 0))
    n = apply_action(s, Claim(2))
    assert n.silver == (0, 0, 0, 0) and n.copper == (0, 0, 0, 0)


def test_no_coins_left_at_all():
    s = with_player(table(copper_pile=0, silver_pile=0), caravan=(9, 9, 0, 0))
    n = apply_action(s, Claim(1))
    assert n.copper == (0,) * 4 and n.silver == (0,) * 4


# ------------------------------------------------------------------------------------------- end of game


def _claim_ready(s, seat, n_golems):
    return with_player(s, seat, caravan=(3, 3, 0, 0), golems=tuple(f"G3{i}" for i in range(n_golems)))


def _finish_turn(s):
    while chance_pending(s):
        s = apply_action(s, RevealGolem(s.golem_deck[0]) if chance_pending(s) == "golem"
                         else RevealMerchant(s.merchant_deck[0]))
    return s


def test_qa_end_finishes_the_round_four_players():
    # Q&A "有人达到结束张数后": 4-5 players trigger at the 5th golem; seats after the trigger act once more,
    # earlier seats do not; the game ends after the last seat.
    s = table(4)
    s = _claim_ready(s._replace(current=1), 1, 4)
    s = _finish_turn(apply_action(s, Claim(1)))
    assert s.end_triggered and not s.finished and s.current == 2
    s = _finish_turn(apply_action(s, PlayCard("S01")))
    assert s.current == 3 and not s.finished
    s = _claim_ready(s, 3, 0)
    s = apply_action(s, Claim(1))                             # later players may still claim
    assert s.finished and s.current == 3
    assert legal_actions(s) == [] and chance_pending(s) is None
    assert code_of(s, Rest()) == "game_over"


def test_end_threshold_two_and_three_players_is_six():
    for n in (2, 3):
        s = _claim_ready(table(n), 0, 4)
        s = _finish_turn(apply_action(s, Claim(1)))
        assert not s.end_triggered                            # 5th golem: not yet
        s = _claim_ready(s._replace(current=0), 0, 5)
        s = apply_action(s, Claim(1))
        assert s.end_triggered


def test_trigger_by_last_seat_ends_at_once():
    s = _claim_ready(table(4)._replace(current=3), 3, 4)
    s = apply_action(s, Claim(1))
    assert s.finished


def test_final_scoring_and_tie_to_later_player():
    s = table(3)
    s = s._replace(golems=(("G03",), ("G04",), ("G01",)), caravans=((0, 1, 0, 0), (2, 0, 0, 1), (5, 1, 1, 1)),
                   copper=(0, 0, 0), silver=(0, 0, 1))
    t = score(s, ["A", "B", "C"])
    # A: 8 + 1 = 9; B: 8 + 1 (pink) = 9; C: 6 + 1 silver + 3 non-yellow = 10
    assert [x.total for x in t.lines] == [9, 9, 10] and t.winner == "C"
    s = s._replace(silver=(0, 0, 0))
    t = score(s, ["A", "B", "C"])
    assert [x.total for x in t.lines] == [9, 9, 9] and t.winner == "C"
    s = s._replace(caravans=((0, 1, 0, 0), (2, 0, 0, 1), (5, 0, 0, 0)))
    t = score(s, ["A", "B", "C"])
    assert t.winner == "B" and t.tied == ("A", "B")


# ------------------------------------------------------------------------------------------- chance


def test_reveal_must_come_from_the_deck():
    s = apply_action(with_player(table(), caravan=(2, 2, 0, 0)), Claim(1))
    assert code_of(s, RevealGolem("G02")) == "card_not_in_deck"   # still on the row
    assert code_of(s, RevealGolem("G01")) == "card_not_in_deck"   # just claimed
    assert code_of(s, RevealMerchant("M10")) == "no_reveal_due"
    assert {a.card for a in legal_actions(s)} == set(s.golem_deck)


def test_empty_golem_deck_row_shrinks():
    # The rules are silent; the row shrinks (it cannot happen before the end is triggered in practice).
    s = with_player(table(golem_deck=()), caravan=(2, 2, 0, 0))
    n = apply_action(s, Claim(1))
    assert n.golem_row == ("G02", "G03", "G04", "G05") and chance_pending(n) is None and to_move(n) == 1

