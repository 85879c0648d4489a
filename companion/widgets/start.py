"""The start page's live widget: pick a game, see what the project offers for it."""

from __future__ import annotations

import html
import json
import os
import posixpath
from dataclasses import dataclass
from pathlib import Path

import ipywidgets as widgets
import plotly.graph_objects as go

from companion.i18n import (
    LazyString,
    _,
    add_language_listener,
    get_language,
    language_choices,
    lazy_gettext,
    set_language,
)
from companion.jupyter_config import PROJECT_NOTEBOOKS
from companion.widgets.common import figure_widget, join_sentences

__all__ = ["ALL_GAMES", "GAMES", "GameInfo", "GamePicker", "LanguageSwitch", "edition_folder", "notebook_link"]


@dataclass(frozen=True)
class GameInfo:
    """What the start page says about one game.

    The texts are :class:`~companion.i18n.LazyString` s: ``str()`` gives them in the language in force.
    """

    key: str
    name: LazyString
    min_players: int
    max_players: int
    blurb: LazyString
    notebooks: tuple[tuple[str, LazyString], ...]  # (path relative to notebooks/, one-line description)


GAMES: tuple[GameInfo, ...] = (
    GameInfo("century", lazy_gettext("Century: Golem Edition"), 2, 5,
             lazy_gettext("Trade crystals, build a hand of merchant cards and claim golems."),
             (("century/learn_the_rules.ipynb", lazy_gettext("a guided tour of every action and the rules Q&A")),
              ("century/play_a_full_game.ipynb", lazy_gettext("a full game, humans and bots, with undo")),
              ("century/score_a_table_game.ipynb", lazy_gettext("score a game played at the table")))),
    GameInfo("magick", lazy_gettext("Merchants of Magick"), 1, 8,
             lazy_gettext("Roll the shared D6, D8, D10 and D12 and craft, research and fill orders."),
             (("magick/learn_the_rules.ipynb", lazy_gettext("the sheet, the dice and their odds")),
              ("magick/play_a_full_game.ipynb", lazy_gettext("a full 10-round game, solo or hot-seat with bots")),
              ("magick/score_a_table_game.ipynb", lazy_gettext("score a game played at the table")),
              ("magick/edit_your_sheet.ipynb", lazy_gettext("type in the numbers printed on your own sheet")))),
    GameInfo("terra_mystica", lazy_gettext("Terra Mystica"), 2, 5,
             lazy_gettext("Terraform, build, climb the cult tracks and found towns (base game + Fire & Ice)."),
             (("terra_mystica/learn_the_rules.ipynb",
               lazy_gettext("terraforming, power bowls, cult tracks, towns, the choices a player states")),
              ("terra_mystica/explore_custom_maps.ipynb", lazy_gettext("parse and explore custom maps")),
              ("terra_mystica/map_lab.ipynb",
               lazy_gettext("edit a map on the map, generate one, see how each faction fares")),
              ("terra_mystica/score_a_table_game.ipynb",
               lazy_gettext("final scoring for a game played at the table")),
              ("terra_mystica/fast_auction.ipynb", lazy_gettext("resolve a fast faction auction")),
              ("terra_mystica/replay_a_real_game.ipynb", lazy_gettext("step through a real league game")),
              ("terra_mystica/play_a_full_game.ipynb",
               lazy_gettext("a full game, people and bots, base or Fire & Ice map, with undo")))),
)


#: Notebooks for every game at once: (path relative to notebooks/, one-line description).
ALL_GAMES: tuple[tuple[str, LazyString], ...] = (
    ("apps/scoreboard.ipynb",
     lazy_gettext("the table-side scoreboard: score any of the three games, save it, see past games")),
    ("apps/history.ipynb",
     lazy_gettext("past games: wins per player, score spread, wins by Terra Mystica faction")),
)

#: Folder of each language's edition of the notebooks, relative to ``notebooks/``.
_EDITIONS = {"en": "", "zh_CN": "zh_CN"}


def _notebook_folder() -> str:
    """The start notebook's folder relative to the repository (the kernel runs in it), e.g.
    ``notebooks`` or ``notebooks/zh_CN``; ``notebooks`` when the kernel runs elsewhere."""
    root = PROJECT_NOTEBOOKS.parent
    try:
        return Path(os.getcwd()).resolve().relative_to(root).as_posix()
    except ValueError:
        return "notebooks"


def edition_folder(language: str | None = None) -> str:
    """The folder of the notebooks in ``language`` (default: the language in force), relative to the
    repository: ``notebooks`` for English, ``notebooks/zh_CN`` for Simplified Chinese.

    The editions sit side by side under the folder the kernel's notebook belongs to (see
    ``tools/zh_notebooks.py``): a start page in ``notebooks/zh_CN`` switched to English links to
    ``notebooks``, and the other way round.
    """
    here = _notebook_folder()
    base = here
    for folder in _EDITIONS.values():
        if folder and posixpath.basename(here) == folder:
            base = posixpath.dirname(here) or "."
    edition = _EDITIONS[language or get_language()]
    return posixpath.join(base, edition) if edition else base


_LINK_STYLE = "color: var(--jp-content-link-color, #0b57d0); text-decoration: underline; cursor: pointer"


