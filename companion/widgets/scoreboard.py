"""The table-side scoreboard: score a finished game of any of the three games and keep it in the history.

The page behind ``notebooks/apps/scoreboard.ipynb`` (served by ``make app``) has two tabs:

* **Score a game** — pick the game, then type each player's figures in that game's own calculator
  (:class:`~companion.widgets.century.score.CenturyScoreTable`,
  :class:`~companion.widgets.magick.score.ScoreTable`, :class:`~companion.widgets.terra_mystica.score.TableScorer`),
  which shows the itemised result, the winner and a chart; *Save the finished game* adds it to the game
  history (:mod:`companion.history`, which re-scores it with the game's scoring code). The same game is
  not saved twice in a row.
* **Past games** — :class:`HistoryView`: the saved games and three plots (wins per player, score spread,
  wins by Terra Mystica faction).

Nothing typed is lost when the page or the computer stops: each calculator writes its entries to its own
save file as they are typed (in :func:`companion.savefile.default_save_dir`, ``scoreboard-*.json``), and the
scoreboard keeps the chosen game and date in ``scoreboard.json`` next to them; opening the app again
restores all of it. Nothing here scores or decides a rule.
"""

from __future__ import annotations

import hashlib
import html
import json
from datetime import date as Date
from pathlib import Path
from typing import Any

import ipywidgets as widgets
import plotly.graph_objects as go

from companion.errors import CompanionError
from companion.history import GAMES, GameHistory, faction_stats, player_stats
from companion.i18n import LazyString, _, add_language_listener, lazy_gettext, ngettext, pgettext
from companion.savefile import default_save_dir, read_save
from companion.widgets.common import error_html, figure_widget, info_html, message_box, set_empty_state
from companion.widgets.touch import touch_style

__all__ = ["SAVE_KIND", "HistoryView", "Scoreboard"]

SAVE_KIND = "scoreboard"
#: The order of the game buttons.
GAME_ORDER: tuple[str, ...] = ("terra_mystica", "century", "magick")
#: Short names for the buttons and the history (a phone is narrow), in the language in force.
SHORT_TITLES: dict[str, LazyString] = {"terra_mystica": lazy_gettext("Terra Mystica"),
                                       "century": lazy_gettext("Century"),
                                       "magick": lazy_gettext("Merchants of Magick")}
#: Full names, for sentences.
TITLES: dict[str, LazyString] = {"terra_mystica": lazy_gettext("Terra Mystica"),
                                 "century": lazy_gettext("Century: Golem Edition"),
                                 "magick": lazy_gettext("Merchants of Magick")}
GAME_COLOURS = {"terra_mystica": "#2ca02c", "century": "#c87533", "magick": "#9467bd"}
UNITS: dict[str, LazyString] = {"terra_mystica": lazy_gettext("VP"), "century": lazy_gettext("VP"),
                                "magick": lazy_gettext("gold")}
#: Keys of a Terra Mystica calculator entry that ``companion tm score`` reads (the rest are map helpers).
_TM_TABLE_KEYS = ("name", "faction", "vp", "cults", "network", "coins", "workers", "priests", "power")
def _fill() -> widgets.Layout:
    """A fresh full-width layout: a Layout shared between widgets dies with the first one closed."""
    return widgets.Layout(width="100%", max_width="100%")


def _faction_names() -> dict[str, str]:
    """Faction key -> name in the language in force."""
    from companion.terra_mystica.factions import load_factions
    from companion.widgets.terra_mystica.names import faction_name

    return {key: faction_name(key) for key in load_factions()}


def _relabel(menu: widgets.widget_selection._Selection, options: list[tuple[str, Any]]) -> None:
    """Give ``menu`` new option labels and keep its value (its observers may see a passing change)."""
    value = menu.value
    menu.options = options
    menu.value = value


