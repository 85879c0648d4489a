"""One evaluation of plotly's widget code per browser page, however many figures are shown (issue 13).

plotly's ``FigureWidget`` is an anywidget whose ES module (``_esm``) is plotly's whole widget bundle,
about 5 MB of JavaScript. anywidget's front end imports a module given as source text through a new
blob URL per widget, so the browser parsed, compiled and ran the whole bundle once per figure: a notebook
with eight figures kept the page busy for about 30 s on a loaded machine before any widget was drawn.

:func:`shared_esm` wraps the bundle in a small module that keeps it as a string and imports it once
per page (the promise is kept on ``globalThis`` under a key naming the plotly version); every figure
then reuses that module. Each figure still carries the whole bundle (as a string), so any figure can be
the first one a page sees (a reloaded page, Voila, a closed first figure).
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

__all__ = ["shared_esm"]

_WRAPPER = """\
const KEY = Symbol.for({key});
const SOURCE = {source};
let loading = globalThis[KEY];
if (!loading) {{
  const url = URL.createObjectURL(new Blob([SOURCE], {{ type: "text/javascript" }}));
  loading = globalThis[KEY] = import(/* webpackIgnore: true */ url);
}}
const plotlyWidget = await loading;
export const FigureModel = plotlyWidget.FigureModel;
export const FigureView = plotlyWidget.FigureView;
export default plotlyWidget.default;
"""


@lru_cache(maxsize=1)
def shared_esm() -> str:
    """The ``_esm`` source for plotly figure widgets that loads plotly's bundle once per page.

    Returns
    -------
    str
        ES module source (about the size of the bundle). If the bundle cannot be found (another plotly
        layout), plotly's own ``_esm`` value is returned unchanged.
    """
    import plotly

    path = Path(plotly.__file__).parent / "package_data" / "widgetbundle.js"
    if not path.is_file():  # another plotly layout: keep plotly's own module
        from plotly.basewidget import BaseFigureWidget

        return str(BaseFigureWidget._esm)
    source = path.read_text(encoding="utf-8")
    key = f"companion.plotly-widget/{plotly.__version__}/{len(source)}"
    return _WRAPPER.format(key=json.dumps(key), source=json.dumps(source))
