"""The command line: `drase-desktop [FILE]` opens the window; `drase-desktop COMMAND ...` runs one
of `COMMANDS` with no window and no display.

Every command exits 0 on success, or 2 with one line on stderr a GM can read: a refusal, a file
that cannot be read or written, a bad argument. Never a traceback. Qt is imported only by the
commands that draw (and by the window), so `check` and every `--help` start fast.

A new command is a module with a `Command` (`command.py`), added to `COMMANDS` below.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import NoReturn

from drase_desktop import __version__
from drase_desktop.cli import convert_map, file_summary, print_pdf, serve_table
from drase_desktop.cli.command import Command, use_offscreen_qt

PROGRAM = "drase-desktop"
BAD_INPUT = 2

COMMANDS: tuple[Command, ...] = (
    print_pdf.COMMAND,
    file_summary.COMMAND,
    convert_map.COMMAND,
    serve_table.COMMAND,
)


class OneLineParser(argparse.ArgumentParser):
    """argparse, but a bad argument is one line on stderr (exit 2), not a usage block."""

    def error(self, message: str) -> NoReturn:
        self.exit(BAD_INPUT, f"{self.prog}: {message} (see {self.prog} --help)\n")


def window_parser() -> argparse.ArgumentParser:
    commands = "\n".join(f"  {command.name:<9}{command.summary}" for command in COMMANDS)
    parser = OneLineParser(
        prog=PROGRAM,
        description="A battlemap for running Drase fights at the table.",
        epilog=f"commands (each has --help; none opens a window):\n{commands}",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("file", nargs="?", help="a .drase encounter or .drase-map map to open")
    parser.add_argument("--version", action="version", version=f"{PROGRAM} {__version__}")
    parser.add_argument(
        "--smoke",
        action="store_true",
        help="open the file (or the sample) offscreen, render a frame, save, reopen, exit 0",
    )
    return parser


def command_parser(command: Command) -> argparse.ArgumentParser:
    parser = OneLineParser(
        prog=f"{PROGRAM} {command.name}", description=command.description or command.summary
    )
    command.configure(parser)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    arguments = list(sys.argv[1:] if argv is None else argv)
    try:
        by_name = {command.name: command for command in COMMANDS}
        if arguments and arguments[0] in by_name:
            return run_command(by_name[arguments[0]], arguments[1:])
        return open_window(window_parser().parse_args(arguments))
    except SystemExit as leaving:  # argparse's --help, --version and bad arguments
        code = leaving.code
        return code if isinstance(code, int) else (0 if code is None else BAD_INPUT)


def run_command(command: Command, arguments: list[str]) -> int:
    options = command_parser(command).parse_args(arguments)
    use_offscreen_qt()
    prefix = f"{PROGRAM} {command.name}"
    try:
        return command.run(options)
    except KeyboardInterrupt:
        print(f"{prefix}: stopped", file=sys.stderr)
        return 130
    except Exception as error:  # noqa: BLE001 - whatever went wrong is one line, never a traceback
        print(f"{prefix}: {one_line(error)}", file=sys.stderr)
        return BAD_INPUT


def one_line(error: BaseException) -> str:
    """A refusal's own words; a file error's file and reason; anything else named as unexpected."""
    from drase_desktop.refusal import Refusal

    if isinstance(error, Refusal | ValueError):
        text = str(error)
    elif isinstance(error, OSError):
        where = f"{error.filename}: " if error.filename else ""
        text = f"{where}{error.strerror or error}"
    else:
        text = f"an unexpected error ({type(error).__name__}: {error})"
    return " ".join(text.split()) or type(error).__name__


def open_window(arguments: argparse.Namespace) -> int:
    if arguments.smoke:
        from drase_desktop.smoke import run_smoke

        return run_smoke(arguments.file)
    from drase_desktop.ui.gc_policy import hold_collection

    hold_collection()
    from drase_desktop.app import run

    return run(arguments.file)


__all__ = ["COMMANDS", "Command", "main"]
