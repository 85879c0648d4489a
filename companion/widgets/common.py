"""Small building blocks shared by the widgets."""

from __future__ import annotations

import html
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from copy import deepcopy
from pathlib import Path

import anywidget
import ipywidgets as widgets
import plotly
import plotly.graph_objects as go
import traitlets
from plotly.basedatatypes import BaseFigure, Undefined
from plotly.serializers import custom_serializers

from companion.i18n import _, pgettext
from companion.widgets.touch import TOUCH_CSS

__all__ = ["busy", "busy_style", "LiveFigureWidget", "PlotlyCode", "plotly_code", "set_empty_state", "all_zero", "figure_widget", "error_html", "info_html", "message_box",
           "join_sentences"]


_JS = Path(__file__).resolve().parent / "js"


class PlotlyCode(anywidget.AnyWidget):
    """Carries plotly's widget code (about 5 MB of JavaScript) to the page once per kernel.

    Every :class:`LiveFigureWidget` loads it from here instead of sending and evaluating its own copy.
    One instance is shared by all figures of a kernel (:func:`plotly_code`); it is never displayed.

    Under ``make lab`` and ``make app`` the server serves plotly's code as a file (``notebooks/.jupyter``, see
    :data:`companion.jupyter_config.PLOTLY_CODE_ENV`) and this widget sends only its ``url``: the page
    imports it with one HTTP request the browser can cache, instead of 5 MB of JSON from the kernel
    through the server. Elsewhere (a plain ``jupyter lab`` or ``voila``, another plotly version than the
    server's) ``source`` carries the code itself; the page asks for it too (message
    ``{"request": "source"}``) if the import from ``url`` fails.
    """

    _esm = (_JS / "plotly_code.js").read_text(encoding="utf-8")
    source = traitlets.Unicode("").tag(sync=True)
    url = traitlets.Unicode("").tag(sync=True)

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.on_msg(self._on_request)

    def _on_request(self, _widget, content, _buffers) -> None:
        if isinstance(content, dict) and content.get("request") == "source" and not self.source:
            self.source = str(go.FigureWidget._esm)


def _served_plotly_code_url() -> str:
    """The URL (relative to the server's base URL) of plotly's code served by the server, or ``""``.

    Only when the server said so (:data:`companion.jupyter_config.PLOTLY_CODE_ENV`, inherited by its
    kernels) for this kernel's plotly version (the URL's ``v=`` query).
    """
    import os

    from companion.jupyter_config import PLOTLY_CODE_ENV

    url = os.environ.get(PLOTLY_CODE_ENV, "")
    return url if url.endswith(f"?v={plotly.__version__}") else ""


_PLOTLY_CODE: PlotlyCode | None = None


def plotly_code() -> PlotlyCode:
    """The kernel's :class:`PlotlyCode` widget, created (and its model opened) on first use."""
    global _PLOTLY_CODE
    if _PLOTLY_CODE is None or _PLOTLY_CODE.comm is None:
        url = _served_plotly_code_url()
        _PLOTLY_CODE = PlotlyCode(url=url) if url else PlotlyCode(source=str(go.FigureWidget._esm))
    return _PLOTLY_CODE


