"""The players' sight range for reveals is kept in the .drase file; files without it open with
no limit, and a nonsense value is refused whole with the field named."""

from __future__ import annotations

import json

import pytest

from drase_desktop.board import BattleMap
from drase_desktop.encounter.encounter import Encounter
from drase_desktop.storage.encounter_file import (
    EncounterFileError,
    encounter_from_dict,
    encounter_to_dict,
)


def test_the_sight_range_round_trips_and_older_files_have_none():
    encounter = Encounter(BattleMap(6, 6))
    encounter.set_sight_range(30)
    data = json.loads(json.dumps(encounter_to_dict(encounter)))
    assert encounter_from_dict(data).settings.sight_range == 30
    del data["settings"]["sight_range"]
    assert encounter_from_dict(data).settings.sight_range is None


@pytest.mark.parametrize("bad", [0, -1, 1001, "far", 2.5, True])
def test_a_bad_sight_range_is_refused_with_its_field_named(bad):
    data = encounter_to_dict(Encounter(BattleMap(6, 6)))
    data["settings"]["sight_range"] = bad
    with pytest.raises(EncounterFileError, match="settings.sight_range"):
        encounter_from_dict(data)
