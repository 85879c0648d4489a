"""The sketch of a Terra Mystica move: what one complete move does to the moving faction, read from the
move's own words and the rules data, without playing it (issue 19 item 3).

:func:`sketch` works out what a listed row such as ``dig 1. build E7``, ``upgrade E9 to TE. +FAV11`` or
``convert 1P to 1W. action ACT3`` does to the moving faction: what it pays (the faction board's building
and spade prices, a power action's power, a tunnel or carpet flight), the buildings it adds, the VP it
scores now (the round's scoring tile, favour tiles, a town tile, the faction's spade and town bonuses,
passing), the cult steps and their power, the favour and bonus tiles that change the income of the rounds
left. The faction's resources and tracks are moved by the engine's own ledger rules (``_pay``, ``_gain``,
``_dig``, ``_cult_step``, ``_vp_for_building``, ``_pass_vp`` on a copy of the faction's state; the game
itself is never changed), so a rule lives in one place. What it does not see: other factions' power
offers, bridges, which hexes a transform leaves in which colour, a network that a build joins to another
(a build adds one building to the network).

:func:`move_value` values a sketch with :func:`companion.terra_mystica.bot_value.evaluate`'s rule;
:func:`content_rows` lists the rows conversions in front of a move afford, priced by the move's sketch
with plenty of every resource and the conversions' own arithmetic. The bot that plays by them is
:class:`companion.terra_mystica.move_value.ValueGreedyBot`.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from companion.errors import IllegalActionError, RecordError
from companion.terra_mystica.bot_conversions import (
    _after,
    _commands,
    _convertible,
    _prefix,
    _rates,
    conversion_plan,
)
from companion.terra_mystica.bot_value import Valuer, Weights, _network_size
from companion.terra_mystica.engine.move_context import _reach_table
from companion.terra_mystica.engine.moves import turn_moves
from companion.terra_mystica.network import _links, networks

__all__ = ["Sketch", "sketch", "move_value", "Network", "content_rows"]

_parsed = _commands
"""A row's commands, remembered by its text (:func:`~companion.terra_mystica.bot_conversions._commands`)."""


class Sketch:
    """What :func:`sketch` returns: the moving faction's state after the move (a copy; the game is not
    changed) and the buildings the move adds to its network.

    Attributes
    ----------
    faction : companion.terra_mystica.engine.faction.FactionState
        The faction after the move, as far as the move's words tell.
    built : tuple of str
        The hexes of the dwellings the move builds in the action phase (they may grow the network).
    """

    __slots__ = ("faction", "built")

    def __init__(self, faction, built: tuple) -> None:
        self.faction, self.built = faction, built


