"""One table of limits serves dice, loading and saving: whatever the dice accept makes a total the
loader reads, and a roll logged in an encounter saves and opens again.

The dice box took `1d20+` and 41 nines (dice only limited the expression's length), Save said it
worked, and neither the file nor the autosave opened again: the loader refuses numbers of more
than 40 digits."""

from __future__ import annotations

import random

import pytest
from helpers.encounter_builders import fight, state
from hypothesis import given, settings
from hypothesis import strategies as st

from drase_desktop import file_limits
from drase_desktop.file_reading import MAX_NUMBER_DIGITS
from drase_desktop.rules import dice
from drase_desktop.storage.encounter_file import load_encounter, save_encounter


def _digits(number: int) -> int:
    return len(str(abs(number)))


def test_the_largest_total_any_expression_can_make_is_a_number_a_file_holds() -> None:
    # Every term at its largest: each number as large as allowed, or the dice of the longest
    # expression all showing their top face.
    shortest_term = len(f"+{file_limits.MAX_DICE_NUMBER}")
    numbers = file_limits.MAX_DICE_EXPRESSION // 2 * file_limits.MAX_DICE_NUMBER
    dice_faces = file_limits.MAX_DICE * file_limits.MAX_FACES
    assert shortest_term > 2
    assert _digits(numbers + dice_faces) < MAX_NUMBER_DIGITS


def test_a_number_beyond_the_table_is_refused_in_the_gm_words() -> None:
    expression = "1d20+" + "9" * 41
    with pytest.raises(dice.DiceError) as refused:
        dice.roll(expression)
    message = str(refused.value)
    assert f"{file_limits.MAX_DICE_NUMBER:,}" in message
    assert len(message) < 200, message
    assert dice.roll(f"1d20+{file_limits.MAX_DICE_NUMBER}").total > file_limits.MAX_DICE_NUMBER


def test_the_dice_read_their_limits_from_the_table() -> None:
    assert dice.MAX_DICE == file_limits.MAX_DICE
    assert dice.MAX_FACES == file_limits.MAX_FACES
    assert dice.MIN_FACES == file_limits.MIN_FACES
    assert dice.MAX_LENGTH == file_limits.MAX_DICE_EXPRESSION


# Numbers a GM types, and numbers of about as many digits as a file holds, and more.
NUMBERS = st.one_of(st.integers(0, 10**7), st.integers(10**30, 10**45)).map(str)
TERMS = st.one_of(
    NUMBERS,
    st.builds(lambda n, x: f"{n}d{x}", st.integers(1, 1000), st.integers(2, 1000)),
)
EXPRESSIONS = st.builds(
    lambda first, rest: first + "".join(sign + term for sign, term in rest),
    TERMS,
    st.lists(st.tuples(st.sampled_from(["+", "-"]), TERMS), max_size=6),
)


@settings(max_examples=200, deadline=None)
@given(EXPRESSIONS)
def test_whatever_the_dice_accept_has_totals_a_file_holds(expression: str) -> None:
    try:
        highest, lowest = dice.maximum(expression), dice.minimum(expression)
    except dice.DiceError:
        return
    assert _digits(highest) <= MAX_NUMBER_DIGITS
    assert _digits(lowest) <= MAX_NUMBER_DIGITS


def test_the_largest_roll_the_dice_accept_saves_and_opens_again(tmp_path) -> None:
    encounter = fight()
    largest = "+".join([str(file_limits.MAX_DICE_NUMBER)] * 20)
    assert len(largest) <= file_limits.MAX_DICE_EXPRESSION
    encounter.roll_for(None, largest, label="dice box", rng=random.Random(1))
    save_encounter(encounter, tmp_path / "rolled.drase")
    assert state(load_encounter(tmp_path / "rolled.drase")) == state(encounter)
