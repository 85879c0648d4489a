"""Simulate many Century: Golem Edition games between bots and summarise them.

API summary (stable)
--------------------
``play_game(n_players, bots, rng, *, max_turns=3000, record=False) -> GameResult``   one game; ``bots`` one
    per seat; with ``record`` the whole game is kept as a ``GameRecord`` (``GameResult.record``).
``simulate(n_players=4, games=100, seed=0, bots=("random",), *, rotate=True, progress=True,
max_turns=3000, workers=1) -> SimulationResult``
    ``bots`` is one bot name for every seat or one per seat. With mixed bots and ``rotate`` the line-up is
    rotated one seat per game, so seat and bot effects can be told apart. A tqdm bar shows progress.
    Game ``g`` draws from its own stream ``game_rng(seed, g)``, so ``workers`` processes give results
    identical to one.
``game_rng(seed, game) -> random.Random``  the stream of one game of a simulation.
``SimulationResult``: ``games`` (GameResult list), ``seconds``, ``games_per_second``, ``mean_turns``,
    ``wins_by_seat`` (list of win counts), ``win_rate_by_seat``, ``win_rate_by_bot`` (wins / seats played),
    ``score_spread`` (mean, sd, min, max of all totals; mean winning margin), ``summary()`` (the CLI's JSON).
``GameResult``: ``bots`` (by seat), ``turns``, ``rounds``, ``totals`` (VP by seat), ``winner`` (seat),
    ``finished`` (False when stopped at ``max_turns``), ``record`` (``GameRecord`` or None).
Charts of a result are drawn by :mod:`companion.widgets.century.plots` (this module decides nothing about display).

A game stopped at ``max_turns`` (random bots can dither) counts in ``unfinished`` and is left out of win
rates; with the default cap this essentially never happens (random 4-player games last about 260 turns).
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.century.bots import Bot, make_bot
from companion.century.engine import apply_action, new_game, sample_action, sample_and_apply, score
from companion.century.record import GameRecord
from companion.century.state import chance_pending
from companion.errors import CompanionError
from companion.i18n import _
from companion.jsonio import excerpt

__all__ = ["MAX_GAMES", "MAX_WORKERS", "GameResult", "SimulationResult", "play_game", "simulate", "game_rng",
]

MAX_GAMES = 1_000_000
"""Most games one ``simulate`` call plays (a larger number is refused as a typing slip, never run for hours)."""
MAX_WORKERS = 64
"""Most worker processes (more than any table-side machine has cores)."""


@dataclass(frozen=True)
class GameResult:
    """One simulated game."""

    bots: tuple[str, ...]
    turns: int
    rounds: int
    totals: tuple[int, ...]
    winner: int
    finished: bool
    record: GameRecord | None = None


@dataclass
class SimulationResult:
    """Many simulated games and their summary figures."""

    n_players: int
    seed: int
    games: list[GameResult] = field(default_factory=list)
    seconds: float = 0.0
    workers: int = 1

    @property
    def finished_games(self) -> list[GameResult]:
        return [g for g in self.games if g.finished]

    @property
    def unfinished(self) -> int:
        return len(self.games) - len(self.finished_games)

    @property
    def games_per_second(self) -> float:
        return len(self.games) / self.seconds if self.seconds > 0 and self.games else 0.0

    @property
    def mean_turns(self) -> float:
        return statistics.fmean(g.turns for g in self.games) if self.games else 0.0

    @property
    def wins_by_seat(self) -> list[int]:
        wins = [0] * self.n_players
        for g in self.finished_games:
            wins[g.winner] += 1
        return wins

    @property
    def win_rate_by_seat(self) -> list[float]:
        n = len(self.finished_games)
        return [w / n if n else 0.0 for w in self.wins_by_seat]

    @property
    def win_rate_by_bot(self) -> dict[str, float]:
        seats: dict[str, int] = {}
        wins: dict[str, int] = {}
        for g in self.finished_games:
            for name in g.bots:
                seats[name] = seats.get(name, 0) + 1
            wins[g.bots[g.winner]] = wins.get(g.bots[g.winner], 0) + 1
        return {name: wins.get(name, 0) / seats[name] for name in seats}

    @property
    def score_spread(self) -> dict[str, float]:
        totals = [t for g in self.finished_games for t in g.totals]
        if not totals:
            return {"mean": 0.0, "sd": 0.0, "min": 0.0, "max": 0.0, "mean_winning_margin": 0.0}
        margins = []
        for g in self.finished_games:
            ordered = sorted(g.totals, reverse=True)
            margins.append(ordered[0] - ordered[1])
        return {"mean": statistics.fmean(totals), "sd": statistics.pstdev(totals), "min": float(min(totals)),
                "max": float(max(totals)), "mean_winning_margin": statistics.fmean(margins)}

    def summary(self) -> dict[str, Any]:
        """The figures as a JSON-ready dict (what ``companion century simulate --json`` prints)."""
        return {
            "players": self.n_players,
            "seed": self.seed,
            "games": len(self.games),
            "unfinished": self.unfinished,
            "seconds": round(self.seconds, 4),
            "workers": self.workers,
            "games_per_second": round(self.games_per_second, 2),
            "mean_turns": round(self.mean_turns, 2),
            "mean_rounds": round(statistics.fmean(g.rounds for g in self.games), 2) if self.games else 0.0,
            "wins_by_seat": self.wins_by_seat,
            "win_rate_by_seat": [round(x, 4) for x in self.win_rate_by_seat],
            "win_rate_by_bot": {k: round(v, 4) for k, v in self.win_rate_by_bot.items()},
            "score_spread": {k: round(v, 2) for k, v in self.score_spread.items()},
        }


def play_game(n_players: int, bots: Sequence[Bot], rng: random.Random, *, max_turns: int = 3000,
              record: bool = False) -> GameResult:
    """Play one game from a random deal; chance reveals come from ``rng``.

    Parameters
    ----------
    bots : sequence of Bot
        One per seat, first player first.
    max_turns : int
        Stop (unfinished) after this many turns.
    record : bool
        Keep every action (setup reveals included) in ``GameResult.record``, e.g. to replay a bot game
        step by step or write it with :func:`companion.century.record.write_record`.
    """
    if record:
        s = new_game(n_players, deal=False)
        actions = []
        while not s.finished and s.turn < max_turns:
            a = sample_action(s, rng) if chance_pending(s) else bots[s.current].choose(s, rng)
            s = apply_action(s, a)
            actions.append(a)
        table = score(s)
        return GameResult(tuple(b.name for b in bots), s.turn, s.round if not s.finished else s.turn // n_players,
                          tuple(line.total for line in table.lines), table.winner_index, s.finished,
                          GameRecord(n_players, tuple(actions), tuple(f"{b.name} {i + 1}" for i, b in enumerate(bots))))
    s = new_game(n_players, rng=rng)
    if all(b.name == "random" for b in bots):
        # Random bots for every seat: the rules' own random step (the same games as asking each bot object).
        while not s.finished and s.turn < max_turns:
            s = sample_and_apply(s, rng)
    else:
        while not s.finished and s.turn < max_turns:
            if chance_pending(s):
                s = sample_and_apply(s, rng)
            else:
                s = apply_action(s, bots[s.current].choose(s, rng))
    table = score(s)
    return GameResult(tuple(b.name for b in bots), s.turn, s.round if not s.finished else s.turn // n_players,
                      tuple(line.total for line in table.lines), table.winner_index, s.finished)


def game_rng(seed: int, game: int) -> random.Random:
    """The random stream of game number ``game`` (0-based) of a simulation with ``seed``.

    Every game has its own stream derived from the seed (a string seed, hashed with SHA-512 by
    :class:`random.Random`, so it is the same on every machine and process). Game ``g`` is therefore the
    same game whichever worker plays it and however many workers there are.
    """
    return random.Random(f"century-simulate/{seed}/{game}")


def _lineup(names: Sequence[str], game: int, rotate: bool) -> list[Bot]:
    """The bots of game ``game``: with mixed bots and ``rotate``, rotated one seat per game."""
    n = len(names)
    k = game % n if (rotate and len(set(names)) > 1) else 0
    return [make_bot(name) for name in [*names[k:], *names[:k]]]


def _play_block(n_players: int, names: Sequence[str], seed: int, start: int, stop: int, rotate: bool,
                max_turns: int, record_first: bool = False) -> list[GameResult]:
    """Games ``start``..``stop - 1`` of a simulation (run in a worker process when ``workers > 1``); with
    ``record_first`` game 0 keeps its record."""
    return [play_game(n_players, _lineup(names, g, rotate), game_rng(seed, g), max_turns=max_turns,
                      record=record_first and g == 0)
            for g in range(start, stop)]


def simulate(n_players: int = 4, games: int = 100, seed: int = 0, bots: Sequence[str] = ("random",), *,
             rotate: bool = True, progress: bool = True, max_turns: int = 3000,
             workers: int = 1, record_first: bool = False) -> SimulationResult:
    """Run ``games`` games and collect the results (see the module docstring).

    Parameters
    ----------
    record_first : bool
        Play the first game with every action kept (``result.games[0].record``, a ``GameRecord`` that
        :func:`companion.century.record.write_record` writes): its deal is drawn step by step, so that game
        differs from the one played without a record (same seed).
    workers : int
        Worker processes (:class:`concurrent.futures.ProcessPoolExecutor`); 1 plays in this process. Game
        ``g`` always draws from its own stream :func:`game_rng(seed, g) <game_rng>`, so the results are
        identical for any number of workers (same seed and number of games).

    Raises
    ------
    CompanionError
        For a player count outside 2..5, games outside 0..:data:`MAX_GAMES`, workers outside
        1..:data:`MAX_WORKERS`, an unknown bot
        name, or a bot list that is neither one name nor one per seat.
    """
    from tqdm.auto import tqdm

    if isinstance(n_players, bool) or not isinstance(n_players, int) or not 2 <= n_players <= 5:
        raise CompanionError(_("--players: Century is played by 2 to 5 players, not {n}").format(n=excerpt(n_players)))
    if isinstance(games, bool) or not isinstance(games, int) or not 0 <= games <= MAX_GAMES:
        raise CompanionError(_("--games: expected 0 to {most} games, not {n}").format(most=f"{MAX_GAMES:,}",
                                                                                      n=excerpt(games)))
    if isinstance(workers, bool) or not isinstance(workers, int) or not 1 <= workers <= MAX_WORKERS:
        raise CompanionError(_("--workers: expected 1 to {most} worker processes, not {n}")
                             .format(most=MAX_WORKERS, n=excerpt(workers)))
    names = list(bots)
    if len(names) == 1:
        names = names * n_players
    if len(names) != n_players:
        raise CompanionError(_("--bots: give one bot for every seat or one per seat ({seats}), not {n}")
                             .format(seats=n_players, n=len(names)))
    for name in names:
        make_bot(name)
    result = SimulationResult(n_players, seed, workers=workers)
    start = time.perf_counter()
    bar = tqdm(total=games, disable=not progress, desc=_("Century games"), unit=_("game"))
    try:
        if workers == 1 or games < 2:
            for g in range(games):
                result.games.extend(_play_block(n_players, names, seed, g, g + 1, rotate, max_turns, record_first))
                bar.update()
        else:
            from concurrent.futures import ProcessPoolExecutor, as_completed

            size = max(1, min(50, games // (4 * workers)))  # small blocks: balanced work and a live bar
            blocks: dict[int, list[GameResult]] = {}
            with ProcessPoolExecutor(max_workers=workers) as pool:
                futures = {pool.submit(_play_block, n_players, names, seed, b, min(b + size, games), rotate,
                                       max_turns, record_first): b for b in range(0, games, size)}
                for future in as_completed(futures):
                    block = future.result()
                    blocks[futures[future]] = block
                    bar.update(len(block))
            for b in sorted(blocks):
                result.games.extend(blocks[b])
    finally:
        bar.close()
    result.seconds = time.perf_counter() - start
    return result
