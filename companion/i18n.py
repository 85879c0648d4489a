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

Game terms in Chinese follow the glossary ``data/i18n/glossary.json`` (see :mod:`companion.glossary`),
whose terms are those of the Chinese rules texts the project is built from.
"""

from __future__ import annotations

import contextlib
import functools
import gettext as _gettext
import os
import re
import weakref
from collections.abc import Callable, Iterator
from importlib import resources
from typing import Any

__all__ = [
    "DOMAIN",
    "ENV_VAR",
    "SUPPORTED_LANGUAGES",
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
    "ngettext",
    "normalize_language",
    "pgettext",
    "remove_language_listener",
    "set_language",
    "translations",
    "using_language",
    "working_language",
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
    """The error for an unsupported language, naming the languages there are, in :func:`working_language`."""
    from companion.errors import CompanionError  # errors.py imports this module

    catalog = translations(working_language())
    template = catalog.gettext(N_("{source}: language {value!r} is not supported; expected one of {codes} ({names})"))
    return CompanionError(template.format(source=catalog.gettext(source), value=value,
                                          codes=", ".join(SUPPORTED_LANGUAGES),
                                          names=", ".join(_NATIVE_NAMES[c] for c in SUPPORTED_LANGUAGES)))


def working_language() -> str:
    """The language to speak in even when a setting names an unsupported one (never raises).

    :func:`get_language` if it answers; else ``COMPANION_LANG`` is skipped and the system locale decides.
    So ``COMPANION_LANG=zh_CN companion --lang fr`` refuses ``fr`` in Chinese, and ``COMPANION_LANG=fr``
    is refused in the system locale's language.
    """
    if _explicit is not None:
        return _explicit
    return normalize_language(os.environ.get(ENV_VAR, "")) or _system_language()


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
            raise _unsupported(env, N_("environment variable COMPANION_LANG"))
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

                raise CompanionError(translations(working_language()).gettext(
                    N_("--lang: expected a language after it, e.g. --lang zh_CN")))
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


_GLOSSARY_NAMES = frozenset({"GLOSSARY_FILE", "Glossary", "GlossaryTerm", "load_glossary", "parse_glossary"})


def __getattr__(name: str) -> Any:
    """The glossary's old import path (``from companion.i18n import load_glossary``): it lives in
    :mod:`companion.glossary` (rules data, read through :mod:`companion.resources`), imported only when asked
    for, so that this module imports neither the resources nor the errors it would import."""
    if name in _GLOSSARY_NAMES:
        from companion import glossary

        return getattr(glossary, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
