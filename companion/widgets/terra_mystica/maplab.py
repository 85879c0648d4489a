"""The Terra Mystica map lab: edit a map on the map, generate one, keep designs, export text and pictures.

Renders and calls the rules layer only: :mod:`~companion.terra_mystica.mapedit` (the design and its
undo/redo), :mod:`~companion.terra_mystica.mapgen` (generation and its objective),
:mod:`~companion.terra_mystica.mapstore` (designs by name) and the map pictures of
:mod:`~companion.widgets.terra_mystica.mapplot`. Every control calls a plain method, so tests drive the
lab without a browser: :meth:`MapLab.click` (what a click on a hex does with the chosen tool),
:meth:`MapLab.paint`, :meth:`MapLab.swap`, :meth:`MapLab.undo`, :meth:`MapLab.redo`,
:meth:`MapLab.add_row`, :meth:`MapLab.remove_row`, :meth:`MapLab.generate`, :meth:`MapLab.start_from`,
:meth:`MapLab.save_design`, :meth:`MapLab.open_design`.

Examples
--------
>>> import tempfile
>>> from companion.widgets.terra_mystica.maplab import MapLab
>>> lab = MapLab(folder=tempfile.mkdtemp())
>>> lab.tool.value = "Y"
>>> lab.click("A1")
True
>>> lab.editor.design.map.terrain("A1")
'Y'
>>> lab.undo()
>>> lab.editor.design.map.terrain("A1")
'U'
"""

from __future__ import annotations

import base64
import html
from collections.abc import Callable, Sequence

import ipywidgets as widgets

from companion.errors import CompanionError
from companion.i18n import _, add_language_listener, ngettext
from companion.terra_mystica.hexmap import load_shipped_map, shipped_maps
from companion.terra_mystica.mapedit import MapDesign, MapEditor
from companion.terra_mystica.mapgen import RIVER_CHOICES, TERRAIN_CHOICES, generate, objective
from companion.terra_mystica.mapstore import DesignStore
from companion.terra_mystica.terrain import RIVER_LETTER, terrain_wheel
from companion.widgets.common import error_html, figure_widget, info_html
from companion.widgets.terra_mystica.balanceplot import BalancePanel, frame_html, frame_layout, scrolling_html
from companion.widgets.terra_mystica.map import statistics_html
from companion.widgets.terra_mystica.mapplot import HEX_TRACE, map_figure, map_svg
from companion.widgets.terra_mystica.names import map_name, terrain_name

__all__ = ["MapLab", "SWAP"]

#: The tool value that swaps two clicked land hexes (every other tool value is a terrain letter).
SWAP = "swap"

#: The lab's notes and status wrap at the screen's edge (a phone), the 40-digit map id included.
_WRAP = '<div class="companion-map-status" style="white-space: normal; overflow-wrap: anywhere">{}</div>'



