"""A Voila app's kernel ends with its page (``make app``'s settings, ``notebooks/.jupyter/voila.py``).

Voila's page asks the server to shut its kernel down when it is closed or reloaded, with a beacon carrying the
page's ``_xsrf`` cookie. A standalone Voila never set that cookie: the server refused the beacon (403, a console
error) and every reload of the scoreboard left a 90 MB kernel behind. ``voila_prelaunch_hook`` sets the cookie.
Started as ``make app`` starts it (no XSRF exemption), on its own port, so its kernels can be counted.
"""

from __future__ import annotations

import os
import subprocess
import time

import psutil

from tests.browser.harness import ROOT, _wait_http, free_port, voila_command, voila_env

APP = "notebooks/apps/scoreboard.ipynb"


def _kernels(proc: subprocess.Popen) -> int:
    return sum("ipykernel" in " ".join(p.cmdline()) for p in psutil.Process(proc.pid).children(recursive=True))


def test_reloading_the_scoreboard_shuts_the_old_kernel_down(page, tmp_path):
    port = free_port()
    env = dict(os.environ, **voila_env(), COMPANION_DATA_DIR=str(tmp_path), COMPANION_SAVE_DIR=str(tmp_path))
    with open(tmp_path / "voila.log", "w") as log:
        proc = subprocess.Popen(voila_command(APP, port), cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
        try:
            base = f"http://127.0.0.1:{port}"
            _wait_http(base + "/", proc)
            probe = _kernels(proc)   # the readiness request rendered the app too: its kernel has no page to end it
            page.goto(base + "/", wait_until="domcontentloaded")
            page.wait_for_selector(".widget-button", timeout=120_000)
            assert "_xsrf" in {c["name"] for c in page.context.cookies()}
            for _ in range(2):
                page.wait_for_timeout(1000)   # a user reads before reloading; the page is fully up
                page.reload(wait_until="domcontentloaded")
                page.wait_for_selector(".widget-button", timeout=120_000)
            deadline = time.monotonic() + 20
            while _kernels(proc) > probe + 1 and time.monotonic() < deadline:
                time.sleep(0.5)
            assert _kernels(proc) == probe + 1, "kernels of reloaded pages still running"
            page.goto("about:blank")   # closed before the server stops (else its websocket errors are logged)
        finally:
            proc.terminate()
            proc.wait(timeout=30)
    assert " 403 " not in (tmp_path / "voila.log").read_text(encoding="utf-8")
