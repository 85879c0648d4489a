"""Terra Mystica told in words: ledger rows, engine rows and tile codes as sentences a player reads.

A ledger row is command text in the reference engine's language (``build E7. +FAV11``) or a label the
engine writes itself (``other_income_for_faction``, ``+8vp for FIRE``); tiles are codes (``FAV11``,
``BON4``, ``TW1``, ``SCORE5``, ``ACT6``). This module turns both into whole sentences in the current
language (:mod:`companion.i18n`), so the replay viewer and the play notebook show the same words:

``describe_row(faction, text, typed=True)``
    One row as sentences: ``"Witches build a dwelling on E7."``. Every code in it is glossed inline
    (``"take favor tile FAV11 (+1 step on the earth cult track; +2 VP whenever you build a dwelling)"``).
``RowTeller``
    Tells a game's rows in order and keeps each faction's totals, so an engine row (income, cult bonus,
    final scoring) says what it gave: ``"Halflings take the cult bonus of the round scoring tile: +1 priest."``.
``explain_code(code)``
    The meaning of a tile or action code, from the rules data (``data/terra_mystica/tiles.json``).
``describe_action(action)``
    A legal action of :mod:`companion.terra_mystica.game` as a short imperative phrase for a button
    (``"build a dwelling on E7"``).
``final_table(result)``
    The final scoring itemised from the engine's result (:func:`companion.terra_mystica.game.final_breakdown`):
    VP before, per cult track, network, resources, total, and the winner.

Names shown are the game's standard terms (faction names, building names, terrain names), hex labels as
on the drawn map (``E7``; river hexes ``r4``). Nothing here decides a rule: the sentences describe what
the engine did (its totals) and what the data says a tile does.

Examples
--------
>>> from companion.terra_mystica.describe import describe_row, explain_code
>>> describe_row("witches", "build E7")
'Witches build a dwelling on E7.'
>>> explain_code("BON3")
'bonus tile: income 6 coins'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from companion.errors import CompanionError
from companion.i18n import N_, _, ngettext, pgettext
from companion.terra_mystica.actions import RemoveBonus, RoundTile
from companion.terra_mystica.engine.commands import Command, parse_commands
from companion.terra_mystica.engine.state import DROP_LABEL, TOTAL_FIELDS
from companion.terra_mystica.names import (
    BUILDING_NAMES,
    TERRAIN_NAMES,
    TRACK_NAMES,
    building_name,
    faction_name,
    terrain_name,
    track_name,
)
from companion.terra_mystica.tiles import UnknownTileError, load_tiles

DECLINE_WORDS = {
    "BRIDGE": N_("give up the bridge"), "FREE_D": N_("give up the free dwelling"),
    "FREE_TF": N_("give up the free transform"), "FREE_TP": N_("give up the free trading house"),
    "CONVERT_W_TO_P": N_("give up the stronghold's workers-to-priests conversion"),
    "GAIN_FAVOR": N_("give up the favor tile"), "GAIN_TW": N_("give up the town tile"),
    "CULT": N_("give up the cult step"),
}
"""What a decline of a pending item gives up (RULES-NOTES-E E.2), as a button says it."""

__all__ = ["BUILDING_NAMES", "TERRAIN_NAMES", "TRACK_NAMES", "CODE_PATTERN", "FinalTable",
           "RowTeller", "amounts_text", "building_name", "describe_action", "describe_choice", "describe_command",
           "describe_row", "explain_code", "faction_name", "final_table", "gloss_codes", "rival_gap", "terrain_name",
           "track_name"]

CODE_PATTERN = re.compile(r"\b(FAV\d+|BON\d+|TW\d+|SCORE\d+|ACT[1-6]|ACT[A-Z]\w*)\b")
"""Tile and action codes as they appear in rows and tables (``FAV11``, ``BON4``, ``TW1``, ``SCORE5``,
``ACT6``, ``ACTW``)."""

def rival_gap(lead: float) -> str:
    """A move's expected lead over the best rival in words: ``"9.0 VP ahead of the best rival"``,
    ``"9.0 VP behind the best rival"``, ``"level with the best rival"`` (the hint of the CLI and of the play widget).

    Parameters
    ----------
    lead : float
        Expected final VP of the faction minus those of its best rival (VP; negative: behind).

    Returns
    -------
    str
        The phrase in the current language, the figure rounded to 0.1 VP (level when it rounds to 0.0).
    """
    shown = round(abs(lead), 1)
    if shown == 0:
        return _("level with the best rival")
    text = _("{vp} VP ahead of the best rival") if lead > 0 else _("{vp} VP behind the best rival")
    return text.format(vp=f"{shown:.1f}")


_BUILD = {"D": N_("{faction} build a dwelling on {hex}."),
          "TP": N_("{faction} build a trading house on {hex}."),
          "TE": N_("{faction} build a temple on {hex}."),
          "SH": N_("{faction} build a stronghold on {hex}."),
          "SA": N_("{faction} build a sanctuary on {hex}.")}
_UPGRADE = {"TP": N_("{faction} upgrade their dwelling on {hex} to a trading house."),
            "TE": N_("{faction} upgrade their trading house on {hex} to a temple."),
            "SH": N_("{faction} upgrade their trading house on {hex} to a stronghold."),
            "SA": N_("{faction} upgrade their temple on {hex} to a sanctuary.")}
_FACTION_ACTIONS = {
    "ACTA": N_("Auren stronghold action: 2 steps on one cult track"),
    "ACTC": N_("Chaos Magicians stronghold action: take two actions in a row"),
    "ACTE": N_("Engineers action: build a bridge for 2 workers"),
    "ACTG": N_("Giants stronghold action: 2 free spades on one hex"),
    "ACTN": N_("Nomads stronghold action (sandstorm): turn an adjacent hex into desert for free"),
    "ACTS": N_("Swarmlings stronghold action: upgrade a dwelling to a trading house for free"),
    "ACTW": N_("Witches stronghold action: a free dwelling on any forest hex, however far"),
    "ACTH1": N_("Shapeshifters stronghold action: change home terrain for 3 power, +2 VP"),
    "ACTH2": N_("Shapeshifters stronghold action: change home terrain for 3 power tokens, +2 VP"),
    "ACTH3": N_("Shapeshifters stronghold action: change home terrain for 4 power"),
    "ACTH4": N_("Shapeshifters stronghold action: change home terrain for 4 power tokens"),
    "ACTH5": N_("Shapeshifters stronghold action: change home terrain for 5 power"),
    "ACTH6": N_("Shapeshifters stronghold action: change home terrain for 5 power tokens"),
}
_FINAL_CATEGORIES = {
    "network": N_("{faction} score {n} VP for their largest connected network."),
    "connected-distance": N_("{faction} score {n} VP for the longest distance inside one network."),
    "connected-sa-sh-distance": N_("{faction} score {n} VP for the distance from sanctuary to stronghold "
                                   "in one network."),
    "building-on-edge": N_("{faction} score {n} VP for buildings on the edge of the map in one network."),
    "connected-clusters": N_("{faction} score {n} VP for the clusters in one network."),
}
_VP_FOR = re.compile(r"\+(\d+)vp for ([\w-]+)", re.I)


# ---------------------------------------------------------------------------------------------- amounts
def _signed_cult_steps(code: str, n: int) -> str | None:
    """Signed cult steps as one sentence ("+3 steps on the Fire cult track"): Chinese says "advance" there,
    and a "+" glued before the verb reads wrong. None for any other code."""
    if code in TRACK_NAMES:
        if n > 0:
            return ngettext("+{n} step on the {track} cult track", "+{n} steps on the {track} cult track",
                            n).format(n=n, track=track_name(code))
        return ngettext("−{n} step on the {track} cult track", "−{n} steps on the {track} cult track",
                        -n).format(n=-n, track=track_name(code))
    if code == "CULT":
        if n > 0:
            return ngettext("+{n} step on a cult track of your choice", "+{n} steps on a cult track of your choice",
                            n).format(n=n)
        return ngettext("−{n} step on a cult track of your choice", "−{n} steps on a cult track of your choice",
                        -n).format(n=-n)
    return None


def _amount(code: str, n: int) -> str | None:
    """``n`` of resource ``code`` in words, or None for an engine flag that is not a resource."""
    if code in TRACK_NAMES:
        return ngettext("{n} step on the {track} cult track", "{n} steps on the {track} cult track",
                        n).format(n=n, track=track_name(code))
    texts = {
        "C": ngettext("{n} coin", "{n} coins", n), "W": ngettext("{n} worker", "{n} workers", n),
        "P": ngettext("{n} priest", "{n} priests", n), "PW": ngettext("{n} power", "{n} power", n),
        "VP": ngettext("{n} VP", "{n} VP", n), "SPADE": ngettext("{n} spade", "{n} spades", n),
        "KEY": ngettext("{n} town key", "{n} town keys", n), "BRIDGE": ngettext("{n} bridge", "{n} bridges", n),
        "CULT": ngettext("{n} step on a cult track of your choice", "{n} steps on a cult track of your choice",
                         n),
        "GAIN_SHIP": ngettext("{n} shipping level", "{n} shipping levels", n),
        "PW_TOKEN": ngettext("{n} power token", "{n} power tokens", n),
        "carpet_range": ngettext("{n} more range for carpet flight", "{n} more range for carpet flight", n),
    }
    return texts[code].format(n=n) if code in texts else None


def amounts_text(amounts: Mapping[str, int], *, signed: bool = False) -> str:
    """Resources in words: ``{"C": 6, "VP": 5}`` -> ``"6 coins, 5 VP"`` (``signed``: ``"+6 coins"``).

    Parameters
    ----------
    amounts : Mapping[str, int]
        Resource code -> amount (``C`` coins, ``W`` workers, ``P`` priests, ``PW`` power, ``VP``,
        ``SPADE``, cult tracks ``FIRE``..., ``KEY``, ``BRIDGE``, ``CULT``, ``GAIN_SHIP``, ``PW_TOKEN``).
        Zero amounts and engine flags are left out.
    signed : bool
        Prefix each amount with + or −.

    Returns
    -------
    str
        Empty when nothing is left.
    """
    parts = []
    for code, n in amounts.items():
        if not n:
            continue
        text = _signed_cult_steps(code, n) if signed else None
        if text is None:
            text = _amount(code, abs(n))
        if text is None:
            continue
        if signed and not (code in TRACK_NAMES or code == "CULT"):
            text = ("+" if n > 0 else "−") + text
        elif n < 0:
            text = "−" + text
        parts.append(text)
    return pgettext("list separator", ", ").join(parts)


# ---------------------------------------------------------------------------------------------- codes
@lru_cache(maxsize=1)
def _tiles():
    return load_tiles()


def _pass_vp_text(kind: str, table: Sequence[int]) -> str:
    """VP on passing by count of ``kind`` (``D``/``TP``/``SH``/``SA``/``ship``)."""
    per = table[1] if len(table) > 1 else 0
    steady = all(table[i] == i * per for i in range(len(table)))
    if kind == "ship":
        return _("on passing, {n} VP per shipping level").format(n=per)
    if kind in ("SH", "SA") and len(table) == 2:
        return (_("on passing, {n} VP if you have a stronghold") if kind == "SH"
                else _("on passing, {n} VP if you have a sanctuary")).format(n=per)
    if steady:
        return _("on passing, {n} VP per {building} on the map").format(n=per, building=building_name(kind))
    return _("on passing, VP for each {building} on the map: {table}").format(
        building=building_name(kind), table="/".join(str(v) for v in table))


def _join(parts: Iterable[str]) -> str:
    return pgettext("clause separator", "; ").join(p for p in parts if p)


def _favor_text(tile) -> str:
    rules = _tiles().rules
    parts = [amounts_text(dict(tile.cult_steps), signed=True)]
    if tile.town_size_delta:
        parts.append(_("towns need only power {n} instead of {usual}").format(
            n=rules.town_power + tile.town_size_delta, usual=rules.town_power))
    if tile.has_action:
        parts.append(_("special action once per round: 1 step on any cult track"))
    if tile.income:
        parts.append(_("income {amounts} every round").format(amounts=amounts_text(dict(tile.income))))
    for kind, vp in (tile.vp_on_build or {}).items():
        parts.append(_("+{n} VP whenever you build a {building}").format(n=vp, building=building_name(kind)))
    for kind, table in (tile.pass_vp or {}).items():
        parts.append(_pass_vp_text(kind, table))
    return _("favor tile: {effect}").format(effect=_join(parts))


def _bonus_text(tile) -> str:
    parts = [_("income {amounts}").format(amounts=amounts_text(dict(tile.income)))]
    parts += [words for key, (_n, words) in _bonus_features(tile).items() if key[0] != "income"]
    return _("bonus tile: {effect}").format(effect=_join(parts))


def _bonus_features(tile) -> dict[Any, tuple[int, str]]:
    """A bonus tile's parts, keyed so two tiles can be compared: ``("income", resource)`` -> (amount, words),
    the special action (``"spade"``, ``"cult"``), the shipping bonus (``"ship"``) and each kind of VP on passing
    (``("pass", kind)``) -> (1, words)."""
    out: dict[Any, tuple[int, str]] = {("income", k): (n, _("income {amounts}").format(amounts=amounts_text({k: n})))
                                       for k, n in dict(tile.income).items() if n}
    gain = dict((tile.action or {}).get("gain", {}))
    if gain.get("SPADE"):
        out["spade"] = (1, _("special action: {n} free spade").format(n=gain["SPADE"]))
    if gain.get("CULT"):
        out["cult"] = (1, _("special action: 1 step on any cult track"))
    if tile.special and tile.special.get("ship"):
        out["ship"] = (1, _("+{n} shipping while you hold it").format(n=tile.special["ship"]))
    for kind, table in sorted((tile.pass_vp or {}).items(), key=lambda kv: ("D", "TP", "SH", "SA").index(kv[0])
                              if kv[0] in ("D", "TP", "SH", "SA") else 9):
        out[("pass", kind)] = (1, _pass_vp_text(kind, table))
    return out


def bonus_tile_edge(code: str, others: Iterable[str]) -> list[str]:
    """What bonus tile ``code`` gives that none of ``others`` gives as much of, in words.

    Parameters
    ----------
    code : str
        A bonus tile, ``BON1``-``BON10``.
    others : iterable of str
        The bonus tiles it is compared with.

    Returns
    -------
    list of str
        Its income of a resource no other tile gives as much of, and its special action, shipping bonus and
        VP on passing that no other tile has (empty when every part is matched by one of ``others``).

    Raises
    ------
    UnknownTileError
        For a code that is no bonus tile.

    Notes
    -----
    Source: ``data/terra_mystica/tiles.json`` (rulebook: bonus tiles).

    Examples
    --------
    >>> bonus_tile_edge("BON5", ["BON2", "BON10"])
    ['income 1 worker']
    """
    tiles = _tiles().bonus
    for c in (code, *others):
        if str(c).upper() not in tiles:
            raise UnknownTileError(_("unknown bonus tile {code!r}: expected BON1-BON10").format(code=c))
    rest = [_bonus_features(tiles[str(c).upper()]) for c in others]
    return [words for key, (n, words) in _bonus_features(tiles[str(code).upper()]).items()
            if all(f.get(key, (0, ""))[0] < n for f in rest)]


def _town_text(tile) -> str:
    gain = dict(tile.gain)
    keys = gain.pop("KEY", 1)
    text = amounts_text({"VP": gain.pop("VP", 0), **gain})
    if keys > 1:
        text = _("{gains} (counts as {n} town keys)").format(gains=text, n=keys)
    return _("town tile: {gains}").format(gains=text)


def _score_text(tile) -> str:
    vp = dict(tile.vp)
    if "SPADE" in vp:
        during = _("{n} VP per spade gained").format(n=vp["SPADE"])
    elif "TOWN" in vp:
        during = _("{n} VP per town founded").format(n=vp["TOWN"])
    elif set(vp) == {"SA", "SH"}:
        during = _("{n} VP per stronghold or sanctuary built").format(n=vp["SH"])
    else:
        kind, n = next(iter(vp.items()))
        during = _("{n} VP per {building} built").format(n=n, building=building_name(kind))
    bonus = tile.cult_bonus
    gain = amounts_text(dict(bonus.gain))
    if bonus.track == "CULT_P":
        end = _("{gain} per priest you have sent to the cult tracks").format(gain=gain)
    else:
        end = ngettext("{gain} per {n} step on the {track} cult track", "{gain} per {n} steps on the {track} cult track",
                       bonus.per_steps).format(gain=gain, n=bonus.per_steps, track=track_name(bonus.track))
    return _("round scoring tile: {during} during the round; at the round's end {end}").format(
        during=during, end=end)


def _power_action_text(action) -> str:
    """From the data's ``power_actions_desc`` (``"6 power: 2 spades"``), in the current language."""
    return _("power action: {desc}").format(desc=_(action.desc))


