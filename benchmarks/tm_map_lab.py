"""Benchmark: the Terra Mystica map lab: map generation, and `companion tm balance` games on a generated map.

Usage::

    .venv/bin/python benchmarks/tm_map_lab.py [--maps M] [--games N] [--workers W] [--bot greedy]

Prints the time to generate M balanced maps (random river, seeds 0..M-1) and the wall-clock time of a
balance simulation of N games on the first of them (4 players, every seat the same bot), with the
projection for 1,000 games (issue 21's goal: at most 5 minutes on the 2-core machine, which needs the fast
move generator of the referee issue). Wall clock, since the work is split across processes.
"""

from __future__ import annotations

import argparse
import time

from companion.terra_mystica.balance import simulate_balance
from companion.terra_mystica.mapgen import generate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--maps", type=int, default=5)
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--bot", default="greedy")
    args = parser.parse_args()
    start = time.perf_counter()
    maps = [generate("random", "balanced", seed=s) for s in range(args.maps)]
    seconds = time.perf_counter() - start
    met = sum(m.score.meets_objective() for m in maps)
    print(f"generate: {args.maps} balanced maps in {seconds:.2f} s ({seconds / args.maps:.2f} s a map); "
          f"{met} meet the objective")
    start = time.perf_counter()
    doc = simulate_balance(maps[0].map, games=args.games, bot=args.bot, workers=args.workers, progress=False)
    seconds = time.perf_counter() - start
    print(f"balance: {args.games} {args.bot} games, 4 players, {args.workers} workers in {seconds:.1f} s "
          f"({seconds / args.games:.2f} s a game; 1,000 games ~ {1000 * seconds / args.games / 60:.1f} min; "
          f"failures {len(doc['failures'])})")
    for faction, row in sorted(doc["factions"].items()):
        print(f"  {faction:16} seats {row['seats']:3}  mean VP {row['mean_vp']:6.1f} [{row['vp_low']:.1f}, "
              f"{row['vp_high']:.1f}]  win share {row['win_share']:.2f} [{row['win_low']:.2f}, {row['win_high']:.2f}]")


if __name__ == "__main__":
    main()
