"""Guided-tour tables for learning Century: Golem Edition: one live table per rule or Q&A situation.

Each :class:`Situation` is a state value set up to show one rule (built with
:func:`companion.century.new_game` and ``State._replace``), plus a few suggested tries: short sequences of
actions, some legal and some not. :class:`LessonTable` draws the table, lets the reader play any legal
action on it (an :class:`~companion.widgets.century.actions.ActionPicker`), type an action in record
notation, or press a try button; every answer (the new table, or the engine's
:class:`~companion.errors.IllegalActionError` code and message) comes from the engine. No rule is decided here.
"""

from __future__ import annotations

import html
import random
from collections.abc import Callable
from dataclasses import dataclass

import ipywidgets as widgets

from companion.century import (
    Acquire,
    Claim,
    Discard,
    PlayCard,
    Rest,
    State,
    apply_action,
    chance_pending,
    is_terminal,
    new_game,
    parse_action,
    resolve_chance,
    score,
)
from companion.century.actions import Action, action_text
from companion.errors import CompanionError, IllegalActionError
from companion.i18n import N_, _, add_language_listener, remove_language_listener
from companion.widgets.century.actions import ActionPicker, crystals_shown
from companion.widgets.century.table import TableView, player_names
from companion.widgets.common import error_html, info_html, message_box
from companion.widgets.touch import show_tooltip

__all__ = ["SITUATIONS", "Situation", "LessonTable", "lesson"]


@dataclass(frozen=True)
class Situation:
    """A table set up to show one rule.

    Attributes
    ----------
    key : str
        Short name used by :func:`lesson`.
    title : str
        One line saying what the situation shows (English, marked with ``N_``; shown translated).
    build : callable
        ``() -> State``: the starting state (a fresh value on every call).
    tries : tuple of (str, tuple of Action)
        Suggested tries: a label (English, marked with ``N_``; shown translated) and the actions applied in
        order from the starting state.
    names : tuple of str
        Player names by seat.
    """

    key: str
    title: str
    build: Callable[[], State]
    tries: tuple[tuple[str, tuple[Action, ...]], ...]
    names: tuple[str, ...] = (N_("Ann"), N_("Bob"), N_("Cid"), N_("Dee"), N_("Eve"))


MARKET = ("M03", "M05", "M19", "M40", "M13", "M01")   # create yg, create yyy, yy->b, yy->gg, yyyy->bb, yyy->p
GOLEMS = ("G01", "G04", "G09", "G12", "G25")          # yygg 6, yybb 8, yypp 10, bbbb 12, yygp 9


def _table(n: int = 3, golems=GOLEMS, market=MARKET) -> State:
    return new_game(n, golem_row=golems, market=market)


def _with(state: State, seat: int = 0, **fields) -> State:
    """``state`` with per-seat fields (caravan, hand, played) of ``seat`` replaced."""
    changes = {}
    for name, plural in (("caravan", "caravans"), ("hand", "hands"), ("played", "played")):
        if name in fields:
            values = list(getattr(state, plural))
            values[seat] = fields[name]
            changes[plural] = tuple(values)
    return state._replace(**changes)


def _setup() -> State:
    return new_game(4, seed=2017)


def _create() -> State:
    return _with(_table(), caravan=(3, 0, 0, 0), hand=("S01", "S02", "M16"))


def _upgrade() -> State:
    return _with(_table(), caravan=(2, 0, 0, 1))


def _trade() -> State:
    return _with(_table(), caravan=(6, 0, 0, 0), hand=("S01", "S02", "M19"))


def _acquire() -> State:
    state = _with(_table(), caravan=(3, 0, 1, 0))
    return state._replace(market_crystals=((0, 0, 0, 1), (0, 0, 0, 0), (0, 2, 0, 0), (0, 0, 0, 0), (0, 0, 0, 0),
                                           (0, 0, 0, 0)))


def _rest() -> State:
    return _with(_table(2), caravan=(4, 1, 0, 0), hand=("S02",), played=("S01", "M19"))


def _claim() -> State:
    return _with(_table(), caravan=(2, 1, 2, 2))


def _coins() -> State:
    state = _with(_table(golems=("G04", "G09", "G12", "G25", "G01")), caravan=(2, 1, 2, 2))
    # every copper coin is gone (2 x 3 players were taken by earlier claims), so silver pays at position 1
    return state._replace(copper_pile=0, copper=(2, 2, 2), silver_pile=4, silver=(1, 1, 0))


def _caravan() -> State:
    return _with(_table(), caravan=(5, 2, 0, 2), hand=("S01", "S02", "M43"))


_END_GOLEMS = (("G02", "G03", "G05", "G06"), ("G07", "G08", "G10", "G11"), ("G13", "G14", "G15"),
               ("G16", "G17", "G12"))