def explain_code(code: str) -> str:
    """What a tile or action code means, from the rules data, in the current language.

    Parameters
    ----------
    code : str
        ``FAV1``-``FAV12``, ``BON1``-``BON10``, ``TW1``-``TW8``, ``SCORE1``-``SCORE9``, power actions
        ``ACT1``-``ACT6``, faction actions ``ACTA``, ``ACTC``, ``ACTE``, ``ACTG``, ``ACTN``, ``ACTS``,
        ``ACTW``, ``ACTH1``-``ACTH6`` (any case).

    Returns
    -------
    str
        E.g. ``"favor tile: +1 step on the earth cult track; +2 VP whenever you build a dwelling"``.

    Raises
    ------
    UnknownTileError
        For a code that is none of these (a :class:`~companion.errors.CompanionError`).

    Notes
    -----
    Source: ``data/terra_mystica/tiles.json`` (the reference engine's Constants.pm); faction actions per
    the faction boards (RULES-NOTES, FIRE-ICE-NOTES section 6).
    """
    key = str(code).strip().upper()
    t = _tiles()
    if key in t.favor:
        return _favor_text(t.favor[key])
    if key in t.bonus:
        return _bonus_text(t.bonus[key])
    if key in t.town:
        return _town_text(t.town[key])
    if key in t.round_scoring:
        return _score_text(t.round_scoring[key])
    if key in t.power_actions:
        return _power_action_text(t.power_actions[key])
    if key in _FACTION_ACTIONS:
        return _(_FACTION_ACTIONS[key])
    raise UnknownTileError(_("unknown tile or action code {code!r}: expected FAVn, BONn, TWn, SCOREn or an "
                             "action ACTn").format(code=code))


