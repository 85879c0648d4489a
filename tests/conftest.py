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
