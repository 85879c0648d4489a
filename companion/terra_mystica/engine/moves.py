"""Complete moves for search: every full action with its follow-ups, computed from the state (issue 19.3).

:func:`legal_moves` lists what a faction may type now as **complete moves**, one row each: a full action
with the follow-ups it grants (RULES-NOTES-E E.1.1), e.g. ``action ACT5. transform F6. build F6``,
``dig 1. build E7``, ``action ACT6. transform F6. transform E7. build F6``, ``upgrade E9 to TE. +FAV11``,
``action ACTW. build A3``, ``action BON2. +FIRE``, the declines (``action ACT5. -SPADE``, ``action ACT1.
-BRIDGE``, ``action ACTW. -FREE_D``, ``-FREE_TP``, ``-FREE_TF``, the Darklings' ``-3CONVERT_W_TO_P``,
``-GAIN_FAVOR`` when no favour tile is left), and the answers outside turns (power offers, favour / town /
cult picks, colour picks, unlocks, cult-income spades, a step back on a cult track that decides a town key).

Nothing is applied to find out: reach, spade costs, prices and affordability are read from the state
(:meth:`Game.reach`, the faction board's costs, the pools), once per decision (:class:`_Context`). Free
conversions and burning are not listed (a bot adds them as a prefix when it lacks resources,
:func:`companion.terra_mystica.bots.conversion_rows`). Spades are always bought with an explicit
``dig N`` before the build (the reference engine never digs by itself, E.2.1).

Choices left to the following decision of the same faction (the reference engine keeps its turn open
meanwhile, so the row stays the same turn), where listing them in the move would multiply the list without
changing what can be reached: a town founded by a favour tile (FAV5), by a bridge or across a Mermaids'
river, the second favour of the Chaos Magicians' temple / sanctuary, and the two actions after the Chaos
Magicians' ``ACTC``. Not listed: ``connect`` (Mermaids), transforms to another colour beyond one per action,
several-hex uses of the Halflings' stronghold spades (one hex and ``-NSPADE`` are listed).
"""

from __future__ import annotations

from itertools import combinations

from companion.errors import IllegalActionError
from companion.terra_mystica.engine.commands import CULT_TRACKS, parse_commands
from companion.terra_mystica.terrain import terrain_wheel

__all__ = ["legal_moves", "decision_moves", "turn_moves"]

SPECIAL = ("ice", "volcano")
NEXT_KIND = {"D": ("TP",), "TP": ("TE", "SH"), "TE": ("SA",)}


