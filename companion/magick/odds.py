"""Exact dice odds and a ranking of placements for a roll, with reasons.

**Fill probability.** For a die type with ``f`` faces, a circle with target ``t`` and a comparison
(crafting ``>=``, research ``<=``), the probability that one roll of that die fills the circle spending at
most ``k`` potions is the share of faces ``v`` whose distance to the nearest acceptable value is at most
``k`` (crafting: ``max(0, t - v) <= k``; research: ``max(0, v - t) <= k``), counting only targets the die
can reach within its value range (default 1..12, see :mod:`companion.magick.sheet`). Every face is
equally likely, so the result is an exact :class:`fractions.Fraction`. Example: a d8 for a crafting 5 with
at most 1 potion succeeds on 4..8, ``5/8``.

**Placement ranking.** For a roll and a player's sheet, every (die, circle) pair the player may fill is
listed with the fewest potions it needs and a score in gold-equivalents:

- gained now: the row's gold if the circle completes it, the row's potions (worth
  :data:`POTION_VALUE` gold each, the same rate as potions spent), and the gold of every open order the
  completion fulfils;
- brought closer: half the row's gold times the share of its circles filled after the placement (for a
  row it does not complete), :data:`ORDER_WEIGHT` times the gold of each open order that needs the row
  and is not fulfilled now, :data:`ADVENTURER_BONUS` if the row is part of the adventurer's next
  requirement, :data:`MASTERY_BONUS` per unclaimed mastery card counting the column;
- minus the potions spent (and the extra-die slot's cost, when the die is a third or fourth die).

Each placement carries ``reasons``, human sentences that explain the score, so a learner sees why one die
beats another. This is a teaching heuristic, not an optimal policy.

API (stable)
------------
- :func:`fill_probability(die, target, compare, potions=0, sheet=None)` -> Fraction.
  ``die``: ``"d8"`` or a face count; ``compare``: ``">="``/``"craft"``/``"crafting"`` or
  ``"<="``/``"research"``.
- :func:`potions_distribution(die, target, compare, sheet=None)` -> ``{potions needed: Fraction}``
  (key None = impossible).
- :func:`rank_placements(sheet, roll, filled=..., potions=..., used_dice=..., orders=...,
  adventurer_next=..., mastery_columns=..., extra_cost=None, explain=True)` -> list of :class:`Placement`, best first.
- :class:`Placement` — ``die``, ``value``, ``circle``, ``adjust`` (signed), ``potions`` (spent),
  ``completes`` (row id or None), ``gold_now``, ``potions_gained``, ``score`` (float),
  ``reasons`` (tuple of str, in the language in force when read); ``to_dict()``.

Errors
------
:class:`~companion.errors.IllegalActionError` ``bad_odds_input`` naming the field (unknown die, bad
comparison, negative potions, non-integer target).
"""

from __future__ import annotations

import heapq
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from companion.errors import IllegalActionError
from companion.i18n import N_, _, gettext, ngettext
from companion.magick.dice import Roll
from companion.magick.sheet import Sheet, ShownText, default_sheet, shown_name

__all__ = [
    "ADVENTURER_BONUS",
    "Odds",
    "format_odds",
    "MASTERY_BONUS",
    "ORDER_WEIGHT",
    "POTION_VALUE",
    "Placement",
    "fill_probability",
    "normalise_compare",
    "potions_distribution",
    "rank_placements",
]

POTION_VALUE = 0.5
ORDER_WEIGHT = 0.125
ADVENTURER_BONUS = 1.0
MASTERY_BONUS = 0.25


