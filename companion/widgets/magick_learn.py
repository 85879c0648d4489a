"""Learn the dice of Merchants of Magick: roll (or type physical dice), pick a die, spend potions,
see where it may go, the odds and the engine's reasons, and place it on a live sheet.

Everything rule-like comes from ``companion.magick``: the legal placements and their potion cost from
:func:`companion.magick.engine.legal_actions`, the ranking and its reasons from
:func:`companion.magick.engine.advice`, the exact odds from :func:`companion.magick.odds.fill_probability`,
and the result of a placement from :func:`companion.magick.engine.apply_action`. The sandbox is a solo
game of the engine, so completed rows, potions, the adventurer and the extra-dice track behave exactly as
in a full game.
"""

from __future__ import annotations

import html

import ipywidgets as widgets

from companion.errors import CompanionError
from companion.magick import engine, odds
from companion.magick.sheet import Sheet
from companion.widgets.common import error_html, info_html, message_box
from companion.widgets.magick_session import Session
from companion.widgets.magick_sheet import BEST, CAN_FILL, WITH_POTIONS, CircleMark, SheetView

__all__ = ["LearnTheDice", "odds_table_html"]


def _fraction(p) -> str:
    return f"{p.numerator}/{p.denominator} ({float(p):.0%})" if p.denominator != 1 else f"{p} ({float(p):.0%})"


def odds_table_html(sheet: Sheet, die: str, max_potions: int) -> str:
    """A table: for each circle ``die`` may fill, the exact chance a fresh roll fills it with 0..k potions.

    Parameters
    ----------
    sheet : Sheet
    die : str
        A die id (``"d8"``).
    max_potions : int
        Columns for 0, 1, ..., ``max_potions`` potions spent at most.
    """
    columns = [c for c in sheet.columns if die in c.allowed_dice]
    head = "".join(f"<th>≤ {k} potion{'s' if k != 1 else ''}</th>" for k in range(max_potions + 1))
    body = []
    for column in columns:
        for circle in sheet.circles_in_column(column.id):
            cells = "".join(
                f"<td>{_fraction(odds.fill_probability(die, circle.target, column.compare, k, sheet=sheet))}</td>"
                for k in range(max_potions + 1))
            body.append(f"<tr><td>{html.escape(sheet.row(circle.row).name)}</td><td>{html.escape(column.name)}</td>"
                        f"<td>{column.compare} {circle.target}</td>{cells}</tr>")
    if not body:
        return info_html(f"No column of this sheet takes the {die}.")
    return ("<style>.companion-magick-odds td,.companion-magick-odds th{padding:1px 8px;text-align:left}</style>"
            f"<table class='companion-magick-odds'><tr><th>row</th><th>column</th><th>needs</th>{head}</tr>"
            + "".join(body) + "</table>")


