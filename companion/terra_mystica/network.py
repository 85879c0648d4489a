"""The largest connected network of each faction, for final scoring (18/12/6 VP).

Source: RULES-NOTES section 5 (reference engine ``scoring.pm`` / ``compute_network_size``). Two buildings
of one faction are connected when they are

* directly adjacent (map neighbours, or the two ends of a bridge),
* Mermaid skip-linked (a river hex they ``connect``-ed for a town; commit 25e9c8a made these count),
* within shipping range: river distance <= the faction's shipping level, or
* for Dwarves / Fakirs, within tunnelling / carpet range: hexes jumped over <= the range.

The network size is the number of buildings in the biggest group (a sanctuary counts once here: the
"counts as two" rule is only for towns). Ranking and VP belong to ``scoring.py``.

Examples
--------
>>> from companion.terra_mystica.hexmap import load_shipped_map
>>> from companion.terra_mystica.towns import TownState
>>> s = TownState.new(load_shipped_map("base"))
>>> for h in ("E7", "E8", "G3"):
...     s = s.place(h, "witches")
>>> largest_network(s, "witches", shipping=0), largest_network(s, "witches", shipping=1)
(2, 3)
"""

from __future__ import annotations

from collections.abc import Mapping

import networkx as nx

from companion.errors import CompanionError
from companion.i18n import gettext as _
from companion.terra_mystica.towns import TownState

__all__ = ["networks", "network_graph", "largest_network", "network_sizes"]


def networks(state: TownState, faction: str, *, shipping: int = 0, jump_range: int = 0) -> list[frozenset[str]]:
    """Connected groups of ``faction``'s buildings, biggest first (ties: reading order of first hex):
    the connected components of :func:`network_graph`, found by walking its links.

    Parameters
    ----------
    state : TownState
        Buildings, bridges and Mermaid connections on the map.
    faction : str
        Faction name as used in ``state``.
    shipping : int, 0..6
        Shipping level (river hexes that may be crossed).
    jump_range : int, 0..4
        Tunnelling (Dwarves) or carpet-flight (Fakirs) range: hexes that may be jumped over; 0 = none.

    Raises
    ------
    CompanionError
        For a shipping level or range outside the map's tables.
    """
    if isinstance(shipping, bool) or not isinstance(shipping, int) or not 0 <= shipping <= 6:
        raise CompanionError(_("shipping level must be an integer 0..6, got {shipping!r}").format(shipping=shipping))
    if isinstance(jump_range, bool) or not isinstance(jump_range, int) or not 0 <= jump_range <= 4:
        raise CompanionError(_("tunnelling/carpet range must be an integer 0..4, got {jump_range!r}").format(jump_range=jump_range))
    own = _own(state, faction)
    links = _links(state, faction, set(own), shipping, jump_range)
    seen: set[str] = set()
    groups = []
    for start in own:  # reading order, so equal sizes keep the order of their first hex
        if start in seen:
            continue
        seen.add(start)
        group, todo = [start], [start]
        while todo:
            for n in links(todo.pop()):
                if n not in seen:
                    seen.add(n)
                    group.append(n)
                    todo.append(n)
        groups.append(frozenset(group))
    return sorted(groups, key=len, reverse=True)


_ORDER: dict[int, tuple] = {}


def _own(state: TownState, faction: str) -> list[str]:
    """``faction``'s building hexes in reading order of the map."""
    m = state.map
    hit = _ORDER.get(id(m))
    if hit is None or hit[0] is not m:
        hit = _ORDER[id(m)] = (m, {h: i for i, h in enumerate(m.hexes)})
    return sorted((h for h, (f, _) in state.buildings.items() if f == faction), key=hit[1].__getitem__)


def _links(state: TownState, faction: str, own: set[str], shipping: int, jump_range: int):
    """The rule joining two of ``faction``'s buildings (``own``): a function from a building's hex to the
    own buildings it is joined to (direct adjacency, shipping range, tunnelling / carpet range)."""
    m = state.map

    def links(h: str) -> list[str]:
        out = [n for n in state.adjacent(h, faction) if n in own]
        if shipping:
            out += [n for n in m.shipping_reach(h, shipping) if n in own]
        if jump_range:
            out += [n for n in m.tunnel_reach(h, jump_range) if n in own]
        return out

    return links


def network_graph(state: TownState, faction: str, *, shipping: int = 0, jump_range: int = 0) -> nx.Graph:
    """The graph whose connected components are ``faction``'s networks (:func:`networks` walks the same
    links without building it).

    One node per building of ``faction`` (in reading order of the map); an edge between two of them when
    they are directly adjacent (:meth:`TownState.link_graph`: neighbours, bridges, Mermaid river links),
    within shipping range (river distance <= ``shipping``) or within tunnelling / carpet range (hexes
    jumped over <= ``jump_range``). Parameters as :func:`networks`.
    """
    own = _own(state, faction)
    links = _links(state, faction, set(own), shipping, jump_range)
    g = nx.Graph()
    g.add_nodes_from(own)
    for h in own:
        g.add_edges_from((h, n) for n in links(h))
    return g


def largest_network(state: TownState, faction: str, *, shipping: int = 0, jump_range: int = 0) -> int:
    """Number of buildings in ``faction``'s biggest network (0 without buildings). See :func:`networks`."""
    groups = networks(state, faction, shipping=shipping, jump_range=jump_range)
    return len(groups[0]) if groups else 0


def network_sizes(state: TownState, shipping: Mapping[str, int] | None = None,
                  jump_range: Mapping[str, int] | None = None) -> dict[str, int]:
    """Largest network of every faction with buildings in ``state``.

    ``shipping`` and ``jump_range`` map faction -> level (missing factions: 0).
    """
    shipping = shipping or {}
    jump_range = jump_range or {}
    factions = dict.fromkeys(f for f, _ in state.buildings.values())
    return {f: largest_network(state, f, shipping=shipping.get(f, 0), jump_range=jump_range.get(f, 0))
            for f in factions}
