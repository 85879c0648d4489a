"""Game records for Merchants of Magick: write, read and replay a whole game, line by line.

Format (JSON Lines, UTF-8). Line 1 is the header::

    {"kind": "magick-record", "version": 1, "players": ["Ann", "Bob"], "adventurers": ["witch", "knight"],
     "mastery": ["steel_mastery", "arcane_mastery"], "starting_potions": 0, "orders_per_player": 3,
     "sheet": null}

(``"sheet"`` is null for the shipped default sheet, else the full sheet document). Every further line is
one action as :func:`companion.magick.engine.action_to_dict` writes it, e.g.
``{"type": "roll", "dice": {"d6": 3, "d8": 5, "d10": 2, "d12": 11}}`` or
``{"type": "place", "player": 0, "die": "d8", "circle": "ring.1", "adjust": 0}``. Blank lines and lines
starting with ``#`` are skipped. Reveals carry their order, so the deck is not needed to replay.

API (stable)
------------
- :func:`write_record(state)` -> str — the record of ``state.setup`` + ``state.history``.
- :func:`read_record(text, file=None)` -> :class:`GameRecord` (``header``, ``actions``, ``lines``).
- :func:`replay(record_or_text)` -> GameState — the final state; :func:`replay_states` -> every state.

Errors
------
:class:`~companion.errors.RecordError` naming the line (and file): bad JSON, a bad header, an unknown
action, or an action the rules forbid (the IllegalActionError's code and rule are in the message).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from companion.errors import CompanionError, IllegalActionError, RecordError
from companion.jsonio import JSONInputError, loads
from companion.magick.engine import (
    Action,
    GameState,
    action_from_dict,
    action_to_dict,
    apply_action,
    new_game,
)
from companion.magick.sheet import Sheet, default_sheet, sheet_from_dict

__all__ = ["GameRecord", "read_record", "replay", "replay_states", "write_record"]

KIND = "magick-record"


@dataclass(frozen=True)
class GameRecord:
    """A parsed record: the header dict, the actions and the 1-based line of each action."""

    header: dict[str, Any]
    actions: tuple[Action, ...]
    lines: tuple[int, ...]
    file: str | None = None


def write_record(state: GameState) -> str:
    """Return the record text of ``state`` (its setup and every action applied so far)."""
    if state.setup is None:
        raise RecordError("this state was not made by new_game (no setup to record)")
    setup = state.setup
    sheet_doc = None if state.sheet.to_dict() == default_sheet().to_dict() else state.sheet.to_dict()
    header = {"kind": KIND, "version": 1, "players": list(setup.players), "adventurers": list(setup.adventurers),
              "mastery": list(setup.mastery), "starting_potions": setup.starting_potions,
              "orders_per_player": setup.orders_per_player, "sheet": sheet_doc}
    lines = [json.dumps(header, ensure_ascii=False)]
    lines += [json.dumps(action_to_dict(a), ensure_ascii=False) for a in state.history]
    return "\n".join(lines) + "\n"


def _header_sheet(header: dict[str, Any], file: str | None) -> Sheet:
    doc = header.get("sheet")
    if doc is None:
        return default_sheet()
    try:
        return sheet_from_dict(doc, file=file)
    except CompanionError as exc:
        raise RecordError(f"header: sheet: {exc}", line=1, file=file) from None


def read_record(text: str, *, file: str | None = None) -> GameRecord:
    """Parse a record.

    Raises
    ------
    RecordError
        Naming the line: invalid JSON, a missing or wrong header field, an unknown action type or field.
    """
    header: dict[str, Any] | None = None
    actions: list[Action] = []
    lines: list[int] = []
    sheet: Sheet | None = None
    for n, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        try:
            doc = loads(line)
        except JSONInputError as exc:
            column = f"column {exc.column}: " if exc.column is not None else ""
            key = f"{exc.key_path}: " if exc.key_path else ""
            raise RecordError(f"{column}{key}{exc.reason}", line=n, file=file) from None
        if header is None:
            if not isinstance(doc, dict) or doc.get("kind") != KIND:
                raise RecordError(f"expected a header with \"kind\": \"{KIND}\"", line=n, file=file)
            for key, kind in (("players", list), ("adventurers", list), ("mastery", list),
                              ("starting_potions", int), ("orders_per_player", int)):
                if not isinstance(doc.get(key), kind) or isinstance(doc.get(key), bool):
                    raise RecordError(f"header: {key}: expected a {kind.__name__}", line=n, file=file)
            header = doc
            sheet = _header_sheet(doc, file)
            continue
        try:
            actions.append(action_from_dict(doc, sheet))
        except IllegalActionError as exc:
            raise RecordError(f"{exc} [{exc.code}]", line=n, file=file) from None
        lines.append(n)
    if header is None:
        raise RecordError("empty record: expected a header line", line=1, file=file)
    return GameRecord(header=header, actions=tuple(actions), lines=tuple(lines), file=file)


def replay_states(record: GameRecord | str) -> list[GameState]:
    """Every state of the game: after setup, then after each action.

    Raises
    ------
    RecordError
        Naming the line of the first action the rules forbid (its code and rule in the message).
    """
    if isinstance(record, str):
        record = read_record(record)
    h = record.header
    sheet = _header_sheet(h, record.file)
    try:
        state = new_game(h["players"], adventurers=h["adventurers"], mastery=h["mastery"], sheet=sheet,
                         deck=(), starting_potions=h["starting_potions"],
                         orders_per_player=h["orders_per_player"])
    except IllegalActionError as exc:
        raise RecordError(f"header: {exc}", line=1, file=record.file) from None
    states = [state]
    for action, line in zip(record.actions, record.lines, strict=True):
        try:
            state = apply_action(state, action)
        except IllegalActionError as exc:
            raise RecordError(f"{exc} [{exc.code}]", line=line, file=record.file) from None
        states.append(state)
    return states


def replay(record: GameRecord | str) -> GameState:
    """The state after the last action of ``record`` (see :func:`replay_states`)."""
    return replay_states(record)[-1]
