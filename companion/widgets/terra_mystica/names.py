"""Names of Terra Mystica things as the widgets show them: :mod:`companion.terra_mystica.names`, re-exported.

The names live in one module of the rules package (the engine's messages and the widgets read the same
words); this module keeps the widgets' import path.
"""

from __future__ import annotations

from companion.terra_mystica.names import faction_name, faction_order, map_name, terrain_name

__all__ = ["faction_name", "faction_order", "map_name", "terrain_name"]
