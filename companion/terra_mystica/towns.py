"""Terra Mystica towns, detected incrementally as buildings, bridges, FAV5 and Mermaid links are added.

The rules follow the reference engine (RULES-NOTES section 4, ``towns.pm``), which is what real games
were scored by:

* A town is a connected group of one faction's buildings, connected by **direct adjacency** only:
  neighbouring hexes, bridges, and (Mermaids only) the river hex they ``connect``; shipping range
  never joins a town (tricky case 2).
* It needs total building power >= 7 (6 with favor tile FAV5) and at least 4 buildings, a
  **sanctuary counting as two buildings** (so three buildings including the sanctuary can do; the
  sanctuary only counts double in the group it is part of: tricky case 1). Building power: dwelling 1,
  trading house 2, temple 2, stronghold 3, sanctuary 3; the Yetis' stronghold and sanctuary 4
  (``factions.json``).
* Checked after every build, upgrade, bridge and Mermaid connection, for the changed hex. A hex
  already in a town is skipped. A building directly adjacent to an own building already in a town
  **joins** that town, and so does every own building connected to it that is not yet in a town; no
  new town is founded then, even if the joined buildings would qualify on their own (tricky case 3).
  A building touching two towns merges them; no tile is gained.
* Taking FAV5 re-checks every own building, so a 6-power group becomes a town at once (tricky case 4).
* No town tile left: no town (tricky case 14).
* Mermaids may found a town across one river hex: :meth:`TownState.mermaid_candidates` lists the
  river hexes across which their buildings would form a town, :meth:`TownState.connect` links every
  pair of land hexes around that river hex for the Mermaids (towns and network) and founds the town
  (tricky case 5).

Groups of buildings are the connected components of a :mod:`networkx` graph (:meth:`TownState.link_graph`):
one node per building, an edge between two buildings of one faction that are directly adjacent (map
neighbours, bridges, Mermaid river links). Town detection after a build walks only the group it touches
(the same components, found without building the graph).

The state is a frozen value: each method returns a new :class:`TownState` whose ``events`` tell what
that step did. Errors for moves the sandbox forbids are :class:`companion.errors.IllegalActionError`
with a stable ``code``.

Examples
--------
>>> from companion.terra_mystica.hexmap import load_shipped_map
>>> s = TownState.new(load_shipped_map("base"))
>>> for hex_, kind in [("A1", "D"), ("A2", "TP"), ("A3", "TP"), ("B1", "TE")]:
...     s = s.place(hex_, "witches", kind)
>>> [e.kind for e in s.events], sorted(s.towns()[0].hexes)
(['founded'], ['A1', 'A2', 'A3', 'B1'])
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from types import MappingProxyType

import networkx as nx

from companion.errors import CompanionError, IllegalActionError
from companion.i18n import N_
from companion.i18n import gettext as _
from companion.terra_mystica.factions import BUILDING_KINDS, faction_label, get_faction
from companion.terra_mystica.hexmap import TerraMysticaMap
from companion.terra_mystica.tiles import BoardRules, load_tiles

__all__ = ["BUILDING_KINDS", "RULES", "Town", "TownEvent", "TownState", "town_power_needed",
           "town_count"]

#: Upgrade paths, town size, bridge limit: ``tiles.json`` ``board_rules`` (:class:`~companion.terra_mystica.tiles.BoardRules`).
RULES: BoardRules = load_tiles().rules
#: Building kinds as a player reads them (catalog entries).
_KIND_WORDS = {"D": N_("dwelling"), "TP": N_("trading house"), "TE": N_("temple"), "SH": N_("stronghold"),
               "SA": N_("sanctuary")}
_NAMES = {"dwelling": "D", "trading_house": "TP", "trading house": "TP", "temple": "TE", "stronghold": "SH",
          "sanctuary": "SA"}


def _kind(kind: str) -> str:
    k = str(kind).strip()
    if k.upper() in BUILDING_KINDS:
        return k.upper()
    if k.lower() in _NAMES:
        return _NAMES[k.lower()]
    raise IllegalActionError("unknown_building", _("unknown building {kind!r}; expected one of {building_kinds} (dwelling, trading house, temple, stronghold, sanctuary)").format(kind=kind, building_kinds=', '.join(BUILDING_KINDS)))


@lru_cache(maxsize=512)
def _building_power(faction: str, k: str) -> int:
    """Power value of ``faction``'s building kind ``k`` (factions.json; Yetis' SH/SA 4); factions not in
    factions.json (a sandbox's "red player") use tiles.json ``building_power`` (D 1, TP 2, TE 2, SH 3, SA 3)."""
    try:
        return int(get_faction(faction).building_power(k))
    except (CompanionError, KeyError, ValueError):
        return load_tiles().building_power[k]


def town_power_needed(fav5: bool = False) -> int:
    """Building power a town needs: ``board_rules.town_power`` (7), lowered by FAV5's ``TOWN_SIZE`` gain (to 6).

    Source: rulebook "towns"; favor tile FAV5 (``tiles.json``).
    """
    delta = load_tiles().favor["FAV5"].town_size_delta if fav5 else 0
    return RULES.town_power + delta


def town_count(kinds: Iterable[str]) -> int:
    """Buildings a group counts for the town rule: one each, a sanctuary ``board_rules.sanctuary_counts_as`` (2)."""
    return sum(RULES.sanctuary_counts_as if k == "SA" else 1 for k in kinds)


@dataclass(frozen=True)
class Town:
    """A town on the map: its id, owner, hexes, current total power and building count (SA = 2)."""

    id: int
    faction: str
    hexes: frozenset[str]
    power: int
    count: int


@dataclass(frozen=True)
class TownEvent:
    """What one step did to towns.

    ``kind`` is ``"founded"`` (a new town: a town tile is taken), ``"joined"`` (buildings added to an
    existing town), ``"merged"`` (two or more towns became one, no tile) or ``"no_tile"`` (a group
    qualified but no town tile was left). ``hexes`` are the hexes concerned, ``town`` the town id.
    """

    kind: str
    faction: str
    town: int
    hexes: frozenset[str]
    power: int = 0
    count: int = 0

    def describe(self) -> str:
        """One sentence for a log, in the reader's language (the faction by its display name)."""
        hexes = _(", ").join(sorted(self.hexes, key=_label_key))
        try:
            from companion.terra_mystica.factions import get_faction

            faction = _(get_faction(self.faction).display)
        except (ValueError, KeyError):
            faction = self.faction
        if self.kind == "founded":
            text = _("The {faction} founded town {town} ({hexes}): power {power}, {count} buildings")
        elif self.kind == "joined":
            text = _("{hexes} joined town {town} of the {faction} (no new town)")
        elif self.kind == "merged":
            text = _("The towns of the {faction} merged into town {town} (no new tile)")
        else:
            text = _("The group {hexes} of the {faction} qualifies as a town but no town tile is left")
        return text.format(faction=faction, town=self.town, hexes=hexes, power=self.power, count=self.count)


def _label_key(label: str) -> tuple:
    if label.startswith("r"):
        return (1, "r", int(label[1:]) if label[1:].isdigit() else 0)
    return (0, label[:1], int(label[1:]) if label[1:].isdigit() else 0)


@dataclass(frozen=True)
class TownState:
    """Buildings on a map and the towns they form. Build with :meth:`new`; every change returns a new value.

    Attributes
    ----------
    map : TerraMysticaMap
    buildings : Mapping[str, tuple[str, str]]
        hex label -> (faction, building kind), in the order the hexes were first built on.
    town_of : Mapping[str, int]
        hex label -> town id, for buildings in a town.
    bridges : tuple of (str, str, str)
        (hex, hex, faction) for each bridge.
    connections : tuple of (str, str)
        (river hex, faction) for each Mermaid river-town connection.
    fav5 : frozenset of str
        Factions holding favor tile FAV5 (town power 6).
    town_tiles_left : int or None
        Town tiles still available; None = unlimited.
    events : tuple of TownEvent
        What the last step did.
    """

    map: TerraMysticaMap
    buildings: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    town_of: Mapping[str, int] = field(default_factory=dict)
    bridges: tuple[tuple[str, str, str], ...] = ()
    connections: tuple[tuple[str, str], ...] = ()
    fav5: frozenset[str] = frozenset()
    town_tiles_left: int | None = None
    next_town: int = 1
    events: tuple[TownEvent, ...] = ()
    _links: Mapping[str, frozenset[str]] = field(default_factory=dict, repr=False)
    _skip: Mapping[tuple[str, str], frozenset[str]] = field(default_factory=dict, repr=False)
    _cache: nx.Graph | None = field(default=None, repr=False, compare=False)

    # ------------------------------------------------------------------ construction
    @classmethod
    def new(cls, tm_map: TerraMysticaMap, *, town_tiles: int | None = None) -> TownState:
        """An empty map. ``town_tiles`` limits how many towns can still be founded (None = no limit)."""
        if town_tiles is not None and (isinstance(town_tiles, bool) or not isinstance(town_tiles, int)
                                       or town_tiles < 0):
            raise CompanionError(_("town_tiles must be None or an integer >= 0, got {town_tiles!r}").format(town_tiles=town_tiles))
        return cls(map=tm_map, town_tiles_left=town_tiles)

    # ------------------------------------------------------------------ queries
    def owner(self, label: str) -> str | None:
        """Faction with a building on ``label``, or None."""
        b = self.buildings.get(self.map.hex(label).label)
        return b[0] if b else None

    def adjacent(self, label: str, faction: str) -> set[str]:
        """Hexes directly adjacent to ``label`` for ``faction``: neighbours, bridges, Mermaid skip links."""
        out = set(self.map.neighbours(label))
        out |= self._links.get(label, frozenset())
        out |= self._skip.get((faction, label), frozenset())
        return out

    def _evolve(self, **changes) -> TownState:
        """A copy with ``changes`` (like :func:`dataclasses.replace`, without re-running ``__init__``: replays
        make a new state for every build, so this is on the hot path). Returns ``self`` when nothing changes."""
        d = self.__dict__
        for k, v in changes.items():
            if d[k] is not v:
                break
        else:
            return self
        new = object.__new__(TownState)
        d = d.copy()  # a fresh dict given whole: faster than filling the new object's own
        d.update(changes)
        object.__setattr__(new, "__dict__", d)
        return new

    def with_town_tiles(self, left: int | None) -> TownState:
        """The same state with ``left`` town tiles still available (None = no limit); the engine sets this
        from its town-tile supply before each build.

        Raises
        ------
        CompanionError
            If ``left`` is not None or an integer >= 0.
        """
        if left == self.town_tiles_left:
            return self
        if left is not None and (isinstance(left, bool) or not isinstance(left, int) or left < 0):
            raise CompanionError(_("town tiles left must be None or an integer >= 0, got {left!r}").format(left=left))
        return self._evolve(town_tiles_left=left)

    def link_graph(self) -> nx.Graph:
        """The building-link graph of this state (treat as read-only).

        One node per building (attribute ``faction``), one edge between two buildings of the same faction
        that are directly adjacent: map neighbours, bridges and Mermaid river links (not shipping). Its
        connected components are the groups that may form towns (RULES-NOTES section 4). Built when first
        asked and kept by this state (town detection itself walks :meth:`_own_links`: a search branches
        from one state many times, and a graph per branch would cost more than the walk).
        """
        g = self._cache
        if g is None:
            g = nx.Graph()
            b = self.buildings
            for h, (f, _) in b.items():
                g.add_node(h, faction=f)
            for h, (f, _) in b.items():
                g.add_edges_from((h, n) for n in self._own_links(h, f))
            object.__setattr__(self, "_cache", g)  # a cache, not state: equality ignores it
        return g

    def _own_links(self, h: str, faction: str) -> list[str]:
        """The buildings of ``faction`` directly adjacent to ``h`` (:meth:`adjacent`): ``h``'s edges in
        :meth:`link_graph`."""
        b = self.buildings
        return [n for n in self.adjacent(h, faction) if n in b and b[n][0] == faction]

    def _grown(self, touched: Iterable[str], **changes) -> TownState:
        """``self._evolve(**changes)`` for a change that adds buildings or links (``touched``: the hexes
        it adds to): the new state builds its own :meth:`link_graph` if asked."""
        return self._evolve(_cache=None, **changes) if touched else self._evolve(**changes)

    def _walk(self, where: str, faction: str, avoid: Mapping[str, int] | None = None) -> frozenset[str]:
        """The buildings of ``faction`` joined to ``where`` by direct adjacency (its connected component
        in :meth:`link_graph`), not entering the hexes of ``avoid``."""
        seen = {where}
        todo = [where]
        while todo:
            for n in self._own_links(todo.pop(), faction):
                if n not in seen and (avoid is None or n not in avoid):
                    seen.add(n)
                    todo.append(n)
        return frozenset(seen)

    def group(self, label: str) -> frozenset[str]:
        """The connected group of own buildings containing the building on ``label`` (direct adjacency):
        its connected component in :meth:`link_graph`."""
        owner = self.owner(label)
        if owner is None:
            return frozenset()
        return self._walk(self.map.hex(label).label, owner)

    def power_and_count(self, hexes: Iterable[str]) -> tuple[int, int]:
        """Total building power and building count (:func:`town_count`: a sanctuary counts 2) of the buildings
        on ``hexes``."""
        held = [self.buildings[h] for h in hexes]
        return sum(_building_power(f, k) for f, k in held), town_count(k for _, k in held)

    def town_size(self, faction: str) -> int:
        """Power a town of ``faction`` needs: 7, or 6 with FAV5."""
        return town_power_needed(faction in self.fav5)

    def qualifies(self, hexes: Iterable[str], faction: str) -> bool:
        """True if the buildings on ``hexes`` meet the town rule (power and count; tiles not checked)."""
        power, count = self.power_and_count(hexes)
        return power >= self.town_size(faction) and count >= RULES.town_buildings

    def towns(self) -> tuple[Town, ...]:
        """Every town, by id."""
        members: dict[int, list[str]] = {}
        for h, t in self.town_of.items():
            members.setdefault(t, []).append(h)
        out = []
        for t in sorted(members):
            hexes = frozenset(members[t])
            power, count = self.power_and_count(hexes)
            out.append(Town(t, self.buildings[next(iter(hexes))][0], hexes, power, count))
        return tuple(out)

    def bridge_count(self, faction: str) -> int:
        """Bridges ``faction`` has built."""
        return sum(1 for *_, f in self.bridges if f == faction)

    def bridge_links(self) -> Mapping[str, frozenset[str]]:
        """Bridge adjacency (hex -> hexes joined to it by a bridge), read-only."""
        return MappingProxyType(self._links)

    def bridged_neighbours(self, label: str) -> frozenset[str]:
        """Land hexes directly adjacent to land hex ``label``, bridges included (no Mermaid river links):
        who is offered power by a build there, whose buildings make a trading house cheap, what a
        building there reaches directly (RULES-NOTES section 3)."""
        base = self.map.land_adjacency.get(label)
        if base is None:
            base = self.map.land_neighbours(label)  # a label to normalise, or an error naming the hex
        extra = self._links.get(label)
        return base | extra if extra else base

    # ------------------------------------------------------------------ changes
    def place(self, label: str, faction: str, kind: str = "D") -> TownState:
        """Build (or upgrade to) ``kind`` on land hex ``label`` for ``faction`` and update towns.

        Upgrading a building already in a town changes nothing about towns (the engine skips hexes in
        a town). An existing building can only be upgraded along the rulebook's paths (D -> TP,
        TP -> TE or SH, TE -> SA), so power never drops; on an empty hex any building may be placed, which
        lets a sandbox set up a position quickly (the game itself always starts with a dwelling; costs and
        building limits are the engine's business).

        Raises
        ------
        IllegalActionError
            ``river_hex``, ``hex_occupied`` (another faction's building), ``not_an_upgrade``,
            ``unknown_building``, ``bad_faction``; an unknown hex raises the map's CompanionError.
        """
        hx = self._hex(label)
        if hx.river:
            raise IllegalActionError("river_hex", _("{label} is a river hex: nothing can be built on it").format(label=hx.label))
        faction = _faction(faction)
        k = _kind(kind)
        current = self.buildings.get(hx.label)
        if current is not None and current[0] != faction:
            raise IllegalActionError("hex_occupied", _("{label} holds a {current2} of the {current}; {faction} cannot build there").format(label=hx.label, current=faction_label(current[0]), current2=_(_KIND_WORDS.get(current[1], current[1])), faction=faction_label(faction)))
        if current is not None and k not in RULES.upgrades.get(current[1], ()):
            targets = RULES.upgrades.get(current[1], ())
            if not targets:
                raise IllegalActionError("not_an_upgrade", _("{label} holds a {current}, which is fully upgraded; it cannot become {k} (D -> TP -> TE or SH, TE -> SA)").format(label=hx.label, current=current[1], k=k), rule=_("rulebook: upgrade a building"))
            raise IllegalActionError("not_an_upgrade", _("{label} holds a {current}; it can become {value}, not {k} (D -> TP -> TE or SH, TE -> SA)").format(label=hx.label, current=current[1], value=_(" or ").join(targets), k=k), rule=_("rulebook: upgrade a building"))
        buildings = dict(self.buildings)
        buildings[hx.label] = (faction, k)
        state = self._grown((hx.label,) if current is None else (), buildings=buildings, events=())
        return state._detect_from(hx.label, faction, state_events=[])

    def add_bridge(self, a: str, b: str, faction: str) -> TownState:
        """Place ``faction``'s bridge between land hexes ``a`` and ``b`` and update towns.

        Raises
        ------
        IllegalActionError
            ``not_a_bridge_spot`` (RULES-NOTES appendix B), ``bridge_exists``, ``too_many_bridges``
            (3 per faction), ``bridge_not_anchored`` (neither end holds the builder's building).
        """
        ha, hb = self._hex(a), self._hex(b)
        faction = _faction(faction)
        if ha.river or hb.river or not self.map.is_bridge_spot(ha.label, hb.label):
            raise IllegalActionError("not_a_bridge_spot", _("{label}-{label2} is not a bridge spot: a bridge joins two land hexes across exactly one river hex in one of the three bridge patterns").format(label=ha.label, label2=hb.label), rule=_("RULES-NOTES appendix B"))
        pair = {ha.label, hb.label}
        if any({x, y} == pair for x, y, _ in self.bridges):
            raise IllegalActionError("bridge_exists", _("there is already a bridge {label}-{label2}").format(label=ha.label, label2=hb.label))
        if self.bridge_count(faction) >= RULES.max_bridges:
            raise IllegalActionError("too_many_bridges", _("{faction} already has {max_bridges} bridges").format(faction=faction_label(faction), max_bridges=RULES.max_bridges),
                                     rule=_("RULES-NOTES section 3, tricky case 6"))
        if self.owner(ha.label) != faction and self.owner(hb.label) != faction:
            raise IllegalActionError("bridge_not_anchored", _("neither {label} nor {label2} holds a building of {faction}").format(label=ha.label, label2=hb.label, faction=faction_label(faction)), rule=_("RULES-NOTES section 3, tricky case 6"))
        links = dict(self._links)
        links[ha.label] = links.get(ha.label, frozenset()) | {hb.label}
        links[hb.label] = links.get(hb.label, frozenset()) | {ha.label}
        state = self._grown((ha.label, hb.label), bridges=(*self.bridges, (ha.label, hb.label, faction)),
                            _links=links, events=())
        events: list[TownEvent] = []
        for end in (ha.label, hb.label):
            if state.owner(end) == faction:
                state = state._detect_from(end, faction, state_events=events)
        return state._evolve(events=tuple(events))

    def take_fav5(self, faction: str) -> TownState:
        """``faction`` takes FAV5 (town power 6): every own building is re-checked (tricky case 4)."""
        faction = _faction(faction)
        state = self._evolve(fav5=self.fav5 | {faction}, events=())
        events: list[TownEvent] = []
        for h, (f, _kind) in list(state.buildings.items()):
            if f == faction:
                state = state._detect_from(h, faction, state_events=events)
        return state._evolve(events=tuple(events))

    def mermaid_candidates(self, faction: str = "mermaids") -> tuple[str, ...]:
        """River hexes across which ``faction``'s buildings (none yet in a town) would form a town.

        Mirrors the engine's ``update_mermaid_town_connections``: for each river hex, the groups of own
        buildings around it, joined through it, must meet the town rule; at least two separate groups
        must touch it (otherwise the link adds nothing) and a town tile must be left. Only the Mermaids
        may use these; for other factions the result is empty.
        """
        if faction != "mermaids" or self.town_tiles_left == 0:
            return ()
        taken = {r for r, f in self.connections if f == faction}
        # only a river beside the faction's buildings can join two of their groups (_town_across)
        m = self.map
        near = set().union(*(m.neighbours(h) - m.land_neighbours(h) for h, b in self.buildings.items()
                             if b[0] == faction))
        return tuple(r for r in m.river_hexes if r in near and r not in taken and self._town_across(r, faction))

    def _town_across(self, river: str, faction: str) -> bool:
        """True when ``faction``'s buildings around ``river`` (two separate groups or more, none in a town
        yet) joined through it meet the town rule (one river hex of :meth:`mermaid_candidates`)."""
        buildings = self.buildings   # keyed by the map's labels, as neighbours() gives them
        around = [n for n in self.map.neighbours(river) if (b := buildings.get(n)) and b[0] == faction]
        if len(around) < 2:
            return False
        groups: list[frozenset[str]] = []
        for n in around:
            if not any(n in g for g in groups):
                groups.append(self.group(n))
        if len(groups) < 2:
            return False
        union = frozenset().union(*groups)
        if any(h in self.town_of for h in union):
            return False
        return self.qualifies(union, faction)

    def connect(self, river: str, faction: str = "mermaids") -> TownState:
        """Mermaids found a town across river hex ``river`` (engine command ``connect r2``).

        Every pair of land hexes bordering ``river`` becomes linked for ``faction`` (towns and network).

        Raises
        ------
        IllegalActionError
            ``not_mermaids`` (only the Mermaids can), ``not_a_river``, ``no_river_town`` (the river hex
            is not one of :meth:`mermaid_candidates`).
        """
        faction = _faction(faction)
        hx = self._hex(river)
        if faction != "mermaids":
            raise IllegalActionError("not_mermaids", _("only the Mermaids can found a town across a river hex"),
                                     rule=_("RULES-NOTES section 4, tricky case 5"))
        if not hx.river:
            raise IllegalActionError("not_a_river", _("{label} is a land hex; connect needs a river hex").format(label=hx.label))
        if self.town_tiles_left == 0 or any(r == hx.label and f == faction for r, f in self.connections) or \
                not self._town_across(hx.label, faction):
            raise IllegalActionError("no_river_town", _("the Mermaids' buildings around {label} would not form a new town through it").format(label=hx.label), rule=_("RULES-NOTES section 4"))
        state = self._with_skip(hx.label, faction, connections=(*self.connections, (hx.label, faction)),
                                events=())
        events: list[TownEvent] = []
        for n in self.map.neighbours(hx.label):
            if state.owner(n) == faction:
                state = state._detect_from(n, faction, state_events=events)
        return state._evolve(events=tuple(events))

    # ------------------------------------------------------------------ internals
    def _hex(self, label: str):
        return self.map.hex(label)

    def _with_skip(self, river: str, faction: str, **changes) -> TownState:
        land = [n for n in self.map.neighbours(river) if not self.map.hexes[n].river]
        skip = dict(self._skip)
        for n in land:
            skip[(faction, n)] = skip.get((faction, n), frozenset()) | (frozenset(land) - {n})
        return self._grown(land, _skip=skip, **changes)

    def _detect_from(self, where: str, faction: str, *, state_events: list[TownEvent]) -> TownState:
        """The engine's ``detect_towns_from``: join an adjacent town, or found a new one."""
        if where in self.town_of or self.owner(where) != faction:
            return self._evolve(events=tuple(state_events))
        town_of = self.town_of
        links = self._own_links(where, faction)
        touching = {town_of[n] for n in links if n in town_of}
        if touching:
            # join: where and every own building connected to it without crossing a town; every town
            # those touch is joined (and merged when there are several)
            joined = self._walk(where, faction, avoid=town_of)
            touching.update(town_of[n] for h in joined for n in self._own_links(h, faction) if n in town_of)
            target = min(touching)
            town_of = dict(town_of)
            for h in joined:
                town_of[h] = target
            state_events.append(TownEvent("joined", faction, target, joined))
            if len(touching) > 1:
                merged = {h for h, t in town_of.items() if t in touching}
                for h in merged:
                    town_of[h] = target
                state_events.append(TownEvent("merged", faction, target, frozenset(merged)))
            return self._evolve(town_of=town_of, events=tuple(state_events))
        if not links and RULES.sanctuary_counts_as < RULES.town_buildings:
            # a building without an own neighbour is a group of one: it can never count as a town
            return self._evolve(events=tuple(state_events))
        group = self._walk(where, faction)
        power, count = self.power_and_count(group)
        if power < self.town_size(faction) or count < RULES.town_buildings:
            return self._evolve(events=tuple(state_events))
        if self.town_tiles_left == 0:
            state_events.append(TownEvent("no_tile", faction, 0, group, power, count))
            return self._evolve(events=tuple(state_events))
        town_of = dict(self.town_of)
        for h in group:
            town_of[h] = self.next_town
        state_events.append(TownEvent("founded", faction, self.next_town, group, power, count))
        left = None if self.town_tiles_left is None else self.town_tiles_left - 1
        return self._evolve(town_of=town_of, next_town=self.next_town + 1, town_tiles_left=left,
                       events=tuple(state_events))


def _faction(faction: str) -> str:
    if not isinstance(faction, str) or not faction.strip():
        raise IllegalActionError("bad_faction", _("expected a faction name, got {faction!r}").format(faction=faction))
    return faction.strip().lower()
