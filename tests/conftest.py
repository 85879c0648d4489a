"""Test-wide settings: score apps never read or write the user's real save folder or game history during tests."""

from __future__ import annotations

import weakref

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
def _language_of_the_test_ends_with_it():
    """Put the language choice back after every test.

    ``companion --lang zh_CN ...`` run in-process (typer's ``CliRunner``) and ``set_language`` choose the
    language for the whole process; a test that forgot to undo it once left every later test in Chinese (82
    failures in one CI run, all far from the test that leaked). Restored silently: the test's widgets are
    dropped anyway.
    """
    from companion import i18n

    saved = i18n._explicit
    yield
    i18n._explicit = saved


@pytest.fixture(autouse=True)
def _forget_language_listeners_of_the_test():
    """Drop the language listeners a test registered when it ends.

    ipywidgets keeps every open widget alive (its registry), and a widget listens to the language switch
    (``companion.i18n.add_language_listener``) while it is alive: widgets left by one test would be redrawn
    by every later ``set_language``, coupling unrelated tests (and slowing them). The widgets themselves are
    left alone (a module-level ``Layout`` is a widget too).
    """
    from companion import i18n

    before = list(i18n._listeners)
    yield
    for item in list(i18n._listeners):
        if not any(item is old for old in before):
            target = item() if isinstance(item, weakref.WeakMethod) else item
            if target is not None:
                i18n.remove_language_listener(target)
            elif item in i18n._listeners:
                i18n._listeners.remove(item)
