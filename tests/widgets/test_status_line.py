"""The shared status line of the file strips (:class:`companion.widgets.status.RetranslatedStatus`)."""

from __future__ import annotations

import ipywidgets as widgets
import pytest

from companion.i18n import _, set_language, using_language
from companion.widgets.game_record import RecordFile
from companion.widgets.savepanel import SavePanel
from companion.widgets.status import RetranslatedStatus


@pytest.fixture(autouse=True)
def english_after():
    yield
    set_language(None)


class _Strip(RetranslatedStatus, widgets.VBox):
    def __init__(self) -> None:
        self.button = widgets.Button()
        self.status = widgets.HTML()
        self.labelled = 0
        self._label()
        super().__init__([self.button, self.status])
        self._listen_to_language()

    def _label(self) -> None:
        self.labelled += 1
        self.button.description = _("Save")


def test_labels_and_the_shown_status_are_rendered_again_in_the_new_language():
    strip = _Strip()
    assert strip.status.value == ""            # nothing shown yet: nothing to render again
    with using_language("zh_CN"):
        assert strip.button.description == "保存" and strip.status.value == ""
    strip._show(lambda: _("Undo"))
    assert strip.status.value == "Undo"
    with using_language("zh_CN"):
        assert strip.status.value == "撤销" and strip.button.description == "保存"
    assert (strip.status.value, strip.button.description) == ("Undo", "Save")


def test_the_file_strips_share_it():
    assert issubclass(SavePanel, RetranslatedStatus) and issubclass(RecordFile, RetranslatedStatus)
    for cls in (SavePanel, RecordFile):   # one copy of the lines: neither strip defines them again
        assert "_show" not in vars(cls) and "_retranslate" not in vars(cls)
