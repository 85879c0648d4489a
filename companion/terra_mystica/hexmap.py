"""Terra Mystica maps: parse custom map text, label hexes, and answer adjacency questions.

Two text forms are read:

* the **letter form** of the custom-map format (rules summary, "自定义棋盘布局"): letters
  ``R Y U K B G S I`` (``I`` = river) separated by commas, one row a line, at most 9 rows, row lengths
  alternating 13/12 or 12/13. The rules summary's **one-line form**, where the rows are separated by
  spaces instead of line breaks, is read too.
* the reference engine's **colour-word form** (RULES-NOTES section 2): colour words
  ``yellow brown black blue green gray red`` and ``x`` (river) separated by spaces, each row ended by
  ``E``; a map whose first row is short starts with an extra ``E`` (an empty placeholder row).

Either form gives a :class:`TerraMysticaMap`, an immutable object with every table the rules need
precomputed once (direct adjacency, river distance for shipping, jump distance for tunnelling / carpet
flight, bridge spots), and a frozen :mod:`networkx` graph.

Hex labels and geometry follow RULES-NOTES appendix B exactly: rows get letters A, B, ... (B.. on a map
that starts with a short row, because of the placeholder row); land hexes are numbered 1, 2, ... within
their row skipping rivers (``E7`` is the 7th land hex of row E, not column 7); river hexes are ``r0``,
``r1``, ... in reading order over the whole map. Cells use "odd-r" offset coordinates: row index ``ri``
(the placeholder row, if any, is 0) and cell index ``ci``; long rows have even ``ri`` and short rows,
shifted half a hex to the right, odd ``ri``.

Bad text raises :class:`companion.errors.MapFormatError` naming the row and column (1-based), the token
found and what was expected. No other exception escapes the parser.

Examples
--------
>>> m = parse_map(map_text("base"))
>>> m.map_id
'126fe960806d587c78546b30f1a90853b1ada468'
>>> sorted(m.neighbours("E7"))
['D4', 'D5', 'E6', 'E8', 'F4', 'r22']
>>> len(m.bridge_spots)
29
"""

from __future__ import annotations

import hashlib
import re
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache
from types import MappingProxyType

import networkx as nx

from companion.errors import CompanionError, MapFormatError, RulesDataError
from companion.i18n import gettext as _
from companion.i18n import lazy_gettext
from companion.jsonio import quoted
from companion.recordkind import record_game
from companion.resources import data_text, load_json, require
from companion.terra_mystica.geometry import BRIDGE_PATTERNS, bridge_far_end, neighbour, neighbour_cells
from companion.terra_mystica.terrain import RIVER_LETTER, RIVER_WORD, terrain_wheel

__all__ = [
    "MAX_ROWS", "LONG_ROW", "SHORT_ROW", "MAX_SHIPPING", "MAX_JUMP",
    "Hex", "TerraMysticaMap", "parse_map", "parse_letters", "parse_colour_words", "detect_form",
    "map_from_rows", "MAX_MAP_CHARS", "shipped_maps", "map_text", "load_shipped_map", "designer_statistics",
    "CUSTOM_MAP_PREFIX", "map_record_name", "map_by_name",
]

MAX_ROWS = 9
LONG_ROW = 13
SHORT_ROW = 12
#: River distances are kept up to this many river hexes (reference engine: 6 = Mermaids 5 + BON4).
MAX_SHIPPING = 6
#: Jumped-over counts are kept up to this many hexes (reference engine: 4 = Fakirs' largest carpet range).
MAX_JUMP = 4
#: Longest map text read (characters; a 9-row map in colour words is about 1,000): longer input is refused
#: before it is parsed, and ``companion tm map`` reads no more than this many bytes of a file.
MAX_MAP_CHARS = 64 * 1024

_LETTERS = ("R", "Y", "U", "K", "B", "G", "S", "I")
_EXPECT_LETTER = lazy_gettext("one of the letters R Y U K B G S I (I = river)")


def _letter_to_word() -> dict[str, str]:
    wheel = terrain_wheel()
    table = dict(zip(wheel.letters, wheel.colours, strict=True))
    table[RIVER_LETTER] = RIVER_WORD
    return table


@dataclass(frozen=True)
class Hex:
    """One cell of the map.

    Attributes
    ----------
    label : str
        The reference engine's key: ``"E7"`` for the 7th land hex of row E, ``"r3"`` for river hex 3.
    terrain : str
        Terrain letter (``R Y U K B G S``) or ``"I"`` for a river.
    row : int
        Row index ``ri`` (0-based; the placeholder row of a map that starts short is row 0).
    column : int
        Cell index ``ci`` within the row (0-based, rivers counted).
    river : bool
        True for a river hex.
    edge : bool
        True for a map-edge hex: first or last cell of a row, or any cell of the first or last real row
        (RULES-NOTES appendix B; used by the Fire & Ice "buildings on edge" final scoring).
    """

    label: str
    terrain: str
    row: int
    column: int
    river: bool
    edge: bool

    @property
    def colour(self) -> str:
        """The reference engine's colour word (``"x"`` for a river)."""
        return _letter_to_word()[self.terrain]


