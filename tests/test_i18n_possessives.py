"""Messages never glue a possessive onto a placeholder (``"{name}'s"``): it breaks for names ending in s
("the Nomads's") and does not translate (Chinese word order differs). Reworded by kind:
"{due} is to act now, not {name}", "the spades of {action}", "{name} has a free circle from the adventurer"."""

from __future__ import annotations

import re

import pytest

from tests.test_i18n import _ids, _strings, entries, po

#: A placeholder (``{name}``, ``{name!r}``, ``%(name)s``) followed by an apostrophe-s, straight or curly.
POSSESSIVE = re.compile(r"(?:\}|%\(\w+\)s)['’]s\b")


@pytest.mark.parametrize("locale", ["en", "zh_CN"])
def test_no_catalog_message_puts_a_possessive_on_a_placeholder(locale):
    found = [text for m in entries(po(locale)) for text in _ids(m) + (_strings(m) if locale == "en" else [])
             if POSSESSIVE.search(text)]
    assert found == []


@pytest.mark.parametrize("text, hit", [("it is {due}'s turn", True), ("{name}’s adventurer", True),
                                       ("%(name)s's bowl", True), ("at the round's end {end}", False),
                                       ("{name} is to act now", False)])
def test_the_check_sees_a_possessive_on_a_placeholder(text, hit):
    assert bool(POSSESSIVE.search(text)) is hit
