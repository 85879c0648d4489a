"""The shared roll and the placement check: which die may fill which circle, and for how many potions.

Rules (rules summary II.1, II.2, II.3, IV.1, IV.2): each round one roll of D6, D8, D10 and D12 is shared
by every player. A die may fill a circle only if the die type is allowed in the circle's column (the
legend), and its value - after potions, each moving it 1 up or down - satisfies the column's comparison:
crafting ``value >= target``, research ``value <= target``. An adjusted die stays within
:meth:`Sheet.value_range <companion.magick.sheet.Sheet.value_range>` (default 1..12, past its top face;
see :mod:`companion.magick.sheet`).

API (stable)
------------
- :class:`Roll` — the four values; ``roll["d8"]``, ``roll.as_dict()``, ``Roll.of(sheet, {"d6": 3, ...})``
  (validates: IllegalActionError ``bad_roll``), ``Roll.random(sheet, rng)``.
- :func:`potions_needed(sheet, die, value, circle)` -> int or None — fewest potions that let ``die``
  showing ``value`` fill ``circle`` (a :class:`~companion.magick.sheet.Circle` or key); None if impossible.
- :func:`check_placement(sheet, die, value, adjust, circle)` — raises IllegalActionError with code
  ``unknown_die``, ``unknown_circle``, ``die_not_allowed``, ``value_out_of_range`` or ``target_not_met``.
- :func:`adjusted_range(sheet, die, value, potions)` -> ``(lo, hi)`` values reachable with at most
  ``potions`` potions.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass

from companion.errors import IllegalActionError
from companion.i18n import _, lazy_gettext
from companion.magick.sheet import Circle, Sheet, circle_label, shown_name

__all__ = ["Roll", "adjusted_range", "check_placement", "potions_needed"]

RULE_ROLL = lazy_gettext("rules summary III.1 (roll D6, D8, D10, D12)")
RULE_LEGEND = lazy_gettext("rules summary IV.1 (dice legend: a column takes only its dice)")
RULE_COMPARE = lazy_gettext("rules summary IV.2 (crafting: die >= circle; research: die <= circle)")
RULE_ADJUST = lazy_gettext("rules summary II.3 (a potion moves a die by 1); bounds: choice in data die_adjustment")


@dataclass(frozen=True)
class Roll:
    """The four dice of one round, as ``((die id, value), ...)`` in sheet order."""

    values: tuple[tuple[str, int], ...]

    def __getitem__(self, die: str) -> int:
        for d, v in self.values:
            if d == die:
                return v
        raise KeyError(_("no die {die!r} in this roll").format(die=die))

    def as_dict(self) -> dict[str, int]:
        """``{"d6": 3, "d8": 5, ...}``."""
        return dict(self.values)

    @property
    def dice(self) -> tuple[str, ...]:
        return tuple(d for d, _v in self.values)

    @classmethod
    def of(cls, sheet: Sheet, values: Mapping[str, int]) -> Roll:
        """A validated roll (e.g. physical dice typed in).

        Raises
        ------
        IllegalActionError
            ``bad_roll`` if a die is missing, unknown, or shows a value outside ``1..faces``.
        """
        if not isinstance(values, Mapping):
            raise IllegalActionError("bad_roll", _("a roll gives one value per die, e.g. {example}")
                                     .format(example="{'d6': 3, 'd8': 5, 'd10': 2, 'd12': 11}"), rule=RULE_ROLL)
        for die in values:
            if die not in sheet.dice:
                raise IllegalActionError("bad_roll", _("roll: unknown die {die!r}; expected {dice}")
                                         .format(die=die, dice=_(", ").join(sheet.dice)), rule=RULE_ROLL)
        out = []
        for die, faces in sheet.dice.items():
            if die not in values:
                raise IllegalActionError("bad_roll", _("roll: missing a value for the {die}").format(die=die),
                                         rule=RULE_ROLL)
            v = values[die]
            if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= faces:
                raise IllegalActionError("bad_roll", _("roll: a {die} shows 1..{faces}, found {found!r}")
                                         .format(die=die, faces=faces, found=v), rule=RULE_ROLL)
            out.append((die, v))
        return cls(tuple(out))

    @classmethod
    def random(cls, sheet: Sheet, rng: random.Random) -> Roll:
        """Roll every die of ``sheet`` with ``rng`` (uniform faces)."""
        return cls(tuple((die, rng.randint(1, faces)) for die, faces in sheet.dice.items()))


def _circle(sheet: Sheet, circle: Circle | str) -> Circle:
    if isinstance(circle, Circle):
        return circle
    try:
        return sheet.circle(circle)
    except KeyError as exc:
        raise IllegalActionError("unknown_circle", str(exc.args[0])) from None


def adjusted_range(sheet: Sheet, die: str, value: int, potions: int) -> tuple[int, int]:
    """Values ``die`` showing ``value`` can reach with at most ``potions`` potions (clipped to its range)."""
    lo, hi = sheet.value_range(die)
    return max(lo, value - potions), min(hi, value + potions)


def potions_needed(sheet: Sheet, die: str, value: int, circle: Circle | str) -> int | None:
    """Fewest potions that let ``die`` showing ``value`` fill ``circle``.

    Returns
    -------
    int or None
        0 if the die fills it as rolled; None if the die type is not allowed in the column or no value
        within the die's range satisfies the target.
    """
    c = _circle(sheet, circle)
    column = sheet.column(c.column)
    if die not in column.allowed_dice:
        return None
    lo, hi = sheet.value_range(die)
    if column.compare == ">=":
        need = max(value, c.target, lo)
        return need - value if need <= hi else None
    need = min(value, c.target, hi)
    return value - need if need >= lo else None


def check_placement(sheet: Sheet, die: str, value: int, adjust: int, circle: Circle | str) -> Circle:
    """Check that ``die`` showing ``value``, moved by ``adjust`` (signed potions), may fill ``circle``.

    Returns
    -------
    Circle
        The circle, resolved.

    Raises
    ------
    IllegalActionError
        ``unknown_die``, ``unknown_circle``, ``die_not_allowed`` (legend), ``value_out_of_range``
        (adjusted value outside the die's range) or ``target_not_met`` (comparison fails).
    """
    if die not in sheet.dice:
        raise IllegalActionError("unknown_die", _("no die {die!r}; expected one of {dice}")
                                 .format(die=die, dice=_(", ").join(sheet.dice)), rule=RULE_ROLL)
    c = _circle(sheet, circle)
    column = sheet.column(c.column)
    if die not in column.allowed_dice:
        raise IllegalActionError(
            "die_not_allowed",
            _("the {die} may not fill a {column} circle ({circle}); {column} takes {dice}")
            .format(die=die, column=shown_name(column.name), circle=circle_label(sheet, c.key),
                    dice=_(", ").join(column.allowed_dice)), rule=RULE_LEGEND)
    lo, hi = sheet.value_range(die)
    new = value + adjust
    if not lo <= new <= hi:
        raise IllegalActionError(
            "value_out_of_range",
            _("the {die} showing {value} moved by {adjust} would be {new}; a {die} stays within {low}..{high}")
            .format(die=die, value=value, adjust=f"{adjust:+d}", new=new, low=lo, high=hi), rule=RULE_ADJUST)
    if not column.accepts(new, c.target):
        text = (_("{circle} is a crafting circle: needs a die {compare} {target}, the {die} is {value}")
                if column.compare == ">=" else
                _("{circle} is a research circle: needs a die {compare} {target}, the {die} is {value}"))
        raise IllegalActionError(
            "target_not_met",
            text.format(circle=circle_label(sheet, c.key), compare=column.compare, target=c.target, die=die,
                        value=new), rule=RULE_COMPARE)
    return c
