"""Terra Mystica power bowls as a value: gain (I -> II -> III), spend, burn, and leech offers.

API summary
-----------
``PowerBowls(i, ii, iii)``
    Frozen (a named tuple); tokens in bowls I, II, III. ``gained(n)``, ``spent(n)``, ``burned(n)`` return
    the new bowls only -- the engine holds one ``PowerBowls`` per faction and calls these. Properties ``tokens``, ``spendable`` (= III), ``max_burn``
    (= II // 2), ``max_gain`` (= 2 * I + II: power that can still be gained). Methods return a
    :class:`PowerStep` (``before``, ``after``, ``amount``, ``explanation`` and move counts); chain with
    ``.after``:

    * ``gain(n)`` -- each power moves a token I -> II while bowl I has tokens, then II -> III; gain beyond
      ``max_gain`` is lost (never an error).
    * ``spend(n)`` -- n tokens III -> I (power actions, conversions); raises if III < n.
    * ``burn(n)`` -- n tokens II -> III and n tokens removed from II; raises if II < 2n.
    * ``add_tokens(n, bowl=1)`` / ``remove_tokens(n)`` -- new tokens (Dragonlords, Shapeshifters) and
      removed tokens (Dragonlords' volcanoes; taken from bowl I first, then II, then III).
``leech_offer(bowls, offered, *, vp=None) -> LeechOffer``
    What accepting ``offered`` power from a neighbour's build would give and cost: ``gain`` (limited by
    ``max_gain`` and, when ``vp`` is given, by ``vp + 1``), ``vp_cost`` (= gain - 1, never below 0),
    ``after`` (bowls if accepted) and ``explanation``.

Errors: :class:`companion.errors.IllegalActionError` with codes ``not_enough_power`` (spend),
``not_enough_power_to_burn`` (burn), ``not_enough_tokens`` (remove), ``bad_amount`` (negative amounts).

Sources: rules summary "力量" (gain I -> II -> III, spend III -> I) and "建筑" (offers cost power - 1 VP,
burning); RULES-NOTES section 6 (``leech N from X``: cost amount - 1 VP). Where the sources are silent:
the cap of an offer by the receiver's VP (you cannot pay VP you do not have) follows the published
rulebook; the order tokens are removed in (I, then II, then III) is the reference engine's.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import NamedTuple

from companion.errors import IllegalActionError
from companion.i18n import _

__all__ = ["LeechOffer", "PowerBowls", "PowerStep", "leech_offer"]


def _check_amount(n: int, what: str) -> None:
    if not isinstance(n, int) or isinstance(n, bool) or n < 0:
        raise IllegalActionError("bad_amount", _("{what}: expected an integer >= 0, found {n!r}").format(what=what, n=n))


@dataclass(frozen=True)
class PowerStep:
    """One change of the bowls.

    Attributes
    ----------
    before, after : PowerBowls
    amount : int
        Power actually gained / spent / burned, or tokens added / removed.
    requested : int
        The amount asked for (a gain may be larger than ``amount``).
    moved_1_to_2, moved_2_to_3 : int
        Token moves of a gain (or a burn: ``moved_2_to_3``).
    explanation : str
        A sentence for players, naming the bowls and numbers.
    """

    before: PowerBowls
    after: PowerBowls
    amount: int
    requested: int
    explanation: str
    moved_1_to_2: int = 0
    moved_2_to_3: int = 0


class _Bowls(NamedTuple):
    i: int
    ii: int
    iii: int


class PowerBowls(_Bowls):
    """Power tokens in bowls I, II and III (a value: every operation returns a new one).

    An immutable named tuple ``(i, ii, iii)``, so it is as cheap as the engine's own three numbers were; it
    compares equal to the plain tuple ``(I, II, III)``. The fast value operations :meth:`gained`,
    :meth:`spent` and :meth:`burned` return the new bowls only (the engine calls them on every gain);
    :meth:`gain`, :meth:`spend` and :meth:`burn` return a :class:`PowerStep` with the moves and an
    explanation for players.

    Raises
    ------
    IllegalActionError
        ``bad_amount`` when a bowl is negative or not an integer.
    """

    __slots__ = ()

    def __new__(cls, i: int, ii: int, iii: int) -> PowerBowls:
        _check_amount(i, "bowl I")
        _check_amount(ii, "bowl II")
        _check_amount(iii, "bowl III")
        return tuple.__new__(cls, (i, ii, iii))

    def __str__(self) -> str:
        return f"{self.i}/{self.ii}/{self.iii}"

    def __repr__(self) -> str:
        return f"PowerBowls({self.i}, {self.ii}, {self.iii})"

    @classmethod
    def of(cls, bowls: Iterable[int]) -> PowerBowls:
        """From ``(I, II, III)`` or a ``"5/7/0"`` string."""
        if isinstance(bowls, str):
            bowls = [int(x) for x in bowls.split("/")]
        return cls(*bowls)

    def as_tuple(self) -> tuple[int, int, int]:
        """``(I, II, III)``."""
        return (self.i, self.ii, self.iii)

    @property
    def tokens(self) -> int:
        """Tokens in all bowls (12 at the start for most factions)."""
        return self.i + self.ii + self.iii

    @property
    def spendable(self) -> int:
        """Power that can be spent now (bowl III)."""
        return self.iii

    @property
    def max_burn(self) -> int:
        """Largest burn possible now: half of bowl II, rounded down."""
        return self.ii // 2

    @property
    def max_gain(self) -> int:
        """Power that can still be gained before every token is in bowl III: 2 x I + II."""
        return 2 * self.i + self.ii

    # ------------------------------------------------------------------ fast value operations
    def gained(self, n: int) -> PowerBowls:
        """The bowls after gaining ``n`` power (see :meth:`gain`); power beyond :attr:`max_gain` is lost.

        Raises
        ------
        IllegalActionError
            ``bad_amount`` for a negative ``n``.
        """
        if type(n) is not int or n < 0:
            _check_amount(n, "gain")
        i, ii, iii = self
        a = n if n < i else i
        b = n - a
        if b > ii + a:
            b = ii + a
        return tuple.__new__(PowerBowls, (i - a, ii + a - b, iii + b))

    def spent(self, n: int) -> PowerBowls:
        """The bowls after spending ``n`` power: ``n`` tokens from bowl III back to bowl I.

        Raises
        ------
        IllegalActionError
            ``not_enough_power`` when bowl III holds fewer than ``n`` tokens; ``bad_amount`` for ``n < 0``.
        """
        if type(n) is not int or n < 0:
            _check_amount(n, _("spend"))
        if n > self.iii:
            if n - self.iii <= self.max_burn:
                message = _("spend {n} power: bowl III holds only {iii} (burning {burn} would get there)")
            else:
                message = _("spend {n} power: bowl III holds only {iii}")
            raise IllegalActionError("not_enough_power", message.format(n=n, iii=self.iii, burn=n - self.iii),
                                     rule=_("power is spent from bowl III"))
        return tuple.__new__(PowerBowls, (self.i + n, self.ii, self.iii - n))

    def burned(self, n: int) -> PowerBowls:
        """The bowls after burning ``n``: ``n`` tokens II -> III and ``n`` more removed from bowl II.

        Raises
        ------
        IllegalActionError
            ``not_enough_power_to_burn`` when bowl II holds fewer than ``2 n`` tokens; ``bad_amount`` for
            ``n < 0``.
        """
        if type(n) is not int or n < 0:
            _check_amount(n, _("burn"))
        if 2 * n > self.ii:
            raise IllegalActionError("not_enough_power_to_burn",
                                     _("burn {n}: needs {value} tokens in bowl II, it holds {ii}").format(n=n, value=2 * n, ii=self.ii),
                                     rule=_("burning removes one bowl-II token for each one moved to bowl III"))
        return tuple.__new__(PowerBowls, (self.i, self.ii - 2 * n, self.iii + n))

    # ------------------------------------------------------------------ explained steps
    def gain(self, n: int) -> PowerStep:
        """Gain ``n`` power: each moves a token from I to II while I has tokens, then from II to III.

        Gain that finds every token in bowl III is lost (the rules: "nothing happens").
        """
        _check_amount(n, "gain")
        after = self.gained(n)
        a = self.i - after.i
        b = after.iii - self.iii
        if a and b:
            text = _("Gain {n} power: {a} from bowl I to II, then {b} from bowl II to III").format(n=n, a=a, b=b)
        elif a:
            text = _("Gain {n} power: {a} from bowl I to II").format(n=n, a=a)
        elif b:
            text = _("Gain {n} power: {b} from bowl II to III").format(n=n, b=b)
        else:
            text = _("Gain {n} power: nothing moves").format(n=n)
        lost = n - a - b
        if lost:
            text = _("{text}; {lost} power is lost because every token is already in bowl III").format(
                text=text, lost=lost)
        return PowerStep(self, after, a + b, n, _("{text}. Bowls {before} -> {after}.").format(
            text=text, before=self, after=after), a, b)

    def spend(self, n: int) -> PowerStep:
        """Spend ``n`` power: ``n`` tokens from bowl III back to bowl I.

        Raises
        ------
        IllegalActionError
            ``not_enough_power`` when bowl III holds fewer than ``n`` tokens.
        """
        _check_amount(n, _("spend"))
        after = self.spent(n)
        return PowerStep(self, after, n, n, _("Spend {n} power: {n} tokens from bowl III back to bowl I. "
                                              "Bowls {before} -> {after}.").format(n=n, before=self, after=after))

    def burn(self, n: int) -> PowerStep:
        """Burn ``n``: move ``n`` tokens from II to III and remove another ``n`` from II for good.

        Raises
        ------
        IllegalActionError
            ``not_enough_power_to_burn`` when bowl II holds fewer than ``2 n`` tokens.
        """
        _check_amount(n, _("burn"))
        after = self.burned(n)
        return PowerStep(self, after, n, n, _("Burn {n}: {n} tokens from bowl II to III and {n} more removed "
                                              "from the game. Bowls {before} -> {after} ({tokens} tokens).").format(
                                                  n=n, before=self, after=after, tokens=after.tokens),
                         moved_2_to_3=n)

    def add_tokens(self, n: int, bowl: int = 1) -> PowerStep:
        """Add ``n`` new tokens to ``bowl`` (1, 2 or 3): Dragonlords' spades and stronghold, Shapeshifters."""
        _check_amount(n, _("add tokens"))
        if bowl not in (1, 2, 3):
            raise IllegalActionError("bad_amount", _("add tokens: bowl must be 1, 2 or 3, found {bowl!r}").format(bowl=bowl))
        vals = list(self.as_tuple())
        vals[bowl - 1] += n
        after = PowerBowls(*vals)
        return PowerStep(self, after, n, n, _("{n} new tokens into bowl {bowl}. Bowls {before} -> {after}.").format(
            n=n, bowl="I" * bowl, before=self, after=after))

    def remove_tokens(self, n: int) -> PowerStep:
        """Remove ``n`` tokens from the game, from bowl I first, then II, then III (Dragonlords' volcanoes).

        Raises
        ------
        IllegalActionError
            ``not_enough_tokens`` when fewer than ``n`` tokens are left.
        """
        _check_amount(n, _("remove tokens"))
        if n > self.tokens:
            raise IllegalActionError("not_enough_tokens", _("remove {n} tokens: only {tokens} left").format(n=n, tokens=self.tokens))
        vals = list(self.as_tuple())
        left = n
        for k in range(3):
            take = min(left, vals[k])
            vals[k] -= take
            left -= take
        after = PowerBowls(*vals)
        return PowerStep(self, after, n, n, _("{n} tokens removed from the game. Bowls {before} -> {after}.").format(
            n=n, before=self, after=after))


