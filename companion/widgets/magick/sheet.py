"""The Merchants of Magick player sheet drawn with plotly, and a widget that redraws it in place.

The drawing follows the sheet's data (:class:`companion.magick.sheet.Sheet`): crafting columns
(materials) on the left, research columns (energies) on the right, one line per row with its circles
under their columns and its gold beside it (crafting gold on the left edge, research gold on the
right edge, rules summary V.2). A circle shows its target and the comparison of its column
(``5↑``: the die must be at least 5; ``4↓``: at most 4). The sheet's ``label`` is printed above it,
so a reconstruction is never mistaken for the printed sheet.

Nothing here decides a rule: which circles are filled, which a die may fill and with how many
potions, and the odds, are passed in by the caller, who got them from ``companion.magick``.
"""

from __future__ import annotations

import html
import re
import unicodedata
from collections.abc import Collection, Mapping
from dataclasses import dataclass

import ipywidgets as widgets
import plotly.graph_objects as go

from companion.i18n import _, add_language_listener, ngettext, remove_language_listener
from companion.i18n import lazy_gettext as _LAZY
from companion.magick.sheet import CRAFTING, RESEARCH, Sheet
from companion.widgets.common import figure_widget

__all__ = ["CircleMark", "SheetView", "circle_text", "sheet_figure", "sheet_label_html"]

EMPTY = "#ffffff"
FILLED = "#7f7f7f"
FREE = "#ffbf00"          # filled by an adventurer's free circle
CAN_FILL = "#2ca02c"      # the chosen die fills it as rolled
WITH_POTIONS = "#ff7f0e"  # the chosen die fills it with potions
BEST = "#d62728"          # the engine's top-ranked placement
SIDE_COLOUR = {CRAFTING: "#8c564b", RESEARCH: "#1f77b4"}
#: How a column's comparison is shown (the sheet data writes ``>=``/``<=``).
_COMPARE = {">=": "≥", "<=": "≤"}
_SIDE_NAMES = {CRAFTING: _LAZY("crafting"), RESEARCH: _LAZY("research")}
_KIND_NAMES = {"material": _LAZY("material"), "energy": _LAZY("energy")}


def shown_text(text: str) -> str:
    """A text of the sheet or card data (sheet name and label, row, group and column names, card names) as
    shown: in the reader's language when the catalog has it (the shipped data's texts are extracted into it,
    ``tools/i18n.py``), else as typed (a user's own sheet)."""
    return _(text) if text else text


@dataclass(frozen=True)
class CircleMark:
    """How to draw one circle: a colour and a hover sentence (given by the caller)."""

    colour: str
    hover: str = ""


def circle_text(sheet: Sheet, key: str) -> str:
    """The label printed in circle ``key``: its target and an arrow (↑ at least, ↓ at most)."""
    circle = sheet.circle(key)
    arrow = "↑" if sheet.column(circle.column).compare == ">=" else "↓"
    return f"{circle.target}{arrow}"


def _layout(sheet: Sheet) -> tuple[dict[str, float], dict[str, float], dict[str, float], list[tuple[str, float, str]]]:
    """x of each column, y of each row, x of each side's gold, and group headings (side, y, name)."""
    xs: dict[str, float] = {}
    crafting = [c for c in sheet.columns if c.side == CRAFTING]
    research = [c for c in sheet.columns if c.side == RESEARCH]
    for i, column in enumerate(crafting):
        xs[column.id] = 1.0 + i
    start = len(crafting) + 2.0
    for i, column in enumerate(research):
        xs[column.id] = start + i
    gold_x = {CRAFTING: 0.2, RESEARCH: start + len(research) - 0.2}
    ys: dict[str, float] = {}
    headings: list[tuple[str, float, str]] = []
    for side in (CRAFTING, RESEARCH):
        y = 0.0
        for group in (g for g in sheet.groups if g.side == side):
            y -= 1.0
            headings.append((side, y, group.name))
            for row in sheet.rows_in_group(group.id):
                y -= 1.0
                ys[row.id] = y
    return xs, ys, gold_x, headings


