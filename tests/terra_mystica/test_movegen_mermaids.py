"""The Mermaids' towns across river hexes, two in one move (issue 19.3; RULES-NOTES section 4, tricky case 5):
a temple with FAV5 that lets two river hexes each join groups into a town (``connect r1. +TW2. connect r10.
+TW4``), and a sanctuary that founds a town itself and lets a river found another (``+TW8. connect r2.
+TW5``). The positions are two league games just before the Mermaids played those rows (a real game is the
independent answer: the row is what the players typed); the row is listed by :func:`legal_moves`, and (with
Perl and the reference engine present; skipped with a message otherwise) the reference engine accepts it with
nothing left open. Near-miss: the same river hex twice is not listed, and the reference refuses it.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from companion.terra_mystica.engine import read_record
from companion.terra_mystica.engine.commands import parse_commands
from companion.terra_mystica.engine.rows import command_rows
from companion.terra_mystica.engine.state import DROP_LABEL, Game
from tests.terra_mystica.test_movegen_kinds import Position, _listed_and_accepted, _unlisted_and_refused

LEDGERS = Path(__file__).resolve().parent / "fixtures" / "ledgers"


@lru_cache(maxsize=4)
def _league_game(name: str, stop: int) -> Game:
    """League game ``name`` replayed up to (not including) its ledger line ``stop``."""
    record = read_record((LEDGERS / f"{name}.ledger.txt").read_text(encoding="utf-8"))
    game = Game(record.setup)
    game.implicit_dig = True
    for rec in record.rows:
        if rec.line >= stop:
            break
        if not rec.typed:
            continue
        if rec.command == DROP_LABEL:
            game.drop_faction(rec.faction, line=rec.line)
            continue
        cmds = parse_commands(rec.command, line=rec.line)
        if len(cmds) == 1 and cmds[0].verb == "setup":
            game.add_faction(rec.faction, line=rec.line)
            continue
        game.apply_row(rec.faction, cmds, line=rec.line, label=rec.command,
                       cults_after=None if rec.totals is None or rec.merged else rec.totals[7:])
    return game


def _league(name: str, stop: int) -> Position:
    game = _league_game(name, stop).copy()
    return Position(game, command_rows(game).splitlines())


def test_a_temple_with_fav5_founds_two_towns_by_two_river_connects():
    """4pLeague_S68_D1L1_G7 line 335: ``upgrade C1 to TE. +FAV5. connect r1. +TW2. connect r10. +TW4``."""
    _listed_and_accepted(_league("4pLeague_S68_D1L1_G7", 335),
                         "mermaids: upgrade C1 to TE. +FAV5. connect r1. +TW2. connect r10. +TW4")


def test_a_sanctuary_that_founds_a_town_may_found_another_across_a_river():
    """4pLeague_S1_D1L1_G2 line 332: ``convert 3PW to 3C. upgrade D5 to SA. +FAV5. +TW8. connect r2. +TW5``
    (the free conversion first, as typed). The generator gives the tiles in pool order, the first to the
    sanctuary's town (``+TW5. connect r2. +TW8``): which town holds which tile changes nothing (a tile's
    VP, resources and key go to the faction), and the reference accepts both spellings."""
    pos = _league("4pLeague_S1_D1L1_G2", 332).then("mermaids: convert 3PW to 3C")
    _listed_and_accepted(pos, "mermaids: upgrade D5 to SA. +FAV5. +TW5. connect r2. +TW8")
    assert pos.judge("mermaids: upgrade D5 to SA. +FAV5. +TW8. connect r2. +TW5").accepted


def test_one_river_hex_is_connected_once():
    _unlisted_and_refused(_league("4pLeague_S68_D1L1_G7", 335),
                          "mermaids: upgrade C1 to TE. +FAV5. connect r1. +TW2. connect r1. +TW4",
                          lambda m: m.count("connect r1.") > 1)
