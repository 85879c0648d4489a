"""Bots for Century: Golem Edition.

API summary (stable)
--------------------
Every bot has ``name`` and ``choose(state, rng) -> Action`` for the seat to act (``state.current``); it
never sees hidden information (the decks are unordered sets in the state and the bots do not look inside).

``RandomBot``   a random legal action (:func:`companion.century.engine.sample_action`).
``GreedyBot``   one step ahead: the action that most raises VP + 0.8 x crystal levels (crystals no golem on
                display needs count a third) + 0.3 x the levels its cards add; so it claims whenever it can
                and otherwise grows its caravan, paying acquisitions with its cheapest crystals.
``PlannerBot``  looks two of its own actions ahead (a beam of the best first actions) with a value that counts
                VP, crystals, progress towards the golems on display (with their coins) and its hand of cards;
                ``explain(state)`` returns ``(action, reason)`` in words, for teaching.
``search``      :class:`companion.century.search.SearchBot`: a depth-limited search scored in expected final VP
                (the coach's hints and reviews come from it).
``BOTS``        ``{"random": RandomBot, "greedy": GreedyBot, "planner": PlannerBot, "search": ...}``
``make_bot(name) -> Bot``  raises ``CompanionError`` naming the known bots.
``candidate_actions(state)`` the actions the greedy and planner bots consider: every play choice, each
                acquisition paid with the cheapest crystals, rest, every claim (or every discard choice).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from companion.century.actions import Action, Claim, PlayCard
from companion.century.cards import crystal_counts_text, golem_card_name, load_cards
from companion.century.engine import (
    apply_action,
    legal_actions,
    sample_action,
    sample_chance,
)
from companion.century.state import DISCARD, State, chance_pending
from companion.errors import CompanionError
from companion.i18n import _
from companion.jsonio import excerpt

__all__ = ["Bot", "RandomBot", "GreedyBot", "PlannerBot", "BOTS", "make_bot", "candidate_actions"]

_CARDS = load_cards()
_M = _CARDS.merchants_by_id
_G = _CARDS.golems_by_id
_LEVEL = (1, 2, 3, 4)


class Bot(Protocol):
    """What the simulator and the play notebook need from a bot."""

    name: str

    def choose(self, state: State, rng: random.Random) -> Action:
        """The action for the seat to act in ``state`` (a chance reveal when one is due)."""


def candidate_actions(s: State) -> list[Action]:
    """The actions the greedy, planner and search bots consider in ``s``: :func:`legal_actions` filtered.

    Kept: every play that changes something (an upgrade card played with no upgrade is left out), each
    acquisition paid with the lowest colours (yellow first; the same card for more valuable crystals is
    never better), rest, every claim; in the discard stage every discard choice.

    Examples
    --------
    >>> from companion.century.actions import action_text
    >>> from companion.century.engine import new_game
    >>> s = new_game(2, golem_row=["G01", "G02", "G03", "G04", "G05"],
    ...              market=["M01", "M02", "M03", "M04", "M05", "M06"])
    >>> [action_text(a) for a in candidate_actions(s)][:4]
    ['play S01', 'play S02 up y', 'play S02 up yg', 'play S02 up yy']
    """
    if s.stage == DISCARD:
        return legal_actions(s)
    return [a for a in legal_actions(s, lowest_payment=True)
            if not (type(a) is PlayCard and not any(a.steps) and _M[a.card].kind == "upgrade")]


_CAPS: dict[tuple[str, ...], tuple[int, int, int, int]] = {}


def _caps(row: tuple[str, ...]) -> tuple[int, int, int, int]:
    """Per colour, one more than the largest need of a golem on display (cached by row: the value functions
    ask for it for every position the search looks at, and the row seldom changes)."""
    caps = _CAPS.get(row)
    if caps is None:
        most = [0, 0, 0, 0]
        for gid in row:
            cost = _G[gid].cost
            for i in range(4):
                if cost[i] > most[i]:
                    most[i] = cost[i]
        if len(_CAPS) > 100_000:
            _CAPS.clear()
        caps = _CAPS[row] = (most[0] + 1, most[1] + 1, most[2] + 1, most[3] + 1)
    return caps


def _useful(c: tuple[int, ...], row: tuple[str, ...]) -> tuple[list[int], list[int]]:
    """Split a caravan into crystals some golem on display could use (up to the largest need per colour)
    and the excess. Valuing the excess less stops bots hoarding crystals no golem on display asks for."""
    caps = _caps(row)
    used = [min(c[i], caps[i]) for i in range(4)]
    return used, [c[i] - used[i] for i in range(4)]


_POINTS = {gid: g.points for gid, g in _G.items()}


def _vp(s: State, p: int) -> int:
    return sum(map(_POINTS.__getitem__, s.golems[p])) + 3 * s.copper[p] + s.silver[p]


def _card_gain(cid: str) -> float:
    """Crystal levels a card adds in one play (trades: one repetition)."""
    card = _M[cid]
    if card.kind == "upgrade":
        return float(card.upgrades)
    gain = sum((card.outputs[i] - card.inputs[i]) * _LEVEL[i] for i in range(4))
    return float(gain)


_GAIN = {cid: _card_gain(cid) for cid in _M}
_GOLEM_TERMS = {gid: (g.points, *g.cost) for gid, g in _G.items()}
_DISCOUNT = tuple(0.75 ** deficit for deficit in range(64))
"""The planner's discount of a golem missing ``deficit`` crystal levels (0.75 per level)."""


