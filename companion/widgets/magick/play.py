"""Play a full 10-round game of Merchants of Magick: solo, or several players sharing one roll
(hot-seat for the people, bots for the other seats), with undo.

The widget holds a :class:`companion.session.Session` over :mod:`companion.magick.game` (the states,
the seeded random generator, the bots, undo to the last human decision and the record), draws the table
and hands every choice to the session, which applies it once. Bots are greedy
(:class:`companion.magick.bots.GreedyBot`); they play their turns as soon as the crafting phase starts.
Orders come either from the engine's generated deck (labelled: not the printed deck; revealed by the
session) or are typed in as they are revealed at a real table (a chance action, like the dice). The game
record is saved to and opened from a file.
"""

from __future__ import annotations

import html
import re

import ipywidgets as widgets
import plotly.graph_objects as go

from companion.coach import Review
from companion.errors import CompanionError
from companion.i18n import (
    SUPPORTED_LANGUAGES,
    _,
    add_language_listener,
    lazy_gettext,
    ngettext,
    remove_language_listener,
    translations,
)
from companion.magick import engine, scoring, search
from companion.magick import game as magick
from companion.magick.describe import seat_name
from companion.magick.orders import make_order
from companion.magick.sheet import Sheet
from companion.savefile import default_save_dir
from companion.session import HUMAN, Session
from companion.widgets.coach import ReviewPanel, drops_html, hint_html, review_figure
from companion.widgets.common import (
    all_zero,
    busy,
    busy_style,
    error_html,
    figure_widget,
    info_html,
    message_box,
    set_empty_state,
)
from companion.widgets.game_record import RecordFile
from companion.widgets.magick.sheet import shown_text
from companion.widgets.magick.turn import YOU, DiceBar, TurnPanel, button

__all__ = ["DECK_GENERATED", "DECK_TYPED", "HINT_SECONDS", "PlayAGame"]

HINT_SECONDS = 1.0
"""Time cap of a hint's playouts (s)."""

REVIEW_PLAYOUTS = 2
"""Playouts per candidate at each move of a review (its drops are looked at again with four times more); a
whole 3-player game takes about 10 s of one core."""

REVIEW_WIDTH = 2
"""Placements of the greedy ranking a review weighs at each move, besides the move made."""

#: What separates the names typed in *Names* (an ASCII or a full-width comma, or the Chinese list comma).
_NAME_SEPARATORS = re.compile("[,\uff0c\u3001]")

DECK_GENERATED = "generated"   # the deck choice's values (labels follow the language: DECK_LABELS)
DECK_TYPED = "typed"
DECK_LABELS = {DECK_GENERATED: lazy_gettext("generated deck (NOT the printed deck)"),
               DECK_TYPED: lazy_gettext("type each order as it is revealed")}
PART_TITLES = {"crafting": lazy_gettext("Crafting"), "research": lazy_gettext("Research"),
               "orders": lazy_gettext("Orders"), "adventurer": lazy_gettext("Adventurer"),
               "mastery": lazy_gettext("Mastery"), "charms": lazy_gettext("Charms")}
PART_COLOURS = {"crafting": "#8c564b", "research": "#1f77b4", "orders": "#2ca02c", "adventurer": "#ff7f0e",
                "mastery": "#9467bd", "charms": "#e377c2"}


