"""Power offers (leech): answering with ``leech`` / ``decline``, the Cultists' bonus and the automatic
declines (RULES-NOTES-D D.1).
"""

from __future__ import annotations

from companion.errors import RecordError
from companion.i18n import _
from companion.terra_mystica.engine.faction import FactionState
from companion.terra_mystica.engine.ledger import _illegal
from companion.terra_mystica.power import leech_offer


class OfferHandlers:
    """``leech`` / ``decline`` answers to power offers, a layer of :class:`~.state.Game`."""

    # ------------------------------------------------------------------ leech
    def _find_offer(self, f: FactionState, frm: str | None, amount: int | None = None) -> dict | None:
        """The oldest pending record of ``f`` (from ``frm`` if named) whose offered amount, or the power it
        would actually give, is ``amount`` (any amount if None)."""
        for o in self.offers:
            if o["to"] == f.name and (frm is None or o["from"] == frm) and \
                    (amount is None or o["amount"] == amount or o["actual"] == amount):
                return o
        return None

    def _decline(self, f: FactionState, amount: int | None, frm: str | None) -> None:
        """``decline [N from] X``; a bare ``decline`` refuses every power offer waiting for ``f``, none at all
        when none waits (a row that changes nothing, as in the reference engine's command_decline; seed 1 / 19)."""
        if frm is None:
            for o in [o for o in self.offers if o["to"] == f.name]:
                self._answer(f, o, None)
        else:
            self._leech(f, amount or 0, frm, False)

    def _leech(self, f: FactionState, amount: int, frm: str | None, accept: bool) -> None:
        """Answer a power offer (commands.pm command_leech / command_decline; RULES-NOTES-D D.1).

        Accepting gains ``amount`` power (at most VP + 1, then as far as the bowls allow) for the power
        gained - 1 VP; the receiver's other records shrink to what it can still gain. Under
        ``strict-leech`` a leech that matches no record, or a record marked by an earlier acceptance or a
        conversion, is refused. Declining is always allowed.
        """
        line = self._line
        if frm is not None and frm not in self.factions:
            raise RecordError(_("unknown faction {frm!r}").format(frm=frm), line=line)
        strict = "strict-leech" in self.options
        o = self._find_offer(f, frm, amount)
        if o is None and not accept:
            # "decline N from X" names the offer's amount: another amount is refused ("Invalid decline",
            # the reference engine; RULES-NOTES-E E.5)
            if o is None:
                raise _illegal("no_offer", _("{name} has no power offer from {value} to decline").format(name=_(f.data.display), value=self._shown(frm) if frm else _('anyone')),
                               _("RULES-NOTES-D D.1 command_decline"), line)
        if o is None:
            if strict or frm is not None and self._find_offer(f, frm) is None:
                raise _illegal("no_offer", _("{name} has no power offer of {amount} from {value}").format(name=_(f.data.display), amount=amount, value=self._shown(frm) if frm else _('anyone')),
                               _("RULES-NOTES-D D.1 command_leech"), line)
            o = self._find_offer(f, frm)
            if o is None:
                self._gain_leeched(f, amount)
                return
        if accept and o["marked"] and strict:
            raise _illegal("offer_expired", _("{name} can no longer accept {amount} from {giver}: a later offer was accepted or power was converted first").format(name=_(f.data.display), amount=o['amount'], giver=o['from']), _("option strict-leech "
                           "(RULES-NOTES-D D.1)"), line)
        self._answer(f, o, amount if accept else None)

    def _answer(self, f: FactionState, o: dict, accepted: int | None) -> None:
        """Close record ``o`` of ``f``: accept ``accepted`` power, or decline when None."""
        accept = accepted is not None
        if accept and "strict-leech" in self.options:
            for other in self.offers:
                if other is o:
                    break
                if other["to"] == f.name:
                    other["marked"] = True
        self.offers.remove(o)
        group = self._leech_groups.get(o["group"])
        if accept:
            self._gain_leeched(f, accepted)
            for other in self.offers:
                if other["to"] == f.name and other["actual"] > 0:
                    other["actual"] = min(other["actual"], f.capacity)
                    if other["actual"] == 0:
                        self._group_lost_live(self._leech_groups.get(other["group"]))
        if group is None:
            return
        group["records"] -= 1
        src = self.factions[group["from"]]
        effect = src.data.leech_effect
        if accept:
            if o["actual"] > 0 and not group["accepted"]:
                group["accepted"] = True
                if effect:
                    self._gain(src, dict(effect["taken"]), "leech effect")
                    self._emit_pre(src, "[opponent accepted power]")
        else:
            group["declined"] = True
            if o["actual"] > 0:
                self._group_lost_live(group)
        if group["records"] == 0:
            del self._leech_groups[o["group"]]

    def _gain_leeched(self, f: FactionState, amount: int) -> None:
        offer = leech_offer(f.bowls, amount, vp=f.vp)  # capped by the bowls and by VP + 1
        f.bowls = offer.after
        f.vp -= offer.vp_cost

    def _group_lost_live(self, group: dict | None) -> None:
        """A record that could give power was declined or emptied: when none is left, at least one was
        declined and nobody took power, the Cultists get their power (option errata-cultist-power)."""
        if group is None:
            return
        group["live"] -= 1
        if group["live"] == 0 and group["declined"] and not group["accepted"] and \
                "errata-cultist-power" in self.options:
            src = self.factions[group["from"]]
            effect = src.data.leech_effect
            if effect:
                self._gain(src, dict(effect["not_taken"]), "leech effect")
                self._emit_pre(src, "[all opponents declined power]")

    def _auto_decline(self, f: FactionState) -> None:
        """The receiver's first sub-command that uses its action declines all its pending records
        (acting.pm require_subaction; no ledger row)."""
        for o in [o for o in self.offers if o["to"] == f.name]:
            self._answer(f, o, None)
