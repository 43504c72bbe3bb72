"""The error every encounter operation raises when it refuses."""

from __future__ import annotations


class EncounterError(ValueError):
    """An operation the encounter refuses; the message says why, the encounter is unchanged."""
