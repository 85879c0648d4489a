"""Every docstring example of the package runs and gives what it shows (issue 22, point 14).

One test per module of ``companion`` found by walking the package (a new module is collected without being
listed here); a module without examples has nothing to run.
"""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import companion
from companion.i18n import using_language

MODULES = sorted(m.name for m in pkgutil.walk_packages(companion.__path__, "companion."))


def _examples(name: str) -> list[doctest.DocTest]:
    module = importlib.import_module(name)
    return [t for t in doctest.DocTestFinder(exclude_empty=True).find(module) if t.examples]


def test_the_walk_finds_the_modules_with_examples():
    with_examples = [name for name in MODULES if _examples(name)]
    assert len(MODULES) > 90 and len(with_examples) >= 28, with_examples


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    tests = _examples(name)
    if not tests:
        pytest.skip("no examples")
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    with using_language("en"):  # the examples show the English text
        for test in tests:
            runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples of {name} fail (see the output)"
