"""Benchmark: replay every shipped Terra Mystica game and print milliseconds per game.

Run: ``.venv/bin/python benchmarks/tm_replay.py [--repeat N] [--all-fixtures]``.

For scale (issue 5): snellman's Perl engine replays a 4-player game in 70-160 ms. Figures printed are the
best and median of ``--repeat`` runs per game: reading the ledger, and reading + replaying + comparing
every row.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from companion.terra_mystica.engine import read_record, replay
from companion.terra_mystica.engine.games import game_text, shipped_games


def _games(all_fixtures: bool) -> list[tuple[str, str]]:
    games = [(g["game_id"], game_text(g["game_id"])) for g in shipped_games()]
    if all_fixtures:
        folder = Path(__file__).resolve().parent.parent / "tests" / "terra_mystica" / "fixtures" / "ledgers"
        seen = {g for g, _ in games}
        games += [(p.name[:-11], p.read_text(encoding="utf-8")) for p in sorted(folder.glob("*.ledger.txt"))
                  if p.name[:-11] not in seen]
    return games


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--all-fixtures", action="store_true", help="also the 30 test ledgers")
    args = ap.parse_args()
    games = _games(args.all_fixtures)
    replay(games[0][1])  # warm caches (map tables, rules data)
    print(f"{'game':24s} {'rows':>5s} {'read ms':>8s} {'total ms best':>14s} {'median':>7s} {'cpu ms':>7s}  diffs")
    totals, cpus = [], []
    for gid, text in games:
        read_t, full_t, cpu_t = [], [], []
        for _ in range(args.repeat):
            c0 = time.process_time()
            t0 = time.perf_counter()
            rec = read_record(text)
            t1 = time.perf_counter()
            res = replay(rec)
            t2 = time.perf_counter()
            cpu_t.append((time.process_time() - c0) * 1000)
            read_t.append((t1 - t0) * 1000)
            full_t.append((t2 - t0) * 1000)
        totals.append(statistics.median(full_t))
        cpus.append(statistics.median(cpu_t))
        print(f"{gid:24s} {res.rows_checked:5d} {min(read_t):8.1f} {min(full_t):14.1f} "
              f"{statistics.median(full_t):7.1f} {statistics.median(cpu_t):7.1f}  {len(res.mismatches)}")
    print(f"median over {len(games)} games: {statistics.median(totals):.1f} ms wall, "
          f"{statistics.median(cpus):.1f} ms CPU per game (read + replay + compare every row; "
          f"snellman's Perl engine: 70-160 ms per 4-player game)")


if __name__ == "__main__":
    main()
