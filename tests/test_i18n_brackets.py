"""Chinese text is bracketed with full-width brackets （…）, as the Chinese rules texts do, not with ASCII ( )."""

from __future__ import annotations

import re
from pathlib import Path

from babel.messages.pofile import read_po

from companion.i18n import _, using_language

CATALOG = Path(__file__).resolve().parent.parent / "companion" / "locale" / "zh_CN" / "LC_MESSAGES" / "companion.po"
CJK = "[\u4e00-\u9fff]"


def _translations() -> list[tuple[str, str]]:
    with CATALOG.open("rb") as f:
        catalog = read_po(f)
    pairs = []
    for message in catalog:
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        pairs += [(ids[0], s) for s in strings if ids[0] and s]
    return pairs


def test_no_ascii_brackets_around_chinese_text():
    half_width = re.compile(r"\([^()]*" + CJK + r"[^()]*\)")
    assert [(i, s) for i, s in _translations() if half_width.search(s)] == []


def test_label_with_a_bracketed_kind_uses_full_width_brackets_in_chinese():
    # "{name} ({kind})" labels a seat (faction + person/bot): both parts are Chinese in the Chinese edition.
    pairs = [(i, s) for i, s in _translations() if re.fullmatch(r"\{\w+\} \(\{\w+\}\)", i)]
    assert pairs and all("（" in s and "(" not in s for _i, s in pairs)
    with using_language("zh_CN"):
        label = _("{name} ({kind})").format(name="女巫", kind=_("person"))
    assert label == "女巫（真人）"
