"""Power bowls: gain I -> II -> III, spend, burn, tokens, and leech offers with their VP cost."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.errors import IllegalActionError
from companion.terra_mystica.power import PowerBowls, leech_offer

bowls = st.builds(PowerBowls, st.integers(0, 12), st.integers(0, 12), st.integers(0, 12))


def test_gain_fills_bowl_two_before_three():
    step = PowerBowls(5, 7, 0).gain(3)
    assert step.after == PowerBowls(2, 10, 0)
    assert (step.moved_1_to_2, step.moved_2_to_3) == (3, 0)
    step = PowerBowls(2, 10, 0).gain(5)
    # 2 tokens I -> II first, then 3 tokens II -> III
    assert step.after == PowerBowls(0, 9, 3)
    assert (step.moved_1_to_2, step.moved_2_to_3) == (2, 3)
    assert "2 from bowl I to II" in step.explanation and "3 from bowl II to III" in step.explanation


def test_gain_beyond_capacity_is_lost():
    step = PowerBowls(0, 2, 10).gain(5)
    assert step.after == PowerBowls(0, 0, 12)
    assert step.amount == 2 and step.requested == 5
    assert "lost" in step.explanation
    assert PowerBowls(0, 0, 12).gain(3).after == PowerBowls(0, 0, 12)


def test_spend_and_burn():
    assert PowerBowls(1, 5, 4).spend(3).after == PowerBowls(4, 5, 1)
    with pytest.raises(IllegalActionError) as info:
        PowerBowls(1, 5, 2).spend(3)
    assert info.value.code == "not_enough_power" and "burning 1" in str(info.value)
    b = PowerBowls(1, 5, 0).burn(2).after
    assert b == PowerBowls(1, 1, 2) and b.tokens == 4
    with pytest.raises(IllegalActionError) as info:
        PowerBowls(0, 3, 0).burn(2)
    assert info.value.code == "not_enough_power_to_burn"


def test_tokens_added_and_removed():
    assert PowerBowls(1, 1, 1).add_tokens(3).after == PowerBowls(4, 1, 1)
    assert PowerBowls(1, 1, 1).add_tokens(1, bowl=3).after == PowerBowls(1, 1, 2)
    assert PowerBowls(1, 2, 3).remove_tokens(2).after == PowerBowls(0, 1, 3)
    with pytest.raises(IllegalActionError) as info:
        PowerBowls(1, 0, 0).remove_tokens(2)
    assert info.value.code == "not_enough_tokens"


def test_negative_amounts_rejected():
    with pytest.raises(IllegalActionError) as info:
        PowerBowls(1, 1, 1).gain(-1)
    assert info.value.code == "bad_amount"
    with pytest.raises(IllegalActionError):
        PowerBowls(-1, 0, 0)


def test_leech_offer_costs_power_minus_one():
    offer = leech_offer(PowerBowls(5, 7, 0), 3)
    assert (offer.gain, offer.vp_cost) == (3, 2)
    assert offer.after == PowerBowls(2, 10, 0)
    assert leech_offer(PowerBowls(5, 7, 0), 1).vp_cost == 0


def test_leech_offer_limited_by_bowls_and_vp():
    offer = leech_offer(PowerBowls(0, 1, 11), 4)
    assert (offer.gain, offer.vp_cost) == (1, 0)
    assert leech_offer(PowerBowls(0, 0, 12), 3).gain == 0
    offer = leech_offer(PowerBowls(5, 7, 0), 5, vp=2)
    assert (offer.gain, offer.vp_cost) == (3, 2)


def test_from_string():
    assert PowerBowls.of("5/7/0") == PowerBowls(5, 7, 0) and str(PowerBowls(5, 7, 0)) == "5/7/0"


@given(bowls, st.integers(0, 30))
def test_gain_keeps_tokens_and_never_lowers_bowl_three(b, n):
    step = b.gain(n)
    assert step.after.tokens == b.tokens
    assert step.after.iii >= b.iii
    assert step.amount == min(n, b.max_gain)
    assert step.after.max_gain == b.max_gain - step.amount


@given(bowls)
def test_burn_then_spend_round_trip(b):
    n = b.max_burn
    after = b.burn(n).after
    assert after.tokens == b.tokens - n
    assert after.spend(after.iii).after.iii == 0


def test_every_leech_in_the_twenty_real_ledgers():
    """Each 'Leech N from X' row of the real league ledgers: bowls and VP after = leech_offer on the row before."""
    import re
    from pathlib import Path

    checked = 0
    for path in sorted((Path(__file__).parent / "fixtures" / "ledgers").glob("*.ledger.txt")):
        last: dict[str, tuple[int, PowerBowls]] = {}
        for line in path.read_text(encoding="utf-8").splitlines():
            cols = line.split("\t")
            if len(cols) < 13 or not cols[2].endswith(" VP"):
                continue
            faction, vp, bowls = cols[0], int(cols[2].split()[0]), PowerBowls.of(cols[10].split()[0])
            m = re.fullmatch(r"(?i)leech (\d+) from \w+", cols[-1].replace("show history", "").strip())
            if m and faction in last:
                vp_before, bowls_before = last[faction]
                offer = leech_offer(bowls_before, int(m.group(1)), vp=vp_before)
                assert (offer.after, vp_before - offer.vp_cost) == (bowls, vp), (path.name, line)
                checked += 1
            last[faction] = (vp, bowls)
    assert checked > 1000


def test_explanations_are_shown_in_the_players_language():
    from companion.i18n import using_language

    step = PowerBowls(2, 10, 0).gain(5)
    offer = leech_offer(PowerBowls(0, 1, 11), 4)
    assert step.explanation.startswith("Gain 5 power: 2 from bowl I to II, then 3 from bowl II to III")
    assert offer.explanation.startswith("Offered 4 power; only 1 can be gained")
    with using_language("zh_CN"):
        for text in (PowerBowls(2, 10, 0).gain(5).explanation, PowerBowls(0, 0, 3).spend(2).explanation,
                     PowerBowls(0, 4, 0).burn(2).explanation, offer.explanation):
            assert "力量" in text and "power" not in text and "Bowls" not in text, text