class _Context:
    """What one decision of one faction needs, computed once: resources, empty hexes and how each is
    reached, spade needs, prices."""

    def __init__(self, game, f, resources: dict | None = None) -> None:
        self.game, self.f = game, f
        self.tiles = game.tiles
        self.occupied = game.townstate.buildings
        self.res = resources or {"C": f.coins, "W": f.workers, "P": f.priests, "PW": f.bowls.iii, "VP": f.vp,
                                 "PW_TOKEN": sum(f.bowls)}
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
        self.empty = [h for h in _land_hexes(game) if h not in self.occupied]
        self.table = table = _reach_table(game, f)
        self.reachable = [h for h in self.empty if h in table]
        self._can: dict[tuple, bool] = {}
        self._loose: int | None = None

    def can(self, jump: bool, spades: int, build: bool) -> bool:
        """Whether the faction affords reaching a hex (``jump``: tunnelling / carpet flight), ``dig``-ing
        ``spades`` spades and (``build``) a dwelling, all in one move: :meth:`affords`, remembered for the
        decision (every hex asks one of a few such questions)."""
        key = (jump, spades, build)
        hit = self._can.get(key)
        if hit is None:
            dig = self.dig(spades)
            hit = self._can[key] = dig is not None and \
                self.affords(self.jump_cost if jump else {}, dig, self.d_cost if build else {})
        return hit

    def affords(self, *costs: dict) -> bool:
        total: dict[str, int] = {}
        for cost in costs:
            for k, v in cost.items():
                if v:
                    total[k] = total.get(k, 0) + v
        res = self.res
        return all(res.get(k, 0) >= v for k, v in total.items())

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
                        table[to] = self.game._spades_needed(f, frm, to)
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

    def town_picks(self, h: str, kind: str) -> list[str]:
        """``+TWn`` follow-ups when a building of ``kind`` on ``h`` founds a town, else ``[""]``."""
        game, f = self.game, self.f
        ts = game.townstate
        if self._loose is None:  # the power of the own buildings in no town: a town needs at most all of it
            self._loose = sum(f.data.building_power(k) for x, k in f.hexes.items() if x not in ts.town_of)
        before = f.data.building_power(f.hexes[h]) if h in f.hexes and h not in ts.town_of else 0
        if self._loose - before + f.data.building_power(kind) < ts.town_size(f.name) or \
                not _may_found_town(ts, f, h, kind):
            return [""]
        try:
            ts = game._towns_now().place(h, f.name, kind)
        except IllegalActionError:
            return [""]
        founded = sum(1 for e in ts.events if e.kind == "founded")
        if not founded:
            return [""]
        return [f". +{tid}" for tid, n in sorted(game.town_pool.items()) if n > 0] or [""]


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
           f.jump_range if f.data.teleport else 0, id(game.board))
    hit = _REACH.get(key)
    if hit is not None and hit[0] is game.board:
        return hit[1]
    if len(_REACH) > 4096:
        _REACH.clear()
    saved, f.teleported = f.teleported, set()  # a new row starts with no hex tunnelled to yet
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
    jump = f.jump_range if f.data.teleport else 0
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


def _may_found_town(ts, f, h: str, kind: str) -> bool:
    """Whether a ``kind`` on ``h`` could found a town of ``f``: the own buildings joined to ``h`` (direct
    neighbours, bridges, Mermaid river links), none of them in a town yet, reach the town's power and count
    with it (RULES-NOTES section 4). A quick test before the exact one (:meth:`TownState.place`)."""
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
            if n not in seen and n in f.hexes:
                if n in ts.town_of:
                    return False
                seen.add(n)
                todo.append(n)
    if len(seen) == 1:
        return False
    kinds = [kind if x == h else f.hexes[x] for x in seen]
    power = sum(f.data.building_power(k) for k in kinds)
    return power >= ts.town_size(f.name) and town_count(kinds) >= RULES.town_buildings


def _favour_picks(ctx: _Context, n: int) -> list[str]:
    if n <= 0:
        return [""]
    f = ctx.f
    return [f". +{fid}" for fid, left in ctx.game.favor_pool.items() if left > 0 and fid not in f.favors] or \
        [". -GAIN_FAVOR"]  # none left to take: declined (E.2)


# ------------------------------------------------------------------------------------------ decisions


