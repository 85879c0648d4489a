"""Century: Golem Edition card data: 2 starting merchant cards, 43 market cards, 36 golem cards.

API summary (stable)
--------------------
``COLOURS``                 ``("yellow", "green", "blue", "pink")``, low to high (the upgrade order).
``Crystals``                a 4-tuple of non-negative ints, counts of yellow, green, blue, pink.
``MerchantCard``            frozen: ``id``, ``kind`` ("create" | "upgrade" | "trade"), ``inputs`` and
                            ``outputs`` (Crystals), ``upgrades`` (int, upgrade cards only), ``notation``
                            (e.g. ``"yyy->p"``), ``name``.
``GolemCard``               frozen: ``id``, ``points`` (printed VP), ``cost`` (Crystals), ``notation``.
``load_cards()``            the validated :class:`CardSet` (cached): ``starting``, ``market``, ``golems``,
                            ``merchant(id)``, ``golem(id)``.
``crystals(d)``             ``{"yellow": 2, ...}`` -> Crystals (validated); ``crystals_dict(c)`` back.
``golem_points_formula(c)`` points the formula in the rules facts predicts for a golem cost.

Data file: ``data/century/cards.json`` (read through :func:`companion.resources.load_json`), copied from the
project's cross-checked reference list (Bernier spreadsheet, confirmed by the Golem Edition list of
kennethhyman; Spice Road colours mapped by rank).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from companion.errors import RulesDataError
from companion.i18n import N_, _, ngettext
from companion.resources import load_json, require

__all__ = [
    "COLOURS",
    "LETTERS",
    "crystals_in_words",
    "Crystals",
    "MerchantCard",
    "GolemCard",
    "CardSet",
    "load_cards",
    "crystals",
    "crystals_dict",
    "crystals_text",
    "crystal_counts_text",
    "merchant_card_name",
    "golem_card_name",
    "golem_points_formula",
    "STARTING_HAND",
]

COLOURS: tuple[str, str, str, str] = ("yellow", "green", "blue", "pink")
"""Crystal colours, low to high. Upgrading moves one crystal one step to the right (rules: 打出升级卡)."""

LETTERS: tuple[str, str, str, str] = ("y", "g", "b", "p")
"""One-letter colour codes used in card notation and game records."""

Crystals = tuple[int, int, int, int]
"""Counts of (yellow, green, blue, pink) crystals."""

STARTING_HAND: tuple[str, str] = ("S01", "S02")
"""Every player's starting hand: Create 2 (2 yellow) and Upgrade 2, whatever the seat (rules-facts Setup)."""

_FILE = "century/cards.json"


@dataclass(frozen=True, slots=True)
class MerchantCard:
    """A merchant card (starting or market).

    Attributes
    ----------
    id : str
        ``S01``/``S02`` (starting cards) or ``M01``..``M43`` (market deck). Ids are ours, not printed.
    kind : str
        ``"create"`` (take ``outputs``), ``"upgrade"`` (up to ``upgrades`` single-step upgrades) or
        ``"trade"`` (give ``inputs``, take ``outputs``, repeatable).
    inputs, outputs : Crystals
        Crystals paid / received per use (all zero for an upgrade card; ``inputs`` zero for a create card).
    upgrades : int
        Number of single-step upgrades (2 or 3) for an upgrade card, else 0.
    notation : str
        Golem notation, e.g. ``"yyy->p"``, ``"->yy"``, ``"upgrade 2"``.
    name : str
        A short display name (``"Create 2"``, ``"Upgrade 2"``, ``"Trade yyy->p"`` ...).
    """

    id: str
    kind: str
    inputs: Crystals
    outputs: Crystals
    upgrades: int
    notation: str
    name: str


@dataclass(frozen=True, slots=True)
class GolemCard:
    """A golem (point) card.

    Attributes
    ----------
    id : str
        ``G01``..``G36`` (ours, not printed).
    points : int
        Printed victory points (6..20).
    cost : Crystals
        Crystals to pay when claiming it (4..6 crystals in total). Exact colours: a higher colour never
        stands in for a lower one (rules Q&A "得分卡只能领取最左边吗").
    notation : str
        The cost in letters, e.g. ``"yygg"``.
    """

    id: str
    points: int
    cost: Crystals
    notation: str


