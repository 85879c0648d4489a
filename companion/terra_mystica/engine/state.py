"""The Terra Mystica full-game engine: state, and the application of the reference engine's commands.

The engine follows snellman's online Terra Mystica (RULES-NOTES; "the reference engine"), because the
real games it must reproduce were played there. A :class:`Game` is built from the setup (options, round
scoring tiles, removed bonus tiles, factions in seat order) and then fed typed rows
``faction: cmd. cmd. cmd`` with :meth:`Game.apply_row`. It writes the same rows the reference engine
writes itself (income, cult income, the Cultists' power rows, final scoring) into :attr:`Game.rows`, each
with the acting faction's totals after it, so a replayer can compare every row of a ledger.

Internally the state is mutable for speed (a 4-player game replays in milliseconds); the public verbs in
:mod:`companion.terra_mystica.engine` (``apply_action``) copy it first, so callers see frozen values.

Rules implemented (base game, the 14 base factions; RULES-NOTES sections 3-6 and appendix C):
setup and initial dwellings, bonus tiles with coins, income, round scoring tiles and their cult bonuses
(including cult spades used at once), building and upgrading with transform / dig, shipping, tunnelling
and carpet flight (cost charged only when really needed), power actions, faction stronghold actions,
favor tiles, towns (via :mod:`companion.terra_mystica.towns`), bridges, Mermaid river towns, cult tracks
with priests, keys and power, conversions, burning, passing and turn order, power offers (leech) with
the Cultists' bonus, and final scoring (via :mod:`companion.terra_mystica.scoring` and ``network``).

Fire & Ice (FIRE-ICE-NOTES; all six factions, the ice and volcano terrains, the Fire & Ice final-scoring
tile): colour picks (``pick-color``), ice spades counted from the picked terrain, volcanoes (``dig 1.
build X`` paid in tokens or one ``-NTRACK``), the Yetis' discount and stronghold reuse, the Shapeshifters'
``gain P3 for VP`` / ``-GAIN_P3_FOR_VP`` answers and ``action ACTH5. pick-color C`` colour change, the
Riverwalkers' river-only reach, ``unlock-terrain C`` / ``unlock-terrain gain-priest`` choices and stronghold
bridges (``bridge A:B`` / ``-BRIDGE`` until placed). A Riverwalkers' unlock choice from cult income is made
right after the cult-income rows, before the other income, and those from the other income after it
(RULES-NOTES-E E.4); each priest gained is one choice.

Sequencing follows RULES-NOTES-D (how the reference engine orders offers, effects within a row, dropped
factions, the income phase and round end); each kind has a hand-made test in
``tests/terra_mystica/test_engine_sequencing.py`` and all 30 real ledgers replay exactly
(``tests/terra_mystica/test_replay.py``):

* sub-commands apply in the order written (``+AIR. Leech 6 from auren`` gains the cult power first); a
  leech typed on a line with an action runs first, in its own row;
* every build / upgrade makes one offer record per neighbouring faction still in the game, even when
  its bowls are full (it gains nothing but must answer); an answer takes the oldest matching record;
  ``strict-leech`` marks earlier records on an acceptance or a conversion; acting declines the
  receiver's waiting records; the round waits for every record, the Cultists' steps and unchosen tiles;
* the Cultists' step comes with the first acceptance of a record that could give power; their power
  (errata-cultist-power) when every such record was declined or emptied and one was declined; the row
  comes just before the row that decided it;
* a step into 10 without a free key stops at 9 and is remembered until the faction's next full move; a
  key gained meanwhile (a town tile's key comes before its steps) moves it on; a town tile that would take
  more tracks to 10 than keys allow waits for the player's ``+TRACK``; ``-TRACK`` steps back by choice;
* a dropped faction takes no turns and gets no offers, but takes income and is scored (rows without
  text); a typed income-phase row may carry the faction's own income row;
* bonus tiles left after the setup picks already collect a coin before round 1;
* the Mermaids' stronghold and TW7 shipping level score the shipping track's VP;
* spades from a round's cult bonus score no round-tile spade VP (but the Halflings' 1 VP per spade) and
  are used without BON4's range; between rounds only they may be used (``transform``, ``-SPADE``; ``done`` is
  accepted but discards nothing: the phase waits until every spade is used or declined, RULES-NOTES-E E.2.4);
* the turn (RULES-NOTES-E E.0-E.2; :mod:`.turn`): one full action, the follow-ups it grants (spades, a
  bridge, the free dwelling / transform / trading house), the Chaos Magicians' two more actions, the
  Darklings' conversion, tile and cult choices; the turn stays open over several rows of the faction until
  each is used or declined (``-SPADE``, ``-BRIDGE``, ``-FREE_D`` ...), another faction's action meanwhile is
  refused (``turn_open``), a second full action too (``multiple_actions``), and the last unpassed faction
  chains turns, one ledger row each (E.1.3);
* final-scoring rows are listed in the turn order the next round would have had;
* SCORE9's cult bonus counts priests standing on the cult board's priest spaces.

Spades: the engine never digs by itself in a new game (RULES-NOTES-E E.2.1: ``dig N`` first; all spades
spent or declined before the build; spades bought with ``dig`` cannot be declined, E.2.3). A replay
(:func:`~companion.terra_mystica.engine.replay`) still digs what a build lacks, so records this project
wrote before the referee (which relied on that) keep replaying; reference ledgers never need it.

Choices where the reference engine has a bug: a pass ends the Chaos Magicians' extra actions even
without strict-chaosmagician-sh (the reference's "CM double pass", E.2.2); the Shapeshifters'
``gain P3 for VP`` answer does not hold a turn open (it answers an opponent's leech).

Rules the ledgers did not exercise follow the rulebook: a trading house costs double coins when no
opponent building is directly adjacent (bridges included).

Layout (issue 19 item 5; :class:`Game` is composed from one layer per module, as python-chess composes its
``Board`` from ``BaseBoard``): :mod:`.setup` (options, :class:`Setup` and its checks), :mod:`.faction`
(:class:`FactionState` and the frozen snapshots), :mod:`.ledger` (pay, gain, cult steps, keys, conversions),
:mod:`.handlers` (one module per kind of command and :data:`~.handlers.DISPATCH`, verb -> handler),
:mod:`.rounds` (income, round end, final scoring), :mod:`.turns` (whose turn, phases, :meth:`Game.apply_row`)
and this module (the game's own state, copies and snapshots). The names other modules import from here are
re-exported.
"""

