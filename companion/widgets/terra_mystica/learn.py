"""Widgets of ``notebooks/terra_mystica/learn_the_rules.ipynb``: the rules that confuse new players.

Each widget renders and calls the public API of :mod:`companion.terra_mystica`; none decides a rule:

- :class:`RoundScoringExplorer` -- round scoring tiles: VP during the round and the end-of-round cult
  bonus (:mod:`companion.terra_mystica.tiles`).
- :class:`TownKeyChoice` -- a choice the player states: which cult track a town key takes to 10
  (:mod:`companion.terra_mystica.engine`, ``legal_actions`` / ``apply_action``).

Callbacks are plain methods, so tests drive the widgets without a browser.
"""

from __future__ import annotations

import html
import math
from typing import Any

import ipywidgets as widgets
import plotly.graph_objects as go

from companion.errors import IllegalActionError
from companion.i18n import (
    N_,
    _,
    add_language_listener,
    get_language,
    lazy_gettext,
    ngettext,
    pgettext,
    remove_language_listener,
)
from companion.terra_mystica.describe import (
    amounts_text,
    building_name,
    faction_name,
    terrain_name,
    track_name,
)
from companion.terra_mystica.engine import Game, apply_action, legal_actions, new_game
from companion.terra_mystica.factions import load_factions
from companion.terra_mystica.power import PowerBowls, leech_offer
from companion.terra_mystica.scoring import prize_groups, rank_prizes
from companion.terra_mystica.terraform import terraform_cost
from companion.terra_mystica.terrain import terrain_wheel
from companion.terra_mystica.tiles import load_tiles
from companion.widgets.common import error_html, info_html, join_sentences, message_box
from companion.widgets.terra_mystica.names import faction_order
from companion.widgets.terra_mystica.plot import ChartOwner, ChartSlot

__all__ = ["FACTION_ABILITIES", "ICE_VOLCANO_RULE", "FactionLesson", "KEY_CHOICE_CULTS", "RESOURCE_NAMES", "CultTrackScoring", "PowerBowlSimulator", "RoundScoringExplorer",
           "TerraformExplorer", "TownKeyChoice", "describe_amounts", "town_key_position"]

#: Names of the resource codes used in the rules data (singular, plural), translated when shown.
RESOURCE_NAMES: dict[str, tuple[str, str]] = {
    "C": (N_("coin"), N_("coins")), "W": (N_("worker"), N_("workers")), "P": (N_("priest"), N_("priests")),
    "PW": (N_("power"), N_("power")), "VP": (N_("VP"), N_("VP")), "SPADE": (N_("spade"), N_("spades")),
    "TOWN": (N_("town"), N_("towns")), "D": (N_("dwelling"), N_("dwellings")),
    "TP": (N_("trading house"), N_("trading houses")), "TE": (N_("temple"), N_("temples")),
    "SH": (N_("stronghold"), N_("strongholds")), "SA": (N_("sanctuary"), N_("sanctuaries")),
}
_TRACK_COLOURS = {"FIRE": "#d62728", "WATER": "#1f77b4", "EARTH": "#8c564b", "AIR": "#bcbd22",
                  "CULT_P": "#9467bd"}


def _noun(code: str, amount: int = 2) -> str:
    singular, plural = RESOURCE_NAMES.get(code, (code, code))
    return _(singular if amount == 1 else plural)


def describe_amounts(amounts: dict[str, int]) -> str:
    """``{"C": 2, "SPADE": 1}`` -> ``"2 coins, 1 spade"`` (``"nothing"`` when empty), in the current language
    (:func:`companion.terra_mystica.describe.amounts_text`)."""
    return amounts_text(amounts) or _("nothing")


def _heading(text: str) -> str:
    return f"<b>{html.escape(text)}</b>"


# Punctuation between pieces of text, as the language in force writes it (Chinese: full-width 。 and ：, no space
# after them), never an ASCII full stop or colon glued to a translated text.
def _sentence(text: str) -> str:
    return pgettext("end of a sentence", "{text}.").format(text=text)


def _labelled(label: str, value: str) -> str:
    return pgettext("label and its value", "{label}: {value}").format(label=label, value=value)


def _after_heading(heading: str, text: str) -> str:
    return pgettext("heading and its text", "{heading} {text}").format(heading=heading, text=text)


class RoundScoringExplorer(ChartOwner, widgets.VBox):
    """Pick a round scoring tile and a cult position; see the VP during the round and the cult bonus.

    The bonus is :meth:`companion.terra_mystica.tiles.CultBonus.for_position` (``floor(position /
    per_steps)`` times the gain); SCORE9 counts priests sent to the cult tracks instead of a position.

    Attributes
    ----------
    tile : ipywidgets.Dropdown
        ``SCORE1`` .. ``SCORE9``.
    position : ipywidgets.IntSlider
        Position 0-10 on the tile's cult track (priests sent, for SCORE9).
    text : ipywidgets.HTML
        What the tile scores and what the chosen position receives.
    chart : plotly.graph_objects.FigureWidget
        The bonus for every position 0-10, the chosen one highlighted.
    """

    def __init__(self) -> None:
        self._tiles = load_tiles().round_scoring
        self.tile = widgets.Dropdown(options=self._options(), value="SCORE2", layout=widgets.Layout(width="420px"))
        self.position = widgets.IntSlider(value=5, min=0, max=10, style={"description_width": "initial"})
        self._describe()
        self.text = widgets.HTML()
        self.tile.observe(lambda _c: self.show(), names="value")
        self.position.observe(lambda _c: self.show(), names="value")
        self.show()
        self.chart_slot = ChartSlot(self._figure())
        super().__init__([widgets.HBox([self.tile, self.position]), self.text, self.chart_slot])
        add_language_listener(self._retranslate)

    def _options(self) -> list[tuple[str, str]]:
        return [(self._label(t), t.id) for t in self._tiles.values()]

    def _describe(self) -> None:
        self.tile.description = _("Tile")
        self.position.description = _("Cult position")

    def close(self) -> None:
        """Stop following the language switch, then close the widget."""
        remove_language_listener(self._retranslate)
        super().close()

    def _retranslate(self, language: str) -> None:
        """Relabel the controls and redraw the text and chart in the new language (in place)."""
        value = self.tile.value
        self.tile.options = self._options()
        self.tile.value = value
        self._describe()
        self.show()

    def _label(self, tile: Any) -> str:
        what = " / ".join(_noun(code, 1) for code in tile.vp)
        points = next(iter(tile.vp.values()))
        if tile.option:
            return _("{tile}: {what} {n} VP (option: temple scoring tile)").format(tile=tile.id, what=what, n=points)
        return _("{tile}: {what} {n} VP").format(tile=tile.id, what=what, n=points)

    def received(self) -> dict[str, int]:
        """What the chosen position receives at the end of the round (resource code -> amount)."""
        return self._tiles[self.tile.value].cult_bonus.for_position(self.position.value)

    def show(self) -> None:
        """Redraw the text and chart for the chosen tile and position."""
        tile = self._tiles[self.tile.value]
        bonus = tile.cult_bonus
        each = (_("+{n} VP for each {what} you build") if tile.vp_trigger == "build"
                else _("+{n} VP for each {what} you gain"))
        during = pgettext("list separator", ", ").join(each.format(n=vp, what=_noun(code, 1))
                                                        for code, vp in tile.vp.items())
        gain = describe_amounts(dict(bonus.gain))
        if bonus.track == "CULT_P":
            rule = _("each priest you have sent to a cult track gives {gain}").format(gain=gain)
        else:
            rule = (_("each step on the {track} track gives {gain}") if bonus.per_steps == 1 else
                    _("every {n} steps on the {track} track give {gain}")).format(
                n=bonus.per_steps, track=track_name(bonus.track), gain=gain)
        got = self.received()
        received = html.escape(_("At {position}:").format(position=self.position.value))
        note = html.escape(_("(spades are used at once to terraform)")) if "SPADE" in got else ""
        during_head, end_head = _heading(_("During the round:")), _heading(_("At the end of rounds 1-5:"))
        self.text.value = (
            f"<p>{_after_heading(during_head, html.escape(_sentence(during)))}</p>"
            f"<p>{_after_heading(end_head, html.escape(_sentence(rule)))}</p>"
            f"<p class='tm-received'>"
            f"{_after_heading(received, _sentence(f'<b>{html.escape(describe_amounts(got))}</b>' + (' ' + note if note else '')))}"
            f"</p>")
        self.redraw_chart()

    def _series(self) -> tuple[list[int], list[int]]:
        bonus = self._tiles[self.tile.value].cult_bonus
        x = list(range(11))
        return x, [sum(bonus.for_position(i).values()) for i in x]

    def _figure(self) -> go.Figure:
        bonus = self._tiles[self.tile.value].cult_bonus
        x, y = self._series()
        fig = go.Figure(go.Bar(x=x, y=y, marker_color=[_TRACK_COLOURS[bonus.track] if i == self.position.value
                                                       else "#c7c7c7" for i in x],
                               hovertemplate=_("position %{x}: %{y}") + "<extra></extra>"))
        fig.update_layout(title=_("{tile}: end-of-round bonus by cult position").format(tile=self.tile.value),
                          height=280, margin=dict(l=50, r=10, t=40, b=40), xaxis=dict(dtick=1, title=(
                              _("priests sent to cult tracks") if bonus.track == "CULT_P"
                              else _("position on {track}").format(track=track_name(bonus.track)))),
                          yaxis=dict(title=_(", ").join(_noun(code) for code in bonus.gain),
                                     dtick=1 if max(y) <= 12 else None))
        return fig


