"""The complete moves of a turn by action kind, for :mod:`.moves`: setup builds, dwellings and transforms
bought with ``dig``, upgrades with their favour / town picks, power and faction actions with their
follow-ups (spades, cult steps, bridges, free buildings; RULES-NOTES-E E.1.1) and their declines (E.2),
priests, shipping and digging advances. Affordability is read from a :class:`.move_context._Context`; a row
part the faction affords only with the context's resources carries :data:`.move_context.MARK`."""

from __future__ import annotations

from itertools import combinations

from companion.errors import IllegalActionError
from companion.terra_mystica.engine.commands import CULT_TRACKS
from companion.terra_mystica.engine.move_context import (
    _MARKS,
    MARK,
    NOW,
    SPECIAL,
    _Context,
    _favour_picks,
    _founded,
)
from companion.terra_mystica.terrain import terrain_wheel

NEXT_KIND = {"D": ("TP",), "TP": ("TE", "SH"), "TE": ("SA",)}


def _free_colours(game) -> list[str]:
    taken = {o.home for o in game.factions.values()}
    if game.round == 0:
        taken |= {o.picked for o in game.factions.values() if o.picked}
    return [c for c in terrain_wheel().colours if c not in taken]


def _bridges(ctx: _Context) -> list[str]:
    """``A:B`` for each bridge ``ctx``'s faction may place, with ``. +TWn`` for each town the bridge founds
    by joining two groups of its buildings (RULES-NOTES section 4)."""
    game, f = ctx.game, ctx.f
    ts = game._towns_now()
    out = []
    for spot in sorted(tuple(sorted(p)) for p in game.board.bridge_spots):
        a, b = spot
        if a not in f.hexes and b not in f.hexes:
            continue
        try:
            after = ts.add_bridge(a, b, f.name)
        except IllegalActionError:
            continue
        out += [f"{a}:{b}{town}" for town in ctx.town_rows(_founded(after))]
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
    one_spade: list[tuple[str, dict, int]] = []   # (hex, reach price, affordability)
    other_colour: list[tuple[str, str, dict, int]] = []  # the same with a colour: one spade to another colour
    build_ok = ctx.dwelling_left
    for h in ctx.reachable:
        reach = ctx.reach_cost(h)
        if reach is None:
            continue
        need = ctx.need(h)
        if need is None or need == 0:
            continue
        gate = NOW  # the transforms to other colours come only after the home colour's row is affordable
        if need <= spades:
            left = spades - need
            base = extra_cost, reach
            tier = gate = ctx.affords(*base)
            if not tier:
                continue
            m = _MARKS[tier]
            built = build_ok and ctx.affords(*base, ctx.d_cost)
            mb = _MARKS[built]
            if left == 0:
                out.append(f". transform {h}{m}")
                if built:
                    towns = ctx.town_picks(h, "D")
                    out += [f". build {h}{mb}{t}" for t in towns]
                    out += [f". transform {h}{mb}. build {h}{t}" for t in towns]
            else:
                decline = f". -{left}SPADE" if left > 1 else ". -SPADE"
                out.append(f". transform {h}{m}{decline}")
                if built:
                    out += [f". transform {h}{mb}{decline}. build {h}{t}" for t in ctx.town_picks(h, "D")]
                if need == 1:
                    one_spade.append((h, reach, tier))
        elif can_dig:
            dig = ctx.dig(need - spades)
            tier = gate = dig is not None and ctx.affords(extra_cost, reach, dig)
            if not tier:
                continue
            out.append(f". dig {need - spades}{_MARKS[tier]}. transform {h}")
            built = build_ok and ctx.affords(extra_cost, reach, dig, ctx.d_cost)
            if built:
                out += [f". dig {need - spades}{_MARKS[built]}. build {h}{t}" for t in ctx.town_picks(h, "D")]
        # one transform to another colour with exactly the action's spades, and the action's build on a
        # home-coloured hex elsewhere (RULES-NOTES-E E.1.2: only a home-colour transform ties the build)
        tier = ctx.affords(extra_cost, reach)
        if not tier:
            continue
        tier = min(tier, gate)
        m = _MARKS[tier]
        elsewhere = None  # ctx.builds_elsewhere(h, reach, extra_cost), the same for each colour
        for colour, n in ctx.needs(h).items():
            if colour == f.home:
                continue
            if n == spades:
                out.append(f". transform {h} to {colour}{m}")
                if elsewhere is None:
                    elsewhere = ctx.builds_elsewhere(h, reach, extra_cost)
                out += [f". transform {h} to {colour}{m}{b}" for b in elsewhere]
            elif n == 1 and spades == 2:
                other_colour.append((h, colour, reach, tier))
    if spades == 2:
        for (a, ra, ta), (b, rb, tb) in combinations(one_spade, 2):
            # one tunnel / carpet flight per turn (teleport_twice)
            tier = not (ra and rb) and ctx.affords(extra_cost, ra, rb)
            if not tier:
                continue
            tier = min(tier, ta, tb)
            out.append(f". transform {a}. transform {b}{_MARKS[tier]}")
            if build_ok:
                for h in (a, b):
                    built = min(tier, ctx.affords(extra_cost, ra, rb, ctx.d_cost))
                    if built:
                        out += [f". transform {a}. transform {b}{_MARKS[built]}. build {h}{t}"
                                for t in ctx.town_picks(h, "D")]
        # ACT6: one spade to the home colour, the other to another colour on a second hex (one such per action)
        for a, ra, ta in one_spade:
            for b, colour, rb, tb in other_colour:
                tier = a != b and not (ra and rb) and ctx.affords(extra_cost, ra, rb)
                if not tier:
                    continue
                tier = min(tier, ta, tb)
                out.append(f". transform {a}. transform {b} to {colour}{_MARKS[tier]}")
                built = build_ok and min(tier, ctx.affords(extra_cost, ra, rb, ctx.d_cost))
                if built:
                    out += [f". transform {a}. transform {b} to {colour}{_MARKS[built]}. build {a}{t}"
                            for t in ctx.town_picks(a, "D")]
    return out


