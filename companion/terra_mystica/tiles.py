"""Terra Mystica tiles and board rules data, loaded from ``data/terra_mystica/tiles.json``.

API summary
-----------
``load_tiles() -> Tiles``
    Everything below, validated once and cached. ``Tiles`` has read-only mappings ``favor``
    (``"FAV1"``.. ``"FAV12"`` -> :class:`FavorTile`), ``bonus`` (``"BON1"``.. ``"BON10"`` -> :class:`BonusTile`),
    ``town`` (``"TW1"``.. ``"TW8"`` -> :class:`TownTile`), ``round_scoring`` (``"SCORE1"``.. ``"SCORE9"`` ->
    :class:`RoundScoringTile`), ``power_actions`` (``"ACT1"``.. ``"ACT6"`` -> :class:`PowerAction`),
    ``faction_actions`` (``"ACTA"``, ``"ACTW"``, ``"FAV6"``, ``"BON1"``... -> :class:`FactionAction`),
    ``final_scoring`` (``"network"``, ``"cults"`` and the four Fire & Ice tiles -> :class:`FinalScoringCategory`),
    ``building_power`` (``{"D": 1, "TP": 2, "TE": 2, "SH": 3, "SA": 3}``), ``cult_track``
    (:class:`CultTrackRules`) and ``rules`` (:class:`BoardRules`: upgrade paths, town size, bridge and
    priest limits).
``favor_tile(id)``, ``bonus_tile(id)``, ``town_tile(id)``, ``round_scoring_tile(id)``, ``power_action(id)``
    Look-ups by id (case-insensitive); unknown ids raise :class:`UnknownTileError` (a ``CompanionError``
    and a ``KeyError``).
``parse_tiles(doc) -> Tiles``
    Validate an already-parsed document (what ``load_tiles`` does with the shipped file).
``CultBonus.for_position(pos)``, ``CultTrackRules.power_for_move(start, end)``, ``PowerAction.cost_for(faction)``
    Small rule helpers: end-of-round cult bonus, power from cult steps, Yetis' discount.

Resource codes used throughout: ``C`` coins, ``W`` workers, ``P`` priests, ``PW`` power, ``VP``, ``SPADE``,
``KEY`` (town key), cult names ``FIRE``/``WATER``/``EARTH``/``AIR``.

Errors: :class:`companion.errors.RulesDataError` naming ``terra_mystica/tiles.json`` and the key path.
Source: jsnell/terra-mystica ``src/Game/Constants.pm`` as copied in the reference ``tiles.json``.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from companion.errors import CompanionError, RulesDataError
from companion.i18n import gettext as _
from companion.resources import load_json, require

__all__ = [
    "CULT_TRACKS",
    "BoardRules",
    "BonusTile",
    "CultTrackRules",
    "FactionAction",
    "FavorTile",
    "FinalScoringCategory",
    "PowerAction",
    "RoundScoringTile",
    "Tiles",
    "TownTile",
    "UnknownTileError",
    "bonus_tile",
    "favor_tile",
    "load_tiles",
    "parse_tiles",
    "power_action",
    "round_scoring_tile",
    "town_tile",
]

FILE = "terra_mystica/tiles.json"
CULT_TRACKS: tuple[str, ...] = ("FIRE", "WATER", "EARTH", "AIR")


class UnknownTileError(CompanionError, KeyError):
    """An unknown tile or action id (both a ``CompanionError`` and a ``KeyError``)."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""


def frozen_json(v: Any) -> Any:
    """Deep read-only copy of JSON data: objects -> ``MappingProxyType``, lists -> tuples."""
    if isinstance(v, dict):
        return MappingProxyType({k: frozen_json(x) for k, x in v.items()})
    if isinstance(v, list):
        return tuple(frozen_json(x) for x in v)
    return v


def _amounts(value: Any, path: str) -> Mapping[str, int]:
    if not isinstance(value, dict):
        raise RulesDataError(_("expected an object of amounts, found {name}").format(name=type(value).__name__), file=FILE,
                             key_path=path)
    for k, v in value.items():
        if not isinstance(v, int) or isinstance(v, bool):
            raise RulesDataError(_("expected an integer, found {v!r}").format(v=v), file=FILE, key_path=f"{path}.{k}")
    return MappingProxyType(dict(value))


