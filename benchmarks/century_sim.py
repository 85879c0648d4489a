"""Century: Golem Edition: random 4-player games per second and turns per second on one core.

Usage::

    .venv/bin/python benchmarks/century_sim.py [--games N] [--seed S] [--players P] [--profile]

Figures use the CPU time of this single process (``time.process_time``), since the machine may be shared;
the wall-clock rate is printed too. Every rule and choice is in place: random bots draw a random legal action directly (all upgrade choices,
any number of trades, any acquisition position with any crystals paid, the caravan discard by choice,
chance reveals for both rows). Target: at least 120 random 4-player games per second.
"""

from __future__ import annotations

import argparse
import random
import time

from companion.century.engine import apply_action, new_game, sample_action


def run(games: int, seed: int, players: int) -> tuple[float, float, int, int]:
    """Play ``games`` random games; returns (CPU seconds, wall seconds, turns, actions)."""
    rng = random.Random(seed)
    turns = actions = 0
    start = time.perf_counter()
    cpu = time.process_time()
    for _ in range(games):
        s = new_game(players, rng=rng)
        while not s.finished:
            s = apply_action(s, sample_action(s, rng))
            actions += 1
        turns += s.turn
    return time.process_time() - cpu, time.perf_counter() - start, turns, actions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--repeat", type=int, default=3, help="best of this many runs")
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    if args.profile:
        import cProfile
        import pstats

        cProfile.runctx("run(args.games, args.seed, args.players)", globals(), {"args": args}, "/tmp/century.prof")
        pstats.Stats("/tmp/century.prof").sort_stats("tottime").print_stats(20)
        return
    best = None
    for _ in range(args.repeat):
        result = run(args.games, args.seed, args.players)
        if best is None or result[0] < best[0]:
            best = result
    seconds, wall, turns, actions = best
    print(f"players: {args.players}, games: {args.games}, seed: {args.seed} (best of {args.repeat})")
    print(f"CPU seconds: {seconds:.3f} (wall {wall:.3f}; figures below use CPU time of this one process, "
          "so other load on the machine does not count)")
    print(f"wall-clock games per second: {args.games / wall:.1f}")
    print(f"games per second: {args.games / seconds:.1f}")
    print(f"turns per second: {turns / seconds:.0f} (mean {turns / args.games:.1f} turns per game)")
    print(f"actions per second: {actions / seconds:.0f} (including chance reveals and discards)")


if __name__ == "__main__":
    main()
