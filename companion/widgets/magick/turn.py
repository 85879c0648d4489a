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

from companion.magick import engine
from companion.magick import game as magick
from companion.magick.odds import Placement
from companion.widgets.common import error_html, info_html
from companion.widgets.magick.sheet import BEST, CAN_FILL, WITH_POTIONS, CircleMark, SheetView

__all__ = ["DiceBar", "TurnPanel", "action_label", "advice_html", "button", "player_status_html"]


def button(description: str, icon: str, style: str = "") -> widgets.Button:
    """A button wide enough for its label (the default width cuts longer labels off)."""
    return widgets.Button(description=description, icon=icon, button_style=style,
                          layout=widgets.Layout(width="auto", min_width="120px", flex="0 0 auto"))


def action_label(state: engine.GameState, action: engine.Action) -> str:
    """A sentence for a Place or FreeCircle action (``"d6 on Ring — Leather >= 3, 1 potion(s)"``)."""
    sheet = state.sheet
    c = sheet.circle(action.circle)
    column = sheet.column(c.column)
    if isinstance(action, engine.FreeCircle):
        return f"free circle: {sheet.row(c.row).name} — {column.name} {c.target}"
    cost = f", {abs(action.adjust)} potion(s)" if action.adjust else ""
    return f"{action.die} on {sheet.row(c.row).name} — {column.name} {column.compare} {c.target}{cost}"


def advice_html(state: engine.GameState, die: str | None, placements: list[Placement], limit: int = 8) -> str:
    """The engine's ranked placements for one die as an HTML table with their reasons."""
    if die is None:
        return ""
    if not placements:
        return info_html(f"The {die} cannot fill any empty circle with the potions you hold "
                         "(or no die is left this round).")
    sheet = state.sheet
    rows = []
    for p in placements[:limit]:
        c = sheet.circle(p.circle)
        rows.append(f"<tr><td>{html.escape(sheet.row(c.row).name)} ({html.escape(sheet.column(c.column).name)} "
                    f"{c.target})</td><td>{p.potions}</td><td>{p.gold_now}</td><td>{p.score:g}</td>"
                    f"<td>{'; '.join(html.escape(r) for r in p.reasons)}</td></tr>")
    return ("<b>Where this die may go, best first</b> (the engine's teaching score: gold now, potions, and what "
            "it brings closer, minus potions spent):"
            "<style>.companion-magick-advice td,.companion-magick-advice th{padding:1px 8px;text-align:left}</style>"
            "<table class='companion-magick-advice'><tr><th>circle</th><th>potions</th><th>gold now</th>"
            "<th>score</th><th>why</th></tr>" + "".join(rows) + "</table>")


