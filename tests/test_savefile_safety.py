"""Saves never lose or clobber: killed writers, links, permissions, second writers, corrupt saves (issue 11)."""

from __future__ import annotations

import json
import os
import signal
import stat
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from companion import savefile
from companion.errors import SaveFileError
from companion.savefile import (
    SaveConflictError,
    atomic_write_json,
    clean_stale_temp_files,
    read_save,
    read_save_stamped,
    write_save,
)
from companion.widgets.savepanel import SavePanel

KIND = "test-score"
ROOT = Path(__file__).resolve().parents[1]


def temp_files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


def test_a_killed_save_loses_nothing_and_its_temp_file_is_cleaned(tmp_path, monkeypatch):
    save = tmp_path / "score.json"
    atomic_write_json(save, {"kind": KIND, "n": 1})
    # The child starts a save and is killed while the temporary file is written but not yet in place.
    child = textwrap.dedent(f"""
        import os, sys, time
        from companion import savefile
        real_fsync = os.fsync
        def slow_fsync(fd):
            real_fsync(fd)
            print("writing", flush=True)
            time.sleep(60)
        savefile.os.fsync = slow_fsync
        savefile.atomic_write_json({str(save)!r}, {{"kind": {KIND!r}, "n": 2, "big": "x" * 100000}})
    """)
    proc = subprocess.Popen([sys.executable, "-c", child], stdout=subprocess.PIPE, cwd=ROOT, text=True)
    try:
        assert proc.stdout.readline().strip() == "writing"
        assert len(temp_files(tmp_path)) == 1  # the kill really happens mid-save
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert read_save(save, kind=KIND) == {"kind": KIND, "n": 1}  # the last complete save is intact
    monkeypatch.setattr(savefile, "STALE_AFTER_SECONDS", 0.0)
    panel = SavePanel(save, kind=KIND, on_load=lambda doc: None)
    assert panel.open_save()  # opening cleans the abandoned temporary file
    assert temp_files(tmp_path) == []
    assert panel.save({"kind": KIND, "n": 3})
    assert read_save(save, kind=KIND) == {"kind": KIND, "n": 3} and temp_files(tmp_path) == []


def test_a_temp_file_held_by_a_live_writer_is_not_removed(tmp_path, monkeypatch):
    import fcntl

    monkeypatch.setattr(savefile, "STALE_AFTER_SECONDS", 0.0)
    save = tmp_path / "score.json"
    busy = tmp_path / ".score.json.abcd.tmp"
    dead = tmp_path / ".score.json.efgh.tmp"
    busy.write_text("{")
    dead.write_text("{")
    with open(busy, "rb") as handle:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
        removed = clean_stale_temp_files(save)
        assert removed == [dead] and busy.exists()


def test_a_fresh_temp_file_is_left_alone(tmp_path):
    save = tmp_path / "score.json"
    fresh = tmp_path / ".score.json.abcd.tmp"
    fresh.write_text("{")
    assert clean_stale_temp_files(save) == [] and fresh.exists()
    old = time.time() - 3600
    os.utime(fresh, (old, old))
    assert clean_stale_temp_files(save) == [fresh] and not fresh.exists()


def test_permissions_are_kept(tmp_path):
    save = tmp_path / "score.json"
    atomic_write_json(save, {"kind": KIND})
    os.chmod(save, 0o644)
    atomic_write_json(save, {"kind": KIND, "n": 2})
    assert stat.S_IMODE(save.stat().st_mode) == 0o644
    os.chmod(save, 0o600)
    atomic_write_json(save, {"kind": KIND, "n": 3})
    assert stat.S_IMODE(save.stat().st_mode) == 0o600


def test_a_new_save_gets_the_umask_mode_not_0600(tmp_path):
    old = os.umask(0o022)
    try:
        atomic_write_json(tmp_path / "new.json", {"kind": KIND})
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "new.json").stat().st_mode) == 0o644


def test_a_symlinked_save_is_written_through_the_link(tmp_path):
    real_dir = tmp_path / "real"
    real_dir.mkdir()
    target = real_dir / "score.json"
    atomic_write_json(target, {"kind": KIND, "n": 1})
    link = tmp_path / "link.json"
    link.symlink_to(target)
    panel = SavePanel(link, kind=KIND, on_load=lambda doc: None)
    assert panel.open_save()
    assert panel.save({"kind": KIND, "n": 2})
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert json.loads(target.read_text())["n"] == 2
    assert temp_files(tmp_path) == [] and temp_files(real_dir) == []


