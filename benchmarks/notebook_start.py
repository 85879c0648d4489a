"""How long each notebook takes to show its first widget (issue 13).

Run: ``.venv/bin/python benchmarks/notebook_start.py [--cpu-only] [--runs N] [notebook ...]``.

Two measurements per notebook:

- **first widget CPU** (steady, needs no browser): a fresh interpreter with ipywidgets already imported
  (as in a kernel) runs the notebook's code cells up to the first one that shows a widget (imports and
  the first widget built), and the CPU time (user + system) of that is printed, median of ``--runs``. This barely depends on other load
  on the machine.
- **in the browser** (skipped with ``--cpu-only``): JupyterLab is started once and each notebook is
  opened in headless chromium (``tests/browser/harness.py``) in a fresh page, as a user would: the page
  loads, the kernel starts, and all cells are run as soon as it is idle. Printed: seconds from opening
  until the kernel is ready, from running the cells until the first widget is drawn, the total, and
  until the first plotly trace is drawn (when the notebook has a figure). Target on an idle machine:
  first widget within 5 s of opening, 3 s for the start page. These are wall-clock figures and grow
  with other load on the machine.
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

FIRST_WIDGET = (".jp-OutputArea .widget-label, .jp-OutputArea .widget-html, .jp-OutputArea .widget-button, "
                ".jp-OutputArea .widget-box, .jp-OutputArea .js-plotly-plot")
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


def browser_times(notebooks_: list[str]) -> dict[str, tuple[float, float, float | None]]:
    """Per notebook: (seconds to kernel ready, seconds from run-all to first widget, to first trace)."""
    from playwright.sync_api import sync_playwright

    from tests.browser.harness import (
        _KERNEL_IDLE,
        _ONLY_THIS_NOTEBOOK,
        CHROMIUM_ARGS,
        chromium_path,
        jupyterlab_server,
    )

    out: dict[str, tuple[float, float, float | None]] = {}
    with jupyterlab_server() as base, sync_playwright() as pw:
        chrome = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS, headless=True)
        for nb in notebooks_:
            context = chrome.new_context(viewport={"width": 1400, "height": 1000})
            page = context.new_page()
            t0 = time.monotonic()
            page.goto(f"{base}/lab/tree/{nb}?reset", wait_until="domcontentloaded")
            page.wait_for_function("() => window.jupyterapp && window.jupyterapp.shell", timeout=120_000)
            page.evaluate(_ONLY_THIS_NOTEBOOK, nb)
            page.wait_for_function(
                "(path) => { const w = window.jupyterapp.shell.currentWidget;"
                " return w && w.context && w.context.path === path && w.node.querySelector('.jp-Cell'); }",
                arg=nb, timeout=120_000)
            page.wait_for_function(_KERNEL_IDLE, timeout=120_000, polling=50)
            t1 = time.monotonic()
            page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
            page.wait_for_selector(FIRST_WIDGET, timeout=120_000, state="visible")
            t2 = time.monotonic()
            trace = None
            try:
                page.wait_for_selector(TRACE, timeout=30_000, state="attached")
                trace = time.monotonic() - t0
            except Exception:  # noqa: BLE001 - a notebook without a figure
                pass
            out[nb] = (t1 - t0, t2 - t1, trace)
            print(f"{nb:52s} kernel ready {t1 - t0:5.1f} s, cells -> first widget {t2 - t1:5.1f} s, "
                  f"total {t2 - t0:5.1f} s" + (f", first trace {trace:5.1f} s" if trace else ""), flush=True)
            context.close()
        chrome.close()
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("notebooks", nargs="*", help="paths relative to the repository (default: all)")
    ap.add_argument("--cpu-only", action="store_true", help="only the first-cell CPU figures (no browser)")
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    names = notebooks(args.notebooks)
    print("cells up to the first widget, CPU ms in a fresh interpreter with ipywidgets loaded (median of "
          f"{args.runs}):")
    cpu = {}
    for nb in names:
        cpu[nb] = first_cell_cpu_ms(nb, args.runs)
        print(f"  {nb:52s} {cpu[nb]:7.0f} ms", flush=True)
    if args.cpu_only:
        return
    load = os.getloadavg()[0]
    print(f"\nin JupyterLab + headless chromium (load average {load:.1f} on {os.cpu_count()} cores; "
          "targets are for an idle machine: total < 5 s, < 3 s for the start page):")
    times = browser_times(names)
    totals = [a + b for a, b, _ in times.values()]
    print(f"median total to first widget: {statistics.median(totals):.1f} s; worst {max(totals):.1f} s")
    print(json.dumps({nb: {"kernel_ready_s": round(a, 2), "first_widget_s": round(a + b, 2),
                           "first_trace_s": None if c is None else round(c, 2)} for nb, (a, b, c) in times.items()}))


if __name__ == "__main__":
    main()
