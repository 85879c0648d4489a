"""Faction state in the game's words: the mutable :class:`FactionState` a :class:`~.state.Game` keeps per
faction, and the frozen values a replay keeps (:class:`Row`, :class:`FactionSnapshot`, :class:`GameSnapshot`).

Resources are named as the rulebook names them (``coins``, ``workers``, ``priests``, ``shipping_level``,
``digging_level``, the power ``bowls``); ledger totals follow appendix A (:data:`TOTAL_FIELDS`).
"""

from __future__ import annotations

from dataclasses import dataclass
from operator import attrgetter
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


@dataclass(frozen=True, slots=True)
class Owed:
    """What a faction still owes or may still take: its open obligations as one frozen value
    (RULES-NOTES-E E.2; the turn's own follow-ups are :class:`~.turn.TurnState`). Replaced, never changed
    in place (:meth:`FactionState.owe`, :meth:`FactionState.set_owed`).

    Attributes
    ----------
    favor, town, cult : int
        Favor tiles, town tiles and cult steps to choose (``+FAVn``, ``+TWn``, ``+TRACK``; E.2 items
        GAIN_FAVOR, GAIN_TW, CULT).
    bridge : int
        Bridges to place (ACT1, ACTE; BRIDGE).
    free_dwelling, free_transform, free_trading_house : int
        ACTW's dwelling, ACTN's transform, ACTS's trading house (FREE_D, FREE_TF, FREE_TP).
    darklings_convert : int
        Workers the Darklings' stronghold may still convert to priests 1:1 (CONVERT_W_TO_P).
    unlocks : int
        Riverwalkers: ``unlock-terrain`` choices, one per priest gained (UNLOCK_TERRAIN; FIRE-ICE-NOTES 7).
    stronghold_bridges : int
        Riverwalkers: stronghold bridges still to place or decline (``-BRIDGE``).
    pick_color : bool
        A colour to pick (ice factions after setup; the Shapeshifters' ACTH5 / ACTH6; PICK_COLOR).
    gain_p3 : int
        Shapeshifters: ``gain P3 for VP`` answers (an opponent accepted their power; GAIN_P3_FOR_VP).
    volcano_tf : int
        Volcano factions: the transform a free ``dig 1`` granted (VOLCANO_TF; FIRE-ICE-NOTES section 5).
    cult_debt : int
        The Acolytes' volcano price in cult steps, paid with one ``-NTRACK`` (LOSE_CULT).
    spades : int
        Spades held, to use (``transform`` / ``build``) or decline (``-SPADE``; SPADE): an action's, a
        ``dig``'s or cult income's (:attr:`FactionState.spades`).
    cult_spade : bool
        The spades held came from cult income (no BON4 range, no tunnel / carpet flight; RULES-NOTES-D D.4).

    Examples
    --------
    >>> o = Owed(favor=1)
    >>> o.favor, bool(o), bool(Owed())
    (1, True, False)
    """

    favor: int = 0
    town: int = 0
    cult: int = 0
    bridge: int = 0
    free_dwelling: int = 0
    free_transform: int = 0
    free_trading_house: int = 0
    darklings_convert: int = 0
    unlocks: int = 0
    stronghold_bridges: int = 0
    pick_color: bool = False
    gain_p3: int = 0
    volcano_tf: int = 0
    cult_debt: int = 0
    spades: int = 0
    cult_spade: bool = False

    def __bool__(self) -> bool:
        return any(getattr(self, name) for name in self.__slots__)


NOTHING_OWED = Owed()
_OWED_VALUES = attrgetter(*Owed.__slots__)
"""An :class:`Owed`'s fields as a tuple, in declaration order (``dataclasses.replace`` is slow on the hot path)."""
_OWED_INDEX = {name: i for i, name in enumerate(Owed.__slots__)}
_SPADES, _CULT_SPADE = _OWED_INDEX["spades"], _OWED_INDEX["cult_spade"]

ITEM_FIELDS = {"BRIDGE": "bridge", "FREE_D": "free_dwelling", "FREE_TF": "free_transform",
               "FREE_TP": "free_trading_house", "CONVERT_W_TO_P": "darklings_convert", "GAIN_FAVOR": "favor",
               "GAIN_TW": "town", "CULT": "cult", "UNLOCK_TERRAIN": "unlocks", "PICK_COLOR": "pick_color",
               "VOLCANO_TF": "volcano_tf", "LOSE_CULT": "cult_debt", "GAIN_P3_FOR_VP": "gain_p3"}
"""E.2 item names (``FREE_TF``, ``GAIN_FAVOR``, ... as rules data and declines write them) -> :class:`Owed` fields."""



