"""Compiled copies of hot modules, imported under the modules' own names while they match the source.

``hatch_build.py`` compiles the modules listed in ``pyproject.toml`` (``[tool.hatch.build.hooks.custom]``
``compile``: Terra Mystica's engine and bots) with Cython, each under its real name (the extension of
``companion.terra_mystica.engine.moves`` *is* ``companion.terra_mystica.engine.moves``), into the git-ignored
folder ``companion/_native/``: ``<module name><EXT_SUFFIX>`` and ``<module name>.sha256``, the record of the
SHA-256 of the ``.py`` it was built from (first line; the second is the build hook's own stamp).

:func:`install` (run by ``companion/__init__.py``) puts a finder first on :data:`sys.meta_path`. For a module
with a record it finds the ``.py`` as Python would and hashes it: the compiled module is imported only when
the record matches, otherwise the plain ``.py`` (an edited source never runs stale compiled code; it runs as
Python until the next ``make venv`` / ``pip install -e .``). Either way there is one module of that name, so
its classes, enums and dataclasses are the same objects for every importer, and pickles load in both modes.
``COMPANION_PURE_PYTHON=1`` (any non-empty value) installs no finder: everything is plain Python.

:func:`compiled_modules` lists the modules imported from extensions so far; :func:`available` the modules
that would be (benchmarks print it).

Examples
--------
>>> import companion._compiled as c
>>> c.stamp(b"")[:12]
'e3b0c44298fc'
>>> set(c.compiled_modules()) <= set(c.available())
True
"""

from __future__ import annotations

import hashlib
import os
import sys
from importlib.machinery import EXTENSION_SUFFIXES, ExtensionFileLoader, ModuleSpec, PathFinder

FOLDER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "_native")
"""Where the build hook writes the extensions and their records (git-ignored, force-included in wheels)."""

SUFFIX = EXTENSION_SUFFIXES[0]
"""The running interpreter's extension suffix (``.cpython-311-x86_64-linux-gnu.so``): a build for another
interpreter is not looked at."""

RECORD = ".sha256"
"""Suffix of a module's record file."""


def stamp(source: bytes) -> str:
    """The stamp of a module source: the SHA-256 of its bytes, hex (the build hook computes it the same way).

    Parameters
    ----------
    source : bytes
        The ``.py`` file's content.

    Returns
    -------
    str
        64 hex digits.
    """
    return hashlib.sha256(source).hexdigest()


class CompiledFinder:
    """A :data:`sys.meta_path` finder that serves a module's extension while its record matches its ``.py``.

    Parameters
    ----------
    folder : str
        The folder of extensions and records (:data:`FOLDER`).
    """

    def __init__(self, folder: str) -> None:
        self.folder = folder
        try:
            names = os.listdir(folder)
        except OSError:  # nothing built (pure install, source checkout without ``make venv``)
            names = []
        files = set(names)
        self.built = {n[: -len(RECORD)] for n in names if n.endswith(RECORD) and n[: -len(RECORD)] + SUFFIX in files}
        """Names of the modules with an extension and a record for this interpreter."""
        self.stale: set[str] = set()
        """Names found with a record that does not match their ``.py`` (imported as plain Python)."""

    def matches(self, name: str, source_path: str) -> bool:
        """Whether the record of ``name`` is the stamp of the file at ``source_path`` (False if unreadable)."""
        try:
            with open(os.path.join(self.folder, name + RECORD), encoding="ascii") as record:
                recorded = record.readline().strip()
            with open(source_path, "rb") as source:
                return recorded == stamp(source.read())
        except (OSError, ValueError):
            return False

    def find_spec(self, fullname: str, path=None, target=None) -> ModuleSpec | None:
        """The extension's spec for a built module whose ``.py`` matches its record; else the plain spec."""
        if fullname not in self.built:
            return None  # every other import: one set lookup, then Python's own finders
        spec = PathFinder.find_spec(fullname, path, target)
        if spec is None or not (spec.origin or "").endswith(".py"):
            return spec
        if not self.matches(fullname, spec.origin):
            self.stale.add(fullname)
            return spec
        extension = os.path.join(self.folder, fullname + SUFFIX)
        compiled = ModuleSpec(fullname, ExtensionFileLoader(fullname, extension), origin=extension,
                              is_package=spec.submodule_search_locations is not None)
        if spec.submodule_search_locations is not None:
            compiled.submodule_search_locations = list(spec.submodule_search_locations)
        compiled.has_location = True
        return compiled

    def available(self) -> tuple[str, ...]:
        """Names of the built modules whose ``.py`` matches the record (hashes them; imports nothing)."""
        root = os.path.dirname(os.path.dirname(self.folder))  # the folder that holds ``companion/``
        names = []
        for name in sorted(self.built):
            source = os.path.join(root, *name.split("."))
            source = source + ".py" if os.path.isfile(source + ".py") else os.path.join(source, "__init__.py")
            if self.matches(name, source):
                names.append(name)
        return tuple(names)


FINDER: CompiledFinder | None = None
"""The installed finder (None in pure-Python mode or before :func:`install`)."""


def pure_python() -> bool:
    """Whether ``COMPANION_PURE_PYTHON`` asks for plain Python everywhere."""
    return bool(os.environ.get("COMPANION_PURE_PYTHON"))


def install() -> CompiledFinder | None:
    """Put the finder first on :data:`sys.meta_path` (once); none when :func:`pure_python`."""
    global FINDER
    if FINDER is None and not pure_python():
        FINDER = CompiledFinder(FOLDER)
        sys.meta_path.insert(0, FINDER)
    return FINDER


def compiled_modules() -> tuple[str, ...]:
    """Names of the modules imported so far from their compiled extension (sorted; empty when pure)."""
    return tuple(sorted(name for name, module in list(sys.modules.items())
                        if isinstance(getattr(module, "__loader__", None), ExtensionFileLoader)
                        and os.path.dirname(getattr(module, "__file__", "") or "") == FOLDER))


def available() -> tuple[str, ...]:
    """Names of the modules that are (or would be) imported compiled: built, and matching their ``.py``."""
    return FINDER.available() if FINDER is not None else ()