class CultTrackScoring(ChartOwner, widgets.VBox):
    """Set 2-5 players' positions on the four cult tracks; see the end-of-game VP with ties pooled.

    The VP come from :func:`companion.terra_mystica.scoring.rank_prizes` with the 8/4/2 prizes of
    ``tiles.json`` (``final_scoring.cults``): tied places pool their prizes and split them rounding down,
    a position of 0 scores nothing.

    Attributes
    ----------
    player_count : ipywidgets.Dropdown
    sliders : list of dict of str to ipywidgets.IntSlider
        ``sliders[player][track]``, positions 0-10.
    table : ipywidgets.HTML
        Positions and VP per player and track, with the rule applied to each track in words.
    chart : plotly.graph_objects.FigureWidget
        Positions per track (one bar per player), labelled with the VP won.
    """

    TRACKS = ("fire", "water", "earth", "air")
    NAMES = (N_("Red"), N_("Blue"), N_("Green"), N_("Yellow"), N_("Black"))
    COLOURS = ("#d62728", "#1f77b4", "#2ca02c", "#e6b800", "#444444")
    #: A start that shows every tie rule at once: two tied first on fire, a three-way tie on water,
    #: a zero on earth, two tied third on air.
    START = ((7, 3, 4, 2), (7, 3, 0, 5), (5, 3, 6, 2), (2, 1, 0, 8), (0, 0, 0, 0))

    def __init__(self) -> None:
        self._prizes = load_tiles().final_scoring["cults"].points
        self.player_count = widgets.Dropdown(options=[2, 3, 4, 5], value=4)
        self.sliders = [{track: widgets.IntSlider(value=self.START[p][t], min=0, max=10,
                                                  layout=widgets.Layout(width="230px"))
                         for t, track in enumerate(self.TRACKS)} for p in range(5)]
        self.name_labels = [widgets.HTML() for _p in range(5)]
        self.rows = [widgets.VBox([self.name_labels[p], *self.sliders[p].values()]) for p in range(5)]
        self._describe()
        self.box = widgets.HBox()
        self.table = widgets.HTML()
        self.player_count.observe(lambda _c: self.show(), names="value")
        for player in self.sliders:
            for slider in player.values():
                slider.observe(lambda _c: self.show(), names="value")
        self.show()
        self.chart_slot = ChartSlot(self._figure())
        super().__init__([self.player_count, self.box, self.table, self.chart_slot])
        add_language_listener(self._retranslate)

    def _names(self) -> tuple[str, ...]:
        return tuple(_(n) for n in self.NAMES)

    def _describe(self) -> None:
        self.player_count.description = _("Players")
        for p, sliders in enumerate(self.sliders):
            for track, slider in sliders.items():
                slider.description = track_name(track)
            self.name_labels[p].value = f"<b style='color:{self.COLOURS[p]}'>{html.escape(self._names()[p])}</b>"

    def close(self) -> None:
        """Stop following the language switch, then close the widget."""
        remove_language_listener(self._retranslate)
        super().close()

    def _retranslate(self, language: str) -> None:
        """Relabel the sliders and names and redraw the table and chart in the new language (in place)."""
        self._describe()
        self.show()

    def positions(self) -> dict[str, list[int]]:
        """Track -> positions of the players in play."""
        n = self.player_count.value
        return {track: [self.sliders[p][track].value for p in range(n)] for track in self.TRACKS}

    def vp(self) -> dict[str, list[int]]:
        """Track -> end-of-game VP of each player in play (from ``rank_prizes``)."""
        return {track: rank_prizes(values, self._prizes) for track, values in self.positions().items()}

    def show(self) -> None:
        """Recompute the VP and redraw the table and chart."""
        n = self.player_count.value
        self.box.children = self.rows[:n]
        positions, vp = self.positions(), self.vp()
        names = self._names()

        def vp_text(n: int) -> str:
            return html.escape(ngettext("{n} VP", "{n} VP", n).format(n=n))

        head = "".join(f"<th style='padding:2px 10px'>{html.escape(track_name(t))}</th>" for t in self.TRACKS)
        body = "".join(
            f"<tr><td style='color:{self.COLOURS[p]}'><b>{html.escape(names[p])}</b></td>"
            + "".join(f"<td style='padding:2px 10px;text-align:right'>{positions[t][p]} → "
                      f"<b>{vp_text(vp[t][p])}</b></td>" for t in self.TRACKS)
            + f"<td style='padding:2px 10px;text-align:right'><b>{vp_text(sum(vp[t][p] for t in self.TRACKS))}</b></td></tr>"
            for p in range(n))
        notes = "".join(f"<li>{html.escape(_labelled(track_name(t), _explain_ties(positions[t], vp[t], names, self._prizes)))}</li>"
                        for t in self.TRACKS)
        total = html.escape(_("total"))
        self.table.value = (f"<table class='tm-cults'><thead><tr><th></th>{head}<th>{total}</th></tr></thead>"
                            f"<tbody>{body}</tbody></table><ul>{notes}</ul>")
        self.redraw_chart()

    def _figure(self) -> go.Figure:
        n = self.player_count.value
        positions, vp = self.positions(), self.vp()
        names = self._names()
        hover = _("position %{y}, %{text}")
        fig = go.Figure([go.Bar(name=names[p], x=[track_name(t) for t in self.TRACKS], marker_color=self.COLOURS[p],
                                y=[positions[t][p] for t in self.TRACKS],
                                text=[ngettext("{n} VP", "{n} VP", vp[t][p]).format(n=vp[t][p]) for t in self.TRACKS],
                                textposition="outside",
                                hovertemplate=_labelled(html.escape(names[p]), hover) + "<extra></extra>")
                         for p in range(n)])
        fig.update_layout(barmode="group", title=_("Cult positions and end-of-game VP"), height=330,
                          yaxis=dict(range=[0, 11.5], dtick=1, title=_("position")),
                          margin=dict(l=40, r=10, t=40, b=40))
        return fig


