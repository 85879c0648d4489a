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
from companion.i18n import N_, _, add_language_listener, ngettext, remove_language_listener
from companion.magick import engine, odds
from companion.magick import game as magick
from companion.magick.odds import format_odds
from companion.magick.sheet import Sheet
from companion.session import Session
from companion.widgets.common import error_html, info_html, message_box
from companion.widgets.magick.sheet import shown_text
from companion.widgets.magick.turn import YOU, DiceBar, TurnPanel

__all__ = ["LearnTheDice", "odds_table_html"]

N_END_ROUND = N_("End the round")   # the end button's text, translated when shown (TurnPanel)


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
    head = "".join("<th>" + html.escape(ngettext("≤ {n} potion", "≤ {n} potions", k).format(n=k)) + "</th>"
                   for k in range(max_potions + 1))
    body = []
    for column in columns:
        for circle in sheet.circles_in_column(column.id):
            cells = "".join(
                f"<td>{format_odds(odds.fill_probability(die, circle.target, column.compare, k, sheet=sheet))}</td>"
                for k in range(max_potions + 1))
            body.append(f"<tr><td>{html.escape(shown_text(sheet.row(circle.row).name))}</td>"
                        f"<td>{html.escape(shown_text(column.name))}</td>"
                        f"<td>{_COMPARE.get(column.compare, column.compare)} {circle.target}</td>{cells}</tr>")
    if not body:
        return info_html(_("No column of this sheet takes the {die_id}.").format(die_id=die))
    first = "".join(f"<th>{html.escape(t)}</th>" for t in (_("row"), _("column"), _("needs")))
    return ("<style>.companion-magick-odds td,.companion-magick-odds th{padding:1px 8px;text-align:left}</style>"
            f"<table class='companion-magick-odds'><tr>{first}{head}</tr>"
            + "".join(body) + "</table>")


_COMPARE = {">=": "≥", "<=": "≤"}


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
    turn : TurnPanel
        Die picker, placements, the sheet drawing and the reasons.
    """

    def __init__(self, seed: int | None = None, potions: int = 3, sheet: Sheet | None = None) -> None:
        self.session = Session(magick, [YOU], seed=seed, sheet=sheet, starting_potions=potions,
                               auto_chance=lambda s: s.phase == "reveal")
        state = self.session.state
        self.dice = DiceBar(state.sheet.dice, lambda values: self.enter_dice(values) if values else self.roll(),
                            self.undo)
        self.budget = widgets.IntSlider(value=2, min=0, max=6, description=_("Odds with ≤"),
                                        style={"description_width": "initial"})
        self.budget.observe(lambda _ch: self.refresh(keep_message=True), names="value")
        self.message = message_box()
        self.odds = widgets.HTML()
        self.history_html = widgets.HTML()
        # built complete (with its sheet drawing) before it is ever displayed
        self.turn = TurnPanel(state, 0, self.place, end_label=N_END_ROUND)
        self.turn.die_picker.observe(lambda _ch: self._show_odds(), names="value")
        self.odds_title = widgets.HTML(self._odds_title())
        self.refresh()
        super().__init__([
            self.dice, self.message, self.turn, self.odds_title, self.budget, self.odds, self.history_html,
        ])
        add_language_listener(self._retranslate)

    @staticmethod
    def _odds_title() -> str:
        return ("<b>" + html.escape(_("Exact odds for a fresh roll of this die")) + "</b> "
                + html.escape(_("(every face equally likely; potions move it 1 each):")))

    def close(self) -> None:
        """Stop following the language switch (this widget and its parts), then close it."""
        remove_language_listener(self._retranslate)
        for child in (self.dice, self.turn):
            if child is not None:
                child.close()
        super().close()

    def _retranslate(self, language: str) -> None:
        """Set the labels, the odds table and the history heading again in ``language``, in place (the dice
        bar and the turn panel follow by their own listeners)."""
        del language
        self.budget.description = _("Odds with ≤")
        self.odds_title.value = self._odds_title()
        self.refresh(keep_message=True)

    @property
    def die(self) -> str | None:
        """The die being looked at."""
        return self.turn.die

    # ------------------------------------------------------------------ callbacks
    def roll(self) -> None:
        """Roll the four dice (the sandbox's random generator)."""
        self._do(lambda: self.session.resolve_chance())

    def enter_dice(self, values: dict[str, int]) -> None:
        """Use physical dice: ``{"d6": 3, "d8": 5, "d10": 2, "d12": 11}``."""
        self._do(lambda: self.session.apply(engine.RollDice.of(values)))

    def pick_die(self, die: str) -> None:
        """Look at die ``die`` (``"d8"``): its circles, odds and the ranked placements."""
        self.turn.pick_die(die)
        self._show_odds()

    def place(self, action: engine.Action) -> None:
        """Apply a placement, a free circle or the end of the round through the engine."""
        self._do(lambda: self.session.apply(action))

    def place_selected(self) -> None:
        """Apply the placement selected in the dropdown."""
        self.turn.place_selected()

    def end_round(self) -> None:
        """End the sandbox round (mastery and customer phases run), ready for the next roll."""
        self.place(engine.EndTurn(0))

    def undo(self) -> None:
        """Go back one step."""
        if not self.session.undo():
            self.message.value = info_html(_("Nothing to undo."))
            return
        self.message.value = info_html(_("Undone."))
        self.refresh(keep_message=True)

    def choices(self) -> list[tuple[str, engine.Action]]:
        """The engine's legal placements of the chosen die (or the pending free circles), best first."""
        return self.turn.choices()

    # ------------------------------------------------------------------ views
    @property
    def view(self):
        """The sheet drawing (:class:`~companion.widgets.magick.sheet.SheetView`)."""
        return self.turn.view

    @property
    def status(self) -> widgets.HTML:
        return self.turn.status

    @property
    def advice(self) -> widgets.HTML:
        return self.turn.advice

    @property
    def choice(self) -> widgets.Dropdown:
        return self.turn.choice

    def _do(self, step) -> None:
        try:
            step()
        except CompanionError as exc:
            self.message.value = error_html(str(exc))
            return
        self.message.value = ""
        self.refresh(keep_message=True)

    def _show_odds(self) -> None:
        sheet = self.session.state.sheet
        self.odds.value = odds_table_html(sheet, self.die, self.budget.value) if self.die else ""

    def refresh(self, keep_message: bool = False) -> None:
        """Redraw everything from the session's current state."""
        if not keep_message:
            self.message.value = ""
        state = self.session.state
        self.turn.update(state, 0, magick.free_circles(state, 0))
        self._show_odds()
        self.history_html.value = ("<details><summary>" + html.escape(_("What happened")) + "</summary><ul>"
                                   + "".join(f"<li>{html.escape(line)}</li>" for line in state.log[-12:])
                                   + "</ul></details>")
