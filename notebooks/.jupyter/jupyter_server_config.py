# Picked up by `make lab` (JUPYTER_CONFIG_PATH=notebooks/.jupyter): running the project's notebooks never
# changes the checkout. See companion/jupyter_config.py.
import os

from companion.jupyter_config import (
    PLOTLY_CODE_ENV,
    page_config_hook,
    plotly_code_static,
    pre_save_hook,
    settings_dir,
)

c = get_config()  # noqa: F821 - provided by the config loader
# By its import name, not the function: the contents manager validates the trait again once the config is
# loaded, and a function already in place then warns "Overriding existing pre_save_hook" (it is set once).
c.FileContentsManager.pre_save_hook = f"{pre_save_hook.__module__}.{pre_save_hook.__name__}"
c.LabApp.app_settings_dir = settings_dir()
# No language server: the notebooks need no LSP, and its extension probes for servers at start-up. No
# notebook_shim (classic-notebook server extensions; none is used): it reads every ServerApp trait when
# linked, the deprecated ServerApp.token among them, which warned at every start.
c.ServerApp.jpserver_extensions = {"jupyter_lsp": False, "notebook_shim": False}
# The extensions page_config.json turns off as a whole are not even downloaded by the page (plotly's
# 4.8 MB renderer among them): see companion.jupyter_config.page_config_hook.
c.ServerApp.tornado_settings = {"page_config_hook": page_config_hook}
# plotly's 5 MB widget code served once as a cacheable static file instead of over each kernel's comm:
# see companion.jupyter_config.plotly_code_static and companion.widgets.common.PlotlyCode.
_plotly = plotly_code_static()
if _plotly is not None:
    c.ServerApp.extra_static_paths = [_plotly[0]]
    os.environ[PLOTLY_CODE_ENV] = _plotly[1]   # inherited by the kernels this server starts
