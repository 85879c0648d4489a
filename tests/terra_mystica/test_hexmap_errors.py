"""Bad map text: MapFormatError names row, column and token; nothing else ever escapes (hypothesis)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.errors import MapFormatError
from companion.terra_mystica.hexmap import TerraMysticaMap, parse_colour_words, parse_letters, parse_map

FIXTURES = Path(__file__).parent / "fixtures" / "maps"
REAL = [(FIXTURES / f).read_text() for f in ("base.txt", "fire_ice_side1.txt", "fire_ice_side2.txt",
                                             "loon_lakes_v1.6.txt", "fjords_v2.1.txt")]
BASE_ROWS = REAL[0].split()


def _err(text: str) -> MapFormatError:
    with pytest.raises(MapFormatError) as info:
        parse_map(text)
    return info.value


def _with_row(i: int, row: str) -> str:
    rows = list(BASE_ROWS)
    rows[i] = row
    return "\n".join(rows)


def test_unknown_letter_names_row_column_token():
    e = _err(_with_row(3, "G,B,Y,I,I,R,X,I,R,I,R,U"))
    assert (e.row, e.column, e.token) == (4, 7, "X")
    assert "row 4, column 7" in str(e) and "'X'" in str(e) and "R Y U K B G S I" in str(e)


def test_empty_cell():
    e = _err(_with_row(0, "U,S,G,B,Y,R,,K,R,G,B,R,K"))
    assert (e.row, e.column, e.token) == (1, 7, "")
    assert "empty cell" in str(e)


def test_trailing_comma():
    e = _err(_with_row(1, "Y,I,I,U,K,I,I,Y,K,I,I,Y,"))
    assert (e.row, e.column) == (2, 13)


def test_too_many_rows():
    e = _err("\n".join(BASE_ROWS + [BASE_ROWS[1]]))
    assert e.row == 10 and "at most 9 rows" in str(e)


def test_first_row_too_long_or_short():
    e = _err(_with_row(0, "U,S,G,B,Y,R,U,K,R,G,B,R,K,K"))
    assert (e.row, e.column, e.token) == (1, 14, "K")
    e = _err(_with_row(0, "U,S,G,B,Y,R,U,K,R,G,B"))
    assert (e.row, e.column, e.token) == (1, 12, None)
    assert "expected 13 or 12" in str(e)


def test_rows_must_alternate():
    e = _err(_with_row(1, "Y,I,I,U,K,I,I,Y,K,I,I,Y,Y"))  # 13 after 13
    assert (e.row, e.column, e.token) == (2, 13, "Y")
    assert "expected 12" in str(e) and "alternate" in str(e)
    e = _err(_with_row(2, "I,I,K,I,S,I,G,I,G,I,S,I"))  # 12 after 12
    assert (e.row, e.column) == (3, 13) and "expected 13" in str(e)


def test_letters_without_commas_get_a_hint():
    e = _err("USGBYRUKRGBRK")
    assert "separate" in str(e) and e.token == "USGBYRUKRGBRK"


def test_empty_text():
    for text in ("", "   \n\n", "\ufeff"):
        e = _err(text)
        assert "empty" in str(e)


def test_colour_words_errors():
    base_words = parse_map(REAL[0]).to_colour_words()
    e = _err(base_words.replace("gray", "purple", 1))
    assert (e.row, e.column, e.token) == (1, 2, "purple")
    e = _err(base_words[:-2])  # last E missing
    assert e.row == 9 and "not ended by E" in str(e)
    e = _err("E " + base_words)  # placeholder before a long row
    assert "placeholder" in str(e)
    fi = parse_map(REAL[1]).to_colour_words()
    e = _err(fi[2:])  # short first row without the placeholder
    assert e.row == 1 and "extra E" in str(e)
    e = _err(base_words.replace(" E ", " E E ", 1))
    assert e.row == 2 and "empty row" in str(e)


def test_non_string_input():
    with pytest.raises(MapFormatError):
        parse_map(None)  # type: ignore[arg-type]


def _check(text: str) -> None:
    try:
        m = parse_map(text)
    except MapFormatError as exc:
        assert exc.row is None or exc.row >= 1
        assert exc.column is None or exc.column >= 1
        return
    assert isinstance(m, TerraMysticaMap)
    assert parse_map(m.to_colour_words()) == m


ALPHABET = st.sampled_from(list("RYUKBGSIrykbgsiEx ,\n\t\r") + ["gray", "red", " E ", "\ufeff", "é", "0"])


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text())
def test_random_text_only_raises_map_format_error(text):
    _check(text)


@settings(max_examples=300, deadline=None)
@given(st.lists(ALPHABET, max_size=400).map("".join))
def test_random_map_like_text_only_raises_map_format_error(text):
    _check(text)


@st.composite
def mutated_maps(draw):
    text = draw(st.sampled_from(REAL))
    if draw(st.booleans()):
        text = parse_map(text).to_colour_words()
    for _ in range(draw(st.integers(1, 4))):
        op = draw(st.sampled_from(["replace", "delete", "insert", "dup_line", "drop_line", "swap"]))
        if not text:
            break
        i = draw(st.integers(0, len(text) - 1))
        if op == "replace":
            text = text[:i] + draw(ALPHABET) + text[i + 1:]
        elif op == "delete":
            text = text[:i] + text[i + 1:]
        elif op == "insert":
            text = text[:i] + draw(ALPHABET) + text[i:]
        else:
            lines = text.split("\n")
            j = draw(st.integers(0, len(lines) - 1))
            if op == "dup_line":
                lines.insert(j, lines[j])
            elif op == "drop_line":
                del lines[j]
            else:
                k = draw(st.integers(0, len(lines) - 1))
                lines[j], lines[k] = lines[k], lines[j]
            text = "\n".join(lines)
    return text


@settings(max_examples=400, deadline=None)
@given(mutated_maps())
def test_mutated_real_maps_only_raise_map_format_error(text):
    _check(text)


@given(st.text())
@settings(max_examples=100, deadline=None)
def test_each_form_parser_alone_only_raises_map_format_error(text):
    for parser in (parse_letters, parse_colour_words):
        try:
            parser(text)
        except MapFormatError:
            pass


@pytest.mark.parametrize(("fake", "looks_like"), [("ı", "I"), ("ſ", "S"), ("\u212a", "K")])
def test_non_ascii_letters_that_upper_case_to_map_letters_are_refused(fake, looks_like):
    # Python upper-cases these to ASCII letters; the map must not read them as a river / swamp / ...
    assert fake.upper() == looks_like or fake.lower() == looks_like.lower()
    e = _err(_with_row(2, "U,X,U,K,R,Y,I,I,I,B,S,G,S".replace("X", fake)))
    assert (e.row, e.column, e.token) == (3, 2, fake)
    assert f"U+{ord(fake):04X}" in str(e)


def test_non_ascii_colour_word_is_refused_with_its_place():
    word = "blac\u212a"  # Kelvin sign: lower-cases to "k"
    text = "brown gray green blue yellow red brown black red green blue red " + word + " E"
    e = _err(text)
    assert (e.row, e.column, e.token) == (1, 13, word)


def test_over_long_map_text_is_refused_before_parsing():
    from companion.terra_mystica.hexmap import MAX_MAP_CHARS

    e = _err("R," * (MAX_MAP_CHARS // 2 + 1))
    assert "at most" in str(e) and f"{MAX_MAP_CHARS:,}" in str(e)


def test_map_command_reads_no_more_than_a_map(tmp_path):
    from typer.testing import CliRunner

    from companion.cli import app
    from companion.terra_mystica.hexmap import MAX_MAP_CHARS

    big = tmp_path / "big.txt"
    big.write_text("x " * MAX_MAP_CHARS)
    result = CliRunner().invoke(app, ["tm", "map", str(big)])
    assert result.exit_code == 2 and "larger than" in result.output
    ok = tmp_path / "base.txt"
    ok.write_text(REAL[0])
    assert CliRunner().invoke(app, ["tm", "map", str(ok), "--json"]).exit_code == 0
