"""Benchmark: the Terra Mystica map lab: map generation, and `companion tm balance` games on a generated map.

Usage::

    .venv/bin/python benchmarks/tm_map_lab.py [--maps M] [--games N] [--workers W] [--bot greedy]

Prints the time to generate M balanced maps (random river, seeds 0..M-1) and the wall-clock time of a
balance simulation of N games on the first of them (4 players, every seat the same bot), with the
projection for 1,000 games (issue 21's goal: at most 5 minutes on the 2-core machine, which needs the fast
move generator of the referee issue). Wall clock, since the work is split across processes. Also prints what
the balance report itself adds to a game: its setup (seating, the new game on the map, the chance draws) on
the generated map against the same on the base map (a custom map once cost a re-parse per game). The CPU
time of the run (this process and its workers) gives a second projection, for idle cores, which a busy
machine inflates far less than the wall clock.

Figures (``--maps 1 --games 20 --workers 2``, 4 greedy bots; the machine shared, load ~10 on its 2 cores):
before the tm-speed2 branch 1.12 s CPU a game (87.7 s wall for the 20), after it 0.72 s CPU (48.2 s wall),
1.56x. On the idle machine main took 0.38 s wall a game, 1,000 games ~6.3 min; scaled by that ratio the
1,000 games now take ~4.1 min (issue 21: <= 5 min). An estimate from a loaded machine: rerun idle to confirm.
``--maps 1 --games 1000 --workers 2`` on the integration commit (load ~3.5: two reference-engine runs at nice 10
beside it): 616 s wall (10.3 min), 0.61 s CPU a game, so ~5.1 min on 2 idle cores — at the goal, not under it.
What ``simulate_balance`` adds around the games is not where the time goes: 200 games with ``--workers 1`` on
the generated map (branch map-lab3, machine shared with five engineers) took 154.0 s of CPU, of which 153.9 s
inside ``bots.play_game`` and 0.13 s (0.09 %) the seating, new game, result aggregation and intervals; so the
1,000-game figure waits on the bots' speed (tm-speed3), not on balance.py.
``--maps 1 --games 200 --workers 1`` at nice 10 on the loaded machine (load 5-7): main 945cd69 0.68 s CPU a
game, the tm-speed3 branch 0.52 s (1.31x; the same balance report to the last digit, the bots' choices being
unchanged); scaled from the 0.61 s above, 1,000 games on 2 idle cores ~ 3.9 min (issue 21: <= 5 min), a
projection from a loaded machine.
Idle 2-core machine, main 8f00b95 (after tm-speed3/4), 2026-12-02 07:55 UTC, ``--maps 1 --games 1000 --workers 2``:
**1,000 greedy games in 249.2 s = 4.2 min** wall (0.49 s CPU a game, 0 failures; 4 min 10 s with the map's
generation), intervals printed for all 14 factions: issue 21's goal (<= 5 min) is met.
"""

from __future__ import annotations

import argparse
import os
import random
import time

from companion.terra_mystica import game
from companion.terra_mystica.balance import _seating, balance_factions, simulate_balance
from companion.terra_mystica.hexmap import load_shipped_map, map_record_name
from companion.terra_mystica.mapgen import generate


def setup_ms(tm_map, games: int = 20) -> float:
    """Mean milliseconds of a balance game's setup on ``tm_map``: seating, new game, chance draws."""
    factions = balance_factions(tm_map)
    name = map_record_name(tm_map)
    start = time.perf_counter()
    for k in range(games):
        seats, rng = _seating(k, factions, 4, 0)
        state = game.new_game(seats, map_name=name)
        while game.current_player(state) == game.CHANCE:
            state = game.apply_action(state, game.sample_chance(state, random.Random(k)))
    return 1000 * (time.perf_counter() - start) / games


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
    print(f"setup of a balance game: {setup_ms(maps[0].map):.1f} ms on the generated map, "
          f"{setup_ms(load_shipped_map('base')):.1f} ms on the base map")
    start, cpu_start = time.perf_counter(), _cpu()
    doc = simulate_balance(maps[0].map, games=args.games, bot=args.bot, workers=args.workers, progress=False)
    seconds, cpu = time.perf_counter() - start, _cpu() - cpu_start
    print(f"balance: {args.games} {args.bot} games, 4 players, {args.workers} workers in {seconds:.1f} s "
          f"({seconds / args.games:.2f} s a game; 1,000 games ~ {1000 * seconds / args.games / 60:.1f} min; "
          f"failures {len(doc['failures'])})")
    # the wall clock above counts whatever else runs on the machine; the CPU time of this process and its
    # workers does not (much): 1,000 games split over the workers, each on an idle core of its own
    print(f"balance CPU: {cpu / args.games:.2f} s a game (this process and its workers); 1,000 games on "
          f"{args.workers} idle cores ~ {1000 * cpu / args.games / args.workers / 60:.1f} min")
    for faction, row in sorted(doc["factions"].items()):
        print(f"  {faction:16} seats {row['seats']:3}  mean VP {row['mean_vp']:6.1f} [{row['vp_low']:.1f}, "
              f"{row['vp_high']:.1f}]  win share {row['win_share']:.2f} [{row['win_low']:.2f}, {row['win_high']:.2f}]")


def _cpu() -> float:
    """CPU seconds (user + system) of this process and of its finished child processes (the workers)."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


if __name__ == "__main__":
    main()
