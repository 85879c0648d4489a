"""The three games behind one protocol: ``GAMES["century"]``, ``GAMES["magick"]``, ``GAMES["terra_mystica"]``.

Each value is a module satisfying :class:`companion.protocol.GameModule` (``new_game``, ``current_player``,
``legal_actions``, ``apply_action``, ``is_terminal``, ``score``, records ...), so tests, the session
(:mod:`companion.session`) and the widgets drive any game the same way.

Examples
--------
>>> from companion.games import GAMES
>>> sorted(GAMES)
['century', 'magick', 'terra_mystica']
>>> from companion.protocol import GameModule
>>> all(isinstance(module, GameModule) for module in GAMES.values())
True
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType, ModuleType

from companion.century import game as century
from companion.i18n import gettext as _
from companion.magick import game as magick
from companion.terra_mystica import game as terra_mystica

__all__ = ["GAMES", "get"]

GAMES: Mapping[str, ModuleType] = MappingProxyType({
    "terra_mystica": terra_mystica,
    "century": century,
    "magick": magick,
})
"""Game key -> protocol module (read-only)."""


def get(name: str) -> ModuleType:
    """The protocol module of game ``name``.

    Raises
    ------
    CompanionError
        For an unknown name (the known ones are listed).
    """
    from companion.errors import CompanionError

    try:
        return GAMES[name]
    except KeyError:
        raise CompanionError(_("unknown game {name!r}; expected one of {games}").format(name=name, games=', '.join(GAMES))) from None
