"""Bot strength: 2-player win rates with 95 % intervals, seats alternated (issue 20 item 5).

Usage::

    .venv/bin/python benchmarks/bot_strength.py [--game century] [--games N] [--seconds S] [--seed K]
                                                [--minutes M]

For each pairing of a game (the search bot against each weaker bot) it plays ``--games`` 2-player games,
the search bot first in even games and second in odd ones, every game from its own seeded stream
(``companion.century.simulate.game_rng``), and prints wins, the win rate and its 95 % Wilson interval (a
tie on VP goes by the game's own tie rule, so every game has one winner). ``--minutes`` stops a pairing
early (the table says how many games it got). The search bot's per-move time cap is ``--seconds``
(default 1 s, the notebooks' budget).

Targets (issue 20): the search bot wins >= 70 % against greedy and >= 95 % against random.

Measured 2026-12-02 (the defaults: 400 games per pairing, 1 s cap, seed 20; a 2-core machine shared with
five other busy sessions, load 5-11; search vs random split over two processes: games 0-199 from a run
stopped after the ``--progress`` line of its 200th game, games 200-399 from ``--pairing search-random
--first 200 --games 200``, tallies added):
search vs greedy 375 / 400 = 93.8 % (90.9 - 95.7 %), 10.1 s per game;
search vs random 400 / 400 = 100 % (99.0 - 100 %), 17.6 s per game. Both targets are met.
(2026-12-01, ``--minutes 24``: 150 / 162 = 92.6 % against greedy, 99 / 99 against random.)

Merchants of Magick (``--game magick``; a game is :func:`magick_strength.one_game`'s, a tie on gold is a
shared win, rules summary V.7): ``benchmarks/magick_strength.py`` runs the Magick pairings on several
processes and prints mean gold, seconds per decision and CPU seconds per game too. Measured 2026-12-02 with
``magick_strength.py --workers 2 --seed 1`` (its docstring; the defaults: 6 playouts with successive halving,
width 4, 1 s cap; the same loaded 2-core machine, load 8-13): search vs greedy 307.5 / 400 = 76.9 %
(72.5 - 80.7 %), 0.2-0.3 s per decision, about 1.9 s CPU per game;
search vs random 400 / 400 = 100 % (99.0 - 100 %), 0.16 s per decision, 1.4 s CPU per game. Both targets are met.
(Before the playouts' memo and the halving: 73.3 % of 243 games against greedy, 100 % of 71 against random,
0.63 s per decision.)

Terra Mystica (``--game terra_mystica``): 2-player games on the base map, the factions and setup tiles
dealt from the seed (the same deal for games 2k and 2k + 1, seats swapped); a shared win counts as a win.
The engine makes a greedy decision cost about 16 ms on an idle core; the search bot plays out 8 moves
(and the greedy bot's own) to the round's end at the 1 s cap.

Measured 2026-12-02 (1 s cap, seed 20, a 2-core machine shared with five other busy sessions, load 9-12
falling to 4 at the end), search vs greedy over games 0-399 in three disjoint parts, tallies added:
games 0-59 from the search's own tuning run (the same bot and deals, ``companion.terra_mystica.search``'s
docstring) 47 / 60; games 60-299 from ``--pairing search-greedy --first 60 --minutes 55 --progress 10``
(its ``--progress`` line after 240 games; it ran on into games the next part covers) 185 / 240; games
300-399 from ``--pairing search-greedy --first 300 --games 100`` 75 / 100:
search vs greedy 307 / 400 = 76.8 % (72.4 - 80.6 %), about 15 s per game (18.6, 13.3 and 17.6 s in the parts);
search vs random over games 0-399: games 0-52 from ``--pairing search-random --minutes 18`` 53 / 53 (20.6 s per
game); games 53-399 measured 2026-12-02 05:25-05:56 UTC as three processes at ``nice -n 19`` beside five busy
sessions (load 7-9), ``--pairing search-random --first 53 --games 116`` / ``--first 169 --games 116`` /
``--first 285 --games 115``: 113 / 116, 115 / 116, 115 / 115, 11-13 s per game; tallies added:
search vs random 396 / 400 = 99.0 % (97.5 - 99.6 %). Both targets are met over 400 games.
The search's cap is wall-clock time, so a starved process searches less: games 53-62 (one of them lost in
that run) replayed at the 1 s cap in one process were all won, and a deliberately starved search (0.03 s cap, games 53-112) won
56 / 60, its four losses all in the first seat.
Re-measured after the hint budget work (the first step capped, no 1.5 x overrun of a playout ply) and the move
generator's new move kinds (tm-movegen4: the bots choose among more rows), 2026-12-02 06:33-07:08 UTC on commit
02d752f, four processes of 100 games at ``nice -n 19`` beside five busy sessions (load 7-9), ``--pairing
search-greedy --first 0/100/200/300 --games 100``: 74, 75, 73 and 74 / 100, so search vs greedy 296 / 400 =
74.0 % (69.5 - 78.1 %), 12.5-13.3 s per game; the target (>= 70 %) is met. (An earlier 200 games on commit
8797b6d, the budget work alone: 159 / 200 = 79.5 %.)
(Before, 5 wide without the greedy move always played out, ``--minutes 18``: 61 / 89 = 68.5 % against greedy,
121 / 122 against random.)

Issue 19 (2026-12-03, branch tm-greedy): ``make_bot("greedy")`` is now the move-content bot
(:class:`~companion.terra_mystica.move_value.ValueGreedyBot`, the pairings' ``value``); the one-row look-ahead
bot it replaced is ``lookahead``. Its targets: >= 45 % against ``lookahead`` over >= 200 games, >= 95 % against
random. Measured at ``nice`` beside four busy sessions (load 2-8), seed 20, on commit d416de2:
value vs lookahead 201 / 400 = 50.2 % (45.4 - 55.1 %), 0.34 s per game (``--pairing value-lookahead --games
400``; an earlier 200 games on 9c0d96f, the same values: 93 / 200 = 46.5 %);
value vs random 199 / 200 = 99.5 % (97.2 - 99.9 %), 0.07 s per game. Both targets are met.
The search bot's playouts now play the new greedy bot, and ``search-greedy`` pits it against the new one.
With a reduced budget (0.25 s cap; the cap is wall-clock time, so the load decides how far the search gets):
``--pairing search-greedy --seconds 0.25 --minutes 25`` on d416de2 at ``nice`` under load 8-14:
search vs greedy 113 / 221 = 51.1 % (44.6 - 57.6 %), 6.8 s per game (a starved search); on 9069630 (the same
bots) under load 4-12: ``--pairing search-lookahead --seconds 0.25 --minutes 14``: search vs lookahead
127 / 180 = 70.6 % (63.5 - 76.7 %), 4.7 s per game, then ``--pairing search-greedy --seconds 0.25 --minutes 8``:
search vs greedy 203 / 251 = 80.9 % (75.6 - 85.3 %), 1.9 s per game (its greedy playouts are quicker now, so
more of them finish inside the cap). Not yet re-measured at the 1 s cap over 400 games.

2026-12-04 18:37-19:36 UTC (main 3ac1a35: the move-content greedy bot, and the Halflings' town fix that this
very run found: a playout crashed on a listed row the engine refused, ``tests/terra_mystica/
test_movegen_town_after_stronghold.py``), the default 1 s cap read on the process's CPU clock
(``--clock cpu``: the search an idle core makes, whatever else the machine runs), seed 20, two processes of
200 games each (``--first 0`` / ``--first 200``) at ``nice -n 5`` beside four busy sessions (load 4-11):
search vs greedy 161 / 200 and 174 / 200: 335 / 400 = 83.8 % (79.8 - 87.0 %), 1.46-1.54 s CPU per game;
search vs random 200 / 200 and 199 / 200: 399 / 400 = 99.8 % (98.6 - 100 %), 1.72-1.75 s CPU per game.
Both targets are met over 400 games at the default budget. (An earlier run of games 0-199 on 5c79988, before the fix:
161 / 200; its games 200-224 crashed on that row.)

A game is added by giving :data:`GAMES` a ``play(pairing, game, seed, seconds)
-> bool`` (did the first-named bot win) and its pairings.
"""

