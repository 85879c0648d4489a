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

Figures (tm-speed3 branch against main 945cd69, back to back on the shared machine, load 5-7 on 2 cores,
so single runs spread by +-30 %): ``--games 10`` printed greedy 1.32-2.23 games/s on main and 1.42-2.96 on
the branch before its last step, random 19-45 on both (CPU figures the load inflates alike; no target met).
Five alternating main / branch pairs of the best of three 4-game greedy runs: 2.76 / 2.96, 2.13 / 2.83,
1.62 / 2.26, 1.83 / 1.89, 1.63 / 2.14 games/s (1.03x-1.40x, median 1.31x). Where it came from: applying a
row (a captured set of 9,107 rows the greedy bot applies, min of 5 passes) 57-64 -> 46-50 us, a game copy
18 -> 6-10 us (one dict copy instead of filling the new object's dict), and Python's cyclic collector
(4 greedy games on main: 440 young and 4 full collections, 0.30 s of their 2.24 s CPU; the games
make no reference cycles, so ``bots.play_game`` collects less often: 6 young, no full one, 0.05 s). ``--profile`` of 4 greedy games: the
same 12,387 ``apply_action`` calls and 483 decisions (same choices), 6.47 M -> 6.04 M function calls; its
seconds are not comparable under this load. Ledgers of 100 seeded random and 100 greedy games (2-5
players, half with a Fire & Ice final tile) and the legal lists at every decision are byte-identical to
main's. The greedy bot still applies ~26 rows a decision (12,387 for 483): the targets need fewer
applications, not cheaper ones.

2026-12-02 (tm-speed, commits d100c75, 81dbc10 and the move generator's per-plan / per-hex work): ``--games
20`` random, CPU, three alternating rounds on the idle machine (load 0.1-0.8): main 1e32deb 46.7, 42.6, 41.7
games/s; the first two commits 48.5, 50.4, 50.2; with the move generator's change 53.0, 52.8, 51.0 -- the
random target (>= 50) is met by a small margin, the greedy one is not (2.2-2.4 games/s). Ledgers of 100
seeded random and 40 greedy games and the legal lists at every decision are byte-identical to main's.
An opt-in greedy bot that values moves from their content (``companion.terra_mystica.move_value``,
``ValueGreedyBot``, not the default) plays 5.2-6.3 games/s and won 51 / 100 against the default greedy bot.

2026-12-03 (tm-greedy): ``greedy`` is now that move-content bot (``make_bot("greedy")``; the look-ahead bot is
``make_bot("lookahead")``), made faster: a conversion row's faction worked out from its move's sketch and the
conversions' arithmetic (no second sketch), the value's parts remembered per decision, setup dwellings read
from sketches. Figures on a 2-core machine shared with four busy sessions, so CPU figures are inflated and
only the ratio to the random bots of the same run is steady: ``--games 20`` at load 2.7: random 32.46,
greedy 6.50 games/s CPU (ratio 0.20; 126 actions per game); ``--games 10`` twice at load 13: random 26.93 /
25.86, greedy 5.05 / 4.44 (ratio 0.19 / 0.17); on the final commit ``--games 10`` at load 11: 22.81 / 4.26
(0.19), ``--games 20`` as the load jumped 4 -> 13: 28.72 / 4.14 (0.14). Scaled to the random bots' 51-53
games/s on the idle machine (2026-12-02) that is about 7-10.5 greedy games/s (the look-ahead bot it replaced:
1.73 against random 39.29 at load 3, ratio 0.044, 2.2-2.4 idle): the target (>= 10) is not shown to be met;
it wants an idle machine to measure, and likely the engine's listing to get cheaper.
Where the rest goes (``cProfile`` of the bot's 471 decisions of 4 seeded 4-player games): the engine's move
listing is 46 % of the bot's time (``turn_moves`` twice a turn: the legal rows, and the rows with the
resources conversions could give; in it ``_action_moves``' town picks, ``_upgrade_moves``, ``_build_moves``
with dig plans, the Mermaids' ``_bridges``), the sketches and valuations of distinct contents 33 %, the
conversion pricing 8 %, the applied last pass of a round 5 %.

2026-12-03 15:11 UTC (integration of that work with the move generator's new kinds, load 0.1): ``--games 20``
random 35.20, greedy 6.64 games/s CPU (ratio 0.19), main's random 24.6-32.5 in the same hour: this machine
ran about a third slower than the day before. Callgrind instructions per 4-player game (start-up
subtracted; 20 random, 5 greedy, 2 look-ahead games): random bots main 141.8 M, integration 140.0 M;
greedy 726.9 M (5.2x a random game); the look-ahead bot 1,889 M (13x by instructions, 22x by the clock:
instructions understate the greedy bots' time).

2026-12-04 (tm-onepass, against main 5c79988): the greedy bot's legal rows and the rows conversions could make
affordable come from one listing (``engine.moves.split_turn_moves``: the turn listed once with the
convertible resources, each row part the faction affords only with them marked; the legal rows are the
unmarked ones), the Mermaids' river towns asked only for rivers beside their buildings, and smaller
per-decision savings in the dig plans, the conversion pricing and the bots' row bookkeeping. Callgrind
instructions per 4-player game (3 seeded random games, 2 greedy, a warm-up game subtracted): random
191.8 M -> 155.6 M (0.81x; the one listing alone 192.4 M: the marks cost the plain listing nothing
measurable; the gain came with the Mermaids' river towns and the dig plans, one commit), greedy 1,066 M -> 771 M (0.72x; the one listing
alone 886 M, 0.83x); on this script's own seeds (``1:0``, ``1:1``) greedy 683 M -> 576 M (0.84x): the
gain depends on the factions seated (the Mermaids' river towns were the random games' gain). CPU figures could not be taken on an idle machine (load 7-11 on
2 cores all the hour): ``--games 20`` alternating main / branch printed random 41.2 / 35.6 and 35.8 / 29.4,
greedy 6.53 / 5.98 and 6.66 / 5.62 games/s CPU while the load rose from 8 to 11 under the branch's runs;
six more alternating ``--games 10`` pairs at load 9-10.5: random main 24.3-38.7 (median 29.8), branch
27.8-36.8 (32.2); greedy main 4.23-5.80 (5.45), branch 4.69-7.70 (5.38): the load's spread hides the
difference. The greedy bot's ``choose`` over the same 426 captured decisions (4 games, min of 4 passes,
alternating): main 1,257-1,526 us, branch 942-1,125 us. Neither target is shown to be met; scaled by the
instruction counts to the idle figures of issue 19 (random 30.91, greedy 6.80) they would be about 38 and
8.1-9.4 games/s. Ledgers, legal lists and conversion rows at every decision of 100 seeded random and 40 greedy
games (2-5 players, half with a Fire & Ice final tile) are byte-identical to main's
(``benchmarks/tm_equivalence.py``).

2026-12-04 (tm-compile): 25 modules of the engine and the bots are compiled with Cython under their own names
(``hatch_build.py``, ``companion/_compiled.py``; the run prints which), chosen from a ``cProfile`` of 12 random
and 3 greedy games: each module with about 1 % or more of the Python time in either (``engine.move_context``
17 / 11 %, ``engine.move_kinds`` 13 / 8 %, ``towns`` 7 / 6 %, ``move_sketch`` 0 / 11 %, ...); left plain:
modules under ~0.9 % (``tiles``, ``network``, the offers / choices / actions handlers, ``rows``, ``setup``,
``board``, ``games``), ``engine.replay`` (the ledger check, not timed here) and the packages' ``__init__`` modules.
``--games 20`` at load 9-10 on 2 cores, ``COMPANION_PURE_PYTHON=1`` and compiled alternating twice (CPU):
random 25.70 / 38.76, 29.31 / 42.63 games/s (x1.45-1.51); greedy 4.99 / 5.58, 5.57 / 7.33 (x1.0-1.3 by
pairs): neither target shown met under this load. The same at load 1.5 (19:43 UTC): random 55.16 / 76.16,
54.50 / 76.98 (x1.40), greedy 10.56 / 12.93, 10.26 / 12.63 (x1.23): both targets met compiled, and (by a hair)
plain, where main measured 30.9 / 6.8 earlier the same day: the machine's speed varies more than that. Callgrind instructions, 3 seeded 4-player random games
after a warm-up one (the warm-up run subtracted): plain 614.0 M, compiled 522.3 M (-15 %); all 35 candidate
modules at gcc -O3 gave 503.1 M (-18 %) for 1.5x the compile time. One greedy game: plain 852.4 M,
compiled 689.0 M (-19 %). Compiling the 25 modules at -O2 takes 67 s wall / 95 s CPU at load 1.5-2 (two gcc
processes at a time; 136-166 s CPU at load 10; gcc -O3, Python's default, took twice as long for
``engine.move_kinds``: 14.3 / 7.1 s); ``make venv`` from scratch: 2 min 13 s wall / 47 s
CPU on main at load 3; with the compile 2 min 2 s wall / 2 min 21 s CPU at load 2 (18 min 54 s wall /
3 min 33 s CPU at load 9-10).

2026-12-04 19:50 UTC (the integration of tm-onepass, tm-compile and the Halflings' town fix, machine idle:
load 1.0-1.4, no other work running), ``--games 100``, alternating twice with main 5c79988+ (``3ac1a35``) in
its own checkout and this code with ``COMPANION_PURE_PYTHON=1``, CPU games/s:

    compiled:     random 84.84, 79.35   greedy 12.36, 14.60
    plain Python: random 52.96, 59.20   greedy 10.48, 10.97
    main:         random 57.41, 54.03   greedy  9.73, 10.24

Both targets are met compiled (random >= 50 also by the wall clock: 50.9-54.2 games/s; greedy 10.9-12.8
wall). This machine is faster than the one of 2026-12-03 (main 30.9 / 6.8 idle then): scaled by main's
figures there, the compiled code would make about 46 random and 9.7 greedy games/s on that one.
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


def compiled_line() -> str:
    """Which modules run compiled (``companion._compiled``; ``COMPANION_PURE_PYTHON=1``: none)."""
    from companion import _compiled

    names = _compiled.compiled_modules()
    if _compiled.pure_python():
        return "compiled modules: none (COMPANION_PURE_PYTHON is set)"
    short = ", ".join(n.removeprefix("companion.terra_mystica.") for n in names)
    stale = sorted(_compiled.FINDER.stale) if _compiled.FINDER else []
    return (f"compiled modules: {len(names)} of {len(_compiled.FINDER.built) if _compiled.FINDER else 0} built"
            f"{f' ({short})' if names else ''}" + (f"; stale, run as Python: {', '.join(stale)}" if stale else ""))


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
        if kind == "random":
            print(compiled_line())
        cpu, wall, actions, check = run(kind, args.games, args.players, args.seed)
        target = TARGETS[kind]
        print(f"{kind:>6}: {args.games / cpu:.2f} games/s CPU (target {target}; {args.games / wall:.2f} wall), "
              f"{actions / cpu:.0f} actions/s, {actions / args.games:.0f} actions per game; "
              f"ledger write + replay {1000 * check / args.games:.0f} ms CPU per game")


if __name__ == "__main__":
    main()
