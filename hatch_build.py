"""Build hook: compile Century's rules engine with Cython, as an optional extension next to its source.

``companion/century/engine.py`` stays the one rules path. This hook compiles an unchanged copy of it (Cython's
pure-Python mode, with the C types of ``engine.pxd``) as ``companion/century/_engine_c``, with one line added:
the SHA-256 of the ``engine.py`` it was made from. ``engine.py`` serves its public functions from the compiled module only while that stamp matches
its own source, so an edited ``engine.py`` never runs stale compiled code (it runs as plain Python until the
next ``make venv`` / ``pip install -e .``). The compiled copy makes random games about a third faster
(``benchmarks/century_sim.py``).

The hook runs for wheels and editable installs alike. The extension is written into the source tree (where an
editable install imports it; it is git-ignored) and force-included in a wheel. A missing compiler, Cython or
any other build failure never fails the install: one warning line, and the package stays pure Python.
Set ``COMPANION_NO_COMPILE=1`` to skip the compilation.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import sys
import sysconfig
import tempfile
from pathlib import Path

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

SOURCE = Path("companion") / "century" / "engine.py"
MODULE = "companion.century._engine_c"
DIRECTIVES = {
    "language_level": 3,
    "binding": True,  # functions keep their signatures and docstrings (help, inspect, doctest)
    # Annotations stay documentation, as in CPython: typed arguments would make Cython refuse values CPython
    # accepts (a lazily translated rule reference passed where ``str | None`` is annotated).
    "annotation_typing": False,
    "embedsignature": True,
}


def stamp(source: bytes) -> str:
    """The stamp of an ``engine.py``: the SHA-256 of its bytes (``engine.py`` computes it the same way)."""
    return hashlib.sha256(source).hexdigest()


def compile_engine(root: Path) -> Path:
    """Compile the copy of ``engine.py`` and return the extension's path in the source tree."""
    from Cython.Build import cythonize
    from setuptools import Distribution, Extension

    source = (root / SOURCE).read_bytes()
    declarations = (root / SOURCE).with_suffix(".pxd").read_bytes()  # C types of the hot loops (Cython's pure mode)
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    target = root / SOURCE.parent / f"_engine_c{suffix}"
    build = stamp(source + declarations + Path(__file__).read_bytes())  # these sources, compiled by this hook
    record = target.with_name("_engine_c.build")  # the stamp of the build in place (git-ignored)
    if target.exists() and record.exists() and record.read_text() == build:
        return target  # already built from exactly these files (a wheel built after an editable install)
    with tempfile.TemporaryDirectory(prefix="companion-build-") as tmp:
        copy = Path(tmp) / "_engine_c.py"
        copy.write_bytes(source + f"\n_SOURCE_SHA256 = {stamp(source)!r}\n_BUILD_SHA256 = {build!r}\n".encode())
        declared = Path(tmp, *MODULE.split(".")).with_suffix(".pxd")  # the copy's augmenting .pxd, where Cython
        declared.parent.mkdir(parents=True)  # looks for the module's .pxd (on the include path, by module name)
        declared.write_bytes(declarations)
        extension = Extension(MODULE, [str(copy)], extra_compile_args=["-g0"])  # no debug symbols: 0.8 MB, not 4
        modules = cythonize([extension], compiler_directives=DIRECTIVES, quiet=True, build_dir=tmp, include_path=[tmp])
        dist = Distribution({"name": "companion-engine", "ext_modules": modules})
        build_ext = dist.get_command_obj("build_ext")
        build_ext.build_lib = str(Path(tmp) / "lib")
        build_ext.build_temp = str(Path(tmp) / "temp")
        build_ext.ensure_finalized()
        build_ext.run()
        (built,) = build_ext.get_outputs()
        # A new file renamed over the old one: a process that has the old one loaded keeps its (unchanged) copy,
        # where writing into it would crash that process.
        part = target.with_name(target.name + ".part")
        shutil.copyfile(built, part)
        os.replace(part, target)
    record.write_text(build)
    return target


class CustomBuildHook(BuildHookInterface):
    """Compile the engine before the wheel (or the editable wheel) is assembled; never fail the build."""

    def initialize(self, version: str, build_data: dict) -> None:
        if self.target_name != "wheel" or os.environ.get("COMPANION_NO_COMPILE"):
            return
        root = Path(self.root)
        try:
            target = compile_engine(root)
        except Exception as exc:  # noqa: BLE001 - any failure leaves the pure-Python engine
            print(f"companion: Century's engine not compiled ({type(exc).__name__}: {exc}); it runs as plain "
                  "Python", file=sys.stderr)
            return
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
        if version != "editable":  # an editable install imports it from the source tree
            build_data["force_include"][str(target)] = str(target.relative_to(root))