def _several_hexes(ctx: _Context, spades: int, extra_cost: dict) -> list[str]:
    """Follow-ups that spend ``spades`` spades of one action on two or three hexes (the Halflings'
    stronghold grants three transforms and one build, RULES-NOTES-E E.0), each turned to the home colour:
    ``. transform A. transform B`` (``. -SPADE`` for a spade left, declined before the build, E.2.1), and
    with the action's dwelling on one of them, ``. transform A. transform B. build A``. The build spends no
    spade here (every transform is written out); a transform to another colour comes only on one hex
    (:func:`_spade_follow_ups`). At most one tunnel / carpet flight."""
    if ctx.mode in ("none", "volcano") or spades < 2:
        return []
    sites = []   # (hex, spades to home, reach price, affordability)
    for h in ctx.reachable:
        reach = ctx.reach_cost(h)
        need = ctx.need(h)
        tier = reach is not None and need and need < spades and ctx.affords(extra_cost, reach)
        if tier:
            sites.append((h, need, reach, tier))
    out: list[str] = []
    for n in range(2, min(3, spades) + 1):
        for group in combinations(sites, n):
            spent = sum(s[1] for s in group)
            jumps = [s[2] for s in group if s[2]]
            tier = spent <= spades and len(jumps) <= 1 and ctx.affords(extra_cost, *jumps)
            if not tier:
                continue
            left = spades - spent
            text = "".join(f". transform {s[0]}" for s in group) + \
                _MARKS[min(tier, *(s[3] for s in group))] + \
                (f". -{left}SPADE" if left > 1 else ". -SPADE" if left else "")
            out.append(text)
            built = ctx.dwelling_left and ctx.affords(extra_cost, *jumps, ctx.d_cost)
            if built:
                out += [f"{text}{_MARKS[built]}. build {s[0]}{t}" for s in group for t in ctx.town_picks(s[0], "D")]
    return out


