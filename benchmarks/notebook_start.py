"""How long each notebook takes to show its first widget (issue 13).

Run: ``.venv/bin/python benchmarks/notebook_start.py [--cpu-only | --browser-only] [--runs N]
[--lab-config DIR] [--warm-cache] [notebook ...]``; ``--voila [...]`` measures the Voila apps instead (the
rest of the arguments go to ``benchmarks/voila_start.py``, see its docstring).

Two measurements per notebook:

- **first widget CPU** (steady, needs no browser; skipped with ``--browser-only``): a fresh interpreter
  with ipywidgets already imported runs the notebook's code cells up to the first one that shows a
  widget (imports and the first widget built), and the CPU time (user + system) of that is printed,
  median of ``--runs``. This barely depends on other load on the machine.
- **in the browser** (skipped with ``--cpu-only``): JupyterLab is started once with the settings of
  ``make lab`` (``notebooks/.jupyter``, or ``--lab-config DIR`` to compare other settings) and each
  notebook is opened in headless chromium (``tests/browser/harness.py``) in a fresh page, as a user
  would: the page loads, the kernel starts, and all cells are run as soon as it is idle. Printed (median
  of ``--runs``), in seconds from opening: JupyterLab's page restored, the kernel ready, the **first
  widget** shown (a visible button, label or HTML panel with its text: what a user can read or click,
  not an empty box), and the first plotly trace drawn (when the notebook has a figure). Target on an
  idle machine: first widget within 5 s, 3 s for the start page. These wall-clock figures grow with
  other load on the machine, so the CPU seconds spent until the first widget are printed too (every
  chromium process, the Jupyter server, the kernel), with the number and size of the script files the
  page loaded: those vary much less with load. Each page opens in a new browser context, with an empty
  HTTP cache (a first visit); ``--warm-cache`` opens them all in one context whose cache the warm-up page
  filled, as a user's browser that opened JupyterLab before (JupyterLab's scripts and, under ``make lab``,
  plotly's widget code then come from the cache).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

START_PAGE = "notebooks/00_start_here.ipynb"

FIRST_CELL = """
import ast, json, sys, time, contextlib, io
import ipywidgets  # a kernel showing widgets has it loaded already
nb = json.load(open(sys.argv[1], encoding="utf-8"))
cells = ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]
ns = {}
t = time.process_time()
with contextlib.redirect_stdout(io.StringIO()):
    for src in cells:  # run cells until one shows a widget (its last expression)
        tree = ast.parse(src)
        last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
        exec(compile(tree, "cell", "exec"), ns)
        if last is not None:
            value = eval(compile(ast.Expression(last.value), "cell", "eval"), ns)
            if isinstance(value, ipywidgets.Widget):
                break
