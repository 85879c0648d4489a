"""Translations of every user-facing string: English and Simplified Chinese.

Strings are looked up in gettext catalogs (domain ``companion``) that live in
``companion/locale/<lang>/LC_MESSAGES/companion.{po,mo}``. The ``.po`` files are managed with
Babel (``python tools/i18n.py``, or ``make i18n``: extract, update, compile); the compiled ``.mo``
files are committed and shipped in the wheel, so reading a catalog needs nothing but the standard
library's :mod:`gettext`.

Choosing the language, first match wins:

1. :func:`set_language` (also what ``companion --lang zh_CN ...`` calls, see
   :func:`install_cli_language`);
2. the ``COMPANION_LANG`` environment variable;
3. the system locale (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``, as gettext reads them):
   a Simplified Chinese locale (``zh_CN``, ``zh_SG``, ``zh_Hans``, plain ``zh``) selects ``zh_CN``,
   anything else English.

An unsupported language given by 1 or 2 raises :class:`~companion.errors.CompanionError`; an
unsupported system locale quietly means English.

Marking strings in code::

    from companion.i18n import _, ngettext, lazy_gettext

    raise MapFormatError(_("expected a terrain letter, found {token!r}").format(token=tok), ...)
    label = ngettext("{n} spade", "{n} spades", n).format(n=n)
    TITLE = lazy_gettext("Power bowls")     # module level: translated each time it is shown

Texts that come from the rules data (faction names, tile descriptions, Merchants of Magick item
and enchantment names, Century card names) are in the catalog too: ``tools/i18n.py`` extracts the
data fields it lists in ``DATA_TEXT_FIELDS`` and every glossary term, so show them with
``_(faction.display)`` / ``_(name)`` at display time (never translate ids or record text).

Placeholders are ``str.format`` fields (``{name}``) or ``%(name)s``; a catalog entry must keep
exactly the placeholders of its English original (``tests/test_i18n.py`` checks it). JSON output
keys are an interface and are never translated.

Game terms in Chinese follow the glossary ``data/i18n/glossary.json`` (see :func:`load_glossary`),
whose terms are those of the Chinese rules texts the project is built from.
"""

from __future__ import annotations

import contextlib
import functools
import gettext as _gettext
import os
import re
import weakref
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Any

__all__ = [
    "DOMAIN",
    "ENV_VAR",
    "SUPPORTED_LANGUAGES",
    "Glossary",
    "GlossaryTerm",
    "LazyString",
    "N_",
    "_",
    "add_language_listener",
    "cli_lang_callback",
    "get_language",
    "gettext",
    "install_cli_language",
    "language_choices",
    "lazy_gettext",
    "lazy_ngettext",
    "load_glossary",
    "ngettext",
    "parse_glossary",
    "normalize_language",
    "pgettext",
    "remove_language_listener",
    "set_language",
    "translations",
    "using_language",
]

DOMAIN = "companion"
"""gettext domain of the package's messages (``companion.po`` / ``companion.mo``)."""

ENV_VAR = "COMPANION_LANG"
"""Environment variable consulted when :func:`set_language` has not been called."""

SUPPORTED_LANGUAGES: tuple[str, ...] = ("en", "zh_CN")
"""Language codes with a complete catalog. ``en`` is also the language of the source strings."""

_NATIVE_NAMES = {"en": "English", "zh_CN": "简体中文"}

_explicit: str | None = None          # set by set_language()
_catalogs: dict[str, _gettext.NullTranslations] = {}
_listeners: list[Any] = []            # weakref.WeakMethod or plain callables


# ---------------------------------------------------------------------------------------------
# choosing the language
# ---------------------------------------------------------------------------------------------

@functools.lru_cache(maxsize=64)  # every _() asks for the language: the tag parsing is done once per tag
def normalize_language(name: str) -> str | None:
    """Map a language tag to a supported code, or ``None`` when it is not supported.

    Parameters
    ----------
    name : str
        A tag as people and systems write it: ``"zh_CN"``, ``"zh-cn"``, ``"zh_CN.UTF-8"``,
        ``"zh-Hans"``, ``"zh"``, ``"en"``, ``"en_GB.utf8"``, ``"C"`` ...

    Returns
    -------
    str or None
        ``"en"`` or ``"zh_CN"``; ``None`` for any other language, including Traditional Chinese
        (``zh_TW``, ``zh_HK``, ``zh_Hant``), which has no catalog yet.
    """
    text = name.strip()
    if not text:
        return None
    if text in ("C", "POSIX") or text.startswith(("C.", "POSIX.")):
        return "en"
    tag = text.split(".", 1)[0].split("@", 1)[0]          # drop the encoding and modifier
    parts = [p.lower() for p in re.split(r"[-_]", tag) if p]
    if not parts:
        return None
    lang, rest = parts[0], parts[1:]
    if lang == "en":
        return "en"
    if lang == "zh" and all(t in ("cn", "hans", "sg", "my") for t in rest):
        # zh, zh_CN, zh-Hans, zh-Hans-CN, zh_SG: Simplified Chinese
        return "zh_CN"
    return None


