"""Type the numbers printed on your own Merchants of Magick sheet and save them as a sheet file.

The shipped sheet is a reconstruction whose target numbers and gold are placeholders. This editor shows
every circle's target and every row's gold in the layout of the sheet; the owner of a printed sheet
overwrites them and saves a sheet file, which :func:`companion.magick.sheet.load_sheet` (and so the
engine, the learn and play notebooks) reads. Validation is the sheet module's: a bad number is reported
with its key path and nothing is written.
"""

from __future__ import annotations

import html
from pathlib import Path

import ipywidgets as widgets

from companion.errors import CompanionError
from companion.i18n import N_, _, add_language_listener, remove_language_listener
from companion.magick.sheet import CRAFTING, Sheet, default_sheet, load_sheet, save_sheet
from companion.savefile import default_save_dir
from companion.widgets.common import error_html, info_html, message_box
from companion.widgets.magick.sheet import SheetView, shown_text

__all__ = ["SheetEditor", "USER_LABEL", "default_sheet_path"]

USER_LABEL = N_("Numbers typed from a printed sheet by its owner (checked against the paper, not by this app).")
#: The name given to a printed sheet typed over the reconstruction (saved in English, shown translated).
PRINTED_NAME = N_("My printed sheet")


def default_sheet_path() -> Path:
    """Where the editor saves by default: ``my-magick-sheet.json`` in the save folder."""
    return default_save_dir() / "my-magick-sheet.json"


