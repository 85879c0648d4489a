"""Choose a Century: Golem Edition action from the engine's legal actions, grouped for people.

The choices are :func:`companion.century.legal_actions` grouped by kind (play a card, acquire, rest, claim a
golem; or, when the caravan is over 10, what to return), then by card or position, then by variant (which
upgrades, how many trades, which crystal goes on each card to the left). The caravan each choice leaves is
computed by :func:`companion.century.apply_action`. An acquisition's payment is picked colour by colour; a
payment the engine refuses is shown with the engine's :class:`~companion.errors.IllegalActionError` message.
A legal choice is handed to the owner, which applies it (once, in its session); the picker never applies it.
"""

from __future__ import annotations

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
from companion.widgets.common import error_html, message_box

__all__ = ["KINDS", "ActionPicker", "describe_steps", "describe_counts", "group_actions"]

KINDS = {"play": "Play a card", "acquire": "Acquire a card", "rest": "Rest", "claim": "Claim a golem",
         "discard": "Return crystals"}


def describe_counts(counts) -> str:
    """``(2, 1, 0, 0)`` -> ``"2 yellow, 1 green"`` (``"nothing"`` for all zero)."""
    return ", ".join(f"{n} {c}" for c, n in zip(COLOURS, counts, strict=True) if n) or "nothing"


def describe_steps(steps) -> str:
    """Upgrade steps by starting colour, in words: ``(1, 1, 0, 0)`` -> ``"1 yellow→green, 1 green→blue"``."""
    words = [f"{n} {COLOURS[i]}→{COLOURS[i + 1]}" for i, n in enumerate(steps[:3]) if n]
    return ", ".join(words) or "no upgrade"


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
            key, label = "play", f"{card.name} ({card.id})"
        elif isinstance(action, Acquire):
            card = cards.merchant(state.market[action.position - 1])
            placed = action.position - 1
            key = "acquire"
            label = f"position {action.position}: {card.name} — place {placed} crystal{'s' if placed != 1 else ''}"
            bonus = state.market_crystals[action.position - 1]
            if any(bonus):
                label += f", take the {describe_counts(bonus)} on it"
        elif isinstance(action, Rest):
            key, label = "rest", "take every played card back"
        elif isinstance(action, Claim):
            golem = cards.golem(state.golem_row[action.position - 1])
            key, label = "claim", f"position {action.position}: {golem.points} VP for {golem.notation}"
        elif isinstance(action, Discard):
            key, label = "discard", "return"
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
        self.kind = widgets.ToggleButtons(options=[], style={"button_width": "130px"})
        self.choice = widgets.Dropdown(description="Which", layout=widgets.Layout(width="560px"))
        self.variant = widgets.Dropdown(description="How", layout=widgets.Layout(width="560px"))
        self.payment_box = widgets.HBox()
        self.payment: list[widgets.Dropdown] = []
        self.go = widgets.Button(description="Do it", button_style="primary", icon="check")
        self.message = message_box()
        self.kind.observe(lambda _c: self._kind_changed(), names="value")
        self.choice.observe(lambda _c: self._choice_changed(), names="value")
        self.go.on_click(lambda _b: self.submit())
        super().__init__([self.kind, self.choice, self.variant, self.payment_box, self.go, self.message])

    def show(self, state: State) -> None:
        """Offer the legal actions of ``state`` (a player, not a card reveal, must be to act)."""
        self.state = state
        self.message.value = ""
        self.groups = group_actions(state)
        self.offered = {a for group in self.groups.values() for actions in group.values() for a in actions}
        options = [(KINDS[k], k) for k in KINDS if k in self.groups]
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
                    label = f"return {describe_counts(action.crystals)} (keep {crystals_text(after)})"
                elif load_cards().merchant(action.card).kind == "upgrade":
                    label = f"{describe_steps(action.steps)} → caravan {crystals_text(after)}"
                elif load_cards().merchant(action.card).kind == "trade":
                    label = f"trade ×{action.times} → caravan {crystals_text(after)}"
                else:
                    label = f"take the crystals → caravan {crystals_text(after)}"
                options.append((label, action))
            self.variant.options = options
            self.variant.value = options[0][1]
            self.variant.layout.display = "" if len(options) > 1 or kind == "discard" else "none"
        elif kind == "acquire":
            position = actions[0].position
            held = [c for c, n in zip(COLOURS, state.caravans[seat], strict=True) if n]
            for j in range(position - 1):
                card = state.market[j]
                box = widgets.Dropdown(options=[(c, COLOURS.index(c)) for c in held],
                                       description=f"on pos {j + 1}", layout=widgets.Layout(width="170px"),
                                       tooltip=f"the crystal you place on {card}")
                self.payment.append(box)
            self.payment_box.children = [widgets.HTML("Place: ")] + self.payment if self.payment else []

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
            self.message.value = error_html("There is nothing to choose.")
            return False
        try:
            if action not in self.offered:
                apply_action(self.state, action)  # not offered: the engine says why (it raises)
            self.message.value = ""
            self.on_action(action)
        except IllegalActionError as exc:
            self.message.value = error_html(f"[{exc.code}] {exc}")
            return False
        return True
