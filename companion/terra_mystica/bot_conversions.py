"""Conversions in front of an action (issue 15): which rows burning power, power to coins / workers /
priests, priests to workers and workers to coins make affordable, and at what price.

:func:`conversion_rows` lists them (``"burn 1. convert 3PW to 1W. upgrade E7 to TP"``); the exchange
rates (:func:`_rates`: the rulebook table, the faction board's own rates first), the order conversions
are tried in (:func:`_step`) and the plan for a measured cost (:func:`conversion_plan`) are the one place
both greedy bots (:mod:`~companion.terra_mystica.bot_lookahead`, :mod:`~companion.terra_mystica.move_value`)
and the search (:mod:`~companion.terra_mystica.search`) read them from.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Sequence
from typing import Any

from companion.errors import IllegalActionError, RecordError
from companion.terra_mystica import engine
from companion.terra_mystica.engine.faction import FactionState
from companion.terra_mystica.engine.moves import split_turn_moves
from companion.terra_mystica.engine.state import BASE_CONVERSIONS

__all__ = ["conversion_rows", "conversion_plan", "convertible_of"]


@functools.lru_cache(maxsize=65536)
def _commands(text: str) -> tuple:
    """:func:`companion.terra_mystica.engine.parse_commands` of a row, remembered by its text (listed rows
    recur from one decision to the next)."""
    return tuple(engine.parse_commands(text))



_HEXLESS = frozenset({"dig", "action", "lose"})
"""Sub-commands a row of transforms may hold besides them (:func:`_recoloured`): ``dig N``, an action such
as ACT5, declines (``-SPADE``)."""


def _recoloured(g, faction: str, text: str) -> tuple | None:
    """The form of row ``text`` that :func:`evaluate` cannot tell apart, for a row of transforms only
    (with ``dig N``, an action such as ACT5 and declines; no build): the row with each ``transform HEX [to
    COLOUR]`` written without hex and colour, and for each such transform the spades it takes (and its hex,
    for a faction that tunnels or flies: reaching a hex may cost); None for any other row.
    Two rows of one form differ only in which hexes they leave in which colour, which the value does not
    read (no building, network, resource or VP depends on it: spade VP and abilities count spades), so the
    second is valued as the first (:class:`LookaheadGreedyBot`). A faction whose transforms price the hex itself
    (volcanoes: power tokens or cult steps by the hex's colour) is left out."""
    if "transform" not in text or "build" in text:
        return None
    f = g.factions[faction]
    if f.data.terraform_mode == "volcano":
        return None
    jumps = bool(f.data.teleport)
    shape, spent = [], []
    for cmd in _commands(text):
        if cmd.verb != "transform":
            if cmd.verb not in _HEXLESS:
                return None
            shape.append(cmd.text)
            continue
        h, colour = cmd.args
        frm = g.colour.get(h)
        if frm is None:
            return None
        try:
            spades = g.spades_needed(f, frm, colour or f.home)
        except IllegalActionError:
            return None
        shape.append("transform")
        spent.append((spades, h if jumps else None, colour is None))
    return tuple(shape), tuple(spent)


_SHORTFALL = ("not_enough_c", "not_enough_w", "not_enough_p", "not_enough_pw")
_ORDER = ("burn", "PW>P", "PW>W", "PW>C", "P>W", "W>C")
_KINDS = {"PW>P": ("PW", "P"), "PW>W": ("PW", "W"), "PW>C": ("PW", "C"), "P>W": ("P", "W"), "W>C": ("W", "C")}


def _rates(f) -> dict:
    """``kind -> (amount given, amount got)`` for the faction: the engine's exchange rates (rulebook table,
    the faction board's own rates first), one place for them (:data:`...engine.state.BASE_CONVERSIONS`)."""
    out = {}
    for kind, (frm, to) in _KINDS.items():
        rate = f.data.exchange_rates.get(frm, {}).get(to, BASE_CONVERSIONS.get((frm, to)))
        if rate:
            out[kind] = (rate, frm, to)
    return out


def _step(f, code: str, made, rates: dict, have: dict | None = None) -> str | None:
    """One conversion towards the resource ``code`` lacks, given conversions ``made`` so far (``have``:
    :func:`_after` of them when the caller has it), or None."""
    if have is None:
        have = _after(f, made, rates)
    ii_left = f.bowls.ii - 2 * made.get("burn", 0)
    if code == "not_enough_pw":
        options = ["burn"]
    elif code == "not_enough_p":
        options = ["PW>P", "burn"]
    elif code == "not_enough_w":
        options = ["P>W", "PW>W", "burn"]
    else:
        options = ["PW>C", "W>C", "burn"]
    for kind in options:
        if kind == "burn" and ii_left >= 2:
            return kind
        if kind in rates:
            n, frm, _to = rates[kind]
            if have[frm] >= n:
                return kind
    return None


def _prefix(made, rates: dict) -> str:
    parts = []
    for kind in _ORDER:
        k = made[kind]
        if not k:
            continue
        if kind == "burn":
            parts.append(f"burn {k}")
        else:
            n, frm, to = rates[kind]
            parts.append(f"convert {n * k}{frm} to {k}{to}")
    return ". ".join(parts)


def _convertible(f, rates: dict) -> dict:
    """The most of each resource conversions could give at once (each judged alone): which moves are
    worth trying with conversions in front."""
    i, ii, iii = f.bowls
    pw = iii + ii // 2
    w_from_p = f.priests if "P>W" in rates else 0
    return {"C": f.coins + f.workers + w_from_p + (pw if "PW>C" in rates else 0),
            "W": f.workers + w_from_p + (pw // 3 if "PW>W" in rates else 0),
            "P": f.priests + (pw // 5 if "PW>P" in rates else 0),
            "PW": pw, "VP": f.vp, "PW_TOKEN": sum(f.bowls)}


def convertible_of(f) -> dict:
    """:func:`_convertible` at the faction's own exchange rates (:func:`_rates`): the resources a listing of
    the moves conversions could make affordable is asked with
    (:func:`companion.terra_mystica.engine.moves.split_turn_moves`)."""
    return _convertible(f, _rates(f))


_PLENTY = 100
_CODES = (("P", "not_enough_p"), ("W", "not_enough_w"), ("PW", "not_enough_pw"), ("C", "not_enough_c"))


def _cost(rich, faction: str, text: str) -> tuple[dict, Any] | tuple[None, None]:
    """What row ``text`` spends of coins, workers, priests and bowl-III power, and the game after it:
    measured by applying it to ``rich`` (the game with plenty of each for ``faction``, :func:`_rich`);
    (None, None) if refused for another reason."""
    try:
        after = engine.apply_action(rich, faction, text)
    except (IllegalActionError, RecordError):
        return None, None
    before, f = rich.factions[faction], after.factions[faction]
    return {"C": max(0, before.coins - f.coins), "W": max(0, before.workers - f.workers),
            "P": max(0, before.priests - f.priests), "PW": max(0, before.bowls.iii - f.bowls.iii)}, after


def _rich(g, faction: str):
    """A copy of ``g`` where ``faction`` holds :data:`_PLENTY` more coins, workers, priests (and priest room)
    and bowl-III power, its faction state a :class:`_Measured` (notes gains)."""
    rich = g.copy()
    rf = rich.factions[faction] = _Measured.of(rich.factions[faction])
    rf.coins, rf.workers, rf.priests = rf.coins + _PLENTY, rf.workers + _PLENTY, rf.priests + _PLENTY
    rf.max_priests += _PLENTY
    rf.bowls = type(rf.bowls)(rf.bowls.i, rf.bowls.ii, rf.bowls.iii + _PLENTY)
    rf.gained = False
    return rich


class _Measured(FactionState):
    """A faction state that notes whether it gained anything (``gained``: coins, workers or priests up, or
    power gained), its copies included. A move's net change hides a gain that pays back part of its cost
    (a town tile's coins after an upgrade), and a power gain can leave the bowls as a pure spend would
    (bowls I and II empty), so only this tells (:func:`_converted`)."""

    @classmethod
    def of(cls, f: FactionState) -> _Measured:
        new = f.copy()
        new.__class__ = cls
        return new

    def copy(self) -> _Measured:
        new = super().copy()
        new.__class__ = type(self)
        return new

    def __setattr__(self, name: str, value: Any) -> None:
        if name in _GAINS and value > getattr(self, name):
            object.__setattr__(self, "gained", True)
        object.__setattr__(self, name, value)

    def gain_power(self, n: int) -> int:
        object.__setattr__(self, "gained", True)
        return super().gain_power(n)


_GAINS = frozenset({"coins", "workers", "priests"})


def _after(f, made, rates: dict) -> dict:
    """The faction's coins, workers, priests and bowl-III power after the conversions ``made``."""
    n = made.get   # a Counter's missing kinds through dict.get: no __missing__ call per kind
    pw = f.bowls.iii + n("burn", 0) - sum(rates[k][0] * n(k, 0) for k in ("PW>P", "PW>W", "PW>C") if k in rates)
    return {"C": f.coins + n("PW>C", 0) + n("W>C", 0), "W": f.workers - n("W>C", 0) + n("P>W", 0) + n("PW>W", 0),
            "P": f.priests - n("P>W", 0) + n("PW>P", 0), "PW": pw}


def conversion_plan(f, need, rates: dict, max_steps: int = 8) -> tuple[Counter, bool]:
    """The conversions that pay a cost: one at a time towards the resource still short (priests, workers,
    power, coins, in that order), each the first exchange :func:`_step` finds, until nothing is short.

    Parameters
    ----------
    f : companion.terra_mystica.engine.faction.FactionState
        The faction as it is (its resources, bowls and exchange rates).
    need : mapping of str to int
        What the move spends: ``"C"``, ``"W"``, ``"P"``, ``"PW"`` (bowl III power).
    rates : dict
        :func:`_rates` of the faction.
    max_steps : int
        Most single conversions.

    Returns
    -------
    (collections.Counter, bool)
        The conversions made by kind (``burn``, ``PW>P``, ``PW>W``, ``PW>C``, ``P>W``, ``W>C``) and whether
        they cover the cost (False: nothing is left to convert, or ``max_steps`` were made).

    Examples
    --------
    >>> from companion.terra_mystica import engine
    >>> g = engine.new_game(["witches", "nomads"], round_tiles=["SCORE1", "SCORE2", "SCORE3", "SCORE4",
    ...                     "SCORE5", "SCORE6"], removed_bonus=["BON1", "BON2", "BON3", "BON4"])
    >>> f = g.factions["witches"]
    >>> f.coins, f.workers, f.priests, tuple(f.bowls)
    (15, 3, 0, (5, 7, 0))
    >>> made, enough = conversion_plan(f, {"C": 0, "W": 0, "P": 0, "PW": 3}, _rates(f))
    >>> dict(made), enough        # bowl III is empty: burn three times (6 tokens of bowl II)
    ({'burn': 3}, True)
    """
    made: Counter = Counter()
    for _k in range(max_steps):
        have = _after(f, made, rates)
        code = next((c for res, c in _CODES if need[res] > have[res]), None)
        if code is None:
            return made, True
        kind = _step(f, code, made, rates, have)
        if kind is None:
            return made, False
        made[kind] += 1
    have = _after(f, made, rates)
    return made, all(need[res] <= have[res] for res, _c in _CODES)


def conversion_rows(g, faction: str, legal: Sequence[str] = (), *, max_steps: int = 8,
                    checked: bool = True) -> list[str]:
    """Turn rows that conversions make affordable: ``"burn 1. convert 3PW to 1W. upgrade E7 to TP"``.

    On ``faction``'s turn in the action phase, every complete move
    (:func:`companion.terra_mystica.engine.moves.turn_moves`) that is affordable with what conversions could
    give but not in ``legal`` is tried with conversions in front of it (exchange rates: burn power; 5 / 3 /
    1 power to a priest / worker / coin; priest to worker; worker to coin; a faction board's own rates),
    one at a time until the engine accepts the row or nothing is left to convert.

    Parameters
    ----------
    g : companion.terra_mystica.engine.Game
    faction : str
    legal : sequence of str
        Rows already legal without conversion (skipped).
    max_steps : int
        Most single conversions in front of one action.
    checked : bool
        Apply each row once more to be sure the engine accepts it (and add conversions it still asks for);
        False for a caller that applies the rows anyway and skips the refused ones (:class:`LookaheadGreedyBot`).

    Returns
    -------
    list of str
        Rows the engine accepts (each a conversion prefix and one complete move); with ``checked=False``
        rows whose measured cost the conversions cover.
    """
    out = []
    for text, cand, made, _rich_after in _priced(g, faction, legal, max_steps):
        if not checked:
            if made:
                out.append(text)
            continue
        f = g.factions[faction]
        rates = _rates(f)
        for _k in range(max_steps + 1):
            try:
                engine.apply_action(g, faction, text)
            except IllegalActionError as exc:
                if exc.code not in _SHORTFALL:
                    break
                kind = _step(f, exc.code, made, rates)
                if kind is None:
                    break
                made[kind] += 1
                text = f"{_prefix(made, rates)}. {cand}"
                continue
            except RecordError:
                break
            if made:
                out.append(text)
            break
    return out


def _priced(g, faction: str, legal: Sequence[str], max_steps: int):
    """The rows of :func:`conversion_rows` before the check: ``(row, move, conversions made, the rich game
    after the move)`` for every move of the turn (:func:`~...engine.moves.turn_moves`) not in ``legal``
    that the rich game (:func:`_rich`) accepts, with the conversions its measured cost asks for (``row``
    is the move alone when it asks for none)."""
    if g.phase != "actions" or g.expected_turn() != faction or engine.awaited(g)[:1] != [faction]:
        return
    f = g.factions[faction]
    rates = _rates(f)
    turn, every = split_turn_moves(g, faction, _convertible(f, rates))
    skip = set(legal) or set(turn)
    rich = _rich(g, faction)
    priced: dict = {}   # moves alike but for hexes and colours (_recoloured) cost the same: measured once
    plans: dict = {}    # a measured cost -> the conversions it asks for (they depend on nothing else)
    for cand in every:
        if cand in skip:
            continue
        alike = _recoloured(g, faction, cand)
        if alike is None or alike not in priced:
            need, after = _cost(rich, faction, cand)
            if alike is not None:
                priced[alike] = need, after
        else:
            need, after = priced[alike]
        if need is None:
            continue
        cost = (need["C"], need["W"], need["P"], need["PW"])
        plan = plans.get(cost)
        if plan is None:   # conversions for the measured cost, then the engine's word
            made, _enough = conversion_plan(f, need, rates, max_steps)
            plan = plans[cost] = made, _prefix(made, rates)
        made, prefix = plan
        # a Counter of its own: conversion_rows adds the conversions the engine still asks for
        yield (f"{prefix}. {cand}" if made else cand), cand, Counter(made), after
