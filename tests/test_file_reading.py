"""Every loader reads only regular files, never past a bound, and turns hostile JSON into a
ValueError a GM can read: a named pipe would wait forever, /dev/zero never ends, a number of
thousands of digits or nesting hundreds deep made Python's own errors escape."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from helpers.pipe_watch import PipeWatch

from drase_desktop.board import BattleMap
from drase_desktop.board.map_file import MapFileError, load_map
from drase_desktop.file_reading import (
    MAX_NUMBER_DIGITS,
    describe_value,
    free_form_problem,
    nesting_depth_over,
    parse_json,
    read_regular_file,
    short_message,
)
from drase_desktop.storage.encounter_file import EncounterFileError, load_encounter
from drase_desktop.storage.image_import import ImageImportError, load_image
from drase_desktop.storage.uvtt import UvttImportError, import_uvtt

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="named pipes and /dev/zero")

LOADERS = [
    ("fight.drase", load_encounter, EncounterFileError),
    ("cave.drase-map", load_map, MapFileError),
    ("cave.dd2vtt", import_uvtt, UvttImportError),
    ("cave.png", load_image, ImageImportError),
]


@pytest.mark.parametrize(("name", "load", "error"), LOADERS, ids=[row[0] for row in LOADERS])
def test_a_named_pipe_is_refused_without_waiting_for_a_writer(tmp_path, name, load, error):
    pipe = PipeWatch(tmp_path / name)
    try:
        with pytest.raises(error, match=rf"{name} is a named pipe, not a file"):
            load(pipe.path)
    finally:
        pipe.close()
    assert not pipe.read


@pytest.mark.parametrize(("name", "load", "error"), LOADERS, ids=[row[0] for row in LOADERS])
def test_an_endless_device_is_refused_before_reading(tmp_path, name, load, error):
    if not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero here")
    link = tmp_path / name
    link.symlink_to("/dev/zero")
    with pytest.raises(error, match=rf"{name} is a device, not a file"):
        load(link)


@pytest.mark.parametrize(("name", "load", "error"), LOADERS, ids=[row[0] for row in LOADERS])
def test_a_folder_is_refused(tmp_path, name, load, error):
    (tmp_path / name).mkdir()
    with pytest.raises(error, match=rf"{name} is a folder, not a file"):
        load(tmp_path / name)


def test_reading_stops_at_the_bound(tmp_path):
    path = tmp_path / "big.drase"
    path.write_bytes(b" " * 5000)
    assert read_regular_file(path, 5000, ValueError) == b" " * 5000
    with pytest.raises(ValueError, match="big.drase is 5000 bytes; files over 4999 bytes"):
        read_regular_file(path, 4999, ValueError)


def test_a_missing_file_names_itself():
    with pytest.raises(ValueError, match="Cannot read gone.drase: No such file"):
        read_regular_file(Path("/nowhere/gone.drase"), 100, ValueError)


class Refused(ValueError):
    pass


def test_a_number_of_thousands_of_digits_is_refused_where_it_stands():
    text = '{\n  "hp": ' + "7" * 5000 + "\n}"
    with pytest.raises(Refused) as caught:
        parse_json(text, Refused)
    message = str(caught.value)
    assert "line 2, column 9" in message
    assert "5000 characters long" in message
    assert "sys.set_int_max_str_digits" not in message and len(message) < 200


def test_numbers_up_to_the_digit_limit_are_read():
    assert parse_json("9" * MAX_NUMBER_DIGITS, Refused) == int("9" * MAX_NUMBER_DIGITS)
    assert parse_json("-" + "9" * MAX_NUMBER_DIGITS, Refused) == -int("9" * MAX_NUMBER_DIGITS)
    with pytest.raises(Refused):
        parse_json("9" * (MAX_NUMBER_DIGITS + 1), Refused)


@pytest.mark.parametrize("word", ["NaN", "Infinity", "-Infinity"])
def test_not_a_number_is_refused_unless_the_loader_checks_it_by_field(word):
    with pytest.raises(Refused, match=rf"line 1, column 8 holds {word}"):
        parse_json('{"x": [' + word + "]}", Refused)
    assert parse_json('{"x": [' + word + "]}", Refused, parse_constant=float)["x"][0] != 0


def test_deep_nesting_is_refused_in_words():
    with pytest.raises(Refused, match="nest too deeply"):
        parse_json("[" * 100_000 + "]" * 100_000, Refused)


def test_bad_text_and_bad_json_say_where():
    with pytest.raises(Refused, match=r"not UTF-8 text \(byte 1\)"):
        parse_json(b"{\xff}", Refused)
    with pytest.raises(Refused, match=r"line 2, column 1: Expecting"):
        parse_json('{"a":\n', Refused)
    assert parse_json("\ufeff[1]".encode(), Refused) == [1]


def test_nesting_depth_is_measured_without_recursion():
    deep: list = []
    inner = deep
    for _ in range(100_000):
        inner.append([])
        inner = inner[0]
    assert nesting_depth_over(deep, 32)
    assert not nesting_depth_over({"a": [{"b": [1, 2]}]}, 4)
    assert nesting_depth_over({"a": [{"b": [1, 2]}]}, 3)


def test_values_are_described_briefly_whatever_their_size():
    assert describe_value("x" * 5_000_000).endswith("... (5000000 characters)")
    assert len(describe_value("x" * 5_000_000)) < 80
    assert describe_value(list(range(1000))) == "a list of 1000 items"
    assert describe_value({"a": 1}) == "an object with 1 field"
    assert describe_value(None) == "null" and describe_value(True) == "true"
    assert describe_value(10**300) == "a very large number"
    assert len(short_message("y" * 5_000_000)) == 400


def test_messages_never_repeat_a_huge_value(tmp_path):
    """A 5 MB name in the wrong place gives a message of a line, not of 5 MB."""
    document = {
        "format": 0.3,
        "resolution": {
            "map_origin": {"x": 0, "y": 0},
            "map_size": {"x": 4, "y": 4},
            "pixels_per_grid": 50,
        },
        "line_of_sight": [],
        "environment": {"ambient_light": "f" * 5_000_000},
    }
    path = tmp_path / "huge.dd2vtt"
    path.write_text(json.dumps(document))
    with pytest.raises(UvttImportError) as caught:
        import_uvtt(path)
    assert len(str(caught.value)) < 300


@pytest.mark.parametrize(
    "text", ['{"theme": ' + "9" * 5000 + "}", "[" * 100_000, '{"recent_files": [NaN]}']
)
def test_damaged_settings_start_the_app_on_the_defaults(tmp_path, text):
    """A settings file with a number of thousands of digits stopped the app before its window
    opened (Python's ValueError escaped); deep nesting and NaN are refused the same way."""
    from drase_desktop.storage.settings import Settings, load_settings

    path = tmp_path / "settings.json"
    path.write_text(text)
    settings, warnings = load_settings(path)
    assert settings == Settings()
    assert warnings and "reset to the defaults" in warnings[0]


def test_settings_that_are_a_named_pipe_are_not_waited_for(tmp_path):
    from drase_desktop.storage.settings import Settings, load_settings

    pipe = PipeWatch(tmp_path / "settings.json")
    try:
        settings, warnings = load_settings(pipe.path)
    finally:
        pipe.close()
    assert settings == Settings()
    assert "named pipe" in warnings[0]
    assert not pipe.read


def test_free_form_parts_that_could_not_be_saved_again_are_named():
    assert free_form_problem({"path": [[1, 2]], "cost": 1.5}) is None
    assert free_form_problem({"cost": float("inf")}) == "holds a number too large to keep"
    assert free_form_problem([[[[]]]], 2) == "nests more than 2 levels deep"


def test_a_log_entry_holding_infinity_is_refused_so_every_load_also_saves(tmp_path):
    """Found by the fuzzer: 1e999 in a log entry's details read as infinity, loaded, and made
    a file (and an autosave) that could not be opened again."""
    from drase_desktop.encounter.encounter import Encounter
    from drase_desktop.storage.encounter_file import encounter_to_dict

    document = encounter_to_dict(Encounter(BattleMap(3, 3)))
    document["log"] = [{"round": 0, "phase": "setup", "kind": "move", "text": "", "data": {}}]
    text = json.dumps(document).replace('"data": {}', '"data": {"cost": 1e999}')
    path = tmp_path / "infinite.drase"
    path.write_text(text)
    with pytest.raises(EncounterFileError, match=r"log\[0\]\.data holds a number too large"):
        load_encounter(path)


def test_a_session_record_that_is_a_named_pipe_does_not_hold_the_start(tmp_path):
    """Every start reads each autosave session's record to find a crash to offer back."""
    from drase_desktop.storage.autosave import SESSION_FILE, pending_recovery

    session = tmp_path / "20260101T000000-1-abcdef"
    session.mkdir()
    (session / "autosave.drase").write_text("{}")
    pipe = PipeWatch(session / SESSION_FILE)
    try:
        info = pending_recovery(tmp_path)
    finally:
        pipe.close()
    assert info is not None and info.source is None  # offered, with no file name to show
    assert not pipe.read