@dataclass(frozen=True)
class CardSet:
    """All cards of the game, validated.

    Attributes
    ----------
    starting : tuple of MerchantCard
        The 2 starting card types (Create 2, Upgrade 2); each player has one of each.
    market : tuple of MerchantCard
        The 43 market cards (all distinct).
    golems : tuple of GolemCard
        The 36 golem cards (all distinct).
    """

    starting: tuple[MerchantCard, ...]
    market: tuple[MerchantCard, ...]
    golems: tuple[GolemCard, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "_merchants", {c.id: c for c in self.starting + self.market})
        object.__setattr__(self, "_golems", {g.id: g for g in self.golems})

    @property
    def merchants_by_id(self) -> dict[str, MerchantCard]:
        """Every merchant card (starting and market) by id. Do not mutate."""
        return self._merchants  # type: ignore[attr-defined]

    @property
    def golems_by_id(self) -> dict[str, GolemCard]:
        """Every golem card by id. Do not mutate."""
        return self._golems  # type: ignore[attr-defined]

    def merchant(self, card_id: str) -> MerchantCard:
        """Return the merchant card ``card_id``.

        Raises
        ------
        KeyError
            If there is no such merchant card.
        """
        return self._merchants[card_id]  # type: ignore[attr-defined]

    def golem(self, card_id: str) -> GolemCard:
        """Return the golem card ``card_id``.

        Raises
        ------
        KeyError
            If there is no such golem card.
        """
        return self._golems[card_id]  # type: ignore[attr-defined]


def crystals(mapping: Any, *, where: str = "crystals", file: str | None = None) -> Crystals:
    """Convert ``{"yellow": 2, "pink": 1}`` to a :data:`Crystals` tuple.

    Parameters
    ----------
    mapping : dict
        Colour name -> non-negative int. Missing colours count 0.
    where : str
        Key path used in error messages.
    file : str or None
        File name used in error messages.

    Raises
    ------
    RulesDataError
        If ``mapping`` is not an object, names an unknown colour or has a count that is not a
        non-negative integer.
    """
    if not isinstance(mapping, dict):
        raise RulesDataError(_("expected an object of colour counts, found {found}").format(found=type(mapping).__name__),
                             file=file, key_path=where)
    counts = [0, 0, 0, 0]
    for key, value in mapping.items():
        if key not in COLOURS:
            raise RulesDataError(_("unknown colour {colour!r}; expected one of {known}").format(colour=key,
                                                                                         known=_(", ").join(COLOURS)),
                                 file=file, key_path=f"{where}.{key}")
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise RulesDataError(_("expected a non-negative integer, found {found!r}").format(found=value), file=file,
                                 key_path=f"{where}.{key}")
        counts[COLOURS.index(key)] = value
    return (counts[0], counts[1], counts[2], counts[3])


def crystals_dict(c: Crystals, *, zeros: bool = True) -> dict[str, int]:
    """Return ``{"yellow": n, "green": n, "blue": n, "pink": n}`` for a Crystals tuple.

    With ``zeros=False`` colours with count 0 are left out.
    """
    return {name: n for name, n in zip(COLOURS, c, strict=True) if zeros or n}


def crystals_text(c: Crystals) -> str:
    """Letters for a Crystals tuple, low colours first: ``(2, 0, 1, 0)`` -> ``"yyb"``; empty -> ``"-"``."""
    text = "".join(letter * n for letter, n in zip(LETTERS, c, strict=True))
    return text or "-"


_COUNT_TEMPLATES = (N_("{n} yellow"), N_("{n} green"), N_("{n} blue"), N_("{n} pink"))
_COLOUR_NAMES = (N_("yellow"), N_("green"), N_("blue"), N_("pink"))


def colour_name(index: int) -> str:
    """The colour ``index`` (0 yellow .. 3 pink) in words, in the reader's language."""
    return _(_COLOUR_NAMES[index])


def crystal_counts_text(c: Crystals) -> str:
    """Crystal counts in words for messages: ``(2, 1, 0, 0)`` -> ``"2 yellow, 1 green"``.

    Colours with no crystal are left out; all zero gives ``"no crystals"``. Translated when called.
    """
    parts = [_(template).format(n=n) for template, n in zip(_COUNT_TEMPLATES, c, strict=True) if n]
    return _(", ").join(parts) if parts else _("no crystals")


