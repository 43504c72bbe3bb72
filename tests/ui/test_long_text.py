"""Text fields have limits that fit their use, checked on load and in the editors, and long
text is shown without laying all of it out.

100 MB of notes took 179 s and 5 GB to open (the inspector put the whole text in one
word-wrapped label); 10 MB took 18 s."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers.encounter_builders import fight
from helpers.window_helpers import open_window
from PySide6.QtWidgets import QLabel

from drase_desktop.encounter.encounter import EncounterError
from drase_desktop.file_limits import (
    MAX_LOG_TEXT_CHARACTERS,
    MAX_NAME_CHARACTERS,
    MAX_NOTES_CHARACTERS,
)
from drase_desktop.storage.encounter_file import (
    EncounterFileError,
    encounter_to_dict,
    load_encounter,
    save_encounter,
)

ROOT = Path(__file__).resolve().parents[2]


def _sample() -> dict:
    return json.loads((ROOT / "maps" / "sample.drase").read_text(encoding="utf-8"))


@pytest.mark.parametrize(
    ("field", "most"), [("notes", MAX_NOTES_CHARACTERS), ("name", MAX_NAME_CHARACTERS)]
)
def test_a_file_with_text_past_its_limit_is_refused_naming_the_field(tmp_path, field, most):
    document = _sample()
    document["combatants"][0][field] = "x" * (most + 1)
    path = tmp_path / "long.drase"
    path.write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(EncounterFileError, match=rf"combatants\[0\]\.{field}.*at most {most}"):
        load_encounter(path)
    document["combatants"][0][field] = "x" * most
    path.write_text(json.dumps(document), encoding="utf-8")
    load_encounter(path)


def test_the_editors_refuse_notes_past_the_limit_and_log_an_excerpt(tmp_path):
    encounter = fight()
    cid = next(iter(encounter.combatants))
    with pytest.raises(EncounterError, match=f"at most {MAX_NOTES_CHARACTERS:,}"):
        encounter.update_combatant(cid, notes="x" * (MAX_NOTES_CHARACTERS + 1))
    encounter.update_combatant(cid, notes="x" * MAX_NOTES_CHARACTERS)
    assert all(len(entry.text) <= MAX_LOG_TEXT_CHARACTERS for entry in encounter.log)
    encounter.note("y" * (MAX_LOG_TEXT_CHARACTERS * 2))
    assert len(encounter.log.entries[-1].text) <= MAX_LOG_TEXT_CHARACTERS
    save_encounter(encounter, tmp_path / "long.drase")
    assert encounter_to_dict(load_encounter(tmp_path / "long.drase")) == encounter_to_dict(
        encounter
    )


def test_the_inspector_shows_long_notes_without_laying_them_all_out(qtbot):
    window, _ = open_window(qtbot)
    cid = next(iter(window.model.encounter.combatants))
    notes = "The old mill's cellar. " * (MAX_NOTES_CHARACTERS // 23)
    window.model.apply(lambda e: e.update_combatant(cid, notes=notes))
    window.model.select(cid)
    details = window.findChild(QLabel, "inspectorDetails")
    assert notes[:200] in details.text()
    assert len(details.text()) < 2000
    assert f"{len(notes):,} characters" in details.text()
