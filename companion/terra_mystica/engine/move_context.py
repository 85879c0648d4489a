"""What one decision of one faction needs for the move generator (:mod:`.moves`), computed from the state
once: resources and affordability, the empty hexes and how each is reached (:meth:`Game.reach`, cached by
what reach depends on), spade needs, prices, and the quick then exact town search behind ``+TWn``
follow-ups (RULES-NOTES section 4). Nothing is applied to find out."""

from __future__ import annotations

from copy import copy
from itertools import combinations

from companion.errors import IllegalActionError
from companion.terra_mystica.terrain import terrain_wheel

SPECIAL = ("ice", "volcano")

NOW, LATER = 2, 1
"""What :meth:`_Context.affords` answers (0: not affordable): affordable with what the faction holds, or only
with the resources the context was given (``with_now``: what conversions could give)."""
MARK = "\x00"
"""Written into a row listed with given resources (``_Context(..., with_now=True)``) after each part that
the faction affords only with them, never into a row it affords now: the legal rows are those without it
(:func:`.moves.split_turn_moves`), and taking it out gives the row as :func:`.moves.turn_moves` lists it."""
_MARKS = ("", MARK, "")


class _Context:
    """What one decision of one faction needs, computed once: resources, empty hexes and how each is
    reached, spade needs, prices.

    ``resources`` replaces what the faction holds when affordability is judged; with ``with_now`` the
    context also tells which rows the faction affords with what it holds (:data:`MARK`)."""

    def __init__(self, game, f, resources: dict | None = None, with_now: bool = False) -> None:
        self.game, self.f = game, f
        self.tiles = game.tiles
        self.occupied = occupied = game.townstate.buildings
        held = {"C": f.coins, "W": f.workers, "P": f.priests, "PW": f.bowls.iii, "VP": f.vp,
                "PW_TOKEN": sum(f.bowls)}
        self.res = resources or held
        self.now = held if resources and with_now else None   # None: affordable means affordable now
        self._reach: dict = {}
        self.dwelling_left = f.buildings["D"] < f.data.buildings["D"].count
        self.d_cost = dict(f.data.buildings["D"].cost)
        sp = f.data.spades
        self.dig_cost = dict(sp.cost_per_spade_by_level[f.digging_level]) if sp is not None else None
        tp = f.data.teleport
        if tp:
            level = min(f.teleport_level, len(tp["cost"]) - 1)
            self.jump_cost = dict(tp["cost"][level])
        else:
            self.jump_cost = {}
        self.mode = f.data.terraform_mode
        self.empty = [h for h in _land_hexes(game) if h not in occupied]
        self.table = table = _reach_table(game, f)
        self.reachable = [h for h in self.empty if h in table]
        self._can: dict[tuple, int] = {}
        self._dug: dict[tuple, tuple | None] = {}   # dug_elsewhere by (jump, spades)
        self._loose: int | None = None
        self._home_sites: list | None = None
        self.townstate = game.townstate       # the towns and buildings the follow-ups are judged on ...
        self.hexes = f.hexes                  # ... and the faction's buildings (after_upgrade changes both)
        self._tiles_left: int | None = None   # town tiles not claimed by a town founded already
        self._towns: dict[tuple, list[str]] = {}  # town_picks by (hex, building, FAV5)
        self._ready: set | None = None  # rivers the Mermaids may connect across now
        self._elsewhere: dict[tuple, list] = {}  # builds_elsewhere by price

    def home_sites(self) -> list[tuple[str, dict]]:
        """``(hex, reach price)`` for each empty hex of the home colour in reach: where a dwelling goes with no
        spade, e.g. the build of an action whose spades turned another hex to another colour (RULES-NOTES-E
        E.1.2)."""
        if self._home_sites is None:
            home, colour = self.f.home, self.game.colour
            self._home_sites = [(h, self.reach_cost(h)) for h in self.reachable if colour[h] == home]
        return self._home_sites

    def builds_elsewhere(self, h: str, reach: dict, *costs: dict) -> list[str]:
        """``. build Y`` (with its town picks) on each home-coloured empty hex Y other than ``h`` the faction
        affords besides ``costs`` and reaching ``h`` for ``reach``: one tunnel / carpet flight per turn."""
        return [row for y, row in self.elsewhere_rows(reach, *costs) if y != h]

    def elsewhere_rows(self, reach: dict, *costs: dict) -> list[tuple[str, str]]:
        """``(Y, ". build Y...")`` for :meth:`builds_elsewhere`, every home-coloured site Y included (the
        caller leaves out the hex it transforms), remembered for the decision by price: the same for every
        hex transformed at that price (one price per spade count)."""
        if not self.dwelling_left:
            return []
        total: dict[str, int] = {}
        for cost in costs:
            for k, v in cost.items():
                total[k] = total.get(k, 0) + v
        key = (bool(reach), tuple(sorted(total.items())))
        rows = self._elsewhere.get(key)
        if rows is None:
            rows = self._elsewhere[key] = []
            for y, ry in self.home_sites():
                if reach and ry:
                    continue
                tier = self.affords(total, reach, ry, self.d_cost)
                if tier:
                    rows += [(y, f". build {y}{_MARKS[tier]}{t}") for t in self.town_picks(y, "D")]
        return rows

    def dug_elsewhere(self, jump: bool, spades: int) -> tuple[str, list] | None:
        """``(mark, elsewhere rows)`` of a ``dig N`` of ``spades`` spades that transforms a hex (reached by a
        tunnel / carpet flight or not) to another colour than home: :data:`MARK` (or nothing) by :meth:`can`, and
        :meth:`elsewhere_rows` at the price of reach and dig; None when not affordable. Remembered for the
        decision (every such hex asks it)."""
        key = (jump, spades)
        if key in self._dug:
            return self._dug[key]
        tier = self.can(jump, spades, False)
        hit = self._dug[key] = (_MARKS[tier], self.elsewhere_rows(self.jump_cost if jump else {},
                                                                   self.dig(spades))) if tier else None
        return hit

    def can(self, jump: bool, spades: int, build: bool) -> int:
        """Whether the faction affords reaching a hex (``jump``: tunnelling / carpet flight), ``dig``-ing
        ``spades`` spades and (``build``) a dwelling, all in one move: :meth:`affords` (0 / False, or
        :data:`NOW` / :data:`LATER`), remembered for the decision (every hex asks one of a few such
        questions)."""
        key = (jump, spades, build)
        hit = self._can.get(key)
        if hit is None:
            dig = self.dig(spades)
            hit = self._can[key] = dig is not None and \
                self.affords(self.jump_cost if jump else {}, dig, self.d_cost if build else {})
        return hit

    def affords(self, *costs: dict) -> int:
        """Whether the resources cover the sum of ``costs`` (resource -> amount): 0 when they do not, else
        :data:`NOW`, or :data:`LATER` when the context was made ``with_now`` and what the faction holds does
        not cover them (a row part then carries :data:`MARK`)."""
        res = self.res
        if len(costs) == 1:  # most questions: one price (a price of 0 needs nothing)
            total = costs[0]
            if not all(not v or res.get(k, 0) >= v for k, v in total.items()):
                return 0
        else:
            total = {}
            for cost in costs:
                for k, v in cost.items():
                    if v:
                        total[k] = total.get(k, 0) + v
            if not all(res.get(k, 0) >= v for k, v in total.items()):
                return 0
        now = self.now
        if now is None or all(not v or now.get(k, 0) >= v for k, v in total.items()):
            return NOW
        return LATER

    def reach(self, h: str, direct_only: bool = False):
        if direct_only:
            key = (h, True)
            if key not in self._reach:
                self._reach[key] = self.game.reach(self.f, h, direct_only=True)
            return self._reach[key]
        return self.table.get(h)

    def reach_cost(self, h: str) -> dict | None:
        """The price of reaching ``h`` (tunnelling / carpet flight) or None when out of reach."""
        how = self.reach(h)
        if how is None:
            return None
        return self.jump_cost if how == "jump" else {}

    def need(self, h: str, to: str | None = None) -> int | None:
        """Spades to turn ``h`` into ``to`` (default home), None when it cannot be transformed."""
        return self.needs(h).get(to or self.f.home)

    def needs(self, h: str) -> dict:
        """``colour -> spades`` to turn ``h`` into each land colour (empty for ice / volcano hexes)."""
        f = self.f
        frm = self.game.colour[h]
        key = (f.name, f.picked, f.home, frm)
        table = _NEEDS.get(key)
        if table is None:
            table = {}
            if frm not in SPECIAL:
                for to in (*terrain_wheel().colours, f.home):
                    try:
                        table[to] = self.game.spades_needed(f, frm, to)
                    except IllegalActionError:
                        pass
            _NEEDS[key] = table
        return table

    def dig(self, n: int) -> dict | None:
        if n == 0:
            return {}
        if self.dig_cost is None:
            return None
        return {k: v * n for k, v in self.dig_cost.items()}

    def after_upgrade(self, h: str, kind: str) -> _Context:
        """This decision's context once the move's first part has put ``kind`` on ``h`` (the upgrade that
        the Halflings' stronghold spades follow in one move, RULES-NOTES-E E.0): a build after it founds a
        town, or joins the one the upgrade founded, by the towns and buildings *after* the upgrade. The
        resources stay those before it (the caller counts the upgrade's cost); the town tile a town founded
        by the upgrade takes is left in the pool (:func:`~.move_kinds._within_pool` drops rows asking for
        more copies than there are)."""
        ts = self._towns_now().place(h, self.f.name, kind)
        new = copy(self)
        new.townstate = ts
        new.hexes = {**self.hexes, h: kind}
        new._tiles_left = self.tiles_left() - _founded(ts)
        new._towns, new._loose, new._ready, new._elsewhere, new._dug = {}, None, None, {}, {}
        return new

    def tiles_left(self) -> int:
        """Town tiles still free (:meth:`Game._town_tiles_left`, less those of towns this move founded)."""
        if self._tiles_left is None:
            self._tiles_left = self.game._town_tiles_left()
        return self._tiles_left

    def _towns_now(self):
        """The town state the follow-ups are judged on, with the town tiles still free."""
        return self.townstate.with_town_tiles(self.tiles_left())

    def town_picks(self, h: str, kind: str, *, fav5: bool = False) -> list[str]:
        """``+TWn`` follow-ups when a building of ``kind`` on ``h`` founds a town (one tile per town it
        founds), else ``[""]``; ``fav5``: the move also takes FAV5, so every group of 6 power founds a town
        too, this one or another (RULES-NOTES section 4, tricky case 4). For the Mermaids, ``connect rN.
        +TWn`` when it founds none by itself but makes a new town across a river hex
        (:meth:`TownState.mermaid_candidates`; RULES-NOTES section 4, tricky case 5)."""
        key = (h, kind, fav5)
        hit = self._towns.get(key)
        if hit is None:
            hit = self._towns[key] = self._town_picks(h, kind, fav5)
        return hit

    def _town_picks(self, h: str, kind: str, fav5: bool) -> list[str]:
        f, hexes = self.f, self.hexes
        ts = self.townstate
        fav5 = fav5 and f.name not in ts.fav5
        if self._loose is None:  # the power of the own buildings in no town: a town needs at most all of it
            self._loose = sum(f.data.building_power(k) for x, k in hexes.items() if x not in ts.town_of)
        before = f.data.building_power(hexes[h]) if h in hexes and h not in ts.town_of else 0
        size = ts.town_size(f.name) - (1 if fav5 else 0)
        if self._loose - before + f.data.building_power(kind) < size:
            return [""]
        mermaids = f.name == "mermaids"
        if not mermaids and not fav5 and not _may_found_town(ts, f, h, kind, hexes):
            return [""]
        try:
            ts = self._towns_now().place(h, f.name, kind)
        except IllegalActionError:
            return [""]
        founded = _founded(ts)
        if fav5:
            ts = ts.take_fav5(f.name)
            founded += _founded(ts)
        rows = self.town_rows(founded) if founded else [""]
        if mermaids:
            # a river the Mermaids could already connect across is a move of its own (move_kinds._connect_moves)
            if self._ready is None:
                self._ready = set(self.townstate.mermaid_candidates(f.name))
            rows = rows + self.connect_rows(ts, founded, self._ready)
        return rows

    def connect_rows(self, ts, founded: int, ready) -> list[str]:
        """The Mermaids' towns across river hexes after a change of the town state to ``ts`` that founded
        ``founded`` towns: ``. +TWa. connect rN. +TWb`` (the founded towns' tiles first), with a second
        connect when the first leaves another river to connect across (``. connect r1. +TW2. connect r10.
        +TW4``; RULES-NOTES section 4, tricky case 5), one row per set of tiles the pool holds; the first
        river is not in ``ready`` (those the Mermaids could connect across before the change). Rows with a
        connect only: the founded towns alone are :meth:`town_rows`."""
        seqs: list[tuple] = []
        seen: set = set()
        for r1 in ts.mermaid_candidates(self.f.name):
            if r1 in ready:
                continue
            seqs.append((r1,))
            try:
                after = ts.connect(r1, self.f.name)
            except IllegalActionError:
                continue
            for r2 in after.mermaid_candidates(self.f.name):
                if r2 != r1 and frozenset((r1, r2)) not in seen:
                    seen.add(frozenset((r1, r2)))
                    seqs.append((r1, r2))
        if not seqs:
            return []
        copies = [tid for tid, n in sorted(self.game.town_pool.items()) for _ in range(n)]
        out = []
        for seq in seqs:
            k = founded + len(seq)
            if len(copies) < k:
                continue
            for pick in sorted(set(combinations(copies, k))):
                out.append("".join(f". +{tid}" for tid in pick[:founded]) +
                           "".join(f". connect {r}. +{tid}" for r, tid in zip(seq, pick[founded:], strict=True)))
        return out

    def town_rows(self, towns: int) -> list[str]:
        """The tile picks of ``towns`` towns founded at once (``. +TW3``; two towns ``. +TW3. +TW7``, one
        row per set of tiles the pool holds) and their decline (``. -GAIN_TW``, ``. -2GAIN_TW``; RULES-NOTES-E
        E.2), ``[""]`` when none is founded or no tile is left."""
        pool = sorted(self.game.town_pool.items())
        if towns <= 0:
            return [""]
        decline = f". -{towns}GAIN_TW" if towns > 1 else ". -GAIN_TW"  # E.2: the tiles may be declined
        if towns == 1:
            rows = [row for tid, n in pool if n > 0 for row in self._town_tile_rows(tid)]
            return rows + [decline] if rows else [""]
        copies = [tid for tid, n in pool for _ in range(n)]
        picks = sorted(set(combinations(copies, min(towns, len(copies)))))
        return ["".join(f". +{tid}" for tid in pick) for pick in picks] + [decline] if picks else [""]

    def _town_tile_rows(self, tid: str) -> list[str]:
        """``. +TWn``; for a tile whose cult steps would take more tracks to 10 than there are keys for
        them (:meth:`Game.contested_tracks`), one row per choice of the tracks that get the keys, the others
        stepped back first (``. -AIR. +TW5``: water reaches 10, air 9 -> 8 -> 9), so the row means the same
        here and in the reference engine, whose internal order would choose otherwise (RULES-NOTES-D D.2)."""
        contested, free = self.game.contested_tracks(self.f, self.tiles.town[tid].gain)
        if not 0 < free < len(contested):
            return [f". +{tid}"]
        return ["".join(f". -{t}" for t in contested if t not in keyed) + f". +{tid}"
                for keyed in combinations(contested, free)]


