"""The JupyterLab settings of ``make lab`` (notebooks/.jupyter): every extension it turns off exists under
that name (a misspelt name would silently turn nothing off), and none the notebooks need is among them."""

from __future__ import annotations

import json
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