class RandomBot:
    """A uniformly random action kind, then a random choice of that kind (see ``sample_action``)."""

    name = "random"

    def choose(self, state: State, rng: random.Random) -> Action:
        return sample_action(state, rng)


class _Searcher:
    """Shared machinery: hypothetical own actions without reveals or turn passing."""

    def _hypo(self, s: State, p: int) -> State:
        # No reveals in hypothetical futures (decks hidden), same player keeps acting, no game end.
        return s._replace(golem_deck=(), merchant_deck=(), current=p, end_triggered=False, finished=False)

    def _after(self, s: State, a: Action, p: int) -> State:
        n = apply_action(s, a)
        if n.stage == DISCARD and n.current == p:
            n = apply_action(n, self._best_discard(n, p))
        return n._replace(current=p, stage=0, end_triggered=False, finished=False)

    def _best_discard(self, s: State, p: int) -> Action:
        """Return the excess one crystal at a time, each time the one whose loss costs least value."""
        from companion.century.actions import Discard

        c = list(s.caravans[p])
        d = [0, 0, 0, 0]
        for _n in range(sum(c) - 10):
            best_i, best_v = -1, -1e9
            for i in range(4):
                if c[i]:
                    c[i] -= 1
                    v = self.value(s, p, (c[0], c[1], c[2], c[3]))
                    c[i] += 1
                    if v > best_v:
                        best_i, best_v = i, v
            c[best_i] -= 1
            d[best_i] += 1
        return Discard((d[0], d[1], d[2], d[3]))

    def value(self, s: State, p: int, caravan: tuple[int, int, int, int] | None = None) -> float:
        """Seat ``p``'s worth in ``s`` (VP); ``caravan``: value it as if seat ``p`` held these crystals."""
        raise NotImplementedError  # pragma: no cover - overridden


