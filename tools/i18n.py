"""Manage the `companion` gettext catalogs with Babel: extract, update, compile, report.

Usage (from the repository root, in the project's venv; ``make i18n`` runs ``all``)::

    python tools/i18n.py all        # extract + update + compile (the usual command)
    python tools/i18n.py extract    # companion/**.py -> build/i18n/companion.pot (not committed)
    python tools/i18n.py update     # merge the .pot into en and zh_CN .po (new entries empty)
    python tools/i18n.py compile    # .po -> .mo (the .mo files are committed and shipped)
    python tools/i18n.py status     # list entries still untranslated or fuzzy; exit 1 if any

Workflow for a developer: wrap a user-facing string in ``_()`` (see ``companion/i18n.py``), run
``make i18n``, translate the new empty ``msgstr`` entries of
``companion/locale/zh_CN/LC_MESSAGES/companion.po`` using the glossary
(``data/i18n/glossary.json``), remove any ``#, fuzzy`` flag you have checked, and run
``make i18n`` again. ``tests/test_i18n.py`` fails while an entry is missing, fuzzy, has other
placeholders than its English, does not use the glossary's Chinese, or the ``.mo`` is stale.

The English catalog is the identity (each ``msgstr`` is its ``msgid``); ``update`` fills it.
The notebooks' markdown has its own domain, managed by ``tools/zh_notebooks.py``.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from babel.messages import frontend
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
LOCALE_DIR = ROOT / "companion" / "locale"
DOMAIN = "companion"
POT = ROOT / "build" / "i18n" / f"{DOMAIN}.pot"   # a by-product: build/ is not committed
LOCALES = ("en", "zh_CN")
# Texts that come from the rules data and are shown to players (names, tile descriptions): the
# values of these keys, anywhere in the file, are extracted like a marked string, so the code shows
# them with ``_(faction.display)`` / ``_(card.name)`` and the catalog has their translation.
DATA_TEXT_FIELDS: dict[str, tuple[str, ...]] = {
    "data/terra_mystica/factions.json": ("display", "special"),
    "data/terra_mystica/tiles.json": ("desc", "description"),
    "data/magick/cards.json": ("name", "label"),
    "data/magick/sheet.json": ("name", "label"),
    "data/century/cards.json": ("name",),
}
#: Keys whose value is a table of shown texts by id (every value is a text), per data file.
DATA_TEXT_TABLES: dict[str, tuple[str, ...]] = {
    "data/terra_mystica/tiles.json": ("power_actions_desc",),
}
GLOSSARY = "data/i18n/glossary.json"
KEYWORDS = ["-k", "lazy_gettext", "-k", "N_", "-k", "lazy_ngettext:1,2", "-k", "pgettext:1c,2"]


def _pybabel(*args: str) -> None:
    cwd = os.getcwd()
    os.chdir(ROOT)  # locations in the catalogs are relative to the repository root
    try:
        frontend.CommandLineInterface().run(["pybabel", "-q", *args])
    finally:
        os.chdir(cwd)


def extract() -> None:
    """Collect every marked string of companion/ into the template build/i18n/companion.pot."""
    POT.parent.mkdir(parents=True, exist_ok=True)
    _pybabel("extract", "-F", str(ROOT / "babel.cfg"), *KEYWORDS,
             "--add-comments=TRANSLATORS:", "--add-location=file", "--sort-output",
             "--project=companion", "--version=0.1", "--copyright-holder=companion contributors",
             "-o", str(POT), ".")
    add_data_texts(POT)


def data_texts() -> list[tuple[str, str]]:
    """``(text, data file)`` for every shown text of the rules data and every glossary term."""
    import json

    found: list[tuple[str, str]] = []

    def walk(node, keys, tables, where):
        if isinstance(node, dict):
            for key, value in node.items():
                if key in keys and isinstance(value, str) and value.strip():
                    found.append((value, where))
                elif key in tables and isinstance(value, dict):   # texts by id (power_actions_desc)
                    found.extend((v, where) for v in value.values() if isinstance(v, str) and v.strip())
                walk(value, keys, tables, where)
        elif isinstance(node, list):
            for value in node:
                walk(value, keys, tables, where)

    for rel in sorted(set(DATA_TEXT_FIELDS) | set(DATA_TEXT_TABLES)):
        walk(json.loads((ROOT / rel).read_text(encoding="utf-8")), set(DATA_TEXT_FIELDS.get(rel, ())),
             set(DATA_TEXT_TABLES.get(rel, ())), rel)
    glossary = json.loads((ROOT / GLOSSARY).read_text(encoding="utf-8"))
    found.extend((term["en"], GLOSSARY) for term in glossary["terms"])
    return found


def add_data_texts(pot: Path) -> None:
    """Add the data texts (:func:`data_texts`) to the template, located at their data file."""
    with pot.open("rb") as fh:
        catalog = read_po(fh)
    for text, where in data_texts():
        message = catalog.get(text)
        if message is None:
            catalog.add(text, locations=[(where, None)])
        elif (where, None) not in message.locations:
            message.locations.append((where, None))
    with pot.open("wb") as fh:
        write_po(fh, catalog, sort_output=True, include_lineno=False)


def fill_from_glossary() -> None:
    """An untranslated Chinese entry that is exactly a glossary term gets the glossary's Chinese."""
    import json

    glossary = json.loads((ROOT / GLOSSARY).read_text(encoding="utf-8"))
    chinese = {term["en"]: term["zh"] for term in glossary["terms"]}
    po = po_path("zh_CN")
    with po.open("rb") as fh:
        catalog = read_po(fh, locale="zh_CN")
    changed = False
    for message in catalog:
        if message.id and isinstance(message.id, str) and not message.string and message.id in chinese:
            message.string = chinese[message.id]
            message.flags.discard("fuzzy")
            changed = True
    if changed:
        with po.open("wb") as fh:
            write_po(fh, catalog, ignore_obsolete=True, sort_output=True, include_lineno=False)


