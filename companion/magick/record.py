"""Game records for Merchants of Magick: write, read and replay a whole game, line by line.

Format (JSON Lines, UTF-8). Line 1 is the header::

    {"kind": "magick-record", "version": 1, "players": ["Ann", "Bob"], "adventurers": ["witch", "knight"],
     "mastery": ["steel_mastery", "arcane_mastery"], "starting_potions": 0, "orders_per_player": 3,
     "sheet": null}

(``"sheet"`` is null for the shipped default sheet, else the full sheet document; an optional ``"deck"``
lists the order deck at setup, top first, as order dicts, so a replay or a reopened game draws the same
orders; without it the deck is empty and orders are typed in as they are revealed). Every further line is
one action as :func:`companion.magick.engine.action_to_dict` writes it, e.g.
``{"type": "roll", "dice": {"d6": 3, "d8": 5, "d10": 2, "d12": 11}}`` or
``{"type": "place", "player": 0, "die": "d8", "circle": "ring.1", "adjust": 0}``. Blank lines and lines
starting with ``#`` are skipped. Reveals carry their order, so the deck is not needed to replay.

API (stable)
------------
- :func:`write_record(state, deck=None)` -> str — the record of ``state.setup`` + ``state.history``
  (``deck``: the order deck at setup, to store in the header).
- :func:`record_header(state, deck=None)` -> str — the header line alone (no newline).
- :func:`read_record(text, file=None)` -> :class:`GameRecord` (``header``, ``actions``, ``lines``).
- :func:`replay(record_or_text)` -> GameState — the final state; :func:`replay_states` -> every state.

Errors
------
:class:`~companion.errors.RecordError` naming the line (and file): bad JSON, a bad header, an unknown
action, or an action the rules forbid (the IllegalActionError's code and rule are in the message).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from companion.errors import CompanionError, IllegalActionError, RecordError
from companion.i18n import N_, _
from companion.jsonio import JSONInputError, loads
from companion.magick.engine import (
    Action,
    GameState,
    action_from_dict,
    action_to_dict,
    apply_action,
    new_game,
)
from companion.magick.orders import Order, make_order
from companion.magick.sheet import Sheet, default_sheet, sheet_from_dict
from companion.recordkind import looks_like
from companion.validation import name_problem

__all__ = ["GameRecord", "read_record", "record_header", "replay", "replay_states", "write_record"]

KIND = "magick-record"


@dataclass(frozen=True)
class GameRecord:
    """A parsed record: the header dict, the actions and the 1-based line of each action."""

    header: dict[str, Any]
    actions: tuple[Action, ...]
    lines: tuple[int, ...]
    file: str | None = None


def record_header(state: GameState, deck: Sequence[Order] | None = None) -> str:
    """The header line (no newline) of the record of ``state``'s game.

    Parameters
    ----------
    state : GameState
        Any state of the game (its ``setup`` and sheet are written).
    deck : sequence of Order, optional
        The order deck at setup, top first; stored so a replay draws the same orders.

    Raises
    ------
    RecordError
        If ``state`` was not made by ``new_game``.
    """
    if state.setup is None:
        raise RecordError(_("this state was not made by new_game (no setup to record)"))
    setup = state.setup
    sheet_doc = None if state.sheet.to_dict() == default_sheet().to_dict() else state.sheet.to_dict()
    header = {"kind": KIND, "version": 1, "players": list(setup.players), "adventurers": list(setup.adventurers),
              "mastery": list(setup.mastery), "starting_potions": setup.starting_potions,
              "orders_per_player": setup.orders_per_player, "sheet": sheet_doc}
    if deck:
        header["deck"] = [o.to_dict() for o in deck]
    return json.dumps(header, ensure_ascii=False)


def write_record(state: GameState, deck: Sequence[Order] | None = None) -> str:
    """Return the record text of ``state`` (its setup and every action applied so far).

    ``deck`` (the order deck at setup) is stored in the header when given (see :func:`record_header`).
    """
    lines = [record_header(state, deck)]
    lines += [json.dumps(action_to_dict(a), ensure_ascii=False) for a in state.history]
    return "\n".join(lines) + "\n"


def _header_sheet(header: dict[str, Any], file: str | None) -> Sheet:
    doc = header.get("sheet")
    if doc is None:
        return default_sheet()
    try:
        return sheet_from_dict(doc, file=file)
    except CompanionError as exc:
        raise RecordError(_("header: sheet: {reason}").format(reason=exc), line=1, file=file) from None


def _header_deck(header: dict[str, Any], sheet: Sheet, line: int, file: str | None) -> tuple[Order, ...]:
    raw = header.get("deck") or []
    if not isinstance(raw, list):
        raise RecordError(_("header: deck: expected a list of orders"), line=line, file=file)
    deck = []
    for k, o in enumerate(raw):
        if not isinstance(o, dict) or "item" not in o or "gold" not in o:
            raise RecordError(_("header: deck[{k}]: expected {example}")
                              .format(k=k, example="{'item', 'prefix', 'suffix', 'gold'}"), line=line, file=file)
        try:
            deck.append(make_order(sheet, o["item"], o.get("prefix"), o.get("suffix"), gold=o["gold"],
                                   id=o.get("id") or ""))
        except CompanionError as exc:
            raise RecordError(_("header: deck[{k}]: {reason}").format(k=k, reason=exc), line=line, file=file) from None
    return tuple(deck)


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
            text = exc.reason
            if exc.key_path:
                text = _("{where}: {message}").format(where=exc.key_path, message=text)
            if exc.column is not None:
                text = _("column {column}: {message}").format(column=exc.column, message=text)
            if header is None:   # the first line: another game's record says so
                text += looks_like(line, N_("Merchants of Magick"))
            raise RecordError(text, line=n, file=file) from None
        if header is None:
            if not isinstance(doc, dict) or doc.get("kind") != KIND:
                raise RecordError(_("expected a header with {kind}").format(kind=f'"kind": "{KIND}"')
                                  + looks_like(line, N_("Merchants of Magick")), line=n, file=file)
            for key, kind in (("players", list), ("adventurers", list), ("mastery", list),
                              ("starting_potions", int), ("orders_per_player", int)):
                if not isinstance(doc.get(key), kind) or isinstance(doc.get(key), bool):
                    text = _("header: {key}: expected a list") if kind is list else _("header: {key}: expected an integer")
                    raise RecordError(text.format(key=key), line=n, file=file)
            for i, name in enumerate(doc["players"]):
                problem = name_problem(name) if isinstance(name, str) else None
                if problem:
                    raise RecordError(_("header: players[{i}]: {problem}").format(i=i, problem=problem), line=n,
                                      file=file)
            header = doc
            sheet = _header_sheet(doc, file)
            _header_deck(doc, sheet, n, file)
            continue
        try:
            actions.append(action_from_dict(doc, sheet))
        except IllegalActionError as exc:
            raise RecordError(str(exc), line=n, file=file, code=exc.code) from None
        lines.append(n)
    if header is None:
        raise RecordError(_("empty record: expected a header line"), line=1, file=file)
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
                         deck=_header_deck(h, sheet, 1, record.file), starting_potions=h["starting_potions"],
                         orders_per_player=h["orders_per_player"])
    except IllegalActionError as exc:
        raise RecordError(_("header: {reason}").format(reason=exc), line=1, file=record.file) from None
    states = [state]
    for action, line in zip(record.actions, record.lines, strict=True):
        try:
            state = apply_action(state, action)
        except IllegalActionError as exc:
            raise RecordError(str(exc), line=line, file=record.file, code=exc.code) from None
        states.append(state)
    return states


def replay(record: GameRecord | str) -> GameState:
    """The state after the last action of ``record`` (see :func:`replay_states`)."""
    return replay_states(record)[-1]
