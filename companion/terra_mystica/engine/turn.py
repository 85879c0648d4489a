"""The turn as data: what one Terra Mystica turn may still hold (RULES-NOTES-E, appendix E).

A turn holds **one full action** and the **follow-ups** it grants (E.1.1): ``action ACT5`` grants one
transform, one build and more ``dig``; ``action ACT1`` one bridge; ``action ACTW`` one build; and so on
(:data:`FOLLOWUPS`). The turn closes only when the stream moves to another faction with no full action
left to take and nothing pending (E.0, E.2): spades, a bridge, the free dwelling / transform / trading
house, the Chaos Magicians' two extra actions, the Darklings' conversion, favour / town / cult choices,
unlocks, a colour pick.

Two values describe it:

* :class:`TurnState` is the turn machine the :class:`~companion.terra_mystica.engine.state.Game` keeps
  (who holds the open turn, full actions left, follow-ups left, whether the spades came from ``dig``);
  it is replaced, never changed in place.
* :class:`TurnObligations` is what :func:`open_turn` answers: the machine plus the faction's pending
  items, what the turn still needs and the declines the reference engine accepts (E.2).

Examples
--------
>>> from companion.terra_mystica.engine import new_game, apply_action, open_turn
>>> g = new_game(["witches", "darklings"], round_tiles=["SCORE1", "SCORE2", "SCORE3", "SCORE4", "SCORE5",
...              "SCORE6"], removed_bonus=["BON5", "BON6", "BON7", "BON8"], options=())
>>> for faction, cmd in [("witches", "build E9"), ("darklings", "build E10"), ("darklings", "build B3"),
...                      ("witches", "build F4"), ("darklings", "pass BON1"), ("witches", "pass BON4")]:
...     g = apply_action(g, faction, cmd)
>>> g = apply_action(g, "witches", "burn 4. action ACT5")
>>> t = open_turn(g)
>>> t.faction, t.spades, t.transforms, t.builds, t.complete
('witches', 1, 1, 1, False)
>>> t.declines
('-SPADE',)
>>> open_turn(apply_action(g, "witches", "-SPADE")).complete
True
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from operator import attrgetter

__all__ = ["FOLLOWUPS", "FOLLOWUP_VERBS", "FULL_ACTION_VERBS", "TurnState", "TurnObligations", "fresh_turn", "open_turn",
           "pending_items", "has_pending", "obligations_from", "evolve", "TURN_ITEMS",
           "NO_TURN"]

FULL_ACTION_VERBS = frozenset({"build", "upgrade", "send", "action", "dig", "transform", "bridge", "advance",
                               "pass"})
"""Sub-commands that use a full action unless a follow-up covers them (E.1.1, every caller of
require_subaction); ``transform`` needs none once the faction has passed."""

FOLLOWUP_VERBS = frozenset({"transform", "build", "bridge", "upgrade", "dig"})
"""The sub-commands a follow-up may cover (E.1.1)."""

FOLLOWUPS: dict[str, dict[str, int]] = {
    "ACT5": {"dig": 1, "transform": 1, "build": 1},
    "ACT6": {"dig": 1, "transform": 2, "build": 1},
    "BON1": {"dig": 1, "transform": 1, "build": 1},
    "ACTG": {"dig": 1, "transform": 1, "build": 1},
    "ACTN": {"dig": 1, "transform": 1, "build": 1},
    "dig": {"dig": 1, "transform": 1, "build": 1},
    "ACT1": {"bridge": 1},
    "ACTE": {"bridge": 1},
    "ACTW": {"build": 1},
    "ACTS": {"upgrade": 1},
    "halflings:SH": {"transform": 3, "build": 1},
    "riverwalkers:SH": {"bridge": 2},
}
"""Follow-ups each source grants (RULES-NOTES-E E.1.1 table; ``dig`` may be repeated while ``dig`` > 0,
and a transform drops it). Keys: an action name, ``dig``, or ``faction:SH`` for a stronghold upgrade."""


def evolve(value, **changes):
    """``dataclasses.replace(value, **changes)`` for a frozen dataclass without ``__post_init__`` or slots,
    without re-running ``__init__`` (the turn machine makes a new value at every sub-command, and the
    search bots try every move: this is on the hot path)."""
    new = object.__new__(type(value))
    d = value.__dict__.copy()  # a fresh dict given whole: faster than filling the new object's own
    d.update(changes)
    object.__setattr__(new, "__dict__", d)
    return new


@dataclass(frozen=True)
class TurnState:
    """The turn machine (E.0): one value, replaced at every step.

    Attributes
    ----------
    faction : str or None
        The faction whose turn is open (None before the first full action of a turn).
    actions_left : int
        Full actions the faction may still take this turn: 1 at the start, 0 after one, +2 after the
        Chaos Magicians' ACTC (E.2.2).
    transforms, builds, bridges, upgrades : int
        Follow-ups left (E.1.1).
    dig : bool
        ``dig`` may follow (after a spade action or a dig, before the first transform).
    dig_spades : bool
        Spades were bought with ``dig`` in this turn: they cannot be declined (E.2.3).
    build_hexes : tuple of str
        Hexes transformed in this action: a follow-up build goes on one of them (or spends spades itself;
        E.1.2).
    non_home : bool
        A transform of this action already went to a non-home colour (at most one, E.1.2).
    """

    faction: str | None = None
    actions_left: int = 1
    transforms: int = 0
    builds: int = 0
    bridges: int = 0
    upgrades: int = 0
    dig: bool = False
    dig_spades: bool = False
    build_hexes: tuple = ()
    non_home: bool = False

    def followup(self, verb: str) -> int:
        """Follow-ups left for ``verb`` (``dig`` counts 1 while allowed)."""
        if verb == "dig":
            return int(self.dig)
        return {"transform": self.transforms, "build": self.builds, "bridge": self.bridges,
                "upgrade": self.upgrades}.get(verb, 0)

    def granted(self, source: str) -> TurnState:
        """The machine after ``source`` (a :data:`FOLLOWUPS` key) granted its follow-ups; other sources
        grant none (the follow-ups of the previous full action are gone)."""
        g = FOLLOWUPS.get(source, {})
        return evolve(self, transforms=g.get("transform", 0), builds=g.get("build", 0),
                       bridges=g.get("bridge", 0), upgrades=g.get("upgrade", 0), dig=bool(g.get("dig")),
                       build_hexes=())


NO_TURN = TurnState()
"""No turn open: the next full action starts one."""


@functools.lru_cache(maxsize=256)
def fresh_turn(faction: str, *, dig_spades: bool = False) -> TurnState:
    """A new turn of ``faction`` (start_full_move, E.0): one full action, no follow-ups, the dig flag
    cleared (unless kept by ``dig_spades``); a frozen value, so one per faction is made and shared."""
    return TurnState(faction=faction, actions_left=1, dig_spades=dig_spades)


@dataclass(frozen=True)
class TurnObligations:
    """What the open turn still needs (the E.2 table) and the declines allowed.

    Attributes
    ----------
    faction : str or None
        The faction whose turn is open; None when no turn is open.
    actions_left : int
        Full actions the faction may still take (E.0).
    actions_required : int
        Full actions it **must** still take: the Chaos Magicians' extra actions after ACTC (E.2.2).
    transforms, builds, bridges, upgrades : int
        Follow-ups left (E.1.1); optional unless an item below needs them.
    dig : bool
        ``dig`` may follow.
    spades : int
        Spades to use (``transform`` / ``build``) or decline (``-SPADE``).
    dig_spades : bool
        The spades came from ``dig``: they must be used, not declined (E.2.3).
    free_dwelling, free_transform, free_trading_house : int
        ACTW's dwelling (FREE_D), ACTN's transform (FREE_TF), ACTS's trading house (FREE_TP).
    bridge : int
        Bridges to place (ACT1, ACTE, the Riverwalkers' stronghold).
    darklings_convert : int
        Workers the Darklings may still convert to priests after their stronghold (CONVERT_W_TO_P,
        option strict-darkling-sh).
    favor, town, cult : int
        Favour tiles, town tiles and cult steps to choose.
    unlocks : int
        Riverwalkers' unlock-terrain choices.
    pick_color : bool
        A colour to pick (Shapeshifters' ACTH5 / ACTH6, ice factions at setup).
    gain_p3 : int
        Shapeshifters' ``gain P3 for VP`` offers to answer.
    """

    faction: str | None = None
    actions_left: int = 0
    actions_required: int = 0
    transforms: int = 0
    builds: int = 0
    bridges: int = 0
    upgrades: int = 0
    dig: bool = False
    spades: int = 0
    dig_spades: bool = False
    free_dwelling: int = 0
    free_transform: int = 0
    free_trading_house: int = 0
    bridge: int = 0
    darklings_convert: int = 0
    favor: int = 0
    town: int = 0
    cult: int = 0
    unlocks: int = 0
    pick_color: bool = False
    gain_p3: int = 0
    needs: tuple = field(default=())
    """Open items as ``(item, count)`` pairs, in the E.2 table's order (``"SPADE"``, ``"BRIDGE"``,
    ``"FREE_D"``, ``"FREE_TF"``, ``"FREE_TP"``, ``"ACTION"``, ``"CONVERT_W_TO_P"``, ``"GAIN_FAVOR"``,
    ``"GAIN_TW"``, ``"CULT"``, ``"UNLOCK_TERRAIN"``, ``"PICK_COLOR"``, ``"VOLCANO_TF"``, ``"LOSE_CULT"``,
    ``"GAIN_P3_FOR_VP"``)."""
    declines: tuple = field(default=())
    """The decline commands the reference engine accepts now (``-SPADE``, ``-BRIDGE``, ``-FREE_D``,
    ``-FREE_TF``, ``-FREE_TP``, ``-3CONVERT_W_TO_P``, ``-GAIN_FAVOR``, ``-GAIN_TW``, ``-CULT``,
    ``-VOLCANO_TF``, ``-GAIN_P3_FOR_VP``; E.2)."""

    @property
    def complete(self) -> bool:
        """True when nothing is pending: the turn closes at the next faction change (E.0)."""
        return not self.needs


def obligations_from(turn: TurnState, items: dict[str, int], *, passed: bool = False,
                     colour_change: bool = False) -> TurnObligations:
    """Build :class:`TurnObligations` from the machine and the faction's pending items.

    Parameters
    ----------
    turn : TurnState
        The machine (its faction is the answer's faction).
    items : dict of str to int
        Pending counts keyed as in :attr:`TurnObligations.needs` (``SPADE``, ``BRIDGE``, ... ;
        ``ACTION`` for full actions that must still be taken).
    passed : bool
        The faction has passed: dig spades may then be declined (E.2.3).
    colour_change : bool
        The colour to pick is the Shapeshifters' stronghold action's, which ``-PICK_COLOR`` may decline
        (an ice faction's starting colour may not be declined).
    """
    needs = tuple((k, items[k]) for k, _owed_field in TURN_ITEMS if items.get(k))
    declines = []
    for k, n in (*needs, ("GAIN_P3_FOR_VP", items.get("GAIN_P3_FOR_VP", 0))):
        if not n:
            continue
        if k == "SPADE" and turn.dig_spades and not passed:
            continue  # E.2.3: spades bought with dig must be used
        if k in ("ACTION", "UNLOCK_TERRAIN", "LOSE_CULT") or k == "PICK_COLOR" and not colour_change:
            continue  # no decline (E.2.2) / a choice to make (E.2.4, E.2 "(code)")
        if k == "CONVERT_W_TO_P":
            declines.append(f"-{n}CONVERT_W_TO_P")
        else:
            declines.append(f"-{k}" if n == 1 or k in ("GAIN_P3_FOR_VP",) else f"-{n}{k}")
    return TurnObligations(
        faction=turn.faction, actions_left=turn.actions_left, actions_required=items.get("ACTION", 0),
        transforms=turn.transforms, builds=turn.builds, bridges=turn.bridges, upgrades=turn.upgrades,
        dig=turn.dig, spades=items.get("SPADE", 0), dig_spades=turn.dig_spades,
        free_dwelling=items.get("FREE_D", 0), free_transform=items.get("FREE_TF", 0),
        free_trading_house=items.get("FREE_TP", 0), bridge=items.get("BRIDGE", 0),
        darklings_convert=items.get("CONVERT_W_TO_P", 0), favor=items.get("GAIN_FAVOR", 0),
        town=items.get("GAIN_TW", 0), cult=items.get("CULT", 0), unlocks=items.get("UNLOCK_TERRAIN", 0),
        pick_color=bool(items.get("PICK_COLOR")), gain_p3=items.get("GAIN_P3_FOR_VP", 0),
        needs=needs, declines=tuple(declines))


TURN_ITEMS = (("SPADE", "spades"), ("BRIDGE", "bridge"), ("FREE_D", "free_dwelling"), ("FREE_TF", "free_transform"),
              ("FREE_TP", "free_trading_house"), ("ACTION", None), ("CONVERT_W_TO_P", "darklings_convert"),
              ("GAIN_FAVOR", "favor"), ("GAIN_TW", "town"), ("CULT", "cult"), ("UNLOCK_TERRAIN", "unlocks"),
              ("PICK_COLOR", "pick_color"), ("VOLCANO_TF", "volcano_tf"), ("LOSE_CULT", "cult_debt"))
"""The E.2 items that hold a turn open, in the order refusals name them: each with its
:class:`~.faction.Owed` field, or None for the one kept elsewhere (the turn machine's actions left).
``VOLCANO_TF`` is a volcano faction's lone ``dig 1`` and ``LOSE_CULT`` the Acolytes' volcano price (FIRE-ICE-NOTES section 5); ``CONVERT_W_TO_P`` counts only under
``strict-darkling-sh``."""

_HOLDING = attrgetter(*(owed_field for item, owed_field in TURN_ITEMS if owed_field and item != "CONVERT_W_TO_P"))
"""The :class:`~.faction.Owed` fields of :data:`TURN_ITEMS` that hold the turn open whatever the options."""


def pending_items(game, name: str, *, with_offers: bool = False) -> dict[str, int]:
    """The E.2 items ``name`` has pending in ``game`` (:data:`TURN_ITEMS`, keys as in
    :attr:`TurnObligations.needs`; ``with_offers`` adds the Shapeshifters' ``gain P3 for VP`` answers, which
    do not hold a turn open)."""
    f = game.factions[name]
    o = f.owed
    turn = game.turn
    items = {}
    for item, owed_field in TURN_ITEMS:
        if item == "ACTION":
            # a pass ends the Chaos Magicians' extra actions even without strict-chaosmagician-sh (the
            # reference then lets them act after passing, its old "CM double pass" bug, E.2.2; not followed)
            n = turn.actions_left if turn.faction == name and not f.passed else 0
        elif item == "CONVERT_W_TO_P":
            n = o.darklings_convert if "strict-darkling-sh" in game.options else 0
        else:
            n = int(getattr(o, owed_field))
        if n:
            items[item] = n
    if with_offers and o.gain_p3:
        items["GAIN_P3_FOR_VP"] = o.gain_p3  # an answer to an opponent's leech, not part of the turn
    return items


def has_pending(game, name: str) -> bool:
    """``bool(pending_items(game, name))`` without building the dict (the turn machine asks at every row):
    the same :data:`TURN_ITEMS`, read at once."""
    f = game.factions[name]
    o = f.owed
    if any(_HOLDING(o)):
        return True
    turn = game.turn
    if turn.actions_left and turn.faction == name and not f.passed:
        return True
    return bool(o.darklings_convert) and "strict-darkling-sh" in game.options


def open_turn(game, faction: str | None = None) -> TurnObligations:
    """What the open turn still needs, and the declines allowed (RULES-NOTES-E E.0, E.2).

    Parameters
    ----------
    game : Game
        The game (not changed).
    faction : str, optional
        Whose obligations to list; default the faction holding the open turn, else the faction whose
        turn it is.

    Returns
    -------
    TurnObligations
        ``complete`` is True when nothing is pending; ``declines`` lists the ``-X`` commands the
        reference engine accepts now. With no turn open: the next faction, one full action, nothing due.
    """
    turn = game.turn
    name = faction or turn.faction or game.expected_turn()
    if name is None or name not in game.factions:
        return TurnObligations()
    if turn.faction != name:
        turn = TurnState(faction=name, actions_left=1 if name == game.expected_turn() else 0)
        items = pending_items(game, name, with_offers=True)
        items.pop("ACTION", None)
    else:
        items = pending_items(game, name, with_offers=True)
    f = game.factions[name]
    return obligations_from(turn, items, passed=f.passed, colour_change=f.shift_pick)
