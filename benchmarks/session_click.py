"""Benchmark: the cost of one click early and late in a game, through the session and the Century widget.

Run: ``.venv/bin/python benchmarks/session_click.py [--repeat N]``.

A click is one person's action handed to :class:`companion.session.Session` (applied once, then the chance
steps it triggers are resolved). For each game a whole game is played first (seeded random legal actions,
every seat a person; Terra Mystica: the first shipped real game, 4 players), then the session is reopened
at an early and a late decision and the next action is timed there (median of ``--repeat`` runs, each on a
fresh copy of the session, in milliseconds). The Century widget row times
:meth:`companion.widgets.century.game.CenturyGame.human_action` (session, table, picker, history, record
text and chart) at decisions 1, 125 and 250 of a hot-seat game (median of ``--repeat`` clicks from there).
"Late" is decision 250 (or the last one when the game is shorter). The target: late costs about what early
costs. A second widget row leaves the VP chart out: its lines hold one point per turn, which plotly
validates and copies on every edit, so that part grows with the game. (The widget's first ten turns are cheaper: the VP chart's x axis stays 0..10, so only the lines are
sent; from turn 10 on the axis is widened with each turn.)
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from companion.games import GAMES
from companion.protocol import CHANCE
from companion.session import Session


def _random_game(name: str, seed: int) -> list:
    game = GAMES[name]
    session = Session(game, 2 if name == "century" else 3, seed=seed)
    rng = random.Random(seed)
    while not session.is_terminal():
        session.apply(rng.choice(session.legal_actions()))
    return session.states


def _real_tm_game() -> list:
    from companion.terra_mystica.engine.games import game_text, shipped_games

    return Session.from_record(GAMES["terra_mystica"], game_text(shipped_games()[0]["game_id"])).states


def _decisions(game, states: list) -> list[int]:
    """State indices where a player (not chance) is to act."""
    return [i for i, s in enumerate(states[:-1]) if game.current_player(s) != CHANCE]


def _time_click(game, states: list, index: int, repeat: int) -> float:
    action = states[-1].history[index]
    times = []
    for _ in range(repeat):
        session = Session(game, states=states[:index + 1])
        t0 = time.perf_counter()
        session.apply(action)
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times)


def _widget_clicks(repeat: int, points: tuple[int, ...], chart: bool = True) -> tuple[list[float], int]:
    """Median ms of ``repeat`` CenturyGame clicks from each decision in ``points`` (1-based)."""
    from companion.widgets.century.game import CenturyGame

    widget = CenturyGame(players=2, controllers=["human", "human"], seed=1)
    if not chart:
        widget._update_chart = lambda: None
    rng = random.Random(1)
    times: list[float] = []
    while not widget.session.is_terminal() and len(times) < max(points) + repeat:
        action = rng.choice(widget.session.legal_actions())
        t0 = time.perf_counter()
        widget.human_action(action)
        times.append((time.perf_counter() - t0) * 1000)
    return [statistics.median(times[p - 1:p - 1 + repeat] or times[-repeat:]) for p in points], len(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=7)
    ap.add_argument("--late", type=int, default=250, help="the late decision (default 250)")
    args = ap.parse_args()
    print(f"{'click through':34s} {'decisions':>9s} {'early ms':>9s} {'late ms':>8s}  late at")
    for name in ("century", "magick", "terra_mystica"):
        game = GAMES[name]
        states = _real_tm_game() if name == "terra_mystica" else _random_game(name, 1)
        points = _decisions(game, states)
        early_i, late_i = points[1], points[min(args.late, len(points) - 1)]
        early = _time_click(game, states, early_i, args.repeat)
        late = _time_click(game, states, late_i, args.repeat)
        print(f"{'session: ' + name:34s} {len(points):9d} {early:9.2f} {late:8.2f}  decision "
              f"{points.index(late_i)} (state {late_i})")
    for chart in (True, False):
        (early, mid, late), made = _widget_clicks(args.repeat, (1, args.late // 2, args.late), chart)
        label = "widget: CenturyGame" + ("" if chart else " without chart")
        print(f"{label:34s} {made:9d} {early:9.2f} {late:8.2f}  decision {args.late} "
              f"({mid:.2f} ms at decision {args.late // 2})")


if __name__ == "__main__":
    main()
