"""The board's refusal, in a module of its own so every board module can raise it."""

from __future__ import annotations

from drase_desktop.refusal import Refusal


class BoardError(Refusal):
    """Something asked of the board that the map cannot hold; the message is for the GM."""