def test_a_second_writer_is_detected_and_told(tmp_path):
    save = tmp_path / "score.json"
    tab1 = SavePanel(save, kind=KIND, on_load=lambda doc: None)
    tab2 = SavePanel(save, kind=KIND, on_load=lambda doc: None)
    assert tab1.open_save() and tab2.open_save()
    assert tab1.save({"kind": KIND, "by": "tab1"})
    assert tab2.save({"kind": KIND, "by": "tab2"}) is False  # tab1's entry is not overwritten
    assert read_save(save, kind=KIND) == {"kind": KIND, "by": "tab1"}
    assert not tab2.writable and "another window" in tab2.status.value
    assert tab1.save({"kind": KIND, "by": "tab1", "n": 2})  # the first tab goes on
    assert tab2.open_save()  # re-opening takes the other tab's changes and unlocks
    assert tab2.save({"kind": KIND, "by": "tab2"})
    assert tab1.save({"kind": KIND, "by": "tab1"}) is False


def test_write_save_refuses_a_file_changed_by_hand(tmp_path):
    save = tmp_path / "score.json"
    document, stamp = read_save_stamped(save, kind=KIND)
    assert document is None
    stamp = write_save(save, {"kind": KIND, "n": 1}, stamp=stamp)
    save.write_text(json.dumps({"kind": KIND, "n": "edited"}))
    with pytest.raises(SaveConflictError):
        write_save(save, {"kind": KIND, "n": 2}, stamp=stamp)
    assert json.loads(save.read_text())["n"] == "edited"


@pytest.mark.parametrize("corrupt", [
    "[" * 990 + "]" * 990,
    '{"kind": "test-score", "n": ' + "9" * 5000 + "}",
    '{"kind": "test-score", "kind": "test-score"}',
    '{"kind": "test-score", "name": "\\ud800"}',
    '{"kind": "test-score"',
])
def test_a_corrupt_save_opened_after_a_good_one_stays_untouched(tmp_path, corrupt):
    good, bad = tmp_path / "good.json", tmp_path / "bad.json"
    atomic_write_json(good, {"kind": KIND, "n": 1})
    bad.write_text(corrupt, encoding="utf-8")
    before = bad.read_bytes()
    panel = SavePanel(good, kind=KIND, on_load=lambda doc: None)
    assert panel.open_save() and panel.writable
    assert panel.open_save(bad) is False
    assert not panel.writable and "companion-error" in panel.status.value
    assert panel.save({"kind": KIND, "n": 2}) is False
    assert bad.read_bytes() == before
    with pytest.raises(SaveFileError):
        read_save(bad, kind=KIND)


@pytest.mark.parametrize("app", ["century", "magick", "tm"])
@pytest.mark.parametrize("corrupt", ["[" * 990 + "]" * 990, '{"kind": "KIND", "players": [' + "9" * 5000 + "]}",
                                     '{"kind": "KIND", "kind": "KIND", "players": []}'])
def test_each_score_app_stays_read_only_on_a_corrupt_save_opened_after_a_good_one(tmp_path, app, corrupt):
    from companion.widgets.century.score import CenturyScoreTable
    from companion.widgets.magick.score import ScoreTable
    from companion.widgets.terra_mystica.score import TableScorer

    good, bad = tmp_path / "good.json", tmp_path / "bad.json"
    if app == "century":
        table = CenturyScoreTable(good, players=2)
        kind, edit = "century-score", lambda n: setattr(table.golem_boxes[0], "value", str(10 + n))
    elif app == "magick":
        table = ScoreTable(good, players=2)
        kind, edit = "magick-score", lambda n: table.set_part(0, "crafting", n)
    else:
        table = TableScorer(good)
        kind, edit = "terra-mystica-score", lambda n: setattr(table.rows[0].vp, "value", 50 + n)
    edit(1)
    assert table.writable and good.exists()
    bad.write_text(corrupt.replace("KIND", kind), encoding="utf-8")
    before = bad.read_bytes()
    assert table.open_save(bad) is False
    assert not table.writable and "companion-error" in table.status.value
    edit(2)  # a change after the failed open: written nowhere
    if app == "magick":
        table.add_player()
    assert bad.read_bytes() == before
