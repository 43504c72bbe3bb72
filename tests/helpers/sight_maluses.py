"""What a creature's visibility costs an attacker: the board's level priced by the rules' one
table (rulings 23, 28), for board tests that check the number a GM reads."""

from __future__ import annotations

from drase_desktop.board.sight import Visibility
from drase_desktop.rules.attack import OBSCURATION_MALUSES


def maluses(seen: Visibility) -> int:
    """The maluses to target or perceive a creature seen so; 0 when it cannot be targeted."""
    return OBSCURATION_MALUSES[seen.obscuration] if seen.can_target else 0
