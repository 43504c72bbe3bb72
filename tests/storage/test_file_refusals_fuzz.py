"""Whatever a damaged file holds in place of a field, the refusal names a place in the file in
the program's words: never msgspec's notation ("`int`", "$.combatants[3]"), never a traceback."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from helpers.json_places import json_places
from hypothesis import given, settings
from hypothesis import strategies as st

from drase_desktop.board.map_file import MapFileError, map_from_dict
from drase_desktop.storage.encounter_file import EncounterFileError, encounter_from_dict

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = json.loads((ROOT / "maps" / "sample.drase").read_text(encoding="utf-8"))
MAP = json.loads((ROOT / "maps" / "river-crossing.drase-map").read_text(encoding="utf-8"))

ODD_VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**30), 10**30),
    st.floats(allow_nan=False),
    st.text(max_size=300),
    st.lists(st.integers(), max_size=3),
    st.dictionaries(st.text(max_size=5), st.integers(), max_size=3),
)


ENCOUNTER_PLACES = json_places(SAMPLE, skip=("data_base64",))
MAP_PLACES = json_places(MAP, skip=("data_base64",))


def damaged(document: dict[str, Any], place: tuple[Any, ...], value: Any, extra: bool) -> Any:
    copied = copy.deepcopy(document)
    target = copied
    for step in place[:-1]:
        target = target[step]
    if extra and isinstance(target, dict):
        target["a new field"] = value
    else:
        target[place[-1]] = value
    return copied


def _parts(value: Any) -> set[str]:
    """How a value, and each key and item inside it, may be quoted back in a message."""
    found = {repr(value), str(value)}
    if isinstance(value, str):
        # A map row is read word by word: a refusal quotes the word, without the blanks round it.
        found |= {repr(word) for word in value.split()}
    items = list(value.items()) if isinstance(value, dict) else value
    if isinstance(items, list):
        for item in items:
            for part in item if isinstance(item, tuple) else (item,):
                found |= _parts(part)
    return {part for part in found if part}


def assert_in_plain_words(message: str, value: Any) -> None:
    """The program's words around the damaged value; the value itself, quoted back to the GM,
    may hold anything (a backtick typed into a field is the GM's, not msgspec's)."""
    assert message
    words = message
    for part in sorted(_parts(value), key=len, reverse=True):
        words = words.replace(part, "")
    assert "`" not in words and "$." not in words and "Expected" not in words, message
    assert len(message) <= 400, message


def assert_refused_in_plain_words(
    read: Any, refusal: type[Exception], document: Any, place: Any, value: Any, extra: bool
) -> None:
    """`read` takes `document` damaged at `place`, or refuses it with `refusal` in plain words."""
    try:
        read(damaged(document, place, value, extra))
    except refusal as error:
        assert_in_plain_words(str(error), value)


fuzzed = settings(max_examples=150, deadline=None)


@fuzzed
@given(st.sampled_from(ENCOUNTER_PLACES), ODD_VALUES, st.booleans())
def test_a_damaged_encounter_is_refused_in_plain_words(place, value, extra) -> None:
    assert_refused_in_plain_words(
        encounter_from_dict, EncounterFileError, SAMPLE, place, value, extra
    )


@fuzzed
@given(st.sampled_from(MAP_PLACES), ODD_VALUES, st.booleans())
def test_a_damaged_map_is_refused_in_plain_words(place, value, extra) -> None:
    assert_refused_in_plain_words(map_from_dict, MapFileError, MAP, place, value, extra)