def _unsupported(value: str, source: str) -> Exception:
    from companion.errors import CompanionError  # errors.py imports this module

    return CompanionError(
        f"{source}: language {value!r} is not supported; expected one of "
        f"{', '.join(SUPPORTED_LANGUAGES)} (for example 'zh_CN' or 'en')")


def _system_language() -> str:
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var, "")
        if not value:
            continue
        for candidate in value.split(":"):        # LANGUAGE may be a list: zh_CN:en
            code = normalize_language(candidate)
            if code is not None:
                return code
        return "en"
    return "en"


def get_language() -> str:
    """Return the language messages are shown in now: ``"en"`` or ``"zh_CN"``.

    Order: :func:`set_language`, then ``COMPANION_LANG``, then the system locale.

    Raises
    ------
    CompanionError
        If ``COMPANION_LANG`` names an unsupported language.
    """
    if _explicit is not None:
        return _explicit
    key = _language_environment()
    code = _from_environment.get(key)
    if code is None:
        code = _from_environment[key] = _language_from_environment()
    return code


_LANGUAGE_VARIABLES = (ENV_VAR, "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
_from_environment: dict[tuple, str] = {}
"""The language decided for each set of raw values of :data:`_LANGUAGE_VARIABLES` (every ``_()`` asks)."""


def _language_environment() -> tuple:
    """The raw values of the variables that choose the language, read the cheapest way the platform
    allows (``os.environ``'s own mapping on POSIX: no decoding per call)."""
    data = getattr(os.environ, "_data", None)
    keys = _encoded_keys()
    if data is None or keys is None:
        return tuple(os.environ.get(v) for v in _LANGUAGE_VARIABLES)
    get = data.get
    k0, k1, k2, k3, k4 = keys
    return get(k0), get(k1), get(k2), get(k3), get(k4)


@functools.cache
def _encoded_keys() -> tuple | None:
    encode = getattr(os.environ, "encodekey", None)
    return None if encode is None else tuple(encode(v) for v in _LANGUAGE_VARIABLES)


def _language_from_environment() -> str:
    env = os.environ.get(ENV_VAR, "").strip()
    if env:
        code = normalize_language(env)
        if code is None:
            raise _unsupported(env, f"environment variable {ENV_VAR}")
        return code
    return _system_language()


def set_language(language: str | None) -> str:
    """Choose the language of every message, label and help text from now on.

    Open widgets that registered with :func:`add_language_listener` are told, so they can
    redraw in the new language.

    Parameters
    ----------
    language : str or None
        ``"zh_CN"`` (also ``"zh"``, ``"zh-CN"`` ...) or ``"en"``; ``None`` goes back to automatic
        choice (``COMPANION_LANG``, then the system locale).

    Returns
    -------
    str
        The language now in force.

    Raises
    ------
    CompanionError
        If ``language`` is not a supported language; the current language is left unchanged.
    """
    global _explicit
    before = _current_or_none()
    if language is None:
        _explicit = None
    else:
        code = normalize_language(str(language))
        if code is None:
            raise _unsupported(str(language), "set_language")
        _explicit = code
    now = get_language()
    if now != before:
        _notify(now)
    return now


def _current_or_none() -> str | None:
    try:
        return get_language()
    except ValueError:
        return None


@contextlib.contextmanager
def using_language(language: str | None) -> Iterator[str]:
    """Context manager: use ``language`` inside the block, then restore the previous choice.

    Parameters
    ----------
    language : str or None
        As for :func:`set_language`.

    Yields
    ------
    str
        The language in force inside the block.
    """
    global _explicit
    saved = _explicit
    try:
        yield set_language(language)
    finally:
        before = _current_or_none()
        _explicit = saved
        now = _current_or_none()
        if now is not None and now != before:
            _notify(now)


def language_choices() -> list[tuple[str, str]]:
    """Return ``[(native name, code), ...]`` for a language switch (e.g. an ipywidgets Dropdown).

    Each language is named in its own language: ``("English", "en"), ("简体中文", "zh_CN")``.
    """
    return [(_NATIVE_NAMES[c], c) for c in SUPPORTED_LANGUAGES]


def add_language_listener(callback: Callable[[str], Any]) -> None:
    """Call ``callback(language)`` after every change of language.

    A bound method is held through a weak reference (a widget that is closed and dropped is not
    kept alive by this registry); a plain function is held strongly until
    :func:`remove_language_listener`.
    """
    if hasattr(callback, "__self__") and hasattr(callback, "__func__"):
        _listeners.append(weakref.WeakMethod(callback))
    else:
        _listeners.append(callback)


def remove_language_listener(callback: Callable[[str], Any]) -> None:
    """Stop calling ``callback`` on language changes (no error if it was not registered)."""
    for item in list(_listeners):
        target = item() if isinstance(item, weakref.WeakMethod) else item
        if target is None or target == callback:
            _listeners.remove(item)


def _notify(language: str) -> None:
    # every listener is called even if one fails; the first failure is raised afterwards
    first_error: BaseException | None = None
    for item in list(_listeners):
        if isinstance(item, weakref.WeakMethod):
            target = item()
            if target is None:
                _listeners.remove(item)
                continue
        else:
            target = item
        try:
            target(language)
        except Exception as exc:  # noqa: BLE001 - re-raised below
            first_error = first_error or exc
    if first_error is not None:
        raise first_error


# ---------------------------------------------------------------------------------------------
# looking strings up
# ---------------------------------------------------------------------------------------------

def translations(language: str | None = None) -> _gettext.NullTranslations:
    """Return the compiled catalog of ``language`` (default: the current language).

    English returns an identity catalog (the source strings are English). The ``.mo`` files are read
    once per process.

    Raises
    ------
    CompanionError
        If ``language`` is not supported.
    """
    code = get_language() if language is None else normalize_language(language)
    if code is None:
        raise _unsupported(str(language), "translations")
    if code not in _catalogs:
        _catalogs[code] = _load_catalog(code)
    return _catalogs[code]


def _load_catalog(code: str) -> _gettext.NullTranslations:
    if code == "en":
        return _gettext.NullTranslations()
    node = resources.files("companion").joinpath("locale", code, "LC_MESSAGES", f"{DOMAIN}.mo")
    try:
        with node.open("rb") as fh:
            return _gettext.GNUTranslations(fh)
    except FileNotFoundError:
        from companion.errors import RulesDataError

        raise RulesDataError("compiled catalog is missing; run `make i18n`",
                             file=f"companion/locale/{code}/LC_MESSAGES/{DOMAIN}.mo") from None


def gettext(message: str) -> str:
    """Translate ``message`` into the current language (the English text if it has no entry)."""
    return translations().gettext(message)


_ = gettext


def ngettext(singular: str, plural: str, n: int) -> str:
    """Translate a message whose form depends on the count ``n`` (Chinese has one form).

    The count is not inserted: format it yourself, e.g.
    ``ngettext("{n} spade", "{n} spades", n).format(n=n)``.
    """
    return translations().ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """Translate ``message`` in a context, for short strings that mean different things.

    Example: ``pgettext("cult track", "Fire")`` against ``pgettext("Century card", "Fire")``.
    """
    return translations().pgettext(context, message)


def N_(message: str) -> str:
    """Mark ``message`` for extraction without translating it now; translate with ``_()`` later."""
    return message


class LazyString:
    """A message translated each time it is turned into text (``str()``, f-strings, ``format``).

    Use it for strings defined at import time (module constants, class attributes, default labels)
    so that they follow later calls of :func:`set_language`. It behaves like a ``str`` for
    formatting, concatenation, comparison and hashing; ``str(obj)`` gives a real ``str``.
    """

    __slots__ = ("_func", "_args")

    def __init__(self, func: Callable[..., str], *args: Any) -> None:
        self._func = func
        self._args = args

    @property
    def value(self) -> str:
        """The text in the current language."""
        return self._func(*self._args)

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"lazy{self.value!r}"

    def __format__(self, spec: str) -> str:
        return format(self.value, spec)

    def __len__(self) -> int:
        return len(self.value)

    def __iter__(self) -> Iterator[str]:
        return iter(self.value)

    def __contains__(self, item: object) -> bool:
        return str(item) in self.value

    def __add__(self, other: object) -> str:
        return self.value + str(other)

    def __radd__(self, other: object) -> str:
        return str(other) + self.value

    def __mod__(self, other: Any) -> str:
        return self.value % other

    def __mul__(self, n: int) -> str:
        return self.value * n

    def __eq__(self, other: object) -> bool:
        return self.value == (str(other) if isinstance(other, (str, LazyString)) else other)

    def __lt__(self, other: object) -> bool:
        return self.value < str(other)

    def __hash__(self) -> int:
        return hash(self.value)

    def __getattr__(self, name: str) -> Any:
        # str methods: .format, .upper, .splitlines ... act on the current translation
        return getattr(self.value, name)


def lazy_gettext(message: str) -> LazyString:
    """Like :func:`gettext`, but translated when shown rather than now (see :class:`LazyString`)."""
    return LazyString(gettext, message)


def lazy_ngettext(singular: str, plural: str, n: int) -> LazyString:
    """Like :func:`ngettext`, but translated when shown rather than now."""
    return LazyString(ngettext, singular, plural, n)


# ---------------------------------------------------------------------------------------------
# command line
# ---------------------------------------------------------------------------------------------

def install_cli_language(argv: list[str] | None = None) -> str:
    """Apply and remove a ``--lang LANG`` / ``--lang=LANG`` option from a command line.

    Meant to run before the command-line app is built, so that help texts are already in the
    chosen language (``companion --lang zh_CN --help``). The option may appear anywhere before a
    bare ``--``. Without it the usual order applies (``COMPANION_LANG``, then the system locale).

    Parameters
    ----------
    argv : list of str or None
        The arguments, program name first; edited in place. Default: ``sys.argv``.

    Returns
    -------
    str
        The language now in force.

    Raises
    ------
    CompanionError
        If the language is not supported, or ``--lang`` has no value.
    """
    import sys

    args = sys.argv if argv is None else argv
    i = 1
    chosen: str | None = None
    while i < len(args):
        arg = args[i]
        if arg == "--":
            break
        if arg == "--lang":
            if i + 1 >= len(args):
                from companion.errors import CompanionError

                raise CompanionError("--lang: expected a language after it, e.g. --lang zh_CN")
            chosen = args[i + 1]
            del args[i:i + 2]
            continue
        if arg.startswith("--lang="):
            chosen = arg.split("=", 1)[1]
            del args[i]
            continue
        i += 1
    if chosen is not None:
        code = normalize_language(chosen)
        if code is None:
            raise _unsupported(chosen, "--lang")
        return set_language(code)
    return get_language()


def cli_lang_callback(value: str | None) -> str | None:
    """Typer/click callback of a root ``--lang`` option: apply the language (``None``: leave it).

    Declare the option eager so it is applied before any other option is processed::

        lang: str = typer.Option(None, "--lang", is_eager=True, callback=cli_lang_callback,
                                 help=lazy_gettext("Language of messages and help: en or zh_CN."))

    Help texts are fixed when typer builds the click command, which happens before options are
    parsed; so the console entry point calls :func:`install_cli_language` *before* ``app()``, and
    this callback only matters for an already-built command (e.g. typer's ``CliRunner``).

    Raises
    ------
    typer.BadParameter
        If the language is not supported (click then prints the usage and the reason).
    """
    if value is None:
        return None
    try:
        return set_language(value)
    except ValueError as exc:
        import typer

        raise typer.BadParameter(str(exc)) from None


# ---------------------------------------------------------------------------------------------
# glossary of game terms
# ---------------------------------------------------------------------------------------------

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
    from companion.resources import load_json

    return parse_glossary(load_json(relpath), file=relpath)


def parse_glossary(doc: Any, *, file: str = GLOSSARY_FILE) -> Glossary:
    """Validate a glossary document already read from JSON (see :func:`load_glossary`).

    Raises
    ------
    RulesDataError
        As :func:`load_glossary`, naming ``file`` and the key path.
    """
    from companion.errors import RulesDataError
    from companion.resources import require

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
    from companion.errors import RulesDataError

    if key not in raw:
        return ()
    value = raw[key]
    if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
        raise RulesDataError("expected a list of non-empty strings", file=file, key_path=f"{where}.{key}")
    return [v.strip() for v in value]