from __future__ import annotations

from typing import Any

from companion.errors import RecordError
from companion.i18n import _
from companion.terra_mystica.engine.board import BoardTables, base_board
from companion.terra_mystica.engine.commands import CULT_TRACKS
from companion.terra_mystica.engine.faction import (
    TOTAL_FIELDS,
    VARIABLE_HOME,
    FactionSnapshot,
    FactionState,
    GameSnapshot,
    Row,
)
from companion.terra_mystica.engine.handlers import Handlers
from companion.terra_mystica.engine.ledger import BASE_CONVERSIONS, DECLINES, RESOURCE_WORDS, Ledger, _illegal
from companion.terra_mystica.engine.rounds import Rounds
from companion.terra_mystica.engine.setup import (
    DEFAULT_OPTIONS,
    EXPANSION_FACTIONS,
    FINAL_SCORING_OPTION,
    FINAL_TILES,
    KNOWN_OPTIONS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    OLD_VARIANT_OPTIONS,
    START_DWELLINGS,
    Setup,
    SetupError,
    check_setup,
    final_tile,
    option_problem,
)
from companion.terra_mystica.engine.turn import (
    NO_TURN,
    TurnState,
)
from companion.terra_mystica.engine.turns import ACTION_VERBS, CONTINUATION_VERBS, DROP_LABEL, Turns
from companion.terra_mystica.factions import get_faction
from companion.terra_mystica.refusals import REFUSAL_CODES
from companion.terra_mystica.terrain import terrain_name
from companion.terra_mystica.tiles import load_tiles
from companion.terra_mystica.towns import TownState