def crystals_in_words(c: Crystals) -> str:
    """Crystal counts with the word crystal, for card names and hints: ``(0, 0, 0, 1)`` -> ``"1 pink crystal"``.

    Examples
    --------
    >>> crystals_in_words((2, 1, 0, 0))
    '2 yellow, 1 green crystals'
    """
    return ngettext("{colours} crystal", "{colours} crystals", sum(c)).format(colours=crystal_counts_text(c))


def golem_card_name(golem: GolemCard) -> str:
    """A golem card in the game's words: its VP and its cost (``"the 9 VP golem (3 yellow, 2 blue)"``)."""
    return _("the {points} VP golem ({cost})").format(points=golem.points, cost=crystal_counts_text(golem.cost))


def merchant_card_name(card: MerchantCard) -> str:
    """The card's name as a player reads it, in the reader's language, in the game's words.

    ``"Upgrade card 2"``, ``"Create card (2 yellow crystals)"``, ``"Trade card (3 yellow crystals → 1 pink
    crystal)"``: crystals by count and colour, never the record letters (issue 22). ``card.name`` stays the
    English data name; this is the text to show.
    """
    if card.kind == "upgrade":
        return _("Upgrade card {n}").format(n=card.upgrades)
    if card.kind == "create":
        return _("Create card ({crystals})").format(crystals=crystals_in_words(card.outputs))
    return _("Trade card ({given} → {received})").format(given=crystals_in_words(card.inputs),
                                                          received=crystals_in_words(card.outputs))


def golem_points_formula(cost: Crystals) -> int:
    """Points predicted for a golem cost: sum of levels (yellow 1 .. pink 4), +1 for 3 colours, +2 for 4.

    Source: rules-facts.md "Golem points formula"; every one of the 36 cards satisfies it.
    """
    levels = cost[0] + 2 * cost[1] + 3 * cost[2] + 4 * cost[3]
    used = sum(1 for n in cost if n)
    return levels + (1 if used == 3 else 2 if used == 4 else 0)


def _letters(c: Crystals) -> str:
    return "".join(letter * n for letter, n in zip(LETTERS, c, strict=True))


def _merchant(doc: Any, path: str) -> MerchantCard:
    card_id = require(doc, "id", str, file=_FILE, path=path)
    kind = require(doc, "type", str, file=_FILE, path=path)
    if kind not in ("create", "upgrade", "trade"):
        raise RulesDataError(_("expected create, upgrade or trade, found {found!r}").format(found=kind), file=_FILE,
                             key_path=f"{path}.type")
    inputs = crystals(require(doc, "inputs", dict, file=_FILE, path=path), where=f"{path}.inputs", file=_FILE)
    outputs = crystals(require(doc, "outputs", dict, file=_FILE, path=path), where=f"{path}.outputs",
                       file=_FILE)
    upgrades = 0
    if kind == "upgrade":
        upgrades = require(doc, "upgrades", int, file=_FILE, path=path)
        if upgrades < 1 or any(inputs) or any(outputs):
            raise RulesDataError(_("an upgrade card needs upgrades >= 1 and no inputs/outputs"), file=_FILE,
                                 key_path=path)
        notation = f"upgrade {upgrades}"
        name = f"Upgrade {upgrades}"
    elif kind == "create":
        if any(inputs) or not any(outputs):
            raise RulesDataError(_("a create card needs outputs and no inputs"), file=_FILE, key_path=path)
        notation = "->" + _letters(outputs)
        name = f"Create {_letters(outputs)}" if card_id.startswith("M") else f"Create {sum(outputs)}"
    else:
        if not any(inputs) or not any(outputs):
            raise RulesDataError(_("a trade card needs inputs and outputs"), file=_FILE, key_path=path)
        if any(i and o for i, o in zip(inputs, outputs, strict=True)):
            raise RulesDataError(_("the inputs and outputs of a trade card must not share a colour (the engine counts "
                                   "repetitions as caravan // inputs)"), file=_FILE, key_path=path)
        notation = _letters(inputs) + "->" + _letters(outputs)
        name = f"Trade {notation}"
    printed = doc.get("golem_notation")
    if printed is not None and printed != notation:
        raise RulesDataError(_("golem_notation {printed!r} does not match the card ({notation!r})")
                             .format(printed=printed, notation=notation), file=_FILE,
                             key_path=f"{path}.golem_notation")
    return MerchantCard(card_id, kind, inputs, outputs, upgrades, notation, name)


