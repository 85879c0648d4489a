"""The Merchants of Magick rules engine: 1-8 players, 10 rounds, state as frozen values.

Round structure (rules summary III): **resource phase** (one shared roll of D6, D8, D10, D12 - a chance
action, so physical dice can be typed in), **crafting and research phase** (every player, independently,
fills circles with 2 of the 4 dice, more with extra dice, adjusting dice with potions), **mastery phase**
(automatic once every player has ended their turn), **customer phase** (automatic order passing, then the
face-down orders are revealed - chance actions carrying the order). After the 10th round's mastery phase
the game is over (the last customer phase changes no gold, so it is skipped).

Verbs (stable API)
------------------
- :func:`new_game(players, adventurers=None, mastery=None, rng=None, sheet=None, cards=None, deck=None,
  starting_potions=None, orders_per_player=None)` -> :class:`GameState` in phase ``"reveal"``: the opening
  orders are dealt by chance actions like every later reveal.
- :func:`is_chance(state)`, :func:`chance_action(state, rng)` -> the next :class:`RollDice` or
  :class:`RevealOrder` (random roll; the top card of the state's deck).
- :func:`legal_actions(state, player=None)` -> list of :class:`Place` (each die/circle pair with the fewest
  potions it needs), :class:`FreeCircle`, :class:`EndTurn`. Empty in chance phases and when over.
- :func:`apply_action(state, action)` -> new state, or :class:`~companion.errors.IllegalActionError`.
- :func:`score(state)` -> list of :class:`~companion.magick.scoring.PlayerGold`; :func:`winners(state)`.
- :func:`advice(state, player)` -> ranked placements with reasons (:func:`companion.magick.odds.rank_placements`).
- :func:`action_to_dict` / :func:`action_from_dict`; records in :mod:`companion.magick.record`.
- State fields: ``state.players[i]`` (:class:`PlayerState`: ``name``, ``adventurer``, ``filled``,
  ``completed``, ``potions``, ``extra_used``, ``orders`` (face-up :class:`~companion.magick.orders.Order` or
  None for a face-down slot, left to right), ``fulfilled``, ``adventurer_steps``, ``free_circles``,
  ``mastery`` ((card id, gold) pairs), ``used_dice``, ``done``), ``state.round`` (1..10), ``state.phase``
  (``"reveal"``, ``"roll"``, ``"craft"``, ``"over"``), ``state.roll``, ``state.mastery_cards``,
  ``state.flipped``, ``state.deck``, ``state.log`` (human sentences), ``state.solo``, ``state.setup``
  (:class:`Setup`) and ``state.history`` (every action applied since :func:`new_game`, for records).

Rules as implemented
--------------------
- Dice: a die may fill a circle only if its column allows the die type and the adjusted value meets the
  comparison (crafting >=, research <=). Each die fills one circle and is used once per player per round.
  A potion moves a die by 1 (``Place.adjust`` is the signed total; it costs ``abs(adjust)`` potions).
  **Where a die may not go:** below 1, above 12; with the sheet's ``past_top_face: false``, above its own
  top face (see :mod:`companion.magick.sheet`).
- Two dice per round; a third and fourth die each take the next slot of the 6-slot extra-dice track,
  paying its cost (0, 0, 0, 2, 3, 4 potions) at once, in order (rules summary II.3, IV.7).
- A completed row scores its gold and gives its potions (1; Glamor Potion Supplier 5 on the reference
  sheet) at once (II.2.1, II.2.2).
- Orders are claimed automatically as soon as the item and every named enchantment row are complete
  (II.4: "must claim at once"), including orders received or revealed in the customer phase (they are
  claimed when the next crafting phase starts). A claimed order's slot becomes a face-down card, revealed
  in the customer phase. Completed rows are not used up: one Ring serves several orders.
- Customer phase (III.7, IV.5): with 2+ players each player passes the leftmost face-up unfinished order to
  the player on the left (seat ``i`` passes to seat ``i + 1``, the last to the first); the others slide
  left and the received order goes to the right end; then face-down cards are revealed. **Solo (choice,
  as in the digital app - the official solo market is not available):** the leftmost unfinished order is
  discarded, the others slide left, and a new face-down card is added at the right (so the row keeps its
  size); then reveals. A reveal
  with ``order=None`` means the deck is empty: the slot is removed.
- Sponsored adventurer (II.5, IV.8): requirements met strictly in order, requirement k = item row and
  enchantment row both complete. 1st: 3 potions; 2nd: one free circle; 3rd: one free circle and the
  card's gold. A free circle is any empty circle on the player's sheet, filled with :class:`FreeCircle`
  (no die, no potion); while one is pending, the player must place it first (``free_circle_pending``). A
  free circle that completes a row scores it normally (and can trigger further rewards). With no empty
  circle left, the free circle is lost.
- Mastery (III.6, IV.6): in the mastery phase every player who has not claimed a card and has at least N
  circles filled in its column claims it: 8 gold while the card shows its master side, 4 after it was
  flipped; the card flips at the end of the first phase in which someone claimed it. Players claiming in
  the same phase all get 8 (choice, as the digital app). Once per player per card.
- **Choices where the rules summary is silent:** 0 starting potions; 3 orders per player at every player
  count; the potion supply is unlimited (the 30 tokens are treated as enough); thresholds of mastery
  cards as in :mod:`companion.magick.orders`.

Illegal-action codes (stable)
-----------------------------
Listed in :data:`companion.magick.refusals.REFUSAL_CODES` (``game_over``, ``wrong_phase``, ``player_done``,
``target_not_met``, ``not_enough_potions``...), the registry the conformance suite checks.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.errors import IllegalActionError
from companion.i18n import N_, _, lazy_gettext
from companion.magick import describe
from companion.magick.describe import (
    LogLine,
    circle_text,
    is_you,  # noqa: F401 (old import path: widgets ask engine.is_you)
    possessive_sheet,
    potions,
    say,
)
from companion.magick.dice import Roll, check_placement, potions_needed
from companion.magick.odds import Placement, rank_placements
from companion.magick.orders import Cards, Order, generated_order_deck, load_cards, make_order
from companion.magick.scoring import PlayerGold
from companion.magick.scoring import winners as _winners
from companion.magick.sheet import Sheet, default_sheet, shown_name
from companion.validation import name_problem

__all__ = [
    "Action",
    "EndTurn",
    "FreeCircle",
    "GameState",
    "Place",
    "PlayerState",
    "RevealOrder",
    "RollDice",
    "Setup",
    "action_from_dict",
    "action_to_dict",
    "advice",
    "apply_action",
    "chance_action",
    "is_chance",
    "legal_actions",
    "new_game",
    "score",
    "winners",
]

R_SETUP = lazy_gettext("rules summary I (setup: 1-8 players, one adventurer each, one material and one energy "
                       "mastery)")
R_PHASE = lazy_gettext("rules summary III (round phases)")
R_DICE = lazy_gettext("rules summary II.2.3 (two dice per round, each die used once)")
R_POTION = lazy_gettext("rules summary II.3 (a potion moves a die by 1)")
R_EXTRA = lazy_gettext("rules summary IV.7 (6 extra dice per game costing 0,0,0,2,3,4 potions)")
R_ADV = lazy_gettext("rules summary II.5 and IV.8 (adventurer: free circle on an empty circle of your sheet)")
R_ORDER = lazy_gettext("rules summary III.7 (customer phase: face-down orders are revealed)")
R_CIRCLE = lazy_gettext("rules summary II.2 (a circle is filled once)")

PHASES = ("reveal", "roll", "craft", "over")

_PHASE_NAMES = {"reveal": N_("order reveals"), "roll": N_("the roll"), "craft": N_("crafting and research"),
                "over": N_("game over")}


# --------------------------------------------------------------------------------------------------
# texts shown to players: the log's sentences and the subject-aware refusals are in companion.magick.describe
# (is_you, LogLine and circle_text keep their old import path here)


# --------------------------------------------------------------------------------------------------
# actions


@dataclass(frozen=True)
class RollDice:
    """Chance: the shared roll of this round (``RollDice.of({"d6": 3, "d8": 5, "d10": 2, "d12": 11})``)."""

    values: tuple[tuple[str, int], ...]

    @classmethod
    def of(cls, values: Mapping[str, int]) -> RollDice:
        return cls(tuple(values.items()))


@dataclass(frozen=True)
class RevealOrder:
    """Chance: the order turned face up in ``player``'s leftmost face-down slot (None: the deck is empty)."""

    player: int
    order: Order | None


