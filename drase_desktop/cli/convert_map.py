"""`drase-desktop convert IN OUT`: a Universal VTT file (or an encounter's map) to a `.drase-map`
map, and a map (or an encounter's) to a Universal VTT file (`storage/uvtt_export.py`). The kind
of each file is told by its name."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from drase_desktop.cli.command import Command
from drase_desktop.cli.file_summary import counted
from drase_desktop.refusal import Refusal

if TYPE_CHECKING:
    from drase_desktop.board import BattleMap

MAP = ".drase-map"
ENCOUNTER = ".drase"
UVTT = (".dd2vtt", ".uvtt", ".df2vtt")
CONVERSIONS = (
    "Universal VTT (.dd2vtt, .uvtt, .df2vtt) or .drase to .drase-map,"
    " and .drase-map or .drase to Universal VTT (format 0.3)"
)


class ConvertError(Refusal):
    """A conversion the command cannot make; the message says which ones it makes."""


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("input", metavar="IN", help="the file to read")
    parser.add_argument("output", metavar="OUT", help="the file to write (its kind by its name)")


def run(arguments: argparse.Namespace) -> int:
    source, target = Path(arguments.input), Path(arguments.output)
    source_kind, target_kind = file_kind(source), file_kind(target)
    if target.exists() and source.exists() and target.resolve() == source.resolve():
        raise ConvertError(f"{source.name}: IN and OUT are the same file")
    if target.is_dir():
        raise ConvertError(f"{target.name} is a folder: OUT names the file to write")
    notes: list[str] = []
    if target_kind == MAP and source_kind in (*UVTT, ENCOUNTER):
        battle_map = read_map(source, notes)
        from drase_desktop.board import save_map

        save_map(battle_map, target)
    elif target_kind in UVTT and source_kind in (MAP, ENCOUNTER):
        battle_map = read_map(source, notes)
        from drase_desktop.storage.uvtt_export import export_uvtt

        notes.extend(export_uvtt(battle_map, target))
    else:
        raise ConvertError(f"{source.name} to {target.name}: convert makes {CONVERSIONS}")
    for note in notes:
        print(f"note: {note}", file=sys.stderr)
    counts = (
        counted(len(features), noun)
        for features, noun in (
            (battle_map.walls, "wall"),
            (battle_map.doors, "door"),
            (battle_map.lights, "light"),
        )
    )
    print(
        f"{source.name} -> {target.name}: {battle_map.width} x {battle_map.height} tiles,"
        f" {', '.join(counts)}"
    )
    return 0


def read_map(source: Path, notes: list[str]) -> BattleMap:
    """The map of a Universal VTT file, a `.drase-map` or an encounter, as the window reads it."""
    from drase_desktop.ui.files.documents import load_document

    battle_map: BattleMap = load_document(source, warnings=notes).battle_map
    return battle_map


def file_kind(path: Path) -> str:
    """ ".drase-map", or the lowercase suffix."""
    name = path.name.lower()
    return MAP if name.endswith(MAP) else path.suffix.lower()


COMMAND = Command(
    name="convert",
    summary="convert a map between Universal VTT and .drase-map",
    description=(
        f"Convert IN to OUT, each file's kind told by its name: {CONVERSIONS}."
        " OUT is written atomically: a failed conversion leaves it as it was."
    ),
    configure=configure,
    run=run,
)
