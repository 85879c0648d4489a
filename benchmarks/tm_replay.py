"""Benchmark: replay every shipped Terra Mystica game and print milliseconds per game.

Run: ``.venv/bin/python benchmarks/tm_replay.py [--repeat N] [--all-fixtures] [--batch FOLDER]``.

For scale (issue 5): snellman's Perl engine replays a 4-player game in 70-160 ms. Figures printed are the
best and median of ``--repeat`` runs per game: reading the ledger, and reading + replaying + comparing
every row.

Batch (issue 13): ``companion tm replay --json FOLDER`` replays every game of a folder in one process.
Printed: CPU per game of the in-process batch (read + replay + compare + JSON, over the games that replay
to the end or to their first difference; unreadable ones are counted apart), and the whole command's CPU
(child process, start-up included) divided by the number of games. Target: under 25 ms of CPU per game.
``--batch`` defaults to the 20 test ledgers; give the 30 shared games' folder to measure those.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

from companion.errors import CompanionError
from companion.terra_mystica.engine import read_record, replay
from companion.terra_mystica.engine.games import game_text, shipped_games

FIXTURE_LEDGERS = Path(__file__).resolve().parent.parent / "tests" / "terra_mystica" / "fixtures" / "ledgers"


def _games(all_fixtures: bool) -> list[tuple[str, str]]:
    games = [(g["game_id"], game_text(g["game_id"])) for g in shipped_games()]
    if all_fixtures:
        folder = Path(__file__).resolve().parent.parent / "tests" / "terra_mystica" / "fixtures" / "ledgers"
        seen = {g for g, _ in games}
        games += [(p.name[:-11], p.read_text(encoding="utf-8")) for p in sorted(folder.glob("*.ledger.txt"))
                  if p.name[:-11] not in seen]
    return games


def batch(folder: Path, repeat: int) -> None:
    """Print the CPU per game of replaying every ``*.txt`` game in ``folder`` in one process."""
    from companion.terra_mystica.cli_replay import _replay_one
    from companion.terra_mystica.engine.board import base_board

    files = sorted(str(p) for p in folder.glob("*.txt"))
    board = base_board()
    runs, ok, bad = [], 0, 0
    for _ in range(max(1, repeat)):
        ok = bad = 0
        c0 = time.process_time()
        for f in files:
            try:
                json.dumps(_replay_one(f, board, False))
                ok += 1
            except CompanionError:
                bad += 1
        runs.append(time.process_time() - c0)
    cpu = statistics.median(runs)
    print(f"batch of {len(files)} games in {folder}: {ok} replayed, {bad} unreadable (engine refuses a row)")
    print(f"in-process batch: {1000 * cpu / len(files):.1f} ms CPU per game over all {len(files)} "
          f"(median of {len(runs)} runs; target < 25 ms)")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    argv = [sys.executable, "-c", "import sys; from companion.cli import app; sys.argv[0] = 'companion'; app()",
            "tm", "replay", "--json", str(folder)]
    whole = []
    for i in range(3):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, check=False)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if i:  # the first run writes .pyc files
            whole.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    cpu = statistics.median(whole)
    print(f"whole 'companion tm replay --json FOLDER' process: {1000 * cpu:.0f} ms CPU, "
          f"{1000 * cpu / len(files):.1f} ms per game (start-up and networkx import included)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--all-fixtures", action="store_true", help="also the 30 test ledgers")
    ap.add_argument("--batch", type=Path, nargs="?", const=FIXTURE_LEDGERS, default=None,
                    help="only the batch figures, over this folder's *.txt games (default the test ledgers)")
    args = ap.parse_args()
    if args.batch is not None:
        batch(args.batch, args.repeat)
        return
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
    print()
    batch(FIXTURE_LEDGERS, 3)


if __name__ == "__main__":
    main()
