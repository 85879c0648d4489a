"""Translations: choosing the language, catalogs complete and consistent, glossary terms used.

The catalogs checked are ``companion/locale/{en,zh_CN}/LC_MESSAGES/companion.po`` (the package's
messages) and ``companion/locale/zh_CN/LC_MESSAGES/notebooks.po`` (the notebooks' markdown).
"""

from __future__ import annotations

import gc
import gettext as stdlib_gettext
import re
import string
import weakref
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

import companion
from companion import i18n
from companion.errors import CompanionError, IllegalActionError, MapFormatError, RulesDataError
from companion.i18n import (
    _,
    add_language_listener,
    get_language,
    install_cli_language,
    lazy_gettext,
    load_glossary,
    ngettext,
    normalize_language,
    parse_glossary,
    remove_language_listener,
    set_language,
    using_language,
)

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "companion" / "locale"
LOCALE_ENV = ("COMPANION_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


def po(locale: str, domain: str = "companion"):
    with (LOCALE / locale / "LC_MESSAGES" / f"{domain}.po").open("rb") as fh:
        return read_po(fh, locale=locale, domain=domain)


def entries(catalog):
    return [m for m in catalog if m.id]


@pytest.fixture(autouse=True)
def clean_language(monkeypatch):
    """Every test starts with no explicit choice and no locale variables, and leaves none behind."""
    for var in LOCALE_ENV:
        monkeypatch.delenv(var, raising=False)
    set_language(None)
    yield
    i18n._explicit = None   # not set_language(None): a test may leave a bad COMPANION_LANG until teardown


# --------------------------------------------------------------------------------- choosing

def test_default_without_any_setting_is_english():
    assert get_language() == "en"
    assert _("row {row}") == "row {row}"


def test_order_is_set_language_then_env_then_system_locale(monkeypatch):
    monkeypatch.setenv("LANG", "zh_CN.UTF-8")
    assert get_language() == "zh_CN"
    monkeypatch.setenv("COMPANION_LANG", "en")
    assert get_language() == "en"                      # env beats the system locale
    set_language("zh_CN")
    assert get_language() == "zh_CN"                   # set_language beats env
    set_language(None)
    assert get_language() == "en"                      # back to automatic: env again


def test_companion_exports_set_language():
    assert companion.set_language("zh-CN") == "zh_CN"
    assert get_language() == "zh_CN"


@pytest.mark.parametrize("tag, code", [
    ("zh_CN", "zh_CN"), ("zh-cn", "zh_CN"), ("zh_CN.UTF-8", "zh_CN"), ("zh-Hans", "zh_CN"),
    ("zh-Hans-CN", "zh_CN"), ("zh", "zh_CN"), ("en", "en"), ("en_GB.utf8", "en"), ("C", "en"),
    ("C.UTF-8", "en"), ("zh_TW", None), ("zh-Hant", None), ("fr_FR", None), ("", None),
])
def test_normalize_language(tag, code):
    assert normalize_language(tag) == code


def test_unknown_language_is_a_clear_error_and_changes_nothing():
    set_language("zh_CN")
    with pytest.raises(CompanionError, match=r"不支持语言 'fr'；可用的语言为 en, zh_CN（English, 简体中文）"):
        set_language("fr")          # refused in the language still in force
    assert get_language() == "zh_CN"
    set_language("en")
    with pytest.raises(CompanionError, match=r"'fr' is not supported; expected one of en, zh_CN \(English, 简体中文\)"):
        set_language("fr")
    assert get_language() == "en"


def test_unknown_env_language_is_a_clear_error(monkeypatch):
    monkeypatch.setenv("COMPANION_LANG", "klingon")
    with pytest.raises(CompanionError, match="COMPANION_LANG.*'klingon'"):
        get_language()


def test_unknown_system_locale_means_english(monkeypatch):
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert get_language() == "en"
    monkeypatch.setenv("LANGUAGE", "fr:zh_CN")          # gettext's priority list: first supported wins
    assert get_language() == "zh_CN"


def test_using_language_restores_previous_choice():
    set_language("en")
    with using_language("zh_CN") as lang:
        assert lang == "zh_CN" and get_language() == "zh_CN"
    assert get_language() == "en"


# --------------------------------------------------------------------------------- lookups

def test_errors_read_in_the_chosen_language():
    with using_language("zh_CN"):
        assert str(MapFormatError("x", row=4, column=6)) == "第 4 行，第 6 列：x"
        assert str(IllegalActionError("c", "m", rule="R", line=3)) == "第 3 行：m（规则：R）"
    assert str(MapFormatError("x", row=4, column=6)) == "row 4, column 6: x"
    assert str(IllegalActionError("c", "m", rule="R", line=3)) == "line 3: m (rule: R)"


def test_resources_messages_translated():
    from companion.resources import require

    with using_language("zh_CN"), pytest.raises(RulesDataError) as info:
        require({"a": "text"}, "a", (int, float), file="f.json", path="x")
    assert str(info.value) == "f.json:x.a：应为 int 或 float，实际为 str"


def test_ngettext_chinese_has_one_form():
    # an unknown message falls back to English by count; a catalog entry has one Chinese form for every count
    with using_language("zh_CN"):
        assert ngettext("{n} gizmo", "{n} gizmos", 1) == "{n} gizmo"
        assert ngettext("{n} gizmo", "{n} gizmos", 2) == "{n} gizmos"
        assert ngettext("{n} spade", "{n} spades", 1) == ngettext("{n} spade", "{n} spades", 2) == "{n} 把铲子"


def test_lazy_string_follows_the_language():
    label = lazy_gettext("missing key")
    assert str(label) == "missing key"
    with using_language("zh_CN"):
        assert str(label) == "缺少键"
        assert f"[{label}]" == "[缺少键]"
        assert label == "缺少键" and "键" in label
    assert label + "!" == "missing key!"


def test_listeners_hear_changes_and_die_with_their_widget():
    heard: list[str] = []

    class Widget:
        def redraw(self, lang: str) -> None:
            heard.append(lang)

    w = Widget()
    add_language_listener(w.redraw)
    set_language("zh_CN")
    set_language("zh_CN")            # no change, no call
    set_language("en")
    assert heard == ["zh_CN", "en"]
    del w
    gc.collect()
    set_language("zh_CN")            # the dropped widget is not called and not kept
    assert heard == ["zh_CN", "en"]
    # the dropped widget's reference is gone (other live widgets of the session may still listen)
    assert all(r() is not None for r in i18n._listeners if isinstance(r, weakref.WeakMethod))

    calls: list[str] = []
    add_language_listener(calls.append)
    set_language("en")
    remove_language_listener(calls.append)
    set_language("zh_CN")
    assert calls == ["en"]


# --------------------------------------------------------------------------------- command line

@pytest.mark.parametrize("argv, rest", [
    (["companion", "--lang", "zh_CN", "tm", "map", "BAD.txt"], ["companion", "tm", "map", "BAD.txt"]),
    (["companion", "tm", "--lang=zh_CN", "--help"], ["companion", "tm", "--help"]),
])
def test_install_cli_language_applies_and_strips_the_option(argv, rest):
    assert install_cli_language(argv) == "zh_CN"
    assert argv == rest
    assert get_language() == "zh_CN"


def test_install_cli_language_leaves_arguments_after_double_dash():
    argv = ["companion", "x", "--", "--lang", "zh_CN"]
    assert install_cli_language(argv) == "en"
    assert argv == ["companion", "x", "--", "--lang", "zh_CN"]


@pytest.mark.parametrize("argv, match", [
    (["companion", "--lang", "xx"], "--lang: language 'xx' is not supported"),
    (["companion", "--lang"], "expected a language"),
])
def test_install_cli_language_errors(argv, match):
    with pytest.raises(CompanionError, match=match):
        install_cli_language(argv)


# --------------------------------------------------------------------------------- catalogs

def _strings(message) -> list[str]:
    return list(message.string) if isinstance(message.string, (tuple, list)) else [message.string]


def _ids(message) -> list[str]:
    return list(message.id) if isinstance(message.id, (tuple, list)) else [message.id]


@pytest.mark.parametrize("locale, domain", [("en", "companion"), ("zh_CN", "companion"),
                                            ("zh_CN", "notebooks")])
def test_catalog_is_complete(locale, domain):
    missing = [_ids(m)[0][:60] for m in entries(po(locale, domain))
               if m.fuzzy or not all(s.strip() for s in _strings(m))]
    assert missing == [], f"{locale}/{domain}.po: untranslated or fuzzy entries: {missing}"


def test_every_marked_string_is_in_the_catalogs():
    """A new _() in companion/ without a catalog entry fails here: run `make i18n` and translate."""
    method_map = [("**.py", "python")]
    keywords = {"_": None, "gettext": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2),
                "lazy_gettext": None, "lazy_ngettext": (1, 2), "N_": None}
    found = set()
    for _file, _line, message, _comments, context in extract_from_dir(
            str(ROOT / "companion"), method_map=method_map, keywords=keywords):
        key = message[0] if isinstance(message, tuple) else message
        found.add((context, key))
    assert found, "no marked string found: extraction is misconfigured"
    for locale in ("en", "zh_CN"):
        have = {(m.context, _ids(m)[0]) for m in entries(po(locale))}
        assert sorted(found - have, key=str) == [], f"{locale}: strings missing from companion.po"


