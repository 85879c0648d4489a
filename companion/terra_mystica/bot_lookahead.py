"""The one-row look-ahead greedy bot of Terra Mystica (issue 15): every legal row, and every row that
conversions in front of an action afford (:mod:`~companion.terra_mystica.bot_conversions`), applied to the
game and valued by :func:`~companion.terra_mystica.bot_value.evaluate`.

``make_bot("lookahead")`` plays it (``make_bot("greedy")`` plays the move-content bot,
:class:`companion.terra_mystica.move_value.ValueGreedyBot`, that values moves without applying them and
applies only the few that a sketch cannot tell; it was measured against this one).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from companion.errors import CompanionError, IllegalActionError, RecordError
from companion.i18n import gettext as _
from companion.terra_mystica import engine, game
from companion.terra_mystica.bot_conversions import _PLENTY, _prefix, _priced, _rates, _recoloured
from companion.terra_mystica.bot_value import (
    Weights,
    _home_change_value,
    _network_size,
    evaluate,
    home_hexes_in_reach,
)

__all__ = ["LookaheadGreedyBot", "exact_values"]


class LookaheadGreedyBot:
    """The legal action whose resulting position :func:`evaluate` values most (one row of look-ahead).

    Every action of :func:`~companion.terra_mystica.game.legal_actions` is applied and valued (``build HEX``
    on another terrain terraforms it first, so transform-and-build is one listed action); an action that
    changes the home terrain is valued by the home-terrain hexes it brings in reach too
    (:func:`home_hexes_in_reach`; the term is left out for the other actions, where only a build takes one
    such hex, already valued as a building). Faction picks (no game to value yet) are random.
    """

    name = "greedy"

    def __init__(self, weights: Weights | None = None) -> None:
        self.weights = weights or Weights()

    def choose(self, state: Any, rng: random.Random, seat: int | None = None) -> Any:
        """The best action for the seat to act (ties broken by ``rng``).

        Raises
        ------
        CompanionError
            When nothing is legal (a terminal state).
        """
        if game.current_player(state) == game.CHANCE:
            return game.sample_chance(state, rng)
        actions = game.legal_actions(state)
        if not actions:
            raise CompanionError(_("greedy bot: no legal action (is the game over?)"))
        if state.game is None or not isinstance(actions[0], game.Action):
            return rng.choice(actions)
        g = state.game
        networks = {n: _network_size(g, n) for n in g.seats} if g.phase != "over" else None
        faction = actions[0].faction
        home = g.factions[faction].home
        reach_before = None   # home-terrain hexes in reach now: counted once, when an action changes the home
        rows = [(a.text, None) for a in actions]
        rows += [(text, (made, after)) for text, _cand, made, after in
                 _priced(g, faction, [a.text for a in actions], 8) if made]
        rates = _rates(g.factions[faction]) if len(rows) > len(actions) else {}
        conversions: dict = {}   # a conversion prefix -> the faction after it alone (None: refused)
        best: list = []
        best_value = float("-inf")
        valued: dict = {}   # a value (or _REFUSED) by the rows' common form: rows that differ only in hexes or colours
        for text, priced in rows:
            # legal rows alike but for the hexes and colours they transform (_recoloured); conversion rows
            # priced by one application (_priced gives alike moves one): one value each
            alike = _recoloured(g, faction, text) if priced is None else id(priced[1])
            if alike is not None and alike in valued:
                value = valued[alike]
                if value is _REFUSED:
                    continue
                if value > best_value + 1e-9:
                    best, best_value = [text], value
                elif abs(value - best_value) <= 1e-9:
                    best.append(text)
                continue
            # the engine's game after the row (what game.apply_action makes, without the protocol's state)
            after = _converted(g, faction, text, *priced, rates, conversions) if priced is not None else None
            if after is None:
                if priced is not None:
                    alike = None   # not told from the rich game: every such row is applied
                try:
                    after = engine.apply_action(g, faction, text)
                except (IllegalActionError, RecordError):
                    continue  # a conversion row whose cost was measured but not checked (legal moves are accepted)
            elif after is _REFUSED:
                valued[alike] = _REFUSED
                continue
            value = evaluate(after, faction, self.weights, networks=networks)
            if after.factions[faction].home != home:
                if reach_before is None:
                    reach_before = home_hexes_in_reach(g, faction)
                value += _home_change_value(g, after, faction, self.weights, reach_before)
            elif alike is not None:
                valued[alike] = value
            if value > best_value + 1e-9:
                best, best_value = [text], value
            elif abs(value - best_value) <= 1e-9:
                best.append(text)
        if not best:
            return rng.choice(actions)
        return game.Action.parse(faction, rng.choice(best))


def exact_values(g, faction: str, rows: Sequence[str], weights: Weights, networks: dict | None) -> list[str]:
    """The rows of ``rows`` after which :func:`evaluate` values ``faction``'s position most (each applied to
    the game; a row the engine refuses is skipped), with the home-terrain term of an action that changes the
    home terrain (:func:`_home_change_value`).

    Parameters
    ----------
    g : companion.terra_mystica.engine.Game
        Read only.
    faction : str
        Engine faction name.
    rows : sequence of str
        Rows to try.
    weights : Weights
    networks : dict of str to int or None
        Every faction's network size now (a row never changes another faction's network).

    Returns
    -------
    list of str
        The best rows (several when tied); empty when the engine refuses all.
    """
    home = g.factions[faction].home
    reach_before = None
    best: list = []
    best_value = float("-inf")
    for text in rows:
        try:
            after = engine.apply_action(g, faction, text)
        except (IllegalActionError, RecordError):
            continue
        value = evaluate(after, faction, weights, networks=networks)
        if after.factions[faction].home != home:
            if reach_before is None:
                reach_before = home_hexes_in_reach(g, faction)
            value += _home_change_value(g, after, faction, weights, reach_before)
        if value > best_value + 1e-9:
            best, best_value = [text], value
        elif abs(value - best_value) <= 1e-9:
            best.append(text)
    return best


_REFUSED = object()
"""What :func:`_converted` returns for a row the engine refuses."""


def _converted(g, faction: str, text: str, made: Counter, rich_after, rates: dict, conversions: dict):
    """The game after conversion row ``text`` (conversions ``made``, then a move) from the move's
    application to the rich game (:func:`_priced`), without applying the row: :data:`_REFUSED` when the
    engine refuses it, None when it cannot tell (the caller applies the row).

    Told when the move only pays (coins, workers, priests and bowl-III power down, no power gained:
    ``_Measured.gained``), and the conversions alone (applied once per decision for each prefix,
    kept in ``conversions``) leave the faction's obligations, VP and cults as they were: then the row ends
    with the conversions' resources minus what the move paid, refused exactly when one falls below zero
    (every payment only lowers them)."""
    moved = rich_after.factions[faction]
    start = g.factions[faction]
    b0 = start.bowls
    b1 = moved.bowls
    spent = b0.iii + _PLENTY - b1.iii
    paid_c = start.coins + _PLENTY - moved.coins
    paid_w = start.workers + _PLENTY - moved.workers
    paid_p = start.priests + _PLENTY - moved.priests
    if moved.gained or b1.i != b0.i + spent or b1.ii != b0.ii or min(spent, paid_c, paid_w, paid_p) < 0:
        return None
    prefix = _prefix(made, rates)
    if prefix not in conversions:
        try:
            conversions[prefix] = engine.apply_action(g, faction, prefix).factions[faction]
        except (IllegalActionError, RecordError):
            conversions[prefix] = None
    conv = conversions[prefix]
    if conv is None or conv.owed != start.owed or conv.vp != start.vp or conv.cult != start.cult:
        return None
    coins, workers, priests = conv.coins - paid_c, conv.workers - paid_w, conv.priests - paid_p
    iii = conv.bowls.iii - spent
    if min(coins, workers, priests, iii) < 0:
        return _REFUSED
    moved.coins, moved.workers, moved.priests = coins, workers, priests
    moved.max_priests -= _PLENTY
    moved.bowls = type(b1)(conv.bowls.i + spent, conv.bowls.ii, iii)
    return rich_after
