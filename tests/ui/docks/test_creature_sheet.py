"""The creature sheet: a new creature from the Add creature button, a whole edit as one undo
step, every field checked with its message, and the point buy of ruling 5 as a warning."""

from __future__ import annotations

import pytest
from helpers.drop_helpers import at
from helpers.event_loop import settled
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
    else:
        sheet.name.clear()
    click_ok(qtbot, sheet)
    assert sheet.isVisible() is False or sheet.result() == 0
    assert message in sheet.error.text()
    assert window.model.undo_stack.count() == 0


def test_ruling_49_the_sheet_keeps_hp_above_max_as_the_core_does(window, qtbot) -> None:
    """HP above max (a feat or an item raised it) is a state the rules know: the sheet saves it,
    the list shows it, and healing leaves it as it is."""
    sheet = window.creature_tools.sheet("aldric")
    qtbot.addWidget(sheet)
    typed(qtbot, sheet.findChild(QSpinBox, "sheetHp"), "35")
    click_ok(qtbot, sheet)
    assert sheet.error.text() == ""
    aldric = window.model.encounter.combatants["aldric"]
    assert (aldric.hp, aldric.max_hp) == (35, 30)
    window.model.encounter.heal("aldric", 4)
    assert aldric.hp == 35


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


def _layout(sheet: CreatureSheet) -> dict[str, tuple[int, int, int, int]]:
    """Where every named control of the sheet stands, in the sheet's coordinates."""
    from PySide6.QtWidgets import QWidget

    places = {}
    for widget in sheet.findChildren(QWidget):
        if widget.objectName().startswith("sheet") and widget.isVisible():
            corner = widget.mapTo(sheet, widget.rect().topLeft())
            places[widget.objectName()] = (corner.x(), corner.y(), widget.width(), widget.height())
    return places


def test_the_sheet_keeps_still_while_the_gm_types(window, qtbot) -> None:
    """The point buy line's text changed the width of the Attributes column (and so moved
    every column) at each score typed; an attack typed in resized the attack table's columns.
    Now every control stays where it is, whatever the point buy line says."""
    sheet = window.creature_tools.sheet("aldric")
    qtbot.addWidget(sheet)
    sheet.show()
    qtbot.waitExposed(sheet)
    start = _layout(sheet)
    header = sheet.attacks.horizontalHeader()
    columns = [header.sectionSize(c) for c in range(header.count())]
    warning = sheet.findChild(object, "sheetPointBuy")
    said = {warning.text()}
    for name, text in (("power", "18"), ("finesse", "17"), ("will", "8"), ("power", "16")):
        typed(qtbot, sheet.attributes[name], text)
        said.add(warning.text())
        assert settled(lambda: _layout(sheet)) == start, name
    typed(qtbot, sheet.side, "The GM's side")  # no longer a player character: no line at all
    said.add(warning.text())
    assert _layout(sheet) == start
    assert len(said) >= 4  # the line really said different things
    sheet.attacks.item(0, 0).setText("A very long name for a longsword of the north")
    sheet.attacks.item(0, 12).setText("Notes that run on and on about the weapon's history")
    assert settled(lambda: [header.sectionSize(c) for c in range(header.count())]) == columns
    sheet.name.clear()
    click_ok(qtbot, sheet)  # the error line shows, in room kept for it
    assert sheet.error.text()
    assert _layout(sheet) == start


def test_making_a_player_character_is_one_choice(window, qtbot) -> None:
    from drase_desktop.ui.widgets.side_choice import PLAYER_CHARACTER, PLAYERS_ALLY

    sheet = window.creature_tools.sheet()
    qtbot.addWidget(sheet)
    side = sheet.side
    assert side.objectName() == "sheetSide"
    assert sheet.findChild(object, "sheetPlayer") is None  # one control, not two
    assert side.currentText() == "The GM's side"
    labels = [side.itemText(i) for i in range(side.count())]
    assert labels[:3] == [PLAYER_CHARACTER, PLAYERS_ALLY, "The GM's side"]
    side.setCurrentText(PLAYER_CHARACTER)
    assert sheet.findChild(object, "sheetPointBuy").text().startswith("Point buy (ruling 5)")
    sheet.name.setText("Kara")
    click_ok(qtbot, sheet)
    kara = window.model.encounter.combatants[sheet.result_id]
    assert (kara.side, kara.is_player_character) == ("players", True)


@pytest.mark.parametrize(
    ("side", "player_character", "shown"),
    [
        ("players", True, "Player character"),
        ("players", False, "The players' ally (not a player character)"),
        ("gm", False, "The GM's side"),
        ("gm", True, "Player character on the GM's side"),
        ("wolves", False, "The wolves"),
    ],
)
def test_both_fields_of_the_file_read_back_as_they_were(
    window, qtbot, side, player_character, shown
) -> None:
    """The file keeps `side` and `is_player_character` as before: whatever pair a file holds
    (an older one included) shows as one entry, and OK writes the same pair back."""
    from drase_desktop.storage.encounter_file import combatant_to_dict

    cid = "mira"
    window.model.apply(
        lambda e: e.update_combatant(cid, side=side, is_player_character=player_character)
    )
    sheet = window.creature_tools.sheet(cid)
    qtbot.addWidget(sheet)
    assert sheet.side.currentText() == shown
    click_ok(qtbot, sheet)
    saved = combatant_to_dict(window.model.encounter.combatants[cid])
    assert (saved["side"], saved["is_player_character"]) == (side, player_character)


def test_a_side_typed_in_is_a_new_side(window, qtbot) -> None:
    sheet = window.creature_tools.sheet("captain")
    qtbot.addWidget(sheet)
    typed(qtbot, sheet.side, "smugglers")
    click_ok(qtbot, sheet)
    captain = window.model.encounter.combatants["captain"]
    assert (captain.side, captain.is_player_character) == ("smugglers", False)
