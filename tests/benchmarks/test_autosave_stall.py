"""Autosave of a 200 x 200 fight of 300 tokens on a 16384 px battlemap picture.

Measured, in the window: the autosave's work on the window's thread (`autosave_now`), and the
longest gap in the event loop (a 2 ms timer's ticks) while the worker encodes and writes it.
Reference in the same run: the idle loop's longest gap over the same span with no autosave.
"""

from __future__ import annotations

import random

import pytest
from helpers.big_battle import big_battle
from helpers.loop_gaps import longest_gap
from PySide6.QtCore import QBuffer, QByteArray, QIODevice
from PySide6.QtGui import QColor, QImage, QPainter

from drase_desktop.board import BackgroundImage
from drase_desktop.ui.encounter_model import EncounterModel
from drase_desktop.ui.main_window import MainWindow

PICTURE_SIDE = 16384


def _picture() -> bytes:
    """A 16384 x 2048 JPEG with enough detail to weigh what a real battlemap weighs."""
    image = QImage(PICTURE_SIDE, 2048, QImage.Format.Format_RGB32)
    image.fill(QColor("#5d6b3a"))
    rng = random.Random(2)
    painter = QPainter(image)
    for _ in range(20000):
        painter.setPen(QColor(rng.randrange(256), rng.randrange(256), rng.randrange(256)))
        x, y = rng.randrange(PICTURE_SIDE), rng.randrange(2048)
        painter.drawLine(x, y, x + rng.randint(-60, 60), y + rng.randint(-60, 60))
    painter.end()
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    assert image.save(buffer, "JPEG", 95)
    return bytes(data)


@pytest.fixture(autouse=True)
def private_home(tmp_path, monkeypatch):
    monkeypatch.setenv("DRASE_DESKTOP_HOME", str(tmp_path / "home"))


@pytest.fixture
def window(qapp):
    encounter = big_battle()
    encounter.battle_map.background = BackgroundImage(_picture(), "image/jpeg", 81.92)
    window = MainWindow(EncounterModel(encounter))
    window.resize(1280, 800)
    window.show()
    qapp.processEvents()
    window.autosave_now()  # the first autosave writes the picture's base64 once
    window.autosave_writer.wait()
    yield window
    window.close()
    window.deleteLater()
    qapp.processEvents()


def test_autosave_work_on_the_window_thread(benchmark, window):
    encounter = window.model.encounter
    hp = iter(range(1, 10**6))

    def autosave() -> None:
        encounter.combatants["c7"].hp = next(hp)
        window.autosave_now()

    benchmark.pedantic(autosave, rounds=10, iterations=1)
    window.autosave_writer.wait()


def test_autosave_longest_loop_gap_while_the_worker_writes(benchmark, window, qapp):
    def gap() -> float:
        window.model.encounter.combatants["c7"].hp += 1
        found = longest_gap(qapp, 0.6, during=window.autosave_now)
        window.autosave_writer.wait()
        return found

    longest = benchmark.pedantic(gap, rounds=3, iterations=1)
    benchmark.extra_info["longest_gap_s"] = longest
    print(f"\nlongest loop gap while the worker writes: {longest * 1000:.1f} ms")


def test_autosave_reference_idle_loop_longest_gap(benchmark, window, qapp):
    longest = benchmark.pedantic(longest_gap, args=(qapp, 0.6), rounds=3, iterations=1)
    benchmark.extra_info["longest_gap_s"] = longest
    print(f"\nlongest loop gap idle: {longest * 1000:.1f} ms")
