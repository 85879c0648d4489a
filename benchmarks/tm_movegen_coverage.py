"""Benchmark: the fraction of real-game rows that the move generator lists (issue 19.3).

Run: ``.venv/bin/python benchmarks/tm_movegen_coverage.py [--examples N] [--folder DIR]``.

Every league game of ``tests/terra_mystica/fixtures/ledgers`` is replayed row by row; before each typed row
the generator's moves for its faction (:func:`companion.terra_mystica.engine.moves.legal_moves`) are listed
and the row, with its implicit dig written out (:func:`~companion.terra_mystica.engine.rows.explicit_row`),
is looked up among them. Free side moves (conversions, burning, ``wait``, a step back on a cult track) are
left out on both sides and the sub-commands are compared as a multiset, so ``burn 2. action ACT6. build
F6`` is the listed ``action ACT6. build F6``. Rows that are only free moves are not counted. Printed: rows
listed / rows counted, then the unlisted rows by shape (verbs with hexes left out), with examples.

Figures (branch tm-movegen4): main 945cd69 lists 7,646 of 7,772 rows (98.38 %); with a town founded by FAV5, a
bridge or an action's dwelling carrying its tile, the Chaos Magicians' two favour tiles, cult-income spades on two
hexes, the build elsewhere after a transform to another colour and ACT6's home + other colour, 7,750 (99.72 %).
Left: ``send p to X for 1`` where no space is free (6 rows; the plain ``send p to X`` is listed, the same move),
the Chaos Magicians' ``action ACTC`` with its two actions in one row (5; listed as the open turn's next
decisions), the Mermaids' ``connect`` after an action or twice in a row (4), singles.

2026-12-03 (branch tm-movegen, from main ff9eba1 at 7,743 / 7,772 = 99.63 %): with the declines of favour /
town / cult choices, the Halflings' stronghold spades on two or three hexes, the Mermaids' second town across a
river in the same move and the Chaos Magicians' ACTC pairs (a bounded family), **7,746 / 7,772 (99.67 %)**;
listing took 5.4 s at load 2.5 (24.6 s at load 13). Left (26): cult-income spades on two hexes where one is
turned part of the way home, written ``transform A7 to brown`` in the league and listed as ``transform A7``
(the same move; the comparison keeps spellings apart) 7; ``send p to X for 1`` with no space free (6; the plain
``send p to X`` is listed); ACTC pairs outside the family (a spade action, or ``X. pass``) 4; the Mermaids'
``connect`` before or after an action in one row 3; singles.
"""

from __future__ import annotations

import argparse
import re
import time
from collections import defaultdict
from pathlib import Path

from companion.errors import CompanionError
from companion.terra_mystica.engine import read_record
from companion.terra_mystica.engine.commands import CULT_TRACKS, parse_commands
from companion.terra_mystica.engine.moves import legal_moves
from companion.terra_mystica.engine.rows import explicit_row
from companion.terra_mystica.engine.state import DROP_LABEL, Game

FIXTURES = Path(__file__).resolve().parent.parent / "tests" / "terra_mystica" / "fixtures" / "ledgers"
FREE_VERBS = {"convert", "burn", "wait", "done"}
TRACKS = {t.upper() for t in CULT_TRACKS}


def _is_free(c, keep_convert: bool = False) -> bool:
    """A free side move (a conversion, burning, ``wait``, a step back on a cult track)."""
    if c.verb == "convert" and keep_convert and c.args[1] == "W" and c.args[3] == "P":
        return False   # the Darklings' stronghold conversion is the upgrade's follow-up
    return c.verb in FREE_VERBS or c.verb == "lose" and any(str(a).upper() in TRACKS for a in c.args)


def _key(commands, home: str, keep_convert: bool = False, any_send: bool = False) -> tuple:
    """The sub-commands of a row that are not free side moves, as a sorted tuple of (verb, args), in one
    spelling: a transform to the ``home`` colour is the plain transform, a bridge's ends in label order,
    ``+2TW3`` two ``+TW3``, the spades of several ``dig`` summed, ``transform E7. build E7`` the build; ``any_send``: a priest sent without
    naming the steps (``send p to WATER``) stands for any space."""
    out = []
    dug = 0
    for c in commands:
        if _is_free(c, keep_convert):
            continue
        args = tuple(str(a) for a in c.args)
        if c.verb == "send" and any_send:
            args = args[:1]
        elif c.verb == "transform" and c.args[1] == home:
            args = (args[0], "None")
        elif c.verb == "bridge":
            args = tuple(sorted(args))
        elif c.verb == "dig":
            dug += c.args[0]
            continue
        elif c.verb == "town":
            out += [("town", ("1", args[1]))] * c.args[0]
            continue
        out.append((c.verb, args))
    if dug:
        out.append(("dig", (str(dug),)))
    built = {a[0] for v, a in out if v == "build"}
    out = [(v, a) for v, a in out if not (v == "transform" and a[1] == "None" and a[0] in built)]
    return tuple(sorted(out))