def _explain_ties(values: list[int], vp: list[int], names: tuple[str, ...], prizes: tuple[int, ...]) -> str:
    """Words for how one ranking was paid: the groups and pooled prizes of
    :func:`companion.terra_mystica.scoring.prize_groups` (``vp`` is what the same rule paid)."""
    parts = []
    for g in prize_groups(values, prizes):
        group = list(g.members)
        if len(group) > 1:
            who = _("{some} and {last}").format(
                some=pgettext("list separator", ", ").join(names[p] for p in group[:-1]), last=names[group[-1]])
        else:
            who = names[group[0]]
        if g.value == 0:
            parts.append(_("{who} at 0 score nothing").format(who=who))
        elif not g.pooled:
            parts.append(ngettext("{who} ({value}) is out of the prizes", "{who} ({value}) are out of the prizes",
                                  len(group)).format(who=who, value=g.value))
        elif len(group) == 1:
            parts.append(_("{who} ({value}) is {place}: {vp} VP").format(who=who, value=g.value,
                                                                          place=_ordinal(g.place + 1), vp=vp[group[0]]))
        else:
            parts.append(_("{who} tie at {value} for {place}: {pool} / {count} = {vp} VP each").format(
                who=who, value=g.value, place=_ordinal(g.place + 1), pool=_pool(list(g.pooled)), count=len(group),
                vp=vp[group[0]]))
    return pgettext("clause separator", "; ").join(parts)


def _pool(prizes: list[int]) -> str:
    return f"({' + '.join(map(str, prizes))})" if len(prizes) > 1 else str(prizes[0])


def _ordinal(n: int) -> str:
    if n == 1:
        return _("1st")
    if n == 2:
        return _("2nd")
    if n == 3:
        return _("3rd")
    return _("{n}th").format(n=n)


class PowerBowlSimulator(ChartOwner, widgets.VBox):
    """Gain, spend and burn power, and answer a leech offer; the three bowls drawn as bars.

    Every move is :class:`companion.terra_mystica.power.PowerBowls` (``gain``, ``spend``, ``burn``) or
    :func:`companion.terra_mystica.power.leech_offer`; an illegal move shows the rules engine's message.

    Attributes
    ----------
    start : list of ipywidgets.BoundedIntText
        Tokens in bowls I, II, III to start from (default 5 / 7 / 0, most factions' start).
    start_vp : ipywidgets.BoundedIntText
        VP to start from (pays for leeching).
    start_label : ipywidgets.Label
        "Start from:" before those boxes: they keep the start while the bowls move (the chart and
        :attr:`state` show the bowls now).
    amount : ipywidgets.IntSlider
        Power to gain / spend / burn, or offered by a neighbour.
    bowls : PowerBowls
        The current bowls; ``vp`` the current VP.
    pending : LeechOffer or None
        The offer waiting for accept / decline.
    history : ipywidgets.HTML
        What each move did, newest first.
    chart : plotly.graph_objects.FigureWidget
        Bowls I, II, III and the tokens removed from the game.
    """

    BARS = (N_("bowl I"), N_("bowl II"), N_("bowl III"), N_("removed"))
    LABELS = {"gain": N_("gain power"), "spend": N_("spend power"), "burn": N_("burn power"),
              "offer": N_("neighbour builds")}

    def __init__(self) -> None:
        self.start = [widgets.BoundedIntText(value=v, min=0, max=30, layout=widgets.Layout(width="130px"))
                      for v in (5, 7, 0)]
        self.start_vp = widgets.BoundedIntText(value=20, min=0, max=300, layout=widgets.Layout(width="130px"))
        self.reset_button = widgets.Button(icon="undo")
        self.start_label = widgets.Label()  # the boxes hold where "start again" begins, not the bowls now
        self.amount = widgets.IntSlider(value=3, min=1, max=12)
        self.buttons = {verb: widgets.Button(layout=widgets.Layout(width="150px")) for verb in self.LABELS}
        self.accept_button = widgets.Button(disabled=True)
        self.decline_button = widgets.Button(disabled=True)
        self._describe()
        self.state = widgets.HTML()
        self.message = message_box()
        self.history = widgets.HTML()
        self.reset_button.on_click(lambda _b: self.reset())
        self.buttons["gain"].on_click(lambda _b: self.gain())
        self.buttons["spend"].on_click(lambda _b: self.spend())
        self.buttons["burn"].on_click(lambda _b: self.burn())
        self.buttons["offer"].on_click(lambda _b: self.offer())
        self.accept_button.on_click(lambda _b: self.answer(True))
        self.decline_button.on_click(lambda _b: self.answer(False))
        self._history: list[str] = []
        self.reset()
        self.chart_slot = ChartSlot(self._figure())
        super().__init__([
            widgets.HBox([self.start_label, *self.start, self.start_vp, self.reset_button]),
            widgets.HBox([self.amount, *self.buttons.values()]),
            widgets.HBox([self.accept_button, self.decline_button]),
            self.state, self.message, self.chart_slot, self.history])
        add_language_listener(self._retranslate)

    def _describe(self) -> None:
        for box, label in zip(self.start, self.BARS, strict=False):
            box.description = _(label)
        self.start_vp.description = _("VP")
        self.start_label.value = _("Start from:")
        self.reset_button.description = _("start again")
        self.amount.description = _("amount")
        for verb, button in self.buttons.items():
            button.description = _(self.LABELS[verb])
        self.accept_button.description = _("accept")
        self.decline_button.description = _("decline")

    def close(self) -> None:
        """Stop following the language switch, then close the widget."""
        remove_language_listener(self._retranslate)
        super().close()

    def _retranslate(self, language: str) -> None:
        """Relabel the controls and redraw the bowls, history and chart in the new language (in place)."""
        self._describe()
        if self.pending is not None:
            self.message.value = info_html(_("{offer} Accept or decline?").format(offer=self.pending.explanation))
        self._redraw()

    def reset(self) -> None:
        """Start again from the bowls and VP typed in :attr:`start` / :attr:`start_vp`."""
        self.pending = None
        self._history = []
        try:
            self.bowls = PowerBowls(*(box.value for box in self.start))
        except IllegalActionError as exc:
            self.message.value = error_html(str(exc))
            return
        self.vp = self.start_vp.value
        self._tokens = self.bowls.tokens
        self.message.value = ""
        self._redraw()

    def _step(self, move: Any) -> None:
        self.pending = None
        try:
            step = move()
        except IllegalActionError as exc:
            self.message.value = error_html(str(exc))
            self._redraw()
            return
        self.message.value = ""
        self.bowls = step.after
        self._history.insert(0, lambda text=step.explanation: text)
        self._redraw()

    def gain(self) -> None:
        """Gain :attr:`amount` power."""
        self._step(lambda: self.bowls.gain(self.amount.value))

    def spend(self) -> None:
        """Spend :attr:`amount` power (from bowl III)."""
        self._step(lambda: self.bowls.spend(self.amount.value))

    def burn(self) -> None:
        """Burn :attr:`amount` power (bowl II -> III, as many removed)."""
        self._step(lambda: self.bowls.burn(self.amount.value))

    def offer(self) -> None:
        """A neighbour builds next to you: offer :attr:`amount` power; accept or decline it next."""
        self.pending = leech_offer(self.bowls, self.amount.value, vp=self.vp)
        self.message.value = info_html(_("{offer} Accept or decline?").format(offer=self.pending.explanation))
        self._redraw()

    def answer(self, accept: bool) -> None:
        """Accept (gain the power, pay the VP) or decline the pending offer."""
        offer = self.pending
        if offer is None:
            return
        self.pending = None
        if accept:
            self.bowls = offer.after
            self.vp -= offer.vp_cost
            before, after = self.vp + offer.vp_cost, self.vp
            self._history.insert(0, lambda: _("Leech: {offer} VP {before} -> {after}.").format(
                offer=offer.explanation, before=before, after=after))
        else:
            bowls = self.bowls
            self._history.insert(0, lambda: ngettext("Declined an offer of {n} power: bowls stay {bowls}.",
                                                     "Declined an offer of {n} power: bowls stay {bowls}.",
                                                     offer.offered).format(n=offer.offered, bowls=bowls))
        self.message.value = ""
        self._redraw()

    def _redraw(self) -> None:
        waiting = self.pending is not None
        self.accept_button.disabled = self.decline_button.disabled = not waiting
        self.accept_button.button_style = "success" if waiting else ""
        for button in self.buttons.values():
            button.disabled = waiting
        b = self.bowls
        text = html.escape(_("Bowls {bowls} — {tokens} tokens, {spendable} power to spend now, up to {burn} to burn, "
                             "{gain} more power can be gained. {vp} VP.")).format(
            bowls=f"<b>{b.i} / {b.ii} / {b.iii}</b>", tokens=b.tokens, spendable=b.spendable, burn=b.max_burn,
            gain=b.max_gain, vp=f"<b>{self.vp}</b>")
        self.state.value = f"<p class='tm-bowls'>{text}</p>"
        self.history.value = "<ol>" + "".join(f"<li>{html.escape(t())}</li>" for t in self._history[:8]) + "</ol>"
        self.redraw_chart()

    def _values(self) -> list[int]:
        b = self.bowls
        return [b.i, b.ii, b.iii, max(0, self._tokens - b.tokens)]

    def _figure(self) -> go.Figure:
        values = self._values()
        fig = go.Figure(go.Bar(x=[_(bar) for bar in self.BARS], y=values, text=[str(v) for v in values],
                               textposition="outside",
                               marker_color=["#b39ddb", "#7e57c2", "#4527a0", "#bdbdbd"],
                               hovertemplate=_("%{x}: %{y} tokens") + "<extra></extra>"))
        fig.update_layout(title=_("Power bowls"), yaxis=dict(title=_("tokens"), range=[0, 14]), height=300,
                          margin=dict(l=40, r=10, t=40, b=40))
        return fig


