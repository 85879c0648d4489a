"""Keep the project's tracked notebooks output-free while people run them (used by ``make lab``).

``make lab`` adds ``notebooks/.jupyter`` to ``JUPYTER_CONFIG_PATH``. Its ``jupyter_server_config.py``
installs :func:`pre_save_hook` and points JupyterLab at ``notebooks/.jupyter/lab/settings``, whose
``overrides.json`` turns off autosave and the saving of widget state. So running a notebook changes
nothing on disk, and an explicit save of a project notebook writes it without outputs, execution
counts or widget state (the notebook's own metadata kept as tracked): ``git status`` stays clean
unless the user edited a cell. A reopened notebook has no stale widget views, so JupyterLab shows no
"Error displaying widget: model not found"; its markdown says to run it.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

__all__ = ["JUPYTERLAB_METADATA", "PLOTLY_CODE_ENV", "PROJECT_NOTEBOOKS", "VOILA_EXTENSIONS", "VOILA_PLOTLY_PREFIX",
           "voila_prelaunch_hook",
           "as_jupyterlab_writes", "page_config_hook", "plotly_code_static", "pre_save_hook", "strip_for_checkout"]

#: The folder whose notebooks are kept clean (the repository's ``notebooks/``).
PROJECT_NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"

_VIEW_CELL_METADATA = ("execution", "scrolled", "collapsed")

#: The notebook metadata JupyterLab writes once the project's kernel (ipykernel, Python 3.11) has
#: started: its kernelspec and the kernel's ``language_info`` reply. Every tracked notebook stores
#: exactly this, so opening one in a plain ``jupyter lab`` (without ``make lab``'s settings) and letting
#: autosave run changes nothing. Only ``version`` depends on the machine: a kernel on another Python
#: patch release rewrites that one line.
JUPYTERLAB_METADATA: dict[str, Any] = {
    "kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"},
    "language_info": {
        "codemirror_mode": {"name": "ipython", "version": 3},
        "file_extension": ".py",
        "mimetype": "text/x-python",
        "name": "python",
        "nbconvert_exporter": "python",
        "pygments_lexer": "ipython3",
        "version": "3.11.7",
    },
}


def as_jupyterlab_writes(nb: dict[str, Any]) -> dict[str, Any]:
    """Return ``nb`` (nbformat 4 dict) in the form JupyterLab saves it; changed in place.

    Sets the notebook's ``kernelspec`` and ``language_info`` to :data:`JUPYTERLAB_METADATA` (other
    metadata kept), the format to nbformat 4.5 and every cell's ``source`` to a list of lines (as
    ``nbformat.writes`` stores it). Cell ids must already be present (nbformat 4.5 requires them).

    Raises
    ------
    ValueError
        A cell without an ``id``.
    """
    nb["nbformat"], nb["nbformat_minor"] = 4, 5
    metadata = nb.setdefault("metadata", {})
    for key, value in JUPYTERLAB_METADATA.items():
        metadata[key] = json.loads(json.dumps(value))
    for i, cell in enumerate(nb.get("cells", [])):
        if not cell.get("id"):
            raise ValueError(f"cell {i + 1} has no id (nbformat 4.5 needs one)")
        source = cell.get("source", "")
        text = "".join(source) if isinstance(source, list) else source
        cell["source"] = text.splitlines(keepends=True)
    return nb


def strip_for_checkout(nb: dict[str, Any], tracked_metadata: dict[str, Any] | None = None) -> dict[str, Any]:
    """Return ``nb`` (an nbformat 4 notebook as a dict) as the checkout keeps it.

    Parameters
    ----------
    nb : dict
        The notebook being saved; changed in place and returned.
    tracked_metadata : dict, optional
        The notebook-level metadata of the file on disk; kept instead of what the front end adds
        (``language_info`` versions, ``widgets`` state). ``None``: only ``widgets`` is dropped.

    Returns
    -------
    dict
        ``nb`` with every code cell's outputs emptied, execution counts ``None`` and view-only cell
        metadata (``execution`` timings, ``scrolled``, ``collapsed``) removed.
    """
    for cell in nb.get("cells", []):
        if cell.get("cell_type") == "code":
            cell["outputs"] = []
            cell["execution_count"] = None
        metadata = cell.get("metadata", {})
        for key in _VIEW_CELL_METADATA:
            metadata.pop(key, None)
    if tracked_metadata is not None:
        nb["metadata"] = tracked_metadata
    else:
        nb.get("metadata", {}).pop("widgets", None)
    return nb


def _is_project_notebook(os_path: Path) -> bool:
    try:
        os_path.resolve().relative_to(PROJECT_NOTEBOOKS)
    except ValueError:
        return False
    return os_path.suffix == ".ipynb" and ".ipynb_checkpoints" not in os_path.parts


def pre_save_hook(model: dict[str, Any], path: str, contents_manager, **_kwargs) -> None:
    """Jupyter server ``FileContentsManager.pre_save_hook``: save project notebooks output-free.

    Only notebooks that already exist under :data:`PROJECT_NOTEBOOKS` are touched (a new notebook a
    user creates there keeps its outputs until it is tracked). Raises nothing: a file that cannot be
    read back is saved as given.
    """
    if model.get("type") != "notebook" or not isinstance(model.get("content"), dict):
        return
    os_path = Path(contents_manager._get_os_path(path))
    if not _is_project_notebook(os_path) or not os_path.exists():
        return
    try:
        tracked = json.loads(os_path.read_text(encoding="utf-8")).get("metadata")
    except (OSError, ValueError):
        tracked = None
    strip_for_checkout(model["content"], tracked)


def settings_dir() -> str:
    """The JupyterLab settings folder shipped with the project (``overrides.json``)."""
    return os.fspath(PROJECT_NOTEBOOKS / ".jupyter" / "lab" / "settings")


def page_config_hook(handler: Any, page_config: dict[str, Any]) -> dict[str, Any]:
    """Leave the extensions turned off in ``page_config.json`` out of the page (JupyterLab's page config hook).

    JupyterLab 4 downloads the script of every installed federated extension, even one that
    ``disabledExtensions`` turns off: the page merely skips activating its plugins. This hook, installed
    by ``notebooks/.jupyter/jupyter_server_config.py`` as the ``page_config_hook`` tornado setting that
    ``jupyterlab_server``'s lab handler calls before rendering the page, drops from
    ``federated_extensions`` every extension turned off as a whole (``"name": true``; a single plugin
    turned off as ``"name:plugin"`` keeps its package). The page then never fetches them: plotly's
    4.8 MB ``jupyterlab-plotly`` renderer among them (the project draws its figures with its own
    anywidget, :class:`companion.widgets.common.LiveFigureWidget`). Nothing in the venv is touched; a
    plain ``jupyter lab`` still loads every extension.

    Parameters
    ----------
    handler : tornado.web.RequestHandler
        The lab page handler (unused).
    page_config : dict
        The page config about to be rendered; changed in place and returned.

    Returns
    -------
    dict
        ``page_config`` without the turned-off federated extensions.

    Notes
    -----
    An extension turned off this way must not provide a shared module another extension needs
    (``tests/test_lab_config.py`` keeps the widget manager and anywidget on).
    """
    disabled = page_config.get("disabledExtensions") or {}
    if not isinstance(disabled, dict):   # older page configs list the names
        disabled = dict.fromkeys(disabled, True)
    page_config["federated_extensions"] = [ext for ext in page_config.get("federated_extensions") or []
                                           if disabled.get(ext.get("name")) is not True]
    return page_config


#: Environment variable through which ``make lab``'s server tells its kernels where it serves plotly's
#: widget code: a URL relative to the server's base URL ending in ``?v=<plotly version>``. Read by
#: :class:`companion.widgets.common.PlotlyCode`.
PLOTLY_CODE_ENV = "COMPANION_PLOTLY_CODE_URL"


def plotly_code_static(url_prefix: str = "static/") -> tuple[str, str] | None:
    """Where plotly's widget code is on disk and the URL the server serves it at, or ``None``.

    For ``notebooks/.jupyter/jupyter_server_config.py``: it adds the folder to jupyter_server's
    ``ServerApp.extra_static_paths`` (served under ``static/``) and sets :data:`PLOTLY_CODE_ENV` to the
    URL for the kernels it starts. The ``?v=`` version makes the file cacheable (tornado sends a long
    ``Cache-Control`` for a versioned static URL) and lets a kernel with another plotly version fall
    back to sending its own code. plotly is located without importing it (the server never needs it).
    ``notebooks/.jupyter/voila.py`` does the same for a standalone Voila server, which serves the folder
    under ``voila/labextensions/`` (``url_prefix``; see :data:`VOILA_PLOTLY_PREFIX`).

    Parameters
    ----------
    url_prefix : str
        Where (relative to the server's base URL) the server serves the folder's files.

    Returns
    -------
    tuple of (str, str) or None
        ``(folder, url)``: plotly's ``package_data`` folder (holding ``widgetbundle.js``, the code
        ``plotly.graph_objects.FigureWidget`` sends as its ``_esm``) and
        ``url_prefix + "widgetbundle.js?v=VERSION"``; ``None`` when plotly or that file is not installed.
    """
    import importlib.metadata
    import importlib.util

    try:
        spec = importlib.util.find_spec("plotly")
        version = importlib.metadata.version("plotly")
    except (ImportError, ValueError, importlib.metadata.PackageNotFoundError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    folder = Path(next(iter(spec.submodule_search_locations))) / "package_data"
    if not (folder / "widgetbundle.js").is_file():
        return None
    return os.fspath(folder), f"{url_prefix}widgetbundle.js?v={version}"


#: The only JupyterLab front-end extensions a Voila app page loads (``VoilaConfiguration.extension_allowlist``
#: in ``notebooks/.jupyter/voila.py`` and the repository's ``voila.json``): ipywidgets' widget manager and
#: controls, Voila's own widget manager (8 for ipywidgets 8; 7 kept for an ipywidgets 7 install, Voila drops
#: the one that does not match) and anywidget (every figure of the project is an anywidget). Left out:
#: plotly's 4.8 MB ``jupyterlab-plotly`` renderer (the project draws with its own anywidget, see
#: :class:`companion.widgets.common.LiveFigureWidget`) and ``jupyterlab_pygments`` (an app shows no code).
VOILA_EXTENSIONS = (
    "@jupyter-widgets/jupyterlab-manager",
    "@voila-dashboards/widgets-manager8",
    "@voila-dashboards/widgets-manager7",
    "anywidget",
)

#: Where a standalone Voila server serves the folders of ``VoilaConfiguration.extra_labextensions_path``
#: (relative to its base URL): plotly's ``package_data`` is added there by ``notebooks/.jupyter/voila.py``.
VOILA_PLOTLY_PREFIX = "voila/labextensions/"


def voila_prelaunch_hook(handler: Any, notebook: Any = None, cwd: str | None = None) -> None:
    """Give a Voila app page its ``_xsrf`` cookie (``VoilaConfiguration.prelaunch_hook`` in
    ``notebooks/.jupyter/voila.py``).

    When an app page is closed or reloaded, Voila's page asks the server to shut its kernel down with a beacon
    that carries the page's ``_xsrf`` cookie; a standalone Voila never sets that cookie, so the server refused
    the request (403, a console error) and the kernel (about 90 MB) lived on. Reading ``handler.xsrf_token``
    makes tornado set the cookie on the page's response, before Voila starts the kernel and streams the page.

    Parameters
    ----------
    handler : tornado.web.RequestHandler
        Voila's handler for the page being opened.
    notebook, cwd
        The notebook and its folder (not used; Voila passes them).

    Returns
    -------
    None
        The notebook is left as it is.
    """
    handler.xsrf_token  # noqa: B018 - the property sets the _xsrf cookie
