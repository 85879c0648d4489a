"""How each faction fares on a Terra Mystica map: by analysis of the map, and by bot games on it.

:func:`analysis` is read off the map (per home terrain: hexes, edge and river-side hexes, land neighbours
at 0..3 spades, the largest same-terrain cluster, bridge spots) plus, per faction, the hexes its starting
dwellings take when the greedy bot places them (:func:`first_dwellings`: two, the Nomads three, the Chaos
Magicians one).

:func:`simulate_balance` plays ``games`` whole games on the map (:func:`companion.terra_mystica.bots.
make_bot`, :func:`~companion.terra_mystica.bots.play_game`): game ``k`` seats faction ``k mod F`` of the
``F`` factions (turn by turn, at seat ``(k // F) mod players``) against opponents drawn at random among the
factions of other colours; every seat is played by the same bot. Every seat of every game counts for its
faction: mean final VP with a 95 % interval (normal approximation, ``mean ± 1.96 s / √n``) and win share
(a tie shares the win) with a 95 % Wilson interval.

The factions are the base game's 14 (home terrain on the terrain wheel), the ones a designer balances a
map for; the Fire & Ice factions set up differently (ice, volcano, variable) and are left out.

Examples
--------
>>> from companion.terra_mystica.hexmap import load_shipped_map
>>> doc = analysis(load_shipped_map("base"), first_dwelling=False)
>>> doc["terrains"]["Y"]["hexes"], doc["terrains"]["Y"]["largest_cluster"]
(11, 1)
"""

from __future__ import annotations

import math
import random
import sys
import time
from collections.abc import Callable, Sequence
from statistics import mean, stdev
from typing import Any

from companion.errors import CompanionError
from companion.i18n import _
from companion.jsonio import excerpt
from companion.terra_mystica.hexmap import TerraMysticaMap, map_record_name
from companion.terra_mystica.mapedit import (
    home_letter,
    most_players,
    playability,
    seat_refusal,
    seatable_factions,
    start_dwellings,
    wheel_factions,
)
from companion.terra_mystica.terrain import terrain_wheel

__all__ = ["MAX_GAMES", "Z95", "balance_factions", "first_dwellings", "analysis", "mean_interval",
           "wilson_interval", "simulate_balance"]

#: Most games one call plays (a typing slip rather than days of computing beyond this).
MAX_GAMES = 100_000
#: The normal quantile of a two-sided 95 % interval.
Z95 = 1.959964


def balance_factions(tm_map: TerraMysticaMap) -> list[str]:
    """The base-game factions (home terrain on the wheel) the engine plays that can be seated on ``tm_map``:
    their home terrain has a hex for each starting dwelling
    (:func:`~companion.terra_mystica.mapedit.seatable_factions`)."""
    from companion.terra_mystica import game

    refused = game.unplayable_factions(map_record_name(tm_map))
    return [f for f in seatable_factions(tm_map) if f not in refused]


def first_dwellings(tm_map: TerraMysticaMap, faction: str, *, bot: str = "greedy", seed: int = 0) -> list[str]:
    """The hexes ``faction``'s starting dwellings take when ``bot`` places them, seated first against
    one opponent of another colour (the first faction of :func:`balance_factions` that fits).

    Parameters
    ----------
    tm_map : TerraMysticaMap
    faction : str
        An engine faction name (``"nomads"``).
    bot : str
        A bot name :func:`~companion.terra_mystica.bots.make_bot` knows.
    seed : int
        Seeds the bots and the setup draw.

    Returns
    -------
    list of str
        Hex labels in the order placed: as many as the faction places at setup
        (:func:`~companion.terra_mystica.mapedit.start_dwellings`; rulebook setup and faction boards:
        two, the Nomads three, the Chaos Magicians one, after everyone else).

    Raises
    ------
    CompanionError
        When two players cannot play on the map (:func:`~companion.terra_mystica.mapedit.playability`).
    """
    from companion.terra_mystica import game
    from companion.terra_mystica.bots import make_bot

    wanted = start_dwellings(faction)
    unplayable = playability(tm_map, 2)
    if unplayable is not None:
        most = most_players(tm_map)
        if most >= 2:
            raise CompanionError(_("this map cannot be played: {reason}; up to {most} players can play it").format(
                reason=unplayable, most=most))
        raise CompanionError(_("this map cannot be played: {reason}").format(reason=unplayable))
    home = home_letter(faction)
    opponent = next(f for f in balance_factions(tm_map) if home_letter(f) != home)
    state = game.new_game([faction, opponent], map_name=map_record_name(tm_map))
    rng = random.Random(seed)
    bots = [make_bot(bot), make_bot(bot)]
    placed: list[str] = []
    for _step in range(200):
        if len(placed) >= wanted or game.is_terminal(state):
            break
        seat = game.current_player(state)
        if seat == game.CHANCE:
            action = game.sample_chance(state, rng)
        else:
            action = bots[seat].choose(state, rng, seat)
            if seat == 0:
                placed += [h for verb, h in game.action_hexes(action) if verb == "build"]
        state = game.apply_action(state, action)
    return placed


