"""The Merchants of Magick player sheet as validated data.

A sheet is a set of **columns** (three materials on the crafting side, three energies on the research
side), each with the dice allowed in it and its comparison, and a set of **rows** (items, prefix and suffix
enchantments, charms) grouped under headings. Each row has 1-3 **circles**; each circle sits in one
column and carries a target number. Crafting circles need ``adjusted die >= target``; research circles
need ``adjusted die <= target`` (rules summary, II.2.1, II.2.2 and IV.2). A row whose circles are all
filled is complete: it scores its gold and gives potions (1 by default, rules summary II.2.1).

The shipped default (``data/magick/sheet.json``) is a **reconstruction**: the printed sheet is not
available, and every target number and gold value is a placeholder taken from a fan-made digital version.
``Sheet.reconstruction`` is ``True`` and ``Sheet.label`` says so; show the label wherever the numbers are
shown. A user types the numbers printed on their own sheet and saves them with :func:`save_sheet`.

API (stable)
------------
- :func:`default_sheet` -> :class:`Sheet` — the shipped reference sheet (cached; Sheet is immutable).
- :func:`load_sheet(path)` -> :class:`Sheet` — a user's sheet file (JSON, same schema).
- :func:`sheet_from_dict(doc, file=...)` -> :class:`Sheet` — validate an in-memory document.
- :func:`save_sheet(sheet_or_doc, path)` -> ``Path`` — atomic write; the document is validated first.
- :meth:`Sheet.to_dict` — the JSON document (round-trips through :func:`sheet_from_dict`).
- :meth:`Sheet.with_values(targets=..., gold=...)` — a copy with some numbers changed (the sheet editor).
- Lookups: ``sheet.row(id)``, ``sheet.column(id)``, ``sheet.circle(key)``, ``sheet.die_faces(die)``,
  ``sheet.circles_in_column(col)``, ``sheet.rows_in_group(group)``, ``sheet.item_rows``,
  ``sheet.enchantment_rows``; attributes ``rows``, ``columns``, ``groups``, ``circles`` (tuples, sheet
  order), ``dice``, ``extra_dice_costs``, ``row_potions``, ``rounds``, ``dice_per_round``,
  ``min_value``, ``max_value``, ``past_top_face``.
- Circle keys are strings ``"<row id>.<n>"`` with ``n`` counted from 1 in the row (``"grimoire.2"``).

Die adjustment limits (where a die may not go)
----------------------------------------------
A potion moves a die by 1 up or down (rules summary II.3). The summary is silent on bounds. Choice, kept
as data in ``die_adjustment``: a die never goes below ``min_value`` (1: there is no face 0, and no
research circle needs less), nor above ``max_value`` (12, the largest face of the four dice). With
``past_top_face: true`` (the default, as in the digital app) a die may be pushed past its own top face
(a d6 may become 7 or 8), which is what keeps the d6-only steel circles 7 and 8 of the reference sheet
reachable. With ``past_top_face: false`` a die stops at its own top face. :meth:`Sheet.value_range`
gives the range for one die.

Errors
------
Every problem in a sheet document raises :class:`~companion.errors.RulesDataError` naming the file and the
key path, e.g. ``my_sheet.json:groups[2].rows[1].circles[0].target: expected an integer 1..12``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any

from companion.errors import RulesDataError
from companion.i18n import N_, LazyString, _
from companion.jsonio import JSONInputError, loads, read_text
from companion.resources import load_json
from companion.savefile import atomic_write_json

__all__ = [
    "CRAFTING",
    "RESEARCH",
    "Circle",
    "Column",
    "Group",
    "Row",
    "RowEffect",
    "Sheet",
    "ShownText",
    "shown_name",
    "row_title",
    "circle_label",
    "default_sheet",
    "load_sheet",
    "save_sheet",
    "sheet_from_dict",
]

CRAFTING = "crafting"
RESEARCH = "research"
_COMPARE = {CRAFTING: ">=", RESEARCH: "<="}
_KIND = {CRAFTING: "material", RESEARCH: "energy"}
_ORDER_ROLES = {CRAFTING: ("item",), RESEARCH: ("prefix", "suffix", None)}
_EFFECTS = ("potions_on_completion", "gold_per_fulfilled_order")
SHEET_KIND = "magick-sheet"
DEFAULT_FILE = "magick/sheet.json"


@dataclass(frozen=True)
class Column:
    """One material or energy column.

    Attributes
    ----------
    id, name : str
    side : str
        ``"crafting"`` (materials) or ``"research"`` (energies).
    kind : str
        ``"material"`` or ``"energy"``.
    compare : str
        ``">="`` (crafting: die >= circle) or ``"<="`` (research: die <= circle).
    allowed_dice : tuple of str
        Die ids that may fill circles in this column (the legend on the sheet, rules summary IV.1).
    """

    id: str
    name: str
    side: str
    kind: str
    compare: str
    allowed_dice: tuple[str, ...]
    source: str = ""
    confidence: str = ""

    def accepts(self, value: int, target: int) -> bool:
        """Return whether an (adjusted) die ``value`` satisfies a circle ``target`` in this column."""
        return value >= target if self.compare == ">=" else value <= target


@dataclass(frozen=True)
class Circle:
    """One circle of a row: ``key`` ``"<row>.<n>"``, its ``column`` id and its ``target`` number."""

    key: str
    row: str
    index: int
    column: str
    target: int


@dataclass(frozen=True)
class RowEffect:
    """A charm row's effect.

    ``type`` is ``"potions_on_completion"`` (``potions`` replaces the usual 1 potion) or
    ``"gold_per_fulfilled_order"`` (``gold_each`` gold at game end per fulfilled order whose item is in
    ``item_group``).
    """

    type: str
    potions: int = 0
    item_group: str | None = None
    gold_each: int = 0
    note: str = ""


@dataclass(frozen=True)
class Row:
    """A row: an item (crafting) or an enchantment / charm (research).

    Attributes
    ----------
    id, name : str
    side : str
        ``"crafting"`` or ``"research"``.
    group : str
        The group id (e.g. ``"weapons"``, ``"charms"``).
    order_role : str or None
        ``"item"``, ``"prefix"``, ``"suffix"``, or None for rows orders never name (charms).
    gold : int
        Gold scored when the row is completed.
    potions : int
        Potions gained when the row is completed (the sheet's ``row_completion.potions``, or the effect's).
    circles : tuple of Circle
    effect : RowEffect or None
    """

    id: str
    name: str
    side: str
    group: str
    order_role: str | None
    gold: int
    potions: int
    circles: tuple[Circle, ...]
    effect: RowEffect | None = None


@dataclass(frozen=True)
class Group:
    """A heading on the sheet: ``id``, ``name``, ``side``, ``order_role`` and its row ids."""

    id: str
    name: str
    side: str
    order_role: str | None
    rows: tuple[str, ...]
    source: str = ""
    confidence: str = ""


@dataclass(frozen=True)
class Sheet:
    """A validated player sheet. Build it with :func:`sheet_from_dict` / :func:`load_sheet`.

    Attributes
    ----------
    name, label, source : str
        ``label`` must be shown with the numbers (it says whether they are a reconstruction).
    reconstruction : bool
        True for the shipped default; a user sheet sets it to False once typed from a printed sheet.
    dice : dict
        Die id -> number of faces (``{"d6": 6, "d8": 8, "d10": 10, "d12": 12}``).
    columns, groups, rows, circles : tuple
        In sheet order.
    extra_dice_costs : tuple of int
        Potion cost of each extra-die slot, used in order (``(0, 0, 0, 2, 3, 4)``).
    row_potions : int
        Potions for completing a row (1).
    rounds, dice_per_round : int
        10 rounds, 2 dice per player per round.
    min_value, max_value : int
        Bounds of an adjusted die (1 and 12).
    past_top_face : bool
        Whether potions may push a die past its own top face.
    """

    name: str
    label: str
    reconstruction: bool
    source: str
    dice: dict[str, int]
    columns: tuple[Column, ...]
    groups: tuple[Group, ...]
    rows: tuple[Row, ...]
    extra_dice_costs: tuple[int, ...]
    row_potions: int
    rounds: int
    dice_per_round: int
    min_value: int
    max_value: int
    past_top_face: bool
    doc: dict[str, Any] = field(repr=False, compare=False, hash=False, default_factory=dict)

    # -- lookups -----------------------------------------------------------------------------------
    @cached_property
    def circles(self) -> tuple[Circle, ...]:
        """Every circle, row by row in sheet order."""
        return tuple(c for r in self.rows for c in r.circles)

    @cached_property
    def _index(self) -> tuple[dict[str, Row], dict[str, Column], dict[str, Circle]]:
        return ({r.id: r for r in self.rows}, {c.id: c for c in self.columns},
                {c.key: c for c in self.circles})

    @cached_property
    def row_keys(self) -> dict[str, frozenset[str]]:
        """Row id -> the keys of its circles (a row is complete when they are all filled)."""
        return {r.id: frozenset(c.key for c in r.circles) for r in self.rows}

    def row(self, row_id: str) -> Row:
        """Return the row ``row_id``; KeyError naming the row if unknown."""
        try:
            return self._index[0][row_id]
        except (KeyError, TypeError):
            raise KeyError(_("no row {row!r} on sheet {sheet!r}").format(row=row_id, sheet=self.name)) from None

    def column(self, column_id: str) -> Column:
        """Return the column ``column_id``; KeyError naming it if unknown."""
        try:
            return self._index[1][column_id]
        except (KeyError, TypeError):
            raise KeyError(_("no column {column!r} on sheet {sheet!r}").format(column=column_id, sheet=self.name)) from None

    def circle(self, key: str) -> Circle:
        """Return the circle with key ``"<row>.<n>"`` (n from 1); KeyError naming it if unknown."""
        try:
            return self._index[2][key]
        except (KeyError, TypeError):
            raise KeyError(_("no circle {key!r} on sheet {sheet!r} (keys look like 'grimoire.2')")
                           .format(key=key, sheet=self.name)) from None

    def has_circle(self, key: str) -> bool:
        """Return whether ``key`` names a circle of this sheet."""
        return isinstance(key, str) and key in self._index[2]

    def die_faces(self, die: str) -> int:
        """Number of faces of die ``die`` (``"d8"`` -> 8); KeyError if unknown."""
        if die not in self.dice:
            raise KeyError(_("no die {die!r}; expected one of {dice}").format(die=die, dice=_(", ").join(self.dice)))
        return self.dice[die]

    def value_range(self, die: str) -> tuple[int, int]:
        """Lowest and highest value die ``die`` may reach with potions (see module docstring)."""
        top = self.max_value if self.past_top_face else min(self.max_value, self.die_faces(die))
        return self.min_value, top

    def circles_in_column(self, column_id: str) -> tuple[Circle, ...]:
        """Every circle in column ``column_id``, in sheet order."""
        return self._by_column.get(column_id, ())

    @cached_property
    def _by_column(self) -> dict[str, tuple[Circle, ...]]:
        return {col.id: tuple(c for c in self.circles if c.column == col.id) for col in self.columns}

    def rows_in_group(self, group_id: str) -> tuple[Row, ...]:
        """The rows under heading ``group_id``."""
        return tuple(r for r in self.rows if r.group == group_id)

    @property
    def item_rows(self) -> tuple[Row, ...]:
        """Rows an order may name as its item."""
        return tuple(r for r in self.rows if r.order_role == "item")

    def enchantment_rows(self, role: str) -> tuple[Row, ...]:
        """Rows an order may name as its ``role`` (``"prefix"`` or ``"suffix"``)."""
        return tuple(r for r in self.rows if r.order_role == role)

    # -- conversion ----------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """Return the sheet as a JSON document (the schema :func:`sheet_from_dict` reads)."""
        return json.loads(json.dumps(self.doc))

    def with_values(self, *, targets: dict[str, int] | None = None, gold: dict[str, int] | None = None,
                    allowed_dice: dict[str, list[str]] | None = None, name: str | None = None,
                    reconstruction: bool | None = None, label: str | None = None) -> Sheet:
        """Return a validated copy with some circle targets and row gold changed.

        Parameters
        ----------
        targets : dict, optional
            Circle key (``"grimoire.2"``) -> new target number.
        gold : dict, optional
            Row id -> new gold.
        allowed_dice : dict, optional
            Column id -> list of die ids allowed in it (the legend).
        name, label : str, optional
        reconstruction : bool, optional
            Set False once the numbers were typed from a printed sheet.

        Raises
        ------
        RulesDataError
            If a key is unknown or a value is out of range (key path of the changed value).
        """
        doc = self.to_dict()
        rows = {r["id"]: r for g in doc["groups"] for r in g["rows"]}
        for key, value in (targets or {}).items():
            if not self.has_circle(key):
                raise RulesDataError(_("no circle {key!r} on this sheet").format(key=key), key_path=f"targets.{key}")
            c = self.circle(key)
            rows[c.row]["circles"][c.index - 1]["target"] = value
        for row_id, value in (gold or {}).items():
            if row_id not in rows:
                raise RulesDataError(_("no row {row!r} on this sheet").format(row=row_id), key_path=f"gold.{row_id}")
            rows[row_id]["gold"] = value
        columns = {c["id"]: c for c in doc["columns"]}
        for col_id, dice in (allowed_dice or {}).items():
            if col_id not in columns:
                raise RulesDataError(_("no column {column!r} on this sheet").format(column=col_id),
                                     key_path=f"allowed_dice.{col_id}")
            columns[col_id]["allowed_dice"] = list(dice)
        if name is not None:
            doc["name"] = name
        if label is not None:
            doc["label"] = label
        if reconstruction is not None:
            doc["reconstruction"] = reconstruction
        return sheet_from_dict(doc, file=_("(edited sheet)"))


# ---------------------------------------------------------------------------------------------------
# validation


class _V:
    """Small validator that names the file and the key path in every error."""

    def __init__(self, file: str | None) -> None:
        self.file = file

    def fail(self, path: str, message: str) -> RulesDataError:
        return RulesDataError(message, file=self.file, key_path=path or None)

    def get(self, obj: Any, key: str, path: str, kind: type | tuple[type, ...], *, default: Any = ...,
            ) -> Any:
        where = f"{path}.{key}" if path else key
        if not isinstance(obj, dict):
            raise self.fail(path, _("expected an object, found {found}").format(found=_tname(obj)))
        if key not in obj:
            if default is not ...:
                return default
            raise self.fail(where, _("missing key"))
        value = obj[key]
        kinds = kind if isinstance(kind, tuple) else (kind,)
        if isinstance(value, bool) and bool not in kinds:
            raise self.fail(where, _("expected {kinds}, found a boolean").format(kinds=_kinds(kinds)))
        if not isinstance(value, kinds):
            raise self.fail(where, _("expected {kinds}, found {found}").format(kinds=_kinds(kinds), found=_tname(value)))
        return value

    def int_in(self, obj: Any, key: str, path: str, lo: int, hi: int | None, *, default: Any = ...) -> int:
        value = self.get(obj, key, path, int, default=default)
        where = f"{path}.{key}" if path else key
        if value < lo or (hi is not None and value > hi):
            span = f"{lo}..{hi}" if hi is not None else f">= {lo}"
            raise self.fail(where, _("expected an integer {span}, found {found}").format(span=span, found=value))
        return value

    def ident(self, obj: Any, key: str, path: str) -> str:
        value = self.get(obj, key, path, str)
        if not value or not value.replace("_", "").isalnum():
            raise self.fail(f"{path}.{key}", _("expected an id of letters, digits and '_', found {found!r}")
                            .format(found=value))
        return value

    def items(self, obj: Any, key: str, path: str, *, nonempty: bool = True) -> list[Any]:
        value = self.get(obj, key, path, list)
        if nonempty and not value:
            raise self.fail(f"{path}.{key}" if path else key, _("expected a non-empty list"))
        return value


_TYPE_NAMES = {dict: N_("an object"), list: N_("a list"), str: N_("a string"), int: N_("an integer"),
               float: N_("a number"), type(None): N_("null"), bool: N_("a boolean")}


def _tname(value: Any) -> str:
    name = _TYPE_NAMES.get(type(value))
    return _(name) if name else type(value).__name__


def _kinds(kinds: tuple[type, ...]) -> str:
    names = [_(N_("true or false")) if k is bool else _(_TYPE_NAMES[k]) if k in _TYPE_NAMES else k.__name__
             for k in kinds]
    return _(" or ").join(names)


def sheet_from_dict(doc: Any, *, file: str | None = None) -> Sheet:
    """Validate a sheet document and return the :class:`Sheet`.

    Parameters
    ----------
    doc : dict
        The JSON document (schema: see ``data/magick/sheet.json``).
    file : str, optional
        File name used in error messages.

    Returns
    -------
    Sheet

    Raises
    ------
    RulesDataError
        Naming ``file`` and the key path of the first problem: a missing key, a wrong type, an unknown
        die or column, a duplicate id, a comparison that contradicts the side (crafting must be ``>=``,
        research ``<=``), a target outside ``1..max_value``, negative gold, or an extra-dice track that is
        not a list of non-negative integers.
    """
    v = _V(file)
    if not isinstance(doc, dict):
        raise v.fail("", _("expected a JSON object at the top, found {found}").format(found=_tname(doc)))
    kind = v.get(doc, "kind", "", str, default=SHEET_KIND)
    if kind != SHEET_KIND:
        raise v.fail("kind", _("expected {kind!r}, found {found!r}").format(kind=SHEET_KIND, found=kind))
    version = v.int_in(doc, "schema_version", "", 1, 1, default=1)
    name = v.get(doc, "name", "", str)
    label = v.get(doc, "label", "", str, default="")
    reconstruction = v.get(doc, "reconstruction", "", bool, default=False)
    source = v.get(doc, "source", "", str, default="")

    adj = v.get(doc, "die_adjustment", "", dict, default={})
    min_value = v.int_in(adj, "min_value", "die_adjustment", 0, 100, default=1)
    max_value = v.int_in(adj, "max_value", "die_adjustment", min_value, 100, default=12)
    past_top = v.get(adj, "past_top_face", "die_adjustment", bool, default=True)

    dice: dict[str, int] = {}
    for i, d in enumerate(v.items(doc, "dice", "")):
        p = f"dice[{i}]"
        did = v.ident(d, "id", p)
        if did in dice:
            raise v.fail(f"{p}.id", _("duplicate die id {id!r}").format(id=did))
        dice[did] = v.int_in(d, "faces", p, 2, max_value)

    columns: list[Column] = []
    for i, c in enumerate(v.items(doc, "columns", "")):
        p = f"columns[{i}]"
        cid = v.ident(c, "id", p)
        if any(x.id == cid for x in columns):
            raise v.fail(f"{p}.id", _("duplicate column id {id!r}").format(id=cid))
        side = v.get(c, "side", p, str)
        if side not in _COMPARE:
            raise v.fail(f"{p}.side", _("expected 'crafting' or 'research', found {found!r}").format(found=side))
        compare = v.get(c, "compare", p, str, default=_COMPARE[side])
        if compare != _COMPARE[side]:
            raise v.fail(f"{p}.compare", _("a {side!r} column compares with {compare!r} (crafting: die >= circle, "
                                           "research: die <= circle), found {found!r}")
                         .format(side=side, compare=_COMPARE[side], found=compare))
        allowed = v.items(c, "allowed_dice", p)
        for j, die in enumerate(allowed):
            if not isinstance(die, str) or die not in dice:
                raise v.fail(f"{p}.allowed_dice[{j}]", _("unknown die {die!r}; expected one of {dice}")
                             .format(die=die, dice=_(", ").join(dice)))
        if len(set(allowed)) != len(allowed):
            raise v.fail(f"{p}.allowed_dice", _("a die is listed twice"))
        columns.append(Column(id=cid, name=v.get(c, "name", p, str, default=cid.capitalize()), side=side,
                              kind=v.get(c, "kind", p, str, default=_KIND[side]), compare=compare,
                              allowed_dice=tuple(allowed), source=v.get(c, "source", p, str, default=""),
                              confidence=v.get(c, "confidence", p, str, default="")))
    col_by_id = {c.id: c for c in columns}

    rc = v.get(doc, "row_completion", "", dict, default={})
    row_potions = v.int_in(rc, "potions", "row_completion", 0, 30, default=1)

    groups: list[Group] = []
    rows: list[Row] = []
    seen_rows: set[str] = set()
    for gi, g in enumerate(v.items(doc, "groups", "")):
        gp = f"groups[{gi}]"
        gid = v.ident(g, "id", gp)
        if any(x.id == gid for x in groups):
            raise v.fail(f"{gp}.id", _("duplicate group id {id!r}").format(id=gid))
        side = v.get(g, "side", gp, str)
        if side not in _COMPARE:
            raise v.fail(f"{gp}.side", _("expected 'crafting' or 'research', found {found!r}").format(found=side))
        role = v.get(g, "order_role", gp, (str, type(None)), default="item" if side == CRAFTING else None)
        if role not in _ORDER_ROLES[side]:
            raise v.fail(f"{gp}.order_role", _("the order_role of a {side!r} group is one of {roles}, found {found!r}")
                         .format(side=side, roles=_(", ").join(map(str, _ORDER_ROLES[side])), found=role))
        row_ids: list[str] = []
        for ri, r in enumerate(v.items(g, "rows", gp)):
            rp = f"{gp}.rows[{ri}]"
            rid = v.ident(r, "id", rp)
            if rid in seen_rows:
                raise v.fail(f"{rp}.id", _("duplicate row id {id!r}").format(id=rid))
            seen_rows.add(rid)
            gold = v.int_in(r, "gold", rp, 0, 999)
            circles: list[Circle] = []
            for ci, c in enumerate(v.items(r, "circles", rp)):
                cp = f"{rp}.circles[{ci}]"
                col = v.get(c, "column", cp, str)
                if col not in col_by_id:
                    raise v.fail(f"{cp}.column", _("unknown column {column!r}; expected one of {known}")
                                 .format(column=col, known=_(", ").join(col_by_id)))
                if col_by_id[col].side != side:
                    raise v.fail(f"{cp}.column", _("column {column!r} is on the {column_side!r} side, but this row is in "
                                                   "a {side!r} group")
                                 .format(column=col, column_side=col_by_id[col].side, side=side))
                target = v.int_in(c, "target", cp, min_value, max_value)
                circles.append(Circle(key=f"{rid}.{ci + 1}", row=rid, index=ci + 1, column=col, target=target))
            effect = None
            potions = row_potions
            if "effect" in r and r["effect"] is not None:
                ep = f"{rp}.effect"
                etype = v.get(r["effect"], "type", ep, str)
                if etype not in _EFFECTS:
                    raise v.fail(f"{ep}.type", _("expected one of {known}, found {found!r}")
                                 .format(known=_(", ").join(_EFFECTS), found=etype))
                if etype == "potions_on_completion":
                    effect = RowEffect(type=etype, potions=v.int_in(r["effect"], "potions", ep, 0, 30),
                                       note=v.get(r["effect"], "note", ep, str, default=""))
                    potions = effect.potions
                else:
                    effect = RowEffect(type=etype, item_group=v.get(r["effect"], "item_group", ep, str),
                                       gold_each=v.int_in(r["effect"], "gold_each", ep, 0, 99),
                                       note=v.get(r["effect"], "note", ep, str, default=""))
            rows.append(Row(id=rid, name=v.get(r, "name", rp, str, default=rid), side=side, group=gid,
                            order_role=role, gold=gold, potions=potions, circles=tuple(circles), effect=effect))
            row_ids.append(rid)
        groups.append(Group(id=gid, name=v.get(g, "name", gp, str, default=gid), side=side, order_role=role,
                            rows=tuple(row_ids), source=v.get(g, "source", gp, str, default=""),
                            confidence=v.get(g, "confidence", gp, str, default="")))
    group_ids = {g.id for g in groups}
    for gi, g in enumerate(groups):
        for ri, rid in enumerate(g.rows):
            row = next(r for r in rows if r.id == rid)
            if row.effect and row.effect.type == "gold_per_fulfilled_order":
                if row.effect.item_group not in group_ids or next(
                        x for x in groups if x.id == row.effect.item_group).order_role != "item":
                    raise v.fail(f"groups[{gi}].rows[{ri}].effect.item_group",
                                 _("expected the id of an item group, found {found!r}")
                                 .format(found=row.effect.item_group))
    for side in (CRAFTING, RESEARCH):
        if not any(c.side == side for c in columns):
            raise v.fail("columns", _("expected at least one {side!r} column").format(side=side))
    if not any(r.order_role == "item" for r in rows):
        raise v.fail("groups", _("expected at least one item group (order_role 'item')"))

    ex = v.get(doc, "extra_dice", "", dict, default={"potion_costs": [0, 0, 0, 2, 3, 4]})
    costs = v.get(ex, "potion_costs", "extra_dice", list)
    for i, cost in enumerate(costs):
        if isinstance(cost, bool) or not isinstance(cost, int) or cost < 0:
            raise v.fail(f"extra_dice.potion_costs[{i}]", _("expected a non-negative integer, found {found!r}")
                         .format(found=cost))
    rounds = v.int_in(doc, "rounds", "", 1, 100, default=10)
    per_round = v.int_in(doc, "dice_per_round", "", 1, len(dice), default=2)
    clean = json.loads(json.dumps(doc))
    clean.setdefault("kind", SHEET_KIND)
    clean.setdefault("schema_version", version)
    return Sheet(name=name, label=label, reconstruction=reconstruction, source=source, dice=dice,
                 columns=tuple(columns), groups=tuple(groups), rows=tuple(rows), extra_dice_costs=tuple(costs),
                 row_potions=row_potions, rounds=rounds, dice_per_round=per_round, min_value=min_value,
                 max_value=max_value, past_top_face=past_top, doc=clean)


def shown_name(name: str) -> str:
    """A sheet or card name as the reader sees it: the catalog's translation of a shipped name
    (``"Ring"`` -> ``"戒指"`` in Chinese; ``tools/i18n.py`` extracts the names of the data files into the
    catalog), any other name (a user's own sheet) unchanged."""
    return _(name) if name else name


class ShownText(LazyString):
    """A text translated each time it is shown (see :class:`companion.i18n.LazyString`), that can also be
    copied and pickled (game states holding it are deep-copied and saved)."""

    __slots__ = ()

    def __reduce__(self):
        return (type(self), (self._func, *self._args))


def row_title(row: Row) -> str:
    """A row's name as it stands alone in a sentence, in the language in force: its name (``"Ring"``), but
    an enchantment row, whose name only goes with an item's (a suffix "of the Orcs", 兽人之; a prefix
    "Divine", 神圣), in quotes as a row (``'the “of the Orcs” row'``), so that "d6 on {row}" reads whole
    (放在“神圣”行, not 放在神圣).

    Examples
    --------
    >>> sheet = default_sheet()
    >>> row_title(sheet.row("ring")), row_title(sheet.row("of_the_orcs")), row_title(sheet.row("divine"))
    ('Ring', 'the “of the Orcs” row', 'the “Divine” row')
    """
    if row.order_role in ("prefix", "suffix"):
        return _("the “{row}” row").format(row=shown_name(row.name))
    return shown_name(row.name)


def circle_label(sheet: Sheet, key: str) -> ShownText:
    """The circle ``key`` as a player names it: ``"Ring, circle 1"`` (row name, 1-based place in its row;
    :func:`row_title`).

    Shown instead of the key (``ring.1``) in messages; rendered in the language in force when shown.

    Raises
    ------
    KeyError
        If the sheet has no such circle.
    """
    circle = sheet.circle(key)
    return ShownText(_circle_text, sheet.row(circle.row), circle.index)


def _circle_text(row: Row, index: int) -> str:
    return _("{row}, circle {n}").format(row=row_title(row), n=index)


@lru_cache(maxsize=1)
def default_sheet() -> Sheet:
    """Return the shipped reference sheet (a reconstruction; ``sheet.reconstruction`` is True).

    Raises
    ------
    RulesDataError
        If the shipped file is broken (names ``magick/sheet.json`` and the key path).
    """
    return sheet_from_dict(load_json(DEFAULT_FILE), file=DEFAULT_FILE)


def load_sheet(path: str | Path | None = None) -> Sheet:
    """Load a user's sheet file, or the default sheet when ``path`` is None.

    Parameters
    ----------
    path : str or Path, optional
        A JSON sheet file (as written by :func:`save_sheet`).

    Raises
    ------
    RulesDataError
        If the file is missing, not UTF-8 JSON, or fails validation (file name + key path).
    """
    if path is None:
        return default_sheet()
    p = Path(path)
    try:
        doc = loads(read_text(p), file=str(p))
    except JSONInputError as exc:
        raise RulesDataError(exc.reason, file=str(p), key_path=_where(exc)) from None
    return sheet_from_dict(doc, file=str(p))


def _where(exc: JSONInputError) -> str | None:
    if exc.line is not None:
        if exc.column is not None:
            return _("line {line}, column {column}").format(line=exc.line, column=exc.column)
        return _("line {line}").format(line=exc.line)
    return exc.key_path


def save_sheet(sheet: Sheet | dict[str, Any], path: str | Path) -> Path:
    """Validate and write a sheet to ``path`` atomically (JSON, ``"kind": "magick-sheet"``).

    Parameters
    ----------
    sheet : Sheet or dict
        A sheet, or a document that :func:`sheet_from_dict` accepts.
    path : str or Path

    Returns
    -------
    pathlib.Path

    Raises
    ------
    RulesDataError
        If a document is given and fails validation (nothing is written).
    SaveFileError
        If the file cannot be written.
    """
    if not isinstance(sheet, Sheet):
        sheet = sheet_from_dict(sheet, file=str(path))
    return atomic_write_json(path, sheet.to_dict())