_WHEEL_COLOURS = {"yellow": "#f1c40f", "brown": "#a0522d", "black": "#2c2c2c", "blue": "#2e86de",
                  "green": "#27ae60", "gray": "#95a5a6", "red": "#c0392b", "ice": "#d6f0ff", "volcano": "#e67e22"}
def _amount_text(amounts: Any) -> str:
    """What a terraforming pays or gains, in words (cult steps paid from one track, tokens removed)."""
    parts = []
    for code, n in amounts.items():
        if code == "CULT":
            parts.append(ngettext("{n} cult step", "{n} cult steps", n).format(n=n))
        else:
            parts.append(amounts_text({code: n}))
    return pgettext("list separator", ", ").join(p for p in parts if p) or _("nothing")


class TerraformExplorer(ChartOwner, widgets.VBox):
    """Faction, hex terrain and exchange level in; spades and what the faction pays out, on the wheel.

    Every number is :func:`companion.terra_mystica.terraform.terraform_cost`; the wheel is
    :func:`companion.terra_mystica.terrain.terrain_wheel`.

    Attributes
    ----------
    faction : ipywidgets.Dropdown
        All 20 factions.
    terrain : ipywidgets.Dropdown
        The hex's terrain now (one of the seven land terrains).
    level : ipywidgets.IntSlider
        Exchange (spade) level 0 .. the faction's maximum.
    picked : ipywidgets.Dropdown
        The terrain picked at setup (Ice Maidens, Yetis, Shapeshifters), shown only for them.
    others_home : ipywidgets.Checkbox
        Volcano factions: the hex is another player's home terrain.
    free : ipywidgets.IntSlider
        Spades already in hand (power action, bonus tile, cult bonus).
    cost : TerraformCost or None
        The last result (None when the faction cannot do it).
    answer : ipywidgets.HTML
        Spades, payment, bonuses and the engine's explanation, or the rule that forbids it.
    chart : plotly.graph_objects.FigureWidget
        The terrain wheel with the route taken.
    """

    def __init__(self) -> None:
        self._wheel = terrain_wheel()
        factions = load_factions()
        self._factions = factions
        self.faction = widgets.Dropdown(options=self._faction_options(), value="witches")
        self.terrain = widgets.Dropdown(options=self._terrain_options(), value="yellow")
        self.level = widgets.IntSlider(value=0, min=0, max=2, style={"description_width": "initial"})
        self.picked = widgets.Dropdown(options=self._terrain_options(), value="green",
                                       style={"description_width": "initial"})
        self.others_home = widgets.Checkbox(value=False)
        self.free = widgets.IntSlider(value=0, min=0, max=3, style={"description_width": "initial"})
        self._describe()
        self.answer = widgets.HTML()
        self.cost = None
        for box in (self.faction, self.terrain, self.level, self.picked, self.others_home, self.free):
            box.observe(lambda _c: self.show(), names="value")
        self.show()
        self.chart_slot = ChartSlot(self._figure())
        super().__init__([widgets.HBox([self.faction, self.terrain]),
                          widgets.HBox([self.level, self.free]),
                          widgets.HBox([self.picked, self.others_home]), self.answer, self.chart_slot])
        add_language_listener(self._retranslate)

    def _faction_options(self) -> list[tuple[str, str]]:
        facs = sorted(self._factions.values(), key=lambda f: faction_order(f.name))
        return [(faction_name(f.name) if f.expansion == "base" else _("{faction} (F&I)").format(
            faction=faction_name(f.name)), f.name) for f in facs]

    def _terrain_options(self) -> list[tuple[str, str]]:
        return [(terrain_name(colour), colour) for colour in self._wheel.colours]

    def _describe(self) -> None:
        self.faction.description = _("Faction")
        self.terrain.description = _("Hex is")
        self.level.description = _("Exchange level")
        self.picked.description = _("Picked at setup")
        self.others_home.description = _("another player's home terrain")
        self.free.description = _("Free spades")

    def close(self) -> None:
        """Stop following the language switch, then close the widget."""
        remove_language_listener(self._retranslate)
        super().close()

    def _retranslate(self, language: str) -> None:
        """Relabel the controls and redraw the answer and the wheel in the new language (in place)."""
        self._syncing = True
        try:
            for box, options in ((self.faction, self._faction_options()), (self.terrain, self._terrain_options()),
                                 (self.picked, self._terrain_options())):
                value = box.value
                box.options = options
                box.value = value
        finally:
            self._syncing = False
        self._describe()
        self.show()

    def show(self) -> None:
        """Ask ``terraform_cost`` for the chosen inputs and redraw."""
        if getattr(self, "_syncing", False):
            return
        f = self._factions[self.faction.value]
        top = f.spades.max_level if f.spades is not None else 0
        self.level.max = top
        self.level.disabled = top == 0
        # the picked terrain matters to terraforming only for ice factions and Shapeshifters
        uses_pick = f.picks_colour and f.terraform_mode in ("ice", "wheel")
        self.picked.layout.display = "" if uses_pick else "none"
        self.others_home.layout.display = "" if f.terraform_mode == "volcano" else "none"
        try:
            self.cost = terraform_cost(
                f.name, self.terrain.value, exchange_level=min(self.level.value, top),
                home=self.picked.value if uses_pick else None, free_spades=self.free.value,
                other_homes=[self.terrain.value] if self.others_home.value else ())
        except IllegalActionError as exc:
            self.cost = None
            self.answer.value = error_html(str(exc))
        else:
            c = self.cost
            paid = _amount_text(c.pay)
            if f.terraform_mode != "volcano":
                cost = ngettext("{n} spade → pay {paid}", "{n} spades → pay {paid}", c.spades).format(
                    n=c.spades, paid=paid)
            else:
                cost = _("pay {paid}").format(paid=paid)
            gains = (html.escape(pgettext("list separator", ", ") + _("gain {gains}")).format(
                gains=f"<b>{html.escape(_amount_text(c.gains))}</b>") if c.gains else "")
            route = (_("Route on the terrain wheel: {route}.").format(
                route=" → ".join(terrain_name(t) for t in c.route)) if len(c.route) > 1 else "")
            # the engine's own explanation is English prose; other languages read the route it took
            why = c.explanation if get_language() == "en" else route
            self.answer.value = (
                f"<p class='tm-terraform' style='font-size:1.15em'>"
                f"{_labelled(html.escape(faction_name(f.name)), f'<b>{html.escape(cost)}</b>{gains}')}</p>"
                f"<p>{html.escape(why)}</p>")
        self.redraw_chart()

    def _figure(self) -> go.Figure:
        colours = self._wheel.colours
        xy = {c: (math.sin(2 * math.pi * k / 7), math.cos(2 * math.pi * k / 7)) for k, c in enumerate(colours)}
        xy["ice"] = xy["volcano"] = (0.0, 0.0)
        f = self._factions[self.faction.value]
        uses_pick = f.picks_colour and f.terraform_mode in ("ice", "wheel")
        home = f.home_terrain if f.has_fixed_home else (self.picked.value if uses_pick else None)
        fig = go.Figure()
        route = self.cost.route if self.cost is not None else ()
        if len(route) > 1:
            fig.add_trace(go.Scatter(x=[xy[c][0] for c in route], y=[xy[c][1] for c in route],
                                     mode="lines+markers", line=dict(color="#555", width=4, dash="dot"),
                                     marker=dict(size=8, color="#555"), hoverinfo="skip", name="route"))
        special = [c for c in route if c in ("ice", "volcano")]
        shown = list(colours) + special
        fig.add_trace(go.Scatter(
            x=[xy[c][0] for c in shown], y=[xy[c][1] for c in shown], mode="markers+text",
            text=[terrain_name(c) for c in shown], textposition="middle right",
            marker=dict(size=[46 if c == home else 34 for c in shown],
                        color=[_WHEEL_COLOURS[c] for c in shown],
                        line=dict(width=[5 if c in (home, self.terrain.value) else 1 for c in shown],
                                  color=["#e6007e" if c == self.terrain.value else "#222" for c in shown])),
            hovertemplate="%{text}<extra></extra>", name="terrains"))
        title = (_("Terrain wheel (home: {home}, big) — the hex is ringed in pink").format(home=terrain_name(home))
                 if home in colours else _("Terrain wheel — the hex is ringed in pink"))
        fig.update_layout(title=title, height=400, showlegend=False,
                          xaxis=dict(visible=False, range=[-1.5, 1.9]),
                          yaxis=dict(visible=False, range=[-1.35, 1.35], scaleanchor="x"),
                          margin=dict(l=10, r=10, t=40, b=10), plot_bgcolor="white")
        return fig


