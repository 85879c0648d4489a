"""Merchants of Magick told in words: the sentences of a game's log, and the subject-aware refusals.

The engine (:mod:`companion.magick.engine`) decides what happens; this module says it. Each function of the
log returns a :class:`LogLine`: a sentence rendered in the language in force each time it is shown (a log
written in English reads in Chinese after the language switch), in the second person when its player is the
reader ("You reveal ...", not "You reveals ...": :func:`is_you`). Sheet, card and order names are translated
when shown too (:func:`companion.magick.sheet.shown_name`).

Examples
--------
>>> from companion.magick.describe import round_begins, turn_ended
>>> str(turn_ended("You")), str(turn_ended("Ann")), str(round_begins(3))
('You end your turn.', 'Ann ends the turn.', 'Round 3 begins.')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.i18n import N_, SUPPORTED_LANGUAGES, _, gettext, ngettext, translations
from companion.magick.orders import Order
from companion.magick.sheet import Sheet, ShownText, circle_label, shown_name

__all__ = [
    "LogLine", "card_flipped", "circle_text", "free_circle_filled", "free_circle_lost", "game_over", "is_you",
    "mastery_claimed", "no_order_to_reveal", "order_fulfilled", "order_passed", "placed", "possessive_sheet",
    "potions", "requirement_met", "revealed", "rolled", "round_begins", "row_completed", "say", "seat_name",
    "setup", "solo_order_leaves", "turn_ended",
]

circle_text = circle_label


# --------------------------------------------------------------------------------------------------
# the machinery: who reads, and sentences rendered when shown


def is_you(name: str) -> bool:
    """True when a player's name is the reader ("You", "you", "你", or "You" in the current language).

    Sentences about that player use the second person ("You reveal ...", not "You reveals ...").
    """
    key = str(name).strip().casefold()
    return key in ("you", "你") or key == _("You").casefold()


#: The default seat names (the engine's, the play notebook's), each with its number's placeholder.
_DEFAULT_SEATS = ((N_("Player {n}"), "{n}"), (N_("Player {number}"), "{number}"), (N_("Bot {number}"), "{number}"))


def seat_name(name: str) -> str:
    """A seat's name as shown: a default name ("You", "Player 2", "Bot 1", in any supported language, as a
    record made in another language keeps it) in the language in force; a name someone typed as it is.

    Examples
    --------
    >>> from companion.i18n import using_language
    >>> with using_language("zh_CN"):
    ...     seat_name("Player 2"), seat_name("Bot 1"), seat_name("You"), seat_name("Ann")
    ('玩家 2', '机器人 1', '你', 'Ann')
    >>> seat_name("玩家 2"), seat_name("Player 2b")
    ('Player 2', 'Player 2b')
    """
    text = str(name)
    if is_you(text):
        return _("You")
    for template, field in _DEFAULT_SEATS:
        for language in SUPPORTED_LANGUAGES:
            before, _field, after = translations(language).gettext(template).partition(field)
            number = text[len(before):len(text) - len(after)] if len(text) > len(before) + len(after) else ""
            if text.startswith(before) and text.endswith(after) and number.isdigit():
                return gettext(template).format(**{field[1:-1]: int(number)})
    return text


def say(you: str, other: str, params: tuple[tuple[str, Any], ...]) -> str:
    """Render a sentence now: the second-person template ``you`` when ``params``' ``name`` is the reader, else
    ``other`` (both marked with ``N_`` by the caller); any other value naming the reader reads "you"; a default
    seat name reads in the language in force (:func:`seat_name`)."""
    values = {k: (_("you") if k != "name" and is_you(str(v)) else seat_name(str(v))) for k, v in params}
    template = you if is_you(values.get("name", "")) else other
    return gettext(template).format(**values)


class LogLine(ShownText):
    """A sentence of ``GameState.log``, rendered in the language in force each time it is shown.

    Behaves like a ``str`` (formatting, ``html.escape``, comparison); ``str(line)`` gives the text. States
    holding it can be deep-copied and pickled.
    """

    __slots__ = ()


def _log(you: str, other: str | None = None, /, **params: Any) -> LogLine:
    """A log sentence with a subject-aware template: ``you`` when ``params["name"]`` is the reader.

    Both templates are marked with ``N_`` at the call site; ``other`` defaults to ``you`` (no subject).
    """
    return LogLine(say, you, other if other is not None else you, tuple(sorted(params.items())))


def _count_text(kind: str, n: int) -> str:
    if kind == "player":
        return ngettext("{n} player", "{n} players", n).format(n=n)
    return ngettext("{n} potion", "{n} potions", n).format(n=n)


def potions(n: int) -> ShownText:
    """``"1 potion"`` / ``"3 potions"`` in the language in force when shown."""
    return ShownText(_count_text, "potion", n)


def _nm(name: str) -> ShownText:
    """A sheet or card name, translated when shown (:func:`companion.magick.sheet.shown_name`)."""
    return ShownText(shown_name, name)


def _names(names: tuple[str, ...]) -> str:
    return _(", ").join(shown_name(n) for n in names)


def _order(order: Order, sheet: Sheet) -> ShownText:
    return ShownText(Order.name_on, order, sheet)


def possessive_sheet(name: str) -> str:
    """``"your sheet"`` for the reader, else ``"the sheet of Ann"`` (current language)."""
    return _("your sheet") if is_you(name) else _("the sheet of {name}").format(name=name)


# --------------------------------------------------------------------------------------------------
# the log, one function per event (in the order of a round)


def setup(player_count: int, mastery_names: Sequence[str]) -> LogLine:
    """The first line: how many play, and the mastery cards of the game."""
    return _log(N_("Setup: {player_count}; mastery cards {cards}."),
                player_count=ShownText(_count_text, "player", player_count), cards=ShownText(_names, tuple(mastery_names)))


def no_order_to_reveal(name: str) -> LogLine:
    """A reveal with an empty deck: the slot goes."""
    return _log(N_("You have no order to reveal (the deck is empty)."),
                N_("{name} has no order to reveal (the deck is empty)."), name=name)


def revealed(name: str, order: Order, sheet: Sheet) -> LogLine:
    """A face-down order turned up."""
    return _log(N_("You reveal the order {order} ({gold} gold)."), N_("{name} reveals the order {order} ({gold} gold)."),
                name=name, order=_order(order, sheet), gold=order.gold)


def rolled(round_number: int, values: Sequence[tuple[str, int]]) -> LogLine:
    """The round's roll, ``values`` as ``(die, value)`` pairs."""
    return _log(N_("Round {round}: roll {dice}."), round=round_number, dice=", ".join(f"{d} {v}" for d, v in values))


