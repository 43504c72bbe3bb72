"""The inspector edits the selected token (each edit one undo step, bad values refused) or the
selected tile's terrain, height and cover."""

from __future__ import annotations

from helpers.window_helpers import combatant_id, dock, open_window
from PySide6.QtCore import Qt


def test_token_fields_edit_the_combatant_one_undo_step_each(qtbot):
    window, _ = open_window(qtbot)
    inspector = dock(window, "inspectorDock")
    dog = combatant_id(window, "War Dog")
    window.model.select(dog)
    combatant = window.model.encounter.combatants[dog]
    assert inspector.name_edit.text() == "War Dog"

    inspector.name_edit.setText("Rabid Dog")
    inspector.name_edit.editingFinished.emit()
    speed = combatant.speed + 1
    inspector.speed_edit.setValue(speed)
    inspector.ac_edit.setValue(combatant.ac_bonus + 1)
    inspector.hp_edit.setValue(3)
    assert (combatant.name, combatant.hp) == ("Rabid Dog", 3)
    assert speed == combatant.speed
    assert window.model.undo_stack.count() == 4
    window.undo_action.trigger()
    assert combatant.hp != 3 and inspector.hp_edit.value() == combatant.hp

    inspector.hidden_edit.setChecked(True)
    assert combatant.hidden
    table = dock(window, "combatantsDock").table.model()
    name_cell = table.index(table.row_of(dog), 0)
    assert name_cell.data(Qt.ItemDataRole.FontRole).italic()
    assert "hidden from the players" in name_cell.data(Qt.ItemDataRole.ToolTipRole)

    inspector.status_choice.setCurrentText("poisoned")
    inspector.status_rounds.setValue(2)
    inspector.add_status_button.click()
    assert [(s.name, s.remaining) for s in combatant.statuses] == [("poisoned", 2)]
    inspector.statuses.setCurrentRow(0)
    inspector.remove_status_button.click()
    assert combatant.statuses == []


def test_a_refused_edit_is_reported_and_the_field_shows_the_real_value(qtbot):
    window, _ = open_window(qtbot)
    inspector = dock(window, "inspectorDock")
    window.model.select(combatant_id(window, "Aldric"))
    inspector.name_edit.setText("   ")
    inspector.name_edit.editingFinished.emit()
    assert window.model.encounter.combatants[combatant_id(window, "Aldric")].name == "Aldric"
    assert inspector.name_edit.text() == "Aldric"
    assert window.statusBar().currentMessage()


def test_a_selected_tile_shows_and_edits_terrain_height_and_cover(qtbot):
    window, _ = open_window(qtbot)
    inspector = dock(window, "inspectorDock")
    battle_map = window.model.encounter.battle_map
    window.model.select("")
    window.model.select_tile((10, 3))
    assert inspector.stack.currentIndex() == 2
    assert inspector.terrain_edit.currentText() == battle_map.terrain((10, 3)) == "water"
    inspector.terrain_edit.setCurrentText("mud")
    inspector.terrain_edit.activated.emit(inspector.terrain_edit.currentIndex())
    inspector.elevation_edit.setValue(2)
    assert (battle_map.terrain((10, 3)), battle_map.elevation((10, 3))) == ("mud", 2)
    window.undo_action.trigger()
    window.undo_action.trigger()
    assert (battle_map.terrain((10, 3)), battle_map.elevation((10, 3))) == ("water", 0)
    assert inspector.terrain_edit.currentText() == "water"


def test_the_side_list_follows_another_combatants_new_faction(qtbot):
    window, _ = open_window(qtbot)
    inspector = dock(window, "inspectorDock")
    sela = combatant_id(window, "Sela")
    dog = combatant_id(window, "War Dog")
    window.model.select(sela)
    window.model.apply(lambda e: e.update_combatant(dog, side="wolves"))
    sides = [inspector.side_edit.itemText(i) for i in range(inspector.side_edit.count())]
    assert "wolves" in sides
    assert inspector.side_edit.currentText() == window.model.encounter.combatants[sela].side
