"""Real games shipped with the package (``data/terra_mystica/games``), for the replay notebook.

Four 4-player league games from snellman's online Terra Mystica, as ledger exports, each with its
final-score result file. :func:`shipped_games` lists them; :func:`game_text` returns a ledger.
"""

from __future__ import annotations

from companion.errors import RecordError
from companion.i18n import gettext as _
from companion.resources import data_text, load_json, require

__all__ = ["shipped_games", "game_text", "game_result"]

_INDEX = "terra_mystica/games/index.json"


def shipped_games() -> list[dict]:
    """Index entries: ``game_id``, ``ledger``, ``result``, ``factions`` (seat order), ``final_vp``, ``winner``.

    Raises
    ------
    RulesDataError
        If the index is malformed (naming the key path).
    """
    doc = load_json(_INDEX)
    games = require(doc, "games", list, file=_INDEX, path="")
    for i, g in enumerate(games):
        for key in ("game_id", "ledger", "result"):
            require(g, key, str, file=_INDEX, path=f"games.{i}")
    return list(games)


def _entry(game_id: str) -> dict:
    for g in shipped_games():
        if g["game_id"] == game_id:
            return g
    ids = _(", ").join(g["game_id"] for g in shipped_games())
    raise RecordError(_("no shipped game {game_id!r}; expected one of {ids}").format(game_id=game_id, ids=ids))


def game_text(game_id: str) -> str:
    """The ledger export of shipped game ``game_id``."""
    return data_text("terra_mystica/games/" + _entry(game_id)["ledger"])


def game_result(game_id: str) -> dict:
    """The result document (final score breakdown) of shipped game ``game_id``."""
    return load_json("terra_mystica/games/" + _entry(game_id)["result"])