_LAND: dict[int, tuple] = {}


def _land_hexes(game) -> tuple:
    """The map's land hexes in label order (cached per board)."""
    key = id(game.board)
    hexes = _LAND.get(key)
    if hexes is None or len(hexes[1]) != len(game.colour):
        hexes = _LAND[key] = (game.board, tuple(sorted(game.colour)))
    return hexes[1]


_REACH: dict = {}
_NEEDS: dict = {}


def _reach_table(game, f) -> dict:
    """``hex -> "free" | "jump"`` for every land hex ``f`` reaches now (:meth:`Game.reach`), cached by what
    reach depends on: the faction's own building hexes, the bridges, shipping (with BON4) and jump range
    (other factions' builds and every offer, pass or power action leave it as it was)."""
    ts = game.townstate
    key = (f.name, tuple(f.hexes), ts.bridges, game.round == 0, game._shipping(f),
           game._jump_range(f), id(game.board))
    hit = _REACH.get(key)
    if hit is not None and hit[0] is game.board:
        return hit[1]
    if len(_REACH) > 4096:
        _REACH.clear()
    saved, f.teleported = f.teleported, set()  # a new turn starts with no hex tunnelled to yet
    near = _near(game, f)
    try:
        table = {}
        for h in _land_hexes(game):
            if near is not None and h not in near:
                continue
            how = game.reach(f, h)
            if how is not None:
                table[h] = how
    finally:
        f.teleported = saved
    _REACH[key] = (game.board, table)
    return table