def gloss_codes(text: str) -> str:
    """``text`` with every code followed by its meaning in brackets (``"BON4"`` ->
    ``"BON4 (bonus tile: ...)"``); unknown codes are left as they are."""
    def sub(m: re.Match) -> str:
        try:
            return _("{code} ({meaning})").format(code=m.group(1), meaning=explain_code(m.group(1)))
        except CompanionError:
            return m.group(1)
    return CODE_PATTERN.sub(sub, text)


# ---------------------------------------------------------------------------------------------- rows
def _with_code(code: str) -> str:
    try:
        return _("{code} ({meaning})").format(code=code, meaning=explain_code(code))
    except CompanionError:
        return code


def describe_command(faction: str, cmd: Command) -> str:
    """One sub-command as a sentence (``Command("build", ("E7",))`` -> ``"Witches build a dwelling on E7."``).

    Parameters
    ----------
    faction : str
        Engine faction name of the acting faction.
    cmd : Command
        From :func:`companion.terra_mystica.engine.commands.parse_commands`.

    Returns
    -------
    str
        A whole sentence in the current language; codes glossed inline.
    """
    who = faction_name(faction)
    v, a = cmd.verb, cmd.args
    if v == "build":
        return _(_BUILD["D"]).format(faction=who, hex=a[0])
    if v == "upgrade":
        return _(_UPGRADE.get(a[1], _UPGRADE["TP"])).format(faction=who, hex=a[0])
    if v == "transform":
        if a[1] is None:
            return _("{faction} transform {hex} into their home terrain.").format(faction=who, hex=a[0])
        return _("{faction} transform {hex} into {terrain}.").format(faction=who, hex=a[0],
                                                                    terrain=terrain_name(a[1]))
    if v == "dig":
        return ngettext("{faction} pay for {n} spade.", "{faction} pay for {n} spades.", a[0]).format(
            faction=who, n=a[0])
    if v == "send":
        if a[1] is None:
            return _("{faction} send a priest to the {track} cult track.").format(faction=who, track=track_name(a[0]))
        return ngettext("{faction} send a priest to the {track} cult track, on the space worth {n} step.",
                        "{faction} send a priest to the {track} cult track, on the space worth {n} steps.",
                        a[1]).format(faction=who, track=track_name(a[0]), n=a[1])
    if v == "action":
        return _("{faction} take the action {action}.").format(faction=who, action=_with_code(a[0]))
    if v == "advance":
        if a[0] == "ship":
            return _("{faction} advance one level on the shipping track.").format(faction=who)
        return _("{faction} improve their exchange level (spades get cheaper).").format(faction=who)
    if v == "bridge":
        return _("{faction} build a bridge between {a} and {b}.").format(faction=who, a=a[0], b=a[1])
    if v == "connect":
        return _("{faction} connect a town across river hex {hexes}.").format(faction=who, hexes=_(", ").join(a))
    if v == "convert":
        return _("{faction} convert {paid} into {got}.").format(
            faction=who, paid=amounts_text({a[1]: a[0]}), got=amounts_text({a[3]: a[2]}))
    if v == "burn":
        return ngettext("{faction} burn {n} power: {n} token leaves bowl II for good and {n} moves on to bowl III.",
                        "{faction} burn {n} power: {n} tokens leave bowl II for good and {n} move on to bowl III.",
                        a[0]).format(faction=who, n=a[0])
    if v == "pass":
        if a[0] is None:
            return _("{faction} pass.").format(faction=who)
        return _("{faction} pass and take {tile}.").format(faction=who, tile=_with_code(a[0]))
    if v == "leech":
        return ngettext("{faction} take {n} power offered by the {other} building next to them (it costs the "
                        "power gained minus 1 VP).",
                        "{faction} take {n} power offered by the {other} building next to them (it costs the "
                        "power gained minus 1 VP).", a[0]).format(faction=who, n=a[0], other=faction_name(a[1]))
    if v == "decline":
        if a[0] is None:
            return _("{faction} decline the power offered.").format(faction=who)
        return ngettext("{faction} decline {n} power from the {other} building.",
                        "{faction} decline {n} power from the {other} building.",
                        a[0]).format(faction=who, n=a[0], other=faction_name(a[1]))
    if v == "favor":
        return _("{faction} take {tile}.").format(faction=who, tile=_with_code(a[0]))
    if v == "town":
        return _("{faction} found a town and take {tile}.").format(faction=who, tile=_with_code(a[1]))
    if v == "cult":
        return ngettext("{faction} advance {n} step on the {track} cult track.",
                        "{faction} advance {n} steps on the {track} cult track.", a[0]).format(
            faction=who, n=a[0], track=track_name(a[1]))
    if v == "lose":
        if a[1] == "SPADE":
            return ngettext("{faction} throw away {n} spade.", "{faction} throw away {n} spades.", a[0]).format(
                faction=who, n=a[0])
        if a[1] in DECLINE_WORDS:
            return _("{faction}: {what}.").format(faction=who, what=_(DECLINE_WORDS[a[1]]))
        return ngettext("{faction} go back {n} step on the {track} cult track.",
                        "{faction} go back {n} steps on the {track} cult track.", a[0]).format(
            faction=who, n=a[0], track=track_name(a[1]))
    if v == "wait":
        return _("{faction} wait for the other players.").format(faction=who)
    if v == "setup":
        return _("{faction} join the game.").format(faction=who)
    if v == "drop":
        return _("{faction} leave the game.").format(faction=who)
    if v == "pick_color":
        return _("{faction} pick {terrain} as their terrain.").format(faction=who, terrain=terrain_name(a[0]))
    if v == "unlock_terrain":
        if a[0] == "gain-priest":
            return _("{faction} take a priest instead of unlocking a terrain.").format(faction=who)
        return _("{faction} unlock {terrain}: they may build there from now on.").format(
            faction=who, terrain=terrain_name(a[0]))
    return _("{faction} type “{command}”.").format(faction=who, command=cmd.text)


