"""The flow layout sets its widgets in rows as words on a line: as many to a row as the width
holds, the next on a new row, and no narrower than its widest widget."""

from __future__ import annotations

from PySide6.QtWidgets import QCheckBox, QWidget

from drase_desktop.ui.widgets.flow_layout import FlowLayout

NAMES = ("draw or stow", "talk", "drop")


def boxes_in_a_flow(qtbot) -> tuple[QWidget, FlowLayout, list[QCheckBox]]:
    holder = QWidget()
    qtbot.addWidget(holder)
    flow = FlowLayout(across=8, down=2)
    holder.setLayout(flow)
    boxes = [QCheckBox(name) for name in NAMES]
    for box in boxes:
        flow.addWidget(box)
    holder.show()
    return holder, flow, boxes


def test_boxes_share_a_row_while_the_width_holds_them_and_wrap_after(qtbot) -> None:
    holder, flow, boxes = boxes_in_a_flow(qtbot)
    widths = [box.sizeHint().width() for box in boxes]
    height = boxes[0].sizeHint().height()
    one_row = sum(widths) + 8 * 2
    assert flow.sizeHint().width() == one_row
    assert flow.heightForWidth(one_row) == height
    holder.resize(one_row, height)
    qtbot.waitUntil(lambda: boxes[2].x() == widths[0] + widths[1] + 16)
    assert {box.y() for box in boxes} == {0}

    two_rows = widths[0] + 8 + widths[1]
    assert flow.heightForWidth(two_rows) == 2 * height + 2
    holder.resize(two_rows, 2 * height + 2)
    qtbot.waitUntil(lambda: boxes[2].pos().x() == 0)
    assert boxes[2].y() == height + 2
    assert boxes[1].y() == 0


def test_the_flow_is_as_narrow_as_its_widest_box_and_skips_hidden_ones(qtbot) -> None:
    holder, flow, boxes = boxes_in_a_flow(qtbot)
    widest = max(box.minimumSizeHint().width() for box in boxes)
    assert flow.minimumSize().width() == widest
    height = boxes[0].sizeHint().height()
    assert flow.heightForWidth(widest) == 3 * height + 2 * 2
    boxes[1].hide()
    flow.invalidate()
    assert flow.heightForWidth(widest) == 2 * height + 2
    assert flow.sizeHint().width() == boxes[0].sizeHint().width() + 8 + boxes[2].sizeHint().width()
