"""The start page's live widget: pick a game, see what the project offers for it."""

from __future__ import annotations

import html
import json
import os
from dataclasses import dataclass
from pathlib import Path

import ipywidgets as widgets
import plotly.graph_objects as go

from companion.jupyter_config import PROJECT_NOTEBOOKS
from companion.widgets.common import figure_widget

__all__ = ["ALL_GAMES", "GAMES", "GameInfo", "GamePicker", "notebook_link"]


@dataclass(frozen=True)
class GameInfo:
    """What the start page says about one game."""

    name: str
    min_players: int
    max_players: int
    blurb: str
    notebooks: tuple[tuple[str, str], ...]  # (path relative to notebooks/, one-line description)


GAMES: tuple[GameInfo, ...] = (
    GameInfo("Century: Golem Edition", 2, 5,
             "Trade crystals, build a hand of merchant cards and claim golems.",
             (("century/learn_the_rules.ipynb", "a guided tour of every action and the rules Q&A"),
              ("century/play_a_full_game.ipynb", "a full game, humans and bots, with undo"),
              ("century/score_a_table_game.ipynb", "score a game played at the table"))),
    GameInfo("Merchants of Magick", 1, 8,
             "Roll the shared D6, D8, D10 and D12 and craft, research and fill orders.",
             (("magick/learn_the_rules.ipynb", "the sheet, the dice and their odds"),
              ("magick/play_a_full_game.ipynb", "a full 10-round game, solo or hot-seat with bots"),
              ("magick/score_a_table_game.ipynb", "score a game played at the table"),
              ("magick/edit_your_sheet.ipynb", "type in the numbers printed on your own sheet"))),
    GameInfo("Terra Mystica", 2, 5,
             "Terraform, build, climb the cult tracks and found towns (base game + Fire & Ice).",
             (("terra_mystica/learn_the_rules.ipynb", "terraforming, power bowls, cult tracks, towns, the choices a player states"),
              ("terra_mystica/explore_custom_maps.ipynb", "parse and explore custom maps"),
              ("terra_mystica/score_a_table_game.ipynb", "final scoring for a game played at the table"),
              ("terra_mystica/fast_auction.ipynb", "resolve a fast faction auction"),
              ("terra_mystica/replay_a_real_game.ipynb", "step through a real league game"),
              ("terra_mystica/play_a_full_game.ipynb", "a full game, people and bots, base or Fire & Ice map, with undo"))),
)


#: Notebooks for every game at once: (path relative to notebooks/, one-line description).
ALL_GAMES: tuple[tuple[str, str], ...] = (
    ("apps/scoreboard.ipynb", "the table-side scoreboard: score any of the three games, save it, see past games"),
    ("apps/history.ipynb", "past games: wins per player, score spread, wins by Terra Mystica faction"),
)


def _notebook_folder() -> str:
    """The start notebook's folder relative to the repository (the kernel runs in it), e.g.
    ``notebooks`` or ``notebooks/zh_CN``; ``notebooks`` when the kernel runs elsewhere."""
    root = PROJECT_NOTEBOOKS.parent
    try:
        return Path(os.getcwd()).resolve().relative_to(root).as_posix()
    except ValueError:
        return "notebooks"


_LINK_STYLE = "color: var(--jp-content-link-color, #0b57d0); text-decoration: underline; cursor: pointer"


def notebook_link(path: str) -> str:
    """HTML link to the notebook ``path`` (relative to ``notebooks/``) that opens it where the user is.

    In JupyterLab the click runs JupyterLab's ``docmanager:open`` command (its command linker picks up
    the ``data-commandlinker-*`` attributes anywhere on the page), so the notebook opens in a tab
    inside JupyterLab instead of a new browser tab; the path is relative to the server root, which is
    the repository for ``make lab`` and Binder. In Voila, which has no command linker, the relative
    ``href`` opens the notebook as an app in the same tab (a Voila kernel is told by its
    ``VOILA_BASE_URL`` / ``VOILA_KERNEL_ID`` environment; Voila's own command linker would catch
    the click and fail on a command it lacks).
    """
    if "VOILA_BASE_URL" in os.environ or "VOILA_KERNEL_ID" in os.environ:
        return f'<a href="{html.escape(path)}" class="companion-notebook-link" style="{_LINK_STYLE}">{html.escape(path)}</a>'
    args = json.dumps({"path": f"{_notebook_folder()}/{path}"})
    return (f'<a href="{html.escape(path)}" class="companion-notebook-link" style="{_LINK_STYLE}" '
            f'data-commandlinker-command="docmanager:open" data-commandlinker-args="{html.escape(args)}">'
            f"{html.escape(path)}</a>")


class GamePicker(widgets.VBox):
    """Toggle between the three games; shows a summary, the notebooks and a player-count chart.

    Attributes
    ----------
    selected : GameInfo
        The game currently shown.
    """

    def __init__(self) -> None:
        # buttons as wide as their labels (the default fixed width cut "Century: Golem Edition" off)
        self.toggle = widgets.ToggleButtons(options=[g.name for g in GAMES], value=GAMES[0].name,
                                            style={"button_width": "auto"})
        self.summary = widgets.HTML()
        self.chart = figure_widget(self._figure())
        self.toggle.observe(lambda change: self.show(change["new"]), names="value")
        super().__init__([self.toggle, self.summary, self.chart])
        self.show(GAMES[0].name)

    @property
    def selected(self) -> GameInfo:
        return next(g for g in GAMES if g.name == self.toggle.value)

    def show(self, name: str) -> None:
        """Show the game called ``name`` (one of :data:`GAMES`)."""
        if self.toggle.value != name:
            self.toggle.value = name
            return
        game = self.selected
        items = "".join(f"<li>{notebook_link(path)} — {html.escape(text)}</li>" for path, text in game.notebooks)
        every = "".join(f"<li>{notebook_link(path)} — {html.escape(text)}</li>" for path, text in ALL_GAMES)
        self.summary.value = (
            f"<h3>{html.escape(game.name)}</h3><p>{html.escape(game.blurb)} "
            f"{game.min_players}–{game.max_players} players.</p><ul>{items}</ul>"
            f"<p>For every game:</p><ul>{every}</ul>")
        with self.chart.batch_update():
            self.chart.data[0].marker.color = ["#1f77b4" if g.name == name else "#c7c7c7" for g in GAMES]

    @staticmethod
    def _figure() -> go.Figure:
        fig = go.Figure(go.Bar(
            y=[g.name for g in GAMES], x=[g.max_players - g.min_players + 1 for g in GAMES],
            base=[g.min_players - 0.5 for g in GAMES], orientation="h",
            text=[f"{g.min_players}–{g.max_players}" for g in GAMES], textposition="inside",
            marker_color="#c7c7c7", hovertemplate="%{y}: %{text} players<extra></extra>"))
        fig.update_layout(title="Players per game", xaxis_title="players", height=260,
                          margin=dict(l=10, r=10, t=40, b=40), xaxis=dict(range=[0.5, 8.5], dtick=1))
        return fig