def analysis(tm_map: TerraMysticaMap, *, first_dwelling: bool = True, bot: str = "greedy") -> dict[str, Any]:
    """The map read per home terrain.

    Returns
    -------
    dict
        ``map_id`` and ``terrains``: terrain letter -> ``hexes``, ``edge_hexes``, ``river_side_hexes``,
        ``neighbours_by_spades`` (list of 4: land-neighbour contacts at 0, 1, 2, 3 spades, one per hex and
        neighbour), ``largest_cluster`` (hexes), ``bridge_spots`` (spots with an end on the terrain),
        ``first_dwellings`` (faction -> hex labels, :func:`first_dwellings`; empty when
        ``first_dwelling`` is False or two players cannot play on the map) and ``unseated_factions`` (the
        terrain's base-game factions that cannot place their starting dwellings on the map, too few hexes:
        :func:`~companion.terra_mystica.mapedit.seat_refusal`; they have no first dwellings).

    Examples
    --------
    >>> from companion.terra_mystica.hexmap import map_from_rows
    >>> doc = analysis(map_from_rows([list("USGBYRUKRGBRK")]), first_dwelling=False)   # desert: 1 hex
    >>> doc["terrains"]["Y"]["unseated_factions"], doc["terrains"]["U"]["unseated_factions"]
    (['fakirs', 'nomads'], [])
    """
    from companion.terra_mystica.mapgen import largest_clusters

    wheel = terrain_wheel()
    clusters = largest_clusters(tm_map)
    factions = balance_factions(tm_map) if first_dwelling and playability(tm_map, 2) is None else []
    out = {}
    for t in wheel.letters:
        own = [k for k in tm_map.land_hexes if tm_map.hexes[k].terrain == t]
        by_spades = [0, 0, 0, 0]
        for k in own:
            for n in tm_map.land_neighbours(k):
                by_spades[wheel.spade_distance(t, tm_map.hexes[n].terrain)] += 1
        out[t] = {
            "hexes": len(own),
            "edge_hexes": sum(1 for k in own if tm_map.hexes[k].edge),
            "river_side_hexes": sum(1 for k in own if any(tm_map.hexes[n].river for n in tm_map.neighbours(k))),
            "neighbours_by_spades": by_spades,
            "largest_cluster": clusters[t],
            "bridge_spots": sum(1 for a, b in tm_map.bridge_spots if t in (tm_map.hexes[a].terrain,
                                                                           tm_map.hexes[b].terrain)),
            "first_dwellings": {f: first_dwellings(tm_map, f, bot=bot) for f in factions if home_letter(f) == t},
            "unseated_factions": [f for f in wheel_factions()
                                  if home_letter(f) == t and seat_refusal(tm_map, f) is not None],
        }
    return {"map_id": tm_map.map_id, "terrains": out}


def mean_interval(values: Sequence[float]) -> tuple[float, float | None, float | None]:
    """Mean and 95 % interval ``mean ± 1.96 s / √n``; from one value there is no interval (None, None).

    Examples
    --------
    >>> mean_interval([90, 100, 110])
    (100.0, 88.68, 111.32)
    >>> mean_interval([88])
    (88.0, None, None)
    """
    m = float(mean(values))
    if len(values) < 2:
        return round(m, 2), None, None
    half = Z95 * stdev(values) / math.sqrt(len(values))
    return round(m, 2), round(m - half, 2), round(m + half, 2)


def wilson_interval(wins: float, n: int) -> tuple[float, float, float]:
    """Share ``wins / n`` and its 95 % Wilson score interval.

    Examples
    --------
    >>> wilson_interval(5, 10)
    (0.5, 0.2366, 0.7634)
    """
    p = wins / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return round(p, 4), round(max(0.0, centre - half), 4), round(min(1.0, centre + half), 4)