@dataclass(frozen=True)
class Place:
    """``player`` fills ``circle`` with ``die``, moved by ``adjust`` (signed; costs ``abs(adjust)`` potions)."""

    player: int
    die: str
    circle: str
    adjust: int = 0


@dataclass(frozen=True)
class FreeCircle:
    """``player`` fills ``circle`` with the adventurer's free circle (no die, no potion)."""

    player: int
    circle: str


@dataclass(frozen=True)
class EndTurn:
    """``player`` is done for this crafting and research phase."""

    player: int


Action = RollDice | RevealOrder | Place | FreeCircle | EndTurn


# --------------------------------------------------------------------------------------------------
# state


@dataclass(frozen=True)
class PlayerState:
    """One player's sheet and cards. Gold is derived by :func:`score`."""

    name: str
    adventurer: str
    filled: frozenset[str] = frozenset()
    completed: tuple[str, ...] = ()
    potions: int = 0
    extra_used: int = 0
    orders: tuple[Order | None, ...] = ()
    fulfilled: tuple[Order, ...] = ()
    adventurer_steps: int = 0
    free_circles: int = 0
    mastery: tuple[tuple[str, int], ...] = ()
    used_dice: tuple[str, ...] = ()
    done: bool = False

    @property
    def face_down(self) -> int:
        """Number of face-down order slots waiting for the customer phase."""
        return sum(1 for o in self.orders if o is None)

    @property
    def open_orders(self) -> tuple[Order, ...]:
        """Face-up orders in front of the player, left to right."""
        return tuple(o for o in self.orders if o is not None)


