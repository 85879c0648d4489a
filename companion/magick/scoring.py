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

__all__ = ["PARTS", "PlayerGold", "player_gold", "ranking", "score_table", "winners"]

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
        raise RulesDataError("expected a non-empty player name", file=file, key_path=f"{prefix}name")
    values: dict[str, int] = {}
    for key, value in parts.items():
        if key not in PARTS:
            raise RulesDataError(f"unknown part {key!r}; expected one of {', '.join(PARTS)}", file=file,
                                 key_path=f"{prefix}{key}")
        if value is None:
            value = 0
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise RulesDataError(f"expected gold as an integer >= 0, found {value!r}", file=file,
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


def score_table(doc: Any, *, file: str | None = None) -> dict[str, Any]:
    """Score a table-side document.

    Parameters
    ----------
    doc : dict
        ``{"players": [{"name": str, "crafting": int, "research": int, "orders": int, "adventurer": int,
        "mastery": int, "charms": int}, ...]}``; a missing part is 0.
    file : str, optional
        Named in error messages.

    Returns
    -------
    dict
        ``{"players": [{"name", ...the parts..., "total"}], "winners": [names]}``, players in input order.

    Raises
    ------
    RulesDataError
        Naming the key path of the problem.
    """
    if not isinstance(doc, dict):
        raise RulesDataError("expected an object with a 'players' list", file=file)
    if "players" not in doc:
        raise RulesDataError("missing key", file=file, key_path="players")
    raw = doc["players"]
    if not isinstance(raw, list) or not raw:
        raise RulesDataError("expected a non-empty list of players", file=file, key_path="players")
    if len(raw) > 8:
        raise RulesDataError(f"Merchants of Magick is played by 1 to 8 players, found {len(raw)}", file=file,
                             key_path="players")
    players: list[PlayerGold] = []
    for i, entry in enumerate(raw):
        where = f"players[{i}]"
        if not isinstance(entry, dict):
            raise RulesDataError("expected an object", file=file, key_path=where)
        if "name" not in entry:
            raise RulesDataError("missing key", file=file, key_path=f"{where}.name")
        parts = {k: v for k, v in entry.items() if k not in ("name", "total")}
        p = player_gold(entry["name"], where=where, file=file, **parts)
        if any(q.name == p.name for q in players):
            raise RulesDataError(f"duplicate player name {p.name!r}", file=file, key_path=f"{where}.name")
        players.append(p)
    return {"players": [p.to_dict() for p in players], "winners": winners(players)}
