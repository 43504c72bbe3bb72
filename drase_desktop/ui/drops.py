"""What a drag carries, decided in one place for every drop target of the window.

A drop's mime data is read here and named by kind; each target then acts on the kinds it takes.
Files come as `text/uri-list` of local files, named by their suffix:
- ENCOUNTER (`.drase`): the main window opens it;
- MAP (`.drase-map`, `.dd2vtt`, `.uvtt`, `.df2vtt`): the main window puts it under the fight;
- PICTURE (`.png`, `.jpg`, `.jpeg`, `.webp`): the main window starts a map from it.
Anything else is not ours: the target ignores the drag, so the cursor says "no".
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QMimeData

from drase_desktop.ui.documents import ENCOUNTER_SUFFIX, MAP_SUFFIX, UVTT_SUFFIXES

ENCOUNTER = "encounter"
MAP = "map"
PICTURE = "picture"
PICTURE_SUFFIXES = (".png", ".jpg", ".jpeg", ".webp")
MAP_SUFFIXES = (MAP_SUFFIX, *UVTT_SUFFIXES)


@dataclass(frozen=True)
class DroppedFile:
    kind: str
    path: Path


def file_kind(path: str | Path) -> str | None:
    """ENCOUNTER, MAP or PICTURE for a file name, or None for a file the window does not take."""
    name = Path(path).name.lower()
    if name.endswith(ENCOUNTER_SUFFIX):
        return ENCOUNTER
    if name.endswith(MAP_SUFFIXES):
        return MAP
    if name.endswith(PICTURE_SUFFIXES):
        return PICTURE
    return None


def dropped_files(mime: QMimeData) -> list[DroppedFile]:
    """The local files of a drop that the window takes, in the order they were dragged."""
    if not mime.hasUrls():
        return []
    found = []
    for url in mime.urls():
        if not url.isLocalFile():
            continue
        path = Path(url.toLocalFile())
        kind = file_kind(path)
        if kind is not None:
            found.append(DroppedFile(kind, path))
    return found