#: The lesson's position (see :func:`town_key_position`): the Witches' cult positions FIRE / WATER / EARTH / AIR.
KEY_CHOICE_CULTS = {"FIRE": 6, "WATER": 9, "EARTH": 4, "AIR": 9}
_CULT_ORDER = ("FIRE", "WATER", "EARTH", "AIR")


def town_key_position() -> Game:
    """A two-player game (Halflings, Witches) where the Witches may take a town tile and hold no town key.

    The opening is played with :func:`companion.terra_mystica.engine.apply_action` (both factions' first
    dwellings, both pass); the Witches' cult positions are then set to :data:`KEY_CHOICE_CULTS` and one
    town tile is due. Town tile TW5 (one key, one step on every track) would take WATER and AIR from 9 to 10,
    but one key lets only one of them reach 10 (RULES-NOTES-D D.2): the engine stops both at 9 and waits
    for the player to say ``+WATER`` or ``+AIR`` (or to step one back first with ``-WATER`` / ``-AIR``).

    Returns
    -------
    companion.terra_mystica.engine.Game
        Round 1, the Halflings to act, the Witches with a town tile to take.
    """
    game = new_game(["halflings", "witches"], round_tiles=["SCORE5", "SCORE2", "SCORE3", "SCORE1", "SCORE4",
                                                           "SCORE6"], removed_bonus=["BON6"])
    for faction, command in (("halflings", "build E6"), ("witches", "build F4"), ("witches", "build E9"),
                             ("halflings", "build F5"), ("witches", "pass BON5"), ("halflings", "pass BON3")):
        game = apply_action(game, faction, command)
    witches = game.factions["witches"]
    witches.cult.update(KEY_CHOICE_CULTS)
    witches.keys = 0
    witches.set_owed(town=1)
    return game


