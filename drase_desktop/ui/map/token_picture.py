"""A token's picture chosen without a file manager: "Token picture..." and "Remove picture".

The token's right-click menu, the creature sheet and the inspector offer both. A chosen file
goes through the same checks as a picture dropped on a token (`map_drops.read_picture`: a
regular file within the core's portrait size, PNG, JPEG or WebP walked whole, at most
`MAX_PORTRAIT_SIDE` pixels a side), and giving or removing a picture is one undo step
(`portraits.set_portrait`). The file dialog goes through `ask_picture_path`, which tests
replace.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import (
    QFileDialog,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from drase_desktop.encounter.portraits import set_portrait
from drase_desktop.ui.map.map_drops import PICTURE_SUFFIXES, PictureError, read_picture

PICTURE_FILTER = (
    "Pictures (" + " ".join(f"*{suffix}" for suffix in PICTURE_SUFFIXES) + ");;All files (*)"
)
CHOOSE_TEXT = "Token picture..."
REMOVE_TEXT = "Remove picture"
THUMBNAIL_SIDE = 56

__all__ = [
    "CHOOSE_TEXT",
    "PICTURE_FILTER",
    "REMOVE_TEXT",
    "PictureRow",
    "ask_picture_path",
    "choose_picture",
    "give_picture",
    "picture_thumbnail",
    "remove_picture",
]


def ask_picture_path(parent: QWidget | None) -> str:
    """The picture file the GM chooses ("" when cancelled)."""
    path, _ = QFileDialog.getOpenFileName(parent, "Token picture", "", PICTURE_FILTER)
    return path


def choose_picture(parent: QWidget | None, model: Any) -> tuple[bytes, str] | None:
    """Ask for a picture file and read it as a drop would: its bytes and file name, or None
    (cancelled, or refused with the reason said through the model)."""
    path = ask_picture_path(parent)
    if not path:
        return None
    try:
        return read_picture(Path(path)), Path(path).name
    except PictureError as error:
        model.refused.emit(str(error))
        return None


def give_picture(model: Any, combatant_id: str, data: bytes, file_name: str) -> str:
    """Make `data` the creature's picture (one undo step): the words for the status bar, or
    "" when refused (the model says why)."""
    if model.try_apply(lambda e: set_portrait(e, combatant_id, data)) is None:
        return ""
    return f"{model.encounter.combatants[combatant_id].name} now shows {file_name}"


def remove_picture(model: Any, combatant_id: str) -> str:
    """Take the creature's picture away, back to its initials (one undo step)."""
    combatant = model.encounter.combatants.get(combatant_id)
    if combatant is None or combatant.portrait is None:
        return ""
    if model.try_apply(lambda e: set_portrait(e, combatant_id, None)) is None:
        return ""
    return f"{combatant.name} shows its initials again"


def picture_thumbnail(data: bytes | None, side: int) -> QPixmap:
    """A small picture for a sheet or the inspector (an empty pixmap for none)."""
    picture = QPixmap()
    if data is not None and picture.loadFromData(data):
        return picture.scaled(
            side,
            side,
            Qt.AspectRatioMode.KeepAspectRatio,
            Qt.TransformationMode.SmoothTransformation,
        )
    return QPixmap()


class PictureRow(QWidget):
    """A small picture and the two buttons; what a choice does is its owner's (the sheet keeps
    it for its OK, the inspector gives it at once). `names` prefixes the objectNames:
    `<names>Picture`, `<names>PictureButton`, `<names>RemovePictureButton`."""

    chosen = Signal(bytes, str)
    removed = Signal()

    def __init__(self, model: Any, names: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.thumbnail = QLabel()
        self.thumbnail.setObjectName(f"{names}Picture")
        self.thumbnail.setFixedSize(THUMBNAIL_SIDE, THUMBNAIL_SIDE)
        self.thumbnail.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.thumbnail.setFrameShape(QFrame.Shape.StyledPanel)
        self.choose_button = QPushButton(CHOOSE_TEXT)
        self.choose_button.setObjectName(f"{names}PictureButton")
        self.choose_button.setToolTip("A PNG, JPEG or WebP file, as you would drop on the token")
        self.choose_button.clicked.connect(self._choose)
        self.remove_button = QPushButton(REMOVE_TEXT)
        self.remove_button.setObjectName(f"{names}RemovePictureButton")
        self.remove_button.setToolTip("Show the name's initials on the token instead")
        self.remove_button.clicked.connect(self.removed)
        buttons = QVBoxLayout()
        buttons.setContentsMargins(0, 0, 0, 0)
        buttons.addWidget(self.choose_button)
        buttons.addWidget(self.remove_button)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.thumbnail)
        row.addLayout(buttons, 1)
        self.show_picture(None)

    def _choose(self) -> None:
        picked = choose_picture(self.window(), self.model)
        if picked is not None:
            self.chosen.emit(*picked)

    def show_picture(self, data: bytes | None) -> None:
        """Show `data` (None: no picture, the token shows initials)."""
        picture = picture_thumbnail(data, THUMBNAIL_SIDE - 4)
        self.thumbnail.setPixmap(picture)
        self.thumbnail.setText("" if not picture.isNull() else "none")
        self.thumbnail.setToolTip(
            "The token's picture" if data is not None else "No picture: the token shows initials"
        )
        self.remove_button.setEnabled(data is not None)
