"""Terrain handlers: reach (shipping, tunnelling, carpet flight), spades, ``transform``, ``dig`` and the
volcano factions' volcanoes (RULES-NOTES sections 4-5; FIRE-ICE-NOTES sections 3-5).
"""

from __future__ import annotations

from companion.errors import IllegalActionError, RecordError
from companion.i18n import _
from companion.terra_mystica.engine.faction import FactionState
from companion.terra_mystica.engine.ledger import _illegal
from companion.terra_mystica.engine.turn import evolve as replace  # dataclasses.replace without __init__
from companion.terra_mystica.terraform import terraform_spades
from companion.terra_mystica.terrain import terrain_name, terrain_wheel

_SPADES: dict[tuple[str, str, str], int] = {}

SPECIAL_TERRAINS = ("ice", "volcano")
"""Terrains no map starts with and nobody can transform again (FIRE-ICE-NOTES section 3, map.pm
validate_transform_color)."""


class TerrainHandlers:
    """``transform`` / ``dig`` and reach, a layer of :class:`~.state.Game`."""

    # ------------------------------------------------------------------ terrain
    def spades_needed(self, f: FactionState, frm: str, to: str) -> int:
        """Spades ``f`` needs to turn a hex of terrain ``frm`` into ``to`` (rulebook terraforming cost:
        the distance on the terrain wheel, the Giants always 2, an ice faction's picked colour and the
        Shapeshifters' current colour as home; :func:`companion.terra_mystica.terraform.terraform_spades`, the
        count of :func:`~companion.terra_mystica.terraform.terraform_cost` without its prices and sentences).

        Parameters
        ----------
        f : FactionState
            The faction that transforms (read only).
        frm, to : str
            Colour words (``"blue"``, ``"green"``, ...).

        Returns
        -------
        int
            Spades (0 when ``frm == to``).

        Raises
        ------
        IllegalActionError
            When ``f`` cannot turn ``frm`` into ``to`` (ice and volcano hexes, a faction without spades).

        Examples
        --------
        >>> from companion.terra_mystica.engine import new_game
        >>> g = new_game(["witches", "nomads"], round_tiles=["SCORE1", "SCORE2", "SCORE3", "SCORE4", "SCORE5",
        ...              "SCORE6"], removed_bonus=["BON5", "BON6", "BON7", "BON8"], options=())
        >>> witches = g.factions["witches"]
        >>> g.spades_needed(witches, "blue", "green"), g.spades_needed(witches, "yellow", "green")
        (1, 3)
        """
        if frm == to:
            return 0
        key = (f.name, f.picked, f.home, frm, to)
        need = _SPADES.get(key)
        if need is None:
            try:
                # ice factions: the picked terrain plays the role of home (FIRE-ICE-NOTES section 4);
                # the Shapeshifters: their current colour
                home = f.picked or (f.home if f.variable else None)
                need = terraform_spades(f.data, frm, to, home=home)
            except IllegalActionError as exc:
                raise _illegal(exc.code, exc.message, exc.rule or "terraforming", self._line) from None
            _SPADES[key] = need
        return need


    def reach(self, f: FactionState, h: str, *, direct_only: bool = False) -> str | None:
        """How ``f`` reaches land hex ``h`` now (RULES-NOTES section 3 check_reachable), without charging:
        ``"free"`` (setup, a direct neighbour incl. bridges, shipping incl. BON4 while not passed and not
        for cult-bonus spades, a hex already tunnelled to this action), ``"jump"`` (tunnelling / carpet
        flight, which costs) or None. ``direct_only``: the Nomads' sandstorm (no bridges)."""
        if self.round == 0:
            return "free"
        m = self.board.map
        if not f.data.engine_fields.get("adjacency", {}).get("direct", 1):
            # the Riverwalkers reach only across rivers: river distance 1, 2 with BON4 (FIRE-ICE-NOTES 7)
            return "free" if m.reach(h, f.hexes, shipping=self._shipping(f), direct=False) else None
        if direct_only:
            return "free" if m.reach(h, f.hexes) else None
        jump = self._jump_range(f)
        if jump and h in f.teleported:
            return "free"
        how = m.reach(h, f.hexes, shipping=self._shipping(f), jump_range=jump, links=self.townstate.bridge_links())
        return None if how is None else "jump" if how == "jump" else "free"

    def _jump_range(self, f: FactionState) -> int:
        """Tunnelling / carpet range now: none for a passed faction's cult-income spades (RULES-NOTES-D D.4: no
        BON4 range, no tunnel / carpet between rounds; the reference: "fakirs can't reach D7", seed 1 / 375)."""
        return f.jump_range if f.data.teleport and not f.passed and not f.cult_spade else 0

    def _shipping(self, f: FactionState) -> int:
        ship = f.shipping_level
        # BON4's +1 needs a shipping track (max level above 0): nothing for the Fakirs and Dwarves, whose carpet
        # flight / tunnel is then still charged; no cap, so the Mermaids reach 6 at level 5 (RULES-NOTES-E E.3)
        if f.bonus and not f.passed and not f.cult_spade and f.data.shipping.max > 0:
            special = self.tiles.bonus[f.bonus].special
            if special:
                ship += special.get("ship", 0)
        return ship

    def _check_reach(self, f: FactionState, h: str, *, direct_only: bool = False) -> None:
        """Raise unless ``h`` is reachable for ``f``; charge tunnelling / carpet flight when needed."""
        how = self.reach(f, h, direct_only=direct_only)
        if how == "free":
            return
        line = self._line
        if how is None:
            if direct_only:
                raise _illegal("not_adjacent", _("{h} is not directly adjacent to a {name} building (no bridges)").format(h=h, name=_(f.data.display)),
                               _("Nomads' sandstorm: direct adjacency only"), line)
            raise _illegal("not_reachable", _("{h} is not reachable for {name} (no own building adjacent, shipping {shipping})").format(h=h, name=_(f.data.display), shipping=self._shipping(f)), _("RULES-NOTES section 3 check_reachable"), line)
        if f.teleported:
            # one tunnel / carpet flight per turn, to one hex (RULES-NOTES tricky case 8; the reference engine:
            # "Can't use tunnel / carpet flight multiple times in one turn", e.g. ACT6's two spades)
            raise _illegal("teleport_twice", _("{name} already used tunnelling / carpet flight this turn (to {done}); "
                                               "{h} needs another").format(name=_(f.data.display),
                                                                           done=", ".join(sorted(f.teleported)), h=h),
                           _("one tunnelling / carpet flight per turn"), line)
        tp = f.data.teleport
        level = min(f.teleport_level, len(tp["cost"]) - 1)
        self._pay(f, dict(tp["cost"][level]), lambda: _("tunnelling / carpet flight"))
        self._gain(f, dict(tp["gain"][level]), _("tunnelling / carpet flight"))
        f.teleported.add(h)

    def _transform(self, f: FactionState, h: str, to: str | None) -> None:
        line = self._line
        if h not in self.colour:
            raise _illegal("unknown_hex", _("{h} is not a land hex of the map").format(h=h), _("RULES-NOTES section 2"), line)
        if h in self.townstate.buildings:
            raise _illegal("hex_occupied", _("{h} holds a building; only empty hexes can be transformed").format(h=h),
                           _("rulebook: transform"), line)
        home = f.home
        to_home = to is None     # "transform H5" without a colour: towards home, as far as the spades go
        to = to or home
        if f.data.terraform_mode == "none":
            raise _illegal("cannot_terraform", _("{name} never transform terrain; they unlock colours with priests").format(name=_(f.data.display)), _("FIRE-ICE-NOTES section 7"), line)
        if f.data.terraform_mode == "volcano":
            if to != home:
                raise _illegal("cannot_terraform", _("{name} only turn hexes into volcano").format(name=_(f.data.display)), _("FIRE-ICE-NOTES "
                               "section 5 (map.pm transform_colors)"), line)
            if self.colour[h] in SPECIAL_TERRAINS:
                raise _illegal("cannot_terraform", _("{h} is {colour}; ice and volcano hexes are never transformed").format(h=h, colour=terrain_name(self.colour[h])), _("FIRE-ICE-NOTES section 3"), line)
            self._volcano(f, h)
            return
        if to not in self.colour.values() and to not in terrain_wheel().colours:
            raise RecordError(_("unknown terrain colour {to!r}").format(to=to), line=line)
        frm = self.colour[h]
        if frm in SPECIAL_TERRAINS:
            raise _illegal("cannot_terraform", _("{h} is {frm}; ice and volcano hexes are never transformed").format(h=h, frm=terrain_name(frm)),
                           _("FIRE-ICE-NOTES section 3 (map.pm validate_transform_color)"), line)
        if f.owed.free_transform:
            self._check_reach(f, h, direct_only=f.tf_need_adjacency)
            f.owe(free_transform=-1)
            f.tf_need_adjacency = False
            self.colour[h] = to
            return
        need = self.spades_needed(f, frm, to)
        if need == 0:
            raise _illegal("same_terrain", _("{h} already is {to}").format(h=h, to=terrain_name(to)), _("rulebook: transform changes the terrain"), line)
        self._check_reach(f, h)
        if f.spades < need and f.spades and to_home:
            partial = self.partial_transform(f, frm)
            if partial is not None:
                # too few spades for home: the hex turns as far as they go, every spade spent (the reference
                # accepts "transform H5" with 1 of 2 spades, cult-income or action or dig, and H5 is then one
                # step from home); the VP for the spades came when they were gained. In a replay (implicit dig)
                # too: a build that follows digs the rest, as much as before
                f.spades = 0
                self.colour[h] = partial
                return
        if f.spades < need:
            if f.cult_spade and f.spades:
                raise _illegal("not_enough_spades", _("{name} has {spades} spade(s) from cult income, {h} needs {need}").format(name=_(f.data.display), spades=f.spades, h=h, need=need), _("RULES-NOTES tricky case 10"), line)
            if not self.implicit_dig:
                raise _illegal("not_enough_spades", _("{name} holds {spades} spade(s), {h} needs {need}; the engine never "
                                                      "digs by itself: write dig N first").format(
                    name=_(f.data.display), spades=f.spades, h=h, need=need), _("RULES-NOTES-E E.2.1"), line)
            self._dig(f, need - f.spades)
        f.spades -= need
        t = self.turn
        if to != home and self.phase == "actions" and t.faction == f.name and not f.passed:
            # one non-home colour per action; with dig spades it uses every spade left unless another
            # transform follows (RULES-NOTES-E E.1.2, E.2.1)
            if t.non_home:
                raise _illegal("non_home_twice", _("{name}: only one hex per action may be transformed to a colour "
                                                   "other than the home terrain").format(name=_(f.data.display)),
                               _("RULES-NOTES-E E.1.2"), line)
            if t.dig_spades and f.spades and not t.transforms:
                raise _illegal("spades_left", _("{name}: transforming to another colour with dig spades must use all of "
                                                "them ({spades} left)").format(name=_(f.data.display), spades=f.spades),
                               _("RULES-NOTES-E E.2.1"), line)
            self.turn = replace(t, non_home=True)
        self.colour[h] = to

    def partial_transform(self, f: FactionState, frm: str, spades: int | None = None) -> str | None:
        """The colour a hex of terrain ``frm`` takes when ``f`` transforms it towards its home terrain with
        fewer spades than that needs (``f.spades``, at least 1): that many steps along the shorter way round
        the terrain wheel, towards the home terrain, the Shapeshifters' current colour, or an ice faction's
        picked colour (whose wheel distance is what ice costs them). None when the rule does not apply here:
        the volcano factions (one volcano per dig, no spades), the Riverwalkers (no spades) and the Giants (any
        colour costs them 2 spades).

        Parameters
        ----------
        f : FactionState
            The faction that transforms (read only): its home and spades held.
        frm : str
            The hex's colour word now.
        spades : int or None
            Spades spent (default ``f.spades``, what a transform spends).

        Returns
        -------
        str or None
            A colour word of the terrain wheel, or None.

        Notes
        -----
        The reference engine accepts ``transform H5`` with 1 cult-income spade when H5 needs 2, and H5 is then
        one spade from home (``dig 1. transform H5. build H5`` follows); likewise an action's 2 spades on a hex
        that needs 3. A transform to a named colour with too few spades stays refused there. The same for the
        Fire & Ice factions with a colour on the wheel: the Ice Maidens and Yetis (picked gray) turn a blue hex
        with ACT5's one spade into green (then one more spade makes it ice), a brown hex with ACT6's two into
        red; the Shapeshifters (gray) likewise (``test_referee_kinds7``).

        Examples
        --------
        >>> from companion.terra_mystica.engine import new_game
        >>> g = new_game(["witches", "nomads"], round_tiles=["SCORE1", "SCORE2", "SCORE3", "SCORE4", "SCORE5",
        ...              "SCORE6"], removed_bonus=["BON5", "BON6", "BON7", "BON8"], options=())
        >>> witches = g.factions["witches"]
        >>> witches.spades = 1
        >>> g.partial_transform(witches, "black")   # black, blue, green (forest): one step
        'blue'
        """
        wheel = terrain_wheel().colours
        mode = f.data.terraform_mode
        # the colour the spades count towards: an ice faction's picked colour (ice costs its wheel distance,
        # FIRE-ICE-NOTES section 4), else the home terrain (the Shapeshifters' current colour)
        home = f.picked if mode == "ice" else f.home if mode == "wheel" else None
        if home not in wheel or frm not in wheel:
            return None
        i, n = wheel.index(frm), len(wheel)
        ahead = (wheel.index(home) - i) % n
        steps = min(f.spades if spades is None else spades, ahead, n - ahead)
        return wheel[(i + steps if ahead <= n - ahead else i - steps) % n]

    def volcano_price(self, f: FactionState, h: str) -> dict:
        """What turning ``h`` into a volcano costs ``f`` (``{"LOSE_PW_TOKEN": n}`` or ``{"LOSE_CULT": n}``):
        the higher price when the hex's colour is the home terrain of any faction but the Riverwalkers
        (picked ice / volcano start colours do not count; FIRE-ICE-NOTES sections 3, 5)."""
        return dict((f.data.volcano_effect or {}).get("home" if self.is_home(self.colour[h]) else "not_home", {}))

    def is_home(self, colour: str) -> bool:
        """FIRE-ICE-NOTES section 3 (map.pm ``color_home_status``): ``colour`` is the current colour of a
        faction other than the Riverwalkers (the terrains picked by ice and volcano factions do not count)."""
        return any(o.home == colour for o in self.factions.values() if o.name != "riverwalkers")

    def _volcano(self, f: FactionState, h: str) -> None:
        """Turn ``h`` into a volcano, spending the action's VOLCANO_TF and charging tokens / cult steps."""
        line = self._line
        if f.owed.volcano_tf < 1 and f.spade_action:
            self._dig(f, 1)  # refused with volcano_spades: the action's spades were converted at once
        if f.owed.volcano_tf < 1:
            raise _illegal("not_enough_spades", _("{name}: not enough VOLCANO_TF (a volcano begins with dig 1)").format(name=_(f.data.display)),
                           _("FIRE-ICE-NOTES section 5"), line)
        self._check_reach(f, h)
        price = self.volcano_price(f, h)
        tokens = price.get("LOSE_PW_TOKEN", 0)
        if tokens:
            b = f.bowls
            if sum(b) < tokens:
                raise _illegal("not_enough_pw", _("{name} has {sum} power tokens, a volcano on {h} costs {tokens}").format(name=_(f.data.display), sum=sum(b), h=h, tokens=tokens), _("FIRE-ICE-NOTES section 5"), line)
            bowls = list(b)
            left = tokens
            for i in range(3):  # bowl I first, then II, then III (resources.pm LOSE_PW_TOKEN)
                take = min(left, bowls[i])
                bowls[i] -= take
                left -= take
            f.bowls = type(b)(*bowls)
        steps = price.get("LOSE_CULT", 0)
        if steps:
            if max(f.cult.values()) < steps:
                raise _illegal("volcano_unpaid", _("{name} has no cult track with {steps} steps to lose").format(name=_(f.data.display), steps=steps),
                               _("FIRE-ICE-NOTES section 5"), line)
            f.owe(cult_debt=steps)
        f.owe(volcano_tf=-1)
        self.colour[h] = "volcano"

    def _volcano_spades(self, f: FactionState) -> IllegalActionError:
        """The refusal of a volcano (``dig``, ``build``, ``transform``) in the turn of a spade action whose spades
        ``f`` (a volcano faction) converted at once: those actions grant no follow-up (FIRE-ICE-NOTES section 5;
        the reference: "trying to take multiple actions in one turn"), in the same row or a later row of the turn."""
        return _illegal("volcano_spades", _("{who}: the spades of {action} were turned into {what} at once; "
                        "a volcano needs an action of its own (dig 1. build X)").format(
                            who=_(f.data.display), action=f.spade_action,
                            what=_("new power tokens") if f.name == "dragonlords" else _("cult steps")),
                        _("FIRE-ICE-NOTES section 5"), self._line)

    def _dig(self, f: FactionState, n: int) -> None:
        if f.data.terraform_mode == "volcano":
            if f.spade_action:
                raise self._volcano_spades(f)
            if f.volcano_dug:
                raise _illegal("one_volcano", _("{name}: one volcano per action (dig 1, once)").format(name=_(f.data.display)),
                               _("FIRE-ICE-NOTES section 5 (commands.pm command_dig)"), self._line)
            # dig N grants N VOLCANO_TF, as in the reference; the action still makes one volcano (its one
            # transform / build follow-up), so the rest must be declined with -VOLCANO_TF (test_referee_kinds7)
            f.volcano_dug = True
            f.owe(volcano_tf=n)
            return
        if f.data.spades is None:
            raise _illegal("no_spades", _("{name} cannot dig").format(name=_(f.data.display)), _("faction board"), self._line)
        cost = f.data.spades.cost_per_spade_by_level[f.digging_level]
        self._pay(f, {k: v * n for k, v in cost.items()}, lambda: _("dig {n}").format(n=n))
        gain = f.data.spades.gain_per_use
        if gain:
            extra = {k: v * n for k, v in gain[0].items() if k != "SPADE"}
            self._gain(f, extra, "dig")
        self._gain_spades(f, n)
