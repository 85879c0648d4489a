"""The resource ledger: paying costs, gaining income and rewards, cult steps and keys, losses, conversions
and burning (RULES-NOTES sections 4-6, RULES-NOTES-D D.2).

:class:`Ledger` is a layer of :class:`~.state.Game` (a mixin: its methods use the game's attributes).
"""

from __future__ import annotations

from collections.abc import Callable

from companion.errors import IllegalActionError
from companion.i18n import N_, _
from companion.terra_mystica.engine.commands import CULT_TRACKS
from companion.terra_mystica.engine.faction import ITEM_FIELDS, FactionState

BASE_CONVERSIONS = {("PW", "C"): 1, ("PW", "W"): 3, ("PW", "P"): 5, ("P", "W"): 1, ("P", "C"): 1, ("W", "C"): 1}

RESOURCE_WORDS = {"C": N_("coins"), "W": N_("workers"), "P": N_("priests"), "PW": N_("power"), "VP": N_("VP")}
"""Resource letters of costs as a player reads them (catalog entries; ``_(RESOURCE_WORDS[res])``)."""


def _illegal(code: str, message: str, rule: str, line: int | None) -> IllegalActionError:
    return IllegalActionError(code, message, rule=rule, line=line)


DECLINES = frozenset({"BRIDGE", "FREE_D", "FREE_TF", "FREE_TP", "CONVERT_W_TO_P", "GAIN_FAVOR", "GAIN_TW", "CULT",
                      "VOLCANO_TF", "PICK_COLOR"})
"""Pending items a ``-X`` row declines besides ``-SPADE`` and ``-GAIN_P3_FOR_VP`` (RULES-NOTES-E E.2 table;
``-VOLCANO_TF``, a volcano faction's unused ``dig``, and ``-PICK_COLOR`` after the Shapeshifters' ACTH5 /
ACTH6 are accepted by the reference: test_referee_kinds7)."""


def _described(what: str | Callable[[], str]) -> str:
    """A payment's name for a refusal (:meth:`Ledger._pay`)."""
    return what() if callable(what) else what


