"""How long each Voila app takes to show its first widget and its first plotly trace (issue 13).

Run: ``.venv/bin/python benchmarks/voila_start.py [--runs N] [--plain | --compare] [--warm-cache]
[--voila-arg ARG ...] [app ...]`` (also ``benchmarks/notebook_start.py --voila ...``).

Each app (default: ``notebooks/apps/*.ipynb``) is served the way ``make app`` serves the scoreboard: one
Voila server for that notebook alone, with the project's Voila settings (``notebooks/.jupyter/voila.py``:
only the front-end extensions the apps need, plotly's widget code served as a file). ``--plain`` starts
Voila without any project settings (a bare ``voila NOTEBOOK`` in a folder without the project's
``voila.json``), to compare; ``--compare`` runs both side by side, taking their visits in turn so that both
meet the same load on the machine (the fairest before/after on a shared machine). The game history the apps show is a fresh one holding three hand-made games
(one of each kind), so the history's plots have traces to draw.

Each run opens the app in headless chromium (``/usr/bin/chromium``, ``tests/browser/harness.py``) in a new
browser context (empty HTTP cache, a first visit; ``--warm-cache``: one context for every run of an app,
its cache filled by a warm-up visit) and prints, median of ``--runs``, in seconds from opening the page:
the **first widget** shown (a visible button, label or HTML panel with text) and the **first plotly trace**
drawn; and what the page downloaded: the number and size of its script files, plotly's renderer extension
(``jupyterlab-plotly``) among them or not, and the MB that came over the kernel's websocket (plotly's
5 MB widget code comes that way when the server does not serve it as a file). The first visit to a
fresh server (its kernel's imports not yet in the OS file cache) is a warm-up and not counted. Wall-clock
figures grow with other load on the machine: the load average is printed with them.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

FIRST_WIDGET = ".widget-button, .widget-label, .widget-html-content"
SHOWN = ("(sel) => Array.from(document.querySelectorAll(sel))"
         ".some(e => e.offsetWidth > 0 && e.offsetHeight > 0 && e.innerText.trim())")
TRACE = ".js-plotly-plot .main-svg g.trace"
PLOTLY_RENDERER = "jupyterlab-plotly"
PLOTLY_CODE = "widgetbundle.js"   # plotly's widget code, when the server serves it as a file

CENTURY = {"players": [
    {"name": "Ann", "golems": [12, 14], "copper": 1, "crystals": {"green": 1}},
    {"name": "Ben", "golems": [20, 8], "silver": 1, "crystals": {"pink": 2, "yellow": 3}},
]}
MAGICK = {"players": [
    {"name": "Ann", "crafting": 20, "research": 9, "orders": 14, "adventurer": 5, "mastery": 8, "charms": 2},
    {"name": "Ben", "crafting": 24, "research": 6, "orders": 12, "adventurer": 4, "mastery": 12, "charms": 0},
]}
TERRA_MYSTICA = {"players": [
    {"name": "Ann", "faction": "witches", "vp": 101, "cults": {"fire": 3, "water": 5, "earth": 2, "air": 7},
     "network": 9},
    {"name": "Ben", "faction": "nomads", "vp": 96, "cults": {"fire": 8, "water": 1, "earth": 4, "air": 2},
     "network": 11},
]}


def apps(names: list[str]) -> list[str]:
    """The app notebooks to open, as paths relative to the repository."""
    return names or sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "notebooks" / "apps").glob("*.ipynb"))


def seed_history(data_dir: Path) -> None:
    """Save one small game of each kind in a fresh history under ``data_dir``."""
    from companion.history import GameHistory

    history = GameHistory(data_dir / "history.sqlite3")
    history.add_game("century", CENTURY)
    history.add_game("magick", MAGICK)
    history.add_game("terra_mystica", TERRA_MYSTICA)


@contextmanager
def voila_app(notebook: str, *, plain: bool, extra: list[str] = ()):
    """A Voila server for ``notebook`` alone (as ``make app``); yields ``(base URL, server process)``."""
    from tests.browser.harness import _server_env, _wait_http, free_port, voila_command, voila_env

    port = free_port()
    tmp = Path(tempfile.mkdtemp(prefix="companion-voila-bench-"))
    env = _server_env(tmp)
    env["COMPANION_DATA_DIR"] = str(tmp / "data")
    seed_history(tmp / "data")
    cmd = voila_command(notebook, port) + list(extra)
    if plain:   # no voila.json / voila.py read from anywhere the project puts one
        env.pop("JUPYTER_CONFIG_PATH", None)
        cmd.append("--Voila.config_file_paths=[]")
    else:
        env.update(voila_env())
    with open(tmp / "voila.log", "w") as log:
        proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        _wait_http(base + "/", proc)
        yield base, proc
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()


def _cpu(pid: int) -> float:
    """CPU seconds (user + system) of process ``pid`` and its children so far (0 if it has ended)."""
    import psutil

    total = 0.0
    try:
        proc = psutil.Process(pid)
        for p in [proc, *proc.children(recursive=True)]:
            try:
                t = p.cpu_times()
                total += t.user + t.system
            except psutil.Error:
                continue
    except psutil.Error:
        pass
    return total


def _browser_cpu() -> dict[int, float]:
    """CPU seconds so far of every chromium process started by this benchmark, by process id."""
    import psutil

    out = {}
    for proc in psutil.Process().children(recursive=True):
        try:
            if "chrom" in proc.name().lower():
                t = proc.cpu_times()
                out[proc.pid] = t.user + t.system
        except psutil.Error:
            continue
    return out


def open_app(chrome, base: str, server_pid: int, context=None) -> dict[str, float | None]:
    """Open the app at ``base`` in a fresh page and time what the user waits for (see the module docstring)."""
    own = context is None
    if own:
        context = chrome.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    ws_bytes = [0]

    def on_ws(ws) -> None:
        ws.on("framereceived", lambda payload: ws_bytes.__setitem__(0, ws_bytes[0] + len(payload)))

    page.on("websocket", on_ws)
    cdp = context.new_cdp_session(page)   # for the page's main-thread task time
    cdp.send("Performance.enable")
    cpu0, browser0 = _cpu(server_pid), _browser_cpu()
    t0 = time.monotonic()
    page.goto(base + "/", wait_until="commit", timeout=180_000)
    page.wait_for_function(SHOWN, arg=FIRST_WIDGET, timeout=180_000, polling=50)
    t_widget = time.monotonic()
    metrics = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
    browser1 = _browser_cpu()
    out: dict[str, float | None] = {
        "first_widget_s": t_widget - t0, "first_trace_s": None,
        "main_thread_to_widget_s": metrics.get("TaskDuration"),
        "browser_cpu_to_widget_s": sum(v - browser0.get(pid, 0.0) for pid, v in browser1.items()),
    }
    try:
        page.wait_for_selector(TRACE, timeout=60_000, state="attached")
        out["first_trace_s"] = time.monotonic() - t0
    except Exception:  # noqa: BLE001 - an app showing no figure
        pass
    page.wait_for_timeout(300)   # the last frames and requests
    resources = page.evaluate("() => performance.getEntriesByType('resource').map(e => "
                              "[e.name, e.initiatorType, e.decodedBodySize, e.transferSize])")
    scripts = [r for r in resources if r[1] == "script" or r[0].split("?", 1)[0].endswith((".js", ".mjs"))]
    plotly_file = [r for r in scripts if r[0].split("?", 1)[0].endswith("/" + PLOTLY_CODE)]
    page_scripts = [r for r in scripts if r not in plotly_file]
    out.update({
        "script_files": len(page_scripts), "script_mb": sum(r[2] for r in page_scripts) / 1e6,
        "script_network_mb": sum(r[3] for r in page_scripts) / 1e6,
        "plotly_renderer": float(any(f"/{PLOTLY_RENDERER}/" in r[0] for r in resources)),
        "plotly_code_file_mb": sum(r[3] for r in plotly_file) / 1e6,
        "websocket_mb": ws_bytes[0] / 1e6, "server_kernel_cpu_s": _cpu(server_pid) - cpu0,
    })
    if own:
        context.close()
    else:
        page.close()
    return out


def _report(label: str, samples: list[dict]) -> dict:
    """Print the medians of ``samples`` (from :func:`open_app`) on one line and return them."""
    med = {k: (None if any(s[k] is None for s in samples) else statistics.median(s[k] for s in samples))
           for k in samples[0]}
    trace = med["first_trace_s"]
    print(f"{label:40s} first widget {med['first_widget_s']:4.1f} s"
          + (f", first trace {trace:4.1f} s" if trace is not None else ", no trace")
          + f" | to the first widget: browser CPU {med['browser_cpu_to_widget_s']:.2f} s (main thread "
          f"busy {med['main_thread_to_widget_s']:.2f} s) | page scripts: {med['script_files']:.0f} files, "
          f"{med['script_mb']:.1f} MB ({med['script_network_mb']:.1f} MB over the network), plotly renderer "
          f"{'downloaded' if med['plotly_renderer'] else 'not downloaded'} | plotly's widget code: "
          f"{med['plotly_code_file_mb']:.1f} MB as a file, {med['websocket_mb']:.1f} MB over the websocket "
          f"(all kernel messages) | server + kernel CPU {med['server_kernel_cpu_s']:.1f} s "
          f"(load {os.getloadavg()[0]:.1f})", flush=True)
    return med


def voila_times(names: list[str], runs: int = 3, *, plain: bool = False, warm_cache: bool = False,
                extra: list[str] = (), compare: bool = False) -> dict:
    """Per app: the median over ``runs`` visits of :func:`open_app`'s figures, printed as they come.

    ``compare``: two servers per app, plain Voila and the project's settings, visited in turn (so both meet
    the same load on the machine); the result is keyed ``"APP (plain)"`` and ``"APP (project)"``.
    """
    from contextlib import ExitStack

    from playwright.sync_api import sync_playwright

    from tests.browser.harness import CHROMIUM_ARGS, chromium_path

    settings = {"plain": True, "project": False} if compare else {"plain" if plain else "project": plain}
    out = {}
    with sync_playwright() as pw:
        chrome = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS, headless=True)
        for nb in names:
            with ExitStack() as stack:
                servers = {name: stack.enter_context(voila_app(nb, plain=is_plain, extra=extra))
                           for name, is_plain in settings.items()}
                contexts = {name: (stack.enter_context(chrome.new_context(viewport={"width": 1400, "height": 1000}))
                                   if warm_cache else None) for name in settings}
                samples: dict[str, list[dict]] = {name: [] for name in settings}
                for name, (base, proc) in servers.items():
                    open_app(chrome, base, proc.pid, contexts[name])   # warm-up
                for _ in range(runs):
                    for name, (base, proc) in servers.items():
                        samples[name].append(open_app(chrome, base, proc.pid, contexts[name]))
            for name in settings:
                key = f"{nb} ({name})" if compare else nb
                out[key] = _report(key, samples[name])
        chrome.close()
    return out


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("apps", nargs="*", help="app notebooks relative to the repository (default: notebooks/apps/*)")
    ap.add_argument("--runs", type=int, default=3, help="visits per app (median printed)")
    ap.add_argument("--plain", action="store_true", help="Voila without the project's settings (to compare)")
    ap.add_argument("--compare", action="store_true",
                    help="plain Voila and the project's settings side by side, visits taken in turn")
    ap.add_argument("--warm-cache", action="store_true",
                    help="every visit to an app in one browser context (its HTTP cache filled by the warm-up)")
    ap.add_argument("--voila-arg", action="append", default=[], metavar="ARG",
                    help="one more Voila command-line argument, to compare settings (e.g. "
                         "--voila-arg=--preheat_kernel=True)")
    args = ap.parse_args(argv)
    which = "plain Voila and the project settings" if args.compare else "plain Voila" if args.plain else "the project settings"
    print(f"Voila apps in headless chromium, {which}, "
          f"{'warm' if args.warm_cache else 'empty'} browser cache (load average {os.getloadavg()[0]:.1f} on "
          f"{os.cpu_count()} cores{'; ' + ' '.join(args.voila_arg) if args.voila_arg else ''}):")
    times = voila_times(apps(args.apps), args.runs, plain=args.plain, warm_cache=args.warm_cache,
                        extra=args.voila_arg, compare=args.compare)
    print(json.dumps({nb: {k: None if v is None else round(v, 2) for k, v in t.items()} for nb, t in times.items()}))


if __name__ == "__main__":
    main()
