"""The coach's review and hint in Century and Merchants of Magick, as a learner reads them (issue 20, the review
of the coach, items 2-3): a Century move is named by the card it takes (the merchant card's trade, the crystals
lying on it; the golem card's VP, crystals and coin), not by its position alone; the review chart's drop labels
never sit on each other, at a desktop's and a phone's plot width; a review kept after new moves says it is out
of date, and one whose moves were undone is gone (the same panel in every game)."""

from __future__ import annotations

import html
import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion import i18n
from companion.century.actions import Acquire, Claim, RevealGolem, RevealMerchant
from companion.century.engine import legal_actions, new_game
from companion.coach import Drop, Review
from companion.magick import engine as magick_engine
from companion.widgets.century.game import CenturyGame
from companion.widgets.coach import review_figure
from companion.widgets.magick.play import PlayAGame

CARDS = json.loads((Path(__file__).resolve().parents[2] / "data" / "century" / "cards.json").read_text("utf-8"))


# ------------------------------------------------------------------------------------------ Century's words
def _table():
    """A hand-made table: market M01..M06 (M04 is the create card making 1 blue), 1 yellow and 1 green lying on
    position 4; golems G01..G05 (G01: 6 VP for 2 yellow 2 green; G02: 7 VP for 3 yellow 2 green)."""
    s = new_game(2, golem_row=["G01", "G02", "G03", "G04", "G05"], market=["M01", "M02", "M03", "M04", "M05", "M06"])
    return s._replace(market_crystals=s.market_crystals[:3] + ((1, 1, 0, 0),) + s.market_crystals[4:])


def test_the_data_behind_the_hand_made_table():
    """The expected sentences below are read off the card data, checked here (not off the code)."""
    market = {c["id"]: c for c in CARDS["market_cards"]}
    golems = {g["id"]: g for g in CARDS["golem_cards"]}
    assert market["M04"]["type"] == "create" and market["M04"]["outputs"] == {"blue": 1}
    assert market["M01"]["inputs"] == {"yellow": 3} and market["M01"]["outputs"] == {"pink": 1}
    assert golems["G01"]["points"] == 6 and golems["G01"]["cost"] == {"yellow": 2, "green": 2}
    assert golems["G02"]["points"] == 7 and golems["G02"]["cost"] == {"yellow": 3, "green": 2}


@pytest.mark.parametrize(("language", "action", "expected"), [
    ("en", Acquire(4, (0, 0, 0)), "acquire Create card (1 blue crystal) at position 4, paying 3 yellow, "
                                  "taking the 1 yellow, 1 green lying on it"),
    ("en", Acquire(1), "acquire Trade card (3 yellow crystals → 1 pink crystal) at position 1"),
    ("en", Claim(1), "claim the 6 VP golem (2 yellow, 2 green) at position 1, with a copper coin"),
    ("en", Claim(2), "claim the 7 VP golem (3 yellow, 2 green) at position 2, with a silver coin"),
    ("en", Claim(3), "claim the 8 VP golem (4 green) at position 3"),
    ("zh_CN", Acquire(4, (0, 0, 0)), "在位置 4 购买生成卡（1 颗青色晶石），支付 3 颗黄色，并拿走放在上面的 1 颗黄色，1 颗绿色晶石"),
    ("zh_CN", Claim(1), "在位置 1 领取价值 6 分的魔像得分卡（2 颗黄色，2 颗绿色），并得到一枚铜币"),
])
def test_a_move_is_named_by_the_card_it_takes(language, action, expected):
    from companion.century.describe import describe_at

    i18n.set_language(language)
    assert describe_at(_table(), action) == expected


def _century_game() -> CenturyGame:
    game = CenturyGame(players=2, controllers=["human", "greedy"], seed=3)
    for _ in range(6):
        game.human_action(legal_actions(game.state)[-1])  # a claim, rest or acquisition: often a poor move
    return game


def _moves(game: CenturyGame):
    """The (state, action) of each move of the game, the reveals left out: found by the actions' kinds."""
    states, actions = game.session.states, game.session.actions
    return [(states[i].core, a) for i, a in enumerate(actions) if not isinstance(a, (RevealMerchant, RevealGolem))]