def format_odds(p: Fraction | float) -> str:
    """Odds as a player reads them: ``Fraction(5, 8)`` -> ``"5/8 (62.5%)"``.

    The one formatter for every place odds are shown (CLI, widgets, notebooks, bot reasons): the exact
    fraction, then the percentage with at most one decimal (``"1/3 (33.3%)"``, ``"1 (100%)"``,
    ``"0 (0%)"``). A float is shown as a percentage only.

    Parameters
    ----------
    p : Fraction or float
        A probability, 0..1.

    Returns
    -------
    str
        The text, with the percentage written the way the reader's language writes it.
    """
    value = float(p)
    percent = f"{100 * value:.1f}".rstrip("0").rstrip(".")
    if not isinstance(p, Fraction):
        return _("{percent}%").format(percent=percent)
    exact = f"{p.numerator}/{p.denominator}" if p.denominator != 1 else f"{p.numerator}"
    return _("{fraction} ({percent}%)").format(fraction=exact, percent=percent)


class Odds(Fraction):
    """An exact probability that shows itself as odds: ``5/8 (62.5%)`` (see :func:`format_odds`).

    A :class:`fractions.Fraction` in every other respect (arithmetic, comparison, ``numerator``); results of
    arithmetic are plain fractions.
    """

    __slots__ = ()

    def __repr__(self) -> str:
        return format_odds(self)

    __str__ = __repr__


def normalise_compare(compare: str) -> str:
    """Return ``">="`` or ``"<="`` for the accepted spellings; IllegalActionError ``bad_odds_input``."""
    table = {">=": ">=", "craft": ">=", "crafting": ">=", "<=": "<=", "research": "<="}
    if compare not in table:
        raise IllegalActionError("bad_odds_input", _("compare: expected '>=' (crafting) or '<=' (research), "
                                                   "found {found!r}").format(found=compare))
    return table[compare]


def _faces_and_range(die: str | int, sheet: Sheet | None) -> tuple[int, int, int]:
    sheet = sheet or default_sheet()
    if isinstance(die, bool):
        raise IllegalActionError("bad_odds_input", _("die: expected a die like 'd8', found {found!r}").format(found=die))
    if isinstance(die, int):
        faces = die
        if faces < 2:
            raise IllegalActionError("bad_odds_input", _("die: expected at least 2 faces, found {found}")
                                     .format(found=faces))
        lo = sheet.min_value
        hi = max(sheet.max_value, faces) if sheet.past_top_face else faces
        return faces, lo, hi
    if die not in sheet.dice:
        raise IllegalActionError("bad_odds_input", _("die: expected one of {dice}, found {found!r}")
                                 .format(dice=_(", ").join(sheet.dice), found=die))
    lo, hi = sheet.value_range(die)
    return sheet.dice[die], lo, hi


def _needed(v: int, target: int, compare: str, lo: int, hi: int) -> int | None:
    if compare == ">=":
        need = max(v, target, lo)
        return need - v if need <= hi else None
    need = min(v, target, hi)
    return v - need if need >= lo else None


def potions_distribution(die: str | int, target: int, compare: str, *,
                         sheet: Sheet | None = None) -> dict[int | None, Fraction]:
    """Probability of needing exactly ``n`` potions to fill the circle, for each ``n`` (None: impossible).

    The values sum to 1.
    """
    if isinstance(target, bool) or not isinstance(target, int):
        raise IllegalActionError("bad_odds_input", _("target: expected an integer, found {found!r}").format(found=target))
    compare = normalise_compare(compare)
    faces, lo, hi = _faces_and_range(die, sheet)
    counts: dict[int | None, int] = {}
    for v in range(1, faces + 1):
        n = _needed(v, target, compare, lo, hi)
        counts[n] = counts.get(n, 0) + 1
    return {n: Odds(c, faces) for n, c in counts.items()}


