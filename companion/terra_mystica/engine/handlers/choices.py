"""Choice handlers: favor, town and cult tiles taken, colour picks, the Riverwalkers' unlocks and the
Shapeshifters' ``gain P3 for VP`` (rulebook; FIRE-ICE-NOTES sections 2, 6, 7).
"""

from __future__ import annotations

from companion.errors import IllegalActionError, RecordError
from companion.i18n import _
from companion.terra_mystica.engine.faction import FactionState
from companion.terra_mystica.engine.ledger import _illegal
from companion.terra_mystica.terraform import normalise_terrain
from companion.terra_mystica.terrain import terrain_name, terrain_wheel


class ChoiceHandlers:
    """``favor`` / ``town`` / ``cult`` / ``pick-color`` / ``unlock-terrain`` / ``gain P3``, a layer of :class:`~.state.Game`."""

    # ------------------------------------------------------------------ tiles
    def _take_favor(self, f: FactionState, fid: str) -> None:
        line = self._line
        if fid not in self.favor_pool:
            raise RecordError(_("unknown favor tile {fid}").format(fid=fid), line=line)
        if f.owed.favor <= 0:
            raise _illegal("no_favor_due", _("{name} may not take a favor tile now").format(name=_(f.data.display)), _("rulebook: temple / "
                           "sanctuary give a favor tile"), line)
        if fid in f.favors:
            raise _illegal("favor_twice", _("{name} already has {fid}").format(name=_(f.data.display), fid=fid), _("rulebook: one of each favor tile"), line)
        if self.favor_pool[fid] <= 0:
            raise _illegal("favor_gone", _("no {fid} left").format(fid=fid), _("rulebook: favor tile supply"), line)
        self.favor_pool[fid] -= 1
        f.owe(favor=-1)
        f.favors.append(fid)
        tile = self.tiles.favor[fid]
        for track, n in tile.cult_steps.items():
            self._cult_step(f, track, n)
        if tile.town_size_delta:
            ts = self._towns_now().take_fav5(f.name)
            self._after_towns(f, ts)

    def _take_town(self, f: FactionState, n: int, tid: str) -> None:
        line = self._line
        if tid not in self.tiles.town:
            raise RecordError(_("unknown town tile {tid}").format(tid=tid), line=line)
        for _k in range(n):
            if f.owed.town <= 0:
                raise _illegal("no_town_due", _("{name} has not founded a town").format(name=_(f.data.display)), _("rulebook: towns"), line)
            if self.town_pool.get(tid, 0) <= 0:
                raise _illegal("town_gone", _("no {tid} left").format(tid=tid), _("rulebook: town tile supply"), line)
            self.town_pool[tid] -= 1
            f.owe(town=-1)
            f.towns.append(tid)
            gain = dict(self.tiles.town[tid].gain)
            # Several tracks that this tile's steps would take to 10 and too few keys: the reference engine
            # lets its internal (hash) order decide. Here the choice is the player's: those tracks stop at 9,
            # remembered as blocked, and "+TRACK" puts the key where the player wants it (or a "-TRACK"
            # before the tile avoids the question; RULES-NOTES-D D.2). No shared league game has the case.
            contested, free = self.contested_tracks(f, gain)
            if len(contested) > max(free, 0):
                for t in contested:
                    gain[t] = 9 - f.cult[t]
                    if t not in f.blocked:
                        f.blocked.append(t)
            self._gain(f, gain, tid)
            tile = self._round_tile()
            if tile is not None and tile.vp_trigger == "gain" and "TOWN" in tile.vp:
                f.vp += tile.vp["TOWN"]
            if f.data.town_bonus:
                self._gain(f, dict(f.data.town_bonus), "town bonus")

    def _take_cult(self, f: FactionState, n: int, track: str) -> None:
        if f.owed.cult == 0 and n == 1 and track in f.blocked and self._free_keys(f) > 0:
            # a track stopped at 9 for want of a key: with a key now, the player says which one goes to
            # 10 (command_adjust_resources; RULES-NOTES-D D.2)
            f.blocked.remove(track)
            self._cult_step(f, track, 1)
            return
        if f.owed.cult < n:
            raise _illegal("no_cult_step_due", _("{name} has no cult step to take").format(name=_(f.data.display)), _("bonus / favor / faction "
                           "action cult step"), self._line)
        if f.cult_same_track:
            # the Auren's stronghold action: both steps on one track (+2AIR, or +AIR twice)
            if f.same_track_name not in (None, track):
                raise _illegal("same_track", _("the Auren's stronghold action takes both steps on one track"),
                               _("Auren stronghold"), self._line)
            f.same_track_name = track
        f.owe(cult=-n)
        if f.owed.cult == 0:
            f.cult_same_track = False
            f.same_track_name = None
        self._cult_step(f, track, n)

    def _pick_color(self, f: FactionState, colour: str) -> None:
        """``pick-color X``: an ice faction's starting terrain (FIRE-ICE-NOTES section 2). Fails if any
        faction has that colour, or (in setup) another faction picked it."""
        line = self._line
        if not f.owed.pick_color:
            raise _illegal("no_pick_due", _("{name} has no colour to pick").format(name=_(f.data.display)), _("FIRE-ICE-NOTES section 2"), line)
        shift = f.shift_pick
        try:
            colour = normalise_terrain(colour)
        except IllegalActionError as exc:
            raise _illegal("bad_terrain", exc.message, _("FIRE-ICE-NOTES section 2"), line) from None
        if colour not in terrain_wheel().colours:
            raise _illegal("bad_terrain", _("{colour} is not a land colour").format(colour=colour), _("FIRE-ICE-NOTES section 2"), line)
        for o in self.factions.values():
            if o.home == colour or (self.round == 0 and o.picked == colour):
                raise _illegal("colour_taken", _("{colour} is already taken by {name}").format(colour=terrain_name(colour), name=_(o.data.display)),
                               _("FIRE-ICE-NOTES section 2 (pick-color)"), line)
        f.set_owed(pick_color=False)
        f.shift_pick = False
        if not f.variable:
            f.picked = colour
            return
        f.home = colour
        if shift:
            # the Shapeshifters' stronghold: every own building hex takes the new colour, so network,
            # towns and the home test follow it (FIRE-ICE-NOTES section 6)
            for h in f.hexes:
                self.colour[h] = colour
        if f.data.engine_fields.get("locked_terrain"):
            f.unlocked.add(colour)  # the Riverwalkers' first unlocked terrain (FIRE-ICE-NOTES section 2)

    def _unlock(self, f: FactionState, what: str) -> None:
        """``unlock-terrain <colour>`` / ``unlock-terrain gain-priest``: the Riverwalkers settle one priest
        gained (commands.pm unlock-terrain branch; FIRE-ICE-NOTES section 7). An unlock costs 1 C, 2 C when
        the colour is someone's home (section 3), and raises the priest capacity by 1; ``gain-priest``
        takes the priest (lost above capacity)."""
        line = self._line
        if f.owed.unlocks <= 0:
            raise _illegal("no_unlock_due", _("{who} have no priest to turn into an unlocked terrain").format(
                who=_(f.data.display)), _("FIRE-ICE-NOTES section 7"), line)
        if what == "gain-priest":
            f.owe(unlocks=-1)
            f.priests = min(f.priests + 1, f.max_priests)
            return
        try:
            colour = normalise_terrain(what)
        except IllegalActionError as exc:
            raise _illegal("bad_terrain", exc.message, _("FIRE-ICE-NOTES section 7"), line) from None
        table = f.data.engine_fields.get("locked_terrain") or {}
        if colour not in table or colour == "gain-priest":
            raise _illegal("bad_terrain", _("{colour} is not a land colour").format(colour=colour),
                           _("FIRE-ICE-NOTES section 7"), line)
        if colour in f.unlocked:
            raise _illegal("terrain_unlocked", _("the Riverwalkers have already unlocked {colour}").format(
                colour=colour), _("FIRE-ICE-NOTES section 7"), line)
        price = table[colour]["home" if self.is_home(colour) else "not_home"]
        self._pay(f, dict(price["cost"]), f"unlock-terrain {colour}")
        f.owe(unlocks=-1)
        f.unlocked.add(colour)
        self._gain(f, dict(price["gain"]), "unlock-terrain")

    def _gain_p3(self, f: FactionState, take: bool) -> None:
        """``gain P3 for VP`` (-1 VP, +1 new bowl-III token) or ``-GAIN_P3_FOR_VP``: the Shapeshifters answer
        an opponent's acceptance of their power (data ``leech_effect``; FIRE-ICE-NOTES section 6)."""
        if f.owed.gain_p3 <= 0:
            raise _illegal("no_p3_due", _("{who} have no bowl-III token to buy (no opponent accepted their "
                                          "power)").format(who=_(f.data.display)), _("FIRE-ICE-NOTES section 6"),
                           self._line)
        if take:
            self._pay(f, {"VP": 1}, "gain P3 for VP")
            b = f.bowls
            f.bowls = type(b)(b[0], b[1], b[2] + 1)
        f.owe(gain_p3=-1)
