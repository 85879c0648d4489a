"""Names of Terra Mystica things as a player reads them, in the language in force: the one place for them.

The rules data (``data/terra_mystica/factions.json``, ``terrain_cycle.json``, ``maps/index.json``) names
factions, terrains and shipped maps in English; buildings and cult tracks are named here. Every function
shows its name through the catalog (Chinese per the glossary ``data/i18n/glossary.json``); an internal id
(``witches``, ``Y``, ``base``) is never shown where a name exists, and something that names nothing is
returned as given (a typo in a save is shown as typed, not hidden).

The engine's messages, the sentences of :mod:`companion.terra_mystica.describe`, the map figure and the
widgets all take their names from here (``describe``, ``terrain``, ``factions`` and
``widgets.terra_mystica.names`` re-export these functions under their old import paths).

Examples
--------
>>> from companion.terra_mystica.names import building_name, faction_name, terrain_name, track_name
>>> faction_name("chaosmagicians"), terrain_name("G"), terrain_name("brown"), terrain_name("I")
('Chaos Magicians', 'forest', 'plains', 'river')
>>> building_name("TP"), track_name("EARTH"), faction_name("nobody")
('trading house', 'earth', 'nobody')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.i18n import N_, _

__all__ = ["BUILDING_NAMES", "TERRAIN_NAMES", "TRACK_NAMES", "building_name", "faction_name", "faction_order",
           "map_name", "terrain_name", "track_name"]

#: Building names by kind code, in upgrade order.
BUILDING_NAMES: Mapping[str, str] = {"D": N_("dwelling"), "TP": N_("trading house"), "TE": N_("temple"),
                                     "SH": N_("stronghold"), "SA": N_("sanctuary")}
#: Terrain names by the reference engine's colour word (the wheel's seven, the Fire & Ice specials).
TERRAIN_NAMES: Mapping[str, str] = {
    "yellow": N_("desert"), "brown": N_("plains"), "black": N_("swamp"), "blue": N_("lakes"),
    "green": N_("forest"), "gray": N_("mountains"), "red": N_("wasteland"), "ice": N_("ice"),
    "volcano": N_("volcano"),
}
#: Cult track names by the engine's track code.
TRACK_NAMES: Mapping[str, str] = {"FIRE": N_("fire"), "WATER": N_("water"), "EARTH": N_("earth"),
                                  "AIR": N_("air")}
#: The shipped maps' names (``maps/index.json``), listed so that the catalog extraction sees them.
_MAPS = (
    N_("Original (base game)"), N_("Fire & Ice, side 1"), N_("Fire & Ice, side 2 (revised base)"),
    N_("Loon Lakes v1.6 (fan map)"), N_("Fjords v2.1 (fan map)"),
)
_RIVER = N_("river")


def faction_name(faction: Any) -> str:
    """The faction's name in the language in force (``"witches"`` -> ``"Witches"`` / ``"女巫"``).

    Parameters
    ----------
    faction : str or Faction
        Engine name or display name, any case (see :func:`companion.terra_mystica.factions.get_faction`).

    Returns
    -------
    str
        The translated display name (``factions.json`` ``display``); ``faction`` itself, as a string, when no
        faction has that name.
    """
    from companion.terra_mystica.factions import get_faction

    try:
        display = get_faction(faction).display
    except (KeyError, ValueError):
        return str(faction)
    return _(display)


def faction_order(faction: str) -> tuple[bool, str]:
    """Sort key of a faction in a menu: the base game's first, then Fire & Ice, each by English name.

    The same order in every language (a menu of translated names sorted by character code reads as noise
    in Chinese: 侍从, 冰之少女, 半身人...), the alphabetical order of the rulebook's English names.

    Parameters
    ----------
    faction : str
        Engine name or display name; a name no faction has sorts last, as typed.

    Returns
    -------
    tuple of (bool, str)
        ``(not a base-game faction, English display name)``.

    Examples
    --------
    >>> sorted(["icemaidens", "witches", "auren"], key=faction_order)
    ['auren', 'witches', 'icemaidens']
    """
    from companion.terra_mystica.factions import get_faction

    try:
        f = get_faction(faction)
    except (KeyError, ValueError):
        return (True, "\uffff" + str(faction))
    return (f.expansion != "base", f.display)


def terrain_name(terrain: str) -> str:
    """The name a player reads for ``terrain``, in the language in force: ``"brown"`` -> ``"plains"`` / ``"平原"``.

    Parameters
    ----------
    terrain : str
        A terrain letter (``"U"``), colour word (``"brown"``, any case), ``"ice"``, ``"volcano"``, or the
        river (letter ``"I"``, colour word ``"x"`` or ``"river"``).

    Returns
    -------
    str
        The translated terrain name (glossary terms), or ``terrain`` itself when it names no terrain.
    """
    from companion.terra_mystica.terrain import RIVER_LETTER, RIVER_WORD, terrain_wheel

    key = str(terrain).strip()
    if key.lower() in TERRAIN_NAMES:
        return _(TERRAIN_NAMES[key.lower()])
    if key == RIVER_LETTER or key.lower() in (RIVER_WORD, "river"):
        return _(_RIVER)
    try:
        return _(TERRAIN_NAMES[terrain_wheel().colour(key)])
    except (ValueError, KeyError):
        return str(terrain)


def building_name(kind: str) -> str:
    """A building's name from its kind code (``"TP"`` -> ``"trading house"``), in the language in force; an
    unknown code is returned as given."""
    return _(BUILDING_NAMES[kind]) if kind in BUILDING_NAMES else kind


def track_name(track: str) -> str:
    """A cult track's name from its code, any case (``"EARTH"`` -> ``"earth"``), in the language in force; an
    unknown code is returned as given."""
    key = str(track).upper()
    return _(TRACK_NAMES[key]) if key in TRACK_NAMES else str(track)


def map_name(entry: Mapping[str, Any]) -> str:
    """A shipped map's name (an entry of :func:`companion.terra_mystica.hexmap.shipped_maps`) in the language in
    force."""
    return _(str(entry["name"]))