def describe_choice(verb: str, args: Sequence[Any]) -> str:
    """One sub-command as a short imperative phrase for a button (``("build", ("E7",))`` ->
    ``"build a dwelling on E7"``), in the current language; codes glossed inline.

    Parameters
    ----------
    verb : str
        The command verb (:func:`companion.terra_mystica.engine.commands.parse_commands`: ``build``,
        ``upgrade``, ``transform``, ``pass``, ``leech``...).
    args : sequence
        Its arguments as the parser gives them.

    Returns
    -------
    str
        The phrase; an unknown verb is returned as given.
    """
    a = tuple(args)
    if verb == "build":
        return _("build a dwelling on {label}").format(label=a[0])
    if verb == "upgrade":
        return _("upgrade {label} to a {kind}").format(label=a[0], kind=building_name(a[1]))
    if verb == "transform":
        if a[1] is None:
            return _("terraform {label} to your home terrain").format(label=a[0])
        return _("terraform {label} to {land}").format(label=a[0], land=terrain_name(a[1]))
    if verb == "dig":
        return ngettext("dig {n} spade", "dig {n} spades", a[0]).format(n=a[0])
    if verb == "send":
        if a[1] is None:
            return _("send a priest to the {track} cult track").format(track=track_name(a[0]))
        return ngettext("send a priest to the {track} cult track for {n} step",
                        "send a priest to the {track} cult track for {n} steps", a[1]).format(
            track=track_name(a[0]), n=a[1])
    if verb == "action":
        return _("take the action {tile}").format(tile=_with_code(a[0]))
    if verb == "advance":
        return _("advance shipping") if a[0] == "ship" else _("advance on the exchange track (cheaper spades)")
    if verb == "bridge":
        return _("build a bridge between {a} and {b}").format(a=a[0], b=a[1])
    if verb == "connect":
        return _("found a town across the river at {label}").format(label=":".join(a))
    if verb == "convert":
        return _("convert {paid} into {got}").format(paid=amounts_text({a[1]: a[0]}), got=amounts_text({a[3]: a[2]}))
    if verb == "burn":
        return ngettext("burn {n} power", "burn {n} power", a[0]).format(n=a[0])
    if verb == "pass":
        if a[0] is None:
            return _("pass")
        return _("pass and take bonus tile {tile}").format(tile=_with_code(a[0]))
    if verb == "leech":
        return _("accept {n} power from the {name}").format(n=a[0], name=faction_name(a[1]))
    if verb == "decline":
        if a[0] is None:
            return _("decline the power offer")
        return _("decline {n} power from the {name}").format(n=a[0], name=faction_name(a[1]))
    if verb == "favor":
        return _("take favor tile {tile}").format(tile=_with_code(a[0]))
    if verb == "town":
        return _("take town tile {tile}").format(tile=_with_code(a[1]))
    if verb == "cult":
        return ngettext("{n} step on the {track} cult track", "{n} steps on the {track} cult track",
                        a[0]).format(n=a[0], track=track_name(a[1]))
    if verb == "lose":
        if a[1] == "SPADE":
            return _("give up the spade left")
        if a[1] in DECLINE_WORDS:
            return _(DECLINE_WORDS[a[1]])
        return ngettext("pay {n} step on the {track} cult track", "pay {n} steps on the {track} cult track",
                        a[0]).format(n=a[0], track=track_name(a[1]))
    if verb == "wait":
        return _("done")
    if verb == "setup":
        return _("play this faction")
    if verb == "drop":
        return _("resign")
    if verb == "pick_color":
        return _("choose {land} as home terrain").format(land=terrain_name(a[0]))
    if verb == "unlock_terrain":
        if a[0] == "gain-priest":
            return _("take a priest instead of unlocking a terrain")
        return _("unlock {land}").format(land=terrain_name(a[0]))
    return verb