class TownKeyChoice(ChartOwner, widgets.VBox):
    """Make a choice the rules leave to the player, on a real engine position, by pressing its command.

    The position is :func:`town_key_position`: the Witches stand at 6 / 9 / 4 / 9 on fire / water / earth /
    air with no town key and a town tile to take. Every button is a command of
    :func:`companion.terra_mystica.engine.legal_actions` for the Witches (tile picks ``+TWn``, cult picks
    ``+TRACK`` and steps back ``-TRACK``); pressing one is :func:`~companion.terra_mystica.engine.apply_action`
    and shows what changed. The widget decides nothing: the engine says which commands are open.

    Attributes
    ----------
    game : companion.terra_mystica.engine.Game
        The position now.
    choices : dict of str to ipywidgets.Button
        The Witches' legal commands now, by command text.
    typed : list of str
        The commands pressed so far, in order (what a player would type).
    state : ipywidgets.HTML
        Cult positions, keys, power bowls and VP, and the commands open now.
    history : ipywidgets.HTML
        What each command changed, newest first.
    chart : plotly.graph_objects.FigureWidget
        The Witches' four cult positions, 10 marked.
    """

    FACTION = "witches"

    def __init__(self) -> None:
        self.reset_button = widgets.Button(description=_("start again"), icon="undo")
        self.reset_button.on_click(lambda _b: self.reset())
        self.heading = widgets.HTML()
        self.buttons = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.state = widgets.HTML()
        self.message = message_box()
        self.history = widgets.HTML()
        self.choices: dict[str, widgets.Button] = {}
        self.reset()
        self.chart_slot = ChartSlot(self._figure())
        self._describe()
        super().__init__([self.heading, self.buttons,
                          widgets.HBox([self.reset_button]), self.state, self.message, self.chart_slot,
                          self.history])
        add_language_listener(self._retranslate)

    def _describe(self) -> None:
        self.heading.value = "<b>" + html.escape(_("The Witches may type:")) + "</b>"
        self.reset_button.description = _("start again")

    def close(self) -> None:
        """Stop following the language switch, then close the widget."""
        remove_language_listener(self._retranslate)
        super().close()

    def _retranslate(self, language: str) -> None:
        """Relabel and redraw the state, history and chart in the new language (in place)."""
        self._describe()
        self._redraw()

    def reset(self) -> None:
        """Start again from :func:`town_key_position`."""
        self.game = town_key_position()
        self.typed: list[str] = []
        self._history: list[str] = []
        self.message.value = ""
        self._redraw()

    def choose(self, command: str) -> None:
        """Apply ``command`` for the Witches (as a button press does); an illegal one shows the engine's message."""
        before = self.game.factions[self.FACTION]
        try:
            after_game = apply_action(self.game, self.FACTION, command)
        except IllegalActionError as exc:
            self.message.value = error_html(str(exc))
            return
        self.message.value = ""
        after = after_game.factions[self.FACTION]
        self._history.insert(0, lambda: _("{command}: {changes}").format(command=command,
                                                                          changes=_changes(before, after)))
        self.game = after_game
        self.typed.append(command)
        self._redraw()

    def _redraw(self) -> None:
        commands = legal_actions(self.game, self.FACTION)
        self.choices = {}
        for command in commands:
            button = widgets.Button(description=command, layout=widgets.Layout(width="auto"),
                                    button_style="info" if command.startswith("+") and not
                                    command.startswith("+TW") else "")
            button.on_click(lambda _b, c=command: self.choose(c))
            self.choices[command] = button
        self.buttons.children = list(self.choices.values())
        f = self.game.factions[self.FACTION]
        cults = " / ".join(f"{html.escape(track_name(t))} <b>{f.cult[t]}</b>" for t in _CULT_ORDER)
        sep = pgettext("list separator", ", ")
        held = (html.escape(_("Stopped at 9 for want of a free key: {tracks}.")).format(
            tracks="<b>" + html.escape(sep.join(track_name(t) for t in f.blocked)) + "</b>") if f.blocked else "")
        picks = [c for c in commands if c[1:] in _CULT_ORDER and c.startswith("+")]
        ask = ("<p class='tm-choice-ask'>" + html.escape(
            _("Your choice: the key takes one track to 10 — press {commands}.")).format(
            commands=html.escape(_(" or ")).join(f"<code>{html.escape(c)}</code>" for c in picks)) + "</p>"
               if picks else "")
        state = html.escape(_("{faction}: {cults}; town keys {keys}; power bowls {bowls}; {vp} VP.")).format(
            faction=html.escape(faction_name(self.FACTION)), cults=cults, keys=f"<b>{f.keys}</b>",
            bowls=f"<b>{f.bowls.i} / {f.bowls.ii} / {f.bowls.iii}</b>", vp=f"<b>{f.vp}</b>")
        typed = ("<p>" + html.escape(_("Typed so far: {commands}")).format(
            commands=f"<code>{html.escape('. '.join(self.typed))}</code>") + "</p>" if self.typed else "")
        self.state.value = (f"<p class='tm-choice-state'>{join_sentences(state, held)}</p>{ask}{typed}"
                            + ("" if commands else "<p>" + html.escape(_("Nothing left to choose.")) + "</p>"))
        self.history.value = "<ol>" + "".join(f"<li>{html.escape(t())}</li>" for t in self._history[:8]) + "</ol>"
        self.redraw_chart()

    def _figure(self) -> go.Figure:
        f = self.game.factions[self.FACTION]
        values = [f.cult[t] for t in _CULT_ORDER]
        fig = go.Figure(go.Bar(x=[track_name(t) for t in _CULT_ORDER], y=values, text=[str(v) for v in values],
                               textposition="outside", marker_color=[_TRACK_COLOURS[t] for t in _CULT_ORDER],
                               hovertemplate=_labelled("%{x}", "%{y}") + "<extra></extra>"))
        fig.add_hline(y=10, line_dash="dot", line_color="#555", annotation_text=_("10: needs a town key"),
                      annotation_position="top left")
        fig.update_layout(title=_("The Witches' cult positions"), height=300, yaxis=dict(range=[0, 11.5], dtick=1),
                          margin=dict(l=40, r=10, t=40, b=40))
        return fig


def _changes(before: Any, after: Any) -> str:
    """Words for what one command changed: cult positions, keys, power bowls, VP (read from the engine's
    faction state before and after; no rule is applied here)."""
    parts = [f"{track_name(t)} {before.cult[t]} → {after.cult[t]}" for t in _CULT_ORDER
             if before.cult[t] != after.cult[t]]
    if before.keys != after.keys:
        parts.append(_("town keys {before} → {after}").format(before=before.keys, after=after.keys))
    if tuple(before.bowls) != tuple(after.bowls):
        parts.append(_("power bowls {before} → {after}").format(before=before.bowls, after=after.bowls))
    if before.vp != after.vp:
        parts.append(_("{before} → {after} VP").format(before=before.vp, after=after.vp))
    if after.blocked:
        parts.append(_("stopped at 9 for want of a free key: {tracks}").format(
            tracks=pgettext("list separator", ", ").join(track_name(t) for t in after.blocked)))
    return pgettext("clause separator", "; ").join(parts) or _("nothing changed")


