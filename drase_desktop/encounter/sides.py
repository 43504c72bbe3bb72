"""Sides: who stands with whom, and the words for a side.

A side's id is a key ("players", "gm", "wolves"). Creatures of one side are allies, of any other
side enemies (ruling 21: a mover passes allies, never enemies; cover by a creature depends on it
too, ruling 22). Wherever a GM or a player reads about a side, these words stand for it: "the
players", "the GM's side", "the wolves", and a tied Crawler turn reads "The GM's side and the
players act together"."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol


class _OnASide(Protocol):
    @property
    def side(self) -> str: ...


class _Creature(_OnASide, Protocol):
    @property
    def is_player_character(self) -> bool: ...


PLAYERS = "players"


def on_players_side(creature: _Creature) -> bool:
    """True for a creature on the players' side: the side "players", or a player character of
    any side (a charmed PC still belongs to a player at the table). What the players know of
    where their own stand, whose eyes reveal the fog, and which phones get a seat all ask this."""
    return creature.side == PLAYERS or bool(creature.is_player_character)


def allied(one: _OnASide, other: _OnASide) -> bool:
    """True when the two creatures are on one side: allies. Any other pair are enemies."""
    return one.side == other.side


# The two sides every fight has; any other side is a faction the GM named.
_NAMED = {"players": "the players", "gm": "the GM's side"}


def side_words(side: str, *, start: bool = False) -> str:
    """ "the players", "the GM's side", or "the <faction>"; capitalised to start a sentence."""
    key = " ".join(str(side).split())
    words = _NAMED.get(key.lower()) or (key if key.lower().startswith("the ") else f"the {key}")
    return words[0].upper() + words[1:] if start else words


def sides_words(sides: Iterable[str], *, start: bool = False) -> str:
    """Several sides in one phrase: "the GM's side and the players", "a, b and c"."""
    names = [side_words(side) for side in sides]
    if not names:
        text = "nobody"
    elif len(names) == 1:
        text = names[0]
    else:
        text = ", ".join(names[:-1]) + " and " + names[-1]
    return text[0].upper() + text[1:] if start else text


def turn_words(sides: Iterable[str]) -> str:
    """Who acts in a turn: one side ("The players"), or tied sides acting together ("The GM's
    side and the players act together")."""
    group = list(sides)
    text = sides_words(group, start=True)
    return text + " act together" if len(group) > 1 else text


__all__ = ["PLAYERS", "allied", "on_players_side", "side_words", "sides_words", "turn_words"]
