"""A search bot for Merchants of Magick: Monte Carlo playouts over determinized hidden information.

The bot sees what a player at the table sees: every sheet, the open orders, this round's dice. It does
**not** see the future dice or the order of the face-down order deck. To judge a move it plays the game
out many times from the position after the move (a *playout*): each playout draws its own future dice and
shuffles the unseen orders (a *determinization*), and every seat is played by the greedy bot
(:class:`companion.magick.bots.GreedyBot`) to the end of round 10. The move whose playouts leave the
bot's player with the most gold ahead of the best opponent wins.

- **Common random numbers**: playout *j* of every candidate uses the same dice and the same deck order,
  so two candidates are compared on identical futures and a few playouts separate them well.
- **Hidden information**: the deck the bot shuffles is the unseen orders *sorted* by their id first, so
  the true deck order cannot leak into a choice (a test shuffles it and checks the choice is unchanged).
- **Seeded and repeatable**: the playouts' generator is seeded from ``seed`` and the round, never from a
  clock or the game's own generator: every position of one round meets the same futures (the same later
  rolls), so the review's chart moves with the moves made, not with the luck of each point's playouts. ``budget`` (seconds
  per move) only cuts the playouts short on a slow machine; with the default ``playouts`` a move takes
  well under the 1 s budget on this project's reference machine, so the same seed gives the same moves.
- **Candidates**: the ``width`` best placements of the greedy ranking (:func:`~companion.magick.engine.advice`)
  and ending the turn when the regular dice are used (an extra die is optional); a free circle of the
  adventurer goes where the greedy bot puts it (no search).
- **Successive halving** (the bot; the hint and the review judge every candidate fully): every candidate
  gets two playouts, the better half (at least two) two more, the best two the rest, so the final pair is
  still compared on every future with two thirds of the playouts.
- **Playouts remember** (``_Memo``, pure functions of what they are keyed by, so the moves do not change):
  the greedy bot's choices, whole greedy turns (a turn changes only the mover's own sheet) and the end
  of a playout from a round start (sheets, deck, mastery and the rolls to come decide it). The playouts of
  a decision and of one round share their futures, so most turns repeat. A 2-player game of the search bot
  against greedy costs about 1.8 s of CPU on the project's loaded 2-core machine (6.4 s before the memo,
  the halving and the engine's cheaper copies; 2.7 s with the memo but without halving), and a decision
  0.3 s of wall time there (``benchmarks/magick_strength.py``).

The evaluation (:func:`evaluate`) is the same playout mean read in the game's terms: the expected final
gold of every seat. The hint (:func:`hint`), the review of a game (:func:`review`: every seat's expected
final gold after each move, each seat's biggest drops with the move the search preferred) and the strength
benchmark (``benchmarks/bot_strength.py``) reuse it.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from companion.coach import Deadline, Drop, Review, signed
from companion.errors import CompanionError
from companion.i18n import _
from companion.magick import bots as magick_bots
from companion.magick.dice import Roll
from companion.magick.engine import (
    Action,
    EndTurn,
    FreeCircle,
    GameState,
    Place,
    PlayerState,
    RevealOrder,
    RollDice,
    advice,
    apply_action,
    chance_action,
    is_chance,
    legal_actions,
    score,
)

__all__ = ["SearchBot", "MoveValue", "evaluate", "hint", "hint_figure", "hint_reason", "hint_sentence", "playout", "review"]

DEFAULT_PLAYOUTS = 6
DEFAULT_WIDTH = 4
DEFAULT_BUDGET = 1.0


@dataclass(frozen=True)
class MoveValue:
    """What the playouts say of one candidate move.

    Attributes
    ----------
    action : Action
        The move (a :class:`Place` or :class:`EndTurn`).
    gold : tuple of float
        Mean final gold of every seat over the playouts after this move (gold coins).
    margin : float
        Mean of (the mover's final gold − the best opponent's), gold; the mover's gold in a solo game.
    wins : float
        Share of playouts the mover finished with the most gold (ties count), 0..1.
    rows : tuple of (str, float)
        Row ids the mover completed by the end in the playouts, with the share of playouts, most often
        first (the "why" of a hint).
    playouts : int
        Playouts behind the figures.
    greedy_rank : int or None
        The move's place in the greedy ranking (0 = the greedy bot's choice); None for ending the turn.
    """

    action: Action
    gold: tuple[float, ...]
    margin: float
    wins: float
    rows: tuple[tuple[str, float], ...]
    playouts: int
    greedy_rank: int | None


def _unseen_deck(state: GameState, rng: random.Random) -> tuple:
    deck = sorted(state.deck, key=lambda o: o.id)
    rng.shuffle(deck)
    return tuple(deck)


class _Memo:
    """What the playouts' greedy bot did, remembered (for one sheet and set of cards, at most ``LIMIT`` entries
    each, then forgotten).

    - ``choices``: a greedy choice depends only on the mover's sheet, potions, dice used, orders, adventurer
      and mastery cards and on the roll, never on the rng;
    - ``turns``: so does a whole turn, and its placements change nothing but the mover's own
      :class:`PlayerState` (the turn's end, which may close the round, is always played);
    - ``ends``: the end of a playout from the start of a round depends only on the sheets, the mastery
      cards, the deck and the rolls to come, so a playout that reaches a round start met before ends as
      that one did (kept without its log and history).

    The playouts of a decision meet the same futures (common random numbers) and every decision of a round
    meets the same rolls, so most of the opponent's turns and many of the mover's repeat.
    """

    LIMIT = 40_000

    def __init__(self, sheet: object, cards: object) -> None:
        self.sheet, self.cards = sheet, cards
        self.greedy = magick_bots.GreedyBot()
        self.choices: dict[tuple, Action] = {}
        self.turns: dict[tuple, PlayerState] = {}
        self.ends: dict[tuple, GameState] = {}

    def choose(self, state: GameState, player: int) -> Action:
        p = state.players[player]
        key = (player, p.filled, p.potions, p.used_dice, p.extra_used, p.orders, p.adventurer, p.adventurer_steps,
               p.free_circles, p.mastery, state.roll, state.mastery_cards)
        action = self.choices.get(key)
        if action is None:
            if len(self.choices) >= self.LIMIT:
                self.choices.clear()
            action = self.choices[key] = self.greedy.choose(state, player)
        return action

    def turn(self, state: GameState, player: int) -> GameState:
        """``state`` after ``player``'s whole greedy turn (the end of the turn applied)."""
        key = (player, state.players[player], state.roll, state.mastery_cards)
        played = self.turns.get(key)
        if played is None:
            while not isinstance(action := self.choose(state, player), EndTurn):
                state = apply_action(state, action)
            if len(self.turns) >= self.LIMIT:
                self.turns.clear()
            self.turns[key] = state.players[player]
        else:
            state = replace(state, players=state.players[:player] + (played,) + state.players[player + 1:])
        return apply_action(state, EndTurn(player))


_MEMO: list[_Memo] = []


def _memo(state: GameState) -> _Memo:
    if not _MEMO or _MEMO[0].sheet is not state.sheet or _MEMO[0].cards is not state.cards:
        _MEMO[:] = [_Memo(state.sheet, state.cards)]
    return _MEMO[0]


def playout(state: GameState, rng: random.Random) -> GameState:
    """Play ``state`` to the end with the greedy bot in every seat, the future dice and the unseen order
    deck drawn from ``rng`` (the deck is first put in id order, then shuffled: its true order is never used).

    The same game as :func:`companion.magick.bots.play_round` with a :class:`~companion.magick.bots.GreedyBot`
    in every seat and the same ``rng``, played faster: turns and round starts met before are not played again
    (``_Memo``), so the final state's ``log`` and ``history`` may leave them out; sheets, orders and gold are
    the same.

    Parameters
    ----------
    state : GameState
        Any state of the game.
    rng : random.Random
        Draws the dice and the deck order of this playout.

    Returns
    -------
    GameState
        The final state (``state.over``).
    """
    state = replace(state, deck=_unseen_deck(state, rng))
    memo = _memo(state)
    # the rolls to come, one per round, drawn now in the order the game draws them (nothing else uses rng)
    first = state.round + (state.phase == "craft")
    rolls = tuple(RollDice(Roll.random(state.sheet, rng).values)
                  for _ in range(first, state.sheet.rounds + 1)) if not state.over else ()
    starts = []
    while not state.over:
        if state.phase == "roll":
            future = rolls[state.round - first:]
            start = (future, state.players, state.flipped, state.deck, state.mastery_cards)
            end = memo.ends.get(start)
            if end is not None:
                state = end
                break
            starts.append(start)
            state = apply_action(state, future[0])
            continue
        if is_chance(state):
            state = apply_action(state, chance_action(state, rng))
            continue
        for i in range(len(state.players)):
            if state.phase == "craft" and not state.players[i].done:
                state = memo.turn(state, i)
    if starts:
        if len(memo.ends) >= memo.LIMIT:
            memo.ends.clear()
        end = replace(state, log=(), history=())
        memo.ends.update((start, end) for start in starts)
    return state


def _candidates(state: GameState, player: int, width: int) -> list[tuple[Action, int | None]]:
    p = state.players[player]
    ranked = advice(state, player, explain=False)
    out: list[tuple[Action, int | None]] = [(Place(player, pl.die, pl.circle, pl.adjust), i)
                                            for i, pl in enumerate(ranked[:width])]
    if not ranked or len(p.used_dice) >= state.sheet.dice_per_round:
        out.append((EndTurn(player), None))
    return out


def _seed(seed: int, state: GameState) -> int:
    return hash((seed, state.round)) & 0xFFFFFFFF


def _judge(state: GameState, player: int, candidates: Sequence[tuple[Action, int | None]], *,
           playouts: int, budget: float | None, seed: int, halving: bool = False,
           clock: Callable[[], float] = time.perf_counter) -> list[MoveValue]:
    """Every candidate's figures over ``playouts`` common-random-number playouts, best first.

    ``halving``: after every two playouts the worse half of the candidates still in (by the lead so far,
    at least two kept) gets no more playouts; the moves kept are ranked first (the search bot's choice).

    ``budget`` (s, read on ``clock``) is checked before every playout, with the longest playout so far as a
    margin (one that would not fit is not started); a round of playouts the cap cuts short
    (the ``j``-th playout of every candidate still in) is undone, so the candidates are still compared on
    the same futures; in the first round the candidates not reached get no playout (``playouts == 0``;
    one playout at least is always made).
    """
    n_seats = len(state.players)
    after = [apply_action(state, a) for a, _ in candidates]
    sums = [[0.0] * n_seats for _ in candidates]
    margins = [0.0] * len(candidates)
    wins = [0.0] * len(candidates)
    rows: list[dict[str, int]] = [{} for _ in candidates]
    done = [0] * len(candidates)
    alive = list(range(len(candidates)))
    deadline = Deadline(budget, clock)
    unit = 0.0   # the longest playout so far (s): none is started that would not fit in the budget
    base = _seed(seed, state)

    def lead(k: int) -> tuple[float, int]:
        rank = candidates[k][1]
        return -margins[k] / max(1, done[k]), rank if rank is not None else 99

    for j in range(playouts):
        if halving and j and j % 2 == 0 and len(alive) > 2:
            alive = sorted(alive, key=lead)[:max(2, (len(alive) + 1) // 2)]
        kept = ([row[:] for row in sums], margins[:], wins[:], [dict(r) for r in rows], done[:]) if j else None
        for k in alive:
            if (j or k != alive[0]) and deadline.passed(unit):
                deadline.stopped = True
                if kept is not None:   # undo this round's playouts: every candidate keeps the same futures
                    sums, margins, wins, rows, done = kept
                break
            s = after[k]
            began = clock()
            end = playout(s, random.Random(base + j))
            unit = max(unit, clock() - began)
            gold = [g.total for g in score(end)]
            for i, g in enumerate(gold):
                sums[k][i] += g
            best_other = max((g for i, g in enumerate(gold) if i != player), default=0)
            margins[k] += gold[player] - best_other
            wins[k] += gold[player] >= best_other
            for r in end.players[player].completed:
                if r not in s.players[player].completed:
                    rows[k][r] = rows[k].get(r, 0) + 1
            done[k] += 1
        if deadline.stopped:
            break
    out = []
    for k, (action, rank) in enumerate(candidates):
        n = max(1, done[k])
        ranked_rows = tuple(sorted(((r, c / n) for r, c in rows[k].items()), key=lambda t: (-t[1], t[0])))
        out.append(MoveValue(action=action, gold=tuple(x / n for x in sums[k]), margin=margins[k] / n,
                             wins=wins[k] / n, rows=ranked_rows, playouts=done[k], greedy_rank=rank))
    # the moves with the most playouts first (all of them without halving), best first; on a tie the greedy
    # ranking decides (then ending the turn last)
    out.sort(key=lambda m: (-m.playouts, -m.margin, m.greedy_rank if m.greedy_rank is not None else 99))
    return out


class SearchBot:
    """Chooses by Monte Carlo playouts (module docstring). ``choose(state, player) -> Action``.

    Parameters
    ----------
    seed : int
        Seeds the playouts (with the position): the same seed gives the same moves.
    playouts : int
        Playouts per candidate move.
    width : int
        How many of the greedy ranking's placements are searched.
    budget : float or None
        Seconds per move at most (None: no limit); a cap for slow machines, see the module docstring.
    halving : bool
        After every two playouts, drop the worse half of the candidates still in (at least two are kept to
        the end): about two thirds of the playouts for the same final comparison.
    """

    def __init__(self, seed: int = 0, *, playouts: int = DEFAULT_PLAYOUTS, width: int = DEFAULT_WIDTH,
                 budget: float | None = DEFAULT_BUDGET, halving: bool = True) -> None:
        self.seed = seed
        self.playouts = playouts
        self.width = width
        self.halving = halving
        self.budget = budget

    def choose(self, state: GameState, player: int) -> Action:
        p = state.players[player]
        if p.free_circles:
            return FreeCircle(player, magick_bots._best_free_circle(state, player))
        candidates = _candidates(state, player, self.width)
        if len(candidates) == 1:
            return candidates[0][0]
        return _judge(state, player, candidates, playouts=self.playouts, budget=self.budget,
                      seed=self.seed, halving=self.halving)[0].action


def evaluate(state: GameState, *, playouts: int = 2 * DEFAULT_PLAYOUTS, seed: int = 0) -> tuple[float, ...]:
    """Expected final gold of every seat from ``state`` (mean of greedy playouts; gold coins).

    Parameters
    ----------
    state : GameState
        Any state (a finished game returns its final gold).
    playouts : int
        Number of playouts.
    seed : int
        Seeds the playouts with the position.

    Returns
    -------
    tuple of float
        One figure per seat, in seat order.
    """
    if state.over:
        return tuple(float(g.total) for g in score(state))
    base = _seed(seed, state)
    sums = [0.0] * len(state.players)
    for j in range(playouts):
        for i, g in enumerate(score(playout(state, random.Random(base + j)))):
            sums[i] += g.total
    return tuple(x / playouts for x in sums)


def hint(state: GameState, player: int, *, n: int = 3, playouts: int = 2 * DEFAULT_PLAYOUTS,
         width: int = 6, seed: int = 0, budget: float | None = None,
         clock: Callable[[], float] = time.perf_counter) -> list[MoveValue]:
    """The ``n`` best moves for ``player`` now, best first, each with the playouts' figures.

    Returns an empty list when ``player`` has nothing to choose (not crafting, turn ended). A free circle of
    the adventurer is not searched (the greedy bot's circle is the only move listed).

    Parameters
    ----------
    state : GameState
        The position.
    player : int
        The seat to advise.
    n : int
        Moves returned, at most.
    playouts : int
        Playouts per candidate move.
    width : int
        Placements of the greedy ranking weighed (ending the turn too, once the regular dice are used).
    seed : int
        Seeds the playouts with the position.
    budget : float or None
        Seconds at most, checked before every playout (one playout at least is always made; a move the cap
        left without a playout is not listed, and a round of playouts the cap cuts is undone, so the moves
        listed are compared on the same futures); None: every playout.
    clock : callable returning float
        The clock ``budget`` is read on (s; :func:`time.perf_counter`).

    Returns
    -------
    list of MoveValue
        Best first (by the lead over the best opponent, see :class:`MoveValue`).

    Raises
    ------
    IllegalActionError
        ``unknown_player`` for a seat that is not in the game.
    """
    if not legal_actions(state, player):
        return []
    judged = _judge(state, player, _move_candidates(state, player, width), playouts=playouts, budget=budget,
                    seed=seed, clock=clock)
    return [m for m in judged if m.playouts][:n]


def _move_candidates(state: GameState, player: int, width: int,
                     played: Action | None = None) -> list[tuple[Action, int | None]]:
    """The moves the hint and the review weigh: the search's candidates (the greedy bot's circle for a free
    circle), and ``played`` when it is not among them (with its place in the greedy ranking)."""
    if state.players[player].free_circles:
        candidates: list[tuple[Action, int | None]] = [
            (FreeCircle(player, magick_bots._best_free_circle(state, player)), 0)]
    else:
        candidates = _candidates(state, player, width)
    if played is not None and all(a != played for a, _rank in candidates):
        ranked = [(pl.die, pl.circle) for pl in advice(state, player, explain=False)]
        rank = ranked.index((played.die, played.circle)) if isinstance(played, Place) and (
            played.die, played.circle) in ranked else None
        candidates.append((played, rank))
    return candidates


def hint_sentence(state: GameState, move: MoveValue) -> str:
    """One sentence on why ``move`` (from :func:`hint`) is worth playing, in the reader's language: the move in
    words, then :func:`hint_reason` (``state``, ``move``: as there).

    Returns
    -------
    str
        E.g. ``"d6 (4) on Grimoire, circle 1: lead over the best opponent +2.5 gold; 62.5 gold expected at the
        end; its row, Grimoire, is complete at the end in 100% of the playouts"``.
    """
    from companion.magick.game import describe_action

    return _("{move}: {reason}").format(move=describe_action(state, move.action), reason=hint_reason(state, move))


def hint_figure(move: MoveValue) -> str:
    """The figure the hint ranks ``move`` by, labelled, in the reader's language: with opponents the lead over
    the best opponent first (what ranks the moves), then the mover's expected final gold; solo the expected
    final gold (the lead is then the gold itself).

    Examples
    --------
    >>> from companion.magick.engine import EndTurn
    >>> hint_figure(MoveValue(EndTurn(0), (61.5, 63.0), -1.5, 0.4, (), 12, None))
    'lead over the best opponent −1.5 gold (expected final gold 61.5)'
    >>> hint_figure(MoveValue(EndTurn(0), (61.5,), 61.5, 1.0, (), 12, None))
    'expected final gold 61.5'
    """
    gold = f"{move.gold[move.action.player]:.1f}"
    if len(move.gold) == 1:
        return _("expected final gold {gold}").format(gold=gold)
    return _("lead over the best opponent {margin} gold (expected final gold {gold})").format(
        margin=signed(move.margin), gold=gold)


def hint_reason(state: GameState, move: MoveValue, *, gold: bool = True) -> str:
    """Why ``move`` (from :func:`hint`) is worth playing, drawn from its playouts, in the reader's language:
    the figures it is ranked by (:func:`hint_figure`), and how often the row the move fills is complete at
    the end (for ending the turn: the row completed most often).

    Parameters
    ----------
    state : GameState
        The position :func:`hint` judged.
    move : MoveValue
        One of :func:`hint`'s moves.
    gold : bool
        False leaves the figures out (a view that shows :func:`hint_figure` beside the move).

    Returns
    -------
    str
        E.g. ``"lead over the best opponent +2.5 gold (expected final gold 62.5); its row, Grimoire, is complete
        at the end in 100% of the playouts"``.
    """
    from companion.magick.sheet import row_title

    parts = [hint_figure(move)] if gold else []
    shares = dict(move.rows)
    if isinstance(move.action, Place):
        row = state.sheet.circle(move.action.circle).row
        parts.append(_("its row, {row}, is complete at the end in {share:.0%} of the playouts")
                     .format(row=row_title(state.sheet.row(row)), share=shares.get(row, 0.0)))
    elif move.rows:
        row, share = move.rows[0]
        parts.append(_("{row} is complete at the end in {share:.0%} of the playouts")
                     .format(row=row_title(state.sheet.row(row)), share=share))
    if move.greedy_rank == 0:
        parts.append(_("also the greedy bot's choice"))
    return _("; ").join(parts)


def review(states: Sequence[GameState], *, per_seat: int = 3, playouts: int = DEFAULT_PLAYOUTS,
           deep_playouts: int = 3 * DEFAULT_PLAYOUTS, width: int = 3, seed: int = 0) -> Review:
    """Every seat's expected final gold after each move of a game, and each seat's biggest drops.

    At each move (a placement, a free circle, ending the turn; rolls and reveals are chance, not moves) the
    mover's candidates and the move made are judged by the same playouts as :func:`hint` (common random
    numbers: every candidate meets the same futures). The move's point on the chart is the expected final
    gold of every seat after the move made; its loss is the best candidate's expected final gold for the
    mover minus the move made's. Each seat's biggest losses are judged again (that best move against the
    move made) with ``deep_playouts`` and other futures; a drop is kept only when the closer look still
    prefers the other move, so a drop's preferred move always differs from the move made.

    Parameters
    ----------
    states : sequence of GameState
        One game's states in order, ``states[i + 1] = apply_action(states[i], action i)`` (the actions are
        read from the last state's history), e.g. :func:`companion.magick.record.replay_states`.
    per_seat : int
        Drops kept per seat, at most.
    playouts : int
        Playouts per candidate at every move.
    deep_playouts : int
        Playouts per candidate when a drop is looked at again.
    width : int
        Placements of the greedy ranking weighed at each move (the move made is always weighed).
    seed : int
        Seeds the playouts with each position: the same game and seed give the same review.

    Returns
    -------
    companion.coach.Review
        ``values[k]``: every seat's expected final gold after move k (gold coins; ``values[0]`` before the
        first move); ``drops``: at most ``per_seat`` per seat, in move order, each with the preferred move
        and a sentence on why (:func:`hint_reason`).

    Raises
    ------
    CompanionError
        When the states are not one game's consecutive states.
    """
    states = list(states)
    if not states:
        raise CompanionError(_("a review needs at least one state of a game"))
    start = len(states[0].history)
    actions = states[-1].history[start:]
    if len(states) != len(actions) + 1 or any(len(s.history) != start + i for i, s in enumerate(states)):
        raise CompanionError(_("a review needs every state of the game in order ({states} states, {actions} "
                               "actions)").format(states=len(states), actions=len(actions)))
    out = Review(seats=len(states[0].players))
    out.values.append(evaluate(states[0], playouts=playouts, seed=seed))
    # (loss, move number, index into actions, the two moves to look at again: the best and the one made)
    losses: list[tuple[float, int, int, list[tuple[Action, int | None]]]] = []
    for i, action in enumerate(actions):
        if isinstance(action, (RollDice, RevealOrder)):
            continue
        state, mover = states[i], action.player
        judged = _judge(state, mover, _move_candidates(state, mover, width, action), playouts=playouts,
                        budget=None, seed=seed)
        made = next(m for m in judged if m.action == action)
        best = max(judged, key=lambda m: m.gold[mover])
        out.values.append(made.gold)
        out.movers.append(mover)
        out.actions.append(action)
        if best.action != action:
            losses.append((best.gold[mover] - made.gold[mover], len(out.actions), i,
                           [(best.action, best.greedy_rank), (action, made.greedy_rank)]))
    for seat in range(out.seats):
        mine = sorted((c for c in losses if actions[c[2]].player == seat and c[0] > 0.05), key=lambda c: -c[0])
        kept = 0
        for _loss, move, i, pair in mine[:2 * per_seat]:
            if kept == per_seat:
                break
            state, action = states[i], actions[i]
            judged = _judge(state, seat, pair, playouts=deep_playouts, budget=None, seed=seed + 1)
            made = next(m for m in judged if m.action == action)
            best = max(judged, key=lambda m: m.gold[seat])
            if best.action == action or best.gold[seat] - made.gold[seat] <= 0.05:
                continue
            out.drops.append(Drop(move=move, seat=seat, action=action, loss=best.gold[seat] - made.gold[seat],
                                  preferred=best.action, reason=hint_reason(state, best)))
            kept += 1
    out.drops.sort(key=lambda d: d.move)
    return out
