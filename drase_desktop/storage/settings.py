"""The GM's settings: typed, versioned, migrated, and never a reason for the app not to start.

Stored as JSON in the user config folder (`paths.settings_path()`), written atomically. Reading
never raises: a missing file gives the defaults; an unreadable or corrupt one gives the defaults
plus a warning for the status bar (the broken file is kept beside as `settings.corrupt.json`);
one bad field falls back to its default and is named in a warning, the others are kept.

Schema history (each step is a function in MIGRATIONS, applied in order on load):
- 1: overlays as a list of the names shown; the diagonal rule under "diagonal".
- 2: overlays as a name -> shown mapping, so an overlay added in a later release keeps its own
  default instead of reading as "hidden"; the diagonal rule under "diagonal_rule".
- 3: the window's geometry and dock layout per screen size ("window_layouts": "1366x768" ->
  {"geometry", "state"}), so a laptop session no longer squeezes the big screen's layout. The
  single layout of version 2 is dropped: which screen it was made on is not known.
A file from a newer release is read for the fields this release knows; the fields it does not
know are kept and written back unchanged.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Literal

import msgspec
from msgspec import Meta

from drase_desktop.atomic_write import write_text_atomically
from drase_desktop.board.distance import DIAGONAL_RULES, DIAGONAL_RULES_TEXT, DOUBLE
from drase_desktop.file_reading import parse_json, read_regular_file
from drase_desktop.file_schema import fields_to_dict, gm_message, record_of
from drase_desktop.refusal import Refusal
from drase_desktop.storage.paths import settings_path

SCHEMA_VERSION = 3
THEMES = ("system", "light", "dark")
MAX_RECENT_FILES = 10
_MAX_SETTINGS_BYTES = 4 * 1024 * 1024
_MAX_LAYOUT_BYTES = 1024 * 1024  # Qt's saveState() is a few kilobytes


class SettingsError(Refusal):
    """A settings value the app cannot use (raised by setters, never by loading)."""


@dataclass
class WindowLayout:
    """The main window's geometry and dock layout on one size of screen."""

    # Stored as base64 text.
    geometry: Annotated[bytes, Meta(max_length=_MAX_LAYOUT_BYTES)]
    state: Annotated[bytes, Meta(max_length=_MAX_LAYOUT_BYTES)]


@dataclass
class Settings:
    diagonal_rule: str = DOUBLE
    overlays: dict[str, bool] = field(default_factory=dict)  # overlay name -> shown
    theme: str = "system"
    recent_files: list[str] = field(default_factory=list)  # most recent first
    last_encounter: str | None = None
    # Screen size ("1366x768") -> its window layout: QMainWindow.saveGeometry() and saveState().
    window_layouts: dict[str, WindowLayout] = field(default_factory=dict)
    # True-scale tabletop mode: the flat screen's diagonal (None: ask Qt for its physical size)
    # and the fraction of each edge a TV's overscan hides.
    table_screen_diagonal_inches: float | None = None
    table_overscan: float = 0.0
    # The screen the player display last went full screen on (its name), so it goes back there.
    player_screen: str | None = None
    # Whether the player display was open when the app closed (it opens again), and its window's
    # place on the GM's screen (x, y, width, height) when it was not full screen elsewhere.
    player_display_open: bool = False
    player_display_geometry: list[int] | None = None
    # Table > Network address: where the players' phones reach this laptop (None: the likeliest)
    table_link_address: str | None = None
    # Keys written by a newer release, carried through untouched.
    unknown: dict[str, Any] = field(default_factory=dict, repr=False)

    def add_recent_file(self, path: str | os.PathLike[str]) -> None:
        """Put `path` first in the recent files (once), keeping at most MAX_RECENT_FILES."""
        text = str(Path(path).absolute())
        self.recent_files = [text] + [p for p in self.recent_files if p != text]
        del self.recent_files[MAX_RECENT_FILES:]

    def forget_recent_file(self, path: str | os.PathLike[str]) -> None:
        text = str(Path(path).absolute())
        self.recent_files = [p for p in self.recent_files if p != text]

    def set_diagonal_rule(self, rule: str) -> None:
        if rule not in DIAGONAL_RULES:
            raise SettingsError(f"The diagonal rule is {DIAGONAL_RULES_TEXT}, not {rule!r}.")
        self.diagonal_rule = rule

    def layout_for(self, screen: str) -> WindowLayout | None:
        """The layout last used on a screen of this size ("1366x768"), if any."""
        return self.window_layouts.get(screen)

    def remember_layout(self, screen: str, geometry: bytes, state: bytes) -> None:
        self.window_layouts[screen] = WindowLayout(geometry, state)

    def forget_layout(self, screen: str) -> None:
        self.window_layouts.pop(screen, None)

    def set_theme(self, theme: str) -> None:
        if theme not in THEMES:
            raise SettingsError(f"The theme is one of {', '.join(THEMES)}, not {theme!r}.")
        self.theme = theme


