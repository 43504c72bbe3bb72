"""Command line: `drase-desktop [FILE]`, `--version`, `--smoke [FILE]`."""

from __future__ import annotations

import argparse
import sys

from drase_desktop import __version__


def parse_arguments(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="drase-desktop", description="A battlemap for running Drase fights at the table."
    )
    parser.add_argument("file", nargs="?", help="a .drase encounter or .drase-map map to open")
    parser.add_argument("--version", action="version", version=f"drase-desktop {__version__}")
    parser.add_argument(
        "--smoke",
        action="store_true",
        help="open the file (or the sample) offscreen, render a frame, save, reopen, exit 0",
    )
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    arguments = parse_arguments(sys.argv[1:] if argv is None else argv)
    if arguments.smoke:
        from drase_desktop.smoke import run_smoke

        return run_smoke(arguments.file)
    from drase_desktop.ui.gc_policy import hold_collection

    hold_collection()
    from drase_desktop.app import run

    return run(arguments.file)


if __name__ == "__main__":
    sys.exit(main())
