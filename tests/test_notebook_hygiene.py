"""The tracked notebooks stay output-free, and running them with `make lab` never changes the checkout
(issue 12): JupyterLab settings shipped in notebooks/.jupyter turn off autosave and widget-state saving,
and the server's pre-save hook writes a project notebook back exactly as tracked, whatever a run added."""

from __future__ import annotations

import json
import re
from pathlib import Path

import nbformat
import pytest

from companion.jupyter_config import (
    JUPYTERLAB_METADATA,
    PROJECT_NOTEBOOKS,
    as_jupyterlab_writes,
    pre_save_hook,
    settings_dir,
)

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted(p for p in (ROOT / "notebooks").rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)
NAMES = [str(p.relative_to(ROOT)) for p in NOTEBOOKS]


def test_the_project_notebooks_are_found():
    assert PROJECT_NOTEBOOKS == ROOT / "notebooks"
    assert len(NOTEBOOKS) >= 10 and not any(".ipynb_checkpoints" in n for n in NAMES)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=NAMES)
def test_tracked_notebook_is_output_free_and_canonical(path):
    text = path.read_text(encoding="utf-8")
    nb = nbformat.reads(text, as_version=4)
    for i, cell in enumerate(nb.cells):
        if cell.cell_type == "code":
            assert cell.outputs == [], f"cell {i} has outputs"
            assert cell.execution_count is None, f"cell {i} has an execution count"
    assert "widgets" not in nb.metadata, "saved widget state"
    assert "application/vnd.jupyter.widget" not in text
    # written as Jupyter writes it, so a save that strips a run's additions gives these very bytes
    assert text == nbformat.writes(nb) + "\n"


class _FakeContentsManager:
    def __init__(self, root: Path) -> None:
        self.root = root

    def _get_os_path(self, path: str) -> str:
        return str(self.root / path)


def _as_run(nb):
    """What a run and a save in JupyterLab add: outputs, counts, widget views and state, metadata."""
    for n, cell in enumerate(c for c in nb.cells if c.cell_type == "code"):
        cell.execution_count = n + 1
        cell.outputs = [nbformat.v4.new_output(
            "display_data", data={"text/plain": "VBox()", "application/vnd.jupyter.widget-view+json":
                                  {"model_id": "abc", "version_major": 2, "version_minor": 0}})]
        cell.metadata["execution"] = {"iopub.status.busy": "2026-11-30T10:00:00Z"}
    nb.metadata["widgets"] = {"application/vnd.jupyter.widget-state+json": {"state": {}}}
    nb.metadata["language_info"] = {"name": "python", "version": "3.11.2", "mimetype": "text/x-python"}
    return nb


@pytest.mark.parametrize("path", NOTEBOOKS, ids=NAMES)
def test_saving_a_run_notebook_writes_the_tracked_bytes(path):
    text = path.read_text(encoding="utf-8")
    nb = _as_run(nbformat.reads(text, as_version=4))
    model = {"type": "notebook", "content": nb}
    pre_save_hook(model=model, path=str(path.relative_to(ROOT)), contents_manager=_FakeContentsManager(ROOT))
    assert nbformat.writes(model["content"]) + "\n" == text


def test_the_hook_leaves_other_notebooks_alone(tmp_path):
    other = tmp_path / "mine.ipynb"
    nb = _as_run(nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("1")]))
    other.write_text(nbformat.writes(nb), encoding="utf-8")
    model = {"type": "notebook", "content": nb}
    pre_save_hook(model=model, path="mine.ipynb", contents_manager=_FakeContentsManager(tmp_path))
    assert model["content"].cells[0].outputs and model["content"].cells[0].execution_count == 1


def test_make_lab_ships_the_settings():
    overrides = json.loads((Path(settings_dir()) / "overrides.json").read_text(encoding="utf-8"))
    assert overrides["@jupyterlab/docmanager-extension:plugin"]["autosave"] is False
    assert overrides["@jupyter-widgets/jupyterlab-manager:plugin"]["saveState"] is False
    config = (ROOT / "notebooks" / ".jupyter" / "jupyter_server_config.py").read_text(encoding="utf-8")
    assert "c.FileContentsManager.pre_save_hook = " in config   # that it reaches the manager: test_lab_config
    assert "c.LabApp.app_settings_dir = settings_dir()" in config
    lab = re.search(r"^lab:.*\n\t(.*)$", (ROOT / "Makefile").read_text(encoding="utf-8"), re.M).group(1)
    assert "JUPYTER_CONFIG_PATH=$(CURDIR)/notebooks/.jupyter" in lab and "jupyter lab" in lab


EVERY_NOTEBOOK = NOTEBOOKS + sorted((ROOT / "tests" / "browser" / "notebooks").glob("*.ipynb"))


@pytest.mark.parametrize("path", EVERY_NOTEBOOK, ids=[str(p.relative_to(ROOT)) for p in EVERY_NOTEBOOK])
def test_tracked_notebook_is_stored_as_jupyterlab_writes_it(path):
    """A plain `jupyter lab` (without make lab's settings) rewrites the kernelspec, language_info and
    string sources once the kernel starts; stored in that form, its autosave changes nothing."""
    text = path.read_text(encoding="utf-8")
    nb = json.loads(text)
    assert nb["metadata"]["kernelspec"] == JUPYTERLAB_METADATA["kernelspec"]
    assert nb["metadata"]["language_info"] == JUPYTERLAB_METADATA["language_info"]
    assert (nb["nbformat"], nb["nbformat_minor"]) == (4, 5)
    for i, cell in enumerate(nb["cells"]):
        assert cell.get("id"), f"cell {i + 1} has no id"
        assert isinstance(cell["source"], list), f"cell {i + 1} stores its source as one string"
    assert text == nbformat.writes(nbformat.reads(text, as_version=4)) + "\n"


def test_as_jupyterlab_writes_fixes_what_jupyterlab_would_rewrite():
    nb = {"nbformat": 4, "nbformat_minor": 4, "metadata": {"kernelspec": {"display_name": "Python 3",
                                                                       "language": "python", "name": "python3"},
                                                        "language_info": {"name": "python"}, "tags": ["x"]},
          "cells": [{"cell_type": "code", "id": "a1", "metadata": {}, "outputs": [], "execution_count": None,
                     "source": "x = 1\nx"}]}
    as_jupyterlab_writes(nb)
    assert nb["metadata"]["kernelspec"]["display_name"] == "Python 3 (ipykernel)"
    assert nb["metadata"]["language_info"]["pygments_lexer"] == "ipython3" and nb["metadata"]["tags"] == ["x"]
    assert nb["cells"][0]["source"] == ["x = 1\n", "x"] and nb["nbformat_minor"] == 5
    nb["cells"][0].pop("id")
    with pytest.raises(ValueError, match="cell 1 has no id"):
        as_jupyterlab_writes(nb)
