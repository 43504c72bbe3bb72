"""A crash of an app whose autosave lives in this test's process: what the operating system does
when the app is killed (its session's lock let go, no clean-shutdown mark written)."""

from __future__ import annotations

from drase_desktop.storage.autosave import Autosave


def crash(autosave: Autosave) -> None:
    autosave.session_lock.release()
