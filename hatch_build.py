"""Build hook: compile Century's rules engine and Terra Mystica's hot modules with Cython, as optional extensions.

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

Terra Mystica's engine and bots (a package of many modules) are compiled differently, each module under its
own name: the modules listed as ``compile`` under ``[tool.hatch.build.hooks.custom]`` in ``pyproject.toml``
are compiled from their unchanged sources into ``companion/_native/`` (``<module name><EXT_SUFFIX>``, with
``<module name>.sha256``: the SHA-256 of the ``.py`` it was built from, then this build's own stamp).
``companion._compiled`` imports a module from its extension only while that record matches the ``.py``, so
there is one module of that name in either mode. Each module that Cython or the C compiler rejects stays
plain Python (one warning line names it); the others are still compiled.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
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
MODULE_DIRECTIVES = {**{k: v for k, v in DIRECTIVES.items() if k != "embedsignature"}, "autotestdict": False}
"""Terra Mystica's modules: docstrings exactly as in the source (``binding`` gives ``inspect.signature`` and
``help`` the signature; an embedded copy would make ``__doc__`` differ between the two modes), and no
``__test__`` dict (doctest finds the binding functions' examples itself; the dict made it run them twice)."""


NATIVE = Path("companion") / "_native"
"""Where the Terra Mystica modules' extensions and records go (``companion._compiled.FOLDER``)."""


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


def _module_name(source: Path) -> str:
    """``companion/terra_mystica/engine/moves.py`` -> ``companion.terra_mystica.engine.moves``."""
    return ".".join(source.with_suffix("").parts)


def _build_ext(extensions: list, tmp: Path, parallel: int) -> list[str]:
    """Run setuptools' ``build_ext`` on cythonized ``extensions``; returns the built files."""
    from setuptools import Distribution

    dist = Distribution({"name": "companion-native", "ext_modules": extensions})
    build_ext = dist.get_command_obj("build_ext")
    build_ext.build_lib = str(tmp / "lib")
    build_ext.build_temp = str(tmp / "temp")
    build_ext.parallel = parallel
    build_ext.ensure_finalized()
    build_ext.run()
    return build_ext.get_outputs()


def compile_modules(root: Path, sources: list[str]) -> tuple[list[Path], list[str]]:
    """Compile each module of ``sources`` (paths relative to ``root``) into :data:`NATIVE` under its own name.

    A module already built from the same source by the same hook and Cython is kept. Returns the extensions
    and records in place (to force-include in a wheel) and one line per module left plain Python.
    """
    from Cython.Build import cythonize
    from setuptools import Extension

    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    folder = root / NATIVE
    folder.mkdir(exist_ok=True)
    hook = Path(__file__).read_bytes() + importlib.metadata.version("cython").encode()
    done: list[Path] = []
    todo: dict[str, tuple[Path, str, str]] = {}  # name -> (source, source stamp, build stamp)
    for relative in sources:
        source = root / relative
        name = _module_name(Path(relative))
        code = source.read_bytes()
        record = folder / f"{name}.sha256"
        build = stamp(code + hook)
        wanted = f"{stamp(code)}\n{build}\n"
        if (folder / f"{name}{suffix}").exists() and record.exists() and record.read_text() == wanted:
            done += [folder / f"{name}{suffix}", record]
        else:
            todo[name] = (source, stamp(code), build)
    listed = {_module_name(Path(relative)) for relative in sources}
    for path in folder.iterdir():  # a module taken off the list: its extension would still be imported
        name = next((path.name[: -len(end)] for end in (".sha256", suffix, suffix + ".part") if path.name.endswith(end)),
                    None)
        if name is not None and name not in listed:
            path.unlink()
    failed: list[str] = []
    if not todo:
        return done, failed
    parallel = max(1, min(len(todo), os.cpu_count() or 1))
    with tempfile.TemporaryDirectory(prefix="companion-build-") as tmp_name:
        tmp = Path(tmp_name)
        cythonized = []
        for name, (source, _, _) in todo.items():  # one by one: a Cython error leaves only that module pure
            extension = Extension(name, [str(source)], extra_compile_args=["-g0", "-O2"])
            try:
                cythonized += cythonize([extension], compiler_directives=MODULE_DIRECTIVES, quiet=True,
                                        build_dir=str(tmp / "c"))
            except Exception as exc:  # noqa: BLE001 - Cython's CompileError and anything else
                failed.append(f"{name} (Cython: {type(exc).__name__}: {exc})")
        try:
            outputs = _build_ext(cythonized, tmp, parallel)
        except Exception:  # noqa: BLE001 - some module failed in the C compiler: find which, one by one
            outputs = []
            for extension in cythonized:
                try:
                    outputs += _build_ext([extension], tmp, 1)
                except Exception as exc:  # noqa: BLE001
                    failed.append(f"{extension.name} (C compiler: {type(exc).__name__}: {exc})")
        for built in map(Path, outputs):
            name = built.name[: -len(suffix)]
            name = ".".join([*built.relative_to(tmp / "lib").parent.parts, name])
            _, source_stamp, build = todo[name]
            target, record = folder / f"{name}{suffix}", folder / f"{name}.sha256"
            record.unlink(missing_ok=True)  # no record while the extension is replaced: the .py is used
            part = target.with_name(target.name + ".part")  # a new file renamed over the old one (see above)
            shutil.copyfile(built, part)
            os.replace(part, target)
            record.write_text(f"{source_stamp}\n{build}\n")
            done += [target, record]
    return done, failed


class CustomBuildHook(BuildHookInterface):
    """Compile the engine before the wheel (or the editable wheel) is assembled; never fail the build."""

    def initialize(self, version: str, build_data: dict) -> None:
        if self.target_name != "wheel" or os.environ.get("COMPANION_NO_COMPILE"):
            return
        root = Path(self.root)
        self._compile_modules(root, version, build_data)
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

    def _compile_modules(self, root: Path, version: str, build_data: dict) -> None:
        """Compile the modules listed as ``compile`` in the hook's configuration; never fail the build."""
        try:
            done, failed = compile_modules(root, list(self.config.get("compile", [])))
        except Exception as exc:  # noqa: BLE001 - no Cython, no compiler, ...: all of them stay plain Python
            print(f"companion: Terra Mystica's modules not compiled ({type(exc).__name__}: {exc}); they run as "
                  "plain Python", file=sys.stderr)
            return
        if failed:
            print(f"companion: {len(failed)} module(s) not compiled, they run as plain Python: "
                  + "; ".join(line.replace("\n", " ")[:300] for line in failed), file=sys.stderr)
        if not done:
            return
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
        if version != "editable":  # an editable install imports them from the source tree
            for path in done:
                build_data["force_include"][str(path)] = str(path.relative_to(root))
