"""Command handlers of the Terra Mystica engine, one module per kind, and :data:`DISPATCH`, the table from a
command's verb (:class:`~companion.terra_mystica.engine.commands.Command`) to its handler.

:class:`Handlers` gathers the handler layers of :class:`~companion.terra_mystica.engine.state.Game` (mixins:
their methods use the game's attributes, as python-chess's ``BaseBoard`` / ``Board`` do).
"""

from __future__ import annotations

from collections.abc import Callable

from companion.terra_mystica.engine.handlers.actions import ActionHandlers
from companion.terra_mystica.engine.handlers.building import BuildingHandlers
from companion.terra_mystica.engine.handlers.choices import ChoiceHandlers
from companion.terra_mystica.engine.handlers.offers import OfferHandlers
from companion.terra_mystica.engine.handlers.terrain import TerrainHandlers

__all__ = ["DISPATCH", "Handlers"]


class Handlers(TerrainHandlers, BuildingHandlers, ChoiceHandlers, ActionHandlers, OfferHandlers):
    """Every command handler of a :class:`~companion.terra_mystica.engine.state.Game`."""


Handler = Callable[..., None]

DISPATCH: dict[str, Handler] = {
    "build": lambda g, f, a: g._build(f, a[0]),
    "upgrade": lambda g, f, a: g._upgrade(f, a[0], a[1]),
    "transform": lambda g, f, a: g._transform(f, a[0], a[1]),
    "dig": lambda g, f, a: g._dig(f, a[0]),
    "send": lambda g, f, a: g._send_priest(f, a[0], a[1]),
    "action": lambda g, f, a: g._action(f, a[0]),
    "advance": lambda g, f, a: g._advance(f, a[0]),
    "bridge": lambda g, f, a: g._bridge(f, a[0], a[1]),
    "connect": lambda g, f, a: g._connect(f, a),
    "convert": lambda g, f, a: g._convert(f, *a),
    "burn": lambda g, f, a: g._burn(f, a[0]),
    "pass": lambda g, f, a: g._pass(f, a[0]),
    "leech": lambda g, f, a: g._leech(f, a[0], a[1], True),
    "decline": lambda g, f, a: g._decline(f, a[0], a[1]),
    "favor": lambda g, f, a: g._take_favor(f, a[0]),
    "town": lambda g, f, a: g._take_town(f, a[0], a[1]),
    "cult": lambda g, f, a: g._take_cult(f, a[0], a[1]),
    "lose": lambda g, f, a: g._lose(f, a[0], a[1]),
    "wait": lambda g, f, a: None,
    "pick_color": lambda g, f, a: g._pick_color(f, a[0]),
    "unlock_terrain": lambda g, f, a: g._unlock(f, a[0]),
    "gain_p3": lambda g, f, a: g._gain_p3(f, True),
}
"""Verb -> handler ``(game, faction_state, command_args) -> None``, for every verb the command parser yields
except ``setup`` (a row of its own). A handler raises :class:`~companion.errors.IllegalActionError` when the
rules refuse the command."""