class TerraMysticaMap:
    """An immutable Terra Mystica map with precomputed adjacency, shipping and bridge tables.

    Build it with :func:`parse_map` (text) or :func:`map_from_rows` (lists of letters); the constructor
    expects rows that are already validated.

    Parameters
    ----------
    rows : sequence of sequences of str
        The real rows (no placeholder), each a sequence of terrain letters; lengths 13/12 alternating.

    Attributes
    ----------
    rows : tuple of tuple of str
        The letters, one tuple per real row.
    placeholder : bool
        True when the first row is short, so the reference engine stores an empty row A first and the
        land rows are labelled B, C, ...
    hexes : Mapping[str, Hex]
        Every cell by label, in reading order.
    map_id : str
        The reference engine's map id: SHA-1 (hex digits) of :meth:`to_colour_words`.
    bridge_spots : tuple of (str, str)
        Every legal bridge spot (RULES-NOTES appendix B), each a pair of land labels in reading order.
    graph : networkx.Graph
        Frozen: one node per hex (keyed by label), edges = direct adjacency. Node attributes: ``terrain``
        (letter, ``"I"`` for river), ``colour`` (engine colour word), ``label``, ``row`` and ``column``
        (0-based cell coordinates, see module docstring), ``river`` and ``edge`` (bool). Graph attribute
        ``map_id``. Neighbours, river distances (shipping) and jump distances (tunnelling) are read
        from it.
    """

    def __init__(self, rows: Sequence[Sequence[str]]) -> None:
        self.rows: tuple[tuple[str, ...], ...] = tuple(tuple(r) for r in rows)
        self.placeholder: bool = bool(self.rows) and len(self.rows[0]) == SHORT_ROW
        offset = 1 if self.placeholder else 0
        self._offset = offset
        last_ri = offset + len(self.rows) - 1
        hexes: dict[str, Hex] = {}
        cell: dict[tuple[int, int], str] = {}
        river_no = 0
        for i, row in enumerate(self.rows):
            ri = i + offset
            letter = chr(ord("A") + ri)
            land_no = 0
            for ci, terrain in enumerate(row):
                if terrain == RIVER_LETTER:
                    label = f"r{river_no}"
                    river_no += 1
                else:
                    land_no += 1
                    label = f"{letter}{land_no}"
                edge = ci == 0 or ci == len(row) - 1 or ri == offset or ri == last_ri
                hexes[label] = Hex(label, terrain, ri, ci, terrain == RIVER_LETTER, edge)
                cell[(ri, ci)] = label
        self.hexes: Mapping[str, Hex] = MappingProxyType(hexes)
        self._cell = cell
        self.map_id: str = hashlib.sha1(self.to_colour_words().encode("ascii")).hexdigest()
        g = nx.Graph(map_id=self.map_id)
        for label, h in hexes.items():
            g.add_node(label, terrain=h.terrain, colour=h.colour, label=label, row=h.row, column=h.column,
                       river=h.river, edge=h.edge)
        g.add_edges_from((label, cell[p]) for label, h in hexes.items()
                         for p in neighbour_cells(h.row, h.column) if p in cell)
        #: the frozen networkx graph of direct adjacency (see :attr:`graph`)
        self.graph: nx.Graph = nx.freeze(g)
        self._adj: dict[str, frozenset[str]] = {label: frozenset(g.adj[label]) for label in hexes}
        self._land_adj: dict[str, frozenset[str]] = {label: frozenset(n for n in ns if not hexes[n].river)
                                                     for label, ns in self._adj.items()}
        #: read-only: hex label (canonical) -> directly adjacent land hexes (for hot loops; see land_neighbours)
        self.land_adjacency: Mapping[str, frozenset[str]] = MappingProxyType(self._land_adj)
        self.land_hexes: tuple[str, ...] = tuple(k for k, h in hexes.items() if not h.river)
        self.river_hexes: tuple[str, ...] = tuple(k for k, h in hexes.items() if h.river)
        self._river = {k: self._river_distances_from(k) for k in self.land_hexes}
        self._jump = {k: self._jump_distances_from(k) for k in self.land_hexes}
        self._ship_cache: dict[tuple[str, int], frozenset[str]] = {}
        self._jump_cache: dict[tuple[str, int], frozenset[str]] = {}
        self.bridge_spots: tuple[tuple[str, str], ...] = self._compute_bridge_spots()
        self._bridge_set = frozenset(frozenset(p) for p in self.bridge_spots)

    # ------------------------------------------------------------------ construction helpers
    def _river_distances_from(self, start: str) -> dict[str, int]:
        """River distance from land hex ``start`` to every land hex reachable across rivers.

        Graph distance over the river hexes only (:attr:`river_graph`), from every river hex touching
        ``start`` at once: a land hex bordering a river hex at BFS layer ``k`` is ``k + 1`` river hexes
        away. Reference engine ``setup_hex_ranges`` mode 1 (the first step enters a river, only rivers
        are crossed), kept up to :data:`MAX_SHIPPING`.
        """
        sources = [n for n in self._adj[start] if self.hexes[n].river]
        dist: dict[str, int] = {}
        if not sources:
            return dist
        for k, layer in enumerate(nx.bfs_layers(self.river_graph, sources)):
            if k >= MAX_SHIPPING:
                break
            for r in layer:
                for n in self._adj[r]:
                    if n != start and n not in dist and not self.hexes[n].river:
                        dist[n] = k + 1
        return dist

    def _jump_distances_from(self, start: str) -> dict[str, int]:
        """Hexes jumped over (graph distance - 1) from ``start`` to land hexes, up to :data:`MAX_JUMP`.

        Reference engine ``setup_hex_ranges`` mode 0 (tunnelling, carpet flight): rivers are ordinary
        cells here, so a jump may pass over river and land alike.
        """
        lengths = nx.single_source_shortest_path_length(self.graph, start, cutoff=MAX_JUMP + 1)
        return {n: d - 1 for n, d in lengths.items() if d and not self.hexes[n].river}

    @cached_property
    def river_graph(self) -> nx.Graph:
        """The frozen subgraph of river hexes (shipping crosses only these)."""
        return nx.freeze(self.graph.subgraph(self.river_hexes).copy())

    def _compute_bridge_spots(self) -> tuple[tuple[str, str], ...]:
        """Every bridge spot: a :data:`~companion.terra_mystica.geometry.BRIDGE_PATTERNS` path whose two
        side cells are river (the straight-down pattern also at the map edge, with one side off the map)
        and whose far end is a land hex exactly one river hex away (RULES-NOTES appendix B)."""
        cell = self._cell
        spots: dict[frozenset[str], tuple[str, str]] = {}

        def is_river(p: tuple[int, int]) -> bool:
            return p in cell and self.hexes[cell[p]].river

        for label in self.land_hexes:
            h = self.hexes[label]
            for pattern in BRIDGE_PATTERNS:
                a, b = (neighbour(h.row, h.column, d) for d in pattern)
                sides = is_river(a) and is_river(b)
                if pattern == BRIDGE_PATTERNS[0]:
                    sides = sides or (is_river(a) and b not in cell) or (is_river(b) and a not in cell)
                if not sides:
                    continue
                other = cell.get(bridge_far_end(h.row, h.column, pattern))
                if other is None or self.hexes[other].river:
                    continue
                if self._river[label].get(other) == 1:
                    spots.setdefault(frozenset((label, other)), (label, other))
        return tuple(spots.values())

    # ------------------------------------------------------------------ lookups
    def hex(self, label: str) -> Hex:
        """The :class:`Hex` with ``label`` (case-insensitive: ``"e7"`` = ``"E7"``, ``"R3"`` = ``"r3"``).

        Raises
        ------
        CompanionError
            If there is no such hex on this map (the message gives the valid label range).
        """
        found = self.hexes.get(label) if isinstance(label, str) else None  # canonical: no string work
        if found is None:
            found = self.hexes.get(self.normalise(label))
        if found is None:
            land = f"{self.land_hexes[0]}..{self.land_hexes[-1]}" if self.land_hexes else _("none")
            rivers = f"r0..r{len(self.river_hexes) - 1}" if self.river_hexes else _("none")
            raise CompanionError(_("no hex {label} on this map; land hexes are {land} (row letter + land-hex number in the row), river hexes {rivers}").format(label=quoted(label), land=land, rivers=rivers))
        return found

    @staticmethod
    def normalise(label: str) -> str:
        """Canonical spelling of a hex label (``" e7 "`` -> ``"E7"``, ``"R12"`` -> ``"r12"``)."""
        s = str(label).strip()
        if len(s) > 1 and s[0] in "rR" and s[1:].isdigit():
            return "r" + s[1:]
        return s.upper()

    def __contains__(self, label: object) -> bool:
        return isinstance(label, str) and self.normalise(label) in self.hexes

    def __len__(self) -> int:
        return len(self.hexes)

    def __repr__(self) -> str:
        return (f"TerraMysticaMap({len(self.rows)} rows, {len(self.land_hexes)} land, "
                f"{len(self.river_hexes)} river, id {self.map_id[:8]})")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, TerraMysticaMap) and other.rows == self.rows

    def __hash__(self) -> int:
        return hash(self.rows)

    def terrain(self, label: str) -> str:
        """Terrain letter of hex ``label`` (``"I"`` for a river)."""
        return self.hex(label).terrain

    # ------------------------------------------------------------------ adjacency queries
    def neighbours(self, label: str) -> frozenset[str]:
        """Labels of the (up to six) cells directly adjacent to ``label``, rivers included.

        Source: RULES-NOTES section 3 "Direct adjacency". Bridges are not part of the map; the town and
        network code adds them.
        """
        return self._adj[self.hex(label).label]

    def land_neighbours(self, label: str) -> frozenset[str]:
        """Directly adjacent land hexes of ``label``."""
        return self._land_adj[self.hex(label).label]

    def river_distances(self, label: str) -> Mapping[str, int]:
        """Read-only table land label -> number of river hexes crossed from land hex ``label`` across river
        only (graph distance over :attr:`river_graph`), for every land hex within :data:`MAX_SHIPPING`.

        Directly adjacent land hexes have a river distance only if a river hex touches both.

        Raises
        ------
        CompanionError
            If the label is unknown or is a river hex.
        """
        return MappingProxyType(self._river[self._land(label)])

    def shipping_reach(self, label: str, level: int) -> frozenset[str]:
        """Land hexes reachable from land hex ``label`` with shipping level ``level`` (0..6).

        Shipping level k reaches land hexes whose river distance is at most k (RULES-NOTES section 3;
        reference engine ``check_reachable``). Level 0 reaches nothing; direct land adjacency is a
        separate rule (:meth:`neighbours`).

        Raises
        ------
        CompanionError
            If the label is unknown or a river, or ``level`` is not an integer 0..6.
        """
        lvl = self._level(level, MAX_SHIPPING, _("shipping level"))
        return self._within(self.river_distances, self._ship_cache, self._land(label), lvl)

    @staticmethod
    def _within(distances: Callable[[str], Mapping[str, int]], cache: dict[tuple[str, int], frozenset[str]],
                label: str, limit: int) -> frozenset[str]:
        """Land hexes at distance <= ``limit`` from land hex ``label`` in the table ``distances(label)``
        (memoised in ``cache``)."""
        key = (label, limit)
        found = cache.get(key)
        if found is None:
            found = frozenset(h for h, d in distances(label).items() if d <= limit)
            cache[key] = found
        return found

    def reach(self, target: str, sources: Collection[str], *, shipping: int = 0, jump_range: int = 0,
              links: Mapping[str, Iterable[str]] | None = None, direct: bool = True) -> str | None:
        """How land hex ``target`` is reached from a faction's buildings on ``sources`` (reference engine
        ``check_reachable``, without the round-0 "anything goes" rule and without occupancy).

        Parameters
        ----------
        target : str
            A land hex label.
        sources : collection of str
            Land hexes holding the faction's buildings (a set or dict: ``in`` is used).
        shipping : int, 0..6
            Shipping level (add 1 yourself while BON4 applies; 0 = no shipping).
        jump_range : int, 0..4
            Tunnelling / carpet-flight range (0 = the faction cannot tunnel or fly).
        links : Mapping[str, iterable of str], optional
            More direct adjacency, e.g. bridges (hex -> hexes joined to it, both ways).
        direct : bool
            Count direct adjacency (False for the Riverwalkers, whose ``adjacency.direct`` is 0).

        Returns
        -------
        str or None
            ``"direct"`` (a neighbour or a linked hex holds a building), ``"shipping"`` (river distance
            <= ``shipping``), ``"jump"`` (hexes jumped over <= ``jump_range``: tunnelling / carpet flight is
            paid for), checked in that order; None if not reachable.

        Raises
        ------
        CompanionError
            If ``target`` is unknown or a river hex.
        """
        t = target if target in self._land_adj else self._land(target)
        if direct:
            for n in self._land_adj[t]:
                if n in sources:
                    return "direct"
            if links:
                for n in links.get(t, ()):
                    if n in sources:
                        return "direct"
        if shipping and _any_within(self._river[t], sources, shipping):
            return "shipping"
        if jump_range and _any_within(self._jump[t], sources, jump_range):
            return "jump"
        return None

    def jump_distances(self, label: str) -> Mapping[str, int]:
        """Read-only table land label -> hexes jumped over (graph distance - 1) from land hex ``label``, for
        every land hex within :data:`MAX_JUMP` (neighbours are 0). Source: engine ``setup_hex_ranges`` mode 0.

        Raises
        ------
        CompanionError
            If the label is unknown or is a river hex.
        """
        return MappingProxyType(self._jump[self._land(label)])

    def tunnel_reach(self, label: str, jump_range: int) -> frozenset[str]:
        """Land hexes reachable from ``label`` by tunnelling (Dwarves) or carpet flight (Fakirs).

        A hex counts when the number of hexes jumped over (land or river) is at most ``jump_range``
        (0..4); range 1 = one hex between. Directly adjacent hexes (0 jumped) are included, as in the
        reference engine's range table.
        """
        rng = self._level(jump_range, MAX_JUMP, _("tunnelling/carpet flight range"))
        return self._within(self.jump_distances, self._jump_cache, self._land(label), rng)

    def is_bridge_spot(self, a: str, b: str) -> bool:
        """True if a bridge may join land hexes ``a`` and ``b`` (RULES-NOTES appendix B)."""
        return frozenset((self.hex(a).label, self.hex(b).label)) in self._bridge_set

    def bridge_spots_at(self, label: str) -> tuple[str, ...]:
        """The other ends of every bridge spot starting at land hex ``label``."""
        key = self.hex(label).label
        return tuple(b if a == key else a for a, b in self.bridge_spots if key in (a, b))

    def _land(self, label: str) -> str:
        h = self.hex(label)
        if h.river:
            raise CompanionError(_("hex {label} is a river hex; expected a land hex").format(label=h.label))
        return h.label

    @staticmethod
    def _level(value: int, top: int, what: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= top:
            raise CompanionError(_("{what} must be an integer 0..{top}, got {value}").format(what=what, top=top, value=quoted(value)))
        return value

    # ------------------------------------------------------------------ summaries
    def terrain_counts(self) -> dict[str, int]:
        """Land hexes per terrain letter (wheel order; rivers not included)."""
        counts = Counter(self.hexes[k].terrain for k in self.land_hexes)
        return {t: counts.get(t, 0) for t in terrain_wheel().letters}

    # ------------------------------------------------------------------ writers
    def to_letters(self, *, one_line: bool = False) -> str:
        """The custom-map letter form: one row a line (or, with ``one_line``, rows separated by spaces)."""
        rows = [",".join(r) for r in self.rows]
        return " ".join(rows) if one_line else "\n".join(rows) + "\n"

    def to_colour_words(self) -> str:
        """The reference engine's colour-word form (the string whose SHA-1 is :attr:`map_id`)."""
        words = _letter_to_word()
        parts: list[str] = ["E"] if self.placeholder else []
        for row in self.rows:
            parts.extend(words[t] for t in row)
            parts.append("E")
        return " ".join(parts)


def _any_within(distances: Mapping[str, int], sources: Iterable[str], limit: int) -> bool:
    """True if some hex of ``sources`` is in ``distances`` at most ``limit`` away."""
    for b in sources:
        d = distances.get(b)
        if d is not None and d <= limit:
            return True
    return False


# ---------------------------------------------------------------------- parsing
def detect_form(text: str) -> str:
    """``"letters"`` if ``text`` looks like the comma-separated letter form, else ``"colour_words"``."""
    return "letters" if "," in text else "colour_words"


def parse_map(text: str, *, file: str | None = None) -> TerraMysticaMap:
    """Parse custom map text in either form (detected: commas mean the letter form).

    Parameters
    ----------
    text : str
        The map text.
    file : str, optional
        The map file's name, put first in errors (``map.txt: row 2, column 1: ...``).

    Raises
    ------
    MapFormatError
        For any text that is not a valid map; the error names the file, row and column, and quotes the
        token (cut to 40 characters).
    """
    try:
        text = _as_text(text)
        if detect_form(text) == "letters":
            return parse_letters(text)
        return parse_colour_words(text)
    except MapFormatError as exc:
        first = next((ln for ln in text.splitlines() if ln.strip()), "") if isinstance(text, str) else ""
        game = record_game(first)
        if game is not None:   # a game record handed over as a map: say what it is
            exc = MapFormatError(exc.reason + _(" (this looks like a {game} record, not a map)").format(game=game),
                                 row=exc.row, column=exc.column, token=exc.token)
        if file is None:
            raise exc from None
        raise exc.in_file(file) from None


def _as_text(text: object) -> str:
    if not isinstance(text, str):
        raise MapFormatError(_("expected map text (a string), got {name}").format(name=type(text).__name__))
    if len(text) > MAX_MAP_CHARS:
        raise MapFormatError(_("the map text is {n_text:,} characters long; a map is at most {max_map_chars:,} (9 rows of 13 hexes)").format(n_text=len(text), max_map_chars=MAX_MAP_CHARS))
    return text.lstrip("\ufeff")


def _check_ascii(tok: str, *, row: int, column: int, expected: str) -> None:
    """Refuse a token with a non-ASCII character: ``"ı".upper()`` is ``"I"`` and ``"ſ".upper()`` is ``"S"``
    in Python, so upper-casing alone would read them as a river or a swamp."""
    bad = next((ch for ch in tok if not ch.isascii()), None)
    if bad is not None:
        raise MapFormatError(_("found {tok} with the non-ASCII character {bad} (U+{ord:04X}); expected {expected}, written in ASCII letters").format(tok=quoted(tok), bad=quoted(bad), ord=ord(bad), expected=expected), row=row, column=column, token=tok)


def parse_letters(text: str) -> TerraMysticaMap:
    """Parse the letter form: ``R Y U K B G S I`` separated by commas, one row a line.

    A single line whose rows are separated by spaces (the rules summary's example form) is read as
    well. Blank lines are ignored; spaces around letters are allowed in the multi-line form; letters
    may be lower case.

    Raises
    ------
    MapFormatError
        Naming the 1-based row and column, the token found and what was expected: an unknown letter,
        an empty cell, more than 9 rows, a row whose length is not 13 or 12, or rows that do not
        alternate 13/12.
    """
    text = _as_text(text)
    lines = [ln for ln in re.split(r"\r\n|\r|\n", text) if ln.strip()]
    if not lines:
        raise MapFormatError(_("the map text is empty; expected rows of comma-separated letters "
                             "R Y U K B G S I, one row a line"))
    if len(lines) == 1:
        squeezed = re.sub(r"[ \t]*,[ \t]*", ",", lines[0].strip())
        groups = squeezed.split()
        if len(groups) > 1:
            lines = groups
    rows: list[list[str]] = []
    for r, line in enumerate(lines, start=1):
        if r > MAX_ROWS:
            raise MapFormatError(_("a map has at most {max_rows} rows, found {n_lines}").format(max_rows=MAX_ROWS, n_lines=len(lines)), row=r, column=1,
                                 token=line.strip()[:20])
        row: list[str] = []
        for c, raw in enumerate(line.split(","), start=1):
            tok = raw.strip()
            if not tok:
                raise MapFormatError(_("empty cell (two commas in a row, or a comma at the start or end of the row); expected {expect_letter}").format(expect_letter=_EXPECT_LETTER), row=r, column=c, token="")
            _check_ascii(tok, row=r, column=c, expected=_EXPECT_LETTER)
            if tok.upper() not in _LETTERS:
                if len(tok) > 1 and all(ch.upper() in _LETTERS for ch in tok):
                    message = _("found {tok}; expected {expect_letter} (separate the letters with commas)")
                else:
                    message = _("found {tok}; expected {expect_letter}")
                raise MapFormatError(message.format(tok=quoted(tok), expect_letter=_EXPECT_LETTER), row=r, column=c,
                                     token=tok)
            row.append(tok.upper())
        rows.append(row)
    _check_lengths(rows, first_row=1)
    return TerraMysticaMap(rows)


_WORDS = {"yellow": "Y", "brown": "U", "black": "K", "blue": "B", "green": "G", "gray": "S", "grey": "S",
          "red": "R", "x": "I"}


def parse_colour_words(text: str) -> TerraMysticaMap:
    """Parse the reference engine's colour-word form (``brown gray ... E yellow x ... E ...``).

    Each row ends with ``E``; a map whose first row is short begins with an extra ``E`` (the empty
    placeholder row A). Row numbers in errors count the placeholder row when present (row 1), i.e. they
    are the ``E``-terminated groups of the input.

    Raises
    ------
    MapFormatError
        For an unknown word, a missing final ``E``, an empty row other than the leading placeholder, a
        placeholder before a long row (or none before a short one), more than 9 rows, or row lengths
        that are not 13/12 alternating.
    """
    text = _as_text(text)
    tokens = text.split()
    if not tokens:
        raise MapFormatError(_("the map text is empty; expected colour words (yellow brown black blue green "
                             "gray red, x = river) with each row ended by E, or comma-separated letters"))
    groups: list[list[str]] = [[]]
    for tok in tokens:
        _check_ascii(tok, row=len(groups), column=len(groups[-1]) + 1,
                     expected=_("a colour word (yellow brown black blue green gray red, x = river) or E"))
        if tok.upper() == "E" and len(tok) == 1:
            groups.append([])
            continue
        r, c = len(groups), len(groups[-1]) + 1
        word = tok.lower()
        if word not in _WORDS:
            if tok.upper() in _LETTERS or all(ch.upper() in _LETTERS for ch in tok):
                message = _("found {tok}; expected a colour word (yellow brown black blue green gray red, x = river) "
                            "or E at the end of the row (for the letter form, separate letters with commas)")
            else:
                message = _("found {tok}; expected a colour word (yellow brown black blue green gray red, x = river) "
                            "or E at the end of the row")
            raise MapFormatError(message.format(tok=quoted(tok)), row=r, column=c, token=tok)
        groups[-1].append(_WORDS[word])
    if groups[-1]:
        raise MapFormatError(_("the last row is not ended by E"), row=len(groups), column=len(groups[-1]) + 1,
                             token=None)
    groups.pop()
    placeholder = bool(groups) and not groups[0]
    rows = groups[1:] if placeholder else groups
    first = 2 if placeholder else 1
    if not rows:
        raise MapFormatError(_("the map has no rows; expected colour words with each row ended by E"), row=1,
                             column=1, token="E")
    for i, row in enumerate(rows):
        if not row:
            raise MapFormatError(_("empty row (E directly after E); only the very first row may be an empty "
                                 "placeholder"), row=i + first, column=1, token="E")
    if len(rows) > MAX_ROWS:
        raise MapFormatError(_("a map has at most {max_rows} rows, found {n_rows}").format(max_rows=MAX_ROWS, n_rows=len(rows)), row=MAX_ROWS + first,
                             column=1, token=None)
    _check_lengths(rows, first_row=first)
    short_first = len(rows[0]) == SHORT_ROW
    if short_first and not placeholder:
        raise MapFormatError(_("the first row has {short_row} hexes (a short row), so the map must start with an extra E (an empty placeholder row) to give the rows their parity").format(short_row=SHORT_ROW),
                             row=1, column=1, token=None)
    if placeholder and not short_first:
        raise MapFormatError(_("a leading E (empty placeholder row) is only used when the first row is short ({short_row} hexes); this first row has {n_rows}").format(short_row=SHORT_ROW, n_rows=len(rows[0])), row=1, column=1,
                             token="E")
    return TerraMysticaMap(rows)


def _check_lengths(rows: list[list[str]], *, first_row: int) -> None:
    for i, row in enumerate(rows):
        r = i + first_row
        if i == 0:
            if len(row) > LONG_ROW:
                raise MapFormatError(_("row has {n_row} hexes; expected {long_row} or {short_row} (at most {long_row} columns)").format(n_row=len(row), long_row=LONG_ROW, short_row=SHORT_ROW), row=r, column=LONG_ROW + 1,
                                     token=row[LONG_ROW])
            if len(row) < SHORT_ROW:
                raise MapFormatError(_("row ends after {n_row} hexes; expected {long_row} or {short_row}").format(n_row=len(row), long_row=LONG_ROW, short_row=SHORT_ROW),
                                     row=r, column=len(row) + 1, token=None)
            continue
        expected = LONG_ROW + SHORT_ROW - len(rows[i - 1])
        if len(row) > expected:
            raise MapFormatError(_("row has {n_row} hexes; expected {expected} (row lengths alternate {long_row} and {short_row}, and row {r} has {n_rows})").format(n_row=len(row), expected=expected, long_row=LONG_ROW, short_row=SHORT_ROW, r=r - 1, n_rows=len(rows[i - 1])),
                                 row=r, column=expected + 1, token=row[expected])
        if len(row) < expected:
            raise MapFormatError(_("row ends after {n_row} hexes; expected {expected} (row lengths alternate {long_row} and {short_row}, and row {r} has {n_rows})").format(n_row=len(row), expected=expected, long_row=LONG_ROW, short_row=SHORT_ROW, r=r - 1, n_rows=len(rows[i - 1])), row=r, column=len(row) + 1, token=None)


def map_from_rows(rows: Iterable[Iterable[str]]) -> TerraMysticaMap:
    """Build a map from rows of terrain letters (validated like the letter form).

    Raises
    ------
    MapFormatError
        As :func:`parse_letters`.
    """
    try:
        lines = [",".join(str(t) for t in row) for row in rows]
    except TypeError:
        raise MapFormatError(_("expected rows of terrain letters (a list of lists of strings)")) from None
    return parse_letters("\n".join(lines))


# ---------------------------------------------------------------------- shipped maps
_INDEX = "terra_mystica/maps/index.json"


@lru_cache(maxsize=1)
def shipped_maps() -> tuple[dict, ...]:
    """The maps shipped in ``data/terra_mystica/maps/`` (validated ``index.json`` entries).

    Each entry has ``key`` (e.g. ``"base"``), ``name``, ``description``, ``file`` and ``map_id``.

    Raises
    ------
    RulesDataError
        If the index is malformed.
    """
    doc = load_json(_INDEX)
    maps = require(doc, "maps", list, file=_INDEX, path="")
    out = []
    for i, entry in enumerate(maps):
        path = f"maps[{i}]"
        for key in ("key", "name", "description", "file", "map_id"):
            require(entry, key, str, file=_INDEX, path=path)
        out.append(dict(entry))
    return tuple(out)


def _entry(key: str) -> dict:
    for entry in shipped_maps():
        if key in (entry["key"], entry["file"], entry["map_id"]):
            return entry
    raise CompanionError(_("no shipped map {key}; known: {key2}").format(key=quoted(key), key2=', '.join(e['key'] for e in shipped_maps())))


def map_text(key: str) -> str:
    """Letter-form text of the shipped map ``key`` (``"base"``, ``"fire_ice_side1"``, ...)."""
    return data_text(f"terra_mystica/maps/{_entry(key)['file']}")


@lru_cache(maxsize=16)
def load_shipped_map(key: str) -> TerraMysticaMap:
    """Parse the shipped map ``key`` and check that it gives back its recorded map id.

    Raises
    ------
    RulesDataError
        If the shipped file does not parse or its id differs from ``index.json``.
    """
    entry = _entry(key)
    try:
        m = parse_letters(map_text(key))
    except MapFormatError as exc:
        raise RulesDataError(str(exc), file=f"terra_mystica/maps/{entry['file']}") from None
    if m.map_id != entry["map_id"]:
        raise RulesDataError(_("map id {map_id} differs from the index ({map_id2})").format(map_id=m.map_id, map_id2=entry['map_id']),
                             file=f"terra_mystica/maps/{entry['file']}")
    return m


# ---------------------------------------------------------------------- designer statistics
CUSTOM_MAP_PREFIX = "custom:"
"""A record's ``map`` line names a shipped map (``map fire_ice_side1``) or carries a custom map inline:
``map custom:`` followed by the letter rows joined by ``/`` (no spaces, so the line stays one token)."""


def map_record_name(m: TerraMysticaMap) -> str:
    """The name a game record uses for map ``m``: the shipped map's key when ``m`` is one (same map id),
    else ``custom:`` + its letter rows joined by ``/`` (a record that carries its own map replays anywhere).

    Examples
    --------
    >>> map_record_name(load_shipped_map("fire_ice_side1"))
    'fire_ice_side1'
    """
    for entry in shipped_maps():
        if entry["map_id"] == m.map_id:
            return entry["key"]
    return CUSTOM_MAP_PREFIX + "/".join(",".join(r) for r in m.rows)


@lru_cache(maxsize=16)
def map_by_name(name: str) -> TerraMysticaMap:
    """The map a record names (see :data:`CUSTOM_MAP_PREFIX`): a shipped key or an inline custom map.

    Cached (the map is read-only): every game on a custom map names it, and parsing one (adjacency, river
    and jump distances, bridge spots) costs about 15 ms, more than a game's setup on a shipped map.

    Raises
    ------
    RulesDataError
        For an unknown shipped key.
    MapFormatError
        For an inline map that does not parse (row and column named).
    """
    if name.lower().startswith(CUSTOM_MAP_PREFIX):
        return parse_letters(name[len(CUSTOM_MAP_PREFIX):].replace("/", "\n"))
    return load_shipped_map(name)


def designer_statistics(m: TerraMysticaMap) -> dict:
    """Numbers a map designer checks for balance.

    Returns
    -------
    dict
        ``rows`` (real rows), ``land_hexes``, ``river_hexes``, ``edge_land_hexes``, ``bridge_spots``
        (count), ``terrain_counts`` (letter -> land hexes), and ``terrains``: for each home terrain
        letter a dict with ``hexes`` (count), ``edge_hexes``, ``river_side_hexes`` (hexes touching a
        river), ``isolated_hexes`` (no land neighbour of the same terrain) and ``borders`` (letter,
        ``"I"`` for river -> number of (hex, neighbour) contacts).
    """
    terrains: dict[str, dict] = {}
    for t in terrain_wheel().letters:
        own = [k for k in m.land_hexes if m.hexes[k].terrain == t]
        borders: Counter[str] = Counter()
        river_side = isolated = 0
        for k in own:
            ns = m.neighbours(k)
            for n in ns:
                borders[m.hexes[n].terrain] += 1
            if any(m.hexes[n].river for n in ns):
                river_side += 1
            if not any(m.hexes[n].terrain == t for n in ns):
                isolated += 1
        terrains[t] = {
            "hexes": len(own),
            "edge_hexes": sum(1 for k in own if m.hexes[k].edge),
            "river_side_hexes": river_side,
            "isolated_hexes": isolated,
            "borders": {x: borders.get(x, 0) for x in (*terrain_wheel().letters, RIVER_LETTER)},
        }
    return {
        "rows": len(m.rows),
        "land_hexes": len(m.land_hexes),
        "river_hexes": len(m.river_hexes),
        "edge_land_hexes": sum(1 for k in m.land_hexes if m.hexes[k].edge),
        "bridge_spots": len(m.bridge_spots),
        "terrain_counts": m.terrain_counts(),
        "terrains": terrains,
    }