class GreedyBot(_Searcher):
    """One-step greedy: the action that most raises VP + 0.8 x crystal levels + 0.3 x card gains in hand.

    Crystals beyond what the golems on display could use count a third (so it does not hoard).
    """

    name = "greedy"

    def value(self, s: State, p: int, caravan: tuple[int, int, int, int] | None = None) -> float:
        used, extra = _useful(s.caravans[p] if caravan is None else caravan, s.golem_row)
        levels = sum(_LEVEL[i] * (used[i] + extra[i] / 3) for i in range(4))
        cards = sum(_GAIN[x] for x in s.hands[p]) + 0.5 * sum(_GAIN[x] for x in s.played[p])
        return _vp(s, p) + 0.8 * levels + 0.3 * cards

    def choose(self, state: State, rng: random.Random) -> Action:
        if chance_pending(state):
            return sample_chance(state, rng)
        p = state.current
        if state.stage == DISCARD:
            return self._best_discard(state, p)
        base = self._hypo(state, p)
        best: list[Action] = []
        best_v = -1e9
        for a in candidate_actions(base):
            v = self.value(self._after(base, a, p), p)
            if v > best_v + 1e-9:
                best, best_v = [a], v
            elif abs(v - best_v) <= 1e-9:
                best.append(a)
        return best[int(rng.random() * len(best))]


