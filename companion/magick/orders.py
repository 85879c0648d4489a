"""Order cards, sponsored adventurer cards, mastery cards and setup choices (``data/magick/cards.json``).

**Orders.** An order names an item row, and optionally a prefix and a suffix enchantment row, and pays
gold. A player fulfils it as soon as every named row is complete on their sheet; rows are never used up,
so one Ring can serve several orders (rules summary II.4, IV.4). The 56 printed order cards are **not
available**: at a table each order is typed in as it is revealed (a chance action), and simulations draw
from :func:`generated_order_deck`, which is **not the printed deck**. Its rule: 56 cards; cards cycle
through three kinds - item + prefix, item + suffix, item + prefix + suffix (as the digital app makes
orders) - with items, prefixes and suffixes each dealt from pools holding every row equally often, then
shuffled with the given ``random.Random``. Gold: one enchantment ``3 + (item gold + enchantment gold) // 4``
(3..5), two enchantments ``6 + (item + prefix + suffix gold) // 6`` (6..8), matching the app's ranges.

**Sponsored adventurers.** Three requirements, each an item + an enchantment row, met strictly in order
(rules summary II.5, IV.8): the 1st gives 3 potions; the 2nd a free circle; the 3rd a free circle and the
card's gold. The cards themselves come from the digital app (a reconstruction).

**Mastery.** One material and one energy card per game. The cards are not available. Choice (as in the
digital app): a card asks for N filled circles in one column (material cards 6, energy cards 8); the
apprentice side asks for the same N. First: 8 gold, later: 4 gold, once per player per card
(rules summary III.6, IV.6). Players who reach it in the same mastery phase are all first.

**Setup choices** (the rules summary is silent): players start with 0 potions (the setup hands out
none); every player count deals 3 orders per player (the digital app's number). Both are data
(``setup`` in cards.json) and can be overridden in :func:`companion.magick.engine.new_game`.

API (stable)
------------
- :class:`Order` (``id``, ``item``, ``prefix``, ``suffix``, ``gold``; ``rows``, ``name_on(sheet)``,
  ``to_dict()``), :func:`order_from_dict(doc, sheet, where=...)` (RulesDataError naming the key path),
  :func:`make_order(sheet, item, prefix=None, suffix=None, gold=..., id=...)` (IllegalActionError
  ``bad_order``), :func:`generated_order_deck(sheet, rng, size=56)`.
- :class:`Adventurer`, :class:`MasteryCard`, :class:`Cards`; :func:`load_cards()` (cached, shipped data),
  :func:`cards_from_dict(doc, sheet, file=...)`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Any

from companion.errors import IllegalActionError, RulesDataError
from companion.i18n import _, lazy_gettext
from companion.magick.sheet import _V, Sheet, default_sheet
from companion.resources import load_json

__all__ = [
    "Adventurer",
    "Cards",
    "MasteryCard",
    "Order",
    "cards_from_dict",
    "generated_order_deck",
    "load_cards",
    "make_order",
    "order_from_dict",
]

CARDS_FILE = "magick/cards.json"
RULE_ORDER = lazy_gettext("rules summary II.4 (an order names an item and enchantments)")


@dataclass(frozen=True)
class Order:
    """An order card: ``item`` row id, optional ``prefix`` / ``suffix`` row ids, ``gold``."""

    id: str
    item: str
    prefix: str | None
    suffix: str | None
    gold: int

    @cached_property
    def rows(self) -> tuple[str, ...]:
        """The row ids the order needs completed (worked out once: the rules ask it after every placement)."""
        return tuple(r for r in (self.item, self.prefix, self.suffix) if r)

    def name_on(self, sheet: Sheet) -> str:
        """Human name in the reader's language, e.g. ``"Everlasting Ring of the Orcs"``."""
        from companion.magick.sheet import shown_name

        base = shown_name(sheet.row(self.item).name)
        prefix = shown_name(sheet.row(self.prefix).name) if self.prefix else None
        suffix = shown_name(sheet.row(self.suffix).name) if self.suffix else None
        if prefix and suffix:
            return _("{prefix} {base} {suffix}").format(prefix=prefix, base=base, suffix=suffix)
        if prefix:
            return _("{prefix} {base}").format(prefix=prefix, base=base)
        if suffix:
            return _("{base} {suffix}").format(base=base, suffix=suffix)
        return base

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "item": self.item, "prefix": self.prefix, "suffix": self.suffix, "gold": self.gold}


def _check_order(sheet: Sheet, item: Any, prefix: Any, suffix: Any, gold: Any) -> tuple[str, str] | None:
    """Return ``(field, message)`` if the order is invalid, else None."""
    if not isinstance(item, str) or item not in {r.id for r in sheet.item_rows}:
        return "item", _("expected an item row ({rows}), found {found!r}").format(
            rows=_(", ").join(r.id for r in sheet.item_rows), found=item)
    for role, value in (("prefix", prefix), ("suffix", suffix)):
        if value is not None and (not isinstance(value, str)
                                  or value not in {r.id for r in sheet.enchantment_rows(role)}):
            allowed = _(", ").join(r.id for r in sheet.enchantment_rows(role))
            text = (_("expected null or a prefix row ({rows}), found {found!r}") if role == "prefix" else
                    _("expected null or a suffix row ({rows}), found {found!r}"))
            return role, text.format(rows=allowed, found=value)
    if isinstance(gold, bool) or not isinstance(gold, int) or not 0 <= gold <= 99:
        return "gold", _("expected an integer 0..99, found {found!r}").format(found=gold)
    return None


