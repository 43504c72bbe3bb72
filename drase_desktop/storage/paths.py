"""Where Drase Desktop keeps its own files: the user data, config and log folders (platformdirs).

`DRASE_DESKTOP_HOME`, when set, replaces them with `<home>/data`, `<home>/config` and
`<home>/log`, so tests and the smoke mode never touch the real home folder. Nothing here
creates a folder; the savers do that when they first write (`write_atomically` makes the
parents).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import platformdirs

APP_NAME = "drase-desktop"
HOME_VARIABLE = "DRASE_DESKTOP_HOME"


def _override() -> Path | None:
    value = os.environ.get(HOME_VARIABLE, "").strip()
    return Path(value).expanduser() if value else None


def _folder(name: str, platform_folder: Callable[..., Path]) -> Path:
    """`<home>/<name>` when DRASE_DESKTOP_HOME is set, else the platform's folder of that kind."""
    home = _override()
    if home is not None:
        return home / name
    return platform_folder(APP_NAME, appauthor=False)


def data_dir() -> Path:
    """The user data folder: autosaves and other files the app writes for itself."""
    return _folder("data", platformdirs.user_data_path)


def config_dir() -> Path:
    """The user config folder: settings."""
    return _folder("config", platformdirs.user_config_path)


def log_dir() -> Path:
    """The user log folder: the app's log and the trace of a hard crash."""
    return _folder("log", platformdirs.user_log_path)


def settings_path() -> Path:
    return config_dir() / "settings.json"


def autosave_dir() -> Path:
    return data_dir() / "autosave"
