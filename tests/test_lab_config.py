"""The JupyterLab settings of ``make lab`` (notebooks/.jupyter): every extension it turns off exists under
that name (a misspelt name would silently turn nothing off), and none the notebooks need is among them; the
turned-off extensions are left out of the page; plotly's widget code is served as a static file and
:class:`~companion.widgets.common.PlotlyCode` sends only its URL when (and only when) the server serves it."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PAGE_CONFIG = ROOT / "notebooks" / ".jupyter" / "labconfig" / "page_config.json"
# what the notebooks' widgets run on: the widget manager and anywidget (plotly's FigureWidget uses it)
NEEDED = ("@jupyter-widgets/jupyterlab-manager", "anywidget", "@jupyterlab/notebook-extension",
          "@jupyterlab/rendermime-extension", "@jupyterlab/docmanager-extension")


def _known_extensions() -> set[str]:
    share = Path(sys.prefix) / "share" / "jupyter"
    names = set()
    for pkg in (share / "labextensions").rglob("package.json"):
        if "node_modules" not in pkg.parts:
            names.add(json.loads(pkg.read_text(encoding="utf-8"))["name"])
    core = json.loads((share / "lab" / "static" / "package.json").read_text(encoding="utf-8"))
    names.update(core["jupyterlab"]["extensions"])
    return names


def test_disabled_extensions_exist_and_spare_what_the_notebooks_need():
    config = json.loads(PAGE_CONFIG.read_text(encoding="utf-8"))
    disabled = [name for name, off in config["disabledExtensions"].items() if off]
    assert disabled
    known = _known_extensions()
    for name in disabled:
        package = name.split(":", 1)[0]   # "package:plugin" turns off one plugin of a package
        assert package in known, f"{name}: no such JupyterLab extension installed"
        # a needed package stays on; one plugin of it may go (the language-server plugins that need the
        # turned-off LSP extension and would log activation errors otherwise)
        assert name not in NEEDED
    for name in ("@jupyterlab/notebook-extension:language-server", "@jupyterlab/fileeditor-extension:language-server"):
        assert name in disabled or "@jupyterlab/lsp-extension" not in disabled
    assert config["buildCheck"] is False   # no rebuild check (about 1.4 s of server CPU) on page load


def test_page_config_hook_leaves_out_only_extensions_turned_off_as_a_whole():
    from companion.jupyter_config import page_config_hook

    page_config = {
        "disabledExtensions": {"jupyterlab-plotly": True, "anywidget:plugin": True, "old": False},
        "federated_extensions": [{"name": n, "load": "x.js"} for n in
                                 ("jupyterlab-plotly", "anywidget", "old", "@jupyter-widgets/jupyterlab-manager")],
    }
    out = page_config_hook(None, page_config)
    assert [e["name"] for e in out["federated_extensions"]] == ["anywidget", "old",
                                                                "@jupyter-widgets/jupyterlab-manager"]
    assert out["disabledExtensions"]["jupyterlab-plotly"] is True   # the page still knows it is off
    listed = page_config_hook(None, {"disabledExtensions": ["a"], "federated_extensions": [{"name": "a"}, {"name": "b"}]})
    assert [e["name"] for e in listed["federated_extensions"]] == ["b"]


def test_the_lab_server_config_installs_the_hook_and_serves_plotlys_code(monkeypatch):
    from traitlets.config import Config

    import companion.jupyter_config as jc

    monkeypatch.setenv(jc.PLOTLY_CODE_ENV, "")   # the config sets it: restored (unset) after the test
    config = Config()
    source = (ROOT / "notebooks" / ".jupyter" / "jupyter_server_config.py").read_text(encoding="utf-8")
    exec(compile(source, "jupyter_server_config.py", "exec"), {"get_config": lambda: config})
    assert config.ServerApp.tornado_settings["page_config_hook"] is jc.page_config_hook
    # the hook reaches the contents manager that saves the notebooks (given by its import name)
    from jupyter_server.services.contents.filemanager import FileContentsManager

    assert FileContentsManager(config=config, root_dir=str(ROOT)).pre_save_hook is jc.pre_save_hook
    folder, url = jc.plotly_code_static()
    assert config.ServerApp.extra_static_paths == [folder]
    assert os.environ[jc.PLOTLY_CODE_ENV] == url


def test_plotly_code_static_is_the_code_plotlys_figure_widget_sends():
    import plotly
    import plotly.graph_objects as go

    from companion.jupyter_config import plotly_code_static

    folder, url = plotly_code_static()
    assert url == f"static/widgetbundle.js?v={plotly.__version__}"
    assert (Path(folder) / "widgetbundle.js").read_text(encoding="utf-8") == str(go.FigureWidget._esm)


def test_plotly_code_sends_the_url_when_the_server_serves_this_version_else_the_code(monkeypatch):
    import plotly
    import plotly.graph_objects as go

    from companion.jupyter_config import PLOTLY_CODE_ENV
    from companion.widgets import common

    code = str(go.FigureWidget._esm)
    for served, expected_url in ((f"static/widgetbundle.js?v={plotly.__version__}", True),
                                 ("static/widgetbundle.js?v=0.0.1", False), (None, False)):
        if served is None:
            monkeypatch.delenv(PLOTLY_CODE_ENV, raising=False)
        else:
            monkeypatch.setenv(PLOTLY_CODE_ENV, served)
        monkeypatch.setattr(common, "_PLOTLY_CODE", None)
        widget = common.plotly_code()
        assert (widget.url == served) is expected_url
        assert widget.source == ("" if expected_url else code)
        if expected_url:   # the page could not import it: it asks for the code itself
            widget._on_request(widget, {"request": "source"}, [])
            assert widget.source == code
        widget.close()
    monkeypatch.setattr(common, "_PLOTLY_CODE", None)


def test_make_lab_starts_without_a_warning(tmp_path):
    """`make lab` warned at every start: "ServerApp.token config is deprecated" (notebook_shim reading every
    ServerApp trait) and "Overriding existing pre_save_hook" (the hook given as a function is validated again
    once the config is loaded). The server of `make lab`, started here, logs neither, nor any other warning."""
    import re
    import subprocess
    import time

    env = {**os.environ, "JUPYTER_CONFIG_PATH": str(ROOT / "notebooks" / ".jupyter"),
           "JUPYTER_RUNTIME_DIR": str(tmp_path / "runtime")}
    env.pop("PYTHONWARNINGS", None)   # Python's default filters, as `make lab` runs
    log = tmp_path / "lab.log"
    with log.open("w", encoding="utf-8") as out:
        server = subprocess.Popen(
            [sys.executable, "-m", "jupyterlab", "--ServerApp.ip=127.0.0.1", "--ServerApp.port=0", "--no-browser",
             "--allow-root", "--ServerApp.open_browser=False", str(ROOT / "notebooks" / "00_start_here.ipynb")],
            cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)
        try:
            deadline = time.monotonic() + 120
            while "is running at" not in log.read_text(encoding="utf-8") and time.monotonic() < deadline:
                assert server.poll() is None, log.read_text(encoding="utf-8")
                time.sleep(0.2)
        finally:
            server.terminate()
            server.wait(timeout=30)
    text = log.read_text(encoding="utf-8")
    assert "is running at" in text, text
    assert not re.search(r"Warning|\[W |deprecated|Overriding", text), text
