"""Parse the reference engine's command language into small tuples.

A typed row is ``faction: cmd. cmd. cmd`` (ledger rows carry the faction in their first column and the
command text in their last). Sub-commands are separated by dots; ``#`` starts a comment; verbs are
case-insensitive. Source: RULES-NOTES section 6 and appendix A (forms seen in real ledgers).

Each sub-command becomes a :class:`Command` ``(verb, args)``; e.g. ``"upgrade F3 to TP"`` ->
``Command("upgrade", ("F3", "TP"))``. Unknown sub-commands raise :class:`companion.errors.RecordError`
naming the line.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

from companion.errors import RecordError
from companion.i18n import gettext as _

__all__ = ["Command", "parse_commands", "normalise_hex", "CULT_TRACKS", "TYPED_VERBS"]

CULT_TRACKS = ("FIRE", "WATER", "EARTH", "AIR")


class Command(NamedTuple):
    """One parsed sub-command.

    Attributes
    ----------
    verb : str
        ``build``, ``upgrade``, ``transform``, ``dig``, ``send``, ``action``, ``advance``, ``bridge``,
        ``connect``, ``convert``, ``burn``, ``pass``, ``leech``, ``decline``, ``favor``, ``town``, ``cult``,
        ``wait``, ``setup``, ``pick_color``, ``unlock_terrain``, ``gain_p3`` (``gain P3 for VP``), ``lose``
        (``-TRACK``, ``-SPADE``, ``-BRIDGE``, ``-GAIN_P3_FOR_VP``, ``-VOLCANO_TF``, ...).
    args : tuple
        Verb-specific arguments (hex labels upper-cased, river hexes ``r<n>``, tile ids upper-cased).
    text : str
        The sub-command as typed.
    """

    verb: str
    args: tuple
    text: str


def normalise_hex(label: str) -> str:
    """``"e7"`` -> ``"E7"``; river hexes keep the engine's lower-case ``r`` (``"R2"`` -> ``"r2"``)."""
    label = label.strip()
    if label[:1] in ("r", "R") and label[1:].isdigit():
        return "r" + label[1:]
    return label.upper()


_RES = r"(pw|c|w|p|vp)"
_PATTERNS: list[tuple[str, re.Pattern]] = [
    ("build", re.compile(r"build (\w+)")),
    ("upgrade", re.compile(r"upgrade (\w+) to (tp|te|sh|sa)")),
    ("transform", re.compile(r"transform (\w+)(?: to (\w+))?")),
    ("dig", re.compile(r"dig (\d+)")),
    ("send", re.compile(r"send (?:p|priest) to (fire|water|earth|air)(?: for (\d+))?")),
    ("action", re.compile(r"action (\w+)")),
    ("advance", re.compile(r"advance (ship|shipping|dig|digging)")),
    ("bridge", re.compile(r"bridge (\w+):(\w+)")),
    ("connect", re.compile(r"connect ([\w:]+)")),
    ("convert", re.compile(r"convert (\d*) ?" + _RES + r" to (\d*) ?" + _RES)),
    ("burn", re.compile(r"burn (\d+)")),
    ("pass", re.compile(r"pass(?: (bon\d+))?")),
    ("leech", re.compile(r"leech (\d+) from (\w+)")),
    ("decline", re.compile(r"decline(?: (\d+) from (\w+))?")),
    ("favor", re.compile(r"\+(fav\d+)")),
    ("town", re.compile(r"\+(\d*)(tw\d+)")),
    ("cult", re.compile(r"\+(\d*)(fire|water|earth|air)")),
    ("lose", re.compile(r"-(\d*)(fire|water|earth|air|spade|bridge|gain_p3_for_vp|free_d|free_tf|free_tp|"
                         r"convert_w_to_p|gain_favor|gain_tw|cult|volcano_tf|pick_color)")),
    ("wait", re.compile(r"(?:wait|done)")),
    ("setup", re.compile(r"setup")),
    ("drop", re.compile(r"(?:drop-faction|resign)")),
    ("pick_color", re.compile(r"pick-color (\w+)")),
    ("unlock_terrain", re.compile(r"unlock-terrain ([\w-]+)")),
    ("gain_p3", re.compile(r"gain p3 for vp")),
]


#: The verbs a player types, as the unknown-command error lists them (one list for every language: the verbs
#: are typed in English whatever the reader's language, so the message shows them untranslated).
TYPED_VERBS = ("build", "upgrade", "transform", "dig", "send", "action", "advance", "bridge", "connect", "convert",
               "burn", "pass", "leech", "decline", "+FAVn", "+TWn", "+TRACK", "wait")


