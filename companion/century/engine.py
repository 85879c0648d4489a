"""The rules engine of Century: Golem Edition (2-5 players).

API summary (stable)
--------------------
``new_game(n_players=4, seed=None, *, rng=None, deal=True, golem_row=None, market=None) -> State``
    Setup. With ``deal=True`` (default) the 5 golems and 6 market cards are revealed from ``rng`` (or
    ``random.Random(seed)``); with explicit ``golem_row`` / ``market`` id lists those are laid out; with
    ``deal=False`` the state waits for the reveals as chance actions (to enter a real-table game).
``to_move(state) -> int``               the seat to act, or ``CHANCE`` (-1) when a card must be revealed.
``legal_actions(state) -> list[Action]`` every distinct legal action (chance reveals when ``CHANCE``).
``apply_action(state, action) -> State`` the next state; raises ``IllegalActionError`` (stable ``code``).
``sample_action(state, rng) -> Action``  a random legal action without listing them all (random bots).
``sample_and_apply(state, rng) -> State`` ``apply_action(state, sample_action(state, rng))`` in one step.
``sample_chance(state, rng) -> Action``  a random reveal from the remaining deck.
``resolve_chance(state, rng) -> State``  apply random reveals until a player is to act.
``is_terminal(state) -> bool``; ``score(state, names=None) -> TableScore`` (see ``scoring``).
``max_trades(state, card)``, ``upgrade_choices(caravan, n)``: helpers the UI uses to offer choices.

Error codes of :class:`companion.errors.IllegalActionError`: ``game_over``, ``reveal_pending``,
``no_reveal_due``, ``card_not_in_deck``, ``discard_pending``, ``no_discard_due``, ``wrong_discard``,
``card_not_in_hand``, ``wrong_choice`` (options that do not fit the card), ``too_many_upgrades``,
``pink_cannot_upgrade``, ``not_enough_crystals``, ``bad_trade_count``, ``bad_position``, ``bad_payment``,
``nothing_to_rest``, ``bad_setup``, ``unknown_action``.

Turn flow: a player action (play, acquire, rest, claim) -> chance reveals refilling the rows -> if the
caravan holds more than 10, a ``Discard`` by the same player -> the next seat. When the end is triggered the
round is finished: the game ends after the last seat (seat ``n_players - 1``) has acted.

Choices where the rules are silent (documented and tested):

- Rest with no played cards is **not** allowed (it would only waste the turn; phate09's engine forbids it).
  A player always has an action anyway: Create 2 is either in hand or played.
- A trade card must be used at least once when played (a play that trades nothing is not a trade).
  An upgrade card may be played with no upgrades at all (the Q&A allows using none).
- Empty decks: the row shrinks (positions keep counting from 1). The golem deck cannot run out before the
  end is triggered (at most 4 x 5 = 20 golems are claimed before someone reaches the threshold).
"""

from __future__ import annotations

import random
from bisect import bisect_left as _bisect
from collections.abc import Sequence

from companion.century.actions import (
    NO_STEPS,
    Acquire,
    Action,
    Claim,
    Discard,
    PlayCard,
    Rest,
    RevealGolem,
    RevealMerchant,
)
from companion.century.cards import (
    COLOURS,
    Crystals,
    crystal_counts_text,
    crystals_in_words,
    load_cards,
    merchant_card_name,
)
from companion.century.scoring import PlayerTally, TableScore, score_table
from companion.century.state import (
    CARAVAN_LIMIT,
    DISCARD,
    GOLEM_ROW_SIZE,
    MAIN,
    MARKET_SIZE,
    STARTING_CRYSTALS,
    State,
    chance_pending,
    end_threshold,
)
from companion.errors import IllegalActionError
from companion.i18n import _, lazy_gettext, ngettext

__all__ = ["CHANCE", "new_game", "to_move", "legal_actions", "apply_action", "sample_action", "sample_and_apply",
           "sample_chance", "resolve_chance", "is_terminal", "score", "max_trades", "upgrade_choices",
           "payment_choices", "discard_choices"]

CHANCE = -1
"""``to_move`` value when a card must be revealed."""

_CARDS = load_cards()
_M = _CARDS.merchants_by_id
_G = _CARDS.golems_by_id
_KIND = {cid: c.kind for cid, c in _M.items()}
_MARKET_IDS = tuple(sorted(c.id for c in _CARDS.market))
_GOLEM_IDS = tuple(sorted(g.id for g in _CARDS.golems))
_ZERO: Crystals = (0, 0, 0, 0)

# Rule references in the reader's language (the sections of the Chinese rules summary, named in English
# for English readers): translated when a message is shown.
R_SETUP = lazy_gettext("rules summary, Setup")
R_TURN = lazy_gettext("rules summary, Turn structure (one action per turn)")
R_UPGRADE = lazy_gettext("rules summary, Playing an upgrade card; Q&A 'Must Upgrade 2 upgrade two crystals?'")
R_TRADE = lazy_gettext("rules summary, Playing a trade card; Q&A 'How often can one trade card be repeated?'")
R_ACQUIRE = lazy_gettext("rules summary, Acquiring a merchant card; Q&A 'Acquiring the fourth merchant card'")
R_REST = lazy_gettext("rules summary, Resting and the hand")
R_CLAIM = lazy_gettext("rules summary, Claiming a golem card; Q&A 'Can only the leftmost golem card be claimed?'")
R_CARAVAN = lazy_gettext("rules summary, Caravan limit and the supply; Q&A 'The limit of ten'")
R_END = lazy_gettext("rules summary, End of the game and scoring")


def _err(code: str, message: str, rule: str | None = None) -> IllegalActionError:
    return IllegalActionError(code, message, rule=rule)


