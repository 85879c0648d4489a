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
``validate_table(doc, *, file=None, partial=False) -> ScoreTable``
    The one check of a score table (CLI, score app, history): ranges, unknown keys, one faction per colour,
    one player on each 10; raises :class:`companion.validation.TableError` listing every problem.
``players_from_json(doc, *, file=None) -> list[PlayerFinal]``
    The players of a table checked by ``validate_table`` (one player or more).

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

from companion.errors import CompanionError
from companion.i18n import gettext as _
from companion.i18n import lazy_gettext, ngettext
from companion.jsonio import quoted
from companion.terra_mystica.factions import (
    CULTS,
    Faction,
    UnknownFactionError,
    colour_clashes,
    faction_label,
    get_faction,
)
from companion.terra_mystica.geometry import hex_distance
from companion.terra_mystica.power import PowerBowls
from companion.terra_mystica.terrain import terrain_name
from companion.terra_mystica.tiles import load_tiles
from companion.validation import TYPED_KEY, TableChecker, list_of_players

__all__ = [
    "final_tile_network_value",
    "FinalBreakdown",
    "FinalScoring",
    "PlayerFinal",
    "ResourceConversion",
    "convert_resources", "resource_vp",
    "final_scoring",
    "players_from_json",
    "PrizeGroup",
    "prize_groups",
    "rank_prizes",
    "ScoreTable",
    "validate_table",
]


@dataclass(frozen=True)
class PrizeGroup:
    """Players tied at one value in a ranking, and the prizes they pool (see :func:`prize_groups`).

    Attributes
    ----------
    place : int
        0-based place of the group's first member (0 = 1st).
    value : int
        The value they share (cult position, network size in buildings).
    members : tuple of int
        Indexes into the ranked values, in order of first appearance.
    pooled : tuple of int
        The prizes of the places the group covers (empty beyond the paid places), VP.
    vp_each : int
        VP each member gets: the pooled prizes split, rounded down; 0 at value 0.
    """

    place: int
    value: int
    members: tuple[int, ...]
    pooled: tuple[int, ...]
    vp_each: int