def make_order(sheet: Sheet, item: str, prefix: str | None = None, suffix: str | None = None, *,
               gold: int, id: str = "") -> Order:
    """An order typed in at the table.

    Raises
    ------
    IllegalActionError
        ``bad_order`` naming the field if a row is unknown or the gold is not an integer 0..99.
    """
    problem = _check_order(sheet, item, prefix, suffix, gold)
    if problem:
        raise IllegalActionError("bad_order", _("order: {field}: {reason}").format(field=problem[0], reason=problem[1]),
                                 rule=RULE_ORDER)
    return Order(id=id or "-".join(r for r in (prefix, item, suffix) if r) + f"-{gold}", item=item,
                 prefix=prefix, suffix=suffix, gold=gold)


def order_from_dict(doc: Any, sheet: Sheet, *, where: str = "order", file: str | None = None) -> Order:
    """Read an order ``{"item", "prefix", "suffix", "gold", "id"?}``.

    Raises
    ------
    RulesDataError
        Naming ``where.<field>``.
    """
    if not isinstance(doc, dict):
        raise RulesDataError(_("expected an order object"), file=file, key_path=where)
    for key in ("item", "gold"):
        if key not in doc:
            raise RulesDataError(_("missing key"), file=file, key_path=f"{where}.{key}")
    problem = _check_order(sheet, doc["item"], doc.get("prefix"), doc.get("suffix"), doc["gold"])
    if problem:
        field, msg = problem
        raise RulesDataError(msg, file=file, key_path=f"{where}.{field}")
    oid = doc.get("id", "")
    if not isinstance(oid, str):
        raise RulesDataError(_("expected a string"), file=file, key_path=f"{where}.id")
    return make_order(sheet, doc["item"], doc.get("prefix"), doc.get("suffix"), gold=doc["gold"], id=oid)


