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

import ipywidgets as widgets
import plotly.graph_objects as go

from companion.errors import CompanionError
from companion.magick import engine, scoring
from companion.magick import game as magick
from companion.magick.orders import make_order
from companion.magick.sheet import Sheet
from companion.savefile import default_save_dir
from companion.session import HUMAN, Session
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
from companion.widgets.magick.turn import DiceBar, TurnPanel, button

__all__ = ["DECK_GENERATED", "DECK_TYPED", "PlayAGame"]

DECK_GENERATED = "generated deck (NOT the printed deck)"
DECK_TYPED = "type each order as it is revealed"
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
        self.players_slider = widgets.IntSlider(value=3, min=1, max=8, description="Players")
        self.humans_slider = widgets.IntSlider(value=1, min=1, max=3, description="People")
        self.players_slider.observe(lambda ch: setattr(self.humans_slider, "max", ch["new"]), names="value")
        self.names_text = widgets.Text(placeholder="names, e.g. Ann, Ben (the rest are bots)",
                                       description="Names", layout=widgets.Layout(width="420px"))
        self.deck_choice = widgets.Dropdown(options=[DECK_GENERATED, DECK_TYPED], value=DECK_GENERATED,
                                            description="Orders", layout=widgets.Layout(width="420px"))
        self.seed_box = widgets.IntText(value=1, description="Seed", layout=widgets.Layout(width="160px"))
        self.start_button = button("Start a new game", "play", "primary")
        self.start_button.on_click(lambda _b: self.start())
        self.setup = widgets.VBox([
            widgets.HTML("<b>New game</b> — the first seats are people taking turns at this screen (hot-seat); "
                         "the other seats are bots (greedy: they take the engine's best-ranked placement)."),
            widgets.HBox([self.players_slider, self.humans_slider, self.seed_box]),
            widgets.HBox([self.names_text, self.deck_choice]), widgets.HBox([self.start_button])])
        self.message = message_box()
        self.game = widgets.VBox()
        self.record_file = RecordFile(default_save_dir() / "magick-game.jsonl", self.save_record, self.open_record)
        super().__init__([busy_style(), self.setup, self.message, self.game, self.record_file])

    # ------------------------------------------------------------------ setup
    def player_names(self) -> list[str]:
        """Seat names: typed names for the people, ``Bot 1``, ``Bot 2``... for the rest."""
        count, people = self.players_slider.value, min(self.humans_slider.value, self.players_slider.value)
        typed = [n.strip() for n in self.names_text.value.split(",") if n.strip()]
        names = [typed[i] if i < len(typed) else ("You" if people == 1 else f"Player {i + 1}") for i in range(people)]
        return names + [f"Bot {i + 1}" for i in range(count - people)]

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
        self.message.value = info_html(
            f"New game: {', '.join(names)}. " + ("Orders come from a generated deck, not the printed deck."
                                                 if self.generated_deck else
                                                 "Type each order as it is turned face up."))
        return True

    def _auto_chance(self, state: engine.GameState) -> bool:
        """Order reveals from the generated deck are drawn by the session; dice are rolled on request."""
        return state.phase == "reveal" and self.generated_deck

    def save_record(self, path):
        """Write the game record (JSON lines, the generated deck included) to ``path`` atomically."""
        if self.session is None:
            raise CompanionError("no game to save")
        return self.session.save(path)

    def open_record(self, path) -> None:
        """Replace the game by the one recorded in ``path``; its people are the seats not named ``Bot N``
        (raises ``CompanionError`` and keeps the game when the file cannot be read)."""
        probe = Session.open(magick, path)
        names = probe.seat_names()
        self.generated_deck = bool(probe.states[0].deck)
        controllers = ["greedy" if name.startswith("Bot ") else HUMAN for name in names]
        self.session = Session(magick, states=probe.states, seed=self.seed_box.value, controllers=controllers,
                               auto_chance=self._auto_chance)
        self.session.settle()
        self.seat = self.session.humans()[0] if self.session.humans() else 0
        self._build()
        self.message.value = info_html(f"Opened a game of {len(names)} players in round {self.session.state.round}.")

    def _build(self) -> None:
        state = self.session.state
        self.dice = DiceBar(state.sheet.dice, self.roll, self.undo)
        self.seat_picker = widgets.ToggleButtons(
            options=[(state.players[i].name, i) for i in self.session.humans()] or [(state.players[0].name, 0)],
            description="Sheet of")
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
        self.game.children = [
            self.dice, self.table, self.reveal_box, self.seat_picker, self.turn, self.chart, self.history_html]
        self.refresh(keep_message=True)

    def _reveal_form(self, state: engine.GameState) -> widgets.VBox:
        sheet = state.sheet
        none = [("(none)", None)]
        self.reveal_title = widgets.HTML()
        self.order_item = widgets.Dropdown(options=[(r.name, r.id) for r in sheet.item_rows], description="Item")
        self.order_prefix = widgets.Dropdown(options=none + [(r.name, r.id) for r in sheet.enchantment_rows("prefix")],
                                             description="Prefix")
        self.order_suffix = widgets.Dropdown(options=none + [(r.name, r.id) for r in sheet.enchantment_rows("suffix")],
                                             description="Suffix")
        self.order_gold = widgets.IntText(value=5, description="Gold", layout=widgets.Layout(width="160px"))
        reveal = button("Reveal this order", "eye", "info")
        reveal.on_click(lambda _b: self.reveal(self.order_item.value, self.order_prefix.value,
                                               self.order_suffix.value, self.order_gold.value))
        empty = button("The deck is empty", "ban")
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
                raise CompanionError("no order is to be revealed now")
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
                self.message.value = info_html("Nothing to undo.")
                return
            self.message.value = info_html("Undone.")
            self._next_seat()
            self.refresh(keep_message=True)

    def _do(self, step) -> None:
        if self.session is None:
            self.message.value = error_html("Start a game first.")
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
        typed_reveal = state.phase == "reveal" and not self.generated_deck
        self.reveal_box.layout.display = "" if typed_reveal else "none"
        if typed_reveal:
            due = magick.reveal_seat(state)
            when = "Setup" if state.round == 1 and state.roll is None else "Customer phase"
            self.reveal_title.value = (f"<b>{when}:</b> turn up the next order for "
                                       f"<b>{html.escape(state.players[due].name)}</b> and type it in "
                                       "(or press 'The deck is empty').")
        self.turn.update(state, self.seat, magick.free_circles(state, self.seat))
        self.table.value = self._table_html(state)
        self._update_chart(state)
        self.history_html.value = ("<details><summary>What happened</summary><ul>"
                          + "".join(f"<li>{html.escape(line)}</li>" for line in state.log[-20:]) + "</ul></details>")

    def _table_html(self, state: engine.GameState) -> str:
        sheet = state.sheet
        gold = [p.total for p in self.session.score().players]
        humans = set(self.session.humans())
        rows = []
        for i, (p, g) in enumerate(zip(state.players, gold, strict=True)):
            orders = ", ".join(f"{html.escape(o.name_on(sheet))} ({o.gold})" if o is not None else "? (face down)"
                               for o in p.orders) or "—"
            done = ("ended turn" if p.done else "to play") if state.phase == "craft" else ""
            who = "person" if i in humans else "bot"
            rows.append(f"<tr><td><b>{html.escape(p.name)}</b> ({who})</td><td>{p.potions}</td>"
                        f"<td>{len(p.filled)}</td><td>{orders}</td><td>{len(p.fulfilled)}</td>"
                        f"<td>{p.adventurer_steps}/{len(state.cards.adventurer(p.adventurer).requirements)}</td><td><b>{g}</b></td><td>{done}</td></tr>")
        cards = []
        for m in magick.mastery_status(state):
            side = f"{'apprentice' if m['apprentice'] else 'master'} side ({m['gold']} gold)"
            claimed = m["claimed_by"]
            cards.append(f"{html.escape(m['card'].name)}: {m['circles']} {html.escape(m['card'].column)} circles, "
                         f"{side}" + (f" — claimed by {html.escape(', '.join(claimed))}" if claimed else ""))
        if state.over:
            winners = self.session.score().winners
            head = (f"<h4>Game over — {'shared win' if len(winners) > 1 else 'winner'}: "
                    f"{html.escape(', '.join(winners))} with {max(gold)} gold</h4>")
        else:
            head = f"<h4>Round {state.round} of {sheet.rounds} — {self._phase_text(state)}</h4>"
        roll = (" · ".join(f"{d}: <b>{v}</b>" for d, v in state.roll.values)
                if state.roll is not None and state.phase == "craft" else "—")
        return (head + f"<div>Dice this round: {roll}</div>"
                "<style>.companion-magick-table td,.companion-magick-table th{padding:1px 8px;text-align:left}</style>"
                "<table class='companion-magick-table'><tr><th>player</th><th>potions</th><th>circles</th>"
                "<th>orders in front (gold), left to right</th><th>fulfilled</th><th>adventurer</th>"
                "<th>gold</th><th></th></tr>" + "".join(rows) + "</table>"
                f"<div>Mastery: {' · '.join(cards)}</div>")

    @staticmethod
    def _phase_text(state: engine.GameState) -> str:
        return {"roll": "roll the shared dice", "reveal": "customer phase: new orders are revealed",
                "craft": "crafting and research: everyone uses the same roll"}.get(state.phase, state.phase)

    def _figure(self, state: engine.GameState) -> go.Figure:
        gold = engine.score(state)
        names = [g.name for g in gold]
        fig = go.Figure([go.Bar(name=part.capitalize(), x=names, y=[getattr(g, part) for g in gold],
                                marker_color=PART_COLOURS[part]) for part in scoring.PARTS])
        title = "Final gold" if state.over else f"Gold so far (round {state.round})"
        fig.update_layout(barmode="stack", title=title, yaxis_title="gold", height=320,
                          margin=dict(l=50, r=10, t=40, b=40), legend=dict(orientation="h", y=-0.2,
                                                                           traceorder="normal"))
        if all_zero(getattr(g, part) for g in gold for part in scoring.PARTS):
            set_empty_state(fig, "Gold shows here once someone fulfils an order, "
                                 "claims a mastery or moves the adventurer.")
        return fig

    def _update_chart(self, state: engine.GameState) -> None:
        """Show the gold so far, drawn in place on the one chart (only changed bars and title are sent)."""
        fig = self._figure(state)
        if fig.to_plotly_json() == self._chart_json:
            return
        self.chart.show(fig)
        self._chart_json = fig.to_plotly_json()