def decision_moves(game, faction: str) -> list[str]:
    """Answers and choices ``faction`` owes outside its turn (power offers, favour / town / cult picks,
    colour picks, unlocks, the Shapeshifters' bowl-III token, stronghold bridges, cult-income spades)."""
    f = game.factions[faction]
    out: list[str] = []
    strict = "strict-leech" in game.options
    for o in game.offers:
        if o["to"] == f.name:
            if not (strict and o["marked"]):  # an offer passed over by a later acceptance can only be declined
                out.append(f"leech {o['amount']} from {o['from']}")
            out.append(f"decline {o['amount']} from {o['from']}")
    ctx = None
    if f.owed.favor:
        ctx = _Context(game, f)
        out += [p[2:] for p in _favour_picks(ctx, 1) if p]
    if f.owed.town:
        out += [f"+{tid}" for tid, n in sorted(game.town_pool.items()) if n > 0]
    if f.owed.town or f.blocked:
        # a step back before the tile or the key says which track its key takes to 10 (RULES-NOTES-D D.2)
        loose = "loose-cult-loss" in game.options
        out += [f"-{t}" for t in CULT_TRACKS if 0 < f.cult[t] < 10 and (loose or f.cult[t] > 7)]
    if f.owed.cult:
        if f.cult_same_track and f.owed.cult > 1 and f.same_track_name is None:
            out += [f"+{f.owed.cult}{t}" for t in CULT_TRACKS]
        elif f.same_track_name:
            out.append(f"+{f.same_track_name}")
        else:
            out += [f"+{t}" for t in CULT_TRACKS]
    elif f.blocked and game._free_keys(f) > 0:
        out += [f"+{t}" for t in f.blocked]  # a track waiting at 9 for a key (RULES-NOTES-D D.2)
    if f.owed.pick_color:
        out += [f"pick-color {c}" for c in _free_colours(game)]
    if f.owed.unlocks:
        table = f.data.engine_fields.get("locked_terrain") or {}
        for c, price in table.items():
            if c in f.unlocked or c == "gain-priest":
                continue
            cost = dict(price["home" if game.is_home(c) else "not_home"]["cost"])
            if all({"C": f.coins, "W": f.workers, "P": f.priests}.get(k, 0) >= v for k, v in cost.items()):
                out.append(f"unlock-terrain {c}")
        out.append("unlock-terrain gain-priest")
    if f.owed.gain_p3:
        if f.vp >= 1:
            out.append("gain P3 for VP")
        out.append("-GAIN_P3_FOR_VP")
    if f.owed.stronghold_bridges:
        ctx = ctx or _Context(game, f)
        out += [f"bridge {b}" for b in _bridges(ctx)] + ["-BRIDGE"]
    if game.phase == "cult_spades" and f.spades and f.cult_spade:
        ctx = ctx or _Context(game, f)
        for h in ctx.reachable:
            reach = ctx.reach_cost(h)
            if reach is None or not ctx.affords(reach):
                continue
            for to, need in ctx.needs(h).items():
                if need and need <= f.spades and (to == f.home or to in terrain_wheel().colours):
                    out.append(f"transform {h}" if to == f.home else f"transform {h} to {to}")
        out.append("-SPADE")   # "done" discards no cult-income spade (RULES-NOTES-E E.2.4)
    return out


def _free_colours(game) -> list[str]:
    taken = {o.home for o in game.factions.values()}
    if game.round == 0:
        taken |= {o.picked for o in game.factions.values() if o.picked}
    return [c for c in terrain_wheel().colours if c not in taken]


def _bridges(ctx: _Context) -> list[str]:
    game, f = ctx.game, ctx.f
    ts = game.townstate
    out = []
    for spot in sorted(tuple(sorted(p)) for p in game.board.bridge_spots):
        a, b = spot
        if a not in f.hexes and b not in f.hexes:
            continue
        try:
            ts.add_bridge(a, b, f.name)
        except IllegalActionError:
            continue
        out.append(f"{a}:{b}")
    return out


# ------------------------------------------------------------------------------------------ turns


def _setup_moves(ctx: _Context) -> list[str]:
    game, f = ctx.game, ctx.f
    seq = game._setup_sequence()
    step = game._setup_step
    if step >= len(seq) or seq[step] != f.name:
        return []
    if step >= len(seq) - len(game.seats):
        return [f"pass {b}" for b in game.bonus_pool]
    start = f.picked or f.home
    out = []
    for h in ctx.empty:
        if game.colour[h] != start:
            continue
        if ctx.mode == "none" and not game.board.land_rivers.get(h):
            continue
        out.append(f"build {h}")
    return out


