"""Usage errors, JSON errors and an unsupported language in the user's language (issue 22, point 10).

typer's copy of click and Python's JSON decoder write their messages in English; under ``COMPANION_LANG=zh_CN``
the ``companion`` command says them in Chinese. An unsupported language (``--lang fr``, ``COMPANION_LANG=fr``)
is refused in a language that works, naming the languages there are, with exit status 2 and no traceback.
"""

from __future__ import annotations

import contextlib
import re

import pytest

from companion.cli import run
from companion.i18n import set_language, using_language
from companion.jsonio import JSONInputError, loads

# Latin words of two letters or more that are not the option names, values and paths the messages quote.
ENGLISH_WORD = re.compile(r"(?<![-\w'./])[A-Za-z]{2,}(?![\w'])")


def english_words(text: str) -> list[str]:
    quoted = re.sub(r"'[^']*'|\\uXXXX|--[\w-]+|\S*/\S*|companion|JSON|COMPANION_LANG|English|zh_CN|en\b", " ", text)
    return ENGLISH_WORD.findall(quoted)


def stderr_of(argv, capsys, monkeypatch, env=None) -> tuple[int, str]:
    set_language(None)
    if env is None:
        monkeypatch.delenv("COMPANION_LANG", raising=False)
    else:
        monkeypatch.setenv("COMPANION_LANG", env)
    monkeypatch.setenv("LANG", "C.UTF-8")
    monkeypatch.delenv("LANGUAGE", raising=False)
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    try:
        with pytest.raises(SystemExit) as stop:
            run(["companion", *argv])
    finally:
        with contextlib.suppress(ValueError):  # COMPANION_LANG=fr: the choice is reset, the language refused
            set_language(None)
    return stop.value.code, capsys.readouterr().err


@pytest.fixture
def bad_json(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text('{"players": [1 2]}', encoding="utf-8")
    return str(path)


USAGE = [
    (["tm", "map"], "缺少参数 'file'。", "Missing argument 'file'."),
    (["tm", "score", "--nope", "x"], "没有这个选项：--nope", "No such option: --nope"),
    (["century", "simulate", "--games", "abc"], "'--games' 的值无效：'abc' 不是整数。",
     "Invalid value for '--games': 'abc' is not a whole number."),
    (["tm", "score", "a", "b", "c"], "多出了参数（b c）", "Got unexpected extra argument(s) (b c)"),
    (["tm", "map", "--lang"], "--lang：后面应为一种语言", "--lang: expected a language after it"),
]


@pytest.mark.parametrize(("argv", "chinese", "english"), USAGE)
def test_usage_errors_in_chinese(argv, chinese, english, capsys, monkeypatch):
    code, err = stderr_of(argv, capsys, monkeypatch, env="zh_CN")
    assert code == 2 and err.startswith("错误：") and err.count("\n") == 1
    assert chinese in err and english_words(err) == [], err


@pytest.mark.parametrize(("argv", "chinese", "english"), USAGE)
def test_usage_errors_in_english_are_clicks_own(argv, chinese, english, capsys, monkeypatch):
    code, err = stderr_of(argv, capsys, monkeypatch)
    assert code == 2 and english in err and not re.search(r"[\u4e00-\u9fff]", err)


def test_json_errors_in_chinese(bad_json, capsys, monkeypatch):
    code, err = stderr_of(["tm", "score", bad_json], capsys, monkeypatch, env="zh_CN")
    assert code == 2 and "第 1 行，第 16 列：无效的 JSON：这里应为逗号 ','" in err
    assert english_words(err) == [], err


@pytest.mark.parametrize(("text", "chinese"), [
    ('{"a": 1 "b": 2}', "这里应为逗号 ','"),
    ('{"a" 1}', "这里应为冒号 ':'"),
    ("{a: 1}", "这里应为用双引号括起的键名"),
    ("[1, ]", "这里应为一个值"),
    ('"abc', "字符串从这里开始，但没有结束的引号"),
    ('"a\\qb"', "无效的反斜杠转义"),
    ('"\\u12"', "无效的 \\uXXXX 转义"),
    ("1 2", "JSON 值之后还有多余的内容"),
    ('"a\tb"', "字符串中有控制字符"),
])
def test_every_decoder_message_has_its_sentence(text, chinese):
    with using_language("zh_CN"), pytest.raises(JSONInputError) as info:
        loads(text)
    assert chinese in str(info.value) and english_words(str(info.value)) == []


@pytest.mark.parametrize(("argv", "env", "said"), [
    (["--lang", "fr", "tm", "--help"], "zh_CN", "--lang：不支持语言 'fr'；可用的语言为 en, zh_CN（English, 简体中文）"),
    (["--lang", "fr", "tm", "--help"], None, "--lang: language 'fr' is not supported; expected one of en, zh_CN"),
    (["--help"], "fr", "environment variable COMPANION_LANG: language 'fr' is not supported; "
                       "expected one of en, zh_CN (English, 简体中文)"),
])
def test_an_unsupported_language_names_the_languages_and_exits_2(argv, env, said, capsys, monkeypatch):
    code, err = stderr_of(argv, capsys, monkeypatch, env=env)
    assert code == 2 and said in err and "Traceback" not in err and err.count("\n") == 1


def test_an_unsupported_env_language_is_refused_in_the_system_locales_language(capsys, monkeypatch):
    set_language(None)
    monkeypatch.setenv("COMPANION_LANG", "fr")
    monkeypatch.setenv("LANG", "zh_CN.UTF-8")
    with pytest.raises(SystemExit) as stop:
        run(["companion", "--help"])
    with contextlib.suppress(ValueError):
        set_language(None)
    assert stop.value.code == 2
    assert "环境变量 COMPANION_LANG：不支持语言 'fr'" in capsys.readouterr().err


def test_english_word_finder_sees_the_old_messages():
    assert english_words("错误：Missing argument 'file'.（参见 'companion tm score --help'）") == \
        ["Missing", "argument"]
    assert english_words("错误：无效的 JSON：Expecting ',' delimiter") == ["Expecting", "delimiter"]
