"""The Voila settings of ``make app`` (``notebooks/.jupyter/voila.py``) and of a plain ``voila NOTEBOOK`` run from
the repository root (``voila.json``): an app page gets only the front-end extensions the apps need (every
allowed name exists; plotly's renderer extension is left out, the widget managers and anywidget kept), and a
standalone Voila server serves plotly's widget code as a file whose URL its kernels inherit, while the Voila
inside JupyterLab leaves the server's own URL alone. (The page's actual downloads are checked in a real
browser: ``tests/browser/test_voila_downloads.py``.)"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from logging import getLogger
from pathlib import Path

from companion.jupyter_config import (
    PLOTLY_CODE_ENV,
    VOILA_EXTENSIONS,
    VOILA_PLOTLY_PREFIX,
    plotly_code_static,
)

ROOT = Path(__file__).resolve().parents[1]
CONFIG_DIR = ROOT / "notebooks" / ".jupyter"
NEEDED = ("@jupyter-widgets/jupyterlab-manager", "anywidget")


def _installed_extensions() -> set[str]:
    share = Path(sys.prefix) / "share" / "jupyter"
    names = set()
    for folder in (share / "labextensions", share / "voila" / "labextensions"):
        for pkg in folder.rglob("package.json"):
            if "node_modules" not in pkg.parts:
                names.add(json.loads(pkg.read_text(encoding="utf-8"))["name"])
    return names


def test_allowed_extensions_exist_and_keep_the_widgets_but_not_plotlys_renderer():
    installed = _installed_extensions()
    assert "jupyterlab-plotly" in installed   # else the test below proves nothing
    for name in VOILA_EXTENSIONS:
        assert name in installed, f"{name}: no such JupyterLab extension installed (a misspelt name)"
    for name in NEEDED:
        assert name in VOILA_EXTENSIONS
    assert "jupyterlab-plotly" not in VOILA_EXTENSIONS


def test_the_repository_voila_json_allows_the_same_extensions():
    config = json.loads((ROOT / "voila.json").read_text(encoding="utf-8"))
    assert config["VoilaConfiguration"]["extension_allowlist"] == list(VOILA_EXTENSIONS)


def test_voilas_page_config_with_the_project_settings_leaves_plotlys_renderer_out():
    from voila.configuration import VoilaConfiguration
    from voila.utils import get_page_config

    plain = get_page_config("/", {}, getLogger("test"), VoilaConfiguration())
    project = get_page_config("/", {}, getLogger("test"),
                              VoilaConfiguration(extension_allowlist=list(VOILA_EXTENSIONS)))
    before = {ext["name"] for ext in plain["federated_extensions"]}
    after = {ext["name"] for ext in project["federated_extensions"]}
    assert "jupyterlab-plotly" in before
    assert "jupyterlab-plotly" not in after
    assert {"@jupyter-widgets/jupyterlab-manager", "anywidget", "@voila-dashboards/widgets-manager8"} <= after
    assert after < before


def test_plotly_code_url_for_voila_names_the_installed_file_and_version():
    import plotly

    folder, url = plotly_code_static(VOILA_PLOTLY_PREFIX)
    assert (Path(folder) / "widgetbundle.js").is_file()
    assert url == f"voila/labextensions/widgetbundle.js?v={plotly.__version__}"
    assert plotly_code_static()[1] == f"static/widgetbundle.js?v={plotly.__version__}"   # the lab's, unchanged


_LOAD = """
import json, os, sys
from traitlets.config.loader import PyFileConfigLoader
if sys.argv[2] == "voila":
    from voila.app import Voila
    Voila.instance()
elif sys.argv[2] == "lab":
    from jupyter_server.serverapp import ServerApp
    ServerApp.instance()
os.environ.pop(sys.argv[3], None)
config = PyFileConfigLoader("voila.py", path=sys.argv[1]).load_config()
print(json.dumps({"allow": config.VoilaConfiguration.extension_allowlist,
                  "paths": config.VoilaConfiguration.get("extra_labextensions_path", []),
                  "url": os.environ.get(sys.argv[3], ""),
                  "hook": getattr(config.VoilaConfiguration.get("prelaunch_hook"), "__name__", None),
                  "cull": [config.MappingKernelManager.get(k) for k in
                           ("cull_idle_timeout", "cull_interval", "cull_connected")]}))
"""


def _load(app: str) -> dict:
    out = subprocess.run([sys.executable, "-c", _LOAD, str(CONFIG_DIR), app, PLOTLY_CODE_ENV], capture_output=True,
                         text=True, check=True, cwd=ROOT, env=dict(os.environ))
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_a_standalone_voila_serves_plotlys_code_and_tells_its_kernels():
    loaded = _load("voila")
    folder, url = plotly_code_static(VOILA_PLOTLY_PREFIX)
    assert {k: loaded[k] for k in ("allow", "paths", "url")} == {"allow": list(VOILA_EXTENSIONS), "paths": [folder],
                                                                 "url": url}


def test_the_voila_inside_jupyterlab_keeps_the_servers_plotly_url():
    loaded = _load("lab")
    assert {k: loaded[k] for k in ("allow", "paths", "url")} == {"allow": list(VOILA_EXTENSIONS), "paths": [], "url": ""}


def test_a_closed_app_pages_kernel_is_culled_and_an_open_pages_never():
    """A page that vanishes without its shutdown beacon (a phone's browser killed) leaves a kernel no page is
    connected to: it is culled once idle (checked by hand in a real browser: two pages closed without the
    beacon, their kernels gone after the timeout, the open page's kept); a connected kernel is never culled.
    The beacon itself is accepted (tests/browser/test_voila_kernels.py)."""
    from companion.jupyter_config import voila_prelaunch_hook

    assert _load("voila")["hook"] == voila_prelaunch_hook.__name__
    timeout, interval, connected = _load("voila")["cull"]
    assert 60 <= timeout <= 3600 and 0 < interval <= timeout and connected is False
