"""Unit tests for the shared save-file strip of the scoring widgets (companion.widgets.savepanel)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from companion.errors import SaveFileError
from companion.widgets.savepanel import SavePanel

KIND = "test-score"


class Owner:
    """Stands in for a scoring widget: records what the panel hands over."""

    def __init__(self) -> None:
        self.loaded: list[dict[str, Any] | None] = []
        self.reject = False

    def on_load(self, document: dict[str, Any] | None) -> str | None:
        if self.reject:
            raise SaveFileError("players: expected a list; the file was left untouched", path="x")
        self.loaded.append(document)
        return None


def make(path: Path) -> tuple[SavePanel, Owner]:
    owner = Owner()
    return SavePanel(path, kind=KIND, on_load=owner.on_load), owner


def test_nothing_is_read_until_opened_and_a_missing_file_is_a_new_save(tmp_path):
    save = tmp_path / "sub" / "score.json"
    panel, owner = make(save)
    assert owner.loaded == [] and panel.path_text.value == str(save)
    assert panel.open_save() is True
    assert owner.loaded == [None]
    assert panel.writable and "New save file" in panel.status.value
    assert not save.exists()


def test_load_hands_the_document_to_the_owner(tmp_path):
    save = tmp_path / "score.json"
    document = {"kind": KIND, "players": [{"name": "Ana"}]}
    save.write_text(json.dumps(document), encoding="utf-8")
    panel, owner = make(tmp_path / "elsewhere.json")
    assert panel.open_save(save)
    assert owner.loaded == [document]
    assert panel.path == save and panel.path_text.value == str(save)
    assert "Loaded" in panel.status.value


def test_owner_status_text_is_shown(tmp_path):
    panel = SavePanel(tmp_path / "s.json", kind=KIND, on_load=lambda doc: "Loaded 3 players <b>")
    assert panel.open_save()
    assert "Loaded 3 players &lt;b&gt;" in panel.status.value


def test_save_writes_atomically_and_reads_back(tmp_path):
    save = tmp_path / "score.json"
    panel, _ = make(save)
    panel.open_save()
    document = {"kind": KIND, "version": 1, "players": [{"name": "Bo", "vp": 12}]}
    assert panel.save(document) is True
    assert json.loads(save.read_text(encoding="utf-8")) == document
    assert [p.name for p in tmp_path.iterdir()] == ["score.json"]  # no temporary file left over
    again, owner = make(save)
    assert again.open_save() and owner.loaded == [document]


def test_the_button_opens_the_typed_path(tmp_path):
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    second.write_text(json.dumps({"kind": KIND, "n": 2}), encoding="utf-8")
    panel, owner = make(first)
    panel.path_text.value = str(second)
    panel.open_button.click()
    assert panel.path == second and owner.loaded == [{"kind": KIND, "n": 2}]


@pytest.mark.parametrize("content, expected", [
    ('{"kind": "test-score", "players": [', "not valid JSON"),
    ('[1, 2, 3]', "JSON object"),
    ('{"kind": "century-score"}', "century-score"),
])
def test_corrupt_save_is_left_byte_for_byte_untouched_and_writing_locked(tmp_path, content, expected):
    save = tmp_path / "score.json"
    save.write_bytes(content.encode("utf-8"))
    panel, owner = make(save)
    assert panel.open_save() is False
    assert owner.loaded == []
    assert not panel.writable
    assert "companion-error" in panel.status.value and expected in panel.status.value
    assert panel.save({"kind": KIND, "players": []}) is False
    assert save.read_bytes() == content.encode("utf-8")


def test_owner_rejecting_the_document_locks_writing(tmp_path):
    save = tmp_path / "score.json"
    original = b'{"kind": "test-score", "players": 7}'
    save.write_bytes(original)
    panel, owner = make(save)
    owner.reject = True
    assert panel.open_save() is False
    assert not panel.writable and "players: expected a list" in panel.status.value
    assert panel.save({"kind": KIND}) is False
    assert save.read_bytes() == original


def test_switching_to_another_file_unlocks_and_the_broken_one_stays_untouched(tmp_path):
    broken, other = tmp_path / "broken.json", tmp_path / "other.json"
    broken.write_bytes(b"{not json")
    panel, _ = make(broken)
    assert not panel.open_save()
    assert panel.open_save(other)
    assert panel.writable and "companion-error" not in panel.status.value
    assert panel.save({"kind": KIND, "n": 1})
    assert json.loads(other.read_text(encoding="utf-8")) == {"kind": KIND, "n": 1}
    assert broken.read_bytes() == b"{not json"


def test_repairing_the_file_and_opening_it_again_unlocks(tmp_path):
    save = tmp_path / "score.json"
    save.write_bytes(b"{not json")
    panel, owner = make(save)
    assert not panel.open_save()
    save.write_text(json.dumps({"kind": KIND}), encoding="utf-8")
    assert panel.open_save() and panel.writable and owner.loaded == [{"kind": KIND}]


def test_unserialisable_document_is_reported_and_the_previous_save_kept(tmp_path):
    save = tmp_path / "score.json"
    panel, _ = make(save)
    panel.open_save()
    assert panel.save({"kind": KIND, "n": 1})
    before = save.read_bytes()
    assert panel.save({"kind": KIND, "bad": {1, 2}}) is False
    assert "companion-error" in panel.status.value and "cannot be saved" in panel.status.value
    assert save.read_bytes() == before
    assert panel.writable  # a failed write is reported, not a reason to stop saving later entries
    assert panel.save({"kind": KIND, "n": 2})


def test_tilde_is_expanded(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    panel, _ = make(Path("~/score.json"))
    assert panel.path == tmp_path / "score.json"
