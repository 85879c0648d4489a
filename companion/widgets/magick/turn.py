"""One player's crafting and research turn: pick a die, see where it may go and why, place it.

Used by the learn and the play notebooks. The legal placements (with the fewest potions each needs)
come from :func:`companion.magick.engine.legal_actions`, the ranking and its reasons from
:func:`companion.magick.engine.advice`; the panel only draws them and hands the chosen action to its
owner, who applies it through the engine.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Collection

import ipywidgets as widgets

from companion.i18n import _, add_language_listener, ngettext, remove_language_listener
from companion.magick import engine
from companion.magick import game as magick
from companion.magick.odds import Placement
from companion.magick.sheet import row_title
from companion.widgets.common import error_html, info_html
from companion.widgets.magick.sheet import BEST, CAN_FILL, WITH_POTIONS, CircleMark, SheetView, shown_text

__all__ = ["YOU", "DiceBar", "TurnPanel", "action_label", "advice_html", "button", "player_status_html"]

#: The name of the only player of the learning sandbox (and of a solo game's person): messages about this
#: player are written in the second person ("You have ended this turn").
YOU = "You"


def button(description: str, icon: str, style: str = "") -> widgets.Button:
    """A button wide enough for its label (the default width cuts longer labels off)."""
    return widgets.Button(description=description, icon=icon, button_style=style,
                          layout=widgets.Layout(width="auto", min_width="120px", flex="0 0 auto"))


def action_label(state: engine.GameState, action: engine.Action) -> str:
    """A sentence for a Place or FreeCircle action (``"d6 on Ring — Leather ≥ 3, 1 potion"``), in the current
    language; rows and columns by their names, never their ids."""
    sheet = state.sheet
    c = sheet.circle(action.circle)
    column = sheet.column(c.column)
    row = row_title(sheet.row(c.row))
    if isinstance(action, engine.FreeCircle):
        return _("free circle: {row} — {column} {target}").format(row=row, column=shown_text(column.name),
                                                                  target=c.target)
    compare = _COMPARE.get(column.compare, column.compare)
    if action.adjust:
        n = abs(action.adjust)
        return ngettext("{die_id} on {row} — {column} {compare} {target}, {n} potion",
                        "{die_id} on {row} — {column} {compare} {target}, {n} potions", n).format(
            die_id=action.die, row=row, column=shown_text(column.name), compare=compare, target=c.target, n=n)
    return _("{die_id} on {row} — {column} {compare} {target}").format(
        die_id=action.die, row=row, column=shown_text(column.name), compare=compare, target=c.target)


#: How a column's comparison is shown (the sheet data writes ``>=``/``<=``).
_COMPARE = {">=": "≥", "<=": "≤"}


def advice_html(state: engine.GameState, die: str | None, placements: list[Placement], limit: int = 8) -> str:
    """The engine's ranked placements for one die as an HTML table with their reasons."""
    if die is None:
        return ""
    if not placements:
        return info_html(_("The {die_id} cannot fill any empty circle with the potions you hold "
                           "(or no die is left this round).").format(die_id=die))
    sheet = state.sheet
    rows = []
    for p in placements[:limit]:
        c = sheet.circle(p.circle)
        rows.append(f"<tr><td>{html.escape(shown_text(sheet.row(c.row).name))} "
                    f"({html.escape(shown_text(sheet.column(c.column).name))} "
                    f"{c.target})</td><td>{p.potions}</td><td>{p.gold_now}</td><td>{p.score:g}</td>"
                    f"<td>{'; '.join(html.escape(r) for r in p.reasons)}</td></tr>")
    head = "".join(f"<th>{html.escape(t)}</th>" for t in (_("circle"), _("potions"), _("gold now"), _("score"),
                                                          _("why")))
    return ("<b>" + html.escape(_("Where this die may go, best first")) + "</b> "
            + html.escape(_("(the engine's teaching score: gold now, potions, and what it brings closer, minus "
                            "potions spent):"))
            + "<style>.companion-magick-advice td,.companion-magick-advice th{padding:1px 8px;text-align:left}</style>"
            f"<table class='companion-magick-advice'><tr>{head}</tr>" + "".join(rows) + "</table>")


