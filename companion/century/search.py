"""The search bot of Century: Golem Edition, its evaluation in VP, and the coach built on it (hint, review).

API summary (stable)
--------------------
``expected_final_vp(state) -> tuple[float, ...]``
    Every seat's expected final VP: VP so far, plus what its crystals, cards and progress towards the golems
    on display are worth, plus what its turns left are worth. Exact (the final VP) once the game is over.
``SearchBot(depth=3, beam=(None, 6, 3), seconds=1.0)``
    ``name = "search"``; ``choose(state, rng) -> Action``; ``analyse(state, top=3) -> list[MoveAnalysis]``;
    ``explain(state) -> (Action, reason)``.
    A depth-limited search over the seat's own next actions (every candidate move at the root, the best
    ``beam[i]`` at depth ``i``), each line scored by :func:`expected_final_vp` at its end, less the VP a
    turn is worth for each extra turn the line takes. The decks are hidden: the search never reveals a
    card (a refilled row is left short), so its choice never depends on the order of either deck.
    ``seconds`` caps the time of one move: a deeper pass that runs out of time is dropped, and one is not
    started once a third of the cap is spent (the cap is a :class:`companion.coach.Deadline`, read on the
    ``clock`` given; ``stopped`` says whether it cut the last search short).
``MoveAnalysis``: ``action``, ``expected_vp`` (the seat's expected final VP after the line),
    ``line`` (the actions of the line, this one first), ``reason`` (one sentence, drawn from the line).
``hint(state, top=3) -> list[MoveAnalysis]``   the best moves for the seat to act (a player, not chance).
``review(states, actions) -> Review``  the expected final VP of every seat after each move of a game, and
    each seat's three biggest drops with the move the search preferred there and why.

The evaluation is in the game's terms (VP) and the same one the bot plays by, so the hint's figures are the
bot's own reasons. Rules source: the rules summary (golem points and coins, the caravan limit of 10, the end
after the round in which a player claims the 5th / 6th golem).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from companion.century.actions import Acquire, Action, Claim, Discard, PlayCard, Rest
from companion.century.bots import PlannerBot, candidate_actions
from companion.century.cards import crystal_counts_text, golem_card_name, load_cards
from companion.century.describe import describe_at, is_move
from companion.century.engine import apply_action, sample_chance
from companion.century.state import DISCARD, MAIN, State, chance_pending, coin_for_position, end_threshold
from companion.coach import Deadline, Drop, Review
from companion.errors import CompanionError
from companion.i18n import _, ngettext

__all__ = ["expected_final_vp", "SearchBot", "MoveAnalysis", "hint", "review", "Review", "Drop",
           "VP_PER_TURN", "golem_label"]

_CARDS = load_cards()
_M = _CARDS.merchants_by_id
_G = _CARDS.golems_by_id

VP_PER_TURN = 1.75
"""VP a turn is worth to a seat that plays well (2-player planner games: about 75 VP in 43 turns)."""

_ROUNDS_PER_GOLEM = 3.5
"""Rounds it takes, in such games, for the leading seat to claim one more golem."""

_VALUE = PlannerBot()


def golem_label(golem_id: str) -> str:
    """A golem card (by id) in words: :func:`companion.century.cards.golem_card_name`."""
    return golem_card_name(_G[golem_id])


def _vp(s: State, p: int) -> int:
    return sum(_G[g].points for g in s.golems[p]) + 3 * s.copper[p] + s.silver[p]


def _rounds_left(s: State) -> float:
    """Rounds expected until the end: by the golems the leading seat still needs."""
    if s.finished:
        return 0.0
    most = max(len(g) for g in s.golems)
    if s.end_triggered:
        return 0.0
    return max(0.5, (end_threshold(s.n_players) - most) * _ROUNDS_PER_GOLEM)


def expected_final_vp(state: State) -> tuple[float, ...]:
    """Every seat's expected final VP.

    Parameters
    ----------
    state : State
        Any state (a reveal or a discard may be due).

    Returns
    -------
    tuple of float
        One per seat, in VP: VP so far (golems, copper 3, silver 1) + the worth of the seat's crystals, cards
        and progress towards the golems on display (the weights of :class:`~companion.century.bots.PlannerBot`)
        + :data:`VP_PER_TURN` per turn the seat is expected to have left. Once the game is over, the final
        VP exactly (golems, coins, 1 per non-yellow crystal; rules summary 结束与计分).

    Examples
    --------
    >>> from companion.century.engine import new_game
    >>> s = new_game(2, golem_row=["G01", "G02", "G03", "G04", "G05"],
    ...              market=["M01", "M02", "M03", "M04", "M05", "M06"])
    >>> [round(v) for v in expected_final_vp(s)]
    [42, 43]
    """
    return tuple(_seat_vp(state, p) for p in range(state.n_players))


def _seat_vp(state: State, p: int, turns: float | None = None) -> float:
    """:func:`expected_final_vp` of seat ``p`` alone; ``turns``: the seat's turns left, when already known."""
    if state.finished:
        return float(_vp(state, p) + sum(state.caravans[p][1:]))
    if turns is None:
        turns = _turns_left(state, p)
    return _VALUE.value(state, p) + VP_PER_TURN * turns