def describe_action(action: Any) -> str:
    """A legal action of :mod:`companion.terra_mystica.game` as a button label (``"build a dwelling on E7"``).

    Parameters
    ----------
    action : companion.terra_mystica.actions.Action, RoundTile or RemoveBonus
        An ``Action`` (``faction``, ``commands`` as ``(verb, args)`` pairs, ``is_setup``), or a setup tile
        draw (a ``RoundTile``/``RemoveBonus``, told by its class).

    Returns
    -------
    str
        The sub-commands as phrases (:func:`describe_choice`) joined by ``"; "``; a faction pick names the
        faction; a setup tile draw names the tile.
    """
    if isinstance(action, RoundTile):
        return _("round scoring tile {tile}").format(tile=_with_code(action.tile))
    if isinstance(action, RemoveBonus):
        return _("bonus tile {tile} out of play").format(tile=action.tile)
    if action.is_setup:
        return _("play the {name}").format(name=faction_name(action.faction))
    return pgettext("clause separator", "; ").join(describe_choice(verb, args) for verb, args in action.commands)


def _delta(before: Sequence[int] | None, after: Sequence[int] | None) -> dict[str, int]:
    """What a faction gained between two totals rows (power as power gained: tokens moved up a bowl)."""
    if before is None or after is None:
        return {}
    b = dict(zip(TOTAL_FIELDS, before, strict=False))
    c = dict(zip(TOTAL_FIELDS, after, strict=False))
    out = {"VP": c["VP"] - b["VP"], "C": c["C"] - b["C"], "W": c["W"] - b["W"], "P": c["P"] - b["P"],
           "PW": (c["PW2"] + 2 * c["PW3"]) - (b["PW2"] + 2 * b["PW3"])}
    for t in TRACK_NAMES:
        out[t] = c[t] - b[t]
    return out