def _spade_follow_ups(ctx: _Context, spades: int, *, can_dig: bool, extra_cost: dict) -> list[str]:
    """Follow-ups (each starting with ``". "``) that use or decline ``spades`` spades of an action:
    a transform (and the build on it), two transforms with ACT6's two spades, a transform to another
    colour, ``dig N`` for the missing spades when ``can_dig``, or ``-SPADE``; the action costs
    ``extra_cost``."""
    f = ctx.f
    out = [f". -{spades}SPADE" if spades > 1 else ". -SPADE"]
    if ctx.mode in ("none", "volcano"):
        return out
    one_spade: list[tuple[str, dict]] = []
    build_ok = ctx.dwelling_left
    for h in ctx.reachable:
        reach = ctx.reach_cost(h)
        if reach is None:
            continue
        need = ctx.need(h)
        if need is None or need == 0:
            continue
        if need <= spades:
            left = spades - need
            base = extra_cost, reach
            if not ctx.affords(*base):
                continue
            if left == 0:
                out.append(f". transform {h}")
                if build_ok and ctx.affords(*base, ctx.d_cost):
                    out.append(f". build {h}")
                    out.append(f". transform {h}. build {h}")
            else:
                decline = f". -{left}SPADE" if left > 1 else ". -SPADE"
                out.append(f". transform {h}{decline}")
                if build_ok and ctx.affords(*base, ctx.d_cost):
                    out.append(f". transform {h}{decline}. build {h}")
                if need == 1:
                    one_spade.append((h, reach))
        elif can_dig:
            dig = ctx.dig(need - spades)
            if dig is None or not ctx.affords(extra_cost, reach, dig):
                continue
            out.append(f". dig {need - spades}. transform {h}")
            if build_ok and ctx.affords(extra_cost, reach, dig, ctx.d_cost):
                out.append(f". dig {need - spades}. build {h}")
        # one transform to another colour with exactly the action's spades
        for colour, n in ctx.needs(h).items():
            if colour == f.home:
                continue
            if n == spades and ctx.affords(extra_cost, reach):
                out.append(f". transform {h} to {colour}")
    if spades == 2:
        for (a, ra), (b, rb) in combinations(one_spade, 2):
            if not ctx.affords(extra_cost, ra, rb):
                continue
            out.append(f". transform {a}. transform {b}")
            if build_ok:
                for h in (a, b):
                    if ctx.affords(extra_cost, ra, rb, ctx.d_cost):
                        out.append(f". transform {a}. transform {b}. build {h}")
    return out


def _build_moves(ctx: _Context) -> list[str]:
    """Dwellings (with ``dig N`` for foreign terrain) and transforms bought with ``dig``."""
    game, f = ctx.game, ctx.f
    out: list[str] = []
    home = f.home
    for h in ctx.reachable:
        colour = game.colour[h]
        reach = ctx.reach_cost(h)
        if reach is None:
            continue
        if ctx.mode == "none":
            if colour in f.unlocked and ctx.dwelling_left and ctx.affords(reach, ctx.d_cost):
                out += [f"build {h}{t}" for t in ctx.town_picks(h, "D")]
            continue
        if ctx.mode == "volcano":
            if colour == home:
                if ctx.dwelling_left and ctx.affords(reach, ctx.d_cost):
                    out += [f"build {h}{t}" for t in ctx.town_picks(h, "D")]
                continue
            if colour in SPECIAL:
                continue
            price = game.volcano_price(f, h)
            tokens, steps = price.get("LOSE_PW_TOKEN", 0), price.get("LOSE_CULT", 0)
            if tokens and sum(f.bowls) < tokens:
                continue
            pays = [f". -{steps}{t}" for t in CULT_TRACKS if f.cult[t] >= steps] if steps else [""]
            for pay in pays:
                if ctx.affords(reach):
                    out.append(f"dig 1. transform {h}{pay}")
                if ctx.dwelling_left and ctx.affords(reach, ctx.d_cost):
                    out += [f"dig 1. build {h}{pay}{t}" for t in ctx.town_picks(h, "D")]
            continue
        if colour in SPECIAL and colour != home:
            continue
        jump = bool(reach)
        build_ok = ctx.dwelling_left
        if colour == home:
            if build_ok and ctx.can(jump, 0, True):
                out += [f"build {h}{t}" for t in ctx.town_picks(h, "D")]
            if colour in SPECIAL:
                continue
        needs = ctx.needs(h)
        need = needs.get(home)
        if need:
            if ctx.can(jump, need, False):
                out.append(f"dig {need}. transform {h}")
                if build_ok and ctx.can(jump, need, True):
                    out += [f"dig {need}. build {h}{t}" for t in ctx.town_picks(h, "D")]
        for to, n in needs.items():
            if to == home or not n:
                continue
            if ctx.can(jump, n, False):
                out.append(f"dig {n}. transform {h} to {to}")
    return out


