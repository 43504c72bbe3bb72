"""Settings: typed, versioned with migration, and a corrupt file never stops the app."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from drase_desktop.storage.settings import (
    MAX_RECENT_FILES,
    SCHEMA_VERSION,
    Settings,
    SettingsError,
    load_settings,
    save_settings,
    settings_from_dict,
)


def test_first_run_gives_defaults_and_no_warning(isolated_home: Path):
    settings, warnings = load_settings()
    assert settings == Settings()
    assert settings.diagonal_rule == "double"
    assert warnings == []


def test_round_trip_through_the_config_folder(isolated_home: Path):
    settings = Settings(
        diagonal_rule="circle",
        overlays={"grid": True, "reach": False},
        theme="dark",
        last_encounter="/maps/crypt.drase",
    )
    settings.remember_layout("1366x768", b"\x01\xd9\xd0\xcb\x00\x03", bytes(range(256)))
    settings.add_recent_file("/maps/crypt.drase")
    save_settings(settings)
    path = isolated_home / "config" / "settings.json"
    document = json.loads(path.read_text())
    assert document["schema_version"] == SCHEMA_VERSION
    stored = document["window_layouts"]["1366x768"]
    assert isinstance(stored["state"], str)  # bytes are stored as base64 text
    loaded, warnings = load_settings()
    assert warnings == []
    assert loaded == settings


def test_recent_files_are_unique_newest_first_and_capped(tmp_path: Path):
    settings = Settings()
    for index in range(MAX_RECENT_FILES + 3):
        settings.add_recent_file(tmp_path / f"{index}.drase")
    settings.add_recent_file(tmp_path / "5.drase")
    assert len(settings.recent_files) == MAX_RECENT_FILES
    assert settings.recent_files[0] == str(tmp_path / "5.drase")
    assert settings.recent_files.count(str(tmp_path / "5.drase")) == 1
    settings.forget_recent_file(tmp_path / "5.drase")
    assert str(tmp_path / "5.drase") not in settings.recent_files


def test_setters_refuse_unknown_values():
    settings = Settings()
    with pytest.raises(SettingsError, match="'double' or 'circle'"):
        settings.set_diagonal_rule("manhattan")
    with pytest.raises(SettingsError, match="theme"):
        settings.set_theme("neon")
    assert (settings.diagonal_rule, settings.theme) == ("double", "system")


@pytest.mark.parametrize(
    "content",
    [b"{ not json", b"\xff\xfe\x00garbage", b"[1, 2, 3]", b'"a string"', b""],
)
def test_corrupt_file_gives_defaults_a_warning_and_is_kept_aside(isolated_home: Path, content):
    path = isolated_home / "config" / "settings.json"
    path.parent.mkdir(parents=True)
    path.write_bytes(content)
    settings, warnings = load_settings()
    assert settings == Settings()
    assert len(warnings) == 1 and "reset to the defaults" in warnings[0]
    assert "settings.corrupt.json" in warnings[0]
    assert (path.parent / "settings.corrupt.json").read_bytes() == content
    # The next save writes a good file; the damaged copy stays for the curious.
    save_settings(settings)
    assert load_settings() == (Settings(), [])


def test_one_bad_field_falls_back_alone(isolated_home: Path):
    document = {
        "schema_version": SCHEMA_VERSION,
        "diagonal_rule": "circle",
        "theme": 42,
        "overlays": {"grid": "yes"},
        "recent_files": ["/a.drase", 7],
        "window_layouts": {"1920x1080": {"geometry": "AAA=", "state": "%%% not base64"}},
        "last_encounter": "/b.drase",
    }
    settings, warnings = settings_from_dict(document)
    assert settings.diagonal_rule == "circle"
    assert settings.last_encounter == "/b.drase"
    assert (settings.theme, settings.overlays, settings.recent_files) == ("system", {}, [])
    assert settings.window_layouts == {}
    named = " ".join(warnings)
    for key in ("theme", "overlays", "recent_files", "window_layouts"):
        assert f"'{key}'" in named
    assert len(warnings) == 4


def test_version_1_settings_are_migrated(isolated_home: Path):
    """Schema 1 kept the shown overlays as a list and the rule under "diagonal"."""
    path = isolated_home / "config" / "settings.json"
    path.parent.mkdir(parents=True)
    path.write_text(
        json.dumps(
            {
                "schema_version": 1,
                "diagonal": "circle",
                "overlays": ["grid", "walls"],
                "theme": "light",
                "recent_files": ["/x.drase"],
            }
        )
    )
    settings, warnings = load_settings()
    assert warnings == []
    assert settings.diagonal_rule == "circle"
    assert settings.overlays == {"grid": True, "walls": True}
    assert settings.theme == "light"
    assert settings.recent_files == ["/x.drase"]
    # Saving writes the current schema.
    save_settings(settings)
    assert json.loads(path.read_text())["schema_version"] == SCHEMA_VERSION
    assert "diagonal" not in json.loads(path.read_text())


def test_file_without_a_version_is_read_as_version_1():
    settings, warnings = settings_from_dict({"diagonal": "circle"})
    assert settings.diagonal_rule == "circle"
    assert warnings == []


def test_newer_file_keeps_what_it_does_not_know(isolated_home: Path):
    path = isolated_home / "config" / "settings.json"
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"schema_version": 99, "theme": "dark", "hologram": {"on": 1}}))
    settings, warnings = load_settings()
    assert settings.theme == "dark"
    assert len(warnings) == 1 and "newer" in warnings[0]
    save_settings(settings)
    assert json.loads(path.read_text())["hologram"] == {"on": 1}


def test_unreadable_settings_path_warns_instead_of_crashing(isolated_home: Path):
    path = isolated_home / "config" / "settings.json"
    path.mkdir(parents=True)  # a folder where the file should be
    settings, warnings = load_settings()
    assert settings == Settings()
    assert len(warnings) == 1 and "could not be read" in warnings[0]


def test_save_is_atomic_and_leaves_no_temporary_files(isolated_home: Path):
    save_settings(Settings(theme="dark"))
    save_settings(Settings(theme="light"))
    folder = isolated_home / "config"
    assert [p.name for p in folder.iterdir()] == ["settings.json"]


def test_the_flat_screen_size_for_true_scale_is_remembered(tmp_path: Path):
    target = tmp_path / "settings.json"
    settings = Settings()
    assert settings.table_screen_diagonal_inches is None and settings.table_overscan == 0.0
    settings.table_screen_diagonal_inches = 32.0
    settings.table_overscan = 0.03
    save_settings(settings, target)
    loaded, warnings = load_settings(target)
    assert warnings == []
    assert (loaded.table_screen_diagonal_inches, loaded.table_overscan) == (32.0, 0.03)


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("table_screen_diagonal_inches", 0.5),
        ("table_screen_diagonal_inches", "big"),
        ("table_overscan", 0.5),
        ("table_overscan", True),
    ],
)
def test_a_nonsense_flat_screen_setting_falls_back_alone(key: str, value: object):
    loaded, warnings = settings_from_dict({"schema_version": 2, key: value, "theme": "dark"})
    assert getattr(loaded, key) == getattr(Settings(), key)
    assert loaded.theme == "dark"
    assert len(warnings) == 1 and key in warnings[0]


def test_each_screen_size_keeps_its_own_window_layout(tmp_path: Path):
    """A session on the laptop must not hand its squeezed docks to the big screen."""
    target = tmp_path / "settings.json"
    settings = Settings()
    settings.remember_layout("1920x1080", b"big-geometry", b"big-state")
    settings.remember_layout("1366x768", b"laptop-geometry", b"laptop-state")
    save_settings(settings, target)
    loaded, warnings = load_settings(target)
    assert warnings == []
    big = loaded.layout_for("1920x1080")
    assert big is not None and (big.geometry, big.state) == (b"big-geometry", b"big-state")
    assert loaded.layout_for("2560x1440") is None
    loaded.forget_layout("1366x768")
    assert loaded.layout_for("1366x768") is None


def test_version_2_single_layout_is_dropped_as_of_an_unknown_screen():
    """Version 2 kept one layout without saying on which screen it was made."""
    settings, warnings = settings_from_dict(
        {"schema_version": 2, "window_geometry": "AAA=", "window_state": "AAA=", "theme": "dark"}
    )
    assert warnings == []
    assert settings.window_layouts == {} and settings.theme == "dark"
    assert "window_state" not in settings.unknown


def test_a_bad_setting_is_named_down_to_its_part_in_plain_words(isolated_home: Path):
    document = {
        "schema_version": SCHEMA_VERSION,
        "theme": "neon",
        "window_layouts": {
            "1366x768": {"geometry": "AAA=", "state": "AAA="},
            "1920x1080": {"geometry": "AAA=", "state": "%%% not base64"},
        },
    }
    _, warnings = settings_from_dict(document)
    assert warnings == [
        "Setting 'theme' was not usable (theme: expected 'system', 'light' or 'dark',"
        " got 'neon'); using its default.",
        "Setting 'window_layouts' was not usable (window_layouts.1920x1080.state: not valid"
        " base64 text; it is damaged); using its default.",
    ]