def sheet_label_html(sheet: Sheet) -> str:
    """A banner with the sheet's name and label; amber for a reconstruction, green for a checked sheet."""
    colour = "#8a5a00" if sheet.reconstruction else "#1b5e20"
    back = "#fff4d6" if sheet.reconstruction else "#e8f5e9"
    kind = _("Reconstruction: {name}") if sheet.reconstruction else _("Your sheet: {name}")
    return (f'<div class="companion-magick-sheet-label" style="border-left:4px solid {colour};background:{back};'
            f'padding:4px 8px;margin:4px 0"><b>{html.escape(kind.format(name=shown_text(sheet.name)))}</b><br>'
            f'{html.escape(shown_text(sheet.label))}</div>')


def _row_label(sheet: Sheet, row_id: str, complete: bool) -> str:
    row = sheet.row(row_id)
    name = f"<b>{html.escape(shown_text(row.name))}</b>" if complete else html.escape(shown_text(row.name))
    return f"{name} ✓" if complete else name


def _effect_text(sheet: Sheet, row) -> str:
    """A charm row's end-game effect for players (never the data's type id or its source note)."""
    effect = row.effect
    if effect is None or effect.type != "gold_per_fulfilled_order":
        return ""   # potions_on_completion: the row's potions already say it
    group = next((g.name for g in sheet.groups if g.id == effect.item_group), effect.item_group)
    return " — " + _("end of game: +{gold} gold per fulfilled order of {group}").format(
        gold=effect.gold_each, group=shown_text(group))


