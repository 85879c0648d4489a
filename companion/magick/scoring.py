"""Final gold in Merchants of Magick: itemised per player, total, winners (ties shared).

Gold comes in six parts (rules summary V.6): **crafting** (gold of completed item rows), **research**
(gold of completed enchantment and charm rows), **orders** (fulfilled order cards), **adventurer** (the
sponsored adventurer card's gold after its third requirement; the free circles it gives score through the
rows they complete), **mastery** (8 to the first, 4 to later players, per mastery card) and **charms**
(end-game gold of completed charm rows, e.g. 2 per fulfilled weapon order). Leftover potions score
nothing. Players with the same highest total all win; there is no tie-breaker (rules summary V.7, V.8).

API (stable)
------------
- :data:`PARTS` — ``("crafting", "research", "orders", "adventurer", "mastery", "charms")``.
- :class:`PlayerGold` — ``name`` + one int per part; ``.total``; ``.to_dict()`` (parts + ``"total"``).
- :func:`player_gold(name, **parts)` -> PlayerGold (a missing part is 0; validated).
- :func:`winners(players)` -> list of names with the highest total (all of them when tied).
- :func:`ranking(players)` -> list of ``(place, PlayerGold)``; tied players share a place (1, 1, 3).
- :func:`validate_table(doc, file=...)` -> list of PlayerGold: the one check of a score table (CLI, app,
  history); raises :class:`companion.validation.TableError` listing every problem.
- :func:`score_table(doc, file=...)` -> ``{"players": [{"name", parts..., "total"}], "winners": [...]}``
  for a table-side document ``{"players": [{"name", "crafting", ...}]}`` (what ``companion magick score``
  prints).

Errors
------
:class:`~companion.errors.RulesDataError` naming the key path (``players[1].orders``) for a missing name,
a duplicate name, an unknown part, or gold that is not a non-negative integer.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from companion.errors import RulesDataError
from companion.i18n import _
from companion.jsonio import quoted
from companion.validation import TYPED_KEY, TableChecker, is_int, list_of_players

__all__ = ["PARTS", "PlayerGold", "player_gold", "ranking", "score_table", "validate_table", "winners"]

PARTS: tuple[str, ...] = ("crafting", "research", "orders", "adventurer", "mastery", "charms")


@dataclass(frozen=True)
class PlayerGold:
    """One player's final gold, by part (all in gold coins)."""

    name: str
    crafting: int = 0
    research: int = 0
    orders: int = 0
    adventurer: int = 0
    mastery: int = 0
    charms: int = 0

    @property
    def total(self) -> int:
        """Sum of the six parts (gold)."""
        return sum(getattr(self, p) for p in PARTS)

    def to_dict(self) -> dict[str, Any]:
        """``{"name", "crafting", ..., "charms", "total"}``."""
        d = asdict(self)
        d["total"] = self.total
        return d


def player_gold(name: str, *, where: str = "", file: str | None = None, **parts: Any) -> PlayerGold:
    """Build a validated :class:`PlayerGold`; a missing part is 0.

    Raises
    ------
    RulesDataError
        If ``name`` is empty, a part is unknown, or a value is not an integer >= 0.
    """
    prefix = f"{where}." if where else ""
    if not isinstance(name, str) or not name.strip():
        raise RulesDataError(_("expected a non-empty player name"), file=file, key_path=f"{prefix}name")
    values: dict[str, int] = {}
    for key, value in parts.items():
        if key not in PARTS:
            raise RulesDataError(_("unknown part {part}; expected one of {known}").format(part=quoted(key),
                                                                                       known=_(", ").join(PARTS)),
                                 file=file,
                                 key_path=f"{prefix}{key}")
        if value is None:
            value = 0
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise RulesDataError(_("expected gold as an integer >= 0, found {found}").format(found=quoted(value)), file=file,
                                 key_path=f"{prefix}{key}")
        values[key] = value
    return PlayerGold(name=name.strip(), **values)


def winners(players: Iterable[PlayerGold]) -> list[str]:
    """Names of the players with the highest total, in the given order (all of them on a tie)."""
    players = list(players)
    if not players:
        return []
    best = max(p.total for p in players)
    return [p.name for p in players if p.total == best]