def describe_row(faction: str, text: str, *, typed: bool = True, before: Sequence[int] | None = None,
                 after: Sequence[int] | None = None) -> str:
    """A ledger row as sentences in the current language.

    Parameters
    ----------
    faction : str
        Engine faction name (``"halflings"``).
    text : str
        The typed command text (``"dig 1. build E7"``) or the engine's label
        (``"other_income_for_faction"``, ``"cult_income_for_faction"``, ``"+8vp for FIRE"``,
        ``"score_resources"``, ``"[opponent accepted power]"``, ``"[all opponents declined power]"``).
    typed : bool
        False for a row the engine wrote itself.
    before, after : sequence of int, optional
        The faction's :data:`TOTAL_FIELDS` before and after the row (ledger columns or engine rows): an
        engine row then says what it gave.

    Returns
    -------
    str
        One sentence per sub-command, codes glossed; an unreadable command is quoted, never dropped.
    """
    who = faction_name(faction)
    label = text.strip()
    gains = amounts_text(_delta(before, after), signed=True)
    low = label.lower()
    if low in ("other_income_for_faction", "all_income_for_faction"):
        return (_("{faction} take their income: {gains}.").format(faction=who, gains=gains) if gains
                else _("{faction} take their income.").format(faction=who))
    if low == "cult_income_for_faction":
        return (_("{faction} take the cult bonus of the round scoring tile: {gains}.").format(faction=who, gains=gains)
                if gains else _("{faction} take the cult bonus of the round scoring tile.").format(faction=who))
    if low == "score_resources":
        vp = _delta(before, after).get("VP")
        if vp is None:
            return _("{faction} turn their leftover resources into VP.").format(faction=who)
        return ngettext("{faction} turn their leftover resources into {n} VP.",
                        "{faction} turn their leftover resources into {n} VP.", vp).format(faction=who, n=vp)
    if low == "[opponent accepted power]":
        return (_("An opponent took power from a {faction} building: {gains}.").format(faction=who, gains=gains)
                if gains else _("An opponent took power from a {faction} building.").format(faction=who))
    if low == "[all opponents declined power]":
        return (_("Every opponent declined the power from a {faction} building: {gains}.").format(
            faction=who, gains=gains) if gains
                else _("Every opponent declined the power from a {faction} building.").format(faction=who))
    if low == DROP_LABEL:
        return _("{faction} leave the game.").format(faction=who)
    m = _VP_FOR.fullmatch(label)
    if m:
        n, what = int(m.group(1)), m.group(2)
        if what.upper() in TRACK_NAMES:
            return _("{faction} score {n} VP for their place on the {track} cult track.").format(
                faction=who, n=n, track=track_name(what))
        template = _FINAL_CATEGORIES.get(what.lower())
        if template is not None:
            return _(template).format(faction=who, n=n)
        return _("{faction} score {n} VP in the final scoring.").format(faction=who, n=n)
    try:
        commands = parse_commands(label)
    except CompanionError:
        return _("{faction} type “{command}”.").format(faction=who, command=label)
    if not commands:
        return _("{faction} do nothing.").format(faction=who)
    return " ".join(describe_command(faction, c) for c in commands)