def generated_order_deck(sheet: Sheet, rng: random.Random, size: int = 56) -> tuple[Order, ...]:
    """A generated order deck for simulations - **not the printed deck** (see the module docstring).

    Parameters
    ----------
    sheet : Sheet
        Supplies the item, prefix and suffix rows and their gold.
    rng : random.Random
        Shuffles the pools and the deck.
    size : int
        Number of cards (56 like the printed deck).

    Returns
    -------
    tuple of Order
        Ids ``"gen-01"`` ... in deck order (top first).
    """
    items = [r for r in sheet.item_rows]
    prefixes = list(sheet.enchantment_rows("prefix"))
    suffixes = list(sheet.enchantment_rows("suffix"))

    def pool(rows: list[Any]) -> list[Any]:
        out = (rows * (size // max(1, len(rows)) + 1))[:size]
        rng.shuffle(out)
        return out

    ip, pp, sp = pool(items), pool(prefixes), pool(suffixes)
    cards = []
    for i in range(size):
        item = ip[i]
        kind = i % 3 if prefixes and suffixes else (0 if prefixes else 1 if suffixes else 3)
        pre = pp[i] if kind in (0, 2) and prefixes else None
        suf = sp[i] if kind in (1, 2) and suffixes else None
        if pre and suf:
            gold = 6 + (item.gold + pre.gold + suf.gold) // 6
        elif pre or suf:
            gold = 3 + (item.gold + (pre or suf).gold) // 4
        else:
            gold = 2 + item.gold // 3
        cards.append((item.id, pre.id if pre else None, suf.id if suf else None, min(gold, 99)))
    rng.shuffle(cards)
    return tuple(Order(id=f"gen-{i + 1:02d}", item=c[0], prefix=c[1], suffix=c[2], gold=c[3])
                 for i, c in enumerate(cards))


@dataclass(frozen=True)
class Adventurer:
    """A sponsored adventurer: three ``(item, enchantment)`` requirements, in order, and its ``gold``."""

    id: str
    name: str
    gold: int
    requirements: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class MasteryCard:
    """A mastery card: ``type`` ``"material"``/``"energy"``, the ``column`` it counts, and the filled-circle
    thresholds of its master and apprentice sides."""

    id: str
    name: str
    type: str
    column: str
    master_circles: int
    apprentice_circles: int


@dataclass(frozen=True)
class Cards:
    """Everything in ``cards.json``: adventurers, mastery cards, rewards and setup choices."""

    adventurers: tuple[Adventurer, ...]
    mastery: tuple[MasteryCard, ...]
    mastery_gold_first: int
    mastery_gold_later: int
    adventurer_potions: int
    starting_potions: int
    orders_per_player: dict[int, int]
    printed_orders: tuple[Order, ...]
    label: str

    def adventurer(self, adventurer_id: str) -> Adventurer:
        for a in self.adventurers:
            if a.id == adventurer_id:
                return a
        raise KeyError(_("no adventurer {id!r}; expected one of {known}")
                       .format(id=adventurer_id, known=_(", ").join(a.id for a in self.adventurers)))

    def mastery_card(self, card_id: str) -> MasteryCard:
        for m in self.mastery:
            if m.id == card_id:
                return m
        raise KeyError(_("no mastery card {id!r}; expected one of {known}")
                       .format(id=card_id, known=_(", ").join(m.id for m in self.mastery)))


def cards_from_dict(doc: Any, sheet: Sheet, *, file: str | None = None) -> Cards:
    """Validate a cards document against ``sheet``.

    Raises
    ------
    RulesDataError
        Naming the key path: unknown rows in adventurer requirements, unknown mastery columns,
        thresholds larger than the column's circle count, bad numbers.
    """
    v = _V(file)

    def fail(path: str, msg: str) -> RulesDataError:
        return v.fail(path, msg)

    def get(obj: Any, key: str, path: str, kind: type) -> Any:
        return v.int_in(obj, key, path, 0, None) if kind is int else v.get(obj, key, path, kind)

    if not isinstance(doc, dict):
        raise fail("", _("expected an object"))
    items = {r.id for r in sheet.item_rows}
    enchants = {r.id for r in sheet.rows if r.order_role in ("prefix", "suffix")}
    advs = []
    for i, a in enumerate(get(doc, "adventurers", "", list)):
        p = f"adventurers[{i}]"
        reqs = get(a, "requirements", p, list)
        if len(reqs) != 3:
            raise fail(f"{p}.requirements", _("expected 3 requirements, found {n}").format(n=len(reqs)))
        out = []
        for j, r in enumerate(reqs):
            item = get(r, "item", f"{p}.requirements[{j}]", str)
            ench = get(r, "enchantment", f"{p}.requirements[{j}]", str)
            if item not in items:
                raise fail(f"{p}.requirements[{j}].item", _("unknown item row {row!r}").format(row=item))
            if ench not in enchants:
                raise fail(f"{p}.requirements[{j}].enchantment", _("unknown enchantment row {row!r}").format(row=ench))
            out.append((item, ench))
        advs.append(Adventurer(id=get(a, "id", p, str), name=get(a, "name", p, str), gold=get(a, "gold", p, int),
                               requirements=tuple(out)))
    m = get(doc, "mastery", "", dict)
    cards = []
    for i, c in enumerate(get(m, "cards", "mastery", list)):
        p = f"mastery.cards[{i}]"
        col = get(c, "column", p, str)
        try:
            n = len(sheet.circles_in_column(col)) if sheet.column(col) else 0
        except KeyError:
            raise fail(f"{p}.column", _("unknown column {column!r}").format(column=col)) from None
        ctype = get(c, "type", p, str)
        if ctype not in ("material", "energy") or sheet.column(col).kind != ctype:
            raise fail(f"{p}.type", _("expected {kind!r} for column {column!r}, found {found!r}")
                       .format(kind=sheet.column(col).kind, column=col, found=ctype))
        thresholds = []
        for key in ("master_circles", "apprentice_circles"):
            t = get(c, key, p, int)
            if not 1 <= t <= n:
                raise fail(f"{p}.{key}", _("expected 1..{n} (circles in the column {column!r}), found {found}")
                           .format(n=n, column=col, found=t))
            thresholds.append(t)
        cards.append(MasteryCard(id=get(c, "id", p, str), name=get(c, "name", p, str), type=ctype, column=col,
                                 master_circles=thresholds[0], apprentice_circles=thresholds[1]))
    setup = get(doc, "setup", "", dict)
    opp_raw = get(setup, "orders_per_player", "setup", dict)
    opp = {}
    for k, val in opp_raw.items():
        if not k.isdigit() or isinstance(val, bool) or not isinstance(val, int) or not 0 <= val <= 10:
            raise fail(f"setup.orders_per_player.{k}", _("expected a player count -> 0..10, found {found!r}")
                       .format(found=val))
        opp[int(k)] = val
    rewards = get(doc, "adventurer_rewards", "", dict)
    printed = tuple(order_from_dict(o, sheet, where=f"orders.printed_cards[{i}]", file=file)
                    for i, o in enumerate(get(get(doc, "orders", "", dict), "printed_cards", "orders", list)))
    return Cards(adventurers=tuple(advs), mastery=tuple(cards), mastery_gold_first=get(m, "gold_first", "mastery", int),
                 mastery_gold_later=get(m, "gold_later", "mastery", int),
                 adventurer_potions=get(get(rewards, "step_1", "adventurer_rewards", dict), "potions",
                                        "adventurer_rewards.step_1", int),
                 starting_potions=get(setup, "starting_potions", "setup", int), orders_per_player=opp,
                 printed_orders=printed, label=doc.get("label", ""))


@lru_cache(maxsize=1)
def load_cards() -> Cards:
    """The shipped cards, validated against the default sheet."""
    return cards_from_dict(load_json(CARDS_FILE), default_sheet(), file=CARDS_FILE)