def placed(name: str, *, die: str, value: int, new_value: int, sheet: Sheet, circle: str, extra_slot: int | None,
           cost: int) -> LogLine:
    """A die placed on ``circle`` (moved from ``value`` to ``new_value`` with potions), ``extra_slot`` the extra die
    number when it is one (1-based), ``cost`` the potions paid in all."""
    at = sheet.circle(circle)
    column = sheet.column(at.column)
    params = dict(name=name, die=die, value=f"{value} -> {new_value}" if new_value != value else f"{value}",
                  circle_name=circle_text(sheet, circle), column=_nm(column.name), compare=column.compare,
                  target=at.target, slot=extra_slot, cost=potions(cost))
    if extra_slot and cost:
        return _log(N_("You place the {die} ({value}) on {circle_name} ({column} {compare} {target}), extra die number "
                       "{slot}, {cost}."),
                    N_("{name} places the {die} ({value}) on {circle_name} ({column} {compare} {target}), extra die "
                       "number {slot}, {cost}."), **params)
    if extra_slot:
        return _log(N_("You place the {die} ({value}) on {circle_name} ({column} {compare} {target}), extra die number "
                       "{slot}."),
                    N_("{name} places the {die} ({value}) on {circle_name} ({column} {compare} {target}), extra die "
                       "number {slot}."), **params)
    if cost:
        return _log(N_("You place the {die} ({value}) on {circle_name} ({column} {compare} {target}), {cost}."),
                    N_("{name} places the {die} ({value}) on {circle_name} ({column} {compare} {target}), {cost}."),
                    **params)
    return _log(N_("You place the {die} ({value}) on {circle_name} ({column} {compare} {target})."),
                N_("{name} places the {die} ({value}) on {circle_name} ({column} {compare} {target})."), **params)