def _build_moves(ctx: _Context) -> list[str]:
    """Dwellings (with ``dig N`` for foreign terrain) and transforms bought with ``dig``."""
    game, f = ctx.game, ctx.f
    out: list[str] = []
    home = f.home
    plans: dict[tuple, tuple] = {}  # (colour, tunnelled / flown to) -> _dig_plan
    table, jump_cost = ctx.table, ctx.jump_cost
    for h in ctx.reachable:
        colour = game.colour[h]
        reach = jump_cost if table[h] == "jump" else {}  # ctx.reach_cost(h) of a hex in reach
        if ctx.mode == "none":
            built = colour in f.unlocked and ctx.dwelling_left and ctx.affords(reach, ctx.d_cost)
            if built:
                out += [f"build {h}{_MARKS[built]}{t}" for t in ctx.town_picks(h, "D")]
            continue
        if ctx.mode == "volcano":
            if colour == home:
                built = ctx.dwelling_left and ctx.affords(reach, ctx.d_cost)
                if built:
                    out += [f"build {h}{_MARKS[built]}{t}" for t in ctx.town_picks(h, "D")]
                continue
            if colour in SPECIAL:
                continue
            price = game.volcano_price(f, h)
            tokens, steps = price.get("LOSE_PW_TOKEN", 0), price.get("LOSE_CULT", 0)
            if tokens and sum(f.bowls) < tokens:
                continue
            pays = [f". -{steps}{t}" for t in CULT_TRACKS if f.cult[t] >= steps] if steps else [""]
            for pay in pays:
                tier = ctx.affords(reach)
                if tier:
                    out.append(f"dig 1. transform {h}{_MARKS[tier]}{pay}")
                built = ctx.dwelling_left and ctx.affords(reach, ctx.d_cost)
                if built:
                    out += [f"dig 1. build {h}{_MARKS[built]}{pay}{t}" for t in ctx.town_picks(h, "D")]
            continue
        if colour in SPECIAL and colour != home:
            continue
        plan = plans.get((colour, bool(reach)))
        if plan is None:
            plan = plans[(colour, bool(reach))] = _dig_plan(ctx, h, bool(reach))
        build_here, dig_need, dig_tier, dig_build, others = plan
        if build_here:
            out += [f"build {h}{_MARKS[build_here]}{t}" for t in ctx.town_picks(h, "D")]
        if dig_need:
            out.append(f"dig {dig_need}{_MARKS[dig_tier]}. transform {h}")
            if dig_build:
                out += [f"dig {dig_need}{_MARKS[dig_build]}. build {h}{t}" for t in ctx.town_picks(h, "D")]
        for to, n, m, elsewhere in others:
            out.append(f"dig {n}{m}. transform {h} to {to}")
            out += [f"dig {n}{m}. transform {h} to {to}{b}" for y, b in elsewhere if y != h]  # builds_elsewhere
    return out


def _dig_plan(ctx: _Context, h: str, jump: bool) -> tuple:
    """What :func:`_build_moves` lists on an empty hex like ``h`` (its colour, reached by a tunnel / carpet
    flight or not), the same for every such hex: (a dwelling as it is, the spades of a ``dig N`` to the home
    colour or 0, that dig's affordability, a dwelling with that dig, ``[(colour, spades, mark, builds
    elsewhere)]`` of the affordable transforms to other colours, with
    :meth:`~.move_context._Context.elsewhere_rows` at the price of reach and dig). Affordabilities are
    :meth:`~.move_context._Context.can`'s answers (falsy: not affordable)."""
    home = ctx.f.home
    colour = ctx.game.colour[h]
    build_ok = ctx.dwelling_left
    build_here = colour == home and build_ok and ctx.can(jump, 0, True)
    if colour in SPECIAL:
        return build_here, 0, 0, False, []
    needs = ctx.needs(h)
    need = needs.get(home)
    dig_tier = need and ctx.can(jump, need, False)
    dig_need = need if dig_tier else 0
    dig_build = bool(dig_need) and build_ok and ctx.can(jump, dig_need, True)
    others = []
    for to, n in needs.items():
        if to != home and n:
            hit = ctx.dug_elsewhere(jump, n)
            if hit is not None:
                others.append((to, n, *hit))
    return build_here, dig_need, dig_tier, dig_build, others


def _upgrade_moves(ctx: _Context, *, free_tp: bool = False) -> list[str]:
    game, f = ctx.game, ctx.f
    out: list[str] = []
    favour_picks: dict[int, list[str]] = {}  # _favour_picks by the number of tiles, the same for every building
    occupied = ctx.occupied
    for h, cur in sorted(f.hexes.items()):
        for kind in NEXT_KIND.get(cur, ()):
            if free_tp and kind != "TP":
                continue
            bdata = f.data.buildings[kind]
            if f.buildings[kind] >= bdata.count:
                continue
            cost = {} if free_tp else dict(bdata.cost)
            if kind == "TP" and not free_tp and \
                    not any((b := occupied.get(n)) and b[0] != f.name for n in game.adjacent(h)):  # game.owner
                cost["C"] = cost.get("C", 0) * 2
            tier = ctx.affords(cost)
            if not tier:
                continue
            effects = bdata.on_build or ()
            effect = dict(effects[min(f.buildings[kind] + 1, len(effects)) - 1]) if effects else {}
            favours = int(effect.get("GAIN_FAVOR", 1 if kind in ("TE", "SA") else 0))
            head = f"upgrade {h} to {kind}{_MARKS[tier]}"
            towns = ctx.town_picks(h, kind)
            if effect.get("SPADE"):
                # the Halflings' stronghold: three spades, no dig (E.2.1), on up to three hexes (E.0)
                # the build after them founds a town, or joins the one the stronghold founded, by the towns
                # after the upgrade (test_movegen_town_after_stronghold)
                spades = int(effect["SPADE"])
                after = ctx.after_upgrade(h, kind)
                tails = _spade_follow_ups(after, spades, can_dig=False, extra_cost=cost) + \
                    _several_hexes(after, spades, cost)
                pool = game.town_pool
                out += [row for town in towns for t in tails if _within_pool(row := head + town + t, pool)]
                continue
            if effect.get("CONVERT_W_TO_P") and "strict-darkling-sh" in game.options:
                # the Darklings' conversion holds the turn open: used or waived in the same move (E.2.2)
                w_after = f.workers - cost.get("W", 0)
                right = int(effect["CONVERT_W_TO_P"])
                for town in towns:  # a town the stronghold founds takes its tile first, as league rows write it
                    out += [f"{head}{town}. convert {k}W to {k}P" for k in range(1, min(right, w_after) + 1)]
                    out.append(f"{head}{town}. -{right}CONVERT_W_TO_P")
                continue
            picks = favour_picks.get(favours)
            if picks is None:
                picks = favour_picks[favours] = _favour_picks(ctx, favours)
            for fav in picks:
                for town in ctx.town_picks(h, kind, fav5=True) if ". +FAV5" in fav else towns:
                    out.append(head + fav + town)
    return out