@dataclass(frozen=True)
class Setup:
    """What :func:`new_game` was called with (enough to replay ``history``; the deck is not needed
    because every reveal action carries its order)."""

    players: tuple[str, ...]
    adventurers: tuple[str, ...]
    mastery: tuple[str, ...]
    starting_potions: int
    orders_per_player: int


@dataclass(frozen=True)
class GameState:
    """The whole game. Never mutated: :func:`apply_action` returns a new value (undo = keep the old one)."""

    sheet: Sheet
    cards: Cards
    players: tuple[PlayerState, ...]
    mastery_cards: tuple[str, ...]
    round: int = 1
    phase: str = "reveal"
    roll: Roll | None = None
    flipped: tuple[str, ...] = ()
    deck: tuple[Order, ...] = ()
    log: tuple[str, ...] = ()
    setup: Setup | None = None
    history: tuple[Action, ...] = ()

    @property
    def solo(self) -> bool:
        return len(self.players) == 1

    @property
    def over(self) -> bool:
        return self.phase == "over"


# --------------------------------------------------------------------------------------------------
# setup


def new_game(players: Sequence[str] | int, *, adventurers: Sequence[str] | None = None,
             mastery: Sequence[str] | None = None, rng: random.Random | None = None, sheet: Sheet | None = None,
             cards: Cards | None = None, deck: Sequence[Order] | None = None, starting_potions: int | None = None,
             orders_per_player: int | None = None) -> GameState:
    """Start a game in phase ``"reveal"`` (the opening orders are dealt as chance actions).

    Parameters
    ----------
    players : sequence of str or int
        Player names in seat order (clockwise: seat i's left neighbour is seat i + 1), or a count (1-8).
    adventurers : sequence of str, optional
        Sponsored adventurer id per player; default: drawn without replacement with ``rng`` (or the
        first cards in data order when ``rng`` is None).
    mastery : (str, str), optional
        The material and the energy mastery card ids; default drawn with ``rng`` (or the first of each).
    rng : random.Random, optional
        Used only for the defaults above and the generated deck.
    sheet, cards : optional
        Default: the shipped reference sheet and cards.
    deck : sequence of Order, optional
        The order deck, top first. Default when ``rng`` is given: the printed cards of cards.json
        shuffled, if someone typed them in there, else the generated deck (not the printed one); without
        ``rng``: empty (orders are typed in as they are revealed).
    starting_potions : int, optional
        Default from cards.json (0, a choice).
    orders_per_player : int, optional
        Default from cards.json (3 at every player count, a choice).

    Raises
    ------
    IllegalActionError
        ``bad_setup`` naming the parameter.
    """
    sheet = sheet or default_sheet()
    cards = cards or load_cards()
    names = ([_("Player {n}").format(n=i + 1) for i in range(players)] if isinstance(players, int)
             else list(players))
    if not 1 <= len(names) <= 8:
        raise IllegalActionError("bad_setup", _("players: Merchants of Magick takes 1-8 players, found {n}")
                                 .format(n=len(names)), rule=R_SETUP)
    if any(not isinstance(n, str) or not n.strip() for n in names) or len(set(names)) != len(names):
        raise IllegalActionError("bad_setup", _("players: names must be distinct and non-empty"), rule=R_SETUP)
    for i, name in enumerate(names):
        problem = name_problem(name)
        if problem:
            raise IllegalActionError("bad_setup", _("players[{i}]: {problem}").format(i=i, problem=problem),
                                     rule=R_SETUP)
    adv_ids = [a.id for a in cards.adventurers]
    row_ids = {r.id for r in sheet.rows}
    fitting = [a.id for a in cards.adventurers if all(r in row_ids for req in a.requirements for r in req)]
    if adventurers is None:
        adv_ids = fitting
        if len(adv_ids) < len(names):
            raise IllegalActionError("bad_setup", _("adventurers: only {n} cards").format(n=len(adv_ids)),
                                     rule=R_SETUP)
        adventurers = rng.sample(adv_ids, len(names)) if rng else adv_ids[:len(names)]
    adventurers = list(adventurers)
    if len(adventurers) != len(names):
        raise IllegalActionError("bad_setup", _("adventurers: expected {n}, found {found}")
                                 .format(n=len(names), found=len(adventurers)), rule=R_SETUP)
    for a in adventurers:
        if a not in [x.id for x in cards.adventurers]:
            raise IllegalActionError("bad_setup", _("adventurers: unknown card {card!r}; expected one of {known}")
                                     .format(card=a, known=_(", ").join(adv_ids)), rule=R_SETUP)
    if len(set(adventurers)) != len(adventurers):
        raise IllegalActionError("bad_setup", _("adventurers: each player has a different card"), rule=R_SETUP)
    column_ids = {c.id for c in sheet.columns}
    material = [m.id for m in cards.mastery if m.type == "material" and m.column in column_ids]
    energy = [m.id for m in cards.mastery if m.type == "energy" and m.column in column_ids]
    if mastery is None:
        if not material or not energy:
            raise IllegalActionError("bad_setup", _("mastery: the sheet lacks the columns of the mastery cards"),
                                     rule=R_SETUP)
        mastery = (rng.choice(material), rng.choice(energy)) if rng else (material[0], energy[0])
    mastery = tuple(mastery)
    if len(mastery) != 2 or mastery[0] not in material or mastery[1] not in energy:
        raise IllegalActionError("bad_setup", _("mastery: expected one material card ({material}) and one energy card "
                                               "({energy}), found {found}")
                                 .format(material=_(", ").join(material), energy=_(", ").join(energy),
                                         found=_(", ").join(map(repr, mastery))), rule=R_SETUP)
    for a in adventurers:
        for item, ench in cards.adventurer(a).requirements:
            for row in (item, ench):
                if not any(r.id == row for r in sheet.rows):
                    raise IllegalActionError("bad_setup", _("adventurers: {adventurer_name} needs the row {row!r}, which "
                                                                 "the sheet {sheet!r} does not have")
                                             .format(adventurer_name=shown_name(cards.adventurer(a).name), row=row,
                                                     sheet=sheet.name), rule=R_SETUP)
    if deck is None:
        if rng and cards.printed_orders:
            deck = list(cards.printed_orders)
            rng.shuffle(deck)
        else:
            deck = generated_order_deck(sheet, rng) if rng else ()
    potions = cards.starting_potions if starting_potions is None else starting_potions
    if isinstance(potions, bool) or not isinstance(potions, int) or potions < 0:
        raise IllegalActionError("bad_setup", _("starting_potions: expected an integer >= 0, found {found!r}")
                                 .format(found=potions), rule=R_SETUP)
    n_orders = cards.orders_per_player.get(len(names), 3) if orders_per_player is None else orders_per_player
    if isinstance(n_orders, bool) or not isinstance(n_orders, int) or not 0 <= n_orders <= 10:
        raise IllegalActionError("bad_setup", _("orders_per_player: expected 0..10, found {found!r}")
                                 .format(found=n_orders), rule=R_SETUP)
    ps = tuple(PlayerState(name=n.strip(), adventurer=a, potions=potions, orders=(None,) * n_orders)
               for n, a in zip(names, adventurers, strict=True))
    setup = Setup(players=tuple(p.name for p in ps), adventurers=tuple(adventurers), mastery=mastery,
                  starting_potions=potions, orders_per_player=n_orders)
    state = GameState(sheet=sheet, cards=cards, players=ps, mastery_cards=mastery, deck=tuple(deck), setup=setup,
                      log=(describe.setup(len(ps), [cards.mastery_card(m).name for m in mastery]),))
    return _after_reveals(state)


