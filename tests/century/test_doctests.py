"""The examples in the Century docstrings run and give what they show."""

import doctest

import pytest

import companion.century.actions
import companion.century.engine
import companion.century.scoring


@pytest.mark.parametrize("module", [companion.century.actions, companion.century.engine, companion.century.scoring])
def test_docstring_examples(module):
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0