_FORMAT_FIELD = string.Formatter()
_PERCENT = re.compile(r"%(?:\((\w+)\))?[-#0 +]*\d*(?:\.\d+)?[sdifrxXeEgGc%]")


def placeholders(text: str) -> list[str]:
    """The str.format fields and %-placeholders of ``text``, sorted (``{n}``, ``%(name)s``, ``%d``)."""
    found: list[str] = []
    try:
        for _lit, field, spec, conv in _FORMAT_FIELD.parse(text):
            if field is not None:
                found.append("{" + field + ("!" + conv if conv else "") + (":" + spec if spec else "") + "}")
    except ValueError:
        found.append("<unbalanced braces>")
    for m in _PERCENT.finditer(text):
        if m.group(0) != "%%":
            found.append(m.group(0))
    return sorted(found)


def test_placeholder_helper_sees_both_styles():
    assert placeholders("{name} has %(n)d of {k!r:>3} at 50%%") == ["%(n)d", "{k!r:>3}", "{name}"]
    assert placeholders("第 {row} 行") == ["{row}"]


@pytest.mark.parametrize("locale", ["en", "zh_CN"])
def test_placeholders_match_between_english_and_translation(locale):
    bad = []
    for m in entries(po(locale)):
        english = placeholders(_ids(m)[0])
        for s in _strings(m):
            if s and placeholders(s) != english:
                bad.append((_ids(m)[0], s))
    assert bad == []


