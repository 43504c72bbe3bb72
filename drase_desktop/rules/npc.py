"""NPC average hits (ruling 25): the number of hits a group scores without rolling each."""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from fractions import Fraction

from drase_desktop.refusal import Refusal
from drase_desktop.rules.dice import maximum, minimum


class NpcError(Refusal):
    """Input the average-hit chart cannot use."""


# (lowest r of the row, hits as a factor of attackers): first matching row from the top.
_CHART: tuple[tuple[int, Fraction, str], ...] = (
    (19, Fraction(1, 10), "19 or above: one hit per 10 attackers"),
    (16, Fraction(1, 5), "16-18: one hit per 5 attackers"),
    (15, Fraction(1, 3), "15: one hit per 3 attackers"),
    (13, Fraction(1, 2), "13-14: one hit per 2 attackers"),
    (11, Fraction(2, 3), "11-12: one hit per 1.5 attackers"),
    (9, Fraction(4, 5), "9-10: one hit per 1.25 attackers"),
    (7, Fraction(1), "7-8: one hit per attacker"),
    (4, Fraction(5, 4), "4-6: attackers x 1.25"),
    (2, Fraction(3, 2), "2-3: attackers x 1.5"),
)
_LOWEST = (Fraction(2), "1 or below: attackers x 2")


def _shift(net: int) -> int:
    """The first net bonus (or malus) is worth 3, every further one 1."""
    if net == 0:
        return 0
    size = 3 + abs(net) - 1
    return size if net > 0 else -size


@dataclass(frozen=True)
class ChartDice:
    """The bonus and malus dice that shift the chart (ruling 25), each a count of 0 or more:
    the attackers' (every attacker has them) and the defender's. The chart functions take them
    by these names as keywords."""

    attacker_bonuses: int = 0
    attacker_maluses: int = 0
    defender_bonuses: int = 0
    defender_maluses: int = 0

    def __post_init__(self) -> None:
        for count in fields(self):
            value = getattr(self, count.name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise NpcError(
                    f"{count.name.replace('_', ' ')} must be a count of 0 or more, not {value!r}"
                )

    def with_attackers(self, bonuses: int, maluses: int) -> ChartDice:
        """These dice with more on every attacker (the map's, as a single attack rolls them)."""
        return replace(
            self,
            attacker_bonuses=self.attacker_bonuses + bonuses,
            attacker_maluses=self.attacker_maluses + maluses,
        )

    def result(self, ac: int, attack_bonus: int) -> int:
        """Ruling 25, steps 1-2: r = AC - attack bonus; net attacker bonuses lower r (3 for the
        first, 1 for each further), net attacker maluses raise it; defender's the reverse."""
        r = ac - attack_bonus
        r -= _shift(self.attacker_bonuses - self.attacker_maluses)
        r += _shift(self.defender_bonuses - self.defender_maluses)
        return r


def chart_result(ac: int, attack_bonus: int, **dice: int) -> int:
    """Ruling 25, steps 1-2 (`ChartDice.result`), the dice given by `ChartDice`'s names."""
    return ChartDice(**dice).result(ac, attack_bonus)


def chart_row(result: int) -> tuple[Fraction, str]:
    """The chart row for `result`: hits per attacker and the row's text."""
    for lowest, factor, text in _CHART:
        if result >= lowest:
            return factor, text
    return _LOWEST


def average_hits(ac: int, attack_bonus: int, attackers: int, **dice: int) -> int:
    """Ruling 25: the hits `attackers` identical NPCs score, rounded down, at least one; the
    chart's dice given by `ChartDice`'s names (attacker_bonuses, attacker_maluses,
    defender_bonuses, defender_maluses)."""
    if isinstance(attackers, bool) or not isinstance(attackers, int) or attackers < 1:
        raise NpcError(f"the chart needs at least 1 attacker, not {attackers!r}")
    factor, _ = chart_row(chart_result(ac, attack_bonus, **dice))
    return max(1, int(attackers * factor))


def static_damage(expression: str) -> int:
    """Ruling 25: each chart hit deals the weapon's static damage, the average of its lowest and
    highest totals, rounded down (1d12 + 3: the middle of 4..15 is 9)."""
    return (minimum(expression) + maximum(expression)) // 2