def ranking(players: Sequence[PlayerGold]) -> list[tuple[int, PlayerGold]]:
    """Players by total, highest first; tied players share a place (competition ranking 1, 1, 3)."""
    ordered = sorted(players, key=lambda p: -p.total)
    out: list[tuple[int, PlayerGold]] = []
    for i, p in enumerate(ordered):
        place = out[-1][0] if out and out[-1][1].total == p.total else i + 1
        out.append((place, p))
    return out


#: Keys of one player's entry in a score table (``total`` is optional and must equal the sum of the parts).
PLAYER_KEYS: tuple[str, ...] = ("name", *PARTS, "total")
#: Top-level keys of a score table (``kind``, ``version`` and ``typed`` come with the score app's save).
TABLE_KEYS = ("players", "kind", "version", TYPED_KEY)
TABLE_KIND = "magick-score"
#: The two mastery cards of a game (one material, one energy), the keys of a per-card ``mastery`` object.
MASTERY_CARDS = ("material", "energy")
#: Highest gold accepted in one part: far above any game (a whole sheet of rows is worth well under 200).
MAX_PART_GOLD = 500
def _mastery_splits(first: int, later: int) -> dict[int, list[tuple[int, int]]]:
    """Mastery gold -> the ways it splits over the two mastery cards (material, energy): ``first`` (8) to the
    first player on a card, ``later`` (4) to later ones, once per player per card (rules summary 三.6, 六.6)."""
    out: dict[int, list[tuple[int, int]]] = {}
    for a in (0, later, first):
        for b in (0, later, first):
            out.setdefault(a + b, []).append((a, b))
    return out


def _mastery_possible(values: Sequence[int], first: int, later: int,
                      fixed: Sequence[tuple[int, int] | None] | None = None) -> bool:
    """True when the players' mastery gold can be split over the two cards so that, with 2 players or more,
    a ``later`` on a card comes only after someone else's ``first`` on it. Several ``first`` on one card are
    possible: players who reach a card in the same mastery phase all get ``first`` (the engine's choice where
    the rules summary is silent, as the digital app; see :mod:`companion.magick.engine`). ``fixed[i]`` is
    player i's split when the table gives it per card."""
    import itertools

    splits = _mastery_splits(first, later)
    fixed = fixed or [None] * len(values)
    options = [[f] if f is not None else splits[v] for v, f in zip(values, fixed, strict=True)]
    for combo in itertools.product(*options):
        ok = True
        for card in (0, 1):
            got = [split[card] for split in combo]
            eights = got.count(first)
            if len(values) > 1 and later in got and eights == 0:
                ok = False
                break
        if ok:
            return True
    return False