print(1000 * (time.process_time() - t))
"""

# What a user can use: a widget shown with its text (a button, a label, an HTML panel), not an empty
# box or a hidden description label.
FIRST_WIDGET = ".jp-OutputArea .widget-button, .jp-OutputArea .widget-label, .jp-OutputArea .widget-html-content"
SHOWN = ("(sel) => Array.from(document.querySelectorAll(sel))"
         ".some(e => e.offsetWidth > 0 && e.offsetHeight > 0 && e.innerText.trim())")
TRACE = ".jp-OutputArea .js-plotly-plot .main-svg g.trace"


def notebooks(names: list[str]) -> list[str]:
    if names:
        return names
    found = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "notebooks").rglob("*.ipynb")
                   if ".ipynb_checkpoints" not in p.parts)
    return [START_PAGE] + [n for n in found if n != START_PAGE]


def first_cell_cpu_ms(notebook: str, runs: int) -> float:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    times = []
    for i in range(runs + 1):
        out = subprocess.run([sys.executable, "-c", FIRST_CELL, str(ROOT / notebook)], capture_output=True,
                             text=True, cwd=ROOT, env=env, check=True)
        if i:  # the first run writes .pyc files
            times.append(float(out.stdout.strip().splitlines()[-1]))
    return statistics.median(times)


def _server_process(base: str):
    """The JupyterLab server process serving ``base`` (a child of this process) and its kernels."""
    import psutil

    port = base.rsplit(":", 1)[1]
    for proc in psutil.Process().children(recursive=True):
        try:
            if f"--port={port}" in proc.cmdline():
                return proc
        except psutil.Error:
            continue
    raise RuntimeError(f"no server process for {base}")


def _cpu(proc) -> float:
    try:
        t = proc.cpu_times()
        return t.user + t.system
    except Exception:  # noqa: BLE001 - a process that just ended
        return 0.0


def _browser_cpu() -> dict[int, float]:
    """CPU seconds so far of every chromium process started by this benchmark, by process id."""
    import psutil

    out = {}
    for proc in psutil.Process().children(recursive=True):
        try:
            if "chrom" in proc.name().lower():
                out[proc.pid] = _cpu(proc)
        except psutil.Error:
            continue
    return out


def open_notebook(chrome, base: str, nb: str, context=None) -> dict[str, float | None]:
    """Open ``nb`` in a fresh page, run it, and time what the user waits for (see the module docstring).

    ``context``: the browser context to open the page in (its HTTP cache kept from earlier pages, as in
    a user's browser); ``None``: a new one, with an empty cache.
    """
    from tests.browser.harness import _KERNEL_IDLE, _ONLY_THIS_NOTEBOOK

    server = _server_process(base)
    server_cpu = _cpu(server)
    browser_cpu = _browser_cpu()
    own_context = context is None
    if own_context:
        context = chrome.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    cdp = context.new_cdp_session(page)   # for the page's main-thread task time
    cdp.send("Performance.enable")
    t0 = time.monotonic()
    page.goto(f"{base}/lab/tree/{nb}?reset", wait_until="domcontentloaded")
    page.wait_for_function("() => window.jupyterapp && window.jupyterapp.shell", timeout=120_000, polling=50)
    page.evaluate("async () => { await window.jupyterapp.restored; }")
    t_page = time.monotonic()
    page.evaluate(_ONLY_THIS_NOTEBOOK, nb)
    page.wait_for_function(
        "(path) => { const w = window.jupyterapp.shell.currentWidget;"
        " return w && w.context && w.context.path === path && w.node.querySelector('.jp-Cell'); }",
        arg=nb, timeout=120_000, polling=50)
    page.wait_for_function(_KERNEL_IDLE, timeout=120_000, polling=50)
    t_kernel = time.monotonic()
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    page.wait_for_function(SHOWN, arg=FIRST_WIDGET, timeout=120_000, polling=50)
    t_widget = time.monotonic()
    metrics = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
    browser_now = _browser_cpu()
    scripts = page.evaluate("() => performance.getEntriesByType('resource')"
                            ".filter(e => e.initiatorType === 'script').map(e => [e.decodedBodySize, e.transferSize])")
    kernels = [p for p in server.children(recursive=True) if "ipykernel" in " ".join(p.cmdline())]
    out: dict[str, float | None] = {
        "page_s": t_page - t0, "kernel_ready_s": t_kernel - t0, "first_widget_s": t_widget - t0,
        "browser_main_thread_s": metrics.get("TaskDuration"),
        "browser_cpu_s": sum(v - browser_cpu.get(pid, 0.0) for pid, v in browser_now.items()), "server_cpu_s": _cpu(server) - server_cpu,
        "kernel_cpu_s": sum(_cpu(k) for k in kernels), "script_files": len(scripts),
        "script_mb": sum(s[0] for s in scripts) / 1e6, "script_network_mb": sum(s[1] for s in scripts) / 1e6,
        "first_trace_s": None,
    }
    try:
        page.wait_for_selector(TRACE, timeout=30_000, state="attached")
        out["first_trace_s"] = time.monotonic() - t0
    except Exception:  # noqa: BLE001 - a notebook without a figure
        pass
    if own_context:
        context.close()
    else:
        page.close()
    return out


def browser_times(notebooks_: list[str], runs: int = 1, lab_config: Path | None = None,
                  warm_cache: bool = False) -> dict[str, dict]:
    """Per notebook: the median over ``runs`` fresh pages of :func:`open_notebook`'s figures.

    ``warm_cache``: every page opens in one browser context, whose HTTP cache the warm-up page filled (a
    user's browser that opened JupyterLab before); else each page has a new context and an empty cache.
    """
    from playwright.sync_api import sync_playwright

    from tests.browser.harness import CHROMIUM_ARGS, chromium_path, jupyterlab_server

    env = {} if lab_config is None else {"JUPYTER_CONFIG_PATH": str(lab_config)}
    out: dict[str, dict] = {}
    with jupyterlab_server(**env) as base, sync_playwright() as pw:
        chrome = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS, headless=True)
        shared = chrome.new_context(viewport={"width": 1400, "height": 1000}) if warm_cache else None
        open_notebook(chrome, base, notebooks_[0], shared)   # warm-up: the server's first page and kernel
        for nb in notebooks_:
            samples = [open_notebook(chrome, base, nb, shared) for _ in range(runs)]
            med = {k: (None if any(s[k] is None for s in samples) else statistics.median(s[k] for s in samples))
                   for k in samples[0]}
            out[nb] = med
            trace = med["first_trace_s"]
            print(f"{nb:52s} page {med['page_s']:4.1f} s, kernel ready {med['kernel_ready_s']:4.1f} s, "
                  f"first widget {med['first_widget_s']:4.1f} s" + (f", first trace {trace:4.1f} s" if trace else "")
                  + f" | CPU s: browser {med['browser_cpu_s']:.2f} (main thread busy {med['browser_main_thread_s']:.2f}), server {med['server_cpu_s']:.2f}, "
                  f"kernel {med['kernel_cpu_s']:.2f}; {med['script_files']:.0f} script files, "
                  f"{med['script_mb']:.1f} MB, {med['script_network_mb']:.1f} MB of it over the network "
                  f"(load {os.getloadavg()[0]:.1f})", flush=True)
        chrome.close()
    return out


def main() -> None:
    if "--voila" in sys.argv[1:]:   # the Voila apps: benchmarks/voila_start.py
        from benchmarks.voila_start import main as voila_main

        voila_main([a for a in sys.argv[1:] if a != "--voila"])
        return
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("notebooks", nargs="*", help="paths relative to the repository (default: all)")
    ap.add_argument("--voila", action="store_true",
                    help="measure the Voila apps instead (benchmarks/voila_start.py; its options follow)")
    ap.add_argument("--cpu-only", action="store_true", help="only the first-cell CPU figures (no browser)")
    ap.add_argument("--browser-only", action="store_true", help="only the browser figures")
    ap.add_argument("--runs", type=int, default=3, help="runs per notebook (median printed)")
    ap.add_argument("--warm-cache", action="store_true",
                    help="open every page in one browser context (its HTTP cache filled by a first page, as in "
                         "a user's browser) instead of a new, empty one per page")
    ap.add_argument("--lab-config", type=Path, default=None,
                    help="JupyterLab config folder to use instead of notebooks/.jupyter (to compare settings)")
    args = ap.parse_args()
    names = notebooks(args.notebooks)
    if not args.browser_only:
        first_cells(names, args.runs)
    if args.cpu_only:
        return
    load = os.getloadavg()[0]
    print(f"\nin JupyterLab + headless chromium, {'warm' if args.warm_cache else 'empty'} browser cache "
          f"(load average {load:.1f} on {os.cpu_count()} cores; "
          "targets are for an idle machine: first widget < 5 s, < 3 s for the start page):")
    times = browser_times(names, args.runs, args.lab_config, args.warm_cache)
    totals = [t["first_widget_s"] for t in times.values()]
    print(f"median first widget: {statistics.median(totals):.1f} s; worst {max(totals):.1f} s")
    print(json.dumps({nb: {k: None if v is None else round(v, 2) for k, v in t.items()} for nb, t in times.items()}))


def first_cells(names: list[str], runs: int) -> None:
    print("cells up to the first widget, CPU ms in a fresh interpreter with ipywidgets loaded (median of "
          f"{runs}):")
    cpu = {}
    for nb in names:
        cpu[nb] = first_cell_cpu_ms(nb, runs)
        print(f"  {nb:52s} {cpu[nb]:7.0f} ms", flush=True)


if __name__ == "__main__":
    main()