def _opt_amounts(value: Any, path: str) -> Mapping[str, int] | None:
    return None if value is None else _amounts(value, path)


def _vp_table(value: Any, path: str) -> Mapping[str, tuple[int, ...]] | None:
    """``{"TP": [0, 2, 3, 3, 4]}``: VP by count of something."""
    if value is None:
        return None
    if not isinstance(value, dict):
        raise RulesDataError(_("expected an object or null"), file=FILE, key_path=path)
    out = {}
    for k, v in value.items():
        if not isinstance(v, list) or not all(isinstance(x, int) and not isinstance(x, bool) for x in v):
            raise RulesDataError(_("expected a list of integers, found {v!r}").format(v=v), file=FILE, key_path=f"{path}.{k}")
        out[k] = tuple(v)
    return MappingProxyType(out)


def _opt_str(raw: Any, key: str, path: str) -> str | None:
    v = raw.get(key)
    if v is not None and not isinstance(v, str):
        raise RulesDataError(_("expected a string or null, found {v!r}").format(v=v), file=FILE, key_path=f"{path}.{key}")
    return v


@dataclass(frozen=True)
class FavorTile:
    """A favor tile.

    Attributes
    ----------
    id, desc : str
    copies : int
        1 for FAV1-FAV4, 3 otherwise.
    cult_steps : Mapping[str, int]
        Immediate cult steps, e.g. ``{"FIRE": 3}``.
    town_size_delta : int
        -1 for FAV5 (towns need power 6 instead of 7), else 0.
    income : Mapping[str, int]
        Income each round, e.g. ``{"PW": 4}``.
    vp_on_build : Mapping[str, int] or None
        VP whenever you build that building type (FAV10 ``{"TP": 3}``, FAV11 ``{"D": 2}``).
    pass_vp : Mapping[str, tuple[int, ...]] or None
        VP on passing by count (FAV12 ``{"TP": (0, 2, 3, 3, 4)}``).
    has_action : bool
        FAV6 (one cult step once per round).
    """

    id: str
    desc: str
    copies: int
    cult_steps: Mapping[str, int]
    town_size_delta: int
    income: Mapping[str, int]
    vp_on_build: Mapping[str, int] | None
    pass_vp: Mapping[str, tuple[int, ...]] | None
    has_action: bool


@dataclass(frozen=True)
class BonusTile:
    """A bonus (pass) tile: ``income``, ``pass_vp`` (VP by count: ``D``, ``TP``, ``SH``, ``SA``, ``ship``),
    ``special`` (BON4 ``{"ship": 1}``), ``option`` needed (BON10 ``"shipping-bonus"``) and ``action``
    (BON1 one spade, BON2 one cult step; raw engine data)."""

    id: str
    desc: str
    income: Mapping[str, int]
    pass_vp: Mapping[str, tuple[int, ...]] | None
    special: Mapping[str, int] | None
    option: str | None
    action: Mapping[str, Any] | None


@dataclass(frozen=True)
class TownTile:
    """A town tile: ``vp``, ``keys`` (TW6 counts 2), the full ``gain`` map, ``copies`` and ``option``
    (TW6-TW8 need ``mini-expansion-1``)."""

    id: str
    desc: str
    vp: int
    keys: int
    gain: Mapping[str, int]
    copies: int
    option: str | None


@dataclass(frozen=True)
class CultBonus:
    """End-of-round cult bonus of a round scoring tile: ``floor(position / per_steps) x gain`` on ``track``
    (``CULT_P`` for SCORE9: priests sent to cult tracks)."""

    track: str
    per_steps: int
    gain: Mapping[str, int]

    def for_position(self, position: int) -> dict[str, int]:
        """What a player at ``position`` on ``track`` receives, e.g. ``{"SPADE": 2}`` (empty if nothing)."""
        times = max(0, position) // self.per_steps
        return {k: v * times for k, v in self.gain.items() if times}