def player_status_html(state: engine.GameState, seat: int) -> str:
    """Round, what to do now, potions, gold so far, the extra-dice track and the adventurer's progress."""
    me = state.players[seat]
    costs = state.sheet.extra_dice_costs
    track = " ".join(("☒" if i < me.extra_used else "☐") + str(c) for i, c in enumerate(costs))
    adv = state.cards.adventurer(me.adventurer)
    gold = engine.score(state)[seat].total
    if state.over:
        phase = "The game is over."
    elif state.phase == "roll":
        phase = "Roll the dice (or type the dice rolled at the table)."
    elif state.phase == "reveal":
        phase = "Waiting for the new orders to be revealed."
    elif me.done:
        phase = f"{me.name} has ended this turn."
    elif me.free_circles:
        phase = f"{me.name}'s adventurer gives a free circle: place it on any empty circle."
    else:
        regular = magick.regular_dice_left(state, seat)
        phase = (f"{me.name}: pick a die and place it — {regular} regular die/dice left this round; more dice use "
                 "the extra-dice track.")
    steps = " → ".join(f"{state.sheet.row(i).name} + {state.sheet.row(e).name}" for i, e in adv.requirements)
    return (f"<b>Round {min(state.round, state.sheet.rounds)} of {state.sheet.rounds}</b> — {html.escape(phase)}<br>"
            f"Potions: <b>{me.potions}</b> · gold so far: <b>{gold}</b> · extra dice (potion cost): {track}<br>"
            f"Adventurer {html.escape(adv.name)} ({adv.gold} gold): {me.adventurer_steps} of "
            f"{len(adv.requirements)} requirements met — {html.escape(steps)}")


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
        self.roll_button = button("Roll the dice", "dice", "primary")
        self.roll_button.on_click(lambda _b: roll(None))
        self.dice_inputs = {d: widgets.BoundedIntText(value=1, min=1, max=f, description=d,
                                                      layout=widgets.Layout(width="120px"))
                            for d, f in dice.items()}
        self.enter_button = button("Use these dice", "keyboard")
        self.enter_button.on_click(lambda _b: roll({d: w.value for d, w in self.dice_inputs.items()}))
        self.undo_button = button("Undo", "undo")
        self.undo_button.on_click(lambda _b: undo())
        super().__init__([self.roll_button, widgets.HTML("&nbsp;or enter your table's dice:&nbsp;"),
                          *self.dice_inputs.values(), self.enter_button, self.undo_button])


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
    end_label : str
        The end-turn button's text.
    """

    def __init__(self, state: engine.GameState, seat: int, apply: Callable[[engine.Action], None],
                 free: Collection[str] = (), end_label: str = "End my turn") -> None:
        self.apply = apply
        self.state = state
        self.seat = seat
        self.die: str | None = None
        self.view: SheetView | None = None
        self.die_picker = widgets.ToggleButtons(options=[], description="Die")
        self.die_picker.observe(lambda ch: self.pick_die(ch["new"]) if ch["new"] else None, names="value")
        self.choice = widgets.Dropdown(options=[], description="Place on", layout=widgets.Layout(width="520px"))
        self.place_button = button("Place", "check", "success")
        self.place_button.on_click(lambda _b: self.place_selected())
        self.end_button = button(end_label, "forward")
        self.end_button.on_click(lambda _b: self.apply(engine.EndTurn(self.seat)))
        self.status = widgets.HTML()
        self.message = widgets.HTML()
        self.advice = widgets.HTML()
        self.update(state, seat, free)
        super().__init__([self.status, self.die_picker,
                          widgets.HBox([self.choice, self.place_button, self.end_button]),
                          self.message, self.view, self.advice])

    def pick_die(self, die: str) -> None:
        """Look at die ``die``: its circles on the sheet, the dropdown and the reasons."""
        self.die = die
        self.update(self.state, self.seat)

    def place_selected(self) -> None:
        """Hand the dropdown's action to the owner."""
        if self.choice.value is None:
            self.message.value = error_html("Nothing to place: roll first, then pick a die that fits a circle.")
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
        self.state, self.seat = state, seat
        me = state.players[seat]
        roll = state.roll.as_dict() if state.roll is not None and state.phase == "craft" else {}
        options = [(f"{d}: {v}" + (" (used)" if d in me.used_dice else ""), d) for d, v in roll.items()]
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
        self.place_button.disabled = not choices
        self.end_button.disabled = not acting or bool(me.free_circles)
        marks = {}
        for position, p in enumerate(placements):
            colour = BEST if position == 0 else (CAN_FILL if p.potions == 0 else WITH_POTIONS)
            marks[p.circle] = CircleMark(colour, "<br>".join(html.escape(r) for r in p.reasons))
        if me.free_circles:
            for _, action in choices:
                marks[action.circle] = CircleMark(CAN_FILL, "free circle: any empty circle, no die needed")
        if self.view is None:
            self.view = SheetView(state.sheet, filled=me.filled, free=free, marks=marks, complete=me.completed)
        else:
            self.view.show(filled=me.filled, free=free, marks=marks, complete=me.completed)
        self.status.value = player_status_html(state, seat)
        self.advice.value = advice_html(state, self.die, placements) if acting else ""
