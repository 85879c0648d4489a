"""The Terra Mystica bots' value of a position (VP units), the layer every greedy bot and the search share.

:func:`evaluate` (and :class:`Valuer`, its rule made once per decision): projected final VP (VP so far +
cult and network scoring now, :func:`companion.terra_mystica.engine.score`'s rule) plus resources, one
round's income and the buildings (by kind) weighted by the rounds left (resources count as their
end-of-game VP only as the game closes), and the power tokens owned (a token spent for good, burnt or
bought changes the power cycle of every round left). :func:`home_hexes_in_reach` counts the builds without
spades a home terrain opens (an action that changes the home terrain, the Shapeshifters' stronghold action,
is valued by it too). No faction, tile id or ability is named here: a faction the engine accepts is valued
by the same rule.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from companion.terra_mystica.engine.faction import FactionState
from companion.terra_mystica.scoring import rank_prizes, resource_vp
from companion.terra_mystica.tiles import load_tiles

__all__ = ["ROUNDS", "Weights", "evaluate", "Valuer", "home_hexes_in_reach"]

ROUNDS = 6


@dataclass(frozen=True)
class Weights:
    """VP value of one unit, used by :func:`evaluate`.

    Attributes
    ----------
    coin, worker, priest : float
        VP per coin / worker / priest held.
    power2, power3 : float
        VP per power token in bowl II / bowl III (bowl I is worth nothing until it moves).
    income : float
        Factor on the value of one round's income (same unit weights), per round of income still to come.
    shipping, digging : float
        VP per shipping / digging level, scaled by the share of the game left.
    building : float
        VP per building on the map, scaled by the share of the game left (room for towns and networks).
    unlocked : float
        VP per terrain colour a faction may build on beyond its home (the Riverwalkers' unlocked terrains),
        scaled by the share of the game left.
    tiers : tuple of (str, float)
        Multiplier of ``building`` per building kind (an upgrade is worth more than its income: towns,
        favour tiles, stronghold and sanctuary abilities, round scoring).
    token : float
        VP per power token owned (any bowl), per round of income still to come: a token comes back to
        bowl III about once a round, so burning one (or paying tokens) costs power in every round left,
        and a token bought for 1 VP (``gain P3 for VP``) pays while ``token`` x rounds left + its bowl-III
        value exceeds 1 VP (three or more rounds of income to come).
    home_hex : float
        VP per empty hex of the home terrain in reach (at most ``home_hex_cap`` count), scaled by the share
        of the game left; only compared across an action that changes the home terrain.
    home_hex_cap : int
        The most such hexes counted: beyond a few, more do not make the next builds cheaper.
    """

    coin: float = 0.25
    worker: float = 0.7
    priest: float = 1.0
    power2: float = 0.1
    power3: float = 0.3
    income: float = 1.0
    shipping: float = 2.5
    digging: float = 2.5
    building: float = 1.0
    unlocked: float = 1.5
    tiers: tuple = (("D", 1.0), ("TP", 2.0), ("TE", 2.5), ("SH", 3.5), ("SA", 3.5))
    token: float = 0.3
    home_hex: float = 2.0
    home_hex_cap: int = 2


def _rounds_of_income_left(g) -> int:
    """Income phases still to come (income is taken at the start of rounds 1-6)."""
    if g.phase == "over":
        return 0
    if g.round <= 0:
        return ROUNDS
    return ROUNDS - g.round + (1 if g.phase in ("income", "cult_spades") else 0)


def _income(g, f) -> dict:
    # the engine's own income rule (buildings, favour tiles, bonus tile); it has no public name yet
    income = getattr(g, "_income", None)
    return income(f) if income is not None else {}


_PER_ROUND: dict = {}


def _income_value(g, f) -> float:
    """One round's income (:func:`_income`) in the value's units, remembered by what income depends on
    (the faction board, its building counts, favour tiles and bonus tile)."""
    key = (f.name, tuple(f.buildings.values()), tuple(f.favors), f.bonus, id(g.tiles))
    hit = _PER_ROUND.get(key)
    if hit is None:
        if len(_PER_ROUND) > 65536:
            _PER_ROUND.clear()
        inc = _income(g, f)
        hit = _PER_ROUND[key] = (inc.get("C", 0) / 3 + inc.get("W", 0) + inc.get("P", 0) * 1.5 + inc.get("PW", 0) / 4)
    return hit


_NETWORKS: dict = {}


def _network_size(g, name: str) -> int:
    """``g.network_size(name)``, remembered while the town state (buildings, bridges) and the faction's
    shipping / jump range are the same objects and values (most rows a bot tries build nothing), and by
    the faction's building hexes and the state's links (an upgrade changes a building, not the network)."""
    f = g.factions[name]
    ts = g.townstate
    key = (name, id(ts), f.shipping_level, f.jump_range)
    hit = _NETWORKS.get(key)
    if hit is not None and hit[0] is ts:
        return hit[1]
    if len(_NETWORKS) > 4096:
        _NETWORKS.clear()
    # another town state with the same own buildings and links (an upgrade, a transform): the same networks
    own = (name, frozenset(h for h, (owner, _kind) in ts.buildings.items() if owner == name), id(ts.map),
           id(ts._links), id(ts._skip), f.shipping_level, f.jump_range)
    same = _NETWORKS.get(own)
    if same is not None and same[0] is ts.map and same[1] is ts._links and same[2] is ts._skip:
        size = same[3]
    else:
        size = g.network_size(name)
        _NETWORKS[own] = (ts.map, ts._links, ts._skip, size)
    _NETWORKS[key] = (ts, size)
    return size


def _projection(g, faction: str, networks: dict | None, f=None, network: int | None = None) -> tuple[int, int]:
    """(projected final VP, its resource part) of ``faction``: :func:`companion.terra_mystica.engine.score`'s
    rule (:func:`~companion.terra_mystica.scoring.final_scoring`'s parts: cult and network prizes by rank,
    resources converted), for this faction only, with the other factions' network sizes taken from
    ``networks`` when given (one faction's row never changes another's network, so a bot computes them once
    per decision). ``f`` and ``network``: the faction's state and network size to value instead of the
    game's (a move's sketch, :mod:`companion.terra_mystica.move_value`)."""
    seats = g.seats
    i = seats.index(faction)
    factions = g.factions
    if f is None:
        f = factions[faction]
    cults = tuple(f.cult if n == faction else factions[n].cult for n in seats)
    vp = _cult_vp(i, tuple(c["FIRE"] for c in cults), tuple(c["WATER"] for c in cults),
                  tuple(c["EARTH"] for c in cults), tuple(c["AIR"] for c in cults))
    if networks is None:
        nets = tuple(network if n == faction and network is not None else _network_size(g, n) for n in seats)
    else:
        nets = tuple(network if n == faction and network is not None else
                     networks[n] if n != faction and n in networks else _network_size(g, n) for n in seats)
    vp += _ranked(nets, _prizes()[1])[i]
    resource_vp = _resource_vp(f.name, f.coins, f.workers, f.priests, tuple(f.bowls))
    return f.vp + vp + resource_vp, resource_vp


_CULT_VP: dict = {}


def _cult_vp(seat: int, *tracks: tuple) -> int:
    """The cult prizes (by rank, :func:`_ranked`) of seat ``seat`` over the tracks' positions ``tracks``
    (one tuple of every seat's position per track, in :data:`~...engine.CULT_TRACKS` order), remembered."""
    key = (seat, tracks)
    hit = _CULT_VP.get(key)
    if hit is None:
        if len(_CULT_VP) > 65536:
            _CULT_VP.clear()
        prizes = _prizes()[0]
        hit = _CULT_VP[key] = sum(_ranked(values, prizes)[seat] for values in tracks)
    return hit


_RANKED: dict = {}
_RESOURCE_VP: dict = {}


@functools.cache
def _prizes() -> tuple[tuple, tuple]:
    """The final scoring's prizes by rank: (cult tracks, network), as tuples (RULES-NOTES section 5)."""
    final = load_tiles().final_scoring
    return tuple(final["cults"].points), tuple(final["network"].points)


def _ranked(values: tuple, prizes) -> list:
    """:func:`~companion.terra_mystica.scoring.rank_prizes`, remembered (a bot asks for the same ranks often)."""
    key = (values, prizes)
    hit = _RANKED.get(key)
    if hit is None:
        if len(_RANKED) > 65536:
            _RANKED.clear()
        hit = _RANKED[key] = rank_prizes(list(values), prizes)
    return hit


def _resource_vp(faction: str, coins: int, workers: int, priests: int, bowls: tuple) -> int:
    """:func:`~companion.terra_mystica.scoring.convert_resources`'s VP, remembered."""
    key = (faction, coins, workers, priests, bowls)
    hit = _RESOURCE_VP.get(key)
    if hit is None:
        if len(_RESOURCE_VP) > 65536:
            _RESOURCE_VP.clear()
        hit = _RESOURCE_VP[key] = resource_vp(faction, coins, workers, priests, bowls)
    return hit


def evaluate(g, faction: str, weights: Weights = Weights(), *, networks: dict | None = None,
             state: FactionState | None = None, network: int | None = None) -> float:
    """A greedy value of ``faction``'s position in engine game ``g`` (VP units).

    Projected final VP (:func:`companion.terra_mystica.engine.score`'s rule: VP so far plus cult, network
    and resource scoring if the game ended now, the resource part scaled down by the share of the game left)
    plus, weighted by the rounds left, the resources held (below what buildings make of them, so a bot
    builds rather than hoards), the income of one round (buildings, favour tiles, bonus tile: the engine's
    income rule), shipping / digging levels, building counts and the power tokens owned (``token`` per
    round left). No faction is named: a faction the engine accepts is valued by the same rule.

    Parameters
    ----------
    g : companion.terra_mystica.engine.Game
        The engine's game.
    faction : str
        Engine faction name.
    weights : Weights
        Unit values.
    networks : dict of str to int, optional
        Network sizes (buildings) of the other factions, if known.
    state : FactionState, optional
        ``faction``'s state to value in place of the game's (a move's sketch:
        :func:`companion.terra_mystica.move_value.sketch`); the other factions are the game's.
    network : int, optional
        ``faction``'s network size to use (with ``state``).

    Returns
    -------
    float
        Higher is better for ``faction``.
    """
    return Valuer(g, faction, weights, networks)(g.factions[faction] if state is None else state, network)


class Valuer:
    """:func:`evaluate`'s rule for one faction of one game, what does not depend on the faction's own state
    (the other factions' cult positions and networks, the rounds left) worked out once: a bot values many
    states of the same faction in one decision (:mod:`companion.terra_mystica.move_value`).

    Parameters
    ----------
    g : companion.terra_mystica.engine.Game
        Read only; its other factions are the ones compared with.
    faction : str
        Engine faction name.
    weights : Weights
    networks : dict of str to int, optional
        Network sizes of the other factions, if known.

    Examples
    --------
    >>> from companion.terra_mystica import engine
    >>> g = engine.new_game(["witches", "nomads"], round_tiles=["SCORE1", "SCORE2", "SCORE3", "SCORE4",
    ...                     "SCORE5", "SCORE6"], removed_bonus=["BON1", "BON2", "BON3", "BON4"])
    >>> Valuer(g, "witches")(g.factions["witches"]) == evaluate(g, "witches")
    True
    """

    def __init__(self, g, faction: str, weights: Weights = Weights(), networks: dict | None = None) -> None:
        self.g, self.faction, self.w = g, faction, weights
        self.over = g.phase == "over"
        seats = g.seats
        self.i = i = seats.index(faction)
        factions = g.factions
        others = [factions[n].cult for n in seats]
        self.cults = [(tuple(c[t] for c in others[:i]), tuple(c[t] for c in others[i + 1:]))
                      for t in ("FIRE", "WATER", "EARTH", "AIR")]
        nets = [networks[n] if networks is not None and n in networks and n != faction else None for n in seats]
        nets = [v if v is not None or n == faction else _network_size(g, n) for v, n in zip(nets, seats, strict=True)]
        self.nets = (tuple(nets[:i]), tuple(nets[i + 1:]))
        self.left = left = _rounds_of_income_left(g)
        self.share = left / ROUNDS
        self.tiers = _tiers(weights.tiers)
        self._own: int | None = None
        self._cult: dict = {}
        self._net: dict = {}
        self._held: dict = {}
        self._board: dict = {}

    def __call__(self, f: FactionState, network: int | None = None) -> float:
        """The value of ``f`` (the faction's state: the game's or a sketch) with network size ``network``
        (the game's network of the faction when None), VP units.

        The parts that depend on a few of ``f``'s numbers only are remembered for this valuer (the moves of
        one decision share most of them): the cult prizes by the four track positions, the network prize by
        the size, the resources' VP by the resources, the income and building terms by the buildings,
        favour tiles and bonus tile."""
        if self.over:
            return float(f.vp)
        c = f.cult
        key = (c["FIRE"], c["WATER"], c["EARTH"], c["AIR"])
        cult = self._cult.get(key)
        if cult is None:
            i, cults = self.i, self.cults
            cult = self._cult[key] = _cult_vp(i, *(before + (n,) + after for (before, after), n
                                                   in zip(cults, key, strict=True)))
        if network is None:
            if self._own is None:
                self._own = _network_size(self.g, self.faction)
            network = self._own
        net = self._net.get(network)
        if net is None:
            net = self._net[network] = _ranked(self.nets[0] + (network,) + self.nets[1], _prizes()[1])[self.i]
        bowls = f.bowls
        held_key = (f.coins, f.workers, f.priests, bowls)
        held = self._held.get(held_key)
        if held is None:
            w, share = self.w, self.share
            resource_vp = _resource_vp(f.name, f.coins, f.workers, f.priests, tuple(bowls))
            _, p2, p3 = bowls
            # the resources' end VP counts as the game closes (1 - share); what they buy, while it is open
            held = self._held[held_key] = (
                (1 - share) * resource_vp
                + share * (f.coins * w.coin + f.workers * w.worker + f.priests * w.priest + p2 * w.power2
                           + p3 * w.power3)
                + self.left * w.token * sum(bowls))
        board_key = (tuple(f.buildings.values()), tuple(f.favors), f.bonus)
        board = self._board.get(board_key)
        if board is None:
            w, tiers = self.w, self.tiers
            built = sum(n * tiers.get(kind, 1.0) for kind, n in f.buildings.items())
            board = self._board[board_key] = (self.left * w.income * _income_value(self.g, f)
                                              + self.share * built * w.building)
        w = self.w
        levels = f.shipping_level * w.shipping + f.digging_level * w.digging + \
            max(0, len(f.unlocked) - 1) * w.unlocked
        return f.vp + cult + net + held + board + self.share * levels


@functools.lru_cache(maxsize=16)
def _tiers(pairs: tuple) -> dict:
    return dict(pairs)


def home_hexes_in_reach(g, faction: str) -> int:
    """Empty land hexes of ``faction``'s home terrain that it reaches now without paying for the reach
    (a direct neighbour, a bridge or shipping: ``Game.reach(...) == "free"``): where it can build a dwelling
    with no spade.

    Parameters
    ----------
    g : companion.terra_mystica.engine.Game
        The engine's game, read only; ``faction`` (str) the engine faction name.

    Returns
    -------
    int
        A count of hexes.
    """
    f = g.factions[faction]
    occupied = g.townstate.buildings
    return sum(1 for h, colour in g.colour.items()
               if colour == f.home and h not in occupied and g.reach(f, h) == "free")


def _home_change_value(before, after, faction: str, w: Weights, reach_before: int | None = None) -> float:
    """The value :class:`LookaheadGreedyBot` adds to an action that changed ``faction``'s home terrain: the capped count
    of empty home-terrain hexes in reach after it, minus before it (``reach_before`` when already counted),
    at ``home_hex`` VP each, scaled by the share of the game left (module docstring)."""
    cap = w.home_hex_cap
    if reach_before is None:
        reach_before = home_hexes_in_reach(before, faction)
    gained = min(home_hexes_in_reach(after, faction), cap) - min(reach_before, cap)
    return gained * w.home_hex * _rounds_of_income_left(after) / ROUNDS