class LeechOffer(NamedTuple):
    """A power offer from a neighbour's build, as the receiver sees it (an immutable named tuple: the
    engine makes one for every accepted offer).

    Attributes
    ----------
    offered : int
        Power offered (sum of the receiver's adjacent building power values).
    gain : int
        Power the receiver would actually get if accepting.
    vp_cost : int
        VP paid for accepting: ``gain - 1`` (taking 1 power is free).
    before, after : PowerBowls
        Bowls now and after accepting.
    vp : int or None
        The receiver's VP when it limited the offer (see :func:`leech_offer`).
    explanation : str
        A sentence for players (built when read).
    """

    offered: int
    gain: int
    vp_cost: int
    before: PowerBowls
    after: PowerBowls
    vp: int | None = None

    @property
    def explanation(self) -> str:
        """``Offered N power; [why less]; accepting gains G power for C VP (power - 1). Bowls a -> b.``"""
        accept = _("accepting gains {gain} power for {vp} VP (power - 1). Bowls {before} -> {after}.").format(
            gain=self.gain, vp=self.vp_cost, before=self.before, after=self.after)
        by_bowls = min(self.offered, self.before.max_gain)
        if self.gain < by_bowls:
            return _("Offered {offered} power; only {n} can be paid for with {vp} VP; {accept}").format(
                offered=self.offered, n=self.gain, vp=self.vp, accept=accept)
        if by_bowls < self.offered:
            return _("Offered {offered} power; only {n} can be gained (bowls {bowls}); {accept}").format(
                offered=self.offered, n=by_bowls, bowls=self.before, accept=accept)
        return _("Offered {offered} power; {accept}").format(offered=self.offered, accept=accept)


