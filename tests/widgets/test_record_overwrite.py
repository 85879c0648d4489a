"""Save never silently replaces a record it did not write or open (``companion.widgets.game_record``).

A reviewer typed the path of a Terra Mystica record whose line 36 is illegal, pressed Open (refused, rightly)
and then Save: the file was replaced by the new game on screen, with no warning; Century did the same. Now the
first Save for such a file writes nothing and says so; a second press replaces it; a file this strip saved or
opened is saved over at once. The file's bytes are the independent answer.
"""

from __future__ import annotations

from companion.century.engine import Acquire
from companion.i18n import using_language
from companion.widgets.century.game import CenturyGame
from companion.widgets.terra_mystica.play import PlayAFullGame


def _tm():
    w = PlayAFullGame(players=2, controllers=["human", "greedy"], factions=["witches", "nomads"], seed=1)
    assert w.start(), w.message.value
    return w


def test_a_failed_open_then_save_keeps_the_users_terra_mystica_record(tmp_path):
    path = tmp_path / "my-game.txt"
    record = "witches: build F4\nnomads: fly to the moon\n"     # line 2 does not read
    path.write_text(record, encoding="utf-8")
    w = _tm()
    w.record_file.path_box.value = str(path)
    assert not w.record_file.open_file()
    assert not w.record_file.save_file()
    assert path.read_text(encoding="utf-8") == record
    assert "Save again" in w.record_file.status.value
    assert w.record_file.save_file()          # the second press replaces it
    assert path.read_text(encoding="utf-8") != record


def test_a_file_typed_into_the_box_is_replaced_only_on_a_second_press_of_the_same_path(tmp_path):
    first, other = tmp_path / "first.txt", tmp_path / "other.txt"
    first.write_text("keep me\n", encoding="utf-8")
    other.write_text("keep me too\n", encoding="utf-8")
    game = CenturyGame(players=2, controllers=["human", "greedy"], seed=3)
    game.record_file.path_box.value = str(first)
    assert not game.record_file.save_file()
    game.record_file.path_box.value = str(other)     # another path: a new first press
    assert not game.record_file.save_file()
    assert first.read_text(encoding="utf-8") == "keep me\n" and other.read_text(encoding="utf-8") == "keep me too\n"


def test_a_record_saved_or_opened_here_is_saved_over_at_once(tmp_path):
    path = tmp_path / "saved.txt"
    game = CenturyGame(players=2, controllers=["human", "greedy"], seed=3)
    game.record_file.path_box.value = str(path)
    assert game.record_file.save_file()                     # a new file: written at once
    game.human_action(Acquire(1))
    assert game.record_file.save_file()                     # this strip wrote it: saved over
    assert path.read_text(encoding="utf-8") == game.record_text.value
    again = CenturyGame(players=2, controllers=["human", "greedy"], seed=3)
    again.record_file.path_box.value = str(path)
    assert again.record_file.open_file()
    assert again.record_file.save_file()                    # opened here: the same game goes on in it


def test_the_warning_is_in_the_users_language(tmp_path):
    path = tmp_path / "x.txt"
    path.write_text("x\n", encoding="utf-8")
    with using_language("zh_CN"):
        game = CenturyGame(players=2, controllers=["human", "greedy"], seed=3)
        game.record_file.path_box.value = str(path)
        assert not game.record_file.save_file()
        text = game.record_file.status.value
    assert "x.txt" in text and "Save again" not in text and any("\u4e00" <= ch <= "\u9fff" for ch in text)
