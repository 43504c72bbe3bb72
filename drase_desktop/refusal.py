"""The one kind of error a GM may see: a refusal.

Every error the core raises when it refuses bad input or an illegal operation derives from
`Refusal`, and so does every refusal the window makes of its own (a bad picture, a bad sheet).
The window catches `Refusal` where it shows a refusal in the status bar or a message box; any
other exception is a bug and reaches the error report. `Refusal` stays a `ValueError` so the
scripting surface's promise ("errors are subclasses of ValueError") holds.
"""

from __future__ import annotations


class Refusal(ValueError):
    """Something the app refuses, with a message a GM can read; nothing was changed."""