class MapLab(widgets.VBox):
    """Design a Terra Mystica map on the map itself.

    Parameters
    ----------
    initial : str
        Shipped map the design starts from (``"base"``, ``"fire_ice_side1"``, ...).
    folder : str or PathLike, optional
        Where designs are saved (default :func:`~companion.terra_mystica.mapstore.default_map_dir`).
    height : int
        Map height in pixels.

    Attributes
    ----------
    editor : MapEditor
        The design and its undo/redo history.
    """

    def __init__(self, initial: str = "base", *, folder=None, height: int = 520) -> None:
        self.editor = MapEditor(MapDesign.from_map(load_shipped_map(initial)))
        self.store = DesignStore(folder)
        self._height = height
        self.pending: str | None = None  # first hex of a swap
        self._render_message: Callable[[], str] | None = None
        self.tool = widgets.ToggleButtons(options=self._tool_options(), value=terrain_wheel().letters[0],
                                          style={"button_width": "92px"})
        self.labels = widgets.Checkbox(value=True, indent=False)
        self.undo_button = widgets.Button(icon="undo")
        self.redo_button = widgets.Button(icon="repeat")
        self.add_row_button = widgets.Button()
        self.remove_row_button = widgets.Button()
        self.start_menu = widgets.Dropdown(options=self._start_options(), value=initial)
        self.start_button = widgets.Button()
        self.river = widgets.Dropdown(options=self._river_options(), value="base")
        self.terrains = widgets.Dropdown(options=self._terrain_options(), value="balanced")
        self.seed = widgets.BoundedIntText(value=1, min=0, max=2**31 - 1, layout=widgets.Layout(width="180px"))
        self.generate_button = widgets.Button(button_style="primary")
        self.name = widgets.Text(layout=widgets.Layout(width="260px"))
        self.save_button = widgets.Button()
        self.saved = widgets.Dropdown(options=[], layout=widgets.Layout(width="320px"))
        self.open_button = widgets.Button()
        self.message = widgets.HTML()
        self.status = widgets.HTML()
        self.stats = frame_html()
        self.base_stats = frame_html()
        self.letters_export = widgets.Textarea(layout=widgets.Layout(width="480px", height="190px"))
        self.words_export = widgets.Textarea(layout=widgets.Layout(width="480px", height="190px"))
        self.downloads = widgets.HTML()
        self._headings = {k: widgets.HTML() for k in ("edit", "generate", "designs", "stats", "mine", "base",
                                                      "export", "letters", "words", "balance")}
        self.figure = figure_widget(self._figure())
        self._bind()
        self.balance = BalancePanel(lambda: self.design.map)
        self.undo_button.on_click(lambda _b: self.undo())
        self.redo_button.on_click(lambda _b: self.redo())
        self.add_row_button.on_click(lambda _b: self.add_row())
        self.remove_row_button.on_click(lambda _b: self.remove_row())
        self.start_button.on_click(lambda _b: self.start_from(self.start_menu.value))
        self.generate_button.on_click(lambda _b: self.generate())
        self.save_button.on_click(lambda _b: self.save_design(self.name.value))
        self.open_button.on_click(lambda _b: self.open_design(self.saved.value))
        self.labels.observe(lambda _c: self._show(), names="value")
        self.tool.observe(lambda _c: self._cancel_swap(), names="value")
        edit = widgets.VBox([
            self.tool,
            widgets.HBox([self.undo_button, self.redo_button, self.add_row_button, self.remove_row_button,
                          self.labels], layout=widgets.Layout(flex_flow="row wrap", align_items="center")),
            widgets.HBox([self.start_menu, self.start_button], layout=widgets.Layout(flex_flow="row wrap")),
        ])
        make = widgets.HBox([self.river, self.terrains, self.seed, self.generate_button],
                            layout=widgets.Layout(flex_flow="row wrap"))
        keep = widgets.HBox([self.name, self.save_button, self.saved, self.open_button],
                            layout=widgets.Layout(flex_flow="row wrap"))
        h = self._headings
        # each statistics table scrolls in its own frame on a narrow screen (the boxes may shrink below it)
        stats = widgets.HBox([widgets.VBox([h["mine"], self.stats], layout=frame_layout()),
                              widgets.VBox([h["base"], self.base_stats], layout=frame_layout())],
                             layout=widgets.Layout(flex_flow="row wrap", max_width="100%"))
        export = widgets.HBox([widgets.VBox([h["letters"], self.letters_export]),
                               widgets.VBox([h["words"], self.words_export])],
                              layout=widgets.Layout(flex_flow="row wrap"))
        # the map as wide as the page's box and as tall as that width needs (a phone shows it whole, smaller)
        figure_box = widgets.VBox([self.figure], layout=widgets.Layout(width="100%", min_width="0"))
        super().__init__([h["edit"], edit, self.message, self.status, figure_box,
                          h["generate"], make, h["designs"], keep,
                          h["stats"], stats, h["export"], export, self.downloads, h["balance"], self.balance])
        self.add_class("companion-map-lab")
        self._label()
        self._refresh_saved()
        self._show(redraw=False)
        add_language_listener(self._retranslate)

    # ------------------------------------------------------------------ language
    @staticmethod
    def _tool_options() -> list[tuple[str, str]]:
        wheel = terrain_wheel()
        return ([(terrain_name(t), t) for t in wheel.letters] + [(terrain_name(RIVER_LETTER), RIVER_LETTER)]
                + [(_("swap two"), SWAP)])

    @staticmethod
    def _start_options() -> list[tuple[str, str]]:
        return [(map_name(e), e["key"]) for e in shipped_maps()]

    @staticmethod
    def _river_options() -> list[tuple[str, str]]:
        names = {e["key"]: map_name(e) for e in shipped_maps()}
        return [(names.get(k, _("random river")), k) for k in RIVER_CHOICES()]

    @staticmethod
    def _terrain_options() -> list[tuple[str, str]]:
        names = {"random": _("random terrains"), "balanced": _("balanced terrains")}
        return [(names[k], k) for k in TERRAIN_CHOICES]

    def _label(self) -> None:
        self.tool.description = ""
        self.tool.tooltips = [_("paint hexes {terrain}: click a hex, or drag a lasso over several").format(
            terrain=name) for name, _v in self._tool_options()[:-1]] + [_("click two land hexes to swap them")]
        self.labels.description = _("hex labels")
        self.undo_button.description = _("Undo")
        self.redo_button.description = _("Redo")
        self.add_row_button.description = _("Add a row")
        self.add_row_button.tooltip = _("add a row at the bottom, painted with the chosen terrain (river when swapping)")
        self.remove_row_button.description = _("Remove the bottom row")
        self.remove_row_button.layout.width = "auto"
        self.start_menu.description = _("Start from")
        self.start_button.description = _("Start again")
        self.river.description = _("River")
        self.seed.description = _("Seed")
        self.generate_button.description = _("Generate")
        self.name.description = _("Name")
        self.name.placeholder = _("e.g. {example}").format(example=_("Lakes and hills"))
        self.save_button.description = _("Save")
        self.saved.description = _("Saved")
        self.open_button.description = _("Open")
        h = self._headings
        h["edit"].value = "<h3>" + html.escape(_("Edit on the map")) + "</h3><p>" + html.escape(_(
            "Pick a terrain or river, then click hexes (or drag a lasso over several) to paint them. "
            "Pick 'swap two' and click two land hexes to swap them.")) + "</p>"
        h["generate"].value = "<h3>" + html.escape(_("Generate a map")) + "</h3><p>" + html.escape(_(
            "A river layout (a shipped map's, or a random river: one channel winding across the map with a few side "
            "channels) and terrains: random, or balanced (equal counts, "
            "no two alike side by side, each terrain's mix of neighbours by spades close to the base map's). "
            "One seed gives one map.")) + "</p>"
        h["designs"].value = "<h3>" + html.escape(_("Your designs")) + "</h3><p>" + html.escape(
            _("Kept in {folder}").format(folder=self.store.folder)) + "</p>"
        h["stats"].value = "<h3>" + html.escape(_("Statistics")) + "</h3>"
        h["mine"].value = "<b>" + html.escape(_("This map")) + "</b>"
        h["base"].value = "<b>" + html.escape(_("Base map")) + "</b>"
        h["export"].value = "<h3>" + html.escape(_("Export")) + "</h3>"
        h["balance"].value = "<h3>" + html.escape(_("How the factions fare")) + "</h3><p>" + html.escape(_(
            "Read the map per home terrain, or let bots play: each faction seated in turn against randomly drawn "
            "opponents, every seat the same bot, on this map and on the base map. Mean VP and win share, with their "
            "intervals at 95 %.")) + "</p>"
        h["letters"].value = _("<b>Letter form</b> (custom-map files)")
        h["words"].value = _("<b>Colour-word form</b> (reference engine; its SHA-1 is the map id)")

    def _retranslate(self, _language: str) -> None:
        for menu, options in ((self.tool, self._tool_options()), (self.start_menu, self._start_options()),
                              (self.terrains, self._terrain_options()), (self.river, self._river_options())):
            value = menu.value
            menu.options = options
            menu.value = value
        self._label()
        self.balance.retranslate()
        if self._render_message is not None:
            self.message.value = _WRAP.format(self._render_message())
        self._show()

    def _say(self, render: Callable[[], str]) -> None:
        self._render_message = render
        self.message.value = _WRAP.format(render())

    # ------------------------------------------------------------------ plain methods
    @property
    def design(self) -> MapDesign:
        """The design shown."""
        return self.editor.design

    def click(self, label: str) -> bool:
        """What a click on hex ``label`` does with the chosen tool: paint it, or (tool ``swap``) remember it
        and swap it with the next clicked land hex. True when the click was used."""
        if self.tool.value != SWAP:
            return self.paint([label])
        if self.pending is None:
            try:
                h = self.design.map.hex(label)
            except CompanionError as exc:
                message = str(exc)
                self._say(lambda: error_html(message))
                return False
            if h.river:
                self._say(lambda: error_html(_("{hex} is a river hex; click two land hexes to swap them").format(
                    hex=h.label)))
                return False
            self.pending = h.label
            self._say(lambda: info_html(_("{hex} chosen; click the land hex to swap it with").format(hex=h.label)))
            self._show()
            return True
        first, self.pending = self.pending, None
        return self.swap(first, label)

    def paint(self, labels: Sequence[str], terrain: str | None = None) -> bool:
        """Paint hexes ``labels`` (labels on the map shown) with ``terrain`` (default: the chosen tool)."""
        letter = terrain if terrain is not None else self.tool.value
        if letter == SWAP:
            return False
        return self._edit(lambda d: d.paint(list(labels), letter))

    def swap(self, a: str, b: str) -> bool:
        """Swap two land hexes."""
        return self._edit(lambda d: d.swap(a, b))

    def add_row(self) -> bool:
        """Add a row at the bottom, painted with the chosen terrain (river while swapping)."""
        fill = RIVER_LETTER if self.tool.value == SWAP else self.tool.value
        return self._edit(lambda d: d.add_row(fill))

    def remove_row(self) -> bool:
        """Remove the bottom row."""
        return self._edit(lambda d: d.remove_row())

    def undo(self) -> None:
        """Take back the last edit."""
        self.pending = None
        self.editor.undo()
        self._say(lambda: "")
        self._show()

    def redo(self) -> None:
        """Make the last undone edit again."""
        self.pending = None
        self.editor.redo()
        self._say(lambda: "")
        self._show()

    def start_from(self, key: str) -> None:
        """Start a new design from shipped map ``key`` (an edit: undo goes back)."""
        m = load_shipped_map(key)
        self._edit(lambda _d: MapDesign.from_map(m))

    def generate(self, river: str | None = None, terrains: str | None = None, seed: int | None = None) -> bool:
        """Generate a map (defaults: the menus) and make it the design (undo goes back)."""
        river = river if river is not None else self.river.value
        terrains = terrains if terrains is not None else self.terrains.value
        seed = seed if seed is not None else self.seed.value
        try:
            result = generate(river, terrains, seed=seed, progress=False)
        except CompanionError as exc:
            message = str(exc)
            self._say(lambda: error_html(message))
            return False
        ok = self._edit(lambda _d: MapDesign.from_map(result.map))
        score = result.score
        # the menus' translated names, not the generator's keys ("random", "balanced")
        river_shown = dict((k, n) for n, k in self._river_options()).get(river, river)
        terrains_shown = dict((k, n) for n, k in self._terrain_options()).get(terrains, terrains)
        self._say(lambda: info_html(_("Generated (river {river}, {terrains}, seed {seed}): objective {total:.3f}; "
                                      "the base map scores 0.").format(river=river_shown, terrains=terrains_shown,
                                                                       seed=seed, total=score.total)))
        return ok

    def save_design(self, name: str) -> bool:
        """Save the design as ``name`` in the designs folder (atomically)."""
        try:
            self.store.save(name, self.design.map)
        except CompanionError as exc:
            message = str(exc)
            self._say(lambda: error_html(message))
            return False
        saved = name.strip()
        map_id = self.design.map.map_id
        path = self.store.path(saved)
        self._say(lambda: info_html(_("Saved {name} (map id {map_id}) as {path}: the play notebook's map file box "
                                      "and companion tm simulate --map read this file.").format(
            name=saved, map_id=map_id, path=path)))
        self._refresh_saved(saved)
        return True

    def open_design(self, name: str | None) -> bool:
        """Open saved design ``name`` (an edit: undo goes back to the design before)."""
        if not name:
            self._say(lambda: error_html(_("no design saved yet")))
            return False
        try:
            m = self.store.open(name)
        except CompanionError as exc:
            message = str(exc)
            self._say(lambda: error_html(message))
            return False
        self.name.value = name
        ok = self._edit(lambda _d: MapDesign.from_map(m))
        self._say(lambda: info_html(_("Opened {name} (map id {map_id}).").format(name=name, map_id=m.map_id)))
        return ok

    # ------------------------------------------------------------------ internals
    def _edit(self, edit) -> bool:
        try:
            self.editor.apply(edit)
        except CompanionError as exc:
            message = str(exc)
            self._say(lambda: error_html(message))
            return False
        self.pending = None
        self._say(lambda: "")
        self._show()
        return True

    def _cancel_swap(self) -> None:
        if self.pending is not None:
            self.pending = None
            self._show()

    def _figure(self):
        highlight = {self.pending: "selected"} if self.pending else None
        fig = map_figure(self.design.map, highlight=highlight, show_labels=self.labels.value, height=self._height)
        fig.update_layout(dragmode="lasso", clickmode="event")
        return fig

    def _bind(self) -> None:
        for trace in self.figure.data:
            if trace.name == HEX_TRACE:
                trace.on_click(lambda tr, points, _state: self._on_points(tr, points, drag=False))
                trace.on_selection(lambda tr, points, _state: self._on_points(tr, points, drag=True))

    def _on_points(self, trace, points, *, drag: bool) -> None:
        labels = [trace.customdata[i] for i in points.point_inds]
        if not labels:
            return
        if drag:
            if self.tool.value != SWAP:
                self.paint(labels)
        else:
            self.click(labels[0])

    def _refresh_saved(self, chosen: str | None = None) -> None:
        designs = self.store.designs()
        invalid = _("not a valid map")
        self.saved.options = [(d.name + " · " + (d.map_id[:8] if d.map_id else invalid), d.name) for d in designs]
        if chosen is not None and chosen in [d.name for d in designs]:
            self.saved.value = chosen

    def _show(self, redraw: bool = True) -> None:
        m = self.design.map
        if redraw:
            self.figure.show(self._figure())
            self._bind()
        warnings = self.design.warnings()
        known = {e["map_id"]: map_name(e) for e in shipped_maps()}
        head = html.escape(_("Map id")) + f" <code>{m.map_id}</code>"
        if m.map_id in known:
            head += " " + html.escape(_("(same as {name})").format(name=known[m.map_id]))
        score = objective(m)
        head += "<br>" + html.escape(ngettext(
            "Balance objective {total:.3f} (base map 0): counts off by {excess}, {pairs} same-terrain neighbour "
            "pair, neighbour mix at most {mix:.2f} from the base map's.",
            "Balance objective {total:.3f} (base map 0): counts off by {excess}, {pairs} same-terrain neighbour "
            "pairs, neighbour mix at most {mix:.2f} from the base map's.", score.same_terrain_pairs).format(
            total=score.total, excess=score.count_excess, pairs=score.same_terrain_pairs, mix=score.mix_max))
        if warnings:
            head += "".join(f'<div class="companion-map-warning" style="color:#9a5b00">⚠ {html.escape(w.message)}'
                            "</div>" for w in warnings)
        self.status.value = _WRAP.format(head)
        self.undo_button.disabled = not self.editor.can_undo
        self.redo_button.disabled = not self.editor.can_redo
        refusal = self.design.remove_row_refusal()
        self.remove_row_button.disabled = refusal is not None
        self.remove_row_button.tooltip = refusal or _("remove the bottom row")
        self.stats.value = scrolling_html(statistics_html(m))
        self.base_stats.value = scrolling_html(statistics_html(load_shipped_map("base")))
        self.letters_export.value = m.to_letters()
        self.words_export.value = m.to_colour_words().replace("E ", "E\n")
        self.downloads.value = " · ".join([
            _link("map.txt", "text/plain", m.to_letters().encode("utf-8"), _("download letter form")),
            _link("map-colour-words.txt", "text/plain", (m.to_colour_words() + "\n").encode("utf-8"),
                  _("download colour-word form")),
            _link("map.svg", "image/svg+xml", map_svg(m, show_labels=self.labels.value).encode("utf-8"),
                  _("download SVG picture")),
        ]) + "<br><span style='font-size:12px'>" + html.escape(_(
            "PNG: the camera button above the map, or on the command line:")) + (
            " <code>companion tm map FILE --png OUT.png</code></span>")


def _link(filename: str, mime: str, data: bytes, caption: str) -> str:
    encoded = base64.b64encode(data).decode("ascii")
    return (f'<a download="{html.escape(filename)}" href="data:{mime};base64,{encoded}">'
            f"{html.escape(caption)}</a>")