# --------------------------------------------------------------------------------------------------
# chance


def is_chance(state: GameState) -> bool:
    """True when the next action is a chance action (a roll or an order reveal)."""
    return state.phase in ("reveal", "roll")


def chance_action(state: GameState, rng: random.Random) -> RollDice | RevealOrder:
    """The next chance action for a simulation: a random roll, or the deck's top card (None if empty).

    Raises
    ------
    IllegalActionError
        ``wrong_phase`` if no chance action is due.
    """
    if state.phase == "roll":
        return RollDice(Roll.random(state.sheet, rng).values)
    if state.phase == "reveal":
        player = next(i for i, p in enumerate(state.players) if p.face_down)
        return RevealOrder(player, state.deck[0] if state.deck else None)
    raise IllegalActionError("wrong_phase", _("no chance action in the phase of {phase}")
                             .format(phase=_(_PHASE_NAMES[state.phase])), rule=R_PHASE)


# --------------------------------------------------------------------------------------------------
# legal actions


def legal_actions(state: GameState, player: int | None = None) -> list[Action]:
    """Player actions available now (for ``player``, or every player still acting).

    Place actions use the fewest potions (crafting: raise, research: lower); other adjustments of the same
    die that still meet the target are also legal in :func:`apply_action`.
    """
    if state.phase != "craft":
        return []
    if player is not None:
        _player(state, player)
    seats = range(len(state.players)) if player is None else [player]
    out: list[Action] = []
    for i in seats:
        p = state.players[i]
        if p.done:
            continue
        empty = [c for c in state.sheet.circles if c.key not in p.filled]
        if p.free_circles:
            out.extend(FreeCircle(i, c.key) for c in empty)
            continue
        slot = _extra_cost(state, p)
        if slot is not None and state.roll is not None:
            for die, value in state.roll.values:
                if die in p.used_dice:
                    continue
                for c in empty:
                    n = potions_needed(state.sheet, die, value, c)
                    if n is not None and n + slot <= p.potions:
                        sign = 1 if state.sheet.column(c.column).compare == ">=" else -1
                        out.append(Place(i, die, c.key, sign * n))
        out.append(EndTurn(i))
    return out


