"""Battlemap pictures: calibrate a generated grid exactly, import it, refuse bad files."""

from __future__ import annotations

import struct
import zlib

import pytest
from helpers.editor_helpers import answer_message_boxes, open_editor
from helpers.picture_helpers import encoded
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPen
from PySide6.QtTest import QTest

from drase_desktop.board import BattleMap
from drase_desktop.encounter.combatant import Combatant
from drase_desktop.encounter.encounter import Encounter
from drase_desktop.storage.encounter_file import load_encounter, save_encounter
from drase_desktop.ui.editor.image_calibration_dialog import ImageCalibrationDialog

# The generated picture's true grid: 50 px tiles, tile (0, 0)'s corner at (13, 21).
TILE_PX = 50
OFFSET = (13, 21)
IMAGE_SIZE = (1000, 700)


def grid_picture(fmt: str = "PNG") -> bytes:
    image = QImage(*IMAGE_SIZE, QImage.Format.Format_RGB32)
    image.fill(QColor("#d8cfb8"))
    painter = QPainter(image)
    painter.setPen(QPen(QColor("#222222"), 1))
    for x in range(OFFSET[0] - TILE_PX, IMAGE_SIZE[0], TILE_PX):
        painter.drawLine(x, 0, x, IMAGE_SIZE[1])
    for y in range(OFFSET[1] - TILE_PX, IMAGE_SIZE[1], TILE_PX):
        painter.drawLine(0, y, IMAGE_SIZE[0], y)
    painter.fillRect(
        OFFSET[0] + 5 * TILE_PX, OFFSET[1] + 3 * TILE_PX, TILE_PX, TILE_PX, QColor("red")
    )
    painter.end()
    return encoded(image, fmt)


def view_point(dialog: ImageCalibrationDialog, x: float, y: float):
    return dialog.view.mapFromScene(QPointF(x, y))