# ------------------------------------------------------------------ the factions, Fire & Ice included
#: What each faction does differently, in words (FIRE-ICE-NOTES sections 2-7 for the expansion factions,
#: the rules summary's faction list for the base game). Numbers the engine knows are not repeated here:
#: the lesson asks the engine (terraforming, power action costs, building power) and the data (start).
FACTION_ABILITIES: dict[str, tuple[str, ...]] = {
    "alchemists": (N_("They may trade 1 VP for 1 coin, and 2 coins for 1 VP, at any time."),
                   N_("Stronghold: 12 power at once, and from then on 2 power for every spade they gain.")),
    "auren": (N_("Stronghold: a favor tile at once, and an action once per round: 2 steps on one cult track."),),
    "chaosmagicians": (N_("They start with a single dwelling, placed after everyone else."),
                       N_("Each temple and the sanctuary give them 2 favor tiles instead of 1."),
                       N_("Stronghold: an action once per round to take two actions in a row.")),
    "cultists": (N_("When a neighbour takes power from their build they advance 1 step on a cult track; when every "
                    "neighbour declines they gain 1 power."),
                 N_("Stronghold: 7 VP at once.")),
    "darklings": (N_("A spade costs them 1 priest and gives 2 VP; they cannot improve their exchange level."),
                  N_("Stronghold: once, turn up to 3 workers into 3 priests.")),
    "dwarves": (N_("No shipping. Tunnelling: they may build one hex further for 2 more workers (1 after the "
                   "stronghold), gaining 4 VP each time."),),
    "engineers": (N_("Cheaper buildings, and an action: build a bridge for 2 workers."),
                  N_("Stronghold: when they pass, 3 VP per bridge that joins two of their buildings.")),
    "fakirs": (N_("No shipping, and their exchange level improves only once. Carpet flight: they may build further "
                  "away for 1 priest, gaining 4 VP each time."),),
    "giants": (N_("Every terraforming costs them exactly 2 spades, whatever the terrain."),
               N_("Stronghold: an action once per round for 2 free spades.")),
    "halflings": (N_("1 VP for every spade they gain; improving their exchange level is cheaper."),
                  N_("Stronghold: 3 spades at once, to use immediately.")),
    "mermaids": (N_("They start with shipping 1 and may found a town across one river hex."),
                 N_("Stronghold: one free shipping level.")),
    "nomads": (N_("They start with 3 dwellings."),
               N_("Stronghold (sandstorm): once per round, turn an adjacent hex into desert for free and build a "
                  "dwelling on it.")),
    "swarmlings": (N_("Dearer buildings, more income, and 3 workers for every town they found."),
                   N_("Stronghold: an action once per round to upgrade a dwelling to a trading house for free.")),
    "witches": (N_("5 VP for every town they found."),
                N_("Stronghold: an action once per round to build a dwelling on any free forest hex, however far.")),
    "icemaidens": (
        N_("Ice faction: at setup they pick a land terrain no other faction uses; their starting dwellings turn "
           "those hexes into ice for free."),
        N_("They build only on ice. Turning their picked terrain into ice costs 1 spade; any other terrain costs "
           "its distance to the picked terrain on the terrain wheel."),
        N_("They start with a favor tile, taken during setup."),
        N_("Stronghold: every time they pass, 3 VP per temple they have on the map."),
    ),
    "yetis": (
        N_("Ice faction: like the Ice Maidens they pick a land terrain at setup and build only on ice."),
        N_("Every power action costs them 1 power less (actions of bonus tiles and favor tiles do not)."),
        N_("Their stronghold and sanctuary have building power 4: in towns, and for the power they receive when a "
           "neighbour builds."),
        N_("Stronghold: they may take a power action even when its space is already taken this round, as often "
           "as they like; each use is a full action, paid in full."),
    ),
    "acolytes": (
        N_("Volcano faction: their only terraforming turns a hex into a volcano. The action starts with a free "
           "dig 1; then they lose 3 steps on one cult track, or 4 when the hex is the home terrain of another "
           "faction."),
        N_("Every spade they would gain (bonus tile, power action, cult bonus) becomes 1 step on a cult track "
           "of their choice instead."),
        N_("They start at 3 on every cult track."),
        N_("Stronghold: every priest they send to a cult track advances 1 extra step."),
    ),
    "dragonlords": (
        N_("Volcano faction: a volcano costs them 1 power token removed from the game, or 2 when the hex is "
           "the home terrain of another faction; tokens leave bowl I first, then II, then III."),
        N_("Every spade they would gain becomes 1 new power token in bowl I."),
        N_("Stronghold: once, when it is built, as many new power tokens in bowl I as there are factions in the "
           "game."),
        N_("Tokens they lose also lower the power they can accept from neighbours."),
    ),
    "riverwalkers": (
        N_("At setup they pick their colour; their starting dwellings must stand next to a river."),
        N_("They never terraform: no digging, spades they gain are lost, and the spade actions (ACT5, ACT6, "
           "BON1) are not open to them."),
        N_("They build only on terrains they have unlocked and reach a hex only across a river (1 river hex, 2 "
           "while holding BON4); land next to them gives no reach, and shipping cannot be advanced."),
        N_("Every priest they gain becomes a choice: unlock a terrain (1 coin, or 2 coins if it is another "
           "faction's home terrain) or take the priest."),
        N_("Stronghold: 2 free bridges, placed in the same action; each must touch one of their buildings."),
    ),
    "shapeshifters": (
        N_("At setup they pick their home terrain. They cannot improve their exchange level: a spade always "
           "costs 3 workers."),
        N_("When an opponent accepts power from one of their builds they may pay 1 VP for a new power token in "
           "bowl III; when every opponent declines, they gain 1 power."),
        N_("Stronghold: change their home terrain to one no faction uses, for 5 power (ACTH5) or 5 power tokens "
           "(ACTH6); their buildings change with it. These action spaces are never blocked."),
    ),
}
#: Ice and volcano hexes (FIRE-ICE-NOTES section 3).
ICE_VOLCANO_RULE = lazy_gettext(
    "Ice and volcano are the two Fire & Ice terrains. No map starts with them: they appear when an ice or volcano "
    "faction builds. An ice or volcano hex can never be terraformed again, by anyone. “Another faction's home "
    "terrain” means the current home terrain of any faction except the Riverwalkers; the terrains picked by ice "
    "and volcano factions do not count.")


