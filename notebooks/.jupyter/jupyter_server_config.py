# Picked up by `make lab` (JUPYTER_CONFIG_PATH=notebooks/.jupyter): running the project's notebooks never
# changes the checkout. See companion/jupyter_config.py.
from companion.jupyter_config import pre_save_hook, settings_dir

c = get_config()  # noqa: F821 - provided by the config loader
c.FileContentsManager.pre_save_hook = pre_save_hook
c.LabApp.app_settings_dir = settings_dir()
# No language server: the notebooks need no LSP, and its extension probes for servers at start-up.
c.ServerApp.jpserver_extensions = {"jupyter_lsp": False}