def sketch(g, faction: str, text: str) -> Sketch:
    """What move ``text`` of ``faction`` does to the faction, worked out from the move's words.

    Parameters
    ----------
    g : companion.terra_mystica.engine.Game
        The engine's game, read only (its rules data, round tile, map and reach).
    faction : str
        Engine faction name.
    text : str
        A complete move as the move generator lists it (:func:`~...engine.moves.turn_moves`), with
        conversions or burning in front of it, e.g. ``"burn 1. convert 3PW to 1W. upgrade E7 to TP"``.

    Returns
    -------
    Sketch
        The faction after the move and the hexes it builds on.

    Raises
    ------
    IllegalActionError
        ``not_enough_<res>`` (the engine's ledger code) when the faction cannot pay what the move costs.
    RecordError
        When ``text`` is not a move of the command language.

    Examples
    --------
    >>> from companion.terra_mystica import engine
    >>> g = engine.new_game(["witches", "nomads"], round_tiles=["SCORE3", "SCORE2", "SCORE1", "SCORE4",
    ...                     "SCORE5", "SCORE6"], removed_bonus=["BON1", "BON2", "BON3", "BON4"])
    >>> f = g.factions["witches"]
    >>> f.vp, f.coins, f.workers
    (20, 15, 3)
    >>> g.round, g.phase = 1, "actions"      # round 1 scores 2 VP per dwelling built (SCORE3)
    >>> s = sketch(g, "witches", "build E7")
    >>> s.faction.vp, s.faction.coins, s.faction.workers, s.faction.buildings["D"], s.built
    (22, 13, 2, 1, ('E7',))
    >>> f.vp, f.coins                         # the game's own faction is not changed
    (20, 15)
    """
    f = g.factions[faction].copy()
    tiles = g.tiles
    built: tuple = ()
    reach = None
    for cmd in _parsed(text) if isinstance(text, str) else text:
        verb, args = cmd.verb, cmd.args
        if verb == "convert":
            n_from, r_from, n_to, r_to = args
            g._pay(f, {r_from: n_from}, "convert")
            g._gain(f, {r_to: n_to}, "convert")
        elif verb == "burn":
            f.bowls = f.bowls.burned(args[0])
        elif verb == "action":
            act = args[0]
            pa = tiles.power_actions.get(act)
            if pa is not None:
                cost, gain = {"PW": pa.cost_for(f.data)}, pa.gain
            else:
                fa = tiles.faction_actions[act]
                cost, gain = {k: v for k, v in fa.cost.items() if k != "ALLOW_SHAPESHIFT"}, fa.gain
            g._pay(f, cost, act)
            g._gain(f, dict(gain), act)
        elif verb == "dig":
            g._dig(f, args[0])
        elif verb in ("build", "transform"):
            h = args[0]
            if g.round > 0:
                reach = reach if reach is not None else _reach_table(g, g.factions[faction])
                if reach.get(h) == "jump" and h not in f.teleported:
                    g._check_reach(f, h)
            if verb == "build":
                if g.round > 0 and f.owed.free_dwelling:
                    f.owe(free_dwelling=-1)
                elif g.round > 0:
                    g._pay(f, dict(f.data.buildings["D"].cost), "D")
                f.buildings["D"] += 1
                f.hexes[h] = "D"
                if g.round > 0:
                    g._vp_for_building(f, "D")
                    built += (h,)
        elif verb == "upgrade":
            _upgrade(g, f, *args)
        elif verb == "send":
            track, steps = args
            f.priests -= 1
            g._cult_step(f, track, steps or 1)
        elif verb == "advance":
            _advance(g, f, args[0])
        elif verb == "pass":
            if g.round > 0:
                g._pass_vp(f)
            if g.round < 6 and args[0] is not None:
                f.coins += g.bonus_pool.get(args[0], 0)
                f.bonus = args[0]
            f.passed = True
        elif verb == "favor":
            f.favors.append(args[0])
            for track, n in tiles.favor[args[0]].cult_steps.items():
                g._cult_step(f, track, n)
        elif verb == "town":
            for _k in range(args[0]):
                _town(g, f, args[1])
        elif verb == "cult":
            g._cult_step(f, args[1], args[0])
        elif verb == "leech":
            g._gain_leeched(f, args[0])
        elif verb == "lose" and args[1] in f.cult:
            f.cult[args[1]] -= args[0]     # a step back that says which track a town key takes (D.2)
    return Sketch(f, built)


def _upgrade(g, f, h: str, kind: str) -> None:
    """An upgrade's price (a trading house with no neighbour costs double coins, the rulebook), its VP, its
    count on the faction board and the faction board's gain for it (as ``Game._upgrade``)."""
    bdata = f.data.buildings[kind]
    if kind == "TP" and f.owed.free_trading_house:
        f.owe(free_trading_house=-1)
    else:
        cost = dict(bdata.cost)
        if kind == "TP" and not any(g.owner(n) not in (None, f.name) for n in g.adjacent(h)):
            cost["C"] = cost.get("C", 0) * 2
        g._pay(f, cost, kind)
    cur = f.hexes.get(h)
    if cur is not None:
        f.buildings[cur] -= 1
    f.buildings[kind] += 1
    f.hexes[h] = kind
    g._vp_for_building(f, kind)
    effects = bdata.on_build or ()
    effect = dict(effects[min(f.buildings[kind], len(effects)) - 1]) if effects else {}
    effect.pop("GAIN_FAVOR", None)   # the favour tile is the row's own +FAVn
    if effect:
        g._gain(f, effect, kind)