def free_circle_filled(name: str, sheet: Sheet, circle: str) -> LogLine:
    """The adventurer's free circle placed."""
    return _log(N_("You fill {circle_name} with the free circle."), N_("{name} fills {circle_name} with the free circle."),
                name=name, circle_name=circle_text(sheet, circle))


def row_completed(name: str, row: Any) -> LogLine:
    """A row of the sheet completed: its gold and potions."""
    return _log(N_("You complete {row}: +{gold} gold, +{potion_text}."),
                N_("{name} completes {row}: +{gold} gold, +{potion_text}."),
                name=name, row=_nm(row.name), gold=row.gold, potion_text=potions(row.potions))


def requirement_met(name: str, adventurer: Any, step: int, *, potions_given: int) -> LogLine:
    """Requirement ``step`` (1..3) of the sponsored adventurer met: potions, then a free circle (and gold)."""
    if step == 1:
        return _log(N_("You meet requirement 1 of {adventurer_name}: +{potion_text}."),
                    N_("{name} meets requirement 1 of {adventurer_name}: +{potion_text}."),
                    name=name, adventurer_name=_nm(adventurer.name), potion_text=potions(potions_given))
    if step == 3:
        return _log(N_("You meet requirement {step} of {adventurer_name}: a free circle and {gold} gold."),
                    N_("{name} meets requirement {step} of {adventurer_name}: a free circle and {gold} gold."),
                    name=name, adventurer_name=_nm(adventurer.name), step=step, gold=adventurer.gold)
    return _log(N_("You meet requirement {step} of {adventurer_name}: a free circle."),
                N_("{name} meets requirement {step} of {adventurer_name}: a free circle."),
                name=name, adventurer_name=_nm(adventurer.name), step=step)


def order_fulfilled(name: str, order: Order, sheet: Sheet) -> LogLine:
    """An order claimed: its gold."""
    return _log(N_("You fulfil the order {order}: +{gold} gold."), N_("{name} fulfils the order {order}: +{gold} gold."),
                name=name, order=_order(order, sheet), gold=order.gold)


def free_circle_lost(name: str) -> LogLine:
    """A free circle with no empty circle left for it."""
    return _log(N_("You have no empty circle left: the free circle is lost."),
                N_("{name} has no empty circle left: the free circle is lost."), name=name)


def turn_ended(name: str) -> LogLine:
    """A player done for the round."""
    return _log(N_("You end your turn."), N_("{name} ends the turn."), name=name)


def game_over() -> LogLine:
    """The last line."""
    return _log(N_("Game over."))


def mastery_claimed(name: str, card: Any, have: int, column_name: str, gold: int) -> LogLine:
    """A mastery card claimed with ``have`` circles of its column."""
    return _log(N_("You claim {card} ({have} {column} circles): +{gold} gold."),
                N_("{name} claims {card} ({have} {column} circles): +{gold} gold."),
                name=name, card=_nm(card.name), have=have, column=_nm(column_name), gold=gold)


def card_flipped(card: Any, gold_later: int) -> LogLine:
    """A mastery card turned to its apprentice side."""
    return _log(N_("{card} flips to its apprentice side (later players get {gold} gold)."),
                card=_nm(card.name), gold=gold_later)


def solo_order_leaves(order: Order, sheet: Sheet) -> LogLine:
    """The solo customer phase: the leftmost unfinished order is discarded."""
    return _log(N_("Solo: the order {order} leaves; a new order comes face down."), order=_order(order, sheet))


def order_passed(name: str, order: Order, sheet: Sheet, to: str) -> LogLine:
    """The customer phase: an unfinished order passed to the player on the left."""
    return _log(N_("You pass the order {order} to {to}."), N_("{name} passes the order {order} to {to}."),
                name=name, order=_order(order, sheet), to=to)


def round_begins(round_number: int) -> LogLine:
    """A new round."""
    return _log(N_("Round {round} begins."), round=round_number)
