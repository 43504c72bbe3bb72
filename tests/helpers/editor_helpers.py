"""A window with a map view and the editor attached, and mouse helpers in scene coordinates."""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMainWindow, QMessageBox

from drase_desktop.ui.editor.mode import EditorMode
from drase_desktop.ui.encounter_model import EncounterModel
from drase_desktop.ui.map.map_view import MapView

LEFT = Qt.MouseButton.LeftButton
RIGHT = Qt.MouseButton.RightButton
NONE = Qt.KeyboardModifier.NoModifier


class EditorWindow(QMainWindow):
    def __init__(self, encounter) -> None:
        super().__init__()
        self.model = EncounterModel(encounter, self)
        self.view = MapView(self.model)
        self.setCentralWidget(self.view)
        self.editor = EditorMode(self, self.model)
        self.editor.attach(self.view)


def open_editor(qtbot, encounter) -> EditorWindow:
    window = EditorWindow(encounter)
    qtbot.addWidget(window)
    window.resize(1200, 800)
    window.show()
    qtbot.waitExposed(window)
    window.view.fit_to_window()
    window.view.setFocus()
    return window


def point(view: MapView, x: float, y: float):
    """The viewport point over the map point (x, y) in tiles."""
    size = view.map_scene.geometry.tile_size
    return view.mapFromScene(QPointF(x * size, y * size))


def centre(view: MapView, tile):
    return point(view, tile[0] + 0.5, tile[1] + 0.5)


def press(view, where, button=LEFT, modifier=NONE) -> None:
    QTest.mousePress(view.viewport(), button, modifier, where)


def move(view, where) -> None:
    QTest.mouseMove(view.viewport(), where)


def release(view, where, button=LEFT, modifier=NONE) -> None:
    QTest.mouseRelease(view.viewport(), button, modifier, where)


def stroke(view, tiles) -> None:
    """Press on the first tile, drag over the others, release on the last."""
    press(view, centre(view, tiles[0]))
    for tile in tiles[1:]:
        move(view, centre(view, tile))
    release(view, centre(view, tiles[-1]))


def click(view, where, button=LEFT) -> None:
    press(view, where, button)
    release(view, where, button)


def answer_message_boxes(found: list[str]) -> QTimer:
    """Close every message box that opens, keeping its text in `found`."""

    def close() -> None:
        box = QApplication.activeModalWidget()
        if isinstance(box, QMessageBox):
            found.append(box.text())
            box.accept()

    timer = QTimer()
    timer.timeout.connect(close)
    timer.start(20)
    return timer
