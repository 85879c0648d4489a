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
from companion.magick.sheet import CRAFTING, Sheet, default_sheet, load_sheet, save_sheet
from companion.savefile import default_save_dir
from companion.widgets.common import error_html, info_html, message_box
from companion.widgets.magick.sheet import SheetView

__all__ = ["SheetEditor", "USER_LABEL", "default_sheet_path"]

USER_LABEL = "Numbers typed from a printed sheet by its owner (checked against the paper, not by this app)."


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
        self.path_text = widgets.Text(value=str(path or default_sheet_path()), description="Sheet file",
                                      layout=widgets.Layout(width="620px"))
        self.load_button = widgets.Button(description="Load", icon="folder-open")
        self.load_button.on_click(lambda _b: self.load(self.path_text.value))
        self.save_button = widgets.Button(description="Save sheet", icon="save", button_style="primary")
        self.save_button.on_click(lambda _b: self.save(self.path_text.value))
        self.name_text = widgets.Text(description="Sheet name", layout=widgets.Layout(width="420px"))
        self.printed = widgets.Checkbox(description="I typed every number from my printed sheet",
                                        layout=widgets.Layout(width="420px"))
        self.message = message_box()
        self.form = widgets.VBox()
        self.target_boxes: dict[str, widgets.IntText] = {}
        self.gold_boxes: dict[str, widgets.IntText] = {}
        self.preview = widgets.VBox()
        self._fill(self.sheet)
        super().__init__([
            widgets.HBox([self.path_text, self.load_button, self.save_button]),
            widgets.HBox([self.name_text, self.printed]), self.message, self.form,
            widgets.HTML("<b>Preview</b> (redrawn after each load or save):"), self.preview,
        ])

    # ------------------------------------------------------------------ callbacks
    def load(self, path: str | Path) -> bool:
        """Load a sheet file into the form. Returns False (and shows why) if it is not a valid sheet."""
        try:
            sheet = load_sheet(Path(path).expanduser())
        except CompanionError as exc:
            self.message.value = error_html(str(exc))
            return False
        self._fill(sheet)
        self.message.value = info_html(f"Loaded {path}.")
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
            name = "My printed sheet"   # the reconstruction's name would now be wrong
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
            self.message.value = error_html(f"Not saved: {exc}")
            return False
        self.sheet = sheet
        self.name_text.value = sheet.name
        self._preview()
        self.message.value = info_html(
            f"Saved {target}. Use it with companion.magick.sheet.load_sheet({str(target)!r}), "
            "or pass that sheet to the learn and play widgets (sheet=...).")
        return True

    # ------------------------------------------------------------------ views
    def _fill(self, sheet: Sheet) -> None:
        self.sheet = sheet
        self.name_text.value = sheet.name
        self.printed.value = not sheet.reconstruction
        self.target_boxes, self.gold_boxes = {}, {}
        sides = []
        for side in (CRAFTING, "research"):
            lines = [widgets.HTML(f"<h4>{'Crafting — die ≥ circle' if side == CRAFTING else 'Research — die ≤ circle'}"
                                  "</h4>")]
            for group in (g for g in sheet.groups if g.side == side):
                lines.append(widgets.HTML(f"<b>{html.escape(group.name)}</b>"))
                for row in sheet.rows_in_group(group.id):
                    gold = widgets.IntText(value=row.gold, description="gold",
                                           layout=widgets.Layout(width="110px", flex="0 0 auto"),
                                           style={"description_width": "32px"})
                    self.gold_boxes[row.id] = gold
                    cells = [widgets.Label(row.name, layout=widgets.Layout(width="170px", flex="0 0 auto")), gold]
                    for circle in row.circles:
                        column = sheet.column(circle.column)
                        box = widgets.IntText(value=circle.target, description=column.name,
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
