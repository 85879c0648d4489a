"""The command line and the Terra Mystica library in Chinese (issue 14): help of every command group, a
located map error end to end, engine refusals; JSON keys stay English. English output is unchanged."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion import i18n
from companion.cli import run
from companion.errors import IllegalActionError
from companion.i18n import using_language
from companion.terra_mystica.engine import apply_action, new_game

FIXTURES = Path(__file__).parent / "terra_mystica" / "fixtures"
BASE_MAP = FIXTURES / "maps" / "base.txt"
LEDGER = FIXTURES / "ledgers" / "4pLeague_S1_D1L1_G2.ledger.txt"
TILES = ["SCORE5", "SCORE2", "SCORE3", "SCORE1", "SCORE4", "SCORE6"]
LOCALE_ENV = ("COMPANION_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


@pytest.fixture(autouse=True)
def english_after(monkeypatch):
    for var in LOCALE_ENV:
        monkeypatch.delenv(var, raising=False)
    i18n._explicit = None
    yield
    i18n._explicit = None


def companion(*args: str, capsys) -> tuple[int, str, str]:
    """Run the console entry point in this process: (exit status, stdout, stderr)."""
    with pytest.raises(SystemExit) as info:
        run(["companion", *args])
    out, err = capsys.readouterr()
    return info.value.code, out, err


def companion_process(*args: str, lang: str | None = None) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in LOCALE_ENV}
    if lang:
        env["COMPANION_LANG"] = lang
    return subprocess.run([sys.executable, "-c", "from companion.cli import run; run()", *args],
                          capture_output=True, text=True, env=env, timeout=120)


def has_chinese(text: str) -> bool:
    return any("\u4e00" <= ch <= "\u9fff" for ch in text)


# every command group and the commands whose texts this package owns: (arguments, a Chinese line, its English)
HELP = [
    ([], "学习、游玩并计分", "Learn, play and score"),
    (["tm"], "神秘大地：地图及其平衡、计分、竞叫", "Terra Mystica: maps and their balance"),
    (["century"], "水晶之路：晶石传记：计分、模拟、重放", "Century: Golem Edition: scoring"),
    (["magick"], "魔法商人录：计分、骰子概率", "Merchants of Magick: scoring"),
    (["history"], "对局历史：列出、导出和导入", "The game history: list"),
    (["tm", "map"], "检查自定义地图", "Check a custom map"),
    (["tm", "score"], "最终计分：连接文明 18/12/6", "Final scoring: network"),
    (["tm", "auction"], "快速竞叫", "Fast auction"),
    (["tm", "replay"], "逐行重放每个 FILE", "Replay each FILE"),
    (["tm", "simulate"], "机器人完整地进行对局", "Bots play whole games"),
    (["history", "list"], "列出已保存的对局", "List the saved games"),
    (["history", "export"], "把所有已保存的对局写入", "Write every saved game"),
    (["history", "import"], "添加导出的历史记录中的对局", "Add the games of an exported history"),
]


@pytest.mark.parametrize("args, chinese, english", HELP, ids=[" ".join(h[0]) or "companion" for h in HELP])
def test_help_of_every_command_group_is_chinese(args, chinese, english, capsys):
    code, out, _err = companion("--lang", "zh_CN", *args, "--help", capsys=capsys)
    assert code == 0
    flat = " ".join(out.split())
    assert chinese in flat and english not in flat
    assert out.startswith("用法：companion") and "选项：" in out and "显示此帮助信息并退出。" in out
    assert "Usage:" not in out and "Options:" not in out and "Show this message" not in out
    if args[:1] in (["tm"], ["history"]) or not args:
        # every option, argument and sub-command line of our own commands reads Chinese
        section, rows = None, []
        for line in out.splitlines():
            if line.endswith("：") and not line.startswith(" "):
                section = line
            elif section in ("参数：", "选项：", "命令：") and line.startswith("  ") and line[2] != " ":
                rows.append(line)
        assert rows and all(has_chinese(ln) for ln in rows), out


def test_english_help_is_unchanged_by_the_catalog(capsys):
    code, out, _err = companion("tm", "map", "--help", capsys=capsys)
    assert code == 0 and out.startswith("Usage: companion tm map")
    assert "Arguments:" in out and "Options:" in out and "Show this message and exit." in out
    assert "Check a custom map" in out and not has_chinese(out)


def test_env_variable_makes_the_real_entry_point_chinese():
    result = companion_process("tm", "--help", lang="zh_CN")
    assert result.returncode == 0 and "神秘大地工具" not in result.stdout  # group help comes from GROUPS
    assert "神秘大地：地图及其平衡、计分、竞叫、重放、机器人对局、提示和复盘。" in result.stdout
    assert "检查自定义地图" in " ".join(result.stdout.split())


def test_located_map_error_in_chinese_end_to_end(tmp_path):
    bad = tmp_path / "BAD.txt"
    bad.write_text("U,S,G,B,Y\nR,Q\n", encoding="utf-8")
    result = companion_process("tm", "map", str(bad), lang="zh_CN")
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr == f"错误：{bad}：第 2 行，第 2 列：发现 'Q'；应为字母 R Y U K B G S I 之一（I = 河流）\n"
    english = companion_process("tm", "map", str(bad))
    assert english.stderr == (f"error: {bad}: row 2, column 2: found 'Q'; expected one of the letters "
                              "R Y U K B G S I (I = river)\n")


def test_colour_word_map_error_and_usage_error_in_chinese(tmp_path, capsys):
    bad = tmp_path / "words.txt"
    bad.write_text("brown gray purple E\n", encoding="utf-8")
    code, _out, err = companion("--lang", "zh_CN", "tm", "map", str(bad), capsys=capsys)
    assert code == 2
    assert err.startswith(f"错误：{bad}：第 1 行，第 3 列：发现 'purple'；应为一个颜色词")
    code, _out, err = companion("--lang", "zh_CN", "tm", "map", capsys=capsys)
    assert code == 2 and err.startswith("错误：") and "companion tm map --help" in err


@pytest.mark.parametrize(("args", "chinese"), [
    (["tm", "hint", "--top", "0"], "'--top' 的值无效：应为 1 到 10 之间的整数，实际为 '0'"),
    (["century", "hint", "--top", "11"], "'--top' 的值无效：应为 1 到 10 之间的整数，实际为 '11'"),
    (["tm", "review", "--seconds", "x"], "'--seconds' 的值无效：应为 0.05 到 60 之间的数，实际为 'x'"),
    (["magick", "review", "--playouts", "0"], "'--playouts' 的值无效：应为 1 到 200 之间的整数，实际为 '0'"),
    (["magick", "hint", "--seed", "1.5"], "'--seed' 的值无效：应为整数，实际为 '1.5'"),
])
def test_coach_option_ranges_are_checked_in_chinese(args, chinese, capsys):
    # typer checks an option's min/max with pydantic, whose words stay English ("Input should be greater than
    # or equal to 1"); these options are checked by companion.cli_common in the reader's language
    code, _out, err = companion("--lang", "zh_CN", *args, str(LEDGER), capsys=capsys)
    assert code == 2 and chinese in err and "Input should" not in err, err


def test_json_keys_stay_english_and_text_output_is_chinese(capsys):
    code, out, _err = companion("--lang", "zh_CN", "tm", "map", str(BASE_MAP), "--json", capsys=capsys)
    assert code == 0
    assert set(json.loads(out)) == {"rows", "land_hexes", "river_hexes", "terrain_counts", "bridge_spots", "map_id"}
    code, out, _err = companion("--lang", "zh_CN", "tm", "map", str(BASE_MAP), capsys=capsys)
    assert code == 0 and "地图编号" in out and "陆地六边形" in out and "map id" not in out


def test_replay_output_in_chinese(capsys):
    code, out, _err = companion("--lang", "zh_CN", "tm", "replay", str(LEDGER), capsys=capsys)
    assert code == 0
    assert out.startswith("已检查行数：") and "终局分数：" in out and "rows checked" not in out


def test_engine_refusals_in_chinese_name_factions_and_terrains():
    game = new_game(["witches", "halflings"], round_tiles=TILES)
    with using_language("zh_CN"), pytest.raises(IllegalActionError) as info:
        apply_action(game, "witches", "build E6")                 # plains, not the Witches' forest
    assert info.value.code == "not_home_terrain"
    assert str(info.value) == "初始住所必须建在主地形（森林）上；E6 是平原（规则：规则书：设置）"
    with using_language("zh_CN"), pytest.raises(IllegalActionError) as info:
        apply_action(game, "halflings", "build E6")               # the Witches place first
    assert info.value.code == "not_your_turn"
    assert str(info.value).startswith("设置阶段现在轮到女巫，而不是半身人")
    with pytest.raises(IllegalActionError) as info:
        apply_action(game, "halflings", "build E6")
    assert str(info.value).startswith("it is the turn of the Witches in the setup, not of the Halflings")


def test_engine_cost_refusal_names_resources_in_the_readers_language():
    game = new_game(["witches", "halflings"], round_tiles=TILES, removed_bonus=["BON6"])
    for faction, row in [("witches", "build F4"), ("halflings", "build E6"), ("halflings", "build F5"),
                         ("witches", "build E9"), ("halflings", "pass BON3"), ("witches", "pass BON5")]:
        game = apply_action(game, faction, row)
    with pytest.raises(IllegalActionError) as english:
        apply_action(game, "witches", "convert 1W to 1P")
    with using_language("zh_CN"), pytest.raises(IllegalActionError) as chinese:
        apply_action(game, "witches", "convert 1W to 1P")
    assert english.value.code == chinese.value.code
    assert has_chinese(str(chinese.value)) and not has_chinese(str(english.value))


def test_no_marked_string_hides_inside_an_f_string():
    """Babel's extractor does not look inside f-strings: ``f"{_('final'):>7}"`` would never reach the catalog
    (and stay English in Chinese). Mark strings outside f-strings."""
    import ast

    marks = {"_", "gettext", "ngettext", "pgettext", "lazy_gettext", "lazy_ngettext", "N_"}
    hidden = []
    for path in sorted((Path(__file__).parent.parent / "companion").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.JoinedStr):
                hidden += [f"{path.name}:{call.lineno}" for call in ast.walk(node)
                           if isinstance(call, ast.Call) and isinstance(call.func, ast.Name)
                           and call.func.id in marks and call.args and isinstance(call.args[0], ast.Constant)]
    assert hidden == []


def test_pad_counts_chinese_characters_as_two_columns():
    from companion.cli_support import pad

    assert pad("Witches", 10) == "Witches   " and pad("12", 5, ">") == "   12"
    assert pad("女巫", 10) == "女巫      " and pad("网络", 8, ">") == "    网络"
    assert pad("连接网络网络", 4) == "连接网络网络"          # never cut
