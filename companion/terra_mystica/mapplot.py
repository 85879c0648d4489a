"""Moved: the map's plotly figure is rendering, so it lives in :mod:`companion.widgets.terra_mystica.mapplot`
(issue 22, point 13). This name re-exports it for code and notebooks that import the old path."""

from companion.widgets.terra_mystica.mapplot import *  # noqa: F403
from companion.widgets.terra_mystica.mapplot import __all__  # noqa: F401