def validate_table(doc: Any, *, file: str | None = None) -> list[PlayerGold]:
    """Check a whole Merchants of Magick score table: the one validation of the CLI, the score app and the history.

    Parameters
    ----------
    doc : dict
        ``{"players": [{"name": str, "crafting": int, "research": int, "orders": int, "adventurer": int,
        "mastery": int, "charms": int, "total"?: int}, ...]}``; a missing part is 0. ``mastery`` may also be
        given per card, ``{"material": 8, "energy": 4}``. The app's save adds ``kind`` and ``version``.
    file : str, optional
        Named in errors.

    Returns
    -------
    list of PlayerGold
        In input order.

    Raises
    ------
    TableError
        Listing every problem (player, field, what was expected): unknown keys (the allowed ones listed),
        1..8 players, non-empty names unique once spaces and invisible characters are ignored, gold as whole
        numbers 0..:data:`MAX_PART_GOLD`, an adventurer's gold that some adventurer card prints (or 0),
        **mastery gold that exists**: 8 for the first player on a mastery card and 4 for later players, once
        per player on each of the two cards (so 0, 4, 8, 12 or 16), with **one 8 per card** at the table and a
        4 only after someone's 8 (rules summary 三.6: "第一个达到条件的玩家获得8枚金币。之后达到同一精通条件的
        玩家,各获得4枚金币"), and a ``total`` that contradicts its parts.
    """
    from companion.magick.orders import load_cards

    check = TableChecker(file)
    raw = list_of_players(doc, check, 1, 8, _("Merchants of Magick"))
    if raw is None:
        check.raise_if_any()
    assert raw is not None
    check.keys(doc, None, TABLE_KEYS)
    if "kind" in doc and doc["kind"] != TABLE_KIND:
        check.add(None, "kind", _("expected {kind!r} (a Merchants of Magick score table), found {found}")
                  .format(kind=TABLE_KIND, found=quoted(doc['kind'])), shape=True)
    if "version" in doc and doc["version"] != 1:
        check.add(None, "version", _("expected 1, found {found}").format(found=quoted(doc['version'])), shape=True)
    cards = load_cards()
    adventurer_gold = sorted({0} | {a.gold for a in cards.adventurers})
    first, later = cards.mastery_gold_first, cards.mastery_gold_later
    splits = _mastery_splits(first, later)
    mastery_values = _(", ").join(map(str, sorted(splits)))
    players: list[PlayerGold | None] = []
    names: dict[int, str] = {}
    fixed: dict[int, tuple[int, int]] = {}
    for i, entry in enumerate(raw):
        if not isinstance(entry, dict):
            check.add(i, "", _("expected an object with name and gold per part"), shape=True)
            players.append(None)
            continue
        name = check.text(entry.get("name"), i, "name")
        if name is not None:
            names[i] = name
            check.names[i] = name
        check.keys(entry, i, PLAYER_KEYS)
        values: dict[str, int] = {}
        for part in PARTS:
            value = entry.get(part, 0)
            if value is None:
                value = 0
            if part == "mastery" and isinstance(value, dict):
                check.keys(value, i, MASTERY_CARDS, where="mastery")
                per_card = [check.integer(value.get(card, 0), i, f"mastery.{card}", 0, first, _(" of gold"))
                            for card in MASTERY_CARDS]
                bad = [card for card, g in zip(MASTERY_CARDS, per_card, strict=True) if g not in (None, 0, later, first)]
                for card in bad:
                    check.add(i, f"mastery.{card}", _("expected 0, {later} or {first} (the {card} mastery card pays {first} to the "
                                                      "first player, {later} to later ones), found {found}")
                              .format(later=later, first=first, card=card, found=value[card]))
                if None in per_card or bad:
                    continue
                fixed[i] = (per_card[0], per_card[1])
                values[part] = per_card[0] + per_card[1]
                continue
            v = check.integer(value, i, part, 0, MAX_PART_GOLD, _(" of gold"))
            if v is None:
                continue
            if part == "adventurer" and v not in adventurer_gold:
                check.add(i, part, _("expected the gold printed on an adventurer card ({values}), found {found}")
                          .format(values=_(", ").join(map(str, adventurer_gold)), found=v))
                continue
            if part == "mastery" and v not in splits:
                check.add(i, part, _("expected {values} ({first} for the first player on a mastery card, {later} for "
                            "later ones, on each of the two cards), found {found}")
                          .format(values=mastery_values, first=first, later=later, found=v))
                continue
            values[part] = v
        if len(values) < len(PARTS) or name is None:
            players.append(None)
            continue
        gold = PlayerGold(name=name.strip(), **values)
        if "total" in entry:
            total = entry["total"]
            if not is_int(total) or total != gold.total:
                check.add(i, "total", _("the parts add up to {gold} gold, but the total says {found}")
                          .format(gold=gold.total, found=quoted(total)))
        players.append(gold)
    good = [p for p in players if p is not None]
    if len(good) == len(players) and not _mastery_possible([p.mastery for p in good], first, later,
                                                           [fixed.get(i) for i in range(len(good))]):
        who = max(i for i, p in enumerate(good) if p.mastery)
        check.add(who, "mastery", _("these mastery values are impossible together: a mastery card pays {first} to the "
                                    "players who reach it first (in the same mastery phase), then {later} to each later "
                                    "player, so a {later} needs someone's {first} on that card first")
                  .format(first=first, later=later))
    check.typed(doc, len(raw), lambda field: field in PARTS)
    check.unique_names(names)
    check.raise_if_any()
    return good


def score_table(doc: Any, *, file: str | None = None) -> dict[str, Any]:
    """Score a table-side document (checked by :func:`validate_table`).

    Parameters
    ----------
    doc : dict
        ``{"players": [{"name": str, "crafting": int, "research": int, "orders": int, "adventurer": int,
        "mastery": int, "charms": int}, ...]}``; a missing part is 0.
    file : str, optional
        Named in errors.

    Returns
    -------
    dict
        ``{"players": [{"name", ...the parts..., "total"}], "winners": [names]}``, players in input order.

    Raises
    ------
    TableError
        (a :class:`RulesDataError`) naming the key path of the problem.
    """
    players = validate_table(doc, file=file)
    return {"players": [p.to_dict() for p in players], "winners": winners(players)}