def _golem(doc: Any, path: str) -> GolemCard:
    card_id = require(doc, "id", str, file=_FILE, path=path)
    points = require(doc, "points", int, file=_FILE, path=path)
    cost = crystals(require(doc, "cost", dict, file=_FILE, path=path), where=f"{path}.cost", file=_FILE)
    n = require(doc, "n_crystals", int, file=_FILE, path=path)
    if sum(cost) != n:
        raise RulesDataError(_("n_crystals is {n} but the cost has {total} crystals").format(n=n, total=sum(cost)),
                             file=_FILE,
                             key_path=f"{path}.n_crystals")
    if golem_points_formula(cost) != points:
        raise RulesDataError(_("printed points {points} do not match the points formula ({formula})")
                             .format(points=points, formula=golem_points_formula(cost)), file=_FILE,
                             key_path=f"{path}.points")
    return GolemCard(card_id, points, cost, _letters(cost))


def parse_cards(doc: Any) -> CardSet:
    """Validate a cards document (the shape of ``data/century/cards.json``) and build a :class:`CardSet`.

    Raises
    ------
    RulesDataError
        Naming the key path of the first problem: wrong types, unknown colours, duplicate ids or cards,
        counts other than 2 starting / 43 market / 36 golems, or a golem breaking the points formula.
    """
    starting = tuple(_merchant(c, f"starting_cards[{i}]")
                     for i, c in enumerate(require(doc, "starting_cards", list, file=_FILE, path="")))
    market = tuple(_merchant(c, f"market_cards[{i}]")
                   for i, c in enumerate(require(doc, "market_cards", list, file=_FILE, path="")))
    golems = tuple(_golem(g, f"golem_cards[{i}]")
                   for i, g in enumerate(require(doc, "golem_cards", list, file=_FILE, path="")))
    for key, got, want in (("starting_cards", len(starting), 2), ("market_cards", len(market), 43),
                           ("golem_cards", len(golems), 36)):
        if got != want:
            raise RulesDataError(_("expected {want} cards, found {got}").format(want=want, got=got), file=_FILE, key_path=key)
    if tuple(c.id for c in starting) != STARTING_HAND:
        raise RulesDataError(_("expected starting cards {cards}").format(cards=_(", ").join(STARTING_HAND)), file=_FILE,
                             key_path="starting_cards")
    ids = [c.id for c in starting + market] + [g.id for g in golems]
    if len(set(ids)) != len(ids):
        dup = next(i for i in ids if ids.count(i) > 1)
        raise RulesDataError(_("duplicate card id {id!r}").format(id=dup), file=_FILE, key_path="")
    seen: dict[tuple, str] = {}
    for i, c in enumerate(market):
        key = (c.kind, c.inputs, c.outputs, c.upgrades)
        if key in seen:
            raise RulesDataError(_("market card {card} repeats {other}").format(card=c.id, other=seen[key]), file=_FILE,
                                 key_path=f"market_cards[{i}]")
        seen[key] = c.id
    gseen: dict[Crystals, str] = {}
    for i, g in enumerate(golems):
        if g.cost in gseen:
            raise RulesDataError(_("golem {card} repeats {other}").format(card=g.id, other=gseen[g.cost]), file=_FILE,
                                 key_path=f"golem_cards[{i}]")
        gseen[g.cost] = g.id
    total = sum(g.points for g in golems)
    if total != 468:
        raise RulesDataError(_("golem points total {total}, expected 468").format(total=total), file=_FILE,
                             key_path="golem_cards")
    return CardSet(starting, market, golems)


@lru_cache(maxsize=1)
def load_cards() -> CardSet:
    """Load and validate ``century/cards.json`` once.

    Returns
    -------
    CardSet
        2 starting card types, 43 market cards, 36 golem cards.

    Raises
    ------
    RulesDataError
        If the shipped file is missing or fails validation (see :func:`parse_cards`).
    """
    return parse_cards(load_json(_FILE))