def _extra_cost(state: GameState, p: PlayerState) -> int | None:
    """Potion cost of the player's next die this round (0 for a regular die), None if none is left."""
    if len(p.used_dice) < state.sheet.dice_per_round:
        return 0
    if p.extra_used >= len(state.sheet.extra_dice_costs):
        return None
    return state.sheet.extra_dice_costs[p.extra_used]


# --------------------------------------------------------------------------------------------------
# apply


def apply_action(state: GameState, action: Action) -> GameState:
    """Return the state after ``action``.

    Raises
    ------
    IllegalActionError
        With a stable code (see the module docstring) and a message naming the rule.
    """
    new = _apply(state, action)
    return _with(new, history=state.history + (action,))


def _apply(state: GameState, action: Action) -> GameState:
    if state.phase == "over":
        raise IllegalActionError("game_over", _("the game is over (10 rounds played)"), rule=R_PHASE)
    if isinstance(action, RollDice):
        return _roll(state, action)
    if isinstance(action, RevealOrder):
        return _reveal(state, action)
    if isinstance(action, (Place, FreeCircle, EndTurn)):
        if state.phase != "craft":
            raise IllegalActionError("wrong_phase", _("waiting for a roll first") if state.phase == "roll"
                                     else _("waiting for order reveals first"), rule=R_PHASE)
        _player(state, action.player)
        p = state.players[action.player]
        if p.done:
            raise IllegalActionError("player_done", say(N_("You have already ended this turn"),
                                                          N_("{name} has already ended this turn"),
                                                          (("name", p.name),)), rule=R_PHASE)
        if isinstance(action, FreeCircle):
            return _free(state, action)
        if p.free_circles:
            raise IllegalActionError("free_circle_pending", say(
                N_("You must first fill the free circle of your adventurer (any empty circle)"),
                N_("{name} must first fill the free circle of the adventurer (any empty circle)"),
                (("name", p.name),)), rule=R_ADV)
        if isinstance(action, Place):
            return _place(state, action)
        return _end_turn(state, action.player)
    raise IllegalActionError("unknown_action", _("not a Merchants of Magick action: {action!r}").format(action=action))


def _with(value: Any, **changes: Any) -> Any:
    """``dataclasses.replace`` for the engine's own frozen values (no ``__post_init__``, every field set): a
    copy of ``value`` with ``changes``, several times faster (a playout makes hundreds per game)."""
    new = object.__new__(type(value))
    fields = new.__dict__
    fields.update(value.__dict__)
    fields.update(changes)
    return new


def _player(state: GameState, i: Any) -> PlayerState:
    if isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < len(state.players):
        raise IllegalActionError("unknown_player", _("player: expected a seat 0..{last}, found {found!r}")
                                 .format(last=len(state.players) - 1, found=i))
    return state.players[i]


def _set(state: GameState, i: int, p: PlayerState, *log: LogLine) -> GameState:
    players = state.players[:i] + (p,) + state.players[i + 1:]
    return _with(state, players=players, log=state.log + log)


def _roll(state: GameState, action: RollDice) -> GameState:
    if state.phase != "roll":
        raise IllegalActionError("wrong_phase", _("roll: not expected in the phase of {phase}")
                                 .format(phase=_(_PHASE_NAMES[state.phase])), rule=R_PHASE)
    roll = Roll.of(state.sheet, dict(action.values))
    state = _with(state, roll=roll, phase="craft",
                    players=tuple(_with(p, used_dice=(), done=False) for p in state.players),
                    log=state.log + (describe.rolled(state.round, roll.values),))
    for i in range(len(state.players)):
        state = _resolve(state, i)
    return state


def _reveal(state: GameState, action: RevealOrder) -> GameState:
    if state.phase != "reveal":
        raise IllegalActionError("wrong_phase", _("reveal: not expected in the phase of {phase}")
                                 .format(phase=_(_PHASE_NAMES[state.phase])), rule=R_ORDER)
    p = _player(state, action.player)
    if not p.face_down:
        raise IllegalActionError("no_face_down_order", say(N_("reveal: you have no face-down order"),
                                                            N_("reveal: {name} has no face-down order"),
                                                            (("name", p.name),)), rule=R_ORDER)
    order = action.order
    if order is not None:
        if not isinstance(order, Order):
            raise IllegalActionError("bad_order", _("reveal: expected an order, found {found!r}").format(found=order),
                                     rule=R_ORDER)
        order = make_order(state.sheet, order.item, order.prefix, order.suffix, gold=order.gold, id=order.id)
    slot = p.orders.index(None)
    if order is None:
        orders = p.orders[:slot] + p.orders[slot + 1:]
        text = describe.no_order_to_reveal(p.name)
    else:
        orders = p.orders[:slot] + (order,) + p.orders[slot + 1:]
        text = describe.revealed(p.name, order, state.sheet)
    deck = state.deck
    if order is not None and deck and order.id in {o.id for o in deck}:
        k = next(j for j, o in enumerate(deck) if o.id == order.id)
        deck = deck[:k] + deck[k + 1:]
    state = _set(_with(state, deck=deck), action.player, _with(p, orders=orders), text)
    return _after_reveals(state)