def test_placeholder_check_catches_a_renamed_field():
    assert placeholders("第 {line} 行") != placeholders("line {row}")


def test_compiled_catalogs_match_their_po():
    """The shipped .mo files are what `make i18n` compiles from the .po files now."""
    for locale in ("en", "zh_CN"):
        with (LOCALE / locale / "LC_MESSAGES" / "companion.mo").open("rb") as fh:
            mo = stdlib_gettext.GNUTranslations(fh)
        for m in entries(po(locale)):
            if m.fuzzy:
                continue
            if isinstance(m.id, (tuple, list)):
                for n, s in enumerate(m.string):
                    assert mo.ngettext(m.id[0], m.id[1], 1 if n == 0 else 2) in m.string, m.id
                    del s
            elif m.context:
                assert mo.pgettext(m.context, m.id) == m.string, (locale, m.id)
            else:
                assert mo.gettext(m.id) == m.string, (locale, m.id)
        ids = {k for k in mo._catalog if k}
        po_ids = set()
        for m in entries(po(locale)):
            key = m.id if not isinstance(m.id, (tuple, list)) else m.id[0]
            po_ids.add(f"{m.context}\x04{key}" if m.context else key)
        assert {k if isinstance(k, str) else k[0] for k in ids} == po_ids, f"{locale}: .mo is stale"


def test_wheel_ships_the_compiled_catalogs():
    from hatchling.builders.wheel import WheelBuilder

    builder = WheelBuilder(str(ROOT))
    shipped = {f.distribution_path.replace("\\", "/") for f in builder.recurse_included_files()}
    for locale in ("en", "zh_CN"):
        assert f"companion/locale/{locale}/LC_MESSAGES/companion.mo" in shipped
    assert "companion/i18n.py" in shipped


def test_catalog_headers_name_the_language():
    assert po("zh_CN").locale.language == "zh"
    assert po("zh_CN").num_plurals == 1


# --------------------------------------------------------------------------------- glossary