def _seating(k: int, factions: Sequence[str], players: int, seed: int) -> tuple[list[str], random.Random]:
    rng = random.Random(f"{seed}:{k}")
    focal = factions[k % len(factions)]
    taken = {home_letter(focal)}
    others = []
    pool = [f for f in factions if f != focal]
    rng.shuffle(pool)
    for f in pool:
        if len(others) == players - 1:
            break
        if home_letter(f) not in taken:
            taken.add(home_letter(f))
            others.append(f)
    seat = (k // len(factions)) % players
    return others[:seat] + [focal] + others[seat:], rng


def _play(job: tuple[int, str, tuple[str, ...], int, str, int]) -> tuple[int, list[tuple[str, int, float]] | str]:
    """One game: ``(k, [(faction, final VP, win share), ...])`` or ``(k, error text)``."""
    from companion.terra_mystica import game
    from companion.terra_mystica.bots import make_bot, play_game

    k, map_name, factions, players, bot, seed = job
    seats, rng = _seating(k, factions, players, seed)
    try:
        state = game.new_game(seats, map_name=map_name)
        last = play_game(state, [make_bot(bot) for _ in seats], rng)[-1]
        sheet = game.score(last)
    except CompanionError as exc:
        return k, f"{type(exc).__name__}: {exc}"
    winners = list(sheet.winners)
    return k, [(p.name, p.total, (1 / len(winners)) if p.name in winners else 0.0) for p in sheet.players]


def simulate_balance(tm_map: TerraMysticaMap, *, games: int = 100, players: int = 4, bot: str = "greedy",
                     seed: int = 0, workers: int = 1, progress: bool | None = None,
                     on_game: Callable[[int, int], None] | None = None) -> dict[str, Any]:
    """Play ``games`` bot games on ``tm_map`` and report mean VP and win share per faction.

    Parameters
    ----------
    tm_map : TerraMysticaMap
    games : int
        1..:data:`MAX_GAMES`.
    players : int
        2..5 seats a game.
    bot : str
        The bot for every seat (``companion.terra_mystica.bots.BOTS``).
    seed : int
        Game ``k`` uses ``random.Random(f"{seed}:{k}")`` for its opponents, chance and bots.
    workers : int
        Processes playing games at once (1: in this process). The result does not depend on it.
    progress : bool, optional
        tqdm bar on stderr (default: when stderr is a terminal).
    on_game : callable, optional
        Called as ``on_game(done, games)`` after each game (a widget's progress bar).

    Returns
    -------
    dict
        ``map_id``, ``map`` (record name), ``games``, ``players``, ``bot``, ``seed``, ``workers``,
        ``seconds`` (wall clock), ``failures`` (``{"game", "error"}``), and ``factions``: faction ->
        ``home_terrain`` (letter), ``seats`` (games played), ``mean_vp``, ``vp_low``, ``vp_high`` (95 %),
        ``win_share``, ``win_low``, ``win_high`` (95 % Wilson); the four bounds are None for a faction seated
        in one game only (no interval from one game).

    Raises
    ------
    CompanionError
        For games outside 1..:data:`MAX_GAMES`, players outside 2..5, an unknown bot, workers < 1, or a
        map that ``players`` cannot play (fewer than ``players`` home terrains with a hex for each starting
        dwelling, :func:`~companion.terra_mystica.mapedit.playability`; raised before any game, naming the
        terrains and their hexes).
    """
    from tqdm import tqdm

    from companion.terra_mystica.bots import BOTS

    if isinstance(games, bool) or not isinstance(games, int) or not 1 <= games <= MAX_GAMES:
        raise CompanionError(_("--games: expected 1 to {most:,} games, not {value}").format(most=MAX_GAMES,
                                                                                           value=excerpt(games)))
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 5:
        raise CompanionError(_("--players: Terra Mystica is played by 2 to 5 players, not {value}").format(
            value=excerpt(players)))
    if bot not in BOTS:
        raise CompanionError(_("--bot: unknown bot {value}; expected one of {bots}").format(
            value=excerpt(bot), bots=_(", ").join(BOTS)))
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise CompanionError(_("--workers: expected 1 or more, not {value}").format(value=excerpt(workers)))
    unplayable = playability(tm_map, players)
    if unplayable is not None:
        most = most_players(tm_map)
        if most >= 2:
            raise CompanionError(_("this map cannot be played: {reason}; up to {most} players can play it").format(
                reason=unplayable, most=most))
        raise CompanionError(_("this map cannot be played: {reason}").format(reason=unplayable))
    factions = tuple(balance_factions(tm_map))
    name = map_record_name(tm_map)
    jobs = [(k, name, factions, players, bot, seed) for k in range(games)]
    show = sys.stderr.isatty() if progress is None else progress
    results: dict[int, list | str] = {}
    start = time.perf_counter()
    bar = tqdm(total=games, desc="tm balance", unit="game", disable=not show, file=sys.stderr)
    if workers == 1:
        for job in jobs:
            k, result = _play(job)
            results[k] = result
            bar.update()
            if on_game is not None:
                on_game(len(results), games)
    else:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(max_workers=workers) as pool:
            for k, result in pool.map(_play, jobs, chunksize=max(1, min(20, games // (workers * 4) or 1))):
                results[k] = result
                bar.update()
                if on_game is not None:
                    on_game(len(results), games)
    bar.close()
    seconds = time.perf_counter() - start
    vp: dict[str, list[int]] = {f: [] for f in factions}
    wins: dict[str, float] = dict.fromkeys(factions, 0.0)
    failures = []
    for k in sorted(results):
        result = results[k]
        if isinstance(result, str):
            failures.append({"game": k, "error": result})
            continue
        for faction, total, share in result:
            vp[faction].append(total)
            wins[faction] += share
    table = {}
    for f in factions:
        if not vp[f]:
            continue
        m, low, high = mean_interval(vp[f])
        share, w_low, w_high = wilson_interval(wins[f], len(vp[f]))
        if len(vp[f]) < 2:   # one game gives a share, not an interval
            w_low = w_high = None
        table[f] = {"home_terrain": home_letter(f), "seats": len(vp[f]), "mean_vp": m, "vp_low": low,
                    "vp_high": high, "win_share": share, "win_low": w_low, "win_high": w_high}
    return {"map_id": tm_map.map_id, "map": name, "games": games, "players": players, "bot": bot, "seed": seed,
            "workers": workers, "seconds": round(seconds, 3), "failures": failures, "factions": table}