def _after_reveals(state: GameState) -> GameState:
    if any(p.face_down for p in state.players):
        return _with(state, phase="reveal")
    return _with(state, phase="roll", roll=None)


def _place(state: GameState, action: Place) -> GameState:
    p = state.players[action.player]
    sheet = state.sheet
    if action.die not in sheet.dice:
        raise IllegalActionError("unknown_die", _("{die!r} is not a die; expected one of {dice}")
                                 .format(die=action.die, dice=_(", ").join(sheet.dice)), rule=R_DICE)
    assert state.roll is not None
    if action.die not in state.roll.dice:
        raise IllegalActionError("die_not_rolled", _("the {die} was not rolled this round").format(die=action.die),
                                 rule=R_DICE)
    if action.die in p.used_dice:
        raise IllegalActionError("die_already_used", say(N_("You already used the {die} this round"),
                                                          N_("{name} already used the {die} this round"),
                                                          (("name", p.name), ("die", action.die))), rule=R_DICE)
    if not sheet.has_circle(action.circle):
        raise IllegalActionError("unknown_circle", _("no circle {key!r} (keys look like 'grimoire.2')")
                                 .format(key=action.circle), rule=R_CIRCLE)
    if action.circle in p.filled:
        raise IllegalActionError("circle_filled", _("{circle_name} is already filled on {whose_sheet}")
                                 .format(circle_name=circle_text(sheet, action.circle),
                                         whose_sheet=possessive_sheet(p.name)), rule=R_CIRCLE)
    if isinstance(action.adjust, bool) or not isinstance(action.adjust, int):
        raise IllegalActionError("value_out_of_range", _("adjust: expected an integer, found {found!r}")
                                 .format(found=action.adjust), rule=R_POTION)
    value = state.roll[action.die]
    circle = check_placement(sheet, action.die, value, action.adjust, action.circle)
    extra = len(p.used_dice) >= sheet.dice_per_round
    slot_cost = 0
    if extra:
        if p.extra_used >= len(sheet.extra_dice_costs):
            raise IllegalActionError("no_extra_dice_left", say(
                N_("You have used all {n} extra dice of the game"),
                N_("{name} has used all {n} extra dice of the game"),
                (("name", p.name), ("n", len(sheet.extra_dice_costs)))), rule=R_EXTRA)
        slot_cost = sheet.extra_dice_costs[p.extra_used]
    cost = abs(action.adjust) + slot_cost
    if cost > p.potions:
        what = [_("{n} to move the {die}").format(n=abs(action.adjust), die=action.die)] if action.adjust else []
        if extra:
            what.append(_("{n} for extra die number {slot}").format(n=slot_cost, slot=p.extra_used + 1))
        raise IllegalActionError("not_enough_potions", say(
            N_("You need {cost} ({parts}) and have {have}"),
            N_("{name} needs {cost} ({parts}) and has {have}"),
            (("name", p.name), ("cost", potions(cost)), ("parts", " + ".join(what)), ("have", p.potions))),
            rule=R_EXTRA if extra else R_POTION)
    text = describe.placed(p.name, die=action.die, value=value, new_value=value + action.adjust, sheet=sheet,
                       circle=circle.key, extra_slot=p.extra_used + 1 if extra else None, cost=cost)
    p = _with(p, filled=p.filled | {circle.key}, used_dice=p.used_dice + (action.die,),
                potions=p.potions - cost, extra_used=p.extra_used + (1 if extra else 0))
    return _resolve(_set(state, action.player, p, text), action.player)


def _free(state: GameState, action: FreeCircle) -> GameState:
    p = state.players[action.player]
    if not p.free_circles:
        raise IllegalActionError("no_free_circle", say(N_("You have no free circle from your adventurer"),
                                                        N_("{name} has no free circle from the adventurer"),
                                                        (("name", p.name),)), rule=R_ADV)
    if not state.sheet.has_circle(action.circle):
        raise IllegalActionError("unknown_circle", _("no circle {key!r} (keys look like 'grimoire.2')")
                                 .format(key=action.circle), rule=R_ADV)
    if action.circle in p.filled:
        raise IllegalActionError("circle_filled", _("{circle_name} is already filled on {whose_sheet}")
                                 .format(circle_name=circle_text(state.sheet, action.circle),
                                         whose_sheet=possessive_sheet(p.name)), rule=R_ADV)
    p = _with(p, filled=p.filled | {action.circle}, free_circles=p.free_circles - 1)
    text = describe.free_circle_filled(p.name, state.sheet, action.circle)
    return _resolve(_set(state, action.player, p, text), action.player)