# --- migrations ---------------------------------------------------------------------------------


def _from_1(document: dict[str, Any]) -> dict[str, Any]:
    result = dict(document)
    shown = result.pop("overlays", None)
    if isinstance(shown, list):
        result["overlays"] = {name: True for name in shown if isinstance(name, str)}
    elif shown is not None:
        result["overlays"] = shown  # left for the field check to judge
    if "diagonal" in result:
        result["diagonal_rule"] = result.pop("diagonal")
    return result


def _from_2(document: dict[str, Any]) -> dict[str, Any]:
    # The one layout of version 2 belonged to a screen nobody recorded: restoring it on
    # another size is what squeezed the docks, so the window starts from its first-run layout.
    return {
        key: value
        for key, value in document.items()
        if key not in ("window_geometry", "window_state")
    }


# MIGRATIONS[n] turns a version-n document into a version-(n+1) one.
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: _from_1, 2: _from_2}


# --- reading ------------------------------------------------------------------------------------


def load_settings(path: str | os.PathLike[str] | None = None) -> tuple[Settings, list[str]]:
    """The saved settings and any warnings for the GM; never raises for a bad file."""
    source = Path(path) if path is not None else settings_path()
    try:
        if source.stat().st_size > _MAX_SETTINGS_BYTES:
            return _corrupt(source, "it is far too large to be a settings file")
        # A regular file only, read within the bound (a pipe would wait for ever).
        raw = read_regular_file(source, _MAX_SETTINGS_BYTES, _Unreadable, "settings files")
    except FileNotFoundError:
        return Settings(), []
    except OSError as error:
        return Settings(), [
            f"Settings could not be read ({error.strerror or error}); using defaults."
        ]
    except _Unreadable as error:
        return Settings(), [f"Settings could not be read: {error} Using defaults."]
    try:
        # Refuses deep nesting and numbers of thousands of digits too, which made Python's
        # own ValueError stop the app before its window opened.
        # Paths: a file name that is not UTF-8 is kept as Python keeps it (lone surrogates).
        document = parse_json(raw, _Unreadable, lone_surrogates=True)
    except _Unreadable:
        return _corrupt(source, "it is not valid JSON")
    if not isinstance(document, dict):
        return _corrupt(source, "it does not hold a settings object")
    return settings_from_dict(document)


class _Unreadable(Refusal):
    """A settings file that cannot be read or parsed (the app then starts on the defaults)."""


def _corrupt(source: Path, reason: str) -> tuple[Settings, list[str]]:
    kept = source.with_name(source.stem + ".corrupt" + source.suffix)
    try:
        os.replace(source, kept)
        where = f" The damaged file was kept as {kept.name}."
    except OSError:
        where = ""
    return Settings(), [f"Settings were reset to the defaults because {reason}.{where}"]


