"""Benchmark: bytes the kernel sends to the browser per widget interaction.

Run: ``.venv/bin/python benchmarks/widget_payload.py [--target-kb 100]``.

Every widget message goes through a comm (``comm.create_comm``); here comms are replaced by one that
counts what it would publish: the JSON of each message (open, update, custom message, close) plus its
binary buffers; "new widgets" counts widget models opened (an interaction should open none).
Interactions are the calls the widgets' own buttons and plot clicks make, in-process:

* TM map click: ``MapExplorer.select_hex`` (what a click on a hex calls) and a sandbox build;
* TM replay step: ``ReplayViewer.step`` (map, table and VP chart follow the row);
* Magick placement: roll the dice, then place the best die (the turn panel's Place button);
* Century action: the action picker's submit of the first offered action, then the bots' replies,
  early in the game and after 30 more actions.

Opening a widget (first display) is printed too: it includes plotly's widget code once per kernel
(about 5 MB, :class:`companion.widgets.common.PlotlyCode`). The target (issue 12) is under 100 KB
per interaction; rows over it are marked.
"""

from __future__ import annotations

import argparse
import json
import time
from collections import Counter
from collections.abc import Callable

import comm
from comm import DummyComm


class Meter:
    """Totals of what the counting comms publish, by message kind."""

    def __init__(self) -> None:
        self.bytes = 0
        self.kinds: Counter[str] = Counter()
        self.messages = 0
        self.opened = 0

    def reset(self) -> None:
        self.bytes, self.messages, self.opened = 0, 0, 0
        self.kinds.clear()

    def record(self, msg_type: str, data, buffers) -> None:
        size = len(json.dumps(data, default=str, separators=(",", ":")).encode("utf-8"))
        size += sum(memoryview(b).nbytes for b in buffers or ())
        self.bytes += size
        self.messages += 1
        self.opened += msg_type == "comm_open"
        method = data.get("method", "") if isinstance(data, dict) else ""
        self.kinds[f"{msg_type}{':' + method if method else ''}"] += size


METER = Meter()


class CountingComm(DummyComm):
    """A comm that publishes nothing and counts what it would have sent."""

    def publish_msg(self, msg_type, data=None, metadata=None, buffers=None, **keys) -> None:
        METER.record(msg_type, data, buffers)


def _install() -> None:
    comm.create_comm = lambda *args, **kwargs: CountingComm(*args, **kwargs)


def measure(label: str, action: Callable[[], object], rows: list[tuple[str, int, int, int, float, str]]) -> None:
    METER.reset()
    start = time.perf_counter()
    action()
    seconds = time.perf_counter() - start
    top = ", ".join(f"{k} {v / 1024:.1f}" for k, v in METER.kinds.most_common(3))
    rows.append((label, METER.bytes, METER.messages, METER.opened, seconds, top))


def _tm_map(rows) -> None:
    from companion.widgets.terra_mystica.map import MapExplorer

    explorer = None

    def open_():
        nonlocal explorer
        explorer = MapExplorer("base")

    measure("TM map: open the explorer", open_, rows)
    measure("TM map click: select a hex", lambda: explorer.select_hex("E7"), rows)
    measure("TM map click: select another hex", lambda: explorer.select_hex("C4"), rows)
    measure("TM sandbox click: build a dwelling", lambda: explorer.sandbox.place("A1", "witches", "D"), rows)


def _tm_replay(rows) -> None:
    from companion.widgets.terra_mystica.replay import ReplayViewer

    viewer = None

    def open_():
        nonlocal viewer
        viewer = ReplayViewer()
        viewer.jump_to_round(3)
        viewer.widget  # noqa: B018 - builds the plots

    measure("TM replay: open the viewer", open_, rows)
    measure("TM replay step: one row forward", lambda: viewer.step(1), rows)
    measure("TM replay step: one more row", lambda: viewer.step(1), rows)
    measure("TM replay: jump a round", lambda: viewer.jump_to_round(4), rows)


def _magick(rows) -> None:
    from companion.widgets.magick.play import PlayAGame

    game = None

    def open_():
        nonlocal game
        game = PlayAGame()
        game.start()

    measure("Magick play: open and start", open_, rows)
    measure("Magick: roll the dice", lambda: game.roll(), rows)
    measure("Magick placement: place the best die", lambda: game.turn.place_selected(), rows)
    measure("Magick placement: place the next die", lambda: game.turn.place_selected(), rows)


def _century(rows) -> None:
    from companion.widgets.century.game import CenturyGame

    game = None

    def open_():
        nonlocal game
        game = CenturyGame(players=3, controllers=["human", "planner", "greedy"], seed=7)

    measure("Century: open a game", open_, rows)
    measure("Century action: first action (+ bots)", lambda: game.picker.submit(), rows)
    for _ in range(30):
        if game.is_human_turn():
            game.picker.submit()
    measure("Century action: after 30 more actions", lambda: game.picker.submit(), rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--target-kb", type=float, default=100.0, help="mark interactions above this size")
    args = parser.parse_args()
    _install()
    rows: list[tuple[str, int, int, int, float, str]] = []
    for part in (_tm_map, _tm_replay, _magick, _century):
        part(rows)
    width = max(len(r[0]) for r in rows)
    print(f"{'interaction':<{width}}  {'KB sent':>9}  {'msgs':>5}  {'new widgets':>11}  {'ms (kernel)':>11}  "
          "largest kinds (KB)")
    over = 0
    for label, size, messages, opened, seconds, top in rows:
        opening = "open" in label
        flag = "" if opening or size <= args.target_kb * 1024 else "  OVER TARGET"
        over += bool(flag)
        print(f"{label:<{width}}  {size / 1024:9.1f}  {messages:5d}  {opened:11d}  {seconds * 1000:11.0f}  {top}{flag}")
    print(f"\ninteractions over {args.target_kb:.0f} KB: {over} (opening rows excluded: they include plotly's "
          "widget code once per kernel)")


if __name__ == "__main__":
    main()
