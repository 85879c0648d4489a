"""Complete moves for search: every full action with its follow-ups, computed from the state (issue 19.3).

:func:`legal_moves` lists what a faction may type now as **complete moves**, one row each: a full action
with the follow-ups it grants (RULES-NOTES-E E.1.1), e.g. ``action ACT5. transform F6. build F6``,
``dig 1. build E7``, ``action ACT6. transform F6. transform E7. build F6``, ``upgrade E9 to TE. +FAV11``,
``action ACTW. build A3``, ``action BON2. +FIRE``, the declines (``action ACT5. -SPADE``, ``action ACT1.
-BRIDGE``, ``action ACTW. -FREE_D``, ``-FREE_TP``, ``-FREE_TF``, the Darklings' ``-3CONVERT_W_TO_P``,
``-GAIN_FAVOR`` when no favour tile is left), and the answers outside turns (power offers, favour / town /
cult picks, colour picks, unlocks, cult-income spades, a step back on a cult track that decides a town key).

Nothing is applied to find out: reach, spade costs, prices and affordability are read from the state
(:meth:`Game.reach`, the faction board's costs, the pools), once per decision
(:class:`.move_context._Context`; the listing per action kind is in :mod:`.move_kinds`). Free
conversions and burning are not listed (a bot adds them as a prefix when it lacks resources,
:func:`companion.terra_mystica.bots.conversion_rows`); :func:`split_turn_moves` lists a turn once for
what the faction holds and for what conversions could give, the legal rows being those that need none of
the more (the greedy bot's two lists from one listing). Spades are always bought with an explicit
``dig N`` before the build (the reference engine never digs by itself, E.2.1).

A town comes with the move that founds it: ``+TWn`` after the build, upgrade or bridge (one tile per town,
``+FAV5. +TWn`` when the favour tile lowers the town to 6 power); the Chaos Magicians' temple and sanctuary
take their two favour tiles in the move (``upgrade D4 to TE. +FAV1. +FAV11``).

The declines of a granted choice come as moves too (E.2): ``upgrade E9 to TE. -GAIN_FAVOR`` (the Chaos
Magicians' ``-2GAIN_FAVOR`` or ``+FAVa. -GAIN_FAVOR``), ``action BON2. -CULT`` (``-2CULT`` after ACTA), a
town's ``-GAIN_TW``, and the same as answers outside turns.

The Chaos Magicians' ``action ACTC`` (two more full actions, E.2.2) is listed as complete moves in a bounded
family (:func:`.move_kinds._double_action_moves`): ``action ACTC. pass BONn`` and ``action ACTC. X. Y`` for
pairs of actions that cannot touch each other (priests, advances, power actions without follow-ups, at most
one building that founds no town), at most C(9, 2) + 9 x buildings rows; the other pairs are reached through
``action ACTC`` alone, whose open turn lists each next action (the reference engine keeps the turn open
meanwhile, so the row stays the same turn). The Mermaids' ``connect rN. +TWn`` (a town across a river hex)
comes with the build or upgrade that makes it, after the tiles of the towns the build founds itself, with a
second connect when the first leaves another river to connect across (``upgrade C1 to TE. +FAV5. connect r1.
+TW2. connect r10. +TW4``), or, when their buildings already allow it, as a move of its own before the turn's
action (one or two connects; the turn stays open). The Halflings' stronghold spades go to one, two or three
hexes (``upgrade E6 to SH. transform E5. transform F3. -SPADE. build E5``). After a transform to another
colour the action's dwelling may go on any home-coloured hex in reach (``action ACT5. transform H4 to black.
build E7``, E.1.2); ACT6 may turn one hex home and another to another colour; cult-income spades may go to two
hexes in one row.

Not listed: ``connect`` after a power or faction action (listed before it instead); a transform towards home
with fewer spades than the hex needs (the reference turns it part of the way) outside cult income; several
Halflings' stronghold hexes of which one goes to another colour; a ``connect`` followed by ``-GAIN_TW``.
"""

from __future__ import annotations

from companion.terra_mystica.engine.commands import CULT_TRACKS, parse_commands
from companion.terra_mystica.engine.move_context import MARK, _Context, _favour_picks
from companion.terra_mystica.engine.move_kinds import (
    _action_moves,
    _bridges,
    _build_moves,
    _connect_moves,
    _free_colours,
    _gain_follow_ups,
    _other_moves,
    _setup_moves,
    _spade_follow_ups,
    _upgrade_moves,
)
from companion.terra_mystica.terrain import terrain_wheel

__all__ = ["legal_moves", "decision_moves", "turn_moves", "split_turn_moves", "legal_and_turn_moves"]


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
        out.append(f"-{f.owed.town}GAIN_TW" if f.owed.town > 1 else "-GAIN_TW")  # E.2
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
        out.append(f"-{f.owed.cult}CULT" if f.owed.cult > 1 else "-CULT")  # E.2
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
        out += _cult_spade_moves(ctx or _Context(game, f), f.spades)
        out.append("-SPADE")   # "done" discards no cult-income spade (RULES-NOTES-E E.2.4)
    return out