def fill_probability(die: str | int, target: int, compare: str, potions: int = 0, *,
                     sheet: Sheet | None = None) -> Fraction:
    """Exact probability that one roll of ``die`` fills a circle ``target`` spending at most ``potions``.

    Parameters
    ----------
    die : str or int
        A die id of the sheet (``"d8"``) or a face count.
    target : int
        The number printed in the circle.
    compare : str
        ``">="`` / ``"craft"`` / ``"crafting"`` or ``"<="`` / ``"research"``.
    potions : int
        Most potions the player will spend (>= 0).
    sheet : Sheet, optional
        Supplies the die's value range (default sheet when None).

    Returns
    -------
    fractions.Fraction
        In ``[0, 1]``; non-decreasing in ``potions``.

    Raises
    ------
    IllegalActionError
        ``bad_odds_input`` naming the field.

    Examples
    --------
    >>> fill_probability("d8", 5, "craft", potions=1)
    5/8 (62.5%)
    >>> fill_probability("d12", 10, "research") == Fraction(5, 6)
    True
    """
    if isinstance(potions, bool) or not isinstance(potions, int) or potions < 0:
        raise IllegalActionError("bad_odds_input", _("potions: expected an integer >= 0, found {found!r}")
                                 .format(found=potions))
    dist = potions_distribution(die, target, compare, sheet=sheet)
    return Odds(sum((p for n, p in dist.items() if n is not None and n <= potions), Fraction(0)))


@dataclass(frozen=True)
class Placement:
    """One die on one circle, with the fewest potions it needs and why it is worth it."""

    die: str
    value: int
    circle: str
    adjust: int
    potions: int
    completes: str | None
    gold_now: int
    potions_gained: int
    score: float
    texts: tuple[ShownText, ...] = field(repr=False)
    """The reasons, kept untranslated: ranking builds many placements that are never shown."""

    @property
    def reasons(self) -> tuple[str, ...]:
        """Sentences that explain the score, in the language in force now."""
        return tuple(str(t) for t in self.texts)

    def to_dict(self) -> dict[str, Any]:
        return {"die": self.die, "value": self.value, "circle": self.circle, "adjust": self.adjust,
                "potions": self.potions, "completes": self.completes, "gold_now": self.gold_now,
                "potions_gained": self.potions_gained, "score": self.score, "reasons": list(self.reasons)}


def _count_text(n: int) -> str:
    return ngettext("{n} potion", "{n} potions", n).format(n=n)


def _count(n: int) -> ShownText:
    return ShownText(_count_text, n)


def _name(name: str) -> ShownText:
    return ShownText(shown_name, name)


def _lower_name(name: str) -> str:
    return shown_name(name).lower()


def _row_names(names: tuple[str, ...]) -> str:
    return " + ".join(shown_name(n) for n in names)


def _reason_text(template: str, params: tuple[tuple[str, Any], ...]) -> str:
    return gettext(template).format(**{k: str(v) for k, v in params})


def _reason(template: str, **params: Any) -> ShownText:
    """A reason, translated when shown (ranking builds many that are never shown: nothing is looked up now)."""
    return ShownText(_reason_text, template, tuple(params.items()))


