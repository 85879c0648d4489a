"""The protocol's action values for Terra Mystica: a faction's typed row (:class:`Action`) and the setup's
chance draws (:class:`RoundTile`, :class:`RemoveBonus`).

A module of their own, below :mod:`companion.terra_mystica.game`, :mod:`~companion.terra_mystica.bots` and
:mod:`~companion.terra_mystica.describe`, so those can share the values without importing each other
(issue 19 item 5). :mod:`companion.terra_mystica.game` re-exports them.

Examples
--------
>>> from companion.terra_mystica.actions import Action
>>> Action.parse("Witches", "Build e7") == Action.parse("witches", "build E7")
True
>>> Action.parse("witches", "setup").is_setup
True
"""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.errors import RecordError
from companion.i18n import gettext as _
from companion.terra_mystica.engine.commands import parse_commands

__all__ = ["Action", "RoundTile", "RemoveBonus", "AnyAction"]


@dataclass(frozen=True)
class Action:
    """A faction's typed row as a value.

    Attributes
    ----------
    faction : str
        Engine faction name (``"witches"``).
    commands : tuple of (str, tuple)
        The parsed sub-commands, ``(verb, args)`` (see :mod:`companion.terra_mystica.engine.commands`).
    text : str
        The row as typed (not compared: ``"Build e7"`` equals ``"build E7"``).
    """

    faction: str
    commands: tuple[tuple[str, tuple], ...]
    text: str = field(compare=False, default="")

    @classmethod
    def parse(cls, faction: str, text: str, *, line: int | None = None) -> Action:
        """Parse ``text`` for ``faction``.

        Raises
        ------
        RecordError
            If a sub-command is not part of the command language (naming ``line``).
        """
        cmds = parse_commands(text, line=line)
        if not cmds:
            raise RecordError(_("{faction}: empty command row").format(faction=faction), line=line)
        return cls(faction.lower(), tuple((c.verb, c.args) for c in cmds), ". ".join(c.text for c in cmds))

    @property
    def is_setup(self) -> bool:
        """True for the row seating a faction."""
        return self.commands == (("setup", ()),)


@dataclass(frozen=True)
class RoundTile:
    """Chance: ``tile`` (``"SCORE3"``) is the round scoring tile of the next round without one."""

    tile: str


@dataclass(frozen=True)
class RemoveBonus:
    """Chance: bonus tile ``tile`` (``"BON4"``) is put out of play (players + 3 tiles stay)."""

    tile: str


AnyAction = Action | RoundTile | RemoveBonus
