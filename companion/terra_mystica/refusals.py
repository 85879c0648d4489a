"""Every refusal code (``IllegalActionError.code``) of Terra Mystica's rules code: the registry described in
:mod:`companion.refusals`, checked by ``tests/test_conformance.py`` against the source and random play.

The engine names a missing resource in its code: ``not_enough_`` and the resource in lower case (``c``, ``w``,
``p``, ``pw``, ``vp``, ``pw_token``): all six are listed.
"""

from __future__ import annotations

__all__ = ["REFUSAL_CODES"]

#: Every refusal code, grouped by the module that raises it first.
REFUSAL_CODES: frozenset[str] = frozenset({
    # companion.terra_mystica.engine.state
    "action_forbidden", "action_taken", "already_dropped", "already_passed", "ambiguous_river", "bad_conversion",
    "bad_terrain", "bad_upgrade", "bonus_needed", "bonus_unavailable", "cannot_burn", "cannot_terraform",
    "colour_taken", "cult_loss", "decision_pending", "double_action_pass", "dropped",     "favor_gone", "favor_twice", "game_over", "hex_occupied", "income_phase", "inland",
    "no_bridge_action", "no_building_left", "no_cult_step_due", "no_dwelling_left", "no_favor_due", "no_offer",
    "no_p3_due", "no_pick_due", "no_priest", "no_river_town", "no_spade", "no_spades", "no_such_action",
    "no_town_due", "no_unlock_due", "not_active", "not_adjacent", "not_enough_c", "not_enough_p", "not_enough_pw",
    "not_enough_pw_token", "not_enough_spades", "not_enough_vp", "not_enough_w", "not_home_terrain",
    "not_own_building", "not_reachable", "not_your_turn", "offer_expired", "one_volcano",
    "pick_needed", "same_terrain", "same_track", "setup_closed", "setup_step", "slot_taken",
    "terrain_locked", "terrain_unlocked", "town_gone", "track_maxed", "unknown_cost", "unknown_gain", "unknown_hex",
    "volcano_spades", "volcano_unpaid",
    # the turn machine (RULES-NOTES-E E.0-E.2), companion.terra_mystica.engine.state
    "action_required", "dig_spades_kept", "multiple_actions", "non_home_twice", "nothing_to_decline", "spades_left",
    "teleport_twice", "turn_open", "unknown_command",
    # companion.terra_mystica.game
    "bad_command", "bad_setup", "bad_tile", "chance_pending", "faction_not_available", "not_chance", "seats_full",
    "setup_pending", "unknown_action", "unknown_faction",
    # companion.terra_mystica.power
    "bad_amount", "not_enough_power", "not_enough_power_to_burn", "not_enough_tokens",
    # companion.terra_mystica.terraform (also: bad_amount, bad_terrain, cannot_terraform)
    "bad_exchange_level", "needs_home_terrain",
    # companion.terra_mystica.towns (also: hex_occupied, no_river_town)
    "bad_faction", "bridge_exists", "bridge_not_anchored", "not_a_bridge_spot", "not_a_river", "not_an_upgrade",
    "not_mermaids", "river_hex", "too_many_bridges", "unknown_building",
})
