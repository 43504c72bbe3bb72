"""A layout that sets its widgets in a row and wraps to the next row where the width runs
out, as words on a line: a list of check boxes takes as many rows as the room it is given
needs, and no wider a column than its widest box."""

from __future__ import annotations

from PySide6.QtCore import QMargins, QPoint, QRect, QSize, Qt
from PySide6.QtWidgets import QLayout, QLayoutItem, QWidget


class FlowLayout(QLayout):
    def __init__(self, parent: QWidget | None = None, *, across: int = 0, down: int = 0) -> None:
        """`across`: the room between items of a row; `down`: between rows."""
        super().__init__(parent)
        self._items: list[QLayoutItem] = []
        self._across = across
        self._down = down
        self.setContentsMargins(0, 0, 0, 0)

    # -- the items -------------------------------------------------------------------------
    def addItem(self, item: QLayoutItem) -> None:
        self._items.append(item)

    def count(self) -> int:
        return len(self._items)

    def itemAt(self, index: int) -> QLayoutItem | None:
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int) -> QLayoutItem | None:
        return self._items.pop(index) if 0 <= index < len(self._items) else None

    # -- the sizes -------------------------------------------------------------------------
    def expandingDirections(self) -> Qt.Orientation:
        return Qt.Orientation(0)

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return self._arrange(QRect(0, 0, width, 0), move=False)

    def sizeHint(self) -> QSize:
        """Every item on one row."""
        shown = self._shown()
        width = sum(item.sizeHint().width() for item in shown)
        width += self._across * max(0, len(shown) - 1)
        height = max((item.sizeHint().height() for item in shown), default=0)
        return self._with_margins(QSize(width, height))

    def minimumSize(self) -> QSize:
        """As narrow as the widest item, one to a row."""
        size = QSize()
        for item in self._shown():
            size = size.expandedTo(item.minimumSize())
        return self._with_margins(size)

    def setGeometry(self, rect: QRect) -> None:
        super().setGeometry(rect)
        self._arrange(rect, move=True)

    def _shown(self) -> list[QLayoutItem]:
        return [item for item in self._items if not item.isEmpty()]

    def _with_margins(self, size: QSize) -> QSize:
        margins: QMargins = self.contentsMargins()
        return size + QSize(margins.left() + margins.right(), margins.top() + margins.bottom())

    def _arrange(self, rect: QRect, *, move: bool) -> int:
        """Lays the items out in `rect` (when `move`); the height they take at its width."""
        margins = self.contentsMargins()
        area = rect.adjusted(margins.left(), margins.top(), -margins.right(), -margins.bottom())
        x, y, row_height = area.x(), area.y(), 0
        for item in self._shown():
            hint = item.sizeHint()
            if x > area.x() and x + hint.width() > area.right() + 1:
                x, y = area.x(), y + row_height + self._down
                row_height = 0
            if move:
                item.setGeometry(QRect(QPoint(x, y), hint))
            x += hint.width() + self._across
            row_height = max(row_height, hint.height())
        return y + row_height - rect.y() + margins.bottom()
