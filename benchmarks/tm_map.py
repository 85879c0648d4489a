"""Speed of the Terra Mystica map code: parse the base map, build its graph and every shipping table.

Run: ``.venv/bin/python benchmarks/tm_map.py``. Prints milliseconds (best and median of several runs).
A full-game replayer parses one map per game and then asks reachability and town questions per move,
so the per-query figures matter as much as the parse.
"""

from __future__ import annotations

import statistics
import time

from companion.terra_mystica.hexmap import MAX_SHIPPING, map_text, parse_map
from companion.terra_mystica.network import largest_network
from companion.terra_mystica.towns import TownState


def timed(fn, repeat: int = 20) -> tuple[float, float]:
    runs = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        runs.append((time.perf_counter() - start) * 1000)
    return min(runs), statistics.median(runs)


def main() -> None:
    text = map_text("base")
    parse_map(text)  # warm caches (terrain wheel, imports)

    def parse_only():
        return parse_map(text)

    def parse_graph_and_shipping():
        m = parse_map(text)
        m.graph  # noqa: B018 - builds the frozen networkx graph
        for hex_ in m.land_hexes:
            for level in range(MAX_SHIPPING + 1):
                m.shipping_reach(hex_, level)
        return m

    m = parse_graph_and_shipping()

    def shipping_queries():
        for hex_ in m.land_hexes:
            m.shipping_reach(hex_, 3)

    land = list(m.land_hexes)

    def towns_and_network():
        s = TownState.new(m)
        for i, hex_ in enumerate(land[:40]):
            s = s.place(hex_, ("witches", "nomads")[i % 2], ("D", "TP", "TE", "SH", "SA")[i % 5])
        largest_network(s, "witches", shipping=2)
        return s

    rows = [
        ("parse base map (incl. adjacency, river/jump distance, bridge spots, id)", timed(parse_only)),
        ("parse + networkx graph + all shipping tables (77 hexes x levels 0-6)", timed(parse_graph_and_shipping)),
        ("77 shipping-reach look-ups (cached)", timed(shipping_queries, 200)),
        ("40 buildings placed with town detection + one network", timed(towns_and_network)),
    ]
    for label, (best, median) in rows:
        print(f"{label:75s} best {best:8.3f} ms   median {median:8.3f} ms")


if __name__ == "__main__":
    main()
