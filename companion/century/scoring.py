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
``validate_table(doc, *, file="score file") -> list[PlayerTally]``
    The one check of a score table (CLI, score app, history): ranges, unknown keys, golem counts the end
    rule allows, coins that came with golems, names that differ only by spaces; raises
    :class:`companion.validation.TableError` (a ``RulesDataError``) listing every problem.
``parse_table(doc) -> list[PlayerTally]``  the same, with the default file name.
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
from companion.errors import CompanionError
from companion.i18n import _, ngettext
from companion.jsonio import quoted
from companion.validation import TYPED_KEY, TableChecker, is_int, list_of_players

__all__ = ["COPPER_VP", "SILVER_VP", "PlayerTally", "ScoreLine", "TableScore", "score_tally", "score_table",
           "parse_table", "table_json", "validate_table"]

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
            raise CompanionError(_("{name}: {field} must be a non-negative integer, found {found}")
                                 .format(name=t.name, field=label, found=quoted(n)))
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
        raise CompanionError(_("no players to score"))
    lines = tuple(score_tally(t) for t in tallies)
    best = max(line.total for line in lines)
    tied = tuple(line.name for line in lines if line.total == best)
    index = max(i for i, line in enumerate(lines) if line.total == best)
    return TableScore(lines, lines[index].name, index, tied)


#: Keys of one player's entry in a score table (the ``companion century score`` input and the app's save).
PLAYER_KEYS = ("name", "golems", "copper", "silver", "crystals")
#: Top-level keys of a score table (``kind``, ``version``, ``golem_texts`` and ``typed`` come with the app's save).
TABLE_KEYS = ("players", "kind", "version", "golem_texts", TYPED_KEY)
TABLE_KIND = "century-score"


