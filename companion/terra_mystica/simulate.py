"""Bots play whole Terra Mystica games; each game is written as a ledger and replayed (issue 15).

:func:`simulate` is what ``companion tm simulate`` runs: for each game, seeded chance (round scoring and
bonus tiles), faction picks (the given factions, else each bot picks among the factions the engine
offers), then every decision by the seat's bot (:mod:`companion.terra_mystica.bots`). Each finished
game is turned into a ledger (:func:`ledger_text`: the command log of the engine's
:func:`~companion.terra_mystica.engine.write_record` with every row's totals, engine rows included) and
replayed by the engine's replayer, which compares every row's VP, resources, bowls and cult positions;
a game whose ledger does not replay exactly is counted in ``replay_differences``.

Examples
--------
>>> from companion.terra_mystica.simulate import simulate
>>> doc = simulate(2, factions=["witches", "nomads"], games=1, seed=1, bots=["random"])
>>> doc["games"], doc["replay_differences"], sorted(doc["vp_by_faction"])
(1, 0, ['nomads', 'witches'])
"""

from __future__ import annotations

import random
import sys
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from statistics import mean
from typing import Any

from companion.errors import CompanionError
from companion.i18n import _
from companion.jsonio import excerpt

__all__ = ["MAX_GAMES", "check_arguments", "playable_factions", "ledger_text", "replay_differences", "play_one", "simulate"]

MAX_GAMES = 10_000
"""Most games one ``simulate`` call plays (a 4-player game of greedy bots takes about 2 s, so this is already
hours; a larger number is refused as a typing slip rather than run for days)."""


def playable_factions() -> list[str]:
    """The factions a new game offers at its first faction pick (the protocol adapter's list, so a faction
    the engine accepts later is playable here with no change)."""
    from companion.terra_mystica import game

    return list(game.free_factions(()))


def check_arguments(players: int | None, factions: Sequence[str] | None, map_name: str | None,
                    bots: Sequence[str], games: int) -> int:
    """Check the simulation arguments; returns the number of players.

    Raises
    ------
    CompanionError
        For 2..5 players broken, a faction count that differs from ``players``, an unknown faction, a
        faction the engine does not accept yet, two factions of one colour (home terrain), an unknown map
        or bot, or a number of games outside 1..:data:`MAX_GAMES`. ``map_name`` is a shipped key or a custom map
        inline (``custom:...``, :data:`~companion.terra_mystica.hexmap.CUSTOM_MAP_PREFIX`).
    """
    from companion.terra_mystica.bots import BOTS
    from companion.terra_mystica.factions import faction_names, get_faction
    from companion.terra_mystica.hexmap import CUSTOM_MAP_PREFIX, map_by_name, shipped_maps

    if isinstance(games, bool) or not isinstance(games, int) or not 1 <= games <= MAX_GAMES:
        raise CompanionError(_("--games: expected 1 to {max_games:,} games, not {excerpt}").format(max_games=MAX_GAMES, excerpt=excerpt(games)))
    if factions:
        if players is not None and players != len(factions):
            raise CompanionError(_("--players {excerpt} but {n_factions} factions given in --factions").format(excerpt=excerpt(players), n_factions=len(factions)))
        players = len(factions)
        known = faction_names()
        colours: dict[str, str] = {}
        for name in factions:
            if name not in known:
                raise CompanionError(_("--factions: unknown faction {excerpt!r}; expected names such as {known} ...").format(excerpt=excerpt(name), known=', '.join(sorted(known)[:6])))
            f = get_faction(name)
            if name not in playable_factions():
                raise CompanionError(_("--factions: {name} ({expansion}) is not playable in the engine yet").format(name=name, expansion=f.expansion))
            if f.home_terrain in colours:
                raise CompanionError(_("--factions: {colours} and {name} share the colour {home_terrain} (one faction per colour)").format(colours=colours[f.home_terrain], name=name, home_terrain=f.home_terrain))
            colours[f.home_terrain] = name
    if players is None:
        players = 4
    if not 2 <= players <= 5:
        raise CompanionError(_("--players: Terra Mystica is played by 2 to 5 players, not {excerpt}").format(excerpt=excerpt(players)))
    for b in bots:
        if b not in BOTS:
            raise CompanionError(_("--bots: unknown bot {excerpt!r}; expected one of {bots}").format(excerpt=excerpt(b), bots=', '.join(BOTS)))
    if map_name is not None and map_name.lower().startswith(CUSTOM_MAP_PREFIX):
        # a custom map inline (a map file read by the command line): must parse, and seat the players
        from companion.terra_mystica.mapedit import playability, seat_refusal

        custom = map_by_name(map_name)
        unplayable = playability(custom, players)
        if unplayable is not None:
            raise CompanionError(_("--map: this map cannot be played: {reason}").format(reason=unplayable))
        for name in factions or ():
            refusal = seat_refusal(custom, name)
            if refusal is not None:
                raise CompanionError(_("--factions: {refusal}").format(refusal=refusal))
    elif map_name is not None:
        keys = [m["key"] for m in shipped_maps()]
        if map_name not in keys:
            raise CompanionError(_("--map: unknown map {excerpt!r}; expected one of {keys}").format(excerpt=excerpt(map_name), keys=', '.join(keys)))
    return players


