"""Texts shown from the rules data (faction names, tile texts, card and item names) are translated.

``tools/i18n.py extract`` adds the values of the data fields it lists (``DATA_TEXT_FIELDS``) and every
glossary term to the catalog template, so code shows them with ``_(text)``; a data edit that adds a
name without running ``make i18n`` and translating it fails here.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

from companion.i18n import _, using_language

ROOT = Path(__file__).resolve().parent.parent


def _tool():
    spec = importlib.util.spec_from_file_location("i18n_tool", ROOT / "tools" / "i18n.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_data_text_has_a_chinese_translation():
    texts = _tool().data_texts()
    assert len(texts) > 150, "data text extraction found too little: is DATA_TEXT_FIELDS stale?"
    with using_language("zh_CN"):
        missing = sorted({text for text, _where in texts if _(text) == text})
    # a glossary term may be the same word in both languages (e.g. a proper name kept in Latin script)
    assert [t for t in missing if not t.isupper()] == []


def test_faction_names_from_data_follow_the_language():
    with using_language("zh_CN"):
        assert _("Witches") == "女巫" and _("Ice Maidens") == "冰之少女"
    with using_language("en"):
        assert _("Witches") == "Witches"
