"""Terra Mystica full-game engine and replayer of real games (issue 5).

API summary (the same verbs as every game in ``companion``)
-----------------------------------------------------------
``new_game(factions, *, options=(), round_tiles=(), removed_bonus=(), board=None) -> Game``
    A game in setup: factions seated in the given order (``setup`` rows written).
``apply_action(game, faction, command, *, line=None) -> Game``
    A **new** game after ``faction`` typed ``command`` (``"burn 3. action ACT6. transform C3 to blue"``);
    the input game is not changed. Illegal commands raise :class:`companion.errors.IllegalActionError`
    with a stable ``code``, the rule and the line.
``legal_actions(game, faction) -> list[str]``
    Complete moves ``faction`` may type now (decisions due first: power offers, favor / town / cult
    picks), computed from the state by :mod:`.moves`; ``trial_commands`` is the single-command brute force
    (``candidate_commands`` filtered by applying each).
``open_turn(game, faction=None) -> TurnObligations``
    What the open turn still needs (spades, bridge, free builds, extra actions, tiles, cult steps ...)
    and the declines allowed (RULES-NOTES-E E.0-E.2; :mod:`.turn`).
``awaited(game) -> list[str]``
    Factions the game waits for (offers, choices, the turn, cult-bonus spades between rounds).
``score(game) -> dict``
    Itemised VP: VP so far plus the projected final scoring (cults, network, resources).
``read_record(text) -> Record`` / ``write_record(record_or_game) -> str`` / ``replay(record, ...)``
    Read a ledger export or command log; write a plain command log; replay and compare row by row.

The engine reproduces all 30 real league games in ``tests/terra_mystica/fixtures/ledgers`` with zero
differences. Behaviour follows snellman's reference engine (RULES-NOTES); where the notes were silent the
real ledgers decided (each such choice is documented where it is made in :mod:`.state`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache

from companion.errors import IllegalActionError
from companion.i18n import gettext as _
from companion.terra_mystica.engine.board import BoardTables, base_board, board_tables
from companion.terra_mystica.engine.commands import CULT_TRACKS, Command, parse_commands
from companion.terra_mystica.engine.moves import legal_moves
from companion.terra_mystica.engine.replay import (
    Mismatch,
    Record,
    RecordRow,
    ReplayResult,
    read_record,
    replay,
)
from companion.terra_mystica.engine.state import (
    DEFAULT_OPTIONS,
    EXPANSION_FACTIONS,
    ILLEGAL_CODES,
    MAX_PLAYERS,
    MIN_PLAYERS,
    TOTAL_FIELDS,
    Game,
    Row,
    Setup,
    SetupError,
)
from companion.terra_mystica.engine.turn import TurnObligations, TurnState, open_turn
from companion.terra_mystica.scoring import PlayerFinal, final_scoring
from companion.terra_mystica.terrain import terrain_wheel

__all__ = [
    "DEFAULT_OPTIONS", "EXPANSION_FACTIONS", "ILLEGAL_CODES", "SetupError", "BoardTables", "Command", "Game", "Mismatch", "Record", "RecordRow", "ReplayResult", "Row", "Setup",
    "TOTAL_FIELDS", "apply_action", "base_board", "board_tables", "legal_actions", "new_game", "parse_commands",
    "read_record", "replay", "score", "write_record", "awaited", "candidate_commands", "trial_commands",
    "TurnObligations", "TurnState", "open_turn", "record_header_lines",
]


def new_game(factions: Iterable[str], *, options: Iterable[str] | None = None, round_tiles: Iterable[str] = (),
             removed_bonus: Iterable[str] = (), board: BoardTables | None = None,
             final_scoring: str | None = None) -> Game:
    """Start a game: seat ``factions`` in order.

    Parameters
    ----------
    factions : iterable of str
        Engine faction names (``"witches"``, ``"chaosmagicians"`` ...), in seat order.
    options : iterable of str, optional
        Game options (RULES-NOTES appendix C), e.g. ``"mini-expansion-1"``, ``"shipping-bonus"``. Default
        :data:`DEFAULT_OPTIONS`, the set today's league games use; pass ``()`` for none.
    round_tiles : iterable of str
        Six different round scoring tiles SCORE1..SCORE9, rounds 1-6 (SCORE1 not in rounds 5-6).
    removed_bonus : iterable of str
        Bonus tiles not in play (players + 3 tiles remain).
    board : BoardTables, optional
        The map; default the base map.
    final_scoring : str, optional
        The Fire & Ice final-scoring tile (``building-on-edge``, ``connected-clusters``,
        ``connected-distance``, ``connected-sa-sh-distance``; FIRE-ICE-NOTES section 8), scored 18/12/6 like
        the network. With option ``fire-and-ice-final-scoring`` and none named: ``building-on-edge`` (the
        reference engine's ``randomize v1``).

    Raises
    ------
    SetupError
        (a RecordError) naming the field: round tiles not six different tiles / SCORE1 in round 5 or 6 /
        a tile needing an option; fewer than 2 or more than 5 factions; two factions of one colour; an
        unknown final-scoring tile.
    RecordError
        Unknown faction.
    """
    factions = list(factions)
    if not MIN_PLAYERS <= len(factions) <= MAX_PLAYERS:
        raise SetupError("factions", _("expected {min_players}-{max_players} factions, got {n_factions}").format(min_players=MIN_PLAYERS, max_players=MAX_PLAYERS, n_factions=len(factions)))
    setup = Setup(options=frozenset(DEFAULT_OPTIONS if options is None else options), round_tiles=tuple(t.upper() for t in round_tiles),
                  removed_bonus=tuple(b.upper() for b in removed_bonus), final_scoring=final_scoring)
    game = Game(setup, board)
    for name in factions:
        game.add_faction(name)
    return game


def apply_action(game: Game, faction: str, command: str, *, line: int | None = None) -> Game:
    """Apply one typed row and return the new game (``game`` itself is left unchanged).

    Raises
    ------
    IllegalActionError
        ``code`` names the broken rule (e.g. ``not_reachable``, ``not_enough_w``, ``action_taken``).
    RecordError
        Unreadable command text or unknown faction.
    """
    new = game.copy()
    # a row typed without a line number is read once (bots and searches apply the same rows many times)
    new.apply_row(faction, list(_parsed(command)) if line is None else parse_commands(command, line=line), line=line)
    return new


def _try(game: Game, faction: str, command: str) -> bool:
    try:
        apply_action(game, faction, command)
    except IllegalActionError:
        return False
    return True


def candidate_commands(game: Game, faction: str) -> list[str]:
    """Every single command of the command language that could make sense for ``faction`` now, legal or
    not: the universe :func:`legal_actions` filters (and the property tests draw illegal actions from).

    Power-offer answers, tile and cult-step choices (``+FAVn``, ``+TWn``, ``+TRACK``, ``-TRACK``),
    ``done`` / ``-SPADE`` between rounds, the Fire & Ice choices (``pick-color C``, ``unlock-terrain C`` /
    ``unlock-terrain gain-priest``, ``gain P3 for VP`` / ``-GAIN_P3_FOR_VP``, ``-BRIDGE``,
    ``action ACTH5. pick-color C``, ``dig 1. build HEX`` for volcano factions), passing with each bonus tile, every power / faction / bonus /
    favor action, every upgrade of an own building, building and transforming (to the home terrain) on
    every land hex (and to each other colour), priests to each track (best slot or a named one), both track advances, bridges on every bridge spot, Mermaid
    connections on every river hex. Conversions, burning and ``wait`` are not listed (free side moves
    and flow control that combine with any of these).
    """
    f = game.faction(faction)
    tiles = game.tiles
    out: list[str] = []
    if f.owed.pick_color:
        out += [f"pick-color {c}" for c in terrain_wheel().colours]
    if f.owed.unlocks:
        # the Riverwalkers' priests (FIRE-ICE-NOTES section 7)
        out += [f"unlock-terrain {c}" for c in terrain_wheel().colours] + ["unlock-terrain gain-priest"]
    if f.owed.gain_p3:
        out += ["gain P3 for VP", "-GAIN_P3_FOR_VP"]  # the Shapeshifters' answer (section 6)
    if f.owed.stronghold_bridges:
        out.append("-BRIDGE")
    for o in game.offers:
        if o["to"] == f.name:
            out += [f"leech {o['amount']} from {o['from']}", f"decline {o['amount']} from {o['from']}"]
    out.append("decline")
    out += [f"+{fid}" for fid in tiles.favor]
    out += [f"+{tid}" for tid in tiles.town]
    out += [f"+{t}" for t in CULT_TRACKS]
    if f.owed.cult > 1:
        out += [f"+{f.owed.cult}{t}" for t in CULT_TRACKS]
    out += [f"-{t}" for t in CULT_TRACKS]
    if game.phase == "cult_spades":
        out += ["-SPADE", "done"]
    elif game.turn.faction == f.name:
        # the open turn's declines (RULES-NOTES-E E.2) and "done" (E.1.3)
        out += [d for d in open_turn(game, f.name).declines if d not in out]
    out += ["pass"] + [f"pass {b}" for b in tiles.bonus]
    out += [f"action {a}" for a in (*tiles.power_actions, *tiles.faction_actions)]
    if f.variable and f.buildings["SH"]:
        # the Shapeshifters' colour change: one action with its pick (FIRE-ICE-NOTES section 6)
        out += [f"action {a}. pick-color {c}" for a in ("ACTH5", "ACTH6") for c in terrain_wheel().colours]
    kinds = {"D": ("TP",), "TP": ("TE", "SH"), "TE": ("SA",)}
    for h, kind in sorted(f.hexes.items()):
        out += [f"upgrade {h} to {k}" for k in kinds.get(kind, ())]
    occupied = game.townstate.buildings
    colours = terrain_wheel().colours
    volcano = f.data.terraform_mode == "volcano"
    home = f.home
    for h in sorted(game.colour):
        if h not in occupied:
            out.append(f"build {h}")
            if f.data.terraform_mode == "none":
                continue  # the Riverwalkers never transform (FIRE-ICE-NOTES section 7)
            out.append(f"transform {h}")
            if volcano:
                # a volcano is one action: a free dig, then build / transform (the Acolytes pay cult steps
                # on one track); FIRE-ICE-NOTES section 5
                if game.colour[h] in ("ice", "volcano") or game.round == 0:
                    continue
                steps = game.volcano_price(f, h).get("LOSE_CULT", 0)
                pays = [f". -{steps}{t}" for t in CULT_TRACKS] if steps else [""]
                out += [f"dig 1. {verb} {h}{pay}" for verb in ("build", "transform") for pay in pays]
            else:
                out += [f"transform {h} to {c}" for c in colours if c != f.home]
                frm = game.colour[h]
                if frm != home and frm not in ("ice", "volcano") and game.round > 0 and f.data.spades:
                    # no implicit dig (RULES-NOTES-E E.2.1): the spades a build lacks are bought first
                    lack = game.spades_needed(f, frm, home) - f.spades
                    if lack > 0:
                        out += [f"dig {lack}. build {h}", f"dig {lack}. transform {h}"]
    out += [f"send p to {t}" for t in CULT_TRACKS]
    out += [f"send p to {t} for {n}" for t in CULT_TRACKS for n in (1, 2, 3)]
    out += ["advance ship", "advance dig"]
    if f.owed.bridge:
        out += [f"bridge {a}:{b}" for a, b in sorted(tuple(sorted(p)) for p in game.board.bridge_spots)]
    if f.name == "mermaids":
        out += [f"connect {r}" for r in sorted(game.board.river_adj)]
    return out


@lru_cache(maxsize=8192)
def _parsed(text: str) -> tuple[Command, ...]:
    return tuple(parse_commands(text))


def legal_actions(game: Game, faction: str) -> list[str]:
    """Complete moves ``faction`` may type now (:func:`companion.terra_mystica.engine.moves.legal_moves`):
    each full action with its follow-ups (``action ACT5. transform F6. build F6``, ``dig 1. build E7``,
    ``upgrade E9 to TE. +FAV11``, the declines), and the answers and choices outside turns (power offers,
    favour / town / cult picks, colour picks, unlocks, cult-income spades), decisions first.

    Computed from the state, never by applying candidates; :func:`apply_action` accepts every one as it
    is. Conversions, burning, stepping back on a cult track and ``wait`` are left out (free side moves,
    combinable with any of these). :func:`trial_commands` is the old single-command brute force.

    Examples
    --------
    >>> g = new_game(["witches", "nomads"], options=(), round_tiles=["SCORE1", "SCORE2", "SCORE3",
    ...              "SCORE4", "SCORE5", "SCORE6"], removed_bonus=["BON1", "BON2", "BON3", "BON4"])
    >>> legal_actions(g, "witches")[:2]
    ['build A10', 'build A3']
    """
    return legal_moves(game, faction)


def trial_commands(game: Game, faction: str) -> list[str]:
    """Single commands ``faction`` may type now: the :func:`candidate_commands` that :func:`apply_action`
    accepts, found by applying each to a copy (slow: the brute force the tests check :func:`legal_actions`
    against; the move generator itself never applies a candidate).

    ``apply_action`` accepts exactly these among the candidates (the phase and turn rules live in one place, :meth:`Game.phase_error`, which also lets
    this skip whole groups cheaply). Decisions come first (power offers, favor / town / cult picks), then
    turns. Conversions, burning and ``wait`` are left out (free side moves, combinable with any of these).
    """
    f = game.faction(faction)
    if game.phase == "over" or f.name in game.dropped:
        return []
    out = []
    home = f.home
    no_dwelling = f.buildings["D"] >= f.data.buildings["D"].count
    for cmd in candidate_commands(game, faction):
        parsed = _parsed(cmd)
        if game.phase_error(f.name, parsed) is not None:
            continue
        target = parsed[0] if parsed[0].verb != "dig" or len(parsed) == 1 else parsed[1]  # "dig 1. build X"
        verb = target.verb
        if verb in ("build", "transform") and game.round > 0:
            # exact shortcuts for the many hexes apply_action refuses anyway: no dwelling left, the
            # hex already home terrain (transform), out of reach (both; the Witches' ride builds anywhere)
            h = target.args[0]
            if verb == "build" and (no_dwelling or f.owed.free_dwelling and game.colour[h] != home):
                continue
            if verb == "transform" and not f.owed.free_transform and game.colour[h] == (target.args[1] or home):
                continue
            if not (verb == "build" and f.owed.free_dwelling) and \
                    game.reach(f, h, direct_only=verb == "transform" and f.owed.free_transform > 0 and f.tf_need_adjacency) \
                    is None:
                continue
        if _try(game, faction, cmd):
            out.append(cmd)
    return out


def awaited(game: Game) -> list[str]:
    """Factions the game waits for now, in table order: those with power offers or choices to make, the
    faction whose turn it is, and between rounds the holders of cult-bonus spades."""
    names = []
    for n in game.seats:
        f = game.factions[n]
        if n in game.dropped:
            continue
        if any(o["to"] == n for o in game.offers) or f.owed.favor or f.owed.town or f.owed.cult \
                or f.owed.pick_color or f.owed.unlocks or f.owed.gain_p3 or f.owed.stronghold_bridges \
                or game.phase == "cult_spades" and f.spades and f.cult_spade:
            names.append(n)
    turn = game.expected_turn()
    if turn is not None and turn not in names:
        names.append(turn)
    return names


def score(game: Game) -> dict:
    """Itemised VP of every faction: VP so far and the projected final scoring now.

    Returns
    -------
    dict
        ``{faction: {"vp_so_far", "cult_vp": {track: vp}, "network": size, "network_vp",
        "resource_vp", "extra_vp", "projected_final_vp"}}`` (``extra_vp``: the Fire & Ice final-scoring
        tile, 0 without one). After the game's end ``vp_so_far`` already contains the
        final scoring and the projection adds nothing.

    Source: RULES-NOTES section 5 via :func:`companion.terra_mystica.scoring.final_scoring`.
    """
    names = list(game.seats)
    if game.phase == "over":
        return {n: {"vp_so_far": game.factions[n].vp, "cult_vp": dict.fromkeys(CULT_TRACKS, 0), "network": 0,
                    "network_vp": 0, "resource_vp": 0, "extra_vp": 0, "projected_final_vp": game.factions[n].vp}
                for n in names}
    players = []
    for n in names:
        f = game.factions[n]
        players.append(PlayerFinal(faction=n, vp=f.vp, cults={t.lower(): f.cult[t] for t in CULT_TRACKS},
                                   network=game.network_size(n), coins=f.coins, workers=f.workers, priests=f.priests,
                                   power=f.bowls,
                                   extra=game.final_tile_value(n) if game.final_tile else None))
    fs = final_scoring(players, extra_category=game.final_tile)
    out = {}
    for n, p, b in zip(names, players, fs.players, strict=True):
        out[n] = {"vp_so_far": game.factions[n].vp,
                  "cult_vp": {t.upper(): v for t, v in b.cult_vp.items()},
                  "network": p.network, "network_vp": b.network_vp, "resource_vp": b.resource_vp,
                  "extra_vp": b.extra_vp,
                  "projected_final_vp": b.final_vp}
    return out


def write_record(source: Record | Game) -> str:
    """A plain command log (header lines + ``faction: command`` per typed row) that :func:`replay` reads and
    whose rows the reference engine replays as written (issue 19): spades bought with an explicit ``dig N``
    (rows accepted with an implicit dig are rewritten, :func:`.rows.explicit_rows`), the Fire & Ice options
    the factions need named, colour picks in the reference's order (:func:`.rows.setup_order`), one
    ``Player N:`` line a seat.

    Parameters
    ----------
    source : Record or Game
        A parsed record (ledger or log) or a game played with :func:`apply_action`.
    """
    from companion.terra_mystica.engine.rows import explicit_rows, setup_order

    setup = source.setup
    if isinstance(source, Game):
        rows = explicit_rows(setup, [(r.faction, r.label) for r in source.rows if r.typed], source.board)
    else:
        rows = [(r.faction, r.command) for r in source.rows if r.typed]
        if not source.map_name:
            rows = explicit_rows(setup, rows)
    rows = setup_order(rows)
    lines = record_header_lines(source, [f for f, c in rows if c.strip().lower() == "setup"])
    for faction, text in rows:
        lines.append(f"{faction}: {text}")
    return "\n".join(lines) + "\n"


def record_header_lines(source: Record | Game, seated: Sequence[str]) -> list[str]:
    """The header of :func:`write_record`: option lines (the Fire & Ice options the factions need
    included), round scoring tiles, removed bonus tiles, the final-scoring tile, one ``Player N:`` line a
    seat.

    Parameters
    ----------
    source : Record or Game
        A parsed record or a game played with :func:`apply_action`.
    seated : sequence of str
        The factions in the order of their ``setup`` rows.

    Returns
    -------
    list of str
        The lines, without line ends.
    """
    from companion.terra_mystica.engine.rows import reference_options

    setup = source.setup
    tile = source.final_tile if isinstance(source, Game) else setup.final_scoring
    lines = [f"option {o}" for o in reference_options(setup.options, seated, tile)]
    for i, t in enumerate(setup.round_tiles, start=1):
        lines.append(f"Round {i} scoring: {t}")
    lines += [f"Removing tile {b}" for b in setup.removed_bonus]
    if tile:
        lines.append(f"Added final scoring tile: {tile}")
    players = setup.players or tuple(f"player{i}" for i in range(1, len(seated) + 1))
    lines += [f"Player {i}: {p}" for i, p in enumerate(players, start=1)]
    return lines
