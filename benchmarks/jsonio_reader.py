"""The strict JSON reader (companion.jsonio.loads) against the standard json.loads.

Usage::

    .venv/bin/python benchmarks/jsonio_reader.py [--players N] [--repeat R]

Prints the CPU time (``time.process_time``) of both on one large score-table-like document and on a small
one (the size of a real save). The strict reader adds a depth scan, a duplicate-key hook, number hooks and a
surrogate walk; the target is to stay well under a second for a 2 MB input and under a millisecond for a save.
"""

from __future__ import annotations

import argparse
import json
import time

from companion.jsonio import loads


def _time(fn, text: str, repeat: int) -> float:
    start = time.process_time()
    for _ in range(repeat):
        fn(text)
    return (time.process_time() - start) / repeat


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=20000, help="entries in the large document")
    parser.add_argument("--repeat", type=int, default=3, help="runs of the large document")
    args = parser.parse_args()
    big = json.dumps({"players": [{"name": f"P{i}", "golems": list(range(6, 20)),
                                   "crystals": {"yellow": 1, "green": 2}} for i in range(args.players)]})
    small = json.dumps({"kind": "magick-score", "version": 1,
                        "players": [{"name": f"Player {i}", "crafting": 12, "research": 9, "orders": 20,
                                     "adventurer": 5, "mastery": 8, "charms": 4} for i in range(4)]})
    for label, text, repeat in (("large", big, args.repeat), ("save-sized", small, 2000)):
        std = _time(json.loads, text, repeat)
        strict = _time(lambda t: loads(t, max_chars=len(t) + 1), text, repeat)
        print(f"{label:>10} ({len(text) / 1e6:.2f} MB): json.loads {std * 1e3:8.3f} ms, "
              f"jsonio.loads {strict * 1e3:8.3f} ms ({strict / std:.1f}x)")


if __name__ == "__main__":
    main()
