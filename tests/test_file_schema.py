"""Declared file records: msgspec's refusals reach the GM as the field's place and a short,
plain description, never as the library's own words; records made from dataclasses follow them."""

from __future__ import annotations

import dataclasses
from typing import Annotated, Literal

import msgspec
import pytest
from msgspec import Meta

from drase_desktop.file_schema import fields_to_dict, model_from, read_record, record_of


class Spot(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    hp: int
    level: Annotated[int, Meta(ge=1, le=20)] = 1
    diagonal: Literal["double", "circle"] = "double"
    name: Annotated[str, Meta(max_length=5)] = ""
    walls: Annotated[list[int], Meta(max_length=2)] = []
    position: tuple[int, int] | None = None
    wounds: dict[str, int] = {}
    picture: bytes = b""
    radius: Annotated[float, Meta(gt=0, le=10)] = 1.0


class Refused(ValueError):
    pass


def refusal(document: object) -> str:
    with pytest.raises(Refused) as caught:
        read_record(document, Spot, Refused, where="c3", newer="Reads up to 1.")
    return str(caught.value)


@pytest.mark.parametrize(
    ("document", "message"),
    [
        ({}, "c3.hp is missing"),
        ({"hp": "ten"}, "c3.hp: expected a whole number, got 'ten'"),
        ({"hp": True}, "c3.hp: expected a whole number, got true"),
        ({"hp": 1.5}, "c3.hp: expected a whole number, got 1.5"),
        ({"hp": 1, "level": 0}, "c3.level: expected a whole number, 1 or more, got 0"),
        ({"hp": 1, "level": 21}, "c3.level: expected a whole number, at most 20, got 21"),
        ({"hp": 1, "diagonal": "hex"}, "c3.diagonal: expected 'double' or 'circle', got 'hex'"),
        ({"hp": 1, "name": "Aldric"}, "c3.name: is 6 characters long; at most 5"),
        ({"hp": 1, "walls": [1, 2, 3]}, "c3.walls: holds 3 entries; at most 2 are read"),
        ({"hp": 1, "position": [1]}, "c3.position: expected a list of 2 items, got a list"),
        ({"hp": 1, "position": "x"}, "c3.position: expected a list or empty (null), got"),
        ({"hp": 1, "wounds": {"head": 0, "torso": "x"}}, "c3.wounds.torso: expected a"),
        ({"hp": 1, "wounds": []}, "c3.wounds: expected an object, got a list of 0 items"),
        ({"hp": 1, "picture": "!!"}, "c3.picture: not valid base64 text; it is damaged"),
        ({"hp": 1, "radius": float("inf")}, "c3.radius: expected a number, at most 10"),
        ({"hp": 1, "radius": 0}, "c3.radius: expected a number, more than 0"),
        ([], "c3: expected an object, got a list of 0 items"),
    ],
)
def test_a_refusal_names_the_field_and_the_value_in_plain_words(document, message) -> None:
    text = refusal(document)
    assert text.startswith(message)
    assert "`" not in text and "$" not in text  # none of msgspec's own notation


def test_an_unknown_field_is_put_down_to_a_newer_version() -> None:
    assert refusal({"hp": 1, "glow": 3}) == (
        "c3: 'glow' is a field this version does not know - was the file written"
        " by a newer Drase Desktop? Reads up to 1."
    )


def test_an_unknown_field_whose_name_breaks_a_line_is_still_told_in_plain_words() -> None:
    text = refusal({"hp": 1, "\n": 0})
    assert text.startswith("c3: ") and "is a field this version does not know" in text
    assert "`" not in text


def test_a_long_value_is_quoted_only_as_an_excerpt() -> None:
    text = refusal({"hp": "x" * 100_000})
    assert "(100000 characters)" in text
    assert len(text) < 200


@dataclasses.dataclass(frozen=True)
class Tool:
    name: str
    uses: int = 1
    tags: set[str] = dataclasses.field(default_factory=set)
    note: str | None = None

    def __post_init__(self) -> None:
        if not self.name.strip():
            raise ValueError("A tool needs a name")


ToolRecord = record_of(Tool, required=("uses",))


def test_a_record_made_from_a_dataclass_has_its_fields_defaults_and_checks() -> None:
    tool = model_from(read_record({"name": "rope", "uses": 3}, ToolRecord, Refused), Tool)
    assert tool == Tool("rope", 3)
    with pytest.raises(Refused, match=r"^uses is missing$"):
        read_record({"name": "rope"}, ToolRecord, Refused)
    with pytest.raises(msgspec.ValidationError, match="A tool needs a name"):
        model_from(read_record({"name": " ", "uses": 1}, ToolRecord, Refused), Tool)


def test_a_dataclass_is_written_field_by_field_with_sets_sorted() -> None:
    tool = Tool("rope", 2, {"b", "a", "c"})
    written = {"name": "rope", "uses": 2, "tags": ["a", "b", "c"], "note": None}
    assert fields_to_dict(tool) == written
    assert fields_to_dict(tool, left_out_when_empty=("note",)) == {
        "name": "rope",
        "uses": 2,
        "tags": ["a", "b", "c"],
    }


def test_a_record_refuses_a_field_the_dataclass_lacks() -> None:
    with pytest.raises(TypeError, match="no field"):
        record_of(Tool, required=("colour",))


@dataclasses.dataclass
class Bag:
    items: list[str]
    counts: dict[str, int]
    note: dict[str, object] | None = None


def test_what_is_written_does_not_change_with_the_live_object() -> None:
    bag = Bag(["rope"], {"rope": 1}, {"where": ["hold"]})
    written = fields_to_dict(bag)
    bag.items.append("lamp")
    bag.counts["lamp"] = 2
    assert written == {"items": ["rope"], "counts": {"rope": 1}, "note": {"where": ["hold"]}}


class Even(msgspec.Struct):
    pairs: Annotated[int, Meta(multiple_of=2)]


def test_a_form_of_msgspec_words_not_translated_still_loses_its_notation() -> None:
    with pytest.raises(Refused) as caught:
        read_record({"pairs": 3}, Even, Refused)
    assert str(caught.value) == "pairs: expected a whole number that's a multiple of 2"