_ALIASES = {"convert 2w to bridge": "action acte", "convert 2 w to bridge": "action acte"}
"""Historical spellings the reference engine's clean_commands rewrites (RULES-NOTES section 6)."""

_BY_WORD: dict[str, list[tuple[str, re.Pattern]]] = {}
for _verb, _pat in _PATTERNS:
    _word = "+" if _pat.pattern.startswith("\\+") else "-" if _pat.pattern.startswith("-") else re.match(r"\(?(?:\?:)?([a-z-]+)", _pat.pattern).group(1)
    _BY_WORD.setdefault(_word, []).append((_verb, _pat))
_BY_WORD["done"] = _BY_WORD["wait"]
_BY_WORD["resign"] = _BY_WORD["drop-faction"]


def _args(verb: str, m: re.Match) -> tuple:
    g = m.groups()
    if verb == "build":
        return (normalise_hex(g[0]),)
    if verb == "upgrade":
        return (normalise_hex(g[0]), g[1].upper())
    if verb == "transform":
        colour = None if g[1] is None else ("gray" if g[1] == "grey" else g[1])
        return (normalise_hex(g[0]), colour)
    if verb in ("dig", "burn"):
        return (int(g[0]),)
    if verb == "send":
        return (g[0].upper(), None if g[1] is None else int(g[1]))
    if verb == "action":
        return (g[0].upper(),)
    if verb == "advance":
        return ("ship" if g[0].startswith("ship") else "dig",)
    if verb == "bridge":
        return (normalise_hex(g[0]), normalise_hex(g[1]))
    if verb == "connect":
        return tuple(normalise_hex(x) for x in g[0].split(":") if x)
    if verb == "convert":
        n_from = int(g[0]) if g[0] else 1
        n_to = int(g[2]) if g[2] else 1
        return (n_from, g[1].upper(), n_to, g[3].upper())
    if verb == "pass":
        return (None if g[0] is None else g[0].upper(),)
    if verb == "leech":
        return (int(g[0]), g[1].lower())
    if verb == "decline":
        return (None if g[0] is None else int(g[0]), None if g[1] is None else g[1].lower())
    if verb == "favor":
        return (g[0].upper(),)
    if verb == "town":
        return (int(g[0]) if g[0] else 1, g[1].upper())
    if verb in ("cult", "lose"):
        return (int(g[0]) if g[0] else 1, g[1].upper())
    if verb in ("pick_color", "unlock_terrain"):
        return (g[0].lower(),)
    return ()


_BIG_NUMBER = re.compile(r"\d{7,}")
"""Counts of 7 or more digits are refused before parsing (no real count is that large)."""


@lru_cache(maxsize=4096)
def _parse_part(raw: str) -> Command | None:
    """One sub-command (spaces already normalised), or None if it is not part of the language.
    Cached: a game repeats the same sub-commands (``pass BON3``, ``Leech 1 from cultists``) many times."""
    low = raw.lower()
    if low in _ALIASES:
        low = _ALIASES[low]
    first = low.split(" ", 1)[0]
    key = first[0] if first[0] in "+-" else first
    for verb, pat in _BY_WORD.get(key, ()):
        m = pat.fullmatch(low)
        if m:
            return Command(verb, _args(verb, m), raw)
    return None


def parse_commands(text: str, *, line: int | None = None) -> list[Command]:
    """Split a typed command text into :class:`Command` tuples.

    Parameters
    ----------
    text : str
        E.g. ``"burn 3. action ACT6. transform C3 to blue"``. A trailing ``show history`` (ledger export
        artefact) and ``#`` comments are ignored.
    line : int, optional
        1-based record line, used in error messages.

    Returns
    -------
    list of Command

    Raises
    ------
    RecordError
        If a sub-command is not part of the command language.
    """
    text = text.split("#", 1)[0]
    if text.endswith("show history"):
        text = text[: -len("show history")]
    out: list[Command] = []
    for part in text.split("."):
        raw = " ".join(part.split())
        if not raw:
            continue
        big = _BIG_NUMBER.search(raw)
        if big:
            raise RecordError(_("the number {group}... in {raw!r} has {n_group} digits; expected a small count").format(group=big.group()[:12], raw=raw[:40], n_group=len(big.group())), line=line)
        cmd = _parse_part(raw)
        if cmd is not None:
            out.append(cmd)
        else:
            raise RecordError(_("unknown command {raw!r}; expected a verb of the command language ({verbs})").format(
                raw=raw, verbs=_(", ").join(TYPED_VERBS)), line=line)
    # Sub-commands apply in the order written: ledgers show the text after the reference engine's
    # clean_commands, and e.g. "+AIR. Leech 6 from auren" gains the cult power before the leech.
    return out