def _end() -> State:
    state = _table(4, golems=("G01", "G20", "G04", "G24", "G09"))
    owned = {g for seat in _END_GOLEMS for g in seat}
    state = state._replace(
        current=1, turn=41, golems=_END_GOLEMS, golem_deck=tuple(g for g in state.golem_deck if g not in owned),
        copper=(1, 0, 2, 0), copper_pile=5,
        caravans=((3, 1, 0, 0), (2, 2, 1, 0), (4, 0, 1, 1), (2, 0, 2, 3)),
        hands=(("S01", "S02"), ("S01", "S02"), ("S02",), ("S01", "S02")),
        played=((), (), ("S01",), ()))
    return state


SITUATIONS: dict[str, Situation] = {s.key: s for s in (
    Situation("setup", N_("A 4-player table as dealt: 5 golems, coins above positions 1 and 2, 6 market cards"),
              _setup, ()),
    Situation("create", N_("Play a create card: take the crystals shown"), _create, (
        (N_("Play Create 2"), (PlayCard("S01"),)),
        (N_("Play the market card 'create pink'"), (PlayCard("M16"),)),
    )),
    Situation("upgrade", N_("Upgrade 2: up to two single steps, on one crystal or two, never past pink"), _upgrade, (
        (N_("One yellow twice: yellow→green→blue"), (PlayCard("S02", steps=(1, 1, 0, 0)),)),
        (N_("Two yellows one step each"), (PlayCard("S02", steps=(2, 0, 0, 0)),)),
        (N_("Only one step"), (PlayCard("S02", steps=(1, 0, 0, 0)),)),
        (N_("No step at all"), (PlayCard("S02"),)),
        (N_("Upgrade the pink"), (PlayCard("S02", steps=(0, 0, 0, 1)),)),
        (N_("Three steps with Upgrade 2"), (PlayCard("S02", steps=(2, 1, 0, 0)),)),
    )),
    Situation("trade", N_("A trade repeats as often as you can pay for it in full"), _trade, (
        (N_("Trade yy→b once"), (PlayCard("M19", 1),)),
        (N_("Twice"), (PlayCard("M19", 2),)),
        (N_("Three times"), (PlayCard("M19", 3),)),
        (N_("Four times (needs 8 yellow)"), (PlayCard("M19", 4),)),
    )),
    Situation("acquire", N_("Acquire: one crystal on each card to the left, then take the card and its crystals"),
              _acquire, (
        (N_("Take position 1 (free, with the pink on it)"), (Acquire(1),)),
        (N_("Take position 3, placing 2 yellow"), (Acquire(3, (0, 0)),)),
        (N_("Take position 4, placing 3 crystals"), (Acquire(4, (0, 0, 2)),)),
        (N_("Take position 3, paying with the green on it"), (Acquire(3, (1, 1)),)),
        (N_("Take position 6 with only 4 crystals"), (Acquire(6, (0, 0, 0, 2, 2)),)),
        (N_("Take position 3, then play it at once"), (Acquire(3, (0, 0)), PlayCard("M19"))),
    )),
    Situation("rest", N_("Rest: take every played card back; that is the whole turn"), _rest, (
        (N_("Ann rests"), (Rest(),)),
        (N_("Ann rests, then Bob (nothing played) rests"), (Rest(), Rest())),
    ), (N_("Ann"), N_("Bob"))),
    Situation("claim", N_("Claim any golem whose exact crystals you have; positions 1 and 2 pay a coin"), _claim, (
        (N_("Claim position 2 (yybb, pays silver)"), (Claim(2),)),
        (N_("Claim position 3 (yypp, no coin)"), (Claim(3),)),
        (N_("Claim position 1 (yygg) with blue instead of green"), (Claim(1),)),
    )),
    Situation("coins", N_("The copper is gone: the silver pile has moved to position 1"), _coins, (
        (N_("Claim position 1 (pays silver now)"), (Claim(1),)),
        (N_("Claim position 2 (pays nothing now)"), (Claim(2),)),
    )),
    Situation("caravan", N_("The caravan limit of 10 is checked at the end of the action; you choose what goes back"),
              _caravan, (
        (N_("Trade p→bb twice (11 crystals, then choose)"), (PlayCard("M43", 2),)),
        (N_("... and return 1 yellow"), (PlayCard("M43", 2), Discard((1, 0, 0, 0)))),
        (N_("... and return 2 yellow"), (PlayCard("M43", 2), Discard((2, 0, 0, 0)))),
    )),
    Situation("end", N_("Bob claims a 5th golem (4 players): the round is finished, then the scores"), _end, (
        (N_("Bob claims position 1"), (Claim(1),)),
        (N_("Bob claims, Cid rests, Dee claims position 2 (a tie)"), (Claim(1), Rest(), Claim(2))),
    )),
)}