def test_glossary_loads_and_covers_the_three_games():
    glossary = load_glossary()
    games = {t.game for t in glossary.terms}
    assert games == {"common", "terra_mystica", "century", "magick"}
    # the words the issue names, as the rules texts write them
    for game, en, zh in [("terra_mystica", "spade", "铲子"), ("terra_mystica", "stronghold", "要塞"),
                         ("terra_mystica", "sanctuary", "圣所"), ("terra_mystica", "power bowl", "碗"),
                         ("terra_mystica", "cult track", "崇拜轨道"), ("century", "caravan", "商队"),
                         ("century", "golem card", "魔像得分卡"), ("magick", "order", "订单"),
                         ("magick", "mastery", "精通"), ("magick", "potion", "药水")]:
        assert glossary.lookup(en, game).zh == zh


def test_glossary_matching_respects_longer_terms_and_exceptions():
    century = load_glossary().for_game("century")
    found = [t.en for t in century.terms_in("Resting keeps the rest of your golem cards in turn order")]
    assert "rest" in found and "golem card" in found and "turn order" in found
    assert [t.en for t in century.terms_in("keep the rest")] == []
    tm = load_glossary().for_game("terra_mystica")
    assert [t.en for t in tm.terms_in("three cult tracks")] == ["cult track"]


@pytest.mark.parametrize("doc, where", [
    ({"version": 1, "terms": [{"game": "chess", "en": "x", "zh": "象", "source": "s"}]}, "terms[0].game"),
    ({"version": 1, "terms": [{"game": "common", "en": "x", "zh": "x", "source": "s"}]}, "terms[0].zh"),
    ({"version": 1, "terms": [{"game": "common", "en": "x", "source": "s"}]}, "terms[0].zh"),
    ({"version": 1, "terms": [{"game": "common", "en": "x", "zh": "一", "forms": [3], "source": "s"}]},
     "terms[0].forms"),
    ({"version": 1, "terms": [{"game": "common", "en": "x", "zh": "一", "source": "s"},
                              {"game": "common", "en": "X", "zh": "二", "source": "s"}]}, "terms[1].en"),
    ({"terms": []}, "version"),
])
def test_glossary_validation_names_the_place(doc, where):
    with pytest.raises(RulesDataError) as info:
        parse_glossary(doc, file="g.json")
    assert f"g.json:{where}" in str(info.value)


_CODE = re.compile(r"```.*?```|`[^`]*`", re.DOTALL)
_LINK_TARGET = re.compile(r"\]\([^)]*\)")


_PLACEHOLDER = re.compile(r"\{[A-Za-z_][\w.]*(?:![rsa])?(?::[^{}]*)?\}|%\([A-Za-z_]\w*\)[sdr]")
_FIELD = re.compile(r"\{[^{}]*\}")
# key paths and identifiers: players[{i}].faction, factions.json, map.pm, max_bids, home=
_IDENTIFIER = re.compile(r"[\w-]*\w(?:\.\w[\w-]*|\[[^\]]*\])+|\b\w+=|\b[a-z]+(?:_[a-z]+)+\b")


def prose(markdown: str) -> str:
    """English text without code spans, code blocks, link targets and placeholders (``{faction}`` is a
    name, not text: they are not translated), nor braced code such as JSON examples and identifiers
    (``players[0].faction``, ``factions.json``, ``max_bids``)."""
    text = _PLACEHOLDER.sub(" ", _LINK_TARGET.sub("]", _CODE.sub(" ", markdown)))
    while True:
        stripped = _FIELD.sub(" ", text)
        if stripped == text:
            break
        text = stripped
    return _IDENTIFIER.sub(" ", text)


def game_of(locations) -> str | None:
    """The game a message belongs to, from where it is used (None: several games or none)."""
    games = set()
    for path, _line in locations:
        name = Path(path).name
        if "century" in path:
            games.add("century")
        elif "magick" in path:
            games.add("magick")
        elif "terra_mystica" in path or name.startswith("tm_"):
            games.add("terra_mystica")
        else:
            games.add(None)
    return games.pop() if len(games) == 1 else None


def glossary_violations(catalog) -> list[str]:
    glossary = load_glossary()
    bad = []
    for m in entries(catalog):
        terms = glossary.for_game(game_of(m.locations))
        english = " ".join(prose(i) for i in _ids(m))
        for term in terms.terms_in(english):
            for s in _strings(m):
                if s and not any(zh in s for zh in term.accepted_chinese()):
                    where = m.locations[0] if m.locations else ("?", 0)
                    bad.append(f"{where[0]}:{where[1]}: {term.en!r} must be {term.zh!r} "
                               f"(or {', '.join(term.variants) or 'no variant'}) in {s[:50]!r}")
    return bad


