"""The seats' codes: each player character's address carries a token of 128 random bits.

A token names one seat (one combatant). "New codes" replaces every token at once, so an old
address (a phone of last week, a photo of the TV) opens nothing.
"""

from __future__ import annotations

import hmac
import secrets

TOKEN_BYTES = 16  # 128 bits: unguessable, and 22 characters a player can still type


class SeatCodes:
    """Token -> seat (combatant id), and back."""

    def __init__(self, seats: list[str]) -> None:
        self._seats = list(seats)
        self._token_of: dict[str, str] = {}
        self.renew()

    @property
    def seats(self) -> list[str]:
        return list(self._seats)

    def renew(self, seats: list[str] | None = None) -> None:
        """New tokens for every seat (every old one revoked)."""
        if seats is not None:
            self._seats = list(seats)
        self._token_of = {seat: secrets.token_urlsafe(TOKEN_BYTES) for seat in self._seats}

    def token(self, seat: str) -> str:
        return self._token_of[seat]

    def seat_of(self, token: str) -> str | None:
        """The seat a token opens, or None (compared in constant time: a token is a secret)."""
        found = None
        for seat, known in self._token_of.items():
            if hmac.compare_digest(known.encode(), token.encode("utf-8", "replace")):
                found = seat
        return found
