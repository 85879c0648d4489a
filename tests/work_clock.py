"""A clock that moves only with the work a search does, so its time cap is tested without timing flakiness.

``WorkClock.charging(monkeypatch, module, name, seconds)`` wraps ``module.name`` so that each call advances the
clock by ``seconds`` (a slow machine where that unit of work costs that much); pass the clock as the search's
``clock``. ``clock.now`` is then the work's cost in those units."""

from __future__ import annotations


class WorkClock:
    """A clock (s) read by the search; it advances only when a charged function is called."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now

    def charging(self, monkeypatch, owner: object, name: str, seconds: float) -> WorkClock:
        """Charge ``seconds`` to the clock for every call of ``owner.name`` (patched for the test)."""
        original = getattr(owner, name)

        def charged(*args, **kwargs):
            self.now += seconds
            return original(*args, **kwargs)

        monkeypatch.setattr(owner, name, charged)
        return self
