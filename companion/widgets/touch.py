"""Phones and tablets at the table: touch-sized controls, meanings reachable by a tap, digit keyboards.

Everything here only changes how the widgets look and respond on a touch screen; no rule is decided.

* :data:`TOUCH_CSS` - one style sheet for every widget of the package. On a touch screen (``pointer:
  coarse``) or a narrow one (at most 640 px wide) buttons, text boxes, drop-downs and date pickers are at
  least 40 px tall (a button's label wraps instead of being cut off), text boxes use a 16 px font (a phone zooms into smaller ones), an HTML text wraps at the
  width of its box and a table wider than the screen scrolls inside its own box instead of being cut off, a
  row of controls wraps instead of running off the screen (a form's table of boxes scrolls sideways as one)
  and no box or plot is wider than the screen; on a phone plotly's tool bar, which it shows all the time
  where nothing hovers, no longer covers the chart's title.
  :func:`companion.widgets.common.busy_style` and :func:`companion.widgets.formcheck.style_widget` carry it,
  so it is on the page with any of the package's main widgets; :func:`touch_style` is for the others.
* :func:`show_tooltip` - marks a button whose tooltip matters: on a touch screen (nothing hovers) the
  tooltip is written in the button below its label.
* :func:`tip_html` - a short text with its meaning. A mouse shows the meaning on pointing (the ``title``);
  a tap (or a click, or the Tab key) on the text writes the meaning out beside it, so it is reachable where
  nothing hovers.
* :class:`NumberKeys` - an invisible widget that gives every whole-number box
  (:class:`~companion.widgets.formcheck.WholeNumberBox`) on the page ``inputmode="numeric"``: a phone
  opens its digit keyboard for a score.
"""

from __future__ import annotations

import html
from pathlib import Path

import anywidget
import ipywidgets as widgets

__all__ = ["CAPTION_CLASS", "TIP_CLASS", "TOUCH_CSS", "NumberKeys", "show_tooltip", "tip_html", "touch_style"]

#: CSS class of a text whose meaning :func:`tip_html` attached.
TIP_CLASS = "companion-tip"
#: CSS class of a button whose tooltip is written out in it on a touch screen (:func:`show_tooltip`).
CAPTION_CLASS = "companion-caption"

_NARROW = "(pointer: coarse), (max-width: 640px)"

#: The touch style sheet (a ``<style>`` element, see the module docstring).
TOUCH_CSS = (
    "<style>"
    # a dotted border, not an underline: an underline would run through the meaning written out below too
    f".{TIP_CLASS} {{cursor: help; text-decoration: none}}"
    f".{TIP_CLASS}:not(div) {{border-bottom: 1px dotted currentColor}}"
    f".{TIP_CLASS}:focus {{outline: 2px solid #8ab4f8; outline-offset: 1px; border-radius: 2px}}"
    f".{TIP_CLASS}:focus::after {{content: attr(title); display: block; margin: 2px 0; padding: 2px 6px; "
    "min-width: min(10em, 45vw); max-width: 22em; white-space: normal; font-weight: normal; font-size: 12px; "
    "line-height: 1.35; color: #222; text-align: left; background: #fff8d6; border: 1px solid #d8c98a; border-radius: 4px}"
    f"@media {_NARROW} {{"
    ".jupyter-widgets button.jupyter-button, .jupyter-widgets.jupyter-button {min-height: 40px}"
    # a button's label wraps instead of being cut off with an ellipsis, and the button fits the screen
    ".jupyter-widgets.widget-button {max-width: 100%; height: auto; white-space: normal; line-height: 1.25}"
    ".widget-text, .widget-dropdown, .widget-datepicker, .widget-combobox, .widget-password {min-height: 40px}"
    ".widget-text input, .widget-dropdown select, .widget-datepicker input, .widget-combobox input "
    "{min-height: 40px; font-size: 16px}"
    ".widget-toggle-buttons {flex-wrap: wrap; height: auto !important; row-gap: 4px}"
    ".widget-toggle-buttons .widget-toggle-button {min-height: 40px}"
    ".widget-html > .widget-html-content {min-width: 0; max-width: 100%; overflow-x: auto}"
    # a row of controls wraps onto more lines instead of running off the screen (a form's table of boxes
    # keeps its rows, and scrolls sideways as one), and a box wider than the screen shrinks to it
    ".widget-hbox:not(.companion-form-grid > .widget-hbox) {flex-wrap: wrap; row-gap: 4px}"
    ".jupyter-widgets.widget-inline-hbox {max-width: 100%}"
    # a plot in a row box shrinks to the screen (and is sized again to it, js/figure.js) instead of keeping
    # its first width
    ".widget-box:not(.widget-vbox) > .js-plotly-plot {width: 100%; min-width: 0 !important; flex-shrink: 1 !important}"
    ".widget-slider .noUi-handle {width: 24px !important; height: 24px !important; top: -9px !important}"
    ".widget-hslider {min-height: 40px}"
    "}"
    # a phone shows plotly's tool bar all the time (nothing hovers), over the chart's title: hidden there
    "@media (hover: none) and (max-width: 640px) {.js-plotly-plot .modebar-container {display: none !important}}"
    # where nothing hovers a button's tooltip is never seen: on a button marked by :func:`show_tooltip` it is
    # written in the button, in small type below the label (an icon-only button grows to hold it); a mouse
    # still gets the tooltip, and the desktop layout is unchanged
    "@media (hover: none) {"
    f".jupyter-widgets.widget-button.{CAPTION_CLASS}[title]:not([title='']) {{height: auto; white-space: normal; "
    "line-height: 1.25; padding-top: 4px; padding-bottom: 4px}"
    f".jupyter-widgets.widget-button.{CAPTION_CLASS}[title]:not([title=''])::after {{content: attr(title); "
    "display: block; font-size: 11px; font-weight: normal; line-height: 1.2; opacity: 0.8; "
    "white-space: normal; overflow-wrap: anywhere; padding-bottom: 2px}"
    f".jupyter-widgets.widget-button.{CAPTION_CLASS}[title]:not([title='']):has(> i.center) "
    "{width: auto !important; min-width: 40px; max-width: 7.5em; flex-shrink: 0}"
    "}"
    "</style>"
)