def _upgrade_moves(ctx: _Context, *, free_tp: bool = False) -> list[str]:
    game, f = ctx.game, ctx.f
    out: list[str] = []
    for h, cur in sorted(f.hexes.items()):
        for kind in NEXT_KIND.get(cur, ()):
            if free_tp and kind != "TP":
                continue
            bdata = f.data.buildings[kind]
            if f.buildings[kind] >= bdata.count:
                continue
            cost = {} if free_tp else dict(bdata.cost)
            if kind == "TP" and not free_tp and not any(game.owner(n) not in (None, f.name) for n in game.adjacent(h)):
                cost["C"] = cost.get("C", 0) * 2
            if not ctx.affords(cost):
                continue
            effects = bdata.on_build or ()
            effect = dict(effects[min(f.buildings[kind] + 1, len(effects)) - 1]) if effects else {}
            favours = int(effect.get("GAIN_FAVOR", 1 if kind in ("TE", "SA") else 0))
            towns = ctx.town_picks(h, kind)
            head = f"upgrade {h} to {kind}"
            if effect.get("SPADE"):
                # the Halflings' stronghold: three spades, no dig (E.2.1)
                tails = _spade_follow_ups(ctx, int(effect["SPADE"]), can_dig=False, extra_cost=cost)
                out += [head + t for t in tails]
                continue
            if effect.get("CONVERT_W_TO_P") and "strict-darkling-sh" in game.options:
                # the Darklings' conversion holds the turn open: used or waived in the same move (E.2.2)
                w_after = f.workers - cost.get("W", 0)
                right = int(effect["CONVERT_W_TO_P"])
                out += [f"{head}. convert {k}W to {k}P" for k in range(1, min(right, w_after) + 1)]
                out.append(f"{head}. -{right}CONVERT_W_TO_P")
                continue
            for fav in _favour_picks(ctx, min(favours, 1)):
                for town in towns:
                    out.append(head + fav + town)
    return out


def _cult_picks(n: int, same_track: bool) -> list[str]:
    if same_track and n > 1:
        return [f". +{n}{t}" for t in CULT_TRACKS]
    return [f". +{t}" for t in CULT_TRACKS]


def _action_moves(ctx: _Context) -> list[str]:
    game, f = ctx.game, ctx.f
    tiles = ctx.tiles
    out: list[str] = []
    spade_actions_convert = ctx.mode == "volcano"
    forbid = f.data.engine_fields.get("action") or {}
    for act, pa in tiles.power_actions.items():
        if forbid.get(act, {}).get("forbid"):
            continue
        if act in game.used_actions and not game._may_reuse(f, act):
            continue
        cost = {"PW": pa.cost_for(f.data)}
        if not ctx.affords(cost):
            continue
        out += _gain_follow_ups(ctx, f"action {act}", dict(pa.gain), cost, spade_actions_convert)
    sh_actions = set()
    if f.buildings["SH"]:
        for e in f.data.buildings["SH"].on_build or ():
            sh_actions |= {k for k in (e or {}) if k in tiles.faction_actions}
    if f.data.engine_fields.get("ACTE"):
        sh_actions.add("ACTE")
    if f.bonus and tiles.bonus[f.bonus].action is not None:
        sh_actions.add(f.bonus)
    sh_actions |= {fav for fav in f.favors if tiles.favor[fav].has_action}
    for act in sorted(sh_actions):
        if forbid.get(act, {}).get("forbid"):
            continue
        key = act if act.startswith("BON") else f.name + ":" + act
        if act != "ACTE" and not act.startswith("ACTH") and key in game.used_actions:
            continue
        fa = tiles.faction_actions[act]
        cost = dict(fa.cost)
        if any(k not in ctx.res for k in cost) or not ctx.affords(cost):
            continue
        out += _gain_follow_ups(ctx, f"action {act}", dict(fa.gain), cost, spade_actions_convert)
    return out


