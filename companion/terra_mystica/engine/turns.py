"""Turns: which faction acts, what a phase allows, the open turn's follow-ups (RULES-NOTES-E E.0-E.2; the
turn machine itself is :mod:`.turn`) and :meth:`Turns.apply_row`, which applies one typed row.
"""

from __future__ import annotations

from companion.errors import IllegalActionError, RecordError
from companion.i18n import _, ngettext
from companion.terra_mystica.engine.commands import CULT_TRACKS, Command
from companion.terra_mystica.engine.faction import FactionState
from companion.terra_mystica.engine.handlers import DISPATCH
from companion.terra_mystica.engine.ledger import _illegal
from companion.terra_mystica.engine.setup import MAX_PLAYERS, MIN_PLAYERS, SetupError
from companion.terra_mystica.engine.turn import (
    FOLLOWUPS,
    FULL_ACTION_VERBS,
    NO_TURN,
    TurnState,
    fresh_turn,
    has_pending,
    pending_items,
)
from companion.terra_mystica.engine.turn import evolve as replace  # dataclasses.replace without __init__

CONTINUATION_VERBS = frozenset({"transform", "build", "convert", "burn", "favor", "town", "cult", "connect",
                                "wait", "lose"})
"""What a row continuing an action with leftover spades may contain."""

DROP_LABEL = "drop-faction"
"""Label of the row that records a faction leaving the game (ledger: ``FACTION dropped from the game``)."""


ACTION_VERBS = frozenset({"build", "upgrade", "transform", "dig", "send", "action", "advance", "pass", "bridge"})
"""Sub-commands that make a row a turn (conversions, burning, picks and power offers do not)."""