def leech_offer(bowls: PowerBowls, offered: int, *, vp: int | None = None) -> LeechOffer:
    """What accepting a power offer of ``offered`` would do.

    Parameters
    ----------
    bowls : PowerBowls
        The receiver's bowls.
    offered : int
        Power offered (>= 0), or the part of it the receiver asks for (``Leech 2 from X`` of an offer of 3).
    vp : int or None
        The receiver's VP; when given, the gain is capped at ``vp + 1`` (the receiver cannot pay VP they do
        not have -- published rulebook; the reference engine does the same).

    Returns
    -------
    LeechOffer

    Raises
    ------
    IllegalActionError
        ``bad_amount`` for a negative or non-integer ``offered`` or ``vp``.

    Source: RULES-NOTES section 6 (``leech N from X``: cost N - 1 VP); the engine accepts with this.
    """
    if type(offered) is not int or offered < 0:
        _check_amount(offered, _("offered power"))
    gain = min(offered, 2 * bowls.i + bowls.ii)
    if vp is not None:
        if type(vp) is not int or vp < 0:
            _check_amount(vp, "VP")
        if gain - 1 > vp:
            gain = vp + 1
    return LeechOffer(offered=offered, gain=gain, vp_cost=gain - 1 if gain > 1 else 0, before=bowls,
                      after=bowls.gained(gain), vp=vp)
