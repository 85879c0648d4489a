"""Building handlers: ``build``, ``upgrade``, ``bridge``, ``connect``, the VP and towns a building makes and
the power offers it sends (RULES-NOTES sections 4-6, RULES-NOTES-D D.1).
"""

from __future__ import annotations

from companion.errors import IllegalActionError
from companion.i18n import _
from companion.terra_mystica.engine.faction import FactionState
from companion.terra_mystica.engine.handlers.terrain import SPECIAL_TERRAINS
from companion.terra_mystica.engine.ledger import _illegal
from companion.terra_mystica.terrain import terrain_name
from companion.terra_mystica.towns import TownState


class BuildingHandlers:
    """``build`` / ``upgrade`` / ``bridge`` / ``connect``, a layer of :class:`~.state.Game`."""

    # ------------------------------------------------------------------ building
    def _vp_for_building(self, f: FactionState, kind: str) -> None:
        for fav in f.favors:
            vob = self.tiles.favor[fav].vp_on_build
            if vob and kind in vob:
                f.vp += vob[kind]
        tile = self._round_tile()
        if tile is not None and tile.vp_trigger == "build" and kind in tile.vp and self.phase == "actions":
            f.vp += tile.vp[kind]

    def _town_tiles_left(self) -> int:
        pending = sum(f.owed.town for f in self.factions.values())
        return max(0, sum(self.town_pool.values()) - pending)

    def _towns_now(self) -> TownState:
        """The town state with the number of town tiles still free (tiles not yet claimed by a
        founded town), so no town is founded when none is left (RULES-NOTES tricky case 14)."""
        left = self._town_tiles_left()
        ts = self.townstate
        return ts.with_town_tiles(left)

    def _place(self, f: FactionState, h: str, kind: str) -> None:
        ts = self._towns_now()
        ts = ts.place(h, f.name, kind)
        self._after_towns(f, ts)

    def _after_towns(self, f: FactionState, ts: TownState) -> None:
        founded = sum(1 for e in ts.events if e.kind == "founded")
        self.townstate = ts
        if founded:
            f.owe(town=founded)

    def _offer_power(self, f: FactionState, h: str) -> None:
        """One power-offer event for a build / upgrade on ``h`` (RULES-NOTES-D D.1, map.pm compute_leech).

        Every other faction still in the game with buildings directly adjacent to ``h`` (bridges
        included) gets one record: the sum of its adjacent buildings' power values, and the power it
        could actually gain now (``min(amount, 2 x bowl I + bowl II)``). A record is made even when that
        is 0 (full bowls): it must still be answered, and the round waits for it.
        """
        if self.round == 0:
            return
        amounts: dict[str, int] = {}
        for n in self.adjacent(h):
            b = self.townstate.buildings.get(n)
            if b and b[0] != f.name:
                amounts[b[0]] = amounts.get(b[0], 0) + self.factions[b[0]].data.building_power(b[1])
        if not amounts:
            return
        gid = self._next_group
        self._next_group += 1
        group = {"from": f.name, "live": 0, "accepted": False, "declined": False, "records": 0}
        for name in self._order_from(f.name):
            amt = amounts.get(name)
            if not amt or name in self.dropped:
                continue
            actual = min(amt, self.factions[name].capacity)
            group["records"] += 1
            if actual > 0:
                group["live"] += 1
            self.offers.append({"to": name, "from": f.name, "amount": amt, "group": gid, "actual": actual,
                                "marked": False})
        if group["records"]:
            self._leech_groups[gid] = group

    def _order_from(self, name: str) -> list[str]:
        i = self.seats.index(name)
        return self.seats[i + 1:] + self.seats[:i]

    def _build(self, f: FactionState, h: str) -> None:
        line = self._line
        if h not in self.colour:
            raise _illegal("unknown_hex", _("{h} is not a land hex of the map").format(h=h), _("RULES-NOTES section 2"), line)
        if h in self.townstate.buildings:
            raise _illegal("hex_occupied", _("{h} already holds a building").format(h=h), _("rulebook: build a dwelling"), line)
        if f.buildings["D"] >= f.data.buildings["D"].count:
            raise _illegal("no_dwelling_left", _("{name} has no dwelling left on the faction board").format(name=_(f.data.display)),
                           _("rulebook: faction board"), line)
        home = f.home
        if self.round == 0:
            waiting = [o.name for o in self.factions.values() if o.owed.pick_color]
            if waiting:
                raise _illegal("decision_pending", _("{waiting} must pick a colour (pick-color X) before initial dwellings are placed").format(waiting=', '.join(map(self._shown, waiting))), _("FIRE-ICE-NOTES section 2"), line)
            start = f.picked or home
            if self.colour[h] != start:
                raise _illegal("not_home_terrain", _("initial dwellings go on home terrain ({start}); {h} is {colour}").format(start=terrain_name(start), h=h, colour=terrain_name(self.colour[h])), _("rulebook setup"), line)
            if f.picked:
                self.colour[h] = home  # the picked-colour hex turns to ice / volcano for free (FIRE-ICE-NOTES 2)
            if f.data.terraform_mode == "none" and not self.board.land_rivers.get(h):
                raise _illegal("inland", _("Riverwalkers can't place an initial dwelling inland: {label} borders "
                                           "no river").format(label=h), _("FIRE-ICE-NOTES section 7"), line)
        elif f.data.terraform_mode == "none":
            # the Riverwalkers: only on unlocked colours, across a river; the hex takes their colour
            # (map.pm build_color_ok, check_reachable; FIRE-ICE-NOTES section 7)
            if self.colour[h] not in f.unlocked:
                raise _illegal("terrain_locked", _("{label} is {colour}, a colour the Riverwalkers have not "
                                                   "unlocked (unlocked: {unlocked})").format(
                                   label=h, colour=self.colour[h], unlocked=_(", ").join(sorted(f.unlocked))),
                               _("FIRE-ICE-NOTES section 7"), line)
            self._check_reach(f, h)
            self._pay(f, dict(f.data.buildings["D"].cost), "a dwelling")
            self.colour[h] = home
        elif f.owed.free_dwelling:
            if self.colour[h] != home:
                raise _illegal("not_home_terrain", _("{h} is {colour}, not {home}").format(h=h, colour=terrain_name(self.colour[h]), home=terrain_name(home)),
                               _("Witches' ride: forest hex, no transform"), line)
            f.owe(free_dwelling=-1)
        else:
            if self.colour[h] != home:
                if self.colour[h] in SPECIAL_TERRAINS:
                    raise _illegal("cannot_terraform", _("{h} is {colour}; ice and volcano hexes are never transformed").format(h=h, colour=terrain_name(self.colour[h])), _("FIRE-ICE-NOTES section 3"), line)
                self._transform(f, h, home)
            else:
                self._check_reach(f, h)
            if f.spades and not f.cult_spade and self.phase == "actions":
                raise _illegal("spades_left", _("{name}: all spades must be used or declined (-SPADE) before building "
                                                "({spades} left)").format(name=_(f.data.display), spades=f.spades),
                               _("RULES-NOTES-E E.2.1"), line)
            self._pay(f, dict(f.data.buildings["D"].cost), lambda: _("a dwelling"))
        f.buildings["D"] += 1
        f.hexes[h] = "D"
        self._place(f, h, "D")
        if self.round > 0:
            self._vp_for_building(f, "D")
            self._offer_power(f, h)

    def _upgrade(self, f: FactionState, h: str, kind: str) -> None:
        line = self._line
        cur = f.hexes.get(h)
        if cur is None:
            raise _illegal("not_own_building", _("{h} holds no {name} building").format(h=h, name=_(f.data.display)), _("rulebook: upgrade"), line)
        source = self.tiles.rules.upgraded_from(kind)
        if source != cur:
            raise _illegal("bad_upgrade", _("{h} holds a {cur}; a {kind} is upgraded from a {source}").format(h=h, cur=cur, kind=kind, source=source),
                           _("rulebook: upgrade paths D->TP->TE->SA, TP->SH"), line)
        bdata = f.data.buildings[kind]
        if f.buildings[kind] >= bdata.count:
            raise _illegal("no_building_left", _("{name} has no {kind} left").format(name=_(f.data.display), kind=kind), _("rulebook: faction board"), line)
        if kind == "TP" and f.owed.free_trading_house:
            f.owe(free_trading_house=-1)
        else:
            cost = dict(bdata.cost)
            if kind == "TP" and not any(self.owner(n) not in (None, f.name) for n in self.adjacent(h)):
                cost["C"] = cost.get("C", 0) * 2
            self._pay(f, cost, lambda: _("upgrade to {kind}").format(kind=kind))
        f.buildings[cur] -= 1
        f.buildings[kind] += 1
        f.hexes[h] = kind
        self._place(f, h, kind)
        self._vp_for_building(f, kind)
        # the faction board's gain for the n-th building of this kind (Chaos Magicians: 2 favor tiles per
        # temple / sanctuary); temples and sanctuaries give one favor tile otherwise
        effects = bdata.on_build or ()
        effect = dict(effects[min(f.buildings[kind], len(effects)) - 1]) if effects else {}
        if kind in ("TE", "SA") and "GAIN_FAVOR" not in effect:
            effect["GAIN_FAVOR"] = 1
        if effect:
            self._gain(f, effect, f"{kind} bonus")
            if kind == "SH" and effect.get("BRIDGE"):
                f.owe(stronghold_bridges=effect["BRIDGE"])  # the Riverwalkers' bridges: placed now or discarded
        self._offer_power(f, h)

    def _bridge(self, f: FactionState, a: str, b: str) -> None:
        line = self._line
        if f.owed.bridge <= 0:
            raise _illegal("no_bridge_action", _("a bridge needs the bridge power action (ACT1) or the "
                           "Engineers' action first"), _("rulebook: power action bridge"), line)
        try:
            ts = self._towns_now().add_bridge(a, b, f.name)
        except IllegalActionError as exc:
            raise _illegal(exc.code, exc.message, exc.rule or "RULES-NOTES section 3", line) from None
        f.owe(bridge=-1)
        f.set_owed(stronghold_bridges=max(0, f.owed.stronghold_bridges - 1))
        self._after_towns(f, ts)

    def _connect(self, f: FactionState, args: tuple) -> None:
        line = self._line
        river = args[0] if len(args) == 1 else None
        if river is None:
            # connect A:B form: the river hex adjacent to both land hexes
            common = set(self.board.land_rivers.get(args[0], ())) & set(self.board.land_rivers.get(args[1], ()))
            if not common:
                raise _illegal("no_river_town", _("{args} share no river hex").format(args=':'.join(args)), _("RULES-NOTES section 4"), line)
            if len(common) > 1:
                raise _illegal("ambiguous_river", _("{args} share the river hexes {common}; name the one to connect across (connect rN)").format(args=':'.join(args), common=', '.join(sorted(common))), _("RULES-NOTES section 4"), line)
            river = next(iter(common))
        try:
            ts = self._towns_now().connect(river, f.name)
        except IllegalActionError as exc:
            raise _illegal(exc.code, exc.message, exc.rule or "RULES-NOTES section 4", line) from None
        self._after_towns(f, ts)