def sheet_figure(sheet: Sheet, *, filled: Collection[str] = (), free: Collection[str] = (),
                 marks: Mapping[str, CircleMark] | None = None, complete: Collection[str] = (),
                 title: str | None = None) -> go.Figure:
    """Draw ``sheet`` as a plotly figure.

    Parameters
    ----------
    sheet : Sheet
    filled : collection of str
        Circle keys (``"grimoire.2"``) already filled (drawn grey).
    free : collection of str
        Filled circles that came from the adventurer's free circle (drawn amber).
    marks : mapping of str to CircleMark, optional
        Extra colour and hover text for empty circles (e.g. where the chosen die may go).
    complete : collection of str
        Row ids that are complete (their gold is circled and their name ticked).
    title : str, optional

    Returns
    -------
    plotly.graph_objects.Figure
        Trace 0 holds the circles in ``sheet.circles`` order, trace 1 the row names, trace 2 the gold,
        trace 3 the column headings; :class:`SheetView` updates them in place.
    """
    xs, ys, gold_x, headings = _layout(sheet)
    circles = sheet.circles
    colours, hovers = _circle_style(sheet, filled, free, marks or {})
    circle_trace = go.Scatter(
        x=[xs[c.column] for c in circles], y=[ys[c.row] for c in circles], mode="markers+text",
        text=[circle_text(sheet, c.key) for c in circles], textfont=dict(size=11, color="#111"),
        marker=dict(size=30, color=colours, line=dict(width=2, color="#333")),
        customdata=[c.key for c in circles], hovertext=hovers, hoverinfo="text", name="circles")
    rows = sheet.rows
    name_x = {CRAFTING: gold_x[CRAFTING] - 0.45, RESEARCH: gold_x[RESEARCH] + 0.45}
    names = go.Scatter(
        x=[name_x[r.side] for r in rows], y=[ys[r.id] for r in rows], mode="text",
        text=[_row_label(sheet, r.id, r.id in complete) for r in rows],
        textposition=["middle left" if r.side == CRAFTING else "middle right" for r in rows],
        cliponaxis=False, hoverinfo="skip", name="rows")   # drawn in the margins kept for them
    gold = go.Scatter(
        x=[gold_x[r.side] for r in rows], y=[ys[r.id] for r in rows], mode="markers+text",
        text=[str(r.gold) for r in rows], textfont=dict(size=11, color="#5a4500"),
        marker=dict(symbol="circle", size=22, color=["#ffd54f" if r.id in complete else "#fff8e1" for r in rows],
                    line=dict(width=[3 if r.id in complete else 1 for r in rows], color="#b8860b")),
        hovertext=[ngettext("{row}: {gold} gold and {n} potion when complete",
                            "{row}: {gold} gold and {n} potions when complete", r.potions).format(
                       row=shown_text(r.name), gold=r.gold, n=r.potions)
                   + _effect_text(sheet, r) for r in rows],
        hoverinfo="text", name="gold")
    top = 0.2
    columns = go.Scatter(
        x=[xs[c.id] for c in sheet.columns], y=[top] * len(sheet.columns), mode="text",
        text=[f"<b>{html.escape(shown_text(c.name))}</b><br>{' '.join(c.allowed_dice)}" for c in sheet.columns],
        textfont=dict(color=[SIDE_COLOUR[c.side] for c in sheet.columns]),
        hovertext=[_("{column} ({kind}, {side}): die {compare} circle; dice {dice}").format(
                       column=shown_text(c.name), kind=_KIND_NAMES.get(c.kind, c.kind), side=_SIDE_NAMES.get(c.side, c.side),
                       compare=_COMPARE.get(c.compare, c.compare), dice=_(", ").join(c.allowed_dice))
                   for c in sheet.columns], hoverinfo="text", name="columns")
    fig = go.Figure([circle_trace, names, gold, columns])
    for side, y, name in headings:
        x = gold_x[CRAFTING] - 0.4 if side == CRAFTING else gold_x[RESEARCH] + 0.4
        fig.add_annotation(x=x, y=y, text=f"<b>{html.escape(shown_text(name))}</b>", showarrow=False,
                           xanchor="right" if side == CRAFTING else "left",
                           font=dict(color=SIDE_COLOUR[side], size=12))
    for side, label in ((CRAFTING, _("<b>Crafting</b> — die ≥ circle")), (RESEARCH, _("<b>Research</b> — die ≤ circle"))):
        side_xs = [xs[c.id] for c in sheet.columns if c.side == side]
        if side_xs:
            fig.add_annotation(x=sum(side_xs) / len(side_xs), y=top + 0.75, text=label, showarrow=False,
                               font=dict(color=SIDE_COLOUR[side], size=14))
    lowest = min(ys.values()) if ys else -1.0
    # as wide as its box (the row names in margins as wide as the longest of each side's names: never clipped,
    # however narrow the notebook is with the file browser open)
    names_px = {side: max([_text_px(_row_label(sheet, r.id, True)) for r in rows if r.side == side]
                          + [_text_px(f"<b>{shown_text(n)}</b>") for s, _y, n in headings if s == side], default=0.0)
                for side in (CRAFTING, RESEARCH)}
    fig.update_layout(
        title=title,
        showlegend=False, autosize=True, height=max(360, int(34 * (1.5 - lowest)) + 80), plot_bgcolor="#fdfbf5",
        margin=dict(l=int(names_px[CRAFTING]) + 24, r=int(names_px[RESEARCH]) + 24, t=40 if title else 10, b=10),
        clickmode="event",
        xaxis=dict(visible=False, range=[gold_x[CRAFTING] - 0.5, gold_x[RESEARCH] + 0.5]),
        yaxis=dict(visible=False, range=[lowest - 0.8, top + 1.2]))
    return fig


def _text_px(text: str, size: float = 12.0) -> float:
    """About how wide ``text`` (tags left out) is drawn at ``size`` px: wide (CJK) characters one em, bold ones
    a little wider, others 0.62 em (an upper bound for the sheet's sans-serif font)."""
    bold = "<b>" in text
    plain = html.unescape(re.sub(r"<[^>]+>", "", text))
    ems = sum(1.0 if unicodedata.east_asian_width(c) in "WF" else 0.62 for c in plain)
    return ems * size * (1.08 if bold else 1.0)


