"""Choose a Century: Golem Edition action from the engine's legal actions, grouped for people.

The choices are :func:`companion.century.legal_actions` grouped by kind (play a card, acquire, rest, claim a
golem; or, when the caravan is over 10, what to return), then by card or position, then by variant (which
upgrades, how many trades, which crystal goes on each card to the left). The caravan each choice leaves is
computed by :func:`companion.century.apply_action`. An acquisition's payment is picked colour by colour; a
payment the engine refuses is shown with the engine's :class:`~companion.errors.IllegalActionError` message.
A legal choice is handed to the owner, which applies it (once, in its session); the picker never applies it.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import ipywidgets as widgets

from companion.century import (
    COLOURS,
    DISCARD,
    Acquire,
    Claim,
    Discard,
    PlayCard,
    Rest,
    State,
    apply_action,
    legal_actions,
    load_cards,
)
from companion.century.actions import Action
from companion.century.cards import crystals_text
from companion.errors import IllegalActionError
from companion.i18n import (
    _,
    add_language_listener,
    get_language,
    lazy_gettext,
    ngettext,
    remove_language_listener,
)
from companion.widgets.common import error_html, message_box

__all__ = ["KINDS", "ActionPicker", "card_name", "describe_steps", "describe_counts", "group_actions"]

KINDS = {"play": lazy_gettext("Play a card"), "acquire": lazy_gettext("Acquire a card"), "rest": lazy_gettext("Rest"),
         "claim": lazy_gettext("Claim a golem"), "discard": lazy_gettext("Return crystals")}
#: Crystal colours as players read them (the ids are English words; the labels follow the language).
COLOUR_NAMES = {"yellow": lazy_gettext("yellow"), "green": lazy_gettext("green"), "blue": lazy_gettext("blue"),
                "pink": lazy_gettext("pink")}


#: The bots a seat can be played by, named for players (the ids stay in the record).
BOT_NAMES = {"random": lazy_gettext("random"), "greedy": lazy_gettext("greedy"), "planner": lazy_gettext("planner"),
             "search": lazy_gettext("lookahead search")}
_LETTER_RUN = re.compile(r"\b[ygbp]+\b")


def crystals_shown(counts) -> str:
    """Crystals as the reader reads them: the record letters in English (``"yyb"``, ``"-"`` for none), the
    counted colour words in Chinese (``"2 个黄色，1 个青色"``), whose readers do not read y/g/b/p as colours."""
    if get_language() == "en":
        return crystals_text(counts)
    return describe_counts(counts)


def letters_shown(text: str) -> str:
    """``text`` with every run of crystal letters (``yy->b``) shown by :func:`crystals_shown`."""
    if get_language() == "en":
        return text

    def words(match: re.Match) -> str:
        run = match.group(0)
        return crystals_shown(tuple(run.count(letter) for letter in "ygbp"))
    return _LETTER_RUN.sub(words, text.replace("->", " → "))


def card_name(card) -> str:
    """A merchant card's name in the current language: ``Create 2``, ``Upgrade 2``, ``Trade yy->b``.

    The data names a card by its kind and its effect in record letters (``Trade yy->b``); the kind is
    translated, the letters (y, g, b, p: the notation of the game record) stay.
    """
    shown = _(card.name)   # the data's card names are in the catalog (tools/i18n.py)
    if shown != card.name:
        return shown
    kind, _sep, effect = card.name.partition(" ")
    template = {"create": _("Create {effect}"), "upgrade": _("Upgrade {effect}"),
                "trade": _("Trade {effect}")}.get(card.kind)
    if template is None or kind.lower() != card.kind or not effect:
        return card.name
    return template.format(effect=letters_shown(effect))


def describe_counts(counts) -> str:
    """``(2, 1, 0, 0)`` -> ``"2 yellow, 1 green"`` (``"nothing"`` for all zero), in the current language."""
    words = [_("{n} {colour}").format(n=n, colour=COLOUR_NAMES[c]) for c, n in zip(COLOURS, counts, strict=True) if n]
    return _(", ").join(words) or _("nothing")


def describe_steps(steps) -> str:
    """Upgrade steps by starting colour, in words: ``(1, 1, 0, 0)`` -> ``"1 yellow→green, 1 green→blue"``."""
    words = [_("{n} {colour}").format(n=n, colour=f"{COLOUR_NAMES[COLOURS[i]]}→{COLOUR_NAMES[COLOURS[i + 1]]}")
             for i, n in enumerate(steps[:3]) if n]
    return _(", ").join(words) or _("no upgrade")


def group_actions(state: State) -> dict[str, dict[str, list[Action]]]:
    """The legal actions of ``state`` grouped as ``{kind: {choice label: [actions]}}``.

    Kinds are the keys of :data:`KINDS`; the choice is the card (play), the market position (acquire), the
    golem position (claim) or a single entry (rest, discard). Only kinds with at least one legal action appear.
    """
    cards = load_cards()
    groups: dict[str, dict[str, list[Action]]] = {}
    for action in legal_actions(state):
        if isinstance(action, PlayCard):
            card = cards.merchant(action.card)
            key, label = "play", f"{card_name(card)} ({card.id})"
        elif isinstance(action, Acquire):
            card = cards.merchant(state.market[action.position - 1])
            placed = action.position - 1
            key = "acquire"
            bonus = state.market_crystals[action.position - 1]
            if any(bonus):
                label = ngettext("position {position}: {card} — place {n} crystal, take the {bonus} on it",
                                 "position {position}: {card} — place {n} crystals, take the {bonus} on it",
                                 placed).format(position=action.position, card=card_name(card), n=placed,
                                                bonus=describe_counts(bonus))
            else:
                label = ngettext("position {position}: {card} — place {n} crystal",
                                 "position {position}: {card} — place {n} crystals",
                                 placed).format(position=action.position, card=card_name(card), n=placed)
        elif isinstance(action, Rest):
            key, label = "rest", _("take every played card back")
        elif isinstance(action, Claim):
            golem = cards.golem(state.golem_row[action.position - 1])
            key, label = "claim", _("position {position}: {vp} VP for {cost}").format(
                position=action.position, vp=golem.points, cost=golem.notation)
        elif isinstance(action, Discard):
            key, label = "discard", _("return")
        else:  # chance reveals are made by the app, not chosen here
            continue
        groups.setdefault(key, {}).setdefault(label, []).append(action)
    return groups


class ActionPicker(widgets.VBox):
    """Pick one legal action for the player to act, then press the button.

    Parameters
    ----------
    on_action : callable
        Called with the chosen :class:`~companion.century.actions.Action` (already known to be legal).

    Attributes
    ----------
    kind, choice, variant : ipywidgets.Dropdown / ToggleButtons
        The kind of action, the card or position, and the variant (upgrade steps, trades, discard).
    payment : list of ipywidgets.Dropdown
        For an acquisition: the colour placed on each card to the left of the chosen one.
    """

    def __init__(self, on_action: Callable[[Action], None]) -> None:
        self.on_action = on_action
        self.state: State | None = None
        self.groups: dict[str, dict[str, list[Action]]] = {}
        self.offered: set[Action] = set()
        # as wide as the screen allows (a phone's is narrower than the boxes were: they ran past its edge)
        self.kind = widgets.ToggleButtons(options=[], style={"button_width": "130px"},
                                          layout=widgets.Layout(flex_flow="row wrap", max_width="100%"))
        self.choice = widgets.Dropdown(description=_("Which"),
                                       layout=widgets.Layout(width="calc(100% - 4px)", max_width="560px"))
        self.variant = widgets.Dropdown(description=_("How"),
                                        layout=widgets.Layout(width="calc(100% - 4px)", max_width="560px"))
        self.payment_box = widgets.HBox()
        self.payment: list[widgets.Dropdown] = []
        self.go = widgets.Button(description=_("Do it"), button_style="primary", icon="check")
        self.message = message_box()
        self.kind.observe(lambda _c: self._kind_changed(), names="value")
        self.choice.observe(lambda _c: self._choice_changed(), names="value")
        self.go.on_click(lambda _b: self.submit())
        super().__init__([self.kind, self.choice, self.variant, self.payment_box, self.go, self.message])
        add_language_listener(self._retranslate)

    def show(self, state: State) -> None:
        """Offer the legal actions of ``state`` (a player, not a card reveal, must be to act)."""
        self.state = state
        self.message.value = ""
        self.groups = group_actions(state)
        self.offered = {a for group in self.groups.values() for actions in group.values() for a in actions}
        options = [(str(KINDS[k]), k) for k in KINDS if k in self.groups]
        self.kind.options = options
        if options:
            self.kind.value = "discard" if state.stage == DISCARD else options[0][1]
        self._kind_changed()

    def _kind_changed(self) -> None:
        group = self.groups.get(self.kind.value or "", {})
        self.choice.options = list(group)
        if group:
            self.choice.value = next(iter(group))
        self.choice.layout.display = "" if self.kind.value not in ("rest", "discard") else "none"
        self._choice_changed()

    def _choice_changed(self) -> None:
        state = self.state
        actions = self.groups.get(self.kind.value or "", {}).get(self.choice.value, [])
        self.payment = []
        self.payment_box.children = []
        self.variant.layout.display = "none"
        if not actions or state is None:
            self.variant.options = []
            return
        kind = self.kind.value
        seat = state.current
        if kind in ("play", "discard"):
            options = []
            # the fullest use of a card first (most upgrade steps, most trades); any choice stays open
            actions = sorted(actions, key=lambda a: -(sum(a.steps) + a.times) if isinstance(a, PlayCard) else 0)
            for action in actions:
                after = apply_action(state, action).caravans[seat]
                if isinstance(action, Discard):
                    label = _("return {returned} (keep {kept})").format(
                        returned=describe_counts(action.crystals), kept=crystals_shown(after))
                elif load_cards().merchant(action.card).kind == "upgrade":
                    label = _("{steps} → caravan {caravan}").format(steps=describe_steps(action.steps),
                                                                     caravan=crystals_shown(after))
                elif load_cards().merchant(action.card).kind == "trade":
                    label = _("trade ×{times} → caravan {caravan}").format(times=action.times,
                                                                           caravan=crystals_shown(after))
                else:
                    label = _("take the crystals → caravan {caravan}").format(caravan=crystals_shown(after))
                options.append((label, action))
            self.variant.options = options
            self.variant.value = options[0][1]
            self.variant.layout.display = "" if len(options) > 1 or kind == "discard" else "none"
        elif kind == "acquire":
            position = actions[0].position
            held = [c for c, n in zip(COLOURS, state.caravans[seat], strict=True) if n]
            for j in range(position - 1):
                card = state.market[j]
                name = card_name(load_cards().merchant(card))
                box = widgets.Dropdown(options=[(str(COLOUR_NAMES[c]), COLOURS.index(c)) for c in held],
                                       description=_("on pos {position}").format(position=j + 1),
                                       layout=widgets.Layout(width="170px"),
                                       tooltip=_("the crystal you place on {card}").format(card=name))
                self.payment.append(box)
            self.payment_box.children = [widgets.HTML(_("Place:") + " ")] + self.payment if self.payment else []

    def selected_action(self) -> Action | None:
        """The action the widgets describe now (``None`` when nothing is offered)."""
        kind = self.kind.value
        actions = self.groups.get(kind or "", {}).get(self.choice.value, [])
        if not actions:
            return None
        if kind in ("play", "discard"):
            return self.variant.value
        if kind == "acquire":
            return Acquire(actions[0].position, tuple(box.value for box in self.payment))
        return actions[0]

    def submit(self) -> bool:
        """Pass the selected action on when the engine offers it; show the engine's refusal otherwise.

        The owner's ``on_action`` applies it (once) and may raise
        :class:`~companion.errors.IllegalActionError`, shown here too.
        """
        action = self.selected_action()
        if action is None or self.state is None:
            self.message.value = error_html(_("There is nothing to choose."))
            return False
        try:
            if action not in self.offered:
                apply_action(self.state, action)  # not offered: the engine says why (it raises)
            self.message.value = ""
            self.on_action(action)
        except IllegalActionError as exc:
            self.message.value = error_html(str(exc))
            return False
        return True

    def close(self) -> None:
        """Stop following the language switch, then close the widget."""
        remove_language_listener(self._retranslate)
        super().close()

    def _retranslate(self, language: str) -> None:
        """Set the button, the descriptions and every choice's label again in ``language``, in place."""
        del language
        self.choice.description = _("Which")
        self.variant.description = _("How")
        self.go.description = _("Do it")
        if self.state is None:
            return
        kind, choice_index = self.kind.value, list(self.choice.options).index(self.choice.value) \
            if self.choice.value in self.choice.options else None
        variant, payment = self.variant.value, [box.value for box in self.payment]
        message = self.message.value
        self.show(self.state)   # the same choices, labelled in the new language
        if kind in self.groups:
            self.kind.value = kind
            if choice_index is not None and choice_index < len(self.choice.options):
                self.choice.value = self.choice.options[choice_index]
            if variant in [v for _label, v in self.variant.options]:
                self.variant.value = variant
            for box, value in zip(self.payment, payment, strict=False):
                box.value = value
        self.message.value = message
