"""A fixture for widget tests: the widgets a test builds stop listening to language switches after it.

ipywidgets keeps every widget alive in its registry, so a widget's language listener (held weakly) would
live on and every later ``set_language`` in the test session would redraw all the widgets ever built.
Import the fixture into a test module to use it (it is autouse).
"""

from __future__ import annotations

import pytest

from companion import i18n


@pytest.fixture(autouse=True)
def forget_language_listeners():
    """Restore the language listeners to what they were before the test."""
    before = list(i18n._listeners)
    yield
    i18n._listeners[:] = before
