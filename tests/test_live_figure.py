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
    assert len(a._esm) < 20_000   # each figure's own module is small (plotly itself is over 1 MB)
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


class _Wire:
    """The comm messages a figure sends (state keys of each ``update``), by a spy on ``_send``."""

    def __init__(self, monkeypatch):
        self.messages: list[dict] = []
        real = LiveFigureWidget._send

        def spy(widget, msg, buffers=None):
            if msg.get("method") == "update":
                self.messages.append(msg["state"])
            return real(widget, msg, buffers)

        monkeypatch.setattr(LiveFigureWidget, "_send", spy)


def test_a_batch_over_traces_with_different_properties_is_one_message_without_placeholder(monkeypatch):
    """plotly fills a batch's per-trace lists with Undefined ("_undefined_" on the wire) for traces that did
    not change a property; plotly.js then failed on an undefined marker. The placeholder becomes the trace's
    current value, and the whole batch (with plotly's edit counters) is one comm message: one redraw."""
    fig = figure_widget(_fig([1, 2, 3], "t"))
    fig.data[1].marker.color = "blue"
    wire = _Wire(monkeypatch)
    with fig.batch_update():
        fig.data[0].y = [7, 8, 9]
        fig.data[1].marker.color = "red"
        fig.layout.title.text = "u"
    assert len(wire.messages) == 1, wire.messages
    msg = wire.messages[0]
    assert {"_py2js_update", "_last_trace_edit_id", "_last_layout_edit_id"} <= set(msg)
    update = msg["_py2js_update"]
    assert "_undefined_" not in json.dumps(update, default=str)
    assert update["style_traces"] == [0, 1]
    style = update["style_data"]
    # trace 0 keeps its (unset) marker, trace 1 its y: same picture, one Plotly.update
    assert style["y"][1] == [4, 5, 6] and list(style["y"][0]) == [7, 8, 9]
    assert style["marker.color"] == [None, "red"]
    assert update["layout_data"]["title.text"] == "u"
    # the kernel keeps no stale message (a later view is built from the snapshot, not from it)
    assert fig._py2js_update is None
    assert list(fig._widget_data[0]["y"]) == [7, 8, 9] and fig._widget_data[1]["marker"]["color"] == "red"
    assert fig._widget_layout["title"]["text"] == "u"


def test_a_property_and_a_part_of_it_in_one_batch_go_trace_by_trace(monkeypatch):
    """plotly.js refuses ``marker`` and ``marker.color`` in one restyle: each trace is sent on its own."""
    fig = figure_widget(_fig([1, 2, 3], "t"))
    wire = _Wire(monkeypatch)
    with fig.batch_update():
        fig.data[0].marker = dict(size=9)
        fig.data[1].marker.color = "red"
    updates = [m["_py2js_update"] for m in wire.messages if m.get("_py2js_update")]
    assert [u["style_traces"] for u in updates] == [[0], [1]]
    assert "_undefined_" not in json.dumps(updates, default=str)
    assert fig._widget_data[0]["marker"] == {"size": 9} and fig._widget_data[1]["marker"]["color"] == "red"


def test_show_is_one_message_even_when_traces_are_removed_and_added(monkeypatch):
    fig = figure_widget(_fig([1, 2, 3], "first"))
    wire = _Wire(monkeypatch)
    fig.show(go.Figure([go.Scatter(x=[1], y=[5], name="line"), go.Scatter(x=[2], y=[3], name="new")],
                       layout=dict(title="second")))
    assert len(wire.messages) == 1
    keys = [k for k in wire.messages[0] if k.startswith("_py2js_")]
    assert keys == ["_py2js_deleteTraces", "_py2js_update", "_py2js_addTraces"]   # the order they apply in
    assert [t.name for t in fig.data] == ["line", "new"] and fig.layout.title.text == "second"
    assert [d.get("name") for d in fig._widget_data] == ["line", "new"]


def test_messages_from_the_page_are_not_echoed_back():
    fig = figure_widget(_fig([1, 2, 3], "t"))
    for name in ("_js2py_traceDeltas", "_js2py_layoutDelta", "_js2py_pointsCallback", "_js2py_restyle"):
        assert fig.trait_metadata(name, "echo_update") is False
        assert fig.trait_metadata(name, "sync") is True


def test_busy_note_and_error_label_follow_the_language():
    import ipywidgets as widgets

    from companion.i18n import using_language
    from companion.widgets.common import busy, error_html

    box, status = widgets.VBox(), widgets.HTML()
    with using_language("zh_CN"):
        assert "错误：" in error_html("x")
        with busy(box, status):
            assert "处理中" in status.value and "companion-busy" in box._dom_classes
    assert "Error:" in error_html("x")
    with busy(box, status):
        assert "Working…" in status.value
    assert status.value == "" and "companion-busy" not in box._dom_classes