@dataclass(frozen=True)
class RoundScoringTile:
    """A round scoring tile: ``vp`` per ``vp_trigger`` (``"build"`` a building type or ``"gain"`` a spade /
    town), ``during_round`` text like ``"TP >> 3"``, ``cult_bonus`` at round end, ``option`` (SCORE9)."""

    id: str
    during_round: str
    vp: Mapping[str, int]
    vp_trigger: str
    cult_bonus: CultBonus
    option: str | None


@dataclass(frozen=True)
class PowerAction:
    """A power action on the board: ``power`` cost (from bowl III), ``gain`` (``BRIDGE``, ``P``, ``W``, ``C``,
    ``SPADE``), ``desc``."""

    id: str
    power: int
    gain: Mapping[str, int]
    desc: str

    def cost_for(self, faction: Any = None) -> int:
        """Power cost for ``faction`` (a :class:`~companion.terra_mystica.factions.Faction` or None):
        Yetis pay 1 less."""
        discount = 0 if faction is None else int(faction.power_action_discount.get(self.id, 0))
        return self.power - discount


@dataclass(frozen=True)
class FactionAction:
    """A faction / favor / bonus special action as engine data: ``cost`` and ``gain`` maps."""

    id: str
    cost: Mapping[str, int]
    gain: Mapping[str, int]


@dataclass(frozen=True)
class FinalScoringCategory:
    """An end-game category: ``points`` for 1st/2nd/3rd (18/12/6 or 8/4/2 per cult), ``option`` needed."""

    id: str
    description: str
    label: str
    points: tuple[int, ...]
    option: str | None


@dataclass(frozen=True)
class CultTrackRules:
    """Cult tracks: ``tracks`` (``FIRE``, ``WATER``, ``EARTH``, ``AIR``), ``max`` position 10,
    ``power_at`` (position reached -> power gained: 3->1, 5->2, 7->2, 10->3), ``priest_slot_steps``
    (3, 2, 2, 2; after those a priest gives 1 step and returns), ``key_rule`` text."""

    tracks: tuple[str, ...]
    max: int
    power_at: Mapping[int, int]
    priest_slot_steps: tuple[int, ...]
    key_rule: str

    def power_for_move(self, start: int, end: int) -> int:
        """Power gained moving from ``start`` to ``end`` (passing or landing on 3, 5, 7, 10)."""
        return sum(pw for pos, pw in self.power_at.items() if start < pos <= end)


@dataclass(frozen=True)
class BoardRules:
    """Rule numbers the reference engine keeps in code (``tiles.json`` ``board_rules``).

    Attributes
    ----------
    upgrades : Mapping[str, tuple[str, ...]]
        Building kind -> the kinds it can be upgraded to (D -> TP, TP -> TE or SH, TE -> SA).
    town_power : int
        Total building power a town needs (7; FAV5's ``TOWN_SIZE`` gain lowers it).
    town_buildings : int
        Buildings a town needs (4), a sanctuary counting :attr:`sanctuary_counts_as`.
    sanctuary_counts_as : int
        Buildings a sanctuary counts as for a town (2).
    max_bridges : int
        Bridges one faction may build (3).
    max_priests : int
        Priests one faction owns (7): in hand plus on the cult board's priest spaces.
    """

    upgrades: Mapping[str, tuple[str, ...]]
    town_power: int
    town_buildings: int
    sanctuary_counts_as: int
    max_bridges: int
    max_priests: int

    def upgraded_from(self, kind: str) -> str | None:
        """The building kind that is upgraded into ``kind`` (``"SH"`` -> ``"TP"``), or None for a dwelling."""
        return next((k for k, to in self.upgrades.items() if kind in to), None)


@dataclass(frozen=True)
class Tiles:
    """All tile and board data; see the module docstring."""

    favor: Mapping[str, FavorTile]
    bonus: Mapping[str, BonusTile]
    town: Mapping[str, TownTile]
    round_scoring: Mapping[str, RoundScoringTile]
    power_actions: Mapping[str, PowerAction]
    faction_actions: Mapping[str, FactionAction]
    final_scoring: Mapping[str, FinalScoringCategory]
    building_power: Mapping[str, int]
    cult_track: CultTrackRules
    rules: BoardRules


