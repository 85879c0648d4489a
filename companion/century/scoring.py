"""Table-side scoring for Century: Golem Edition (used by ``companion century score`` and the score notebook).

API summary (stable)
--------------------
``PlayerTally(name, golems, copper, silver, crystals)``
    What one player has at the end: ``golems`` the printed points of each golem card (list/tuple of int),
    ``copper`` and ``silver`` coin counts, ``crystals`` a dict colour -> count (missing colours = 0).
``score_tally(t) -> ScoreLine``      one player's itemised score.
``score_table(tallies) -> TableScore``
    ``lines`` (one :class:`ScoreLine` per player, in turn order: ``name``, ``golem_vp``, ``copper_vp``,
    ``silver_vp``, ``coin_vp``, ``crystal_vp``, ``total``), ``winner`` (name), ``winner_index`` (seat, 0 =
    first player), ``tied`` (names sharing the best total, in turn order; the winner is the last of them).
``parse_table(doc) -> list[PlayerTally]``
    Validate the JSON document ``{"players": [...]}`` of the CLI (turn order); raises
    :class:`companion.errors.RulesDataError` naming the key path (e.g. ``players[1].crystals.green``).
``table_json(score) -> dict``        the CLI's output document.

Rules (rules summary "结束与计分"; rules-facts "End of game"): score = printed golem points + 3 per copper + 1 per
silver + 1 per non-yellow crystal (green, blue and pink all 1, yellow 0). Ties go to the tied player latest in
turn order ("平手时由并列玩家中本轮较后行动者获胜"); players not in the tie never matter.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.century.cards import COLOURS, crystals, load_cards
from companion.errors import CompanionError, RulesDataError

__all__ = ["COPPER_VP", "SILVER_VP", "PlayerTally", "ScoreLine", "TableScore", "score_tally", "score_table",
           "parse_table", "table_json"]

COPPER_VP = 3
"""VP per copper coin (rules summary 结束与计分; GE-SUM)."""
SILVER_VP = 1
"""VP per silver coin."""

_DOC = "score file"


@dataclass(frozen=True)
class PlayerTally:
    """One player's holdings at the end of a game.

    Parameters
    ----------
    name : str
        Player name (unique at the table).
    golems : sequence of int
        Printed points of each claimed golem card (VP, 6..20 each).
    copper, silver : int
        Coins held.
    crystals : mapping str -> int
        Crystals left in the caravan by colour (``yellow``, ``green``, ``blue``, ``pink``); missing = 0.
    """

    name: str
    golems: tuple[int, ...] = ()
    copper: int = 0
    silver: int = 0
    crystals: Mapping[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "golems", tuple(self.golems))
        object.__setattr__(self, "crystals", dict(self.crystals))


@dataclass(frozen=True)
class ScoreLine:
    """One player's itemised score (all VP)."""

    name: str
    golem_vp: int
    copper_vp: int
    silver_vp: int
    coin_vp: int
    crystal_vp: int
    total: int


@dataclass(frozen=True)
class TableScore:
    """Scores of a whole table, in turn order, with the winner after the tie-break."""

    lines: tuple[ScoreLine, ...]
    winner: str
    winner_index: int
    tied: tuple[str, ...]


def score_tally(t: PlayerTally) -> ScoreLine:
    """Score one player: golems + 3/copper + 1/silver + 1 per green, blue or pink crystal.

    Raises
    ------
    CompanionError
        If a count is negative or a colour is unknown.
    """
    for label, n in (("copper", t.copper), ("silver", t.silver), *(("golems", g) for g in t.golems)):
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise CompanionError(f"{t.name}: {label} must be a non-negative integer, found {n!r}")
    c = crystals(dict(t.crystals), where=f"{t.name}.crystals")
    golem_vp = sum(t.golems)
    copper_vp = COPPER_VP * t.copper
    silver_vp = SILVER_VP * t.silver
    crystal_vp = c[1] + c[2] + c[3]
    return ScoreLine(t.name, golem_vp, copper_vp, silver_vp, copper_vp + silver_vp, crystal_vp,
                     golem_vp + copper_vp + silver_vp + crystal_vp)


def score_table(tallies: Sequence[PlayerTally]) -> TableScore:
    """Score every player (given in turn order) and pick the winner.

    Parameters
    ----------
    tallies : sequence of PlayerTally
        One per player, first player first.

    Returns
    -------
    TableScore
        ``winner`` is the highest total; among tied players the one latest in turn order wins
        (SR rulebook "Game End"; rules summary 结束与计分).

    Raises
    ------
    CompanionError
        If ``tallies`` is empty or a tally is invalid.

    Examples
    --------
    >>> t = score_table([PlayerTally("Ann", [12], copper=1), PlayerTally("Ben", [14], crystals={"pink": 1})])
    >>> [line.total for line in t.lines], t.winner, t.tied
    ([15, 15], 'Ben', ('Ann', 'Ben'))
    """
    if not tallies:
        raise CompanionError("no players to score")
    lines = tuple(score_tally(t) for t in tallies)
    best = max(line.total for line in lines)
    tied = tuple(line.name for line in lines if line.total == best)
    index = max(i for i, line in enumerate(lines) if line.total == best)
    return TableScore(lines, lines[index].name, index, tied)