def ledger_text(state: Any) -> str:
    """The ledger of the game in protocol state ``state``: header lines (options, map, round scoring
    tiles, removed bonus tiles) and one tab-separated row per engine row with its totals (VP, C, W, P,
    power bowls, cult positions), the layout of a snellman ledger export that
    :func:`companion.terra_mystica.engine.read_record` reads. Typed rows are written as the reference engine
    replays them: explicit ``dig N``, colour picks in its order (:mod:`companion.terra_mystica.engine.rows`).

    Parameters
    ----------
    state : GameState
        A protocol state with the engine's game made (after setup).
    """
    from companion.terra_mystica import engine
    from companion.terra_mystica.engine.rows import explicit_rows, setup_order

    game = state.game
    # typed rows as the reference engine replays them (explicit dig N; issue 19), rewritten once
    explicit = explicit_rows(game.setup, [(r.faction, r.label) for r in game.rows if r.typed], game.board)
    header = engine.record_header_lines(game, [f for f, c in setup_order(explicit) if c.strip().lower() == "setup"])
    if state.map_name:
        header.insert(0, f"map {state.map_name}")
    typed = iter(explicit)
    labelled = [(r.faction, next(typed)[1] if r.typed else r.label, r.totals) for r in game.rows]
    rows = []
    for faction, label, totals in setup_order(labelled):
        vp, c, w, p, b1, b2, b3, fire, water, earth, air = totals
        rows.append(f"{faction}\t\t{vp} VP\t\t{c} C\t\t{w} W\t\t{p} P\t\t{b1}/{b2}/{b3} PW\t\t"
                    f"{fire}/{water}/{earth}/{air}\t\t{label}")
    return "\n".join(header + rows) + "\n"


def replay_differences(text: str) -> list:
    """Replay a ledger with the engine and return its differences (empty: the ledger replays exactly).

    Raises
    ------
    RecordError
        If the ledger cannot be read.
    """
    from companion.terra_mystica.engine import read_record, replay

    return list(replay(read_record(text), keep_going=True).mismatches)


def play_one(players: int, factions: Sequence[str] | None, map_name: str | None, bots: Sequence[str],
             rng: random.Random, final_scoring: str | None = None) -> Any:
    """One whole game by bots (seat ``i`` plays ``bots[i % len(bots)]``); returns the last state.
    ``final_scoring``: a Fire & Ice final-scoring tile, ``"random"`` (drawn from ``rng``, like the reference
    engine's ``randomize v2``) or None (no tile)."""
    from companion.terra_mystica import engine, game
    from companion.terra_mystica.bots import make_bot, play_game

    options = None
    if final_scoring is not None:
        from companion.terra_mystica.engine.state import FINAL_SCORING_OPTION, FINAL_TILES

        if final_scoring == "random":
            final_scoring = rng.choice(FINAL_TILES)
        options = sorted(set(engine.DEFAULT_OPTIONS) | {FINAL_SCORING_OPTION})
    if not factions and map_name is not None:
        factions = _seatable_draw(players, map_name, rng)
    state = game.new_game(list(factions) if factions else players, map_name=map_name, options=options,
                          final_scoring=final_scoring)
    seats = [make_bot(bots[i % len(bots)]) for i in range(players)]
    return play_game(state, seats, rng)[-1]


def _seatable_draw(players: int, map_name: str, rng: random.Random) -> list[str] | None:
    """On a custom map where some faction's home terrain has too few hexes for its starting dwellings
    (:func:`~companion.terra_mystica.mapedit.seat_refusal`), ``players`` factions of different colours
    drawn from ``rng`` among those that can be seated; None (the bots pick, as on a shipped map) when every
    faction can be seated."""
    from companion.terra_mystica.factions import get_faction
    from companion.terra_mystica.hexmap import CUSTOM_MAP_PREFIX, map_by_name
    from companion.terra_mystica.mapedit import home_letter, seat_refusal

    if not map_name.lower().startswith(CUSTOM_MAP_PREFIX):
        return None
    tm_map = map_by_name(map_name)
    wheel = [f for f in playable_factions() if get_faction(f).has_fixed_home]
    seatable = [f for f in wheel if seat_refusal(tm_map, f) is None]
    if len(seatable) == len(wheel):
        return None
    rng.shuffle(seatable)
    chosen: dict[str, str] = {}
    for f in seatable:
        chosen.setdefault(home_letter(f), f)
    return list(chosen.values())[:players]


FINAL_SCORING_CHOICES = ("building-on-edge", "connected-clusters", "connected-distance", "connected-sa-sh-distance",
                         "random")
"""What ``--final-scoring`` accepts: a Fire & Ice final-scoring tile, or ``random`` (one per game)."""