def _section(doc: Any, key: str) -> dict:
    sec = require(doc, key, dict, file=FILE, path="")
    if not sec:
        raise RulesDataError(_("empty section"), file=FILE, key_path=key)
    return sec


def _favor(doc: Any) -> dict[str, FavorTile]:
    out = {}
    for tid, raw in _section(doc, "favor_tiles").items():
        p = f"favor_tiles.{tid}"
        gain = dict(_amounts(require(raw, "gain", dict, file=FILE, path=p), f"{p}.gain"))
        town = gain.pop("TOWN_SIZE", 0)
        bad = [k for k in gain if k not in CULT_TRACKS]
        if bad:
            raise RulesDataError(_("expected cult steps only, found {bad!r}").format(bad=bad[0]), file=FILE, key_path=f"{p}.gain")
        out[tid] = FavorTile(
            id=tid, desc=require(raw, "desc", str, file=FILE, path=p),
            copies=require(raw, "copies", int, file=FILE, path=p), cult_steps=MappingProxyType(gain),
            town_size_delta=town, income=_amounts(require(raw, "income", dict, file=FILE, path=p), f"{p}.income"),
            vp_on_build=_opt_amounts(raw.get("vp_on_build"), f"{p}.vp_on_build"),
            pass_vp=_vp_table(raw.get("pass_vp"), f"{p}.pass_vp"),
            has_action=tid in doc.get("faction_actions", {}),
        )
    return out


def _bonus(doc: Any) -> dict[str, BonusTile]:
    out = {}
    for tid, raw in _section(doc, "bonus_tiles").items():
        p = f"bonus_tiles.{tid}"
        action = raw.get("action")
        if action is not None and not isinstance(action, dict):
            raise RulesDataError(_("expected an object or null"), file=FILE, key_path=f"{p}.action")
        out[tid] = BonusTile(
            id=tid, desc=require(raw, "desc", str, file=FILE, path=p),
            income=_amounts(require(raw, "income", dict, file=FILE, path=p), f"{p}.income"),
            pass_vp=_vp_table(raw.get("pass_vp"), f"{p}.pass_vp"),
            special=_opt_amounts(raw.get("special"), f"{p}.special"), option=_opt_str(raw, "option", p),
            action=None if action is None else frozen_json(action),
        )
    return out


def _town(doc: Any) -> dict[str, TownTile]:
    out = {}
    for tid, raw in _section(doc, "town_tiles").items():
        p = f"town_tiles.{tid}"
        gain = _amounts(require(raw, "gain", dict, file=FILE, path=p), f"{p}.gain")
        for k in ("VP", "KEY"):
            if k not in gain:
                raise RulesDataError(_("missing key"), file=FILE, key_path=f"{p}.gain.{k}")
        out[tid] = TownTile(id=tid, desc=require(raw, "desc", str, file=FILE, path=p), vp=gain["VP"],
                            keys=gain["KEY"], gain=gain, copies=require(raw, "copies", int, file=FILE, path=p),
                            option=_opt_str(raw, "option", p))
    return out