def _near(game, f) -> set | None:
    """Land hexes around ``f``'s buildings that :meth:`Game.reach` may reach (neighbours, bridge ends,
    shipping range with BON4, tunnelling / carpet range; every such relation is symmetric), so only
    these are asked; None in the setup round (anything goes) or without a building."""
    if game.round == 0 or not f.hexes:
        return None
    m = game.board.map
    shipping = game._shipping(f)
    jump = game._jump_range(f)
    links = game.townstate.bridge_links()
    near: set = set()
    for b in f.hexes:
        near |= m.land_neighbours(b)
        near.update(links.get(b, ()))
        if shipping:
            near |= m.shipping_reach(b, shipping)
        if jump:
            near |= m.tunnel_reach(b, jump)
    return near


def _may_found_town(ts, f, h: str, kind: str, hexes: dict) -> bool:
    """Whether a ``kind`` on ``h`` could found a town of ``f``, whose buildings are ``hexes`` (hex ->
    kind): the own buildings joined to ``h`` (direct neighbours, bridges, Mermaid river links), none of them
    in a town yet, reach the town's power and count with it (RULES-NOTES section 4). A quick test before the
    exact one (:meth:`TownState.place`)."""
    from companion.terra_mystica.towns import RULES, town_count

    links: dict[str, set] = {}
    for a, b in ts.connections:
        links.setdefault(a, set()).add(b)
        links.setdefault(b, set()).add(a)
    seen = {h}
    todo = [h]
    while todo:
        x = todo.pop()
        for n in (*ts.bridged_neighbours(x), *links.get(x, ())):
            if n not in seen and n in hexes:
                if n in ts.town_of:
                    return False
                seen.add(n)
                todo.append(n)
    if len(seen) == 1:
        return False
    kinds = [kind if x == h else hexes[x] for x in seen]
    power = sum(f.data.building_power(k) for k in kinds)
    return power >= ts.town_size(f.name) and town_count(kinds) >= RULES.town_buildings