class LiveFigureWidget(go.FigureWidget):
    """A ``FigureWidget`` whose in-place edits are always drawn, in JupyterLab and in Voila.

    Edit it in place (``batch_update``, ``update_traces``, ``layout.shapes = ...``): each edit sends a
    few hundred bytes, where a new ``FigureWidget`` per change sent the whole figure and, before this
    class, plotly's 5 MB script.

    Why plain ``FigureWidget`` edits were lost (reproduced in headless chromium with
    ``tests/browser/notebooks/multi_figure.ipynb``: four figures, a button editing each):

    * **anywidget's 2 s limit.** The front end gives each anywidget model 2 s to initialise; past
      that its ready promise is rejected and *every later message to the model is dropped* (console:
      ``[anywidget] Failed to initialize model.``). The view is still drawn, from the state the
      model was created with, so the plot looks fine and simply never changes. plotly sends its
      whole 5 MB module as each figure's ``_esm`` and the page evaluates a fresh copy per figure, so
      a notebook with several figures, or a busy machine, crossed the limit: 1 of 4 figures kept its
      first picture on a first Voila load, 4 of 4 on the second. Fix: plotly's code travels once,
      in :class:`PlotlyCode`; this widget's ``_esm`` is a small module (``js/figure.js``) that is
      ready at once, records plotly's edit messages until the shared code has loaded, then builds
      plotly's own model, replays them in order, and draws.
    * **Voila builds views after the notebook ran**, from the synced state: plotly sends an edit as
      a one-off message and never refreshes its synced ``_widget_data`` / ``_widget_layout``, so an
      edit made while the notebook executed was missing from the page. Fix: the snapshot's values
      are refreshed after every edit without sending them (the front end applies the same edit to
      its copy from the message).
    * **ipywidgets' sync hold.** While ipywidgets holds the widget's sync (while it handles a
      message from the browser to this figure, e.g. the click whose callback edits the figure),
      plotly's "set the message, then reset it to ``None``" is merged into a lone ``None``. Fix:
      edit messages are sent at once (:meth:`_sync_now`).
    * **Views taken off the page kept listening.** plotly's view subscribes to the model's edit
      messages and never unsubscribes; once its box's children changed (the coach's Review chart
      cleared after Undo), the next ``deleteTraces`` threw on its purged plot (console: ``Error
      setting state: Cannot read properties of undefined (reading 'length')``) and cut the message
      short for the view shown later, which kept the old picture. Fix: ``js/figure.js`` removes the
      listeners a view added with the view (``tests/browser/test_figure_traces.py``).
    * The model is opened only once the whole figure is in place (plotly opens it empty and fills
      it in a second message).

    Edits and incoming browser state are serialised by one lock, in case the kernel handles comm
    messages on another thread.
    """

    _esm = (_JS / "figure.js").read_text(encoding="utf-8")

    # Messages from the page (plotly's deltas after each redraw, click points): ipywidgets would echo
    # each back to the page (about 20 KB per redraw of the TM map), which no view uses.
    _js2py_traceDeltas = traitlets.Dict(allow_none=True).tag(sync=True, echo_update=False, **custom_serializers)
    _js2py_layoutDelta = traitlets.Dict(allow_none=True).tag(sync=True, echo_update=False, **custom_serializers)
    _js2py_restyle = traitlets.Dict(allow_none=True).tag(sync=True, echo_update=False, **custom_serializers)
    _js2py_relayout = traitlets.Dict(allow_none=True).tag(sync=True, echo_update=False, **custom_serializers)
    _js2py_update = traitlets.Dict(allow_none=True).tag(sync=True, echo_update=False, **custom_serializers)
    _js2py_pointsCallback = traitlets.Dict(allow_none=True).tag(sync=True, echo_update=False,
                                                                **custom_serializers)

    def __init__(self, *args, **kwargs) -> None:
        self._edit_lock = threading.RLock()
        self._edit_depth = 0
        self._pending: dict[str, object] = {}
        self._plotly_code = plotly_code()
        self._defer_open = True
        try:
            super().__init__(*args, **kwargs)
        finally:
            self._defer_open = False
        self._refresh_snapshot()
        self.open()

    def open(self) -> None:
        """Open the widget model, unless the constructor is still filling in the figure."""
        if not getattr(self, "_defer_open", False):
            super().open()

    def set_state(self, sync_data) -> None:
        """Apply state sent by the browser, never in the middle of an edit."""
        with self._edit_lock:
            super().set_state(sync_data)

    def _refresh_snapshot(self) -> None:
        self._trait_values["_widget_layout"] = deepcopy(self._layout_obj._props)
        self._trait_values["_widget_data"] = deepcopy(self._data)

    @contextmanager
    def _sync_now(self) -> Iterator[None]:
        """Send plotly's edit messages made inside the block as one comm message, at the block's end.

        plotly sends an edit by setting a ``_py2js_*`` trait to the message and straight back to
        ``None``, and its edit counters (``_last_trace_edit_id``, ``_last_layout_edit_id``) as two more
        messages: four messages, and so four rounds of work in the page, per edit. Here they are
        collected (:meth:`notify_change`) and sent together when the outermost block ends; the reset
        to ``None`` stays in the kernel (every edit message carries new edit ids, so the page sees the
        next one as a change without it). Sending is direct, so it also works while ipywidgets holds
        the widget's sync (while it handles a message from the page, e.g. the click whose callback
        edits the figure), where plotly's message and its reset used to merge into a lone ``None``.
        """
        with self._edit_lock:
            held = self._holding_sync
            self._holding_sync = False   # plotly's other messages (and their resets) go out one by one
            self._edit_depth += 1
            try:
                yield
            finally:
                self._edit_depth -= 1
                self._holding_sync = held
                if self._edit_depth == 0:
                    try:
                        self._flush_edits()
                    finally:
                        self._refresh_snapshot()

    def notify_change(self, change) -> None:
        """Collect plotly's edit messages inside :meth:`_sync_now` instead of sending each at once."""
        name = change["name"]
        if self._edit_depth and name in self.keys and self.comm is not None:
            if name in _EDIT_TRAITS:
                new = change["new"]
                if new is not None:
                    if name.startswith("_py2js_") and name in self._pending:
                        self._flush_edits()   # a second message of the same kind: keep both, in order
                    self._pending[name] = new
                # skip Widget.notify_change (which sends); observers still run
                super(widgets.Widget, self).notify_change(change)
                return
            self._flush_edits()   # another synced property: send what came before it first
        super().notify_change(change)

    def _flush_edits(self) -> None:
        """Send the collected edit messages as one comm message (in the order they were made)."""
        pending, self._pending = self._pending, {}
        if not pending or self.comm is None:
            return
        kept = {name: self._trait_values.get(name) for name in pending}
        self._trait_values.update(pending)
        try:
            self.send_state(key=list(pending))
        finally:
            self._trait_values.update(kept)

    def show(self, fig: go.Figure | dict) -> None:
        """Draw the complete figure ``fig`` on this widget, in place: only what differs is sent.

        Traces keep their objects (and click callbacks) where the trace type is unchanged: their
        properties are set to the new values and properties the new figure lacks are removed; the
        layout likewise. Surplus traces are deleted and new ones added. Unchanged values are not
        sent (plotly compares before sending), so a redraw that moves one shape sends that shape.
        Everything goes to the page as one comm message.

        Parameters
        ----------
        fig : plotly.graph_objects.Figure or dict
            The whole figure as it should look now (``data`` and ``layout``).
        """
        new = fig.to_plotly_json() if hasattr(fig, "to_plotly_json") else dict(fig)
        traces = [dict(t) for t in new.get("data", ())]
        keep = 0
        for old, trace in zip(self.data, traces, strict=False):
            if old.type != trace.get("type", "scatter"):
                break
            keep += 1
        with self._sync_now():
            if keep < len(self.data):
                self.data = self.data[:keep]
            with self.batch_update():
                for old, trace in zip(self.data, traces, strict=False):
                    _assign(old, trace, keep=("uid", "type"))
                _assign(self.layout, dict(new.get("layout", {})), keep=())
            if len(traces) > keep:
                self.add_traces(traces[keep:])

    def _send_relayout_msg(self, *args, **kwargs):
        with self._sync_now():
            super()._send_relayout_msg(*args, **kwargs)

    def _send_restyle_msg(self, *args, **kwargs):
        with self._sync_now():
            super()._send_restyle_msg(*args, **kwargs)

    def _send_update_msg(self, restyle_data, relayout_data, trace_indexes=None, source_view_id=None):
        """Send a ``batch_update``'s edits as one ``Plotly.update`` (one redraw in the page).

        plotly packs a batch into one update whose per-trace value lists hold a placeholder
        (``Undefined``, sent as ``"_undefined_"``) for traces that did not change that property. The
        browser turns it into ``undefined``; set on a container such as ``marker``, plotly.js later
        failed on it when the plot was drawn again (``Cannot use 'in' operator to search for 'line' in
        undefined``, seen on the TM map after a sandbox build). So each placeholder is replaced by the
        trace's current value of that property (``None``, i.e. "unset", when it has none): the same
        picture, drawn by one ``Plotly.update``. Only when one trace changes a property and another a
        part of it (``marker`` and ``marker.color``), which plotly.js refuses in one call, is each trace
        sent on its own.
        """
        indexes = self._normalize_trace_indexes(trace_indexes)
        filled = _fill_placeholders(self._data, restyle_data, indexes)
        with self._sync_now():
            if filled is not None:
                super()._send_update_msg(filled, relayout_data, indexes, source_view_id)
                return
            for position, index in enumerate(indexes):
                restyle = {key: [values[position]] for key, values in restyle_data.items()
                           if values[position] is not Undefined}
                if restyle or position == 0:
                    super()._send_update_msg(restyle, relayout_data if position == 0 else {}, [index],
                                             source_view_id)

    def _send_animate_msg(self, *args, **kwargs):
        with self._sync_now():
            super()._send_animate_msg(*args, **kwargs)

    def _send_addTraces_msg(self, *args, **kwargs):  # noqa: N802 - plotly's name
        with self._sync_now():
            super()._send_addTraces_msg(*args, **kwargs)

    def _send_deleteTraces_msg(self, *args, **kwargs):  # noqa: N802 - plotly's name
        with self._sync_now():
            super()._send_deleteTraces_msg(*args, **kwargs)

    def _send_moveTraces_msg(self, *args, **kwargs):  # noqa: N802 - plotly's name
        with self._sync_now():
            super()._send_moveTraces_msg(*args, **kwargs)


