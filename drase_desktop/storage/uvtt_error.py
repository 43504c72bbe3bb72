"""The Universal VTT import's refusal, in a module of its own for the import's helpers."""

from __future__ import annotations

from drase_desktop.refusal import Refusal


class UvttImportError(Refusal):
    """A Universal VTT file that cannot become a board; the message names the problem."""