def prize_groups(values: Sequence[int], prizes: Sequence[int]) -> list[PrizeGroup]:
    """A ranking paid out group by group: tied values pool the prizes of the places they cover.

    Parameters
    ----------
    values : sequence of int
        One value per player (cult position, network size in buildings, ...).
    prizes : sequence of int
        Prize for 1st, 2nd, 3rd ... place (e.g. ``(8, 4, 2)``), VP; places beyond get 0.

    Returns
    -------
    list of PrizeGroup
        Highest value first. A value of 0 scores nothing.

    Examples
    --------
    >>> [(g.place, g.members, g.pooled, g.vp_each) for g in prize_groups([2, 2, 9, 8], (8, 4, 2))]
    [(0, (2,), (8,), 8), (1, (3,), (4,), 4), (2, (0, 1), (2,), 1)]

    Source: reference engine ``score_type_rankings`` (commit 5739901 "Round shared network / cult end
    scoring points down").
    """
    groups: list[PrizeGroup] = []
    place = 0
    for value in sorted(set(values), reverse=True):
        members = tuple(i for i, v in enumerate(values) if v == value)
        pooled = tuple(prizes[k] for k in range(place, place + len(members)) if k < len(prizes))
        each = 0 if value <= 0 else sum(pooled) // len(members)
        groups.append(PrizeGroup(place, value, members, pooled, each))
        place += len(members)
    return groups


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
        VP per player, in the order of ``values`` (from :func:`prize_groups`).

    Examples
    --------
    >>> rank_prizes([12, 12, 7, 13], (18, 12, 6))
    [9, 9, 0, 18]
    >>> rank_prizes([2, 2, 9, 8], (8, 4, 2))
    [1, 1, 8, 4]

    Source: reference engine ``score_type_rankings`` (commit 5739901 "Round shared network / cult end
    scoring points down").
    """
    vp = [0] * len(values)
    for group in prize_groups(values, prizes):
        for i in group.members:
            vp[i] = group.vp_each
    return vp


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


def _converted(faction: str | Faction, coins: int, workers: int, priests: int,
               power: Sequence[int] | PowerBowls) -> tuple:
    """The numbers of :func:`convert_resources`: (faction, bowls, power burnt, coins from bowl III, coins
    in all, coins per VP, VP): burn all that can be burnt, bowl III power, priests and workers become
    coins, coins become VP at the faction's rate."""
    f = get_faction(faction)
    bowls = power if isinstance(power, PowerBowls) else PowerBowls(*power)
    burn = bowls.max_burn
    from_power = bowls.iii + burn
    total = coins + from_power + priests + workers
    rate = f.coins_per_vp
    return f, bowls, burn, from_power, total, rate, total // rate


def resource_vp(faction: str | Faction, coins: int, workers: int, priests: int,
                power: Sequence[int] | PowerBowls) -> int:
    """The VP of :func:`convert_resources` alone (no explanation written), for a bot that values many positions.

    Parameters are those of :func:`convert_resources`; returns the VP (int).

    Examples
    --------
    >>> resource_vp("witches", 7, 1, 1, (0, 4, 2))
    4

    Source: RULES-NOTES section 5, engine ``score_final_resources_for_faction``.
    """
    return _converted(faction, coins, workers, priests, power)[-1]


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
    f, bowls, burn, from_power, total, rate, vp = _converted(faction, coins, workers, priests, power)
    after_burn = bowls.burn(burn).after if burn else bowls
    after = after_burn.spend(from_power).after if from_power else after_burn
    parts = []

    def coins(n: int) -> str:
        return ngettext("{n} coin", "{n} coins", n).format(n=n)

    if burn:
        parts.append(_("burn {burn} power (bowl II {ii} -> {ii_after}, bowl III +{burn})")
                     .format(burn=burn, ii=bowls.ii, ii_after=bowls.ii - 2 * burn))
    if from_power:
        parts.append(_("{n} power from bowl III -> {coins}").format(n=from_power, coins=coins(from_power)))
    if priests:
        parts.append(ngettext("{n} priest -> {coins}", "{n} priests -> {coins}", priests)
                     .format(n=priests, coins=coins(priests)))
    if workers:
        parts.append(ngettext("{n} worker -> {coins}", "{n} workers -> {coins}", workers)
                     .format(n=workers, coins=coins(workers)))
    left = total - vp * rate
    if left:
        parts.append(_("{coins} at {rate}:1 -> {vp} VP ({left} left)").format(coins=coins(total), rate=rate, vp=vp,
                                                                             left=coins(left)))
    else:
        parts.append(_("{coins} at {rate}:1 -> {vp} VP").format(coins=coins(total), rate=rate, vp=vp))
    return ResourceConversion(burned=burn, coins_from_power=from_power, coins_from_priests=priests,
                              coins_from_workers=workers, coins=total, coins_per_vp=rate, vp=vp,
                              coins_left=total - vp * rate, bowls_after=after, explanation=_("{notes}.").format(notes=_("; ").join(parts)))


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
            raise CompanionError(_("cults: unknown cult track {unknown}; expected fire, water, earth, air").format(unknown=quoted(unknown[0])))
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


def final_tile_network_value(tile: str, buildings: Mapping[tuple[int, int], str], *, edge_buildings: int = 0,
                             clusters: int | None = None) -> int:
    """One network's value for a Fire & Ice final-scoring tile (FIRE-ICE-NOTES section 8; the reference
    engine's ``compute_network_size``); a faction scores its best network.

    Parameters
    ----------
    tile : str
        ``connected-distance`` (the largest hex distance between two buildings of the network),
        ``connected-sa-sh-distance`` (sanctuary to stronghold when both are in it, else 0),
        ``building-on-edge`` (buildings on map-edge hexes) or ``connected-clusters`` (groups of directly
        adjacent buildings inside the network).
    buildings : mapping of (row, column) to str
        The network's buildings by cell (:mod:`~companion.terra_mystica.geometry` coordinates) and kind
        (``D``, ``TP``, ``TE``, ``SH``, ``SA``).
    edge_buildings : int
        How many of them stand on map-edge hexes (``building-on-edge``).
    clusters : int or None
        Groups of directly adjacent buildings in the network (``connected-clusters``; the caller's graph).

    Returns
    -------
    int
        Hexes, buildings or groups, as the tile counts.

    Examples
    --------
    >>> final_tile_network_value("connected-distance", {(0, 0): "D", (0, 3): "TP", (1, 1): "SH"})
    3
    >>> final_tile_network_value("connected-sa-sh-distance", {(0, 0): "SA", (2, 1): "SH"})
    2
    """
    if tile == "building-on-edge":
        return edge_buildings
    if tile == "connected-clusters":
        return clusters or 0
    if tile == "connected-distance":
        return max((hex_distance(a, b) for a in buildings for b in buildings), default=0)
    kinds = {kind: cell for cell, kind in buildings.items() if kind in ("SA", "SH")}
    return hex_distance(kinds["SA"], kinds["SH"]) if len(kinds) == 2 else 0


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
        raise CompanionError(_("players: expected at least one player"))
    seen: set[str] = set()
    factions = []
    for i, p in enumerate(ps):
        try:
            f = get_faction(p.faction)
        except UnknownFactionError as exc:
            raise CompanionError(_("players[{i}].faction: {exc}").format(i=i, exc=exc)) from None
        if f.name in seen:
            raise CompanionError(_("players[{i}].faction: {display} appears twice; each faction plays once").format(i=i, display=_(f.display)))
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
            raise CompanionError(_("extra_category: unknown final-scoring tile {extra_category}; expected one of {choices}").format(extra_category=quoted(extra_category), choices=', '.join(choices)))
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
        return CompanionError(_("players[{i}].{fieldname}: expected {what}, found {value}").format(i=i, fieldname=fieldname, what=what, value=quoted(value)))

    for name in ("vp", "network", "coins", "workers", "priests"):
        v = getattr(p, name)
        if not _is_int(v) or v < 0:
            raise bad(name, _("an integer >= 0"), v)
    for c in CULTS:
        v = p.cults[c]
        if not _is_int(v) or not 0 <= v <= 10:
            raise bad(f"cults.{c}", _("an integer 0..10"), v)
    if len(p.power) != 3 or not all(_is_int(x) and x >= 0 for x in p.power):
        raise bad("power", _("three integers >= 0 (bowls I, II, III)"), list(p.power))
    if extra_needed and (not _is_int(p.extra) or p.extra < 0):
        raise bad("extra", _("an integer >= 0 for the final-scoring tile"), p.extra)


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


#: Keys of one player's entry in a score table (the ``companion tm score`` input and the score app's save).
PLAYER_KEYS = ("name", "faction", "vp", "cults", "network", "coins", "workers", "priests", "power", "extra",
               "map_buildings", "shipping", "jump_range")
#: Top-level keys of a score table.
TABLE_KEYS = ("players", "extra_category", "kind", "version", "map", TYPED_KEY)
#: ``"kind"`` of the score app's save (a save can be scored by the CLI as it is).
TABLE_KIND = "terra-mystica-score"
#: Ranges of the numbers of a table entry: (low, high, what). VP and coins have no printed maximum; 999 is far
#: above any recorded game. Priests: 7 figures per faction (RULES-NOTES-D D.2, resources.pm). Cult positions
#: 0..10 with one player at most on each 10 (D.2: "tracks <= 10 (9 if taken)"). Network: at most every
#: building of the faction (factions.json building counts). Shipping 0..6, tunnel/carpet range 0..4 (the score
#: app's map helper).
LIMITS = {"vp": (0, 999, lazy_gettext(" of VP")), "coins": (0, 999, lazy_gettext(" of coins")),
          "workers": (0, 99, lazy_gettext(" of workers")),
          "priests": (0, 7, lazy_gettext(" of priests (7 per faction)")), "cult": (0, 10, ""),
          "power": (0, 99, lazy_gettext(" of power tokens")),
          "extra": (0, 99, ""), "shipping": (0, 6, ""), "jump_range": (0, 4, "")}
BOWLS = ("bowl I", "bowl II", "bowl III")


@dataclass(frozen=True)
class ScoreTable:
    """A validated Terra Mystica score table (see :func:`validate_table`).

    Attributes
    ----------
    players : tuple of PlayerFinal
        Every player whose faction is chosen, in input order.
    missing_factions : tuple of int
        Indexes of the players with no faction yet (only with ``partial=True``).
    extra_category : str or None
        The Fire & Ice final-scoring tile, if any.
    entries : tuple of dict
        The checked entries as given (with the app's map fields), one per player.
    """

    players: tuple[PlayerFinal, ...]
    missing_factions: tuple[int, ...]
    extra_category: str | None
    entries: tuple[dict[str, Any], ...]

    @property
    def complete(self) -> bool:
        """True when every player has a faction, so the table can be scored."""
        return not self.missing_factions

    def score(self) -> FinalScoring:
        """:func:`final_scoring` of the table."""
        if self.missing_factions:
            raise CompanionError(_("players[{missing_factions}].faction: pick a faction first").format(missing_factions=self.missing_factions[0]))
        return final_scoring(self.players, extra_category=self.extra_category)


def validate_table(doc: Any, *, file: str | None = None, partial: bool = False, min_players: int = 2,
                   max_players: int = 5, ten_order: Mapping[str, Sequence[int]] | None = None) -> ScoreTable:
    """Check a whole Terra Mystica score table: the one validation of the CLI, the score app and the history.

    Parameters
    ----------
    doc : Any
        ``{"players": [{"faction", "vp", "cults": {"fire", "water", "earth", "air"}, "network", "coins",
        "workers", "priests", "power": [I, II, III], "extra"?, "name", "map_buildings"?, "shipping"?,
        "jump_range"?}, ...], "extra_category"?: tile id, "kind"?, "version"?, "map"?, "typed"?}``. ``coins``, ``workers``,
        ``priests`` and ``power`` default to 0. ``name`` is required: text with at least one visible
        character (see :func:`companion.validation.name_key`), at most 60 characters.
    file : str, optional
        Named in errors.
    partial : bool
        Accept players with no faction yet (``null``), as the score app does while a table is being typed.
    min_players, max_players : int
        Players allowed (the game: 2..5).
    ten_order : mapping of str to sequence of int, optional
        For a cult track (``"water"``), the players (0-based) in the order they reached 10, e.g. the order the
        score app's boxes were typed. When two players are on 10 of one track, the first of them in this order
        stays and every other is reported (naming the first); players not listed come after, in seat order.
        Default: seat order.

    Returns
    -------
    ScoreTable

    Raises
    ------
    TableError
        Listing every problem (player index and name, field, what was expected): unknown keys (the allowed
        ones are listed), a value of the wrong type or outside :data:`LIMITS`, a network larger than the
        faction's buildings, an unknown faction or Fire & Ice tile, two factions of one colour (home terrain;
        Ice Maidens/Yetis, Acolytes/Dragonlords and Riverwalkers/Shapeshifters exclude each other: reference
        engine ``factions_conflict``, FIRE-ICE-NOTES section 2), two players on 10 of one cult track, two
        players with the same name.
    """
    from companion.terra_mystica.hexmap import shipped_maps

    check = TableChecker(file)
    raw = list_of_players(doc, check, min_players, max_players, "Terra Mystica")
    if raw is None:
        check.raise_if_any()
    assert raw is not None
    check.keys(doc, None, TABLE_KEYS)
    if "kind" in doc and doc["kind"] != TABLE_KIND:
        check.add(None, "kind", _("expected {table_kind!r} (a Terra Mystica score table), found {kind}").format(table_kind=TABLE_KIND, kind=quoted(doc['kind'])), shape=True)
    if "version" in doc and doc["version"] != 1:
        check.add(None, "version", _("expected 1, found {version}").format(version=quoted(doc['version'])), shape=True)
    if "map" in doc:
        keys = [m["key"] for m in shipped_maps()]
        if doc["map"] not in keys:
            check.add(None, "map", _("expected one of {keys}, found {map}").format(keys=', '.join(keys), map=quoted(doc['map'])), shape=True)
    tiles = load_tiles()
    category = doc.get("extra_category")
    choices = [k for k in tiles.final_scoring if k not in ("network", "cults")]
    if category is not None and category not in choices:
        check.add(None, "extra_category", _("expected a Fire & Ice final-scoring tile ({choices}) or null, found {category}").format(choices=', '.join(choices), category=quoted(category)))
        category = None
    players: list[PlayerFinal] = []
    missing: list[int] = []
    factions: dict[int, Faction] = {}
    tens: dict[str, list[int]] = {c: [] for c in CULTS}
    names: dict[int, str] = {}
    entries: list[dict[str, Any]] = []
    for i, p in enumerate(raw):
        if not isinstance(p, dict):
            check.add(i, "", _("expected an object with faction, vp, cults, network ..."), shape=True)
            continue
        entries.append(p)
        name = check.text(p.get("name"), i, "name")  # required and visible, as in Century and Magick
        if name is not None:
            names[i] = name
            check.names[i] = name
        check.keys(p, i, PLAYER_KEYS)
        faction = p.get("faction")
        if faction is None and partial:
            missing.append(i)
        elif not isinstance(faction, str):
            check.add(i, "faction", _("expected a faction name, found {faction}").format(faction=quoted(faction)), shape=True)
        else:
            try:
                factions[i] = get_faction(faction)
            except UnknownFactionError as exc:
                check.add(i, "faction", str(exc), shape=True)
        for key in ("vp", "network", "cults"):
            if key not in p:
                check.add(i, key, _("missing; expected an object with fire, water, earth, air") if key == "cults"
                          else _("missing; expected a whole number"), shape=True)
        nums: dict[str, int | None] = {}
        for key in ("vp", "coins", "workers", "priests"):
            low, high, what = LIMITS[key]
            nums[key] = check.integer(p.get(key, 0), i, key, low, high, what)
        f = factions.get(i)
        most = sum(b.count for b in f.buildings.values()) if f is not None else 17
        nums["network"] = check.integer(p.get("network", 0), i, "network", 0, most,
                                        _(" of buildings (every building of the faction)"))
        cults_raw = p.get("cults", {})
        cults: dict[str, int] = {}
        if not isinstance(cults_raw, dict):
            check.add(i, "cults", _("expected an object with fire, water, earth, air"), shape=True)
        else:
            check.keys(cults_raw, i, CULTS, where="cults")
            for c in CULTS:
                if c not in cults_raw:
                    check.add(i, f"cults.{c}", _("missing; expected a position from 0 to 10"), shape=True)
                    continue
                v = check.integer(cults_raw[c], i, f"cults.{c}", 0, 10)
                if v is not None:
                    cults[c] = v
                    if v == 10:
                        tens[c].append(i)
        power = p.get("power", [0, 0, 0])
        bowls: list[int] = []
        if not isinstance(power, list) or len(power) != 3:
            check.add(i, "power", _("expected [bowl I, bowl II, bowl III], three whole numbers"), shape=True)
        else:
            low, high, what = LIMITS["power"]
            for k, tokens in enumerate(power):
                v = check.integer(tokens, i, f"power[{k}]", low, high, what)
                if v is not None:
                    bowls.append(v)
        extra = p.get("extra")
        if extra is not None or category is not None:
            low, high, what = LIMITS["extra"]
            extra = check.integer(extra, i, "extra", low, high,
                                  _(" for the final-scoring tile {category}").format(category=category)
                                  if category else what)
        if "map_buildings" in p:
            check.text(p["map_buildings"], i, "map_buildings", required=False, max_length=2000)
        for key in ("shipping", "jump_range"):
            if key in p:
                low, high, what = LIMITS[key]
                check.integer(p[key], i, key, low, high, what)
        if f is not None and None not in nums.values() and len(cults) == 4 and len(bowls) == 3:
            players.append(PlayerFinal(faction=f.name, vp=nums["vp"], cults=cults, network=nums["network"],
                                       coins=nums["coins"], workers=nums["workers"], priests=nums["priests"],
                                       power=tuple(bowls), extra=extra, name=name if isinstance(name, str) else None))
    seats = list(factions)
    for k, m in colour_clashes(list(factions.values())):
        i, j = seats[k], seats[m]
        f, other = factions[i], factions[j]
        tag = f.home_terrain
        who = check.player_named(j)
        why = (_("{faction} already played by {player}").format(faction=faction_label(f.name), player=who)
               if other.name == f.name else
               _("{faction} and {other} ({player}) share one faction board; only one of them plays "
                 "(FIRE-ICE-NOTES section 2, which factions can share a game)").format(
                   faction=faction_label(f.name), other=faction_label(other.name), player=who)
               if tag == "variable" else
               _("{faction} and {other} ({player}) both have the home terrain {terrain}; each colour plays once").format(
                   faction=faction_label(f.name), other=faction_label(other.name), player=who,
                   terrain=terrain_name(tag)))
        check.add(i, "faction", why)
    for c, who in tens.items():
        order = list((ten_order or {}).get(c, ()))
        who.sort(key=lambda i: (order.index(i) if i in order else len(order), i))
        for i in who[1:]:
            check.add(i, f"cults.{c}", _("{player} is already on 10 of the {c} track; only one player can reach 10 "
                                         "(the next one stops on 9)").format(player=check.player_named(who[0]), c=_(c)))
    check.typed(doc, len(raw), _is_number_field)
    check.unique_names(names)
    check.raise_if_any()
    return ScoreTable(players=tuple(players), missing_factions=tuple(missing), extra_category=category,
                      entries=tuple(entries))


def _is_number_field(field: str) -> bool:
    """True for the field path of a number entry of a player (``vp``, ``cults.fire``, ``power[2]``...)."""
    return (field in ("vp", "network", "coins", "workers", "priests", "extra", "shipping", "jump_range")
            or field in {f"cults.{c}" for c in CULTS} or field in ("power[0]", "power[1]", "power[2]"))


def players_from_json(doc: Any, *, file: str | None = None) -> list[PlayerFinal]:
    """The players of a score table checked by :func:`validate_table` (one player or more, factions required).

    Raises
    ------
    TableError
        (a :class:`RulesDataError`) with ``file`` and a key path such as ``players[1].cults.fire``.
    """
    return list(validate_table(doc, file=file, min_players=1).players)