def touch_style() -> widgets.HTML:
    """An invisible HTML widget carrying :data:`TOUCH_CSS` (place it once among a widget's children)."""
    return widgets.HTML(TOUCH_CSS, layout=widgets.Layout(height="0px", margin="0px"))


def tip_html(text: str, meaning: str, tag: str = "abbr", css_class: str = "", style: str = "") -> str:
    """HTML for ``text`` with ``meaning`` reachable by pointing and by tapping.

    Parameters
    ----------
    text : str
        HTML shown (escaped by the caller), e.g. a tile code.
    meaning : str
        Plain text (escaped here) shown as the tooltip, and written out below ``text`` while it has the focus
        (a tap on a touch screen, a click, or the Tab key; :data:`TOUCH_CSS` draws it).
    tag : str
        The element: ``"abbr"`` for a code, ``"span"``/``"div"``/``"b"`` for other texts.
    css_class : str
        More CSS classes for the element.
    style : str
        Inline CSS for the element.

    Returns
    -------
    str
        ``<tag class="companion-tip" tabindex="0" title="meaning">text</tag>``.
    """
    classes = f"{TIP_CLASS} {css_class}".strip()
    extra = f' style="{html.escape(style, quote=True)}"' if style else ""
    return (f'<{tag} class="{classes}" tabindex="0" title="{html.escape(meaning, quote=True)}"'
            f"{extra}>{text}</{tag}>")


def show_tooltip(button: widgets.Button) -> widgets.Button:
    """Mark ``button`` so that a touch screen writes its tooltip out in it, below its label.

    For a button whose tooltip says something its label (or icon) does not: where nothing hovers
    (``hover: none``) :data:`TOUCH_CSS` shows the tooltip as a small caption in the button, following the
    tooltip when it changes (a language switch); a mouse keeps the tooltip and the button's desktop look.

    Parameters
    ----------
    button : ipywidgets.Button
        The button; its ``tooltip`` is the caption.

    Returns
    -------
    ipywidgets.Button
        ``button`` itself (with the CSS class :data:`CAPTION_CLASS`).
    """
    button.add_class(CAPTION_CLASS)
    return button


class NumberKeys(anywidget.AnyWidget):
    """Invisible; while one is on the page, every whole-number box opens a phone's digit keyboard.

    The boxes are text boxes (read strictly by :func:`companion.widgets.formcheck.parse_whole`); the page
    gives each ``inputmode="numeric"`` and ``pattern="[0-9]*"`` (``js/touch.js``), which only changes the
    keyboard a phone or tablet offers (every score in the forms is a whole number from 0).
    """

    _esm = (Path(__file__).resolve().parent / "js" / "touch.js").read_text(encoding="utf-8")

    def __init__(self, **kwargs) -> None:
        kwargs.setdefault("layout", widgets.Layout(height="0px", width="0px", margin="0px"))
        super().__init__(**kwargs)
