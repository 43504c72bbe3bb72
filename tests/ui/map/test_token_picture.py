"""Token pictures without a file manager: "Token picture..." and "Remove picture" in the token's
right-click menu, the inspector and the creature sheet; a chosen file gets the checks a dropped
one gets, and each change is one undo step."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers.drop_helpers import picture_file
from helpers.storage_samples import png_bytes
from helpers.window_helpers import window_saying
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QPushButton

from drase_desktop.encounter.portraits import portrait_key
from drase_desktop.ui.map import token_picture


@pytest.fixture
def window(qtbot):
    return window_saying(qtbot)


@pytest.fixture
def choose(monkeypatch):
    """The file dialog answers with the path given (set `choose.path`)."""

    class Answer:
        path = ""

    answer = Answer()
    monkeypatch.setattr(token_picture, "ask_picture_path", lambda _parent: answer.path)
    return answer


def entry(menu, name: str):
    found = next((a for a in menu.actions() if a.objectName() == name), None)
    assert found is not None, f"no entry {name}"
    return found


def portrait_of(window, combatant_id: str) -> bytes | None:
    encounter = window.model.encounter
    key = encounter.combatants[combatant_id].portrait
    return encounter.portraits[key] if key else None


def test_the_token_menu_gives_and_removes_a_picture_one_undo_step_each(
    window, choose, tmp_path: Path
) -> None:
    choose.path = str(picture_file(tmp_path, "mira.png", "#3060c0"))
    menu = window.token_menu("mira")
    assert not entry(menu, "tokenRemovePictureAction").isEnabled()  # she has none yet
    entry(menu, "tokenPictureAction").trigger()
    given = Path(choose.path).read_bytes()
    assert portrait_of(window, "mira") == given
    assert window.messages[-1] == "Mira now shows mira.png"
    assert window.map_view.map_scene.token_items["mira"].portrait == portrait_key(given)
    menu = window.token_menu("mira")
    assert entry(menu, "tokenRemovePictureAction").isEnabled()
    entry(menu, "tokenRemovePictureAction").trigger()
    assert portrait_of(window, "mira") is None
    assert window.model.undo_stack.count() == 2
    window.undo_action.trigger()
    assert portrait_of(window, "mira") == given
    window.undo_action.trigger()
    assert portrait_of(window, "mira") is None


@pytest.mark.parametrize(
    ("make", "reason"),
    [
        (lambda folder: _written(folder / "notes.png", b"hello, not a picture"), "not a PNG"),
        (lambda folder: _written(folder / "huge.png", png_bytes(5000, 4)), "4096 px a side"),
        (lambda folder: folder / "gone.png", "gone.png"),
    ],
    ids=["not a picture", "too big", "missing"],
)
def test_a_chosen_file_gets_the_checks_a_dropped_one_gets(
    window, choose, tmp_path: Path, make, reason: str
) -> None:
    choose.path = str(make(tmp_path))
    menu = window.token_menu("aldric")
    entry(menu, "tokenPictureAction").trigger()
    assert portrait_of(window, "aldric") is None
    assert window.model.undo_stack.count() == 0
    assert reason in window.statusBar().currentMessage()


def _written(path: Path, data: bytes) -> Path:
    path.write_bytes(data)
    return path


def test_a_cancelled_dialog_changes_nothing(window, choose) -> None:
    choose.path = ""
    entry(window.token_menu("aldric"), "tokenPictureAction").trigger()
    assert window.model.undo_stack.count() == 0


def test_the_inspector_gives_and_removes_a_picture(window, choose, qtbot, tmp_path) -> None:
    choose.path = str(picture_file(tmp_path, "bram.png", "#c0a030"))
    window.model.select("bram")
    inspector = window.inspector_dock
    inspector.show()
    inspector.raise_()
    button = inspector.findChild(QPushButton, "inspectorPictureButton")
    remove = inspector.findChild(QPushButton, "inspectorRemovePictureButton")
    assert not remove.isEnabled()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert portrait_of(window, "bram") == Path(choose.path).read_bytes()
    assert remove.isEnabled()
    assert not inspector.picture_row.thumbnail.pixmap().isNull()
    qtbot.mouseClick(remove, Qt.MouseButton.LeftButton)
    assert portrait_of(window, "bram") is None
    assert window.model.undo_stack.count() == 2


def test_the_sheet_keeps_the_picture_for_its_ok_as_part_of_the_one_edit(
    window, choose, qtbot, tmp_path
) -> None:
    choose.path = str(picture_file(tmp_path, "sela.png", "#a03030"))
    sheet = window.creature_tools.sheet("sela")
    qtbot.addWidget(sheet)
    qtbot.mouseClick(sheet.findChild(QPushButton, "sheetPictureButton"), Qt.MouseButton.LeftButton)
    assert portrait_of(window, "sela") is None  # not before OK
    sheet.ac_bonus.setValue(4)
    qtbot.mouseClick(sheet.ok_button, Qt.MouseButton.LeftButton)
    assert portrait_of(window, "sela") == Path(choose.path).read_bytes()
    assert window.model.encounter.combatants["sela"].ac_bonus == 4
    assert window.model.undo_stack.count() == 1
    window.undo_action.trigger()
    assert portrait_of(window, "sela") is None
    assert window.model.encounter.combatants["sela"].ac_bonus == 2
    # Cancelled, the sheet gives nothing; Remove picture on OK takes it away.
    window.redo_action.trigger()
    sheet = window.creature_tools.sheet("sela")
    qtbot.addWidget(sheet)
    qtbot.mouseClick(
        sheet.findChild(QPushButton, "sheetRemovePictureButton"), Qt.MouseButton.LeftButton
    )
    sheet.reject()
    assert portrait_of(window, "sela") is not None
    sheet = window.creature_tools.sheet("sela")
    qtbot.addWidget(sheet)
    qtbot.mouseClick(
        sheet.findChild(QPushButton, "sheetRemovePictureButton"), Qt.MouseButton.LeftButton
    )
    qtbot.mouseClick(sheet.ok_button, Qt.MouseButton.LeftButton)
    assert portrait_of(window, "sela") is None
    assert "token picture" in window.model.encounter.log.entries[-1].text


def test_a_new_creature_from_the_sheet_comes_with_its_picture(
    window, choose, qtbot, tmp_path
) -> None:
    choose.path = str(picture_file(tmp_path, "troll.png", "#30a030"))
    sheet = window.creature_tools.sheet()
    qtbot.addWidget(sheet)
    sheet.name.setText("Troll")
    qtbot.mouseClick(sheet.findChild(QPushButton, "sheetPictureButton"), Qt.MouseButton.LeftButton)
    qtbot.mouseClick(sheet.ok_button, Qt.MouseButton.LeftButton)
    assert sheet.result_id is not None
    assert portrait_of(window, sheet.result_id) == Path(choose.path).read_bytes()
    window.undo_action.trigger()
    assert sheet.result_id not in window.model.encounter.combatants
    assert QApplication.activeModalWidget() is None