class PlayAGame(widgets.VBox):
    """Set up and play a whole game; every state is kept for undo.

    Parameters
    ----------
    sheet : Sheet, optional
        A user's sheet (default: the shipped reconstruction).

    Attributes
    ----------
    session : Session or None
        The running game (None before :meth:`start`).
    generated_deck : bool
        True when orders come from the generated deck (revealed by the session), False when typed in.
    seat : int
        The human player whose sheet is shown (hot-seat).
    """

    def __init__(self, sheet: Sheet | None = None) -> None:
        self.sheet = sheet
        self.session: Session | None = None
        self.generated_deck = True
        self.seat = 0
        self.players_slider = widgets.IntSlider(value=3, min=1, max=8, description=_("Players"))
        self.humans_slider = widgets.IntSlider(value=1, min=1, max=3, description=_("People"))
        self.players_slider.observe(lambda ch: setattr(self.humans_slider, "max", ch["new"]), names="value")
        self.names_text = widgets.Text(placeholder=_("names, e.g. Ann, Ben (the rest are bots)"),
                                       description=_("Names"), layout=widgets.Layout(width="420px"))
        self.names_text.observe(lambda _c: self._seat_typed_names(), names="value")
        self.deck_choice = widgets.Dropdown(options=self._deck_options(), value=DECK_GENERATED,
                                            description=_("Orders"), layout=widgets.Layout(width="420px"))
        self.seed_box = widgets.IntText(value=1, description=_("Seed"), layout=widgets.Layout(width="160px"))
        self.start_button = button(_("Start a new game"), "play", "primary")
        self.start_button.on_click(lambda _b: self.start())
        self.setup_note = widgets.HTML(self._setup_note())
        self.setup = widgets.VBox([
            self.setup_note,
            widgets.HBox([self.players_slider, self.humans_slider, self.seed_box]),
            widgets.HBox([self.names_text, self.deck_choice]), widgets.HBox([self.start_button])])
        self.message = message_box()
        self.game = widgets.VBox()
        self.record_file = RecordFile(default_save_dir() / "magick-game.jsonl", self.save_record, self.open_record)
        super().__init__([busy_style(), self.setup, self.message, self.game, self.record_file])
        add_language_listener(self._retranslate)

    @staticmethod
    def _deck_options() -> list[tuple[str, str]]:
        return [(str(DECK_LABELS[k]), k) for k in (DECK_GENERATED, DECK_TYPED)]

    @staticmethod
    def _setup_note() -> str:
        return ("<b>" + html.escape(_("New game")) + "</b> — " + html.escape(
            _("the first seats are people taking turns at this screen (hot-seat); the other seats are bots "
              "(greedy: they take the engine's best-ranked placement).")))

    def close(self) -> None:
        """Stop following the language switch (this widget and its parts), then close it."""
        remove_language_listener(self._retranslate)
        for child in (getattr(self, "dice", None), getattr(self, "turn", None)):
            if child is not None:
                child.close()
        super().close()

    def _retranslate(self, language: str) -> None:
        """Set every label, choice and the table, reveal form and chart again in ``language``, in place (the dice
        bar and the turn panel follow by their own listeners)."""
        del language
        self.players_slider.description = _("Players")
        self.humans_slider.description = _("People")
        self.names_text.placeholder = _("names, e.g. Ann, Ben (the rest are bots)")
        self.names_text.description = _("Names")
        value = self.deck_choice.value
        self.deck_choice.options = self._deck_options()
        self.deck_choice.value = value
        self.deck_choice.description = _("Orders")
        self.seed_box.description = _("Seed")
        self.start_button.description = _("Start a new game")
        self.setup_note.value = self._setup_note()
        if self.session is None:
            return
        self.seat_picker.description = _("Sheet of")
        sheet = self.session.state.sheet
        none = [(_("(none)"), None)]
        for box, rows in ((self.order_item, sheet.item_rows), (self.order_prefix, sheet.enchantment_rows("prefix")),
                          (self.order_suffix, sheet.enchantment_rows("suffix"))):
            value = box.value
            box.options = ([] if box is self.order_item else none) + [(shown_text(r.name), r.id) for r in rows]
            box.value = value
        self.order_item.description = _("Item")
        self.order_prefix.description = _("Prefix")
        self.order_suffix.description = _("Suffix")
        self.order_gold.description = _("Gold")
        self.reveal_button.description = _("Reveal this order")
        self.empty_button.description = _("The deck is empty")
        self._chart_json = None
        self.hint_button.description = _("Hint")
        self.review_button.description = _("Review")
        self._coach_tooltips()
        self._show_hint()
        self._show_review()
        self.refresh(keep_message=True)
    # ------------------------------------------------------------------ setup
    def typed_names(self) -> list[str]:
        """The names typed in *Names*, split at commas (``,``, ``，`` or ``、``), blanks dropped."""
        return [n.strip() for n in _NAME_SEPARATORS.split(self.names_text.value) if n.strip()]

    def _seat_typed_names(self) -> None:
        """*People* (and *Players* when needed) follow the number of names typed, so no typed name is left out."""
        typed = len(self.typed_names())
        if typed > self.humans_slider.value:
            self.players_slider.value = min(max(self.players_slider.value, typed), self.players_slider.max)
            self.humans_slider.value = min(typed, self.humans_slider.max)

    def unused_names(self) -> list[str]:
        """The typed names no seat takes (more names than *People*): :meth:`start` says so."""
        return self.typed_names()[min(self.humans_slider.value, self.players_slider.value):]

    def player_names(self) -> list[str]:
        """Seat names: typed names for the people, ``Bot 1``, ``Bot 2``... for the rest."""
        count, people = self.players_slider.value, min(self.humans_slider.value, self.players_slider.value)
        typed = self.typed_names()
        names = [typed[i] if i < len(typed) else (YOU if people == 1 else _("Player {number}").format(number=i + 1))
                 for i in range(people)]
        # a bot seat is named "Bot N" in the reader's language (the log names it so); a record read back
        # recognises it in either language (_is_bot_seat)
        return names + [_("Bot {number}").format(number=i + 1) for i in range(count - people)]

    def start(self) -> bool:
        """Start a game with the setup's players, people, order source and seed. Returns False on an error."""
        names = self.player_names()
        people = min(self.humans_slider.value, len(names))
        controllers = [HUMAN] * people + ["greedy"] * (len(names) - people)
        self.generated_deck = self.deck_choice.value == DECK_GENERATED
        try:
            self.session = Session(magick, names, seed=self.seed_box.value, controllers=controllers,
                                   auto_chance=self._auto_chance, sheet=self.sheet,
                                   generated_deck=self.generated_deck)
        except CompanionError as exc:
            self.message.value = error_html(str(exc))
            return False
        self.seat = 0
        self._build()
        if self.generated_deck:
            text = _("New game: {names}. Orders come from a generated deck, not the printed deck.")
        else:
            text = _("New game: {names}. Type each order as it is turned face up.")
        text = text.format(names=_(", ").join(map(self._shown_name, names)))
        unused = self.unused_names()
        if unused:
            text = ngettext("{sentence} Not seated: {names} (only {people} person plays; raise People to seat them).",
                            "{sentence} Not seated: {names} (only {people} people play; raise People to seat them).",
                            people).format(sentence=text, names=_(", ").join(unused), people=people)
        self.message.value = info_html(text)
        return True

    def _auto_chance(self, state: engine.GameState) -> bool:
        """Order reveals from the generated deck are drawn by the session; dice are rolled on request."""
        return state.phase == "reveal" and self.generated_deck

    def save_record(self, path):
        """Write the game record (JSON lines, the generated deck included) to ``path`` atomically."""
        if self.session is None:
            raise CompanionError(_("no game to save"))
        return self.session.save(path)

    def open_record(self, path) -> None:
        """Replace the game by the one recorded in ``path``; its people are the seats not named ``Bot N``
        (raises ``CompanionError`` and keeps the game when the file cannot be read)."""
        probe = Session.open(magick, path)
        names = probe.seat_names()
        self.generated_deck = bool(probe.states[0].deck)
        controllers = ["greedy" if self._is_bot_seat(name) else HUMAN for name in names]
        self.session = Session(magick, states=probe.states, seed=self.seed_box.value, controllers=controllers,
                               auto_chance=self._auto_chance)
        self.session.settle()
        self.seat = self.session.humans()[0] if self.session.humans() else 0
        self._build()
        self.message.value = info_html(_("Opened a game of {n} players in round {round}.").format(
            n=len(names), round=self.session.state.round))

    def _build(self) -> None:
        state = self.session.state
        self.dice = DiceBar(state.sheet.dice, self.roll, self.undo)
        self.seat_picker = widgets.ToggleButtons(
            options=[(self._shown_name(state.players[i].name), i) for i in self.session.humans()]
            or [(self._shown_name(state.players[0].name), 0)],
            description=_("Sheet of"))
        if len(self.session.humans()) < 2:
            self.seat_picker.layout.display = "none"   # hot-seat switching only matters for 2+ people
        self.seat_picker.observe(lambda ch: self.show_seat(ch["new"]) if ch["new"] is not None else None,
                                 names="value")
        self.table = widgets.HTML()
        self.reveal_box = self._reveal_form(state)
        self.turn = TurnPanel(state, self.seat, self.act)
        first = self._figure(state)
        self.chart = figure_widget(first)
        self._chart_json = first.to_plotly_json()
        self.history_html = widgets.HTML()
        self.hint_button = button(_("Hint"), "lightbulb-o", "info")
        self.hint_button.on_click(lambda _b: self.hint())
        self.review_button = button(_("Review"), "line-chart")
        self.review_button.on_click(lambda _b: self.review())
        self._coach_tooltips()
        self.coach = widgets.HTML()
        self.review_panel = ReviewPanel()   # the chart, the drops, the note once the game moved on
        self.review_box = self.review_panel.box
        self._hint_for: tuple[engine.GameState, int] | None = None
        self._hint_moves: list[search.MoveValue] = []
        self._review: tuple[list[engine.GameState], Review] | None = None
        self.game.children = [
            self.dice, self.table, self.reveal_box, self.seat_picker,
            widgets.HBox([self.hint_button, self.review_button]), self.coach, self.turn, self.chart,
            self.review_box, self.history_html]
        self.refresh(keep_message=True)

    def _coach_tooltips(self) -> None:
        self.hint_button.tooltip = _("the three best moves the search finds, and why")
        self.review_button.tooltip = _("each player's expected final gold after every move, and the biggest drops")

    # ------------------------------------------------------------------ the coach
    def hint(self) -> list[search.MoveValue]:
        """Show the three best moves for the person whose sheet is shown, with expected final gold and why.

        Returns the moves (empty, with a message, when that person has nothing to choose now).
        """
        if self.session is None:
            self.message.value = error_html(_("Start a game first."))
            return []
        state, seat = self.session.state, self.seat
        if seat not in self.session.humans() or not engine.legal_actions(state, seat):
            self.message.value = info_html(_("A hint is for a person's move in the crafting and research phase."))
            return []
        with busy(self, self.message):
            moves = search.hint(state, seat, budget=HINT_SECONDS)
        self._hint_for, self._hint_moves = (state, seat), moves
        self._show_hint()
        return moves

    def _show_hint(self) -> None:
        if self._hint_for is None:
            self.coach.value = ""
            return
        state, seat = self._hint_for
        title = _("Hint: the search's three best moves for {player}").format(
            player=self._shown_name(state.players[seat].name))
        self.coach.value = hint_html(title, [
            (magick.describe_action(state, m.action), search.hint_figure(m),   # the figure the moves rank by
             search.hint_reason(state, m, gold=False)) for m in self._hint_moves])

    def review(self) -> Review | None:
        """Chart every player's expected final gold after each move so far, with each one's three biggest
        drops and the move the search preferred there. Returns the review (None before the first move)."""
        if self.session is None or self.session.decisions() == 0:
            self.message.value = info_html(_("Nothing to review yet: no move has been made."))
            return None
        states = list(self.session.states)
        with busy(self, self.message):
            result = search.review(states, playouts=REVIEW_PLAYOUTS, deep_playouts=4 * REVIEW_PLAYOUTS,
                                   width=REVIEW_WIDTH)
        self._review = (states, result)
        self._show_review()
        return result

    def _show_review(self) -> None:
        if self._review is None:
            self.review_panel.clear()
            return
        states, result = self._review
        before = [s for s, a in zip(states, states[-1].history[len(states[0].history):], strict=False)
                  if not isinstance(a, (engine.RollDice, engine.RevealOrder))]

        def describe(move: int, action: engine.Action) -> str:
            return magick.describe_action(before[move - 1], action)

        names = [self._shown_name(p.name) for p in states[-1].players]
        gold = _("gold")
        self.review_panel.draw(review_figure(result, names, describe, unit=gold,
                                             title=_("Expected final gold after each move")),
                               drops_html(result, names, describe, unit=gold), states)
        self.review_panel.follow(self.session.states)

    def _reveal_form(self, state: engine.GameState) -> widgets.VBox:
        sheet = state.sheet
        none = [(_("(none)"), None)]
        self.reveal_title = widgets.HTML()
        self.order_item = widgets.Dropdown(options=[(shown_text(r.name), r.id) for r in sheet.item_rows],
                                           description=_("Item"))
        self.order_prefix = widgets.Dropdown(options=none + [(shown_text(r.name), r.id)
                                                             for r in sheet.enchantment_rows("prefix")],
                                             description=_("Prefix"))
        self.order_suffix = widgets.Dropdown(options=none + [(shown_text(r.name), r.id)
                                                             for r in sheet.enchantment_rows("suffix")],
                                             description=_("Suffix"))
        self.order_gold = widgets.IntText(value=5, description=_("Gold"), layout=widgets.Layout(width="160px"))
        reveal = self.reveal_button = button(_("Reveal this order"), "eye", "info")
        reveal.on_click(lambda _b: self.reveal(self.order_item.value, self.order_prefix.value,
                                               self.order_suffix.value, self.order_gold.value))
        empty = self.empty_button = button(_("The deck is empty"), "ban")
        empty.on_click(lambda _b: self.reveal(None))
        return widgets.VBox([self.reveal_title,
                             widgets.HBox([self.order_prefix, self.order_item, self.order_suffix]),
                             widgets.HBox([self.order_gold, reveal, empty])])

    # ------------------------------------------------------------------ callbacks
    def roll(self, values: dict[str, int] | None = None) -> None:
        """Roll the shared dice (seeded), or enter the dice rolled at the table."""
        if values is None:
            self._do(lambda: self.session.resolve_chance())
        else:
            self._do(lambda: self.session.apply(engine.RollDice.of(values)))

    def act(self, action: engine.Action) -> None:
        """Hand a player's action (Place, FreeCircle, EndTurn) to the session."""
        self._do(lambda: self.session.apply(action))

    def reveal(self, item: str | None, prefix: str | None = None, suffix: str | None = None,
               gold: int = 0) -> None:
        """Turn the next face-down order face up as typed (``item`` None: the deck is empty)."""
        def step():
            state = self.session.state
            seat = magick.reveal_seat(state)
            if seat is None:
                raise CompanionError(_("no order is to be revealed now"))
            order = None if item is None else make_order(state.sheet, item, prefix, suffix, gold=gold)
            self.session.apply(engine.RevealOrder(seat, order))
        self._do(step)

    def show_seat(self, seat: int) -> None:
        """Show person ``seat``'s sheet (hot-seat)."""
        self.seat = seat
        self.refresh(keep_message=True)

    def undo(self) -> None:
        """Take back the last human decision (with the bots' answers that followed it)."""
        with busy(self, self.message):
            if self.session is None or not self.session.undo():
                self.message.value = info_html(_("Nothing to undo."))
                return
            self.message.value = info_html(_("Undone."))
            self._next_seat()
            self.refresh(keep_message=True)

    def _do(self, step) -> None:
        if self.session is None:
            self.message.value = error_html(_("Start a game first."))
            return
        with busy(self, self.message):
            try:
                step()
            except CompanionError as exc:
                self.message.value = error_html(str(exc))
                return
            self.message.value = ""
            self._next_seat()
            self.refresh(keep_message=True)

    def _next_seat(self) -> None:
        """Show the sheet of the person the session waits for (hot-seat); keep the one shown otherwise."""
        seat = self.session.current_player()
        humans = self.session.humans()
        if seat in humans:
            self.seat = seat
        elif humans and self.session.state.phase != "craft":
            self.seat = humans[0]

    # ------------------------------------------------------------------ views
    def refresh(self, keep_message: bool = False) -> None:
        """Redraw the table, the reveal form, the shown sheet, the scores and the log."""
        if not keep_message:
            self.message.value = ""
        state = self.session.state
        if self.seat_picker.value != self.seat:
            self.seat_picker.value = self.seat
        self.dice.roll_button.disabled = state.phase != "roll"
        self.dice.enter_button.disabled = state.phase != "roll"
        self.dice.show_over(state.over)
        if state.roll is not None:   # the boxes show the dice the round uses, not 1·1·1·1 after a roll here
            self.dice.show_dice(state.roll.as_dict())
        typed_reveal = state.phase == "reveal" and not self.generated_deck
        self.reveal_box.layout.display = "" if typed_reveal else "none"
        if typed_reveal:
            due = magick.reveal_seat(state)
            if state.round == 1 and state.roll is None:
                text = _("<b>Setup:</b> turn up the next order for <b>{name}</b> and type it in "
                         "(or press 'The deck is empty').")
            else:
                text = _("<b>Customer phase:</b> turn up the next order for <b>{name}</b> and type it in "
                         "(or press 'The deck is empty').")
            self.reveal_title.value = text.format(name=html.escape(self._shown_name(state.players[due].name)))
        self.turn.update(state, self.seat, magick.free_circles(state, self.seat))
        self.hint_button.disabled = self.seat not in self.session.humans() or not engine.legal_actions(state, self.seat)
        self.review_button.disabled = self.session.decisions() == 0
        self.dice.undo_button.disabled = not self.session.can_undo()   # nothing to take back before a move
        if self._hint_for is not None and (self._hint_for[0] is not state or self._hint_for[1] != self.seat):  # a hint is for where it was asked
            self._hint_for, self._hint_moves = None, []
            self.coach.value = ""
        if self._review is not None and self.review_panel.follow(self.session.states):   # undone; else marked behind
            self._review = None
        self.table.value = self._table_html(state)
        self._update_chart(state)
        self.history_html.value = ("<details><summary>" + html.escape(_("What happened")) + "</summary><ul>"
                          + "".join(f"<li>{html.escape(line)}</li>" for line in state.log[-20:]) + "</ul></details>")

    def _table_html(self, state: engine.GameState) -> str:
        sheet = state.sheet
        gold = [p.total for p in self.session.score().players]
        humans = set(self.session.humans())
        rows = []
        for i, (p, g) in enumerate(zip(state.players, gold, strict=True)):
            face_down = html.escape(_("? (face down)"))
            orders = _(", ").join(f"{html.escape(o.name_on(sheet))} ({o.gold})" if o is not None else face_down
                                  for o in p.orders) or "—"
            done = (_("ended turn") if p.done else _("to play")) if state.phase == "craft" else ""
            who = _("person") if i in humans else _("bot")
            seat = _("{name} ({kind})").format(name="<b>" + html.escape(self._shown_name(p.name)) + "</b>",
                                               kind=html.escape(who))
            rows.append(f"<tr><td>{seat}</td>"
                        f"<td>{p.potions}</td>"
                        f"<td>{len(p.filled)}</td><td>{orders}</td><td>{len(p.fulfilled)}</td>"
                        f"<td>{p.adventurer_steps}/{len(state.cards.adventurer(p.adventurer).requirements)}</td>"
                        f"<td><b>{g}</b></td><td>{html.escape(done)}</td></tr>")
        cards = []
        for m in magick.mastery_status(state):
            column = self._column_name(sheet, m["card"].column)
            if m["apprentice"]:
                text = _("{card}: {n} {column} circles, apprentice side ({gold} gold)")
            else:
                text = _("{card}: {n} {column} circles, master side ({gold} gold)")
            text = text.format(card=shown_text(m["card"].name), n=m["circles"], column=column, gold=m["gold"])
            claimed = m["claimed_by"]
            if claimed:
                text = _("{card} — claimed by {names}").format(
                    card=text, names=_(", ").join(self._shown_name(n) for n in claimed))
            cards.append(html.escape(text))
        if state.over:
            winners = [self._shown_name(n) for n in self.session.score().winners]
            if len(winners) > 1:
                title = _("Game over — shared win: {names} with {gold} gold")
            else:
                title = _("Game over — winner: {names} with {gold} gold")
            head = "<h4>" + html.escape(title.format(names=_(", ").join(winners), gold=max(gold))) + "</h4>"
        else:
            title = _("Round {round} of {rounds} — {phase}").format(round=state.round, rounds=sheet.rounds,
                                                                    phase=self._phase_text(state))
            head = f"<h4>{html.escape(title)}</h4>"
        roll = (" · ".join(f"{d}: <b>{v}</b>" for d, v in state.roll.values)
                if state.roll is not None and state.phase == "craft" else "—")
        columns = "".join(f"<th>{html.escape(t)}</th>" for t in (
            _("player"), _("potions"), _("circles"), _("orders in front (gold), left to right"), _("fulfilled"),
            _("adventurer"), _("gold"), ""))
        return (head + "<div>" + html.escape(_("Dice this round:")) + f" {roll}</div>"
                "<style>.companion-magick-table td,.companion-magick-table th{padding:1px 8px;text-align:left}</style>"
                f"<table class='companion-magick-table'><tr>{columns}</tr>" + "".join(rows) + "</table>"
                "<div>" + html.escape(_("Mastery:")) + f" {' · '.join(cards)}</div>")

    @staticmethod
    def _is_bot_seat(name: str) -> bool:
        """Whether a recorded seat name is a bot's: ``Bot N`` in any supported language (a game saved in Chinese
        and opened in English keeps its bots)."""
        templates = {translations(language).gettext("Bot {number}") for language in SUPPORTED_LANGUAGES}
        return any(name == t.format(number=k) for t in templates for k in range(1, 9))

    @staticmethod
    def _shown_name(name: str) -> str:
        """A seat's name as shown: the default ones (``You``, ``Player 2``, ``Bot 2``, in whichever language the
        record was made) in the reader's language (:func:`companion.magick.describe.seat_name`)."""
        return seat_name(name)

    @staticmethod
    def _column_name(sheet: Sheet, column: str) -> str:
        """A mastery card's column by its name on the sheet, never its id."""
        try:
            return shown_text(sheet.column(column).name)
        except (KeyError, CompanionError):
            return column

    @staticmethod
    def _phase_text(state: engine.GameState) -> str:
        return {"roll": _("roll the shared dice"), "reveal": _("customer phase: new orders are revealed"),
                "craft": _("crafting and research: everyone uses the same roll")}.get(state.phase, state.phase)

    def _figure(self, state: engine.GameState) -> go.Figure:
        gold = engine.score(state)
        names = [self._shown_name(g.name) for g in gold]
        fig = go.Figure([go.Bar(name=str(PART_TITLES.get(part, part)), x=names, y=[getattr(g, part) for g in gold],
                                marker_color=PART_COLOURS[part]) for part in scoring.PARTS])
        title = _("Final gold") if state.over else _("Gold so far (round {round})").format(round=state.round)
        fig.update_layout(barmode="stack", title=title, yaxis_title=_("gold"), height=320,
                          margin=dict(l=50, r=10, t=40, b=40), legend=dict(orientation="h", y=-0.2,
                                                                           traceorder="normal"))
        if all_zero(getattr(g, part) for g in gold for part in scoring.PARTS):
            set_empty_state(fig, _("Gold shows here once someone fulfils an order, "
                                   "claims a mastery or moves the adventurer."))
        return fig

    def _update_chart(self, state: engine.GameState) -> None:
        """Show the gold so far, drawn in place on the one chart (only changed bars and title are sent)."""
        fig = self._figure(state)
        if self._chart_json is not None and fig.to_plotly_json() == self._chart_json:
            return
        self.chart.show(fig)
        self._chart_json = fig.to_plotly_json()