def _circle_style(sheet: Sheet, filled: Collection[str], free: Collection[str],
                  marks: Mapping[str, CircleMark]) -> tuple[list[str], list[str]]:
    colours, hovers = [], []
    for circle in sheet.circles:
        column = sheet.column(circle.column)
        base = _("{row}: {column} circle {target} (die {compare} {target}; dice {dice})").format(
            row=shown_text(sheet.row(circle.row).name), column=shown_text(column.name), target=circle.target,
            compare=_COMPARE.get(column.compare, column.compare), dice=_(", ").join(column.allowed_dice))
        if circle.key in free:
            colours.append(FREE)
            hovers.append(base + " — " + _("filled free (adventurer)"))
        elif circle.key in filled:
            colours.append(FILLED)
            hovers.append(base + " — " + _("filled"))
        elif circle.key in marks:
            colours.append(marks[circle.key].colour)
            hovers.append(base + (f"<br>{marks[circle.key].hover}" if marks[circle.key].hover else ""))
        else:
            colours.append(EMPTY)
            hovers.append(base)
    return colours, hovers


class SheetView(widgets.VBox):
    """The sheet's banner and its plotly drawing, redrawn in place by :meth:`show`.

    Parameters
    ----------
    sheet : Sheet
    title : str, optional
    filled, free, marks, complete
        The first drawing (as :func:`sheet_figure`): the figure is built complete and wrapped once, since
        a ``FigureWidget`` changed before the browser first draws it may show blank axes.
    """

    def __init__(self, sheet: Sheet, title: str | None = None, *, filled: Collection[str] = (),
                 free: Collection[str] = (), marks: Mapping[str, CircleMark] | None = None,
                 complete: Collection[str] = ()) -> None:
        self.sheet = sheet
        self.banner = widgets.HTML(sheet_label_html(sheet))
        self.figure = figure_widget(sheet_figure(sheet, title=title, filled=filled, free=free, marks=marks,
                                                 complete=complete))
        self._shown = (frozenset(filled), frozenset(free),
                       tuple(sorted((k, m.colour, m.hover) for k, m in (marks or {}).items())),
                       frozenset(complete), title)
        self._drawn = dict(filled=filled, free=free, marks=marks, complete=complete, title=title)
        # as wide as the notebook, but the circles keep their room: narrower than 780 px (a phone), the drawing
        # scrolls sideways in its own frame
        room = widgets.VBox([self.figure], layout=widgets.Layout(width="100%", min_width="780px"))
        super().__init__([self.banner, widgets.Box([room], layout=widgets.Layout(width="100%", max_width="100%",
                                                                                overflow="auto"))])
        add_language_listener(self._retranslate)

    def close(self) -> None:
        """Stop following the language switch, then close the widget."""
        remove_language_listener(self._retranslate)
        super().close()

    def _retranslate(self, language: str) -> None:
        """Draw the banner, headings and hover texts again in ``language``, on the same figure."""
        del language
        self.banner.value = sheet_label_html(self.sheet)
        self._shown = None
        self.show(**self._drawn)

    def set_sheet(self, sheet: Sheet, title: str | None = None) -> None:
        """Draw another (e.g. edited) ``sheet``, empty, on the same figure in place; the banner follows."""
        self.sheet = sheet
        self.banner.value = sheet_label_html(sheet)
        self._shown = None
        self.show(title=title)

    def show(self, *, filled: Collection[str] = (), free: Collection[str] = (),
             marks: Mapping[str, CircleMark] | None = None, complete: Collection[str] = (),
             title: str | None = None) -> None:
        """Redraw with new circle colours and completed rows (same meaning as :func:`sheet_figure`'s
        parameters), in place on the one figure: only the changed colours, hover texts, row names and
        title are sent. Nothing is sent when the drawing would not change.
        """
        key = (frozenset(filled), frozenset(free), tuple(sorted((k, m.colour, m.hover) for k, m in (marks or {}).items())),
               frozenset(complete), title)
        self._drawn = dict(filled=filled, free=free, marks=marks, complete=complete, title=title)
        if key == self._shown:
            return
        self.figure.show(sheet_figure(self.sheet, title=title, filled=filled, free=free, marks=marks,
                                      complete=complete))
        self._shown = key