class FactionState:
    """Mutable per-faction state (resources, buildings, tracks, tiles); its open obligations are one frozen
    value, :attr:`owed` (:class:`Owed`)."""

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
        self.cult_same_track = False
        self.blocked: list[str] = []  # tracks stopped at 9 for want of a key (RULES-NOTES-D D.2)
        self.same_track_name: str | None = None
        self.tf_need_adjacency = False
        self.teleport_level = 0
        carpet = data.engine_fields.get("carpet_range")
        tunnel = data.engine_fields.get("tunnel_range")
        self.jump_range = int(carpet or tunnel or 0)
        self.teleported: set[str] = set()
        # ice factions pick a land colour after their setup row (FIRE-ICE-NOTES section 2): their
        # starting terrain and the reference for spade costs; their home terrain stays "ice"
        self.picked: str | None = None
        pick = bool(data.engine_fields.get("PICK_COLOR") or (data.engine_fields.get("post_setup") or {}).get("PICK_COLOR"))
        self.owed = Owed(pick_color=True) if pick else NOTHING_OWED  # open obligations (a frozen value)
        # volcano factions (FIRE-ICE-NOTES section 5): a free ``dig 1`` grants one volcano transform
        # (``owed.volcano_tf``) per action; the Acolytes then owe cult steps (``owed.cult_debt``), one ``-NTRACK``
        self.volcano_dug = False
        self.spade_action: str | None = None  # a power / bonus action whose spades a volcano faction converted
        # the current home colour: fixed, "ice" / "volcano", or chosen at setup by the Shapeshifters and
        # Riverwalkers (FIRE-ICE-NOTES sections 2, 6, 7); the Shapeshifters' stronghold changes it
        self.home = data.home_terrain
        self.variable = data.home_terrain == VARIABLE_HOME
        self.shift_pick = False       # the Shapeshifters' ACTH5 / ACTH6 waits for its pick-color
        self.unlocked: set[str] = set()  # Riverwalkers: colours they may build on
        if data.engine_fields.get("MAX_P") is not None:
            self.max_priests = int(data.engine_fields["MAX_P"])  # Riverwalkers: priest capacity starts at 1

    def copy(self) -> FactionState:
        """An independent copy (faction rules data shared)."""
        new = object.__new__(FactionState)
        d = self.__dict__.copy()  # one new dict, its containers replaced (faster than update + setattr)
        d["cult"], d["buildings"], d["hexes"] = self.cult.copy(), self.buildings.copy(), self.hexes.copy()
        d["favors"], d["towns"], d["blocked"] = self.favors.copy(), self.towns.copy(), self.blocked.copy()
        d["teleported"], d["unlocked"] = self.teleported.copy(), self.unlocked.copy()
        new.__dict__ = d
        return new

    @property
    def spades(self) -> int:
        """Spades held (:attr:`Owed.spades`); set like a plain field, which replaces :attr:`owed`."""
        return self.owed.spades

    @spades.setter
    def spades(self, n: int) -> None:
        if self.owed.spades != n:
            values = list(_OWED_VALUES(self.owed))
            values[_SPADES] = n
            self.owed = Owed(*values)

    @property
    def cult_spade(self) -> bool:
        """The spades held came from cult income (:attr:`Owed.cult_spade`)."""
        return self.owed.cult_spade

    @cult_spade.setter
    def cult_spade(self, value: bool) -> None:
        if self.owed.cult_spade != value:
            values = list(_OWED_VALUES(self.owed))
            values[_CULT_SPADE] = value
            self.owed = Owed(*values)

    @property
    def converted_steps_due(self) -> bool:
        """A volcano faction (the Acolytes) has cult steps to place or decline that came from spades converted
        at once (FIRE-ICE-NOTES section 5): between rounds they hold the income phase as cult-income spades
        would (``+TRACK`` / ``-CULT``; test_referee_kinds6)."""
        return bool(self.owed.cult) and self.data.terraform_mode == "volcano"

    def owe(self, **counts: int) -> None:
        """Add ``counts`` (an :class:`Owed` field -> a change, negative when used or declined) to :attr:`owed`."""
        values = list(_OWED_VALUES(self.owed))
        for k, n in counts.items():
            values[_OWED_INDEX[k]] += n
        self.owed = Owed(*values)

    def set_owed(self, **values: int | bool) -> None:
        """Set :class:`Owed` fields of :attr:`owed` to ``values`` (a new value only when one changes)."""
        o = self.owed
        for k, v in values.items():
            if getattr(o, k) != v:
                new = list(_OWED_VALUES(o))
                for name, value in values.items():
                    new[_OWED_INDEX[name]] = value
                self.owed = Owed(*new)
                return

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