def _advance(g, f, track: str) -> None:
    """``advance ship`` / ``advance dig``: the faction board's price and VP."""
    if track == "ship":
        sh = f.data.shipping
        g._pay(f, dict(sh.advance_cost), "ship")
        f.vp += sh.advance_vp[f.shipping_level]
        f.shipping_level += 1
    else:
        sp = f.data.spades
        g._pay(f, dict(sp.advance_cost), "dig")
        f.vp += sp.advance_vp[f.digging_level]
        f.digging_level += 1


def _town(g, f, tid: str) -> None:
    """A town tile's gain, the round tile's VP for a town and the faction's town bonus (as ``Game._take_town``)."""
    f.towns.append(tid)
    g._gain(f, dict(g.tiles.town[tid].gain), tid)
    tile = g._round_tile()
    if tile is not None and tile.vp_trigger == "gain" and "TOWN" in tile.vp:
        f.vp += tile.vp["TOWN"]
    if f.data.town_bonus:
        g._gain(f, dict(f.data.town_bonus), "town")


def move_value(g, faction: str, text: str, weights=None, *, networks: dict | None = None, valuer=None,
               network=None) -> float:
    """The value of move ``text`` read from its words: :func:`~companion.terra_mystica.bots.evaluate`'s
    rule (projected final VP plus resources, income and buildings for the rounds left, VP units) applied
    to :func:`sketch`'s faction, its network grown by the dwellings the move builds (:class:`Network`).

    Parameters
    ----------
    g : companion.terra_mystica.engine.Game
        Read only.
    faction : str
        Engine faction name.
    text : str
        A complete move (:func:`sketch`).
    weights : companion.terra_mystica.bots.Weights, optional
        Unit values (the default weights).
    networks : dict of str to int, optional
        Every faction's network size now, if known.
    valuer : companion.terra_mystica.bots.Valuer, optional
        The value rule of this faction in this game, made once for the decision (else made here).
    network : Network, optional
        The faction's networks now, made once for the decision (else made here when the move builds).

    Returns
    -------
    float
        Higher is better for ``faction``; comparable across the moves of one decision.

    Raises
    ------
    IllegalActionError
        When the faction cannot pay for the move (:func:`sketch`).
    """
    s = sketch(g, faction, text)
    if valuer is None:
        valuer = Valuer(g, faction, weights or Weights(), networks)
    if s.built:
        network = network or Network(g, faction)
        size = max(network.after(h) for h in s.built) + len(s.built) - 1
    else:
        size = (networks or {}).get(faction)
        if size is None:
            size = _network_size(g, faction)
    return valuer(s.faction, size)


class Network:
    """A faction's networks now (:func:`companion.terra_mystica.network.networks`, the final scoring's rule:
    adjacency, bridges, shipping, tunnelling / carpet range) and how big the largest would be with a
    dwelling more on a hex (:meth:`after`), for the moves of one decision.

    """

    def __init__(self, g, faction: str) -> None:
        self.g, self.faction = g, faction
        self._after: dict = {}
        self._links = None

    def _groups(self) -> None:
        f = self.g.factions[self.faction]
        ts = self.g.townstate
        jump = f.jump_range if f.data.teleport else 0
        groups = networks(ts, self.faction, shipping=f.shipping_level, jump_range=jump)
        self.largest = len(groups[0]) if groups else 0
        self.sizes = [len(group) for group in groups]
        self.group_of = {h: i for i, group in enumerate(groups) for h in group}
        self._links = _links(ts, self.faction, set(self.group_of), f.shipping_level, jump)

    def after(self, h: str) -> int:
        """The largest network with one more building of the faction on ``h`` (joining the groups it
        touches)."""
        hit = self._after.get(h)
        if hit is None:
            if self._links is None:
                self._groups()
            touched = {self.group_of[n] for n in self._links(h)}
            hit = self._after[h] = max(self.largest, 1 + sum(self.sizes[i] for i in touched))
        return hit


_TEMPLATES: dict = {}


