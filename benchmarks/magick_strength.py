"""Merchants of Magick: how often the search bot beats the greedy and the random bot (2-player games).

Usage::

    .venv/bin/python benchmarks/magick_strength.py [--games N] [--first F] [--playouts K] [--width W]
                                                    [--workers J] [--opponent greedy|random|both] [--seed S]
                                                    [--minutes M] [--no-halving]

Each game seats the search bot (:class:`companion.magick.search.SearchBot`) against one opponent, seats
alternated (even games: search first). A win is the most gold; a tie counts half (the rules have no
tie-breaker). Printed per pairing: the search bot's score share with a 95 % Wilson interval, mean gold of
both, and the search bot's mean seconds per decision (its budget is ``--budget``, default 1 s). A running
line is printed every ``--every`` games; ``--minutes`` stops a pairing after that long (the games finished
count); ``--first F`` plays games F, F + 1, ... (each game's seeds depend on its number only, so a run
stopped early can be continued and the tallies added).

Target (issue 20): >= 70 % against greedy and >= 95 % against random, over >= 400 games per pairing.

Measured 2026-12-02 (``--workers 2 --seed 1``, the defaults: 6 playouts with successive halving, width 4,
1 s budget; a 2-core machine shared with five other engineers, load average 8-13): **search vs greedy
307.5 / 400 = 76.9 %** (95 % interval 72.5 %-80.7 %), mean gold 67.6 vs 56.1, 0.30 s per decision (wall;
0.23 s in the second run, which printed 1.9 s CPU per game). Games 0-352 come from a run stopped by ``--minutes 33`` after 351 of them (the two in
flight were lost), games 353-401 from ``--first 353 --games 49``; the tallies are added. The second run
had the round-start memo keyed by the rolls to come instead of the rng's state: the same moves per seed.
**Search vs random 400 / 400 = 100 %** (99.0 %-100 %), mean gold 70.4 vs 14.2, 0.16 s per decision, 1.4 s
CPU per game (one run, ``--opponent random --minutes 29``, 1197 s wall, load 4-9). Both targets are met.

Before the playouts' memo and the halving (2026-12-01/02, same command, about 6.4 s CPU a game, many moves
cut by the budget): 73.3 % of 243 games against greedy (67.4 %-78.4 %), 0.63 s per decision; 100 % of 71
against random. A 60-game check after the halving (``--seed 5 --opponent greedy``): 78.3 % (66.4 %-86.9 %).
(Before the ranking's fast path: 6 of 10 games against greedy.)
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import time

from bot_strength import wilson


class _Timed:
    def __init__(self, bot):
        self.bot, self.seconds, self.decisions = bot, 0.0, 0

    def choose(self, state, player):
        t = time.perf_counter()
        try:
            return self.bot.choose(state, player)
        finally:
            self.seconds += time.perf_counter() - t
            self.decisions += 1


def one_game(args: tuple[int, str, int, int, float, int, bool]) -> tuple[float, int, int, float, int, float]:
    """(search score 1/0.5/0, search gold, opponent gold, search seconds, search decisions, CPU seconds of the
    whole game in this process) of game ``g``."""
    from companion.magick import bots
    from companion.magick.engine import score
    from companion.magick.search import SearchBot

    g, opponent, playouts, width, budget, seed, halving = args
    rng = random.Random(seed * 100_003 + g)
    search = _Timed(SearchBot(seed=seed + g, playouts=playouts, width=width, budget=budget, halving=halving))
    other = bots.GreedyBot() if opponent == "greedy" else bots.RandomBot(random.Random(seed + 7 * g))
    me = g % 2
    seats = [search, other] if me == 0 else [other, search]
    cpu = time.process_time()
    gold = [p.total for p in score(bots.play_game(2, seats, rng))]
    cpu = time.process_time() - cpu
    mine, theirs = gold[me], gold[1 - me]
    return (1.0 if mine > theirs else 0.5 if mine == theirs else 0.0, mine, theirs, search.seconds, search.decisions,
            cpu)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--first", type=int, default=0, help="number of the first game (to continue a run)")
    parser.add_argument("--playouts", type=int, default=None)
    parser.add_argument("--width", type=int, default=None)
    parser.add_argument("--budget", type=float, default=None)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--opponent", choices=("greedy", "random", "both"), default="both")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--minutes", type=float, default=None, help="stop each pairing after this long")
    parser.add_argument("--every", type=int, default=20, help="print a running line every N games")
    parser.add_argument("--no-halving", dest="halving", action="store_false",
                        help="every candidate gets every playout (SearchBot(halving=False))")
    a = parser.parse_args()
    from companion.magick import search

    playouts = a.playouts or search.DEFAULT_PLAYOUTS
    width = a.width or search.DEFAULT_WIDTH
    budget = a.budget if a.budget is not None else search.DEFAULT_BUDGET
    for opponent in (("greedy", "random") if a.opponent == "both" else (a.opponent,)):
        jobs = [(g, opponent, playouts, width, budget, a.seed, a.halving) for g in range(a.first, a.first + a.games)]
        start = time.perf_counter()
        results: list[tuple[float, int, int, float, int, float]] = []
        with multiprocessing.Pool(a.workers) as pool:
            for result in pool.imap_unordered(one_game, jobs):
                results.append(result)
                late = a.minutes is not None and time.perf_counter() - start > 60 * a.minutes
                if len(results) % a.every == 0 or late or len(results) == len(jobs):
                    _report(opponent, results, playouts, width, budget, time.perf_counter() - start)
                if late:
                    pool.terminate()
                    break


def _report(opponent: str, results: list[tuple[float, int, int, float, int, float]], playouts: int, width: int,
            budget: float, wall: float) -> None:
    n = len(results)
    share = sum(r[0] for r in results) / n
    low, high = wilson(share * n, n)
    seconds = sum(r[3] for r in results) / max(1, sum(r[4] for r in results))
    print(f"search vs {opponent}: {share:.1%} of {n} games (95 % interval {low:.1%}-{high:.1%}); "
          f"mean gold {sum(r[1] for r in results) / n:.1f} vs {sum(r[2] for r in results) / n:.1f}; "
          f"{seconds:.2f} s per decision (playouts {playouts}, width {width}, budget {budget} s); "
          f"{sum(r[5] for r in results) / n:.2f} s CPU per game; {wall:.0f} s wall", flush=True)


if __name__ == "__main__":
    main()
