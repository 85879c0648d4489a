"""Terra Mystica through the common game protocol (:mod:`companion.protocol`).

A thin adapter over the public functions of :mod:`companion.terra_mystica.engine` (``new_game``,
``apply_action``, ``legal_actions``, ``score``, ``read_record``): the engine's rules are not repeated here.

- **Actions are values**: :class:`Action` is a faction and its parsed command row (``"upgrade E5 to TE.
  +FAV11"`` is one action), compared by the parsed sub-commands, applied with the engine's
  ``apply_action``. Chance actions: :class:`RoundTile` (the scoring tile of the next round) and
  :class:`RemoveBonus` (a bonus tile put out of play).
- **Setup**: ``new_game(4)`` starts with the six round scoring tiles and the removed bonus tiles as chance
  actions, then each seat picks its faction (a legal action ``Action(faction, "setup")``; base-game
  factions, one per home terrain); once every seat has a faction the engine's game is made
  (``engine.new_game``) and its setup follows (initial dwellings, first bonus tiles).
  ``new_game(["witches", "nomads", ...])`` seats those factions; ``round_tiles`` / ``removed_bonus``
  options skip the chance draws.
- **Who acts** (:func:`current_player`): a faction answering a power offer (leech or decline), then a
  faction with a favor / town / cult pick due, then (between rounds) a faction using cult-bonus spades,
  else the engine's turn order.
- **State**: :class:`GameState` holds the engine's game, never changed once made (``apply_action``
  works on the engine's copy), so a state is shared, not copied, by a session's history.

Choices where the rules summary is silent: the spade round scoring tile (SCORE1) is not drawn for rounds
5 and 6 (the reference engine's setup; none of the 30 real games has it there); a game with tied
totals has several winners (no tie-breaker is named).

Examples
--------
>>> from companion.terra_mystica import game
>>> s = game.new_game(["witches", "nomads"], options=(), round_tiles=["SCORE1", "SCORE2", "SCORE3",
...                    "SCORE4", "SCORE5", "SCORE6"], removed_bonus=["BON1", "BON2", "BON3", "BON4"])
>>> game.seat_names(s), game.current_player(s)
(['witches', 'nomads'], 0)
>>> game.legal_actions(s)[0].text
'build A10'
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from companion.errors import CompanionError, IllegalActionError, RecordError
from companion.i18n import gettext as _
from companion.i18n import lazy_gettext
from companion.protocol import CHANCE, PlayerScore, ScoreSheet
from companion.terra_mystica import engine
from companion.terra_mystica.actions import Action, AnyAction, RemoveBonus, RoundTile
from companion.terra_mystica.engine import parse_commands
from companion.terra_mystica.engine.moves import legal_and_turn_moves
from companion.terra_mystica.engine.turn import evolve
from companion.terra_mystica.factions import faction_label, faction_names, get_faction
from companion.terra_mystica.tiles import load_tiles

__all__ = ["NAME", "TITLE", "CHANCE", "Action", "RoundTile", "RemoveBonus", "GameState", "new_game",
           "current_player", "legal_actions", "apply_action", "is_terminal", "score", "read_record",
           "write_record", "replay", "record_header", "record_line", "action_text", "parse_action",
           "seat_names", "sample_chance", "BOTS", "make_bot", "action_hexes", "final_breakdown",
           "free_factions", "map_refusal", "unplayable_factions", "turn_needs", "legal_rows",
           "legal_rows_with"]

NAME = "terra_mystica"
TITLE = "Terra Mystica"
TIE_RULE = lazy_gettext("tied players share the win (the rules name no tie-breaker)")
R_SETUP = lazy_gettext("rulebook setup: 6 of the round scoring tiles; players + 3 bonus tiles; one faction per colour")
LATE_ROUNDS_WITHOUT = {"SCORE1": (5, 6)}
"""Round scoring tiles not drawn for some rounds (reference engine setup; the 30 real games agree)."""


# --------------------------------------------------------------------------------------------- actions


# Action, RoundTile, RemoveBonus and AnyAction live in companion.terra_mystica.actions (imported above).


# --------------------------------------------------------------------------------------------- state


@dataclass(frozen=True, eq=False)
class GameState:
    """A Terra Mystica state for the protocol.

    Attributes
    ----------
    seats : int
        Number of players (2..5).
    options : frozenset of str
        Game options (RULES-NOTES appendix C).
    round_tiles, removed_bonus : tuple of str
        The setup drawn so far.
    game : Game or None
        The engine's game, made once the round and bonus tiles are known; never changed afterwards.
    history : tuple
        Every action since :func:`new_game`.
    map_name : str or None
        A shipped map's key (None: the base map).
    seated : tuple of str
        The factions picked so far (or given to :func:`new_game`), in seat order.
    final_scoring : str or None
        The Fire & Ice final-scoring tile (FIRE-ICE-NOTES section 8), or None.

    Two states are equal when their setup, history and the engine's visible game (round, phase, turn
    order, every faction's resources and buildings, every ledger row) are equal.
    """

    seats: int
    options: frozenset = frozenset()
    round_tiles: tuple[str, ...] = ()
    removed_bonus: tuple[str, ...] = ()
    game: Any = None
    history: tuple = ()
    map_name: str | None = None
    seated: tuple[str, ...] = ()
    final_scoring: str | None = None

    def _key(self) -> tuple:
        g = self.game
        visible = None if g is None else (repr(g.summary()), tuple(g.rows))
        return (self.seats, self.options, self.round_tiles, self.removed_bonus, self.history, self.map_name,
                self.seated, visible)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameState):
            return NotImplemented
        return self is other or self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]

    @property
    def factions(self) -> list[str]:
        """Seated factions in seat order."""
        return list(self.seated)


@functools.lru_cache(maxsize=64)
def _bonus_in_play(options: frozenset) -> tuple[str, ...]:
    return tuple(bid for bid, b in load_tiles().bonus.items() if not b.option or b.option in options)


def _round_tiles_in_play(options: frozenset) -> list[str]:
    return [tid for tid, t in load_tiles().round_scoring.items() if not t.option or t.option in options]


def _to_remove(state: GameState) -> int:
    return len(_bonus_in_play(state.options)) - (state.seats + 3)


def _board(map_name: str | None):
    if map_name is None:
        return None
    from companion.terra_mystica.engine import board_tables
    from companion.terra_mystica.hexmap import map_by_name
    return board_tables(map_by_name(map_name))


@functools.lru_cache(maxsize=32)
def _land_colours(map_name: str | None) -> frozenset[str] | None:
    """The colour words of the land hexes of a map (None: the base map, which has every colour)."""
    if map_name is None:
        return None
    from companion.terra_mystica.hexmap import map_by_name
    return frozenset(h.colour for h in map_by_name(map_name).hexes.values() if not h.river)


@functools.lru_cache(maxsize=1024)
def _fits_map(faction: str, map_name: str | None) -> bool:
    """False when the faction's home terrain has fewer hexes on the map than it places starting dwellings
    (:func:`companion.terra_mystica.mapedit.seat_refusal`)."""
    return map_refusal(faction, map_name) is None


def map_refusal(faction: str, map_name: str | None) -> str | None:
    """Why ``faction`` cannot play on the map ``map_name``, or None when it can.

    The one rule behind the setup check (:func:`new_game` refuses such a seat), :func:`free_factions` and
    the play widget's faction menus, the map lab's (:func:`companion.terra_mystica.mapedit.seat_refusal`):
    a faction with a fixed home terrain needs a land hex of that terrain for each of its starting dwellings
    (2; the Nomads 3, the Chaos Magicians 1); the Riverwalkers need that many hexes of one land terrain
    beside the river (they place only there); the other factions that pick their colour (ice, volcano,
    Shapeshifters) fit every map with land.

    Parameters
    ----------
    faction : str
        Engine faction name (``"nomads"``).
    map_name : str or None
        A shipped map's key or a custom map inline (as :func:`new_game` takes it); None: the base map.

    Returns
    -------
    str or None
        The reason in the current language (``"the Nomads cannot play on this map: desert has 2 hexes;
        Nomads place 3 starting dwellings there"``), or None.

    Raises
    ------
    RecordError
        For an unknown faction (:func:`companion.terra_mystica.factions.get_faction`).

    Notes
    -----
    Rulebook setup: each player places the starting dwellings on hexes of their home terrain (faction
    boards: the Nomads place three, the Chaos Magicians one).
    """
    if map_name is None:
        return None
    get_faction(faction)  # an unknown faction raises RecordError
    from companion.terra_mystica.hexmap import map_by_name
    from companion.terra_mystica.mapedit import seat_refusal

    reason = seat_refusal(map_by_name(map_name), faction)
    if reason is None:
        return None
    return _("the {faction} cannot play on this map: {reason}").format(faction=faction_label(faction),
                                                                        reason=reason)


def unplayable_factions(map_name: str | None) -> dict[str, str]:
    """The factions the engine plays (:func:`free_factions` with nobody seated) that cannot play on the map
    ``map_name``, each with its reason (:func:`map_refusal`, in the current language).

    Returns
    -------
    dict of str to str
        Engine faction name -> reason, in ``factions.json`` order; empty for the shipped maps (they have
        every land terrain).
    """
    out = {}
    for name in free_factions(()):
        reason = map_refusal(name, map_name)
        if reason is not None:
            out[name] = reason
    return out


def _check_map(state: GameState) -> None:
    """Refuse a map with no land, or a seated faction that does not fit it (:func:`map_refusal`)
    (the game would freeze with a faction unable to place its starting dwellings)."""
    colours = _land_colours(state.map_name)
    if colours is None:
        return
    if not colours:
        raise IllegalActionError("bad_setup", _("the map has no land hexes: nobody could build on it"))
    for name in state.seated:
        reason = map_refusal(name, state.map_name)
        if reason is not None:
            raise IllegalActionError("bad_setup", _("{reason}; pick another faction or map").format(reason=reason))


def _with_game(state: GameState) -> GameState:
    """Make the engine's game once the tiles are drawn and every seat has its faction."""
    if state.game is not None or len(state.round_tiles) < 6 or len(state.removed_bonus) < _to_remove(state) \
            or len(state.seated) < state.seats:
        return state
    try:
        game = engine.new_game(state.seated, options=state.options, round_tiles=state.round_tiles,
                               removed_bonus=state.removed_bonus, board=_board(state.map_name),
                               final_scoring=state.final_scoring)
    except IllegalActionError:
        raise
    except RecordError as exc:  # the engine's setup check (unknown tile, two factions of one colour ...)
        raise IllegalActionError("bad_setup", str(exc), rule=R_SETUP) from None
    return replace(state, game=game)


def new_game(players: int | Sequence[str] = 4, *, seed: int | None = None, options: Sequence[str] | None = None,
             round_tiles: Sequence[str] | None = None, removed_bonus: Sequence[str] | None = None,
             map_name: str | None = None, final_scoring: str | None = None) -> GameState:
    """A game in setup.

    Parameters
    ----------
    players : int or sequence of str
        2..5 seats (factions are then picked as legal actions), or the factions in seat order.
    seed : int or None
        Ignored (the tiles are chance actions).
    options : sequence of str, optional
        Game options, e.g. ``"mini-expansion-1"``, ``"shipping-bonus"`` (RULES-NOTES appendix C); default the
        engine's default options (``engine.DEFAULT_OPTIONS`` where it has them, else none).
    round_tiles : sequence of str, optional
        The six round scoring tiles, rounds 1-6 (default: chance actions).
    removed_bonus : sequence of str, optional
        The bonus tiles out of play (default: chance actions).
    map_name : str, optional
        A shipped map's key, or a custom map inline (``custom:`` + letter rows joined by ``/``,
        :func:`companion.terra_mystica.hexmap.map_record_name`); default: the base map.
    final_scoring : str, optional
        A Fire & Ice final-scoring tile (``building-on-edge``, ``connected-clusters``, ``connected-distance``,
        ``connected-sa-sh-distance``); with option ``fire-and-ice-final-scoring`` and none named the engine
        takes ``building-on-edge``.

    Raises
    ------
    IllegalActionError
        ``bad_setup`` for a player count outside 2..5; the engine's codes for a Fire & Ice faction or
        two factions of one colour.
    RecordError
        An unknown faction or tile.
    """
    del seed
    factions = [] if isinstance(players, int) else [str(p).lower() for p in players]
    n = players if isinstance(players, int) else len(factions)
    if isinstance(n, bool) or not 2 <= n <= 5:
        raise IllegalActionError("bad_setup", _("Terra Mystica is played by 2 to 5 players, not {players!r}").format(players=players),
                                 rule=R_SETUP)
    if options is None:
        options = getattr(engine, "DEFAULT_OPTIONS", ())
    if factions and len(set(factions)) != len(factions):
        raise IllegalActionError("bad_setup", _("a faction is seated twice: {factions}").format(factions=factions), rule=R_SETUP)
    state = GameState(n, frozenset(options), tuple(t.upper() for t in round_tiles or ()),
                      tuple(b.upper() for b in removed_bonus or ()), map_name=map_name, seated=tuple(factions),
                      final_scoring=final_scoring)
    _check_map(state)
    if round_tiles is not None and len(state.round_tiles) != 6:
        raise IllegalActionError("bad_setup", _("expected 6 round scoring tiles, found {n_round_tiles}").format(n_round_tiles=len(state.round_tiles)),
                                 rule=R_SETUP)
    in_play = _bonus_in_play(state.options)
    if removed_bonus is not None and (len(set(state.removed_bonus)) != len(state.removed_bonus)
                                      or not set(state.removed_bonus) <= set(in_play)):
        # players + 3 tiles must stay: a tile named twice or one not in play removes nothing (RULES-NOTES-E E.7)
        raise IllegalActionError("bad_setup", _("removed bonus tiles must be different tiles in play ({tiles}), found "
                                                "{removed}").format(tiles=_(", ").join(in_play),
                                                                    removed=_(", ").join(state.removed_bonus)),
                                 rule=R_SETUP)
    if removed_bonus is not None and len(state.removed_bonus) != _to_remove(state):
        raise IllegalActionError("bad_setup", _("expected {to_remove} removed bonus tiles with {n} players, found {n_removed_bonus}").format(to_remove=_to_remove(state), n=n, n_removed_bonus=len(state.removed_bonus)), rule=R_SETUP)
    return _with_game(state)


# --------------------------------------------------------------------------------------------- queries


_TO_ACT: dict = {}


def _to_act(game) -> str | None:
    """The faction that must act next (see the module docstring): the first the engine waits for
    (``engine.awaited`` where the engine has it), else read from the engine's public game. Remembered for
    the last few games asked (a decision asks twice, :func:`current_player` and :func:`legal_rows`; a game
    is never changed once a row made it)."""
    hit = _TO_ACT.get(id(game))
    if hit is not None and hit[0] is game:
        return hit[1]
    if len(_TO_ACT) > 8:
        _TO_ACT.clear()
    name = _waited_for(game)
    _TO_ACT[id(game)] = (game, name)
    return name


def _waited_for(game) -> str | None:
    awaited = getattr(engine, "awaited", None)
    if awaited is not None:
        names = awaited(game)
        return names[0] if names else None
    for offer in getattr(game, "offers", ()):
        return offer["to"]
    for name in game.seats:
        f = game.factions[name]
        if f.owed.favor or f.owed.town or f.owed.cult:
            return name
    if game.phase == "cult_spades":
        for name in game.seats:
            f = game.factions[name]
            if f.spades and f.cult_spade:
                return name
    due = game.expected_turn()
    if due is not None:
        return due
    for name in game.seats:  # anyone the engine still lets act
        if engine.legal_actions(game, name):
            return name
    return None


def _chance_due(state: GameState) -> bool:
    return len(state.round_tiles) < 6 or len(state.removed_bonus) < _to_remove(state)


def current_player(state: GameState) -> int:
    """:data:`CHANCE` while setup tiles are drawn, else the seat (0-based) to act."""
    if _chance_due(state):
        return CHANCE
    if state.game is None:
        return len(state.seated)
    game = state.game
    name = _to_act(game)
    return game.seats.index(name) if name is not None else 0


def free_factions(seated: GameState | Sequence[str], map_name: str | None = None) -> list[str]:
    """The factions that can still be seated: those the engine plays (base game +
    ``engine.EXPANSION_FACTIONS``) whose home terrain no seated faction has.

    Parameters
    ----------
    seated : GameState or sequence of str
        A game state (its ``seated`` factions and map) or the engine names of the factions seated so far.
    map_name : str, optional
        The map (as :func:`new_game` takes it): factions whose home terrain has fewer hexes on it than their
        starting dwellings are left out (:func:`map_refusal`).

    Returns
    -------
    list of str
        Engine faction names, in ``factions.json`` order.

    Notes
    -----
    Rulebook (setup): one faction per home terrain colour; the two ice factions exclude each other.
    """
    if isinstance(seated, GameState):
        seated, map_name = seated.seated, seated.map_name
    from companion.terra_mystica.engine import EXPANSION_FACTIONS

    taken = {get_faction(n).home_terrain for n in seated}
    return [name for name in faction_names()
            if (get_faction(name).expansion == "base" or name in EXPANSION_FACTIONS)
            and get_faction(name).home_terrain not in taken and _fits_map(name, map_name)]




def legal_actions(state: GameState) -> list[AnyAction]:
    """Chance tiles while the setup is drawn; faction picks; then the engine's legal rows of the faction
    to act (:func:`companion.terra_mystica.engine.legal_actions`: conversions and burning, free side
    moves, are not listed but :func:`apply_action` accepts rows with them)."""
    if is_terminal(state):
        return []
    if len(state.round_tiles) < 6:
        rnd = len(state.round_tiles) + 1
        return [RoundTile(t) for t in _round_tiles_in_play(state.options)
                if t not in state.round_tiles and rnd not in LATE_ROUNDS_WITHOUT.get(t, ())]
    if len(state.removed_bonus) < _to_remove(state):
        return [RemoveBonus(b) for b in _bonus_in_play(state.options) if b not in state.removed_bonus]
    if state.game is None:
        return [Action(f, (("setup", ()),), "setup") for f in free_factions(state)]
    name, rows = legal_rows(state)
    return [_listed(name, text) for text in rows]


def legal_rows(state: GameState) -> tuple[str | None, list[str]]:
    """The faction to act and its legal rows as text, once the engine's game is made: what
    :func:`legal_actions` lists, before the rows become :class:`Action` values (a bot that picks one of
    many rows parses only the one it plays).

    Parameters
    ----------
    state : GameState

    Returns
    -------
    (str or None, list of str)
        The engine faction name (None when nobody is to act or the game is not made or over) and its rows
        (:func:`companion.terra_mystica.engine.legal_actions`).
    """
    if state.game is None or is_terminal(state) or _chance_due(state):
        return None, []
    name = _to_act(state.game)
    if name is None:
        return None, []
    return name, engine.legal_actions(state.game, name)


def legal_rows_with(state: GameState, resources) -> tuple[str | None, list[str], list[str] | None]:
    """:func:`legal_rows` and, when its rows are the moves of a new turn, that turn's moves with more
    resources, from the same listing (:func:`companion.terra_mystica.engine.moves.legal_and_turn_moves`).

    Parameters
    ----------
    state : GameState
    resources : callable
        ``resources(faction_state) -> dict`` of ``"C", "W", "P", "PW", "VP", "PW_TOKEN"``, at least what
        the faction holds (e.g. what conversions could give).

    Returns
    -------
    (str or None, list of str, list of str or None)
        :func:`legal_rows`' two values and the turn's moves with those resources (None outside a new turn).
    """
    if state.game is None or is_terminal(state) or _chance_due(state):
        return None, [], None
    name = _to_act(state.game)
    if name is None:
        return None, [], None
    return name, *legal_and_turn_moves(state.game, name, resources)


@functools.lru_cache(maxsize=65536)
def _listed(faction: str, text: str) -> Action:
    """The :class:`Action` of a listed move (values, so one instance serves every state that lists it)."""
    return Action.parse(faction, text)


def turn_needs(state: GameState) -> str:
    """What the open turn still needs before another faction may act, in words ("" when nothing).

    Parameters
    ----------
    state : GameState

    Returns
    -------
    str
        E.g. "1 spade to use (transform / build), or give up the spade left (-SPADE)" (RULES-NOTES-E E.2; the
        declines are also among :func:`legal_actions`).
    """
    game = state.game
    if game is None or is_terminal(state) or game.turn_complete():
        return ""
    return game.turn_needs(game.turn.faction)


def apply_action(state: GameState, action: AnyAction) -> GameState:
    """The state after ``action``; ``state`` is unchanged.

    Raises
    ------
    IllegalActionError
        ``chance_pending`` (a tile must be drawn first), ``not_chance`` (a tile drawn when no draw is due),
        ``bad_tile`` (a tile not in play, taken, or not allowed in that round), ``seats_full``, and every
        code of the engine's ``apply_action``; ``faction_not_available``, ``unknown_faction`` and
        ``bad_command`` for what the engine reports as a record error (a faction seated twice or not in the
        game, an unknown tile id).
    """
    history = state.history + (action,)
    if isinstance(action, RoundTile | RemoveBonus):
        if not _chance_due(state):
            raise IllegalActionError("not_chance", _("{action}: the setup tiles are already drawn").format(action=action), rule=R_SETUP)
        if action not in legal_actions(state):
            raise IllegalActionError("bad_tile", _("{action}: not a tile that can be drawn now (in play, not taken, allowed in this round)").format(action=action), rule=R_SETUP)
        if isinstance(action, RoundTile):
            new = replace(state, round_tiles=state.round_tiles + (action.tile,), history=history)
        else:
            new = replace(state, removed_bonus=state.removed_bonus + (action.tile,), history=history)
        return _with_game(new)
    if not isinstance(action, Action):
        raise IllegalActionError("unknown_action", _("not a Terra Mystica action: {action!r}").format(action=action))
    if _chance_due(state):
        raise IllegalActionError("chance_pending", _("the round scoring and bonus tiles must be drawn first"),
                                 rule=R_SETUP)
    seated = state.seated
    if action.is_setup:
        if len(seated) >= state.seats:
            raise IllegalActionError("seats_full", _("all {seats} seats have a faction").format(seats=state.seats), rule=R_SETUP)
        if action.faction not in free_factions(seated, state.map_name):
            raise IllegalActionError("faction_not_available", _("{faction} cannot be picked: it is seated already, its colour is taken, or it is not a base-game faction").format(faction=action.faction), rule=R_SETUP)
        return _with_game(replace(state, seated=seated + (action.faction,), history=history))
    if len(seated) < state.seats:
        raise IllegalActionError("setup_pending", _("seat {n_seated} must pick a faction first").format(n_seated=len(seated) + 1),
                                 rule=R_SETUP)
    elif action.faction not in seated:
        raise IllegalActionError("unknown_faction", _("{faction} is not in this game (factions: {seated})").format(faction=faction_label(action.faction), seated=_(', ').join(faction_label(s) for s in seated)), rule=R_SETUP)
    try:
        game = engine.apply_action(state.game, action.faction, action.text or _text(action))
    except IllegalActionError:
        raise
    except RecordError as exc:  # e.g. an unknown tile id in a well-formed command
        # the engine's reason, without its line: the caller that knows the record's line adds it (once)
        raise IllegalActionError("bad_command", exc.reason, line=exc.line,
                                 action=f"{action.faction}: {action.text or _text(action)}") from None
    return evolve(state, game=game, history=history)


def _text(action: Action) -> str:
    return ". ".join(f"{verb} {' '.join(str(a) for a in args if a is not None)}".strip()
                     for verb, args in action.commands)


def is_terminal(state: GameState) -> bool:
    """True after the final scoring."""
    return state.game is not None and state.game.phase == "over"


def sample_chance(state: GameState, rng: random.Random) -> AnyAction:
    """A tile drawn uniformly from those that can be drawn now."""
    return rng.choice(legal_actions(state))


def seat_names(state: GameState) -> list[str]:
    """Faction names by seat (``"Seat N"`` before a seat has picked)."""
    names = state.factions
    return names + [f"Seat {i + 1}" for i in range(len(names), state.seats)]


def score(state: GameState) -> ScoreSheet:
    """VP so far plus the projected final scoring now (cult tracks, network, resources), per faction.

    ``total`` is the projected final VP (the final VP once the game is over, when only ``vp_so_far`` is
    left). Source: :func:`companion.terra_mystica.engine.score` (RULES-NOTES section 5).
    """
    names = seat_names(state)
    table = engine.score(state.game) if state.game is not None else {}
    players = []
    for name in names:
        row = table.get(name)
        if row is None:
            players.append(PlayerScore(name, {"vp_so_far": 0}, 0))
            continue
        parts = {"vp_so_far": row["vp_so_far"]}
        parts |= {f"cult_{t.lower()}": v for t, v in row["cult_vp"].items()}
        parts |= {"network": row["network_vp"], "resources": row["resource_vp"]}
        players.append(PlayerScore(name, parts, row["projected_final_vp"]))
    best = max((p.total for p in players), default=0)
    winners = [p.name for p in players if p.total == best] if table else []
    return ScoreSheet(players, winners, str(TIE_RULE), "VP")


# --------------------------------------------------------------------------------------------- records


def read_record(text: str) -> engine.Record:
    """Parse a ledger export or a command log (:func:`companion.terra_mystica.engine.read_record`).

    Raises
    ------
    RecordError
        Naming the line.
    """
    return engine.read_record(text)


def replay(record: engine.Record | str) -> list[GameState]:
    """Every state of the game: the tile draws, each seat's faction, then each typed row.

    The record's ledger totals are not compared here (:func:`companion.terra_mystica.engine.replay` does
    that); engine rows (income, final scoring) come from the engine itself.

    Raises
    ------
    RecordError
        Unreadable input, or a row the rules forbid (naming its line, the engine's code kept).
    """
    if isinstance(record, str):
        record = read_record(record)
    # the seats: one "Player N:" line each (record_header writes them), so a game saved before every seat
    # has picked its faction reopens with all its seats; a record without them has one setup row a seat
    picked = sum(1 for r in record.rows if r.typed and r.command.strip().lower() == "setup")
    seats = max(len(record.setup.players), picked)
    try:
        # the Fire & Ice faction options a record names for the reference engine change nothing here
        # (record_header writes them); left out so the replayed states equal the played ones
        from companion.terra_mystica.engine.rows import FIRE_ICE_FACTION_OPTIONS

        options = sorted(set(record.setup.options) - set(FIRE_ICE_FACTION_OPTIONS.values()))
        state = new_game(seats, options=options, map_name=record.map_name,
                         final_scoring=record.setup.final_scoring)
        states = [state]
        for tile in record.setup.round_tiles:
            state = apply_action(state, RoundTile(tile))
            states.append(state)
        for tile in record.setup.removed_bonus:
            state = apply_action(state, RemoveBonus(tile))
            states.append(state)
    except IllegalActionError as exc:
        raise RecordError(_("setup: {exc}").format(exc=exc)) from None
    for row in record.rows:
        if not row.typed:
            continue
        try:
            state = apply_action(state, Action.parse(row.faction, _as_played(state, row.faction, row.command),
                                                     line=row.line))
        except IllegalActionError as exc:
            # an error that names the row already (the engine's, re-raised by apply_action) is not prefixed again
            message = exc.message if exc.action is not None else _("{faction}: {command}: {exc}").format(
                faction=row.faction, command=row.command, exc=exc.message)
            if exc.rule:
                message = _("{message} (rule: {rule})").format(message=message, rule=exc.rule)
            raise RecordError(message, line=row.line if row.line is not None else exc.line) from None
        states.append(state)
    return states


def _as_played(state: GameState, faction: str, command: str) -> str:
    """The row as the bots and the notebook play it: a ``dig N`` that :func:`record_line` wrote out for an
    implicit dig is read back as the implicit form, so ``replay(read_record(write_record(states))) == states``
    (the protocol's round trip) while the record itself is the reference engine's explicit form."""
    if state.game is None or "dig" not in command.lower():
        return command
    from companion.terra_mystica.engine.rows import explicit_row

    try:
        cmds = parse_commands(command)
    except RecordError:
        return command
    digs = [i for i, c in enumerate(cmds) if c.verb == "dig"]
    if len(digs) != 1:
        return command
    written = ". ".join(c.text for c in cmds)
    implicit = ". ".join(c.text for i, c in enumerate(cmds) if i != digs[0])
    return implicit if implicit and explicit_row(state.game, faction, implicit) == written else command


def record_header(state: GameState) -> str:
    """Option lines (and the map), and the tiles already drawn, of a game starting at ``state``.

    The options include the Fire & Ice faction options (``fire-and-ice-factions/ice``, ``.../volcano``,
    ``.../variable_v5``): the reference engine needs them before such a faction is picked, and the bots may pick
    one later; they change nothing in this engine (:func:`replay` leaves them out again). One ``Player N:`` line
    a seat follows (issue 19: records the reference engine replays as written).
    """
    from companion.terra_mystica.engine.rows import FIRE_ICE_FACTION_OPTIONS

    lines = [f"option {o}" for o in sorted(set(state.options) | set(FIRE_ICE_FACTION_OPTIONS.values()))]
    if state.map_name:
        lines.append(f"map {state.map_name}")
    if state.final_scoring:
        lines.append(f"Added final scoring tile: {state.final_scoring}")
    lines += [f"Round {i} scoring: {t}" for i, t in enumerate(state.round_tiles, start=1)]
    lines += [f"Removing tile {b}" for b in state.removed_bonus]
    lines += [f"Player {i}: player{i}" for i in range(1, state.seats + 1)]
    lines += [f"{f}: setup" for f in state.seated]
    return "\n".join(lines)


def record_line(state: GameState, action: AnyAction) -> str:
    """``Round 3 scoring: SCORE5``, ``Removing tile BON2``, or ``witches: upgrade E5 to TE. +FAV11``.

    ``state`` is the state before ``action``: a row the engine accepts by digging implicitly is written with
    its spades bought explicitly (``witches: dig 1. transform E7. build E7``), as the reference engine
    replays it (issue 19; :func:`companion.terra_mystica.engine.rows.explicit_row`).
    """
    if isinstance(action, RoundTile):
        return f"Round {len(state.round_tiles) + 1} scoring: {action.tile}"
    if isinstance(action, RemoveBonus):
        return f"Removing tile {action.tile}"
    text = action.text or _text(action)
    if state.game is not None and not action.is_setup:
        from companion.terra_mystica.engine.rows import explicit_row

        text = explicit_row(state.game, action.faction, text)
    return f"{action.faction}: {text}"


def write_record(states: Sequence[GameState]) -> str:
    """A command log (the engine's :func:`~companion.terra_mystica.engine.read_record` reads it) of the
    game from ``states[0]`` to ``states[-1]``.

    Raises
    ------
    RecordError
        If the first state is not a new game's.
    """
    first, last = states[0], states[-1]
    if first.history:
        raise RecordError(_("write_record: the first state must be a new game's"))
    lines = [record_header(first)] if record_header(first) else []
    rounds = len(first.round_tiles)
    known = {len(s.history): s for s in states}
    before = first
    for i, action in enumerate(last.history):
        before = known.get(i) or before   # the state before the action (replayed where not given)
        if isinstance(action, RoundTile):
            rounds += 1
            lines.append(f"Round {rounds} scoring: {action.tile}")
        else:
            lines.append(record_line(before, action))
        if i + 1 not in known and i + 1 < len(last.history):
            before = apply_action(before, action)
    return "\n".join(lines) + "\n"


def action_text(state: GameState, action: AnyAction) -> str:
    """The row as typed (``upgrade E5 to TE. +FAV11``; ``setup witches``), or the tile drawn."""
    if isinstance(action, RoundTile):
        return _("round {round} scoring tile {tile}").format(round=len(state.round_tiles) + 1, tile=action.tile)
    if isinstance(action, RemoveBonus):
        return _("bonus tile {tile} out of play").format(tile=action.tile)
    if action.is_setup:
        return f"setup {action.faction}"
    return action.text or _text(action)


def parse_action(state: GameState, text: str) -> AnyAction:
    """Read a row typed for the faction to act (``faction: row`` names another faction; ``setup FACTION``
    picks a faction).

    Raises
    ------
    RecordError
        For text outside the command language, or when chance (a tile draw) is due.
    """
    body = text.strip()
    names = state.factions
    words = body.lower().split()
    if len(words) == 2 and words[0] == "setup":
        return Action(words[1], (("setup", ()),), "setup")
    faction = None
    if ":" in body:
        head, rest = body.split(":", 1)
        if head.strip().lower() in faction_names():
            faction, body = head.strip().lower(), rest.strip()
    if faction is None:
        seat = current_player(state)
        if seat == CHANCE:
            raise RecordError(_("a setup tile must be drawn first"))
        if seat >= len(names):
            raise RecordError(_("seat {seat} picks a faction: type 'FACTION: setup'").format(seat=seat + 1))
        faction = names[seat]
    try:
        return Action.parse(faction, body)
    except CompanionError as exc:
        raise RecordError(str(exc)) from None


# --------------------------------------------------------------------------------------------- views

HEX_VERBS = ("build", "transform", "upgrade")
"""Sub-commands whose first argument is the hex they act on."""


def action_hexes(action: AnyAction) -> tuple[tuple[str, str], ...]:
    """The hexes an action builds on, terraforms or upgrades, with the verb: ``(("build", "E7"),)``.

    ``"dig 1. build A1. -3FIRE"`` gives ``(("build", "A1"),)``; a bridge gives both ends as
    ``("bridge", hex)``. Chance actions, faction picks and actions touching no hex give ``()``. Used by
    the play widget to highlight the hexes of the legal actions and to offer the actions of a clicked hex.

    Parameters
    ----------
    action : Action, RoundTile or RemoveBonus

    Returns
    -------
    tuple of (str, str)
        ``(verb, hex label)`` pairs in command order (labels as the engine writes them, ``"E7"``).
    """
    if not isinstance(action, Action):
        return ()
    out: list[tuple[str, str]] = []
    for verb, args in action.commands:
        if verb in HEX_VERBS and args:
            out.append((verb, args[0]))
        elif verb == "bridge":
            out += [("bridge", a) for a in args]
    return tuple(out)


def final_breakdown(state: GameState):
    """The itemised final scoring of a finished game (:func:`companion.terra_mystica.scoring.final_scoring`
    as the engine applied it: VP before final scoring, cult tracks, network, resources), or None while the
    game is on.

    Returns
    -------
    FinalScoring or None
        ``players`` in the order the engine scored them (the next round's turn order); ``winners``.
    """
    if not is_terminal(state):
        return None
    return getattr(state.game, "final_result", None)


# --------------------------------------------------------------------------------------------- bots

BOTS = ("random", "greedy", "search")
"""Bot names for :func:`make_bot` (:mod:`companion.terra_mystica.bots`)."""


def make_bot(name: str):
    """A bot by name (``random``, ``greedy``, ``search``) with ``choose(state, rng, seat)``
    (:func:`companion.terra_mystica.bots.make_bot`).

    Raises
    ------
    CompanionError
        For an unknown name.
    """
    from companion.terra_mystica import bots

    return bots.make_bot(name)
