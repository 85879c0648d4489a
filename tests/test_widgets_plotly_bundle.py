"""plotly's widget code is shipped inside a module that evaluates it once per page (issue 13)."""

import json
from pathlib import Path

import plotly
import plotly.graph_objects as go

from companion.widgets._plotly_bundle import shared_esm
from companion.widgets.common import LiveFigureWidget


def test_wrapper_carries_the_whole_bundle_and_reexports_it():
    esm = shared_esm()
    bundle = (Path(plotly.__file__).parent / "package_data" / "widgetbundle.js").read_text(encoding="utf-8")
    line = next(x for x in esm.splitlines() if x.startswith("const SOURCE = "))
    assert json.loads(line[len("const SOURCE = "):-1]) == bundle  # the exact bundle, as a string literal
    assert f'Symbol.for("companion.plotly-widget/{plotly.__version__}/' in esm  # one load per plotly version
    for export in ("export const FigureModel", "export const FigureView", "export default"):
        assert export in esm
    assert "export{" in bundle and "export{" not in esm.replace(line, "")  # the bundle is not run inline


def test_every_figure_widget_sends_the_wrapper():
    w = LiveFigureWidget(go.Figure(go.Bar(y=[1, 2])))
    assert w._esm == shared_esm()
    assert w.trait_metadata("_esm", "sync")
    w.close()