def rank_placements(sheet: Sheet, roll: Roll | Mapping[str, int], *, filled: Collection[str] = (),
                    potions: int = 0, used_dice: Collection[str] = (), orders: Iterable[Any] = (),
                    adventurer_next: tuple[str, str] | None = None, mastery_columns: Iterable[str] = (),
                    extra_cost: int | None = None, explain: bool = True,
                    best: int | None = None) -> list[Placement]:
    """Rank every legal (die, circle) placement for one player, best first.

    Parameters
    ----------
    sheet : Sheet
    roll : Roll or dict
        This round's dice (``{"d6": 3, ...}``).
    filled : collection of str
        Circle keys already filled on the player's sheet.
    potions : int
        Potions the player holds; placements needing more (plus ``extra_cost``) are left out.
    used_dice : collection of str
        Dice the player already used this round.
    orders : iterable of Order
        The player's open (face-up) orders.
    adventurer_next : (item, enchantment) or None
        The adventurer's next unmet requirement.
    mastery_columns : iterable of str
        Columns counted by mastery cards the player has not claimed.
    extra_cost : int or None
        Potion cost of the extra-die slot the next die would use (None when the die is one of the two
        regular dice).
    explain : bool
        False leaves every placement's ``texts`` (reasons) empty: the same ranking and scores, built several
        times faster, for bots and playouts that never show a reason.
    best : int or None
        Return only the ``best`` first placements (None: all); the others are never built.

    Returns
    -------
    list of Placement
        Sorted by score (highest first), then by fewer potions, then sheet order.
    """
    values = roll.as_dict() if isinstance(roll, Roll) else dict(roll)
    filled = filled if isinstance(filled, (set, frozenset)) else set(filled)
    orders = [(o, o.rows) for o in orders]
    mastery_columns = set(mastery_columns)
    layout = _layout(sheet)
    # per row: circles still empty; per mastery column: circles filled (counted once, not per placement)
    empty_left = {row_id: size - len(keys & filled) for row_id, keys, size in layout.rows}
    complete = {r for r, left in empty_left.items() if left == 0}
    column_filled = ({col: sum(1 for c in sheet.circles_in_column(col) if c.key in filled) for col in mastery_columns}
                     if explain else {})
    slot = extra_cost or 0
    out: list[tuple[Any, ...]] = []
    # the circle's part of the score is the same for every die: worked out once, for the first die that fits
    parts: dict[int, tuple[float, str | None, int, int, list[ShownText]]] = {}
    top: tuple[float, int, int] | None = None  # with best=1: the key of the best placement so far
    for die, value in values.items():
        if die in used_dice:
            continue
        for k, n, key in layout.reach[die][value]:
            if n + slot > potions or key in filled:
                continue
            _k, circle, row, column = layout.circles[k]
            base = parts.get(k)
            if base is None:
                base = parts[k] = _circle_part(sheet, circle, row, column, empty_left[row.id] - 1, complete, orders,
                                               adventurer_next, mastery_columns, column_filled, explain)
            score, completes, gold_now, potions_gained, reasons = base
            adjust = (n if column.compare == ">=" else -n)
            if explain:
                reasons = list(reasons)
                if n:
                    reasons.append(_reason(N_("spends {potion_text} ({die} {value} -> {new}, needs {compare} "
                                              "{target})"), potion_text=_count(n), die=die, value=value,
                                           new=value + adjust, compare=column.compare, target=circle.target))
                else:
                    reasons.append(_reason(N_("{die} {value} fits as rolled (needs {compare} {target})"),
                                           die=die, value=value, compare=column.compare, target=circle.target))
                if slot:
                    reasons.append(_reason(N_("the extra-die slot costs {potion_text}"), potion_text=_count(slot)))
            if n:
                score -= POTION_VALUE * n
            if slot:
                score -= POTION_VALUE * slot
            minus = -round(score, 4)
            if best == 1:  # the greedy bot's question: only the best is kept (the first met on a tie, as sorted)
                if top is not None and (minus, n, k) >= top:
                    continue
                top = (minus, n, k)
                out.clear()
            out.append((minus, n, k, die, value, key, adjust, completes, gold_now, potions_gained, reasons))
    # sorted (stable) by score, potions, sheet place; ties keep the roll's die order
    ranked = sorted(out, key=_rank_key) if best is None else heapq.nsmallest(best, out, key=_rank_key)
    return [Placement(die=die, value=value, circle=key, adjust=adjust, potions=n, completes=completes,
                      gold_now=gold_now, potions_gained=gained, score=-minus, texts=tuple(reasons))
            for minus, n, _k, die, value, key, adjust, completes, gold_now, gained, reasons in ranked]


def _rank_key(t: tuple[Any, ...]) -> tuple[Any, ...]:
    return t[:3]


