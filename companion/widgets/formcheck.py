"""Marking invalid entries of the score forms at their field, in the words the form shows.

The rules live in each game's ``validate_table`` (:mod:`companion.validation`); this module only turns its
:class:`~companion.validation.FieldProblem` s into marks on the input boxes (a red frame and a tooltip) and one
message per problem that names the player and the field as the form labels them, e.g.
``Ann — Fire (0-10): expected a whole number from 0 to 10, found 11``.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable, Sequence

import ipywidgets as widgets

from companion.validation import FieldProblem

__all__ = ["INVALID_CLASS", "FormMarks", "problems_html", "style_widget"]

INVALID_CLASS = "companion-invalid"
_STYLE = (f"<style>.{INVALID_CLASS} input, .{INVALID_CLASS} select, .{INVALID_CLASS} textarea "
          "{border: 2px solid #b00020 !important; background: #fff0f0 !important}</style>")


def style_widget() -> widgets.HTML:
    """An (invisible) HTML widget carrying the style of marked fields; put it once in the form."""
    return widgets.HTML(_STYLE, layout=widgets.Layout(height="0px", margin="0px"))


def problems_html(lines: Sequence[str], footer: str = "Fix the marked fields to see the result.") -> str:
    """The error list shown under a form (escaped), one line per problem."""
    items = "".join(f"<li>{html.escape(line)}</li>" for line in lines)
    return (f'<div class="companion-error" style="color:#b00020"><b>Please check:</b><ul>{items}</ul>'
            f"{html.escape(footer)}</div>")


class FormMarks:
    """Marks (and unmarks) the input boxes of a form.

    Parameters
    ----------
    locate : callable
        ``locate(player, field) -> list of widgets``: the boxes showing ``field`` of ``player`` (``player`` is
        ``None`` for a table-wide field); an empty list when the form has no box for it.
    describe : callable
        ``describe(player, field) -> (player text, field label)`` in the form's words.

    Attributes
    ----------
    messages : dict
        ``(player, field) -> message`` of the problems marked now (what the tests look at).
    lines : list of str
        One sentence per problem, ``"<player> — <field label>: <message>"``.
    """

    def __init__(self, locate: Callable[[int | None, str], list[widgets.Widget]],
                 describe: Callable[[int | None, str], tuple[str, str]]) -> None:
        self.locate = locate
        self.describe = describe
        self.messages: dict[tuple[int | None, str], str] = {}
        self.lines: list[str] = []
        self._marked: list[widgets.Widget] = []

    def clear(self) -> None:
        """Remove every mark."""
        for box in self._marked:
            box.remove_class(INVALID_CLASS)
            box.tooltip = None
        self._marked = []
        self.messages = {}
        self.lines = []

    def show(self, problems: Iterable[FieldProblem | tuple[int | None, str, str]]) -> list[str]:
        """Mark the boxes of ``problems`` (FieldProblem or ``(player, field, message)``); return the lines."""
        self.clear()
        for p in problems:
            player, field, message = (p.player, p.field, p.message) if isinstance(p, FieldProblem) else p
            who, label = self.describe(player, field)
            line = f"{who} — {label}: {message}" if who else f"{label}: {message}"
            self.messages[(player, field)] = message
            self.lines.append(line)
            for box in self.locate(player, field):
                box.add_class(INVALID_CLASS)
                box.tooltip = message
                self._marked.append(box)
        return self.lines

    def is_marked(self, box: widgets.Widget) -> bool:
        """True when ``box`` carries a mark now."""
        return any(b is box for b in self._marked)