class FactionLesson(widgets.VBox):
    """Pick a faction (the 14 of the base game and the 6 of Fire & Ice): what it starts with, what
    terraforming costs it on every terrain, its building power and power action costs, and what it does
    differently.

    Numbers come from the one rules core: start resources and tracks from
    :func:`companion.terra_mystica.factions.load_factions`, terraforming from
    :func:`companion.terra_mystica.terraform.terraform_cost` (the engine's refusals shown as such), power
    action costs from :meth:`companion.terra_mystica.tiles.PowerAction.cost_for`; the abilities are the
    words of :data:`FACTION_ABILITIES` (FIRE-ICE-NOTES for the expansion factions).

    Attributes
    ----------
    faction : ipywidgets.Dropdown
        All 20 factions, base game first.
    picked : ipywidgets.Dropdown
        The land terrain picked at setup (factions that pick one).
    card : ipywidgets.HTML
        The lesson for the chosen faction.
    """

    def __init__(self, faction: str = "icemaidens") -> None:
        self._wheel = terrain_wheel()
        self._factions = load_factions()
        self.faction = widgets.Dropdown(options=self._faction_options(), value=faction,
                                        layout=widgets.Layout(width="320px"))
        self.picked = widgets.Dropdown(options=self._terrain_options(), value="black",
                                       style={"description_width": "initial"}, layout=widgets.Layout(width="320px"))
        self.card = widgets.HTML()
        self.faction.observe(lambda _c: self.show(), names="value")
        self.picked.observe(lambda _c: self.show(), names="value")
        self._label()
        self.show()
        super().__init__([widgets.HBox([self.faction, self.picked]), self.card])
        add_language_listener(self._retranslate)

    def _faction_options(self) -> list[tuple[str, str]]:
        facs = sorted(self._factions.values(), key=lambda f: faction_order(f.name))
        return [(faction_name(f.name) + ("" if f.expansion == "base" else " " + _("(Fire & Ice)")), f.name)
                for f in facs]

    def _terrain_options(self) -> list[tuple[str, str]]:
        return [(terrain_name(c), c) for c in self._wheel.colours]

    def _label(self) -> None:
        self.faction.description = _("Faction")
        self.picked.description = _("Picked at setup")

    def close(self) -> None:
        """Stop following the language switch, then close the widget."""
        remove_language_listener(self._retranslate)
        super().close()

    def _retranslate(self, language: str) -> None:
        """Relabel the controls and redraw the card in the new language (the same widgets)."""
        value, picked = self.faction.value, self.picked.value
        self.faction.options = self._faction_options()
        self.faction.value = value
        self.picked.options = self._terrain_options()
        self.picked.value = picked
        self._label()
        self.show()

    def _cost_text(self, f: Any, terrain: str, *, others: bool = False) -> str:
        home = self.picked.value if f.picks_colour and f.terraform_mode in ("ice", "wheel") else None
        try:
            c = terraform_cost(f.name, terrain, home=home, other_homes=[terrain] if others else ())
        except IllegalActionError:
            return "<span style='color:#b00020'>" + html.escape(_("not allowed")) + "</span>"
        pay = dict(c.pay)
        if "CULT" in pay:
            paid = ngettext("lose {n} step on one cult track", "lose {n} steps on one cult track",
                            pay["CULT"]).format(n=pay["CULT"])
        elif "PW_TOKEN" in pay:
            paid = ngettext("remove {n} power token from the game", "remove {n} power tokens from the game",
                            pay["PW_TOKEN"]).format(n=pay["PW_TOKEN"])
        else:
            paid = amounts_text(pay) or _("nothing")
        text = (paid if f.terraform_mode == "volcano"
                else ngettext("{n} spade: {paid}", "{n} spades: {paid}", c.spades).format(n=c.spades, paid=paid))
        if c.gains:
            text += " " + _("(gain {gains})").format(gains=amounts_text(dict(c.gains)))
        return html.escape(text)

    def show(self) -> None:
        """Draw the card of the chosen faction."""
        f = self._factions[self.faction.value]
        self.picked.layout.display = "" if f.picks_colour and f.terraform_mode in ("ice", "wheel") else "none"
        s = f.start
        fire_ice = f.expansion != "base"
        if f.has_fixed_home:
            home = terrain_name(f.home_terrain)
        elif f.home_terrain in ("ice", "volcano"):
            home = _("{terrain} (they pick a land terrain at setup)").format(terrain=terrain_name(f.home_terrain))
        else:
            home = _("chosen at setup")
        start = _("{coins}, {workers}, {priests}; power bowls I/II/III {b1}/{b2}/{b3}; cult tracks "
                  "{tracks} {f}/{w}/{e}/{a}; {vp}").format(
            coins=amounts_text({"C": s.coins}), workers=amounts_text({"W": s.workers}),
            priests=amounts_text({"P": s.priests}) or _("no priests"), b1=s.power[0], b2=s.power[1], b3=s.power[2],
            tracks="/".join(track_name(t) for t in ("FIRE", "WATER", "EARTH", "AIR")),
            f=s.cults["fire"], w=s.cults["water"], e=s.cults["earth"], a=s.cults["air"],
            vp=amounts_text({"VP": s.vp}))
        rows = [(_("Home terrain"), html.escape(home)), (_("Start"), html.escape(start))]
        ship = f.shipping
        ship_text = (_("shipping {start}, at most {max}").format(start=ship.start, max=ship.max)
                     if ship.max else _("no shipping"))
        spade_text = (_("no spade track") if f.spades is None else
                      _("exchange level {start} to {max}").format(start=f.spades.start_level, max=f.spades.max_level))
        rows.append((_("Tracks"), html.escape(pgettext("clause separator", "; ").join((ship_text, spade_text)))))
        powers = " · ".join(f"{building_name(k)} {f.building_power(k)}" for k in ("D", "TP", "TE", "SH", "SA"))
        rows.append((_("Building power"), html.escape(powers)))
        acts = load_tiles().power_actions
        rows.append((_("Power actions cost"), html.escape(
            " · ".join(f"{a} {p.cost_for(f)}" for a, p in acts.items()))))
        head = "".join(f"<th style='padding:2px 6px'>{html.escape(terrain_name(c))}</th>" for c in self._wheel.colours)
        cells = "".join(f"<td style='padding:2px 6px;text-align:center'>{self._cost_text(f, c)}</td>"
                        for c in self._wheel.colours)
        pay_label = html.escape(_("to build here, they pay"))
        table = (f"<table style='border-collapse:collapse;font-size:13px'><tr><th></th>{head}</tr>"
                 f"<tr><td style='padding:2px 6px'><b>{pay_label}</b></td>{cells}</tr>")
        if f.terraform_mode == "volcano":
            cells = "".join(f"<td style='padding:2px 6px;text-align:center'>{self._cost_text(f, c, others=True)}</td>"
                            for c in self._wheel.colours)
            others_label = html.escape(_("if it is another faction’s home terrain"))
            table += (f"<tr><td style='padding:2px 6px'><b>{others_label}"
                      f"</b></td>{cells}</tr>")
        table += "</table>"
        facts = "".join(f"<tr><td style='padding:2px 8px;vertical-align:top'><b>{html.escape(k)}</b></td>"
                        f"<td style='padding:2px 8px'>{v}</td></tr>" for k, v in rows)
        abilities = "".join(f"<li>{html.escape(_(t))}</li>" for t in FACTION_ABILITIES.get(f.name, ()))
        terrain_rule = (f"<p style='color:#444'>{html.escape(str(ICE_VOLCANO_RULE))}</p>"
                        if f.home_terrain in ("ice", "volcano") else "")
        badge = " <small>" + html.escape(_("(Fire & Ice)")) + "</small>" if fire_ice else ""
        differently = html.escape(_("What they do differently"))
        terraforming = html.escape(_("Terraforming a hex into their terrain"))
        self.card.value = (
            f"<div class='tm-faction'><h4 style='margin:4px 0'>{html.escape(faction_name(f.name))}{badge}</h4>"
            f"<table style='border-collapse:collapse;font-size:13px'>{facts}</table>"
            f"<p style='margin:6px 0 2px'><b>{differently}</b></p>"
            f"<ul style='margin:2px 0'>{abilities}</ul>{terrain_rule}"
            f"<p style='margin:6px 0 2px'><b>{terraforming}</b></p>"
            f"{table}</div>")
