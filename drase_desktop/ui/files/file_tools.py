"""Files that come to the window other than through Open: dropped on it, picked from the shipped
samples, and the map printed to paper.

- Drops (what a drop is: `drops.py`): a `.drase` opens like File > Open; a `.drase-map` or
  Universal VTT file goes under the running fight (`encounter/map_swap.py`: the combatants stay
  where the new map has room, the others are listed for the GM to place; one undo step); a
  picture starts a map of its own the same way, after Import battlemap image's calibration.
- File > Open sample: the encounters and maps shipped in `drase_desktop.sample_maps`, opened as
  new, unsaved documents (saving never writes over a shipped file).
- File > Print map...: a PDF at one inch per tile (`table/print_map.py`).
- File > Export Universal VTT...: the map as a `.dd2vtt` for other tools
  (`storage/uvtt_export.py`).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QAction, QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import QFileDialog, QMenu

from drase_desktop.encounter.fog import fog_of
from drase_desktop.encounter.map_swap import MapSwap
from drase_desktop.file_reading import name_from_path
from drase_desktop.ui.commands import MapSwapCommand
from drase_desktop.ui.files import drops
from drase_desktop.ui.files.documents import (
    ENCOUNTER_SUFFIX,
    DocumentError,
    load_map_file,
    load_sample_file,
    sample_names,
)
from drase_desktop.ui.widgets.window_part import WindowPart

if TYPE_CHECKING:
    from drase_desktop.ui.table.print_map import PrintOptions

PDF_FILTER = "PDF (*.pdf)"
UVTT_EXPORT_FILTER = "Universal VTT (*.dd2vtt)"


class FileTools(WindowPart):
    """Installs the drops, Open sample, Print map and Export Universal VTT on `window`."""

    def __init__(self, window: Any) -> None:
        super().__init__(window)
        file_menu = _menu_holding(window.import_action)
        self.sample_menu = QMenu("Open sa&mple", window)
        self.sample_menu.setObjectName("sampleMenu")
        for name in sample_names():
            kind = "encounter" if name.endswith(ENCOUNTER_SUFFIX) else "map"
            action = self.sample_menu.addAction(f"{Path(name).stem} ({kind})")
            action.setObjectName(f"sample:{name}")
            action.triggered.connect(lambda _checked=False, n=name: self.open_sample(n))
        self.print_action = QAction("&Print map...", window)
        self.print_action.setObjectName("printMapAction")
        self.print_action.setStatusTip("A PDF of the map at 1 inch per tile, over A4 or Letter")
        self.print_action.triggered.connect(self.print_dialog)
        window.addAction(self.print_action)
        self.export_uvtt_action = QAction("&Export Universal VTT...", window)
        self.export_uvtt_action.setObjectName("exportUvttAction")
        self.export_uvtt_action.setStatusTip(
            "The map as a .dd2vtt file for other tools: grid, picture, walls, doors, windows,"
            " objects, lights"
        )
        self.export_uvtt_action.triggered.connect(self.export_uvtt_dialog)
        window.addAction(self.export_uvtt_action)
        if file_menu is not None:
            file_menu.insertMenu(window.import_action, self.sample_menu)
            file_menu.insertSeparator(window.import_action)
            file_menu.insertAction(window.quit_action, self.print_action)
            file_menu.insertAction(window.quit_action, self.export_uvtt_action)
            file_menu.insertSeparator(window.quit_action)
        window.setAcceptDrops(True)
        window.installEventFilter(self)

    # -- drops -------------------------------------------------------------------------------
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind in (QEvent.Type.DragEnter, QEvent.Type.DragMove):
            assert isinstance(event, QDragEnterEvent | QDropEvent)
            if drops.dropped_files(event.mimeData()):
                event.acceptProposedAction()
            else:
                event.ignore()
            return True
        if kind == QEvent.Type.Drop:
            assert isinstance(event, QDropEvent)
            found = drops.dropped_files(event.mimeData())
            if not found:
                event.ignore()
                return True
            event.acceptProposedAction()
            self.take_dropped(found)
            return True
        return False

    def take_dropped(self, found: list[drops.DroppedFile]) -> bool:
        """Act on the first file of a drop the window takes; say so if others were left."""
        first = found[0]
        if len(found) > 1:
            self.window._show_status(
                f"Took {first.path.name}; drop one file at a time ({len(found) - 1} left out)"
            )
        if first.kind == drops.ENCOUNTER:
            return bool(self.window.open_path(first.path))
        if first.kind == drops.MAP:
            return self.use_map(first.path)
        return bool(self.window.editor_mode.import_image(first.path, new_map=True))

    def use_map(self, path: str | Path) -> bool:
        """Put the map of `path` under the running fight (one undo step)."""
        file = Path(path)
        warnings: list[str] = []
        try:
            battle_map = load_map_file(file, warnings)
        except DocumentError as error:
            self.window.show_error("Cannot use the map", str(error))
            return False
        if not battle_map.name:
            battle_map.name = name_from_path(file)
        swap = MapSwap(self.model.encounter, battle_map, f"Use map {file.name}")
        self.model.push(MapSwapCommand(self.model, swap))
        self.window._show_status(" ".join([swap.summary(), *warnings]))
        return True

    # -- samples -----------------------------------------------------------------------------
    def open_sample(self, name: str) -> bool:
        if not self.window.confirm_discard():
            return False
        try:
            encounter = load_sample_file(name, diagonal=self.window.settings.diagonal_rule)
        except DocumentError as error:
            self.window.show_error("Cannot open the sample", str(error))
            return False
        self.window.set_document(encounter, None, unsaved=False)
        self.window._show_status(f"Opened the sample {name}")
        return True

    # -- printing ----------------------------------------------------------------------------
    def print_dialog(self) -> bool:
        # Printing is imported when first used: the launch does not wait for it.
        from drase_desktop.ui.table.print_map_dialog import PrintMapDialog

        battle_map = self.model.encounter.battle_map
        fog = fog_of(self.model.encounter)
        in_sight = None if fog.all_revealed else fog.revealed_tiles()
        dialog = PrintMapDialog((battle_map.width, battle_map.height), self.window, in_sight)
        try:
            if dialog.exec() != PrintMapDialog.DialogCode.Accepted:
                return False
            options = dialog.options()
        finally:
            dialog.deleteLater()
        path = self.ask_pdf_path()
        return self.print_to(path, options) if path else False

    def ask_pdf_path(self) -> str:
        name = (self.model.encounter.name or "battlemap") + " (print).pdf"
        path, _ = QFileDialog.getSaveFileName(
            self.window, "Print map to PDF", str(Path(self.window._folder()) / name), PDF_FILTER
        )
        if path and not path.lower().endswith(".pdf"):
            path += ".pdf"
        return path

    def print_to(self, path: str | Path, options: PrintOptions) -> bool:
        from drase_desktop.ui.table.print_map import PrintMapError, write_map_pdf

        file = Path(path)
        try:
            sheets = write_map_pdf(self.model, file, options)
        except (PrintMapError, OSError) as error:
            self.window.show_error("Cannot print the map", str(error))
            return False
        self.window._show_status(
            f"Printed {file.name}: {sheets} sheet(s) at 1 inch per tile; print it at 100 %"
        )
        return True

    # -- Universal VTT ------------------------------------------------------------------------
    def export_uvtt_dialog(self) -> bool:
        name = (
            self.model.encounter.battle_map.name or self.model.encounter.name or "map"
        ) + ".dd2vtt"
        path, _ = QFileDialog.getSaveFileName(
            self.window,
            "Export Universal VTT",
            str(Path(self.window._folder()) / name),
            UVTT_EXPORT_FILTER,
        )
        if not path:
            return False
        if not path.lower().endswith((".dd2vtt", ".uvtt", ".df2vtt")):
            path += ".dd2vtt"
        return self.export_uvtt_to(path)

    def export_uvtt_to(self, path: str | Path) -> bool:
        """Write the encounter's map to `path` as a Universal VTT file; say what was left out."""
        from drase_desktop.storage.uvtt_export import export_uvtt

        file = Path(path)
        try:
            notes = export_uvtt(self.model.encounter.battle_map, file)
        except OSError as error:
            self.window.show_error(
                "Cannot export the map", f"{file.name}: {error.strerror or error}"
            )
            return False
        self.window._show_status(" ".join([f"Exported {file.name} (Universal VTT 0.3).", *notes]))
        return True


def _menu_holding(action: QAction) -> QMenu | None:
    for owner in action.associatedObjects():
        if isinstance(owner, QMenu):
            return owner
    return None
