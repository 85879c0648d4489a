"""The strict JSON reader and the shared table-validation helpers (issue 11)."""

from __future__ import annotations

import pytest

from companion.errors import CompanionError
from companion.jsonio import MAX_DEPTH, JSONInputError, loads, read_text
from companion.validation import TableChecker, TableError, name_key


@pytest.mark.parametrize("text, reason, line, column", [
    ("[" * 990 + "]" * 990, f"nested more than {MAX_DEPTH} deep", 1, MAX_DEPTH + 1),
    ('{"a": 1,\n "b": {"x": 1, "x": 2}}', 'duplicate key "x"', 2, 7),
    ("[1,\n  " + "9" * 5000 + "]", "a number of 5000 digits", 2, 3),
    ('{"s": "1e999",\n "n": 1e999}', "the number 1e999 is too large", 2, 7),
    ("[NaN]", "NaN is not JSON", 1, 2),
    ('{"a": [1, 2}', "invalid JSON", 1, 12),
])
def test_refusals_name_line_and_column(text, reason, line, column):
    with pytest.raises(JSONInputError) as info:
        loads(text, file="in.json")
    err = info.value
    assert reason in err.reason and (err.line, err.column) == (line, column)
    assert str(err).startswith(f"in.json: line {line}, column {column}: ")
    assert isinstance(err, CompanionError) and isinstance(err, ValueError)


def test_brackets_inside_strings_do_not_count_as_depth():
    assert loads('{"x": "' + "[" * 500 + '"}') == {"x": "[" * 500}


def test_lone_surrogates_are_refused_with_the_key_path():
    with pytest.raises(JSONInputError, match=r"players\[0\]\.name: a string holds a lone UTF-16 surrogate"):
        loads('{"players": [{"name": "A\\ud800"}]}')
    assert loads('"\\ud83d\\ude00"') == "\U0001F600"  # a proper pair is fine


def test_read_text_caps_size_and_names_bad_bytes(tmp_path):
    with pytest.raises(JSONInputError, match="larger than 10 bytes"):
        read_text("/dev/zero", max_bytes=10)
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"ok\nab\xffc")
    with pytest.raises(JSONInputError, match=r"line 2, column 3: not UTF-8 text \(byte 0xff\)"):
        read_text(bad)
    bom = tmp_path / "bom.txt"
    bom.write_bytes(b"\xef\xbb\xbfhello")
    assert read_text(bom) == "hello"


@pytest.mark.parametrize("a, b", [("Ann", " Ann"), ("Ann", "Ann\u200b"), ("Ann Lee", "Ann  Lee"), ("Ann", "\ufeffAnn"),
                                  ("Ann", "Ａｎｎ")])
def test_names_equal_up_to_spaces_invisible_characters_and_width(a, b):
    assert name_key(a) == name_key(b)


def test_names_that_really_differ_stay_apart():
    assert name_key("Ann") != name_key("Anne") and name_key("Ann") != name_key("ann")


def test_table_error_lists_every_problem_and_names_the_first():
    check = TableChecker("t.json")
    check.names[1] = "Bea"
    check.add(1, "cults.fire", "expected 0 to 10, found 11")
    check.keys({"vp": 1, "VP": 2}, 0, ["vp"])
    with pytest.raises(TableError) as info:
        check.raise_if_any()
    err = info.value
    assert str(err) == "t.json:players[1].cults.fire: expected 0 to 10, found 11. 1 more problem after this one."
    assert [p.key_path for p in err.problems] == ["players[1].cults.fire", "players[0].VP"]
    assert err.problems[0].name == "Bea" and not err.problems[0].shape
    assert "did you mean 'vp'" in err.problems[1].message and err.shape_problems == [err.problems[1]]
