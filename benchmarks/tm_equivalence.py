"""Proof of equivalence for speed work on the Terra Mystica move generator and bots: seeded bot games whose
ledgers, legal lists at every decision and (greedy games) conversion rows at every decision are written to
files, so two versions of the code can be compared byte for byte.

Usage::

    .venv/bin/python benchmarks/tm_equivalence.py OUT_DIR [--random 100] [--greedy 40]
    diff -r OLD_DIR NEW_DIR        # or: .venv/bin/python benchmarks/tm_equivalence.py NEW_DIR --against OLD_DIR

Game ``k`` of a bot kind has ``2 + k % 4`` players and, for ``k // 4`` odd, a Fire & Ice final-scoring tile
(drawn from the game's seed), so the games cover 2-5 players with and without the tile. At each decision the
file gets the faction and :func:`companion.terra_mystica.game.legal_rows`' rows; for a greedy game also
:func:`companion.terra_mystica.move_sketch.content_rows` (the rows conversions make affordable) on the
faction's turn; and each game's ledger (:func:`companion.terra_mystica.simulate.ledger_text`). Recording
reads the state only and draws nothing from the game's random stream, so the games are the ones
``tm_simulate.py`` plays. The outputs are large (tens of MB): keep them out of the repository.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
from pathlib import Path

from companion.terra_mystica import bots as tm_bots
from companion.terra_mystica import game
from companion.terra_mystica.move_sketch import content_rows
from companion.terra_mystica.simulate import ledger_text, play_one


class _Recorder:
    """A bot that writes each decision's lists, then lets ``inner`` choose."""

    def __init__(self, inner, out, conversions: bool) -> None:
        self.inner, self.out, self.conversions = inner, out, conversions

    def choose(self, state, rng, seat=None):
        faction, rows = game.legal_rows(state)
        line = [faction, rows]
        if self.conversions and faction is not None and state.game.phase == "actions":
            line.append(content_rows(state.game, faction, rows))
        self.out.write(json.dumps(line) + "\n")
        return self.inner.choose(state, rng, seat)


def record(out_dir: Path, kind: str, games: int) -> None:
    """Play ``games`` seeded games of ``kind`` bots, writing ``out_dir/KIND.decisions`` and ``KIND.ledgers``."""
    out_dir.mkdir(parents=True, exist_ok=True)
    make_bot = tm_bots.make_bot
    with open(out_dir / f"{kind}.decisions", "w") as dec, open(out_dir / f"{kind}.ledgers", "w") as led:
        tm_bots.make_bot = lambda name: _Recorder(make_bot(name), dec, kind == "greedy")
        try:
            for k in range(games):
                dec.write(f"# game {k}\n")
                final = "random" if (k // 4) % 2 else None
                last = play_one(2 + k % 4, None, None, [kind], random.Random(f"equivalence:{kind}:{k}"),
                                final_scoring=final)
                led.write(f"# game {k}\n{ledger_text(last)}\n")
        finally:
            tm_bots.make_bot = make_bot


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out_dir", type=Path)
    parser.add_argument("--random", type=int, default=100, help="random-bot games")
    parser.add_argument("--greedy", type=int, default=40, help="greedy-bot games")
    parser.add_argument("--against", type=Path, help="a directory recorded before: diff with it")
    args = parser.parse_args()
    record(args.out_dir, "random", args.random)
    record(args.out_dir, "greedy", args.greedy)
    if args.against:
        done = subprocess.run(["diff", "-rq", str(args.against), str(args.out_dir)])
        print("identical" if done.returncode == 0 else "DIFFERENT")
        sys.exit(done.returncode)


if __name__ == "__main__":
    main()
