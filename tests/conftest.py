"""Test-wide settings: score apps never read or write the user's real save folder or game history during tests."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _private_save_dir(tmp_path_factory, monkeypatch):
    """Point ``$COMPANION_SAVE_DIR`` at a fresh temporary folder for every test.

    A corrupt save left in ``~/.companion/saves`` by a person trying the apps must not change test
    results, and tests must not leave saves behind there.
    """
    monkeypatch.setenv("COMPANION_SAVE_DIR", str(tmp_path_factory.mktemp("saves")))
    # the game history too: never the user's real history file
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path_factory.mktemp("data")))
    # messages in English unless a test chooses otherwise: a machine whose locale is Chinese must give the
    # same results
    monkeypatch.setenv("COMPANION_LANG", "en")


@pytest.fixture(autouse=True)
def _close_widgets_made_by_the_test():
    """Close the widgets a test made when it ends.

    ipywidgets keeps every open widget alive (its registry), and a widget listens to the language switch
    (``companion.i18n.add_language_listener``) while it is alive: widgets left open by one test would be
    redrawn by every later ``set_language``, coupling unrelated tests. Closed widgets are dropped and stop
    listening once collected.
    """
    import sys

    def open_widgets() -> dict:
        module = sys.modules.get("ipywidgets.widgets.widget")
        return getattr(module, "_instances", {}) if module is not None else {}

    before = set(open_widgets())   # widgets of wider-scoped fixtures stay open
    yield
    for key, widget in list(open_widgets().items()):
        if key not in before:
            widget.close()
