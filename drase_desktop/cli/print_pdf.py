"""`drase-desktop print FILE -o OUT.pdf`: the map at one inch per tile, the very PDF that
File > Print map writes with the dialog's defaults (drawn by the window's `ui/table/print_map`)."""

from __future__ import annotations

import argparse
from pathlib import Path

from drase_desktop.cli.command import Command, qt_application
from drase_desktop.refusal import Refusal

PAPERS = ("A4", "Letter")
VIEWS = {"players": True, "gm": False}


class PrintCommandError(Refusal):
    """A print the command line refuses before anything is written."""


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="a .drase encounter, .drase-map map or Universal VTT file")
    parser.add_argument("-o", "--output", required=True, metavar="OUT.pdf", help="the PDF to write")
    parser.add_argument("--paper", choices=PAPERS, default="A4", help="paper size (default A4)")
    parser.add_argument(
        "--view",
        choices=tuple(VIEWS),
        default="players",
        help="players: what the player display shows (fog and hidden tokens left out);"
        " gm: everything (default players)",
    )


def run(arguments: argparse.Namespace) -> int:
    source, output = Path(arguments.file), Path(arguments.output)
    if output.suffix.lower() != ".pdf":
        raise PrintCommandError(f"{output.name}: the output of print is a PDF (name it .pdf)")
    from drase_desktop.ui.files.documents import load_document

    encounter = load_document(source)  # before Qt starts: a bad file is refused at once
    application = qt_application()
    from drase_desktop.ui.encounter_model import EncounterModel
    from drase_desktop.ui.table.print_map import PrintOptions, write_map_pdf

    options = PrintOptions(paper=arguments.paper, players_view=VIEWS[arguments.view])
    model = EncounterModel(encounter)
    sheets = write_map_pdf(model, output, options)
    del model, application
    print(f"{output.name}: {sheets} sheet(s) at 1 inch per tile; print it at 100 %")
    return 0


COMMAND = Command(
    name="print",
    summary="print the map to a PDF at one inch per tile (as File > Print map)",
    description=(
        "Write the map of FILE to OUT.pdf at one inch (25.4 mm) per tile, cut into pages with an"
        " assembly sheet first: the same PDF as File > Print map with its default margins and"
        " overlap. Runs without a display."
    ),
    configure=configure,
    run=run,
)
