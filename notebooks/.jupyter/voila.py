# Voila settings of the project, read by `make app` and the browser tests (JUPYTER_CONFIG_PATH=notebooks/.jupyter),
# and by the Voila inside `make lab` (/voila/render/...). See companion/jupyter_config.py.
import os

from traitlets.config import Application

from companion.jupyter_config import (
    PLOTLY_CODE_ENV,
    VOILA_EXTENSIONS,
    VOILA_PLOTLY_PREFIX,
    plotly_code_static,
    voila_prelaunch_hook,
)

c = get_config()  # noqa: F821 - provided by the config loader
# An app page downloads only the front-end code its widgets need (the repository's voila.json says the same for
# a plain `voila NOTEBOOK` run from the repository root): not plotly's 4.8 MB renderer extension, whose figures
# the project does not use (it draws with its own anywidget).
c.VoilaConfiguration.extension_allowlist = list(VOILA_EXTENSIONS)


def _standalone_voila() -> bool:
    """True in a Voila server of its own (`voila NOTEBOOK`); False in JupyterLab's Voila extension, whose
    server serves plotly's code itself (notebooks/.jupyter/jupyter_server_config.py)."""
    try:
        from voila.app import Voila
    except ImportError:
        return False
    return Application.initialized() and isinstance(Application.instance(), Voila)


# plotly's 5 MB widget code as one file the browser fetches (and revalidates with a 304 on a later visit), served
# from voila/labextensions/, instead of 5 MB of JSON sent over every kernel's websocket: the kernels this server
# starts inherit the URL (companion.widgets.common.PlotlyCode sends only it).
_plotly = plotly_code_static(VOILA_PLOTLY_PREFIX)
if _plotly is not None and _standalone_voila():
    c.VoilaConfiguration.extra_labextensions_path = [_plotly[0]]
    os.environ[PLOTLY_CODE_ENV] = _plotly[1]

# No preheated kernels (VoilaConfiguration.preheat_kernel): they showed the scoreboard's first widget about 1.4 s
# sooner (benchmarks/voila_start.py --voila-arg=--preheat_kernel=True), but a preheated kernel runs the notebook
# before anyone opens it, so a page opened after typing into another one would show the entries as they were when
# that kernel started, against the scoreboard's promise that what was typed comes back; and each app would keep an
# idle kernel (plotly and ipywidgets loaded) in memory.

# A closed or reloaded app page has its kernel shut down: Voila's page asks for it with a beacon carrying the _xsrf
# cookie, which a standalone Voila never set (403, and a 90 MB kernel per page visit lived on); the hook sets it.
c.VoilaConfiguration.prelaunch_hook = voila_prelaunch_hook
# And should a page vanish without that beacon (a phone's browser killed), a kernel no page is connected to is shut
# down after 2 idle minutes; a kernel with its page open is never culled, however long the table thinks.
c.MappingKernelManager.cull_idle_timeout = 120
c.MappingKernelManager.cull_interval = 30
c.MappingKernelManager.cull_connected = False
