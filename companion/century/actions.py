"""Actions of Century: Golem Edition, as frozen values, and their one-line text form (used in game records).

API summary (stable)
--------------------
Player actions (the player is always ``state.current``):

``PlayCard(card, times=1, steps=(0, 0, 0, 0))``
    Play merchant card ``card`` from hand. Create: defaults. Trade: ``times`` >= 1 repetitions, each paid in
    full. Upgrade: ``steps[i]`` = number of single-step upgrades that start from colour ``i`` (yellow 0,
    green 1, blue 2; pink 3 must be 0); at most the card's number of upgrades in total, fewer (even none)
    allowed. Steps are applied low colours first, so ``(1, 1, 0, 0)`` can upgrade one yellow to blue.
``Acquire(position, payment=())``
    Take the merchant card at ``position`` (1 = furthest from the deck) after placing one crystal on each
    card to its left: ``payment[j]`` is the colour index placed on the card at position ``j + 1``.
``Rest()``                    take all played cards back into hand.
``Claim(position)``           claim the golem at ``position`` (1..5).
``Discard(crystals)``         end of action, caravan over 10: return exactly the excess (a Crystals tuple).

Chance actions (cards turned face up; a seeded ``random.Random`` supplies them in simulations):

``RevealMerchant(card)``      the next market card turned up (fills the slot next to the deck).
``RevealGolem(card)``         the next golem card turned up.

``action_text(a)`` / ``parse_action(text)`` convert to and from the record notation::

    play S01 | play S02 up yg | play S02 up - | play M01 x2 | acquire 3 pay yg | acquire 1 | rest
    claim 2 | discard yy | reveal merchant M12 | reveal golem G03
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.century.cards import LETTERS, Crystals
from companion.errors import RecordError
from companion.i18n import _

__all__ = ["PlayCard", "Acquire", "Rest", "Claim", "Discard", "RevealMerchant", "RevealGolem", "Action",
           "PlayerAction", "ChanceAction", "action_text", "describe_action", "describe_move", "parse_action",
           "NO_STEPS"]

NO_STEPS: Crystals = (0, 0, 0, 0)


@dataclass(frozen=True, slots=True)
class PlayCard:
    """Play a merchant card from hand (rules: 打出晶石卡 / 打出升级卡 / 打出交易卡)."""

    card: str
    times: int = 1
    steps: Crystals = NO_STEPS


@dataclass(frozen=True, slots=True)
class Acquire:
    """Acquire the market card at ``position`` (1-based), paying one crystal per card to its left (购买商人卡)."""

    position: int
    payment: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Rest:
    """Take every played card back into hand (休整)."""


@dataclass(frozen=True, slots=True)
class Claim:
    """Claim the golem at ``position`` (1-based) by paying its exact cost (领取魔像得分卡)."""

    position: int


@dataclass(frozen=True, slots=True)
class Discard:
    """Return crystals to the supply at the end of an action that left more than 10 (商队容量)."""

    crystals: Crystals


@dataclass(frozen=True, slots=True)
class RevealMerchant:
    """Chance: market card ``card`` is turned face up next to the deck."""

    card: str


@dataclass(frozen=True, slots=True)
class RevealGolem:
    """Chance: golem card ``card`` is turned face up next to the deck."""

    card: str


PlayerAction = PlayCard | Acquire | Rest | Claim | Discard
ChanceAction = RevealMerchant | RevealGolem
Action = PlayerAction | ChanceAction

_INDEX = {letter: i for i, letter in enumerate(LETTERS)}


def _counts_text(c: Crystals) -> str:
    return "".join(LETTERS[i] * n for i, n in enumerate(c)) or "-"


def _parse_counts(text: str, line: int | None) -> Crystals:
    counts = [0, 0, 0, 0]
    if text != "-":
        for ch in text:
            if ch not in _INDEX:
                raise RecordError(_("unknown colour letter {letter!r} in {text!r}; expected y, g, b or p")
                                  .format(letter=ch, text=text), line=line)
            counts[_INDEX[ch]] += 1
    return (counts[0], counts[1], counts[2], counts[3])


def action_text(a: Action) -> str:
    """The record notation of an action (see the module docstring)."""
    if isinstance(a, PlayCard):
        text = f"play {a.card}"
        if a.times != 1:
            text += f" x{a.times}"
        if any(a.steps):
            text += " up " + _counts_text(a.steps)
        return text
    if isinstance(a, Acquire):
        if a.payment:
            return f"acquire {a.position} pay " + "".join(LETTERS[c] for c in a.payment)
        return f"acquire {a.position}"
    if isinstance(a, Rest):
        return "rest"
    if isinstance(a, Claim):
        return f"claim {a.position}"
    if isinstance(a, Discard):
        return "discard " + _counts_text(a.crystals)
    if isinstance(a, RevealMerchant):
        return f"reveal merchant {a.card}"
    if isinstance(a, RevealGolem):
        return f"reveal golem {a.card}"
    raise TypeError(f"not a Century action: {a!r}")


def describe_action(a: Action) -> str:
    """The action in words for a player, in the reader's language, with card names instead of ids.

    ``PlayCard("S02", steps=(1, 1, 0, 0))`` -> ``"play Upgrade card 2 (upgrade 1 yellow, 1 green)"``;
    ``Acquire(3, (0, 1))`` -> ``"acquire the merchant card at position 3, paying 1 yellow, 1 green"``.
    The record notation (:func:`action_text`) stays the format of records; this is the text to show
    (bot explanations, histories).
    """
    from companion.century.cards import crystal_counts_text, load_cards, merchant_card_name

    cards = load_cards()
    if isinstance(a, PlayCard):
        card = cards.merchants_by_id.get(a.card)
        name = merchant_card_name(card) if card is not None else repr(a.card)
        if any(a.steps):
            return _("play {card} (upgrade {colours})").format(card=name, colours=crystal_counts_text(a.steps))
        if a.times != 1:
            return _("play {card} {n} times").format(card=name, n=a.times)
        return _("play {card}").format(card=name)
    if isinstance(a, Acquire):
        if a.payment:
            return _("acquire the merchant card at position {position}, paying {colours}").format(
                position=a.position, colours=_paid(a.payment))
        return _("acquire the merchant card at position {position}").format(position=a.position)
    if isinstance(a, Rest):
        return _("rest (take the played cards back)")
    if isinstance(a, Claim):
        return _("claim the golem card at position {position}").format(position=a.position)
    if isinstance(a, Discard):
        return _("return {colours} to the supply").format(colours=crystal_counts_text(a.crystals))
    if isinstance(a, RevealMerchant):
        card = cards.merchants_by_id.get(a.card)
        return _("reveal the merchant card {card}").format(
            card=merchant_card_name(card) if card is not None else repr(a.card))
    if isinstance(a, RevealGolem):
        golem = cards.golems_by_id.get(a.card)
        return _("reveal the golem card {golem}").format(golem=golem.notation if golem is not None else repr(a.card))
    raise TypeError(f"not a Century action: {a!r}")


def _paid(payment: tuple[int, ...]) -> str:
    """The crystals placed for an acquisition (colour indices, one per crystal) in words."""
    from companion.century.cards import crystal_counts_text

    paid = [0, 0, 0, 0]
    for colour in payment:
        paid[colour] += 1
    return crystal_counts_text((paid[0], paid[1], paid[2], paid[3]))


def describe_move(market: tuple[str, ...], golem_row: tuple[str, ...], a: Action) -> str:
    """:func:`describe_action` told of the table it was made at: an acquisition and a claim name the card taken
    (the market row ``market`` and the golem row ``golem_row`` before the action, position 1 first, card ids).

    Examples
    --------
    >>> describe_move(("M19", "M05"), ("G01",), Acquire(2))
    'acquire Create card (3 yellow crystals) at position 2'
    >>> describe_move((), ("G01", "G02"), Claim(1)).startswith("claim the ")
    True
    """
    from companion.century.cards import golem_card_name, load_cards, merchant_card_name

    cards = load_cards()
    if isinstance(a, Acquire) and 1 <= a.position <= len(market) and market[a.position - 1] in cards.merchants_by_id:
        card = merchant_card_name(cards.merchants_by_id[market[a.position - 1]])
        if a.payment:
            return _("acquire {card} at position {position}, paying {colours}").format(
                card=card, position=a.position, colours=_paid(a.payment))
        return _("acquire {card} at position {position}").format(card=card, position=a.position)
    if isinstance(a, Claim) and 1 <= a.position <= len(golem_row) and golem_row[a.position - 1] in cards.golems_by_id:
        return _("claim {golem} at position {position}").format(
            golem=golem_card_name(cards.golems_by_id[golem_row[a.position - 1]]), position=a.position)
    return describe_action(a)


def _int(token: str, what: str, line: int | None) -> int:
    if not (token.isascii() and token.isdigit() and len(token) <= 6):  # "²" is a digit to str.isdigit
        raise RecordError(_("expected a number for {what}, found {token!r}").format(what=what, token=token), line=line)
    return int(token)


def parse_action(text: str, *, line: int | None = None) -> Action:
    """Parse the record notation of one action.

    Raises
    ------
    RecordError
        Naming ``line`` when the text is not a well-formed action (legality is checked by the engine).

    Examples
    --------
    >>> parse_action("acquire 3 pay yg")
    Acquire(position=3, payment=(0, 1))
    >>> action_text(PlayCard("M19", 3))
    'play M19 x3'
    """
    words = text.split()
    if not words:
        raise RecordError(_("empty action"), line=line)
    verb, args = words[0], words[1:]
    if verb == "play" and args:
        card, times, steps = args[0], 1, NO_STEPS
        rest = args[1:]
        while rest:
            if rest[0].startswith("x") and len(rest[0]) > 1:
                times = _int(rest[0][1:], _("the number of trades"), line)
                rest = rest[1:]
            elif rest[0] == "up" and len(rest) > 1:
                steps = _parse_counts(rest[1], line)
                rest = rest[2:]
            else:
                raise RecordError(_("unexpected {word!r} in {text!r}; expected 'xN' or 'up LETTERS'")
                                  .format(word=rest[0], text=text), line=line)
        return PlayCard(card, times, steps)
    if verb == "acquire" and len(args) in (1, 3):
        position = _int(args[0], _("the market position"), line)
        payment: tuple[int, ...] = ()
        if len(args) == 3:
            if args[1] != "pay":
                raise RecordError(_("expected 'pay' in {text!r}").format(text=text), line=line)
            c = _parse_counts(args[2], line)  # validates letters
            del c
            payment = tuple(_INDEX[ch] for ch in args[2]) if args[2] != "-" else ()
        return Acquire(position, payment)
    if verb == "rest" and not args:
        return Rest()
    if verb == "claim" and len(args) == 1:
        return Claim(_int(args[0], _("the golem position"), line))
    if verb == "discard" and len(args) == 1:
        return Discard(_parse_counts(args[0], line))
    if verb == "reveal" and len(args) == 2 and args[0] in ("merchant", "golem"):
        return RevealMerchant(args[1]) if args[0] == "merchant" else RevealGolem(args[1])
    raise RecordError(_("cannot read action {text!r}; expected play, acquire, rest, claim, discard or reveal")
                      .format(text=text), line=line)