def notebook_link(path: str, language: str | None = None) -> str:
    """HTML link to the notebook ``path`` (relative to ``notebooks/``) in the edition of ``language``
    (default: the language in force), that opens it where the user is.

    In JupyterLab the click runs JupyterLab's ``docmanager:open`` command (its command linker picks up
    the ``data-commandlinker-*`` attributes anywhere on the page), so the notebook opens in a tab
    inside JupyterLab instead of a new browser tab; the path is relative to the server root, which is
    the repository for ``make lab`` and Binder. In Voila, which has no command linker, the relative
    ``href`` opens the notebook as an app in the same tab (a Voila kernel is told by its
    ``VOILA_BASE_URL`` / ``VOILA_KERNEL_ID`` environment; Voila's own command linker would catch
    the click and fail on a command it lacks). The Chinese edition is ``notebooks/zh_CN/<path>``.
    """
    target = posixpath.join(edition_folder(language), path)
    href = posixpath.relpath(target, _notebook_folder())
    if "VOILA_BASE_URL" in os.environ or "VOILA_KERNEL_ID" in os.environ:
        return f'<a href="{html.escape(href)}" class="companion-notebook-link" style="{_LINK_STYLE}">{html.escape(path)}</a>'
    args = json.dumps({"path": target})
    return (f'<a href="{html.escape(href)}" class="companion-notebook-link" style="{_LINK_STYLE}" '
            f'data-commandlinker-command="docmanager:open" data-commandlinker-args="{html.escape(args)}">'
            f"{html.escape(path)}</a>")


class LanguageSwitch(widgets.Dropdown):
    """A menu English / 简体中文 that sets the language of every widget open in this kernel.

    Choosing a language calls :func:`companion.i18n.set_language`, which tells every open widget (their
    language listeners), so they redraw their labels in place. The menu follows a change of language
    made elsewhere (``companion.set_language`` in a cell) too.
    """

    def __init__(self, **kwargs) -> None:
        super().__init__(options=[(name, code) for name, code in language_choices()], value=get_language(),
                         description=_("Language"), layout=widgets.Layout(width="240px"), **kwargs)
        self.add_class("companion-language-switch")
        self.observe(lambda change: set_language(change["new"]), names="value")
        add_language_listener(self._retranslate)

    def _retranslate(self, language: str) -> None:
        self.description = _("Language")
        if self.value != language:
            self.value = language


class GamePicker(widgets.VBox):
    """Toggle between the three games; shows a summary, the notebooks and a player-count chart.

    A :class:`LanguageSwitch` sits on top: switching redraws this page (and every other open widget) in
    the language chosen, and the notebook links then open that language's edition.

    Attributes
    ----------
    selected : GameInfo
        The game currently shown.
    language : LanguageSwitch
        The language menu.
    """

    def __init__(self) -> None:
        self.language = LanguageSwitch()
        # buttons as wide as their labels (the default fixed width cut "Century: Golem Edition" off)
        self.toggle = widgets.ToggleButtons(options=self._options(), value=GAMES[0].key,
                                            style={"button_width": "auto"})
        self.summary = widgets.HTML()
        self.chart = figure_widget(self._figure())
        self._muted = False
        self.toggle.observe(lambda change: None if self._muted else self.show(change["new"]), names="value")
        super().__init__([self.language, self.toggle, self.summary, self.chart])
        self.show(GAMES[0].key)
        add_language_listener(self._retranslate)

    @staticmethod
    def _options() -> list[tuple[str, str]]:
        return [(str(g.name), g.key) for g in GAMES]

    @property
    def selected(self) -> GameInfo:
        return next(g for g in GAMES if g.key == self.toggle.value)

    def show(self, key: str) -> None:
        """Show the game ``key`` (``"century"``, ``"magick"`` or ``"terra_mystica"``; its name in English
        is accepted too)."""
        key = next((g.key for g in GAMES if key in (g.key, g.name.value, str(g.name))), key)
        if self.toggle.value != key:
            self.toggle.value = key
            return
        game = self.selected
        items = "".join(f"<li>{notebook_link(path)} — {html.escape(str(text))}</li>" for path, text in game.notebooks)
        every = "".join(f"<li>{notebook_link(path)} — {html.escape(str(text))}</li>" for path, text in ALL_GAMES)
        players = _("{low}–{high} players.").format(low=game.min_players, high=game.max_players)
        self.summary.value = (
            f"<h3>{html.escape(str(game.name))}</h3><p>{html.escape(join_sentences(str(game.blurb), players))}"
            f"</p><ul>{items}</ul>"
            "<p>" + html.escape(_("For every game:")) + f"</p><ul>{every}</ul>")
        with self.chart.batch_update():
            self.chart.data[0].marker.color = ["#1f77b4" if g.key == key else "#c7c7c7" for g in GAMES]

    def _retranslate(self, language: str) -> None:
        """Redraw the labels, the summary and the chart's texts in ``language`` (same widgets, same figure)."""
        key = self.toggle.value
        self._muted = True
        try:
            self.toggle.options = self._options()
            self.toggle.value = key
        finally:
            self._muted = False
        self.show(key)
        fig = self._figure()
        with self.chart.batch_update():
            self.chart.data[0].y = fig.data[0].y
            self.chart.data[0].hovertemplate = fig.data[0].hovertemplate
            self.chart.layout.title.text = fig.layout.title.text
            self.chart.layout.xaxis.title.text = fig.layout.xaxis.title.text

    @staticmethod
    def _figure() -> go.Figure:
        fig = go.Figure(go.Bar(
            y=[str(g.name) for g in GAMES], x=[g.max_players - g.min_players + 1 for g in GAMES],
            base=[g.min_players - 0.5 for g in GAMES], orientation="h",
            text=[f"{g.min_players}–{g.max_players}" for g in GAMES], textposition="inside",
            marker_color="#c7c7c7",
            hovertemplate=_("%{y}: %{text} players") + "<extra></extra>"))
        fig.update_layout(title=_("Players per game"), xaxis_title=_("players"), height=260,
                          margin=dict(l=10, r=10, t=40, b=40), xaxis=dict(range=[0.5, 8.5], dtick=1))
        return fig
