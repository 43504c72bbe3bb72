"""The user folders: platformdirs by default, DRASE_DESKTOP_HOME when set."""

from __future__ import annotations

from pathlib import Path

import platformdirs

from drase_desktop.storage import paths


def test_home_variable_replaces_both_folders(isolated_home: Path):
    assert paths.data_dir() == isolated_home / "data"
    assert paths.config_dir() == isolated_home / "config"
    assert paths.settings_path() == isolated_home / "config" / "settings.json"
    assert paths.autosave_dir() == isolated_home / "data" / "autosave"
    assert paths.log_dir() == isolated_home / "log"


def test_without_the_variable_platformdirs_decides(monkeypatch):
    monkeypatch.delenv(paths.HOME_VARIABLE, raising=False)
    assert paths.data_dir() == platformdirs.user_data_path("drase-desktop", appauthor=False)
    assert paths.config_dir() == platformdirs.user_config_path("drase-desktop", appauthor=False)
    assert paths.log_dir() == platformdirs.user_log_path("drase-desktop", appauthor=False)


def test_blank_variable_counts_as_unset(monkeypatch):
    monkeypatch.setenv(paths.HOME_VARIABLE, "   ")
    assert paths.config_dir() == platformdirs.user_config_path("drase-desktop", appauthor=False)


def test_asking_for_a_folder_creates_nothing(isolated_home: Path):
    paths.data_dir()
    paths.settings_path()
    paths.autosave_dir()
    paths.log_dir()
    assert not isolated_home.exists()
