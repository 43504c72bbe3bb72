"""The fog's refusals: what a fog operation cannot do, and a reveal the GM stopped."""

from drase_desktop.refusal import Refusal


class FogError(Refusal):
    """A fog operation that cannot be done; the message is for the GM, the fog is unchanged."""


class RevealCancelled(FogError):
    """The GM stopped a reveal before it finished; the fog is unchanged."""
