"""Worker of ``test_compiled.py``, run in a subprocess (with or without ``COMPANION_PURE_PYTHON=1``).

``python compiled_worker.py LEDGERS OUT.json [PICKLE_IN]``: replays the real league games named in
``GAMES`` from the folder ``LEDGERS``, plays the seeded bot games of ``BOT_GAMES``, and writes to
``OUT.json`` what they gave (ledgers, final VP), which modules were imported compiled, where each module
of the compile list came from, and a pickle of the last bot game's rows (``OUT.json`` + ``.pickle``; the
engine's own row objects). With ``PICKLE_IN``, the rows pickled by another run are loaded and compared
with this run's.
"""

from __future__ import annotations

import json
import pickle
import random
import sys
from pathlib import Path

GAMES = ("4pLeague_S1_D1L1_G2", "4pLeague_S61_D1L1_G1", "4pLeague_S68_D1L1_G5")
"""Real league games (4 players) replayed in both modes."""

BOT_GAMES = (("random", 2, "a"), ("random", 3, "b"), ("random", 5, "c"), ("greedy", 2, "d"),
             ("greedy", 4, "e"), ("greedy", 5, "f"))
"""(bot kind, players, seed) of the bot games played in both modes."""


def main(ledgers: Path, out: Path, pickle_in: Path | None) -> None:
    from companion import _compiled
    from companion.terra_mystica import engine
    from companion.terra_mystica.simulate import ledger_text, play_one, replay_differences

    league = {}
    for name in GAMES:
        text = (ledgers / f"{name}.ledger.txt").read_text(encoding="utf-8")
        result = engine.replay(text, keep_going=True)
        log = engine.write_record(engine.read_record(text))
        league[name] = {"mismatches": len(result.mismatches), "final_vp": result.final_vp,
                        "rows": [f"{r.faction}\t{r.label}\t{r.totals}" for r in result.game.rows],
                        "log_final_vp": engine.replay(log).final_vp}
    bots = []
    last = None
    for kind, players, seed in BOT_GAMES:
        last = play_one(players, None, None, [kind], random.Random(seed))
        text = ledger_text(last)
        bots.append({"kind": kind, "players": players, "ledger": text, "differences": len(replay_differences(text)),
                     "final_vp": {n: last.game.factions[n].vp for n in last.game.seats}})
    rows = list(last.game.rows)
    out.with_suffix(".pickle").write_bytes(pickle.dumps(rows))
    loaded = pickle.loads(pickle_in.read_bytes()) if pickle_in else None
    modules = {name: getattr(sys.modules.get(name), "__file__", None) for name in _compiled.FINDER.built} \
        if _compiled.FINDER else {}
    out.write_text(json.dumps({
        "league": league, "bots": bots, "rows": len(rows), "row_class": f"{type(rows[0]).__module__}.{type(rows[0]).__qualname__}",
        "loaded_rows_equal": loaded == rows if loaded is not None else None,
        "loaded_row_class": f"{type(loaded[0]).__module__}.{type(loaded[0]).__qualname__}" if loaded else None,
        "compiled": list(_compiled.compiled_modules()), "available": list(_compiled.available()),
        "files": modules, "stale": sorted(_compiled.FINDER.stale) if _compiled.FINDER else [],
        "engine_file": engine.__file__,
        "game_class": f"{type(last.game).__module__}.{type(last.game).__qualname__}",
    }), encoding="utf-8")


if __name__ == "__main__":
    main(Path(sys.argv[1]), Path(sys.argv[2]), Path(sys.argv[3]) if len(sys.argv) > 3 else None)