def _round(doc: Any) -> dict[str, RoundScoringTile]:
    out = {}
    for tid, raw in _section(doc, "round_scoring_tiles").items():
        p = f"round_scoring_tiles.{tid}"
        cb = require(raw, "end_of_round_cult_bonus", dict, file=FILE, path=p)
        cp = f"{p}.end_of_round_cult_bonus"
        track = require(cb, "track", str, file=FILE, path=cp)
        if track not in CULT_TRACKS + ("CULT_P",):
            raise RulesDataError(_("expected a cult track or CULT_P, found {track!r}").format(track=track), file=FILE,
                                 key_path=f"{cp}.track")
        per = require(cb, "per_steps", int, file=FILE, path=cp)
        if per < 1:
            raise RulesDataError(_("expected an integer >= 1"), file=FILE, key_path=f"{cp}.per_steps")
        trigger = require(raw, "vp_trigger", str, file=FILE, path=p)
        if trigger not in ("build", "gain"):
            raise RulesDataError(_("expected 'build' or 'gain', found {trigger!r}").format(trigger=trigger), file=FILE,
                                 key_path=f"{p}.vp_trigger")
        out[tid] = RoundScoringTile(
            id=tid, during_round=require(raw, "during_round", str, file=FILE, path=p),
            vp=_amounts(require(raw, "vp", dict, file=FILE, path=p), f"{p}.vp"), vp_trigger=trigger,
            cult_bonus=CultBonus(track=track, per_steps=per,
                                 gain=_amounts(require(cb, "gain", dict, file=FILE, path=cp), f"{cp}.gain")),
            option=_opt_str(raw, "option", p),
        )
    return out


def _power_actions(doc: Any) -> dict[str, PowerAction]:
    descs = doc.get("power_actions_desc", {})
    out = {}
    for aid, raw in _section(doc, "power_actions").items():
        p = f"power_actions.{aid}"
        cost = _amounts(require(raw, "cost", dict, file=FILE, path=p), f"{p}.cost")
        if set(cost) != {"PW"}:
            raise RulesDataError(_("expected a power cost {\"PW\": n}"), file=FILE, key_path=f"{p}.cost")
        out[aid] = PowerAction(id=aid, power=cost["PW"],
                               gain=_amounts(require(raw, "gain", dict, file=FILE, path=p), f"{p}.gain"),
                               desc=str(descs.get(aid, "")))
    return out


def _faction_actions(doc: Any) -> dict[str, FactionAction]:
    out = {}
    for aid, raw in _section(doc, "faction_actions").items():
        p = f"faction_actions.{aid}"
        out[aid] = FactionAction(id=aid, cost=_amounts(require(raw, "cost", dict, file=FILE, path=p), f"{p}.cost"),
                                 gain=_amounts(require(raw, "gain", dict, file=FILE, path=p), f"{p}.gain"))
    return out


def _final(doc: Any) -> dict[str, FinalScoringCategory]:
    out = {}
    for cid, raw in _section(doc, "final_scoring").items():
        p = f"final_scoring.{cid}"
        pts = require(raw, "points", list, file=FILE, path=p)
        if not pts or not all(isinstance(x, int) and not isinstance(x, bool) for x in pts):
            raise RulesDataError(_("expected a list of integers, found {pts!r}").format(pts=pts), file=FILE, key_path=f"{p}.points")
        out[cid] = FinalScoringCategory(id=cid, description=require(raw, "description", str, file=FILE, path=p),
                                        label=str(raw.get("label", cid)), points=tuple(pts),
                                        option=_opt_str(raw, "option", p))
    for needed in ("network", "cults"):
        if needed not in out:
            raise RulesDataError(_("missing key"), file=FILE, key_path=f"final_scoring.{needed}")
    return out


def _cult(doc: Any) -> CultTrackRules:
    raw = require(doc, "cult_track", dict, file=FILE, path="")
    p = "cult_track"
    tracks = require(raw, "tracks", list, file=FILE, path=p)
    if tuple(tracks) != CULT_TRACKS:
        raise RulesDataError(_("expected {cult_tracks}, found {tracks!r}").format(cult_tracks=list(CULT_TRACKS), tracks=tracks), file=FILE, key_path=f"{p}.tracks")
    gains = require(raw, "power_gain_at_steps", dict, file=FILE, path=p)
    power_at = {}
    for k, v in gains.items():
        if not k.isdigit() or not isinstance(v, int):
            raise RulesDataError(_("expected position -> power, found {k!r}: {v!r}").format(k=k, v=v), file=FILE,
                                 key_path=f"{p}.power_gain_at_steps.{k}")
        power_at[int(k)] = v
    slots = require(raw, "priest_slot_steps", list, file=FILE, path=p)
    return CultTrackRules(tracks=CULT_TRACKS, max=require(raw, "max", int, file=FILE, path=p),
                          power_at=MappingProxyType(power_at), priest_slot_steps=tuple(slots),
                          key_rule=require(raw, "step_10_needs_key", str, file=FILE, path=p))