def _within_pool(row: str, pool: dict) -> bool:
    """Whether the town tiles ``row`` takes (``+TWn`` parts) are all in ``pool`` (tile -> copies left)."""
    if "+TW" not in row:
        return True
    taken: dict[str, int] = {}
    for part in row.split(". "):
        if part.startswith("+TW"):
            tid = part[1:].rstrip(MARK)
            taken[tid] = taken.get(tid, 0) + 1
    return all(pool.get(tid, 0) >= n for tid, n in taken.items())


def _cult_picks(n: int, same_track: bool) -> list[str]:
    """``. +TRACK`` for each track (``. +2TRACK`` for steps on one track, Auren's ACTA) and the decline of
    the steps, ``. -CULT`` (``. -2CULT``), which the reference accepts (RULES-NOTES-E E.2)."""
    decline = f". -{n}CULT" if n > 1 else ". -CULT"
    if same_track and n > 1:
        return [f". +{n}{t}" for t in CULT_TRACKS] + [decline]
    return [f". +{t}" for t in CULT_TRACKS] + [decline]


def _action_moves(ctx: _Context) -> list[str]:
    game, f = ctx.game, ctx.f
    tiles = ctx.tiles
    out: list[str] = []
    spade_actions_convert = ctx.mode == "volcano"
    forbid = f.data.engine_fields.get("action") or {}
    power = ctx.res.get("PW", 0)
    power_now = power if ctx.now is None else ctx.now.get("PW", 0)
    for act, pa in tiles.power_actions.items():
        if forbid and forbid.get(act, {}).get("forbid"):
            continue
        if act in game.used_actions and not game._may_reuse(f, act):
            continue
        price = pa.cost_for(f.data)
        if price and power < price:  # ctx.affords({"PW": price})
            continue
        cost = {"PW": price}
        head = f"action {act}" if not price or power_now >= price else f"action {act}{MARK}"
        out += _gain_follow_ups(ctx, head, dict(pa.gain), cost, spade_actions_convert)
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
        tier = not any(k not in ctx.res for k in cost) and ctx.affords(cost)
        if not tier:
            continue
        head = f"action {act}{_MARKS[tier]}"
        out += _gain_follow_ups(ctx, head, dict(fa.gain), cost, spade_actions_convert)
        if fa.gain.get("GAIN_ACTION"):
            out += _double_action_moves(ctx, head, cost)
    return out


FOLLOW_UP_GAINS = ("SPADE", "CULT", "BRIDGE", "FREE_D", "FREE_TP", "FREE_TF", "PICK_COLOR", "GAIN_ACTION")


