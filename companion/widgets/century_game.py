"""Play a full game of Century: Golem Edition: any mix of hot-seat humans and bots, with undo.

The game is a :class:`companion.century.record.GameLog` (the list of states is the history, so undo costs
nothing). Cards are revealed from a seeded :class:`random.Random`; bots come from
:mod:`companion.century.bots`; humans pick from the engine's legal actions with an
:class:`~companion.widgets.century_actions.ActionPicker`. The widget decides no rule.
"""

from __future__ import annotations

import html
import random

import ipywidgets as widgets
import plotly.graph_objects as go

from companion.century import is_terminal, score
from companion.century.actions import Action, RevealGolem, RevealMerchant, action_text
from companion.century.bots import BOTS, PlannerBot, make_bot
from companion.century.record import GameLog, write_record
from companion.errors import CompanionError, IllegalActionError
from companion.widgets.century_actions import ActionPicker
from companion.widgets.century_table import TableView
from companion.widgets.common import error_html, figure_widget, info_html, message_box

__all__ = ["HUMAN", "CenturyGame"]

HUMAN = "human"
MAX_BOT_ACTIONS = 5000
SEAT_COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e")


class CenturyGame(widgets.VBox):
    """Set up and play a game; bots act by themselves, humans choose on the table.

    Parameters
    ----------
    players : int
        Initial number of seats (2–5).
    controllers : sequence of str or None
        Per seat ``"human"`` or a bot name (``random``, ``greedy``, ``planner``); default: seat 1 human,
        the others ``planner``.
    seed : int
        Seed of the card reveals and the bots' random choices.

    Attributes
    ----------
    game_log : GameLog or None
        The game being played (``game_log.states`` is the history).
    """

    def __init__(self, players: int = 3, controllers=None, seed: int = 1) -> None:
        options = [("Human", HUMAN)] + [(f"Bot: {name}", name) for name in BOTS]
        self.count = widgets.Dropdown(options=[2, 3, 4, 5], value=max(2, min(players, 5)), description="Players")
        self.seed = widgets.IntText(value=seed, description="Seed", layout=widgets.Layout(width="180px"))
        self.name_boxes = [widgets.Text(value=f"Player {i + 1}", layout=widgets.Layout(width="150px"))
                           for i in range(5)]
        controllers = list(controllers or [HUMAN] + ["planner"] * 4)
        self.controller_boxes = [
            widgets.Dropdown(options=options, value=controllers[i] if i < len(controllers) else "planner",
                             layout=widgets.Layout(width="160px")) for i in range(5)]
        self.seat_rows = [widgets.HBox([widgets.HTML(f"Seat {i + 1}", layout=widgets.Layout(width="60px")),
                                        self.name_boxes[i], self.controller_boxes[i]]) for i in range(5)]
        self.start_button = widgets.Button(description="New game", button_style="success", icon="play")
        self.start_button.on_click(lambda _b: self.start())
        self.count.observe(lambda _c: self._show_seats(), names="value")
        self.setup = widgets.VBox([widgets.HBox([self.count, self.seed, self.start_button]), *self.seat_rows])
        self._show_seats()

        self.table = TableView()
        self.picker = ActionPicker(self.human_action)
        self.undo_button = widgets.Button(description="Undo", icon="undo", tooltip="back to your last decision")
        self.undo_button.on_click(lambda _b: self.undo())
        self.step_button = widgets.Button(description="Bot move", icon="step-forward")
        self.step_button.on_click(lambda _b: self.bot_step())
        self.hint_button = widgets.Button(description="Hint", icon="lightbulb-o",
                                          tooltip="what the planner bot would do, and why")
        self.hint_button.on_click(lambda _b: self.hint())
        self.auto = widgets.Checkbox(value=True, description="bots move by themselves", indent=False)
        self.message = message_box()
        self.history = widgets.HTML()
        self.chart_box = widgets.VBox()
        self.record_text = widgets.Textarea(layout=widgets.Layout(width="100%", height="120px"))
        self.record_panel = widgets.Accordion(children=[self.record_text], titles=("Game record (text)",))
        self.record_panel.selected_index = None
        self.controls = widgets.HBox([self.undo_button, self.hint_button, self.step_button, self.auto])
        self.game_log: GameLog | None = None
        self.rng = random.Random(seed)
        self.names: list[str] = []
        self.controllers: list[str] = []
        self.bots: dict[int, object] = {}
        super().__init__([self.setup, self.table, self.picker, self.controls, self.message, self.chart_box,
                          self.history, self.record_panel])
        self.start()

    # ------------------------------------------------------------------ setup
    def _show_seats(self) -> None:
        for i, row in enumerate(self.seat_rows):
            row.layout.display = "" if i < self.count.value else "none"

    def start(self) -> None:
        """Start a new game with the seats, names, controllers and seed shown in the setup row."""
        n = self.count.value
        self.names = [self.name_boxes[i].value.strip() or f"Player {i + 1}" for i in range(n)]
        self.controllers = [self.controller_boxes[i].value for i in range(n)]
        self.bots = {i: make_bot(c) for i, c in enumerate(self.controllers) if c != HUMAN}
        self.rng = random.Random(self.seed.value)
        self.rng_before: dict[int, object] = {}
        self.game_log = GameLog(n, self.names)
        self.game_log.resolve_chance(self.rng)
        self.chart = figure_widget(self._figure())
        self.chart_box.children = [self.chart]
        self.message.value = ""
        self._advance()

    # ------------------------------------------------------------------ playing
    @property
    def state(self):
        """The current state (``None`` before a game starts)."""
        return self.game_log.state if self.game_log is not None else None

    def is_human_turn(self) -> bool:
        """True when the game is on and the seat to act is played by a person."""
        s = self.state
        return s is not None and not is_terminal(s) and self.controllers[s.current] == HUMAN

    def human_action(self, action: Action) -> None:
        """Apply a human's action (from the picker), reveal cards, then let the bots move."""
        if not self.is_human_turn():
            self.message.value = error_html("It is not a human player's turn.")
            return
        try:
            self._play(action)
        except IllegalActionError as exc:
            self.message.value = error_html(f"[{exc.code}] {exc}")
            return
        self.game_log.resolve_chance(self.rng)
        self.message.value = ""
        self._advance()

    def bot_step(self) -> bool:
        """Let the bot to act make one action (and reveal cards). False when a human or nobody is to act."""
        s = self.state
        if s is None or is_terminal(s) or self.controllers[s.current] == HUMAN:
            return False
        before = self.rng.getstate()
        self._play(self.bots[s.current].choose(s, self.rng), before=before)
        self.game_log.resolve_chance(self.rng)
        self._refresh()
        return True

    def _play(self, action: Action, before=None) -> None:
        """Apply a player's action, remembering the random generator as it was before the action.

        Undo restores that generator, so redoing the same action turns up the same cards and the bots
        answer the same way: undo cannot be used to fish for a better card.
        """
        index = len(self.game_log.actions)
        state = before if before is not None else self.rng.getstate()
        self.game_log.apply(action)
        self.rng_before[index] = state

    def _advance(self) -> None:
        """Bots act (when they move by themselves) until a human is to act or the game is over."""
        if self.auto.value:
            for _ in range(MAX_BOT_ACTIONS):
                s = self.state
                if is_terminal(s) or self.controllers[s.current] == HUMAN:
                    break
                before = self.rng.getstate()
                self._play(self.bots[s.current].choose(s, self.rng), before=before)
                self.game_log.resolve_chance(self.rng)
        self._refresh()

    def undo(self) -> bool:
        """Go back to the last decision of a human player (with no humans: one action back).

        Bot actions made after that decision are undone too; the cards revealed after it go back to the
        deck. Returns False (with a message) when there is nothing to undo.
        """
        if self.game_log is None:
            return False
        try:
            self.game_log.undo()
            while HUMAN in self.controllers and self.controllers[self.state.current] != HUMAN:
                self.game_log.undo()
        except IllegalActionError:
            self.message.value = info_html("Nothing to undo: this is the start of the game.")
            self._refresh()
            return False
        saved = self.rng_before.get(len(self.game_log.actions))
        if saved is not None:
            self.rng.setstate(saved)
        self.message.value = info_html("Undone.")
        self._refresh()
        return True

    def hint(self) -> str | None:
        """Show what the planner bot would do in the human's place, with its reason (teaching aid)."""
        if not self.is_human_turn():
            return None
        _action, why = PlannerBot().explain(self.state)
        self.message.value = info_html(f"Hint (planner bot): {why}")
        return why

    # ------------------------------------------------------------------ views
    def _refresh(self) -> None:
        s = self.state
        self.table.show(s, self.names)
        human = self.is_human_turn()
        self.picker.layout.display = "" if human else "none"
        if human:
            self.picker.show(s)
        over = is_terminal(s)
        self.step_button.disabled = over or human
        self.hint_button.disabled = not human
        self.undo_button.disabled = not any(not isinstance(a, RevealGolem | RevealMerchant) for a in self.game_log.actions)
        lines = []
        for before, action in zip(self.game_log.states, self.game_log.actions, strict=False):
            if isinstance(action, RevealGolem | RevealMerchant):
                continue
            lines.append(f"{html.escape(self.names[before.current])}: {html.escape(action_text(action))}")
        recent = "<br>".join(lines[-8:]) or "no actions yet"
        result = ""
        if over:
            final = score(s, self.names)
            rows = "".join(f"<tr><td>{i + 1}. {html.escape(line.name)}</td><td>{line.golem_vp}</td>"
                           f"<td>{line.coin_vp}</td><td>{line.crystal_vp}</td><td><b>{line.total}</b></td></tr>"
                           for i, line in enumerate(final.lines))
            tie = " (tie: the tied player latest in turn order wins)" if len(final.tied) > 1 else ""
            result = (f"<h4>Game over — {html.escape(final.winner)} wins{tie}</h4>"
                      "<table><tr><th>Player</th><th>Golems</th><th>Coins</th><th>Crystals</th><th>Total</th></tr>"
                      f"{rows}</table>")
        self.history.value = f"{result}<b>Last actions</b> ({len(lines)} so far):<br>{recent}"
        self.record_text.value = write_record(self.game_log.record())
        self._update_chart()

    def _vp_series(self) -> tuple[list[int], list[list[int]]]:
        turns, series = [], [[] for _ in self.names]
        last_turn = None
        for s in self.game_log.states:
            if s.turn == last_turn:
                continue
            last_turn = s.turn
            turns.append(s.turn)
            for seat, line in enumerate(score(s, self.names).lines):
                series[seat].append(line.total)
        return turns, series

    def _figure(self) -> go.Figure:
        fig = go.Figure([go.Scatter(x=[0], y=[0], name=name, mode="lines", line_color=SEAT_COLOURS[i])
                         for i, name in enumerate(self.names)])
        fig.update_layout(title="VP so far", xaxis_title="turn", yaxis_title="VP", height=280,
                          margin=dict(l=50, r=10, t=40, b=40), legend=dict(orientation="h", y=-0.3))
        return fig

    def _update_chart(self) -> None:
        try:
            turns, series = self._vp_series()
        except CompanionError:
            return
        with self.chart.batch_update():
            for trace, ys in zip(self.chart.data, series, strict=True):
                trace.x = turns
                trace.y = ys
            # at least 10 turns wide, so the axis ticks are whole turns
            self.chart.layout.xaxis.range = [0, max(10, turns[-1] if turns else 0)]
