"""Setup and options of a Terra Mystica game: the options the engine plays, the :class:`Setup` read from a
record's header, and its checks (rulebook setup; RULES-NOTES appendix C; FIRE-ICE-NOTES sections 1 and 8).
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.errors import RecordError
from companion.i18n import _

DEFAULT_OPTIONS = frozenset({"strict-leech", "strict-darkling-sh", "strict-chaosmagician-sh", "errata-cultist-power",
                             "mini-expansion-1", "shipping-bonus", "temple-scoring-tile", "maintain-player-order",
                             "variable-turn-order"})
"""Options of a new game when none are given: the set today's league games use (the newer shared ledgers;
RULES-NOTES appendix C). A replay uses the options its record names."""

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
