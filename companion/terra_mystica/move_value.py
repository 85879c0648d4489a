"""The default greedy bot of Terra Mystica: it values every move from what the move is, without playing it
(issue 19 item 3).

:class:`ValueGreedyBot` (``make_bot("greedy")``) ranks every legal row, and the rows that conversions in
front of an action afford (:func:`~companion.terra_mystica.move_sketch.content_rows`), by
:func:`~companion.terra_mystica.move_sketch.move_value`: the greedy value
(:func:`companion.terra_mystica.bot_value.evaluate`: projected final VP plus resources, income and
buildings for the rounds left) of the move's :func:`~companion.terra_mystica.move_sketch.sketch`, one
valuation per distinct content (rows alike but for the hexes a sketch does not read are valued once).
The best row is played once the engine accepts it (a conversion row is priced, not listed). What a sketch
does not follow is applied to the game and valued by :func:`~companion.terra_mystica.bot_value.evaluate`:
the setup round, decisions whose every row a sketch cannot tell (:data:`UNSKETCHED`: a new home colour, an
unlocked terrain, a bowl-III token bought with VP), and the pass that ends the round (round-end scoring,
income). ``confirm=N`` applies the N best too and keeps the best of them by the exact value.

``sketch``, ``move_value``, ``Network``, ``content_rows`` and ``Sketch`` live in
:mod:`companion.terra_mystica.move_sketch` and are importable from here as before.

Examples
--------
>>> import random
>>> from companion.terra_mystica import game
>>> from companion.terra_mystica.move_value import ValueGreedyBot
>>> from companion.terra_mystica.bots import play_game
>>> states = play_game(game.new_game(["witches", "nomads"], seed=2), [ValueGreedyBot(), ValueGreedyBot()],
...                    random.Random(3))
>>> game.is_terminal(states[-1])
True
"""

from __future__ import annotations

import functools
import random
from typing import Any

from companion.errors import CompanionError, IllegalActionError, RecordError
from companion.i18n import gettext as _
from companion.terra_mystica import engine, game
from companion.terra_mystica.bot_conversions import convertible_of
from companion.terra_mystica.bot_lookahead import exact_values
from companion.terra_mystica.bot_value import Valuer, Weights, _network_size, evaluate
from companion.terra_mystica.engine.move_context import _reach_table
from companion.terra_mystica.move_sketch import (
    Network,
    Sketch,
    _content_candidates,
    _parsed,
    _template,
    content_rows,
    move_value,
    sketch,
)

__all__ = ["sketch", "move_value", "ValueGreedyBot", "Sketch", "Network", "content_rows", "UNSKETCHED"]

UNSKETCHED = frozenset({"pick_color", "unlock_terrain", "gain_p3", "drop", "setup"})
"""Verbs whose value a sketch cannot tell (a new home colour, an unlocked terrain, a bowl-III token bought
with VP): a decision offering them is valued by applying its rows (:class:`ValueGreedyBot`)."""


@functools.lru_cache(maxsize=65536)
def _unsketched(text: str) -> bool:
    """Whether row ``text`` holds a verb of :data:`UNSKETCHED`, remembered by the text (listed rows recur
    from one decision to the next)."""
    return any(c.verb in UNSKETCHED for c in _parsed(text))


