"""Play a full game of Century: Golem Edition: any mix of hot-seat humans and bots, with undo.

The game runs in a :class:`companion.session.Session` over :mod:`companion.century.game`: the session
holds the states, the seeded random generator (card reveals, bots), the bots, undo to the last human
decision and the record, appended line by line. Humans pick from the engine's legal actions with an
:class:`~companion.widgets.century.actions.ActionPicker` or type an action (Enter submits it); the game
record is saved to and opened from a file. The widget decides no rule and no game flow: it hands each
click to the session, once, and draws the result.
"""

from __future__ import annotations

import html

import ipywidgets as widgets
import plotly.graph_objects as go

from companion.century import game as century
from companion.century.actions import Action
from companion.century.describe import describe_at, review_describer
from companion.century.search import MoveAnalysis, Review, hint, review
from companion.errors import CompanionError, IllegalActionError
from companion.i18n import _, add_language_listener, ngettext, remove_language_listener
from companion.protocol import CHANCE
from companion.savefile import default_save_dir
from companion.session import HUMAN, Session
from companion.widgets.century.actions import BOT_NAMES, ActionPicker
from companion.widgets.century.plots import SEAT_COLOURS, review_figure
from companion.widgets.century.table import TableView
from companion.widgets.coach import ReviewPanel, drops_html, hint_html
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
from companion.widgets.touch import show_tooltip

__all__ = ["HUMAN", "CenturyGame", "actions_heading"]

HINT_SECONDS = 1.0
"""Time cap of a hint's search (s)."""
RECENT_ACTIONS = 8
"""How many of the last actions the history lists."""