def _cult_spade_moves(ctx: _Context, spades: int) -> list[str]:
    """Cult-income spades (RULES-NOTES-E E.2.4): a transform of one hex, or of two hexes when the spades
    cover both (``transform H4. transform E7``); spades left over wait for the next decision. A transform
    towards home that needs more spades than are left turns the hex as far as they go
    (:meth:`~.state.Game.partial_transform`), so it comes alone or last (``transform H4. transform H5``).
    One tunnel / carpet flight per row."""
    f = ctx.f
    game = ctx.game
    entries: list[tuple[str, str, str | None, int, dict]] = []   # text, hex, named colour or None, spades, reach
    for h in ctx.reachable:
        reach = ctx.reach_cost(h)
        if reach is None or not ctx.affords(reach):
            continue
        for to, need in ctx.needs(h).items():
            if not need:
                continue
            if to == f.home:
                entries.append((f"transform {h}", h, None, need, reach))
            elif to in terrain_wheel().colours and need <= spades:
                entries.append((f"transform {h} to {to}", h, to, need, reach))
    entries.sort(key=lambda e: e[2] is not None)   # the spelling towards home first: it is kept when alike

    def outcome(entry, left: int):
        """(colour, spades spent) of ``entry`` with ``left`` spades, or None when it cannot be done."""
        _text, h, to, need, _reach = entry
        if need <= left:
            return (to or f.home), need
        partial = None if to else game.partial_transform(f, game.colour[h], left)
        return None if partial is None else (partial, left)

    seen: set = set()
    out: list[str] = []

    def add(text: str, key) -> None:
        if key not in seen:      # two hexes turned to the same colours, the same spades left: one move
            seen.add(key)
            out.append(text)

    # one hex: both spellings (a named colour is a command of its own; the one towards home, league rows')
    out += [entry[0] for entry in entries if outcome(entry, spades)]
    for a in entries:
        first = outcome(a, spades)
        if not first or first[1] >= spades:
            continue
        for b in entries:
            second = outcome(b, spades - first[1])
            if second and a[1] != b[1] and not (a[4] and b[4]) and ctx.affords(a[4], b[4]):
                add(f"{a[0]}. {b[0]}", (frozenset({(a[1], first[0]), (b[1], second[0])}), first[1] + second[1]))
    return out


def turn_moves(game, faction: str, resources: dict | None = None) -> list[str]:
    """The complete moves of ``faction``'s turn (setup builds and bonus picks in round 0).

    ``resources`` (``{"C", "W", "P", "PW", "VP", "PW_TOKEN": int}``, PW = bowl III) replaces what the
    faction holds when affordability is judged: a bot asks what conversions would make affordable."""
    return _turn_rows(_Context(game, game.factions[faction], resources))


def split_turn_moves(game, faction: str, resources: dict) -> tuple[list[str], list[str]]:
    """:func:`turn_moves` with what ``faction`` holds and with ``resources``, in one listing.

    Parameters
    ----------
    game : companion.terra_mystica.engine.Game
        Read only.
    faction : str
        Engine faction name.
    resources : dict
        ``{"C", "W", "P", "PW", "VP", "PW_TOKEN": int}`` (PW = bowl III), at least what the faction holds
        of each (e.g. what conversions could give): a row affordable with what it holds is affordable with
        them.

    Returns
    -------
    (list of str, list of str)
        ``turn_moves(game, faction)`` and ``turn_moves(game, faction, resources)``, each in its own order:
        the rows are listed once with ``resources``, every part the faction affords only with them marked
        (:data:`.move_context.MARK`), and the first list is the rows without a mark.
    """
    rows = _turn_rows(_Context(game, game.factions[faction], resources, with_now=True))
    return [r for r in rows if MARK not in r], [r.replace(MARK, "") if MARK in r else r for r in rows]


def _turn_rows(ctx: _Context) -> list[str]:
    """:func:`turn_moves` of ``ctx``'s faction, with the marks of a ``with_now`` context."""
    game = ctx.game
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
    out += _connect_moves(ctx)
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
    return legal_and_turn_moves(game, faction)[0]


def legal_and_turn_moves(game, faction: str, resources=None) -> tuple[list[str], list[str] | None]:
    """:func:`legal_moves`, and the turn's moves with more resources from the same listing.

    Parameters
    ----------
    game : companion.terra_mystica.engine.Game
        Read only.
    faction : str
        Engine faction name.
    resources : callable, optional
        ``resources(faction_state) -> dict`` as :func:`split_turn_moves` takes it (e.g. what conversions
        could give), asked only when the legal moves are the moves of a new turn.

    Returns
    -------
    (list of str, list of str or None)
        ``legal_moves(game, faction)`` and, when it listed the moves of a new turn and ``resources`` is
        given, ``turn_moves(game, faction, resources(...))`` (else None).
    """
    f = game.factions[faction]
    if game.phase == "over" or f.name in game.dropped:
        return [], None
    decisions = decision_moves(game, faction)
    owed = f.owed.favor or f.owed.town or f.owed.cult or f.owed.pick_color or f.owed.unlocks or \
        f.owed.gain_p3 or f.owed.stronghold_bridges or game.phase == "cult_spades"
    if owed:
        return [d for d in decisions if game.phase_error(f.name, _parsed(d)) is None], None
    going_on = _open_turn_moves(game, f)
    if going_on is not None:
        return decisions + going_on, None
    turn, every = [], None
    if game.phase in ("setup", "actions") and game.expected_turn() == f.name:
        if game.phase == "setup" or game.phase_error(f.name, _PROBE["turn"]) is None:
            if resources is None:
                turn = turn_moves(game, faction)
            else:
                turn, every = split_turn_moves(game, faction, resources(f))
    return decisions + turn, every


_CACHE: dict[str, list] = {}


def _parsed(text: str) -> list:
    cmds = _CACHE.get(text)
    if cmds is None:
        if len(_CACHE) > 8192:
            _CACHE.clear()
        cmds = _CACHE[text] = parse_commands(text)
    return cmds