def _gain_follow_ups(ctx: _Context, head: str, gain: dict, cost: dict, volcano: bool) -> list[str]:
    """The complete moves of one action from what it gains (its follow-ups, E.1.1)."""
    f = ctx.f
    if gain.get("SPADE") and not volcano:
        return [head + t for t in _spade_follow_ups(ctx, int(gain["SPADE"]), can_dig=True, extra_cost=cost)]
    if gain.get("CULT"):
        return [head + t for t in _cult_picks(int(gain["CULT"]), bool(gain.get("CULTS_ON_SAME_TRACK")))]
    # the follow-up, or its decline (RULES-NOTES-E E.2: -BRIDGE, -FREE_D, -FREE_TP, -FREE_TF)
    if gain.get("BRIDGE"):
        return [f"{head}. bridge {b}" for b in _bridges(ctx)] + [f"{head}. -BRIDGE"]
    if gain.get("FREE_D"):
        if not ctx.dwelling_left:
            return [f"{head}. -FREE_D"]
        return [f"{head}. build {h}{t}" for h in ctx.empty if ctx.game.colour[h] == f.home
                for t in ctx.town_picks(h, "D")] + [f"{head}. -FREE_D"]
    if gain.get("FREE_TP"):
        return [head + ". " + m for m in _upgrade_moves(ctx, free_tp=True)] + [f"{head}. -FREE_TP"]
    if gain.get("FREE_TF"):
        out = [f"{head}. -FREE_TF"]
        for h in ctx.empty:
            need = ctx.need(h)
            if not need or ctx.reach(h, direct_only=True) is None:
                continue
            out.append(f"{head}. transform {h}")
            if ctx.dwelling_left and ctx.affords(cost, ctx.d_cost):
                out += [f"{head}. build {h}{t}" for t in ctx.town_picks(h, "D")]
        return out
    if gain.get("PICK_COLOR"):
        if not f.variable:
            return []
        return [f"{head}. pick-color {c}" for c in _free_colours(ctx.game)]
    return [head]


def _other_moves(ctx: _Context) -> list[str]:
    game, f = ctx.game, ctx.f
    out: list[str] = []
    if f.priests >= 1:
        steps = game.tiles.cult_track.priest_slot_steps
        for t in CULT_TRACKS:
            free = sorted({v for v, who in zip(steps, game.cult_slots[t], strict=True) if who is None}, reverse=True)
            # a free priest space by its steps, or one step with no space (the plain form when none is free)
            out += [f"send p to {t} for {n}" for n in free] + [f"send p to {t} for 1" if free else f"send p to {t}"]
    sh = f.data.shipping
    if f.shipping_level < sh.max and sh.advance_cost is not None and ctx.affords(dict(sh.advance_cost)):
        out.append("advance ship")
    sp = f.data.spades
    if sp is not None and f.digging_level < sp.max_level and sp.advance_cost is not None and ctx.affords(dict(sp.advance_cost)):
        out.append("advance dig")
    return out


