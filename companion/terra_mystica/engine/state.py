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
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from companion.errors import IllegalActionError, RecordError
from companion.i18n import N_, _
from companion.terra_mystica.engine.board import BoardTables, base_board
from companion.terra_mystica.engine.commands import CULT_TRACKS, Command
from companion.terra_mystica.engine.turn import (
    FOLLOWUPS,
    FULL_ACTION_VERBS,
    NO_TURN,
    TurnState,
    fresh_turn,
    pending_items,
)
from companion.terra_mystica.engine.turn import evolve as replace  # dataclasses.replace without __init__
from companion.terra_mystica.factions import Faction, get_faction
from companion.terra_mystica.network import largest_network
from companion.terra_mystica.power import PowerBowls, leech_offer
from companion.terra_mystica.refusals import REFUSAL_CODES
from companion.terra_mystica.scoring import PlayerFinal, final_scoring, final_tile_network_value
from companion.terra_mystica.terraform import normalise_terrain, terraform_cost
from companion.terra_mystica.terrain import terrain_name, terrain_wheel
from companion.terra_mystica.tiles import load_tiles
from companion.terra_mystica.towns import TownState

__all__ = ["ILLEGAL_CODES", "DEFAULT_OPTIONS", "SetupError", "check_setup", "KNOWN_OPTIONS", "option_problem", "Game", "FactionState", "FactionSnapshot", "GameSnapshot", "Row", "Setup", "TOTAL_FIELDS"]

TOTAL_FIELDS = ("VP", "C", "W", "P", "PW1", "PW2", "PW3", "FIRE", "WATER", "EARTH", "AIR")
"""The totals a ledger row carries (appendix A), in this order."""

BASE_CONVERSIONS = {("PW", "C"): 1, ("PW", "W"): 3, ("PW", "P"): 5, ("P", "W"): 1, ("P", "C"): 1, ("W", "C"): 1}
_SPADES: dict[tuple[str, str, str], int] = {}


DEFAULT_OPTIONS = frozenset({"strict-leech", "strict-darkling-sh", "strict-chaosmagician-sh", "errata-cultist-power",
                             "mini-expansion-1", "shipping-bonus", "temple-scoring-tile", "maintain-player-order",
                             "variable-turn-order"})
"""Options of a new game when none are given: the set today's league games use (the newer shared ledgers;
RULES-NOTES appendix C). A replay uses the options its record names."""

ILLEGAL_CODES = REFUSAL_CODES
"""Every ``IllegalActionError.code`` of Terra Mystica's rules code (the one registry, :mod:`companion.terra_mystica.refusals`)."""

MIN_PLAYERS, MAX_PLAYERS = 2, 5
"""Player counts of the base game (rulebook)."""


class SetupError(RecordError):
    """A game setup the rules do not allow (round tiles, players, colours), naming the field.

    Attributes
    ----------
    field : str
        ``round_tiles``, ``factions``, ``removed_bonus`` or ``options``.
    """

    def __init__(self, field: str, message: str, *, line: int | None = None) -> None:
        self.field = field
        super().__init__(f"setup {field}: {message}", line=line)


EXPANSION_FACTIONS = frozenset({"icemaidens", "yetis", "acolytes", "dragonlords", "shapeshifters", "riverwalkers"})
"""Fire & Ice factions the engine plays (FIRE-ICE-NOTES sections 2-7; Shapeshifters and Riverwalkers in
their official 2015 ``variable_v5`` form)."""

VARIABLE_HOME = "variable"
"""``home_terrain`` of the factions that choose their home colour at setup (Shapeshifters, Riverwalkers)."""

NEVER_BLOCKED = frozenset({"ACTH1", "ACTH2", "ACTH3", "ACTH4", "ACTH5", "ACTH6"})
"""Action spaces that any number of uses never block: the Shapeshifters' colour change (Constants.pm
``dont_block``; FIRE-ICE-NOTES section 6)."""

SPECIAL_TERRAINS = ("ice", "volcano")
"""Terrains no map starts with and nobody can transform again (FIRE-ICE-NOTES section 3, map.pm
validate_transform_color)."""

RESOURCE_WORDS = {"C": N_("coins"), "W": N_("workers"), "P": N_("priests"), "PW": N_("power"), "VP": N_("VP")}
"""Resource letters of costs as a player reads them (catalog entries; ``_(RESOURCE_WORDS[res])``)."""

KNOWN_OPTIONS = frozenset({
    # RULES-NOTES appendix C: the options of the league games
    "strict-leech", "strict-darkling-sh", "strict-chaosmagician-sh", "errata-cultist-power", "mini-expansion-1",
    "shipping-bonus", "temple-scoring-tile", "maintain-player-order", "variable-turn-order", "email-notify",
    # RULES-NOTES-D D.2 (command_adjust_resources)
    "loose-cult-loss",
    # FIRE-ICE-NOTES section 1: the expansion's factions and final scoring (the bare option does nothing)
    "fire-and-ice-final-scoring", "fire-and-ice-factions", "fire-and-ice-factions/ice",
    "fire-and-ice-factions/volcano", "fire-and-ice-factions/variable_v5",
})
"""Every option the engine plays as the reference engine does (or that has no effect on play). A new game
with any other option is refused, naming it; a record naming one is replayed without it and the replay says so
(``ReplayResult.options_not_played``), except the older Shapeshifter/Riverwalker data, which is refused."""

OLD_VARIANT_OPTIONS = frozenset({"fire-and-ice-factions/variable", "fire-and-ice-factions/variable_v2",
                                 "fire-and-ice-factions/variable_v3", "fire-and-ice-factions/variable_v4"})
"""Older Shapeshifter / Riverwalker data (FIRE-ICE-NOTES section 1 table): refused, the engine plays ``_v5``."""


def option_problem(name: str) -> str | None:
    """Why the engine cannot play a game with option ``name``, or None when it can.

    Parameters
    ----------
    name : str
        An option as a record's ``option X`` line writes it (lower case).

    Returns
    -------
    str or None
        A sentence naming the option and what the engine plays instead (RULES-NOTES appendix C,
        FIRE-ICE-NOTES section 1).
    """
    if name in KNOWN_OPTIONS:
        return None
    if name in OLD_VARIANT_OPTIONS:
        return _("option {option} loads an older form of the Shapeshifters and Riverwalkers; the engine plays "
                 "their official 2015 rules (option {v5}) only (FIRE-ICE-NOTES section 1)").format(
                     option=name, v5="fire-and-ice-factions/variable_v5")
    return _("option {option} is not one the engine plays; expected one of: {known}").format(
        option=name, known=_(", ").join(sorted(KNOWN_OPTIONS)))

FINAL_SCORING_OPTION = "fire-and-ice-final-scoring"
"""The option that adds one Fire & Ice final-scoring tile (FIRE-ICE-NOTES section 8)."""

START_DWELLINGS = {"nomads": 3, "chaosmagicians": 1}
"""Initial dwellings that differ from 2 (faction boards: Nomads place a third after everyone, the Chaos
Magicians a single one, last). factions.json does not carry this, so it lives here."""

CONTINUATION_VERBS = frozenset({"transform", "build", "convert", "burn", "favor", "town", "cult", "connect",
                                "wait", "lose"})
"""What a row continuing an action with leftover spades may contain."""

DROP_LABEL = "drop-faction"
"""Label of the row that records a faction leaving the game (ledger: ``FACTION dropped from the game``)."""

DECLINES = frozenset({"BRIDGE", "FREE_D", "FREE_TF", "FREE_TP", "CONVERT_W_TO_P", "GAIN_FAVOR", "GAIN_TW", "CULT"})
"""Pending items a ``-X`` row declines besides ``-SPADE`` and ``-GAIN_P3_FOR_VP`` (RULES-NOTES-E E.2 table)."""

ACTION_VERBS = frozenset({"build", "upgrade", "transform", "dig", "send", "action", "advance", "pass", "bridge"})
"""Sub-commands that make a row a turn (conversions, burning, picks and power offers do not)."""


class Row(NamedTuple):
    """One ledger row as the engine produced it.

    Attributes
    ----------
    faction : str
    label : str
        The typed command text, or the engine's own label (``other_income_for_faction``,
        ``cult_income_for_faction``, ``[opponent accepted power]``, ``+8vp for FIRE``, ``score_resources``,
        ``setup``).
    totals : tuple of int, length 11
        :data:`TOTAL_FIELDS` of ``faction`` after the row.
    line : int or None
        Record line of a typed row.
    typed : bool
        True for rows typed by a player.
    """

    faction: str
    label: str
    totals: tuple
    line: int | None
    typed: bool


def _illegal(code: str, message: str, rule: str, line: int | None) -> IllegalActionError:
    return IllegalActionError(code, message, rule=rule, line=line)


class FactionState:
    """Mutable per-faction state (resources, buildings, tracks, tiles, pending choices)."""

    def __init__(self, data: Faction) -> None:
        s = data.start
        self.name = data.name
        self.data = data
        self.vp = s.vp
        self.c, self.w, self.p = s.coins, s.workers, s.priests
        self.bowls = PowerBowls(*s.power)  # a value: replaced, never changed in place
        self.cult = {t: s.cults[t.lower()] for t in CULT_TRACKS}
        self.ship = data.shipping.start
        self.dig = data.spades.start_level if data.spades else 0
        self.count = {"D": 0, "TP": 0, "TE": 0, "SH": 0, "SA": 0}
        self.hexes: dict[str, str] = {}
        self.favors: list[str] = []
        self.towns: list[str] = []
        self.keys = 0
        self.bonus: str | None = None
        self.passed = False
        self.max_p = load_tiles().rules.max_priests  # priests not on the cult board's priest spaces
        self.on_slots = 0  # priests standing on the cult board's priest spaces (SCORE9)
        self.spades = 0
        self.cult_spade = False       # spades from cult income (no BON4 range)
        self.carry_spades = False     # spades left by the last action row
        self.carry_free = False       # a free build / transform / upgrade / bridge left by the last action row
        self.pending_favor = 0
        self.pending_town = 0
        self.pending_cult = 0
        self.cult_same_track = False
        self.blocked: list[str] = []  # tracks stopped at 9 for want of a key (RULES-NOTES-D D.2)
        self.same_track_name: str | None = None
        self.free = {"TF": 0, "D": 0, "TP": 0, "BRIDGE": 0}
        self.tf_need_adjacency = False
        self.teleport_level = 0
        carpet = data.engine_fields.get("carpet_range")
        tunnel = data.engine_fields.get("tunnel_range")
        self.jump_range = int(carpet or tunnel or 0)
        self.w_to_p = 0
        self.teleported: set[str] = set()
        # ice factions pick a land colour after their setup row (FIRE-ICE-NOTES section 2): their
        # starting terrain and the reference for spade costs; their home terrain stays "ice"
        self.picked: str | None = None
        self.pending_pick = bool(data.engine_fields.get("PICK_COLOR") or
                                 (data.engine_fields.get("post_setup") or {}).get("PICK_COLOR"))
        # volcano factions (FIRE-ICE-NOTES section 5): a free ``dig 1`` grants one volcano transform
        # (VOLCANO_TF) per action; the Acolytes then owe cult steps, paid with one ``-NTRACK``
        self.volcano_tf = 0
        self.volcano_dug = False
        self.cult_debt = 0
        self.spade_action: str | None = None  # a power / bonus action whose spades a volcano faction converted
        # the current home colour: fixed, "ice" / "volcano", or chosen at setup by the Shapeshifters and
        # Riverwalkers (FIRE-ICE-NOTES sections 2, 6, 7); the Shapeshifters' stronghold changes it
        self.home = data.home_terrain
        self.variable = data.home_terrain == VARIABLE_HOME
        self.shift_pick = False       # the Shapeshifters' ACTH5 / ACTH6 waits for its pick-color
        self.pending_p3 = 0           # "gain P3 for VP" offers (an opponent accepted Shapeshifter power)
        self.unlocked: set[str] = set()  # Riverwalkers: colours they may build on
        self.pending_unlock = 0       # Riverwalkers: priests gained, each an unlock-terrain choice
        self.sh_bridges = 0           # Riverwalkers: stronghold bridges still to place (or -BRIDGE)
        if data.engine_fields.get("MAX_P") is not None:
            self.max_p = int(data.engine_fields["MAX_P"])  # Riverwalkers: priest capacity starts at 1

    def copy(self) -> FactionState:
        """An independent copy (faction rules data shared)."""
        new = object.__new__(FactionState)
        new.__dict__.update(self.__dict__)
        new.cult, new.count, new.hexes = dict(self.cult), dict(self.count), dict(self.hexes)
        new.favors, new.towns = list(self.favors), list(self.towns)
        new.free, new.teleported = dict(self.free), set(self.teleported)
        new.blocked = list(self.blocked)
        new.unlocked = set(self.unlocked)
        return new

    # ------------------------------------------------------------------ totals
    def totals(self) -> tuple:
        """:data:`TOTAL_FIELDS` as a tuple of ints."""
        c = self.cult
        i, ii, iii = self.bowls
        return (self.vp, self.c, self.w, self.p, i, ii, iii, c["FIRE"], c["WATER"], c["EARTH"], c["AIR"])

    @property
    def capacity(self) -> int:
        """Power this faction can still gain (:attr:`PowerBowls.max_gain`: 2 x bowl I + bowl II)."""
        return self.bowls.max_gain

    def gain_power(self, n: int) -> int:
        """Gain ``n`` power (:meth:`PowerBowls.gained`: bowl I -> II first, then II -> III). Returns the
        amount gained."""
        before = self.bowls
        after = self.bowls = before.gained(n)
        return (before.i - after.i) + (after.iii - before.iii)


