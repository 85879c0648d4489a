"""Benchmark: what one person's click costs in the Terra Mystica play widget, round by round.

Run: ``.venv/bin/python benchmarks/tm_play.py [--seed S] [--bot greedy|random]``.

A 2-player game, a person (Witches) against a bot (Nomads), is played through the widget's plain methods:
the person clicks the first outlined hex where one can build, else takes the first other action (passing
late in a round). Each click is timed from the call to the redrawn widget (the session applies the action
once, the bot answers until the person is to act again, then heading, map, choice buttons, table, board and
log are redrawn in place). Printed per round: clicks, median and worst wall-clock milliseconds (the bot's
answers included) and the median CPU milliseconds of this process (what the click costs on a machine
shared with other work). The target (issue 12's goal for a click): well under a second on a laptop with the greedy bot answering.
"""

from __future__ import annotations

import argparse
import statistics
import time

from companion.widgets.terra_mystica.play import PlayAFullGame


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bot", default="greedy", choices=["greedy", "random"])
    args = parser.parse_args()
    w = PlayAFullGame(players=2, controllers=["human", args.bot], factions=["witches", "nomads"], seed=args.seed)
    start = time.perf_counter()
    w.start()
    print(f"start (setup tiles, first bot answers, first drawing): {1000 * (time.perf_counter() - start):.0f} ms")
    times: dict[int, list[float]] = {}
    cpu: dict[int, list[float]] = {}
    while not w.session.is_terminal():
        g = w.session.state.game
        round_no = g.round
        builds = sorted(h for h, role in w.highlighted().items() if role == "shipping")
        t, c = time.perf_counter(), time.process_time()
        if builds:
            w.select_hex(builds[0])
            if w.selected:   # several actions there: the first button
                w.act(w.hex_buttons.choices[0])
        else:
            rest = w.action_buttons.choices
            passes = [a for a in rest if a.text.startswith("pass")]
            others = [a for a in rest if a not in passes]
            w.act((passes if len(times.get(round_no, [])) > 6 or not others else others)[0])
        times.setdefault(round_no, []).append(1000 * (time.perf_counter() - t))
        cpu.setdefault(round_no, []).append(1000 * (time.process_time() - c))
    print(f"{'round':>6} {'clicks':>6} {'median ms':>10} {'worst ms':>9} {'median CPU ms':>14}")
    for round_no, values in sorted(times.items()):
        label = "setup" if round_no == 0 else str(round_no)
        print(f"{label:>6} {len(values):>6} {statistics.median(values):>10.0f} {max(values):>9.0f} "
              f"{statistics.median(cpu[round_no]):>14.0f}")
    total = sum(len(v) for v in times.values())
    print(f"game over after {total} clicks; winner(s): {', '.join(w.session.score().winners)}")


if __name__ == "__main__":
    main()
