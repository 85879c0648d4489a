"""The Riverwalkers build only beside the river (FIRE-ICE-NOTES section 2: "Can't place initial dwelling
inland"): a map must offer them one land terrain with a hex beside a river for each starting dwelling, or
they are refused a seat (lab, setup, faction menus, ``companion tm simulate``)."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from companion.cli import app
from companion.terra_mystica import game
from companion.terra_mystica.hexmap import CUSTOM_MAP_PREFIX, map_from_rows, map_record_name
from companion.terra_mystica.mapedit import seat_refusal, start_dwellings

runner = CliRunner()

# two rows, every terrain, no river hex (the reviewer's tiny.txt)
NO_RIVER = "Y,U,K,B,G,S,R,Y,U,K,B,G,S\nR,Y,U,K,B,G,S,R,Y,U,K,B\n"


def _map(text):
    return map_from_rows([line.split(",") for line in text.split()])


def test_no_river_refuses_the_riverwalkers_only():
    tm_map = _map(NO_RIVER)
    assert seat_refusal(tm_map, "riverwalkers") is not None
    assert seat_refusal(tm_map, "shapeshifters") is None  # picks a colour, builds anywhere
    name = map_record_name(tm_map)
    assert name.lower().startswith(CUSTOM_MAP_PREFIX)
    assert game.map_refusal("riverwalkers", name) is not None
    assert "riverwalkers" not in game.free_factions((), map_name=name)
    assert "riverwalkers" in game.free_factions((), map_name=None)


@pytest.mark.parametrize(("row", "fits"), [
    ("YIYUUKKBBGGSS", True),   # the river hex has a desert hex on each side: two riverside desert hexes
    ("YYIUUKKBBGGSS", False),  # one riverside desert hex, one riverside wasteland hex: no terrain has two
])
def test_riverside_hexes_of_one_terrain_are_counted(row, fits):
    assert start_dwellings("riverwalkers") == 2
    assert (seat_refusal(map_from_rows([list(row)]), "riverwalkers") is None) is fits


def test_simulate_refuses_riverwalkers_on_a_map_without_river(tmp_path):
    path = tmp_path / "tiny.txt"
    path.write_text(NO_RIVER)
    out = runner.invoke(app, ["tm", "simulate", "--map", str(path), "--factions", "riverwalkers,nomads"])
    assert out.exit_code == 2, out.output
    assert "river" in out.output and "Traceback" not in out.output


def test_simulate_on_a_map_without_river_seats_no_riverwalkers(tmp_path):
    path = tmp_path / "tiny.txt"
    path.write_text(NO_RIVER)
    out = runner.invoke(app, ["tm", "simulate", "--map", str(path), "--players", "5", "--games", "8", "--json"])
    assert out.exit_code == 0, out.output
    assert "riverwalkers" not in out.stdout


def test_summary_when_no_game_finished(monkeypatch):
    from companion.errors import CompanionError
    from companion.terra_mystica import simulate as sim

    def fail(*args, **kwargs):
        raise CompanionError("greedy bot: no legal action")

    monkeypatch.setattr(sim, "play_one", fail)
    out = runner.invoke(app, ["tm", "simulate", "--players", "5", "--games", "1"])
    assert "None" not in out.output and "by bot: \n" not in out.output
    assert "no game finished" in out.output
