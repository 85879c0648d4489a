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

__all__ = ["CRYSTAL_COLOURS", "crystals_html", "merchant_html", "golem_html", "table_html", "TableView",
           "player_names"]

CRYSTAL_COLOURS = {"yellow": "#f2c200", "green": "#2ca02c", "blue": "#17a2c8", "pink": "#d6339c"}
COIN_COLOURS = {"copper": "#b87333", "silver": "#a8a9ad"}

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
    return [f"Player {i + 1}" for i in range(state.n_players)]


def _dot(colour: str) -> str:
    return f'<span class="cge-dot" title="{colour}" style="background:{CRYSTAL_COLOURS[colour]}"></span>'


def crystals_html(counts: Sequence[int], *, empty: str = "—") -> str:
    """Coloured dots for crystal counts, low colours first.

    Parameters
    ----------
    counts : sequence of 4 int
        Crystals of each colour (yellow, green, blue, pink).
    empty : str
        Text shown when there are no crystals.

    Returns
    -------
    str
        HTML: one dot per crystal, each titled with its colour name.
    """
    dots = "".join(_dot(colour) * n for colour, n in zip(COLOURS, counts, strict=True))
    return dots or f'<span class="cge-note">{empty}</span>'


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
        effect = f"<b>Upgrade {card.upgrades}</b>"
    elif card.kind == "create":
        effect = "→ " + crystals_html(card.outputs)
    else:
        effect = crystals_html(card.inputs) + " → " + crystals_html(card.outputs)
    top = f'<div class="cge-pos">{"pos " + str(position) + " · " if position else ""}{card_id}</div>'
    extra = ""
    if on_card is not None and any(on_card):
        extra = f'<div class="cge-note" title="crystals placed on this card">on it: {crystals_html(on_card)}</div>'
    cls = "cge-card played" if played else "cge-card"
    return f'<div class="{cls}" title="{html.escape(card.name)}">{top}<div>{effect}</div>{extra}</div>'


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
        coin_html = f'<div><span class="cge-coin" style="background:{COIN_COLOURS[coin]}">{coin}</span></div>'
    pos = f"pos {position} · " if position else ""
    return (f'<div class="cge-card golem">{coin_html}<div class="cge-pos">{pos}{golem_id}</div>'
            f'<div class="cge-pts">{golem.points} VP</div><div>{crystals_html(golem.cost)}</div></div>')


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
    parts = [_CSS, '<div class="cge-table">']
    if state.finished:
        final = score(state, names)
        status = f"Game over: {html.escape(final.winner)} wins with {final.lines[final.winner_index].total} VP"
        if len(final.tied) > 1:
            status += f" (tied with {html.escape(', '.join(n for n in final.tied if n != final.winner))}; " \
                      "the tied player latest in turn order wins)"
        status += "."
    elif state.stage == DISCARD:
        status = (f"{html.escape(names[state.current])} holds {sum(state.caravans[state.current])} crystals and "
                  f"must return the excess above {CARAVAN_LIMIT}.")
    else:
        status = f"Round {state.round}: {html.escape(names[state.current])} to act."
    if state.end_triggered and not state.finished:
        status += (f" The end is triggered ({end_threshold(state.n_players)} golems): the round is being "
                   "finished.")
    parts.append(f'<div class="cge-title">{status}</div>')
    golems = "".join(golem_html(g, position=i, coin=coin_for_position(state, i))
                     for i, g in enumerate(state.golem_row, 1))
    parts.append(f'<div class="cge-title">Golem row <span class="cge-note">(copper pile {state.copper_pile}, '
                 f'silver pile {state.silver_pile}, {len(state.golem_deck)} in the deck)</span></div>'
                 f'<div class="cge-row">{golems or "empty"}</div>')
    market = "".join(merchant_html(m, position=i, on_card=state.market_crystals[i - 1])
                     for i, m in enumerate(state.market, 1))
    parts.append(f'<div class="cge-title">Market <span class="cge-note">({len(state.merchant_deck)} in the deck; '
                 f'position {len(state.market)} is next to the deck)</span></div>'
                 f'<div class="cge-row">{market or "empty"}</div>')
    totals = score(state, names).lines if show_scores else None
    for seat in range(state.n_players):
        current = seat == state.current and not state.finished
        caravan = state.caravans[seat]
        hand = "".join(merchant_html(c) for c in state.hands[seat]) or '<span class="cge-note">none</span>'
        played = "".join(merchant_html(c, played=True) for c in state.played[seat]) or \
            '<span class="cge-note">none</span>'
        golem_pts = [load_cards().golem(g).points for g in state.golems[seat]]
        vp = f" · <b>{totals[seat].total} VP</b>" if totals is not None else ""
        parts.append(
            f'<div class="cge-player{" current" if current else ""}">'
            f'<b>{seat + 1}. {html.escape(names[seat])}</b>{" ◀ to act" if current else ""}{vp}'
            f' · caravan {sum(caravan)}/{CARAVAN_LIMIT}: {crystals_html(caravan)}'
            f' · golems {len(golem_pts)} ({", ".join(map(str, golem_pts)) or "none"})'
            f' · copper {state.copper[seat]} · silver {state.silver[seat]}'
            f'<div class="cge-row"><span class="cge-note">hand:</span>{hand}'
            f'<span class="cge-note">&nbsp; played:</span>{played}</div></div>')
    parts.append("</div>")
    return "".join(parts)


class TableView(widgets.HTML):
    """An HTML widget showing a table; call :meth:`show` with a new state to redraw."""

    def __init__(self, state: State | None = None, names: Sequence[str] | None = None) -> None:
        super().__init__(value="")
        self.names = names
        if state is not None:
            self.show(state)

    def show(self, state: State, names: Sequence[str] | None = None) -> None:
        """Redraw for ``state`` (and ``names``, when given)."""
        if names is not None:
            self.names = names
        self.value = table_html(state, self.names)