@dataclass(frozen=True)
class FactionSnapshot:
    """A faction's position at one moment (frozen).

    Attributes
    ----------
    name : str
    totals : tuple of int
        :data:`TOTAL_FIELDS` (VP, coins, workers, priests, power bowls I/II/III, cults F/W/E/A).
    ship, dig : int
        Shipping and spade (exchange) track levels.
    buildings : tuple of (str, int)
        Count per kind D, TP, TE, SH, SA.
    favors, towns : tuple of str
        Favor and town tiles held.
    bonus : str or None
    passed : bool
    """

    name: str
    totals: tuple
    ship: int
    dig: int
    buildings: tuple
    favors: tuple
    towns: tuple
    bonus: str | None
    passed: bool

    def total(self, field: str) -> int:
        """One of :data:`TOTAL_FIELDS` by name."""
        return self.totals[TOTAL_FIELDS.index(field)]


@dataclass(frozen=True)
class GameSnapshot:
    """The whole game at one moment (frozen), cheap to keep for every row of a replay.

    Attributes
    ----------
    round : int
    phase : str
    order : tuple of str
        Turn order of the round.
    terrain : tuple of (str, str)
        Hexes whose terrain differs from the printed map: (label, colour word).
    towns : TownState
        Buildings, bridges and towns (a frozen value shared, not copied).
    factions : tuple of FactionSnapshot
        In seat order.
    """

    round: int
    phase: str
    order: tuple
    terrain: tuple
    towns: TownState
    factions: tuple

    def faction(self, name: str) -> FactionSnapshot:
        """The snapshot of faction ``name`` (KeyError if absent)."""
        for f in self.factions:
            if f.name == name:
                return f
        raise KeyError(name)


@dataclass(frozen=True)
class Setup:
    """Game setup read from the header of a record.

    Attributes
    ----------
    options : frozenset of str
    round_tiles : tuple of str, length 6
        Round scoring tiles SCOREn for rounds 1-6.
    removed_bonus : tuple of str
        Bonus tiles not in play.
    players : tuple of str
        Player names in seat order (informative).
    final_scoring : str or None
        The Fire & Ice final-scoring tile (``connected-distance``, ``connected-sa-sh-distance``,
        ``building-on-edge``, ``connected-clusters``): the ledger header ``Added final scoring tile: X`` or
        the admin row ``final-scoring X``. With option ``fire-and-ice-final-scoring`` and no tile named,
        ``building-on-edge`` (the reference engine's ``randomize v1``: the first name alphabetically).
    """

    options: frozenset = frozenset()
    round_tiles: tuple = ()
    removed_bonus: tuple = ()
    players: tuple = ()
    final_scoring: str | None = None


def check_setup(setup: Setup, tiles) -> None:
    """Check a setup before play (rulebook setup; RULES-NOTES appendix C).

    Round scoring tiles: six different known tiles, rounds 1-6; a tile that needs an option
    (SCORE9: ``temple-scoring-tile``) only with it; the tile that scores spades during the round (SCORE1,
    "SPADE >> 2") not in rounds 5 or 6 (rulebook; true of all 30 shared league games, which do have the
    spade *cult-bonus* tiles SCORE2/6/8 in rounds 5 and 6). Removed bonus tiles: known, no repeats.

    Raises
    ------
    SetupError
        Naming the field (``options``, ``round_tiles``, ``removed_bonus``) and what was expected; an option
        the engine does not play (:func:`option_problem`).
    """
    for option in sorted(setup.options):
        problem = option_problem(option)
        if problem:
            raise SetupError("options", problem)
    rt = setup.round_tiles
    if len(rt) != 6:
        raise SetupError("round_tiles", _("expected 6 round scoring tiles (rounds 1-6), got {n_rt}").format(n_rt=len(rt)))
    for i, t in enumerate(rt, start=1):
        tile = tiles.round_scoring.get(t)
        if tile is None:
            raise SetupError("round_tiles", _("round {i}: unknown tile {t!r}; expected one of {round_scoring}").format(i=i, t=t, round_scoring=', '.join(sorted(tiles.round_scoring))))
        if tile.option and tile.option not in setup.options:
            raise SetupError("round_tiles", _("round {i}: {t} is only in play with option {option}").format(i=i, t=t, option=tile.option))
        if i >= 5 and "SPADE" in tile.vp:
            raise SetupError("round_tiles", _("round {i}: {t} (VP for spades) may not be in rounds 5 or 6").format(i=i, t=t))
    dup = sorted({t for t in rt if rt.count(t) > 1})
    if dup:
        raise SetupError("round_tiles", _("expected six different tiles; {dup} is repeated").format(dup=', '.join(dup)))
    for b in setup.removed_bonus:
        if b not in tiles.bonus:
            raise SetupError("removed_bonus", _("unknown bonus tile {b!r}").format(b=b))
    if len(set(setup.removed_bonus)) != len(setup.removed_bonus):
        raise SetupError("removed_bonus", _("a bonus tile is removed twice"))


FINAL_TILES = ("building-on-edge", "connected-clusters", "connected-distance", "connected-sa-sh-distance")
"""The Fire & Ice final-scoring tiles, alphabetically (FIRE-ICE-NOTES section 8)."""


def final_tile(setup: Setup, tiles) -> str | None:
    """The Fire & Ice final-scoring tile of ``setup`` (None without one); see :attr:`Setup.final_scoring`.

    Raises
    ------
    SetupError
        ``final_scoring`` naming a tile that does not exist.
    """
    name = setup.final_scoring
    if name is None:
        return FINAL_TILES[0] if FINAL_SCORING_OPTION in setup.options else None
    name = name.lower()
    if name not in FINAL_TILES or name not in tiles.final_scoring:
        raise SetupError("final_scoring", _("unknown final-scoring tile {name!r}; expected one of {choices}").format(
            name=name, choices=_(", ").join(FINAL_TILES)))
    return name