#: plotly's edit messages that carry fresh edit ids (so consecutive ones always differ), and the ids.
_EDIT_TRAITS = frozenset({
    "_py2js_addTraces", "_py2js_deleteTraces", "_py2js_restyle", "_py2js_relayout", "_py2js_update",
    "_py2js_animate", "_last_layout_edit_id", "_last_trace_edit_id",
})


def _fill_placeholders(data: list[dict], restyle_data: dict, indexes: list[int]) -> dict | None:
    """``restyle_data`` with each ``Undefined`` replaced by that trace's current value (``None``: unset).

    Returns ``None`` when a property and a part of it are both set (plotly.js refuses that in one call).
    """
    keys = list(restyle_data)
    for key in keys:
        if any(other != key and (other.startswith(key + ".") or other.startswith(key + "[")) for other in keys):
            return None
    out = {}
    for key, values in restyle_data.items():
        if not isinstance(values, list) or not any(v is Undefined for v in values):
            out[key] = values
            continue
        path = BaseFigure._str_to_dict_path(key)
        out[key] = [_lookup(data[index], path) if value is Undefined else value
                    for value, index in zip(values, indexes, strict=False)]
    return out


def _lookup(obj, path: tuple) -> object:
    for part in path:
        if isinstance(obj, dict) and part in obj:
            obj = obj[part]
        elif isinstance(obj, (list, tuple)) and isinstance(part, int) and 0 <= part < len(obj):
            obj = obj[part]
        else:
            return None
    return obj