def _founded(ts) -> int:
    """Towns founded by the last change of a town state."""
    return sum(1 for e in ts.events if e.kind == "founded")


def _favour_picks(ctx: _Context, n: int) -> list[str]:
    """``. +FAVn`` for each favour tile ``ctx``'s faction may take; ``n`` = 2 (the Chaos Magicians' temple
    and sanctuary): ``. +FAVa. +FAVb`` for each pair of different tiles (one when fewer than two are left:
    the second is owed to the next decision), one tile and the decline of the other (``. +FAVa. -GAIN_FAVOR``);
    and the decline of them all, ``. -GAIN_FAVOR`` (``. -2GAIN_FAVOR``),
    which the reference accepts whether or not a tile is left (E.2)."""
    if n <= 0:
        return [""]
    f = ctx.f
    free = [fid for fid, left in ctx.game.favor_pool.items() if left > 0 and fid not in f.favors]
    decline = f". -{n}GAIN_FAVOR" if n > 1 else ". -GAIN_FAVOR"  # the reference always accepts it (E.2)
    if n >= 2 and len(free) >= n:
        pairs = ["".join(f". +{fid}" for fid in pick) for pick in combinations(free, n)]
        return pairs + [f". +{fid}. -{n - 1}GAIN_FAVOR" if n > 2 else f". +{fid}. -GAIN_FAVOR" for fid in free] + \
            [decline]
    return [f". +{fid}" for fid in free] + [decline]