def actions_heading(shown: int, total: int) -> str:
    """The heading of the history's list: what it lists, in the language shown.

    Parameters
    ----------
    shown : int
        Actions listed below the heading (the last ``shown`` of them).
    total : int
        Actions made so far (chance actions, the cards revealed, not counted, as not listed).

    Returns
    -------
    str
        ``"Last 8 of 9 actions:"`` when the list is cut, ``"All 3 actions so far:"`` / ``"The 1 action so far:"``
        when it is whole, ``"Actions:"`` before the first.
    """
    if total == 0:
        return _("Actions:")
    if shown < total:
        return ngettext("Last {shown} of {n} action:", "Last {shown} of {n} actions:", total).format(
            shown=shown, n=total)
    return ngettext("The {n} action so far:", "All {n} actions so far:", total).format(n=total)


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
    session : Session or None
        The game being played (``session.states`` is the history, ``session.state.core`` the engine's
        state).
    """

    def __init__(self, players: int = 3, controllers=None, seed: int = 1) -> None:
        options = self._controller_options()
        self.count = widgets.Dropdown(options=[2, 3, 4, 5], value=max(2, min(players, 5)), description=_("Players"))
        self.seed = widgets.IntText(value=seed, description=_("Seed"), layout=widgets.Layout(width="180px"))
        self.name_boxes = [widgets.Text(value=_("Player {number}").format(number=i + 1),
                                        layout=widgets.Layout(width="150px")) for i in range(5)]
        controllers = list(controllers or [HUMAN] + ["planner"] * 4)
        self.controller_boxes = [
            widgets.Dropdown(options=options, value=controllers[i] if i < len(controllers) else "planner",
                             layout=widgets.Layout(width="160px")) for i in range(5)]
        self.seat_labels = [widgets.HTML(_("Seat {number}").format(number=i + 1), layout=widgets.Layout(width="60px"))
                            for i in range(5)]
        # the rows wrap at any width (not only under the touch style sheet's narrow-screen rule)
        wrap = dict(flex_flow="row wrap", align_items="center", max_width="100%")
        self.seat_rows = [widgets.HBox([self.seat_labels[i], self.name_boxes[i], self.controller_boxes[i]],
                                       layout=widgets.Layout(**wrap)) for i in range(5)]
        self.start_button = widgets.Button(description=_("New game"), button_style="success", icon="play")
        self.start_button.on_click(lambda _b: self.start())
        self.count.observe(lambda _c: self._show_seats(), names="value")
        self.setup = widgets.VBox([widgets.HBox([self.count, self.seed, self.start_button], layout=widgets.Layout(**wrap)),
                                   *self.seat_rows])
        self._show_seats()

        self.table = TableView()
        self.picker = ActionPicker(lambda action: self._busy(self.human_action, action))
        self.undo_button = widgets.Button(description=_("Undo"), icon="undo", tooltip=_("back to your last decision"))
        show_tooltip(self.undo_button)
        self.undo_button.on_click(lambda _b: self._busy(self.undo))
        self.step_button = widgets.Button(description=_("Bot move"), icon="step-forward")
        self.step_button.on_click(lambda _b: self._busy(self.bot_step))
        self.hint_button = widgets.Button(description=_("Hint"), icon="lightbulb-o",
                                          tooltip=_("the three best moves the search finds, and why"))
        show_tooltip(self.hint_button)
        self.hint_button.on_click(lambda _b: self._busy(self.hint))
        self.review_button = widgets.Button(description=_("Review"), icon="line-chart",
                                            tooltip=_("each player's expected final VP after every move, and "
                                                      "the biggest drops"))
        show_tooltip(self.review_button)
        self.review_button.on_click(lambda _b: self._busy(self.review))
        self.coach = widgets.HTML()
        self.review_panel = ReviewPanel()   # the chart, the drops, the note once the game moved on
        self.review_box = self.review_panel.box
        self._hint_for = None
        self._hint_moves: list[MoveAnalysis] | None = None
        self._review: Review | None = None
        self._reviewed: tuple = ()   # the session's states the review was made for
        self.auto = widgets.Checkbox(value=True, description=_("bots move by themselves"), indent=False)
        self.message = message_box()
        self.history = widgets.HTML()
        self.chart_box = widgets.VBox()
        # what to type said above the box, where it wraps (a placeholder is cut at the box's edge: a phone's
        # width held 40 % of the Chinese one); the placeholder is only the example
        self.typed_help = widgets.HTML(self._typed_help_text(), layout=widgets.Layout(margin="2px 0 0 2px"))
        self.typed = widgets.Text(placeholder="acquire 3 pay yg", continuous_update=False,
                                  layout=widgets.Layout(width="calc(100% - 4px)", max_width="460px"))
        self.typed.observe(lambda ch: self._busy(self.typed_action, ch["new"]) if ch["new"].strip() else None,
                           names="value")
        self.record_text = widgets.Textarea(layout=widgets.Layout(width="100%", height="120px"))
        self.record_file = RecordFile(default_save_dir() / "century-game.txt", self.save_record, self.open_record)
        self.record_panel = widgets.Accordion(children=[widgets.VBox([self.record_file, self.record_text])],
                                              titles=(_("Game record (save, open, text)"),))
        self.record_panel.selected_index = None
        self.controls = widgets.HBox([self.undo_button, self.hint_button, self.review_button, self.step_button,
                                      self.auto], layout=widgets.Layout(flex_flow="row wrap"))
        self.session: Session | None = None
        self.names: list[str] = []
        self.controllers: list[str] = []
        self._chart_rows: list[tuple[int, list[int]]] = []
        self._chart_upto = 0
        super().__init__([busy_style(), self.setup, self.table, self.picker, self.typed_help, self.typed, self.controls,
                          self.message, self.coach, self.review_box, self.chart_box, self.history,
                          self.record_panel])
        self.start()
        add_language_listener(self._retranslate)

    @staticmethod
    def _controller_options() -> list[tuple[str, str]]:
        return [(_("Human"), HUMAN)] + [(_("Bot: {name}").format(name=BOT_NAMES.get(name, name)), name)
                                        for name in century.BOTS]

    def _busy(self, work, *args) -> None:
        """Run a click's work with the busy state shown (buttons greyed, 'Working…')."""
        with busy(self, self.message):
            work(*args)

    # ------------------------------------------------------------------ setup
    def _show_seats(self) -> None:
        for i, row in enumerate(self.seat_rows):
            row.layout.display = "" if i < self.count.value else "none"

    def start(self) -> None:
        """Start a new game with the seats, names, controllers and seed shown in the setup row."""
        n = self.count.value
        names = [self.name_boxes[i].value.strip() or _("Player {number}").format(number=i + 1) for i in range(n)]
        controllers = [self.controller_boxes[i].value for i in range(n)]
        try:
            session = Session(century, names, seed=self.seed.value, controllers=controllers,
                              auto_bots=self.auto.value)
        except CompanionError as exc:
            self.message.value = error_html(str(exc))
            return
        self._use(session, controllers)
        self.message.value = ""

    def _use(self, session: Session, controllers: list[str]) -> None:
        """Show ``session`` (a new or an opened game)."""
        self.session = session
        self.names = session.seat_names()
        self.controllers = controllers
        self._chart_rows, self._chart_upto = [], 0
        if getattr(self, "chart", None) is None:
            self.chart = figure_widget(self._figure())
            self.chart_box.children = [self.chart]
        else:   # a new or opened game redraws the one chart in place (one trace per seat)
            self.chart.show(self._figure())
        self._refresh()

    def save_record(self, path):
        """Write the game record to ``path`` (atomically); returns the path."""
        if self.session is None:
            raise CompanionError(_("no game to save"))
        return self.session.save(path)

    def open_record(self, path) -> None:
        """Replace the game by the one recorded in ``path``: its players, with the controllers chosen in
        the setup rows (raises ``CompanionError`` and keeps the game when the file cannot be read)."""
        probe = Session.open(century, path)
        n = len(probe.seat_names())
        controllers = [self.controller_boxes[i].value for i in range(n)]
        session = Session(century, states=probe.states, seed=self.seed.value, controllers=controllers,
                          auto_bots=self.auto.value)
        self.count.value = n
        for box, name in zip(self.name_boxes, session.seat_names(), strict=False):
            box.value = name
        self._use(session, controllers)
        self.message.value = info_html(_("Opened a game of {n} players at turn {turn}.").format(
            n=n, turn=session.state.core.turn))

    # ------------------------------------------------------------------ playing
    @property
    def state(self):
        """The engine's current state (``None`` before a game starts)."""
        return self.session.state.core if self.session is not None else None

    @property
    def game_log(self) -> Session | None:
        """The session (kept under its former name: ``game_log.actions``, ``game_log.states``)."""
        return self.session

    def is_human_turn(self) -> bool:
        """True when the game is on and the seat to act is played by a person."""
        return self.session is not None and self.session.is_human_turn()

    def human_action(self, action: Action) -> None:
        """Hand a human's action to the session (applied once; bots and card reveals follow).

        Raises
        ------
        IllegalActionError
            When the engine refuses it (the message is shown too; the game is unchanged).
        """
        if not self.is_human_turn():
            self.message.value = error_html(_("It is not a human player's turn."))
            return
        try:
            self.session.auto_bots = self.auto.value
            self.session.apply(action)
        except IllegalActionError as exc:
            self.message.value = error_html(str(exc))
            raise
        self.message.value = ""
        self._refresh()

    def typed_action(self, text: str) -> bool:
        """Read a typed action (record notation, e.g. ``acquire 3 pay yg``) and play it. False with the
        reason shown when it cannot be read or the engine refuses it."""
        self.typed.value = ""
        if not self.is_human_turn():
            self.message.value = error_html(_("It is not a human player's turn."))
            return False
        try:
            action = century.parse_action(self.session.state, text)
            self.human_action(action)
        except CompanionError as exc:   # unreadable, or refused by the engine (its reason, no code)
            self.message.value = error_html(f"{text!r}: {exc}")
            return False
        return True

    def bot_step(self) -> bool:
        """Let the bot to act make one action (and reveal cards). False when a human or nobody is to act."""
        if self.session is None or not self.session.bot_step():
            return False
        self._refresh()
        return True

    def undo(self) -> bool:
        """Go back to the last decision of a human player (with no humans: one action back).

        Bot actions made after that decision are undone too; the cards revealed after it go back to the
        deck, and the random generator is restored, so the same cards turn up again. Returns False (with
        a message) when there is nothing to undo.
        """
        if self.session is None:
            return False
        if not self.session.undo():
            self.message.value = info_html(_("Nothing to undo: this is the start of the game."))
            self._refresh()
            return False
        self.message.value = info_html(_("Undone."))
        self._refresh()
        return True

    def hint(self) -> list[MoveAnalysis] | None:
        """Show the three best moves for the person to act, each with its expected final VP and why.

        The moves, figures and reasons come from the search bot (:func:`companion.century.search.hint`,
        at most :data:`HINT_SECONDS`). Returns them (``None`` when no person is to act).
        """
        if not self.is_human_turn():
            return None
        moves = hint(self.state, 3, seconds=HINT_SECONDS)
        self._hint_for, self._hint_moves = self.state, moves
        self._show_hint()
        return moves

    def _show_hint(self) -> None:
        moves = self._hint_moves
        if not moves:
            self.coach.value = ""
            return
        title = _("Hint: the search's three best moves for {player}").format(player=self.names[self.state.current])
        table = self.state
        self.coach.value = hint_html(title, [(describe_at(table, m.action),
                                              _("expected final VP {vp}").format(vp=f"{m.expected_vp:.1f}"),
                                              m.reason) for m in moves])

    def review(self) -> Review | None:
        """Chart every player's expected final VP after each move so far, with each one's three biggest
        drops and the move the search preferred there (:func:`companion.century.search.review`)."""
        if self.session is None or self.session.decisions() == 0:
            self.message.value = info_html(_("Nothing to review yet: no move has been made."))
            return None
        states = [s.core for s in self.session.states]
        result = review(states, list(self.session.actions))
        self._review, self._reviewed = result, tuple(self.session.states)
        self._show_review()
        return result

    def _show_review(self) -> None:
        result = self._review
        if result is None:
            self.review_panel.clear()
            return
        # the moves in words told of the table they were made at: the card an acquisition takes, its trade
        describe = review_describer([s.core for s in self._reviewed])
        self.review_panel.draw(review_figure(result, self.names, describe),
                               drops_html(result, self.names, describe, unit=_("VP")), self._reviewed)
        self.review_panel.follow(self.session.states)

    @property
    def review_figure(self):
        """The review chart shown (a plotly figure widget), or None before the first review."""
        return self.review_panel.slot

    # ------------------------------------------------------------------ views
    @staticmethod
    def _typed_help_text() -> str:
        # The example is record notation (typed as it is, in every language): shown as code.
        return '<div style="font-size:90%;line-height:1.4;color:#555">{}</div>'.format(html.escape(
            _("or type an action in the record's notation and press Enter, e.g. {example} (acquire the "
              "card at position 3, placing yellow and green on the cards before it)")).format(
            example="<code>acquire 3 pay yg</code>"))

    def _refresh(self) -> None:
        session = self.session
        s = self.state
        self.table.show(s, self.names)
        human = self.is_human_turn()
        self.picker.layout.display = "" if human else "none"
        self.typed.layout.display = self.typed_help.layout.display = "" if human else "none"
        if human:
            self.picker.show(s)
        over = session.is_terminal()
        self.step_button.disabled = over or human or session.current_player() == CHANCE
        self.hint_button.disabled = not human
        self.review_button.disabled = session.decisions() == 0
        if self._hint_for is not s:  # a hint is for the position it was asked in
            self._hint_for, self._hint_moves = None, None
            self.coach.value = ""
        if self._review is not None and self.review_panel.follow(session.states):   # undone; else marked behind
            self._review, self._reviewed = None, ()
        self.undo_button.disabled = session.decisions() == 0
        recent = session.recent(RECENT_ACTIONS)
        # the actions in the reader's words, naming the card taken (the record notation is in the record panel)
        lines = [html.escape(_("{player}: {action}").format(player=self.names[seat], action=describe_at(
            session.states[i].core, a))) for i, seat, a in recent]
        result = ""
        if over:
            final = century.score(session.state)
            tied = final.extra.get("tied", [])
            rows = "".join(f"<tr><td>{i + 1}. {html.escape(p.name)}</td><td>{p.parts['golems']}</td>"
                           f"<td>{p.parts['copper'] + p.parts['silver']}</td><td>{p.parts['crystals']}</td>"
                           f"<td><b>{p.total}</b></td></tr>" for i, p in enumerate(final.players))
            if len(tied) > 1:
                title = _("Game over — {winner} wins (tie: {rule})").format(winner=final.winners[0],
                                                                           rule=final.tie_rule)
            else:
                title = _("Game over — {winner} wins").format(winner=final.winners[0])
            head = "".join(f"<th>{html.escape(t)}</th>" for t in (_("Player"), _("Golems"), _("Coins"), _("Crystals"),
                                                                  _("Total")))
            result = f"<h4>{html.escape(title)}</h4><table><tr>{head}</tr>{rows}</table>"
        # the count is of what the list shows (every action but the chance ones: reveals of cards), the list its
        # last RECENT_ACTIONS
        count = sum(1 for seat in session.seats if seat != CHANCE)
        self.history.value = (f"{result}<b>{html.escape(actions_heading(len(lines), count))}</b><br>"
                              + ("<br>".join(lines) or html.escape(_("no actions yet"))))
        self.record_text.value = session.record_text()
        self._update_chart()

    def _vp_series(self) -> tuple[list[int], list[list[int]]]:
        """Turns and each seat's VP after them; only the states added since the last call are scored."""
        session = self.session
        states = session.states
        if self._chart_upto > len(states):  # undone: drop the turns that are gone
            turn_now = states[-1].core.turn
            self._chart_rows = [row for row in self._chart_rows if row[0] <= turn_now]
            self._chart_upto = len(states)
        last_turn = self._chart_rows[-1][0] if self._chart_rows else None
        for i in range(self._chart_upto, len(states)):
            turn = states[i].core.turn
            if turn == last_turn:
                continue
            last_turn = turn
            self._chart_rows.append((turn, [p.total for p in session.score(i).players]))
        self._chart_upto = len(states)
        turns = [t for t, _row in self._chart_rows]
        series = [[row[1][seat] for row in self._chart_rows] for seat in range(len(self.names))]
        return turns, series

    def _figure(self) -> go.Figure:
        fig = go.Figure([go.Scatter(x=[0], y=[0], name=name, mode="lines", line_color=SEAT_COLOURS[i])
                         for i, name in enumerate(self.names)])
        fig.update_layout(title=_("VP so far"), xaxis_title=_("turn"), yaxis_title=_("VP"), height=280,
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
            empty = all_zero(v for ys in series for v in ys)
            set_empty_state(self.chart, _("Each player's VP is drawn here as soon as someone scores.") if empty else None)

    # ------------------------------------------------------------------ language
    def close(self) -> None:
        """Stop following the language switch (this widget and its parts), then close it."""
        remove_language_listener(self._retranslate)
        for child in (self.table, self.picker):
            if child is not None:
                child.close()
        super().close()

    def _retranslate(self, language: str) -> None:
        """Set every label, button, tooltip, the table, the history and the chart's texts again in ``language``,
        in place (the picker and the table follow by their own listeners)."""
        del language
        self.count.description = _("Players")
        self.seed.description = _("Seed")
        for i, label in enumerate(self.seat_labels):
            label.value = _("Seat {number}").format(number=i + 1)
        options = self._controller_options()
        for box in self.controller_boxes:
            value = box.value
            box.options = options
            box.value = value
        self.start_button.description = _("New game")
        self.undo_button.description = _("Undo")
        self.undo_button.tooltip = _("back to your last decision")
        self.step_button.description = _("Bot move")
        self.hint_button.description = _("Hint")
        self.hint_button.tooltip = _("the three best moves the search finds, and why")
        self.review_button.description = _("Review")
        self.review_button.tooltip = _("each player's expected final VP after every move, and the biggest drops")
        self.auto.description = _("bots move by themselves")
        self.typed_help.value = self._typed_help_text()
        self.record_panel.set_title(0, _("Game record (save, open, text)"))
        if getattr(self, "chart", None) is not None:
            with self.chart.batch_update():
                self.chart.layout.title.text = _("VP so far")
                self.chart.layout.xaxis.title.text = _("turn")
                self.chart.layout.yaxis.title.text = _("VP")
        if self.session is not None:
            self._refresh()
        self._show_hint()
        self._show_review()