def _template(text: str) -> tuple:
    """``(form, commands, hexes, trading-house hexes, dwelling hexes)`` of row ``text``, remembered by its
    text: the form is
    the row with the hexes of builds, transforms and upgrades left out (what :func:`sketch` does not read of
    them, but for the price of reaching a hex, :func:`_reach_table`: ``hexes``, and of a trading house,
    which depends on its neighbours: ``trading-house hexes``)."""
    hit = _TEMPLATES.get(text)
    if hit is None:
        if len(_TEMPLATES) > 65536:
            _TEMPLATES.clear()
        parsed = _parsed(text)
        form, hexes, tps, builds = [], [], [], []
        for cmd in parsed:
            if cmd.verb in ("build", "transform"):
                form.append(cmd.verb)
                hexes.append(cmd.args[0])
                if cmd.verb == "build":
                    builds.append(cmd.args[0])
            elif cmd.verb == "upgrade":
                form.append("upgrade " + cmd.args[1])
                if cmd.args[1] == "TP":
                    tps.append(cmd.args[0])
            else:
                form.append(cmd.text)
        hit = _TEMPLATES[text] = (". ".join(form), parsed, tuple(hexes), tuple(tps), tuple(builds))
    return hit


def content_rows(g, faction: str, legal) -> list[str]:
    """Moves of ``faction``'s turn that conversions in front of them make affordable, with those conversions
    (``"convert 3PW to 1W. upgrade E7 to TP"``): each move the faction could afford with everything converted
    (:func:`~...engine.moves.turn_moves`) and not in ``legal``, priced by :func:`sketch` of the move alone with
    plenty of every resource, and the conversions that price asks for (the exchange rates and their order,
    :func:`companion.terra_mystica.bots.conversion_rows`'s). Not checked against the engine: a caller applies
    a row before playing it.

    Parameters
    ----------
    g : companion.terra_mystica.engine.Game
        Read only.
    faction : str
        Engine faction name.
    legal : collection of str
        The rows legal as they are (left out).

    Returns
    -------
    list of str
        Rows, each conversions then one complete move; empty outside ``faction``'s turn.
    """
    return [c[0] for c in _content_candidates(g, faction, legal)]


_PLANS: dict = {}


def _content_candidates(g, faction: str, legal, network: Network | None = None,
                        every: list[str] | None = None) -> list[tuple[str, Any, tuple]]:
    """:func:`content_rows` as ``(row, content key, commands)``: the key of a row is its conversions and the
    move's content key (:meth:`_Rich.need`; rows of one key are valued alike). ``every``: the turn's moves
    with what conversions could give when the caller has them
    (:func:`companion.terra_mystica.game.legal_rows_with` with :func:`~.bot_conversions.convertible_of`),
    else listed here."""
    if g.phase != "actions" or g.expected_turn() != faction:
        return []
    f = g.factions[faction]
    rates = _rates(f)
    skip = set(legal)
    out = []
    rich = _Rich(g, faction)
    holding = (f.name, f.coins, f.workers, f.priests, tuple(f.bowls))
    network = network or Network(g, faction)
    composed: dict = {}   # a move's content key -> the faction after the conversions and the move
    plans: dict = {}      # a cost -> its conversions, for this decision (the faction's holding is fixed)
    for cand in turn_moves(g, faction, _convertible(f, rates)) if every is None else every:
        if cand in skip:
            continue
        need, key = rich.need(cand)
        if need is None:
            continue
        plan = plans.get(need)
        if plan is None:
            plan_key = (holding, need)
            plan = _PLANS.get(plan_key)
        if plan is None:
            if len(_PLANS) > 65536:
                _PLANS.clear()
            made, enough = conversion_plan(f, dict(zip(("P", "W", "PW", "C"), need, strict=True)), rates)
            prefix = _prefix(made, rates) if made and enough else None
            plan = _PLANS[plan_key] = (prefix, _parsed(prefix) if prefix else (), made)
        plans[need] = plan
        prefix, commands, made = plan
        if prefix:
            state = composed.get(key, _UNSEEN)
            if state is _UNSEEN:
                state = composed[key] = rich.converted(key, made, rates, _parsed(cand))
            if state is REFUSED:
                continue
            builds = _template(cand)[4]
            built = builds if g.round > 0 else ()
            if builds:
                key = (key, tuple(network.after(h) for h in builds))
            out.append((f"{prefix}. {cand}", (prefix, key), commands + _parsed(cand), state, built))
    return out


_UNSEEN = object()


_NEED_INDEX = {"P": 0, "W": 1, "PW": 2, "C": 3}


