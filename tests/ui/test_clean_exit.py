"""A clean exit: every worker (the picture decoder, the autosave) is stopped and joined before the
interpreter shuts down.

Closing the app while a 16384 px picture decoded crashed it (a segmentation fault or a bus
error, most closes within two seconds of opening): the decoder ran on Qt's global thread pool
and nothing stopped or waited for it at exit."""

from __future__ import annotations

import sys
import textwrap

import pytest
from helpers.fresh_python import fresh_python
from helpers.picture_helpers import encoded
from PySide6.QtGui import QColor, QImage, QPainter

from drase_desktop.board import BackgroundImage, BattleMap, save_map

CLOSES = 4

_OPEN_AND_QUIT = textwrap.dedent(
    """
    import sys
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication
    from drase_desktop import app as drase_app
    from drase_desktop.ui.main_window import DISCARD, MainWindow

    MainWindow.ask_save_changes = lambda self: DISCARD  # a map opens unsaved
    application = QApplication(sys.argv[:1])

    def close_at_once():
        for window in QApplication.topLevelWidgets():
            if isinstance(window, MainWindow):
                window.close()

    QTimer.singleShot(0, close_at_once)  # the picture is still decoding
    sys.exit(drase_app.run(sys.argv[1]))
    """
)

# File > Open of the same map, the window closed while the worker still reads the file.
_READ_AND_QUIT = textwrap.dedent(
    """
    import sys
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication
    from drase_desktop import app as drase_app
    from drase_desktop.ui.main_window import DISCARD, MainWindow

    MainWindow.ask_save_changes = lambda self: DISCARD
    application = QApplication(sys.argv[:1])

    def open_and_close():
        for window in QApplication.topLevelWidgets():
            if isinstance(window, MainWindow):
                window.open_path(sys.argv[1], confirmed=True)
                assert window.session.opening
                window.close()

    QTimer.singleShot(0, open_and_close)
    sys.exit(drase_app.run())
    """
)


@pytest.fixture(scope="module")
def big_picture_map(qapp, tmp_path_factory) -> str:
    image = QImage(16384, 2048, QImage.Format.Format_RGB32)
    image.fill(QColor("#5d6b3a"))
    painter = QPainter(image)
    for step in range(0, 16384, 64):
        painter.setPen(QColor(step % 256, (step // 7) % 256, 90))
        painter.drawLine(step, 0, 16384 - step, 2047)
    painter.end()
    board = BattleMap(200, 25, name="Long hall")
    board.background = BackgroundImage(encoded(image, "JPG"), "image/jpeg", 81.92)
    path = tmp_path_factory.mktemp("big") / "long-hall.drase-map"
    save_map(board, path)
    return str(path)


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="signals end the child on POSIX only")
@pytest.mark.parametrize("script", [_OPEN_AND_QUIT, _READ_AND_QUIT], ids=["decoding", "reading"])
def test_closing_while_a_big_picture_decodes_exits_cleanly(big_picture_map, tmp_path, script):
    for close in range(CLOSES):
        home = tmp_path / f"home-{close}"
        result = fresh_python(script, big_picture_map, home=home, timeout=180)
        crash_log = home / "log" / "crash.log"
        trace = crash_log.read_text() if crash_log.exists() else ""
        assert result.returncode == 0, f"close {close}: exit {result.returncode}\n{trace[-1500:]}"
        assert "Fatal Python error" not in trace