class LearnTheDice(widgets.VBox):
    """Roll, pick a die, see its circles, odds and reasons, and place it on a live sheet.

    Parameters
    ----------
    seed : int or None
        Seeds the sandbox's dice and its adventurer.
    potions : int
        Potions to start the sandbox with, so potion spending can be tried at once (the engine's
        starting-potions choice for a real game is 0).
    sheet : Sheet, optional
        A user's sheet; default the shipped reconstruction.

    Attributes
    ----------
    session : Session
        The sandbox solo game and its history (undo).
    die : str or None
        The die being looked at.
    """

    def __init__(self, seed: int | None = None, potions: int = 3, sheet: Sheet | None = None) -> None:
        self.session = Session(["You"], seed=seed, sheet=sheet, starting_potions=potions)
        state = self.session.state
        self.die: str | None = None
        self.view: SheetView | None = None
        self.roll_button = widgets.Button(description="Roll the dice", icon="dice", button_style="primary")
        self.roll_button.on_click(lambda _b: self.roll())
        self.dice_inputs = {d: widgets.BoundedIntText(value=1, min=1, max=f, description=d,
                                                      layout=widgets.Layout(width="120px"))
                            for d, f in state.sheet.dice.items()}
        self.enter_button = widgets.Button(description="Use these dice", icon="keyboard")
        self.enter_button.on_click(lambda _b: self.enter_dice({d: w.value for d, w in self.dice_inputs.items()}))
        self.die_picker = widgets.ToggleButtons(options=[], description="Die")
        self.die_picker.observe(lambda ch: self.pick_die(ch["new"]) if ch["new"] else None, names="value")
        self.budget = widgets.IntSlider(value=2, min=0, max=6, description="Odds with ≤",
                                        style={"description_width": "initial"})
        self.budget.observe(lambda _ch: self.refresh(), names="value")
        self.choice = widgets.Dropdown(options=[], description="Place on", layout=widgets.Layout(width="520px"))
        self.place_button = widgets.Button(description="Place", icon="check", button_style="success")
        self.place_button.on_click(lambda _b: self.place_selected())
        self.end_button = widgets.Button(description="End the round", icon="forward")
        self.end_button.on_click(lambda _b: self.end_round())
        self.undo_button = widgets.Button(description="Undo", icon="undo")
        self.undo_button.on_click(lambda _b: self.undo())
        self.status = widgets.HTML()
        self.message = message_box()
        self.advice = widgets.HTML()
        self.odds = widgets.HTML()
        self.history_html = widgets.HTML()
        self.refresh()  # builds the sheet drawing complete, before it is ever displayed
        super().__init__([
            widgets.HBox([self.roll_button, widgets.HTML("&nbsp;or enter your table's dice:&nbsp;"),
                          *self.dice_inputs.values(), self.enter_button]),
            self.status, self.die_picker,
            widgets.HBox([self.choice, self.place_button, self.end_button, self.undo_button]),
            self.message, self.view, self.advice,
            widgets.HTML("<b>Exact odds for a fresh roll of this die</b> (every face equally likely; "
                         "potions move it 1 each):"), self.budget, self.odds, self.history_html,
        ])

    # ------------------------------------------------------------------ callbacks
    def roll(self) -> None:
        """Roll the four dice (the sandbox's random generator)."""
        self._do(lambda: self.session.roll())

    def enter_dice(self, values: dict[str, int]) -> None:
        """Use physical dice: ``{"d6": 3, "d8": 5, "d10": 2, "d12": 11}``."""
        self._do(lambda: self.session.roll(values))

    def pick_die(self, die: str) -> None:
        """Look at die ``die`` (``"d8"``): its circles, odds and the ranked placements."""
        self.die = die
        if self.die_picker.value != die and die in [v for _, v in self.die_picker.options]:
            self.die_picker.value = die
        self.refresh()

    def place(self, action: engine.Action) -> None:
        """Apply a placement (or a free circle) from :meth:`choices`."""
        self._do(lambda: self.session.apply(action))

    def place_selected(self) -> None:
        """Apply the placement selected in the dropdown."""
        if self.choice.value is None:
            self.message.value = error_html("Nothing to place: roll first, then pick a die that fits a circle.")
            return
        self.place(self.choice.value)

    def end_round(self) -> None:
        """End the sandbox round (mastery and customer phases run), ready for the next roll."""
        self._do(lambda: self.session.apply(engine.EndTurn(0)))

    def undo(self) -> None:
        """Go back one step."""
        if not self.session.undo():
            self.message.value = info_html("Nothing to undo.")
            return
        self.message.value = info_html("Undone.")
        self.refresh(keep_message=True)

    # ------------------------------------------------------------------ views
    def choices(self) -> list[tuple[str, engine.Action]]:
        """The engine's legal placements of the chosen die (or the pending free circles), labelled."""
        state = self.session.state
        sheet = state.sheet
        out = []
        for action in engine.legal_actions(state, 0):
            if isinstance(action, engine.FreeCircle):
                c = sheet.circle(action.circle)
                out.append((f"free circle: {sheet.row(c.row).name} {sheet.column(c.column).name} {c.target}", action))
            elif isinstance(action, engine.Place) and action.die == self.die:
                c = sheet.circle(action.circle)
                cost = f", {abs(action.adjust)} potion(s)" if action.adjust else ""
                out.append((f"{action.die} on {sheet.row(c.row).name} — {sheet.column(c.column).name} "
                            f"{sheet.column(c.column).compare} {c.target}{cost}", action))
        return out

    def _do(self, step) -> None:
        try:
            step()
        except CompanionError as exc:
            self.message.value = error_html(str(exc))
            return
        self.message.value = ""
        self.refresh(keep_message=True)

    def refresh(self, keep_message: bool = False) -> None:
        """Redraw everything from the session's current state."""
        if not keep_message:
            self.message.value = ""
        state = self.session.state
        sheet = state.sheet
        me = state.players[0]
        roll = state.roll.as_dict() if state.roll is not None and state.phase == "craft" else {}
        options = [(f"{d}: {v}" + (" (used)" if d in me.used_dice else ""), d) for d, v in roll.items()]
        if [o for o in self.die_picker.options] != options:
            self.die_picker.options = options
        if roll and (self.die not in roll or self.die in me.used_dice):
            fresh = [d for d in roll if d not in me.used_dice]
            self.die = fresh[0] if fresh else next(iter(roll))
        if not roll:
            self.die = None
        if self.die is not None and self.die_picker.value != self.die:
            self.die_picker.value = self.die
        placements = [p for p in engine.advice(state, 0) if p.die == self.die]
        rank = {p.circle: i for i, p in enumerate(placements)}
        choices = sorted(self.choices(), key=lambda c: rank.get(getattr(c[1], "circle", ""), len(rank)))
        self.choice.options = choices
        self.choice.value = choices[0][1] if choices else None
        marks = {}
        for position, p in enumerate(placements):
            colour = BEST if position == 0 else (CAN_FILL if p.potions == 0 else WITH_POTIONS)
            marks[p.circle] = CircleMark(colour, "<br>".join(html.escape(r) for r in p.reasons))
        if me.free_circles:
            for _, action in choices:
                marks[action.circle] = CircleMark(CAN_FILL, "free circle: any empty circle, no die needed")
        gold = engine.score(state)[0]
        free = self.session.free_circles(0)
        if self.view is None:
            self.view = SheetView(sheet, filled=me.filled, free=free, marks=marks, complete=me.completed)
        else:
            self.view.show(filled=me.filled, free=free, marks=marks, complete=me.completed)
        self.status.value = self._status_html(state, gold.total)
        self.advice.value = self._advice_html(placements)
        self.odds.value = odds_table_html(sheet, self.die, self.budget.value) if self.die else ""
        self.history_html.value = ("<details><summary>What happened</summary><ul>"
                          + "".join(f"<li>{html.escape(line)}</li>" for line in state.log[-12:]) + "</ul></details>")

    def _status_html(self, state: engine.GameState, gold: int) -> str:
        me = state.players[0]
        costs = state.sheet.extra_dice_costs
        track = " ".join(("☒" if i < me.extra_used else "☐") + str(c) for i, c in enumerate(costs))
        adv = state.cards.adventurer(me.adventurer)
        if state.over:
            phase = "The game is over."
        elif state.phase == "roll":
            phase = "Roll the dice (or type the dice you rolled at the table)."
        elif me.free_circles:
            phase = "Your adventurer gave you a free circle: place it on any empty circle."
        else:
            regular = max(0, state.sheet.dice_per_round - len(me.used_dice))
            phase = (f"Pick a die and place it: {regular} regular die/dice left this round; more dice use the "
                     "extra-dice track.")
        return (f"<b>Round {state.round} of {state.sheet.rounds}</b> — {html.escape(phase)}<br>"
                f"Potions: <b>{me.potions}</b> · gold so far: <b>{gold}</b> · extra dice (potion cost): {track} · "
                f"adventurer {html.escape(adv.name)}: {me.adventurer_steps} of {len(adv.requirements)} requirements")

    def _advice_html(self, placements) -> str:
        if self.die is None:
            return ""
        if not placements:
            return info_html(f"The {self.die} cannot fill any empty circle with the potions you hold "
                             "(or no die is left this round).")
        sheet = self.session.state.sheet
        rows = []
        for p in placements[:8]:
            c = sheet.circle(p.circle)
            rows.append(f"<tr><td>{html.escape(sheet.row(c.row).name)} ({html.escape(sheet.column(c.column).name)} "
                        f"{c.target})</td><td>{p.potions}</td><td>{p.gold_now}</td><td>{p.score:g}</td>"
                        f"<td>{'; '.join(html.escape(r) for r in p.reasons)}</td></tr>")
        return ("<b>Where this die may go, best first</b> (the engine's teaching score: gold now, potions, and what "
                "it brings closer, minus potions spent):"
                "<style>.companion-magick-advice td,.companion-magick-advice th{padding:1px 8px;text-align:left}</style>"
                "<table class='companion-magick-advice'><tr><th>circle</th><th>potions</th><th>gold now</th>"
                "<th>score</th><th>why</th></tr>" + "".join(rows) + "</table>")