def _card_words(state, action) -> str | None:
    """What a learner must read of an acquisition: the card at that position, as the cards module names it."""
    from companion.century.cards import load_cards, merchant_card_name

    if not isinstance(action, Acquire):
        return None
    card = load_cards().merchants_by_id[state.market[action.position - 1]]
    return f"{merchant_card_name(card)} at position {action.position}"


def test_the_review_names_the_card_of_every_acquisition_it_lists():
    game = _century_game()
    result = game.review()
    moves = _moves(game)
    assert len(moves) == result.moves
    drops = game.review_panel.drops.value
    items = drops.split("<li>")[1:]
    assert len(items) == len(result.drops) > 0
    acquisitions = 0
    for drop, item in zip(result.drops, items, strict=True):
        state, action = moves[drop.move - 1]
        assert action == drop.action
        assert item.startswith(html.escape(f"move {drop.move}, "))
        for named in (_card_words(state, drop.action), _card_words(state, drop.preferred)):
            if named is not None:
                acquisitions += 1
                assert html.escape(named) in item, (named, item)
        assert "the merchant card at position" not in item   # the old words: a position, no card
    assert acquisitions >= 2
    # the chart's hover texts say the same
    hovers = [t for tr in game.review_figure.data if tr.mode == "markers" for t in tr.hovertext]
    assert not any("the merchant card at position" in t for t in hovers)


def test_the_hint_names_the_card_an_acquisition_takes():
    game = _century_game()
    moves = game.hint()
    named = [_card_words(game.state, m.action) for m in moves]
    assert any(named), moves   # this position's hint has an acquisition among its three
    for words in filter(None, named):
        assert html.escape(words) in game.coach.value
    assert "the merchant card at position" not in game.coach.value


# ------------------------------------------------------------------------------------------ out of date
OUT_OF_DATE = "Out of date"


def test_century_review_is_said_out_of_date_after_a_move_and_gone_after_an_undo():
    game = CenturyGame(players=2, controllers=["human", "greedy"], seed=3)
    for _ in range(3):
        game.human_action(legal_actions(game.state)[-1])
    game.review()
    panel = game.review_panel
    assert panel.note not in game.review_box.children and panel.note.value == ""
    game.human_action(legal_actions(game.state)[-1])   # a move after the review
    assert game.review_box.children[0] is panel.note and OUT_OF_DATE in panel.note.value
    assert game.review_figure in game.review_box.children   # the review of the first moves stays
    game.review()   # a new review of the game as it stands: no note
    assert panel.note not in game.review_box.children and panel.note.value == ""
    game.human_action(legal_actions(game.state)[-1])
    game.undo()   # back to the reviewed position: the review fits the game again
    assert panel.note not in game.review_box.children and game.review_box.children
    game.undo()   # past a reviewed move: gone
    assert game.review_box.children == ()


def test_century_out_of_date_note_is_in_chinese():
    i18n.set_language("zh_CN")
    game = CenturyGame(players=2, controllers=["human", "greedy"], seed=3)
    game.human_action(legal_actions(game.state)[-1])
    game.review()
    game.human_action(legal_actions(game.state)[-1])
    assert "已过时" in game.review_panel.note.value


def _magick_game() -> PlayAGame:
    w = PlayAGame()
    w.players_slider.value = 2
    w.humans_slider.value = 1
    w.seed_box.value = 1
    assert w.start(), w.message.value
    return w


def test_magick_review_is_said_out_of_date_after_a_move_and_gone_after_an_undo():
    w = _magick_game()
    w.roll({"d6": 6, "d8": 5, "d10": 4, "d12": 3})
    w.act(magick_engine.EndTurn(0))   # the bot answers; the next round waits for a roll
    w.review()
    panel = w.review_panel
    assert panel.note not in w.review_box.children and w.review_box.children
    w.roll({"d6": 2, "d8": 2, "d10": 2, "d12": 2})   # a new move (a roll, then the bots'): the review is behind
    assert w.review_box.children[0] is panel.note and OUT_OF_DATE in panel.note.value
    w.review()
    assert panel.note not in w.review_box.children
    w.undo()   # the person's last decision is taken back: the review of it goes
    assert w.review_box.children == ()


