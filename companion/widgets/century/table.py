"""Draw a Century: Golem Edition table from a :class:`companion.century.State` value (HTML, no rules).

The golem row (with the copper and silver piles above positions 1 and 2), the market row (with the crystals
placed on its cards) and every player's caravan, hand, played cards, golems and coins are drawn as HTML,
which shows the same in JupyterLab, Voila and a static export. Which coin a golem position pays comes from
:func:`companion.century.coin_for_position`; the running score from :func:`companion.century.score`.
"""

from __future__ import annotations

import html
from collections.abc import Sequence

import ipywidgets as widgets

from companion.century import COLOURS, DISCARD, State, coin_for_position, end_threshold, load_cards, score
from companion.century.state import CARAVAN_LIMIT
from companion.i18n import _, add_language_listener, lazy_gettext, ngettext, remove_language_listener
from companion.widgets.century.actions import card_name
from companion.widgets.common import join_sentences
from companion.widgets.touch import TOUCH_CSS, tip_html

__all__ = ["CRYSTAL_COLOURS", "crystals_html", "merchant_html", "golem_html", "table_html", "TableView",
           "player_names"]

CRYSTAL_COLOURS = {"yellow": "#f2c200", "green": "#2ca02c", "blue": "#17a2c8", "pink": "#d6339c"}
COIN_COLOURS = {"copper": "#b87333", "silver": "#a8a9ad"}
COLOUR_NAMES = {"yellow": lazy_gettext("yellow"), "green": lazy_gettext("green"), "blue": lazy_gettext("blue"),
                "pink": lazy_gettext("pink")}
COIN_NAMES = {"copper": lazy_gettext("copper"), "silver": lazy_gettext("silver")}

_CSS = """<style>
.cge-table {font-family: sans-serif; font-size: 13px; line-height: 1.3}
.cge-row {display: flex; flex-wrap: wrap; gap: 6px; align-items: flex-end; margin: 2px 0 8px 0}
.cge-card {border: 1px solid #999; border-radius: 6px; padding: 4px 6px; min-width: 70px; background: #fafafa;
  text-align: center}
.cge-card.golem {background: #f3efe6; min-width: 86px}
.cge-card.played {opacity: 0.55}
.cge-pos {font-size: 11px; color: #666}
.cge-pts {font-weight: bold; font-size: 15px}
.cge-dot {display: inline-block; width: 11px; height: 11px; border-radius: 50%; margin: 0 1px;
  border: 1px solid rgba(0,0,0,0.35); vertical-align: middle}
.cge-coin {display: inline-block; padding: 0 5px; border-radius: 8px; color: white; font-size: 11px}
.cge-player {border: 1px solid #ccc; border-radius: 8px; padding: 6px 8px; margin: 4px 0}
.cge-player.current {border: 2px solid #1f77b4; background: #f0f6fc}
.cge-title {font-weight: bold; margin-top: 4px}
.cge-note {color: #555}
</style>"""


def player_names(state: State, names: Sequence[str] | None = None) -> list[str]:
    """Names by seat: ``names`` when given (and long enough), else ``Player 1``, ``Player 2``, ..."""
    if names is not None and len(names) >= state.n_players:
        return [str(n) for n in names[:state.n_players]]
    return [_("Player {number}").format(number=i + 1) for i in range(state.n_players)]


def _dot(colour: str) -> str:
    return (f'<span class="cge-dot" title="{html.escape(str(COLOUR_NAMES[colour]))}" '
            f'style="background:{CRYSTAL_COLOURS[colour]}"></span>')


def crystals_html(counts: Sequence[int], *, empty: str = "—") -> str:
    """Coloured dots for crystal counts, low colours first.

    Parameters
    ----------
    counts : sequence of 4 int
        Crystals of each colour (yellow, green, blue, pink).
    empty : str
        Text shown when there are no crystals (HTML-escaped here).

    Returns
    -------
    str
        HTML: one dot per crystal, each titled with its colour name.
    """
    dots = "".join(_dot(colour) * n for colour, n in zip(COLOURS, counts, strict=True))
    return dots or f'<span class="cge-note">{html.escape(str(empty))}</span>'


