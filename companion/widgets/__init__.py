"""ipywidgets + plotly views used by the notebooks.

This is the only package that imports ipywidgets. Widgets hold a state value, call the public
API of the game packages and redraw; no rule is decided here. Callbacks are plain methods, so
tests drive them without a browser.

Start-up (issue 13): nothing is imported here eagerly; each notebook imports the one widget module it
shows. One library import is deferred on purpose: plotly imports ``nbformat`` when it loads (only
``fig.show()`` with a notebook renderer uses it), and ``nbformat`` imports ``jsonschema``, whose optional
IRI checker (``rfc3987_syntax``) compiles about 40 grammars at import: about 1.3 s of CPU, most of every
notebook's first cell. ``nbformat`` is therefore registered as a deferred module: ``import nbformat``
gives a placeholder, and the real module is loaded, unchanged, the first time any of its attributes is
used (the placeholder then forwards to it).
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
import types


class _DeferredModule(types.ModuleType):
    """Stands in ``sys.modules`` for a module until one of its attributes is used, then loads it.

    Unlike :class:`importlib.util.LazyLoader`, a plain ``import name`` does not load it (the import
    system only reads ``__spec__``, which is set here); ``from name import x``, ``name.x`` and submodule
    imports do.
    """

    def __getattr__(self, attr: str):
        real = _load_deferred(self.__name__)
        return getattr(real, attr)


def _load_deferred(name: str) -> types.ModuleType:
    placeholder = sys.modules.get(name)
    if isinstance(placeholder, _DeferredModule):
        del sys.modules[name]
    real = importlib.import_module(name)
    if isinstance(placeholder, _DeferredModule) and placeholder is not real:
        placeholder.__dict__.update(real.__dict__)  # holders of the placeholder see the real names
    return real


def _defer_import(name: str) -> None:
    """Register ``name`` as a deferred module (see :class:`_DeferredModule`), unless already imported."""
    if name in sys.modules:
        return
    try:
        spec = importlib.util.find_spec(name)
    except (ImportError, ValueError):
        return
    if spec is None:
        return
    module = _DeferredModule(name)
    module.__spec__ = spec
    module.__file__ = spec.origin
    module.__loader__ = spec.loader
    sys.modules[name] = module


_defer_import("nbformat")