class Turns:
    """Whose turn it is and the application of typed rows, a layer of :class:`~.state.Game`."""

    # ------------------------------------------------------------------ turns
    def expected_turn(self) -> str | None:
        """Faction whose turn it is (None while nobody is due: between rounds, cult spades, game over)."""
        if self.phase == "setup":
            seq = self._setup_sequence()
            return seq[self._setup_step] if self._setup_step < len(seq) else None
        if self.phase != "actions":
            return None
        if self.turn.faction is not None and not self.turn_complete():
            return self.turn.faction  # the open turn (RULES-NOTES-E E.0)
        n = len(self.order)
        for k in range(n):
            name = self.order[(self._turn + k) % n]
            if not self.factions[name].passed and name not in self.dropped:
                return name
        return None

    def turn_complete(self) -> bool:
        """True when the open turn holds nothing more: no full action still to take and nothing of the
        RULES-NOTES-E E.2 table pending (the turn then closes at the next faction change, E.0)."""
        t = self.turn
        return t.faction is None or t.faction in self.dropped or not has_pending(self, t.faction)

    def _others_done(self, f: FactionState) -> bool:
        """Every other faction has passed or left: ``f`` chains its turns (RULES-NOTES-E E.1.3)."""
        return all(o.passed or o.name in self.dropped for o in self.factions.values() if o is not f)

    def turn_needs(self, name: str) -> str:
        """What the open turn of ``name`` still needs, in words (for refusals)."""
        # singular and plural (one form in Chinese); a decline named as its button says it, the ledger code
        # (what a typed row writes) in parentheses
        words = {
            "SPADE": lambda n: ngettext(
                "{n} spade to use (transform / build), or give up the spade left (-SPADE)",
                "{n} spades to use (transform / build), or give up the spades left (-SPADE)", n),
            "BRIDGE": lambda n: ngettext("{n} bridge to place, or give up the bridge (-BRIDGE)",
                                         "{n} bridges to place, or give up the bridges (-BRIDGE)", n),
            "FREE_D": lambda n: _("the free dwelling to build, or give up the free dwelling (-FREE_D)"),
            "FREE_TF": lambda n: _("the free transform to use, or give up the free transform (-FREE_TF)"),
            "FREE_TP": lambda n: _("the free trading house to build, or give up the free trading house (-FREE_TP)"),
            "ACTION": lambda n: ngettext("{n} more action to take", "{n} more actions to take", n),
            "CONVERT_W_TO_P": lambda n: ngettext(
                "the stronghold's conversion of up to {n} worker to a priest (convert), or give up the "
                "stronghold's workers-to-priests conversion (-{n}CONVERT_W_TO_P)",
                "the stronghold's conversion of up to {n} workers to priests (convert), or give up the "
                "stronghold's workers-to-priests conversion (-{n}CONVERT_W_TO_P)", n),
            "GAIN_FAVOR": lambda n: ngettext(
                "{n} favor tile to take (+FAVn), or give up the favor tile (-GAIN_FAVOR)",
                "{n} favor tiles to take (+FAVn), or give up the favor tiles (-GAIN_FAVOR)", n),
            "GAIN_TW": lambda n: ngettext("{n} town tile to take (+TWn), or give up the town tile (-GAIN_TW)",
                                          "{n} town tiles to take (+TWn), or give up the town tiles (-GAIN_TW)", n),
            "CULT": lambda n: ngettext("{n} cult step to place (+TRACK), or give up the cult step (-CULT)",
                                       "{n} cult steps to place (+TRACK), or give up the cult steps (-CULT)", n),
            "UNLOCK_TERRAIN": lambda n: ngettext("{n} terrain to unlock (unlock-terrain COLOUR)",
                                                 "{n} terrains to unlock (unlock-terrain COLOUR)", n),
            "PICK_COLOR": lambda n: _("a colour to pick (pick-color COLOUR)"),
            "VOLCANO_TF": lambda n: _("the volcano begun with dig 1 to place (build HEX), or give it up "
                                      "(-VOLCANO_TF)"),
            "LOSE_CULT": lambda n: ngettext("{n} cult step to give back for the volcano (-NTRACK)",
                                            "{n} cult steps to give back for the volcano (-NTRACK)", n),
            "GAIN_P3_FOR_VP": lambda n: _("gain P3 for VP to answer (or -GAIN_P3_FOR_VP)")}
        items = pending_items(self, name)
        return _("; ").join(words[k](n).format(n=n) for k, n in items.items())

    def _require(self, f: FactionState, cmd: Command) -> str:
        """Account for one action-type sub-command in the turn machine (RULES-NOTES-E E.0, E.1): use a
        matching follow-up, else the turn's full action, else chain a new turn when every other faction
        has passed (E.1.3), else refuse. Returns ``"followup"``, ``"action"`` or ``"chain"``."""
        t = self.turn
        if t.faction != f.name:
            t = self.turn = fresh_turn(f.name)
        verb = cmd.verb
        if t.followup(verb) > 0 and self._followup_fits(f, t, cmd):
            if verb == "transform":
                # only a transform to the home colour ties the action's build to its hex (RULES-NOTES-E E.1.2)
                home = (cmd.args[1] or f.home) == f.home
                t = replace(t, transforms=t.transforms - 1, dig=False,
                            build_hexes=(*t.build_hexes, cmd.args[0]) if home else t.build_hexes)
            elif verb == "build":
                t = replace(t, transforms=0, builds=0, dig=False)  # a build ends the action (E.1.1)
            elif verb == "bridge":
                t = replace(t, bridges=t.bridges - 1)
            elif verb == "upgrade":
                t = replace(t, upgrades=t.upgrades - 1)
            else:
                t = replace(t, dig_spades=True)
            self.turn = t
            return "followup"
        if t.actions_left > 0:
            left = t.actions_left
            if verb == "pass" and left > 1 and "strict-chaosmagician-sh" in self.options:
                left = 1  # passing gives up the Chaos Magicians' second action (E.2.2)
            # a new full action (ACTC's second) may again turn one hex to another colour, as in the reference
            self.turn = replace(t.granted(""), actions_left=left - 1, non_home=False)
            return "action"
        if self._others_done(f) and not f.passed:
            return "chain"
        if f.spade_action and verb in ("dig", "build", "transform"):
            raise self._volcano_spades(f)  # the volcano faction's spade action granted no follow-up
        needs = self.turn_needs(f.name)
        raise _illegal("multiple_actions", _("one action per turn: {name} has already taken this turn's action; "
                                             "{verb!r} needs a new turn{needs}").format(
            name=_(f.data.display), verb=cmd.text, needs=_(" (still open: {needs})").format(needs=needs) if needs else ""),
            _("RULES-NOTES-E E.1.2"), self._line)

    def _followup_fits(self, f: FactionState, t: TurnState, cmd: Command) -> bool:
        """A follow-up build goes on a hex the action transformed to the home colour, anywhere while a transform
        is left (ACT6's second spade) or when the action transformed only to other colours (the reference engine
        ties the build to home-colour transforms only: ``dig 1. transform B3 to brown. build E10``, seed 7 / 37);
        ACTS's follow-up is a trading house (RULES-NOTES-E E.1.2)."""
        if cmd.verb == "build" and t.build_hexes and not t.transforms:
            return cmd.args[0] in t.build_hexes
        if cmd.verb == "upgrade":
            return cmd.args[1] == "TP"
        return True

    def _granted(self, f: FactionState, cmd: Command, how: str) -> None:
        """The follow-ups a sub-command grants (RULES-NOTES-E E.1.1 table; ACTC's two more actions, E.2.2)."""
        t = self.turn
        verb = cmd.verb
        if verb == "action":
            act = cmd.args[0]
            if act == "ACTC":
                self.turn = replace(t, actions_left=t.actions_left + 2)
            elif act in FOLLOWUPS and not f.spade_action:
                # a volcano faction's spade action (f.spade_action) grants no dig / transform / build: its
                # spades were converted at once (FIRE-ICE-NOTES section 5)
                self.turn = replace(t.granted(act), actions_left=t.actions_left, dig_spades=t.dig_spades)
        elif verb == "dig" and how != "followup":
            self.turn = replace(t.granted("dig"), actions_left=t.actions_left, dig_spades=True)
        elif verb == "upgrade" and cmd.args[1] == "SH" and f"{f.name}:SH" in FOLLOWUPS:
            self.turn = replace(t.granted(f"{f.name}:SH"), actions_left=t.actions_left, dig_spades=t.dig_spades)

    def phase_error(self, faction: str, commands: list[Command], verbs: set | None = None) -> IllegalActionError | None:
        """Why ``faction`` may not type ``commands`` in the current phase and turn, or None.

        The one place for phase and turn rules (the reference engine's acting.pm): setup takes only
        initial dwellings and bonus tiles, in the setup order; between rounds (cult-bonus spades, RULES-NOTES-D
        D.4) only ``transform``, ``-SPADE`` and ``done`` by a faction holding such spades; in the action
        phase a row that is a turn needs the turn, and no favor / town tile still to be chosen (the
        reference engine does not close a turn before); conversions and burning only by the active faction
        (whose turn it is, or whose action row was the last one). Codes: ``game_over``, ``dropped``,
        ``setup_step``, ``income_phase``, ``not_your_turn``, ``decision_pending``, ``double_action_pass``,
        ``not_active``.
        """
        if verbs is None:
            verbs = {c.verb for c in commands}
        owner = self.turn.faction
        if self.phase == "actions" and owner not in (None, faction) and faction in self.factions and \
                (not verbs.isdisjoint(ACTION_VERBS) or "convert" in verbs or "burn" in verbs) and \
                not self.turn_complete():
            return _illegal("turn_open", _("one action per turn: the turn of the {owner} is still open ({needs}); "
                                           "the {name} cannot act before it closes").format(
                owner=self._shown(owner), needs=self.turn_needs(owner), name=_(self.factions[faction].data.display)),
                _("RULES-NOTES-E E.0, E.2: a turn closes only when nothing is pending"), self._line)
        g = self.factions.get(faction)
        if g is not None and self.phase not in ("over", "setup") and g.name not in self.dropped and \
                self._settling(g, commands, verbs):
            return None  # the Riverwalkers' unlock choices and stronghold bridges, the Shapeshifters' answer
        if self.phase == "actions" and verbs.isdisjoint(ACTION_VERBS) and not self.dropped and \
                ("convert" not in verbs and "burn" not in verbs or faction in (self._last_actor, self.expected_turn())):
            return None  # answers, choices, and the active faction's conversions: no turn needed
        line = self._line
        f = self.factions.get(faction)
        if f is None:
            return None  # apply_row names the unknown faction
        if self.phase == "over":
            return _illegal("game_over", _("the game is over"), _("RULES-NOTES section 5"), line)
        if f.name in self.dropped:
            return _illegal("dropped", _("{name} has left the game").format(name=_(f.data.display)), _("RULES-NOTES-D D.3"), line)
        if self.phase == "setup":
            if verbs <= {"favor", "town", "cult", "wait", "pick_color"}:
                return None  # choices due (none in a normal setup) are checked by their own rules
            due = self.expected_turn()
            placing = self._setup_step < len(self._setup_sequence()) - len(self.seats)
            if verbs != ({"build"} if placing else {"pass"}) or len(commands) != 1:
                what = _("place an initial dwelling (build)") if placing else _("take a bonus tile (pass BONn)")
                if due != f.name:
                    return _illegal("not_your_turn", _("it is the turn of the {due} in the setup, not of the {name}").format(due=self._shown(due), name=_(f.data.display)),
                                    _("rulebook: setup order (RULES-NOTES-D D.5)"), line)
                return _illegal("setup_step", _("{name} must {what} now").format(name=_(f.data.display), what=what), _("rulebook: setup"), line)
            if due != f.name:
                return _illegal("not_your_turn", _("it is the turn of the {due} in the setup, not of the {name}").format(due=self._shown(due), name=_(f.data.display)),
                                _("rulebook: setup order (RULES-NOTES-D D.5)"), line)
            return None
        if self.phase == "cult_spades":
            if f.converted_steps_due and verbs <= {"cult", "lose"} and \
                    all(c.verb != "lose" or c.args[1] == "CULT" for c in commands):
                return None  # the Acolytes' steps from cult-income spades, placed or declined (-CULT; E.2)
            bad = verbs - {"transform", "lose", "wait"} or any(c.verb == "lose" and c.args[1] != "SPADE"
                                                                  for c in commands)
            if bad:
                return _illegal("income_phase", _("between rounds only the cult-bonus spades are used: transform "
                                "HEX [to COLOUR], -SPADE or done"), _("RULES-NOTES-D D.4 (in_use_income_spades)"), line)
            if not (f.spades and f.cult_spade):
                if f.converted_steps_due:
                    return _illegal("income_phase", _("{name}: the cult-income spades became {n} cult step(s): place "
                                    "them (+TRACK) or decline them (-CULT) before the income goes on").format(
                        name=_(f.data.display), n=f.owed.cult), _("FIRE-ICE-NOTES section 5"), line)
                holders = [n for n, o in self.factions.items() if o.spades and o.cult_spade
                           or o.converted_steps_due]
                return _illegal("not_your_turn", _("{name} has no cult-bonus spades; waiting for {holders}").format(name=_(f.data.display), holders=', '.join(map(self._shown, holders))), _("RULES-NOTES-D D.4"), line)
            return None
        if verbs.isdisjoint(ACTION_VERBS) or owner == f.name:
            if ("convert" in verbs or "burn" in verbs) and f.name not in (self._last_actor, self.expected_turn()):
                return _illegal("not_active", _("only the active faction converts or burns power; {name} is not taking a turn now").format(name=_(f.data.display)), _("RULES-NOTES-D D.2 (command_convert)"), line)
            return None
        due = self.expected_turn()
        if due != f.name:
            return _illegal("not_your_turn", _("{due} is to act now, not {name}").format(due=self._shown(due), name=_(f.data.display)),
                            _("rulebook: turn order (RULES-NOTES section 6)"), line)
        waiting = [o.name for o in self.factions.values() if o.owed.favor or o.owed.town
                   or o.owed.unlocks or o.owed.stronghold_bridges]
        if waiting and f.name in waiting:
            # the faction's own choices may come first in the row
            first = next(i for i, c in enumerate(commands) if c.verb in ACTION_VERBS and
                         not (c.verb == "bridge" and f.owed.stronghold_bridges))
            picked = sum(c.args[0] if c.verb == "town" else 1 for c in commands[:first]
                         if c.verb in ("favor", "town", "unlock_terrain", "bridge")
                         or c.verb == "lose" and c.args[1] == "BRIDGE")
            if f.owed.favor + f.owed.town + f.owed.unlocks + f.owed.stronghold_bridges <= picked:
                waiting.remove(f.name)
        if waiting:
            return _illegal("decision_pending", _("{waiting} must choose a favor / town tile first").format(waiting=', '.join(map(self._shown, waiting))),
                            _("RULES-NOTES-D D.6: a turn closes only when nothing is pending"), line)
        if "strict-chaosmagician-sh" in self.options and \
                any(c.verb == "action" and c.args[0] == "ACTC" for c in commands) and \
                any(c.verb == "pass" for c in commands[:-1]):
            # passing ends the turn: a pass followed by more play inside the double action was the
            # reference engine's "CM double pass" bug, forbidden by this option
            return _illegal("double_action_pass", _("the Chaos Magicians' double action cannot go on after a pass"),
                            _("option strict-chaosmagician-sh (RULES-NOTES tricky case 9)"), line)
        return None

    @staticmethod
    def _settling(f: FactionState, commands: list[Command], verbs: set) -> bool:
        """True when the row only settles ``f``'s own pending choices that need no turn: unlock-terrain
        (Riverwalkers' priests), stronghold bridges / ``-BRIDGE`` (Riverwalkers), ``gain P3 for VP`` /
        ``-GAIN_P3_FOR_VP`` (Shapeshifters), with conversions alongside (FIRE-ICE-NOTES sections 6, 7)."""
        if not (f.owed.unlocks or f.owed.stronghold_bridges or f.owed.gain_p3):
            return False
        if not verbs <= {"unlock_terrain", "bridge", "lose", "gain_p3", "convert", "burn"}:
            return False
        if "bridge" in verbs and not f.owed.stronghold_bridges or "unlock_terrain" in verbs and not f.owed.unlocks or \
                "gain_p3" in verbs and not f.owed.gain_p3:
            return False
        return all(c.verb != "lose" or c.args[1] in ("BRIDGE", "GAIN_P3_FOR_VP") for c in commands) and \
            not verbs <= {"convert", "burn"}

    def _advance_turn(self, f: FactionState) -> None:
        if self.phase == "setup":
            self._setup_step += 1
            return
        if f.name in self.order:
            self._turn = (self.order.index(f.name) + 1) % len(self.order)

    # ------------------------------------------------------------------ public
    def apply_row(self, faction: str, commands: list[Command], *, line: int | None = None,
                  label: str | None = None, cults_after: tuple | None = None) -> None:
        """Apply one typed row of ``faction`` and write the resulting rows into :attr:`rows`.

        ``cults_after`` (FIRE, WATER, EARTH, AIR after the row, from a ledger's cult column) states a
        choice the row's text leaves open: which track waiting at 9 takes a free key (RULES-NOTES-D D.2,
        "take the row's cult column").

        Raises
        ------
        IllegalActionError
            Naming ``line`` and the rule when a sub-command is not allowed.
        RecordError
            For an unknown faction or tile.
        """
        self._line = line
        self._pre = []
        if self.phase == "over":
            raise _illegal("game_over", _("the game is over"), _("RULES-NOTES section 5"), line)
        if len(commands) == 1 and commands[0].verb == "setup":
            self.add_faction(faction, line=line)
            return
        verbs = {c.verb for c in commands}
        answers = [c for c in commands if c.verb in ("leech", "decline")] if len(commands) > 1 and \
            ("leech" in verbs or "decline" in verbs) else ()
        if answers and len(answers) < len(commands) and not verbs.isdisjoint(ACTION_VERBS):
            # a leech / decline typed on a line with an action runs first and closes its own row
            # (commands.pm clean_commands; RULES-NOTES-D D.0, D.1)
            self.apply_row(faction, answers, line=line)
            self.apply_row(faction, [c for c in commands if c.verb not in ("leech", "decline")], line=line)
            return
        if "drop" in verbs:
            if len(commands) > 1:
                raise RecordError(_("drop-faction must be a row of its own"), line=line)
            self.drop_faction(faction, line=line)
            return
        f = self.faction(faction, line)
        if len(self.factions) < MIN_PLAYERS and not (self.phase == "setup" and verbs <= {"pick_color", "favor"}):
            # an ice faction picks its colour (and the Ice Maidens their favor) right after its own setup
            # row, possibly before the second faction is seated (FIRE-ICE-NOTES section 2)
            raise SetupError("factions", _("{min_players}-{max_players} players; {n_factions} set up").format(min_players=MIN_PLAYERS, max_players=MAX_PLAYERS, n_factions=len(self.factions)),
                             line=line)
        err = self.phase_error(f.name, commands, verbs)
        if err is not None:
            raise err
        machine = self.phase == "actions"
        if machine and self.turn.faction not in (None, f.name) and self.turn_complete():
            self.turn = NO_TURN  # the stream moved to another faction: the complete turn closes (E.0)
        if not (machine and self.turn.faction == f.name):
            # the tunnel / carpet target is the action's (start_full_move, E.0), not the row's: a row that goes
            # on with the faction's open turn (``build C3`` after ``dig 1. transform C3``) keeps it, so the
            # flight is not charged twice (seed 1 / 5; test_referee_tunnel_turn)
            f.teleported = set()
        if not (machine and self.turn.faction == f.name and f.owed.volcano_tf):
            # a volcano begun with a lone `dig 1` stays owed over the faction's rows of the open turn
            # (FIRE-ICE-NOTES section 5: an unused VOLCANO_TF leaves the turn incomplete)
            if f.owed.volcano_tf:
                f.set_owed(volcano_tf=0)
            f.volcano_dug = False
        if not (machine and self.turn.faction == f.name):
            # a volcano faction's converted spade action holds over the rows of its turn (``dig 1`` in the
            # row after ``action ACT5`` is refused as well; seed 1 / 78)
            f.spade_action = None
        setup_move = self.phase == "setup" and not verbs.isdisjoint(ACTION_VERBS)
        started = False  # a full action of this row began a move (start_full_move)
        strict = "strict-leech" in self.options
        segment = 0  # first command of the ledger row being written (a chained turn starts a new one)
        for i, cmd in enumerate(commands):
            verb = cmd.verb
            how = "free"
            if machine and verb in FULL_ACTION_VERBS and not (verb == "transform" and f.passed) and \
                    not (verb == "bridge" and f.owed.stronghold_bridges and not self.turn.bridges):
                how = self._require(f, cmd)
                if how == "chain":
                    # the last unpassed faction: close the row, start a fresh move (E.1.3); obligations carry
                    if i > segment:
                        self._close_segment(f, commands[segment:i], line)
                        segment = i
                    elif i == 0 and self.rows and self.rows[-1].faction != f.name:
                        # the stream came back to the faction after another's row: the row it opened is
                        # closed empty before the chained turn (the reference engine's ledger shows it)
                        self._emit(f, "", line=line)
                    self._advance_turn(f)
                    self.turn = fresh_turn(f.name)
                    # a new action: its tunnel / carpet target, volcano and spade source start afresh
                    # (start_full_move, E.0), so a chained turn may dig a second volcano (seed 1 / 4)
                    f.teleported, f.volcano_dug, f.spade_action = set(), False, None
                    how = self._require(f, cmd)
                if how == "action":
                    started = True
                    self._start_move(f)
            elif verb == "convert" and strict:
                for o in self.offers:
                    if o["to"] == f.name:
                        o["marked"] = True
            if setup_move and not started and verb in ACTION_VERBS:
                started = True
                self._start_move(f)
            self._apply(f, cmd)
            if machine and verb in FULL_ACTION_VERBS:
                self._granted(f, cmd, how)
            elif machine and verb == "wait" and self.turn.faction == f.name:
                self._done(f)
        if segment:
            commands = commands[segment:]
            label = None
        if f.shift_pick and not machine:
            # in the action phase the turn stays open for the colour (pick-color in a later row of the turn,
            # or -PICK_COLOR), as in the reference (test_referee_kinds7)
            raise _illegal("pick_needed", _("{who}: the stronghold action {action} changes the home colour; "
                                            "add pick-color COLOUR to the same action").format(
                who=_(f.data.display), action="ACTH5/ACTH6"), _("FIRE-ICE-NOTES section 6"), line)
        if (f.owed.volcano_tf or f.owed.cult_debt) and not machine:
            raise _illegal("volcano_unpaid", _("{name}: the volcano is not finished (unused dig, or cult steps unpaid: -NTRACK)").format(name=_(f.data.display)), _("FIRE-ICE-NOTES section 5"), line)
        if started and self.phase in ("setup", "actions"):
            self._advance_turn(f)
            self._last_actor = f.name
        text = label if label is not None else ". ".join(c.text for c in commands)
        for row in self._pre:
            self.rows.append(row)
            if self.observer is not None:
                self.observer(row)
        self._pre = []
        if cults_after is not None and f.blocked:
            for track, want in zip(CULT_TRACKS, cults_after, strict=True):
                if want == 10 and track in f.blocked and f.cult[track] == 9 and self._free_keys(f) > 0:
                    f.blocked.remove(track)
                    self._cult_step(f, track, 1)
        self._emit(f, text, line=line, typed=True)
        if f.cult_spade and f.spades == 0:
            f.cult_spade = False
        self._maybe_advance()

    def _start_move(self, f: FactionState) -> None:
        """A full action begins a move (start_full_move, RULES-NOTES-E E.0): a blocked cult track and the
        tunnel / carpet target are forgotten, the faction's waiting power offers are declined (D.1), and
        under strict-darkling-sh an earlier stronghold conversion right ends."""
        f.blocked.clear()
        f.teleported = set()   # a new action: its own tunnel / carpet target
        if "strict-darkling-sh" in self.options:
            for o in self.factions.values():
                if o is not f and o.owed.darklings_convert:
                    o.set_owed(darklings_convert=0)
        if any(o["to"] == f.name for o in self.offers):
            self._auto_decline(f)

    def _done(self, f: FactionState) -> None:
        """``done``: the current action's follow-ups end (RULES-NOTES-E E.1.3); refused while the Chaos
        Magicians still owe an action (E.2.2)."""
        t = self.turn
        if t.actions_left and t.faction == f.name and "loose-done" not in self.options and t != fresh_turn(f.name):
            raise _illegal("action_required", _("{name} must take an action ({needs})").format(
                name=_(f.data.display), needs=self.turn_needs(f.name)), _("RULES-NOTES-E E.2.2"), self._line)
        self.turn = replace(t.granted(""), actions_left=t.actions_left, dig_spades=t.dig_spades)

    def _close_segment(self, f: FactionState, commands: list[Command], line: int | None) -> None:
        """Write the row of a turn the last faction finished inside a longer typed line (E.1.3)."""
        for row in self._pre:
            self.rows.append(row)
            if self.observer is not None:
                self.observer(row)
        self._pre = []
        self._emit(f, ". ".join(c.text for c in commands), line=line, typed=True)
        self._last_actor = f.name

    def _apply(self, f: FactionState, cmd: Command) -> None:
        handler = DISPATCH.get(cmd.verb)
        if handler is not None:
            handler(self, f, cmd.args)
        elif cmd.verb == "setup":
            raise RecordError(_("setup must be a row of its own"), line=self._line)
        else:
            # the command parser only yields known verbs; a verb it knows but this table lacks is a gap here
            raise _illegal("unknown_command", _("{text!r}: the engine has no rule for this command").format(text=cmd.text),
                           _("RULES-NOTES command language"), self._line)