def _turns_left(state: State, p: int) -> float:
    """Turns seat ``p`` is expected to have left."""
    if state.end_triggered:  # the round is finished: the seats after the current one still act once
        return 1.0 if p > state.current or (p == state.current and state.stage == DISCARD) else 0.0
    return _rounds_left(state)


class _OutOfTime(Exception):
    """A search pass ran past the move's time cap."""


@dataclass(frozen=True)
class MoveAnalysis:
    """One move the search looked at: its expected final VP for the seat and the line behind it."""

    action: Action
    expected_vp: float
    line: tuple[Action, ...]
    reason: str = ""


class SearchBot:
    """Depth-limited search over the seat's own next actions, scored in expected final VP.

    Parameters
    ----------
    depth : int
        Own actions looked ahead (the move itself counts as the first).
    beam : sequence of int or None
        How many of the best actions (by the value one step on) are searched further at each depth;
        ``None`` for every candidate. Missing entries repeat the last one.
    seconds : float
        Time cap of one move (s): each deeper pass (depth 1, 2, ...) starts only if the passes so far took
        less than a third of it; the answer is that of the deepest finished pass. On a slow machine the
        answer can therefore come from a shallower pass than on a fast one (pass ``seconds=None`` for a
        choice that depends on nothing but the position). Depth 1 (every candidate valued one action on)
        always finishes: it is the answer's floor.
    clock : callable returning float
        The clock the cap is read on (s; :func:`time.perf_counter`).

    Attributes
    ----------
    stopped : bool
        Whether the cap cut the last search short (a deeper pass dropped or not started).

    Notes
    -----
    Other seats do not move in the lines searched and no card is revealed (the decks are hidden: a row
    emptied by the line stays short). The seat's turns left are those of the position searched from. A line that takes more turns to reach the same position scores
    :data:`VP_PER_TURN` less per extra turn. Choices are repeatable: ties go to the first candidate in the
    order of :func:`~companion.century.bots.candidate_actions`, so ``rng`` is used only for chance reveals.
    """

    name = "search"

    def __init__(self, depth: int = 3, beam: Sequence[int | None] = (None, 6, 3), seconds: float | None = 1.0,
                 clock: Callable[[], float] = time.perf_counter) -> None:
        self.depth = depth
        self.clock = clock
        self.stopped = False
        self._unit = 0.0   # the longest node expansion of this search (s): none is started past the cap
        self.beam = tuple(beam)
        self.seconds = seconds
        self._cache: dict[State, list[tuple[float, Action, State]]] = {}
        self._deadline: Deadline | None = None
        self._turns = 0.0

    # ------------------------------------------------------------------ the search
    def _hypo(self, s: State, p: int) -> State:
        return s._replace(golem_deck=(), merchant_deck=(), current=p, stage=MAIN, end_triggered=False,
                          finished=False)

    def _children(self, s: State, p: int) -> list[tuple[float, Action, State]]:
        """Every candidate action of ``p`` in hypothetical ``s`` with the state after it (excess discarded
        at least cost) and its one-step value, best first."""
        got = self._cache.get(s)
        if got is not None:
            return got
        began = self.clock()
        out = [self._child(s, p, a) for a in candidate_actions(s)]
        self._unit = max(self._unit, self.clock() - began)
        out.sort(key=lambda t: -t[0])  # stable: ties keep the candidates' order
        if len(self._cache) > 50_000:
            self._cache.clear()
        self._cache[s] = out
        return out

    def _child(self, s: State, p: int, a: Action) -> tuple[float, Action, State]:
        """Action ``a`` of ``p`` in hypothetical ``s``: its one-step value, itself, the state after it."""
        n = apply_action(s, a)
        if n.stage == DISCARD:
            n = apply_action(n, _VALUE._best_discard(n, p))
        n = n._replace(current=p, stage=MAIN, end_triggered=False, finished=False)
        return _seat_vp(n, p, self._turns), a, n

    def _width(self, level: int) -> int | None:
        return self.beam[min(level, len(self.beam) - 1)] if self.beam else None

    def _line(self, s: State, p: int, level: int, depth: int) -> tuple[float, tuple[Action, ...]]:
        """Best score and line from hypothetical ``s`` with ``depth`` own actions left."""
        if self._deadline is not None and self._deadline.passed(self._unit):
            raise _OutOfTime
        children = self._children(s, p)
        if not children:
            return _seat_vp(s, p, self._turns), ()
        width = self._width(level)
        best: tuple[float, tuple[Action, ...]] | None = None
        for v, a, n in children[:width]:
            if depth > 1:
                deeper, rest = self._line(n, p, level + 1, depth - 1)
                # Going on must beat stopping here by more than the turn it costs.
                if deeper - VP_PER_TURN > v:
                    v, line = deeper - VP_PER_TURN, (a, *rest)
                else:
                    line = (a,)
            else:
                line = (a,)
            if best is None or v > best[0] + 1e-9:
                best = (v, line)
        assert best is not None
        return best

    def _ranked(self, state: State, limit: int | None = None, also: Action | None = None) -> list[MoveAnalysis]:
        """Every candidate move (and ``also``, a legal action not among them), best first."""
        p = state.current
        base = self._hypo(state, p)
        # The game's length is taken as it stands: a line that claims a golem brings the end closer for
        # every seat, which is not a reason against it (each extra turn of a line costs VP_PER_TURN instead).
        self._turns = _turns_left(state, p)
        self._cache.clear()
        deadline = Deadline(self.seconds, self.clock)
        self.stopped = False
        self._unit = 0.0
        result: list[MoveAnalysis] = []
        roots = self._children(base, p)
        if also is not None and all(a != also for _v, a, _n in roots):
            roots = [*roots, self._child(base, p, also)]
        for depth in range(1, self.depth + 1):
            # Depth 1 always finishes; a deeper pass that runs out of time is dropped.
            self._deadline = None if depth == 1 else deadline
            moves = []
            for v, a, n in roots:
                if depth > 1:
                    try:
                        deeper, rest = self._line(n, p, 1, depth - 1)
                    except _OutOfTime:
                        moves = []
                        self.stopped = True
                        break
                    line = (a, *rest) if deeper - VP_PER_TURN > v else (a,)
                    v = max(v, deeper - VP_PER_TURN)
                else:
                    line = (a,)
                moves.append(MoveAnalysis(a, v, line))
            if not moves:
                break
            moves.sort(key=lambda m: -m.expected_vp)
            result = moves
            if self.seconds is not None and depth < self.depth and deadline.clock() - deadline.start > self.seconds / 3:
                self.stopped = True   # the next pass would likely not finish in the time left
                break
        return result[:limit] if limit else result

    def choose(self, state: State, rng) -> Action:
        """The action for the seat to act (a random reveal when a card is due)."""
        if chance_pending(state):
            return sample_chance(state, rng)
        if state.stage == DISCARD:
            return _VALUE._best_discard(state, state.current)
        self._cache.clear()
        return self._ranked(state)[0].action

    def explain(self, state: State) -> tuple[Action, str]:
        """The chosen action and the sentence on why (the first move of :meth:`analyse`)."""
        best = self.analyse(state, 1)[0]
        return best.action, best.reason

    def analyse(self, state: State, top: int = 3) -> list[MoveAnalysis]:
        """The ``top`` best moves for the seat to act, with their expected final VP and a reason each.

        Raises
        ------
        CompanionError
            When a card must be revealed or the game is over (no seat chooses then).
        """
        if state.finished:
            raise CompanionError(_("the game is over: there is no move to suggest"))
        if chance_pending(state):
            raise CompanionError(_("a card must be revealed first; bots choose only player actions"))
        p = state.current
        if state.stage == DISCARD:
            a = _VALUE._best_discard(state, p)
            after = apply_action(state, a)
            return [MoveAnalysis(a, expected_final_vp(after)[p], (a,),
                                 _("keeps the crystals worth most for the golem cards on display"))]
        self._cache.clear()
        moves = self._ranked(state, top)
        return [MoveAnalysis(m.action, m.expected_vp, m.line, explain_line(state, m.line)) for m in moves]