def merchant_html(card_id: str, *, position: int | None = None, on_card: Sequence[int] | None = None,
                  played: bool = False) -> str:
    """One merchant card: its id and effect drawn with crystals (create ``→ ●●``, trade ``●● → ●``, upgrade).

    Parameters
    ----------
    card_id : str
        ``S01``/``S02`` or ``M01``..``M43`` (see :func:`companion.century.load_cards`).
    position : int or None
        Market position (1 = furthest from the deck), shown when given.
    on_card : sequence of 4 int or None
        Crystals placed on the card in the market (shown when any).
    played : bool
        Draw it faded, as a played card waiting for a rest.

    Raises
    ------
    KeyError
        For an unknown card id.
    """
    card = load_cards().merchant(card_id)
    if card.kind == "upgrade":
        effect = "<b>" + html.escape(_("Upgrade {n}").format(n=card.upgrades)) + "</b>"
    elif card.kind == "create":
        effect = "→ " + crystals_html(card.outputs)
    else:
        effect = crystals_html(card.inputs) + " → " + crystals_html(card.outputs)
    pos = _("pos {position}").format(position=position) + " · " if position else ""
    top = f'<div class="cge-pos">{html.escape(pos)}{card_id}</div>'
    extra = ""
    if on_card is not None and any(on_card):
        title, label = html.escape(_("crystals placed on this card")), html.escape(_("on it:"))
        extra = f'<div class="cge-note" title="{title}">{label} {crystals_html(on_card)}</div>'
    cls = "cge-card played" if played else "cge-card"
    return tip_html(f"{top}<div>{effect}</div>{extra}", card_name(card), tag="div", css_class=cls)


def golem_html(golem_id: str, *, position: int | None = None, coin: str | None = None) -> str:
    """One golem card: printed points (VP) and exact cost in crystals.

    Parameters
    ----------
    golem_id : str
        ``G01``..``G36``.
    position : int or None
        Position in the golem row (1 = furthest from the deck).
    coin : {"copper", "silver", None}
        The coin a claim at this position pays now (from :func:`companion.century.coin_for_position`),
        drawn above the card.

    Raises
    ------
    KeyError
        For an unknown golem id.
    """
    golem = load_cards().golem(golem_id)
    coin_html = ""
    if coin:
        coin_html = (f'<div><span class="cge-coin" style="background:{COIN_COLOURS[coin]}">'
                     f'{html.escape(str(COIN_NAMES[coin]))}</span></div>')
    pos = html.escape(_("pos {position}").format(position=position)) + " · " if position else ""
    return (f'<div class="cge-card golem">{coin_html}<div class="cge-pos">{pos}{golem_id}</div>'
            '<div class="cge-pts">' + html.escape(_("{vp} VP").format(vp=golem.points)) + '</div>'
            f'<div>{crystals_html(golem.cost)}</div></div>')