def test_calibrate_generated_grid_exactly_with_box_keys_and_far_tile(qtbot):
    """A rough box, arrow-key fine-tuning and a far-tile drift check give the exact grid."""
    dialog = ImageCalibrationDialog(grid_picture(), "grid.png")
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.wait_loaded()
    qtbot.waitUntil(lambda: dialog.decoded()[0] is not None)
    view = dialog.view
    view.resetTransform()
    view.scale(4, 4)
    view.centerOn(QPointF(40, 45))
    # The GM's box is a bit off: from (14, 20) to (62, 70).
    QTest.mousePress(
        view.viewport(),
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
        view_point(dialog, 14, 20),
    )
    QTest.mouseMove(view.viewport(), view_point(dialog, 40, 40))
    QTest.mouseRelease(
        view.viewport(),
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
        view_point(dialog, 62, 70),
    )
    ppt, (ox, oy) = dialog.calibration()
    assert abs(ppt - 49) < 0.6 and abs(ox - 14) < 0.6 and abs(oy - 20) < 0.6
    # Arrows move the grid a pixel at a time until its lines sit on the picture's.
    view.setFocus()
    for _ in range(round(ox - OFFSET[0])):
        QTest.keyClick(view, Qt.Key.Key_Left)
    for _ in range(round(OFFSET[1] - oy)):
        QTest.keyClick(view, Qt.Key.Key_Down)
    ppt, (ox, oy) = dialog.calibration()
    assert (round(ox, 6), round(oy, 6)) == (round(ox), round(oy))
    # Ctrl+arrow grows the tile by a pixel, a tenth with Shift.
    QTest.keyClick(view, Qt.Key.Key_Right, Qt.KeyboardModifier.ControlModifier)
    assert dialog.calibration()[0] == pytest.approx(ppt + 1)
    QTest.keyClick(
        view,
        Qt.Key.Key_Left,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    assert dialog.calibration()[0] == pytest.approx(ppt + 0.9)
    # Drift check: click the top-left corner of tile (18, 12), far away.
    far = (OFFSET[0] + 18 * TILE_PX, OFFSET[1] + 12 * TILE_PX)
    dialog.far_button.click()
    view.centerOn(QPointF(*far))
    QTest.mouseClick(
        view.viewport(),
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
        view_point(dialog, *far),
    )
    ppt, offset = dialog.calibration()
    assert (ppt, offset) == (TILE_PX, OFFSET)
    # Typing the numbers is the other way in.
    dialog.ppt_spin.setValue(TILE_PX)
    assert dialog.calibration() == (TILE_PX, OFFSET)
    assert (
        "19 x 14 tiles" in dialog.size_label.text() or "20 x 14 tiles" in dialog.size_label.text()
    )


def test_import_puts_the_picture_under_the_map_and_sizes_it(qtbot, tmp_path, monkeypatch):
    path = tmp_path / "grid.png"
    path.write_bytes(grid_picture())
    encounter = Encounter(
        BattleMap(8, 8), [Combatant(id="a", name="Aria", side="players", position=(2, 2))]
    )
    window = open_editor(qtbot, encounter)

    def calibrate(dialog):
        dialog.wait_loaded()
        dialog.set_tile_box(OFFSET[0], OFFSET[1], TILE_PX, TILE_PX)
        return True

    monkeypatch.setattr(window.editor, "run_dialog", calibrate)
    assert window.editor.import_image(path)
    battle_map = window.model.encounter.battle_map
    assert (battle_map.width, battle_map.height) == (20, 14)
    assert battle_map.background.pixels_per_tile == TILE_PX
    assert battle_map.background.offset == OFFSET
    assert battle_map.background.data == path.read_bytes()  # full resolution kept in the file
    assert window.model.encounter.combatants["a"].position == (2, 2)
    scene = window.view.map_scene
    assert scene.terrain_layer.has_background and scene.geometry.width == 20
    # Stored inside the encounter file, full resolution and calibration.
    save_encounter(window.model.encounter, tmp_path / "with-picture.drase")
    reloaded = load_encounter(tmp_path / "with-picture.drase").battle_map
    assert reloaded.background == battle_map.background
    assert (reloaded.width, reloaded.height) == (20, 14)
    window.model.undo_stack.undo()
    assert window.model.encounter.battle_map.background is None


def _png_chunks(chunks: list[tuple[bytes, bytes]]) -> bytes:
    out = b"\x89PNG\r\n\x1a\n"
    for kind, body in chunks:
        out += struct.pack(">I", len(body)) + kind + body
        out += struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
    return out


def _broken_png() -> bytes:
    """A PNG whose header and chunk checksums are right but whose pixel data is garbage."""
    good = grid_picture()
    ihdr_end = 8 + 25
    garbage = b"\x78\x9c" + bytes(range(256)) * 4
    chunk = struct.pack(">I", len(garbage)) + b"IDAT" + garbage
    chunk += struct.pack(">I", zlib.crc32(b"IDAT" + garbage) & 0xFFFFFFFF)
    end = struct.pack(">I", 0) + b"IEND" + struct.pack(">I", zlib.crc32(b"IEND") & 0xFFFFFFFF)
    return good[:ihdr_end] + chunk + end


@pytest.mark.parametrize(
    ("name", "content", "expected"),
    [
        ("notes.png", b"These are my session notes, not a picture.", "not a PNG, JPEG or WebP"),
        ("huge.png", None, "largest side allowed is 16384"),
        ("broken.png", "broken", "broken"),
    ],
)
def test_bad_pictures_are_refused_with_a_message(
    qtbot, tmp_path, monkeypatch, name, content, expected
):
    if content is None:
        ihdr = struct.pack(">IIBBBBB", 20000, 300, 8, 2, 0, 0, 0)
        content = _png_chunks(
            [(b"IHDR", ihdr), (b"IDAT", zlib.compress(b"\0" * 64)), (b"IEND", b"")]
        )
    elif content == "broken":
        content = _broken_png()
    path = tmp_path / name
    path.write_bytes(content)
    window = open_editor(qtbot, Encounter(BattleMap(6, 6)))
    messages: list[str] = []
    timer = answer_message_boxes(messages)
    try:
        assert not window.editor.import_image(path)
    finally:
        timer.stop()
    assert len(messages) == 1 and expected.lower() in messages[0].lower()
    assert name in messages[0]
    assert window.model.encounter.battle_map.background is None
    assert window.model.undo_stack.count() == 0


def test_a_16384_px_picture_is_shown_scaled_and_kept_whole(qtbot, tmp_path, monkeypatch):
    """The widest picture allowed: decoded scaled on a worker thread for the screen, while the
    map file keeps every byte of the original."""
    image = QImage(16384, 384, QImage.Format.Format_RGB32)
    image.fill(QColor("#8a7f6a"))
    path = tmp_path / "long-road.png"
    path.write_bytes(encoded(image))
    window = open_editor(qtbot, Encounter(BattleMap(4, 4)))
    previews = []

    def calibrate(dialog):
        assert dialog.decoded()[0] is None  # decoding runs on the worker, not in the window
        dialog.wait_loaded()
        previews.append(dialog.decoded())
        dialog.ppt_spin.setValue(128)
        return True

    monkeypatch.setattr(window.editor, "run_dialog", calibrate)
    assert window.editor.import_image(path)
    preview, scale = previews[0]
    assert max(preview.width(), preview.height()) <= 4096 and scale == pytest.approx(0.25)
    battle_map = window.model.encounter.battle_map
    assert (battle_map.width, battle_map.height) == (128, 3)
    assert battle_map.background.data == path.read_bytes()
    shown = window.view.map_scene.terrain_layer._background
    # 48 px a tile at most on screen: 128 tiles -> 6144 px wide, not 16384.
    assert shown is not None and shown.width() == 6144
