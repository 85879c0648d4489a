"""The search bot of Terra Mystica, its evaluation in VP, and the coach built on it (hint, review; issue 20).

API summary (stable)
--------------------
``expected_final_vp(state) -> tuple[float, ...]``
    Every faction's expected final VP (seat order): the greedy bot's value of its position
    (:func:`companion.terra_mystica.bots.evaluate`: VP now + cult, network and resource scoring as they
    stand + what resources, income, buildings, shipping / digging and power tokens are worth over the
    rounds left), corrected by :data:`CALIBRATION` so that it reads as the VP the faction ends with.
    Exact (the final VP) once the game is over.
``SearchBot(width=8, seconds=1.0, plies=None, seed=0, rivals=1.0, rounds=1)``
    ``name = "search"``; ``choose(state, rng, seat=None) -> Action``; ``analyse(state, top=3)``.
``MoveAnalysis``: ``action``, ``expected_vp`` (the mover's expected final VP at the end of the line),
    ``rival_vp`` (the best other faction's),
    ``line`` (``(faction, action)`` pairs of the line, this move first), ``reason`` (one sentence).
``hint(state, top=3, seconds=1.0) -> list[MoveAnalysis]``   the best moves for the faction to act.
``review(states, actions, per_seat=3, seconds=0.3) -> companion.coach.Review``
    Every faction's expected final VP after each move of a game and each one's three biggest drops, with
    the move the search preferred there (never the move made) and why.

How the search works
--------------------
Every legal row of the faction to act, and every row that conversions in front of an action would afford
(the greedy bot's candidates, :func:`companion.terra_mystica.bots.conversion_rows`), is applied and valued
by :func:`expected_final_vp`; the ``width`` best are searched further, and the greedy bot's own move always
(so the search looks at least at what greedy would do). Each of those is followed by a
**greedy playout**: every faction (this one too) plays the greedy bot's move, ply after ply, up to the end
of the round (``rounds=1``; ``rounds=2``: of the next round; a round's end is where income, round scoring and
cult bonuses settle) or ``plies`` decisions. A position's greedy move is worked out once and kept (by the
setup and the actions so far): the next search follows the line of the move played again, for the cost of
the look-ups.
The move whose playout leaves the faction the biggest lead in expected final VP over the best other faction is
chosen (``rivals=1``; in 2-player games against the greedy bot this won 16 of 20 where its own VP alone won 9
of 17: a row that feeds the rival power or takes its spot counts). The playouts grow one
ply at a time for all candidates together, so a time cap (``seconds``) only stops them at a shorter,
common horizon; the answer is that of the longest horizon every candidate reached. Every stage keeps to the
cap (:class:`companion.coach.Deadline`, checked before each candidate valued and each playout move, with
the longest such unit timed so far as a margin, so none is started that would end past the cap): on a
slow or loaded machine the first step values fewer candidates (the greedy move first, so there is always
an answer), and a hint's second search (close moves a round further) only runs in the time left. Terra Mystica has no
hidden information once set up, so nothing is sampled: the greedy bots' ties are broken by a generator
seeded from ``seed`` and the position (the number of actions so far), never from a clock.

The defaults were chosen on the strength benchmark's first 60 games against the greedy bot
(``benchmarks/bot_strength.py``, seed 20, 1 s cap, seats alternated, a 2-core machine at load 9-12;
2026-12-02): 8 wide, to the round's end, the greedy move always played out: 47 / 60 (78 %, 95 % interval
66-87 %), 18.6 s a game; 5 wide: 45 / 60 (75 %), 17.4 s a game; 5 wide to the end of the next round
(``rounds=2``): 11 / 19 (58 %) at 32 s a game (stopped there: it took twice the time and was no stronger;
under this load the 1 s cap already cuts the round-end playouts in 30 % of the moves); ``rivals=0.5``: 16 / 22 where 5 wide with ``rivals=1`` won 18 of the same 22. Before the
greedy move was always played out (5 wide): 61 / 89 (69 %) on the same deals.

Rules source: the rulebook's end scoring (cult and network prizes, resources to VP) and income, as the engine
implements them (:func:`companion.terra_mystica.engine.score`).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from companion.coach import MIN_LOSS, Deadline, Drop, Review, biggest_drops, signed
from companion.errors import CompanionError, IllegalActionError, RecordError
from companion.i18n import gettext as _
from companion.i18n import ngettext, pgettext
from companion.terra_mystica import game
from companion.terra_mystica.bots import GreedyBot, _rounds_of_income_left, conversion_rows, evaluate
from companion.terra_mystica.describe import bonus_tile_edge
from companion.terra_mystica.engine import CULT_TRACKS

__all__ = ["CALIBRATION", "expected_final_vp", "SearchBot", "MoveAnalysis", "hint", "review", "candidates",
           "explain_line", "decision"]

CALIBRATION = {6: -11.0, 5: -10.9, 4: -13.3, 3: -13.4, 2: -9.7, 1: -5.0, 0: 1.1}
"""VP added to :func:`~companion.terra_mystica.bots.evaluate` by income phases still to come: the mean of
(final VP - value) over every faction and decision of 12 two-player greedy games (seeds 0-11, random
factions, base map; 1,152 points; the spread is 4 VP with no round left, 9-15 VP earlier)."""

def expected_final_vp(state: game.GameState) -> tuple[float, ...]:
    """Every faction's expected final VP, in seat order.

    Parameters
    ----------
    state : companion.terra_mystica.game.GameState
        A state whose factions are seated (the engine's game is made).

    Returns
    -------
    tuple of float
        One per seat, in VP: :func:`companion.terra_mystica.bots.evaluate` (VP so far + the end scoring as
        it stands + resources, income, buildings, levels and power tokens over the rounds left) plus
        :data:`CALIBRATION` for the rounds left. Once the game is over, the final VP exactly.

    Raises
    ------
    CompanionError
        Before every seat has picked its faction (there is no position to value yet).

    Examples
    --------
    >>> from companion.terra_mystica import game
    >>> s = game.new_game(["witches", "nomads"], options=(), round_tiles=["SCORE1", "SCORE2", "SCORE3",
    ...                    "SCORE4", "SCORE5", "SCORE6"], removed_bonus=["BON1", "BON2", "BON3", "BON4"])
    >>> [round(v) for v in expected_final_vp(s)]
    [51, 58]
    """
    g = state.game
    if g is None:
        raise CompanionError(_("no position to value yet: every seat must pick a faction first"))
    if g.phase == "over":
        return tuple(float(g.factions[f].vp) for f in g.seats)
    correction = CALIBRATION[_rounds_of_income_left(g)]
    return tuple(evaluate(g, f) + correction for f in g.seats)


def _values(state: game.GameState, faction: str) -> tuple[float, float]:
    """(``faction``'s expected final VP, the best other faction's) in VP; a solo game's rival scores 0."""
    vp = expected_final_vp(state)
    i = state.game.seats.index(faction)
    return vp[i], max((v for k, v in enumerate(vp) if k != i), default=0.0)


def candidates(state: game.GameState) -> list[game.Action]:
    """The rows the search considers for the faction to act: every legal row, then every row conversions in
    front of an action afford (:func:`~companion.terra_mystica.bots.conversion_rows`, not yet checked).

    Parameters
    ----------
    state : companion.terra_mystica.game.GameState
        A state with the game made and a faction to act.

    Returns
    -------
    list of companion.terra_mystica.game.Action
        Legal rows first, in :func:`~companion.terra_mystica.game.legal_actions` order.
    """
    legal = game.legal_actions(state)
    if not legal or state.game is None or not isinstance(legal[0], game.Action):
        return list(legal)
    faction = legal[0].faction
    extra = conversion_rows(state.game, faction, [a.text for a in legal], checked=False)
    return list(legal) + [game.Action.parse(faction, text) for text in extra]


OFFER_VERBS = frozenset({"leech", "decline"})


def decision(action: Any) -> str:
    """The decision a row answers: ``"offer"`` for an answer to a power offer (a row with ``leech`` or
    ``decline``), else ``"move"``.

    When a faction is offered power for a neighbour's building, its only choices are to take the power or to
    decline it (RULES-NOTES section 6, `leech` / `decline`), so a review compares such an
    answer only with the other answer, never with a turn's action.

    Parameters
    ----------
    action : companion.terra_mystica.game.Action or chance
        A row (a chance draw or anything else is a ``"move"``).

    Returns
    -------
    str
        ``"offer"`` or ``"move"``.

    Examples
    --------
    >>> decision(game.Action.parse("witches", "leech 1 from cultists"))
    'offer'
    >>> decision(game.Action.parse("witches", "build H6"))
    'move'
    """
    commands = getattr(action, "commands", ())
    return "offer" if any(verb in OFFER_VERBS for verb, _args in commands) else "move"


@dataclass(frozen=True)
class MoveAnalysis:
    """One move the search looked at.

    Attributes
    ----------
    action : companion.terra_mystica.game.Action
        The move.
    expected_vp : float
        The mover's expected final VP at the end of the move's line (VP).
    rival_vp : float
        The best other faction's expected final VP there (VP).
    line : tuple of (str, Action)
        The line: this move, then the greedy playout's moves (faction, action), up to the horizon.
    reason : str
        One sentence on why, drawn from the line ("" until :func:`explain_line` fills it).
    states : tuple of GameState
        The state after each move of ``line`` (as long as ``line``; empty when not kept), so the reason is
        written without replaying the line.
    """

    action: Any
    expected_vp: float
    line: tuple[tuple[str, Any], ...]
    reason: str = ""
    rival_vp: float = 0.0
    states: tuple = field(default=(), repr=False, compare=False)


@dataclass
class _Playout:
    action: Any
    states: list          # the state after each move of the line
    line: list
    value: tuple[float, float]
    done: bool = False

    @property
    def state(self) -> game.GameState:
        return self.states[-1]

    def analysis(self, value: tuple[float, float], plies: int) -> MoveAnalysis:
        """The move's analysis with its line cut to ``plies`` moves (the horizon every playout reached)."""
        return MoveAnalysis(self.action, value[0], tuple(self.line[:plies]), rival_vp=value[1],
                            states=tuple(self.states[:plies]))


_CACHE_SIZE = 20000
"""Positions whose greedy move a :class:`SearchBot` keeps (a 2-player game has about 300 decisions; a search
visits a few hundred positions a move)."""


NEAR = 1
"""Moves whose values (VP of lead over the best rival) are less than this apart are too close to call: the
value is the greedy bot's weights corrected on average (:data:`CALIBRATION`); it reads a power token, a
coin or a worker to a fraction of a VP, with no claim to that precision."""

FIRST_SHARE = 0.6
"""The share of a hint's time cap its first search has; the rest searches close moves a round further."""

REASONS_SHARE = 0.05
"""The share of a hint's time cap kept for writing the reasons once the search is done (a hint's sentences
read the lines' states: on a loaded machine about 0.04 s of a 1 s cap)."""

DEEPER_MIN = 0.1
"""Seconds a hint must have left to search close moves a round further (less would not reach a new ply)."""


class SearchBot:
    """Greedy playouts from the best one-step moves, scored in expected final VP (module docstring).

    Parameters
    ----------
    width : int
        One-step-best moves followed by a playout (the others keep their one-step value).
    seconds : float or None
        Time cap of one move (s): the playouts stop growing once it is spent (the answer is that of the
        longest horizon all of them reached). ``None``: no cap, the choice depends only on the position.
    plies : int or None
        Longest playout (decisions, any faction's); ``None``: up to the horizon ``rounds``.
    seed : int
        Seeds the playouts' tie-breaks (with the number of actions so far).
    rivals : float
        Weight of the best other faction's expected final VP in the choice (0: the faction's own VP alone;
        1: its lead over the best rival).
    rounds : int
        Horizon of the playouts in round ends: 1, to the end of this round; 2, to the end of the next one.
    clock : callable returning float
        The clock the cap is read on (s; :func:`time.perf_counter`). Every stage checks the cap before each
        unit of work (a candidate valued one step on, one playout move), so a search ends within ``seconds``
        only by what the last unit took beyond the longest one timed before it (a unit is not started when
        the time left is shorter than that); at least the first candidate (the greedy bot's move) is always
        valued.

    Attributes
    ----------
    stopped : bool
        Whether the cap cut the last search short (candidates left unvalued, or playouts short of the
        horizon).

    Examples
    --------
    >>> import random
    >>> from companion.terra_mystica import game
    >>> s = game.new_game(["witches", "nomads"], options=(), round_tiles=["SCORE1", "SCORE2", "SCORE3",
    ...                    "SCORE4", "SCORE5", "SCORE6"], removed_bonus=["BON1", "BON2", "BON3", "BON4"])
    >>> a = SearchBot(seconds=None, plies=2).choose(s, random.Random(0))
    >>> a in game.legal_actions(s)
    True
    """

    name = "search"

    def __init__(self, width: int = 8, seconds: float | None = 1.0, plies: int | None = None, seed: int = 0,
                 rivals: float = 1.0, rounds: int = 1, clock: Callable[[], float] = time.perf_counter) -> None:
        self.width = width
        self.clock = clock
        self.stopped = False
        self._unit = 0.0   # the longest unit of work (a candidate valued, a playout move) of this search (s)
        self.rivals = rivals
        self.seconds = seconds
        self.plies = plies
        self.seed = seed
        self.rounds = rounds
        self._greedy = GreedyBot()
        self._moves: dict[tuple, Any] = {}   # the greedy move of a position (state key): see _greedy_move

    def _greedy_move(self, state: game.GameState) -> Any:
        """The greedy bot's move in ``state``, its ties broken by a generator seeded from ``seed`` and the
        number of actions so far, so it depends on the position alone and is worked out once: the playout
        of the move played last time passes again through the positions it reached (up to
        ``_CACHE_SIZE`` positions are kept)."""
        key = (state.seats, state.options, state.round_tiles, state.removed_bonus, state.map_name,
               state.seated, state.history)
        move = self._moves.get(key)
        if move is None:
            if len(self._moves) >= _CACHE_SIZE:
                self._moves.clear()
            rng = random.Random(f"{self.seed}:{len(state.history)}")
            move = self._moves[key] = self._greedy.choose(state, rng, game.current_player(state))
        return move

    def _key(self, value: tuple[float, float]) -> float:
        return value[0] - self.rivals * value[1]

    def _one_step(self, state: game.GameState, like: Any = None, deadline: Deadline | None = None,
                  first: Any = None, minimum: int = 1) -> list[tuple[tuple[float, float], Any, game.GameState]]:
        """The candidates valued one move on, best first; only those of the same decision as ``like``
        (:func:`decision`) when it is given. ``first`` (the greedy move) is valued first; once ``deadline``
        passes, the candidates not yet valued are left out (``minimum`` at least are valued: a hint of three
        moves shows three even on a starved machine)."""
        rows = candidates(state)
        if first is not None and first in rows:
            rows.remove(first)
            rows.insert(0, first)
        out = []
        for a in rows:
            if like is not None and decision(a) != decision(like):
                continue
            if len(out) >= minimum and deadline is not None and deadline.passed(self._unit):
                deadline.stopped = True
                break
            began = self.clock()
            try:
                after = game.apply_action(state, a)
            except (IllegalActionError, RecordError):
                continue  # a conversion row that the engine refuses (its cost was measured, not checked)
            out.append((_values(after, a.faction), a, after))
            self._unit = max(self._unit, self.clock() - began)
        out.sort(key=lambda t: -self._key(t[0]))  # stable: ties keep the candidates' order
        return out

    def _grow(self, p: _Playout, faction: str, last_round: int) -> None:
        """One more playout move (the greedy bot's, any faction's); done once ``last_round`` is over."""
        s = p.state
        if game.is_terminal(s) or s.game.round > last_round:
            p.done = True
            return
        a = self._greedy_move(s)
        p.states.append(game.apply_action(s, a))
        p.line.append((s.game.seats[game.current_player(s)], a))
        p.value = _values(p.state, faction)
        if game.is_terminal(p.state) or p.state.game.round > last_round:
            p.done = True

    def _follow(self, state: game.GameState, action: Any, after: game.GameState, plies: int) -> MoveAnalysis:
        """``action`` (made in ``state``, giving ``after``) followed by at most ``plies`` playout moves."""
        p = _Playout(action, [after], [(action.faction, action)], _values(after, action.faction))
        for _ply in range(plies):
            if p.done:
                break
            self._grow(p, action.faction, state.game.round + self.rounds - 1)
        return p.analysis(p.value, len(p.line))

    def _deadline(self) -> Deadline:
        """A new cap of :attr:`seconds` on :attr:`clock`."""
        return Deadline(self.seconds, self.clock)

    def _ranked(self, state: game.GameState, like: Any = None, deadline: Deadline | None = None,
                minimum: int = 1) -> list[MoveAnalysis]:
        """Every candidate valued (of the decision ``like`` answers, when given), the searched ones first, best
        first, within ``deadline`` (a new cap of :attr:`seconds` when not given; ``self.stopped`` says
        whether it cut the search short); at least ``minimum`` candidates are valued whatever the cap."""
        deadline = deadline or self._deadline()
        self._unit = 0.0
        greedy = None
        if self.width > 0:   # the greedy bot's own move is valued first and always played out
            greedy = self._greedy_move(state)
        ranked = self._one_step(state, like, deadline, greedy, minimum)
        if not ranked:
            return []
        searched = ranked[:self.width]
        searched += [t for t in ranked[self.width:] if t[1] == greedy]
        moves = self._play_out([(a, after) for _v, a, after in searched], state.game.round + self.rounds - 1,
                               deadline)
        self.stopped = deadline.stopped
        # The moves not played out come after (valued one step on: another horizon, not comparable).
        return moves + [MoveAnalysis(a, v[0], ((a.faction, a),), rival_vp=v[1], states=(after,))
                        for v, a, after in ranked if all(a != m.action for m in moves)]

    def _play_out(self, searched: Sequence[tuple[Any, game.GameState]], last_round: int,
                  deadline: Deadline) -> list[MoveAnalysis]:
        """Greedy playouts of the moves ``searched`` ((move, state after it) pairs), grown a ply at a time
        together up to the end of round ``last_round`` (or :attr:`plies`), best first. The cap is checked
        before every playout move; a ply it cuts is dropped: the answer is that of the longest horizon every
        playout reached."""
        if not searched:
            return []
        faction = searched[0][0].faction
        playouts = [_Playout(a, [after], [(faction, a)], _values(after, faction)) for a, after in searched]
        values = [p.value for p in playouts]
        plies = [1] * len(playouts)
        ply = 0
        while not all(p.done for p in playouts) and (self.plies is None or ply < self.plies):
            for p in playouts:
                if p.done:
                    continue
                if deadline.passed(self._unit):
                    deadline.stopped = True
                    break
                began = self.clock()
                self._grow(p, faction, last_round)
                self._unit = max(self._unit, self.clock() - began)
            else:
                ply += 1
                values = [p.value for p in playouts]
                plies = [len(p.line) for p in playouts]
                continue
            break
        moves = [p.analysis(v, n) for p, v, n in zip(playouts, values, plies, strict=True)]
        moves.sort(key=lambda m: -self._key((m.expected_vp, m.rival_vp)))
        return moves

    def choose(self, state: game.GameState, rng: random.Random, seat: int | None = None) -> Any:
        """The move for the seat to act: a chance draw from ``rng``, a random faction pick (no position to
        value yet), else the search's best row.

        Raises
        ------
        CompanionError
            When nothing is legal (the game is over).
        """
        if game.current_player(state) == game.CHANCE:
            return game.sample_chance(state, rng)
        legal = game.legal_actions(state)
        if not legal:
            raise CompanionError(_("search bot: no legal action (is the game over?)"))
        if state.game is None:
            return rng.choice(legal)
        if len(legal) == 1 and not conversion_rows(state.game, legal[0].faction, [legal[0].text], checked=False):
            return legal[0]
        return self._ranked(state)[0].action

    def analyse(self, state: game.GameState, top: int | None = 3) -> list[MoveAnalysis]:
        """The ``top`` best moves for the faction to act, each with its expected final VP and a reason.

        When two moves shown are less than :data:`NEAR` VP of lead apart, all of them are searched a round
        further (a playout to the end of the next round; the first search has :data:`FIRST_SHARE` of
        :attr:`seconds`, this one the rest), and ranked by that; a move still within :data:`NEAR` VP of the
        best says so in its reason (the search cannot tell them apart).

        Raises
        ------
        CompanionError
            When the game is over, a setup tile must be drawn, or factions are still being picked.
        """
        if game.is_terminal(state):
            raise CompanionError(_("the game is over: there is no move to suggest"))
        if game.current_player(state) == game.CHANCE or state.game is None:
            raise CompanionError(_("the setup is not finished: the hint starts once every faction is seated"))
        deadline = self._deadline().part(1 - REASONS_SHARE)   # the search's part; the rest writes the reasons
        moves = _distinct(self._ranked(state, deadline=deadline.part(FIRST_SHARE), minimum=top or 1))
        stopped = self.stopped
        shown = moves[:top] if top else moves
        if top and any(self._close(shown[k:k + 2]) for k in range(len(shown) - 1)):
            left = deadline.left()
            if left is None or left > max(DEEPER_MIN, len(shown) * self._unit):   # a ply of every one
                deeper = self._play_out([(m.action, m.states[0]) for m in shown], state.game.round + self.rounds,
                                        deadline)
                longer = {m.action: len(m.line) for m in deeper}
                if all(longer[m.action] >= len(m.line) for m in shown):   # it got further for every one
                    shown = deeper
            else:
                deadline.stopped = True
        self.stopped = stopped or deadline.stopped
        out = []
        tiles = {k: _bonus_taken(m.action) for k, m in enumerate(shown)}
        for k, m in enumerate(shown):
            reason = explain_line(state, m.line, m.states)
            reason = _with_bonus_edge(reason, tiles[k], [code for j, code in tiles.items() if code and j != k])
            if k > 0 and self._close([shown[0], m]):
                reason = _("; ").join([reason, _("as good as move 1 within {near} VP: the search cannot tell them "
                                                 "apart").format(near=NEAR)])
            elif k == 0 and len(shown) > 1 and self._close(shown[:2]):
                reason = _("; ").join([reason, _("move 2 is as good within {near} VP: the search cannot tell them "
                                                 "apart").format(near=NEAR)])
            out.append(replace(m, reason=reason))
        return out

    def _close(self, moves: Sequence[MoveAnalysis]) -> bool:
        """Whether the best and the worst of ``moves`` are less than :data:`NEAR` VP (of the ranking's value)
        apart."""
        keys = [self._key((m.expected_vp, m.rival_vp)) for m in moves]
        return len(keys) > 1 and max(keys) - min(keys) < NEAR


# ---------------------------------------------------------------------------------------------- reasons


def position_key(after: game.GameState) -> tuple:
    """What a move changes, as a value: every faction's totals, buildings, tracks and tiles, the phase and
    turn order, whose turn is open and whether it is complete, the map's colours, bridges and river
    connections, the power actions taken and the power offers (two spellings of one move, ``action ACT5.
    build H4`` and ``action ACT5. transform H4. build H4``, give equal keys).

    Parameters
    ----------
    after : companion.terra_mystica.game.GameState
        The state after the move (its game made).

    Returns
    -------
    tuple
        Hashable; equal for two states that differ only in the words of the rows that led to them.
    """
    g = after.game
    ts = g.townstate
    return (repr(g.summary()), tuple(sorted(g.colour.items())), g.turn.faction, g.turn_complete(),
            repr(ts.bridges), repr(ts.connections), repr(sorted(g.used_actions)), repr(g.offers))


def _distinct(moves: Sequence[MoveAnalysis]) -> list[MoveAnalysis]:
    """``moves`` with each position reached once: of two moves that lead to the same position
    (:func:`position_key`) the first, best ranked, is kept (a hint shows three different moves)."""
    seen: set = set()
    out = []
    for m in moves:
        key = position_key(m.states[0])
        if key not in seen:
            seen.add(key)
            out.append(m)
    return out


def _bonus_taken(action: Any) -> str | None:
    """The bonus tile a move passes for (``"BON5"``), or None."""
    return next((args[0] for verb, args in getattr(action, "commands", ()) if verb == "pass" and args[0]), None)


def _with_bonus_edge(reason: str, code: str | None, others: Sequence[str]) -> str:
    """``reason`` led by what bonus tile ``code`` gives that ``others`` do not (bonus tiles side by side: the
    round's income they share does not tell them apart); ``reason`` alone when either is missing."""
    if not code or not others:
        return reason
    tiles = pgettext("list separator", ", ").join(others)
    edge = bonus_tile_edge(code, others)
    lead = (_("unlike {tiles}: {edge}").format(tiles=tiles, edge=pgettext("clause separator", ", ").join(edge))
            if edge else _("nothing that {tiles} do not give").format(tiles=tiles))
    return _("; ").join([lead, reason])


_ANSWERS = ("leech", "decline")
"""Verbs of an answer to a power offer: not a turn of the faction's own (the sentence's "next" skips them)."""


def _view(state: game.GameState, faction: str) -> dict:
    return state.game.summary()["factions"][faction]


def _count(view: dict, kind: str) -> int:
    return sum(1 for k in view["buildings"].values() if k == kind)


def _named_tracks(move: Any) -> set[str]:
    """The cult tracks the row ``move`` names (``send p to WATER``, ``+AIR``): its own words say those steps."""
    words = set(getattr(move, "text", "").upper().replace(".", " ").replace("+", " ").split())
    return words & set(CULT_TRACKS)


def _changes(before: dict, after: dict, move: Any = None, *, said: bool = True) -> list[str]:
    """What a faction's position gained between two summaries, in words (towns, favour and bonus tiles,
    buildings, coins / workers / priests and cult steps gained, levels). A tile the row ``move`` names, and
    (``said``) the steps on a cult track it names, are left out: the move's own words
    (:func:`~companion.terra_mystica.describe.describe_action`) already say them."""
    from companion.terra_mystica.describe import CODE_PATTERN, amounts_text, building_name, explain_code

    named = set(CODE_PATTERN.findall(getattr(move, "text", "").upper()))
    tracks = _named_tracks(move) if said else set()
    parts = []
    for town in after["towns"][len(before["towns"]):]:
        parts.append(_("founds a town") if town in named
                     else _("founds a town ({tile})").format(tile=f"{town}: {explain_code(town)}"))
    for fav in after["favors"][len(before["favors"]):]:
        if fav not in named:
            parts.append(_("takes {tile}").format(tile=f"{fav}: {explain_code(fav)}"))
    if after["bonus"] and after["bonus"] != before["bonus"] and after["bonus"] not in named:
        parts.append(_("takes {tile}").format(tile=f"{after['bonus']}: {explain_code(after['bonus'])}"))
    for kind in ("SA", "SH", "TE", "TP", "D"):
        gained = _count(after, kind) - _count(before, kind)
        if gained > 0:
            parts.append(ngettext("{n} more {building}", "{n} more {building}", gained).format(
                n=gained, building=building_name(kind)))
    gained = {k: after[k] - before[k] for k in ("C", "W", "P", *CULT_TRACKS) if after[k] > before[k]
              and k not in tracks}
    if gained:
        parts.append(amounts_text(gained, signed=True))
    if after["ship"] > before["ship"]:
        parts.append(_("shipping level {level}").format(level=after["ship"]))
    if after["dig"] > before["dig"]:
        parts.append(_("digging level {level}").format(level=after["dig"]))
    return parts


def _transform_clauses(before: game.GameState, after: game.GameState, faction: str, move: Any) -> list[str]:
    """What a transform of ``move`` to a terrain other than the faction's home is for: a step towards home
    (the hex is that many spades nearer to it) or, when it is not, the terrain it leaves the hex at (rulebook
    terraforming: the terrain wheel's distance in spades)."""
    from companion.terra_mystica.names import terrain_name

    g, f = after.game, after.game.factions[faction]
    home = f.picked or f.home
    parts = []
    for verb, args in getattr(move, "commands", ()):
        if verb != "transform" or args[1] is None or args[1] == home:
            continue
        hex_label = args[0]
        was, now = before.game.colour.get(hex_label), g.colour.get(hex_label)
        try:
            left = g.spades_needed(f, now, home)
            nearer = was is not None and left < g.spades_needed(f, was, home)
        except IllegalActionError:
            continue
        clause = (ngettext("a step towards home: {hex} is {n} spade from {home} now",
                           "a step towards home: {hex} is {n} spades from {home} now", left) if nearer
                  else ngettext("no step towards home: {hex} is {n} spade from {home}",
                                "no step towards home: {hex} is {n} spades from {home}", left))
        parts.append(clause.format(hex=hex_label, n=left, home=terrain_name(home)))
    return parts


def _spent(before: dict, after: dict) -> dict[str, int]:
    """Coins, workers and priests a move paid (positive amounts)."""
    return {k: before[k] - after[k] for k in ("C", "W", "P") if after[k] < before[k]}


def explain_line(state: game.GameState, line: Sequence[tuple[str, Any]], after: Sequence[game.GameState] = ()) -> str:
    """One sentence on why the first move of ``line`` is good, from what the line achieves.

    Parameters
    ----------
    state : companion.terra_mystica.game.GameState
        The position the line starts from.
    line : sequence of (str, Action)
        The move, then the playout's moves (any faction's), as :class:`MoveAnalysis` holds them.
    after : sequence of GameState
        The state after each move of ``line`` when known (:attr:`MoveAnalysis.states`); else the line is
        replayed.

    Returns
    -------
    str
        The VP the move scores now and what it gains (a town, a favour or bonus tile, buildings, levels), the
        faction's next move in the line and what that gains, and the VP by the line's end.
    """
    from companion.terra_mystica.describe import amounts_text, describe_choice

    faction = line[0][0]
    states = [state, *after] if len(after) == len(line) else [state]
    for _f, a in line[len(states) - 1:]:
        states.append(game.apply_action(states[-1], a))
    first = _view(states[0], faction)
    now = _view(states[1], faction)
    parts = []
    vp_now = now["VP"] - first["VP"]
    gains = _changes(first, now, line[0][1])
    if vp_now > 0:
        gains.insert(0, ngettext("+{n} VP now", "+{n} VP now", vp_now).format(n=vp_now))
    towards = _transform_clauses(states[0], states[1], faction, line[0][1])
    spent = _spent(first, now)
    if towards and spent:   # the transform's cost said with what it buys
        towards.append(_("spends {amounts}").format(amounts=amounts_text(spent)))
    gains += towards
    if gains:
        parts.append(pgettext("clause separator", ", ").join(gains))
    elif line[0][1].commands[0][0] in _ANSWERS:   # a power offer answered: what it takes or keeps, not "resources"
        verb, (amount, _giver) = line[0][1].commands[0]
        if verb == "decline":
            parts.append(_("keeps its VP and gives up the power"))
        elif vp_now < 0:
            parts.append(ngettext("takes {n} power now, {vp} VP", "takes {n} power now, {vp} VP", amount)
                         .format(n=amount, vp=signed(vp_now, 0)))
        else:
            parts.append(ngettext("takes {n} power now, free", "takes {n} power now, free", amount).format(n=amount))
    elif not _named_tracks(line[0][1]):   # a cult step the move names is a gain its words already say
        # paid for nothing seen yet: the trade-off, in words
        parts.append(_("spends {amounts} now for later").format(amounts=amounts_text(spent)) if spent
                     else _("keeps its resources for later"))
    own = [k for k, (f, a) in enumerate(line) if f == faction and k > 0 and a.commands[0][0] not in _ANSWERS]
    if own:
        k = own[0]
        turns_later = _view(states[k], faction)
        after_next = _view(states[k + 1], faction)
        nxt = _changes(turns_later, after_next, line[k][1])
        vp = after_next["VP"] - turns_later["VP"]
        if vp > 0:
            nxt.insert(0, ngettext("+{n} VP", "+{n} VP", vp).format(n=vp))
        # the next move's sub-commands as one clause (a comma between them: the sentence's "; " separates
        # its clauses, and "next: burn 1 power; take ACT6; transform E6" read as three)
        move = pgettext("clause separator", ", ").join(describe_choice(verb, args) for verb, args in line[k][1].commands)
        parts.append(_("next: {move} ({gains})").format(move=move, gains=pgettext("clause separator", ", ").join(nxt))
                     if nxt else _("next: {move}").format(move=move))
    end = states[-1]
    if len(line) > 1:
        got = _view(end, faction)["VP"] - first["VP"]
        if game.is_terminal(end):
            parts.append(_("the game ends with {vp} VP").format(vp=_view(end, faction)["VP"]))
        elif got:
            parts.append(ngettext("{n} VP in all by the line's end ({plies} move on)",
                                  "{n} VP in all by the line's end ({plies} moves on)", len(line) - 1)
                         .format(n=signed(got, 0), plies=len(line) - 1))   # a loss with the minus sign −
    if not parts:   # nothing beyond the move's own cult steps: say them (a reason is never empty)
        parts.append(pgettext("clause separator", ", ").join(_changes(first, now, line[0][1], said=False)))
    return _("; ").join(parts)


# ---------------------------------------------------------------------------------------------- coach


def hint(state: game.GameState, top: int = 3, *, seconds: float | None = 1.0,
         clock: Callable[[], float] = time.perf_counter) -> list[MoveAnalysis]:
    """The ``top`` best moves for the faction to act, each with its expected final VP and why.

    Parameters
    ----------
    state : companion.terra_mystica.game.GameState
        A position with a faction to act (the setup done).
    top : int
        How many moves.
    seconds : float or None
        The search's time cap (s): every stage of the search keeps to it (:class:`SearchBot`).
    clock : callable returning float
        The clock the cap is read on (s).

    Returns
    -------
    list of MoveAnalysis
        Best first (:meth:`SearchBot.analyse`).

    Raises
    ------
    CompanionError
        When the game is over or its setup is not finished.
    """
    return SearchBot(seconds=seconds, clock=clock).analyse(state, top)


def _mover(state: game.GameState) -> int | None:
    if state.game is None or game.is_terminal(state):
        return None
    seat = game.current_player(state)
    return None if seat == game.CHANCE else seat


def review(states: Sequence[game.GameState], actions: Sequence[Any], *, per_seat: int = 3,
           seconds: float | None = 0.3) -> Review:
    """Every faction's expected final VP after each move of a game and each one's biggest drops.

    Parameters
    ----------
    states : sequence of GameState
        The states of the game, ``states[i + 1] = apply_action(states[i], actions[i])``.
    actions : sequence
        The actions (setup tile draws and faction picks included: they are not reviewed).
    per_seat : int
        Drops marked per faction.
    seconds : float or None
        Search time per drop checked (s).

    Returns
    -------
    companion.coach.Review
        ``values[k]``: every faction's expected final VP after the k-th reviewed move (``values[0]``: once
        the factions are seated). A drop is a move whose line, searched as the hint searches, ends with less
        expected final VP than the line of the move the search preferred among the moves of the same
        decision (:func:`decision`: an answer to a power offer only against the other answer); the preferred
        move is never the move made (a candidate whose deeper search prefers the move made is no drop). Drops
        are in the chart's unit, the mover's own expected final VP (searched with ``rivals=0``; the hint and
        the bot rank by the lead over the best rival).

    Raises
    ------
    CompanionError
        When the states and actions do not match (one more state than actions), or no faction is seated.
    """
    if len(states) != len(actions) + 1:
        raise CompanionError(_("a review needs one more state than actions ({states} states, {actions} actions)")
                             .format(states=len(states), actions=len(actions)))
    first = next((k for k, s in enumerate(states) if s.game is not None), None)
    if first is None:
        raise CompanionError(_("nothing to review: no faction is seated yet"))
    out = Review(states[first].seats)
    out.values.append(expected_final_vp(states[first]))
    quick = SearchBot(width=0, seconds=None, rivals=0.0)
    losses: list[tuple[float, int, int]] = []
    where: list[int] = []
    for i in range(first, len(actions)):
        s, a = states[i], actions[i]
        turn = _mover(s)
        if turn is None or not isinstance(a, game.Action):
            continue
        # The mover is the faction that made the row: power offers are answered in any order (a real game's
        # Dwarves may answer before the Darklings the engine would ask first), so it need not be the seat the
        # engine names. Such an answer is charted on its own faction's line but not searched for a drop (the
        # search ranks the moves of the seat to act).
        seat = s.game.seats.index(a.faction) if a.faction in s.game.seats else turn
        value = expected_final_vp(states[i + 1])
        ranked = quick._one_step(s, a) if seat == turn else []   # the moves of the same decision only
        if len(ranked) > 1:
            losses.append((ranked[0][0][0] - value[seat], len(out.actions), seat))
        where.append(i)
        out.values.append(value)
        out.movers.append(seat)
        out.actions.append(a)
    deep = SearchBot(seconds=seconds, rivals=0.0)   # drops are in the chart's unit: the mover's own VP
    for seat in range(out.seats):
        found = 0
        for _loss, k, _seat in biggest_drops(losses, seat, 2 * per_seat):
            if found >= per_seat:
                break
            s, a = states[where[k]], out.actions[k]
            moves = deep._ranked(s, a)
            best = next((m for m in moves if m.action != a), None)
            if best is None:
                continue
            played = next((m for m in moves if m.action == a), None)
            if played is None or len(played.line) < len(best.line):   # the move made, followed as far
                played = deep._follow(s, a, states[where[k] + 1], len(best.line) - 1)
            loss = best.expected_vp - played.expected_vp
            if loss <= MIN_LOSS:
                continue
            made = _bonus_taken(a)
            why = _with_bonus_edge(explain_line(s, best.line), _bonus_taken(best.action), [made] if made else [])
            out.drops.append(Drop(k + 1, seat, a, loss, best.action, why))
            found += 1
    out.drops.sort(key=lambda d: d.move)
    return out
