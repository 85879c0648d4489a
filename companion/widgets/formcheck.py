"""Marking invalid entries of the score forms at their field, in the words the form shows.

The rules live in each game's ``validate_table`` (:mod:`companion.validation`); this module only turns its
:class:`~companion.validation.FieldProblem` s into marks on the input boxes (a red frame and a tooltip) and one
message per problem that names the player and the field as the form labels them, e.g.
``Ann — Fire (0-10): expected a whole number from 0 to 10, found 11``.

Number boxes are :class:`WholeNumberBox` es: text boxes read strictly by :func:`parse_whole` (digits with an
optional minus sign, nothing else), so a box never scores a number other than the one it shows (``1e9``,
``3.5``, ``1,000`` or `` 7 `` are marked, not read as 1, 3, 1 or 7). They send every keystroke to the kernel
(``continuous_update``), so what the browser shows and what the kernel holds never differ: a redraw arriving
while a correction is typed cannot put an older value back in the box.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import ipywidgets as widgets
import traitlets

from companion.i18n import SUPPORTED_LANGUAGES, _, ngettext, translations
from companion.validation import FieldProblem, not_a_whole_number
from companion.widgets.touch import TOUCH_CSS, NumberKeys

__all__ = ["GRID_CLASS", "INVALID_CLASS", "NUMBER_CLASS", "PAD_CLASS", "STICKY_CLASS", "FormMarks", "WholeNumberBox", "default_seat_name",
           "merge_problems", "parse_whole", "problems_html", "seat_label", "style_widget"]

INVALID_CLASS = "companion-invalid"
#: CSS class of every :class:`WholeNumberBox` (what browser tests look for).
NUMBER_CLASS = "companion-number"
_WHOLE = re.compile(r"-?[0-9]+")
#: CSS class of a form's table of boxes (a VBox of HBox rows, the header first): on a narrow screen the rows
#: keep their width and the whole table scrolls sideways as one, so headers stay above their boxes.
GRID_CLASS = "companion-form-grid"
#: CSS class of the cells that stay in view while a form's table scrolls sideways (the row labels of a score
#: pad, a row's number and name): a phone shows which box is which after scrolling to the last player.
STICKY_CLASS = "companion-sticky"
#: CSS class of a score pad laid out as a grid (one column of labels, one column per player): a column is as
#: wide as its widest drop-down's longest option (never cutting a faction's name), text boxes take no more.
PAD_CLASS = "companion-pad"
_STYLE = (f"<style>.{INVALID_CLASS} input, .{INVALID_CLASS} select, .{INVALID_CLASS} textarea "
          "{border: 2px solid #b00020 !important; background: #fff0f0 !important}"
          f".{GRID_CLASS} {{max-width: 100% !important; overflow-x: auto !important}}"
          f".{GRID_CLASS} > .widget-hbox {{overflow: visible !important; flex: 0 0 auto !important; "
          "width: max-content !important}"
          f".{GRID_CLASS} > .widget-hbox > * {{flex: 0 0 auto !important}}"
          f".{STICKY_CLASS} {{position: sticky !important; left: 0; z-index: 3; flex-wrap: nowrap !important; "
          "background: var(--jp-layout-color0, #fff); align-self: stretch}"
          # a column is as wide as its widest cell's own width, at least 100 px; a text box has none of its own
          f".{PAD_CLASS} > :not(.{STICKY_CLASS}) {{min-width: 100px}}"
          f".{PAD_CLASS} .widget-text input {{width: 0}}"
          f"@media (max-width: 640px) {{.{PAD_CLASS} {{--companion-pad-labels: 118px}}}}</style>")


def style_widget() -> widgets.Box:
    """An invisible widget carrying the style of marked fields and the touch-screen style sheet
    (:data:`companion.widgets.touch.TOUCH_CSS`), and giving the form's number boxes a phone's digit keyboard
    (:class:`companion.widgets.touch.NumberKeys`); put it once in the form."""
    return widgets.Box([widgets.HTML(_STYLE + TOUCH_CSS, layout=widgets.Layout(height="0px", margin="0px")),
                        NumberKeys()], layout=widgets.Layout(height="0px", margin="0px", overflow="hidden"))


def parse_whole(text: str) -> int:
    """Read a whole number typed in a form box, strictly.

    Parameters
    ----------
    text : str
        As typed: ASCII digits with an optional leading minus sign (``"12"``, ``"-1"``, ``"007"``). An empty
        box is 0 (nothing typed).

    Returns
    -------
    int
        The number shown; its range is for the game's ``validate_table`` to check.

    Raises
    ------
    ValueError
        For anything else (``"1e9"``, ``"3.5"``, ``"1,000"``, ``" 7 "``, ``"+7"``, ``"½"``): the message says
        what was expected and what was found, in the form's words.
    """
    if text == "":
        return 0
    if not _WHOLE.fullmatch(text):
        raise ValueError(not_a_whole_number(text))
    return int(text)


class _Digits(traitlets.Unicode):
    """Text; a whole number put in by code (a load, a helper, a test) becomes its digits."""

    def validate(self, obj: Any, value: Any) -> str:
        if isinstance(value, int) and not isinstance(value, bool):
            value = str(value)
        return super().validate(obj, value)


class WholeNumberBox(widgets.Text):
    """A form box for a whole number: a text box read by :func:`parse_whole`, sent as typed.

    Parameters
    ----------
    value : int
        The number shown at first.
    **kwargs
        Passed to :class:`ipywidgets.Text` (``layout``...).

    Attributes
    ----------
    number : int
        The number the box shows, or, while its text is not a whole number, the last one it showed (never
        scored meanwhile: :attr:`problem` marks the box).
    problem : str or None
        Why the text is not a whole number, ``None`` when it is.
    """

    value = _Digits("", help="the text in the box").tag(sync=True)

    def __init__(self, value: int = 0, **kwargs: Any) -> None:
        kwargs.setdefault("continuous_update", True)
        super().__init__(value=str(value), **kwargs)
        self.add_class(NUMBER_CLASS)
        self._last = int(value)
        self.observe(self._read, names="value")  # first observer: runs before the form's own

    def _read(self, change: dict[str, Any]) -> None:
        try:
            self._last = parse_whole(change["new"])
        except ValueError:
            pass

    @property
    def number(self) -> int:
        return self._last

    @property
    def problem(self) -> str | None:
        try:
            parse_whole(self.value)
        except ValueError as exc:
            return str(exc)
        return None

    def show_number(self, number: int) -> None:
        """Put ``number`` in the box (a load or a helper, not the user)."""
        self._last = int(number)
        self.value = str(number)


def seat_label(index: int, shown: Sequence[str]) -> str:
    """How an error message names the player in seat ``index`` (0-based), unambiguously.

    Parameters
    ----------
    index : int
        The seat, 0-based (turn order / column order of the form).
    shown : sequence of str
        Every player's name as the form shows it (blank: not typed yet).

    Returns
    -------
    str
        The name as typed; ``"Player 2"`` when blank; ``"Player 2 (“Ann”)"`` when the name alone could be
        another player: another seat shows the same name, or the name is another seat's label
        (``"Player 1"`` typed on seat 2, in English or in the language shown: ``"玩家 1"``). The seat's
        label is in the language in force.
    """
    seat = _("Player {number}").format(number=index + 1)
    name = str(shown[index]).strip()
    if not name:
        return seat
    if name.casefold() == seat.casefold():
        return name
    same = sum(str(other).strip().casefold() == name.casefold() for other in shown) > 1
    if same or _looks_like_a_seat(name):
        return _("{seat} (“{name}”)").format(seat=seat, name=name)
    return name


def default_seat_name(index: int, name: str | None = None) -> str | None:
    """The name a form gives seat ``index`` (0-based) before anyone types one: ``"Player 2"`` / ``"玩家 2"``.

    Parameters
    ----------
    index : int
        The seat, 0-based.
    name : str, optional
        A name shown in the box now.

    Returns
    -------
    str or None
        Without ``name``: the default name in the language in force. With ``name``: the default name in the
        language in force when ``name`` is that seat's default name in any language (untouched, so it may
        follow a change of language), else ``None`` (a name someone typed stays as typed).
    """
    current = _("Player {number}").format(number=index + 1)
    if name is None:
        return current
    defaults = {translations(code).gettext("Player {number}").format(number=index + 1) for code in SUPPORTED_LANGUAGES}
    return current if name in defaults else None


def _looks_like_a_seat(name: str) -> bool:
    """True for a seat label (``Player 3``, ``player3``, or the label in the language shown, ``玩家 3``)."""
    if re.fullmatch(r"player\s*\d+", name, flags=re.IGNORECASE):
        return True
    before, _field, after = _("Player {number}").partition("{number}")
    pattern = re.escape(before.strip()) + r"\s*\d+\s*" + re.escape(after.strip())
    return bool(re.fullmatch(pattern, name, flags=re.IGNORECASE))


def merge_problems(typed: Iterable[tuple[int | None, str, str]],
                   checked: Iterable[FieldProblem | tuple[int | None, str, str]]) -> list[Any]:
    """The problems to mark: the boxes whose text is not a number (``typed``), then the validation's
    (``checked``) except those about the same fields or a whole they belong to (``crystals`` for
    ``crystals.green``): the validation saw the last number, not the text shown."""
    typed = list(typed)

    def about_typed(player: int | None, field: str) -> bool:
        return any(player == p and (field == f or f.startswith((field + ".", field + "["))) for p, f, _message in typed)

    return typed + [p for p in checked
                    if not about_typed(*((p.player, p.field) if isinstance(p, FieldProblem) else (p[0], p[1])))]


def problems_html(lines: Sequence[str], footer: str | None = None) -> str:
    """The error list shown under a form (escaped), one line per problem, in the language in force.

    ``footer`` defaults to "Fix the marked fields to see the result." (translated).
    """
    items = "".join(f"<li>{html.escape(line)}</li>" for line in lines)
    footer = _("Fix the marked fields to see the result.") if footer is None else str(footer)
    title = html.escape(_("Please check:"))
    return (f'<div class="companion-error" style="color:#b00020"><b>{title}</b>'
            f"<ul>{items}</ul>{html.escape(footer)}</div>")


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
        """Mark the boxes of ``problems`` (FieldProblem or ``(player, field, message)``); return the lines.

        The lines are in seat order (table-wide problems first, then each player's in the order given). Only the
        boxes whose mark changes are touched: a box marked before and after keeps its state, so no needless update
        reaches the browser while a player is typing in it.
        """
        self.messages = {}
        self.lines = []
        marked: list[widgets.Widget] = []
        tips: dict[int, str] = {}
        for p in sorted(problems, key=_seat):
            player, field, message = (p.player, p.field, p.message) if isinstance(p, FieldProblem) else p
            line = self.line(p)
            self.messages[(player, field)] = message
            self.lines.append(line)
            for box in self.locate(player, field):
                if id(box) not in tips:
                    marked.append(box)
                    tips[id(box)] = message
        for box in self._marked:
            if id(box) not in tips:
                box.remove_class(INVALID_CLASS)
                box.tooltip = None
        for box in marked:
            box.add_class(INVALID_CLASS)
            if box.tooltip != tips[id(box)]:
                box.tooltip = tips[id(box)]
        self._marked = marked
        return self.lines

    def line(self, problem: FieldProblem | tuple[int | None, str, str]) -> str:
        """One problem in the form's words: ``"<player> — <column title>: <message>"``, in the language in force.

        The one place a validation problem (``players[2].golems[0]``) becomes what the player sees (their name
        and the column's title): the marks under the form and the scoreboard's save line both use it.
        """
        player, field, message = ((problem.player, problem.field, problem.message)
                                  if isinstance(problem, FieldProblem) else problem)
        who, label = self.describe(player, field)
        return (_("{player} — {field}: {message}").format(player=who, field=label, message=message) if who
                else _("{field}: {message}").format(field=label, message=message))

    def summary(self) -> str | None:
        """The problems listed now as one sentence: the first line (in seat order) and how many more follow;
        ``None`` when nothing is marked."""
        if not self.lines:
            return None
        return _more(self.lines[0], len(self.lines) - 1)

    def error_text(self, error: Exception) -> str:
        """``error`` in the form's words: a :class:`TableError`'s first problem as :meth:`line` words it (with
        how many more follow), any other error as its message."""
        problems = getattr(error, "problems", None)
        if not problems:
            return str(error)
        ordered = sorted(problems, key=_seat)
        return _more(self.line(ordered[0]), len(ordered) - 1)

    def is_marked(self, box: widgets.Widget) -> bool:
        """True when ``box`` carries a mark now."""
        return any(b is box for b in self._marked)


def _seat(problem: FieldProblem | tuple[int | None, str, str]) -> int:
    """Sort key of a problem: its seat (0-based), table-wide problems (no seat) first."""
    player = problem.player if isinstance(problem, FieldProblem) else problem[0]
    return -1 if player is None else player


def _more(first: str, more: int) -> str:
    """``first`` and, when ``more`` is not 0, how many more problems follow it."""
    if not more:
        return first
    return ngettext("{message}. {more} more problem after this one.",
                    "{message}. {more} more problems after this one.", more).format(message=first.rstrip("."), more=more)