def _assign(obj, values: dict, keep: tuple[str, ...]) -> None:
    """Make the plotly object ``obj`` hold exactly ``values`` (top-level keys), keys in ``keep`` aside.

    A key whose stored value already equals the new one is skipped before plotly validates it: a
    redraw of the TM map re-validated every hex and the whole layout template (about 50 ms per click)
    to find most of it unchanged.
    """
    props = obj._props or {}
    for key in list(props):
        if key not in values and key not in keep:
            obj[key] = None
    for key, value in values.items():
        if key not in keep and not _same(props.get(key, _MISSING), value):
            obj[key] = value


_MISSING = object()


def _same(old, new) -> bool:
    """True when ``old == new`` holds plainly (arrays and odd types compare as different: assigned)."""
    if old is _MISSING:
        return False
    try:
        return bool(type(old) is type(new) and old == new)
    except (ValueError, TypeError):   # numpy arrays: "truth value of an array is ambiguous"
        return False


def figure_widget(fig: go.Figure) -> LiveFigureWidget:
    """Wrap a complete :class:`plotly.graph_objects.Figure` in a :class:`LiveFigureWidget`.

    Build the whole figure first and wrap it once: an empty ``FigureWidget`` filled later renders
    blank inside ipywidgets containers in JupyterLab and Voila. Later edits (``batch_update``,
    ``update_traces``, ...) show in both, also when they happen before the widget is on screen.
    """
    return LiveFigureWidget(fig)


