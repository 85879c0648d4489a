"""The Terra Mystica terrain wheel: terrain letters, colour words and spade distance.

The seven land terrains sit on a wheel (``data/terra_mystica/terrain_cycle.json``, copied from the
reference engine's ``map.pm`` colour wheel): desert (yellow, ``Y``), plains (brown, ``U``), swamp
(black, ``K``), lakes (blue, ``B``), forest (green, ``G``), mountains (gray, ``S``), wasteland (red,
``R``), and back to desert. Turning one terrain into another costs as many spades as the two are
apart on the wheel, going the short way round: at most 3. Rivers (letter ``I``, colour word ``x``)
are not on the wheel and can never be transformed.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from companion.errors import CompanionError, RulesDataError
from companion.i18n import gettext as _
from companion.resources import load_json, require
from companion.terra_mystica.names import terrain_name  # the one display name, re-exported (old import path)

__all__ = ["terrain_name", "RIVER_LETTER", "RIVER_WORD", "TerrainWheel", "terrain_wheel", "spade_distance", "to_letter",
           "to_colour_word"]

RIVER_LETTER = "I"
RIVER_WORD = "x"
_FILE = "terra_mystica/terrain_cycle.json"


@dataclass(frozen=True)
class TerrainWheel:
    """The terrain wheel as loaded from ``terrain_cycle.json``.

    Attributes
    ----------
    letters : tuple of str, length 7
        Terrain letters in wheel order (``("Y", "U", "K", "B", "G", "S", "R")``).
    colours : tuple of str, length 7
        The reference engine's colour words in the same order (``yellow brown black blue green gray red``).
    names : tuple of str, length 7
        English terrain names (desert, plains, swamp, lakes, forest, mountains, wasteland).
    """

    letters: tuple[str, ...]
    colours: tuple[str, ...]
    names: tuple[str, ...]

    def index(self, terrain: str) -> int:
        """Position (0..6) of ``terrain`` (a letter or colour word, any case) on the wheel.

        Raises
        ------
        CompanionError
            If ``terrain`` is a river or not a terrain at all.
        """
        key = str(terrain).strip()
        for seq in (self.letters, self.colours):
            for i, item in enumerate(seq):
                if key.lower() == item.lower():
                    return i
        if key.lower() == "grey":
            return self.colours.index("gray")
        if key.upper() == RIVER_LETTER or key.lower() in (RIVER_WORD, "river"):
            raise CompanionError(_("terrain {terrain!r} is a river: rivers are not on the terrain wheel").format(terrain=terrain))
        raise CompanionError(_("unknown terrain {terrain!r}; expected one of the letters {letters} or colour words {colours}").format(terrain=terrain, letters=' '.join(self.letters), colours=' '.join(self.colours)))

    def letter(self, terrain: str) -> str:
        """The letter of ``terrain`` (letter or colour word)."""
        return self.letters[self.index(terrain)]

    def colour(self, terrain: str) -> str:
        """The reference engine's colour word of ``terrain`` (letter or colour word)."""
        return self.colours[self.index(terrain)]

    def name(self, terrain: str) -> str:
        """The English terrain name of ``terrain`` (e.g. ``"desert"``)."""
        return self.names[self.index(terrain)]

    def spade_distance(self, a: str, b: str) -> int:
        """Spades needed to turn terrain ``a`` into terrain ``b`` the short way round the wheel (0..3).

        Source: terrain_cycle.json ``spade_distance`` (engine ``color_difference``):
        ``d = (index(b) - index(a)) mod 7; distance = min(d, 7 - d)``. Faction exceptions (Giants always
        2, ice and volcano factions, the "cannot pass through home" rule) belong to ``terraform.py``.

        Examples
        --------
        >>> terrain_wheel().spade_distance("Y", "R")
        1
        >>> terrain_wheel().spade_distance("yellow", "blue")
        3
        """
        d = (self.index(b) - self.index(a)) % 7
        return min(d, 7 - d)


@lru_cache(maxsize=1)
def terrain_wheel() -> TerrainWheel:
    """Load and validate the terrain wheel (cached).

    Raises
    ------
    RulesDataError
        If ``terra_mystica/terrain_cycle.json`` is missing a list or the lists disagree in length.
    """
    doc = load_json(_FILE)
    letters = require(doc, "letters", list, file=_FILE, path="")
    colours = require(doc, "cycle_order", list, file=_FILE, path="")
    names = require(doc, "names", list, file=_FILE, path="")
    if not (len(letters) == len(colours) == len(names) == 7):
        raise RulesDataError(_("letters, cycle_order and names must each list 7 terrains"), file=_FILE)
    for key, seq in (("letters", letters), ("cycle_order", colours), ("names", names)):
        if len(set(seq)) != 7 or not all(isinstance(x, str) and x for x in seq):
            raise RulesDataError(_("expected 7 different non-empty strings"), file=_FILE, key_path=key)
    if RIVER_LETTER in letters or RIVER_WORD in colours:
        raise RulesDataError(_("the river must not be on the wheel"), file=_FILE)
    return TerrainWheel(tuple(letters), tuple(colours), tuple(names))


def spade_distance(a: str, b: str) -> int:
    """Spades to turn terrain ``a`` into ``b`` (letters or colour words), 0..3. See
    :meth:`TerrainWheel.spade_distance`."""
    return terrain_wheel().spade_distance(a, b)


def to_letter(terrain: str) -> str:
    """Map letter of a terrain or river given as a letter or colour word (``"x"`` -> ``"I"``)."""
    if str(terrain).strip().lower() in (RIVER_WORD, "river") or str(terrain).strip().upper() == RIVER_LETTER:
        return RIVER_LETTER
    return terrain_wheel().letter(terrain)


def to_colour_word(terrain: str) -> str:
    """Reference-engine colour word of a terrain or river (``"I"`` -> ``"x"``)."""
    if to_letter(terrain) == RIVER_LETTER:
        return RIVER_WORD
    return terrain_wheel().colour(terrain)