class PlannerBot(_Searcher):
    """Two own actions ahead with a beam, valuing VP, crystals, golem progress and cards.

    Parameters
    ----------
    beam : int
        How many of the best first actions are looked at one action further.
    level_weight : float
        VP per crystal level (yellow 1 .. pink 4) for crystals some golem on display could use.
    excess : float
        Fraction of that value for crystals beyond what any golem on display needs.
    card_weight : float
        VP per crystal level a card in hand adds per play (half for played cards, which wait for a rest).
    progress_weight : float
        Weight of the best golem on display (points + its coin), discounted by 0.75 per missing level.

    Notes
    -----
    The search assumes the other players do not move and no card is revealed (the decks are hidden).
    Defaults were tuned in 2-player matches against :class:`GreedyBot` (20 seat-swapped games per setting):
    with these it won 20 of 20; without the progress term 14 of 20; with progress weight 0.3, 10 of 20.
    """

    name = "planner"

    def __init__(self, beam: int = 6, level_weight: float = 0.8, excess: float = 1 / 3, card_weight: float = 0.6,
                 progress_weight: float = 0.15) -> None:
        self.beam = beam
        self.level_weight = level_weight
        self.excess = excess
        self.card_weight = card_weight
        self.progress_weight = progress_weight

    def value(self, s: State, p: int, caravan: tuple[int, int, int, int] | None = None) -> float:
        # The search's hot spot (a few calls per position looked at): unrolled, with per-row and per-golem
        # tables, the arithmetic in the same order (the same floats, so the same choices).
        y, g, b, pk = s.caravans[p] if caravan is None else caravan
        k0, k1, k2, k3 = _caps(s.golem_row)
        u0 = y if y < k0 else k0
        u1 = g if g < k1 else k1
        u2 = b if b < k2 else k2
        u3 = pk if pk < k3 else k3
        x = self.excess
        levels = u0 + x * (y - u0) + 2 * (u1 + x * (g - u1)) + 3 * (u2 + x * (b - u2)) + 4 * (u3 + x * (pk - u3))
        gain = _GAIN.__getitem__
        cards = sum(map(gain, s.hands[p])) + 0.5 * sum(map(gain, s.played[p]))
        v = _vp(s, p) + self.level_weight * levels + self.card_weight * cards
        best = 0.0
        copper, silver = s.copper_pile, s.silver_pile
        pos = 0
        for gid in s.golem_row:
            pos += 1
            points, c0, c1, c2, c3 = _GOLEM_TERMS[gid]
            deficit = 0  # missing crystal levels
            if c0 > y:
                deficit += c0 - y
            if c1 > g:
                deficit += (c1 - g) * 2
            if c2 > b:
                deficit += (c2 - b) * 3
            if c3 > pk:
                deficit += (c3 - pk) * 4
            bonus = 3 if pos == 1 and copper else 1 if pos <= 2 and silver else 0
            worth = (points + bonus) * (_DISCOUNT[deficit] if deficit < 64 else 0.75 ** deficit)
            if worth > best:
                best = worth
        v += self.progress_weight * best
        total = y + g + b + pk
        if total > 10:
            v -= 3 * (total - 10)
        return v

    def _ranked(self, s: State, p: int) -> list[tuple[float, Action, State]]:
        out = []
        for a in candidate_actions(s):
            n = self._after(s, a, p)
            out.append((self.value(n, p), a, n))
        out.sort(key=lambda t: -t[0])
        return out

    def _plan(self, state: State) -> tuple[Action, float, Action | None]:
        p = state.current
        base = self._hypo(state, p)
        first = self._ranked(base, p)
        best: tuple[float, Action, Action | None] = (first[0][0], first[0][1], None)
        best_score = -1e9
        for v1, a1, s1 in first[:self.beam]:
            follow = self._ranked(s1, p)
            v2, a2 = (follow[0][0], follow[0][1]) if follow else (v1, None)
            # Prefer reaching a good position soon: the first step counts, the second counts most.
            total = 0.35 * v1 + 0.65 * max(v1, v2)
            if total > best_score:
                best_score, best = total, (v1, a1, a2)
        return best[1], best_score, best[2]

    def choose(self, state: State, rng: random.Random) -> Action:
        if chance_pending(state):
            return sample_chance(state, rng)
        if state.stage == DISCARD:
            return self._best_discard(state, state.current)
        return self._plan(state)[0]

    def explain(self, state: State) -> tuple[Action, str]:
        """The chosen action and a sentence saying why (for the teaching notebooks)."""
        from companion.century.actions import describe_action as action_text

        if chance_pending(state):
            raise CompanionError(_("a card must be revealed first; bots choose only player actions"))
        p = state.current
        if state.stage == DISCARD:
            a = self._best_discard(state, p)
            return a, _("{move}: keep the crystals worth most for the golem cards on display").format(
                move=action_text(a))
        a1, _score, a2 = self._plan(state)
        c = state.caravans[p]
        goal = None
        for pos, gid in enumerate(state.golem_row, 1):
            g = _G[gid]
            missing = {i: g.cost[i] - c[i] for i in range(4) if g.cost[i] > c[i]}
            key = (sum(n * _LEVEL[k] for k, n in missing.items()), -g.points)
            if goal is None or key < goal[0]:
                goal = (key, pos, g, missing)
        why = action_text(a1)
        if isinstance(a1, Claim):
            g = _G[state.golem_row[a1.position - 1]]
            why = _("{move}: claim {golem} now").format(move=why, golem=golem_card_name(g))
        elif goal is not None:
            _key, pos, g, missing = goal
            if missing:
                need = crystal_counts_text(tuple(missing.get(i, 0) for i in range(4)))
                why = _("{move}: the closest golem card is {golem} at position {position}, "
                        "still missing {missing}").format(move=why, golem=golem_card_name(g), position=pos,
                                                          missing=need)
            else:
                why = _("{move}: the closest golem card is {golem} at position {position}, "
                        "nothing missing").format(move=why, golem=golem_card_name(g), position=pos)
        if a2 is not None:
            why = _("{reason}; then {move}").format(reason=why, move=action_text(a2))
        return a1, why


def _search_bot() -> Bot:
    """The search bot (:class:`companion.century.search.SearchBot`, which builds on this module)."""
    from companion.century.search import SearchBot

    return SearchBot()


BOTS: dict[str, Callable[[], Bot]] = {"random": RandomBot, "greedy": GreedyBot, "planner": PlannerBot,
                                      "search": _search_bot}


def make_bot(name: str) -> Bot:
    """A new bot by name.

    Raises
    ------
    CompanionError
        For an unknown name (the message lists the known bots).
    """
    if name not in BOTS:
        raise CompanionError(_("unknown bot {name!r}; expected one of {known}").format(name=excerpt(name),
                                                                                      known=_(", ").join(BOTS)))
    return BOTS[name]()