def set_empty_state(fig, message: str | None) -> None:
    """Show ``message`` in place of an empty chart's axes, or (``None``) show the chart again.

    A bar or line chart whose values are all zero draws bare axes from -1 to 1, which reads as a
    broken plot. With a message the axes are hidden and the message sits in the middle. Works on a
    ``go.Figure`` being built and on a shown figure (inside or outside ``batch_update``).

    Parameters
    ----------
    fig : plotly.graph_objects.Figure or FigureWidget
    message : str or None
        Plain text (HTML line breaks allowed) saying what to do to fill the chart.
    """
    empty = message is not None
    fig.layout.annotations = [dict(text=message, showarrow=False, xref="paper", yref="paper", x=0.5, y=0.5,
                                   font=dict(size=15, color="#555"))] if empty else []
    fig.layout.xaxis.visible = not empty
    fig.layout.yaxis.visible = not empty


def all_zero(values) -> bool:
    """True when every value is 0 or missing (an untouched score table or chart)."""
    return not any(v for v in values)


BUSY_CLASS = "companion-busy"
_BUSY_CSS = (f"<style>.{BUSY_CLASS} {{cursor: progress}} .{BUSY_CLASS} .widget-button, .{BUSY_CLASS} button"
             " {pointer-events: none; opacity: 0.55}</style>")


def busy_style() -> widgets.HTML:
    """An invisible HTML widget carrying the CSS of :func:`busy` and the touch-screen style sheet
    (:data:`companion.widgets.touch.TOUCH_CSS`); place it once in a widget's children."""
    return widgets.HTML(_BUSY_CSS + TOUCH_CSS, layout=widgets.Layout(height="0px", margin="0px"))


@contextmanager
def busy(root: widgets.DOMWidget, status: widgets.HTML | None = None, text: str | None = None) -> Iterator[None]:
    """Show that ``root`` is working while the ``with`` block runs.

    The root gets the CSS class ``companion-busy`` (progress cursor, buttons greyed and not clickable,
    needs :func:`busy_style` on the page) and ``status`` (optional) says ``text``; both are sent before
    the work starts, so the page shows them at once. Afterwards the class goes, and ``status`` is
    cleared unless the work wrote its own message there. ``text`` defaults to "Working…" in the
    language shown.
    """
    note = info_html(_("Working…") if text is None else text)
    root.add_class(BUSY_CLASS)
    if status is not None:
        status.value = note
    try:
        yield
    finally:
        root.remove_class(BUSY_CLASS)
        if status is not None and status.value == note:
            status.value = ""


def error_html(message: str) -> str:
    """HTML for an error message shown inline (red, escaped)."""
    label = html.escape(_("Error:"))
    return f'<div class="companion-error" style="color:#b00020"><b>{label}</b> {html.escape(message)}</div>'


def info_html(message: str) -> str:
    """HTML for a neutral message (escaped)."""
    return f'<div class="companion-info">{html.escape(message)}</div>'


def message_box() -> widgets.HTML:
    """An empty HTML widget for status and error messages."""
    return widgets.HTML(value="")


def join_sentences(*texts: str) -> str:
    """Sentences shown one after the other, joined as the language in force writes them.

    English puts a space after a full stop; Chinese does not (``…（基础游戏 + 火与冰）。2–5 名玩家``), so the
    join is the translated template ``"{first} {second}"`` (context "two sentences in a row"), never a
    hard-coded space.

    Parameters
    ----------
    *texts : str
        Whole sentences, already in the language in force; empty ones are skipped.

    Returns
    -------
    str
        The sentences as one text.
    """
    out = ""
    for text in texts:
        if not text:
            continue
        out = text if not out else pgettext("two sentences in a row", "{first} {second}").format(
            first=out, second=text)
    return out
