"""Edit a Terra Mystica map as a value: paint, swap, add or remove a bottom row, undo and redo.

A :class:`MapDesign` is an immutable map under design: every edit returns a new design and the old one
is unchanged, so undo and redo (:class:`MapEditor`) are just a list of designs and a position in it.

Two kinds of trouble are told apart:

* a map that **cannot** be a Terra Mystica map (row lengths other than 13/12 alternating, more than 9
  rows or none, a hex outside the map, a letter that is no terrain) is never made: the edit raises
  :class:`~companion.errors.MapFormatError` and the design stays as it was;
* a map that can be made but **breaks a design convention** is made and flagged by
  :meth:`MapDesign.warnings` (:func:`design_warnings`), never refused. The conventions, in the order
  flagged: five players can play it (``"unplayable"``, :func:`playability`); it has the base map's 9 rows
  (``"small_map"``); every base-game faction can place its starting dwellings (``"unseatable_factions"``,
  :func:`seat_refusal`); every home terrain has a hex (``"missing_terrain"``) and all have the same number
  (``"unequal_terrains"``); the river is one piece (``"river_pieces"``).

A map too small for the game is such a broken convention, not an invalid map: :meth:`MapDesign.remove_row`
removes rows down to one (the base map's first row alone: 13 hexes, flagged ``"small_map"`` and
``"unseatable_factions"``, since desert and mountains have one hex each), and refuses only the last row.

What makes a map playable (our reading of the setup rules): every player places their starting
dwellings on hexes of their home terrain (rule book, setup; two for most factions, three for the
Nomads, one for the Chaos Magicians: the engine's ``START_DWELLINGS``), and no two players share a
colour. So a faction **can be seated** on a map when its home terrain has at least that many land hexes,
and a map is **playable by P players** when at least P of the seven home terrains can seat a faction. The
lab asks for five (the most players a game has). A game on a map that breaks this would stop at setup
with a player unable to place a dwelling; the balance report and ``companion tm simulate`` refuse such a
map before any game, naming the terrains and their hex counts.

Hexes are named by their label on the design's current map (``"E7"``, ``"r3"``, see
:mod:`~companion.terra_mystica.hexmap`) or by their cell ``(row, column)`` (the map's ``Hex.row`` and
``Hex.column``). Painting a land hex as river renumbers the land hexes after it in its row and the river
hexes after it on the map, so a widget should address cells, or re-read the labels after each edit.

Examples
--------
>>> from companion.terra_mystica.hexmap import load_shipped_map
>>> design = MapDesign.from_map(load_shipped_map("base"))
>>> design.map.terrain("A1")
'U'
>>> painted = design.paint("A1", "Y")
>>> painted.map.terrain("A1"), design.map.terrain("A1")
('Y', 'U')
>>> [w.code for w in painted.warnings()]
['unequal_terrains']
>>> painted.swap("A1", "A2").map.terrain("A2")
'Y'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

import networkx as nx

from companion.errors import CompanionError, MapFormatError
from companion.i18n import _, ngettext
from companion.jsonio import quoted
from companion.terra_mystica.hexmap import LONG_ROW, MAX_ROWS, SHORT_ROW, TerraMysticaMap, map_from_rows
from companion.terra_mystica.terrain import RIVER_LETTER, terrain_wheel

__all__ = ["BASE_ROWS", "MOST_PLAYERS", "DesignWarning", "MapDesign", "MapEditor", "design_warnings", "home_letter", "most_players", "playability",
           "seat_refusal", "seatable_factions", "start_dwellings", "wheel_factions"]

#: The most players a Terra Mystica game has: a map the lab makes should seat this many colours.
MOST_PLAYERS = 5

#: Rows of the base map (and of both Fire & Ice sides): a design with fewer is flagged ``"small_map"``.
BASE_ROWS = 9

Cell = tuple[int, int]


@dataclass(frozen=True)
class DesignWarning:
    """A design convention the map breaks (it is still a playable map).

    Attributes
    ----------
    code : str
        ``"unplayable"``, ``"small_map"``, ``"unseatable_factions"``, ``"missing_terrain"``,
        ``"unequal_terrains"`` or ``"river_pieces"`` (see the module docstring).
    message : str
        One sentence in the language in force when the warning was made.
    """

    code: str
    message: str


def start_dwellings(faction: str) -> int:
    """Dwellings ``faction`` places at setup: 2, the Nomads 3, the Chaos Magicians 1 (faction boards).

    Examples
    --------
    >>> start_dwellings("nomads"), start_dwellings("chaosmagicians"), start_dwellings("witches")
    (3, 1, 2)
    """
    from companion.terra_mystica.engine.state import START_DWELLINGS

    return START_DWELLINGS.get(faction, 2)


def wheel_factions() -> list[str]:
    """The factions the engine plays whose home terrain is on the terrain wheel (the base game's 14)."""
    from companion.terra_mystica import game
    from companion.terra_mystica.factions import get_faction

    colours = set(terrain_wheel().colours)
    return [f for f in game.free_factions(()) if get_faction(f).home_terrain in colours]


def home_letter(faction: str) -> str:
    """The terrain letter of ``faction``'s home terrain (``"nomads"`` -> ``"Y"``)."""
    from companion.terra_mystica.factions import get_faction

    return terrain_wheel().letter(get_faction(faction).home_terrain)


def seat_refusal(tm_map: TerraMysticaMap, faction: str) -> str | None:
    """Why ``faction`` cannot be seated on ``tm_map`` (too few hexes of its home terrain for its starting
    dwellings; for the Riverwalkers, who build only beside the river, no land terrain with that many hexes
    bordering a river hex), or None when it can.

    Parameters
    ----------
    tm_map : TerraMysticaMap
    faction : str
        An engine faction name (``"nomads"``). Factions that pick their colour at setup fit every map with
        land, except the Riverwalkers (FIRE-ICE-NOTES section 2: "Can't place initial dwelling inland";
        the reference engine refuses such a dwelling).

    Returns
    -------
    str or None
        One sentence in the language in force, naming the terrain, its hexes and the dwellings needed.

    Examples
    --------
    >>> from companion.terra_mystica.hexmap import map_from_rows
    >>> print(seat_refusal(map_from_rows([list("YYUUKKBBGGSSR")]), "nomads"))
    desert has 2 hexes; Nomads place 3 starting dwellings there
    >>> seat_refusal(map_from_rows([list("YYUUKKBBGGSSR")]), "chaosmagicians") is None
    True
    >>> print(seat_refusal(map_from_rows([list("YYUUKKBBGGSSR")]), "riverwalkers"))
    no land terrain has 2 hexes beside the river; Riverwalkers place 2 starting dwellings beside the river
    """
    from companion.terra_mystica.factions import get_faction
    from companion.terra_mystica.names import faction_name, terrain_name

    data = get_faction(faction)
    if not data.has_fixed_home:
        if data.terraform_mode != "none":
            return None  # Shapeshifters, ice and volcano factions pick a colour the map has
        # the Riverwalkers: starting dwellings on one picked colour, each on a hex bordering a river hex
        need = start_dwellings(faction)
        riverside: dict[str, int] = {}
        for label, h in tm_map.hexes.items():
            if not h.river and any(tm_map.hexes[n].river for n in tm_map.neighbours(label)):
                riverside[h.terrain] = riverside.get(h.terrain, 0) + 1
        if max(riverside.values(), default=0) >= need:
            return None
        return _("no land terrain has {dwellings} hexes beside the river; {faction} place {dwellings} starting "
                 "dwellings beside the river").format(faction=faction_name(faction), dwellings=need)
    letter = home_letter(faction)
    have = tm_map.terrain_counts().get(letter, 0)
    need = start_dwellings(faction)
    if have >= need:
        return None
    return ngettext("{terrain} has {hexes} hex; {faction} place {dwellings} starting dwellings there",
                    "{terrain} has {hexes} hexes; {faction} place {dwellings} starting dwellings there", have).format(
        terrain=terrain_name(letter), hexes=have, faction=faction_name(faction), dwellings=need)


def seatable_factions(tm_map: TerraMysticaMap) -> list[str]:
    """The base-game factions (home terrain on the wheel) that can be seated on ``tm_map``
    (:func:`seat_refusal` is None), in ``factions.json`` order.

    Examples
    --------
    >>> from companion.terra_mystica.hexmap import load_shipped_map
    >>> len(seatable_factions(load_shipped_map("base")))
    14
    """
    return [f for f in wheel_factions() if seat_refusal(tm_map, f) is None]


def most_players(tm_map: TerraMysticaMap) -> int:
    """The most players who can play on ``tm_map`` (0..5): one a home terrain that seats a faction
    (:func:`playability`; below 2 nobody can).

    Examples
    --------
    >>> from companion.terra_mystica.hexmap import load_shipped_map, map_from_rows
    >>> most_players(load_shipped_map("base")), most_players(map_from_rows([list("YYYYYYUUUUUUK")]))
    (5, 2)
    """
    return min(MOST_PLAYERS, len({home_letter(f) for f in seatable_factions(tm_map)}))


def playability(tm_map: TerraMysticaMap, players: int = MOST_PLAYERS) -> str | None:
    """Why ``tm_map`` cannot be played by ``players`` players, or None when it can (see the module
    docstring: at least ``players`` home terrains must each seat a faction).

    Parameters
    ----------
    tm_map : TerraMysticaMap
    players : int
        Players a game (2..5).

    Returns
    -------
    str or None
        One sentence in the language in force naming the terrains that can seat a faction and the hex
        counts of the others.

    Examples
    --------
    >>> from companion.terra_mystica.hexmap import load_shipped_map, map_from_rows
    >>> playability(load_shipped_map("base")) is None
    True
    >>> print(playability(map_from_rows([list("YYYYYYUUUUUUK")])))  # doctest: +NORMALIZE_WHITESPACE
    5 players need 5 home terrains with hexes for their starting dwellings; this map has 2 (desert, plains;
    too few hexes: swamp 1, lakes 0, forest 0, mountains 0, wasteland 0)
    >>> playability(map_from_rows([list("YYYYYYUUUUUUK")]), 2) is None
    True
    """
    from companion.terra_mystica.names import terrain_name

    seated = {home_letter(f) for f in seatable_factions(tm_map)}
    if len(seated) >= players:
        return None
    counts = tm_map.terrain_counts()
    letters = terrain_wheel().letters
    able = [terrain_name(t) for t in letters if t in seated]
    short = [f"{terrain_name(t)} {counts.get(t, 0)}" for t in letters if t not in seated]
    return _("{players} players need {players} home terrains with hexes for their starting dwellings; this map "
             "has {n} ({terrains}; too few hexes: {short})").format(
        players=players, n=len(able), terrains=_(", ").join(able) or _("none"), short=_(", ").join(short))


def design_warnings(tm_map: TerraMysticaMap) -> list[DesignWarning]:
    """The design conventions ``tm_map`` breaks (empty: none), in this order.

    Conventions (the base map keeps them all; a shipped Fire & Ice map may break the last two):

    * ``"unplayable"``: fewer than :data:`MOST_PLAYERS` home terrains can seat a faction
      (:func:`playability`), so a five-player game cannot set up;
    * ``"small_map"``: fewer rows than the base map's :data:`BASE_ROWS` (9), a map smaller than the
      game is made for;
    * ``"unseatable_factions"``: a base-game faction cannot place its starting dwellings (its home
      terrain has fewer hexes than it places: 2, the Nomads 3, the Chaos Magicians 1; :func:`seat_refusal`);
    * ``"missing_terrain"``: a home terrain has no hex; ``"unequal_terrains"``: the seven home terrains
      do not have the same number of hexes;
    * ``"river_pieces"``: the river hexes are not one connected piece (direct adjacency), so shipping
      cannot cross the whole river.

    Examples
    --------
    >>> from companion.terra_mystica.hexmap import load_shipped_map, map_from_rows
    >>> design_warnings(load_shipped_map("base"))
    []
    >>> first_row = map_from_rows([load_shipped_map("base").rows[0]])   # 13 hexes: desert and mountains 1
    >>> [w.code for w in design_warnings(first_row)]
    ['small_map', 'unseatable_factions', 'unequal_terrains']
    >>> for w in design_warnings(first_row)[:2]:
    ...     print(w.message)  # doctest: +NORMALIZE_WHITESPACE
    1 row, fewer than the base map's 9: smaller than the game is made for
    factions that cannot place their starting dwellings (home terrain: hexes / dwellings): Dwarves mountains
    1/2, Engineers mountains 1/2, Fakirs desert 1/2, Nomads desert 1/3
    """
    from companion.terra_mystica.names import faction_name, terrain_name

    out: list[DesignWarning] = []
    unplayable = playability(tm_map)
    if unplayable is not None:
        out.append(DesignWarning("unplayable", _("not playable by {players} players, the most the base game "
                                                     "seats: {reason}").format(players=MOST_PLAYERS, reason=unplayable)))
    rows = len(tm_map.rows)
    if rows < BASE_ROWS:
        out.append(DesignWarning("small_map", ngettext(
            "{rows} row, fewer than the base map's {base_rows}: smaller than the game is made for",
            "{rows} rows, fewer than the base map's {base_rows}: smaller than the game is made for",
            rows).format(rows=rows, base_rows=BASE_ROWS)))
    seated = set(seatable_factions(tm_map))
    unseated = [f for f in wheel_factions() if f not in seated]
    if unseated:
        counts = tm_map.terrain_counts()
        out.append(DesignWarning("unseatable_factions", _(
            "factions that cannot place their starting dwellings (home terrain: hexes / dwellings): "
            "{factions}").format(factions=_(", ").join(
                f"{faction_name(f)} {terrain_name(home_letter(f))} {counts.get(home_letter(f), 0)}/"
                f"{start_dwellings(f)}" for f in unseated))))
    counts = tm_map.terrain_counts()
    wheel = terrain_wheel()
    missing = [t for t in wheel.letters if not counts.get(t)]
    if missing:
        out.append(DesignWarning("missing_terrain", _("no hex of {terrains}").format(
            terrains=_(", ").join(terrain_name(t) for t in missing))))
    present = {t: counts.get(t, 0) for t in wheel.letters}
    if len(set(present.values())) > 1:
        out.append(DesignWarning("unequal_terrains", _("terrain counts differ: {counts}").format(
            counts=_(", ").join(f"{terrain_name(t)} {n}" for t, n in present.items()))))
    if tm_map.river_hexes:
        pieces = nx.number_connected_components(tm_map.river_graph)
        if pieces > 1:
            out.append(DesignWarning("river_pieces", _("the river is in {pieces} separate pieces").format(
                pieces=pieces)))
    return out


@dataclass(frozen=True)
class MapDesign:
    """A map under design (immutable; each edit returns a new design).

    Parameters
    ----------
    rows : tuple of tuple of str
        Terrain letters (``R Y U K B G S``, ``I`` = river) per real row; must make a valid map (checked).

    Raises
    ------
    MapFormatError
        If the rows do not make a valid map (lengths, letters, number of rows).
    """

    rows: tuple[tuple[str, ...], ...]

    def __post_init__(self) -> None:
        rows = tuple(tuple(r) for r in self.rows)
        object.__setattr__(self, "rows", rows)
        self.map  # noqa: B018 - parse now: an invalid design is never made

    @classmethod
    def from_map(cls, tm_map: TerraMysticaMap) -> MapDesign:
        """The design of an existing map."""
        return cls(tm_map.rows)

    @cached_property
    def map(self) -> TerraMysticaMap:
        """The design as a :class:`~companion.terra_mystica.hexmap.TerraMysticaMap` (map id, labels,
        bridge spots, statistics)."""
        return map_from_rows(self.rows)

    def warnings(self) -> list[DesignWarning]:
        """The design conventions this map breaks (:func:`design_warnings`)."""
        return design_warnings(self.map)

    # ------------------------------------------------------------------ addressing
    def cell(self, where: str | Cell) -> Cell:
        """The ``(row, column)`` cell of a hex label or a cell (checked to be on the map).

        Raises
        ------
        MapFormatError
            If the label or cell is not on the map.
        """
        m = self.map
        if isinstance(where, str):
            try:
                h = m.hex(where)
            except CompanionError as exc:
                raise MapFormatError(str(exc)) from None
            return h.row, h.column
        try:
            ri, ci = (int(v) for v in where)
        except (TypeError, ValueError):
            raise MapFormatError(_("expected a hex label such as E7 or a (row, column) cell, not {value}").format(
                value=quoted(str(where)))) from None
        i = ri - (1 if m.placeholder else 0)
        if not (0 <= i < len(self.rows) and 0 <= ci < len(self.rows[i])):
            raise MapFormatError(_("cell ({row}, {column}) is outside the map ({rows} rows)").format(
                row=ri, column=ci, rows=len(self.rows)))
        return ri, ci

    def _index(self, where: str | Cell) -> Cell:
        ri, ci = self.cell(where)
        return ri - (1 if self.map.placeholder else 0), ci

    def terrain_at(self, where: str | Cell) -> str:
        """Terrain letter at a hex label or cell (``"I"`` for river)."""
        i, ci = self._index(where)
        return self.rows[i][ci]

    def _with(self, changes: dict[Cell, str]) -> MapDesign:
        rows = [list(r) for r in self.rows]
        for (i, ci), letter in changes.items():
            rows[i][ci] = letter
        return MapDesign(tuple(tuple(r) for r in rows))

    # ------------------------------------------------------------------ edits
    def paint(self, where: str | Cell | Sequence[str | Cell], terrain: str) -> MapDesign:
        """Paint one hex, or several (a drag), with ``terrain`` (a letter or colour word; ``"I"``/``"x"`` =
        river).

        Raises
        ------
        MapFormatError
            For a hex outside the map or an unknown terrain (nothing is painted).
        """
        letter = _terrain_letter(terrain)
        cells = [where] if isinstance(where, str) or _is_cell(where) else list(where)
        return self._with({self._index(w): letter for w in cells})

    def swap(self, a: str | Cell, b: str | Cell) -> MapDesign:
        """Swap the terrains of two land hexes.

        Raises
        ------
        MapFormatError
            If either is off the map or a river hex.
        """
        ia, ib = self._index(a), self._index(b)
        for where, (i, ci) in ((a, ia), (b, ib)):
            if self.rows[i][ci] == RIVER_LETTER:
                raise MapFormatError(_("{hex} is a river hex; only two land hexes are swapped").format(
                    hex=quoted(str(where))))
        return self._with({ia: self.rows[ib[0]][ib[1]], ib: self.rows[ia[0]][ia[1]]})

    def add_row(self, terrain: str = RIVER_LETTER) -> MapDesign:
        """Add a row at the bottom (13 hexes under a 12-hex row, else 12), every hex ``terrain``.

        Raises
        ------
        MapFormatError
            If the map already has 9 rows (the most a map has), or for an unknown terrain.
        """
        letter = _terrain_letter(terrain)
        if len(self.rows) >= MAX_ROWS:
            raise MapFormatError(_("a map has at most {max_rows} rows").format(max_rows=MAX_ROWS))
        length = LONG_ROW if len(self.rows[-1]) == SHORT_ROW else SHORT_ROW
        return MapDesign((*self.rows, (letter,) * length))

    def remove_row_refusal(self) -> str | None:
        """Why :meth:`remove_row` would refuse (only for the last row: a map has at least one), or None.

        A map too small for the game is made and flagged (:func:`design_warnings`: ``"small_map"``,
        ``"unseatable_factions"``, ``"unplayable"``), not refused."""
        if len(self.rows) <= 1:
            return _("a map has at least one row")
        return None

    def remove_row(self) -> MapDesign:
        """Remove the bottom row (down to one row; what it leaves may be flagged, never refused).

        Raises
        ------
        MapFormatError
            If it is the only row.

        Examples
        --------
        >>> from companion.terra_mystica.hexmap import load_shipped_map
        >>> design = MapDesign.from_map(load_shipped_map("base"))
        >>> while design.remove_row_refusal() is None:
        ...     design = design.remove_row()
        >>> len(design.rows), [w.code for w in design.warnings()][:2]
        (1, ['small_map', 'unseatable_factions'])
        """
        refusal = self.remove_row_refusal()
        if refusal is not None:
            raise MapFormatError(refusal)
        return MapDesign(self.rows[:-1])

    def to_letters(self) -> str:
        """The letter form (what :func:`~companion.terra_mystica.hexmap.parse_letters` reads back)."""
        return self.map.to_letters()


def _is_cell(value: object) -> bool:
    return isinstance(value, tuple) and len(value) == 2 and all(isinstance(v, int) for v in value)


def _terrain_letter(terrain: str) -> str:
    wheel = terrain_wheel()
    if isinstance(terrain, str):
        t = terrain.strip()
        if t.upper() == RIVER_LETTER or t.lower() in ("x", "river"):
            return RIVER_LETTER
        if t.upper() in wheel.letters:
            return t.upper()
        if t.lower() in wheel.colours:
            return wheel.letter(t.lower())
    raise MapFormatError(_("found {tok}; expected a terrain letter R Y U K B G S, a colour word, or I / x for river")
                         .format(tok=quoted(str(terrain))))


class MapEditor:
    """Undo and redo over :class:`MapDesign` edits.

    Parameters
    ----------
    design : MapDesign
        The design to start from.

    Examples
    --------
    >>> from companion.terra_mystica.hexmap import load_shipped_map
    >>> editor = MapEditor(MapDesign.from_map(load_shipped_map("base")))
    >>> editor.apply(lambda d: d.paint("A1", "Y")).map.terrain("A1")
    'Y'
    >>> editor.undo().map.terrain("A1")
    'U'
    >>> editor.redo().map.terrain("A1")
    'Y'
    """

    def __init__(self, design: MapDesign) -> None:
        self._designs: list[MapDesign] = [design]
        self._at = 0

    @property
    def design(self) -> MapDesign:
        """The design shown now."""
        return self._designs[self._at]

    @property
    def can_undo(self) -> bool:
        return self._at > 0

    @property
    def can_redo(self) -> bool:
        return self._at < len(self._designs) - 1

    def apply(self, edit) -> MapDesign:
        """Apply ``edit`` (a function of the design returning a new design); forgets the redo steps.

        An edit that raises leaves the editor unchanged (the error propagates). An edit that changes
        nothing is not recorded.
        """
        new = edit(self.design)
        if new != self.design:
            del self._designs[self._at + 1:]
            self._designs.append(new)
            self._at += 1
        return self.design

    def reset(self, design: MapDesign) -> MapDesign:
        """Start again from ``design`` (the history is forgotten)."""
        self._designs = [design]
        self._at = 0
        return design

    def undo(self) -> MapDesign:
        """Step back (nothing happens at the first design)."""
        if self.can_undo:
            self._at -= 1
        return self.design

    def redo(self) -> MapDesign:
        """Step forward again (nothing happens at the newest design)."""
        if self.can_redo:
            self._at += 1
        return self.design

