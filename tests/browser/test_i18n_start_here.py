"""The Chinese start page in a real browser, as `make lab-zh` serves it.

JupyterLab's own interface is in Chinese (the official language pack, selected by the settings file
``data/i18n/jupyterlab-zh_CN``), the notebook's markdown is Chinese, and its cells run. Whether the
widgets themselves are Chinese is checked once their strings go through the catalog (issue 14).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from contextlib import contextmanager
from pathlib import Path

from tests.browser.harness import (
    ROOT,
    _server_env,
    _wait_http,
    free_port,
    run_in_lab,
    screenshot,
)


@contextmanager
def chinese_lab():
    """JupyterLab as `make lab-zh` starts it: Chinese settings folder and COMPANION_LANG=zh_CN."""
    port = free_port()
    tmp = Path(tempfile.mkdtemp(prefix="companion-lab-zh-"))
    env = _server_env(tmp)
    shutil.copytree(ROOT / "data" / "i18n" / "jupyterlab-zh_CN", env["JUPYTERLAB_SETTINGS_DIR"],
                    dirs_exist_ok=True)
    env["COMPANION_LANG"] = "zh_CN"
    env["JUPYTER_CONFIG_PATH"] = str(ROOT / "notebooks" / ".jupyter")   # notebook hygiene, as make lab-zh
    log = open(tmp / "lab.log", "w")  # noqa: SIM115 - closed below
    cmd = [sys.executable, "-m", "jupyter", "lab", "--no-browser", "--ServerApp.ip=127.0.0.1",
           f"--port={port}", "--IdentityProvider.token=", "--ServerApp.password=",
           "--LabApp.expose_app_in_browser=True", "--allow-root", f"--ServerApp.root_dir={ROOT}",
           f"--LabApp.workspaces_dir={tmp / 'workspaces'}", "--LabApp.news_url=",
           "--ServerApp.disable_check_xsrf=True"]
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        _wait_http(base + "/api", proc)
        yield base
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()


def test_chinese_start_page_in_chinese_jupyterlab(browser):
    """Uses the session's one browser (a second sync_playwright in the same run is refused by playwright)."""
    with chinese_lab() as base:
        context = browser.new_context(viewport={"width": 1400, "height": 1000})
        try:
            page = context.new_page()
            run_in_lab(page, base, "notebooks/zh_CN/00_start_here.ipynb")
            menus = page.locator("#jp-MainMenu .lm-MenuBar-itemLabel").all_inner_texts()
            assert "文件" in menus and "File" not in menus, menus     # the language pack is in use
            rendered = page.locator(".jp-RenderedMarkdown").first.inner_text()
            assert "从这里开始" in rendered and "学习规则" in rendered
            # the language cell ran in the kernel: the package now answers in Chinese
            assert page.locator(".jp-Cell").nth(1).inner_text().count("set_language") == 1
            screenshot(page, "zh_CN_start_here")
        finally:
            context.close()
