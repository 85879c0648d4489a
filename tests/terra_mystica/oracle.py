"""The reference Terra Mystica engine as a black-box oracle for tests and benchmarks (issue 19, item 6).

snellman's engine (Perl) lives next to the project, in ``<project root>/../shared/reference/terra_mystica/
reference-engine`` (its README describes the command-rows format and the ``evaluate.pl`` driver). This
module only *runs* it: it writes a rows text to a temporary file, hands the path to one long-lived
``perl evaluate.pl src --serve`` process and reads back its JSON verdict. Nothing of the engine's code is
translated or copied.

API (kept small and stable; other branches use it)
--------------------------------------------------
``engine_dir() -> Path``
    Where the reference engine is looked for.
``unavailable_reason() -> str | None``
    Why the oracle cannot run here (no engine directory, no perl, a Perl package missing), or None.
``require_oracle() -> None``
    ``pytest.skip`` with that reason (call it in a test or fixture).
``Oracle()``
    One ``--serve`` process (a context manager; ``close()`` ends it). ``oracle.judge(rows_text) -> Verdict``.
``Verdict``
    ``accepted`` (no refusal), ``error`` (the refusal's text, "" when accepted), ``final_vp`` (faction -> VP
    after the last accepted row), ``finished``, ``round``, ``action_required`` (list of ``(type, faction)``),
    ``rows`` (the reference ledger: :class:`LedgerRow` per row, comments left out).

Examples
--------
>>> from tests.terra_mystica.oracle import Oracle, engine_dir, unavailable_reason
>>> if unavailable_reason() is None:                       # doctest: +SKIP
...     with Oracle() as oracle:
...         verdict = oracle.judge(open(engine_dir() / "example.rows").read())
...     verdict.accepted, verdict.final_vp["engineers"]
(True, 161)
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

__all__ = ["PERL_MODULES", "LedgerRow", "Oracle", "Verdict", "engine_dir", "require_oracle", "unavailable_reason"]

PROJECT_ROOT = Path(__file__).resolve().parents[2]

PERL_MODULES = ("Readonly", "Exporter::Easy", "Clone", "Moose", "Method::Signatures::Simple", "Math::Random::MT",
                "indirect", "JSON")
"""Perl packages the engine loads (its README's Debian list: libreadonly-perl, libexporter-easy-perl, ...)."""


ENGINE_PATH = Path("shared", "reference", "terra_mystica", "reference-engine")


@lru_cache(maxsize=1)
def engine_dir() -> Path:
    """The reference engine's directory: ``$TM_REFERENCE_ENGINE`` if set, else
    ``<project root>/../shared/reference/terra_mystica/reference-engine``; in a git worktree elsewhere, the same
    path beside the main checkout (``git rev-parse --git-common-dir``)."""
    env = os.environ.get("TM_REFERENCE_ENGINE")
    if env:
        return Path(env)
    first = PROJECT_ROOT.parent / ENGINE_PATH
    if first.is_dir():
        return first
    try:
        common = subprocess.run(["git", "rev-parse", "--path-format=absolute", "--git-common-dir"], cwd=PROJECT_ROOT,
                                capture_output=True, text=True, timeout=10).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        common = ""
    if common:
        beside_main = Path(common).parent.parent / ENGINE_PATH
        if beside_main.is_dir():
            return beside_main
    return first


@lru_cache(maxsize=1)
def unavailable_reason() -> str | None:
    """Why the reference engine cannot run here, or None when it can (checked once per process)."""
    where = engine_dir()
    if not (where / "evaluate.pl").is_file() or not (where / "src" / "tracker.pm").is_file():
        return f"the reference engine is not at {where} (evaluate.pl and src/tracker.pm expected)"
    perl = shutil.which("perl")
    if perl is None:
        return "perl is not installed (the reference engine is Perl; see its README for Debian's packages)"
    probe = subprocess.run([perl, *[f"-M{m}" for m in PERL_MODULES], "-e", "1"], capture_output=True, text=True,
                           timeout=60)
    if probe.returncode != 0:
        first = (probe.stderr.strip().splitlines() or ["?"])[0]
        return f"a Perl package the reference engine needs is missing ({first}); see {where / 'README.md'}"
    return None


def require_oracle() -> None:
    """Skip the calling test with a clear message when the reference engine cannot run here."""
    import pytest

    reason = unavailable_reason()
    if reason is not None:
        pytest.skip(f"reference engine unavailable: {reason}")


class LedgerRow(NamedTuple):
    """One row of the reference ledger: ``faction``, ``commands`` (the row's text as the engine merged it),
    then the totals after it: ``vp``, ``coins``, ``workers``, ``priests``, ``power`` (bowls I, II, III) and
    ``cults`` (FIRE, WATER, EARTH, AIR)."""

    faction: str
    commands: str
    vp: int
    coins: int
    workers: int
    priests: int
    power: tuple
    cults: tuple

    @property
    def totals(self) -> tuple:
        """The 11 totals in the project's ``TOTAL_FIELDS`` order (VP, C, W, P, PW1-3, FIRE, WATER, EARTH, AIR)."""
        return (self.vp, self.coins, self.workers, self.priests, *self.power, *self.cults)


@dataclass
class Verdict:
    """What the reference engine made of a rows text (see the module docstring)."""

    accepted: bool
    error: str
    final_vp: dict
    finished: bool
    round: int | None
    action_required: list = field(default_factory=list)
    rows: list = field(default_factory=list)


def _int(x) -> int:
    try:
        return int(x)
    except (TypeError, ValueError):
        return 0


def _split(text, n: int) -> tuple:
    parts = str(text).split("/")
    return tuple(_int(p) for p in parts) if len(parts) == n else (0,) * n


def _verdict(doc: dict) -> Verdict:
    rows = []
    for r in doc.get("rows") or []:
        if isinstance(r, dict):
            continue
        faction, commands, vp, c, w, p, pw, cult = (list(r) + [None] * 8)[:8]
        rows.append(LedgerRow(faction or "", commands or "", _int(vp), _int(c), _int(w), _int(p), _split(pw, 3),
                              _split(cult, 4)))
    error = doc.get("error") or []
    return Verdict(accepted=not error, error="; ".join(str(e).strip() for e in error),
                   final_vp={k: _int(v) for k, v in (doc.get("final_vp") or {}).items()},
                   finished=bool(doc.get("finished")), round=doc.get("round"),
                   action_required=[(a.get("type"), a.get("faction")) for a in doc.get("action_required") or []],
                   rows=rows)


class Oracle:
    """One ``perl evaluate.pl src --serve`` process judging rows texts one after the other.

    Raises
    ------
    RuntimeError
        When the engine cannot run here (:func:`unavailable_reason`), or the process dies.
    """

    def __init__(self) -> None:
        reason = unavailable_reason()
        if reason is not None:
            raise RuntimeError(reason)
        where = engine_dir()
        self._proc = subprocess.Popen(["perl", "evaluate.pl", "src", "--serve"], cwd=where, stdin=subprocess.PIPE,
                                      stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self._dir = tempfile.TemporaryDirectory(prefix="tm-oracle-")
        self._n = 0

    def judge(self, rows_text: str) -> Verdict:
        """Replay ``rows_text`` (a command-rows file's content) and return the reference's verdict."""
        self._n += 1
        path = Path(self._dir.name) / f"game-{self._n}.rows"
        path.write_text(rows_text, encoding="utf-8")
        try:
            self._proc.stdin.write(f"{path}\n")
            self._proc.stdin.flush()
            line = self._proc.stdout.readline()
        finally:
            path.unlink(missing_ok=True)
        if not line:
            raise RuntimeError(f"the reference engine's --serve process ended (exit {self._proc.poll()})")
        return _verdict(json.loads(line))

    def close(self) -> None:
        """End the process and remove the temporary files."""
        if self._proc.poll() is None:
            self._proc.stdin.close()
            try:
                self._proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self._proc.kill()
        self._dir.cleanup()

    def __enter__(self) -> Oracle:
        return self

    def __exit__(self, *exc) -> None:
        self.close()