class LessonTable(widgets.VBox):
    """A live table for one :class:`Situation`: try the suggested actions, or any action you like.

    Parameters
    ----------
    situation : Situation or str
        The situation or its key in :data:`SITUATIONS`.
    seed : int
        Seed of the cards revealed to refill the rows after an acquisition or a claim.

    Attributes
    ----------
    states : list of State
        The history since the start of the situation (the last one is on the table).
    answer : ipywidgets.HTML
        What the engine said about the last try.
    """

    def __init__(self, situation: Situation | str, seed: int = 0) -> None:
        self.situation = SITUATIONS[situation] if isinstance(situation, str) else situation
        self.seed = seed
        self.rng = random.Random(seed)
        self.states: list[State] = []
        self.table = TableView()
        self.answer = message_box()
        self.picker = ActionPicker(self.play)
        self.try_buttons = []
        for label, actions in self.situation.tries:
            button = widgets.Button(description=_(label), tooltip=_(" then ").join(map(action_text, actions)),
                                    layout=widgets.Layout(width="auto"))
            show_tooltip(button)              # its steps, written out on a touch screen
            button.on_click(lambda _b, a=actions, t=label: self.try_actions(t, a))
            self.try_buttons.append(button)
        self.typed = widgets.Text(placeholder=_("an action, e.g. play S02 up yg, acquire 3 pay yy, claim 2"),
                                  layout=widgets.Layout(width="420px"))
        self.typed_button = widgets.Button(description=_("Try it"), icon="flask")
        self.typed_button.on_click(lambda _b: self.try_text(self.typed.value))
        self.back_button = widgets.Button(description=_("Back"), icon="undo")
        self.back_button.on_click(lambda _b: self.back())
        self.reset_button = widgets.Button(description=_("Reset"), icon="refresh")
        self.reset_button.on_click(lambda _b: self.reset())
        self.picker_label = widgets.HTML()
        self.picker_box = widgets.VBox([self.picker_label, self.picker])
        self.tries_label = widgets.HTML()
        self.heading = widgets.HTML()
        self._label_texts()
        tries = [self.tries_label, widgets.HBox(self.try_buttons, layout=widgets.Layout(
            flex_flow="row wrap"))] if self.try_buttons else []
        self._answer_source: tuple | None = None   # how to write the answer again in another language
        super().__init__([
            self.heading, self.table, *tries,
            widgets.HBox([self.typed, self.typed_button, self.back_button, self.reset_button]),
            self.answer, self.picker_box,
        ])
        self.reset()
        add_language_listener(self._retranslate)

    def _label_texts(self) -> None:
        self.picker_label.value = "<b>" + html.escape(_("Or choose any legal action:")) + "</b>"
        self.tries_label.value = "<b>" + html.escape(_("Try:")) + "</b>"
        self.heading.value = "<h4>" + html.escape(_(self.situation.title)) + "</h4>"

    def close(self) -> None:
        """Stop following the language switch (this widget and its parts), then close it."""
        remove_language_listener(self._retranslate)
        for child in (self.table, self.picker):
            if child is not None:
                child.close()
        super().close()

    def _retranslate(self, language: str) -> None:
        """Set the title, buttons, tooltips and the last answer again in ``language``, in place."""
        del language
        self._label_texts()
        for button, (label, actions) in zip(self.try_buttons, self.situation.tries, strict=True):
            button.description = _(label)
            button.tooltip = _(" then ").join(map(action_text, actions))
        self.typed.placeholder = _("an action, e.g. play S02 up yg, acquire 3 pay yy, claim 2")
        self.typed_button.description = _("Try it")
        self.back_button.description = _("Back")
        self.reset_button.description = _("Reset")
        if self._answer_source is not None:
            self.answer.value = self._answer_html(*self._answer_source)
        elif is_terminal(self.state):
            self.answer.value = info_html(_("The game is over."))

    @property
    def state(self) -> State:
        """The state on the table."""
        return self.states[-1]

    @property
    def names(self) -> list[str]:
        """Player names by seat, in the reader's language (example names are transliterated in Chinese)."""
        return player_names(self.state, [_(name) for name in self.situation.names])

    def reset(self) -> None:
        """Put the situation's starting state back on the table."""
        self.rng = random.Random(self.seed)
        self.states = [self.situation.build()]
        self.answer.value = ""
        self._answer_source = None
        self._refresh()

    def back(self) -> None:
        """Take back the last action."""
        if len(self.states) > 1:
            self.states.pop()
        self._refresh()

    def _apply(self, action: Action) -> State:
        new = apply_action(self.state, action)
        if chance_pending(new):
            new = resolve_chance(new, self.rng)
        self.states.append(new)
        return new

    def _apply_all(self, actions) -> list[tuple]:
        """Apply ``actions`` in order, stopping at the first the engine refuses.

        Returns the steps as ``(who, action, refusal or None, state index after)``, from which
        :meth:`_answer_html` writes the answer in the current language.
        """
        steps = []
        for action in actions:
            who = self.names[self.state.current]
            try:
                self._apply(action)
            except IllegalActionError as exc:
                steps.append((who, action, exc, None))
                break
            steps.append((who, action, None, len(self.states) - 1))
        return steps

    def _answer_html(self, label: str | None, steps: list[tuple]) -> str:
        """The answer for applied ``steps`` (after a try button's ``label``), in the current language."""
        lines = ["<b>" + html.escape(_(label)) + "</b>"] if label else []
        for who, action, exc, index in steps:
            text = html.escape(action_text(action))
            if exc is not None:
                # the engine's refusal, in the current language when it is shown again
                refusal = _("refused")
                lines.append(f'<div style="color:#b00020">✘ {html.escape(who)}: <code>{text}</code> '
                             f'{html.escape(refusal)} — <b>[{html.escape(exc.code)}]</b> {html.escape(str(exc))}</div>')
            else:
                lines.append(f'<div style="color:#1a7f37">✔ {html.escape(who)}: <code>{text}</code> — '
                             f'{html.escape(self._what_changed(index))}</div>')
        return "".join(lines)

    def _what_changed(self, index: int | None = None) -> str:
        """What the action leading to state ``index`` (default: the last) changed, in words."""
        index = len(self.states) - 1 if index is None else index
        before, after = self.states[index - 1], self.states[index]
        seat = before.current
        if is_terminal(after):
            final = score(after, self.names)
            if len(final.tied) > 1:
                return _("the game is over: {winner} wins; tie on {vp} VP between {names}, the tied player latest "
                         "in turn order wins").format(winner=final.winner, vp=final.lines[final.winner_index].total,
                                                      names=_(", ").join(final.tied))
            return _("the game is over: {winner} wins").format(winner=final.winner)
        caravan = after.caravans[seat]
        parts = [_("caravan now {caravan} ({n} crystals)").format(caravan=crystals_shown(caravan), n=sum(caravan))]
        if after.stage != before.stage and after.current == seat:
            parts.append(_("over 10: choose what to return (below)"))
        if after.end_triggered and not before.end_triggered:
            parts.append(_("the end is triggered, the round is finished"))
        if after.copper[seat] > before.copper[seat]:
            parts.append(_("took a copper coin"))
        if after.silver[seat] > before.silver[seat]:
            parts.append(_("took a silver coin"))
        if after.current != seat:
            parts.append(_("{name} is next").format(name=self.names[after.current]))
        return _("; ").join(parts)

    def try_actions(self, label: str, actions) -> None:
        """Reset the table, then apply ``actions`` in order and show what the engine says."""
        self.reset()
        self._answer_source = (label, self._apply_all(actions))
        self.answer.value = self._answer_html(*self._answer_source)
        self._refresh(keep_answer=True)

    def try_text(self, text: str) -> None:
        """Apply one action typed in record notation (e.g. ``acquire 3 pay yy``) to the table as it is."""
        try:
            action = parse_action(text.strip())
        except CompanionError as exc:
            self.answer.value = error_html(f"{exc}")
            self._answer_source = None
            return
        self._answer_source = (None, self._apply_all([action]))
        self.answer.value = self._answer_html(*self._answer_source)
        self._refresh(keep_answer=True)

    def play(self, action: Action) -> None:
        """Apply a legal action chosen in the picker."""
        self._answer_source = (None, self._apply_all([action]))
        self.answer.value = self._answer_html(*self._answer_source)
        self._refresh(keep_answer=True)

    def _refresh(self, keep_answer: bool = False) -> None:
        state = self.state
        self.table.show(state, self.names)
        if is_terminal(state):
            self.picker_box.layout.display = "none"
            if not keep_answer:
                self.answer.value = info_html(_("The game is over."))
        else:
            self.picker_box.layout.display = ""
            self.picker.show(state)
        self.back_button.disabled = len(self.states) <= 1


def lesson(key: str, seed: int = 0) -> LessonTable:
    """A :class:`LessonTable` for the situation ``key`` (one of :data:`SITUATIONS`).

    Raises
    ------
    CompanionError
        For an unknown key (the message lists the known ones).
    """
    if key not in SITUATIONS:
        raise CompanionError(_("unknown situation {key!r}; expected one of {keys}").format(
            key=key, keys=_(", ").join(SITUATIONS)))
    return LessonTable(SITUATIONS[key], seed)
