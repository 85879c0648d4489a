"""Which game's record a text looks like, for messages about a record handed to the wrong game's command.

Examples
--------
>>> record_game('{"kind": "magick-record", "version": 1, "players": ["Ann"]}')
'Merchants of Magick'
>>> record_game("century-golem-edition record 1")
'Century: Golem Edition'
>>> record_game("option errata-cultist-power")
'Terra Mystica'
>>> record_game("hello") is None
True
"""

from __future__ import annotations

from companion.i18n import N_, _

__all__ = ["record_game", "looks_like"]

# the first line each game's record starts with (a prefix of it)
_FIRST_LINES: tuple[tuple[str, str], ...] = (
    ('{"kind": "magick-record"', N_("Merchants of Magick")),
    ("century-golem-edition record", N_("Century: Golem Edition")),
    ("option ", N_("Terra Mystica")),
)


def record_game(first_line: str) -> str | None:
    """The game whose record starts with ``first_line``, in the user's language, or ``None``.

    Parameters
    ----------
    first_line : str
        The record's first non-blank line.

    Returns
    -------
    str or None
        ``"Merchants of Magick"`` for a line that starts a Magick record (its JSON header),
        ``"Century: Golem Edition"`` for Century's header, ``"Terra Mystica"`` for a ledger's ``option`` line.
    """
    line = first_line.strip()
    for prefix, game in _FIRST_LINES:
        if line.startswith(prefix):
            return _(game)
    return None


def looks_like(first_line: str, own_game: str) -> str:
    """A sentence for an error message when ``first_line`` starts another game's record, else ``""``.

    Parameters
    ----------
    first_line : str
        The record's first non-blank line.
    own_game : str
        The game the command reads (as :func:`record_game` names it, untranslated msgid).

    Returns
    -------
    str
        ``" (this looks like a Merchants of Magick record)"`` or ``""``.
    """
    game = record_game(first_line)
    if game is None or game == _(own_game):
        return ""
    return _(" (this looks like a {game} record)").format(game=game)