class ValueGreedyBot:
    """A greedy one-step bot that values each move from what it is (:func:`move_value`) and applies only the
    ``confirm`` best to the game to choose among them (module docstring).

    Parameters
    ----------
    weights : companion.terra_mystica.bots.Weights, optional
        The value's unit weights (shared with :func:`~companion.terra_mystica.bots.evaluate`).
    confirm : int
        Moves applied and valued by :func:`~companion.terra_mystica.bots.evaluate` per decision (the best
        by :func:`move_value`); a decision of at most this many rows applies them all.
    """

    name = "greedy"

    def __init__(self, weights=None, confirm: int = 0) -> None:
        self.weights = weights or Weights()
        self.confirm = confirm

    def choose(self, state: Any, rng: random.Random, seat: int | None = None) -> Any:
        """The best move for the seat to act (ties broken by ``rng``).

        Parameters
        ----------
        state : GameState
            A state that is not terminal.
        rng : random.Random
            The only source of randomness.
        seat : int, optional
            Ignored: the seat to act is the state's.

        Raises
        ------
        CompanionError
            When nothing is legal (a terminal state).
        """
        if game.current_player(state) == game.CHANCE:
            return game.sample_chance(state, rng)
        faction, rows, every = game.legal_rows_with(state, convertible_of)   # one listing for both
        if not rows:
            actions = game.legal_actions(state)
            if not actions:
                raise CompanionError(_("greedy bot: no legal action (is the game over?)"))
            return rng.choice(actions)   # faction picks: no position to value yet
        if len(rows) == 1:
            return game._listed(faction, rows[0])
        g = state.game
        networks = {n: _network_size(g, n) for n in g.seats}
        if g.round == 0 and any(r.startswith("build") for r in rows):   # setup dwellings
            if all(r.startswith("build ") and ". " not in r for r in rows):
                best = _setup_best(g, faction, rows, self.weights, networks)
            else:
                best = exact_values(g, faction, rows, self.weights, networks)
            return game._listed(faction, rng.choice(best or rows))
        odd = [r for r in rows if _unsketched(r)]
        if odd and len(odd) == len(rows):
            best = exact_values(g, faction, rows, self.weights, networks)
            return game._listed(faction, rng.choice(best or rows))
        plain = [r for r in rows if r not in odd] if odd else rows
        network = Network(g, faction)
        ranked = self._ranked(g, faction, plain, _content_candidates(g, faction, plain, network, every), networks,
                              network)
        if g.round > 0 and all(g.factions[o].passed for o in g.seats if o != faction):
            ranked = _last_pass(g, faction, ranked, self.weights, networks)
        legal = set(rows)
        if self.confirm or odd:
            best = exact_values(g, faction, [t for _v, t in ranked[:max(1, self.confirm)]] + odd, self.weights,
                                networks)
            if best:
                text = rng.choice(best)
                return game._listed(faction, text) if text in legal else game.Action.parse(faction, text)
        while ranked:
            top = ranked[0][0]
            tied = [t for v, t in ranked if v >= top - 1e-9]
            text = rng.choice(tied)
            if text in legal or _accepted(g, faction, text):
                return game._listed(faction, text) if text in legal else game.Action.parse(faction, text)
            ranked = [vt for vt in ranked if vt[1] != text]
        return game._listed(faction, rng.choice(rows))

    def _ranked(self, g, faction: str, rows: list[str], converted: list, networks: dict,
                network: Network) -> list[tuple[float, str]]:
        """``(value, row)`` for every legal row and conversion row (:func:`_content_candidates`) the faction can
        pay for, best first (:func:`move_value`, one sketch per content key)."""
        valuer = Valuer(g, faction, self.weights, networks)
        weights = self.weights
        valued: dict = {}
        scored = []
        append = scored.append
        reach = None
        jumps = bool(g.factions[faction].data.teleport)
        playing = g.round > 0
        tp_keys: dict = {}
        after = network.after
        refused = float("-inf")

        def sketched(parsed) -> float:
            try:
                return move_value(g, faction, parsed, weights, networks=networks, valuer=valuer, network=network)
            except (IllegalActionError, RecordError, KeyError):
                return refused

        for text in rows:
            key, parsed, hexes, tps, builds = _template(text)
            if builds and playing:
                key = (key, tuple(after(h) for h in builds))
            if hexes and jumps:
                if reach is None:
                    reach = _reach_table(g, g.factions[faction])
                key = (key, tuple(reach.get(h) for h in hexes))
            if tps:
                for h in tps:
                    if h not in tp_keys:
                        tp_keys[h] = any(g.owner(n) not in (None, faction) for n in g.adjacent(h))
                key = (key, tuple(tp_keys[h] for h in tps))
            value = valued.get(key)
            if value is None:
                value = valued[key] = sketched(parsed)
            if value != refused:
                append((value, text))
        own = networks.get(faction)
        for text, key, parsed, state, built in converted:
            value = valued.get(key)
            if value is None:
                if state is not None:
                    value = valuer(state, max(after(h) for h in built) + len(built) - 1 if built else own)
                else:
                    value = sketched(parsed)
                valued[key] = value
            if value != refused:
                append((value, text))
        scored.sort(key=lambda t: t[0], reverse=True)
        return scored


def _setup_best(g, faction: str, rows: list[str], weights, networks: dict) -> list[str]:
    """The setup dwellings (``build HEX`` rows of round 0) whose position is valued most, read from their
    sketches and the network each would make (:meth:`Network.after`), in ``rows`` order: what
    :func:`~companion.terra_mystica.bot_lookahead.exact_values` finds by applying each (the same values, to
    1e-9, on 557 setup rows of 8 games), for a sketch each."""
    valuer = Valuer(g, faction, weights, networks)
    network = Network(g, faction)
    best: list = []
    best_value = float("-inf")
    for text in rows:
        value = valuer(sketch(g, faction, text).faction, network.after(text.split()[1]))
        if value > best_value + 1e-9:
            best, best_value = [text], value
        elif abs(value - best_value) <= 1e-9:
            best.append(text)
    return best


def _last_pass(g, faction: str, ranked: list, weights, networks: dict) -> list:
    """``ranked`` with the passes revalued when ``faction`` is the last to pass: its pass ends the round
    (cult bonuses, the next round's income, one round of income less to come), what a sketch does not
    follow, so the best pass is applied and valued by :func:`~companion.terra_mystica.bots.evaluate`, and
    every pass moves by the same difference (the bonus tiles still compared by their sketches)."""
    passes = [k for k, (_v, t) in enumerate(ranked) if t.startswith("pass")]
    if not passes:
        return ranked
    value, text = ranked[passes[0]]
    try:
        after = engine.apply_action(g, faction, text)
    except (IllegalActionError, RecordError):
        return ranked
    shift = evaluate(after, faction, weights, networks=networks) - value
    out = [(v + shift, t) if k in passes else (v, t) for k, (v, t) in enumerate(ranked)]
    out.sort(key=lambda t: t[0], reverse=True)
    return out


def _accepted(g, faction: str, text: str) -> bool:
    """Whether the engine accepts row ``text`` of ``faction`` now (a conversion row is priced, not listed)."""
    try:
        engine.apply_action(g, faction, text)
    except (IllegalActionError, RecordError):
        return False
    return True
