"""Terra Mystica final scoring: largest network, cult tracks, leftover resources, itemised per player.

API summary
-----------
``PlayerFinal(faction, vp, cults, network, coins=0, workers=0, priests=0, power=(0, 0, 0), extra=None,
name=None)``
    One player's end-of-game position (frozen). ``cults`` maps ``fire``/``water``/``earth``/``air`` to
    positions 0..10; ``network`` is the size of the largest connected network in buildings; ``power`` the
    tokens in bowls I, II, III; ``extra`` the player's value for an optional Fire & Ice final-scoring tile.
``final_scoring(players, *, extra_category=None) -> FinalScoring``
    ``FinalScoring.players`` is a tuple of :class:`FinalBreakdown` in input order, each with ``vp_before``,
    ``cult_vp`` (per track), ``network_vp``, ``extra_vp``, ``resources`` (:class:`ResourceConversion`),
    ``resource_vp``, ``final_vp`` and ``parts()``; ``FinalScoring.winners`` the faction(s) with the most VP;
    ``as_json()`` gives the ``companion tm score --json`` document, ``to_dict()`` a fuller one.
``rank_prizes(values, prizes) -> list[int]``
    The pooled-ties ranking used for networks (18/12/6) and cult tracks (8/4/2).
``convert_resources(faction, coins, workers, priests, power) -> ResourceConversion``
    Leftover resources -> coins -> VP exactly as the reference engine does.
``players_from_json(doc, *, file=None) -> list[PlayerFinal]``
    Read the ``{"players": [...]}`` input document, raising :class:`RulesDataError` naming the field.

Rules (RULES-NOTES section 5, reference engine ``scoring.pm``; rules summary "游戏结束"):

* Network and each cult track are ranked separately. Prizes 18/12/6 (network) and 8/4/2 (each cult) go
  to the top positions in order; tied players pool the prizes of the positions they occupy and share
  them equally, rounding down (two tied first on the network: (18 + 12) / 2 = 15 each; two tied third on
  a cult: 2 / 2 = 1 each). A value of 0 (cult position 0, network of 0 buildings) scores nothing.
* Resources: burn as much of bowl II as possible (half of it, rounded down), then each power token in
  bowl III, each priest and each worker is 1 coin; coins become VP at 3:1 (Alchemists 2:1), rounding down.
  Coins left over score nothing.
* The Fire & Ice final-scoring tile (optional) is one more 18/12/6 ranking on ``extra``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from companion.errors import CompanionError, RulesDataError
from companion.terra_mystica.factions import CULTS, Faction, UnknownFactionError, get_faction
from companion.terra_mystica.power import PowerBowls
from companion.terra_mystica.tiles import load_tiles

__all__ = [
    "FinalBreakdown",
    "FinalScoring",
    "PlayerFinal",
    "ResourceConversion",
    "convert_resources",
    "final_scoring",
    "players_from_json",
    "rank_prizes",
]


def rank_prizes(values: Sequence[int], prizes: Sequence[int]) -> list[int]:
    """Prize of each value, with tied positions pooled and split (rounded down); 0 scores nothing.

    Parameters
    ----------
    values : sequence of int
        One value per player (cult position, network size in buildings, ...).
    prizes : sequence of int
        Prize for 1st, 2nd, 3rd ... place (e.g. ``(18, 12, 6)``); places beyond get 0.

    Returns
    -------
    list of int
        VP per player, in the order of ``values``.

    Examples
    --------
    >>> rank_prizes([12, 12, 7, 13], (18, 12, 6))
    [9, 9, 0, 18]
    >>> rank_prizes([2, 2, 9, 8], (8, 4, 2))
    [1, 1, 8, 4]

    Source: reference engine ``score_type_rankings`` (commit 5739901 "Round shared network / cult end
    scoring points down").
    """
    ordered = sorted(values, reverse=True)
    pool: dict[int, int] = {}
    count: dict[int, int] = {}
    for place, value in enumerate(ordered):
        pool[value] = pool.get(value, 0) + (prizes[place] if place < len(prizes) else 0)
        count[value] = count.get(value, 0) + 1
    return [0 if v <= 0 else pool[v] // count[v] for v in values]


@dataclass(frozen=True)
class ResourceConversion:
    """How leftover resources became VP at the end of the game.

    Attributes
    ----------
    burned : int
        Power burned from bowl II (each burn removes one token and moves one to bowl III).
    coins_from_power, coins_from_priests, coins_from_workers : int
        Coins from bowl-III power, priests, workers (1 each).
    coins : int
        Coins in hand after converting (leftover coins + the above).
    coins_per_vp : int
        3, or 2 for the Alchemists.
    vp : int
        ``coins // coins_per_vp``.
    coins_left : int
        Coins that score nothing.
    bowls_after : PowerBowls
        The bowls after burning and spending.
    explanation : str
        One sentence naming each step with its numbers.
    """

    burned: int
    coins_from_power: int
    coins_from_priests: int
    coins_from_workers: int
    coins: int
    coins_per_vp: int
    vp: int
    coins_left: int
    bowls_after: PowerBowls
    explanation: str


def convert_resources(faction: str | Faction, coins: int, workers: int, priests: int,
                      power: Sequence[int] | PowerBowls) -> ResourceConversion:
    """Convert leftover resources to VP the way the reference engine does.

    Parameters
    ----------
    faction : str or Faction
        Decides the coin rate (Alchemists 2 coins per VP, everyone else 3).
    coins, workers, priests : int
        Leftover coins, workers, priests (>= 0).
    power : (int, int, int) or PowerBowls
        Power tokens in bowls I, II, III.

    Returns
    -------
    ResourceConversion

    Source: RULES-NOTES section 5, engine ``score_final_resources_for_faction``.
    """
    f = get_faction(faction)
    bowls = power if isinstance(power, PowerBowls) else PowerBowls(*power)
    burn = bowls.max_burn
    after_burn = bowls.burn(burn).after if burn else bowls
    from_power = after_burn.iii
    after = after_burn.spend(from_power).after if from_power else after_burn
    total = coins + from_power + priests + workers
    rate = f.coins_per_vp
    vp = total // rate
    parts = []

    def n_of(n: int, what: str) -> str:
        return f"{n} {what}" if n != 1 else f"{n} {what[:-1]}"

    if burn:
        parts.append(f"burn {burn} power (bowl II {bowls.ii} -> {bowls.ii - 2 * burn}, bowl III +{burn})")
    if from_power:
        parts.append(f"{from_power} power from bowl III -> {n_of(from_power, 'coins')}")
    if priests:
        parts.append(f"{n_of(priests, 'priests')} -> {n_of(priests, 'coins')}")
    if workers:
        parts.append(f"{n_of(workers, 'workers')} -> {n_of(workers, 'coins')}")
    left = total - vp * rate
    parts.append(f"{n_of(total, 'coins')} at {rate}:1 -> {vp} VP" + (f" ({n_of(left, 'coins')} left)" if left else ""))
    return ResourceConversion(burned=burn, coins_from_power=from_power, coins_from_priests=priests,
                              coins_from_workers=workers, coins=total, coins_per_vp=rate, vp=vp,
                              coins_left=total - vp * rate, bowls_after=after, explanation="; ".join(parts) + ".")


@dataclass(frozen=True)
class PlayerFinal:
    """One player's position at the end of round 6, before final scoring (see the module docstring).

    Cult track names are accepted in any case (``"FIRE"`` or ``"fire"``); a missing track counts as 0.
    Numbers are checked by :func:`final_scoring`, which names the player and field of a bad one.

    Raises
    ------
    CompanionError
        For an unknown cult track name.
    """

    faction: str
    vp: int
    cults: Mapping[str, int]
    network: int
    coins: int = 0
    workers: int = 0
    priests: int = 0
    power: tuple[int, int, int] = (0, 0, 0)
    extra: int | None = None
    name: str | None = None

    def __post_init__(self) -> None:
        cults = {str(k).lower(): v for k, v in dict(self.cults).items()}
        unknown = [k for k in cults if k not in CULTS]
        if unknown:
            raise CompanionError(f"cults: unknown cult track {unknown[0]!r}; expected fire, water, earth, air")
        object.__setattr__(self, "cults", MappingProxyType({c: cults.get(c, 0) for c in CULTS}))
        object.__setattr__(self, "power", tuple(self.power))


@dataclass(frozen=True)
class FinalBreakdown:
    """Itemised final score of one player (all VP).

    ``final_vp = vp_before + sum(cult_vp) + network_vp + extra_vp + resource_vp``.
    """

    faction: str
    name: str | None
    vp_before: int
    cult_vp: Mapping[str, int]
    network_vp: int
    extra_vp: int
    resources: ResourceConversion
    final_vp: int = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "final_vp", self.vp_before + sum(self.cult_vp.values()) + self.network_vp
                           + self.extra_vp + self.resources.vp)

    @property
    def resource_vp(self) -> int:
        """VP from leftover resources."""
        return self.resources.vp

    def parts(self) -> dict[str, int]:
        """``{"before final scoring", "fire", "water", "earth", "air", "network", "extra", "resources"}``."""
        return {"before final scoring": self.vp_before, **dict(self.cult_vp), "network": self.network_vp,
                "extra": self.extra_vp, "resources": self.resource_vp}


@dataclass(frozen=True)
class FinalScoring:
    """Result of :func:`final_scoring`: ``players`` (input order), ``winners`` (factions, several on a tie),
    ``extra_category`` (the Fire & Ice tile id or None)."""

    players: tuple[FinalBreakdown, ...]
    winners: tuple[str, ...]
    extra_category: str | None = None

    def as_json(self) -> dict[str, Any]:
        """The ``companion tm score --json`` document: ``{"players": [{"faction", "final_vp", "cult_vp",
        "network_vp", "resource_vp"}], "winners": [...]}`` (plus ``"extra_vp"`` when a tile was used)."""
        out = []
        for p in self.players:
            d: dict[str, Any] = {"faction": p.faction, "final_vp": p.final_vp, "cult_vp": dict(p.cult_vp),
                                 "network_vp": p.network_vp, "resource_vp": p.resource_vp}
            if self.extra_category:
                d["extra_vp"] = p.extra_vp
            out.append(d)
        return {"players": out, "winners": list(self.winners)}

    def to_dict(self) -> dict[str, Any]:
        """:meth:`as_json` plus ``name``, ``vp_before``, ``extra_vp`` and the resource conversion."""
        doc = self.as_json()
        for d, p in zip(doc["players"], self.players, strict=True):
            r = p.resources
            d.update(name=p.name, vp_before=p.vp_before, extra_vp=p.extra_vp, resources={
                "burned": r.burned, "coins": r.coins, "coins_per_vp": r.coins_per_vp, "coins_left": r.coins_left,
                "explanation": r.explanation})
        doc["extra_category"] = self.extra_category
        return doc


def final_scoring(players: Iterable[PlayerFinal], *, extra_category: str | None = None) -> FinalScoring:
    """Score the end of a game: network, cult tracks, optional Fire & Ice tile, resources.

    Parameters
    ----------
    players : iterable of PlayerFinal
        1 or more players, each with a different faction.
    extra_category : str or None
        A Fire & Ice final-scoring tile id from ``tiles.json`` (``"connected-distance"``,
        ``"connected-sa-sh-distance"``, ``"building-on-edge"``, ``"connected-clusters"``); then every player
        needs ``extra`` and it is ranked 18/12/6 like the network.

    Returns
    -------
    FinalScoring

    Raises
    ------
    CompanionError
        For no players, the same faction twice, an unknown faction, a negative amount, a cult position
        outside 0..10, or a missing ``extra``; the message names the player and the field.
    """
    ps = list(players)
    if not ps:
        raise CompanionError("players: expected at least one player")
    seen: set[str] = set()
    factions = []
    for i, p in enumerate(ps):
        try:
            f = get_faction(p.faction)
        except UnknownFactionError as exc:
            raise CompanionError(f"players[{i}].faction: {exc}") from None
        if f.name in seen:
            raise CompanionError(f"players[{i}].faction: {f.display} appears twice; each faction plays once")
        seen.add(f.name)
        factions.append(f)
        _check_player(p, i, extra_needed=extra_category is not None)
    tiles = load_tiles()
    cult_prizes = tiles.final_scoring["cults"].points
    cult_vp = {c: rank_prizes([p.cults[c] for p in ps], cult_prizes) for c in CULTS}
    network_vp = rank_prizes([p.network for p in ps], tiles.final_scoring["network"].points)
    extra_vp = [0] * len(ps)
    if extra_category is not None:
        if extra_category not in tiles.final_scoring or extra_category in ("network", "cults"):
            choices = [k for k in tiles.final_scoring if k not in ("network", "cults")]
            raise CompanionError(f"extra_category: unknown final-scoring tile {extra_category!r}; expected one of "
                                 f"{', '.join(choices)}")
        extra_vp = rank_prizes([int(p.extra or 0) for p in ps], tiles.final_scoring[extra_category].points)
    out = []
    for i, (p, f) in enumerate(zip(ps, factions, strict=True)):
        out.append(FinalBreakdown(
            faction=f.name, name=p.name, vp_before=p.vp, cult_vp=MappingProxyType({c: cult_vp[c][i] for c in CULTS}),
            network_vp=network_vp[i], extra_vp=extra_vp[i],
            resources=convert_resources(f, p.coins, p.workers, p.priests, p.power)))
    best = max(b.final_vp for b in out)
    return FinalScoring(players=tuple(out), winners=tuple(b.faction for b in out if b.final_vp == best),
                        extra_category=extra_category)


def _check_player(p: PlayerFinal, i: int, *, extra_needed: bool) -> None:
    def bad(fieldname: str, what: str, value: Any) -> CompanionError:
        return CompanionError(f"players[{i}].{fieldname}: expected {what}, found {value!r}")

    for name in ("vp", "network", "coins", "workers", "priests"):
        v = getattr(p, name)
        if not _is_int(v) or v < 0:
            raise bad(name, "an integer >= 0", v)
    for c in CULTS:
        v = p.cults[c]
        if not _is_int(v) or not 0 <= v <= 10:
            raise bad(f"cults.{c}", "an integer 0..10", v)
    if len(p.power) != 3 or not all(_is_int(x) and x >= 0 for x in p.power):
        raise bad("power", "three integers >= 0 (bowls I, II, III)", list(p.power))
    if extra_needed and (not _is_int(p.extra) or p.extra < 0):
        raise bad("extra", "an integer >= 0 for the final-scoring tile", p.extra)


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def players_from_json(doc: Any, *, file: str | None = None) -> list[PlayerFinal]:
    """Read ``{"players": [{"faction", "vp", "cults": {...}, "network", "coins", "workers", "priests",
    "power": [I, II, III]}, ...]}`` (``extra`` and ``name`` optional; resources default to 0).

    Raises
    ------
    RulesDataError
        With ``file`` and a key path such as ``players[1].cults.fire`` naming the bad field.
    """
    def err(msg: str, path: str) -> RulesDataError:
        return RulesDataError(msg, file=file, key_path=path)

    if not isinstance(doc, dict) or "players" not in doc:
        raise err("expected an object with a \"players\" list", "players")
    raw = doc["players"]
    if not isinstance(raw, list) or not raw:
        raise err("expected a non-empty list of players", "players")
    out = []
    for i, p in enumerate(raw):
        path = f"players[{i}]"
        if not isinstance(p, dict):
            raise err("expected an object", path)
        p = {str(k).lower(): v for k, v in p.items()}
        faction = p.get("faction")
        if not isinstance(faction, str):
            raise err(f"expected a faction name, found {faction!r}", f"{path}.faction")
        try:
            faction = get_faction(faction).name
        except UnknownFactionError as exc:
            raise err(str(exc), f"{path}.faction") from None
        for key in ("vp", "network"):
            if key not in p:
                raise err("missing key", f"{path}.{key}")
        nums = {}
        for key in ("vp", "network", "coins", "workers", "priests"):
            v = p.get(key, 0)
            if not _is_int(v) or v < 0:
                raise err(f"expected an integer >= 0, found {v!r}", f"{path}.{key}")
            nums[key] = v
        cults_raw = p.get("cults")
        if not isinstance(cults_raw, dict):
            raise err(f"expected an object with fire, water, earth, air, found {cults_raw!r}", f"{path}.cults")
        cults_raw = {str(k).lower(): v for k, v in cults_raw.items()}
        unknown = [k for k in cults_raw if k not in CULTS]
        if unknown:
            raise err(f"unknown cult track {unknown[0]!r}; expected fire, water, earth, air", f"{path}.cults")
        cults = {}
        for c in CULTS:
            v = cults_raw.get(c)
            if not _is_int(v) or not 0 <= v <= 10:
                raise err(f"expected an integer 0..10, found {v!r}", f"{path}.cults.{c}")
            cults[c] = v
        power = p.get("power", [0, 0, 0])
        if not isinstance(power, list) or len(power) != 3 or not all(_is_int(x) and x >= 0 for x in power):
            raise err(f"expected [bowl I, bowl II, bowl III] (integers >= 0), found {power!r}", f"{path}.power")
        extra = p.get("extra")
        if extra is not None and (not _is_int(extra) or extra < 0):
            raise err(f"expected an integer >= 0, found {extra!r}", f"{path}.extra")
        name = p.get("name")
        if name is not None and not isinstance(name, str):
            raise err(f"expected a string, found {name!r}", f"{path}.name")
        out.append(PlayerFinal(faction=faction, vp=nums["vp"], cults=cults, network=nums["network"],
                               coins=nums["coins"], workers=nums["workers"], priests=nums["priests"],
                               power=tuple(power), extra=extra, name=name))
    seen: dict[str, int] = {}
    for i, p in enumerate(out):
        if p.faction in seen:
            raise err(f"{p.faction} already played by players[{seen[p.faction]}]", f"players[{i}].faction")
        seen[p.faction] = i
    return out
