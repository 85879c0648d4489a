"""`companion magick score` and `companion magick odds`."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from companion.cli import app

runner = CliRunner()


def test_odds_json_issue_example():
    r = runner.invoke(app, ["magick", "odds", "--die", "d8", "--target", "5", "--craft", "--potions", "1", "--json"])
    assert r.exit_code == 0, r.output
    doc = json.loads(r.stdout)
    assert doc["probability"] == "5/8"
    assert doc["value"] == 0.625


def test_odds_research():
    r = runner.invoke(app, ["magick", "odds", "--die", "d12", "--target", "3", "--research", "--json"])
    assert json.loads(r.stdout)["probability"] == "1/4"


def test_odds_needs_one_side():
    r = runner.invoke(app, ["magick", "odds", "--die", "d8", "--target", "5", "--json"])
    assert r.exit_code == 2
    assert "--craft/--research" in r.stderr


def test_odds_bad_die():
    r = runner.invoke(app, ["magick", "odds", "--die", "d20", "--target", "5", "--craft"])
    assert r.exit_code == 2
    assert "--die" in r.stderr


def test_score_json(tmp_path):
    f = tmp_path / "t.json"
    f.write_text(json.dumps({"players": [{"name": "Ann", "crafting": 10, "orders": 8},
                                         {"name": "Bo", "research": 9, "mastery": 9}]}))
    r = runner.invoke(app, ["magick", "score", str(f), "--json"])
    assert r.exit_code == 0, r.output
    doc = json.loads(r.stdout)
    assert doc["winners"] == ["Ann", "Bo"]
    assert doc["players"][0] == {"name": "Ann", "crafting": 10, "research": 0, "orders": 8, "adventurer": 0,
                                 "mastery": 0, "charms": 0, "total": 18}


def test_score_stdin_and_bad_field():
    r = runner.invoke(app, ["magick", "score", "-", "--json"], input='{"players": [{"name": "A", "orders": "x"}]}')
    assert r.exit_code == 2
    assert "players[0].orders" in r.stderr


def test_score_missing_file():
    r = runner.invoke(app, ["magick", "score", "/nonexistent.json"])
    assert r.exit_code == 2
    assert "no such file" in r.stderr