def _resolve(state: GameState, i: int) -> GameState:
    """Score completed rows, adventurer steps and orders for player ``i`` until nothing changes."""
    sheet, cards = state.sheet, state.cards
    p = state.players[i]
    log: list[LogLine] = []
    adv = cards.adventurer(p.adventurer)
    row_keys = sheet.row_keys
    changed = True
    while changed:
        changed = False
        for row in sheet.rows:
            if row_keys[row.id] <= p.filled and row.id not in p.completed:
                p = _with(p, completed=p.completed + (row.id,), potions=p.potions + row.potions)
                log.append(describe.row_completed(p.name, row))
                changed = True
        while p.adventurer_steps < len(adv.requirements) and all(
                r in p.completed for r in adv.requirements[p.adventurer_steps]):
            step = p.adventurer_steps + 1
            p = _with(p, adventurer_steps=step)
            if step == 1:
                p = _with(p, potions=p.potions + cards.adventurer_potions)
            else:
                p = _with(p, free_circles=p.free_circles + 1)
            log.append(describe.requirement_met(p.name, adv, step, potions_given=cards.adventurer_potions))
            changed = True
        completed = p.completed
        claimed = [k for k, o in enumerate(p.orders) if o is not None and all(r in completed for r in o.rows)]
        if claimed:
            new = tuple(p.orders[k] for k in claimed)
            p = _with(p, orders=tuple(None if k in claimed else o for k, o in enumerate(p.orders)),
                      fulfilled=p.fulfilled + new)
            log.extend(describe.order_fulfilled(p.name, o, sheet) for o in new)
    if p.free_circles and len(p.filled) == len(sheet.circles):
        p = _with(p, free_circles=0)
        log.append(describe.free_circle_lost(p.name))
    return _set(state, i, p, *log)


def _end_turn(state: GameState, i: int) -> GameState:
    p = _with(state.players[i], done=True)
    state = _set(state, i, p, describe.turn_ended(p.name))
    if all(q.done for q in state.players):
        state = _mastery_phase(state)
        if state.round >= state.sheet.rounds:
            return _with(state, phase="over", log=state.log + (describe.game_over(),))
        state = _customer_phase(state)
    return state


def _mastery_phase(state: GameState) -> GameState:
    cards = state.cards
    players = list(state.players)
    flipped = list(state.flipped)
    log: list[LogLine] = []
    for card_id in state.mastery_cards:
        card = cards.mastery_card(card_id)
        apprentice = card_id in state.flipped
        need = card.apprentice_circles if apprentice else card.master_circles
        gold = cards.mastery_gold_later if apprentice else cards.mastery_gold_first
        claimed = False
        for i, p in enumerate(players):
            if any(c == card_id for c, _gold in p.mastery):
                continue
            have = sum(1 for c in state.sheet.circles_in_column(card.column) if c.key in p.filled)
            if have >= need:
                players[i] = _with(p, mastery=p.mastery + ((card_id, gold),))
                log.append(describe.mastery_claimed(p.name, card, have, state.sheet.column(card.column).name, gold))
                claimed = True
        if claimed and not apprentice:
            flipped.append(card_id)
            log.append(describe.card_flipped(card, cards.mastery_gold_later))
    return _with(state, players=tuple(players), flipped=tuple(flipped), log=state.log + tuple(log))


def _customer_phase(state: GameState) -> GameState:
    n = len(state.players)
    rows = [list(p.orders) for p in state.players]
    passed: list[Order | None] = []
    for k in range(n):
        idx = next((j for j, o in enumerate(rows[k]) if o is not None), None)
        passed.append(rows[k].pop(idx) if idx is not None else None)
    log: list[LogLine] = []
    sheet = state.sheet
    if n == 1:
        if passed[0] is not None:
            log.append(describe.solo_order_leaves(passed[0], sheet))
            rows[0].append(None)
    else:
        for k, o in enumerate(passed):
            if o is not None:
                rows[(k + 1) % n].append(o)
                log.append(describe.order_passed(state.players[k].name, o, sheet, state.players[(k + 1) % n].name))
    players = tuple(_with(p, orders=tuple(r)) for p, r in zip(state.players, rows, strict=True))
    state = _with(state, players=players, round=state.round + 1,
                    log=state.log + tuple(log) + (describe.round_begins(state.round + 1),))
    return _after_reveals(state)


# --------------------------------------------------------------------------------------------------
# scoring and advice


def score(state: GameState) -> list[PlayerGold]:
    """Each player's gold so far (final gold once ``state.over``), by part.

    crafting / research: gold of completed rows on each side; orders: fulfilled orders; adventurer: the
    card's gold after its 3rd requirement; mastery: claimed mastery gold; charms: end-game gold of
    completed charm rows per fulfilled order of their item group.
    """
    sheet = state.sheet
    out = []
    for p in state.players:
        rows = [sheet.row(r) for r in p.completed]
        charms = 0
        for r in rows:
            if r.effect and r.effect.type == "gold_per_fulfilled_order":
                items = {x.id for x in sheet.rows_in_group(r.effect.item_group or "")}
                charms += r.effect.gold_each * sum(1 for o in p.fulfilled if o.item in items)
        adv = state.cards.adventurer(p.adventurer)
        out.append(PlayerGold(
            name=p.name,
            crafting=sum(r.gold for r in rows if r.side == "crafting"),
            research=sum(r.gold for r in rows if r.side == "research"),
            orders=sum(o.gold for o in p.fulfilled),
            adventurer=adv.gold if p.adventurer_steps >= 3 else 0,
            mastery=sum(g for _, g in p.mastery),
            charms=charms))
    return out


