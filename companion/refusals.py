"""The refusal codes: every ``IllegalActionError.code`` the rules code may raise, one registry per game.

A code is a stable, machine-readable reason (:class:`companion.errors.IllegalActionError`): tests and user
interfaces may rely on it, so a new one is added to its game's registry, and a code no longer raised is
removed. Each game lists its own in its ``refusals`` module (:mod:`companion.century.refusals`,
:mod:`companion.magick.refusals`, :mod:`companion.terra_mystica.refusals`); this module holds the codes of
the session that runs any game (:mod:`companion.session`), and :func:`refusal_codes` gives a game's codes
together with them. ``tests/test_conformance.py`` checks both ways: every code raised in a game's package
(read from the source) and every code met in random play is listed, and every code listed is raised.

Examples
--------
>>> "no_chance_due" in refusal_codes("century") and "caravan_full" not in refusal_codes("century")
True
"""

from __future__ import annotations

import importlib

__all__ = ["SESSION_CODES", "refusal_codes"]

#: Raised by :class:`companion.session.Session` for any game.
SESSION_CODES: frozenset[str] = frozenset({"game_over", "no_chance_due"})


def refusal_codes(game: str) -> frozenset[str]:
    """Every refusal code a game (``"century"``, ``"magick"``, ``"terra_mystica"``) may raise, with the session's.

    Raises
    ------
    ModuleNotFoundError
        For a name that is no game package.
    """
    return importlib.import_module(f"companion.{game}.refusals").REFUSAL_CODES | SESSION_CODES
