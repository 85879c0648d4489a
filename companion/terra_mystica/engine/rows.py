"""A game or record as the reference engine's *command rows* (issue 19, item 4).

The reference engine's driver (``reference-engine/README.md`` in the shared reference) replays a file of
command rows: ``# players:`` and option / tile header lines, ``setup FACTION`` lines in seat order, then one
sub-command a line (``witches: dig 1``, ``witches: build E7``). It differs from this project's own logs in
three ways that this module bridges:

* **Spades are bought explicitly.** The reference has no implicit dig: a ``transform`` or ``build`` needing
  spades the faction does not hold is refused ("Not enough 'SPADE'"). Rows this engine accepted with an
  implicit dig get ``dig N`` written before their first transform / build, N found by replaying the row
  both ways here (the largest N that leaves the game exactly as the original row did: all of its spades).
* **Options are named as the reference wants them**: a Fire & Ice faction needs
  ``fire-and-ice-factions/ice``, ``.../volcano`` or ``.../variable_v5`` (FIRE-ICE-NOTES section 1), the final
  tile an admin row ``final-scoring NAME``.
* **Setup choices in the reference's order**: the Acolytes' and Dragonlords' colour picks after every
  faction is seated (FIRE-ICE-NOTES section 2: their pick is a ``post_setup`` choice); the other picks
  (Ice Maidens, Yetis, Shapeshifters, Riverwalkers) and the Ice Maidens' favour tile are accepted where they
  were played.

Examples
--------
>>> from companion.terra_mystica.engine import apply_action, new_game
>>> g = new_game(["witches", "nomads"], round_tiles=["SCORE1", "SCORE2", "SCORE3", "SCORE4", "SCORE5", "SCORE6"],
...              removed_bonus=["BON1", "BON2", "BON3", "BON4", "BON5"])
>>> print(command_rows(g))
# players: player1,player2
option errata-cultist-power
option maintain-player-order
option mini-expansion-1
option shipping-bonus
option strict-chaosmagician-sh
option strict-darkling-sh
option strict-leech
option temple-scoring-tile
option variable-turn-order
score SCORE1,SCORE2,SCORE3,SCORE4,SCORE5,SCORE6
delete BON1
delete BON2
delete BON3
delete BON4
delete BON5
setup witches
setup nomads
<BLANKLINE>
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from companion.errors import IllegalActionError, RecordError
from companion.i18n import gettext as _
from companion.terra_mystica.engine.board import BoardTables
from companion.terra_mystica.engine.commands import parse_commands
from companion.terra_mystica.engine.replay import Record, read_record
from companion.terra_mystica.engine.state import DROP_LABEL, Game, Setup

__all__ = ["FIRE_ICE_FACTION_OPTIONS", "command_rows", "explicit_row", "explicit_rows", "format_rows", "reference_options", "setup_order"]

FIRE_ICE_FACTION_OPTIONS = {
    "icemaidens": "fire-and-ice-factions/ice", "yetis": "fire-and-ice-factions/ice",
    "acolytes": "fire-and-ice-factions/volcano", "dragonlords": "fire-and-ice-factions/volcano",
    "shapeshifters": "fire-and-ice-factions/variable_v5", "riverwalkers": "fire-and-ice-factions/variable_v5",
}
"""The option the reference engine needs before a Fire & Ice faction can be chosen (FIRE-ICE-NOTES section 1)."""

POST_SETUP_PICKS = frozenset({"acolytes", "dragonlords"})
"""Factions whose colour pick comes after every faction is seated (the data key ``post_setup``;
FIRE-ICE-NOTES section 2)."""

SETUP_CHOICE_VERBS = frozenset({"pick_color", "favor"})
"""Verbs of the choices a faction makes during faction selection (colour picks, the Ice Maidens' favour)."""


def reference_options(options: Iterable[str], factions: Iterable[str], final_scoring: str | None = None) -> list[str]:
    """The ``option`` names the reference engine needs for a game: ``options`` plus the Fire & Ice faction
    options the seated ``factions`` require, plus ``fire-and-ice-final-scoring`` when a final tile is played.

    Returns
    -------
    list of str
        Sorted, each once.

    Examples
    --------
    >>> reference_options(["strict-leech"], ["yetis", "witches"], "connected-clusters")
    ['fire-and-ice-factions/ice', 'fire-and-ice-final-scoring', 'strict-leech']
    """
    out = set(options)
    out |= {FIRE_ICE_FACTION_OPTIONS[f] for f in factions if f in FIRE_ICE_FACTION_OPTIONS}
    if final_scoring:
        out.add("fire-and-ice-final-scoring")
    return sorted(out)


def setup_order(rows: Sequence[tuple]) -> list[tuple]:
    """Reorder the faction-selection rows as the reference engine asks for them.

    Parameters
    ----------
    rows : sequence of tuples ``(faction, command, ...)``
        Rows in the order played; ``command == "setup"`` seats a faction. Further fields (a ledger row's
        totals) travel with their row.

    Returns
    -------
    list of tuples
        The same rows, the Acolytes' and Dragonlords' colour picks moved after the last ``setup`` row (the
        reference asks for them once every faction is seated); the other setup-time choices (``pick-color``,
        the Ice Maidens' ``+FAVn``) stay where they were played, which the reference accepts.

    Examples
    --------
    >>> setup_order([("acolytes", "setup"), ("acolytes", "pick-color red"), ("witches", "setup"),
    ...              ("witches", "build E7")])
    [('acolytes', 'setup'), ('witches', 'setup'), ('acolytes', 'pick-color red'), ('witches', 'build E7')]
    """
    setups = [i for i, r in enumerate(rows) if r[1].strip().lower() == "setup"]
    if not setups:
        return list(rows)
    first_play = next((i for i, r in enumerate(rows) if i > setups[-1] and not _is_setup_choice(r[1])), len(rows))
    head, tail = rows[:first_play], rows[first_play:]
    seated = [r for r in head if r[1].strip().lower() == "setup"]
    choices = {r[0]: [c for c in head if c[0] == r[0] and c[1].strip().lower() != "setup"] for r in seated}
    out: list[tuple] = []
    for r in head:
        if r[0] not in POST_SETUP_PICKS or r[1].strip().lower() == "setup":
            out.append(r)
    for r in seated:
        if r[0] in POST_SETUP_PICKS:
            out += choices[r[0]]
    return out + list(tail)


def _is_setup_choice(command: str) -> bool:
    try:
        return {c.verb for c in parse_commands(command)} <= SETUP_CHOICE_VERBS
    except RecordError:
        return False


def _same(a: Game, b: Game, faction: str) -> bool:
    return a.snapshot() == b.snapshot() and a.factions[faction].spades == b.factions[faction].spades


def explicit_row(game: Game, faction: str, command: str) -> str:
    """``command`` with ``dig N`` before its first transform / build when ``game`` accepts it by digging
    implicitly (``game`` is the state before the row; it is not changed). Other rows come back as given.

    Parameters
    ----------
    game : Game
        The game before the row.
    faction, command : str
        The row (``"transform E7. build E7"``).

    Returns
    -------
    str
        E.g. ``"dig 1. transform E7. build E7"``.
    """
    try:
        cmds = parse_commands(command)
    except RecordError:
        return command
    verbs = [c.verb for c in cmds]
    if game.round == 0 or "dig" in verbs or not {"transform", "build"} & set(verbs):
        return command
    f = game.factions.get(faction)
    if f is None or f.data.spades is None or f.data.terraform_mode in ("volcano", "none"):
        return command
    original = game.copy()
    try:
        original.apply_row(faction, cmds, label=command)
    except (IllegalActionError, RecordError):
        return command
    at = next(i for i, v in enumerate(verbs) if v in ("transform", "build"))
    texts = [c.text for c in cmds]
    # the largest N that changes nothing: a smaller one would leave the rest to an implicit dig again
    for n in (6, 5, 4, 3, 2, 1):
        text = ". ".join([*texts[:at], f"dig {n}", *texts[at:]])
        trial = game.copy()
        try:
            trial.apply_row(faction, parse_commands(text), label=text)
        except (IllegalActionError, RecordError):
            continue
        if _same(trial, original, faction):
            return text
    return command


def explicit_rows(setup: Setup, rows: Iterable[tuple[str, str]], board: BoardTables | None = None) -> list[tuple[str, str]]:
    """Typed rows with every implicit dig written out (``dig N``), replayed by this engine to find N.

    Parameters
    ----------
    setup : Setup
        The game's setup (options, tiles).
    rows : iterable of (faction, command)
        Typed rows in the order played (``setup`` rows included).
    board : BoardTables, optional
        The map (default the base map).

    Returns
    -------
    list of (faction, command)
        One entry per input row. The replay stops rewriting at the first row this engine refuses (the rest are
        returned as given).
    """
    game = Game(setup, board)
    out: list[tuple[str, str]] = []
    broken = False
    for faction, command in rows:
        if broken:
            out.append((faction, command))
            continue
        text = command
        try:
            if command == DROP_LABEL:
                game.drop_faction(faction)
            elif command.strip().lower() == "setup":
                game.add_faction(faction)
            else:
                text = explicit_row(game, faction, command)
                game.apply_row(faction, parse_commands(text), label=text)
        except (IllegalActionError, RecordError):
            broken = True
            text = command
        out.append((faction, text))
    return out


def command_rows(source: Game | Record | str, *, players: Sequence[str] | None = None) -> str:
    """The game as the reference engine's command rows (one sub-command a line).

    Parameters
    ----------
    source : Game, Record or str
        A game played with :func:`~companion.terra_mystica.engine.apply_action`, a parsed record, or a
        record's text (ledger export or command log).
    players : sequence of str, optional
        Player names for the ``# players:`` line (default the record's ``Player N:`` names, else
        ``player1`` ...).

    Returns
    -------
    str
        The rows text, ending with a newline.

    Raises
    ------
    RecordError
        Unreadable record text, or a game on another map than the base map (the reference driver replays the
        base map only).
    """
    if isinstance(source, str):
        source = read_record(source)
    if isinstance(source, Game):
        setup, board = source.setup, source.board
        typed = [(r.faction, r.label) for r in source.rows if r.typed]
        final = source.final_tile
        if board is not None and board.colour != base_colours():
            raise RecordError(_("the reference engine's rows replay the base map only"))
    else:
        setup, board = source.setup, None
        typed = [(r.faction, r.command) for r in source.rows if r.typed]
        final = setup.final_scoring
        if source.map_name:
            raise RecordError(_("map {map_name!r}: the reference engine's rows replay the base map only").format(
                map_name=source.map_name))
    return format_rows(setup, setup_order(explicit_rows(setup, typed, board)), final_scoring=final, players=players)


def format_rows(setup: Setup, typed: Sequence[tuple[str, str]], *, final_scoring: str | None = None,
                players: Sequence[str] | None = None) -> str:
    """Write typed rows already in the reference's form (:func:`explicit_rows`, :func:`setup_order`) as a
    command-rows file: the header lines, ``setup F`` lines, one sub-command a line.

    Parameters
    ----------
    setup : Setup
        Options and tiles.
    typed : sequence of (faction, command)
        The rows.
    final_scoring : str, optional
        The Fire & Ice final tile (``final-scoring`` row).
    players : sequence of str, optional
        Names for ``# players:`` (default the setup's, else ``player1`` ...).
    """
    seated = [f for f, c in typed if c.strip().lower() == "setup"]
    names = list(players or setup.players or [f"player{i}" for i in range(1, len(seated) + 1)])
    lines = [f"# players: {','.join(names)}"]
    lines += [f"option {o}" for o in reference_options(setup.options, seated, final_scoring)]
    if setup.round_tiles:
        lines.append(f"score {','.join(setup.round_tiles)}")
    lines += [f"delete {b}" for b in setup.removed_bonus]
    if final_scoring:
        lines.append(f"final-scoring {final_scoring}")
    for faction, command in typed:
        if command.strip().lower() == "setup":
            lines.append(f"setup {faction}")
            continue
        if command == DROP_LABEL:
            lines.append(f"drop-faction {faction}")
            continue
        for cmd in parse_commands(command):
            lines.append(f"{faction}: {cmd.text}")
    return "\n".join(lines) + "\n"


def base_colours() -> dict:
    """The base map's terrain colours (hex -> colour word)."""
    from companion.terra_mystica.engine.board import base_board

    return base_board().colour
