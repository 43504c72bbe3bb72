"""What a subcommand of `drase-desktop` is: a name, a line of help, its arguments and one function
that runs it. The commands themselves are listed once, in `drase_desktop.cli.COMMANDS`."""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Command:
    """`run` returns the exit code (0) or raises; `configure` adds the command's arguments.

    A command that needs Qt imports it inside `run`: `drase-desktop check` and every `--help`
    start without loading it.
    """

    name: str
    summary: str
    configure: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]
    description: str = ""


def use_offscreen_qt() -> None:
    """No window and no display: Qt draws offscreen. Must run before Qt is first imported."""
    os.environ["QT_QPA_PLATFORM"] = "offscreen"


def qt_application() -> object:
    """The running QApplication, or a new one (offscreen); the caller keeps it alive."""
    use_offscreen_qt()
    from PySide6.QtWidgets import QApplication

    return QApplication.instance() or QApplication(["drase-desktop"])