def po_path(locale: str) -> Path:
    return LOCALE_DIR / locale / "LC_MESSAGES" / f"{DOMAIN}.po"


def update() -> None:
    """Merge the template into each locale's .po (creating it if needed); fill the English identity."""
    if not POT.exists():
        extract()
    for locale in LOCALES:
        po = po_path(locale)
        if not po.exists():
            _pybabel("init", "-i", str(POT), "-d", str(LOCALE_DIR), "-D", DOMAIN, "-l", locale)
        else:
            _pybabel("update", "-i", str(POT), "-d", str(LOCALE_DIR), "-D", DOMAIN, "-l", locale,
                     "--ignore-pot-creation-date")
    fill_english()
    fill_from_glossary()


def fill_english() -> None:
    """The source strings are English: every English msgstr is its msgid (no fuzzy entries)."""
    po = po_path("en")
    with po.open("rb") as fh:
        catalog = read_po(fh, locale="en")
    for message in catalog:
        if not message.id:
            continue
        message.flags.discard("fuzzy")
        message.previous_id = []
        message.string = message.id
    with po.open("wb") as fh:
        write_po(fh, catalog, ignore_obsolete=True, sort_output=True)


def compile_catalogs() -> None:
    """Compile every locale's .po into the .mo read at run time (fuzzy entries left out)."""
    for locale in LOCALES:
        _pybabel("compile", "-d", str(LOCALE_DIR), "-D", DOMAIN, "-l", locale)


def status() -> int:
    """Print entries that are untranslated or fuzzy; return how many."""
    problems = 0
    for locale in LOCALES:
        with po_path(locale).open("rb") as fh:
            catalog = read_po(fh, locale=locale)
        for message in catalog:
            if not message.id:
                continue
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            if "fuzzy" in message.flags or not all(strings):
                problems += 1
                state = "fuzzy" if "fuzzy" in message.flags else "untranslated"
                msgid = message.id if isinstance(message.id, str) else message.id[0]
                print(f"{locale}: {state}: {msgid!r}")
    print(f"{problems} entr{'y' if problems == 1 else 'ies'} to translate")
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", nargs="?", default="all",
                        choices=["all", "extract", "update", "compile", "status"])
    args = parser.parse_args(argv)
    if args.command in ("all", "extract"):
        extract()
    if args.command in ("all", "update"):
        update()
    if args.command in ("all", "compile"):
        compile_catalogs()
    if args.command == "status":
        return 1 if status() else 0
    if args.command == "all":
        status()
    return 0


if __name__ == "__main__":
    sys.exit(main())