def winners(state: GameState) -> list[str]:
    """Names with the most gold (all of them on a tie)."""
    return _winners(score(state))


def advice(state: GameState, player: int, *, explain: bool = True, best: int | None = None) -> list[Placement]:
    """Ranked placements for ``player`` with this round's roll, with reasons (empty outside crafting;
    ``explain=False``: without reasons, faster, for bots; ``best``: only that many first ones)."""
    p = _player(state, player)
    if state.phase != "craft" or state.roll is None or p.done or p.free_circles:
        return []
    slot = _extra_cost(state, p)
    if slot is None:
        return []
    adv = state.cards.adventurer(p.adventurer)
    nxt = adv.requirements[p.adventurer_steps] if p.adventurer_steps < len(adv.requirements) else None
    claimed = {c for c, _ in p.mastery}
    columns = [state.cards.mastery_card(m).column for m in state.mastery_cards if m not in claimed]
    return rank_placements(state.sheet, state.roll, filled=p.filled, potions=p.potions, used_dice=p.used_dice,
                           orders=p.open_orders, adventurer_next=nxt, mastery_columns=columns,
                           extra_cost=slot or None, explain=explain, best=best)


# --------------------------------------------------------------------------------------------------
# (de)serialisation


def action_to_dict(action: Action) -> dict[str, Any]:
    """A JSON-ready dict for ``action`` (``{"type": "place", ...}``)."""
    if isinstance(action, RollDice):
        return {"type": "roll", "dice": dict(action.values)}
    if isinstance(action, RevealOrder):
        return {"type": "reveal", "player": action.player,
                "order": action.order.to_dict() if action.order else None}
    if isinstance(action, Place):
        return {"type": "place", "player": action.player, "die": action.die, "circle": action.circle,
                "adjust": action.adjust}
    if isinstance(action, FreeCircle):
        return {"type": "free", "player": action.player, "circle": action.circle}
    if isinstance(action, EndTurn):
        return {"type": "end", "player": action.player}
    raise IllegalActionError("unknown_action", _("not a Merchants of Magick action: {action!r}").format(action=action))


def action_from_dict(doc: Any, sheet: Sheet | None = None) -> Action:
    """Inverse of :func:`action_to_dict`.

    Raises
    ------
    IllegalActionError
        ``unknown_action`` naming the missing or bad field; ``bad_order`` for a bad order.
    """
    sheet = sheet or default_sheet()
    if not isinstance(doc, dict) or "type" not in doc:
        raise IllegalActionError("unknown_action", _("expected an object with a 'type'"))
    kind = doc["type"]
    fields = {"roll": ("dice",), "reveal": ("player", "order"), "place": ("player", "die", "circle"),
              "free": ("player", "circle"), "end": ("player",)}
    if not isinstance(kind, str) or kind not in fields:
        raise IllegalActionError("unknown_action", _("type: expected one of {known}, found {found!r}")
                                 .format(known=_(", ").join(fields), found=kind))
    for f in fields[kind]:
        if f not in doc:
            raise IllegalActionError("unknown_action", _("{type}: missing field {field!r}").format(type=kind, field=f))
    if "player" in doc and (isinstance(doc["player"], bool) or not isinstance(doc["player"], int)):
        raise IllegalActionError("unknown_action", _("{type}: player: expected a seat number, found {found!r}")
                                 .format(type=kind, found=doc['player']))
    if kind == "roll":
        if not isinstance(doc["dice"], dict):
            raise IllegalActionError("bad_roll", _("roll: dice: expected an object like {example}")
                                     .format(example="{'d6': 3, ...}"))
        return RollDice(Roll.of(sheet, doc["dice"]).values)
    if kind == "reveal":
        o = doc["order"]
        if o is None:
            return RevealOrder(doc["player"], None)
        if not isinstance(o, dict) or "item" not in o or "gold" not in o:
            raise IllegalActionError("bad_order", _("reveal: order: expected {example}")
                                     .format(example="{'item', 'prefix', 'suffix', 'gold'}"))
        if not isinstance(o.get("id", ""), str):
            raise IllegalActionError("bad_order", _("reveal: order: id: expected text, found {found!r}")
                                     .format(found=o['id']))
        return RevealOrder(doc["player"], make_order(sheet, o["item"], o.get("prefix"), o.get("suffix"),
                                                     gold=o["gold"], id=o.get("id") or ""))
    if kind == "place":
        adjust = doc.get("adjust", 0)
        if isinstance(adjust, bool) or not isinstance(adjust, int):
            raise IllegalActionError("unknown_action", _("place: adjust: expected an integer, found {found!r}")
                                     .format(found=adjust))
        return Place(doc["player"], str(doc["die"]), str(doc["circle"]), adjust)
    if kind == "free":
        return FreeCircle(doc["player"], str(doc["circle"]))
    return EndTurn(doc["player"])
