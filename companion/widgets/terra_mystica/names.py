"""Names of Terra Mystica things as the widgets show them, in the language in force.

The rules data (``data/terra_mystica/factions.json``, ``terrain_cycle.json``, ``maps/index.json``) names
factions, terrains and shipped maps in English; these functions show them in the reader's language
through the catalog (Chinese per the glossary ``data/i18n/glossary.json``). An internal id (``witches``,
``Y``, ``base``) is never shown where a name exists.

Faction names (``factions.json`` ``display``) and terrain names (glossary terms) are in the catalog
through ``tools/i18n.py``'s data extraction; the shipped maps' names are listed below so that the
extraction sees them (``tests/widgets/test_language_switch.py`` checks that every name has a translation).
"""

from __future__ import annotations

from typing import Any

from companion.i18n import N_, _

__all__ = ["faction_name", "faction_order", "map_name", "terrain_name"]

_MAPS = (
    N_("Original (base game)"), N_("Fire & Ice, side 1"), N_("Fire & Ice, side 2 (revised base)"),
    N_("Loon Lakes v1.6 (fan map)"), N_("Fjords v2.1 (fan map)"),
)


def faction_name(faction: str) -> str:
    """The faction's name in the language in force (``"witches"`` -> ``"Witches"`` / ``"女巫"``).

    Parameters
    ----------
    faction : str
        Engine name or display name (see :func:`companion.terra_mystica.factions.get_faction`).

    Returns
    -------
    str
        The translated display name; ``faction`` itself when no faction has that name (so a typo in a
        save is shown as typed, not hidden).
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
    """
    from companion.terra_mystica.factions import get_faction

    try:
        f = get_faction(faction)
    except (KeyError, ValueError):
        return (True, "\uffff" + str(faction))
    return (f.expansion != "base", f.display)


def terrain_name(letter: str) -> str:
    """The terrain of map letter ``letter`` (``"Y"`` -> ``"desert"`` / ``"沙漠"``; the river letter -> river)."""
    from companion.terra_mystica.terrain import RIVER_LETTER, terrain_wheel

    if letter == RIVER_LETTER:
        return _("river")
    return _(terrain_wheel().name(letter))


def map_name(entry: dict[str, Any]) -> str:
    """A shipped map's name (an entry of :func:`companion.terra_mystica.hexmap.shipped_maps`) in the
    language in force."""
    return _(str(entry["name"]))
