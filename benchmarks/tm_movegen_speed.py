"""Benchmark: the move generator's time per decision in seeded random games, and a digest of every list.

Run: ``.venv/bin/python benchmarks/tm_movegen_speed.py [--games N] [--seed S] [--profile]``.

Seeded games of 2-5 players (random faction picks) are played as the random bot plays them (a random kind
of move, then a random move of that kind) at every decision (:func:`companion.terra_mystica.game.legal_rows`, i.e.
:func:`companion.terra_mystica.engine.moves.legal_moves`). Printed: decisions, moves listed, CPU
milliseconds per decision spent listing, and a SHA-256 digest of every list in order. A change meant to make
the generator faster must leave the digest as it was (the same lists, hence the same games); ``--profile``
prints where the listing time goes.

Figures (branch tm-movegen4, ``--games 60`` / ``--games 20``, shared machine at load ~10 on 2 cores, best of
interleaved runs): remembering town picks, the Mermaids' rivers and the builds elsewhere per decision and one dig
plan per colour took the listing from 0.19-0.21 to 0.17-0.20 ms a decision, lists unchanged (digest 3da1b1837402a934 over
4,711 decisions of a uniform random choice, the form this script had then). The kinds added on the branch list 30 moves a decision where main lists 26 (0.28 vs 0.22 ms).
"""

from __future__ import annotations

import argparse
import cProfile
import hashlib
import pstats
import random
import time

from companion.terra_mystica import game as tm
from companion.terra_mystica.bots import _row_kind


def run(games: int, seed: int, profiler: cProfile.Profile | None = None) -> tuple[int, int, float, str]:
    """(decisions, moves listed, CPU seconds listing, digest of the lists) over ``games`` seeded games."""
    digest = hashlib.sha256()
    decisions = listed = 0
    spent = 0.0
    for k in range(games):
        rng = random.Random(f"{seed}-{k}")
        state = tm.new_game(2 + k % 4)
        while not tm.is_terminal(state):
            t0 = time.process_time()
            if profiler is not None:
                profiler.enable()
            name, moves = tm.legal_rows(state)  # the engine's legal_moves once its game is made
            if profiler is not None:
                profiler.disable()
            if name is None:  # a chance draw or a faction pick
                chance = tm.current_player(state) == tm.CHANCE
                state = tm.apply_action(state, tm.sample_chance(state, rng) if chance
                                        else rng.choice(tm.legal_actions(state)))
                continue
            spent += time.process_time() - t0
            decisions += 1
            listed += len(moves)
            digest.update(("\n".join(moves) + "\n\n").encode())
            by_kind: dict = {}  # the random bot's choice: a kind of move, then a move of that kind
            for move in moves:
                by_kind.setdefault(_row_kind(move), []).append(move)
            state = tm.apply_action(state, tm.Action.parse(name, rng.choice(by_kind[rng.choice(list(by_kind))])))
    return decisions, listed, spent, digest.hexdigest()[:16]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    profiler = cProfile.Profile() if args.profile else None
    decisions, listed, spent, digest = run(args.games, args.seed, profiler)
    print(f"{args.games} games, {decisions} decisions, {listed} moves listed ({listed / decisions:.0f} a decision), "
          f"{1000 * spent / decisions:.2f} ms CPU a decision listing, digest {digest}")
    if profiler is not None:
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(25)


if __name__ == "__main__":
    main()
