"""Action handlers: power and faction actions (``action X``), ``send`` priests, ``advance`` shipping or
digging, and ``pass`` with its VP (rulebook; RULES-NOTES sections 5-6).
"""

from __future__ import annotations

from companion.errors import RecordError
from companion.i18n import _
from companion.terra_mystica.engine.faction import FactionState
from companion.terra_mystica.engine.ledger import _illegal

NEVER_BLOCKED = frozenset({"ACTH1", "ACTH2", "ACTH3", "ACTH4", "ACTH5", "ACTH6"})
"""Action spaces that any number of uses never block: the Shapeshifters' colour change (Constants.pm
``dont_block``; FIRE-ICE-NOTES section 6)."""


class ActionHandlers:
    """``action`` / ``send`` / ``advance`` / ``pass``, a layer of :class:`~.state.Game`."""

    def _send_priest(self, f: FactionState, track: str, steps: int | None) -> None:
        line = self._line
        if f.priests < 1:
            raise _illegal("no_priest", _("{name} has no priest to send").format(name=_(f.data.display)), _("rulebook: send a priest"), line)
        slots = self.cult_slots[track]
        chosen = None
        if steps is None or steps > 1:
            for i, v in enumerate(self.tiles.cult_track.priest_slot_steps):
                if slots[i] is None and (steps is None or v == steps):
                    chosen = i
                    break
            if chosen is None and steps is not None:
                raise _illegal("slot_taken", _("no free {steps}-step priest slot on {track}").format(steps=steps, track=track),
                               _("rulebook: cult board priest spaces"), line)
        f.priests -= 1
        extra = 1 if f.buildings["SH"] and any("PRIEST_CULT_BONUS" in (e or {})
                                          for e in (f.data.buildings["SH"].on_build or ())) else 0
        if chosen is None:
            self._cult_step(f, track, 1 + extra)
        else:
            slots[chosen] = f.name
            f.max_priests -= 1
            f.priests_on_slots += 1
            self._cult_step(f, track, self.tiles.cult_track.priest_slot_steps[chosen] + extra)

    # ------------------------------------------------------------------ actions
    def _action(self, f: FactionState, act: str) -> None:
        line = self._line
        tiles = self.tiles
        if (f.data.engine_fields.get("action") or {}).get(act, {}).get("forbid"):
            raise _illegal("action_forbidden", _("{who} are not allowed to use action {action} (spades)").format(
                who=_(f.data.display), action=act), _("FIRE-ICE-NOTES section 7"), line)
        if f.data.terraform_mode == "volcano":
            spades = tiles.power_actions[act].gain if act in tiles.power_actions else \
                tiles.faction_actions[act].gain if act in tiles.faction_actions else {}
            if spades.get("SPADE"):
                f.spade_action = act  # converted at once: no volcano in this action (FIRE-ICE-NOTES 5)
        if act in tiles.power_actions:
            if act in self.used_actions and not self._may_reuse(f, act):
                raise _illegal("action_taken", _("power action {act} was already taken this round").format(act=act),
                               _("rulebook: power actions once per round"), line)
            pa = tiles.power_actions[act]
            self._pay(f, {"PW": pa.cost_for(f.data)}, lambda: _("power action {act}").format(act=act))
            self.used_actions.add(act)
            self._gain(f, dict(pa.gain), act)
            return
        key = f.name + ":" + act
        if act.startswith("BON"):
            if f.bonus != act or tiles.bonus[act].action is None:
                raise _illegal("no_such_action", _("{name} does not hold {act} with an action").format(name=_(f.data.display), act=act), _("bonus tiles"), line)
            key = act
        elif act.startswith("FAV"):
            if act not in f.favors or not tiles.favor[act].has_action:
                raise _illegal("no_such_action", _("{name} does not hold {act}").format(name=_(f.data.display), act=act), _("favor tiles"), line)
        elif act in tiles.faction_actions:
            owner_ok = f.buildings["SH"] > 0 and any(act in (e or {}) for e in (f.data.buildings["SH"].on_build or ()))
            if act == "ACTE":
                owner_ok = bool(f.data.engine_fields.get("ACTE"))
            if not owner_ok:
                raise _illegal("no_such_action", _("{name} cannot take {act}").format(name=_(f.data.display), act=act), _("faction stronghold actions"), line)
        else:
            raise RecordError(_("unknown action {act}").format(act=act), line=line)
        if act != "ACTE" and act not in NEVER_BLOCKED:
            if key in self.used_actions:
                raise _illegal("action_taken", _("{act} was already used this round").format(act=act), _("once per round"), line)
            self.used_actions.add(key)
        fa = tiles.faction_actions[act]
        self._pay(f, dict(fa.cost), act)
        self._gain(f, dict(fa.gain), act)

    def _may_reuse(self, f: FactionState, act: str) -> bool:
        """The Yetis' stronghold: power actions even when their space is taken (data ``allow_reuse``;
        FIRE-ICE-NOTES section 4)."""
        if not f.buildings["SH"]:
            return False
        return any(act in (e or {}).get("allow_reuse", {}) for e in (f.data.buildings["SH"].on_build or ()))

    def _advance(self, f: FactionState, track: str) -> None:
        line = self._line
        if track == "ship":
            sh = f.data.shipping
            if f.shipping_level >= sh.max or sh.advance_cost is None:
                raise _illegal("track_maxed", _("{name} cannot advance shipping").format(name=_(f.data.display)), _("faction board"), line)
            self._pay(f, dict(sh.advance_cost), lambda: _("advance shipping"))
            f.vp += sh.advance_vp[f.shipping_level]
            f.shipping_level += 1
        else:
            sp = f.data.spades
            if sp is None or f.digging_level >= sp.max_level or sp.advance_cost is None:
                raise _illegal("track_maxed", _("{name} cannot advance digging").format(name=_(f.data.display)), _("faction board"), line)
            self._pay(f, dict(sp.advance_cost), lambda: _("advance digging"))
            f.vp += sp.advance_vp[f.digging_level]
            f.digging_level += 1

    def _pass_vp(self, f: FactionState) -> None:
        tables = []
        if f.bonus:
            pv = self.tiles.bonus[f.bonus].pass_vp
            if pv:
                tables.append(pv)
        for fav in f.favors:
            pv = self.tiles.favor[fav].pass_vp
            if pv:
                tables.append(pv)
        for kind, bdata in f.data.buildings.items():
            # the Ice Maidens' stronghold: 3 VP per temple on every pass (FIRE-ICE-NOTES section 4)
            if bdata.pass_vp and f.buildings.get(kind, 0):
                pv = bdata.pass_vp[min(f.buildings[kind], len(bdata.pass_vp) - 1)]
                if pv:
                    tables.append(pv)
        for table in tables:
            for key, values in table.items():
                n = f.shipping_level if key == "ship" else f.buildings.get(key, 0)
                f.vp += values[min(n, len(values) - 1)]
        if f.data.engine_fields.get("ACTE") and f.buildings["SH"]:
            for a, b, owner in self.townstate.bridges:
                if owner == f.name and a in f.hexes and b in f.hexes:
                    f.vp += 3

    def _pass(self, f: FactionState, bon: str | None) -> None:
        line = self._line
        if f.passed:
            raise _illegal("already_passed", _("{name} has already passed").format(name=_(f.data.display)), _("rulebook: passing"), line)
        if self.round > 0:
            self._pass_vp(f)
        if self.round < 6:
            if bon is None:
                raise _illegal("bonus_needed", _("passing before round 6 takes a bonus tile"), _("rulebook: passing"), line)
            if bon not in self.bonus_pool:
                raise _illegal("bonus_unavailable", _("{bon} is not available").format(bon=bon), _("rulebook: bonus tiles"), line)
            f.coins += self.bonus_pool.pop(bon)
            if f.bonus:
                self.bonus_pool[f.bonus] = 0
            f.bonus = bon
        # round 6: no tile is taken; one named anyway is ignored, as the reference engine does ("Can't take a
        # bonus tile when passing on last round" is only a warning there; bot games seed 7 / 13, 34)
        f.passed = True
        self.pass_order.append(f.name)