def _int(value: Any, path: str, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesDataError(f"expected an integer, found {value!r}", file=_DOC, key_path=path)
    if not lo <= value <= hi:
        raise RulesDataError(f"expected {lo}..{hi}, found {value}", file=_DOC, key_path=path)
    return value


def parse_table(doc: Any) -> list[PlayerTally]:
    """Validate a score document and return the tallies in turn order.

    Parameters
    ----------
    doc : dict
        ``{"players": [{"name": "A", "golems": [12, 14], "copper": 1, "silver": 0,
        "crystals": {"yellow": 2, "green": 1, "blue": 0, "pink": 3}}, ...]}``; 2..5 players in turn order.
        ``golems``, ``copper``, ``silver`` and ``crystals`` may be left out (0 / none).

    Raises
    ------
    RulesDataError
        Naming the key path (``players[i].field``): 2..5 players, unique non-empty names, golem points that
        are printed values (6..20), no more golems of a value than the game has (e.g. two worth 20), coins 0..2 x players
        each (the pile sizes) and in total, crystals per colour non-negative with at most 10 in all
        (the caravan limit).
    """
    if not isinstance(doc, dict):
        raise RulesDataError(f"expected an object with a 'players' list, found {type(doc).__name__}",
                             file=_DOC, key_path="")
    players = doc.get("players")
    if not isinstance(players, list):
        raise RulesDataError("expected a list of players", file=_DOC, key_path="players")
    if not 2 <= len(players) <= 5:
        raise RulesDataError(f"Century is played by 2 to 5 players, found {len(players)}", file=_DOC,
                             key_path="players")
    cards = load_cards()
    printed = {g.points for g in cards.golems}
    lo, hi = min(printed), max(printed)
    n = len(players)
    tallies: list[PlayerTally] = []
    names: set[str] = set()
    for i, p in enumerate(players):
        where = f"players[{i}]"
        if not isinstance(p, dict):
            raise RulesDataError(f"expected an object, found {type(p).__name__}", file=_DOC, key_path=where)
        unknown = set(p) - {"name", "golems", "copper", "silver", "crystals"}
        if unknown:
            raise RulesDataError(f"unknown key {sorted(unknown)[0]!r}; expected name, golems, copper, silver, "
                                 "crystals", file=_DOC, key_path=where)
        name = p.get("name")
        if not isinstance(name, str) or not name.strip():
            raise RulesDataError("expected a non-empty name", file=_DOC, key_path=f"{where}.name")
        if name in names:
            raise RulesDataError(f"duplicate name {name!r}", file=_DOC, key_path=f"{where}.name")
        names.add(name)
        golems = p.get("golems", [])
        if not isinstance(golems, list):
            raise RulesDataError("expected a list of printed golem points", file=_DOC, key_path=f"{where}.golems")
        pts = tuple(_int(g, f"{where}.golems[{j}]", lo, hi) for j, g in enumerate(golems))
        copper = _int(p.get("copper", 0), f"{where}.copper", 0, 2 * n)
        silver = _int(p.get("silver", 0), f"{where}.silver", 0, 2 * n)
        raw = p.get("crystals", {})
        c = crystals(raw, where=f"{where}.crystals", file=_DOC)
        if sum(c) > 10:
            raise RulesDataError(f"{sum(c)} crystals, but a caravan holds at most 10 at the end of a turn",
                                 file=_DOC, key_path=f"{where}.crystals")
        tallies.append(PlayerTally(name, pts, copper, silver, {k: v for k, v in zip(COLOURS, c, strict=True)}))
    for label, cap in (("copper", 2 * n), ("silver", 2 * n)):
        total = sum(getattr(t, label) for t in tallies)
        if total > cap:
            raise RulesDataError(f"{total} {label} coins in all, but a {n}-player game has only {cap}",
                                 file=_DOC, key_path=f"players[*].{label}")
    total_golems = sum(len(t.golems) for t in tallies)
    if total_golems > len(cards.golems):
        raise RulesDataError(f"{total_golems} golems in all, but there are only {len(cards.golems)}",
                             file=_DOC, key_path="players[*].golems")
    printed_count: dict[int, int] = {}
    for g in cards.golems:
        printed_count[g.points] = printed_count.get(g.points, 0) + 1
    claimed: dict[int, int] = {}
    for t in tallies:
        for pts in t.golems:
            claimed[pts] = claimed.get(pts, 0) + 1
    for pts, k in sorted(claimed.items()):
        if k > printed_count.get(pts, 0):
            raise RulesDataError(f"{k} golems worth {pts} VP in all, but the game has only "
                                 f"{printed_count.get(pts, 0)}", file=_DOC, key_path="players[*].golems")
    return tallies


def table_json(score: TableScore) -> dict[str, Any]:
    """The CLI output: ``{"players": [{name, golem_vp, coin_vp, crystal_vp, total}], "winner": NAME}``."""
    return {
        "players": [{"name": line.name, "golem_vp": line.golem_vp, "coin_vp": line.coin_vp,
                     "crystal_vp": line.crystal_vp, "total": line.total} for line in score.lines],
        "winner": score.winner,
    }