class _Rich:
    """The moving faction with plenty of every resource, to read what a move costs from its sketch."""

    PLENTY = 100

    def __init__(self, g, faction: str) -> None:
        self.g, self.name = g, faction
        self.saved = g.factions[faction]
        rich = self.saved.copy()
        n = self.PLENTY
        rich.coins, rich.workers, rich.priests = rich.coins + n, rich.workers + n, rich.priests + n
        rich.max_priests += n
        rich.bowls = type(rich.bowls)(rich.bowls.i, rich.bowls.ii, rich.bowls.iii + n)
        self.rich = rich
        self.keyed: dict = {}
        self.reach: dict | None = None
        self._neighboured: dict = {}

    def neighboured(self, h: str) -> bool:
        """Whether hex ``h`` has another faction's building next to it (a trading house there costs the
        single price), remembered for the decision."""
        hit = self._neighboured.get(h)
        if hit is None:
            g = self.g
            hit = self._neighboured[h] = any(g.owner(n) not in (None, self.name) for n in g.adjacent(h))
        return hit

    def need(self, text: str) -> tuple:
        """((priests, workers, bowl-III power, coins) the move spends, net of what it gains in the same row,
        or None when it cannot be made at any price; the move's content key: its :func:`_template` form, how
        each build / transform hex is reached and whether each trading house has a neighbour)."""
        form, _commands, hexes, tps, _builds = _template(text)
        if hexes:
            if self.reach is None:
                self.reach = _reach_table(self.g, self.saved)
            reach = self.reach
            hexes = tuple(reach.get(h) for h in hexes)
        if tps:
            tps = tuple(self.neighboured(h) for h in tps)
        key = (form, hexes, tps)
        if key in self.keyed:
            return self.keyed[key][0], key
        g = self.g
        g.factions[self.name] = self.rich
        try:
            s = sketch(g, self.name, _parsed(text)).faction
        except (IllegalActionError, RecordError, KeyError):
            self.keyed[key] = None, None
            return None, key
        finally:
            g.factions[self.name] = self.saved
        f, n = self.saved, self.PLENTY
        # spent = what the rich faction held less what it holds after the move (gains in the move netted)
        need = (f.priests + n - s.priests, f.workers + n - s.workers, f.bowls.iii + n - s.bowls.iii,
                f.coins + n - s.coins)
        need = tuple(max(0, v) for v in need)
        self.keyed[key] = need, s
        return need, key

    def converted(self, key, made: Counter, rates: dict, commands: tuple):
        """The faction after conversions ``made`` and then the move of content ``key`` (measured by
        :meth:`need`), worked out from the move's sketch on the rich faction without sketching again:
        the conversions' own arithmetic (exchange rates, burning) and what the move paid. None when that
        cannot tell: the move founds a town or steps on a cult track (gains that pay back part of the
        price, and power whose effect depends on the bowls it finds), gains power or priests, or pays with
        tokens; or the conversions would pass the priests' limit. :data:`REFUSED` when a resource would
        fall below zero. Asked once per key (the sketch is changed into the answer)."""
        s = self.keyed[key][1]
        f, n = self.saved, self.PLENTY
        b0, b1 = f.bowls, s.bowls
        spent = b0.iii + n - b1.iii
        if spent < 0 or b1.i != b0.i + spent or b1.ii != b0.ii or not (b0.i or b0.ii) or \
                s.priests > f.priests + n or s.cult != f.cult or any(c.verb == "town" for c in commands):
            return None
        have = _after(f, made, rates)
        burnt = made["burn"]
        cii = b0.ii - 2 * burnt                        # burnt: two tokens leave bowl II, one reaches III
        ci = b0.i + (b0.iii + burnt - have["PW"])      # spent by conversions: bowl III -> bowl I
        coins = s.coins - n + have["C"] - f.coins
        workers = s.workers - n + have["W"] - f.workers
        priests = s.priests - n + have["P"] - f.priests
        iii = have["PW"] - spent
        if have["P"] > f.max_priests:
            return None
        if min(coins, workers, priests, iii) < 0:
            return REFUSED
        s.coins, s.workers, s.priests, s.max_priests = coins, workers, priests, s.max_priests - n
        s.bowls = type(b1)(ci + spent, cii, iii)
        return s


REFUSED = object()
"""What :meth:`_Rich.converted` returns for a row the engine would refuse (a resource short)."""
