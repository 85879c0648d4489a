"""companion: learn, play and score Century: Golem Edition, Merchants of Magick and Terra Mystica.

Subpackages
-----------
companion.century
    Century: Golem Edition (2-5 players): cards, engine, bots, records, scoring.
companion.magick
    Merchants of Magick (1-8 players): player sheet, engine, odds, scoring.
companion.terra_mystica
    Terra Mystica (2-5 players, base game + Fire & Ice): maps, towns, power bowls,
    scoring, fast auction and a replay engine for real games.
companion.widgets
    ipywidgets + plotly views used by the notebooks. Widgets only render; rules live
    in the game packages.
"""

from companion import _compiled

_compiled.install()  # before any compiled module is imported: Terra Mystica's engine and bots (hatch_build.py)

from companion.errors import (  # noqa: E402 - after the finder, as every later import
    CompanionError,
    IllegalActionError,
    MapFormatError,
    RecordError,
    RulesDataError,
    SaveFileError,
)

__version__ = "0.1.0"

__all__ = [
    "CompanionError",
    "IllegalActionError",
    "MapFormatError",
    "RecordError",
    "RulesDataError",
    "SaveFileError",
    "__version__",
]


def set_language(language: str | None) -> str:
    """Show messages, labels and help in ``language`` ("zh_CN" or "en"; None: automatic).

    See :func:`companion.i18n.set_language` (the order is: this call, ``COMPANION_LANG``, the system
    locale). Raises :class:`CompanionError` for an unsupported language.
    """
    from companion.i18n import set_language as _set_language

    return _set_language(language)