DECISIONS = {"cult", "leech", "decline", "favor", "town"}


def _listed(game, faction: str, cmds: list) -> bool:
    """Whether ``cmds`` (free side moves already applied) is a listed move, or a listed decision followed
    by a listed move (``+WATER. leech 1 from witches``: two answers in one row)."""
    keep = any(c.verb == "upgrade" and c.args[-1] == "SH" for c in cmds)
    any_send = any(c.verb == "send" and c.args[1] is None for c in cmds)
    home = game.factions[faction].home
    key = _key(cmds, home, keep, any_send)
    moves = legal_moves(game, faction)
    if any(_key(parse_commands(m), home, keep, any_send) == key for m in moves):
        return True
    if len(cmds) > 1 and cmds[0].verb in DECISIONS and \
            any(_key(parse_commands(m), home) == _key(cmds[:1], home) for m in moves):
        after = game.copy()
        try:
            after.apply_row(faction, cmds[:1])
        except CompanionError:
            return False
        return _listed(after, faction, cmds[1:])
    return False


def _shape(commands) -> str:
    """A row's kind: its verbs in order with hexes and tiles left out (``action. transform. build``)."""
    parts = []
    for c in commands:
        if c.verb in FREE_VERBS or c.verb == "lose" and any(str(a).upper() in TRACKS for a in c.args):
            continue
        text = re.sub(r"\b[a-i]\d+\b|\br\d+\b", "H", c.text.strip().lower().replace("\t", " "))
        text = re.sub(r"\b(leech|decline) \d+ from \w+", r"\1", text)
        text = re.sub(r"\bto (yellow|brown|black|blue|green|gray|red)\b", "to COLOUR", text)
        text = re.sub(r"(fav|tw)\d+", r"\1", text)
        parts.append(text)
    return ". ".join(parts)


def coverage(paths: list[Path]) -> tuple[int, int, dict, float]:
    """(rows listed, rows counted, unlisted examples by shape, seconds spent listing)."""
    listed = counted = 0
    misses: dict[str, list[str]] = defaultdict(list)
    spent = 0.0
    for path in paths:
        record = read_record(path.read_text(encoding="utf-8"), file=str(path))
        game = Game(record.setup)
        game.implicit_dig = True
        for rec in record.rows:
            if not rec.typed:
                continue
            if rec.command == DROP_LABEL:
                game.drop_faction(rec.faction, line=rec.line)
                continue
            cmds = parse_commands(rec.command, line=rec.line)
            if len(cmds) == 1 and cmds[0].verb == "setup":
                game.add_faction(rec.faction, line=rec.line)
                continue
            if any(not _is_free(c) for c in cmds):
                counted += 1
                explicit = parse_commands(explicit_row(game, rec.faction, rec.command))
                keep = any(c.verb == "upgrade" and c.args[-1] == "SH" for c in explicit)
                free = [c for c in explicit if _is_free(c, keep) and c.verb in ("convert", "burn")]
                rest = [c for c in explicit if not (_is_free(c, keep) and c.verb in ("convert", "burn"))]
                before = game.copy() if free else game
                for c in free:  # the conversions the faction can make before its move (not those paid by it)
                    trial = before.copy()
                    try:
                        trial.apply_row(rec.faction, [c])
                    except CompanionError:
                        continue
                    before = trial
                t0 = time.perf_counter()
                ok = _listed(before, rec.faction, rest)
                spent += time.perf_counter() - t0
                if ok:
                    listed += 1
                else:
                    misses[_shape(explicit)].append(f"{path.name[:-11]}:{rec.line} {rec.faction}: "
                                                    + ". ".join(c.text for c in explicit))
            try:
                game.apply_row(rec.faction, cmds, line=rec.line, label=rec.command,
                               cults_after=None if rec.totals is None or rec.merged else rec.totals[7:])
            except CompanionError as exc:
                print(f"{path.name}: stopped at line {rec.line}: {exc}")
                break
    return listed, counted, misses, spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--folder", type=Path, default=FIXTURES)
    parser.add_argument("--examples", type=int, default=2)
    args = parser.parse_args()
    paths = sorted(args.folder.glob("*.ledger.txt"))
    listed, counted, misses, spent = coverage(paths)
    print(f"{len(paths)} games: {listed} of {counted} rows listed ({100 * listed / max(counted, 1):.2f} %), "
          f"listing took {spent:.1f} s")
    for shape, rows in sorted(misses.items(), key=lambda kv: -len(kv[1])):
        print(f"{len(rows):5d}  {shape}")
        for row in rows[:args.examples]:
            print(f"         {row}")


if __name__ == "__main__":
    main()
