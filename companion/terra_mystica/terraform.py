"""Terra Mystica terraforming cost: spades by terrain-wheel distance, then what the faction pays per spade.

API summary
-----------
``terraform_cost(faction, from_terrain, to_terrain=None, exchange_level=None, *, home=None,
free_spades=0, has_stronghold=False, other_homes=(), avoid_home=True) -> TerraformCost``
    ``TerraformCost`` (frozen) has ``spades`` (needed), ``paid_spades`` (bought at the exchange rate),
    ``pay`` (e.g. ``{"W": 4}``, Darklings ``{"P": 2}``, Acolytes ``{"CULT": 3}``, Dragonlords
    ``{"PW_TOKEN": 1}``), ``gains`` (Halflings ``{"VP": 1}`` per spade, Darklings ``{"VP": 2}`` per spade
    dug, Alchemists ``{"PW": 2}`` per spade after their stronghold), ``workers`` (shortcut for ``pay["W"]``),
    ``route`` (colours passed on the wheel) and ``explanation`` (sentences for players).
``normalise_terrain(name) -> str``
    Colour word (``"yellow"``... ``"red"``, ``"ice"``, ``"volcano"``) of a letter, colour word or English
    terrain name (``"desert"``).

Faction rules (factions.json ``terraform_mode`` + the faction's spade track; terrain_cycle.json
``engine_subtleties``; rules summary "改造地形" and the Fire & Ice table):

* ``wheel``: spades = distance on the terrain wheel (0..3), each costing ``cost_per_spade_by_level[level]``
  (3/2/1 workers; Darklings 1 priest and +2 VP per spade; Shapeshifters always 3 workers; Fakirs max level 1).
  Reference engine: turning a hex into a terrain other than the home terrain may not pass *through* the
  home terrain on the short way; then the long way round is charged (``avoid_home=False`` switches this off).
* ``fixed_two`` (Giants): any change costs exactly 2 spades.
* ``ice`` (Ice Maidens, Yetis): turning a hex into ice costs the wheel distance from the terrain picked at
  setup (``home=``) to the hex's terrain, at least 1 (so the picked terrain and its two wheel neighbours cost
  1). Ice can never be transformed. A transform to a land colour goes the long way round when the short way
  passes the picked terrain (it plays the role of home).
* ``volcano`` (Acolytes, Dragonlords): no spades; a volcano costs 3 cult steps / 1 power token, or 4 / 2
  when the hex is the home terrain of another faction in play (``other_homes=``). Spades they receive become
  cult steps / power tokens instead (``free_spades`` -> ``gains``).
* ``none`` (Riverwalkers): never transform.

``free_spades`` are spades already in hand (power actions ACT5/ACT6, BON1, Giants' and Halflings'
stronghold, cult bonuses); only the rest are bought. Spade bonuses: Halflings and Alchemists get theirs for
every spade gained, free or bought; Darklings' 2 VP come with each spade bought with a priest.

Errors: :class:`companion.errors.IllegalActionError` with codes ``cannot_terraform``,
``bad_exchange_level``, ``bad_terrain``, ``needs_home_terrain``, ``bad_amount``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

from companion.errors import CompanionError, IllegalActionError
from companion.i18n import gettext as _
from companion.i18n import ngettext
from companion.terra_mystica.factions import Faction, get_faction
from companion.terra_mystica.terrain import terrain_wheel

__all__ = ["TerraformCost", "normalise_terrain", "terraform_cost", "terraform_spades"]

SPECIAL = ("ice", "volcano")


def normalise_terrain(name: str) -> str:
    """Colour word of a terrain given as letter (``"Y"``), colour word (``"yellow"``) or name (``"desert"``);
    ``"ice"`` and ``"volcano"`` pass through.

    Raises
    ------
    IllegalActionError
        ``bad_terrain`` for a river or an unknown terrain.
    """
    key = str(name).strip().lower()
    if key in SPECIAL:
        return key
    wheel = terrain_wheel()
    if key in wheel.names:
        return wheel.colours[wheel.names.index(key)]
    try:
        return wheel.colour(key)
    except CompanionError as exc:
        raise IllegalActionError("bad_terrain", str(exc)) from None


def _label(colour: str) -> str:
    if colour in SPECIAL:
        return colour
    return f"{terrain_wheel().name(colour)} ({colour})"


@dataclass(frozen=True)
class TerraformCost:
    """The cost of one transformation; see the module docstring."""

    faction: str
    from_terrain: str
    to_terrain: str
    spades: int
    paid_spades: int
    exchange_level: int | None
    pay: Mapping[str, int]
    gains: Mapping[str, int]
    route: tuple[str, ...]
    explanation: str

    @property
    def workers(self) -> int:
        """Workers paid (0 for Darklings, volcano factions, or when free spades cover everything)."""
        return int(self.pay.get("W", 0))

    @property
    def priests(self) -> int:
        """Priests paid (Darklings)."""
        return int(self.pay.get("P", 0))


def _wheel_route(a: str, b: str, home: str | None, avoid_home: bool) -> tuple[tuple[str, ...], bool]:
    """Colours visited from ``a`` to ``b`` (inclusive) the short way, or the long way when the short way
    passes through ``home`` and ``b`` is not ``home``. Returns (route, went_long)."""
    wheel = terrain_wheel()
    n = len(wheel.colours)
    ia, ib = wheel.index(a), wheel.index(b)
    fwd = (ib - ia) % n
    step = 1 if fwd <= n - fwd else -1
    dist = fwd if step == 1 else n - fwd

    def walk(direction: int, length: int) -> tuple[str, ...]:
        return tuple(wheel.colours[(ia + direction * k) % n] for k in range(length + 1))

    route = walk(step, dist)
    if avoid_home and home in wheel.colours and b != home and home in route[1:-1]:
        return walk(-step, n - dist), True
    return route, False


def terraform_cost(faction: str | Faction, from_terrain: str, to_terrain: str | None = None,
                   exchange_level: int | None = None, *, home: str | None = None, free_spades: int = 0,
                   has_stronghold: bool = False, other_homes: Iterable[str] = (),
                   avoid_home: bool = True) -> TerraformCost:
    """What turning a hex of ``from_terrain`` into ``to_terrain`` costs ``faction``.

    Parameters
    ----------
    faction : str or Faction
    from_terrain : str
        The hex's terrain: letter, colour word, English name, ``"ice"`` or ``"volcano"``.
    to_terrain : str or None
        Target terrain; default the faction's home terrain (``home`` for factions that pick one; ``"ice"``
        for ice factions, ``"volcano"`` for volcano factions).
    exchange_level : int or None
        Spade (exchange) track level 0..max; default the faction's start level (0).
    home : str or None
        The terrain picked at setup: required for Ice Maidens / Yetis (their picked terrain) and
        Shapeshifters (their home); ignored otherwise.
    free_spades : int
        Spades already in hand from actions or bonuses (not paid for).
    has_stronghold : bool
        Alchemists: +2 power per spade only after their stronghold.
    other_homes : iterable of str
        Home terrains of the other factions in play (volcano cost 4 cult steps / 2 tokens there).
    avoid_home : bool
        Apply the reference engine's "cannot pass through the home terrain" rule (default True).

    Returns
    -------
    TerraformCost

    Raises
    ------
    IllegalActionError
        ``cannot_terraform`` (Riverwalkers; ice or volcano hexes; a target the faction cannot make),
        ``bad_exchange_level``, ``bad_terrain``, ``needs_home_terrain``, ``bad_amount``.
    """
    f = get_faction(faction)
    if isinstance(free_spades, bool) or not isinstance(free_spades, int) or free_spades < 0:
        raise IllegalActionError("bad_amount", _("free_spades: expected an integer >= 0, found {free_spades!r}").format(free_spades=free_spades))
    src, dst, spades, route, how, detail = _spades(f, from_terrain, to_terrain, home, avoid_home)
    if how == "volcano":
        return _volcano(f, src, to_terrain, free_spades, other_homes)

    assert f.spades is not None
    level = f.spades.start_level if exchange_level is None else exchange_level
    if isinstance(level, bool) or not isinstance(level, int) or not 0 <= level <= f.spades.max_level:
        raise IllegalActionError("bad_exchange_level", _("{display}: exchange level {exchange_level!r} outside 0..{max_level}").format(display=_(f.display), exchange_level=exchange_level, max_level=f.spades.max_level), rule=_("faction board spade track"))

    notes: list[str] = []
    if how == "same":
        notes.append(_("{label} is already the target terrain: no spades").format(label=_label(src)))
    elif how == "ice":
        picked, d = detail
        steps = ngettext("{d} step", "{d} steps", d).format(d=d)
        notes.append(ngettext("{label} -> ice: {label2} was picked at setup and is {steps} from {label} on the wheel, "
                              "so {spades} spade (at least 1)",
                              "{label} -> ice: {label2} was picked at setup and is {steps} from {label} on the wheel, "
                              "so {spades} spades (at least 1)", spades)
                     .format(label=_label(src), label2=_label(picked), steps=steps, spades=spades))
    elif how == "fixed_two":
        notes.append(_("{label} -> {label2}: Giants always need exactly 2 spades").format(label=_label(src), label2=_label(dst)))
    else:
        notes.append(ngettext("{label} -> {label2}: {spades} spade on the terrain wheel ({route})",
                              "{label} -> {label2}: {spades} spades on the terrain wheel ({route})", spades)
                     .format(label=_label(src), label2=_label(dst), spades=spades, route=' -> '.join(route)))
        if how == "long":
            notes.append(_("the short way would pass through the home terrain {label}, which the reference engine does not allow, so the long way round is charged").format(label=_label(detail)))

    paid = max(0, spades - free_spades)
    used_free = spades - paid
    per = f.spades.cost_per_spade_by_level[level]
    pay = {res: amount * paid for res, amount in per.items() if amount * paid}
    if used_free:
        notes.append(ngettext("{used_free} free spade in hand", "{used_free} free spades in hand", used_free)
                     .format(used_free=used_free))
    if paid:
        per_text = " + ".join(_amount(v, k) for k, v in per.items())
        notes.append(ngettext("{paid} spade bought at exchange level {level} ({per_text} each): {pay}",
                              "{paid} spades bought at exchange level {level} ({per_text} each): {pay}", paid)
                     .format(paid=paid, level=level, per_text=per_text,
                             pay=_(", ").join(_amount(v, k) for k, v in pay.items())))

    gains: dict[str, int] = {}
    for g in f.spades.gain_per_use or ():
        for res, v in g.items():
            if res != "SPADE" and paid:
                gains[res] = gains.get(res, 0) + v * paid
                notes.append(_("{display} gain {amount} per spade bought: +{v}").format(display=_(f.display), amount=_amount(v, res), v=v * paid))
    bonus_ok = all(res != "SH" or has_stronghold for res in f.spade_bonus_needs)
    if spades and f.spade_gain_bonus and bonus_ok:
        for res, v in f.spade_gain_bonus.items():
            gains[res] = gains.get(res, 0) + v * spades
            notes.append(_("{display} gain {amount} per spade: +{v}").format(display=_(f.display), amount=_amount(v, res), v=v * spades))
    text = _("{notes}.").format(notes=_("; ").join(notes))
    return TerraformCost(faction=f.name, from_terrain=src, to_terrain=dst, spades=spades, paid_spades=paid,
                         exchange_level=level, pay=MappingProxyType(pay), gains=MappingProxyType(gains),
                         route=tuple(route), explanation=text[0].upper() + text[1:])


def terraform_spades(faction: str | Faction, from_terrain: str, to_terrain: str | None = None, *,
                     home: str | None = None, avoid_home: bool = True) -> int:
    """The spades of :func:`terraform_cost` alone (``terraform_cost(...).spades``), without its prices and
    explanation: what a rules engine asks when it lists moves (the same count, by the same code).

    Parameters
    ----------
    faction, from_terrain, to_terrain, home, avoid_home
        As for :func:`terraform_cost`.

    Returns
    -------
    int
        Spades (0 for a volcano faction, which uses none, and when the hex is already ``to_terrain``).

    Raises
    ------
    IllegalActionError
        ``cannot_terraform``, ``bad_terrain``, ``needs_home_terrain`` as :func:`terraform_cost` raises them.

    Examples
    --------
    >>> terraform_spades("witches", "yellow"), terraform_cost("witches", "yellow").spades
    (3, 3)
    >>> terraform_spades("giants", "blue")
    2
    """
    f = get_faction(faction)
    src, _dst, spades, _route, how, _detail = _spades(f, from_terrain, to_terrain, home, avoid_home)
    if how == "volcano":
        _volcano(f, src, to_terrain, 0, ())  # its refusals (a volcano faction makes nothing but volcanoes)
    return spades


def _spades(f: Faction, from_terrain: str, to_terrain: str | None, home: str | None, avoid_home: bool) -> tuple:
    """``(from colour, to colour, spades, route, how, detail)`` of a transform by ``f`` (the rules in the
    module docstring), after the checks of the terrains; ``how``: ``"volcano"`` (a volcano faction: to colour
    None, no spades counted here), ``"same"``, ``"ice"`` (detail: the picked colour and its wheel distance),
    ``"fixed_two"``, ``"wheel"`` or ``"long"`` (the long way round; detail: the colour avoided)."""
    src = normalise_terrain(from_terrain)
    picked = normalise_terrain(home) if home is not None else None
    if picked in SPECIAL:
        raise IllegalActionError("bad_terrain", _("home: expected one of the seven land terrains, found {home!r}").format(home=home))
    mode = f.terraform_mode
    if mode == "none":
        raise IllegalActionError("cannot_terraform", _("{display} never transform terrain").format(display=_(f.display)),
                                 rule=_("Riverwalkers: build only on unlocked terrain, no spades (factions.json)"))
    if mode == "volcano":
        return src, None, 0, (), "volcano", None

    if f.has_fixed_home:
        home_colour = f.home_terrain
    elif mode == "ice":
        home_colour = "ice"
    else:
        home_colour = picked
    if to_terrain is None:
        if home_colour is None:
            raise IllegalActionError("needs_home_terrain", _("{display} pick their home terrain at setup; give home= (or a to_terrain)").format(display=_(f.display)))
        dst = home_colour
    else:
        dst = normalise_terrain(to_terrain)
    if src in SPECIAL and src != dst:
        raise IllegalActionError("cannot_terraform", _("{src} hexes can never be transformed").format(src=src),
                                 rule=_("Fire & Ice: ice and volcano hexes are permanent"))
    if dst == "volcano" or (dst == "ice" and mode != "ice"):
        raise IllegalActionError("cannot_terraform", _("{display} cannot create {dst} hexes").format(display=_(f.display), dst=dst),
                                 rule=_("only ice factions make ice, only volcano factions make volcanoes"))
    if src == dst:
        return src, dst, 0, (src,), "same", None
    if dst == "ice":
        if picked is None:
            raise IllegalActionError("needs_home_terrain", _("{display}: give home= (the terrain picked at setup)").format(display=_(f.display)))
        d = terrain_wheel().spade_distance(picked, src)
        return src, dst, max(1, d), (src, "ice"), "ice", (picked, d)
    if mode == "fixed_two":
        return src, dst, 2, (src, dst), "fixed_two", None
    # ice factions: the picked terrain plays the role of home for the long way (FIRE-ICE-NOTES section 4;
    # reference: Ice Maidens picked red, yellow -> gray costs 5 spades, yellow -> red 1)
    avoid = picked if mode == "ice" else home_colour
    route, went_long = _wheel_route(src, dst, avoid, avoid_home)
    return src, dst, len(route) - 1, route, "long" if went_long else "wheel", avoid


def _amount(n: int, res: str) -> str:
    """``"3 workers"``, ``"1 worker"``, ``"2 VP"`` (in the current language)."""
    forms = {
        "W": lambda: ngettext("{n} worker", "{n} workers", n),
        "P": lambda: ngettext("{n} priest", "{n} priests", n),
        "C": lambda: ngettext("{n} coin", "{n} coins", n),
        "VP": lambda: _("{n} VP"),
        "PW": lambda: _("{n} power"),
        "CULT": lambda: ngettext("{n} cult step", "{n} cult steps", n),
        "PW_TOKEN": lambda: ngettext("{n} power token", "{n} power tokens", n),
        "SPADE": lambda: ngettext("{n} spade", "{n} spades", n),
    }
    return forms[res]().format(n=n) if res in forms else f"{n} {res}"


def _volcano(f: Faction, src: str, to_terrain: str | None, free_spades: int, other_homes: Iterable[str]
             ) -> TerraformCost:
    dst = "volcano" if to_terrain is None else normalise_terrain(to_terrain)
    if dst != "volcano":
        raise IllegalActionError("cannot_terraform", _("{display} use no spades: they only turn hexes into volcanoes").format(display=_(f.display)), rule=_("Fire & Ice volcano factions"))
    if src in SPECIAL:
        raise IllegalActionError("cannot_terraform", _("{src} hexes can never be transformed").format(src=src))
    assert f.volcano_effect is not None
    homes = {normalise_terrain(h) for h in other_homes}
    where = "home" if src in homes else "not_home"
    raw = f.volcano_effect[where]
    pay = {"CULT" if k == "LOSE_CULT" else "PW_TOKEN" if k == "LOSE_PW_TOKEN" else k: v for k, v in raw.items()}
    what = _(", ").join(_amount(v, k) for k, v in pay.items())
    if where == "home":
        notes = [_("{label} -> volcano: {display} pay {what} (another faction's home terrain), no spades")
                 .format(label=_label(src), display=_(f.display), what=what)]
    else:
        notes = [_("{label} -> volcano: {display} pay {what} (not another faction's home terrain), no spades")
                 .format(label=_label(src), display=_(f.display), what=what)]
    gains: dict[str, int] = {}
    if free_spades:
        for res, v in f.spade_gain_bonus.items():
            key = "PW_TOKEN" if res == "P1" else res
            gains[key] = gains.get(key, 0) + v * free_spades
        notes.append(ngettext("the {n} spade received becomes {gains}", "the {n} spades received become {gains}",
                              free_spades)
                     .format(n=free_spades, gains=_(", ").join(_amount(v, k) for k, v in gains.items())))
    text = _("{notes}.").format(notes=_("; ").join(notes))
    return TerraformCost(faction=f.name, from_terrain=src, to_terrain="volcano", spades=0, paid_spades=0,
                         exchange_level=None, pay=MappingProxyType(pay), gains=MappingProxyType(gains),
                         route=(src, "volcano"), explanation=text[0].upper() + text[1:])
