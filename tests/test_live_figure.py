"""LiveFigureWidget without a browser: one shared copy of plotly's code, small per-figure module, in-place
redraws that keep trace objects and send only what changed, and a synced snapshot that follows every edit
(the browser tests in tests/browser/test_live_figure.py show the same edits drawn)."""

from __future__ import annotations

import json

import plotly.graph_objects as go
import pytest

from companion.widgets.common import LiveFigureWidget, PlotlyCode, figure_widget, plotly_code


@pytest.fixture
def sent(monkeypatch):
    """JSON sizes of the update messages the figures send, by trait name."""
    out: list[tuple[str, int]] = []
    real = LiveFigureWidget._send

    def spy(self, msg, buffers=None):
        for key in (msg.get("state") or {}):
            out.append((key, len(json.dumps(msg["state"][key], default=str))))
        return real(self, msg, buffers)

    monkeypatch.setattr(LiveFigureWidget, "_send", spy)
    return out


def _fig(y, title, x0=0):
    return go.Figure([go.Scatter(x=[1, 2, 3], y=y, name="line"), go.Bar(x=[1, 2, 3], y=[4, 5, 6], name="bars")],
                     layout=dict(title=title, shapes=[dict(type="line", x0=x0, x1=x0, y0=0, y1=1)]))


def test_plotly_code_travels_once_per_kernel():
    a, b = figure_widget(_fig([1, 2, 3], "a")), figure_widget(_fig([1, 2, 3], "b"))
    assert a._plotly_code is b._plotly_code is plotly_code()
    assert isinstance(plotly_code(), PlotlyCode) and len(plotly_code().source) > 1_000_000
    assert len(a._esm) < 10_000   # each figure's own module is small
    assert "_py2js_" in a._esm and "__companionPlotlyCode" in plotly_code()._esm


def test_show_redraws_in_place_and_sends_only_the_change(sent):
    fig = figure_widget(_fig([1, 2, 3], "first"))
    line, bars = fig.data
    clicks = []
    line.on_click(lambda *_: clicks.append(1))
    sent.clear()
    fig.show(_fig([1, 9, 3], "first", x0=2))
    assert fig.data[0] is line and fig.data[1] is bars   # same trace objects (click binding kept)
    assert list(fig.data[0].y) == [1, 9, 3] and fig.layout.shapes[0].x0 == 2
    assert line._click_callbacks
    keys = {k for k, _ in sent if k.startswith("_py2js_") and _ != len("null")}
    assert keys == {"_py2js_update"}
    size = sum(n for k, n in sent if k == "_py2js_update")
    assert size < 600, size   # the changed y and the moved shape, not the figure
    # the synced snapshot a later view is built from follows the edit
    assert list(fig._widget_data[0]["y"]) == [1, 9, 3] and fig._widget_layout["shapes"][0]["x0"] == 2


def test_show_adds_removes_and_retypes_traces():
    fig = figure_widget(_fig([1, 2, 3], "first"))
    fig.show(go.Figure([go.Scatter(x=[1], y=[1], name="only")]))
    assert [t.name for t in fig.data] == ["only"] and fig.layout.title.text is None and fig.layout.shapes == ()
    fig.show(go.Figure([go.Bar(x=[1], y=[2]), go.Scatter(x=[2], y=[3])]))
    assert [t.type for t in fig.data] == ["bar", "scatter"]
    assert [d["type"] for d in fig._widget_data] == ["bar", "scatter"]


def test_an_unchanged_redraw_sends_no_edit(sent):
    fig = figure_widget(_fig([1, 2, 3], "same"))
    sent.clear()
    fig.show(_fig([1, 2, 3], "same"))
    assert sum(n for k, n in sent if k.startswith("_py2js_")) <= 2 * len("null") * 4


def test_a_batch_over_traces_with_different_properties_sends_no_placeholder(monkeypatch):
    """plotly fills a batch's per-trace lists with Undefined ("_undefined_" on the wire) for traces that did
    not change a property; plotly.js then fails on an undefined marker. Each trace gets its own message."""
    import plotly.basewidget as basewidget
    from plotly.basedatatypes import Undefined

    sent = []
    real = basewidget.BaseFigureWidget._send_update_msg

    def spy(self, restyle_data, relayout_data, trace_indexes=None, source_view_id=None):
        sent.append((restyle_data, trace_indexes))
        return real(self, restyle_data, relayout_data, trace_indexes, source_view_id)

    monkeypatch.setattr(basewidget.BaseFigureWidget, "_send_update_msg", spy)
    fig = figure_widget(_fig([1, 2, 3], "t"))
    with fig.batch_update():
        fig.data[0].y = [7, 8, 9]
        fig.data[1].marker.color = "red"
        fig.layout.title.text = "u"
    assert sent and all(v is not Undefined for data, _ in sent for values in data.values() for v in values)
    assert sorted(i for _, idx in sent for i in idx) == [0, 1]
    assert list(fig._widget_data[0]["y"]) == [7, 8, 9] and fig._widget_data[1]["marker"]["color"] == "red"
    assert fig._widget_layout["title"]["text"] == "u"