def turn_moves(game, faction: str, resources: dict | None = None) -> list[str]:
    """The complete moves of ``faction``'s turn (setup builds and bonus picks in round 0).

    ``resources`` (``{"C", "W", "P", "PW", "VP", "PW_TOKEN": int}``, PW = bowl III) replaces what the
    faction holds when affordability is judged: a bot asks what conversions would make affordable."""
    f = game.factions[faction]
    ctx = _Context(game, f, resources)
    if game.phase == "setup":
        return _setup_moves(ctx)
    if game.round >= 6:
        out = ["pass"]
    else:
        out = [f"pass {b}" for b in game.bonus_pool]
    out += _build_moves(ctx)
    out += _upgrade_moves(ctx)
    out += _action_moves(ctx)
    out += _other_moves(ctx)
    return out


def _open_turn_moves(game, f) -> list[str] | None:
    """What completes ``f``'s open turn (a row typed in parts, e.g. ``action ACT5`` alone): the follow-ups
    still allowed and the declines (:func:`~companion.terra_mystica.engine.turn.open_turn`); None when no
    turn of ``f`` is open."""
    turn = getattr(game, "turn", None)
    if turn is None or turn.faction != f.name or game.phase != "actions":
        return None
    from companion.terra_mystica.engine.turn import open_turn

    ob = open_turn(game, f.name)
    if ob.complete:
        return None
    ctx = _Context(game, f)
    out: list[str] = []
    if ob.spades:
        for m in _spade_follow_ups(ctx, ob.spades, can_dig=ob.dig, extra_cost={}):
            parts = m[2:].split(". ")
            if sum(p.startswith("transform") for p in parts) > ob.transforms or \
                    any(p.startswith("build") for p in parts) and not ob.builds or \
                    parts[-1].startswith("-") and parts[-1] not in ob.declines and len(parts) == 1:
                continue
            out.append(". ".join(parts))
    gains = {"BRIDGE": ob.bridge, "FREE_D": ob.free_dwelling, "FREE_TP": ob.free_trading_house,
             "FREE_TF": ob.free_transform}
    for key, n in gains.items():
        if n:
            out += [m[2:] for m in _gain_follow_ups(ctx, "", {key: n}, {}, False) if m.startswith(". ")]
    if ob.darklings_convert:
        out += [f"convert {k}W to {k}P" for k in range(1, min(ob.darklings_convert, f.workers) + 1)]
    if ob.actions_left and not out:
        out += turn_moves(game, f.name)  # the Chaos Magicians' extra actions
    out += [d for d in ob.declines if d not in out and d[1:] not in ("GAIN_FAVOR", "GAIN_TW", "CULT")]
    return list(dict.fromkeys(out))


_PROBE = {"turn": parse_commands("pass")}


def legal_moves(game, faction: str) -> list[str]:
    """Every complete move ``faction`` may type now (module docstring), decisions first.

    Parameters
    ----------
    game : companion.terra_mystica.engine.Game
        Read only.
    faction : str
        Engine faction name.

    Returns
    -------
    list of str
        Command rows, each accepted by :func:`companion.terra_mystica.engine.apply_action` as it is.
    """
    f = game.factions[faction]
    if game.phase == "over" or f.name in game.dropped:
        return []
    decisions = decision_moves(game, faction)
    owed = f.owed.favor or f.owed.town or f.owed.cult or f.owed.pick_color or f.owed.unlocks or \
        f.owed.gain_p3 or f.owed.stronghold_bridges or game.phase == "cult_spades"
    if owed:
        return [d for d in decisions if game.phase_error(f.name, _parsed(d)) is None]
    going_on = _open_turn_moves(game, f)
    if going_on is not None:
        return decisions + going_on
    turn = []
    if game.phase in ("setup", "actions") and game.expected_turn() == f.name:
        if game.phase == "setup" or game.phase_error(f.name, _PROBE["turn"]) is None:
            turn = turn_moves(game, faction)
    return decisions + turn


_CACHE: dict[str, list] = {}


def _parsed(text: str) -> list:
    cmds = _CACHE.get(text)
    if cmds is None:
        if len(_CACHE) > 8192:
            _CACHE.clear()
        cmds = _CACHE[text] = parse_commands(text)
    return cmds