class SheetEditor(widgets.VBox):
    """Edit every circle's target and every row's gold; save as a sheet file.

    Parameters
    ----------
    sheet : Sheet, optional
        The sheet to start from (default: the shipped reconstruction).
    path : str or Path, optional
        The sheet file to save to (default :func:`default_sheet_path`).

    Attributes
    ----------
    sheet : Sheet
        The last sheet loaded or saved (validated).
    target_boxes : dict of str to IntText
        Circle key (``"grimoire.2"``) -> its box.
    gold_boxes : dict of str to IntText
        Row id -> its box.
    """

    def __init__(self, sheet: Sheet | None = None, path: str | Path | None = None) -> None:
        self.sheet = sheet or default_sheet()
        self.path_text = widgets.Text(value=str(path or default_sheet_path()), description=_("Sheet file"),
                                      layout=widgets.Layout(width="620px"))
        self.load_button = widgets.Button(description=_("Load"), icon="folder-open")
        self.load_button.on_click(lambda _b: self.load(self.path_text.value))
        self.save_button = widgets.Button(description=_("Save sheet"), icon="save", button_style="primary")
        self.save_button.on_click(lambda _b: self.save(self.path_text.value))
        self.name_text = widgets.Text(description=_("Sheet name"), layout=widgets.Layout(width="420px"))
        self.printed = widgets.Checkbox(description=_("I typed every number from my printed sheet"),
                                        layout=widgets.Layout(width="420px"))
        self.message = message_box()
        self.form = widgets.VBox()
        self.target_boxes: dict[str, widgets.IntText] = {}
        self.gold_boxes: dict[str, widgets.IntText] = {}
        self.preview = widgets.VBox()
        self.side_titles: list[widgets.HTML] = []
        self.preview_title = widgets.HTML()
        self._fill(self.sheet)
        self._label_texts()
        super().__init__([
            widgets.HBox([self.path_text, self.load_button, self.save_button]),
            widgets.HBox([self.name_text, self.printed]), self.message, self.form,
            self.preview_title, self.preview,
        ])
        add_language_listener(self._retranslate)

    @staticmethod
    def _side_title(side: str) -> str:
        text = _("Crafting — die ≥ circle") if side == CRAFTING else _("Research — die ≤ circle")
        return f"<h4>{html.escape(text)}</h4>"

    def _label_texts(self) -> None:
        self.preview_title.value = ("<b>" + html.escape(_("Preview")) + "</b> "
                                    + html.escape(_("(redrawn after each load or save):")))

    def close(self) -> None:
        """Stop following the language switch (this widget and its parts), then close it."""
        remove_language_listener(self._retranslate)
        for child in (*self.preview.children,):
            if child is not None:
                child.close()
        super().close()

    def _retranslate(self, language: str) -> None:
        """Set every label and description again in ``language``, in place (the typed numbers stay)."""
        del language
        self.path_text.description = _("Sheet file")
        self.load_button.description = _("Load")
        self.save_button.description = _("Save sheet")
        self.name_text.description = _("Sheet name")
        self.printed.description = _("I typed every number from my printed sheet")
        for box in self.gold_boxes.values():
            box.description = _("gold")
        for title, side in zip(self.side_titles, (CRAFTING, "research"), strict=False):
            title.value = self._side_title(side)
        self._label_texts()

    # ------------------------------------------------------------------ callbacks
    def load(self, path: str | Path) -> bool:
        """Load a sheet file into the form. Returns False (and shows why) if it is not a valid sheet."""
        try:
            sheet = load_sheet(Path(path).expanduser())
        except CompanionError as exc:
            self.message.value = error_html(str(exc))
            return False
        self._fill(sheet)
        self.message.value = info_html(_("Loaded {path}.").format(path=path))
        return True

    def edited(self) -> Sheet:
        """The sheet with the numbers as typed (validated by the sheet module).

        Raises
        ------
        RulesDataError
            Naming the key path of a number out of range.
        """
        targets = {key: box.value for key, box in self.target_boxes.items()}
        gold = {row: box.value for row, box in self.gold_boxes.items()}
        printed = self.printed.value
        name = self.name_text.value.strip() or self.sheet.name
        if printed and name == default_sheet().name:
            name = PRINTED_NAME   # the reconstruction's name would now be wrong
        return self.sheet.with_values(
            targets=targets, gold=gold, name=name,
            reconstruction=not printed,
            label=USER_LABEL if printed else (self.sheet.label if self.sheet.reconstruction else default_sheet().label))

    def save(self, path: str | Path) -> bool:
        """Validate the typed numbers and write the sheet file atomically. Returns False on an error."""
        target = Path(path).expanduser()
        try:
            sheet = self.edited()
            save_sheet(sheet, target)
        except CompanionError as exc:
            self.message.value = error_html(_("Not saved: {error}").format(error=exc))
            return False
        self.sheet = sheet
        self.name_text.value = sheet.name
        self._preview()
        self.message.value = info_html(_(
            "Saved {path}. Use it with {code}, or pass that sheet to the learn and play widgets (sheet=...).").format(
            path=target, code=f"companion.magick.sheet.load_sheet({str(target)!r})"))
        return True

    # ------------------------------------------------------------------ views
    def _fill(self, sheet: Sheet) -> None:
        self.sheet = sheet
        self.name_text.value = sheet.name
        self.printed.value = not sheet.reconstruction
        self.target_boxes, self.gold_boxes = {}, {}
        sides = []
        self.side_titles = []
        for side in (CRAFTING, "research"):
            self.side_titles.append(widgets.HTML(self._side_title(side)))
            lines: list[widgets.Widget] = [self.side_titles[-1]]
            for group in (g for g in sheet.groups if g.side == side):
                lines.append(widgets.HTML(f"<b>{html.escape(shown_text(group.name))}</b>"))
                for row in sheet.rows_in_group(group.id):
                    gold = widgets.IntText(value=row.gold, description=_("gold"),
                                           layout=widgets.Layout(width="110px", flex="0 0 auto"),
                                           style={"description_width": "32px"})
                    self.gold_boxes[row.id] = gold
                    cells = [widgets.Label(shown_text(row.name), layout=widgets.Layout(width="170px", flex="0 0 auto")), gold]
                    for circle in row.circles:
                        column = sheet.column(circle.column)
                        box = widgets.IntText(value=circle.target, description=shown_text(column.name),
                                              layout=widgets.Layout(width="150px", flex="0 0 auto"),
                                              style={"description_width": "68px"})
                        self.target_boxes[circle.key] = box
                        cells.append(box)
                    line = widgets.HBox(cells)
                    line.add_class(f"companion-magick-row-{row.id}")
                    lines.append(line)
            sides.append(widgets.VBox(lines))
        self.form.children = sides
        self._preview()

    def _preview(self) -> None:
        """Draw the sheet on the one preview figure (created on first use, then redrawn in place)."""
        shown = self.preview.children[0] if self.preview.children else None
        if isinstance(shown, SheetView):
            shown.set_sheet(self.sheet)
        else:
            self.preview.children = [SheetView(self.sheet)]