@pytest.mark.parametrize("domain", ["companion", "notebooks"])
def test_translations_use_the_glossary_terms(domain):
    assert glossary_violations(po("zh_CN", domain)) == []


def test_glossary_check_reads_prose_not_placeholders_or_key_paths():
    assert prose("{faction} has {n} spades; see players[{i}].faction in factions.json") == \
        "  has   spades; see   in  "
    from babel.messages.catalog import Catalog

    cat = Catalog(locale="zh_CN")
    cat.add("{faction}: {spades} left", "{faction}：剩余 {spades}", locations=[("companion/terra_mystica/x.py", 1)])
    cat.add("{faction} builds a dwelling", "{faction} 建造了一个房子", locations=[("companion/terra_mystica/x.py", 2)])
    bad = glossary_violations(cat)
    assert len(bad) == 1 and "'dwelling' must be '住所'" in bad[0]


def test_glossary_check_catches_a_wrong_term():
    from babel.messages.catalog import Catalog

    cat = Catalog(locale="zh_CN")
    cat.add("Build a stronghold", "建造一座城堡", locations=[("companion/terra_mystica/x.py", 1)])
    cat.add("Rest now", "现在休整", locations=[("companion/century/x.py", 1)])
    cat.add("{faction} build a temple on {hex}", "{faction}在 {hex} 建造一座神庙", locations=[("companion/terra_mystica/y.py", 1)])
    cat.add("{faction} build on {hex}", "{faction}在 {hex} 建造城堡", locations=[("companion/terra_mystica/z.py", 1)])
    bad = glossary_violations(cat)
    # placeholder names ({faction}, {hex}) are not English text; the words around them are checked
    assert len(bad) == 1 and "'stronghold' must be '要塞'" in bad[0]


def test_lazy_help_of_a_typer_app_follows_install_cli_language(monkeypatch):
    """The hook the CLI uses: --lang applied before typer builds the command, help texts lazy."""
    import typer
    from typer.testing import CliRunner

    from companion.i18n import cli_lang_callback

    app = typer.Typer(help=lazy_gettext("missing key"))

    @app.callback()
    def main(lang: str = typer.Option(None, "--lang", is_eager=True, callback=cli_lang_callback)):
        """Root."""

    @app.command(help=lazy_gettext("file is not shipped with the package"))
    def sub() -> None:
        raise MapFormatError("bad", row=2)

    argv = ["companion", "--lang", "zh_CN", "--help"]
    install_cli_language(argv)
    result = CliRunner().invoke(app, argv[1:])
    assert result.exit_code == 0 and "缺少键" in result.output and "该文件未随软件包提供" in result.output
    set_language("en")
    result = CliRunner().invoke(app, ["--lang", "zh_CN", "sub"])          # messages follow the callback
    assert "第 2 行：bad" in str(result.exception)
    result = CliRunner().invoke(app, ["--lang", "xx", "sub"])      # refused in the Chinese still in force
    assert result.exit_code == 2 and "不支持语言 'xx'" in result.output


def test_a_failing_listener_does_not_stop_the_others():
    calls: list[str] = []

    def broken(lang: str) -> None:
        raise RuntimeError("widget gone wrong")

    add_language_listener(broken)
    add_language_listener(calls.append)
    try:
        with pytest.raises(RuntimeError, match="widget gone wrong"):
            set_language("zh_CN")
        assert calls == ["zh_CN"] and get_language() == "zh_CN"
    finally:
        remove_language_listener(broken)
        remove_language_listener(calls.append)


def test_cli_error_location_in_chinese_end_to_end(tmp_path):
    """`COMPANION_LANG=zh_CN companion tm map BAD.txt`: the error's place is given in Chinese.

    (The message body after the place is translated when the map parser's strings are wrapped.)
    """
    from typer.testing import CliRunner

    from companion.cli import app

    bad = tmp_path / "BAD.txt"
    bad.write_text("U,S,G\nY,Q\n", encoding="utf-8")
    zh = CliRunner().invoke(app, ["tm", "map", str(bad)], env={"COMPANION_LANG": "zh_CN"})
    en = CliRunner().invoke(app, ["tm", "map", str(bad)], env={"COMPANION_LANG": "en"})
    assert zh.exit_code == en.exit_code != 0
    assert "第 2 行，第 2 列：" in zh.output and "row 2, column 2: " in en.output
