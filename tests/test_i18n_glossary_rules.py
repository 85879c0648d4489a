"""The glossary's Chinese is the Chinese of the rules texts (issue 22, point 9).

The rules documents the project is built from (copied verbatim into ``tests/fixtures/rules/``) are the
reference for game terms: every glossary term's preferred Chinese and each accepted variant must occur in
its game's rules text (common terms: in any of the three). Only terms whose ``source`` says "project choice"
(the rules text has no word for the thing) are exempt. The texts are compared without white space (the
documents break lines inside words) and in NFKC form (``：`` and ``:`` are the same colon).
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import pytest

from companion.i18n import load_glossary

RULES = Path(__file__).parent / "fixtures" / "rules"
FILES = {
    "terra_mystica": "terra-mystica.zh.md",
    "century": "century-golem-edition.zh.md",
    "magick": "merchants-of-magick.zh.md",
}


def _flat(text: str) -> str:
    return re.sub(r"\s+", "", unicodedata.normalize("NFKC", text))


@pytest.fixture(scope="module")
def rules_texts() -> dict[str, str]:
    texts = {game: _flat((RULES / name).read_text(encoding="utf-8")) for game, name in FILES.items()}
    texts["common"] = "\n".join(texts.values())
    return texts


def words_missing_from_rules(glossary, rules_texts) -> list[str]:
    missing = []
    for term in glossary.terms:
        if term.source.startswith("project choice"):
            continue
        text = rules_texts[term.game]
        for word in (term.zh, *term.variants):
            if _flat(word) not in text:
                missing.append(f"{term.game} {term.en!r}: {word!r}")
    return missing


def test_every_glossary_term_is_the_rules_texts_word(rules_texts):
    assert words_missing_from_rules(load_glossary(), rules_texts) == []


@pytest.mark.parametrize(("game", "en", "zh"), [
    ("terra_mystica", "power", "力量"),
    ("terra_mystica", "power bowl", "碗"),
    ("terra_mystica", "bid", "竞叫"),
    ("terra_mystica", "exchange level", "铲子兑换率"),
    ("terra_mystica", "largest network", "最大规模连接文明"),
])
def test_the_terms_issue_22_names(game, en, zh):
    """The words a reader of the rules met and the project did not use (权力碗, 出价, 铲子等级, 网络)."""
    term = load_glossary().lookup(en, game)
    assert term.zh == zh
    assert not {"权力", "权力碗", "出价", "网络", "铲子等级"} & {term.zh, *term.variants}


def test_the_check_catches_a_word_the_rules_do_not_use(rules_texts):
    from companion.i18n import parse_glossary

    doc = {"version": 1, "about": "x", "terms": [
        {"game": "terra_mystica", "en": "power bowl", "zh": "权力碗", "source": "terra-mystica.zh.md"},
        {"game": "terra_mystica", "en": "power", "zh": "力量", "source": "terra-mystica.zh.md"},
        {"game": "terra_mystica", "en": "ledger", "zh": "记录", "source": "project choice"},
    ]}
    assert words_missing_from_rules(parse_glossary(doc, file="g.json"), rules_texts) == \
        ["terra_mystica 'power bowl': '权力碗'"]


# The project's own words the rules texts say otherwise (issue 22), and the rules' word.
NOT_THE_RULES_WORD = {
    "权力": "力量",
    "出价": "竞叫",
    "铲子等级": "铲子兑换率",
    "铲子兑换轨道": "铲子兑换率",
    "个铲子": "把铲子",
    "网络": "最大规模连接 / 连接文明",
    "终局计分": "最终计分",
}
CRYSTALS_COUNTED_WITH_GE = re.compile(r"[\d一二两三四五六七八九十]\s*个(?:黄|绿|青|洋红)?色?晶石")
ROOT = Path(__file__).resolve().parent.parent
CATALOGS = ROOT / "companion" / "locale" / "zh_CN" / "LC_MESSAGES"


def chinese_texts():
    """(where, text) for every translation in the zh_CN catalogs and every cell of the Chinese notebooks."""
    import json

    from babel.messages.pofile import read_po

    for domain in ("companion", "notebooks"):
        with open(CATALOGS / f"{domain}.po", "rb") as f:
            for m in read_po(f):
                strings = m.string if isinstance(m.string, tuple) else (m.string,)
                for s in strings:
                    if s:
                        yield f"{domain}.po {m.id if isinstance(m.id, str) else m.id[0]!r:.60}", s
    for path in sorted((ROOT / "notebooks" / "zh_CN").rglob("*.ipynb")):
        for i, cell in enumerate(json.loads(path.read_text(encoding="utf-8"))["cells"]):
            yield f"{path.relative_to(ROOT)} cell {i}", "".join(cell["source"])


def wrong_words(texts) -> list[str]:
    bad = []
    for where, text in texts:
        for word, rules_word in NOT_THE_RULES_WORD.items():
            if word in text:
                bad.append(f"{where}: {word!r} (the rules say {rules_word})")
        if CRYSTALS_COUNTED_WITH_GE.search(text):
            bad.append(f"{where}: crystals counted with 个 (the rules count them with 颗)")
    return bad


def test_catalogs_and_notebooks_use_the_rules_words():
    assert wrong_words(chinese_texts()) == []


def test_wrong_word_check_catches_the_old_words():
    assert len(wrong_words([("a", "权力碗 {before} → {after}"), ("b", "放置 3 个晶石"), ("c", "2 个黄色晶石"),
                            ("d", "当前最高出价"), ("e", "放置 3 颗晶石；碗 I/II/III；竞叫")])) == 4