# ------------------------------------------------------------------------------------------ labels
PHONE_PLOT = (260, 220)     # plot area (px) of the review chart at a phone's width (412 px screen)
DESKTOP_PLOT = (1000, 220)  # at a desktop's (the height is the same: the margins are fixed)
CHAR_PX = 7.0               # Open Sans 11 px: digits and the minus sign are about 6.3 px wide
BOX_HIGH = 18               # one 11 px line, the border and its padding


def _boxes(fig, width: int, height: int) -> list[tuple[float, float, float, float, str]]:
    """Each drop label's box (left, top, right, bottom px in the plot area, text) on a plot ``width`` x ``height``,
    from the figure's data: the axes' ranges, each label's point and offset."""
    x0, x1 = fig.layout.xaxis.range
    y0, y1 = fig.layout.yaxis.range
    out = []
    for a in fig.layout.annotations:
        cx = (a.x - x0) / (x1 - x0) * width + (a.ax or 0)
        cy = height - (a.y - y0) / (y1 - y0) * height + a.ay
        half = (len(a.text) * CHAR_PX + 6) / 2
        out.append((cx - half, cy - BOX_HIGH / 2, cx + half, cy + BOX_HIGH / 2, a.text))
    return out


def _no_overlap(fig, width: int, height: int) -> None:
    boxes = _boxes(fig, width, height)
    for i, a in enumerate(boxes):
        assert a[1] >= 0 and a[3] <= height, ("outside the plot", a, width, height)
        for b in boxes[i + 1:]:
            apart = a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]
            assert apart, (a, b, width, height)


def _review(seats: int, moves: int, drops: list[tuple[int, int, float]], rng: random.Random) -> Review:
    values = [tuple(40 + rng.uniform(-1, 1) for _ in range(seats)) for _ in range(moves + 1)]
    return Review(seats, values=values, movers=[k % seats for k in range(moves)], actions=["a"] * moves,
                  drops=sorted((Drop(m, s, "a", loss, "b", "why") for m, s, loss in drops), key=lambda d: d.move))


def _figure(review: Review):
    return review_figure(review, [f"P{i}" for i in range(review.seats)], lambda _m, a: a)


def test_close_drops_get_labels_that_do_not_overlap():
    """The reviewer's case: three players' drops on neighbouring moves, at nearly the same expected VP."""
    rng = random.Random(1)
    review = _review(3, 30, [(10, 0, 2.3), (11, 1, 2.1), (12, 2, 1.9), (13, 0, 1.2), (14, 1, 0.9), (15, 2, 0.8)],
                     rng)
    for m in range(10, 16):   # all at 40 VP: the worst case for labels on top of each other
        review.values[m] = (40.0, 40.05, 39.95)
    fig = _figure(review)
    assert [a.text for a in fig.layout.annotations] == [f"−{d.loss:.1f}" for d in review.drops]
    assert [(a.x, a.y) for a in fig.layout.annotations] == [(d.move, round(review.values[d.move][d.seat], 1))
                                                            for d in review.drops]
    for size in (PHONE_PLOT, DESKTOP_PLOT):
        _no_overlap(fig, *size)


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 5), st.integers(6, 150), st.randoms(use_true_random=False), st.data())
def test_drop_labels_never_overlap(seats, moves, rng, data):
    """Any review a game gives (up to three drops a seat, on moves of that seat): no two labels overlap."""
    drops = []
    for seat in range(seats):
        own = [m for m in range(1, moves + 1) if (m - 1) % seats == seat]
        for m in data.draw(st.lists(st.sampled_from(own), max_size=3, unique=True)) if own else []:
            drops.append((m, seat, data.draw(st.floats(0.1, 20.0))))
    fig = _figure(_review(seats, moves, drops, rng))
    assert len(fig.layout.annotations) == len(drops)
    for size in (PHONE_PLOT, DESKTOP_PLOT):
        _no_overlap(fig, *size)


def test_a_real_century_review_has_labels_that_do_not_overlap():
    game = _century_game()
    result = game.review()
    fig = game.review_figure
    assert len(fig.layout.annotations) == len(result.drops) > 0
    for size in (PHONE_PLOT, DESKTOP_PLOT):
        _no_overlap(fig, *size)