def _rules(doc: Any) -> BoardRules:
    p = "board_rules"
    raw = require(doc, p, dict, file=FILE, path="")
    ups = require(raw, "upgrades", dict, file=FILE, path=p)
    kinds = ("D", "TP", "TE", "SH", "SA")
    upgrades = {}
    for k, to in ups.items():
        if k not in kinds or not isinstance(to, list) or not to or any(t not in kinds for t in to):
            raise RulesDataError(_("expected a building kind -> list of building kinds ({kinds}), found {k!r}: {to!r}").format(kinds=', '.join(kinds), k=k, to=to), file=FILE, key_path=f"{p}.upgrades.{k}")
        upgrades[k] = tuple(to)
    nums = {}
    for key in ("town_power", "town_buildings", "sanctuary_counts_as", "max_bridges", "max_priests"):
        v = require(raw, key, int, file=FILE, path=p)
        if isinstance(v, bool) or v < 1:
            raise RulesDataError(_("expected an integer >= 1, found {v!r}").format(v=v), file=FILE, key_path=f"{p}.{key}")
        nums[key] = v
    return BoardRules(upgrades=MappingProxyType(upgrades), **nums)


@functools.cache
def load_tiles() -> Tiles:
    """Load and validate ``terra_mystica/tiles.json`` (cached).

    Raises
    ------
    RulesDataError
        Naming the file and the key path of the first problem.
    """
    return parse_tiles(load_json(FILE))


def parse_tiles(doc: Any) -> Tiles:
    """Validate a tiles document (the parsed JSON of ``tiles.json``); used by :func:`load_tiles`.

    Raises
    ------
    RulesDataError
        Naming ``terra_mystica/tiles.json`` and the key path of the first problem.
    """
    if not isinstance(doc, dict):
        raise RulesDataError(_("expected a JSON object"), file=FILE)
    bp_raw = require(doc, "building_power", dict, file=FILE, path="")
    bp = _amounts({k: v for k, v in bp_raw.items() if k != "note"}, "building_power")
    for k in ("D", "TP", "TE", "SH", "SA"):
        if k not in bp:
            raise RulesDataError(_("missing key"), file=FILE, key_path=f"building_power.{k}")
    return Tiles(
        favor=MappingProxyType(_favor(doc)), bonus=MappingProxyType(_bonus(doc)), town=MappingProxyType(_town(doc)),
        round_scoring=MappingProxyType(_round(doc)), power_actions=MappingProxyType(_power_actions(doc)),
        faction_actions=MappingProxyType(_faction_actions(doc)), final_scoring=MappingProxyType(_final(doc)),
        building_power=bp, cult_track=_cult(doc), rules=_rules(doc),
    )


def _lookup(table: Mapping[str, Any], tid: str, what: str) -> Any:
    key = str(tid).strip().upper()
    if key not in table:
        raise UnknownTileError(_("unknown {what} {tid!r}; expected one of {table}").format(what=what, tid=tid, table=', '.join(table)))
    return table[key]


def favor_tile(tid: str) -> FavorTile:
    """Favor tile by id (``"FAV5"``)."""
    return _lookup(load_tiles().favor, tid, "favor tile")


def bonus_tile(tid: str) -> BonusTile:
    """Bonus tile by id (``"BON4"``)."""
    return _lookup(load_tiles().bonus, tid, "bonus tile")


def town_tile(tid: str) -> TownTile:
    """Town tile by id (``"TW3"``)."""
    return _lookup(load_tiles().town, tid, "town tile")


def round_scoring_tile(tid: str) -> RoundScoringTile:
    """Round scoring tile by id (``"SCORE2"``)."""
    return _lookup(load_tiles().round_scoring, tid, "round scoring tile")


def power_action(aid: str) -> PowerAction:
    """Power action by id (``"ACT6"``)."""
    return _lookup(load_tiles().power_actions, aid, "power action")
