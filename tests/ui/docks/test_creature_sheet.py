"""The creature sheet: a new creature from the Add creature button, a whole edit as one undo
step, every field checked with its message, and the point buy of ruling 5 as a warning."""

from __future__ import annotations

import pytest
from helpers.drop_helpers import at
from helpers.window_helpers import action, open_window
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QLineEdit, QSpinBox

from drase_desktop.ui.docks.creature_sheet import DAMAGE, REACH, CreatureSheet


@pytest.fixture
def window(qtbot):
    window, _ = open_window(qtbot)
    return window


def typed(qtbot, widget, text: str) -> None:
    widget.selectAll() if isinstance(widget, QLineEdit) else widget.lineEdit().selectAll()
    qtbot.keyClicks(widget if isinstance(widget, QLineEdit) else widget.lineEdit(), text)


def set_cell(sheet: CreatureSheet, row: int, column: int, text: str) -> None:
    sheet.attacks.item(row, column).setText(text)


def click_ok(qtbot, sheet: CreatureSheet) -> None:
    qtbot.mouseClick(sheet.ok_button, Qt.MouseButton.LeftButton)


def test_add_creature_opens_the_sheet_and_adds_it_where_asked(window, qtbot) -> None:
    encounter = window.model.encounter
    # The GM clicks an empty tile of the map: that is where the new creature goes.
    view = window.map_view
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=at(view, (10, 3)))
    assert window.model.selected_tile == (10, 3) and not window.model.selected_id
    seen = {}

    def fill() -> None:
        sheet = QApplication.activeModalWidget()
        assert isinstance(sheet, CreatureSheet)
        seen["tile"] = (sheet.tile_x.value(), sheet.tile_y.value())
        typed(qtbot, sheet.name, "Troll")
        typed(qtbot, sheet.findChild(QSpinBox, "sheetMaxHp"), "40")
        typed(qtbot, sheet.findChild(QSpinBox, "sheetHp"), "40")
        typed(qtbot, sheet.findChild(QSpinBox, "sheetAcBonus"), "3")
        qtbot.mouseClick(sheet.findChild(object, "sheetAddAttack"), Qt.MouseButton.LeftButton)
        set_cell(sheet, 0, DAMAGE, "2d6")
        click_ok(qtbot, sheet)

    QTimer.singleShot(50, fill)
    qtbot.mouseClick(window.combatants_dock.add_button, Qt.MouseButton.LeftButton)
    troll = next(c for c in encounter.combatants.values() if c.name == "Troll")
    assert seen["tile"] == (10, 3)
    assert (troll.position, troll.max_hp, troll.hp, troll.ac_bonus) == ((10, 3), 40, 40, 3)
    assert [(w.name, w.damage) for w in troll.weapons] == [("Attack", "2d6")]
    assert window.model.selected_id == troll.id
    window.undo_action.trigger()
    assert troll.id not in encounter.combatants


def test_an_edit_of_many_fields_is_one_undo_step(window, qtbot) -> None:
    encounter = window.model.encounter
    aldric = encounter.combatants["aldric"]
    before = (aldric.max_hp, aldric.hp, aldric.ac_bonus, aldric.speed, dict(aldric.resistances))
    sheet = window.creature_tools.sheet("aldric")
    qtbot.addWidget(sheet)
    typed(qtbot, sheet.findChild(QSpinBox, "sheetMaxHp"), "34")
    typed(qtbot, sheet.findChild(QSpinBox, "sheetAcBonus"), "7")
    typed(qtbot, sheet.findChild(QSpinBox, "sheetSpeed"), "5")
    typed(qtbot, sheet.resistances, "fire, cut x2")
    set_cell(sheet, 1, REACH, "12")
    click_ok(qtbot, sheet)
    assert (aldric.max_hp, aldric.ac_bonus, aldric.speed) == (34, 7, 5)
    assert aldric.resistances == {"fire": 1, "cut": 2}
    assert aldric.weapon("Javelin").reach == 12
    assert aldric.position == (6, 8)
    assert window.model.undo_stack.count() == 1
    window.undo_action.trigger()
    after_undo = (aldric.max_hp, aldric.hp, aldric.ac_bonus, aldric.speed, aldric.resistances)
    assert after_undo == before


@pytest.mark.parametrize(
    ("field", "text", "message"),
    [
        ("damage", "1d6 + banana", "Attack 1 (Longsword): damage"),
        ("reach", "far", "Attack 1 (Longsword): reach or range is whole tiles"),
        ("resistances", "fire, lava", "Resistances: 'lava' is not a damage type"),
        ("name", "", "Name: a creature needs a name"),
        ("hp", "99", "HP: 99 is above max HP 30"),
    ],
)
def test_every_field_is_checked_with_its_message(window, qtbot, field, text, message) -> None:
    sheet = window.creature_tools.sheet("aldric")
    qtbot.addWidget(sheet)
    if field == "damage":
        set_cell(sheet, 0, DAMAGE, text)
    elif field == "reach":
        set_cell(sheet, 0, REACH, text)
    elif field == "resistances":
        typed(qtbot, sheet.resistances, text)
    elif field == "name":
        sheet.name.clear()
    else:
        typed(qtbot, sheet.findChild(QSpinBox, "sheetHp"), text)
    click_ok(qtbot, sheet)
    assert sheet.isVisible() is False or sheet.result() == 0
    assert message in sheet.error.text()
    assert window.model.undo_stack.count() == 0


def test_ruling_41_a_weapon_cannot_name_its_attribute_but_a_spell_can(window, qtbot) -> None:
    sheet = window.creature_tools.sheet("sela")
    qtbot.addWidget(sheet)
    dagger = next(
        row for row in range(sheet.attacks.rowCount()) if sheet.cell_text(row, 0) == "Dagger"
    )
    sheet.attacks.cellWidget(dagger, 7).setCurrentText("will")
    click_ok(qtbot, sheet)
    assert "only an attack spell names the attribute it rolls" in sheet.error.text()
    sheet.attacks.cellWidget(dagger, 7).setCurrentText("")
    sheet.attacks.cellWidget(dagger, 6).setChecked(True)  # now an attack spell
    sheet.attacks.cellWidget(dagger, 7).setCurrentText("will")
    click_ok(qtbot, sheet)
    dagger_weapon = window.model.encounter.combatants["sela"].weapon("Dagger")
    assert dagger_weapon.spell and dagger_weapon.attribute == "will"


def test_ruling_5_point_buy_is_a_warning_the_gm_may_override(window, qtbot) -> None:
    sheet = window.creature_tools.sheet("aldric")
    qtbot.addWidget(sheet)
    warning = sheet.findChild(object, "sheetPointBuy")
    assert warning.text() == "Point buy (ruling 5): legal, 0 of 19 points unspent."
    for name, score in zip(
        ("power", "finesse", "endurance", "intelligence", "will"), (16, 10, 12, 8, 9), strict=True
    ):
        sheet.attributes[name].setValue(score)
    assert warning.text() == "Point buy (ruling 5): legal, 4 of 19 points unspent."
    sheet.attributes["power"].setValue(18)
    assert "power 18 is above 16, the creation maximum" in warning.text()
    click_ok(qtbot, sheet)  # the GM keeps the scores anyway
    assert window.model.encounter.combatants["aldric"].attributes["power"] == 18
    sheet = window.creature_tools.sheet("captain")
    assert sheet.findChild(object, "sheetPointBuy").text() == ""  # not a player character


def test_the_creatures_menu_has_the_sheet_and_the_party(window) -> None:
    for name in ("newCreatureAction", "editCreatureAction", "partyEncounterAction"):
        assert action(window, name)
