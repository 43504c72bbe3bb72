"""Launching imports only what the first frame shows: the parts of the window a GM opens later
(the creature sheet, the party dialog, the battlemap picture import, the map resize dialog, the
player display and true scale, the movement graph's networkx, the hashes that key a portrait) are
imported when first used.

Each check runs a fresh interpreter, as a launch does: in the test process everything is
imported already.
"""

from __future__ import annotations

import importlib.util
import json

import pytest
from helpers.fresh_python import SHOW_FIRST_FRAME, fresh_python

OPENED_LATER = (
    "drase_desktop.ui.docks.creature_sheet",
    "drase_desktop.ui.creatures.party_dialog",
    "drase_desktop.ui.editor.image_calibration_dialog",
    "drase_desktop.ui.editor.resize_map_dialog",
    "drase_desktop.storage.image_import",
    "drase_desktop.ui.table.player_display",
    "drase_desktop.ui.table.true_scale",
    "drase_desktop.ui.table.true_scale_dialog",
    "networkx",
    "hashlib",
)

LAUNCH = (
    """
import json, sys
from PySide6.QtWidgets import QApplication
app = QApplication(["launch"])
from drase_desktop.app import create_main_window
window = create_main_window()
"""
    + SHOW_FIRST_FRAME
    + """
window.grab()
loaded = [name for name in json.loads(sys.argv[1]) if name in sys.modules]
{later}
print(json.dumps(loaded))
"""
)

# The same check after the GM opened two of the parts: it sees them imported.
OPEN_TWO = """
window.creature_tools.sheet().deleteLater()
window.table_tools.player_display
loaded = [name for name in json.loads(sys.argv[1]) if name in sys.modules]
"""


def _launch(tmp_path, later: str = "") -> list[str]:
    script = LAUNCH.format(later=later)
    result = fresh_python(script, json.dumps(OPENED_LATER), home=tmp_path / "home", check=True)
    return json.loads(result.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("name", OPENED_LATER)
def test_each_module_named_exists(name):
    assert importlib.util.find_spec(name) is not None


@pytest.mark.subprocess
def test_launch_to_the_first_frame_leaves_the_later_parts_unimported(tmp_path):
    assert _launch(tmp_path) == []


@pytest.mark.subprocess
def test_the_check_sees_a_part_once_the_gm_opens_it(tmp_path):
    loaded = _launch(tmp_path, OPEN_TWO)
    assert "drase_desktop.ui.docks.creature_sheet" in loaded
    assert "drase_desktop.ui.table.player_display" in loaded