# ---------------------------------------------------------------------------------------------- reasons


def _missing(c: tuple[int, ...], cost: tuple[int, ...]) -> tuple[int, int, int, int]:
    m = [max(0, cost[i] - c[i]) for i in range(4)]
    return (m[0], m[1], m[2], m[3])


def _closest_golem(s: State, p: int) -> tuple[int, str, tuple[int, int, int, int]] | None:
    """The golem on display needing the fewest crystal levels more (position, id, what is missing)."""
    best = None
    c = s.caravans[p]
    for pos, gid in enumerate(s.golem_row, 1):
        miss = _missing(c, _G[gid].cost)
        key = (miss[0] + 2 * miss[1] + 3 * miss[2] + 4 * miss[3], -_G[gid].points)
        if best is None or key < best[0]:
            best = (key, pos, gid, miss)
    return None if best is None else best[1:]


def _join(parts: list[str]) -> str:
    return _("; ").join(p for p in parts if p)


def explain_line(state: State, line: Sequence[Action]) -> str:
    """One sentence on why the first action of ``line`` is good, from what the line achieves.

    The sentence names what the move does in the game's words (crystals by colour and count, the golem by
    its VP and cost, the coin it pays) and where the line goes next (the golem it claims, in how many turns;
    else the next move and what the closest golem still lacks *after those two moves*, not after the whole
    line, which the player never sees).
    """
    p = state.current
    hypo = state._replace(golem_deck=(), merchant_deck=())
    first = line[0]
    parts: list[str] = []
    # The move itself is always shown beside this sentence in words that name the card, the crystals lying on
    # it and the coin (describe_at): the sentence says what that brings, without naming them again.
    if isinstance(first, Claim):
        gid = state.golem_row[first.position - 1]
        coin = coin_for_position(state, first.position)
        if coin == "copper":
            parts.append(_("+{vp} VP now, the copper coin's 3 included").format(vp=_G[gid].points + 3))
        elif coin == "silver":
            parts.append(_("+{vp} VP now, the silver coin's 1 included").format(vp=_G[gid].points + 1))
        else:
            parts.append(_("+{vp} VP now").format(vp=_G[gid].points))
    elif isinstance(first, Acquire):
        bonus = state.market_crystals[first.position - 1]
        if any(bonus):
            parts.append(_("its crystals join the caravan now, the card is for later turns"))
        else:
            parts.append(_("the card is for later turns"))
    elif isinstance(first, PlayCard):
        after = apply_action(hypo, first)
        c0, c1 = state.caravans[p], after.caravans[p]
        parts.append(_("turns the caravan from {before} into {after}").format(
            before=crystal_counts_text(c0), after=crystal_counts_text(c1)))
    elif isinstance(first, Rest):
        parts.append(ngettext("takes {n} played card back for the next turns",
                              "takes {n} played cards back for the next turns", len(state.played[p]))
                     .format(n=len(state.played[p])))
    elif isinstance(first, Discard):
        parts.append(_("keeps the crystals worth most for the golem cards on display"))
    # Where the line goes: the golem it claims, or the closest golem after the move.
    s = hypo
    claimed = None
    second_at = named = s
    for k, a in enumerate(line):
        if isinstance(a, Claim) and k > 0:
            claimed = (k, s.golem_row[a.position - 1])
            break
        try:
            s = apply_action(s, a)
        except CompanionError:
            break
        if s.stage == DISCARD:
            s = apply_action(s, _VALUE._best_discard(s, p))
        s = s._replace(current=p, stage=MAIN, end_triggered=False, finished=False)
        if k == 0:
            second_at = s   # the table the line's next move is made at (a row left short: decks hidden)
        if k == min(1, len(line) - 1):
            named = s       # after the moves the sentence names (the move, and "next ..."): what still lacks
    if claimed is not None:
        k, gid = claimed
        if k == 1:
            parts.append(_("it makes {golem} claimable next turn").format(golem=golem_label(gid)))
        else:
            parts.append(_("it leads to claiming {golem} in {n} turns").format(golem=golem_label(gid), n=k + 1))
    elif not isinstance(first, Claim):
        if len(line) > 1:
            parts.append(_("next {move}").format(move=describe_at(second_at, line[1])))
        goal = _closest_golem(named, p)
        if goal is not None:
            pos, gid, miss = goal
            if not any(miss):
                parts.append(_("{golem} at position {position} is then claimable").format(
                    golem=golem_label(gid), position=pos))
            else:
                parts.append(_("{golem} at position {position} then still needs {missing}").format(
                    golem=golem_label(gid), position=pos, missing=crystal_counts_text(miss)))
    return _join(parts)