_tnew = tuple.__new__
_INPUTS = {cid: (c.inputs if c.kind == "trade" else None) for cid, c in _M.items()}
_COST = {gid: g.cost for gid, g in _G.items()}
_UPGRADES_OF = {cid: c.upgrades for cid, c in _M.items() if c.kind == "upgrade"}
_TURN_PASSES = tuple(tuple((((p + 1) % n, False), (p, True) if p == n - 1 else ((p + 1) % n, False))
                            for p in range(n)) for n in range(6))
"""``_TURN_PASSES[n_players][seat][end_triggered]``: ``(current, finished)`` once ``seat``'s turn is over: the
next seat acts, unless the end was triggered and ``seat`` is the last in turn order, which ends the game
(rules summary 结束与计分)."""
_GAIN = {cid: (None if c.kind == "upgrade" else tuple(o - i for o, i in zip(c.outputs, c.inputs, strict=True)))
         for cid, c in _M.items()}
"""Crystals one use of a create or trade card adds to the caravan (negative: paid); ``None`` for upgrades."""


_fmt = crystal_counts_text


# --------------------------------------------------------------------------------------------- setup


def new_game(n_players: int = 4, seed: int | None = None, *, rng: random.Random | None = None,
             deal: bool = True, golem_row: Sequence[str] | None = None,
             market: Sequence[str] | None = None) -> State:
    """Set up a game.

    Parameters
    ----------
    n_players : int
        2..5. Seat 0 is the first player; starting crystals by seat are 3y, 4y, 4y, 3y+1g, 3y+1g and every
        hand is Create 2 + Upgrade 2 (rules summary 版本与设置).
    seed : int or None
        Seed for a fresh ``random.Random`` when ``rng`` is not given.
    rng : random.Random or None
        Source of the setup reveals when dealing.
    deal : bool
        Reveal the rows now. ``False`` leaves them to chance actions (``RevealGolem`` x 5, then
        ``RevealMerchant`` x 6), so a real-table game can be entered.
    golem_row, market : sequence of str or None
        Lay out exactly these cards (5 golem ids / 6 market ids, position 1 first) instead of dealing.

    Returns
    -------
    State
        Copper pile and silver pile 2 x players each.

    Raises
    ------
    IllegalActionError
        ``bad_setup`` for a player count outside 2..5 or unknown / repeated / too many card ids.

    Examples
    --------
    >>> s = new_game(4, golem_row=["G01", "G02", "G03", "G04", "G05"],
    ...              market=["M01", "M02", "M03", "M04", "M05", "M06"])
    >>> s.caravans
    ((3, 0, 0, 0), (4, 0, 0, 0), (4, 0, 0, 0), (3, 1, 0, 0))
    >>> s = apply_action(s, PlayCard("S02", 1, (1, 1, 0, 0)))   # one yellow upgraded twice
    >>> s.caravans[0], s.current
    ((2, 0, 1, 0), 1)
    """
    if isinstance(n_players, bool) or not isinstance(n_players, int) or not 2 <= n_players <= 5:
        raise _err("bad_setup", _("Century is played by 2 to 5 players, not {n!r}").format(n=n_players), R_SETUP)
    n = n_players
    state = State(
        n_players=n, current=0, stage=MAIN, turn=0,
        caravans=STARTING_CRYSTALS[:n],
        hands=(("S01", "S02"),) * n, played=((),) * n, golems=((),) * n,
        copper=(0,) * n, silver=(0,) * n,
        market=(), market_crystals=(), merchant_deck=_MARKET_IDS,
        golem_row=(), golem_deck=_GOLEM_IDS,
        copper_pile=2 * n, silver_pile=2 * n, end_triggered=False, finished=False,
    )
    for ids, size, kind in ((golem_row, GOLEM_ROW_SIZE, "golem"), (market, MARKET_SIZE, "merchant")):
        if ids is None:
            continue
        rows = {"golem": (_("the golem row has {size} cards, {given} given"), _("golem row: {reason}")),
                "merchant": (_("the market has {size} cards, {given} given"), _("market: {reason}"))}
        ids = list(ids)
        if len(ids) != size:
            raise _err("bad_setup", rows[kind][0].format(size=size, given=len(ids)), R_SETUP)
        for cid in ids:
            try:
                state = apply_action(state, RevealGolem(cid) if kind == "golem" else RevealMerchant(cid))
            except IllegalActionError as exc:
                raise _err("bad_setup", rows[kind][1].format(reason=exc), R_SETUP) from None
    if deal:
        state = resolve_chance(state, rng if rng is not None else random.Random(seed))
    return state


# --------------------------------------------------------------------------------------------- queries


def is_terminal(s: State) -> bool:
    """True once the round in which the end was triggered has been finished (rules summary 结束与计分)."""
    return s.finished


def to_move(s: State) -> int:
    """The seat to act next, or :data:`CHANCE` when a card must be revealed (meaningless when terminal)."""
    if chance_pending(s):
        return CHANCE
    return s.current