def simulate(players: int | None = None, *, factions: Sequence[str] | None = None, map_name: str | None = None,
             games: int = 1, seed: int = 0, bots: Sequence[str] = ("greedy",), record_dir: str | Path | None = None,
             progress: bool | None = None, final_scoring: str | None = None) -> dict[str, Any]:
    """Play ``games`` bot games and report the VP.

    Parameters
    ----------
    players : int, optional
        2..5 (default: the number of ``factions``, else 4).
    factions : sequence of str, optional
        Engine faction names in seat order; default each game's bots pick (random factions).
    map_name : str, optional
        A shipped map key (``companion tm map --help``); default the base map.
    games : int
        Number of games.
    seed : int
        Game ``k`` uses ``random.Random(f"{seed}:{k}")`` for chance and the bots (reproducible one by one).
    bots : sequence of str
        Bot kind per seat, repeated over the seats (``["greedy", "random"]``: seats 1, 3, 5 greedy).
    record_dir : str or Path, optional
        Write each game's ledger to ``DIR/game-SEED-K.txt`` (a failed game: ``failed-SEED-K.txt`` with the
        rows so far).
    progress : bool, optional
        tqdm bar on stderr (default: when stderr is a terminal).
    final_scoring : str, optional
        Play with option ``fire-and-ice-final-scoring`` and this tile (:data:`FINAL_SCORING_CHOICES`;
        ``random``: drawn per game); default none.

    Returns
    -------
    dict
        ``games``, ``seconds`` (wall clock), ``players``, ``map``, ``bots``, ``vp_by_faction`` (faction ->
        list of final VP), ``mean_vp_by_faction``, ``mean_final_vp``, ``mean_vp_by_bot``, ``winner_counts``
        (faction -> games won, ties shared), ``winner_counts_by_bot``, ``replay_differences`` (games whose
        ledger does not replay exactly), ``failures`` (``{"game", "error", "ledger"}`` per game that raised).

    Raises
    ------
    CompanionError
        For bad arguments (:func:`check_arguments`).
    """
    from tqdm import tqdm

    from companion.terra_mystica import game as tm

    bots = list(bots) or ["greedy"]
    players = check_arguments(players, factions, map_name, bots, games)
    if final_scoring is not None and final_scoring not in FINAL_SCORING_CHOICES:
        raise CompanionError(_("--final-scoring: unknown tile {name!r}; expected one of {choices}").format(
            name=excerpt(final_scoring), choices=_(", ").join(FINAL_SCORING_CHOICES)))
    out_dir = Path(record_dir) if record_dir is not None else None
    if out_dir is not None:
        out_dir.mkdir(parents=True, exist_ok=True)
    vp_by_faction: dict[str, list[int]] = {}
    vp_by_bot: dict[str, list[int]] = {}
    wins: Counter = Counter()
    wins_by_bot: Counter = Counter()
    finals: list[int] = []
    differing = 0
    failures = []
    start = time.perf_counter()
    show = sys.stderr.isatty() if progress is None else progress
    for k in tqdm(range(games), desc="tm simulate", unit="game", disable=not show, file=sys.stderr):
        rng = random.Random(f"{seed}:{k}")
        try:
            last = play_one(players, factions, map_name, bots, rng, final_scoring)
            text = ledger_text(last)
            diffs = replay_differences(text)
        except CompanionError as exc:
            failures.append({"game": k, "error": f"{type(exc).__name__}: {exc}", "ledger": None})
            continue
        if out_dir is not None:
            (out_dir / f"game-{seed}-{k}.txt").write_text(text, encoding="utf-8")
        if diffs:
            differing += 1
            failures.append({"game": k, "error": f"replay: {len(diffs)} difference(s), first {diffs[0]}",
                             "ledger": str(out_dir / f"game-{seed}-{k}.txt") if out_dir else None})
        sheet = tm.score(last)
        for i, p in enumerate(sheet.players):
            kind = bots[i % len(bots)]
            vp_by_faction.setdefault(p.name, []).append(p.total)
            vp_by_bot.setdefault(kind, []).append(p.total)
            finals.append(p.total)
            if p.name in sheet.winners:
                wins[p.name] += 1
                wins_by_bot[kind] += 1
    return {
        "games": games,
        "seconds": round(time.perf_counter() - start, 3),
        "players": players,
        "map": map_name or "base",
        "final_scoring": final_scoring,
        "bots": [bots[i % len(bots)] for i in range(players)],
        "vp_by_faction": {f: v for f, v in sorted(vp_by_faction.items())},
        "mean_vp_by_faction": {f: round(mean(v), 2) for f, v in sorted(vp_by_faction.items())},
        "mean_final_vp": round(mean(finals), 2) if finals else None,
        "mean_vp_by_bot": {b: round(mean(v), 2) for b, v in sorted(vp_by_bot.items())},
        "winner_counts": dict(sorted(wins.items())),
        "winner_counts_by_bot": dict(sorted(wins_by_bot.items())),
        "replay_differences": differing,
        "failures": failures,
    }
