"""Every refusal code (``IllegalActionError.code``) of Merchants of Magick's rules code: the registry described in
:mod:`companion.refusals`, checked by ``tests/test_conformance.py`` against the source and random play.
"""

from __future__ import annotations

__all__ = ["REFUSAL_CODES"]

#: Every refusal code, grouped by the module that raises it first.
REFUSAL_CODES: frozenset[str] = frozenset({
    # companion.magick.dice
    "bad_roll", "die_not_allowed", "target_not_met", "unknown_circle", "unknown_die", "value_out_of_range",
    # companion.magick.engine (also: bad_roll, unknown_circle, unknown_die, value_out_of_range)
    "bad_order", "bad_setup", "circle_filled", "die_already_used", "die_not_rolled", "free_circle_pending",
    "game_over", "no_extra_dice_left", "no_face_down_order", "no_free_circle", "not_enough_potions", "player_done",
    "unknown_action", "unknown_player", "wrong_phase",
    # companion.magick.game (also: bad_setup)
    # companion.magick.odds
    "bad_odds_input",
    # companion.magick.orders (also: bad_order)
})