__all__ = ["ILLEGAL_CODES", "DEFAULT_OPTIONS", "SetupError", "check_setup", "KNOWN_OPTIONS", "option_problem", "Game",
           "FactionState", "FactionSnapshot", "GameSnapshot", "Row", "Setup", "TOTAL_FIELDS",
           # re-exported for the modules that import them from here
           "ACTION_VERBS", "BASE_CONVERSIONS", "CONTINUATION_VERBS", "DECLINES", "DROP_LABEL", "EXPANSION_FACTIONS",
           "FINAL_SCORING_OPTION", "FINAL_TILES", "MAX_PLAYERS", "MIN_PLAYERS", "OLD_VARIANT_OPTIONS",
           "RESOURCE_WORDS", "START_DWELLINGS", "VARIABLE_HOME", "final_tile"]

ILLEGAL_CODES = REFUSAL_CODES
"""Every ``IllegalActionError.code`` of Terra Mystica's rules code (the one registry, :mod:`companion.terra_mystica.refusals`)."""


class Game(Turns, Rounds, Handlers, Ledger):
    """A game in progress. Build with :meth:`new`, then :meth:`add_faction` per seat and :meth:`apply_row`.

    Attributes
    ----------
    rows : list of Row
        Every row so far (typed and engine rows), in ledger order.
    round : int
        0 during setup (initial dwellings, first bonus tiles), 1..6, 7 when the game is over.
    phase : str
        ``"setup"``, ``"income"`` (between rounds), ``"cult_spades"`` (using cult-income spades),
        ``"actions"`` or ``"over"``.
    """

    def __init__(self, setup: Setup, board: BoardTables | None = None) -> None:
        tiles = load_tiles()
        self.tiles = tiles
        self.setup = setup
        self.options = setup.options
        self.board = board or base_board()
        self.colour = dict(self.board.colour)
        self.townstate = TownState.new(self.board.map)
        self.factions: dict[str, FactionState] = {}
        self.seats: list[str] = []
        self.order: list[str] = []
        self.pass_order: list[str] = []
        self.round = 0
        self.phase = "setup"
        self.rows: list[Row] = []
        self.offers: list[dict] = []
        self.dropped: list[str] = []
        self.used_actions: set[str] = set()
        check_setup(setup, tiles)
        self.final_tile = final_tile(setup, tiles)
        self.bonus_pool: dict[str, int] = {}
        for bid, b in tiles.bonus.items():
            if bid in setup.removed_bonus:
                continue
            if b.option and b.option not in self.options:
                continue
            self.bonus_pool[bid] = 0
        self.town_pool: dict[str, int] = {}
        for tid, t in tiles.town.items():
            if t.option and t.option not in self.options:
                continue
            self.town_pool[tid] = t.copies
        self.favor_pool = {fid: f.copies for fid, f in tiles.favor.items()}
        self.cult_slots = {t: [None] * len(self.tiles.cult_track.priest_slot_steps) for t in CULT_TRACKS}
        self._leech_groups: dict[int, dict] = {}
        self._next_group = 0
        self._line: int | None = None
        self._pre: list[Row] = []
        self._turn = 0
        self._last_actor: str | None = None  # the faction whose turn is still open (it may still convert)
        self._setup_step = 0
        self.implicit_dig = False  # replay of older project records: a build / transform digs what it lacks
        self.turn: TurnState = NO_TURN  # the open turn's machine (RULES-NOTES-E E.0; engine/turn.py)
        self.observer = None  # called with each new Row (replay uses it to keep snapshots)

    # ------------------------------------------------------------------ setup
    def add_faction(self, name: str, *, line: int | None = None) -> None:
        """Seat ``name`` (``setup <faction>``); writes the ``setup`` row."""
        if self.round != 0 or any(f.hexes for f in self.factions.values()):
            raise _illegal("setup_closed", _("cannot add faction {name!r} after setup").format(name=name), _("RULES-NOTES section 6"), line)
        try:
            data = get_faction(name)
        except Exception:  # noqa: BLE001 - UnknownFaction / KeyError from the rules module
            raise RecordError(_("unknown faction {name!r}").format(name=name), line=line) from None
        if data.name in self.factions:
            raise SetupError("factions", _("faction {name} is set up twice").format(name=_(data.display)), line=line)
        other = next((f for f in self.factions.values() if f.data.home_terrain == data.home_terrain), None)
        if other is not None and data.home_terrain == VARIABLE_HOME:
            raise SetupError("factions", _("{display} and {other} share one faction board; only one of them plays "
                                           "(FIRE-ICE-NOTES section 2, which factions can share a game)").format(
                display=_(data.display), other=_(other.data.display)), line=line)
        if other is not None:
            raise SetupError("factions", _("the home terrain of the {display} ({home_terrain}) is taken by the {other}; each faction needs its own colour (FIRE-ICE-NOTES section 2, which factions can share a game)").format(display=_(data.display), home_terrain=terrain_name(data.home_terrain), other=_(other.data.display)), line=line)
        picker = next((o for o in self.factions.values()
                       if data.home_terrain in (o.picked, o.home if o.variable else None)), None)
        if picker is not None:
            raise SetupError("factions", _("the home terrain of the {display} ({home_terrain}) was picked by the {display2} (FIRE-ICE-NOTES section 2)").format(display=_(data.display), home_terrain=terrain_name(data.home_terrain), display2=_(picker.data.display)), line=line)
        if len(self.factions) >= MAX_PLAYERS:
            raise SetupError("factions", _("at most {max_players} players").format(max_players=MAX_PLAYERS), line=line)
        f = FactionState(data)
        # the Ice Maidens' starting favor tile, a +FAVn row during setup (FIRE-ICE-NOTES section 2)
        f.owe(favor=int(data.engine_fields.get("GAIN_FAVOR", 0) or 0))
        self.factions[data.name] = f
        self.seats.append(data.name)
        self.order.append(data.name)
        self._emit(f, "setup", line=line, typed=True)

    # ------------------------------------------------------------------ rows
    def _emit(self, f: FactionState, label: str, *, line: int | None = None, typed: bool = False) -> None:
        if not typed and f.name in self.dropped:
            label = ""  # the reference engine records no text for a dropped faction (RULES-NOTES-D D.3)
        row = Row(f.name, label, f.totals(), line, typed)
        self.rows.append(row)
        if self.observer is not None:
            self.observer(row)

    def _emit_pre(self, f: FactionState, label: str) -> None:
        self._pre.append(Row(f.name, label, f.totals(), None, False))

    # ------------------------------------------------------------------ helpers
    def faction(self, name: str, line: int | None = None) -> FactionState:
        """The state of faction ``name``; RecordError if it is not in the game."""
        f = self.factions.get(name.lower())
        if f is None:
            raise RecordError(_("faction {name!r} is not in this game (factions: {seats})").format(name=name, seats=', '.join(self.seats)),
                              line=line)
        return f

    def adjacent(self, h: str) -> frozenset[str]:
        """Land hexes directly adjacent to ``h``, bridges included (:meth:`TownState.bridged_neighbours`)."""
        return self.townstate.bridged_neighbours(h)

    def owner(self, h: str) -> str | None:
        b = self.townstate.buildings.get(h)
        return b[0] if b else None

    def _round_tile(self):
        if 1 <= self.round <= 6 and self.setup.round_tiles:
            return self.tiles.round_scoring[self.setup.round_tiles[self.round - 1]]
        return None

    def _shown(self, faction: str) -> str:
        """A seated faction's display name in the reader's language (the id for anything else)."""
        return _(self.factions[faction].data.display) if faction in self.factions else faction

    def drop_faction(self, name: str, *, line: int | None = None) -> None:
        """``FACTION dropped from the game`` (commands.pm drop-faction; RULES-NOTES-D D.3).

        The faction takes no more turns and gets no more power offers (those waiting for it vanish); its
        bonus tile goes back to the pool; its buildings stay on the map; it still takes income and is
        scored at the end (rows without text).
        """
        f = self.faction(name, line)
        if f.name in self.dropped:
            raise _illegal("already_dropped", _("{name} has already left the game").format(name=_(f.data.display)), _("RULES-NOTES-D D.3"), line)
        if self.phase == "over":
            raise _illegal("game_over", _("the game is over"), _("RULES-NOTES section 5"), line)
        self._line = line
        self._pre = []
        due = self.expected_turn()
        self.dropped.append(f.name)
        for o in [o for o in self.offers if o["to"] == f.name]:
            self.offers.remove(o)
            group = self._leech_groups.get(o["group"])
            if group is not None:
                group["records"] -= 1
                if group["records"] == 0:
                    del self._leech_groups[o["group"]]
        if f.bonus:
            self.bonus_pool[f.bonus] = 0
            f.bonus = None
        f.set_owed(cult=0, favor=0, town=0)
        f.spades = 0
        f.cult_spade = False
        if self.turn.faction == f.name:
            self.turn = NO_TURN
        if due == f.name and f.name in self.order:
            self._turn = (self.order.index(f.name) + 1) % len(self.order)
        self.rows.append(Row(f.name, DROP_LABEL, f.totals(), line, True))
        if self.observer is not None:
            self.observer(self.rows[-1])
        self._maybe_advance()

    def _setup_sequence(self) -> list[str]:
        """Initial dwellings in seat order, then reverse; Nomads' third; Chaos Magicians last; then bonus
        tiles in reverse seat order (rulebook setup; reference engine)."""
        count = {n: START_DWELLINGS.get(n, 2) for n in self.seats}
        normal = [n for n in self.seats if count[n] >= 2]
        seq = normal + normal[::-1]
        seq += [n for n in self.seats if count[n] >= 3]
        seq += [n for n in self.seats if count[n] == 1]
        return seq + self.seats[::-1]

    def copy(self) -> Game:
        """An independent copy (the public ``apply_action`` works on copies). Immutable parts (rules
        data, map tables, the frozen town state) are shared."""
        new = object.__new__(type(self))
        d = self.__dict__.copy()  # one new dict, its mutable parts replaced by copies
        d["colour"] = self.colour.copy()
        d["factions"] = {n: f.copy() for n, f in self.factions.items()}
        d["seats"], d["order"], d["pass_order"] = self.seats.copy(), self.order.copy(), self.pass_order.copy()
        d["rows"], d["dropped"], d["_pre"] = self.rows.copy(), self.dropped.copy(), self._pre.copy()
        d["offers"] = [o.copy() for o in self.offers]
        d["used_actions"] = self.used_actions.copy()
        d["bonus_pool"], d["town_pool"], d["favor_pool"] = self.bonus_pool.copy(), self.town_pool.copy(), \
            self.favor_pool.copy()
        d["cult_slots"] = {t: v.copy() for t, v in self.cult_slots.items()}
        d["_leech_groups"] = {k: v.copy() for k, v in self._leech_groups.items()}
        d["observer"] = None
        new.__dict__ = d
        return new

    def snapshot(self) -> GameSnapshot:
        """A frozen :class:`GameSnapshot` of the game now."""
        base = self.board.colour
        terrain = tuple(sorted((h, c) for h, c in self.colour.items() if base[h] != c))
        facs = tuple(FactionSnapshot(f.name, f.totals(), f.shipping_level, f.digging_level, tuple(f.buildings.values()), tuple(f.favors),
                                     tuple(f.towns), f.bonus, f.passed)
                     for f in (self.factions[n] for n in self.seats))
        return GameSnapshot(self.round, self.phase, tuple(self.order), terrain, self.townstate, facs)

    def summary(self) -> dict[str, Any]:
        """Small JSON-able view: round, phase, turn order, and each faction's totals and buildings (plus its
        current home colour and, for the Riverwalkers, the unlocked colours)."""
        return {
            "round": self.round, "phase": self.phase, "order": list(self.order),
            "factions": {n: dict(zip(TOTAL_FIELDS, f.totals(), strict=False)) | {
                "buildings": dict(f.hexes), "ship": f.shipping_level, "dig": f.digging_level, "favors": list(f.favors),
                "towns": list(f.towns), "bonus": f.bonus, "passed": f.passed, "home": f.home,
                "unlocked": sorted(f.unlocked)}
                for n, f in self.factions.items()},
        }
