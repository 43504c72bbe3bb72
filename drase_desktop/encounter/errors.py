"""The error every encounter operation raises when it refuses."""

from __future__ import annotations

from drase_desktop.refusal import Refusal


class EncounterError(Refusal):
    """An operation the encounter refuses; the message says why, the encounter is unchanged."""
