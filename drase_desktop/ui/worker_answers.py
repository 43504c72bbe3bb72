"""Jobs run on a worker whose answers come back on the window's thread.

The worker leaves each job's answer in a plain-Python mailbox and never touches a Qt object of
the window's thread (a signal emitted from a pool thread has been seen to crash a later garbage
collection); the job holds only that mailbox, so its owner may be gone by the time it ends (the
GM opened another map). A timer on the owner's thread, running only while a job does, hands
the answers over in the order they came. Jobs run through `workers.run_on_worker`, joined at
exit; one not begun when the app stops is dropped and answers nothing. Used by the picture
decoder (`map/image_loader.py`) and the file reader (`files/document_reader.py`).
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QDeadlineTimer, QObject, QThread, QTimer

from drase_desktop.ui.gc_policy import install_collector
from drase_desktop.ui.workers import run_on_worker


class _Mailbox:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.answers: deque[Any] = deque()
        self.running = 0


def _answer(mailbox: _Mailbox, job: Callable[[], Any]) -> None:
    answer = job()
    with mailbox.lock:
        mailbox.answers.append(answer)
        mailbox.running -= 1


def _dropped(mailbox: _Mailbox) -> None:
    with mailbox.lock:
        mailbox.running -= 1


class WorkerAnswers(QObject):
    """Runs jobs on workers; `receive(answer)` is called on this object's thread for each."""

    def __init__(
        self,
        receive: Callable[[Any], object],
        interval_ms: int,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        install_collector()  # the workers' garbage is collected on the window's thread
        self._receive = receive
        self._mailbox = _Mailbox()
        self._looker = QTimer(self)
        self._looker.setInterval(interval_ms)
        self._looker.timeout.connect(self.hand_over)

    @property
    def pending(self) -> bool:
        """Whether a job runs, or an answer is not handed over yet."""
        with self._mailbox.lock:
            return self._mailbox.running > 0 or bool(self._mailbox.answers)

    def start(self, job: Callable[[], Any]) -> None:
        """Run `job` on a worker; what it returns is its answer."""
        mailbox = self._mailbox
        with mailbox.lock:
            mailbox.running += 1
        self._looker.start()
        run_on_worker(lambda: _answer(mailbox, job), if_stopped=lambda: _dropped(mailbox))

    def wait(self, msecs: int) -> bool:
        """Block until every job has ended, then hand their answers over (tests, scripts);
        whether they ended in time."""
        deadline = QDeadlineTimer(msecs)
        while True:
            with self._mailbox.lock:
                if not self._mailbox.running:
                    break
            if deadline.hasExpired():
                return False
            QThread.msleep(2)
        self.hand_over()
        return True

    def hand_over(self) -> None:
        mailbox = self._mailbox
        with mailbox.lock:
            answers = list(mailbox.answers)
            mailbox.answers.clear()
            if not mailbox.running:
                self._looker.stop()
        for answer in answers:
            self._receive(answer)