from __future__ import annotations

import argparse
import math
import time
from collections.abc import Callable


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """95 % Wilson score interval of a win rate (fractions)."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


CLOCK: list[Callable[[], float]] = [time.perf_counter]
"""The clock the search bots' cap is read on (``--clock``): wall-clock time by default, as in the notebooks;
``cpu`` reads this process's CPU time, so the bot searches as far as the cap would let it on an idle core
whatever else the machine runs (the figures of a loaded machine then say what an idle one plays)."""


def century_play(pairing: tuple[str, str], game: int, seed: int, seconds: float) -> bool:
    """One 2-player Century game; True when ``pairing[0]`` wins. Seats swap every game."""
    from companion.century.bots import make_bot
    from companion.century.search import SearchBot
    from companion.century.simulate import game_rng, play_game

    def bot(name: str):
        return SearchBot(seconds=seconds, clock=CLOCK[0]) if name == "search" else make_bot(name)

    first = game % 2 == 0
    lineup = [bot(pairing[0]), bot(pairing[1])] if first else [bot(pairing[1]), bot(pairing[0])]
    result = play_game(2, lineup, game_rng(seed, game))
    return result.winner == (0 if first else 1)


def terra_mystica_play(pairing: tuple[str, str], game: int, seed: int, seconds: float) -> bool:
    """One 2-player Terra Mystica game (random base-game factions and setup tiles from the game's seed, base map);
    True when ``pairing[0]`` wins alone or shares the win (the rules name no tie-breaker). Seats swap every
    game: in games ``2k`` and ``2k + 1`` the same factions and tiles are dealt, the bots in swapped seats."""
    import random

    from companion.terra_mystica import game as tm
    from companion.terra_mystica.bots import make_bot, play_game
    from companion.terra_mystica.factions import get_faction
    from companion.terra_mystica.search import SearchBot

    def bot(name: str):
        if name in TM_GREEDY:
            return TM_GREEDY[name]()
        return SearchBot(seconds=seconds, clock=CLOCK[0]) if name == "search" else make_bot(name)

    first = game % 2 == 0
    deal = random.Random(f"{seed}:{game // 2}")
    base = [f for f in tm.free_factions(()) if get_faction(f).expansion == "base"]
    one = deal.choice(base)
    pair = [one, deal.choice([f for f in tm.free_factions([one]) if f in base])]
    lineup = [bot(pairing[0]), bot(pairing[1])] if first else [bot(pairing[1]), bot(pairing[0])]
    last = play_game(tm.new_game(pair, seed=seed * 1000 + game // 2), lineup, random.Random(f"{seed}:{game}"))[-1]
    winners = tm.score(last).winners
    return tm.seat_names(last)[0 if first else 1] in winners


def _value_greedy():
    from companion.terra_mystica.move_value import ValueGreedyBot

    return ValueGreedyBot()


def _lookahead_greedy():
    from companion.terra_mystica.bot_lookahead import LookaheadGreedyBot

    return LookaheadGreedyBot()


TM_GREEDY = {"value": _value_greedy, "lookahead": _lookahead_greedy}
"""Terra Mystica greedy bots by how they value a move: ``value`` reads each move's value from what it is
(:class:`~companion.terra_mystica.move_value.ValueGreedyBot`, what ``make_bot("greedy")`` plays since issue 19),
``lookahead`` applies every move (:class:`~companion.terra_mystica.bot_lookahead.LookaheadGreedyBot`,
``make_bot("lookahead")``)."""


def magick_play(pairing: tuple[str, str], game: int, seed: int, seconds: float) -> bool:
    """One 2-player Merchants of Magick game of the search bot; True when it has the most gold (a tie is a
    shared win). Seats swap every game (:func:`magick_strength.one_game`)."""
    from magick_strength import one_game

    from companion.magick import search

    if pairing[0] != "search":
        raise ValueError(f"magick: pairings are the search bot against another, found {pairing}")
    result = one_game((game, pairing[1], search.DEFAULT_PLAYOUTS, search.DEFAULT_WIDTH, seconds, seed, True))
    return result[0] >= 0.5


GAMES: dict[str, tuple[Callable[[tuple[str, str], int, int, float], bool], list[tuple[str, str]]]] = {
    "century": (century_play, [("search", "greedy"), ("search", "random")]),
    "terra_mystica": (terra_mystica_play, [("search", "greedy"), ("search", "random"), ("value", "random"),
                                           ("value", "lookahead"),
                                           ("search", "lookahead")]),
    "magick": (magick_play, [("search", "greedy"), ("search", "random")]),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(GAMES), default="century")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seconds", type=float, default=1.0, help="search bot time cap per move (s)")
    parser.add_argument("--seed", type=int, default=20)
    parser.add_argument("--minutes", type=float, default=None, help="stop each pairing after this long")
    parser.add_argument("--pairing", default=None, help="only this pairing, e.g. 'search-greedy' (to run "
                        "pairings in parallel processes)")
    parser.add_argument("--first", type=int, default=0, help="index of the first game (to split a pairing "
                        "over processes: games first .. first + games - 1)")
    parser.add_argument("--progress", type=int, default=0, help="print the tally every N games (0: never)")
    parser.add_argument("--clock", choices=["wall", "cpu"], default="wall",
                        help="read the search cap on wall-clock time (the notebooks') or this process's CPU time")
    args = parser.parse_args()
    if args.clock == "cpu":
        CLOCK[0] = time.process_time
    play, pairings = GAMES[args.game]
    if args.pairing is not None:
        pairings = [pairing for pairing in pairings if "-".join(pairing) == args.pairing]
        if not pairings:
            parser.error(f"--pairing: expected one of {', '.join('-'.join(p) for p in GAMES[args.game][1])}")
    print(f"{args.game}: 2 players, seats alternated, search cap {args.seconds:g} s ({args.clock} clock) per move, "
          f"seed {args.seed}")
    print(f"{'pairing':<20} {'games':>5} {'wins':>5} {'win rate':>8}  95 % interval   s/game")
    for pairing in pairings:
        wins = played = 0
        start, cpu = time.perf_counter(), time.process_time()
        for g in range(args.first, args.first + args.games):
            wins += play(pairing, g, args.seed, args.seconds)
            played += 1
            if args.progress and played % args.progress == 0:
                print(f"  {'-'.join(pairing)}: {wins} / {played} after {time.perf_counter() - start:.0f} s",
                      flush=True)
            if args.minutes is not None and time.perf_counter() - start > 60 * args.minutes:
                break
        low, high = wilson(wins, played)
        per = (time.perf_counter() - start) / played
        cpu_per = (time.process_time() - cpu) / played
        print(f"{pairing[0] + ' vs ' + pairing[1]:<20} {played:>5} {wins:>5} {wins / played:>8.1%}  "
              f"{low:6.1%} - {high:6.1%}  {per:6.2f}  (CPU {cpu_per:.2f})", flush=True)


if __name__ == "__main__":
    main()