def player_status_html(state: engine.GameState, seat: int) -> str:
    """Round, what to do now, potions, gold so far, the extra-dice track and the adventurer's progress."""
    me = state.players[seat]
    costs = state.sheet.extra_dice_costs
    track = " ".join(("☒" if i < me.extra_used else "☐") + str(c) for i, c in enumerate(costs))
    adv = state.cards.adventurer(me.adventurer)
    gold = engine.score(state)[seat].total
    you = engine.is_you(me.name)   # the reader: "You have ended", never "You has ended"
    if state.over:
        phase = _("The game is over.")
    elif state.phase == "roll":
        phase = _("Roll the dice (or type the dice rolled at the table).")
    elif state.phase == "reveal":
        phase = _("Waiting for the new orders to be revealed.")
    elif me.done:
        phase = _("You have ended this turn.") if you else _("{name} has ended this turn.").format(name=me.name)
    elif me.free_circles:
        phase = (_("Your adventurer gives a free circle: place it on any empty circle.") if you else
                 _("{name} has a free circle from the adventurer: place it on any empty circle.").format(name=me.name))
    else:
        regular = magick.regular_dice_left(state, seat)
        phase = ngettext("{name}: pick a die and place it — {n} regular die left this round; more dice use the "
                         "extra-dice track.",
                         "{name}: pick a die and place it — {n} regular dice left this round; more dice use the "
                         "extra-dice track.", regular).format(name=_("You") if you else me.name, n=regular)
    steps = " → ".join(f"{shown_text(state.sheet.row(i).name)} + {shown_text(state.sheet.row(e).name)}"
                       for i, e in adv.requirements)
    round_text = _("Round {round} of {rounds}").format(round=min(state.round, state.sheet.rounds),
                                                       rounds=state.sheet.rounds)
    line2 = _("Potions: {potions} · gold so far: {gold} · extra dice (potion cost): {track}").format(
        potions=f"<b>{me.potions}</b>", gold=f"<b>{gold}</b>", track=track)
    line3 = ngettext("Adventurer {name} ({gold} gold): {steps} of {n} requirement met — {path}",
                     "Adventurer {name} ({gold} gold): {steps} of {n} requirements met — {path}",
                     len(adv.requirements)).format(name=html.escape(shown_text(adv.name)), gold=adv.gold,
                                                  steps=me.adventurer_steps, n=len(adv.requirements),
                                                  path=html.escape(steps))
    return f"<b>{html.escape(round_text)}</b> — {html.escape(phase)}<br>{line2}<br>{line3}"


