"""Start-up cost of the ``companion`` command (issue 13): CPU milliseconds per command beyond the interpreter.

Run: ``.venv/bin/python benchmarks/startup.py [--runs N] [--game LEDGER]``.

Each figure is the median, over ``--runs`` round-robin runs, of the CPU time (user + system) of the whole child process
(``resource.getrusage(RUSAGE_CHILDREN)`` around each run), which other load on the machine barely moves.
Printed per command:

- ``total``: the whole process;
- ``beyond python``: minus a bare interpreter (``python -c pass``, same flags);
- ``beyond libs``: minus also the import of the libraries the command truly needs (networkx for ``tm map``
  and ``tm replay``: the map graph), each measured the same way (``python -c "import networkx"`` minus
  bare). Target: under 150 ms for every command.

The reference Perl engine (snellman's terra-mystica) is not available offline here, so the whole
``tm replay`` process is printed on its own for comparison by hand (issue 13 asks it to cost less than
the Perl program's whole process).
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests"
MAP_FILE = FIXTURES / "terra_mystica" / "fixtures" / "maps" / "base.txt"
GAME_FILE = FIXTURES / "terra_mystica" / "fixtures" / "ledgers" / "4pLeague_S1_D1L1_G2.ledger.txt"
SCORE_DOC = ('{"players": [{"name": "A", "golems": [12, 14], "copper": 1, "silver": 0, "crystals": {"yellow": 2, '
             '"green": 1, "pink": 3}}, {"name": "B", "golems": [16, 9], "silver": 2, "crystals": {"blue": 1}}]}')

CLI = "import sys; from companion.cli import app; sys.argv[0] = 'companion'; app()"


# Children run as a user's shell would: byte-code caches (.pyc) are written on the warm-up run and used
# afterwards, even when this process was started with PYTHONDONTWRITEBYTECODE (compiling the sources on
# every run would otherwise dominate the figures).
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def cpu_ms(argv: list[str]) -> float:
    """CPU milliseconds (user + system) of one run of ``argv`` as a child process (output discarded)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False, env=ENV)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return 1000 * ((after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=9)
    ap.add_argument("--game", default=str(GAME_FILE), help="ledger replayed by 'tm replay'")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        score_file = Path(tmp) / "century_table.json"
        score_file.write_text(SCORE_DOC, encoding="utf-8")
        report(args, score_file)


def report(args: argparse.Namespace, score_file: Path) -> None:
    py = [sys.executable]
    commands = [
        ("companion --help", ["--help"], []),
        ("companion tm map FILE", ["tm", "map", str(MAP_FILE)], ["networkx"]),
        ("companion tm replay GAME", ["tm", "replay", args.game], ["networkx"]),
        ("companion century score FILE", ["century", "score", str(score_file)], []),
    ]
    argvs = {"bare": [*py, "-c", "pass"], "networkx": [*py, "-c", "import networkx"]}
    argvs.update({label: [*py, "-c", CLI, *argv] for label, argv, _ in commands})
    for argv in argvs.values():
        cpu_ms(argv)  # warm the file cache and write .pyc files
    # Round-robin runs, so a change of load on the machine touches every figure alike.
    samples: dict[str, list[float]] = {k: [] for k in argvs}
    for _ in range(args.runs):
        for key, argv in argvs.items():
            samples[key].append(cpu_ms(argv))
    med = {k: statistics.median(v) for k, v in samples.items()}
    bare = med["bare"]
    libs = {"networkx": med["networkx"] - bare}
    print(f"bare interpreter: {bare:.0f} ms CPU; import networkx: {libs['networkx']:.0f} ms "
          f"(median of {args.runs} round-robin runs)")
    print(f"{'command':32s} {'total':>7s} {'beyond python':>14s} {'beyond libs':>12s}  (ms CPU, target < 150)")
    for label, _argv, needs in commands:
        total = med[label]
        beyond = total - bare
        own = beyond - sum(libs[n] for n in needs)
        mark = "ok" if own < 150 else "OVER"
        print(f"{label:32s} {total:7.0f} {beyond:14.0f} {own:12.0f}  {mark}"
              + (f"  (minus {', '.join(needs)})" if needs else ""))
    print("reference Perl engine: not available offline; compare the 'tm replay' total above by hand "
          "(whole process, CPU ms).")


if __name__ == "__main__":
    main()