def settings_from_dict(document: dict[str, Any]) -> tuple[Settings, list[str]]:
    """Migrate and check a settings document; bad fields fall back to defaults with a warning."""
    warnings: list[str] = []
    version = document.get("schema_version", 1)
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        warnings.append(f"Settings had an unknown schema_version {version!r}; read as version 1.")
        version = 1
    if version > SCHEMA_VERSION:
        warnings.append(
            f"Settings were written by a newer Drase Desktop (schema {version}); "
            "settings this version does not know are kept as they are."
        )
    document = {key: value for key, value in document.items() if key != "schema_version"}
    while version < SCHEMA_VERSION:
        document = MIGRATIONS[version](document)
        version += 1

    settings = Settings()
    for key, value in document.items():
        if key not in _DECLARED_TYPES:
            settings.unknown[key] = value
            continue
        try:
            checked = msgspec.convert(value, _DECLARED_TYPES[key], strict=True)
        except msgspec.ValidationError as failure:
            problem = gm_message(str(failure), value, schema=_DECLARED_TYPES[key], where=key)
            warnings.append(f"Setting '{key}' was not usable ({problem}); using its default.")
            continue
        setattr(settings, key, _TIDY.get(key, _as_is)(checked))
    return settings, warnings


def _as_is(value: Any) -> Any:
    return value


def _recent(paths: list[str]) -> list[str]:
    return list(dict.fromkeys(paths))[:MAX_RECENT_FILES]


SCREEN_KEY_LIMIT = 50  # screen sizes remembered; a GM meets a handful


def screen_key(width: int, height: int) -> str:
    """How a screen size names its layout: "1366x768"."""
    return f"{width}x{height}"


# The settings file, declared once: each field of Settings with its type and default, and here
# what a setting may hold beyond its type. A field added to Settings is read, checked and
# written with no further line; a bad one falls back to its default alone, with a warning.
SettingsRecord = record_of(
    Settings,
    leave_out=("unknown",),
    types={
        "diagonal_rule": Literal[DIAGONAL_RULES],
        "theme": Literal[THEMES],
        "recent_files": list[Annotated[str, Meta(min_length=1)]],
        "last_encounter": Annotated[str, Meta(min_length=1)] | None,
        "window_layouts": Annotated[dict[str, WindowLayout], Meta(max_length=SCREEN_KEY_LIMIT)],
        "table_screen_diagonal_inches": Annotated[float, Meta(ge=1, le=200)] | None,
        "table_overscan": Annotated[float, Meta(ge=0, le=0.15)],
        "player_screen": Annotated[str, Meta(min_length=1, max_length=200)] | None,
        "table_link_address": Annotated[str, Meta(min_length=1, max_length=64)] | None,
        "player_display_geometry": Annotated[
            list[Annotated[int, Meta(ge=-100_000, le=100_000)]], Meta(min_length=4, max_length=4)
        ]
        | None,
    },
)
_DECLARED_TYPES: dict[str, Any] = {
    item.name: item.type for item in msgspec.structs.fields(SettingsRecord)
}
# Tidied after the check: the recent files once each, the newest MAX_RECENT_FILES.
_TIDY: dict[str, Callable[[Any], Any]] = {"recent_files": _recent}


# --- writing ------------------------------------------------------------------------------------


def settings_to_dict(settings: Settings) -> dict[str, Any]:
    document: dict[str, Any] = dict(settings.unknown)
    document.update(fields_to_dict(settings, leave_out=("unknown",)))
    document["schema_version"] = SCHEMA_VERSION
    return document


def save_settings(settings: Settings, path: str | os.PathLike[str] | None = None) -> None:
    """Write the settings atomically (a crash mid-save leaves the previous file whole)."""
    target = Path(path) if path is not None else settings_path()
    text = json.dumps(settings_to_dict(settings), indent=2, sort_keys=True) + "\n"
    write_text_atomically(target, text)
