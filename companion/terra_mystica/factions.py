"""Terra Mystica factions (base game and Fire & Ice), loaded from ``data/terra_mystica/factions.json``.

API summary
-----------
``load_factions() -> Mapping[str, Faction]``
    All 20 factions keyed by their lower-case engine name (``"chaosmagicians"``, ``"icemaidens"``),
    validated once and cached.
``get_faction(name) -> Faction``
    Look a faction up by engine name or display name (``"Chaos Magicians"``, ``"chaos_magicians"``).
``faction_names() -> tuple[str, ...]``
    The 20 engine names, sorted.
``parse_factions(doc) -> Mapping[str, Faction]``
    Validate an already-parsed document (what ``load_factions`` does with the shipped file).
``UnknownFactionError``
    Raised by ``get_faction`` for an unknown name; a ``CompanionError`` and a ``KeyError``.
``BUILDING_KINDS``
    ``("D", "TP", "TE", "SH", "SA")`` (dwelling, trading house, temple, stronghold, sanctuary).

``Faction`` (frozen) has ``name``, ``display``, ``expansion`` (``"base"`` / ``"fire_ice"``), ``home_terrain``
(colour word such as ``"black"``; ``"ice"``, ``"volcano"`` or ``"variable"`` for Fire & Ice factions),
``home_terrain_name`` (``"swamp"``), ``terrain_letter`` (``"K"`` or ``None``), ``start``
(:class:`StartResources`), ``buildings`` (kind -> :class:`Building`), ``shipping`` (:class:`ShippingTrack`),
``spades`` (:class:`SpadeTrack` or ``None`` for Riverwalkers), ``terraform_mode``
(``wheel | fixed_two | ice | volcano | none``), ``special`` (rules text) and the ability data below, plus
helpers ``building(kind)``, ``building_power(kind)``, ``spade_cost(level)``, ``coins_per_vp``,
``picks_colour``.

Ability data (from the reference engine's faction definitions): ``exchange_rates`` (Alchemists: VP->C 1:1,
C->VP 2:1), ``spade_gain_bonus`` (what each spade gained also gives: Halflings 1 VP, Alchemists 2 power after
their stronghold, Acolytes a cult step, Dragonlords a power token), ``spade_bonus_needs`` (buildings
needed for that bonus), ``leech_effect`` (Cultists, Shapeshifters), ``teleport`` (Dwarves' tunnelling,
Fakirs' carpet flight), ``volcano_effect`` (Acolytes, Dragonlords), ``town_bonus`` (Witches 5 VP,
Swarmlings 3 workers), ``power_action_discount`` (Yetis), ``engine_fields`` (everything else, raw).

Errors: :class:`companion.errors.RulesDataError` naming ``terra_mystica/factions.json`` and the key path.
Source: jsnell/terra-mystica ``src/Game/Factions/*.pm`` as copied in the reference ``factions.json``.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from companion.errors import CompanionError, RulesDataError
from companion.i18n import gettext as _
from companion.jsonio import quoted
from companion.resources import load_json, require
from companion.terra_mystica.names import (
    faction_name as faction_label,  # the one display name (old import path)
)
from companion.terra_mystica.tiles import frozen_json as _frozen
from companion.terra_mystica.tiles import load_tiles

__all__ = [
    "BUILDING_KINDS",
    "BUILDING_KEYS",
    "faction_label",
    "CULTS",
    "COLOURS",
    "Building",
    "Faction",
    "UnknownFactionError",
    "ShippingTrack",
    "SpadeTrack",
    "StartResources",
    "colour_clashes",
    "faction_names",
    "get_faction",
    "load_factions",
    "parse_factions",
]

FILE = "terra_mystica/factions.json"

#: Building kinds in upgrade order, with their keys in the data file (display names:
#: :data:`companion.terra_mystica.names.BUILDING_NAMES`).
BUILDING_KEYS: Mapping[str, str] = MappingProxyType({
    "D": "dwelling", "TP": "trading_house", "TE": "temple", "SH": "stronghold", "SA": "sanctuary",
})
BUILDING_KINDS: tuple[str, ...] = tuple(BUILDING_KEYS)

#: The four cult tracks, lower case.
CULTS: tuple[str, ...] = ("fire", "water", "earth", "air")
#: The seven landscape colours in terrain-wheel order (the maps module owns the wheel itself).
COLOURS: tuple[str, ...] = ("yellow", "brown", "black", "blue", "green", "gray", "red")
TERRAFORM_MODES = ("wheel", "fixed_two", "ice", "volcano", "none")
_SPECIAL_HOMES = ("ice", "volcano", "variable")


def _resources(value: Any, path: str, *, allow_str: bool = False) -> Mapping[str, int]:
    """Validate ``{"C": 2, "W": 1}``-style resource maps (non-negative or negative ints)."""
    if not isinstance(value, dict):
        raise RulesDataError(_("expected an object of resource amounts, found {name}").format(name=type(value).__name__),
                             file=FILE, key_path=path)
    for k, v in value.items():
        ok = isinstance(v, int) and not isinstance(v, bool)
        if allow_str and isinstance(v, str):
            ok = True
        if not ok:
            raise RulesDataError(_("expected an integer amount, found {v!r}").format(v=v), file=FILE, key_path=f"{path}.{k}")
    return MappingProxyType(dict(value))


def _int(mapping: Any, key: str, path: str, *, minimum: int | None = 0) -> int:
    value = require(mapping, key, int, file=FILE, path=path)
    if minimum is not None and value < minimum:
        raise RulesDataError(_("expected an integer >= {minimum}, found {value}").format(minimum=minimum, value=value), file=FILE, key_path=f"{path}.{key}")
    return value


def _int_list(value: Any, path: str) -> tuple[int, ...]:
    if not isinstance(value, list) or not all(isinstance(x, int) and not isinstance(x, bool) for x in value):
        raise RulesDataError(_("expected a list of integers, found {value!r}").format(value=value), file=FILE, key_path=path)
    return tuple(value)


@dataclass(frozen=True)
class StartResources:
    """What a faction starts with (standard game).

    Attributes
    ----------
    coins, workers, priests : int
    power : tuple[int, int, int]
        Power tokens in bowls I, II, III.
    cults : Mapping[str, int]
        Start position on each cult track (``fire``, ``water``, ``earth``, ``air``), 0..10.
    vp : int
        Starting VP (20 for every faction).
    vp_2017_variant : int
        Starting VP on snellman's "Original [2017 vp]" map variant.
    """

    coins: int
    workers: int
    priests: int
    power: tuple[int, int, int]
    cults: Mapping[str, int]
    vp: int
    vp_2017_variant: int


@dataclass(frozen=True)
class Building:
    """One building type on a faction board.

    Attributes
    ----------
    kind : str
        ``"D"``, ``"TP"``, ``"TE"``, ``"SH"`` or ``"SA"``.
    name : str
        ``"dwelling"``, ``"trading_house"``, ...
    count : int
        How many the faction has (8, 4, 3, 1, 1).
    cost : Mapping[str, int]
        Resources to build / upgrade into one (``C`` coins, ``W`` workers, ``P`` priests). Trading
        houses cost double coins when no opponent building is adjacent (engine rule).
    income_by_count : Mapping[str, tuple[int, ...]]
        ``income_by_count[res][n]`` = total income of ``res`` with ``n`` such buildings on the map
        (the dwelling worker list at index 0 includes the faction board's base income).
    on_build : tuple[Mapping, ...] or None
        One-off effects when the n-th copy is built (e.g. Alchemists' stronghold ``{"PW": 12}``).
    pass_vp : tuple or None
        VP on passing, as in the engine data (Ice Maidens' stronghold: 3 VP per temple).
    power : int
        Building power value (towns, power offers): D 1, TP 2, TE 2, SH 3, SA 3; Yetis SH/SA 4.
    """

    kind: str
    name: str
    count: int
    cost: Mapping[str, int]
    income_by_count: Mapping[str, tuple[int, ...]]
    on_build: tuple[Mapping[str, Any], ...] | None
    pass_vp: tuple[Any, ...] | None
    power: int

    def income(self, n: int) -> dict[str, int]:
        """Total income of ``n`` of these buildings on the map, e.g. ``{"C": 4, "PW": 2}``.

        Raises
        ------
        ValueError
            If ``n`` is negative or exceeds ``count``.
        """
        if not 0 <= n <= self.count:
            raise ValueError(_("{name}: {n} buildings on the map, expected 0..{count}").format(name=self.name, n=n, count=self.count))
        return {res: values[n] for res, values in self.income_by_count.items() if values[n]}


@dataclass(frozen=True)
class ShippingTrack:
    """Shipping track: ``start`` level, ``max`` level (0 for Dwarves/Fakirs), ``advance_cost`` (or None)
    and ``advance_vp[i]`` = VP for advancing from level ``i``."""

    start: int
    max: int
    advance_cost: Mapping[str, int] | None
    advance_vp: tuple[int, ...] | None


@dataclass(frozen=True)
class SpadeTrack:
    """Exchange (spade) track.

    Attributes
    ----------
    start_level, max_level : int
        Levels 0..2 for most factions; Fakirs max 1; Darklings, Shapeshifters and volcano factions 0.
    cost_per_spade_by_level : tuple[Mapping[str, int], ...]
        What one spade costs at each level: ``{"W": 3}``, ``{"W": 2}``, ``{"W": 1}``; Darklings ``{"P": 1}``;
        volcano factions ``{}`` (they use no spades).
    gain_per_use : tuple[Mapping, ...] or None
        Engine data for what digging one spade gives (Darklings ``{"SPADE": 1, "VP": 2}``).
    advance_cost : Mapping[str, int] or None
    advance_vp : tuple[int, ...] or None
    """

    start_level: int
    max_level: int
    cost_per_spade_by_level: tuple[Mapping[str, int], ...]
    gain_per_use: tuple[Mapping[str, Any], ...] | None
    advance_cost: Mapping[str, int] | None
    advance_vp: tuple[int, ...] | None


@dataclass(frozen=True, eq=False)
class Faction:
    """One of the 20 factions, immutable. See the module docstring for the field list.

    Equality and hashing are by ``name``.
    """

    name: str
    display: str
    expansion: str
    variant: str | None
    home_terrain: str
    home_terrain_name: str
    terrain_letter: str | None
    start: StartResources
    buildings: Mapping[str, Building]
    shipping: ShippingTrack
    spades: SpadeTrack | None
    terraform_mode: str
    special: str
    exchange_rates: Mapping[str, Mapping[str, int]] = field(default_factory=lambda: MappingProxyType({}))
    spade_gain_bonus: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    spade_bonus_needs: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    leech_effect: Mapping[str, Mapping[str, int]] | None = None
    teleport: Mapping[str, Any] | None = None
    volcano_effect: Mapping[str, Mapping[str, int]] | None = None
    town_bonus: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    power_action_discount: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    engine_fields: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Faction) and other.name == self.name

    def __hash__(self) -> int:
        return hash(("Faction", self.name))

    def __repr__(self) -> str:
        return f"Faction({self.name!r})"

    def building(self, kind: str) -> Building:
        """The :class:`Building` of ``kind`` (``"D"``.. ``"SA"`` or ``"dwelling"``.. ``"sanctuary"``).

        Raises
        ------
        KeyError
            For an unknown building kind.
        """
        key = kind.upper()
        if key not in self.buildings:
            for k, n in BUILDING_KEYS.items():
                if n == kind.lower():
                    key = k
        if key not in self.buildings:
            raise KeyError(_("unknown building kind {kind!r}; expected one of {building_kinds}").format(kind=kind, building_kinds=', '.join(BUILDING_KINDS)))
        return self.buildings[key]

    def building_power(self, kind: str) -> int:
        """Power value of a building (1/2/2/3/3; Yetis SH and SA 4)."""
        return self.building(kind).power

    def spade_cost(self, level: int | None = None) -> Mapping[str, int]:
        """What one spade costs at exchange ``level`` (default: the start level), e.g. ``{"W": 2}``.

        Raises
        ------
        ValueError
            If the faction has no spade track (Riverwalkers) or ``level`` is outside 0..max_level.
        """
        if self.spades is None:
            raise ValueError(_("{display} have no spade track").format(display=_(self.display)))
        lvl = self.spades.start_level if level is None else level
        if not 0 <= lvl <= self.spades.max_level:
            raise ValueError(_("{display}: exchange level {lvl} outside 0..{max_level}").format(display=_(self.display), lvl=lvl, max_level=self.spades.max_level))
        return self.spades.cost_per_spade_by_level[lvl]

    @property
    def coins_per_vp(self) -> int:
        """Coins per VP at final scoring: 3, or 2 for the Alchemists (their C->VP exchange rate)."""
        return int(self.exchange_rates.get("C", {}).get("VP", 3))

    @property
    def picks_colour(self) -> bool:
        """True for factions that choose a terrain colour at setup (Fire & Ice factions)."""
        return bool(self.engine_fields.get("PICK_COLOR")) or "PICK_COLOR" in self.engine_fields.get(
            "post_setup", {})

    @property
    def has_fixed_home(self) -> bool:
        """True when ``home_terrain`` is one of the seven colours."""
        return self.home_terrain in COLOURS


def _building(raw: Any, kind: str, path: str, yetis_power: Mapping[str, int]) -> Building:
    name = BUILDING_KEYS[kind]
    count = _int(raw, "count", path, minimum=1)
    cost = _resources(require(raw, "cost", dict, file=FILE, path=path), f"{path}.cost")
    inc_raw = require(raw, "income_by_count", dict, file=FILE, path=path)
    income = {}
    for res, values in inc_raw.items():
        vals = _int_list(values, f"{path}.income_by_count.{res}")
        if len(vals) != count + 1:
            raise RulesDataError(_("expected {count} values (0..{count2} buildings), found {n_vals}").format(count=count + 1, count2=count, n_vals=len(vals)),
                                 file=FILE, key_path=f"{path}.income_by_count.{res}")
        income[res] = vals
    on_build = raw.get("on_build")
    if on_build is not None and not isinstance(on_build, list):
        raise RulesDataError(_("expected a list or null"), file=FILE, key_path=f"{path}.on_build")
    pass_vp = raw.get("pass_vp")
    if pass_vp is not None and not isinstance(pass_vp, list):
        raise RulesDataError(_("expected a list or null"), file=FILE, key_path=f"{path}.pass_vp")
    return Building(
        kind=kind, name=name, count=count, cost=cost, income_by_count=MappingProxyType(income),
        on_build=None if on_build is None else tuple(_frozen(x) for x in on_build),
        pass_vp=None if pass_vp is None else tuple(_frozen(x) for x in pass_vp),
        power=int(yetis_power.get(kind, load_tiles().building_power[kind])),
    )


def _faction(name: str, raw: Any) -> Faction:
    path = f"factions.{name}"
    if not isinstance(raw, dict):
        raise RulesDataError(_("expected an object"), file=FILE, key_path=path)
    display = require(raw, "display", str, file=FILE, path=path)
    expansion_text = require(raw, "expansion", str, file=FILE, path=path)
    m = re.fullmatch(r"(base|fire_ice)(?: \((\w+)\))?", expansion_text)
    if not m:
        raise RulesDataError(_("expected 'base' or 'fire_ice (variant)', found {expansion_text!r}").format(expansion_text=expansion_text),
                             file=FILE, key_path=f"{path}.expansion")
    home = require(raw, "home_terrain_colour", str, file=FILE, path=path)
    if home not in COLOURS + _SPECIAL_HOMES:
        raise RulesDataError(_("expected one of {colours}, found {home!r}").format(colours=', '.join(COLOURS + _SPECIAL_HOMES), home=home),
                             file=FILE, key_path=f"{path}.home_terrain_colour")
    home_name = require(raw, "home_terrain", str, file=FILE, path=path).split(" ")[0]
    letter = require(raw, "terrain_letter", str, file=FILE, path=path)
    engine = raw.get("engine_fields") or {}
    if not isinstance(engine, dict):
        raise RulesDataError(_("expected an object"), file=FILE, key_path=f"{path}.engine_fields")

    spath = f"{path}.start"
    st = require(raw, "start", dict, file=FILE, path=path)
    pw = require(st, "power", dict, file=FILE, path=spath)
    bowls = tuple(_int(pw, k, f"{spath}.power") for k in ("bowl1", "bowl2", "bowl3"))
    cults_raw = require(st, "cults", dict, file=FILE, path=spath)
    cults = {c: _int(cults_raw, c, f"{spath}.cults") for c in CULTS}
    start = StartResources(
        coins=_int(st, "coins", spath), workers=_int(st, "workers", spath), priests=_int(st, "priests", spath),
        power=bowls, cults=MappingProxyType(cults), vp=_int(st, "vp", spath),
        vp_2017_variant=_int(st, "start_vp_2017_variant", spath),
    )

    strength = engine.get("building_strength", {})
    b_raw = require(raw, "buildings", dict, file=FILE, path=path)
    buildings = {}
    for kind, bname in BUILDING_KEYS.items():
        buildings[kind] = _building(require(b_raw, bname, dict, file=FILE, path=f"{path}.buildings"), kind,
                                    f"{path}.buildings.{bname}", strength)

    sh = require(raw, "shipping", dict, file=FILE, path=path)
    shp = f"{path}.shipping"
    ship_cost = sh.get("advance_cost")
    shipping = ShippingTrack(
        start=_int(sh, "start", shp), max=_int(sh, "max", shp),
        advance_cost=None if ship_cost is None else _resources(ship_cost, f"{shp}.advance_cost"),
        advance_vp=None if sh.get("advance_vp") is None else _int_list(sh["advance_vp"], f"{shp}.advance_vp"),
    )
    if shipping.start > shipping.max:
        raise RulesDataError(_("start level above max level"), file=FILE, key_path=f"{shp}.start")

    sp = raw.get("spades", "missing")
    if sp == "missing":
        raise RulesDataError(_("missing key"), file=FILE, key_path=f"{path}.spades")
    spades = None
    if sp is not None:
        spp = f"{path}.spades"
        levels_raw = require(sp, "cost_per_spade_by_level", list, file=FILE, path=spp)
        levels = tuple(_resources(x, f"{spp}.cost_per_spade_by_level.{i}") for i, x in enumerate(levels_raw))
        max_level = _int(sp, "max_level", spp)
        if len(levels) != max_level + 1:
            raise RulesDataError(_("expected {max_level} levels (0..max_level), found {n_levels}").format(max_level=max_level + 1, n_levels=len(levels)),
                                 file=FILE, key_path=f"{spp}.cost_per_spade_by_level")
        gpu = sp.get("gain_per_use")
        spades = SpadeTrack(
            start_level=_int(sp, "start_level", spp), max_level=max_level, cost_per_spade_by_level=levels,
            gain_per_use=None if gpu is None else tuple(_frozen(x) for x in gpu),
            advance_cost=None if sp.get("advance_cost") is None else _resources(sp["advance_cost"],
                                                                                f"{spp}.advance_cost"),
            advance_vp=None if sp.get("advance_vp") is None else _int_list(sp["advance_vp"], f"{spp}.advance_vp"),
        )

    mode = require(raw, "terraform_mode", str, file=FILE, path=path)
    if mode not in TERRAFORM_MODES:
        raise RulesDataError(_("expected one of {terraform_modes}, found {mode!r}").format(terraform_modes=', '.join(TERRAFORM_MODES), mode=mode), file=FILE,
                             key_path=f"{path}.terraform_mode")
    if mode == "volcano" and "volcano_effect" not in engine:
        raise RulesDataError(_("a volcano faction needs engine_fields.volcano_effect"), file=FILE,
                             key_path=f"{path}.engine_fields")
    if mode in ("wheel", "fixed_two", "ice") and spades is None:
        raise RulesDataError(_("terraform_mode {mode} needs a spade track").format(mode=mode), file=FILE, key_path=f"{path}.spades")

    special = engine.get("special", {}) if isinstance(engine.get("special"), dict) else {}
    spade_bonus = dict(special.get("SPADE", {})) if special.get("mode") == "gain" else {}
    spade_bonus.pop("SPADE", None)
    town_bonus: dict[str, int] = {}
    for key, gain in special.items():
        if key.startswith("TW") and isinstance(gain, dict):
            town_bonus = dict(gain)
    discount = {a: int(v.get("PW", 0)) for a, v in engine.get("discount", {}).items()}

    return Faction(
        name=name, display=display, expansion=m.group(1), variant=m.group(2), home_terrain=home,
        home_terrain_name=home_name, terrain_letter=None if letter == "-" else letter, start=start,
        buildings=MappingProxyType(buildings), shipping=shipping, spades=spades, terraform_mode=mode,
        special=require(raw, "special", str, file=FILE, path=path),
        exchange_rates=_frozen(engine.get("exchange_rates", {})),
        spade_gain_bonus=MappingProxyType(spade_bonus),
        spade_bonus_needs=MappingProxyType(dict(special.get("enable_if", {}))),
        leech_effect=_frozen(engine["leech_effect"]) if "leech_effect" in engine else None,
        teleport=_frozen(engine["teleport"]) if "teleport" in engine else None,
        volcano_effect=_frozen(engine["volcano_effect"]) if "volcano_effect" in engine else None,
        town_bonus=MappingProxyType(town_bonus),
        power_action_discount=MappingProxyType(discount),
        engine_fields=_frozen(engine),
    )


@functools.cache
def load_factions() -> Mapping[str, Faction]:
    """Load and validate all factions (cached; the result is read-only).

    Returns
    -------
    Mapping[str, Faction]
        Keyed by engine name, in the data file's (alphabetical) order.

    Raises
    ------
    RulesDataError
        Naming ``terra_mystica/factions.json`` and the key path of the first problem.
    """
    return parse_factions(load_json(FILE))


def parse_factions(doc: Any) -> Mapping[str, Faction]:
    """Validate a factions document (the parsed JSON of ``factions.json``); used by :func:`load_factions`.

    Raises
    ------
    RulesDataError
        Naming ``terra_mystica/factions.json`` and the key path of the first problem.
    """
    raw = require(doc, "factions", dict, file=FILE, path="")
    if not raw:
        raise RulesDataError(_("no factions"), file=FILE, key_path="factions")
    return MappingProxyType({name: _faction(name, f) for name, f in raw.items()})


def colour_clashes(factions: Sequence[str | Faction]) -> list[tuple[int, int]]:
    """The factions of ``factions`` that cannot play beside an earlier one: one faction per colour.

    Two factions clash when they have one home-terrain tag: the same land colour, both ice factions (they
    exclude each other), both volcano factions, or the two that pick their colour (Shapeshifters and
    Riverwalkers share one faction board). Rulebook setup, FIRE-ICE-NOTES section 2.

    Parameters
    ----------
    factions : sequence of str or Faction
        Factions (engine or display names) in seat order.

    Returns
    -------
    list of (int, int)
        ``(i, j)``, 0-based, for each faction ``i`` that clashes with the earlier faction ``j`` (the first one
        of its colour); empty when all can play together.

    Raises
    ------
    UnknownFactionError
        For a name that is no faction.

    Examples
    --------
    >>> colour_clashes(["witches", "auren", "giants", "icemaidens", "yetis"])
    [(1, 0), (4, 3)]
    """
    first: dict[str, int] = {}
    clashes = []
    for i, faction in enumerate(factions):
        tag = get_faction(faction).home_terrain
        if tag in first:
            clashes.append((i, first[tag]))
        else:
            first[tag] = i
    return clashes


def faction_names() -> tuple[str, ...]:
    """Engine names of every faction, sorted (``"acolytes"`` .. ``"yetis"``)."""
    return tuple(sorted(load_factions()))


def _norm(name: str) -> str:
    return re.sub(r"[\s_\-]", "", name.lower())


@functools.cache
def _index() -> Mapping[str, str]:
    out = {}
    for key, f in load_factions().items():
        out[_norm(key)] = key
        out[_norm(f.display)] = key
    return out


class UnknownFactionError(CompanionError, KeyError):
    """A faction name that is not one of the 20 factions (both a ``CompanionError`` and a ``KeyError``)."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""


def get_faction(name: str | Faction) -> Faction:
    """Return a faction by engine name or display name (case, spaces, ``_`` and ``-`` ignored).

    Raises
    ------
    UnknownFactionError
        For an unknown name; the message lists the known names.
    """
    if isinstance(name, Faction):
        return name
    key = _index().get(_norm(str(name)))
    if key is None:
        raise UnknownFactionError(_("unknown faction {name}; expected one of {faction_names}").format(name=quoted(name), faction_names=', '.join(faction_names())))
    return load_factions()[key]
