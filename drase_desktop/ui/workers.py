"""Every piece of the window's work that runs off its thread, stopped and joined at exit.

Work off the window's thread (decoding a battlemap picture, writing an autosave) is started
through `run_on_worker`, on Qt's global thread pool. `stop_workers` stops them: a job not begun
yet that may be dropped (a picture nobody will see) is not begun, the others (an autosave) run
to their end, every running one is waited for, and any worker with a thread of its own
(a server) is stopped through the function it gave `on_stop`. `app.run` calls it once the
event loop returns; an exit handler calls it for any other way the interpreter ends (a script,
the tests), before Python and Qt tear down what a running job still uses. A picture decoding
while the interpreter shut down crashed the app.
"""

from __future__ import annotations

import atexit
import threading
from collections.abc import Callable

from PySide6.QtCore import QThreadPool

_stopping = threading.Event()
_stoppers: list[Callable[[], object]] = []
_exit_hook = threading.Lock()
_hooked = False


def run_on_worker(
    job: Callable[[], object], *, if_stopped: Callable[[], object] | None = None
) -> None:
    """Run `job` on a worker thread. With `if_stopped`, the job may be dropped: once the app is
    stopping, `if_stopped` runs instead (on the worker) if the job has not begun."""
    _hook_exit()

    def run() -> None:
        if if_stopped is not None and _stopping.is_set():
            if_stopped()
        else:
            job()

    QThreadPool.globalInstance().start(run)


def on_stop(stop: Callable[[], object]) -> None:
    """Have `stop` called (on the window's thread) when the workers are stopped; it must end
    the worker's thread and return once it has."""
    _hook_exit()
    _stoppers.append(stop)


def stopping() -> bool:
    """Whether the app is stopping its workers (a long job may end early)."""
    return _stopping.is_set()


def stop_workers(timeout_ms: int = -1) -> bool:
    """Stop every worker and wait for them (at most `timeout_ms`, -1 for as long as it takes);
    whether all have ended. Called at exit; calling it again does no harm, and work started
    after it returns runs as usual (a script may run the app twice)."""
    _stopping.set()
    try:
        while _stoppers:
            _stoppers.pop()()
        return bool(QThreadPool.globalInstance().waitForDone(timeout_ms))
    finally:
        _stopping.clear()


def _hook_exit() -> None:
    global _hooked
    with _exit_hook:
        if not _hooked:
            atexit.register(stop_workers)
            _hooked = True