# ---------------------------------------------------------------------------------------------- review


def hint(state: State, top: int = 3, *, seconds: float | None = 1.0,
         clock: Callable[[], float] = time.perf_counter) -> list[MoveAnalysis]:
    """The ``top`` best moves for the seat to act, each with its expected final VP and why (the search bot's),
    within ``seconds`` (s, read on ``clock``; :class:`SearchBot`)."""
    return SearchBot(seconds=seconds, clock=clock).analyse(state, top)


def review(states: Sequence[State], actions: Sequence[Action], *, per_seat: int = 3,
           seconds: float | None = 0.3) -> Review:
    """Expected final VP after every player move of a game and each seat's ``per_seat`` biggest drops.

    Parameters
    ----------
    states : sequence of State
        The states of the game, ``states[i + 1] = apply_action(states[i], actions[i])``.
    actions : sequence of Action
        The actions (reveals included; they are not moves and get no point of their own).
    per_seat : int
        Drops marked per seat.
    seconds : float or None
        Search time per analysed drop (s).

    Returns
    -------
    Review
        ``values[k]``: every seat's expected final VP after the k-th player move (``values[0]`` before the
        first), ``movers[k]``/``actions[k]``: who made move k+1 and what. A drop is the fall of the mover's
        expected final VP relative to the best move the search found at that point; the moves a one-step
        search rates worst are searched to the full depth, and a drop is kept only when that search
        prefers a move with another effect (a different state after it) to the one made.
    """
    if len(states) != len(actions) + 1:
        raise CompanionError(_("a review needs one more state than actions ({states} states, {actions} actions)")
                             .format(states=len(states), actions=len(actions)))
    n = states[0].n_players
    out = Review(n)
    bot = SearchBot(depth=1, seconds=None)
    candidates: list[tuple[float, int, int]] = []  # (loss one step on, move index, index into actions)
    current = expected_final_vp(states[0])
    out.values.append(current)
    for i, a in enumerate(actions):
        s = states[i]
        if not is_move(s):   # a reveal (the same moves companion.century.describe.move_states counts)
            continue
        # Value a move once its reveals are done (the reveals are not the mover's doing).
        j = i + 1
        while j < len(states) - 1 and chance_pending(states[j]):
            j += 1
        value = expected_final_vp(states[j])
        p = s.current
        if s.stage != DISCARD:
            ranked = bot._ranked(s, also=a)
            played = next(m.expected_vp for m in ranked if m.action == a)
            candidates.append((ranked[0].expected_vp - played, len(out.actions), i))
        out.values.append(value)
        out.movers.append(p)
        out.actions.append(a)
    deep = SearchBot(seconds=seconds)
    for seat in range(n):
        mine = sorted((c for c in candidates if states[c[2]].current == seat and c[0] > 0.05), key=lambda c: -c[0])
        found: list[Drop] = []
        # The one-step pass only picks the moves to look at: the loss and the preferred move both come from
        # the deeper search, which may find the move made was right after all. A move is known by what it
        # does (the state after it), so a preferred move is never the one made, nor the same move written
        # another way (another payment order of an acquisition).
        for _loss, k, i in mine[:per_seat + 2]:
            s, a = states[i], actions[i]
            after = apply_action(s, a)
            ranked = deep._ranked(s, also=a)
            played = max(m.expected_vp for m in ranked if apply_action(s, m.action) == after)
            best = next((m for m in ranked if apply_action(s, m.action) != after), None)
            if best is not None and best.expected_vp - played > 0.05:
                found.append(Drop(k + 1, seat, a, best.expected_vp - played, best.action,
                                  explain_line(s, best.line)))
        found.sort(key=lambda d: -d.loss)
        out.drops.extend(found[:per_seat])
    out.drops.sort(key=lambda d: d.move)
    return out