class Ledger:
    """Resource bookkeeping of a :class:`~.state.Game`: costs, gains, cult tracks, keys, conversions."""

    def _pay(self, f: FactionState, cost: dict, what: str | Callable[[], str]) -> None:
        """Pay ``cost`` (resource code -> amount) for ``what``, refused with ``not_enough_<res>`` when short.
        ``what`` names the payment in refusals: a text, or a function giving it (translated only when a
        refusal is written: bots try many rows that nobody reads the words of)."""
        line = self._line
        for res, n in cost.items():
            if not n:
                continue
            if res == "C":
                have = f.coins
            elif res == "W":
                have = f.workers
            elif res == "P":
                have = f.priests
            elif res == "PW":
                have = f.bowls.spendable
            elif res == "VP":
                have = f.vp
            elif res == "PW_TOKEN":
                have = sum(f.bowls)
            else:
                raise _illegal("unknown_cost", _("{what}: unknown cost {res}").format(what=_described(what), res=res), _("engine data"), line)
            if have < n:
                raise _illegal("not_enough_" + res.lower(), _("{name}: {what} costs {n} {res}, has {have}").format(name=_(f.data.display), what=_described(what), n=n, res=_(RESOURCE_WORDS.get(res, res)), have=have),
                               _("rulebook costs / RULES-NOTES section 6"), line)
        for res, n in cost.items():
            if res == "C":
                f.coins -= n
            elif res == "W":
                f.workers -= n
            elif res == "P":
                f.priests -= n
            elif res == "PW":
                f.bowls = f.bowls.spent(n)
            elif res == "VP":
                f.vp -= n
            elif res == "PW_TOKEN":
                self._remove_tokens(f, n)

    def _remove_tokens(self, f: FactionState, n: int) -> None:
        """Remove ``n`` power tokens for good: bowl I first, then II, then III (resources.pm
        ``LOSE_PW_TOKEN``; FIRE-ICE-NOTES sections 5, 6). The caller checked that enough exist."""
        b = f.bowls
        bowls = list(b)
        for i in range(3):
            take = min(n, bowls[i])
            bowls[i] -= take
            n -= take
        f.bowls = type(b)(*bowls)

    def _gain(self, f: FactionState, gain: dict, source: str) -> None:
        """Apply a gain map (C, W, P, PW, VP, SPADE, cult tracks, KEY, ...). Keys come first, so a
        town tile's cult steps may reach 10 with its own key (TW6)."""
        if "KEY" in gain:
            gain = {"KEY": gain["KEY"], **{k: v for k, v in gain.items() if k != "KEY"}}
        for res, n in gain.items():
            if not n:
                continue
            if res == "C":
                f.coins += n
            elif res == "W":
                f.workers += n
            elif res == "P" and f.data.engine_fields.get("locked_terrain"):
                # Riverwalkers: every priest gained becomes an unlock-terrain choice (FIRE-ICE-NOTES 7)
                f.owe(unlocks=n)
            elif res == "P":
                f.priests = min(f.priests + n, f.max_priests)
            elif res == "MAX_P":
                f.max_priests += n
            elif res == "GAIN_P3_FOR_VP":
                f.owe(gain_p3=n)  # the Shapeshifters may buy a bowl-III token for 1 VP (FIRE-ICE-NOTES 6)
            elif res == "PICK_COLOR":
                f.set_owed(pick_color=True)  # the Shapeshifters' stronghold action: pick-color in the same action
                f.shift_pick = True
            elif res == "PW":
                f.gain_power(n)
            elif res == "VP":
                f.vp += n
            elif res == "SPADE":
                self._gain_spades(f, n)
            elif res in CULT_TRACKS:
                self._cult_step(f, res, n)
            elif res == "KEY":
                f.keys += n
                self._unblock(f)
            elif res == "CULT":
                f.owe(cult=n)
            elif res == "GAIN_SHIP":
                self._gain_ship(f)
            elif res == "carpet_range":
                pass  # handled with GAIN_SHIP for factions without shipping
            elif res == "BRIDGE":
                f.owe(bridge=n)
            elif res == "GAIN_FAVOR":
                f.owe(favor=n)
            elif res == "GAIN_TELEPORT":
                f.teleport_level += n
                adv = (f.data.teleport or {}).get("advance_gain") or ()
                for g in adv:
                    if "carpet_range" in g:
                        f.jump_range += g["carpet_range"]
            elif res == "CONVERT_W_TO_P":
                f.set_owed(darklings_convert=n)
            elif res in ("FREE_TF", "FREE_D", "FREE_TP"):
                f.owe(**{ITEM_FIELDS[res]: n})
            elif res == "TF_NEED_HEX_ADJACENCY":
                f.tf_need_adjacency = True
            elif res == "TELEPORT_NO_TF":
                pass  # the Witches' ride builds without transforming: FREE_D only builds on forest
            elif res == "P1":
                # new bowl-I tokens; the Dragonlords' stronghold: one per faction in the game (dropped
                # placeholders aside; FIRE-ICE-NOTES section 5)
                k = len(self.factions) if n == "PLAYER_COUNT" else int(n)
                b = f.bowls
                f.bowls = type(b)(b[0] + k, b[1], b[2])
            elif res == "PRIEST_CULT_BONUS":
                pass  # the Acolytes' stronghold: checked in _send_priest
            elif res == "allow_reuse":
                pass  # the Yetis' stronghold: checked in _action (_may_reuse)
            elif res == "TOWN_SIZE":
                pass  # FAV5: handled by the town state
            elif res == "GAIN_ACTION" or res.startswith("ACT") or res == "CULTS_ON_SAME_TRACK":
                if res == "CULTS_ON_SAME_TRACK":
                    f.cult_same_track = True
            else:
                raise _illegal("unknown_gain", _("{source}: gain {res} is not implemented").format(source=source, res=res),
                               _("issue 5: base game first"), self._line)

    def _gain_ship(self, f: FactionState) -> None:
        sh = f.data.shipping
        if sh.max > f.shipping_level:
            if sh.advance_vp:
                f.vp += sh.advance_vp[f.shipping_level]
            f.shipping_level += 1
        elif f.data.engine_fields.get("carpet_range") is not None:
            cap = int(f.data.engine_fields.get("carpet_max_range", 4))
            f.jump_range = min(f.jump_range + 1, cap)

    def _gain_spades(self, f: FactionState, n: int) -> None:
        if f.data.terraform_mode == "none":
            return  # the Riverwalkers: gained spades vanish, SCORE1 pays nothing (FIRE-ICE-NOTES section 7)
        tile = self._round_tile()
        if tile is not None and tile.vp_trigger == "gain" and "SPADE" in tile.vp and self.phase == "actions":
            f.vp += tile.vp["SPADE"] * n
        if f.data.terraform_mode == "volcano":
            # spades become a new bowl-I token (Dragonlords) or a free cult step (Acolytes) at once
            # (FIRE-ICE-NOTES section 5, data key special mode gain)
            conv = (f.data.engine_fields.get("special") or {}).get("SPADE") or {}
            if conv.get("P1"):
                b = f.bowls
                f.bowls = type(b)(b[0] + n * conv["P1"], b[1], b[2])
            if conv.get("CULT"):
                f.owe(cult=n * conv["CULT"])
            return
        f.spades += n
        bonus = f.data.spade_gain_bonus
        if bonus:
            needs = f.data.spade_bonus_needs
            if all(f.buildings.get(k, 0) >= v for k, v in needs.items()):
                for res, v in bonus.items():
                    self._gain(f, {res: v * n}, "spade bonus")

    # ------------------------------------------------------------------ cult tracks
    def _cult_step(self, f: FactionState, track: str, n: int) -> int:
        """Move ``f`` ``n`` steps up ``track`` with its cult power (resources.pm maybe_gain_power_from_cult;
        RULES-NOTES-D D.2). Space 10 needs a free key and nobody else on it: when another faction holds
        it the step stops at 9; without a key it stops at 9 and the track is remembered as blocked until
        the faction's next full move (a key gained meanwhile moves it on). Returns the steps made."""
        old = f.cult[track]
        new = min(old + n, 10)
        if new == 10 and old < 10:
            if any(o.cult[track] == 10 for o in self.factions.values() if o is not f):
                new = 9
            elif f.keys <= sum(1 for t in CULT_TRACKS if f.cult[t] == 10):
                new = 9
                if track not in f.blocked:
                    f.blocked.append(track)
        if new <= old:
            return 0
        f.cult[track] = new
        pw = self.tiles.cult_track.power_for_move(old, new)
        if pw:
            f.gain_power(pw)
        return new - old

    def _lose(self, f: FactionState, n: int, what: str) -> None:
        """``-TRACK``: step back on a cult track by choice, e.g. to say which track a town tile's key goes
        to (allowed when the track is not at 10 and stays at 7 or more, unless option loose-cult-loss);
        ``-SPADE``: discard a spade (commands.pm command_adjust_resources; RULES-NOTES-D D.2, D.4)."""
        line = self._line
        if what in DECLINES:
            # a decline of a pending item: ACT1 / ACTE / stronghold bridges, ACTW's dwelling, ACTN's transform,
            # ACTS's trading house, the Darklings' conversion, favour / town tiles, cult steps
            # (RULES-NOTES-E E.2: a negative adjustment of the pending field, the count written out)
            have = int(self._pending_count(f, what))
            if have < n:
                raise _illegal("nothing_to_decline", _("{who}: -{n}{what} declines more than is pending ({have})").format(
                    who=_(f.data.display), n=n if n > 1 else "", what=what, have=have),
                    _("RULES-NOTES-E E.2: declines"), line)
            if what == "BRIDGE":
                f.owe(bridge=-n)
                f.set_owed(stronghold_bridges=max(0, f.owed.stronghold_bridges - n))
            elif what.startswith("FREE_"):
                f.owe(**{ITEM_FIELDS[what]: -n})
                if what == "FREE_TF":
                    f.tf_need_adjacency = False
            elif what == "CONVERT_W_TO_P":
                f.owe(darklings_convert=-n)
            elif what == "GAIN_FAVOR":
                f.owe(favor=-n)
            elif what == "GAIN_TW":
                f.owe(town=-n)
            elif what == "VOLCANO_TF":
                f.owe(volcano_tf=-n)
            elif what == "PICK_COLOR":
                if not f.shift_pick:
                    # an ice faction's starting colour: a decline would leave it without a terrain to start on
                    # (the reference's negative adjustment would take it; not followed, test_referee_kinds7)
                    raise _illegal("pick_needed", _("{who}: the starting colour must be picked (pick-color COLOUR)").format(
                        who=_(f.data.display)), _("FIRE-ICE-NOTES section 2"), line)
                f.set_owed(pick_color=False)
                f.shift_pick = False
            else:
                f.owe(cult=-n)
                if not f.owed.cult:
                    f.cult_same_track = False
            return
        if what == "GAIN_P3_FOR_VP":
            for _k in range(n):
                self._gain_p3(f, False)
            return
        if what == "SPADE":
            if f.spades < n:
                raise _illegal("no_spade", _("{name} holds {spades} spade(s), cannot discard {n}").format(name=_(f.data.display), spades=f.spades, n=n),
                               _("RULES-NOTES-D D.6"), line)
            if self.turn.dig_spades and self.turn.faction == f.name and not f.passed and \
                    "loose-dig" not in self.options:
                raise _illegal("dig_spades_kept", _("{name}: spades bought with dig must be used, not thrown away").format(
                    name=_(f.data.display)), _("RULES-NOTES-E E.2.3"), line)
            f.spades -= n
            if f.spades == 0:
                f.cult_spade = False
            return
        pos = f.cult[what]
        if f.owed.cult_debt:
            # the Acolytes' volcano price: the whole amount on one track (FIRE-ICE-NOTES section 5)
            if n != f.owed.cult_debt or pos < n:
                raise _illegal("volcano_unpaid", _("{name} owes {cult_debt} steps on one track for the volcano (-{cult_debt}{what} with {what} at {pos})").format(name=_(f.data.display), cult_debt=f.owed.cult_debt, what=what, pos=pos), _("FIRE-ICE-NOTES section 5"),
                               line)
            f.cult[what] = pos - n
            f.set_owed(cult_debt=0)
            return
        if "loose-cult-loss" not in self.options and (pos == 10 or pos - n < 7):
            raise _illegal("cult_loss", _("{name} may step back on {what} only from below 10 and not below 7 (at {pos})").format(name=_(f.data.display), what=what, pos=pos), _("RULES-NOTES-D D.2 command_adjust_resources"), line)
        if pos - n < 0:
            raise _illegal("cult_loss", _("{name} is at {pos} on {what}").format(name=_(f.data.display), pos=pos, what=what), _("cult tracks"), line)
        f.cult[what] = pos - n

    def _pending_count(self, f: FactionState, what: str) -> int:
        """How many of the E.2 item ``what`` (a :data:`DECLINES` name) ``f`` has pending."""
        return getattr(f.owed, ITEM_FIELDS[what])

    def _free_keys(self, f: FactionState) -> int:
        return f.keys - sum(1 for t in CULT_TRACKS if f.cult[t] == 10)

    def contested_tracks(self, f: FactionState, gain: dict) -> tuple[list[str], int]:
        """The cult tracks that ``gain``'s steps (a town tile's: TW5, TW6) would take ``f`` to 10, and the
        keys ``f`` would have free for them (its own plus the gain's ``KEY``, less the tracks it holds at 10).

        A track whose 10 another faction holds is not contested (the step stops at 9). When there are more
        contested tracks than free keys, the reference engine lets its internal (hash) order choose which
        reach 10 (RULES-NOTES-D D.2); :meth:`_take_town` stops them all at 9 instead, and the move generator
        writes the choice out with a ``-TRACK`` in front of the tile for each track left without a key.

        Returns
        -------
        (list of str, int)
            The contested tracks in :data:`CULT_TRACKS` order, and the free keys (may be negative).
        """
        free = f.keys + gain.get("KEY", 0) - sum(1 for t in CULT_TRACKS if f.cult[t] == 10)
        contested = [t for t in CULT_TRACKS if gain.get(t) and f.cult[t] < 10 and f.cult[t] + gain[t] >= 10
                     and not any(o.cult[t] == 10 for o in self.factions.values() if o is not f)]
        return contested, free

    def _unblock(self, f: FactionState) -> None:
        """After a key is gained: if every blocked track of ``f`` can have a key, each moves on to 10."""
        if not f.blocked or len(f.blocked) > self._free_keys(f):
            return
        for track in list(f.blocked):
            f.blocked.remove(track)
            if f.cult[track] == 9:
                self._cult_step(f, track, 1)

    def _convert(self, f: FactionState, n_from: int, r_from: str, n_to: int, r_to: str) -> None:
        line = self._line
        rate = BASE_CONVERSIONS.get((r_from, r_to))
        extra = f.data.exchange_rates.get(r_from, {})
        if r_to in extra:
            rate = extra[r_to]
        right = f.owed.darklings_convert
        f.set_owed(darklings_convert=0)  # the first convert of any kind after the stronghold uses the right up
        if (r_from, r_to) == ("W", "P") and right:
            # the Darklings' stronghold: once, up to 3 workers to priests 1:1 (Game/Factions/Darklings.pm,
            # command_convert; RULES-NOTES-D D.2)
            if n_to > right or n_from != n_to:
                raise _illegal("bad_conversion", _("the Darklings' stronghold converts up to {w_to_p} workers to priests 1:1").format(w_to_p=right), _("Darklings stronghold"), line)
            rate = 1
        if rate is None:
            raise _illegal("bad_conversion", _("{name} cannot convert {r_from} to {r_to}").format(name=_(f.data.display), r_from=r_from, r_to=r_to),
                           _("rulebook exchange rates"), line)
        if n_from != n_to * rate:
            raise _illegal("bad_conversion", _("{n_from} {r_from} -> {n_to} {r_to} is not the rate {rate}:1").format(n_from=n_from, r_from=r_from, n_to=n_to, r_to=r_to, rate=rate),
                           _("rulebook exchange rates"), line)
        self._pay(f, {r_from: n_from}, lambda: _("convert {res}").format(res=r_from))
        self._gain(f, {r_to: n_to}, "convert")

    def _burn(self, f: FactionState, n: int) -> None:
        try:
            f.bowls = f.bowls.burned(n)
        except IllegalActionError as exc:
            raise _illegal("cannot_burn", _("{name}: {exc}").format(name=_(f.data.display), exc=exc.message), _("rulebook: sacrifice power"), self._line) from None
