"""Every refusal code (``IllegalActionError.code``) of Century: Golem Edition's rules code: the registry described in
:mod:`companion.refusals`, checked by ``tests/test_conformance.py`` against the source and random play.
"""

from __future__ import annotations

__all__ = ["REFUSAL_CODES"]

#: Every refusal code, grouped by the module that raises it first.
REFUSAL_CODES: frozenset[str] = frozenset({
    # companion.century.engine
    "bad_payment", "bad_position", "bad_setup", "bad_trade_count", "card_not_in_deck", "card_not_in_hand",
    "discard_pending", "game_over", "no_discard_due", "no_reveal_due", "not_enough_crystals", "nothing_to_rest",
    "pink_cannot_upgrade", "reveal_pending", "too_many_upgrades", "unknown_action", "wrong_choice", "wrong_discard",
    # companion.century.game (also: bad_setup)
    "not_your_turn",
    # companion.century.record
    "nothing_to_undo",
})
