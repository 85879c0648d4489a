"""Faction state in the game's words: the mutable :class:`FactionState` a :class:`~.state.Game` keeps per
faction, and the frozen values a replay keeps (:class:`Row`, :class:`FactionSnapshot`, :class:`GameSnapshot`).

Resources are named as the rulebook names them (``coins``, ``workers``, ``priests``, ``shipping_level``,
``digging_level``, the power ``bowls``); ledger totals follow appendix A (:data:`TOTAL_FIELDS`).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import NamedTuple

from companion.terra_mystica.engine.commands import CULT_TRACKS
from companion.terra_mystica.factions import Faction
from companion.terra_mystica.power import PowerBowls
from companion.terra_mystica.tiles import load_tiles
from companion.terra_mystica.towns import TownState

TOTAL_FIELDS = ("VP", "C", "W", "P", "PW1", "PW2", "PW3", "FIRE", "WATER", "EARTH", "AIR")
"""The totals a ledger row carries (appendix A), in this order."""

VARIABLE_HOME = "variable"
"""``home_terrain`` of the factions that choose their home colour at setup (Shapeshifters, Riverwalkers)."""


class Row(NamedTuple):
    """One ledger row as the engine produced it.

    Attributes
    ----------
    faction : str
    label : str
        The typed command text, or the engine's own label (``other_income_for_faction``,
        ``cult_income_for_faction``, ``[opponent accepted power]``, ``+8vp for FIRE``, ``score_resources``,
        ``setup``).
    totals : tuple of int, length 11
        :data:`TOTAL_FIELDS` of ``faction`` after the row.
    line : int or None
        Record line of a typed row.
    typed : bool
        True for rows typed by a player.
    """

    faction: str
    label: str
    totals: tuple
    line: int | None
    typed: bool


class FactionState:
    """Mutable per-faction state (resources, buildings, tracks, tiles, pending choices)."""

    def __init__(self, data: Faction) -> None:
        s = data.start
        self.name = data.name
        self.data = data
        self.vp = s.vp
        self.coins, self.workers, self.priests = s.coins, s.workers, s.priests
        self.bowls = PowerBowls(*s.power)  # a value: replaced, never changed in place
        self.cult = {t: s.cults[t.lower()] for t in CULT_TRACKS}
        self.shipping_level = data.shipping.start
        self.digging_level = data.spades.start_level if data.spades else 0
        self.buildings = {"D": 0, "TP": 0, "TE": 0, "SH": 0, "SA": 0}
        self.hexes: dict[str, str] = {}
        self.favors: list[str] = []
        self.towns: list[str] = []
        self.keys = 0
        self.bonus: str | None = None
        self.passed = False
        self.max_priests = load_tiles().rules.max_priests  # priests not on the cult board's priest spaces
        self.priests_on_slots = 0  # priests standing on the cult board's priest spaces (SCORE9)
        self.spades = 0
        self.cult_spade = False       # spades from cult income (no BON4 range)
        self.carry_spades = False     # spades left by the last action row
        self.carry_free = False       # a free build / transform / upgrade / bridge left by the last action row
        self.pending_favor = 0
        self.pending_town = 0
        self.pending_cult = 0
        self.cult_same_track = False
        self.blocked: list[str] = []  # tracks stopped at 9 for want of a key (RULES-NOTES-D D.2)
        self.same_track_name: str | None = None
        self.free = {"TF": 0, "D": 0, "TP": 0, "BRIDGE": 0}
        self.tf_need_adjacency = False
        self.teleport_level = 0
        carpet = data.engine_fields.get("carpet_range")
        tunnel = data.engine_fields.get("tunnel_range")
        self.jump_range = int(carpet or tunnel or 0)
        self.darklings_convert = 0
        self.teleported: set[str] = set()
        # ice factions pick a land colour after their setup row (FIRE-ICE-NOTES section 2): their
        # starting terrain and the reference for spade costs; their home terrain stays "ice"
        self.picked: str | None = None
        self.pending_pick = bool(data.engine_fields.get("PICK_COLOR") or
                                 (data.engine_fields.get("post_setup") or {}).get("PICK_COLOR"))
        # volcano factions (FIRE-ICE-NOTES section 5): a free ``dig 1`` grants one volcano transform
        # (VOLCANO_TF) per action; the Acolytes then owe cult steps, paid with one ``-NTRACK``
        self.volcano_tf = 0
        self.volcano_dug = False
        self.cult_debt = 0
        self.spade_action: str | None = None  # a power / bonus action whose spades a volcano faction converted
        # the current home colour: fixed, "ice" / "volcano", or chosen at setup by the Shapeshifters and
        # Riverwalkers (FIRE-ICE-NOTES sections 2, 6, 7); the Shapeshifters' stronghold changes it
        self.home = data.home_terrain
        self.variable = data.home_terrain == VARIABLE_HOME
        self.shift_pick = False       # the Shapeshifters' ACTH5 / ACTH6 waits for its pick-color
        self.pending_p3 = 0           # "gain P3 for VP" offers (an opponent accepted Shapeshifter power)
        self.unlocked: set[str] = set()  # Riverwalkers: colours they may build on
        self.pending_unlock = 0       # Riverwalkers: priests gained, each an unlock-terrain choice
        self.sh_bridges = 0           # Riverwalkers: stronghold bridges still to place (or -BRIDGE)
        if data.engine_fields.get("MAX_P") is not None:
            self.max_priests = int(data.engine_fields["MAX_P"])  # Riverwalkers: priest capacity starts at 1

    def copy(self) -> FactionState:
        """An independent copy (faction rules data shared)."""
        new = copy.copy(self)
        new.cult, new.buildings, new.hexes = dict(self.cult), dict(self.buildings), dict(self.hexes)
        new.favors, new.towns = list(self.favors), list(self.towns)
        new.free, new.teleported = dict(self.free), set(self.teleported)
        new.blocked = list(self.blocked)
        new.unlocked = set(self.unlocked)
        return new

    # ------------------------------------------------------------------ totals
    def totals(self) -> tuple:
        """:data:`TOTAL_FIELDS` as a tuple of ints."""
        c = self.cult
        i, ii, iii = self.bowls
        return (self.vp, self.coins, self.workers, self.priests, i, ii, iii, c["FIRE"], c["WATER"], c["EARTH"], c["AIR"])

    @property
    def capacity(self) -> int:
        """Power this faction can still gain (:attr:`PowerBowls.max_gain`: 2 x bowl I + bowl II)."""
        return self.bowls.max_gain

    def gain_power(self, n: int) -> int:
        """Gain ``n`` power (:meth:`PowerBowls.gained`: bowl I -> II first, then II -> III). Returns the
        amount gained."""
        before = self.bowls
        after = self.bowls = before.gained(n)
        return (before.i - after.i) + (after.iii - before.iii)


@dataclass(frozen=True)
class FactionSnapshot:
    """A faction's position at one moment (frozen).

    Attributes
    ----------
    name : str
    totals : tuple of int
        :data:`TOTAL_FIELDS` (VP, coins, workers, priests, power bowls I/II/III, cults F/W/E/A).
    ship, dig : int
        Shipping and spade (exchange) track levels.
    buildings : tuple of (str, int)
        Count per kind D, TP, TE, SH, SA.
    favors, towns : tuple of str
        Favor and town tiles held.
    bonus : str or None
    passed : bool
    """

    name: str
    totals: tuple
    ship: int
    dig: int
    buildings: tuple
    favors: tuple
    towns: tuple
    bonus: str | None
    passed: bool

    def total(self, field: str) -> int:
        """One of :data:`TOTAL_FIELDS` by name."""
        return self.totals[TOTAL_FIELDS.index(field)]


@dataclass(frozen=True)
class GameSnapshot:
    """The whole game at one moment (frozen), cheap to keep for every row of a replay.

    Attributes
    ----------
    round : int
    phase : str
    order : tuple of str
        Turn order of the round.
    terrain : tuple of (str, str)
        Hexes whose terrain differs from the printed map: (label, colour word).
    towns : TownState
        Buildings, bridges and towns (a frozen value shared, not copied).
    factions : tuple of FactionSnapshot
        In seat order.
    """

    round: int
    phase: str
    order: tuple
    terrain: tuple
    towns: TownState
    factions: tuple

    def faction(self, name: str) -> FactionSnapshot:
        """The snapshot of faction ``name`` (KeyError if absent)."""
        for f in self.factions:
            if f.name == name:
                return f
        raise KeyError(name)