def table_html(state: State, names: Sequence[str] | None = None, *, show_scores: bool = True) -> str:
    """The whole table as HTML.

    Parameters
    ----------
    state : State
        Any state (a finished game shows the final scores).
    names : sequence of str or None
        Player names by seat.
    show_scores : bool
        Show each player's running VP (golems + coins + non-yellow crystals) from :func:`companion.century.score`.
    """
    names = player_names(state, names)
    parts = [_CSS, TOUCH_CSS, '<div class="cge-table">']
    if state.finished:
        final = score(state, names)
        vp = final.lines[final.winner_index].total
        if len(final.tied) > 1:
            others = _(", ").join(n for n in final.tied if n != final.winner)
            status = _("Game over: {winner} wins with {vp} VP (tied with {others}; the tied player latest in turn "
                       "order wins).").format(winner=final.winner, vp=vp, others=others)
        else:
            status = _("Game over: {winner} wins with {vp} VP.").format(winner=final.winner, vp=vp)
    elif state.stage == DISCARD:
        status = _("{name} holds {n} crystals and must return the excess above {limit}.").format(
            name=names[state.current], n=sum(state.caravans[state.current]), limit=CARAVAN_LIMIT)
    else:
        status = _("Round {round}: {name} to act.").format(round=state.round, name=names[state.current])
    if state.end_triggered and not state.finished:
        status = join_sentences(status, _("The end is triggered ({n} golems): the round is being finished.").format(
            n=end_threshold(state.n_players)))
    status = html.escape(status)
    empty = html.escape(_("empty"))
    none = '<span class="cge-note">' + html.escape(_("none")) + '</span>'
    parts.append(f'<div class="cge-title">{status}</div>')
    golems = "".join(golem_html(g, position=i, coin=coin_for_position(state, i))
                     for i, g in enumerate(state.golem_row, 1))
    note = _("(copper pile {copper}, silver pile {silver}, {deck} in the deck)").format(
        copper=state.copper_pile, silver=state.silver_pile, deck=len(state.golem_deck))
    title = html.escape(_("Golem row"))
    parts.append(f'<div class="cge-title">{title} <span class="cge-note">{html.escape(note)}'
                 f'</span></div><div class="cge-row">{golems or empty}</div>')
    market = "".join(merchant_html(m, position=i, on_card=state.market_crystals[i - 1])
                     for i, m in enumerate(state.market, 1))
    note = _("({deck} in the deck; position {position} is next to the deck)").format(
        deck=len(state.merchant_deck), position=len(state.market))
    title = html.escape(_("Market"))
    parts.append(f'<div class="cge-title">{title} <span class="cge-note">{html.escape(note)}'
                 f'</span></div><div class="cge-row">{market or empty}</div>')
    totals = score(state, names).lines if show_scores else None
    for seat in range(state.n_players):
        current = seat == state.current and not state.finished
        caravan = state.caravans[seat]
        hand = "".join(merchant_html(c) for c in state.hands[seat]) or none
        played = "".join(merchant_html(c, played=True) for c in state.played[seat]) or none
        golem_pts = [load_cards().golem(g).points for g in state.golems[seat]]
        vp = " · <b>" + html.escape(_("{vp} VP").format(vp=totals[seat].total)) + "</b>" if totals is not None else ""
        to_act = " ◀ " + html.escape(_("to act")) if current else ""
        caravan_text = _("caravan {n}/{limit}:").format(n=sum(caravan), limit=CARAVAN_LIMIT)
        golem_text = ngettext("{n} golem ({points})", "{n} golems ({points})", len(golem_pts)).format(
            n=len(golem_pts), points=_(", ").join(map(str, golem_pts)) or _("none"))
        hand_label, played_label = html.escape(_("hand:")), html.escape(_("played:"))
        coins = _("copper {copper} · silver {silver}").format(copper=state.copper[seat], silver=state.silver[seat])
        parts.append(
            f'<div class="cge-player{" current" if current else ""}">'
            f'<b>{seat + 1}. {html.escape(names[seat])}</b>{to_act}{vp}'
            f' · {html.escape(caravan_text)} {crystals_html(caravan)}'
            f' · {html.escape(golem_text)} · {html.escape(coins)}'
            f'<div class="cge-row"><span class="cge-note">{hand_label}</span>{hand}'
            f'<span class="cge-note">&nbsp; {played_label}</span>{played}</div></div>')
    parts.append("</div>")
    return "".join(parts)


class TableView(widgets.HTML):
    """An HTML widget showing a table; call :meth:`show` with a new state to redraw."""

    def __init__(self, state: State | None = None, names: Sequence[str] | None = None) -> None:
        super().__init__(value="")
        self.names = names
        self.state: State | None = None
        if state is not None:
            self.show(state)
        add_language_listener(self._retranslate)

    def show(self, state: State, names: Sequence[str] | None = None) -> None:
        """Redraw for ``state`` (and ``names``, when given)."""
        if names is not None:
            self.names = names
        self.state = state
        self.value = table_html(state, self.names)

    def close(self) -> None:
        """Stop following the language switch, then close the widget."""
        remove_language_listener(self._retranslate)
        super().close()

    def _retranslate(self, language: str) -> None:
        """Draw the same table again in ``language``, in place."""
        del language
        if self.state is not None:
            self.value = table_html(self.state, self.names)