def _circle_part(sheet: Sheet, circle: Any, row: Any, column: Any, left: int, complete: set[str],
                 orders: list[tuple[Any, tuple[str, ...]]], adventurer_next: tuple[str, str] | None,
                 mastery_columns: set[str], column_filled: dict[str, int],
                 explain: bool) -> tuple[float, str | None, int, int, list[ShownText]]:
    """The die-independent part of a placement on ``circle`` (``left``: the row's empty circles after it):
    (score, row completed or None, gold now, potions gained, reasons)."""
    reasons: list[ShownText] = []
    score = 0.0
    completes = row.id if left == 0 else None
    gold_now = row.gold if completes else 0
    potions_gained = row.potions if completes else 0
    if completes:
        score += row.gold + POTION_VALUE * row.potions
        if explain:
            reasons.append(_reason(N_("completes {row}: +{gold} gold, +{potion_text}"), row=_name(row.name),
                                   gold=row.gold, potion_text=_count(row.potions)))
        done = complete | {row.id}
        for o, needs in orders:
            if row.id in needs and all(r in done for r in needs):
                score += o.gold
                gold_now += o.gold
                if explain:
                    reasons.append(_reason(N_("fulfils the order {order}: +{gold} gold"),
                                           order=ShownText(type(o).name_on, o, sheet), gold=o.gold))
    else:
        share = (len(row.circles) - left) / len(row.circles)
        score += 0.5 * row.gold * share
        if explain:
            reasons.append(_reason(N_("{row}: {filled} of {total} circles filled ({gold} gold when "
                                      "complete)"), row=_name(row.name), filled=len(row.circles) - left,
                                   total=len(row.circles), gold=row.gold))
    for o, needs in orders:
        if row.id in needs and not (completes and all(r in complete or r == row.id for r in needs)):
            score += ORDER_WEIGHT * o.gold
            if explain:
                reasons.append(_reason(N_("brings the order {order} ({gold} gold) closer"),
                                       order=ShownText(type(o).name_on, o, sheet), gold=o.gold))
    if adventurer_next and row.id in adventurer_next:
        score += ADVENTURER_BONUS
        if explain:
            reasons.append(_reason(N_("works toward the next requirement of the adventurer ({rows})"),
                                   rows=ShownText(_row_names, tuple(sheet.row(r).name for r in adventurer_next))))
    if circle.column in mastery_columns:
        score += MASTERY_BONUS
        if explain:
            reasons.append(_reason(N_("{column} mastery: {have} {circles} circles filled"),
                                   column=_name(column.name), have=column_filled[circle.column] + 1,
                                   circles=ShownText(_lower_name, column.name)))
    return score, completes, gold_now, potions_gained, reasons


@dataclass(frozen=True)
class _Layout:
    """A sheet's circles in sheet order with their place, row and column; each row's circle keys and size;
    which circles each face of each die can fill: looked up once per sheet."""

    sheet: Sheet
    circles: tuple[tuple[int, Any, Any, Any], ...]
    rows: tuple[tuple[str, frozenset[str], int], ...]
    reach: dict[str, dict[int, tuple[tuple[int, int, str], ...]]]
    """die -> face -> (circle's place, fewest potions, circle key) of every circle the face can fill, in sheet
    order"""


_LAYOUTS: dict[int, _Layout] = {}


def _layout(sheet: Sheet) -> _Layout:
    """The :class:`_Layout` of ``sheet`` (cached by identity)."""
    known = _LAYOUTS.get(id(sheet))
    if known is None or known.sheet is not sheet:
        circles = tuple((k, c, sheet.row(c.row), sheet.column(c.column)) for k, c in enumerate(sheet.circles))
        reach = {}
        for die, faces in sheet.dice.items():
            lo, hi = sheet.value_range(die)
            reach[die] = {value: tuple((k, n, c.key) for k, c, _row, column in circles if die in column.allowed_dice
                                       for n in [_needed(value, c.target, column.compare, lo, hi)] if n is not None)
                          for value in range(1, faces + 1)}
        known = _LAYOUTS[id(sheet)] = _Layout(
            sheet=sheet, circles=circles, reach=reach,
            rows=tuple((r.id, frozenset(c.key for c in r.circles), len(r.circles)) for r in sheet.rows))
    return known