class DiceBar(widgets.HBox):
    """Roll the shared dice, or type the dice rolled at the table; and an Undo button.

    Parameters
    ----------
    dice : dict of str to int
        Die id -> faces (``sheet.dice``); each entry box is bounded to ``1..faces``.
    roll : callable
        Called with None (roll here) or ``{"d6": 3, ...}`` (the table's dice).
    undo : callable
        Called with no argument.
    """

    def __init__(self, dice: dict[str, int], roll: Callable[[dict[str, int] | None], None],
                 undo: Callable[[], None]) -> None:
        self.roll_button = button(_("Roll the dice"), "dice", "primary")
        self.roll_button.on_click(lambda _b: roll(None))
        self.dice_inputs = {d: widgets.BoundedIntText(value=1, min=1, max=f, description=d,
                                                      layout=widgets.Layout(width="120px"))
                            for d, f in dice.items()}
        self.enter_button = button(_("Use these dice"), "keyboard")
        self.enter_button.on_click(lambda _b: roll({d: w.value for d, w in self.dice_inputs.items()}))
        self.undo_button = button(_("Undo"), "undo")
        self.undo_button.on_click(lambda _b: undo())
        # its own width (never squeezed to a word a line); the bar wraps onto a second line where it is narrow
        self.or_label = widgets.HTML(self._or_text(), layout=widgets.Layout(flex="0 0 auto"))
        super().__init__([self.roll_button, self.or_label,
                          *self.dice_inputs.values(), self.enter_button, self.undo_button],
                         layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        add_language_listener(self._retranslate)

    @staticmethod
    def _or_text() -> str:
        return ("<span style='white-space:nowrap'>&nbsp;" + html.escape(_("or enter your table's dice:"))
                + "&nbsp;</span>")

    def show_dice(self, values: dict[str, int]) -> None:
        """Put the dice in use (rolled here or typed) in the entry boxes, which a person then edits."""
        for die, value in values.items():
            box = self.dice_inputs.get(die)
            if box is not None and box.min <= value <= box.max:
                box.value = value

    def show_over(self, over: bool) -> None:
        """Offer the dice (roll, or type the table's) only while the game is on; Undo stays."""
        for part in (self.roll_button, self.or_label, *self.dice_inputs.values(), self.enter_button):
            part.layout.display = "none" if over else ""

    def close(self) -> None:
        """Stop following the language switch, then close the widget."""
        remove_language_listener(self._retranslate)
        super().close()

    def _retranslate(self, language: str) -> None:
        """Set the buttons' labels again in ``language``, in place."""
        del language
        self.roll_button.description = _("Roll the dice")
        self.enter_button.description = _("Use these dice")
        self.undo_button.description = _("Undo")
        self.or_label.value = self._or_text()


class TurnPanel(widgets.VBox):
    """Die picker, placement dropdown, the player's sheet with the die's circles lit, and the reasons.

    Parameters
    ----------
    state : GameState
    seat : int
        The player shown.
    apply : callable
        Called with the chosen :class:`~companion.magick.engine.Place`, ``FreeCircle`` or ``EndTurn``;
        the owner applies it and calls :meth:`update`.
    free : collection of str
        Circles this player filled with a free circle (drawn amber).
    end_label : str or None
        The end-turn button's text, English (translated when shown); default "End my turn".
    """

    def __init__(self, state: engine.GameState, seat: int, apply: Callable[[engine.Action], None],
                 free: Collection[str] = (), end_label: str | None = None) -> None:
        self.apply = apply
        self.state = state
        self.seat = seat
        self.die: str | None = None
        self.view: SheetView | None = None
        self.die_picker = widgets.ToggleButtons(options=[], description=_("Die"))
        self.die_picker.observe(lambda ch: self.pick_die(ch["new"]) if ch["new"] else None, names="value")
        self.choice = widgets.Dropdown(options=[], description=_("Place on"), layout=widgets.Layout(width="520px"))
        self.place_button = button(_("Place"), "check", "success")
        self.place_button.on_click(lambda _b: self.place_selected())
        self.end_label = end_label
        self.end_button = button(self._end_text(), "forward")
        self.end_button.on_click(lambda _b: self.apply(engine.EndTurn(self.seat)))
        self.status = widgets.HTML()
        self.message = widgets.HTML()
        self.advice = widgets.HTML()
        self.controls = widgets.HBox([self.choice, self.place_button, self.end_button],
                                     layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        self.update(state, seat, free)
        super().__init__([self.status, self.die_picker, self.controls, self.message, self.view, self.advice])
        add_language_listener(self._retranslate)

    def _end_text(self) -> str:
        return _(self.end_label) if self.end_label else _("End my turn")

    def close(self) -> None:
        """Stop following the language switch (this widget and its parts), then close it."""
        remove_language_listener(self._retranslate)
        for child in (self.view,):
            if child is not None:
                child.close()
        super().close()

    def _retranslate(self, language: str) -> None:
        """Set the labels, the choices, the status, the advice and the sheet's hover texts again in
        ``language``, in place."""
        del language
        self.die_picker.description = _("Die")
        self.choice.description = _("Place on")
        self.place_button.description = _("Place")
        self.end_button.description = self._end_text()
        chosen = self.choice.value
        self.message.value = ""
        self.update(self.state, self.seat, self._free)
        if chosen is not None and any(a == chosen for _label, a in self.choice.options):
            self.choice.value = chosen

    def pick_die(self, die: str) -> None:
        """Look at die ``die``: its circles on the sheet, the dropdown and the reasons."""
        self.die = die
        self.update(self.state, self.seat)

    def place_selected(self) -> None:
        """Hand the dropdown's action to the owner."""
        if self.choice.value is None:
            self.message.value = error_html(_("Nothing to place: roll first, then pick a die that fits a circle."))
            return
        self.message.value = ""
        self.apply(self.choice.value)

    def choices(self) -> list[tuple[str, engine.Action]]:
        """The engine's legal placements of the chosen die (or the pending free circles), best first."""
        state = self.state
        actions = [a for a in engine.legal_actions(state, self.seat)
                   if isinstance(a, engine.FreeCircle) or (isinstance(a, engine.Place) and a.die == self.die)]
        rank = {p.circle: i for i, p in enumerate(self.placements())}
        actions.sort(key=lambda a: rank.get(a.circle, len(rank)))
        return [(action_label(state, a), a) for a in actions]

    def placements(self) -> list[Placement]:
        """The engine's ranked placements of the chosen die for this player."""
        if self.die is None or self.state.phase != "craft":
            return []
        return [p for p in engine.advice(self.state, self.seat) if p.die == self.die]

    def update(self, state: engine.GameState, seat: int, free: Collection[str] = ()) -> None:
        """Redraw for ``state`` and player ``seat``."""
        self.state, self.seat, self._free = state, seat, tuple(free)
        me = state.players[seat]
        roll = state.roll.as_dict() if state.roll is not None and state.phase == "craft" else {}
        options = [(_("{die_id}: {value} (used)").format(die_id=d, value=v) if d in me.used_dice else f"{d}: {v}", d)
                   for d, v in roll.items()]
        if roll and (self.die not in roll or self.die in me.used_dice):
            fresh = [d for d in roll if d not in me.used_dice]
            self.die = fresh[0] if fresh else next(iter(roll))
        if not roll:
            self.die = None
        if list(self.die_picker.options) != options:
            self.die_picker.options = options
        if self.die is not None and self.die_picker.value != self.die:
            self.die_picker.value = self.die
        placements = self.placements()
        choices = self.choices()
        self.choice.options = choices
        self.choice.value = choices[0][1] if choices else None
        acting = state.phase == "craft" and not me.done
        over = "none" if state.over else ""   # nothing to place or end once the game is over
        self.die_picker.layout.display = self.controls.layout.display = over
        self.place_button.disabled = not choices
        self.end_button.disabled = not acting or bool(me.free_circles)
        marks = {}
        for position, p in enumerate(placements):
            colour = BEST if position == 0 else (CAN_FILL if p.potions == 0 else WITH_POTIONS)
            marks[p.circle] = CircleMark(colour, "<br>".join(html.escape(r) for r in p.reasons))
        if me.free_circles:
            for _label, action in choices:
                marks[action.circle] = CircleMark(CAN_FILL, _("free circle: any empty circle, no die needed"))
        if self.view is None:
            self.view = SheetView(state.sheet, filled=me.filled, free=free, marks=marks, complete=me.completed)
        else:
            self.view.show(filled=me.filled, free=free, marks=marks, complete=me.completed)
        self.status.value = player_status_html(state, seat)
        self.advice.value = advice_html(state, self.die, placements) if acting else ""