class RowTeller:
    """Tells a game's rows in order, remembering every faction's totals so engine rows say what they gave.

    Feed rows in ledger order with :meth:`tell`; each returns the row's sentence.

    Examples
    --------
    >>> teller = RowTeller()
    >>> teller.tell("halflings", "setup", totals=(20, 15, 3, 0, 3, 9, 0, 0, 0, 1, 1))
    'Halflings join the game.'
    >>> teller.tell("halflings", "cult_income_for_faction", typed=False,
    ...             totals=(20, 15, 3, 1, 3, 9, 0, 0, 0, 1, 1))
    'Halflings take the cult bonus of the round scoring tile: +1 priest.'
    """

    def __init__(self) -> None:
        self.totals: dict[str, tuple] = {}

    def tell(self, faction: str, text: str, *, typed: bool = True, totals: Sequence[int] | None = None) -> str:
        """The sentence for one row (see :func:`describe_row`); ``totals`` are the faction's after it."""
        before = self.totals.get(faction)
        if totals is not None:
            self.totals[faction] = tuple(totals)
        return describe_row(faction, text, typed=typed, before=None if typed else before, after=totals)

    def tell_row(self, row) -> str:
        """A :class:`~companion.terra_mystica.engine.state.Row` (``label``) or
        :class:`~companion.terra_mystica.engine.replay.RecordRow` (``command``)."""
        text = getattr(row, "label", None)
        if text is None:
            text = row.command
        return self.tell(row.faction, text, typed=row.typed, totals=row.totals)