def validate_table(doc: Any, *, file: str | None = _DOC) -> list[PlayerTally]:
    """Check a whole Century score table: the one validation of the CLI, the score app and the history.

    Parameters
    ----------
    doc : dict
        ``{"players": [{"name": "A", "golems": [12, 14], "copper": 1, "silver": 0,
        "crystals": {"yellow": 2, "green": 1, "blue": 0, "pink": 3}}, ...]}``; 2..5 players in turn order.
        ``golems``, ``copper``, ``silver`` and ``crystals`` may be left out (0 / none). The app's save adds
        ``kind``, ``version`` and ``golem_texts``.
    file : str, optional
        Named in errors.

    Returns
    -------
    list of PlayerTally
        In turn order.

    Raises
    ------
    TableError
        Listing every problem (player, field, what was expected): unknown keys (the allowed ones listed);
        2..5 players; non-empty names, unique once spaces and invisible characters are ignored; golem points
        that are printed values (6..20), no more golems of a value than the game has; **at most as many golems
        per player as the end trigger** (5 with 4-5 players, 6 with 2-3: the game ends after the round in which
        someone claims that many, and a player claims at most one golem per turn, so nobody can pass it —
        rules summary 结束与计分, rules-facts "End of game"); coins: 0..2 x players of each kind in all (the pile
        sizes), and **no more coins than golems** for a player (a coin comes only with a golem claimed in
        position 1 or 2); crystals per colour >= 0, at most 10 in all (the caravan limit).
    """
    from companion.century.state import end_threshold

    check = TableChecker(file)
    players = list_of_players(doc, check, 2, 5, _("Century: Golem Edition"))
    if players is None:
        check.raise_if_any()
    assert players is not None
    check.keys(doc, None, TABLE_KEYS)
    if "kind" in doc and doc["kind"] != TABLE_KIND:
        check.add(None, "kind", _("expected {kind!r} (a Century score table), found {found}").format(kind=TABLE_KIND,
                                                                                 found=quoted(doc['kind'])), shape=True)
    if "version" in doc and doc["version"] != 1:
        check.add(None, "version", _("expected 1, found {found}").format(found=quoted(doc['version'])), shape=True)
    texts = doc.get("golem_texts")
    if texts is not None and not (isinstance(texts, list) and len(texts) <= len(players)
                                  and all(isinstance(t, str) and len(t) <= 500 for t in texts)):
        check.add(None, "golem_texts", _("expected a list of the golem entries as typed, one text per player"),
                  shape=True)
    cards = load_cards()
    printed_count: dict[int, int] = {}
    for g in cards.golems:
        printed_count[g.points] = printed_count.get(g.points, 0) + 1
    values = _(", ").join(map(str, sorted(printed_count)))
    n = len(players)
    most_golems = end_threshold(n)
    tallies: list[PlayerTally | None] = []
    names: dict[int, str] = {}
    for i, p in enumerate(players):
        if not isinstance(p, dict):
            check.add(i, "", _("expected an object with name, golems, copper, silver, crystals"), shape=True)
            tallies.append(None)
            continue
        name = check.text(p.get("name"), i, "name")
        if name is not None:
            names[i] = name
            check.names[i] = name
        check.keys(p, i, PLAYER_KEYS)
        golems = p.get("golems", [])
        pts: list[int] = []
        if not isinstance(golems, list):
            check.add(i, "golems", _("expected a list of printed golem points"), shape=True)
        else:
            for j, g in enumerate(golems):
                if not is_int(g) or g not in printed_count:
                    check.add(i, f"golems[{j}]", _("expected printed golem points ({values}), found {found}").format(values=values, found=quoted(g))
                              if not isinstance(g, (list, dict)) else
                              _("expected printed golem points, found a list") if isinstance(g, list) else
                              _("expected printed golem points, found an object"), shape=not is_int(g))
                else:
                    pts.append(g)
            if len(golems) > most_golems:
                check.add(i, "golems", _("{count} golems, but a {n}-player game ends after the round in which "
                                         "someone claims golem number {most}, and a player claims at "
                                         "most one per turn: at most {most} each")
                                       .format(count=len(golems), n=n, most=most_golems))
        coins = {}
        coin_what = {"copper": _(" of copper coins"), "silver": _(" of silver coins")}
        for label in ("copper", "silver"):
            coins[label] = check.integer(p.get(label, 0), i, label, 0, 2 * n, coin_what[label])
        if None not in coins.values() and not check.bad(i, "golems") and coins["copper"] + coins["silver"] > len(pts):
            check.add(i, "copper" if coins["copper"] else "silver",
                      ngettext("{copper} copper + {silver} silver, but only {n} golem: a coin comes only with a "
                               "golem claimed in position 1 or 2",
                               "{copper} copper + {silver} silver, but only {n} golems: a coin comes only "
                               "with a golem claimed in position 1 or 2", len(pts))
                      .format(copper=coins['copper'], silver=coins['silver'], n=len(pts)))
        raw = p.get("crystals", {})
        counts: list[int] = []
        if not isinstance(raw, dict):
            check.add(i, "crystals", _("expected an object of colour counts (yellow, green, blue, pink)"), shape=True)
        else:
            check.keys(raw, i, COLOURS, where="crystals")
            crystal_what = {"yellow": _(" of yellow crystals"), "green": _(" of green crystals"),
                            "blue": _(" of blue crystals"), "pink": _(" of pink crystals")}
            for colour in COLOURS:
                v = check.integer(raw.get(colour, 0), i, f"crystals.{colour}", 0, 10, crystal_what[colour])
                counts.append(v if v is not None else 0)
            if sum(counts) > 10:
                check.add(i, "crystals", _("{n} crystals, but a caravan holds at most 10 at the end of a turn")
                                       .format(n=sum(counts)))
        if check.bad(i, "") or any(check.bad(i, k) for k in ("name", "golems", "copper", "silver", "crystals")):
            tallies.append(None)
            continue
        tallies.append(PlayerTally(name or "", tuple(pts), coins["copper"] or 0, coins["silver"] or 0,
                                   dict(zip(COLOURS, counts, strict=True))))
    good = [(i, t) for i, t in enumerate(tallies) if t is not None]
    for label, cap in (("copper", 2 * n), ("silver", 2 * n)):
        total = sum(getattr(t, label) for _i, t in good)
        if total > cap:
            last = max(i for i, t in good if getattr(t, label))
            check.add(last, label, (_("{total} copper coins in all, but a {n}-player game has only {cap}") if label == "copper" else
                             _("{total} silver coins in all, but a {n}-player game has only {cap}"))
                            .format(total=total, n=n, cap=cap))
    claimed: dict[int, list[int]] = {}
    for i, t in good:
        for pts in t.golems:
            claimed.setdefault(pts, []).append(i)
    for pts, who in sorted(claimed.items()):
        if len(who) > printed_count[pts]:
            check.add(who[-1], "golems", _("{count} golems worth {points} VP in all, but the game has only "
                                           "{have}").format(count=len(who), points=pts, have=printed_count[pts]))
    check.typed(doc, len(players), lambda field: field in ("copper", "silver") or field in {f"crystals.{c}" for c in COLOURS})
    check.unique_names(names)
    check.raise_if_any()
    return [t for t in tallies if t is not None]


def parse_table(doc: Any) -> list[PlayerTally]:
    """Validate a score document and return the tallies in turn order (:func:`validate_table`).

    Raises
    ------
    TableError
        (a :class:`RulesDataError`) naming the key path (``players[i].field``).
    """
    return validate_table(doc)


def table_json(score: TableScore) -> dict[str, Any]:
    """The CLI output: ``{"players": [{name, golem_vp, coin_vp, crystal_vp, total}], "winner": NAME}``."""
    return {
        "players": [{"name": line.name, "golem_vp": line.golem_vp, "coin_vp": line.coin_vp,
                     "crystal_vp": line.crystal_vp, "total": line.total} for line in score.lines],
        "winner": score.winner,
    }
