"""Benchmark: Terra Mystica bot games per second (random and greedy bots), one core.

Usage::

    .venv/bin/python benchmarks/tm_simulate.py [--games N] [--players P] [--seed S] [--profile]

Each game is a whole game by bots through the protocol adapter (seeded chance setup, faction picks by the
bots, every decision), as ``companion tm simulate`` plays it, without writing or replaying the ledger;
the ledger write + replay is timed separately. One untimed game per bot kind comes first (imports, rules
data loading, the per-map caches), so the figures are the steady rate that a search or a study of many
games sees. Figures use the CPU time of this process
(``time.process_time``, one core) since the machine may be shared; wall-clock rates are printed too.
Issue 19's targets: random bots >= 50 games/s, greedy >= 10 games/s.

The bots choose among complete moves (``engine.legal_actions``: each action with its follow-ups, computed
from the state by :mod:`companion.terra_mystica.engine.moves`); ``--profile`` prints where a greedy game's
time goes.

Figures (``--games 6``, 4 players; one run each of main and of the tm-speed2 branch, back to back on the shared
machine, load ~10 on 2 cores, so CPU figures are inflated alike): random 33.3 -> 29.2 games/s (the same; the
spread of repeated runs is 24-37), greedy 1.19 -> 1.69 games/s (1.4x; best of five 2-game runs 1.59 -> 2.04).
On the idle machine main printed random 30.9 and greedy 1.70. The greedy bot now applies ~29 rows a decision
(main ~57): a conversion row's after-state comes from the rich-copy application that priced it, and rows
alike but for the hexes and colours they transform are valued once; its choices are unchanged (ledgers of
100 seeded games byte-identical). Neither target is met: random needs a cheaper move generator and apply,
greedy another ~3x (each row is still one copy of the game and one full engine application).
"""

from __future__ import annotations

import argparse
import random
import time

from companion.terra_mystica.simulate import ledger_text, play_one, replay_differences

TARGETS = {"random": 50, "greedy": 10}
"""Games per CPU second on one core (issue 19)."""


def run(kind: str, games: int, players: int, seed: int) -> tuple[float, float, int, float]:
    """Play ``games`` games with ``kind`` bots in every seat; returns (CPU s, wall s, actions, check CPU s)."""
    actions = 0
    check = 0.0
    cpu, wall = time.process_time(), time.perf_counter()
    for k in range(games):
        last = play_one(players, None, None, [kind], random.Random(f"{seed}:{k}"))
        actions += len(last.history)
        t = time.process_time()
        assert not replay_differences(ledger_text(last))
        check += time.process_time() - t
    return time.process_time() - cpu - check, time.perf_counter() - wall, actions, check


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    if args.profile:
        import cProfile
        import pstats

        cProfile.runctx("run('greedy', args.games, args.players, args.seed)", globals(), {"args": args},
                        "/tmp/tm_simulate.prof")
        pstats.Stats("/tmp/tm_simulate.prof").sort_stats("cumtime").print_stats(25)
        return
    print(f"players: {args.players}, games: {args.games} per bot kind, seed: {args.seed}")
    for kind in ("random", "greedy"):
        run(kind, 1, args.players, args.seed + 1000)  # warm-up, not counted: imports, rules data, caches
        cpu, wall, actions, check = run(kind, args.games, args.players, args.seed)
        target = TARGETS[kind]
        print(f"{kind:>6}: {args.games / cpu:.2f} games/s CPU (target {target}; {args.games / wall:.2f} wall), "
              f"{actions / cpu:.0f} actions/s, {actions / args.games:.0f} actions per game; "
              f"ledger write + replay {1000 * check / args.games:.0f} ms CPU per game")


if __name__ == "__main__":
    main()