# ---------------------------------------------------------------------------------------------- final scoring
@dataclass(frozen=True)
class FinalTable:
    """The final scoring of one game itemised for display, from the engine's own result.

    Attributes
    ----------
    factions : tuple of str
        Engine names, by final VP, best first (ties keep the engine's scoring order).
    lines : tuple of (str, tuple of int)
        ``(label, VP per faction)`` in the order of ``factions``: VP before the final scoring, each cult
        track, the largest network, a Fire & Ice final scoring tile (only when played), leftover resources.
        Labels are in the language current when the table was made.
    totals : tuple of int
        Final VP per faction (the sum of its column).
    winners : tuple of str
        The faction(s) with the most VP (several on a tie).
    """

    factions: tuple[str, ...]
    lines: tuple[tuple[str, tuple[int, ...]], ...]
    totals: tuple[int, ...]
    winners: tuple[str, ...]

    def winner_text(self) -> str:
        """``"Halflings win with 142 VP."`` or a tie sentence (current language)."""
        w = self.winners
        if not w:
            return ""
        best = max(self.totals)
        if len(w) == 1:
            return _("{faction} win with {n} VP.").format(faction=faction_name(w[0]), n=best)
        return _("Tie for first place at {n} VP: {factions}.").format(
            n=best, factions=pgettext("list separator", ", ").join(faction_name(f) for f in w))


def final_table(result) -> FinalTable | None:
    """Itemise a finished game's final scoring for display (the play and the replay widgets show this).

    Parameters
    ----------
    result : FinalScoring or None
        :func:`companion.terra_mystica.game.final_breakdown` of the state: the engine's own
        :func:`companion.terra_mystica.scoring.final_scoring` result.

    Returns
    -------
    FinalTable or None
        None when ``result`` is None (the game is not over).

    Notes
    -----
    Source: :func:`companion.terra_mystica.scoring.final_scoring` (RULES-NOTES section 5: cult tracks 8/4/2,
    network 18/12/6, resources 3 coins = 1 VP; Fire & Ice final scoring tiles, FIRE-ICE-NOTES); every line is
    one of its ``FinalBreakdown`` items, so each column adds up to the final VP.
    """
    if result is None:
        return None
    players = sorted(result.players, key=lambda p: -p.final_vp)   # stable: ties keep the engine's order
    lines: list[tuple[str, tuple[int, ...]]] = [
        (_("VP before the final scoring"), tuple(p.vp_before for p in players))]
    for t in TRACK_NAMES:
        lines.append((_("{track} cult track").format(track=track_name(t)),
                      tuple(p.cult_vp.get(t.lower(), 0) for p in players)))
    lines.append((_("largest network"), tuple(p.network_vp for p in players)))
    if result.extra_category or any(p.extra_vp for p in players):
        lines.append((_("Fire & Ice final scoring tile"), tuple(p.extra_vp for p in players)))
    lines.append((_("leftover resources"), tuple(p.resource_vp for p in players)))
    return FinalTable(factions=tuple(p.faction for p in players), lines=tuple(lines),
                      totals=tuple(p.final_vp for p in players), winners=tuple(result.winners))