# ============================================================================ past games
class HistoryView(widgets.VBox):
    """The saved games and their plots: wins per player, score spread, wins by Terra Mystica faction.

    Parameters
    ----------
    history : GameHistory, optional
        Default: the user's history file (:func:`companion.history.history_path`).
    draw_now : bool
        Draw the plots at once (True) or at the first :meth:`refresh` (when the view sits in a tab not shown
        yet: a plot first drawn hidden stays blank).

    Attributes
    ----------
    games : list of dict
        The records shown (after the game filter), oldest first.
    which : ipywidgets.Dropdown
        ``"all"`` (every game) or one of :data:`companion.history.GAMES`.
    table : ipywidgets.HTML
        The games, most recent first.
    wins_chart, spread_chart, faction_chart : plotly.graph_objects.FigureWidget or None
        Wins and games per player; each player's totals per game (box plots); wins and games per faction.
        ``None`` until first drawn (``draw_now=False`` waits for :meth:`refresh`).
    """

    def __init__(self, history: GameHistory | None = None, *, draw_now: bool = True) -> None:
        self.history = history if history is not None else GameHistory()
        self._factions = _faction_names()
        self._muted = False
        self.which = widgets.Dropdown(options=self._which_options(), value="all", description=_("Show"),
                                      layout=widgets.Layout(width="280px", max_width="100%"))
        self.where = widgets.HTML()
        self.message = message_box()
        self.table = widgets.HTML(layout=_fill())
        self.games: list[dict[str, Any]] = []
        self._all: list[dict[str, Any]] = []
        # a plot wider than a phone scrolls sideways in its own frame instead of being cut off
        self.charts = widgets.VBox(layout=widgets.Layout(width="100%", max_width="100%", overflow="auto"))
        self.charts.add_class("companion-history-charts")
        self.wins_chart = self.spread_chart = self.faction_chart = None
        self._load()
        self.which.observe(lambda _change: None if self._muted else self.refresh(reload=False), names="value")
        super().__init__([touch_style(), self.where, self.which, self.message, self.table, self.charts],
                         layout=_fill())
        self.add_class("companion-history-view")
        self._show_table()
        if draw_now:
            self._draw()
        add_language_listener(self._retranslate)

    @staticmethod
    def _which_options() -> list[tuple[str, str]]:
        return [(_("every game"), "all")] + [(str(SHORT_TITLES[g]), g) for g in GAME_ORDER]

    def _retranslate(self, language: str) -> None:
        """Redraw the view in ``language`` in place: menu, counts, table and the plots already drawn."""
        self._factions = _faction_names()
        self._muted = True
        try:
            _relabel(self.which, self._which_options())
        finally:
            self._muted = False
        self.which.description = _("Show")
        self._show_where()
        if self._error is not None:
            self.message.value = error_html(self._error)
        self._show_table()
        if self.wins_chart is not None:
            self._draw()

    # ------------------------------------------------------------------ data
    _error: str | None = None

    def _load(self) -> None:
        try:
            self._all = self.history.list_games()
            self._error = None
            self.message.value = ""
        except CompanionError as exc:
            self._all = []
            self._error = str(exc)
            self.message.value = error_html(self._error)
        self.games = [g for g in self._all if self.which.value in ("all", g["game"])]
        self._show_where()

    def _show_where(self) -> None:
        count = len(self._all)
        self.where.value = info_html(ngettext("{count} game saved, kept in {path}", "{count} games saved, kept in {path}",
                                              count).format(count=count, path=self.history.path))

    def refresh(self, *, reload: bool = True) -> None:
        """Read the history again (unless ``reload`` is False) and redraw the table and the plots."""
        if reload:
            self._load()
        else:
            self.games = [g for g in self._all if self.which.value in ("all", g["game"])]
        self._show_table()
        self._draw()

    def _draw(self) -> None:
        """Draw the plots: built complete the first time (call it when the view is on screen: a plot first
        drawn inside a hidden tab is never redrawn), edited in place afterwards."""
        figures = (self._wins_figure(), self._spread_figure(), self._faction_figure())
        if self.wins_chart is None:
            self.wins_chart, self.spread_chart, self.faction_chart = (figure_widget(f) for f in figures)
            self.charts.children = [self.wins_chart, self.spread_chart, self.faction_chart]
            return
        for chart, figure in zip((self.wins_chart, self.spread_chart, self.faction_chart), figures, strict=True):
            with chart.batch_update():
                for trace, new in zip(chart.data, figure.data, strict=True):
                    trace.x, trace.y = new.x, new.y
                    trace.name, trace.hovertemplate = new.name, new.hovertemplate
                chart.layout.title.text = figure.layout.title.text
                chart.layout.yaxis.title.text = figure.layout.yaxis.title.text
                chart.layout.yaxis.dtick = figure.layout.yaxis.dtick
                chart.layout.annotations = figure.layout.annotations
                chart.layout.xaxis.visible = figure.layout.xaxis.visible
                chart.layout.yaxis.visible = figure.layout.yaxis.visible
                chart.layout.showlegend = figure.layout.showlegend

    # ------------------------------------------------------------------ views
    def _player_cell(self, record: dict[str, Any], p: dict[str, Any]) -> str:
        name = html.escape(p["name"])
        if record["game"] == "terra_mystica" and p["name"] != self._factions.get(p["faction"]):
            faction = _("({faction})").format(faction=self._factions.get(p["faction"], p["faction"]))
            name += f" <small>{html.escape(faction)}</small>"
        if p.get("bot"):
            bot = _("(bot: {bot})").format(bot=p["bot"])
            name += f" <small>{html.escape(bot)}</small>"
        text = f"{name} {p['total']}"
        return f"<b>★ {text}</b>" if p["winner"] else text

    def _show_table(self) -> None:
        if not self.games:
            self.table.value = ("<p class='companion-history-empty'>"
                                + _("No games saved yet: score a game and press <i>{button}</i>.").format(
                                    button=html.escape(_("Save the finished game"))) + "</p>")
            return
        shown = list(reversed(self.games))[:100]
        comma = _(", ")
        rows = "".join(
            f"<tr><td style='white-space:nowrap'>{html.escape(r['date'])}</td>"
            f"<td>{html.escape(str(SHORT_TITLES[r['game']]))}</td>"
            f"<td>{comma.join(self._player_cell(r, p) for p in r['players'])} {html.escape(str(UNITS[r['game']]))}"
            "</td></tr>"
            for r in shown)
        recent = _("The {shown} most recent of {total} games.").format(shown=len(shown), total=len(self.games))
        more = f"<p>{html.escape(recent)}</p>" if len(self.games) > len(shown) else ""
        head = "".join(f"<th>{html.escape(t)}</th>" for t in (_("Date"), pgettext("board game, not a match", "Game"), _("Players (★ winner)")))
        self.table.value = (
            "<style>.companion-history td, .companion-history th {padding: 2px 8px; vertical-align: top; "
            "text-align: left}</style>"
            f"<table class='companion-history'><tr>{head}</tr>"
            f"{rows}</table>{more}")

    @staticmethod
    def _layout(fig: go.Figure, title: str, yaxis: str, height: int = 320, *, empty: bool = False) -> go.Figure:
        """Title, y axis title and the common layout of the three plots; ``empty``: no data to draw, so the
        plot says what fills it instead of drawing bare axes."""
        fig.update_layout(title=title, yaxis_title=yaxis, height=height, margin=dict(l=40, r=10, t=50, b=40),
                          legend=dict(orientation="h", y=-0.2), showlegend=not empty)
        set_empty_state(fig, _("Nothing to draw yet: save a finished game.") if empty else None)
        return fig

    @staticmethod
    def _count_axis(fig: go.Figure, counts: list[int]) -> go.Figure:
        """A y axis that counts games: whole-number ticks from 0 (plotly would put a tick at 0.5 for one or
        two games), about ten of them at the most."""
        fig.update_yaxes(tick0=0, dtick=max(1, -(-max(counts, default=0) // 10)), tickformat="d", rangemode="tozero")
        return fig

    def _wins_figure(self) -> go.Figure:
        stats = player_stats(self.games)
        names = sorted(stats, key=lambda n: (-stats[n]["wins"], -stats[n]["games"], n))
        fig = go.Figure([
            go.Bar(name=_("games played"), x=names, y=[stats[n]["games"] for n in names], marker_color="#c7c7c7",
                   hovertemplate=_("%{x}: %{y} games") + "<extra></extra>"),
            go.Bar(name=_("wins"), x=names, y=[stats[n]["wins"] for n in names], marker_color="#1f77b4", width=0.5,
                   hovertemplate=_("%{x}: %{y} wins") + "<extra></extra>")])
        fig.update_layout(barmode="overlay")
        self._count_axis(fig, [stats[n]["games"] for n in names])
        return self._layout(fig, _("Wins per player") if names else _("Wins per player (no games yet)"), _("games"),
                            empty=not names)

    def _spread_figure(self) -> go.Figure:
        stats = player_stats(self.games)
        traces = []
        for game in GAME_ORDER:
            xs, ys = [], []
            for name, s in stats.items():
                for total in s["totals"].get(game, []):
                    xs.append(name)
                    ys.append(total)
            traces.append(go.Box(name=_("{game} ({unit})").format(game=SHORT_TITLES[game], unit=UNITS[game]),
                                 x=xs, y=ys, boxpoints="all", marker_color=GAME_COLOURS[game],
                                 hovertemplate="%{x}: %{y}<extra>" + html.escape(str(SHORT_TITLES[game])) + "</extra>"))
        fig = go.Figure(traces)
        fig.update_layout(boxmode="group")
        return self._layout(fig, _("Score spread per player"), _("final score"),
                            empty=not any(trace.y for trace in traces))

    def _faction_figure(self) -> go.Figure:
        stats = faction_stats(self._all)
        keys = sorted(stats, key=lambda k: (-stats[k]["wins"], -stats[k]["games"], self._factions.get(k, k)))
        names = [self._factions.get(k, k) for k in keys]
        fig = go.Figure([
            go.Bar(name=_("games played"), x=names, y=[stats[k]["games"] for k in keys], marker_color="#c7c7c7",
                   hovertemplate=_("%{x}: %{y} games") + "<extra></extra>"),
            go.Bar(name=_("wins"), x=names, y=[stats[k]["wins"] for k in keys], marker_color="#2ca02c", width=0.5,
                   hovertemplate=_("%{x}: %{y} wins") + "<extra></extra>")])
        fig.update_layout(barmode="overlay")
        self._count_axis(fig, [stats[k]["games"] for k in keys])
        title = (_("Wins by Terra Mystica faction") if keys
                 else _("Wins by Terra Mystica faction (no Terra Mystica games yet)"))
        return self._layout(fig, title, _("games"), empty=not keys)


# ============================================================================ the scoreboard
class Scoreboard(widgets.VBox):
    """Pick a game, score it with that game's calculator, save the finished game; see past games.

    Parameters
    ----------
    history : GameHistory, optional
        Where finished games go; default the user's history file.
    save_dir : str or PathLike, optional
        Folder of the entries in progress; default :func:`companion.savefile.default_save_dir`.

    Attributes
    ----------
    game : ipywidgets.ToggleButtons
        The game being scored (one of :data:`companion.history.GAMES`).
    calculators : dict
        The calculators built so far, by game (each is built the first time its game is picked, and
        restores its entries from its save file).
    played_on : ipywidgets.DatePicker
        The day the game was played (saved with it).
    save_button : ipywidgets.Button
        *Save the finished game*.
    save_message : ipywidgets.HTML
        What happened on the last save (or why the game cannot be saved yet).
    history_view : HistoryView
        The *Past games* tab.
    tabs : ipywidgets.Tab
        *Score a game* and *Past games*.
    """

    def __init__(self, history: GameHistory | None = None, save_dir: str | Path | None = None) -> None:
        self.history = history if history is not None else GameHistory()
        self.save_dir = Path(save_dir) if save_dir is not None else default_save_dir()
        self.state_path = self.save_dir / "scoreboard.json"
        self.calculators: dict[str, widgets.Widget] = {}
        self._state_writable = True
        self._last_saved: str | None = None
        self._history_stale = True  # the plots are drawn the first time Past games is shown
        state, problem = self._read_state()
        self._muted = False
        self.game = widgets.ToggleButtons(options=self._game_options(),
                                          value=state.get("game", "terra_mystica"),
                                          style={"button_width": "auto"}, layout=widgets.Layout(width="auto"))
        self.game.add_class("companion-scoreboard-games")
        self.played_on = widgets.DatePicker(value=Date.fromisoformat(state["date"]) if "date" in state
                                            else Date.today(), layout=widgets.Layout(width="auto"))
        self.state_message = message_box()
        self._state_problem = problem
        if problem:
            self.state_message.value = error_html(self._state_text(problem))
        self.calculator_box = widgets.Box(layout=widgets.Layout(width="100%", overflow="auto"))
        self.calculator_box.add_class("companion-scoreboard-calculator")
        self.save_button = widgets.Button(icon="check", button_style="success", layout=widgets.Layout(width="auto"))
        self.save_button.on_click(lambda _b: self.save_game())
        self.save_message = message_box()
        self._render_save_message: Any = None
        self.history_view = HistoryView(self.history, draw_now=False)
        self._game_heading = widgets.HTML()
        page = widgets.VBox([
            self._game_heading, self.game, self.state_message, self.calculator_box,
            widgets.HBox([self.played_on, self.save_button], layout=widgets.Layout(flex_flow="row wrap")),
            self.save_message], layout=_fill())
        self.tabs = widgets.Tab(children=[page, self.history_view], layout=_fill())
        self._label()
        self.game.observe(lambda _change: None if self._muted else self._show_game(), names="value")
        # the plots are redrawn when they are on screen: a plot edited inside a hidden tab is not redrawn
        self.tabs.observe(self._on_tab, names="selected_index")
        self.played_on.observe(lambda _change: self._write_state(), names="value")
        super().__init__([self.tabs], layout=_fill())
        self.add_class("companion-scoreboard")
        self._show_game()
        add_language_listener(self._retranslate)

    # ------------------------------------------------------------------ language
    @staticmethod
    def _game_options() -> list[tuple[str, str]]:
        return [(str(SHORT_TITLES[g]), g) for g in GAME_ORDER]

    @staticmethod
    def _state_text(problem: str) -> str:
        return _("{error} (the game and date picked here will not be remembered until it is repaired)").format(
            error=problem)

    def _label(self) -> None:
        self.played_on.description = _("Played on")
        self.save_button.description = _("Save the finished game")
        self._game_heading.value = "<b>" + html.escape(pgettext("board game, not a match", "Game")) + "</b>"
        self.tabs.set_title(0, _("Score a game"))
        self.tabs.set_title(1, _("Past games"))

    def _retranslate(self, language: str) -> None:
        """Redraw the scoreboard in ``language`` in place (the calculators and the history view redraw
        themselves: they listen too)."""
        self._muted = True
        try:
            _relabel(self.game, self._game_options())
        finally:
            self._muted = False
        self._label()
        if self._state_problem:
            self.state_message.value = error_html(self._state_text(self._state_problem))
        if self._render_save_message is not None:
            self.save_message.value = self._render_save_message()

    def _say(self, render: Any) -> None:
        """Show ``render()`` under the save button, again after a change of language."""
        self._render_save_message = render
        self.save_message.value = render()

    # ------------------------------------------------------------------ the scoreboard's own little save
    def _read_state(self) -> tuple[dict[str, Any], str | None]:
        try:
            document = read_save(self.state_path, kind=SAVE_KIND)
        except CompanionError as exc:
            self._state_writable = False
            return {}, str(exc)
        if document is None:
            return {}, None
        state: dict[str, Any] = {}
        if document.get("game") in GAMES:
            state["game"] = document["game"]
        try:
            Date.fromisoformat(document.get("date"))
            state["date"] = document["date"]
        except (TypeError, ValueError):
            pass
        last = document.get("last_saved")
        self._last_saved = last if isinstance(last, str) else None
        return state, None

    def _write_state(self) -> None:
        if not self._state_writable:
            return
        from companion.savefile import atomic_write_json

        day = self.played_on.value
        try:
            atomic_write_json(self.state_path, {"kind": SAVE_KIND, "version": 1, "game": self.game.value,
                                                "date": day.isoformat() if day else None,
                                                "last_saved": self._last_saved})
        except CompanionError as exc:
            self.state_message.value = error_html(str(exc))

    # ------------------------------------------------------------------ calculators
    def calculator(self, game: str) -> widgets.Widget:
        """The calculator of ``game`` (built, and its save file read, on first use)."""
        if game not in self.calculators:
            path = self.save_dir / f"scoreboard-{game}.json"
            if game == "century":
                from companion.widgets.century.score import CenturyScoreTable

                calc: widgets.Widget = CenturyScoreTable(save_path=path, players=3)
            elif game == "magick":
                from companion.widgets.magick.score import ScoreTable

                calc = ScoreTable(save_path=path, players=2)
            elif game == "terra_mystica":
                from companion.widgets.terra_mystica.score import TableScorer

                calc = TableScorer(save_path=path)
            else:
                raise CompanionError(_("game: expected one of {games}, found {game!r}").format(
                    games=_(", ").join(GAMES), game=game))
            self.calculators[game] = calc
        return self.calculators[game]

    def _show_game(self) -> None:
        self.calculator_box.children = [self.calculator(self.game.value)]
        self._say(lambda: "")
        self._write_state()

    def table(self, game: str | None = None) -> dict[str, Any]:
        """The score table typed in ``game``'s calculator (default the game shown), as its score command reads it.

        Raises
        ------
        CompanionError
            When an entry cannot be read yet (a golem entry that is not numbers, a missing faction);
            the message names the player.
        """
        game = game or self.game.value
        calc = self.calculator(game)
        if game == "century":
            from companion.widgets.century.score import parse_golems

            players = []
            for player, text in zip(calc.players, calc.golem_texts, strict=True):
                try:
                    golems = parse_golems(text)
                except CompanionError as exc:
                    index = len(players)
                    raise CompanionError(calc.marks.line((index, "golems", str(exc)))) from None
                players.append({**json.loads(json.dumps(player)), "golems": golems})
            return {"players": players}
        if game == "magick":
            return {"players": json.loads(json.dumps(calc.players))}
        entries = calc.document()["players"]
        missing = [e["name"] or _("Player {number}").format(number=i + 1) for i, e in enumerate(entries)
                   if e["faction"] is None]
        if missing:
            raise CompanionError(_("pick a faction for {players}").format(players=_(", ").join(missing)))
        return {"players": [{k: e[k] for k in _TM_TABLE_KEYS} for e in entries]}

    # ------------------------------------------------------------------ saving a finished game
    def save_game(self) -> dict[str, Any] | None:
        """Add the game shown to the history, dated :attr:`played_on`; *Past games* shows it when next opened.

        Returns
        -------
        dict or None
            The saved record, or ``None`` when it was not saved (an entry to fix, or the same game
            already saved): the reason is shown in :attr:`save_message`; while the form marks entries, the
            first of them in seat order and how many more the form lists.
        """
        game = self.game.value
        marked = self.calculator(game).marks.summary()
        if marked is not None:   # what the form lists, in its order and number (letters in a number box too)
            self._say(lambda: error_html(_("Not saved yet: {error}").format(error=marked)))
            return None
        try:
            table = self.table(game)
        except CompanionError as exc:
            error = str(exc)
            self._say(lambda: error_html(_("Not saved yet: {error}").format(error=error)))
            return None
        fingerprint = hashlib.sha256(json.dumps([game, table], sort_keys=True).encode()).hexdigest()
        if fingerprint == self._last_saved:
            self._say(lambda: info_html(_("This game is already in the history. Change the entries to save another "
                                          "game.")))
            return None
        try:
            record = self.history.add_game(game, table, date=self.played_on.value or Date.today())
        except CompanionError as exc:
            # in the form's words (the player's name, the column's title), never a key path like players[2]
            error = self.calculator(game).marks.error_text(exc)
            self._say(lambda: error_html(_("Not saved: {error}").format(error=error)))
            return None
        self._last_saved = fingerprint
        self._write_state()
        self._say(lambda: info_html(self._saved_text(game, record)))
        self._history_stale = True
        if self.tabs.selected_index == 1:
            self._on_tab()
        return record

    @staticmethod
    def _saved_text(game: str, record: dict[str, Any]) -> str:
        """The sentence shown after a save: game, date, winner(s) and their score, in the language in force."""
        best = max(p["total"] for p in record["players"])
        fields = dict(game=TITLES[game], date=record["date"], score=best, unit=UNITS[game])
        if len(record["winners"]) == 1:
            return _("Saved: {game} on {date}, {player} wins with {score} {unit}. See it under Past games.").format(
                player=record["winners"][0], **fields)
        return _("Saved: {game} on {date}, {players} share the win with {score} {unit}. See it under Past "
                 "games.").format(players=_(" and ").join(record["winners"]), **fields)

    def _on_tab(self, _change: Any = None) -> None:
        if self.tabs.selected_index == 1 and self._history_stale:
            self._history_stale = False
            self.history_view.refresh()
