"""The glossary of game terms: English game terms and the Chinese the translations must use.

``data/i18n/glossary.json`` lists each game's terms as the Chinese rules texts the project is built from
name them (``zh``, the preferred word; ``variants``, other words those texts use). ``tests/test_i18n.py``
checks every catalog against it; ``tools/i18n.py`` puts every term in the catalog. This module reads and
validates the file (rules data, validated when loaded); :mod:`companion.i18n` only translates.

Examples
--------
>>> from companion.glossary import load_glossary
>>> term = load_glossary().lookup("faction", "terra_mystica")
>>> term.zh
'派系'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from companion.errors import RulesDataError
from companion.resources import load_json, require

__all__ = ["GLOSSARY_FILE", "Glossary", "GlossaryTerm", "load_glossary", "parse_glossary"]

GLOSSARY_FILE = "i18n/glossary.json"


@dataclass(frozen=True)
class GlossaryTerm:
    """One game term and its Chinese.

    Attributes
    ----------
    game : str
        ``"terra_mystica"``, ``"century"``, ``"magick"`` or ``"common"``.
    en : str
        The English term, singular, lower case unless a proper name (``"trading house"``).
    zh : str
        The Chinese term a translation must use (``"交易站"``).
    forms : tuple of str
        Other English spellings that mean the same term (plurals, ``"favor tile"`` ...); matched
        as whole words, case-insensitively.
    variants : tuple of str
        Other Chinese words the rules texts use for the same thing; accepted in translations,
        but ``zh`` is preferred.
    except_ : tuple of str
        English phrases in which the word is not this game term (``"the rest"`` is not the
        Century *rest* action).
    source : str
        Where the Chinese comes from (rules text file and section).
    """

    game: str
    en: str
    zh: str
    forms: tuple[str, ...] = ()
    variants: tuple[str, ...] = ()
    source: str = ""
    except_: tuple[str, ...] = ()

    def english_pattern(self) -> re.Pattern[str]:
        """Regex matching any English form as whole words, case-insensitively (any spacing)."""
        names = sorted({self.en, *self.forms}, key=len, reverse=True)
        return re.compile(r"(?<![\w-])(?:" + "|".join(_phrase_pattern(n) for n in names) + r")(?![\w-])",
                          re.IGNORECASE)

    def accepted_chinese(self) -> tuple[str, ...]:
        """The Chinese words a translation may use for this term (preferred first)."""
        return (self.zh, *self.variants)


def _phrase_pattern(phrase: str) -> str:
    """Regex source for ``phrase`` where any run of spaces may also be a line break."""
    return r"\s+".join(re.escape(word) for word in phrase.split())


@dataclass(frozen=True)
class Glossary:
    """The validated glossary: English game terms and the Chinese the translations must use."""

    terms: tuple[GlossaryTerm, ...]

    def __len__(self) -> int:
        return len(self.terms)

    def for_game(self, game: str | None) -> Glossary:
        """Return the terms of ``game`` plus the common ones (only the common ones for ``None``)."""
        return Glossary(tuple(t for t in self.terms if t.game in ("common", game)))

    def lookup(self, english: str, game: str | None = None) -> GlossaryTerm:
        """Return the term whose English (or one of its forms) is ``english``.

        Raises
        ------
        KeyError
            If no term matches.
        """
        key = english.strip().lower()
        for term in self.terms:
            if game is not None and term.game not in (game, "common"):
                continue
            if key == term.en.lower() or key in (f.lower() for f in term.forms):
                return term
        raise KeyError(english)

    def terms_in(self, english_text: str) -> list[GlossaryTerm]:
        """Return the terms whose English occurs in ``english_text``, longest match first.

        A word inside a longer matched term is not reported on its own (``"cult track"`` does not
        also report ``"cult"``), nor inside one of the term's ``except_`` phrases. Terms of all
        games are searched: filter the glossary by game first (:meth:`for_game`).
        """
        found: list[GlossaryTerm] = []
        taken: list[tuple[int, int]] = []
        for term in sorted(self.terms, key=lambda t: -max(len(f) for f in (t.en, *t.forms))):
            excluded = [(m.start(), m.end()) for phrase in term.except_
                        for m in re.finditer(_phrase_pattern(phrase), english_text, re.IGNORECASE)]
            for m in term.english_pattern().finditer(english_text):
                if any(a <= m.start() and m.end() <= b for a, b in taken + excluded):
                    continue
                taken.append((m.start(), m.end()))
                if term not in found:
                    found.append(term)
        return found


_GAMES = ("common", "terra_mystica", "century", "magick")


def load_glossary(relpath: str = GLOSSARY_FILE) -> Glossary:
    """Load and validate the glossary of game terms shipped in ``data/i18n/glossary.json``.

    The file is ``{"version": 1, "terms": [{"game", "en", "zh", "forms"?, "variants"?, "except"?,
    "source"}, ...]}``.

    Returns
    -------
    Glossary

    Raises
    ------
    RulesDataError
        Naming the key path (``terms[12].zh``) when a field is missing, has the wrong type, the
        game is unknown, the Chinese contains no Chinese character, or an English term is listed
        twice for the same game.
    """
    return parse_glossary(load_json(relpath), file=relpath)


def parse_glossary(doc: Any, *, file: str = GLOSSARY_FILE) -> Glossary:
    """Validate a glossary document already read from JSON (see :func:`load_glossary`).

    Raises
    ------
    RulesDataError
        As :func:`load_glossary`, naming ``file`` and the key path.
    """
    require(doc, "version", int, file=file, path="")
    raw_terms = require(doc, "terms", list, file=file, path="")
    seen: dict[tuple[str, str], int] = {}
    terms: list[GlossaryTerm] = []
    for i, raw in enumerate(raw_terms):
        where = f"terms[{i}]"
        game = require(raw, "game", str, file=file, path=where)
        if game not in _GAMES:
            raise RulesDataError(f"unknown game {game!r}; expected one of {', '.join(_GAMES)}",
                                 file=file, key_path=f"{where}.game")
        en = require(raw, "en", str, file=file, path=where).strip()
        zh = require(raw, "zh", str, file=file, path=where).strip()
        if not en:
            raise RulesDataError("empty English term", file=file, key_path=f"{where}.en")
        if not re.search(r"[\u4e00-\u9fff]", zh):
            raise RulesDataError(f"expected Chinese characters, found {zh!r}", file=file,
                                 key_path=f"{where}.zh")
        forms = tuple(_str_list(raw, "forms", file, where))
        variants = tuple(_str_list(raw, "variants", file, where))
        except_ = tuple(_str_list(raw, "except", file, where))
        source = require(raw, "source", str, file=file, path=where)
        for name in (en, *forms):
            key = (game, name.lower())
            if key in seen:
                raise RulesDataError(f"English term {name!r} already listed at terms[{seen[key]}]",
                                     file=file, key_path=f"{where}.en")
            seen[key] = i
        terms.append(GlossaryTerm(game, en, zh, forms, variants, source, except_))
    return Glossary(tuple(terms))


def _str_list(raw: dict, key: str, file: str, where: str) -> Sequence[str]:
    if key not in raw:
        return ()
    value = raw[key]
    if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
        raise RulesDataError("expected a list of non-empty strings", file=file, key_path=f"{where}.{key}")
    return [v.strip() for v in value]