class Game:
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
        f.pending_favor += int(data.engine_fields.get("GAIN_FAVOR", 0) or 0)
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

    def _pay(self, f: FactionState, cost: dict, what: str) -> None:
        line = self._line
        for res, n in cost.items():
            if not n:
                continue
            if res == "C":
                have = f.c
            elif res == "W":
                have = f.w
            elif res == "P":
                have = f.p
            elif res == "PW":
                have = f.bowls.spendable
            elif res == "VP":
                have = f.vp
            elif res == "PW_TOKEN":
                have = sum(f.bowls)
            else:
                raise _illegal("unknown_cost", _("{what}: unknown cost {res}").format(what=what, res=res), _("engine data"), line)
            if have < n:
                raise _illegal("not_enough_" + res.lower(), _("{name}: {what} costs {n} {res}, has {have}").format(name=_(f.data.display), what=what, n=n, res=_(RESOURCE_WORDS.get(res, res)), have=have),
                               _("rulebook costs / RULES-NOTES section 6"), line)
        for res, n in cost.items():
            if res == "C":
                f.c -= n
            elif res == "W":
                f.w -= n
            elif res == "P":
                f.p -= n
            elif res == "PW":
                f.bowls = f.bowls.spent(n)
            elif res == "VP":
                f.vp -= n
            elif res == "PW_TOKEN":
                self._remove_tokens(f, n)

    def _remove_tokens(self, f: FactionState, n: int) -> None:
        """Remove ``n`` power tokens for good: bowl I first, then II, then III (resources.pm
        ``LOSE_PW_TOKEN``; FIRE-ICE-NOTES sections 5, 6). The caller checked that enough exist."""
        b = f.bowls
        bowls = list(b)
        for i in range(3):
            take = min(n, bowls[i])
            bowls[i] -= take
            n -= take
        f.bowls = type(b)(*bowls)

    def _gain(self, f: FactionState, gain: dict, source: str) -> None:
        """Apply a gain map (C, W, P, PW, VP, SPADE, cult tracks, KEY, ...). Keys come first, so a
        town tile's cult steps may reach 10 with its own key (TW6)."""
        if "KEY" in gain:
            gain = {"KEY": gain["KEY"], **{k: v for k, v in gain.items() if k != "KEY"}}
        for res, n in gain.items():
            if not n:
                continue
            if res == "C":
                f.c += n
            elif res == "W":
                f.w += n
            elif res == "P" and f.data.engine_fields.get("locked_terrain"):
                # Riverwalkers: every priest gained becomes an unlock-terrain choice (FIRE-ICE-NOTES 7)
                f.pending_unlock += n
            elif res == "P":
                f.p = min(f.p + n, f.max_p)
            elif res == "MAX_P":
                f.max_p += n
            elif res == "GAIN_P3_FOR_VP":
                f.pending_p3 += n  # the Shapeshifters may buy a bowl-III token for 1 VP (FIRE-ICE-NOTES 6)
            elif res == "PICK_COLOR":
                f.pending_pick = True  # the Shapeshifters' stronghold action: pick-color in the same action
                f.shift_pick = True
            elif res == "PW":
                f.gain_power(n)
            elif res == "VP":
                f.vp += n
            elif res == "SPADE":
                self._gain_spades(f, n)
            elif res in CULT_TRACKS:
                self._cult_step(f, res, n)
            elif res == "KEY":
                f.keys += n
                self._unblock(f)
            elif res == "CULT":
                f.pending_cult += n
            elif res == "GAIN_SHIP":
                self._gain_ship(f)
            elif res == "carpet_range":
                pass  # handled with GAIN_SHIP for factions without shipping
            elif res == "BRIDGE":
                f.free["BRIDGE"] += n
            elif res == "GAIN_FAVOR":
                f.pending_favor += n
            elif res == "GAIN_TELEPORT":
                f.teleport_level += n
                adv = (f.data.teleport or {}).get("advance_gain") or ()
                for g in adv:
                    if "carpet_range" in g:
                        f.jump_range += g["carpet_range"]
            elif res == "CONVERT_W_TO_P":
                f.w_to_p = n
            elif res in ("FREE_TF", "FREE_D", "FREE_TP"):
                f.free[res[5:]] += n
            elif res == "TF_NEED_HEX_ADJACENCY":
                f.tf_need_adjacency = True
            elif res == "TELEPORT_NO_TF":
                pass  # the Witches' ride builds without transforming: FREE_D only builds on forest
            elif res == "P1":
                # new bowl-I tokens; the Dragonlords' stronghold: one per faction in the game (dropped
                # placeholders aside; FIRE-ICE-NOTES section 5)
                k = len(self.factions) if n == "PLAYER_COUNT" else int(n)
                b = f.bowls
                f.bowls = type(b)(b[0] + k, b[1], b[2])
            elif res == "PRIEST_CULT_BONUS":
                pass  # the Acolytes' stronghold: checked in _send_priest
            elif res == "allow_reuse":
                pass  # the Yetis' stronghold: checked in _action (_may_reuse)
            elif res == "TOWN_SIZE":
                pass  # FAV5: handled by the town state
            elif res == "GAIN_ACTION" or res.startswith("ACT") or res == "CULTS_ON_SAME_TRACK":
                if res == "CULTS_ON_SAME_TRACK":
                    f.cult_same_track = True
            else:
                raise _illegal("unknown_gain", _("{source}: gain {res} is not implemented").format(source=source, res=res),
                               _("issue 5: base game first"), self._line)

    def _gain_ship(self, f: FactionState) -> None:
        sh = f.data.shipping
        if sh.max > f.ship:
            if sh.advance_vp:
                f.vp += sh.advance_vp[f.ship]
            f.ship += 1
        elif f.data.engine_fields.get("carpet_range") is not None:
            cap = int(f.data.engine_fields.get("carpet_max_range", 4))
            f.jump_range = min(f.jump_range + 1, cap)

    def _gain_spades(self, f: FactionState, n: int) -> None:
        if f.data.terraform_mode == "none":
            return  # the Riverwalkers: gained spades vanish, SCORE1 pays nothing (FIRE-ICE-NOTES section 7)
        tile = self._round_tile()
        if tile is not None and tile.vp_trigger == "gain" and "SPADE" in tile.vp and self.phase == "actions":
            f.vp += tile.vp["SPADE"] * n
        if f.data.terraform_mode == "volcano":
            # spades become a new bowl-I token (Dragonlords) or a free cult step (Acolytes) at once
            # (FIRE-ICE-NOTES section 5, data key special mode gain)
            conv = (f.data.engine_fields.get("special") or {}).get("SPADE") or {}
            if conv.get("P1"):
                b = f.bowls
                f.bowls = type(b)(b[0] + n * conv["P1"], b[1], b[2])
            if conv.get("CULT"):
                f.pending_cult += n * conv["CULT"]
            return
        f.spades += n
        bonus = f.data.spade_gain_bonus
        if bonus:
            needs = f.data.spade_bonus_needs
            if all(f.count.get(k, 0) >= v for k, v in needs.items()):
                for res, v in bonus.items():
                    self._gain(f, {res: v * n}, "spade bonus")

    # ------------------------------------------------------------------ cult tracks
    def _cult_step(self, f: FactionState, track: str, n: int) -> int:
        """Move ``f`` ``n`` steps up ``track`` with its cult power (resources.pm maybe_gain_power_from_cult;
        RULES-NOTES-D D.2). Space 10 needs a free key and nobody else on it: when another faction holds
        it the step stops at 9; without a key it stops at 9 and the track is remembered as blocked until
        the faction's next full move (a key gained meanwhile moves it on). Returns the steps made."""
        old = f.cult[track]
        new = min(old + n, 10)
        if new == 10 and old < 10:
            if any(o.cult[track] == 10 for o in self.factions.values() if o is not f):
                new = 9
            elif f.keys <= sum(1 for t in CULT_TRACKS if f.cult[t] == 10):
                new = 9
                if track not in f.blocked:
                    f.blocked.append(track)
        if new <= old:
            return 0
        f.cult[track] = new
        pw = self.tiles.cult_track.power_for_move(old, new)
        if pw:
            f.gain_power(pw)
        return new - old

    def _lose(self, f: FactionState, n: int, what: str) -> None:
        """``-TRACK``: step back on a cult track by choice, e.g. to say which track a town tile's key goes
        to (allowed when the track is not at 10 and stays at 7 or more, unless option loose-cult-loss);
        ``-SPADE``: discard a spade (commands.pm command_adjust_resources; RULES-NOTES-D D.2, D.4)."""
        line = self._line
        if what in DECLINES:
            # a decline of a pending item: ACT1 / ACTE / stronghold bridges, ACTW's dwelling, ACTN's transform,
            # ACTS's trading house, the Darklings' conversion, favour / town tiles, cult steps
            # (RULES-NOTES-E E.2: a negative adjustment of the pending field, the count written out)
            have = self._pending_count(f, what)
            if have < n:
                raise _illegal("nothing_to_decline", _("{who}: -{n}{what} declines more than is pending ({have})").format(
                    who=_(f.data.display), n=n if n > 1 else "", what=what, have=have),
                    _("RULES-NOTES-E E.2: declines"), line)
            if what == "BRIDGE":
                f.free["BRIDGE"] -= n
                f.sh_bridges = max(0, f.sh_bridges - n)
            elif what.startswith("FREE_"):
                f.free[what[5:]] -= n
                if what == "FREE_TF":
                    f.tf_need_adjacency = False
            elif what == "CONVERT_W_TO_P":
                f.w_to_p -= n
            elif what == "GAIN_FAVOR":
                f.pending_favor -= n
            elif what == "GAIN_TW":
                f.pending_town -= n
            else:
                f.pending_cult -= n
                if not f.pending_cult:
                    f.cult_same_track = False
            return
        if what == "GAIN_P3_FOR_VP":
            for _k in range(n):
                self._gain_p3(f, False)
            return
        if what == "SPADE":
            if f.spades < n:
                raise _illegal("no_spade", _("{name} holds {spades} spade(s), cannot discard {n}").format(name=_(f.data.display), spades=f.spades, n=n),
                               _("RULES-NOTES-D D.6"), line)
            if self.turn.dig_spades and self.turn.faction == f.name and not f.passed and \
                    "loose-dig" not in self.options:
                raise _illegal("dig_spades_kept", _("{name}: spades bought with dig must be used, not thrown away").format(
                    name=_(f.data.display)), _("RULES-NOTES-E E.2.3"), line)
            f.spades -= n
            if f.spades == 0:
                f.cult_spade = False
            return
        pos = f.cult[what]
        if f.cult_debt:
            # the Acolytes' volcano price: the whole amount on one track (FIRE-ICE-NOTES section 5)
            if n != f.cult_debt or pos < n:
                raise _illegal("volcano_unpaid", _("{name} owes {cult_debt} steps on one track for the volcano (-{cult_debt}{what} with {what} at {pos})").format(name=_(f.data.display), cult_debt=f.cult_debt, what=what, pos=pos), _("FIRE-ICE-NOTES section 5"),
                               line)
            f.cult[what] = pos - n
            f.cult_debt = 0
            return
        if "loose-cult-loss" not in self.options and (pos == 10 or pos - n < 7):
            raise _illegal("cult_loss", _("{name} may step back on {what} only from below 10 and not below 7 (at {pos})").format(name=_(f.data.display), what=what, pos=pos), _("RULES-NOTES-D D.2 command_adjust_resources"), line)
        if pos - n < 0:
            raise _illegal("cult_loss", _("{name} is at {pos} on {what}").format(name=_(f.data.display), pos=pos, what=what), _("cult tracks"), line)
        f.cult[what] = pos - n

    def _pending_count(self, f: FactionState, what: str) -> int:
        """How many of the E.2 item ``what`` (a :data:`DECLINES` name) ``f`` has pending."""
        if what == "BRIDGE" or what.startswith("FREE_"):
            return f.free["BRIDGE" if what == "BRIDGE" else what[5:]]
        return {"CONVERT_W_TO_P": f.w_to_p, "GAIN_FAVOR": f.pending_favor, "GAIN_TW": f.pending_town,
                "CULT": f.pending_cult}[what]

    def _free_keys(self, f: FactionState) -> int:
        return f.keys - sum(1 for t in CULT_TRACKS if f.cult[t] == 10)

    def _unblock(self, f: FactionState) -> None:
        """After a key is gained: if every blocked track of ``f`` can have a key, each moves on to 10."""
        if not f.blocked or len(f.blocked) > self._free_keys(f):
            return
        for track in list(f.blocked):
            f.blocked.remove(track)
            if f.cult[track] == 9:
                self._cult_step(f, track, 1)

    def _send_priest(self, f: FactionState, track: str, steps: int | None) -> None:
        line = self._line
        if f.p < 1:
            raise _illegal("no_priest", _("{name} has no priest to send").format(name=_(f.data.display)), _("rulebook: send a priest"), line)
        slots = self.cult_slots[track]
        chosen = None
        if steps is None or steps > 1:
            for i, v in enumerate(self.tiles.cult_track.priest_slot_steps):
                if slots[i] is None and (steps is None or v == steps):
                    chosen = i
                    break
            if chosen is None and steps is not None:
                raise _illegal("slot_taken", _("no free {steps}-step priest slot on {track}").format(steps=steps, track=track),
                               _("rulebook: cult board priest spaces"), line)
        f.p -= 1
        extra = 1 if f.count["SH"] and any("PRIEST_CULT_BONUS" in (e or {})
                                          for e in (f.data.buildings["SH"].on_build or ())) else 0
        if chosen is None:
            self._cult_step(f, track, 1 + extra)
        else:
            slots[chosen] = f.name
            f.max_p -= 1
            f.on_slots += 1
            self._cult_step(f, track, self.tiles.cult_track.priest_slot_steps[chosen] + extra)

    # ------------------------------------------------------------------ terrain
    def _spades_needed(self, f: FactionState, frm: str, to: str) -> int:
        """Spades to turn ``frm`` into ``to`` for ``f`` (terraform module: wheel distance, Giants 2,
        no passing through the home terrain on the short way)."""
        if frm == to:
            return 0
        key = (f.name, f.picked, f.home, frm, to)
        need = _SPADES.get(key)
        if need is None:
            try:
                # ice factions: the picked terrain plays the role of home (FIRE-ICE-NOTES section 4);
                # the Shapeshifters: their current colour
                home = f.picked or (f.home if f.variable else None)
                need = terraform_cost(f.data, frm, to, home=home).spades if home else \
                    terraform_cost(f.data, frm, to).spades
            except IllegalActionError as exc:
                raise _illegal(exc.code, exc.message, exc.rule or "terraforming", self._line) from None
            _SPADES[key] = need
        return need

    def reach(self, f: FactionState, h: str, *, direct_only: bool = False) -> str | None:
        """How ``f`` reaches land hex ``h`` now (RULES-NOTES section 3 check_reachable), without charging:
        ``"free"`` (setup, a direct neighbour incl. bridges, shipping incl. BON4 while not passed and not
        for cult-bonus spades, a hex already tunnelled to this action), ``"jump"`` (tunnelling / carpet
        flight, which costs) or None. ``direct_only``: the Nomads' sandstorm (no bridges)."""
        if self.round == 0:
            return "free"
        m = self.board.map
        if not f.data.engine_fields.get("adjacency", {}).get("direct", 1):
            # the Riverwalkers reach only across rivers: river distance 1, 2 with BON4 (FIRE-ICE-NOTES 7)
            return "free" if m.reach(h, f.hexes, shipping=self._shipping(f), direct=False) else None
        if direct_only:
            return "free" if m.reach(h, f.hexes) else None
        jump = f.jump_range if f.data.teleport else 0
        if jump and h in f.teleported:
            return "free"
        how = m.reach(h, f.hexes, shipping=self._shipping(f), jump_range=jump, links=self.townstate.bridge_links())
        return None if how is None else "jump" if how == "jump" else "free"

    def _shipping(self, f: FactionState) -> int:
        ship = f.ship
        # BON4's +1 needs a shipping track (max level above 0): nothing for the Fakirs and Dwarves, whose carpet
        # flight / tunnel is then still charged; no cap, so the Mermaids reach 6 at level 5 (RULES-NOTES-E E.3)
        if f.bonus and not f.passed and not f.cult_spade and f.data.shipping.max > 0:
            special = self.tiles.bonus[f.bonus].special
            if special:
                ship += special.get("ship", 0)
        return ship

    def _check_reach(self, f: FactionState, h: str, *, direct_only: bool = False) -> None:
        """Raise unless ``h`` is reachable for ``f``; charge tunnelling / carpet flight when needed."""
        how = self.reach(f, h, direct_only=direct_only)
        if how == "free":
            return
        line = self._line
        if how is None:
            if direct_only:
                raise _illegal("not_adjacent", _("{h} is not directly adjacent to a {name} building (no bridges)").format(h=h, name=_(f.data.display)),
                               _("Nomads' sandstorm: direct adjacency only"), line)
            raise _illegal("not_reachable", _("{h} is not reachable for {name} (no own building adjacent, shipping {shipping})").format(h=h, name=_(f.data.display), shipping=self._shipping(f)), _("RULES-NOTES section 3 check_reachable"), line)
        tp = f.data.teleport
        level = min(f.teleport_level, len(tp["cost"]) - 1)
        self._pay(f, dict(tp["cost"][level]), _("tunnelling / carpet flight"))
        self._gain(f, dict(tp["gain"][level]), _("tunnelling / carpet flight"))
        f.teleported.add(h)

    def _transform(self, f: FactionState, h: str, to: str | None) -> None:
        line = self._line
        if h not in self.colour:
            raise _illegal("unknown_hex", _("{h} is not a land hex of the map").format(h=h), _("RULES-NOTES section 2"), line)
        if h in self.townstate.buildings:
            raise _illegal("hex_occupied", _("{h} holds a building; only empty hexes can be transformed").format(h=h),
                           _("rulebook: transform"), line)
        home = f.home
        to = to or home
        if f.data.terraform_mode == "none":
            raise _illegal("cannot_terraform", _("{name} never transform terrain; they unlock colours with priests").format(name=_(f.data.display)), _("FIRE-ICE-NOTES section 7"), line)
        if f.data.terraform_mode == "volcano":
            if to != home:
                raise _illegal("cannot_terraform", _("{name} only turn hexes into volcano").format(name=_(f.data.display)), _("FIRE-ICE-NOTES "
                               "section 5 (map.pm transform_colors)"), line)
            if self.colour[h] in SPECIAL_TERRAINS:
                raise _illegal("cannot_terraform", _("{h} is {colour}; ice and volcano hexes are never transformed").format(h=h, colour=terrain_name(self.colour[h])), _("FIRE-ICE-NOTES section 3"), line)
            self._volcano(f, h)
            return
        if to not in self.colour.values() and to not in terrain_wheel().colours:
            raise RecordError(_("unknown terrain colour {to!r}").format(to=to), line=line)
        frm = self.colour[h]
        if frm in SPECIAL_TERRAINS:
            raise _illegal("cannot_terraform", _("{h} is {frm}; ice and volcano hexes are never transformed").format(h=h, frm=terrain_name(frm)),
                           _("FIRE-ICE-NOTES section 3 (map.pm validate_transform_color)"), line)
        if f.free["TF"]:
            self._check_reach(f, h, direct_only=f.tf_need_adjacency)
            f.free["TF"] -= 1
            f.tf_need_adjacency = False
            self.colour[h] = to
            return
        need = self._spades_needed(f, frm, to)
        if need == 0:
            raise _illegal("same_terrain", _("{h} already is {to}").format(h=h, to=terrain_name(to)), _("rulebook: transform changes the terrain"), line)
        self._check_reach(f, h)
        if f.spades < need:
            if f.cult_spade and f.spades:
                raise _illegal("not_enough_spades", _("{name} has {spades} spade(s) from cult income, {h} needs {need}").format(name=_(f.data.display), spades=f.spades, h=h, need=need), _("RULES-NOTES tricky case 10"), line)
            if not self.implicit_dig:
                raise _illegal("not_enough_spades", _("{name} holds {spades} spade(s), {h} needs {need}; the engine never "
                                                      "digs by itself: write dig N first").format(
                    name=_(f.data.display), spades=f.spades, h=h, need=need), _("RULES-NOTES-E E.2.1"), line)
            self._dig(f, need - f.spades)
        f.spades -= need
        t = self.turn
        if to != home and self.phase == "actions" and t.faction == f.name and not f.passed:
            # one non-home colour per action; with dig spades it uses every spade left unless another
            # transform follows (RULES-NOTES-E E.1.2, E.2.1)
            if t.non_home:
                raise _illegal("non_home_twice", _("{name}: only one hex per action may be transformed to a colour "
                                                   "other than the home terrain").format(name=_(f.data.display)),
                               _("RULES-NOTES-E E.1.2"), line)
            if t.dig_spades and f.spades and not t.transforms:
                raise _illegal("spades_left", _("{name}: transforming to another colour with dig spades must use all of "
                                                "them ({spades} left)").format(name=_(f.data.display), spades=f.spades),
                               _("RULES-NOTES-E E.2.1"), line)
            self.turn = replace(t, non_home=True)
        self.colour[h] = to

    def volcano_price(self, f: FactionState, h: str) -> dict:
        """What turning ``h`` into a volcano costs ``f`` (``{"LOSE_PW_TOKEN": n}`` or ``{"LOSE_CULT": n}``):
        the higher price when the hex's colour is the home terrain of any faction but the Riverwalkers
        (picked ice / volcano start colours do not count; FIRE-ICE-NOTES sections 3, 5)."""
        return dict((f.data.volcano_effect or {}).get("home" if self.is_home(self.colour[h]) else "not_home", {}))

    def is_home(self, colour: str) -> bool:
        """FIRE-ICE-NOTES section 3 (map.pm ``color_home_status``): ``colour`` is the current colour of a
        faction other than the Riverwalkers (the terrains picked by ice and volcano factions do not count)."""
        return any(o.home == colour for o in self.factions.values() if o.name != "riverwalkers")

    def _volcano(self, f: FactionState, h: str) -> None:
        """Turn ``h`` into a volcano, spending the action's VOLCANO_TF and charging tokens / cult steps."""
        line = self._line
        if f.volcano_tf < 1 and f.spade_action:
            self._dig(f, 1)  # refused with volcano_spades: the action's spades were converted at once
        if f.volcano_tf < 1:
            raise _illegal("not_enough_spades", _("{name}: not enough VOLCANO_TF (a volcano begins with dig 1)").format(name=_(f.data.display)),
                           _("FIRE-ICE-NOTES section 5"), line)
        self._check_reach(f, h)
        price = self.volcano_price(f, h)
        tokens = price.get("LOSE_PW_TOKEN", 0)
        if tokens:
            b = f.bowls
            if sum(b) < tokens:
                raise _illegal("not_enough_pw", _("{name} has {sum} power tokens, a volcano on {h} costs {tokens}").format(name=_(f.data.display), sum=sum(b), h=h, tokens=tokens), _("FIRE-ICE-NOTES section 5"), line)
            bowls = list(b)
            left = tokens
            for i in range(3):  # bowl I first, then II, then III (resources.pm LOSE_PW_TOKEN)
                take = min(left, bowls[i])
                bowls[i] -= take
                left -= take
            f.bowls = type(b)(*bowls)
        steps = price.get("LOSE_CULT", 0)
        if steps:
            if max(f.cult.values()) < steps:
                raise _illegal("volcano_unpaid", _("{name} has no cult track with {steps} steps to lose").format(name=_(f.data.display), steps=steps),
                               _("FIRE-ICE-NOTES section 5"), line)
            f.cult_debt += steps
        f.volcano_tf -= 1
        self.colour[h] = "volcano"

    def _dig(self, f: FactionState, n: int) -> None:
        if f.data.terraform_mode == "volcano":
            if f.spade_action:
                raise _illegal("volcano_spades", _("{who}: the spades of {action} were turned into {what} at once; "
                               "a volcano needs an action of its own (dig 1. build X)").format(
                                   who=_(f.data.display), action=f.spade_action,
                                   what=_("new power tokens") if f.name == "dragonlords" else _("cult steps")),
                               _("FIRE-ICE-NOTES section 5"), self._line)
            if n != 1 or f.volcano_dug:
                raise _illegal("one_volcano", _("{name}: one volcano per action (dig 1, once)").format(name=_(f.data.display)),
                               _("FIRE-ICE-NOTES section 5 (commands.pm command_dig)"), self._line)
            f.volcano_dug = True
            f.volcano_tf += 1
            return
        if f.data.spades is None:
            raise _illegal("no_spades", _("{name} cannot dig").format(name=_(f.data.display)), _("faction board"), self._line)
        cost = f.data.spades.cost_per_spade_by_level[f.dig]
        self._pay(f, {k: v * n for k, v in cost.items()}, _("dig {n}").format(n=n))
        gain = f.data.spades.gain_per_use
        if gain:
            extra = {k: v * n for k, v in gain[0].items() if k != "SPADE"}
            self._gain(f, extra, "dig")
        self._gain_spades(f, n)

    # ------------------------------------------------------------------ building
    def _vp_for_building(self, f: FactionState, kind: str) -> None:
        for fav in f.favors:
            vob = self.tiles.favor[fav].vp_on_build
            if vob and kind in vob:
                f.vp += vob[kind]
        tile = self._round_tile()
        if tile is not None and tile.vp_trigger == "build" and kind in tile.vp and self.phase == "actions":
            f.vp += tile.vp[kind]

    def _town_tiles_left(self) -> int:
        pending = sum(f.pending_town for f in self.factions.values())
        return max(0, sum(self.town_pool.values()) - pending)

    def _towns_now(self) -> TownState:
        """The town state with the number of town tiles still free (tiles not yet claimed by a
        founded town), so no town is founded when none is left (RULES-NOTES tricky case 14)."""
        left = self._town_tiles_left()
        ts = self.townstate
        return ts.with_town_tiles(left)

    def _place(self, f: FactionState, h: str, kind: str) -> None:
        ts = self._towns_now()
        ts = ts.place(h, f.name, kind)
        self._after_towns(f, ts)

    def _after_towns(self, f: FactionState, ts: TownState) -> None:
        founded = sum(1 for e in ts.events if e.kind == "founded")
        self.townstate = ts
        if founded:
            f.pending_town += founded

    def _offer_power(self, f: FactionState, h: str) -> None:
        """One power-offer event for a build / upgrade on ``h`` (RULES-NOTES-D D.1, map.pm compute_leech).

        Every other faction still in the game with buildings directly adjacent to ``h`` (bridges
        included) gets one record: the sum of its adjacent buildings' power values, and the power it
        could actually gain now (``min(amount, 2 x bowl I + bowl II)``). A record is made even when that
        is 0 (full bowls): it must still be answered, and the round waits for it.
        """
        if self.round == 0:
            return
        amounts: dict[str, int] = {}
        for n in self.adjacent(h):
            b = self.townstate.buildings.get(n)
            if b and b[0] != f.name:
                amounts[b[0]] = amounts.get(b[0], 0) + self.factions[b[0]].data.building_power(b[1])
        if not amounts:
            return
        gid = self._next_group
        self._next_group += 1
        group = {"from": f.name, "live": 0, "accepted": False, "declined": False, "records": 0}
        for name in self._order_from(f.name):
            amt = amounts.get(name)
            if not amt or name in self.dropped:
                continue
            actual = min(amt, self.factions[name].capacity)
            group["records"] += 1
            if actual > 0:
                group["live"] += 1
            self.offers.append({"to": name, "from": f.name, "amount": amt, "group": gid, "actual": actual,
                                "marked": False})
        if group["records"]:
            self._leech_groups[gid] = group

    def _order_from(self, name: str) -> list[str]:
        i = self.seats.index(name)
        return self.seats[i + 1:] + self.seats[:i]

    def _build(self, f: FactionState, h: str) -> None:
        line = self._line
        if h not in self.colour:
            raise _illegal("unknown_hex", _("{h} is not a land hex of the map").format(h=h), _("RULES-NOTES section 2"), line)
        if h in self.townstate.buildings:
            raise _illegal("hex_occupied", _("{h} already holds a building").format(h=h), _("rulebook: build a dwelling"), line)
        if f.count["D"] >= f.data.buildings["D"].count:
            raise _illegal("no_dwelling_left", _("{name} has no dwelling left on the faction board").format(name=_(f.data.display)),
                           _("rulebook: faction board"), line)
        home = f.home
        if self.round == 0:
            waiting = [o.name for o in self.factions.values() if o.pending_pick]
            if waiting:
                raise _illegal("decision_pending", _("{waiting} must pick a colour (pick-color X) before initial dwellings are placed").format(waiting=', '.join(map(self._shown, waiting))), _("FIRE-ICE-NOTES section 2"), line)
            start = f.picked or home
            if self.colour[h] != start:
                raise _illegal("not_home_terrain", _("initial dwellings go on home terrain ({start}); {h} is {colour}").format(start=terrain_name(start), h=h, colour=terrain_name(self.colour[h])), _("rulebook setup"), line)
            if f.picked:
                self.colour[h] = home  # the picked-colour hex turns to ice / volcano for free (FIRE-ICE-NOTES 2)
            if f.data.terraform_mode == "none" and not self.board.land_rivers.get(h):
                raise _illegal("inland", _("Riverwalkers can't place an initial dwelling inland: {label} borders "
                                           "no river").format(label=h), _("FIRE-ICE-NOTES section 7"), line)
        elif f.data.terraform_mode == "none":
            # the Riverwalkers: only on unlocked colours, across a river; the hex takes their colour
            # (map.pm build_color_ok, check_reachable; FIRE-ICE-NOTES section 7)
            if self.colour[h] not in f.unlocked:
                raise _illegal("terrain_locked", _("{label} is {colour}, a colour the Riverwalkers have not "
                                                   "unlocked (unlocked: {unlocked})").format(
                                   label=h, colour=self.colour[h], unlocked=_(", ").join(sorted(f.unlocked))),
                               _("FIRE-ICE-NOTES section 7"), line)
            self._check_reach(f, h)
            self._pay(f, dict(f.data.buildings["D"].cost), "a dwelling")
            self.colour[h] = home
        elif f.free["D"]:
            if self.colour[h] != home:
                raise _illegal("not_home_terrain", _("{h} is {colour}, not {home}").format(h=h, colour=terrain_name(self.colour[h]), home=terrain_name(home)),
                               _("Witches' ride: forest hex, no transform"), line)
            f.free["D"] -= 1
        else:
            if self.colour[h] != home:
                if self.colour[h] in SPECIAL_TERRAINS:
                    raise _illegal("cannot_terraform", _("{h} is {colour}; ice and volcano hexes are never transformed").format(h=h, colour=terrain_name(self.colour[h])), _("FIRE-ICE-NOTES section 3"), line)
                self._transform(f, h, home)
            else:
                self._check_reach(f, h)
            if f.spades and not f.cult_spade and self.phase == "actions":
                raise _illegal("spades_left", _("{name}: all spades must be used or declined (-SPADE) before building "
                                                "({spades} left)").format(name=_(f.data.display), spades=f.spades),
                               _("RULES-NOTES-E E.2.1"), line)
            self._pay(f, dict(f.data.buildings["D"].cost), _("a dwelling"))
        f.count["D"] += 1
        f.hexes[h] = "D"
        self._place(f, h, "D")
        if self.round > 0:
            self._vp_for_building(f, "D")
            self._offer_power(f, h)

    def _upgrade(self, f: FactionState, h: str, kind: str) -> None:
        line = self._line
        cur = f.hexes.get(h)
        if cur is None:
            raise _illegal("not_own_building", _("{h} holds no {name} building").format(h=h, name=_(f.data.display)), _("rulebook: upgrade"), line)
        source = self.tiles.rules.upgraded_from(kind)
        if source != cur:
            raise _illegal("bad_upgrade", _("{h} holds a {cur}; a {kind} is upgraded from a {source}").format(h=h, cur=cur, kind=kind, source=source),
                           _("rulebook: upgrade paths D->TP->TE->SA, TP->SH"), line)
        bdata = f.data.buildings[kind]
        if f.count[kind] >= bdata.count:
            raise _illegal("no_building_left", _("{name} has no {kind} left").format(name=_(f.data.display), kind=kind), _("rulebook: faction board"), line)
        if kind == "TP" and f.free["TP"]:
            f.free["TP"] -= 1
        else:
            cost = dict(bdata.cost)
            if kind == "TP" and not any(self.owner(n) not in (None, f.name) for n in self.adjacent(h)):
                cost["C"] = cost.get("C", 0) * 2
            self._pay(f, cost, _("upgrade to {kind}").format(kind=kind))
        f.count[cur] -= 1
        f.count[kind] += 1
        f.hexes[h] = kind
        self._place(f, h, kind)
        self._vp_for_building(f, kind)
        # the faction board's gain for the n-th building of this kind (Chaos Magicians: 2 favor tiles per
        # temple / sanctuary); temples and sanctuaries give one favor tile otherwise
        effects = bdata.on_build or ()
        effect = dict(effects[min(f.count[kind], len(effects)) - 1]) if effects else {}
        if kind in ("TE", "SA") and "GAIN_FAVOR" not in effect:
            effect["GAIN_FAVOR"] = 1
        if effect:
            self._gain(f, effect, f"{kind} bonus")
            if kind == "SH" and effect.get("BRIDGE"):
                f.sh_bridges += effect["BRIDGE"]  # the Riverwalkers' bridges: placed now or discarded
        self._offer_power(f, h)

    def _bridge(self, f: FactionState, a: str, b: str) -> None:
        line = self._line
        if f.free["BRIDGE"] <= 0:
            raise _illegal("no_bridge_action", _("a bridge needs the bridge power action (ACT1) or the "
                           "Engineers' action first"), _("rulebook: power action bridge"), line)
        try:
            ts = self._towns_now().add_bridge(a, b, f.name)
        except IllegalActionError as exc:
            raise _illegal(exc.code, exc.message, exc.rule or "RULES-NOTES section 3", line) from None
        f.free["BRIDGE"] -= 1
        f.sh_bridges = max(0, f.sh_bridges - 1)
        self._after_towns(f, ts)

    def _connect(self, f: FactionState, args: tuple) -> None:
        line = self._line
        river = args[0] if len(args) == 1 else None
        if river is None:
            # connect A:B form: the river hex adjacent to both land hexes
            common = set(self.board.land_rivers.get(args[0], ())) & set(self.board.land_rivers.get(args[1], ()))
            if not common:
                raise _illegal("no_river_town", _("{args} share no river hex").format(args=':'.join(args)), _("RULES-NOTES section 4"), line)
            if len(common) > 1:
                raise _illegal("ambiguous_river", _("{args} share the river hexes {common}; name the one to connect across (connect rN)").format(args=':'.join(args), common=', '.join(sorted(common))), _("RULES-NOTES section 4"), line)
            river = next(iter(common))
        try:
            ts = self._towns_now().connect(river, f.name)
        except IllegalActionError as exc:
            raise _illegal(exc.code, exc.message, exc.rule or "RULES-NOTES section 4", line) from None
        self._after_towns(f, ts)

    # ------------------------------------------------------------------ tiles
    def _take_favor(self, f: FactionState, fid: str) -> None:
        line = self._line
        if fid not in self.favor_pool:
            raise RecordError(_("unknown favor tile {fid}").format(fid=fid), line=line)
        if f.pending_favor <= 0:
            raise _illegal("no_favor_due", _("{name} may not take a favor tile now").format(name=_(f.data.display)), _("rulebook: temple / "
                           "sanctuary give a favor tile"), line)
        if fid in f.favors:
            raise _illegal("favor_twice", _("{name} already has {fid}").format(name=_(f.data.display), fid=fid), _("rulebook: one of each favor tile"), line)
        if self.favor_pool[fid] <= 0:
            raise _illegal("favor_gone", _("no {fid} left").format(fid=fid), _("rulebook: favor tile supply"), line)
        self.favor_pool[fid] -= 1
        f.pending_favor -= 1
        f.favors.append(fid)
        tile = self.tiles.favor[fid]
        for track, n in tile.cult_steps.items():
            self._cult_step(f, track, n)
        if tile.town_size_delta:
            ts = self._towns_now().take_fav5(f.name)
            self._after_towns(f, ts)

    def _take_town(self, f: FactionState, n: int, tid: str) -> None:
        line = self._line
        if tid not in self.tiles.town:
            raise RecordError(_("unknown town tile {tid}").format(tid=tid), line=line)
        for _k in range(n):
            if f.pending_town <= 0:
                raise _illegal("no_town_due", _("{name} has not founded a town").format(name=_(f.data.display)), _("rulebook: towns"), line)
            if self.town_pool.get(tid, 0) <= 0:
                raise _illegal("town_gone", _("no {tid} left").format(tid=tid), _("rulebook: town tile supply"), line)
            self.town_pool[tid] -= 1
            f.pending_town -= 1
            f.towns.append(tid)
            gain = dict(self.tiles.town[tid].gain)
            # Several tracks that this tile's steps would take to 10 and too few keys: the reference engine
            # lets its internal (hash) order decide. Here the choice is the player's: those tracks stop at 9,
            # remembered as blocked, and "+TRACK" puts the key where the player wants it (or a "-TRACK"
            # before the tile avoids the question; RULES-NOTES-D D.2). No shared league game has the case.
            free = f.keys + gain.get("KEY", 0) - sum(1 for t in CULT_TRACKS if f.cult[t] == 10)
            contested = [t for t in CULT_TRACKS if gain.get(t) and f.cult[t] < 10 and f.cult[t] + gain[t] >= 10
                         and not any(o.cult[t] == 10 for o in self.factions.values() if o is not f)]
            if len(contested) > max(free, 0):
                for t in contested:
                    gain[t] = 9 - f.cult[t]
                    if t not in f.blocked:
                        f.blocked.append(t)
            self._gain(f, gain, tid)
            tile = self._round_tile()
            if tile is not None and tile.vp_trigger == "gain" and "TOWN" in tile.vp:
                f.vp += tile.vp["TOWN"]
            if f.data.town_bonus:
                self._gain(f, dict(f.data.town_bonus), "town bonus")

    def _take_cult(self, f: FactionState, n: int, track: str) -> None:
        if f.pending_cult == 0 and n == 1 and track in f.blocked and self._free_keys(f) > 0:
            # a track stopped at 9 for want of a key: with a key now, the player says which one goes to
            # 10 (command_adjust_resources; RULES-NOTES-D D.2)
            f.blocked.remove(track)
            self._cult_step(f, track, 1)
            return
        if f.pending_cult < n:
            raise _illegal("no_cult_step_due", _("{name} has no cult step to take").format(name=_(f.data.display)), _("bonus / favor / faction "
                           "action cult step"), self._line)
        if f.cult_same_track:
            # the Auren's stronghold action: both steps on one track (+2AIR, or +AIR twice)
            if f.same_track_name not in (None, track):
                raise _illegal("same_track", _("the Auren's stronghold action takes both steps on one track"),
                               _("Auren stronghold"), self._line)
            f.same_track_name = track
        f.pending_cult -= n
        if f.pending_cult == 0:
            f.cult_same_track = False
            f.same_track_name = None
        self._cult_step(f, track, n)

    # ------------------------------------------------------------------ actions
    def _action(self, f: FactionState, act: str) -> None:
        line = self._line
        tiles = self.tiles
        if (f.data.engine_fields.get("action") or {}).get(act, {}).get("forbid"):
            raise _illegal("action_forbidden", _("{who} are not allowed to use action {action} (spades)").format(
                who=_(f.data.display), action=act), _("FIRE-ICE-NOTES section 7"), line)
        if f.data.terraform_mode == "volcano":
            spades = tiles.power_actions[act].gain if act in tiles.power_actions else \
                tiles.faction_actions[act].gain if act in tiles.faction_actions else {}
            if spades.get("SPADE"):
                f.spade_action = act  # converted at once: no volcano in this action (FIRE-ICE-NOTES 5)
        if act in tiles.power_actions:
            if act in self.used_actions and not self._may_reuse(f, act):
                raise _illegal("action_taken", _("power action {act} was already taken this round").format(act=act),
                               _("rulebook: power actions once per round"), line)
            pa = tiles.power_actions[act]
            self._pay(f, {"PW": pa.cost_for(f.data)}, _("power action {act}").format(act=act))
            self.used_actions.add(act)
            self._gain(f, dict(pa.gain), act)
            return
        key = f.name + ":" + act
        if act.startswith("BON"):
            if f.bonus != act or tiles.bonus[act].action is None:
                raise _illegal("no_such_action", _("{name} does not hold {act} with an action").format(name=_(f.data.display), act=act), _("bonus tiles"), line)
            key = act
        elif act.startswith("FAV"):
            if act not in f.favors or not tiles.favor[act].has_action:
                raise _illegal("no_such_action", _("{name} does not hold {act}").format(name=_(f.data.display), act=act), _("favor tiles"), line)
        elif act in tiles.faction_actions:
            owner_ok = f.count["SH"] > 0 and any(act in (e or {}) for e in (f.data.buildings["SH"].on_build or ()))
            if act == "ACTE":
                owner_ok = bool(f.data.engine_fields.get("ACTE"))
            if not owner_ok:
                raise _illegal("no_such_action", _("{name} cannot take {act}").format(name=_(f.data.display), act=act), _("faction stronghold actions"), line)
        else:
            raise RecordError(_("unknown action {act}").format(act=act), line=line)
        if act != "ACTE" and act not in NEVER_BLOCKED:
            if key in self.used_actions:
                raise _illegal("action_taken", _("{act} was already used this round").format(act=act), _("once per round"), line)
            self.used_actions.add(key)
        fa = tiles.faction_actions[act]
        self._pay(f, dict(fa.cost), act)
        self._gain(f, dict(fa.gain), act)

    def _may_reuse(self, f: FactionState, act: str) -> bool:
        """The Yetis' stronghold: power actions even when their space is taken (data ``allow_reuse``;
        FIRE-ICE-NOTES section 4)."""
        if not f.count["SH"]:
            return False
        return any(act in (e or {}).get("allow_reuse", {}) for e in (f.data.buildings["SH"].on_build or ()))

    def _pick_color(self, f: FactionState, colour: str) -> None:
        """``pick-color X``: an ice faction's starting terrain (FIRE-ICE-NOTES section 2). Fails if any
        faction has that colour, or (in setup) another faction picked it."""
        line = self._line
        if not f.pending_pick:
            raise _illegal("no_pick_due", _("{name} has no colour to pick").format(name=_(f.data.display)), _("FIRE-ICE-NOTES section 2"), line)
        shift = f.shift_pick
        try:
            colour = normalise_terrain(colour)
        except IllegalActionError as exc:
            raise _illegal("bad_terrain", exc.message, _("FIRE-ICE-NOTES section 2"), line) from None
        if colour not in terrain_wheel().colours:
            raise _illegal("bad_terrain", _("{colour} is not a land colour").format(colour=colour), _("FIRE-ICE-NOTES section 2"), line)
        for o in self.factions.values():
            if o.home == colour or (self.round == 0 and o.picked == colour):
                raise _illegal("colour_taken", _("{colour} is already taken by {name}").format(colour=terrain_name(colour), name=_(o.data.display)),
                               _("FIRE-ICE-NOTES section 2 (pick-color)"), line)
        f.pending_pick = f.shift_pick = False
        if not f.variable:
            f.picked = colour
            return
        f.home = colour
        if shift:
            # the Shapeshifters' stronghold: every own building hex takes the new colour, so network,
            # towns and the home test follow it (FIRE-ICE-NOTES section 6)
            for h in f.hexes:
                self.colour[h] = colour
        if f.data.engine_fields.get("locked_terrain"):
            f.unlocked.add(colour)  # the Riverwalkers' first unlocked terrain (FIRE-ICE-NOTES section 2)

    def _unlock(self, f: FactionState, what: str) -> None:
        """``unlock-terrain <colour>`` / ``unlock-terrain gain-priest``: the Riverwalkers settle one priest
        gained (commands.pm unlock-terrain branch; FIRE-ICE-NOTES section 7). An unlock costs 1 C, 2 C when
        the colour is someone's home (section 3), and raises the priest capacity by 1; ``gain-priest``
        takes the priest (lost above capacity)."""
        line = self._line
        if f.pending_unlock <= 0:
            raise _illegal("no_unlock_due", _("{who} have no priest to turn into an unlocked terrain").format(
                who=_(f.data.display)), _("FIRE-ICE-NOTES section 7"), line)
        if what == "gain-priest":
            f.pending_unlock -= 1
            f.p = min(f.p + 1, f.max_p)
            return
        try:
            colour = normalise_terrain(what)
        except IllegalActionError as exc:
            raise _illegal("bad_terrain", exc.message, _("FIRE-ICE-NOTES section 7"), line) from None
        table = f.data.engine_fields.get("locked_terrain") or {}
        if colour not in table or colour == "gain-priest":
            raise _illegal("bad_terrain", _("{colour} is not a land colour").format(colour=colour),
                           _("FIRE-ICE-NOTES section 7"), line)
        if colour in f.unlocked:
            raise _illegal("terrain_unlocked", _("the Riverwalkers have already unlocked {colour}").format(
                colour=colour), _("FIRE-ICE-NOTES section 7"), line)
        price = table[colour]["home" if self.is_home(colour) else "not_home"]
        self._pay(f, dict(price["cost"]), f"unlock-terrain {colour}")
        f.pending_unlock -= 1
        f.unlocked.add(colour)
        self._gain(f, dict(price["gain"]), "unlock-terrain")

    def _gain_p3(self, f: FactionState, take: bool) -> None:
        """``gain P3 for VP`` (-1 VP, +1 new bowl-III token) or ``-GAIN_P3_FOR_VP``: the Shapeshifters answer
        an opponent's acceptance of their power (data ``leech_effect``; FIRE-ICE-NOTES section 6)."""
        if f.pending_p3 <= 0:
            raise _illegal("no_p3_due", _("{who} have no bowl-III token to buy (no opponent accepted their "
                                          "power)").format(who=_(f.data.display)), _("FIRE-ICE-NOTES section 6"),
                           self._line)
        if take:
            self._pay(f, {"VP": 1}, "gain P3 for VP")
            b = f.bowls
            f.bowls = type(b)(b[0], b[1], b[2] + 1)
        f.pending_p3 -= 1

    def _advance(self, f: FactionState, track: str) -> None:
        line = self._line
        if track == "ship":
            sh = f.data.shipping
            if f.ship >= sh.max or sh.advance_cost is None:
                raise _illegal("track_maxed", _("{name} cannot advance shipping").format(name=_(f.data.display)), _("faction board"), line)
            self._pay(f, dict(sh.advance_cost), _("advance shipping"))
            f.vp += sh.advance_vp[f.ship]
            f.ship += 1
        else:
            sp = f.data.spades
            if sp is None or f.dig >= sp.max_level or sp.advance_cost is None:
                raise _illegal("track_maxed", _("{name} cannot advance digging").format(name=_(f.data.display)), _("faction board"), line)
            self._pay(f, dict(sp.advance_cost), _("advance digging"))
            f.vp += sp.advance_vp[f.dig]
            f.dig += 1

    def _convert(self, f: FactionState, n_from: int, r_from: str, n_to: int, r_to: str) -> None:
        line = self._line
        rate = BASE_CONVERSIONS.get((r_from, r_to))
        extra = f.data.exchange_rates.get(r_from, {})
        if r_to in extra:
            rate = extra[r_to]
        right, f.w_to_p = f.w_to_p, 0  # the first convert of any kind after the stronghold uses the right up
        if (r_from, r_to) == ("W", "P") and right:
            # the Darklings' stronghold: once, up to 3 workers to priests 1:1 (Game/Factions/Darklings.pm,
            # command_convert; RULES-NOTES-D D.2)
            if n_to > right or n_from != n_to:
                raise _illegal("bad_conversion", _("the Darklings' stronghold converts up to {w_to_p} workers to priests 1:1").format(w_to_p=right), _("Darklings stronghold"), line)
            rate = 1
        if rate is None:
            raise _illegal("bad_conversion", _("{name} cannot convert {r_from} to {r_to}").format(name=_(f.data.display), r_from=r_from, r_to=r_to),
                           _("rulebook exchange rates"), line)
        if n_from != n_to * rate:
            raise _illegal("bad_conversion", _("{n_from} {r_from} -> {n_to} {r_to} is not the rate {rate}:1").format(n_from=n_from, r_from=r_from, n_to=n_to, r_to=r_to, rate=rate),
                           _("rulebook exchange rates"), line)
        self._pay(f, {r_from: n_from}, _("convert {res}").format(res=r_from))
        self._gain(f, {r_to: n_to}, "convert")

    def _burn(self, f: FactionState, n: int) -> None:
        try:
            f.bowls = f.bowls.burned(n)
        except IllegalActionError as exc:
            raise _illegal("cannot_burn", _("{name}: {exc}").format(name=_(f.data.display), exc=exc.message), _("rulebook: sacrifice power"), self._line) from None

    def _pass_vp(self, f: FactionState) -> None:
        tables = []
        if f.bonus:
            pv = self.tiles.bonus[f.bonus].pass_vp
            if pv:
                tables.append(pv)
        for fav in f.favors:
            pv = self.tiles.favor[fav].pass_vp
            if pv:
                tables.append(pv)
        for kind, bdata in f.data.buildings.items():
            # the Ice Maidens' stronghold: 3 VP per temple on every pass (FIRE-ICE-NOTES section 4)
            if bdata.pass_vp and f.count.get(kind, 0):
                pv = bdata.pass_vp[min(f.count[kind], len(bdata.pass_vp) - 1)]
                if pv:
                    tables.append(pv)
        for table in tables:
            for key, values in table.items():
                n = f.ship if key == "ship" else f.count.get(key, 0)
                f.vp += values[min(n, len(values) - 1)]
        if f.data.engine_fields.get("ACTE") and f.count["SH"]:
            for a, b, owner in self.townstate.bridges:
                if owner == f.name and a in f.hexes and b in f.hexes:
                    f.vp += 3

    def _pass(self, f: FactionState, bon: str | None) -> None:
        line = self._line
        if f.passed:
            raise _illegal("already_passed", _("{name} has already passed").format(name=_(f.data.display)), _("rulebook: passing"), line)
        if self.round > 0:
            self._pass_vp(f)
        if self.round < 6:
            if bon is None:
                raise _illegal("bonus_needed", _("passing before round 6 takes a bonus tile"), _("rulebook: passing"), line)
            if bon not in self.bonus_pool:
                raise _illegal("bonus_unavailable", _("{bon} is not available").format(bon=bon), _("rulebook: bonus tiles"), line)
            f.c += self.bonus_pool.pop(bon)
            if f.bonus:
                self.bonus_pool[f.bonus] = 0
            f.bonus = bon
        elif bon is not None:
            raise _illegal("no_bonus_round6", _("no bonus tile is taken in round 6"), _("rulebook: passing"), line)
        f.passed = True
        self.pass_order.append(f.name)

    # ------------------------------------------------------------------ leech
    def _find_offer(self, f: FactionState, frm: str | None, amount: int | None = None) -> dict | None:
        """The oldest pending record of ``f`` (from ``frm`` if named) whose offered amount, or the power it
        would actually give, is ``amount`` (any amount if None)."""
        for o in self.offers:
            if o["to"] == f.name and (frm is None or o["from"] == frm) and \
                    (amount is None or o["amount"] == amount or o["actual"] == amount):
                return o
        return None

    def _leech(self, f: FactionState, amount: int, frm: str | None, accept: bool) -> None:
        """Answer a power offer (commands.pm command_leech / command_decline; RULES-NOTES-D D.1).

        Accepting gains ``amount`` power (at most VP + 1, then as far as the bowls allow) for the power
        gained - 1 VP; the receiver's other records shrink to what it can still gain. Under
        ``strict-leech`` a leech that matches no record, or a record marked by an earlier acceptance or a
        conversion, is refused. Declining is always allowed.
        """
        line = self._line
        if frm is not None and frm not in self.factions:
            raise RecordError(_("unknown faction {frm!r}").format(frm=frm), line=line)
        strict = "strict-leech" in self.options
        o = self._find_offer(f, frm, amount)
        if o is None and not accept:
            # "decline N from X" names the offer's amount: another amount is refused ("Invalid decline",
            # the reference engine; RULES-NOTES-E E.5)
            if o is None:
                raise _illegal("no_offer", _("{name} has no power offer from {value} to decline").format(name=_(f.data.display), value=self._shown(frm) if frm else _('anyone')),
                               _("RULES-NOTES-D D.1 command_decline"), line)
        if o is None:
            if strict or frm is not None and self._find_offer(f, frm) is None:
                raise _illegal("no_offer", _("{name} has no power offer of {amount} from {value}").format(name=_(f.data.display), amount=amount, value=self._shown(frm) if frm else _('anyone')),
                               _("RULES-NOTES-D D.1 command_leech"), line)
            o = self._find_offer(f, frm)
            if o is None:
                self._gain_leeched(f, amount)
                return
        if accept and o["marked"] and strict:
            raise _illegal("offer_expired", _("{name} can no longer accept {amount} from {giver}: a later offer was accepted or power was converted first").format(name=_(f.data.display), amount=o['amount'], giver=o['from']), _("option strict-leech "
                           "(RULES-NOTES-D D.1)"), line)
        self._answer(f, o, amount if accept else None)

    def _answer(self, f: FactionState, o: dict, accepted: int | None) -> None:
        """Close record ``o`` of ``f``: accept ``accepted`` power, or decline when None."""
        accept = accepted is not None
        if accept and "strict-leech" in self.options:
            for other in self.offers:
                if other is o:
                    break
                if other["to"] == f.name:
                    other["marked"] = True
        self.offers.remove(o)
        group = self._leech_groups.get(o["group"])
        if accept:
            self._gain_leeched(f, accepted)
            for other in self.offers:
                if other["to"] == f.name and other["actual"] > 0:
                    other["actual"] = min(other["actual"], f.capacity)
                    if other["actual"] == 0:
                        self._group_lost_live(self._leech_groups.get(other["group"]))
        if group is None:
            return
        group["records"] -= 1
        src = self.factions[group["from"]]
        effect = src.data.leech_effect
        if accept:
            if o["actual"] > 0 and not group["accepted"]:
                group["accepted"] = True
                if effect:
                    self._gain(src, dict(effect["taken"]), "leech effect")
                    self._emit_pre(src, "[opponent accepted power]")
        else:
            group["declined"] = True
            if o["actual"] > 0:
                self._group_lost_live(group)
        if group["records"] == 0:
            del self._leech_groups[o["group"]]

    def _gain_leeched(self, f: FactionState, amount: int) -> None:
        offer = leech_offer(f.bowls, amount, vp=f.vp)  # capped by the bowls and by VP + 1
        f.bowls = offer.after
        f.vp -= offer.vp_cost

    def _group_lost_live(self, group: dict | None) -> None:
        """A record that could give power was declined or emptied: when none is left, at least one was
        declined and nobody took power, the Cultists get their power (option errata-cultist-power)."""
        if group is None:
            return
        group["live"] -= 1
        if group["live"] == 0 and group["declined"] and not group["accepted"] and \
                "errata-cultist-power" in self.options:
            src = self.factions[group["from"]]
            effect = src.data.leech_effect
            if effect:
                self._gain(src, dict(effect["not_taken"]), "leech effect")
                self._emit_pre(src, "[all opponents declined power]")

    def _auto_decline(self, f: FactionState) -> None:
        """The receiver's first sub-command that uses its action declines all its pending records
        (acting.pm require_subaction; no ledger row)."""
        for o in [o for o in self.offers if o["to"] == f.name]:
            self._answer(f, o, None)

    # ------------------------------------------------------------------ rounds
    def _income(self, f: FactionState) -> dict:
        total: dict[str, int] = {}
        for kind, b in f.data.buildings.items():
            for res, v in b.income(f.count[kind]).items():  # the faction board's income for that many buildings
                total[res] = total.get(res, 0) + v
        for fav in f.favors:
            for res, v in self.tiles.favor[fav].income.items():
                total[res] = total.get(res, 0) + v
        if f.bonus:
            for res, v in self.tiles.bonus[f.bonus].income.items():
                total[res] = total.get(res, 0) + v
        return total

    def _start_income(self) -> None:
        for name in self.order:
            f = self.factions[name]
            inc = self._income(f)
            for res in ("C", "W", "P", "PW"):
                if res in inc:
                    self._gain(f, {res: inc[res]}, "income")
            self._emit(f, "other_income_for_faction")
        self.phase = "actions"

    def _end_round(self) -> None:
        for bid in self.bonus_pool:
            self.bonus_pool[bid] += 1
        prev = self.round
        if prev == 6:
            self._final_scoring()
            return
        # next turn order
        self.order = list(self.seats) if prev == 0 else self._next_order()
        self._last_actor = None
        self._turn = 0
        self.pass_order = []
        self.used_actions = set()
        for f in self.factions.values():
            f.passed = False
            f.spades = 0
            f.free = {"TF": 0, "D": 0, "TP": 0, "BRIDGE": 0}
        self.turn = NO_TURN
        self.round = prev + 1
        self.phase = "income"
        if prev >= 1 and len(self.setup.round_tiles) >= prev:
            tile = self.tiles.round_scoring[self.setup.round_tiles[prev - 1]]
            bonus = tile.cult_bonus
            any_spades = False
            for name in self.order:
                f = self.factions[name]
                if bonus.track == "CULT_P":
                    pos = f.on_slots  # priests on the cult board's priest spaces
                else:
                    pos = f.cult[bonus.track]
                gain = bonus.for_position(pos)
                if "SPADE" in gain:
                    # the Giants get a single spade too: they cannot use it (always 2 spades) and discard it
                    # with "-SPADE" before income goes on (RULES-NOTES-D D.4, tricky case 10)
                    if name in self.dropped:
                        gain = {}
                    elif f.data.terraform_mode == "none":
                        gain = {k: v for k, v in gain.items() if k != "SPADE"}  # Riverwalkers: spades vanish
                    elif f.data.terraform_mode == "volcano":
                        # converted at once; the Acolytes place their free steps before income goes on
                        # (FIRE-ICE-NOTES section 5, commit 6c1bf47)
                        self._gain_spades(f, gain["SPADE"])
                        any_spades = any_spades or f.pending_cult > 0
                        gain = {k: v for k, v in gain.items() if k != "SPADE"}
                    else:
                        f.cult_spade = True
                        self._gain_spades(f, gain["SPADE"])
                        any_spades = True
                        gain = {k: v for k, v in gain.items() if k != "SPADE"}
                self._gain(f, gain, "cult income")
                self._emit(f, "cult_income_for_faction")
            if any_spades or any(f.pending_unlock for f in self.factions.values()):
                # cult-income spades, and the Riverwalkers' unlock choices from cult-income priests, are
                # settled before the other income (RULES-NOTES-D D.4; RULES-NOTES-E E.4 in_income_terrain_unlock)
                self.phase = "cult_spades"
                return
        self._start_income()

    def _next_order(self, *, table_list: bool = False) -> list[str]:
        """Next round's turn order and income order (RULES-NOTES-D D.5, RULES-NOTES-E E.6): the table list
        rotated to start at the round's first passer. With variable-turn-order each pass moves the passer
        to the end of the table list, so a faction dropped before passing ends up **last**, after the last
        passer; otherwise the table list is the seating and a dropped faction keeps its seat position.
        ``table_list``: the list itself, unrotated (the order of the final-scoring rows)."""
        if "variable-turn-order" in self.options:
            table = [n for n in self.order if n not in self.pass_order] + list(self.pass_order)
            if not self.pass_order or table_list:
                return table
            i = table.index(self.pass_order[0])
            return table[i:] + table[:i]
        if not self.pass_order:
            return list(self.order)
        return self._rotate(self.pass_order[0])

    def _rotate(self, first: str) -> list[str]:
        i = self.seats.index(first)
        return self.seats[i:] + self.seats[:i]

    def _final_scoring(self) -> None:
        self.round = 7
        self.phase = "over"
        # the engine lists final-scoring rows in the turn order the next round would have
        self.order = self._next_order(table_list=True)  # final scoring follows the table list (E.6, D.3)
        fs = [self.factions[n] for n in self.order]
        # scoring.final_scoring ranks cults and networks with the data's prizes and converts resources;
        # the engine writes its breakdown as the reference engine's rows (track by track, network, resources)
        tile = self.final_tile
        result = final_scoring(self._final_positions(fs), extra_category=tile)
        self.final_result = result  # the itemised breakdown, for views (frozen; shared by copies)
        scored = result.players
        if tile:
            # the Fire & Ice tile is scored first: its name sorts before the cult and network rows
            # (scoring.pm score_final; FIRE-ICE-NOTES section 8)
            for f, b in zip(fs, scored, strict=True):
                if b.extra_vp:
                    f.vp += b.extra_vp
                    self._emit(f, f"+{b.extra_vp}vp for {tile}")
        for track in CULT_TRACKS:
            for f, b in zip(fs, scored, strict=True):
                vp = b.cult_vp[track.lower()]
                if vp:
                    f.vp += vp
                    self._emit(f, f"+{vp}vp for {track}")
        for f, b in zip(fs, scored, strict=True):
            if b.network_vp:
                f.vp += b.network_vp
                self._emit(f, f"+{b.network_vp}vp for network")
        for f, b in zip(fs, scored, strict=True):
            conv = b.resources
            f.bowls = conv.bowls_after
            f.w = f.p = 0
            f.c = conv.coins_left
            f.vp += conv.vp
            self._emit(f, "score_resources")

    def _final_positions(self, fs: list[FactionState]) -> list[PlayerFinal]:
        """What :func:`~companion.terra_mystica.scoring.final_scoring` needs of each faction now."""
        return [PlayerFinal(faction=f.name, vp=f.vp, cults={t.lower(): f.cult[t] for t in CULT_TRACKS},
                            network=self.network_size(f.name), coins=f.c, workers=f.w, priests=f.p, power=f.bowls,
                            extra=self.final_tile_value(f.name) if self.final_tile else None)
                for f in fs]

    def final_tile_value(self, name: str, tile: str | None = None) -> int:
        """Faction ``name``'s value for a Fire & Ice final-scoring tile (default the game's): the best value
        over its networks (network scoring's grouping), FIRE-ICE-NOTES section 8 (map.pm
        ``compute_network_size``). ``connected-distance``: the largest hex distance between two buildings of
        a network; ``connected-sa-sh-distance``: SA to SH when both are in one network, else 0;
        ``building-on-edge``: buildings on map-edge hexes; ``connected-clusters``: groups of buildings joined
        by direct adjacency (bridges and Mermaid links included) inside a network.

        Raises
        ------
        SetupError
            For an unknown tile name.
        """
        tile = tile or self.final_tile
        if tile not in FINAL_TILES:
            raise SetupError("final_scoring", _("unknown final-scoring tile {name!r}; expected one of {choices}").format(
                name=tile, choices=_(", ").join(FINAL_TILES)))
        import networkx as nx

        from companion.terra_mystica.network import networks

        f = self.factions[name]
        m = self.board.map
        jump = f.jump_range if f.data.teleport else 0
        best = 0
        direct = None
        for group in networks(self.townstate, name, shipping=f.ship, jump_range=jump):
            clusters = None
            if tile == "connected-clusters":
                if direct is None:
                    direct = self.townstate.link_graph().subgraph(list(f.hexes))
                clusters = nx.number_connected_components(direct.subgraph(group))
            buildings = {(m.hexes[h].row, m.hexes[h].column): f.hexes.get(h, "") for h in group}
            edge = sum(1 for h in group if m.hexes[h].edge)
            best = max(best, final_tile_network_value(tile, buildings, edge_buildings=edge, clusters=clusters))
        return best

    def network_size(self, name: str) -> int:
        """Buildings in faction ``name``'s largest network (final-scoring rule, RULES-NOTES section 5)."""
        f = self.factions[name]
        jump = f.jump_range if f.data.teleport else 0
        return largest_network(self.townstate, name, shipping=f.ship, jump_range=jump)

    def _maybe_advance(self) -> None:
        if self.phase == "over":
            return
        if self.phase == "cult_spades":
            if any(f.spades and f.cult_spade or f.pending_cult and f.data.terraform_mode == "volcano"
                   or f.pending_unlock for f in self.factions.values()):
                return
            for f in self.factions.values():
                f.cult_spade = False
            self._start_income()
            return
        if self.factions and all(f.passed or f.name in self.dropped for f in self.factions.values()) and \
                not self._decisions_open():
            self._end_round()

    def _decisions_open(self) -> bool:
        """Round end waits for every power offer (even ones that give nothing), the Cultists' steps and
        unchosen tiles (acting.pm in_play; RULES-NOTES-D D.1 / D.5)."""
        if self.turn.faction is not None and not self.turn_complete():
            return True  # the last faction passed with its turn still open (RULES-NOTES-E E.2.4)
        return bool(self.offers) or any(f.pending_cult or f.pending_favor or f.pending_town or f.pending_pick
                                        or f.pending_unlock or f.pending_p3 or f.sh_bridges
                                        for f in self.factions.values())

    # ------------------------------------------------------------------ turns
    def expected_turn(self) -> str | None:
        """Faction whose turn it is (None while nobody is due: between rounds, cult spades, game over)."""
        if self.phase == "setup":
            seq = self._setup_sequence()
            return seq[self._setup_step] if self._setup_step < len(seq) else None
        if self.phase != "actions":
            return None
        if self.turn.faction is not None and not self.turn_complete():
            return self.turn.faction  # the open turn (RULES-NOTES-E E.0)
        n = len(self.order)
        for k in range(n):
            name = self.order[(self._turn + k) % n]
            if not self.factions[name].passed and name not in self.dropped:
                return name
        return None

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
        f.pending_cult = f.pending_favor = f.pending_town = 0
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

    def turn_complete(self) -> bool:
        """True when the open turn holds nothing more: no full action still to take and nothing of the
        RULES-NOTES-E E.2 table pending (the turn then closes at the next faction change, E.0)."""
        t = self.turn
        return t.faction is None or t.faction in self.dropped or not pending_items(self, t.faction)

    def _others_done(self, f: FactionState) -> bool:
        """Every other faction has passed or left: ``f`` chains its turns (RULES-NOTES-E E.1.3)."""
        return all(o.passed or o.name in self.dropped for o in self.factions.values() if o is not f)

    def turn_needs(self, name: str) -> str:
        """What the open turn of ``name`` still needs, in words (for refusals)."""
        words = {"SPADE": _("{n} spade(s) to use (transform / build) or decline with -SPADE"),
                 "BRIDGE": _("{n} bridge(s) to place or decline with -BRIDGE"),
                 "FREE_D": _("the free dwelling to build or decline with -FREE_D"),
                 "FREE_TF": _("the free transform to use or decline with -FREE_TF"),
                 "FREE_TP": _("the free trading house to build or decline with -FREE_TP"),
                 "ACTION": _("{n} more action(s) to take"),
                 "CONVERT_W_TO_P": _("the stronghold's conversion of up to {n} workers to priests (convert, or "
                                     "-{n}CONVERT_W_TO_P)"),
                 "GAIN_FAVOR": _("{n} favor tile(s) to take (+FAVn) or decline with -GAIN_FAVOR"),
                 "GAIN_TW": _("{n} town tile(s) to take (+TWn) or decline with -GAIN_TW"),
                 "CULT": _("{n} cult step(s) to place (+TRACK) or decline with -CULT"),
                 "UNLOCK_TERRAIN": _("{n} terrain(s) to unlock (unlock-terrain COLOUR)"),
                 "PICK_COLOR": _("a colour to pick (pick-color COLOUR)"),
                 "VOLCANO_TF": _("the volcano begun with dig 1 to place (build HEX)"),
                 "LOSE_CULT": _("{n} cult steps to give back for the volcano (-NTRACK)"),
                 "GAIN_P3_FOR_VP": _("gain P3 for VP to answer (or -GAIN_P3_FOR_VP)")}
        items = pending_items(self, name)
        return _("; ").join(words[k].format(n=n) for k, n in items.items())

    def _require(self, f: FactionState, cmd: Command) -> str:
        """Account for one action-type sub-command in the turn machine (RULES-NOTES-E E.0, E.1): use a
        matching follow-up, else the turn's full action, else chain a new turn when every other faction
        has passed (E.1.3), else refuse. Returns ``"followup"``, ``"action"`` or ``"chain"``."""
        t = self.turn
        if t.faction != f.name:
            t = self.turn = fresh_turn(f.name)
        verb = cmd.verb
        if t.followup(verb) > 0 and self._followup_fits(f, t, cmd):
            if verb == "transform":
                t = replace(t, transforms=t.transforms - 1, dig=False, build_hexes=(*t.build_hexes, cmd.args[0]))
            elif verb == "build":
                t = replace(t, transforms=0, builds=0, dig=False)  # a build ends the action (E.1.1)
            elif verb == "bridge":
                t = replace(t, bridges=t.bridges - 1)
            elif verb == "upgrade":
                t = replace(t, upgrades=t.upgrades - 1)
            else:
                t = replace(t, dig_spades=True)
            self.turn = t
            return "followup"
        if t.actions_left > 0:
            left = t.actions_left
            if verb == "pass" and left > 1 and "strict-chaosmagician-sh" in self.options:
                left = 1  # passing gives up the Chaos Magicians' second action (E.2.2)
            self.turn = replace(t.granted(""), actions_left=left - 1)
            return "action"
        if self._others_done(f) and not f.passed:
            return "chain"
        needs = self.turn_needs(f.name)
        raise _illegal("multiple_actions", _("one action per turn: {name} has already taken this turn's action; "
                                             "{verb!r} needs a new turn{needs}").format(
            name=_(f.data.display), verb=cmd.text, needs=_(" (still open: {needs})").format(needs=needs) if needs else ""),
            _("RULES-NOTES-E E.1.2"), self._line)

    def _followup_fits(self, f: FactionState, t: TurnState, cmd: Command) -> bool:
        """A follow-up build goes on a hex transformed in the action or one it transforms itself with the
        spades held; ACTS's follow-up is a trading house (RULES-NOTES-E E.1.2)."""
        if cmd.verb == "build" and t.build_hexes:
            h = cmd.args[0]
            return h in t.build_hexes or (self.colour.get(h) != f.home and f.spades > 0)
        if cmd.verb == "upgrade":
            return cmd.args[1] == "TP"
        return True

    def _granted(self, f: FactionState, cmd: Command, how: str) -> None:
        """The follow-ups a sub-command grants (RULES-NOTES-E E.1.1 table; ACTC's two more actions, E.2.2)."""
        t = self.turn
        verb = cmd.verb
        if verb == "action":
            act = cmd.args[0]
            if act == "ACTC":
                self.turn = replace(t, actions_left=t.actions_left + 2)
            elif act in FOLLOWUPS:
                self.turn = replace(t.granted(act), actions_left=t.actions_left, dig_spades=t.dig_spades)
        elif verb == "dig" and how != "followup":
            self.turn = replace(t.granted("dig"), actions_left=t.actions_left, dig_spades=True)
        elif verb == "upgrade" and cmd.args[1] == "SH" and f"{f.name}:SH" in FOLLOWUPS:
            self.turn = replace(t.granted(f"{f.name}:SH"), actions_left=t.actions_left, dig_spades=t.dig_spades)

    def phase_error(self, faction: str, commands: list[Command], verbs: set | None = None) -> IllegalActionError | None:
        """Why ``faction`` may not type ``commands`` in the current phase and turn, or None.

        The one place for phase and turn rules (the reference engine's acting.pm): setup takes only
        initial dwellings and bonus tiles, in the setup order; between rounds (cult-bonus spades, RULES-NOTES-D
        D.4) only ``transform``, ``-SPADE`` and ``done`` by a faction holding such spades; in the action
        phase a row that is a turn needs the turn, and no favor / town tile still to be chosen (the
        reference engine does not close a turn before); conversions and burning only by the active faction
        (whose turn it is, or whose action row was the last one). Codes: ``game_over``, ``dropped``,
        ``setup_step``, ``income_phase``, ``not_your_turn``, ``decision_pending``, ``double_action_pass``,
        ``not_active``.
        """
        if verbs is None:
            verbs = {c.verb for c in commands}
        owner = self.turn.faction
        if self.phase == "actions" and owner not in (None, faction) and faction in self.factions and \
                (not verbs.isdisjoint(ACTION_VERBS) or "convert" in verbs or "burn" in verbs) and \
                not self.turn_complete():
            return _illegal("turn_open", _("one action per turn: the turn of the {owner} is still open ({needs}); "
                                           "the {name} cannot act before it closes").format(
                owner=self._shown(owner), needs=self.turn_needs(owner), name=_(self.factions[faction].data.display)),
                _("RULES-NOTES-E E.0, E.2: a turn closes only when nothing is pending"), self._line)
        g = self.factions.get(faction)
        if g is not None and self.phase not in ("over", "setup") and g.name not in self.dropped and \
                self._settling(g, commands, verbs):
            return None  # the Riverwalkers' unlock choices and stronghold bridges, the Shapeshifters' answer
        if self.phase == "actions" and verbs.isdisjoint(ACTION_VERBS) and not self.dropped and \
                ("convert" not in verbs and "burn" not in verbs or faction in (self._last_actor, self.expected_turn())):
            return None  # answers, choices, and the active faction's conversions: no turn needed
        line = self._line
        f = self.factions.get(faction)
        if f is None:
            return None  # apply_row names the unknown faction
        if self.phase == "over":
            return _illegal("game_over", _("the game is over"), _("RULES-NOTES section 5"), line)
        if f.name in self.dropped:
            return _illegal("dropped", _("{name} has left the game").format(name=_(f.data.display)), _("RULES-NOTES-D D.3"), line)
        if self.phase == "setup":
            if verbs <= {"favor", "town", "cult", "wait", "pick_color"}:
                return None  # choices due (none in a normal setup) are checked by their own rules
            due = self.expected_turn()
            placing = self._setup_step < len(self._setup_sequence()) - len(self.seats)
            if verbs != ({"build"} if placing else {"pass"}) or len(commands) != 1:
                what = _("place an initial dwelling (build)") if placing else _("take a bonus tile (pass BONn)")
                if due != f.name:
                    return _illegal("not_your_turn", _("it is the turn of the {due} in the setup, not of the {name}").format(due=self._shown(due), name=_(f.data.display)),
                                    _("rulebook: setup order (RULES-NOTES-D D.5)"), line)
                return _illegal("setup_step", _("{name} must {what} now").format(name=_(f.data.display), what=what), _("rulebook: setup"), line)
            if due != f.name:
                return _illegal("not_your_turn", _("it is the turn of the {due} in the setup, not of the {name}").format(due=self._shown(due), name=_(f.data.display)),
                                _("rulebook: setup order (RULES-NOTES-D D.5)"), line)
            return None
        if self.phase == "cult_spades":
            if f.pending_cult and f.data.terraform_mode == "volcano" and verbs <= {"cult"}:
                return None  # the Acolytes' steps from cult-income spades
            bad = verbs - {"transform", "lose", "wait"} or any(c.verb == "lose" and c.args[1] != "SPADE"
                                                                  for c in commands)
            if bad:
                return _illegal("income_phase", _("between rounds only the cult-bonus spades are used: transform "
                                "HEX [to COLOUR], -SPADE or done"), _("RULES-NOTES-D D.4 (in_use_income_spades)"), line)
            if not (f.spades and f.cult_spade):
                holders = [n for n, o in self.factions.items() if o.spades and o.cult_spade]
                return _illegal("not_your_turn", _("{name} has no cult-bonus spades; waiting for {holders}").format(name=_(f.data.display), holders=', '.join(map(self._shown, holders))), _("RULES-NOTES-D D.4"), line)
            return None
        if verbs.isdisjoint(ACTION_VERBS) or owner == f.name:
            if ("convert" in verbs or "burn" in verbs) and f.name not in (self._last_actor, self.expected_turn()):
                return _illegal("not_active", _("only the active faction converts or burns power; {name} is not taking a turn now").format(name=_(f.data.display)), _("RULES-NOTES-D D.2 (command_convert)"), line)
            return None
        due = self.expected_turn()
        if due != f.name:
            return _illegal("not_your_turn", _("{due} is to act now, not {name}").format(due=self._shown(due), name=_(f.data.display)),
                            _("rulebook: turn order (RULES-NOTES section 6)"), line)
        waiting = [o.name for o in self.factions.values() if o.pending_favor or o.pending_town
                   or o.pending_unlock or o.sh_bridges]
        if waiting and f.name in waiting:
            # the faction's own choices may come first in the row
            first = next(i for i, c in enumerate(commands) if c.verb in ACTION_VERBS and
                         not (c.verb == "bridge" and f.sh_bridges))
            picked = sum(c.args[0] if c.verb == "town" else 1 for c in commands[:first]
                         if c.verb in ("favor", "town", "unlock_terrain", "bridge")
                         or c.verb == "lose" and c.args[1] == "BRIDGE")
            if f.pending_favor + f.pending_town + f.pending_unlock + f.sh_bridges <= picked:
                waiting.remove(f.name)
        if waiting:
            return _illegal("decision_pending", _("{waiting} must choose a favor / town tile first").format(waiting=', '.join(map(self._shown, waiting))),
                            _("RULES-NOTES-D D.6: a turn closes only when nothing is pending"), line)
        if "strict-chaosmagician-sh" in self.options and \
                any(c.verb == "action" and c.args[0] == "ACTC" for c in commands) and \
                any(c.verb == "pass" for c in commands[:-1]):
            # passing ends the turn: a pass followed by more play inside the double action was the
            # reference engine's "CM double pass" bug, forbidden by this option
            return _illegal("double_action_pass", _("the Chaos Magicians' double action cannot go on after a pass"),
                            _("option strict-chaosmagician-sh (RULES-NOTES tricky case 9)"), line)
        return None

    @staticmethod
    def _settling(f: FactionState, commands: list[Command], verbs: set) -> bool:
        """True when the row only settles ``f``'s own pending choices that need no turn: unlock-terrain
        (Riverwalkers' priests), stronghold bridges / ``-BRIDGE`` (Riverwalkers), ``gain P3 for VP`` /
        ``-GAIN_P3_FOR_VP`` (Shapeshifters), with conversions alongside (FIRE-ICE-NOTES sections 6, 7)."""
        if not (f.pending_unlock or f.sh_bridges or f.pending_p3):
            return False
        if not verbs <= {"unlock_terrain", "bridge", "lose", "gain_p3", "convert", "burn"}:
            return False
        if "bridge" in verbs and not f.sh_bridges or "unlock_terrain" in verbs and not f.pending_unlock or \
                "gain_p3" in verbs and not f.pending_p3:
            return False
        return all(c.verb != "lose" or c.args[1] in ("BRIDGE", "GAIN_P3_FOR_VP") for c in commands) and \
            not verbs <= {"convert", "burn"}

    def _advance_turn(self, f: FactionState) -> None:
        if self.phase == "setup":
            self._setup_step += 1
            return
        if f.name in self.order:
            self._turn = (self.order.index(f.name) + 1) % len(self.order)

    # ------------------------------------------------------------------ public
    def apply_row(self, faction: str, commands: list[Command], *, line: int | None = None,
                  label: str | None = None, cults_after: tuple | None = None) -> None:
        """Apply one typed row of ``faction`` and write the resulting rows into :attr:`rows`.

        ``cults_after`` (FIRE, WATER, EARTH, AIR after the row, from a ledger's cult column) states a
        choice the row's text leaves open: which track waiting at 9 takes a free key (RULES-NOTES-D D.2,
        "take the row's cult column").

        Raises
        ------
        IllegalActionError
            Naming ``line`` and the rule when a sub-command is not allowed.
        RecordError
            For an unknown faction or tile.
        """
        self._line = line
        self._pre = []
        if self.phase == "over":
            raise _illegal("game_over", _("the game is over"), _("RULES-NOTES section 5"), line)
        if len(commands) == 1 and commands[0].verb == "setup":
            self.add_faction(faction, line=line)
            return
        verbs = {c.verb for c in commands}
        answers = [c for c in commands if c.verb in ("leech", "decline")] if len(commands) > 1 and \
            ("leech" in verbs or "decline" in verbs) else ()
        if answers and len(answers) < len(commands) and not verbs.isdisjoint(ACTION_VERBS):
            # a leech / decline typed on a line with an action runs first and closes its own row
            # (commands.pm clean_commands; RULES-NOTES-D D.0, D.1)
            self.apply_row(faction, answers, line=line)
            self.apply_row(faction, [c for c in commands if c.verb not in ("leech", "decline")], line=line)
            return
        if "drop" in verbs:
            if len(commands) > 1:
                raise RecordError(_("drop-faction must be a row of its own"), line=line)
            self.drop_faction(faction, line=line)
            return
        f = self.faction(faction, line)
        if len(self.factions) < MIN_PLAYERS and not (self.phase == "setup" and verbs <= {"pick_color", "favor"}):
            # an ice faction picks its colour (and the Ice Maidens their favor) right after its own setup
            # row, possibly before the second faction is seated (FIRE-ICE-NOTES section 2)
            raise SetupError("factions", _("{min_players}-{max_players} players; {n_factions} set up").format(min_players=MIN_PLAYERS, max_players=MAX_PLAYERS, n_factions=len(self.factions)),
                             line=line)
        err = self.phase_error(f.name, commands, verbs)
        if err is not None:
            raise err
        machine = self.phase == "actions"
        if machine and self.turn.faction not in (None, f.name) and self.turn_complete():
            self.turn = NO_TURN  # the stream moved to another faction: the complete turn closes (E.0)
        f.teleported = set()
        if not (machine and self.turn.faction == f.name and f.volcano_tf):
            # a volcano begun with a lone `dig 1` stays owed over the faction's rows of the open turn
            # (FIRE-ICE-NOTES section 5: an unused VOLCANO_TF leaves the turn incomplete)
            f.volcano_tf, f.volcano_dug = 0, False
        f.spade_action = None
        setup_move = self.phase == "setup" and not verbs.isdisjoint(ACTION_VERBS)
        started = False  # a full action of this row began a move (start_full_move)
        strict = "strict-leech" in self.options
        segment = 0  # first command of the ledger row being written (a chained turn starts a new one)
        for i, cmd in enumerate(commands):
            verb = cmd.verb
            how = "free"
            if machine and verb in FULL_ACTION_VERBS and not (verb == "transform" and f.passed) and \
                    not (verb == "bridge" and f.sh_bridges and not self.turn.bridges):
                how = self._require(f, cmd)
                if how == "chain":
                    # the last unpassed faction: close the row, start a fresh move (E.1.3); obligations carry
                    if i > segment:
                        self._close_segment(f, commands[segment:i], line)
                        segment = i
                    elif i == 0 and self.rows and self.rows[-1].faction != f.name:
                        # the stream came back to the faction after another's row: the row it opened is
                        # closed empty before the chained turn (the reference engine's ledger shows it)
                        self._emit(f, "", line=line)
                    self._advance_turn(f)
                    self.turn = fresh_turn(f.name)
                    how = self._require(f, cmd)
                if how == "action":
                    started = True
                    self._start_move(f)
            elif verb == "convert" and strict:
                for o in self.offers:
                    if o["to"] == f.name:
                        o["marked"] = True
            if setup_move and not started and verb in ACTION_VERBS:
                started = True
                self._start_move(f)
            self._apply(f, cmd)
            if machine and verb in FULL_ACTION_VERBS:
                self._granted(f, cmd, how)
            elif machine and verb == "wait" and self.turn.faction == f.name:
                self._done(f)
        if segment:
            commands = commands[segment:]
            label = None
        if f.shift_pick:
            raise _illegal("pick_needed", _("{who}: the stronghold action {action} changes the home colour; "
                                            "add pick-color COLOUR to the same action").format(
                who=_(f.data.display), action="ACTH5/ACTH6"), _("FIRE-ICE-NOTES section 6"), line)
        if (f.volcano_tf or f.cult_debt) and not machine:
            raise _illegal("volcano_unpaid", _("{name}: the volcano is not finished (unused dig, or cult steps unpaid: -NTRACK)").format(name=_(f.data.display)), _("FIRE-ICE-NOTES section 5"), line)
        if started and self.phase in ("setup", "actions"):
            self._advance_turn(f)
            self._last_actor = f.name
        text = label if label is not None else ". ".join(c.text for c in commands)
        for row in self._pre:
            self.rows.append(row)
            if self.observer is not None:
                self.observer(row)
        self._pre = []
        if cults_after is not None and f.blocked:
            for track, want in zip(CULT_TRACKS, cults_after, strict=True):
                if want == 10 and track in f.blocked and f.cult[track] == 9 and self._free_keys(f) > 0:
                    f.blocked.remove(track)
                    self._cult_step(f, track, 1)
        self._emit(f, text, line=line, typed=True)
        if f.cult_spade and f.spades == 0:
            f.cult_spade = False
        self._maybe_advance()

    def _start_move(self, f: FactionState) -> None:
        """A full action begins a move (start_full_move, RULES-NOTES-E E.0): a blocked cult track is
        forgotten, the faction's waiting power offers are declined (D.1), and under strict-darkling-sh an
        earlier stronghold conversion right ends."""
        f.blocked.clear()
        if "strict-darkling-sh" in self.options:
            for o in self.factions.values():
                if o is not f:
                    o.w_to_p = 0
        if any(o["to"] == f.name for o in self.offers):
            self._auto_decline(f)

    def _done(self, f: FactionState) -> None:
        """``done``: the current action's follow-ups end (RULES-NOTES-E E.1.3); refused while the Chaos
        Magicians still owe an action (E.2.2)."""
        t = self.turn
        if t.actions_left and t.faction == f.name and "loose-done" not in self.options and t != fresh_turn(f.name):
            raise _illegal("action_required", _("{name} must take an action ({needs})").format(
                name=_(f.data.display), needs=self.turn_needs(f.name)), _("RULES-NOTES-E E.2.2"), self._line)
        self.turn = replace(t.granted(""), actions_left=t.actions_left, dig_spades=t.dig_spades)

    def _close_segment(self, f: FactionState, commands: list[Command], line: int | None) -> None:
        """Write the row of a turn the last faction finished inside a longer typed line (E.1.3)."""
        for row in self._pre:
            self.rows.append(row)
            if self.observer is not None:
                self.observer(row)
        self._pre = []
        self._emit(f, ". ".join(c.text for c in commands), line=line, typed=True)
        self._last_actor = f.name

    def _apply(self, f: FactionState, cmd: Command) -> None:
        v, a = cmd.verb, cmd.args
        line = self._line
        if v == "build":
            self._build(f, a[0])
        elif v == "upgrade":
            self._upgrade(f, a[0], a[1])
        elif v == "transform":
            self._transform(f, a[0], a[1])
        elif v == "dig":
            self._dig(f, a[0])
        elif v == "send":
            self._send_priest(f, a[0], a[1])
        elif v == "action":
            self._action(f, a[0])
        elif v == "advance":
            self._advance(f, a[0])
        elif v == "bridge":
            self._bridge(f, a[0], a[1])
        elif v == "connect":
            self._connect(f, a)
        elif v == "convert":
            self._convert(f, *a)
        elif v == "burn":
            self._burn(f, a[0])
        elif v == "pass":
            self._pass(f, a[0])
        elif v == "leech":
            self._leech(f, a[0], a[1], True)
        elif v == "decline":
            if a[1] is None:
                # a bare "decline" refuses every power offer waiting for this faction
                mine = [o for o in self.offers if o["to"] == f.name]
                if not mine:
                    raise _illegal("no_offer", _("{name} has no power offer to decline").format(name=_(f.data.display)),
                                   _("RULES-NOTES-D D.1 command_decline"), line)
                for o in mine:
                    self._answer(f, o, None)
            else:
                self._leech(f, a[0] or 0, a[1], False)
        elif v == "favor":
            self._take_favor(f, a[0])
        elif v == "town":
            self._take_town(f, a[0], a[1])
        elif v == "cult":
            self._take_cult(f, a[0], a[1])
        elif v == "lose":
            self._lose(f, a[0], a[1])
        elif v == "wait":
            pass
        elif v == "pick_color":
            self._pick_color(f, a[0])
        elif v == "unlock_terrain":
            self._unlock(f, a[0])
        elif v == "gain_p3":
            self._gain_p3(f, True)
        elif v == "setup":
            raise RecordError(_("setup must be a row of its own"), line=line)
        else:
            # the command parser only yields known verbs; a verb it knows but this table lacks is a gap here
            raise _illegal("unknown_command", _("{text!r}: the engine has no rule for this command").format(text=cmd.text),
                           _("RULES-NOTES command language"), line)

    def copy(self) -> Game:
        """An independent copy (the public ``apply_action`` works on copies). Immutable parts (rules
        data, map tables, the frozen town state) are shared."""
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        new.colour = dict(self.colour)
        new.factions = {n: f.copy() for n, f in self.factions.items()}
        new.seats, new.order, new.pass_order = list(self.seats), list(self.order), list(self.pass_order)
        new.rows = list(self.rows)
        new.offers = [dict(o) for o in self.offers]
        new.dropped = list(self.dropped)
        new.used_actions = set(self.used_actions)
        new.bonus_pool, new.town_pool, new.favor_pool = dict(self.bonus_pool), dict(self.town_pool), \
            dict(self.favor_pool)
        new.cult_slots = {t: list(v) for t, v in self.cult_slots.items()}
        new._leech_groups = {k: dict(v) for k, v in self._leech_groups.items()}
        new._pre = list(self._pre)
        new.observer = None
        return new

    def snapshot(self) -> GameSnapshot:
        """A frozen :class:`GameSnapshot` of the game now."""
        base = self.board.colour
        terrain = tuple(sorted((h, c) for h, c in self.colour.items() if base[h] != c))
        facs = tuple(FactionSnapshot(f.name, f.totals(), f.ship, f.dig, tuple(f.count.values()), tuple(f.favors),
                                     tuple(f.towns), f.bonus, f.passed)
                     for f in (self.factions[n] for n in self.seats))
        return GameSnapshot(self.round, self.phase, tuple(self.order), terrain, self.townstate, facs)

    def summary(self) -> dict[str, Any]:
        """Small JSON-able view: round, phase, turn order, and each faction's totals and buildings (plus its
        current home colour and, for the Riverwalkers, the unlocked colours)."""
        return {
            "round": self.round, "phase": self.phase, "order": list(self.order),
            "factions": {n: dict(zip(TOTAL_FIELDS, f.totals(), strict=False)) | {
                "buildings": dict(f.hexes), "ship": f.ship, "dig": f.dig, "favors": list(f.favors),
                "towns": list(f.towns), "bonus": f.bonus, "passed": f.passed, "home": f.home,
                "unlocked": sorted(f.unlocked)}
                for n, f in self.factions.items()},
        }