def max_trades(caravan: Crystals, card_id: str) -> int:
    """How many times trade card ``card_id`` can be repeated with ``caravan`` (each paid in full)."""
    inp = _M[card_id].inputs
    return min(caravan[i] // inp[i] for i in range(4) if inp[i])


def upgrade_choices(caravan: Crystals, n: int) -> list[Crystals]:
    """Every distinct set of at most ``n`` single-step upgrades, as step counts by starting colour.

    ``(sy, sg, sb, 0)``: ``sy`` steps yellow->green, ``sg`` green->blue, ``sb`` blue->pink, applied low colours
    first, so a crystal may move several steps. Distinct step counts give distinct caravans. Includes
    ``(0, 0, 0, 0)`` (no upgrade).
    """
    y, g, b, _pink = caravan
    out = []
    for sy in range(min(n, y) + 1):
        for sg in range(min(n - sy, g + sy) + 1):
            for sb in range(min(n - sy - sg, b + sg) + 1):
                out.append((sy, sg, sb, 0))
    return out


def payment_choices(caravan: Crystals, k: int) -> list[tuple[int, ...]]:
    """Every ordered way to place one crystal from ``caravan`` on each of ``k`` cards (colour indices)."""
    out: list[tuple[int, ...]] = []

    def rec(prefix: tuple[int, ...], c: list[int]) -> None:
        if len(prefix) == k:
            out.append(prefix)
            return
        for i in range(4):
            if c[i]:
                c[i] -= 1
                rec(prefix + (i,), c)
                c[i] += 1

    if sum(caravan) >= k:
        rec((), list(caravan))
    return out


def discard_choices(caravan: Crystals) -> list[Crystals]:
    """Every way to return exactly the crystals above 10 (counts by colour)."""
    excess = sum(caravan) - CARAVAN_LIMIT
    out: list[Crystals] = []
    if excess <= 0:
        return out
    y, g, b, p = caravan
    for dy in range(min(y, excess) + 1):
        for dg in range(min(g, excess - dy) + 1):
            for db in range(min(b, excess - dy - dg) + 1):
                dp = excess - dy - dg - db
                if dp <= p:
                    out.append((dy, dg, db, dp))
    return out


def legal_actions(s: State, *, lowest_payment: bool = False) -> list[Action]:
    """Every distinct legal action in ``s`` (empty when the game is over).

    When a card must be revealed these are the ``RevealGolem``/``RevealMerchant`` actions of every card left
    in that deck; in the discard stage the ``Discard`` choices; otherwise plays (one per distinct choice of
    upgrades or number of trades), acquisitions (one per position and ordered payment), rest and claims.

    Parameters
    ----------
    s : State
    lowest_payment : bool
        List each acquisition once, paid with the lowest colours (yellow first), instead of once per ordered
        payment (a position 6 can be paid in hundreds of orders; bots need only the cheapest).
    """
    if s.finished:
        return []
    pending = chance_pending(s)
    if pending == "golem":
        return [RevealGolem(c) for c in s.golem_deck]
    if pending == "merchant":
        return [RevealMerchant(c) for c in s.merchant_deck]
    p = s.current
    c = s.caravans[p]
    if s.stage == DISCARD:
        return [Discard(d) for d in discard_choices(c)]
    acts: list[Action] = []
    for cid in s.hands[p]:
        card = _M[cid]
        if card.kind == "create":
            acts.append(PlayCard(cid))
        elif card.kind == "upgrade":
            acts.extend(PlayCard(cid, 1, st) for st in upgrade_choices(c, card.upgrades))
        else:
            acts.extend(PlayCard(cid, t) for t in range(1, max_trades(c, cid) + 1))
    total = sum(c)
    for pos in range(1, len(s.market) + 1):
        if pos - 1 > total:
            break
        if lowest_payment:
            pay = tuple(i for i in range(4) for _n in range(c[i]))[:pos - 1]
            acts.append(Acquire(pos, pay))
        else:
            acts.extend(Acquire(pos, pay) for pay in payment_choices(c, pos - 1))
    if s.played[p]:
        acts.append(Rest())
    for pos, gid in enumerate(s.golem_row, 1):
        cost = _G[gid].cost
        if c[0] >= cost[0] and c[1] >= cost[1] and c[2] >= cost[2] and c[3] >= cost[3]:
            acts.append(Claim(pos))
    return acts


# --------------------------------------------------------------------------------------------- apply
#
# One function, ``_apply`` (behind both ``apply_action`` and ``sample_and_apply``), applies every kind of action:
# it unpacks the state into its field names once, checks the action with a few comparisons on the path that
# applies it (skipped for an action ``sample_action`` drew for this state; the wording of a refusal is worked
# out by the ``_check_*`` functions and ``_off_path`` only when one is raised), changes the fields the kind
# changes, ends the action in one place (a discard due, or the next seat's turn) and builds the next state in one
# tuple, in the field order of ``State``. This is the simulator's hot path (``benchmarks/century_sim.py``). The
# state is unpacked from ``s[:]``, a plain tuple: unpacking the ``State`` subclass itself goes through an
# iterator (in CPython and in the compiled copy alike), which costs more than the copy. ``engine.pxd`` gives the
# compiled copy C types for its ints and tuples.


def apply_action(s: State, a: Action) -> State:
    """Apply ``a`` to ``s`` and return the new state (``s`` is unchanged).

    Every action is checked against the rules, whoever built it.

    Parameters
    ----------
    s : State
    a : Action

    Returns
    -------
    State
        The state after the action (chance reveals, a discard or the next seat's turn may be due).

    Raises
    ------
    IllegalActionError
        With a stable ``code`` (see the module docstring) and a message naming the rule and the numbers.
    """
    return _apply(s, a, False)


def sample_and_apply(s: State, rng: random.Random) -> State:
    """The state after a random legal action: ``apply_action(s, sample_action(s, rng))`` in one step.

    The same draws from ``rng`` and the same next state (so the same seeded games), applied by the same rules
    code as :func:`apply_action`, without checking again the action :func:`sample_action` has just drawn for
    ``s`` (legal by construction). The simulator's step for random bots (``benchmarks/century_sim.py``).

    Raises
    ------
    IllegalActionError
        ``game_over`` when ``s`` is terminal.

    Examples
    --------
    >>> rng = random.Random(3)
    >>> s = new_game(2, rng=rng)
    >>> while not s.finished:
    ...     s = sample_and_apply(s, rng)
    >>> len(max(s.golems, key=len)) >= 6
    True
    """
    return _apply(s, sample_action(s, rng), True)


def _apply(s: State, a: Action, legal: bool) -> State:
    """Apply ``a`` to ``s``; with ``legal`` (an action drawn by :func:`sample_action` for ``s``) without the
    checks of the action's own choices, which it passes by construction."""
    (n_players, current, stage, turn, caravans, hands, played, golems, copper, silver, market, market_crystals,
     merchant_deck, golem_row, golem_deck, copper_pile, silver_pile, end_triggered, finished) = s[:]
    t = type(a)
    if len(golem_row) < GOLEM_ROW_SIZE and golem_deck and not finished:  # a golem is due (refilled first)
        if t is RevealGolem:
            card = a.card
            i = _bisect(golem_deck, card)  # decks are kept sorted (their order is unknown)
            if i < len(golem_deck) and golem_deck[i] == card:
                return _tnew(State, (n_players, current, stage, turn, caravans, hands, played, golems, copper,
                                     silver, market, market_crystals, merchant_deck, golem_row + (card,),
                                     golem_deck[:i] + golem_deck[i + 1:], copper_pile, silver_pile, end_triggered,
                                     finished))
        return _off_path(s, a)
    if len(market) < MARKET_SIZE and merchant_deck and not finished:  # a merchant card is due
        if t is RevealMerchant:
            card = a.card
            i = _bisect(merchant_deck, card)
            if i < len(merchant_deck) and merchant_deck[i] == card:
                return _tnew(State, (n_players, current, stage, turn, caravans, hands, played, golems, copper,
                                     silver, market + (card,), market_crystals + (_ZERO,),
                                     merchant_deck[:i] + merchant_deck[i + 1:], golem_row, golem_deck, copper_pile,
                                     silver_pile, end_triggered, finished))
        return _off_path(s, a)
    if stage != (t is Discard) or finished:  # a discard is due / is not due, or the game is over
        return _off_path(s, a)
    p = current
    y, g, b, pink = caravans[p]
    if t is PlayCard:
        hand = hands[p]
        cid = a.card
        i = _position(hand, cid)
        if i >= 0:  # in hand
            gain = _GAIN[cid]
            steps = a.steps
            if gain is None:  # an upgrade card: steps applied low colours first
                if legal or (a.times == 1 and _is_counts(steps) and not steps[3]
                             and steps[0] + steps[1] + steps[2] <= _UPGRADES_OF[cid]
                             and steps[0] <= y and steps[1] <= g + steps[0] and steps[2] <= b + steps[1]):
                    y, g, b, pink = y - steps[0], g + steps[0] - steps[1], b + steps[1] - steps[2], pink + steps[2]
                    cid = None
            elif steps is NO_STEPS or steps == NO_STEPS:  # create (played once) or trade (a.times uses)
                times = a.times
                inputs = _INPUTS[cid]
                if inputs is None:
                    if legal or times == 1:
                        y, g, b, pink = y + gain[0], g + gain[1], b + gain[2], pink + gain[3]
                        cid = None
                elif legal or (type(times) is int and times >= 1 and y >= times * inputs[0]
                               and g >= times * inputs[1] and b >= times * inputs[2] and pink >= times * inputs[3]):
                    y, g, b, pink = (y + times * gain[0], g + times * gain[1], b + times * gain[2],
                                     pink + times * gain[3])
                    cid = None
        if cid is not None:  # not applied
            _check_play(s, p, hand, a)  # raises the rule broken
        cid = a.card
        hands = _replaced(hands, p, hand[:i] + hand[i + 1:])
        played = _replaced(played, p, played[p] + (cid,))
        if y + g + b + pink > CARAVAN_LIMIT:
            stage = DISCARD  # the same seat returns the excess
    elif t is Rest:
        back = played[p]
        if not back:
            raise _err("nothing_to_rest", _("rest: you have no played cards to take back (resting with none is not "
                                             "allowed here: it would only waste the turn)"), R_REST)
        hands = _replaced(hands, p, hands[p] + back)
        played = _replaced(played, p, ())
    elif t is Acquire:
        position = a.position
        payment = a.payment
        if not legal and (type(position) is not int or not 0 < position <= len(market) or type(payment) is not tuple
                          or len(payment) != position - 1):
            _check_acquire(s, p, position, payment)  # raises the rule broken
        if payment:
            c = [y, g, b, pink]
            placed = list(market_crystals)
            j = 0
            for x in payment:  # one crystal on each card to the left, from the caravan
                if not legal and (type(x) is not int or not 0 <= x <= 3 or not c[x]):
                    _check_acquire(s, p, position, payment)  # raises the rule broken
                c[x] -= 1
                old = placed[j]
                placed[j] = _replaced(old, x, old[x] + 1)
                j += 1
            bonus = placed.pop(j)
            market_crystals = tuple(placed)
            y, g, b, pink = c[0] + bonus[0], c[1] + bonus[1], c[2] + bonus[2], c[3] + bonus[3]
        else:
            bonus = market_crystals[0]
            market_crystals = market_crystals[1:]
            y, g, b, pink = y + bonus[0], g + bonus[1], b + bonus[2], pink + bonus[3]
        hands = _replaced(hands, p, hands[p] + (market[position - 1],))
        market = market[:position - 1] + market[position:]
        if y + g + b + pink > CARAVAN_LIMIT:
            stage = DISCARD  # the same seat returns the excess
    elif t is Claim:
        position = a.position
        if not legal and (type(position) is not int or not 0 < position <= len(golem_row)):
            _check_claim(s, p, position)  # raises the rule broken
        golem = golem_row[position - 1]
        cost = _COST[golem]
        if not legal and (y < cost[0] or g < cost[1] or b < cost[2] or pink < cost[3]):
            _check_claim(s, p, position)  # raises the rule broken
        y, g, b, pink = y - cost[0], g - cost[1], b - cost[2], pink - cost[3]
        mine = golems[p] + (golem,)
        golems = _replaced(golems, p, mine)
        if position == 1:  # copper while any is left, then silver moves to position 1
            if copper_pile:
                copper = _replaced(copper, p, copper[p] + 1)
                copper_pile -= 1
            elif silver_pile:
                silver = _replaced(silver, p, silver[p] + 1)
                silver_pile -= 1
        elif position == 2 and copper_pile and silver_pile:
            silver = _replaced(silver, p, silver[p] + 1)
            silver_pile -= 1
        golem_row = golem_row[:position - 1] + golem_row[position:]
        end_triggered = end_triggered or len(mine) >= end_threshold(n_players)
    elif t is Discard:
        returned = a.crystals
        if not legal and not (_is_counts(returned) and returned[0] + returned[1] + returned[2] + returned[3] == y + g + b + pink
                - CARAVAN_LIMIT and returned[0] <= y and returned[1] <= g and returned[2] <= b
                and returned[3] <= pink):
            _check_discard(caravans[p], returned)  # raises the rule broken
        y, g, b, pink = y - returned[0], g - returned[1], b - returned[2], pink - returned[3]
        stage = MAIN
    else:
        return _off_path(s, a)  # a reveal when none is due, or not an action
    if t is not Rest:
        caravans = _replaced(caravans, p, (y, g, b, pink))
    if not stage:  # the action is over (no discard due): the next seat, or the end (rules summary 结束与计分)
        turn += 1
        current, finished = _TURN_PASSES[n_players][p][end_triggered]
    return _tnew(State, (n_players, current, stage, turn, caravans, hands, played, golems, copper, silver, market,
                         market_crystals, merchant_deck, golem_row, golem_deck, copper_pile, silver_pile,
                         end_triggered, finished))


def _position(values: tuple, value: object) -> int:
    """The index of the first item of ``values`` equal to ``value`` (as ``values.index``), or -1 if none is."""
    i = 0
    for x in values:
        if x is value or x == value:
            return i
        i += 1
    return -1


def _replaced(values: tuple, i: int, value: object) -> tuple:
    """``values`` with item ``i`` replaced by ``value`` (a seat's entry of a per-seat field)."""
    x = list(values)
    x[i] = value
    return tuple(x)


def _off_path(s: State, a: object) -> State:
    """An action off the usual path of :func:`apply_action`: refused with the rule it breaks, or a reveal taken
    from a deck given out of order (a ``State`` built by hand)."""
    if s.finished:
        raise _err("game_over", _("the game is over"), R_END)
    t = type(a)
    if t is RevealGolem or t is RevealMerchant:
        return _reveal(s, a, chance_pending(s))
    if t not in (PlayCard, Rest, Acquire, Claim, Discard):
        raise _err("unknown_action", _("not a Century action: {action!r}").format(action=a))
    raise _turn_refusal(s, a)


def _turn_refusal(s: State, a: Action) -> IllegalActionError:
    """Why ``a`` cannot be taken now: the game is over, a reveal is due, or the stage is the other one."""
    if s.finished:
        return _err("game_over", _("the game is over"), R_END)
    pending = chance_pending(s)
    if pending:
        return _err("reveal_pending", _("a golem card must be revealed to refill the row first")
                    if pending == "golem" else _("a merchant card must be revealed to refill the market first"),
                    R_TURN)
    if type(a) is Discard:
        return _err("no_discard_due", _("crystals are returned only when an action leaves more than 10"), R_CARAVAN)
    return _err("discard_pending", _("seat {seat} holds {n} crystals and must return the excess above 10 before "
                                     "the turn ends").format(seat=s.current + 1, n=sum(s.caravans[s.current])),
                R_CARAVAN)


def _reveal(s: State, a: RevealGolem | RevealMerchant, pending: str | None) -> State:
    """A reveal off the usual path: refused, or taken from a deck given out of order (``State`` built by hand)."""
    kind = "golem" if type(a) is RevealGolem else "merchant"
    if pending != kind:
        if kind == "golem":
            text = (_("no golem card is due to be revealed now (a merchant card is)") if pending else
                    _("no golem card is due to be revealed now"))
        else:
            text = (_("no merchant card is due to be revealed now (a golem card is)") if pending else
                    _("no merchant card is due to be revealed now"))
        raise _err("no_reveal_due", text, R_TURN)
    if kind == "golem":
        deck = s.golem_deck
        if a.card not in deck:
            raise _err("card_not_in_deck", _("golem {card!r} is not in the golem deck").format(card=a.card),
                       R_CLAIM)
        i = deck.index(a.card)
        return s._replace(golem_row=s.golem_row + (a.card,), golem_deck=deck[:i] + deck[i + 1:])
    deck = s.merchant_deck
    if a.card not in deck:
        raise _err("card_not_in_deck", _("merchant card {card!r} is not in the merchant deck").format(card=a.card),
                   R_ACQUIRE)
    i = deck.index(a.card)
    return s._replace(market=s.market + (a.card,), market_crystals=s.market_crystals + (_ZERO,),
                      merchant_deck=deck[:i] + deck[i + 1:])


def _check_play(s: State, p: int, hand: tuple[str, ...], a: PlayCard) -> None:
    """Raise the rule a play breaks (called when the play is refused)."""
    cid = a.card
    if cid not in hand:
        text = (_("play: {card} is already played (rest to take it back)") if cid in s.played[p]
                else _("play: {card} is not in your hand"))
        shown = merchant_card_name(_M[cid]) if cid in _M else repr(cid)
        raise _err("card_not_in_hand", text.format(card=shown), R_REST)
    card = _M[cid]
    c = s.caravans[p]
    kind = card.kind
    if kind == "create":
        raise _err("wrong_choice", _("play: {card} takes no upgrade steps and is played once")
                   .format(card=merchant_card_name(card)), R_TURN)
    if kind == "upgrade":
        st = a.steps
        if a.times != 1 or not _is_counts(st):
            raise _err("wrong_choice", _("play: {card} takes upgrade steps as 4 counts (yellow, green, blue, pink) "
                                         "and is played once, got steps={steps!r} times={times!r}")
                       .format(card=merchant_card_name(card), steps=st, times=a.times), R_UPGRADE)
        if st[3]:
            raise _err("pink_cannot_upgrade", _("play: pink is the highest colour and cannot be upgraded"), R_UPGRADE)
        if st[0] + st[1] + st[2] > card.upgrades:
            raise _err("too_many_upgrades", _("play: {card} allows at most {most} single-step upgrades, "
                                              "{asked} asked").format(card=merchant_card_name(card), most=card.upgrades,
                                                                      asked=st[0] + st[1] + st[2]), R_UPGRADE)
        y, g, b, _pk = c
        if st[0] > y:
            raise _err("not_enough_crystals", _("play: {n} upgrades of yellow but only {have} yellow")
                       .format(n=st[0], have=y), R_UPGRADE)
        g += st[0]
        if st[1] > g:
            raise _err("not_enough_crystals", _("play: {n} upgrades of green but only {have} green (after the "
                                                "yellow steps)").format(n=st[1], have=g), R_UPGRADE)
        raise _err("not_enough_crystals", _("play: {n} upgrades of blue but only {have} blue (after the "
                                            "lower steps)").format(n=st[2], have=b + st[1]), R_UPGRADE)
    n = a.times
    if a.steps is not NO_STEPS and a.steps != NO_STEPS:
        raise _err("wrong_choice", _("play: {card} is a trade card and takes no upgrade steps")
                   .format(card=merchant_card_name(card)), R_TRADE)
    if type(n) is not int or n < 1:
        raise _err("bad_trade_count", _("play: a trade is made 1 or more times, not {n!r}").format(n=n), R_TRADE)
    inp = card.inputs
    raise _err("not_enough_crystals", _("play: {n} x {notation} needs {needed}, the caravan holds {held}; "
                                        "each repetition is paid in full")
               .format(n=n, notation=card.notation, needed=_fmt(tuple(n * x for x in inp)), held=_fmt(c)), R_TRADE)


def _is_counts(v: object) -> bool:
    """A 4-tuple of non-negative ints (bools refused)."""
    if type(v) is not tuple or len(v) != 4:
        return False
    a, b, c, d = v
    return (type(a) is int and type(b) is int and type(c) is int and type(d) is int
            and a >= 0 and b >= 0 and c >= 0 and d >= 0)


def _check_acquire(s: State, p: int, pos: object, pay: object) -> None:
    """Raise the rule an acquisition breaks, if any."""
    m = len(s.market)
    if type(pos) is not int or not 1 <= pos <= m:
        raise _err("bad_position", _("acquire: position must be 1..{last}, not {position!r}").format(last=m, position=pos),
                   R_ACQUIRE)
    ok = type(pay) is tuple and len(pay) == pos - 1
    if ok:
        for x in pay:
            if type(x) is not int or not 0 <= x <= 3:
                ok = False
                break
    if not ok:
        # The refusal names the crystals offered ("4 pink crystals"), never the colour numbers inside the action.
        offered = (crystals_in_words(_counts(pay)) if type(pay) is tuple and all(type(x) is int and 0 <= x <= 3
                                                                                  for x in pay) else repr(pay))
        raise _err("bad_payment", ngettext("acquire: position {position} needs exactly {n} crystal placed, one on each "
                                            "card to its left, got {payment}",
                                            "acquire: position {position} needs exactly {n} crystals placed, one on "
                                            "each card to its left, got {payment}", pos - 1)
                   .format(position=pos, n=pos - 1, payment=offered), R_ACQUIRE)
    have = s.caravans[p]
    paid = _counts(pay)
    if paid[0] > have[0] or paid[1] > have[1] or paid[2] > have[2] or paid[3] > have[3]:
        raise _err("not_enough_crystals", ngettext(
            "acquire: position {position} needs {n} crystal placed ({placed}), the caravan holds {held}; "
            "crystals on the card you take cannot pay for it",
            "acquire: position {position} needs {n} crystals placed ({placed}), the caravan holds {held}; "
            "crystals on the card you take cannot pay for it", pos - 1)
            .format(position=pos, n=pos - 1, placed=_fmt(paid), held=_fmt(have)), R_ACQUIRE)


def _counts(pay: tuple[int, ...]) -> Crystals:
    c = [0, 0, 0, 0]
    for x in pay:
        c[x] += 1
    return (c[0], c[1], c[2], c[3])


def _check_claim(s: State, p: int, pos: object) -> None:
    """Raise the rule a claim breaks, if any."""
    row = s.golem_row
    if type(pos) is not int or not 1 <= pos <= len(row):
        raise _err("bad_position", _("claim: position must be 1..{last}, not {position!r}")
                   .format(last=len(row), position=pos), R_CLAIM)
    gid = row[pos - 1]
    cost = _G[gid].cost
    c = s.caravans[p]
    if c[0] < cost[0] or c[1] < cost[1] or c[2] < cost[2] or c[3] < cost[3]:
        raise _err("not_enough_crystals", _("claim: golem {golem} costs exactly {cost}, the caravan holds {held}; "
                                             "a higher colour never stands in for a lower one")
                   .format(golem=_G[gid].notation, cost=_fmt(cost), held=_fmt(c)), R_CLAIM)


def _check_discard(c: Crystals, d: object) -> None:
    """Raise the rule a discard from caravan ``c`` breaks, if any."""
    excess = c[0] + c[1] + c[2] + c[3] - CARAVAN_LIMIT
    if not _is_counts(d):
        raise _err("wrong_discard", _("discard must be 4 non-negative counts (yellow, green, blue, pink), "
                                      "got {value!r}").format(value=d), R_CARAVAN)
    if d[0] + d[1] + d[2] + d[3] != excess:
        raise _err("wrong_discard", ngettext("return exactly {n} crystal to get back to 10, not {given}",
                                            "return exactly {n} crystals to get back to 10, not {given}", excess)
                   .format(n=excess, given=sum(d)), R_CARAVAN)
    if d[0] > c[0] or d[1] > c[1] or d[2] > c[2] or d[3] > c[3]:
        raise _err("not_enough_crystals", _("cannot return {returned}: the caravan holds {held}")
                   .format(returned=_fmt(d), held=_fmt(c)), R_CARAVAN)


# --------------------------------------------------------------------------------------------- chance & sampling


def sample_chance(s: State, rng: random.Random) -> Action:
    """A uniformly random reveal from the deck that must refill its row (the deck is a shuffled pile)."""
    pending = chance_pending(s)
    if pending == "golem":
        r = rng.random()
        return _REVEAL_GOLEM[s.golem_deck[int(r * len(s.golem_deck))]]
    if pending == "merchant":
        r = rng.random()
        return _REVEAL_MERCHANT[s.merchant_deck[int(r * len(s.merchant_deck))]]
    raise _err("no_reveal_due", _("no card is due to be revealed"), R_TURN)


def resolve_chance(s: State, rng: random.Random) -> State:
    """Apply random reveals until no card is due (a no-op when none is)."""
    while chance_pending(s):
        s = sample_and_apply(s, rng)  # a reveal, drawn as sample_chance draws it
    return s


def sample_action(s: State, rng: random.Random) -> Action:
    """A random legal action, drawn directly (much faster than listing them all).

    Chance: a random card from the deck. Discard: crystals returned one at a time, each a uniformly random
    crystal of the caravan. Otherwise one of the available action kinds (play, acquire, rest, claim) is
    chosen uniformly, then uniformly among its options (a playable card; an upgrade choice; a number of
    trades; a position, paid with crystals drawn at random from the caravan; a golem). This is not uniform over
    the distinct legal actions, which would make acquisitions with many payment orders dominate.

    The actions returned are shared values (frozen, so equal to freshly built ones): a random game through
    ``apply_action(s, sample_action(s, rng))`` builds no action object once the caches are warm (and
    ``apply_action`` checks them like any other; :func:`sample_and_apply` applies the drawn action without
    checking it again). This loop is the simulator's hot path (``benchmarks/century_sim.py``). The draws from ``rng`` (their number and use) define the game a seed
    plays: changing them changes every simulated game.

    Examples
    --------
    >>> rng = random.Random(3)
    >>> s = new_game(2, rng=rng)
    >>> while not s.finished:
    ...     s = apply_action(s, sample_action(s, rng))
    >>> len(max(s.golems, key=len)) >= 6
    True
    """
    (n_players, p, stage, turn, caravans, hands, played, golems, copper, silver, market, market_crystals,
     merchant_deck, row, golem_deck, copper_pile, silver_pile, end_triggered, finished) = s[:]
    if finished:
        raise _err("game_over", _("the game is over"), R_END)
    # Every draw is ``int(rng.random() * n)`` (a uniform index below ``n``: the float truncated, as ``math.trunc``
    # would), each float taken into a local of its own first (a C double in the compiled copy, ``engine.pxd``).
    if len(row) < GOLEM_ROW_SIZE and golem_deck:
        r = rng.random()
        return _REVEAL_GOLEM[golem_deck[int(r * len(golem_deck))]]
    if len(market) < MARKET_SIZE and merchant_deck:
        r = rng.random()
        return _REVEAL_MERCHANT[merchant_deck[int(r * len(merchant_deck))]]
    rnd = rng.random
    y, g, b, pk = caravans[p]
    if stage == DISCARD:  # the excess returned one crystal at a time, each a uniformly random one
        key = _counts(_draw_crystals(rnd, y, g, b, pk, y + g + b + pk - CARAVAN_LIMIT))
        a = _DISCARDS.get(key)
        if a is None:
            a = _DISCARDS[key] = Discard(key)
        return a
    hand = hands[p]
    # A uniform action kind among those available, by rejection: draw one of the four, keep it if it can be
    # made (at least one always can: Create 2 is in hand or played). A kind is tested the first time it is
    # drawn and the answer kept for the next draws (0 untested, 1 no, 2 yes).
    can_play = 0
    claimable = None
    while True:
        r = rnd()  # kind trunc(4 * r), compared as a float (exact: 4 is a power of two)
        if r < 0.25:
            if not can_play:
                can_play = 1
                for cid in hand:
                    if _payable(cid, y, g, b, pk):
                        can_play = 2
                        break
            if can_play == 2:
                k = 0
                break
        elif r < 0.5:
            if market:
                k = 1
                break
        elif r < 0.75:
            if played[p]:
                k = 2
                break
        else:
            if claimable is None:
                claimable = []
                pos = 0
                for gid in row:
                    pos += 1
                    c0, c1, c2, c3 = _COST[gid]
                    if pk >= c3 and b >= c2 and g >= c1 and y >= c0:  # most often short first
                        claimable.append(pos)
            if claimable:
                k = 3
                break
    if k == 0:
        size = len(hand)
        while True:  # a uniformly random playable card, by rejection (at least one is playable)
            r = rnd()
            cid = hand[int(r * size)]
            if _payable(cid, y, g, b, pk):
                break
        kind = _KIND[cid]
        if kind == "create":
            a = _PLAY_ONCE[cid]
        elif kind == "upgrade":
            key = (cid, y, g, b)
            choices = _UPGRADE_PLAYS.get(key)
            if choices is None:
                choices = _UPGRADE_PLAYS[key] = _upgrade_plays(cid, (y, g, b, pk))
            r = rnd()
            a = choices[int(r * len(choices))]
        else:
            i0, i1, i2, i3 = _INPUTS[cid]  # as max_trades(c, cid), inline (the hot path)
            most = 99
            if i0:
                most = y // i0
            if i1 and g // i1 < most:
                most = g // i1
            if i2 and b // i2 < most:
                most = b // i2
            if i3 and pk // i3 < most:
                most = pk // i3
            r = rnd()
            times = 1 + int(r * most)
            if times == 1:
                a = _PLAY_ONCE[cid]
            else:
                key = (cid, times)
                a = _TRADES.get(key)
                if a is None:
                    a = _TRADES[key] = PlayCard(cid, times)
    elif k == 1:
        total = y + g + b + pk
        size = len(market)
        if size > total + 1:
            size = total + 1
        r = rnd()
        pos = 1 + int(r * size)
        if pos == 1:
            a = _ACQUIRE_FIRST
        else:
            pay = _draw_crystals(rnd, y, g, b, pk, pos - 1)
            a = _ACQUIRES.get(pay)
            if a is None:
                a = _ACQUIRES[pay] = Acquire(pos, pay)
    elif k == 2:
        a = _REST
    else:
        r = rnd()
        a = _CLAIMS[claimable[int(r * len(claimable))]]
    return a


def _payable(cid: str, y: int, g: int, b: int, pink: int) -> bool:
    """Whether merchant card ``cid`` can be played with a caravan of ``y, g, b, pink`` crystals (a trade card's
    inputs once; create and upgrade cards always)."""
    inputs = _INPUTS[cid]
    if inputs is None:
        return True
    i0, i1, i2, i3 = inputs
    return y >= i0 and g >= i1 and b >= i2 and pink >= i3


def _upgrade_plays(cid: str, caravan: Crystals) -> tuple[PlayCard, ...]:
    """Every play of upgrade card ``cid`` with ``caravan``, one per distinct choice of upgrades (a function of its
    own: a comprehension inside ``sample_action`` would make ``cid`` a closure cell there, paid on every call)."""
    return tuple(PlayCard(cid, 1, st) for st in upgrade_choices(caravan, _M[cid].upgrades))


def _draw_crystals(rnd, y: int, g: int, b: int, pink: int, k: int) -> tuple[int, ...]:
    """Colour indices of ``k`` crystals drawn one at a time, uniformly, from a caravan of ``y, g, b, pink``."""
    drawn = []
    total = y + g + b + pink
    for _n in range(k):
        r = rnd()
        i = int(r * total)  # the i-th crystal left, yellow ones first
        total -= 1
        if i < y:
            y -= 1
            drawn.append(0)
        elif i < y + g:
            g -= 1
            drawn.append(1)
        elif i < y + g + b:
            b -= 1
            drawn.append(2)
        else:
            pink -= 1
            drawn.append(3)
    return tuple(drawn)


# Shared action values of sample_action (frozen dataclasses: building one costs more than a rules step).
_REST = Rest()
_ACQUIRE_FIRST = Acquire(1)
_CLAIMS = tuple(Claim(pos) for pos in range(GOLEM_ROW_SIZE + 1))
_PLAY_ONCE = {cid: PlayCard(cid) for cid in _M}
_REVEAL_GOLEM = {gid: RevealGolem(gid) for gid in _G}
_REVEAL_MERCHANT = {cid: RevealMerchant(cid) for cid in _M}
_DISCARDS: dict[Crystals, Discard] = {}
_TRADES: dict[tuple[str, int], PlayCard] = {}
_UPGRADE_PLAYS: dict[tuple[str, int, int, int], tuple[PlayCard, ...]] = {}
_ACQUIRES: dict[tuple[int, ...], Acquire] = {}


# --------------------------------------------------------------------------------------------- scoring


def score(s: State, names: Sequence[str] | None = None) -> TableScore:
    """Itemised scores of every seat (valid at any time; final once :func:`is_terminal`).

    Parameters
    ----------
    names : sequence of str or None
        Player names in seat order; default ``"Player 1"``..

    Returns
    -------
    TableScore
        Golem VP, coin VP (copper 3, silver 1), crystal VP (1 per non-yellow crystal), total, and the winner
        with ties going to the tied seat latest in turn order (rules summary 结束与计分).
    """
    names = list(names) if names is not None else [_("Player {n}").format(n=i + 1) for i in range(s.n_players)]
    tallies = [PlayerTally(names[i], tuple(_G[g].points for g in s.golems[i]), s.copper[i], s.silver[i],
                           dict(zip(COLOURS, s.caravans[i], strict=True))) for i in range(s.n_players)]
    return score_table(tallies)


# --------------------------------------------------------------------------------------------- compiled copy
#
# ``hatch_build.py`` compiles an unchanged copy of this file with Cython as ``companion.century._engine_c``,
# stamped with the SHA-256 of the source it was made from. While that stamp matches this file, the public
# functions below are the compiled ones (the same code, about a third faster: ``benchmarks/century_sim.py``);
# an edited file, a missing extension or ``COMPANION_PURE_PYTHON=1`` leaves everything plain Python.

COMPILED = False
"""True when this module's public functions are served by the compiled copy ``companion.century._engine_c``."""


def _use_compiled() -> bool:
    import os
    from hashlib import sha256
    from pathlib import Path

    if os.environ.get("COMPANION_PURE_PYTHON"):
        return False
    try:
        from companion.century import _engine_c
    except ImportError:
        return False
    if getattr(_engine_c, "_SOURCE_SHA256", None) != sha256(Path(__file__).read_bytes()).hexdigest():
        return False  # compiled from another version of this file: never run stale rules
    for name in __all__:
        if name != "CHANCE":
            function = getattr(_engine_c, name)
            function.__module__ = __name__  # documented (help, doctest) as this module's
            globals()[name] = function
    return True


if __name__ == "companion.century.engine":  # not in the compiled copy itself
    COMPILED = _use_compiled()