def _double_action_moves(ctx: _Context, head: str, cost: dict) -> list[str]:
    """The Chaos Magicians' ``action ACTC`` (two more full actions, RULES-NOTES-E E.2.2) as complete moves,
    in a bounded family whose legality is read from the state without applying the first action:

    * ``action ACTC. pass BONn`` (``pass`` in round 6): under strict-chaosmagician-sh the pass gives up the
      second action;
    * ``action ACTC. X. Y`` with X and Y two different actions that cannot touch each other: Y is a priest
      sent to a track (one row per track, the best free space, never to 10, where a town key would
      decide), ``advance ship`` / ``advance dig``, or a power action with no follow-up (ACT2, ACT3, ACT4);
      X is one of those or a building that founds no town (a dwelling on a home-coloured hex in reach, a
      trading house), listed first; X and Y are afforded together from what the faction holds now (their
      gains not counted).

    The other pairs (an action with spades, a bridge, cult steps or a town, two buildings, which may found a
    town together, ``X. pass``) are not listed as one move: ``action ACTC`` alone is listed too, and the open
    turn then lists each next action (:func:`.moves._open_turn_moves`). Each Chaos Magicians' decision with
    ACTC free lists at most C(9, 2) + 9 x (buildings) of these rows."""
    game, f = ctx.game, ctx.f
    out: list[str] = []
    if "strict-chaosmagician-sh" in game.options:
        out += [f"{head}. pass"] if game.round >= 6 else [f"{head}. pass {b}" for b in game.bonus_pool]
    simple: list[tuple[str, dict]] = []   # actions that leave every other one as it was
    if f.priests >= 1:
        steps = game.tiles.cult_track.priest_slot_steps
        for t in CULT_TRACKS:
            free = [v for v, who in zip(steps, game.cult_slots[t], strict=True) if who is None]
            n = max(free) if free else 1
            if f.cult[t] + n < 10:
                simple.append((f"send p to {t} for {n}" if free else f"send p to {t}", {"P": 1}))
    sh = f.data.shipping
    if f.shipping_level < sh.max and sh.advance_cost is not None:
        simple.append(("advance ship", dict(sh.advance_cost)))
    sp = f.data.spades
    if sp is not None and f.digging_level < sp.max_level and sp.advance_cost is not None:
        simple.append(("advance dig", dict(sp.advance_cost)))
    forbid = f.data.engine_fields.get("action") or {}
    for act, pa in ctx.tiles.power_actions.items():
        if forbid.get(act, {}).get("forbid") or act in game.used_actions and not game._may_reuse(f, act):
            continue
        if not any(pa.gain.get(k) for k in FOLLOW_UP_GAINS):
            simple.append((f"action {act}", {"PW": pa.cost_for(f.data)}))
    buildings: list[tuple[str, dict]] = []
    if ctx.dwelling_left:
        buildings += [(f"build {h}", {**ctx.d_cost, **{k: v + ctx.d_cost.get(k, 0) for k, v in reach.items()}})
                      for h, reach in ctx.home_sites() if ctx.town_picks(h, "D") == [""]]
    tp = f.data.buildings["TP"]
    if f.buildings["TP"] < tp.count:
        occupied = ctx.occupied
        for h, cur in sorted(f.hexes.items()):
            if cur != "D" or ctx.town_picks(h, "TP") != [""]:
                continue
            price = dict(tp.cost)
            if not any((b := occupied.get(n)) and b[0] != f.name for n in game.adjacent(h)):
                price["C"] = price.get("C", 0) * 2
            buildings.append((f"upgrade {h} to TP", price))
    firsts = buildings + simple
    for i, (x, px) in enumerate(firsts):
        for y, py in simple[max(0, i - len(buildings) + 1):]:
            tier = ctx.affords(cost, px, py)
            if tier:
                out.append(f"{head}{_MARKS[tier]}. {x}. {y}")
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
            built = ctx.dwelling_left and ctx.affords(cost, ctx.d_cost)
            if built:
                out += [f"{head}{_MARKS[built]}. build {h}{t}" for t in ctx.town_picks(h, "D")]
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
    tier = f.shipping_level < sh.max and sh.advance_cost is not None and ctx.affords(dict(sh.advance_cost))
    if tier:
        out.append(f"advance ship{_MARKS[tier]}")
    sp = f.data.spades
    tier = sp is not None and f.digging_level < sp.max_level and sp.advance_cost is not None and \
        ctx.affords(dict(sp.advance_cost))
    if tier:
        out.append(f"advance dig{_MARKS[tier]}")
    return out


def _connect_moves(ctx: _Context) -> list[str]:
    """The Mermaids' ``connect rN. +TWn`` before the turn's action: a town across a river hex their
    buildings already allow (:meth:`TownState.mermaid_candidates`; RULES-NOTES section 4, tricky case 5).
    The turn stays open for its action, as in the reference engine. Two such towns in one row when the first
    connect leaves a second river to connect across (:meth:`_Context.connect_rows`). A town made by the
    turn's own build or upgrade comes with that move (:meth:`_Context.town_picks`)."""
    game, f = ctx.game, ctx.f
    if f.name != "mermaids":
        return []
    return [row[2:] for row in ctx.connect_rows(game._towns_now(), 0, ())]
