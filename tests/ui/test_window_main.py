"""The main window as a GM meets it: the sample opens with its docks, files save and reopen
equal, unsaved work is asked about, bad files are refused clearly, layout and autosave persist."""

from __future__ import annotations

import json

import pytest
from helpers.window_helpers import DOCK_NAMES, button, combatant_id, dock, open_window
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QGraphicsView, QMainWindow

from drase_desktop.app import create_main_window
from drase_desktop.board import save_map
from drase_desktop.storage.encounter_file import encounter_to_dict, load_encounter
from drase_desktop.storage.paths import settings_path
from drase_desktop.ui.commands import MoveTokenCommand
from drase_desktop.ui.main_window import CANCEL, DISCARD, SAVE


def test_sample_opens_with_map_tokens_and_every_dock(qtbot):
    window, _ = open_window(qtbot)
    assert window.objectName() == "mainWindow"
    assert isinstance(window.findChild(QGraphicsView, "mapView"), QGraphicsView)
    for name in DOCK_NAMES:
        assert dock(window, name).isVisibleTo(window), name
    encounter = window.model.encounter
    assert len(encounter.combatants) >= 4
    table = dock(window, "combatantsDock").table
    assert table.model().rowCount() == len(encounter.combatants)
    assert not window.isWindowModified()
    # View > Docks brings back any dock the GM closed, whoever added it.
    window.docks_menu.aboutToShow.emit()
    listed = {action.text() for action in window.docks_menu.actions()}
    assert {dock(window, name).windowTitle() for name in DOCK_NAMES} <= listed
    combatants = dock(window, "combatantsDock")
    combatants.close()
    next(a for a in window.docks_menu.actions() if a.text() == "Combatants").trigger()
    assert combatants.isVisible()


def test_save_then_reopen_gives_the_same_encounter(qtbot, tmp_path):
    window, _ = open_window(qtbot)
    aldric = combatant_id(window, "Aldric")
    window.model.apply(lambda e: e.set_hp(aldric, 17))
    button(window, "phaseAdvanceButton").click()
    window.model.apply(lambda e: e.apply_status(aldric, "bleeding"))
    assert window.isWindowModified()
    target = tmp_path / "fight.drase"
    assert window.save_to(target)
    assert not window.isWindowModified()
    assert window.windowTitle().startswith("fight.drase")

    reopened, _ = open_window(qtbot, target)
    assert encounter_to_dict(reopened.model.encounter) == encounter_to_dict(window.model.encounter)
    assert reopened.model.encounter.combatants[aldric].hp == 17
    assert reopened.settings.recent_files[0] == str(target)


def test_save_without_a_file_asks_where(qtbot, tmp_path):
    window, dialogs = open_window(qtbot)
    dialogs.save_path = str(tmp_path / "asked.drase")
    window.save_action.trigger()
    assert load_encounter(tmp_path / "asked.drase").name == window.model.encounter.name


def test_closing_with_unsaved_changes_asks_and_cancel_keeps_the_window(qtbot):
    window, dialogs = open_window(qtbot)
    window.model.apply(lambda e: e.set_hp(combatant_id(window, "Mira"), 1))
    dialogs.save_answer = CANCEL
    assert not window.close()
    assert dialogs.asked == ["save changes?"]
    assert window.isVisible()
    dialogs.save_answer = DISCARD
    assert window.close()
    assert len(dialogs.asked) == 2


def test_closing_with_save_writes_the_file(qtbot, tmp_path):
    window, dialogs = open_window(qtbot)
    mira = combatant_id(window, "Mira")
    window.model.apply(lambda e: e.set_hp(mira, 2))
    dialogs.save_answer = SAVE
    dialogs.save_path = str(tmp_path / "closing.drase")
    assert window.close()
    assert load_encounter(tmp_path / "closing.drase").combatants[mira].hp == 2


def test_closing_unchanged_does_not_ask(qtbot):
    window, dialogs = open_window(qtbot)
    assert window.close()
    assert dialogs.asked == []


def test_a_bad_file_is_refused_with_a_clear_message_and_nothing_lost(qtbot, tmp_path):
    window, dialogs = open_window(qtbot)
    before = encounter_to_dict(window.model.encounter)
    broken = tmp_path / "broken.drase"
    broken.write_text('{"format": "drase-encounter", "schema_version": 1, "map": 3}')
    assert not window.open_path(broken, wait=True)
    assert len(dialogs.errors) == 1
    title, message = dialogs.errors[0]
    assert "broken.drase" in message
    assert encounter_to_dict(window.model.encounter) == before
    with pytest.raises(ValueError, match="broken.drase"):
        create_main_window(broken)


def test_a_map_file_opens_as_a_new_encounter_without_combatants(qtbot, tmp_path):
    window, _ = open_window(qtbot)
    map_file = tmp_path / "ford.drase-map"
    original = window.model.encounter.battle_map
    save_map(original, map_file)
    assert window.open_path(map_file, wait=True)
    encounter = window.model.encounter
    assert encounter.combatants == {}
    assert (encounter.battle_map.width, encounter.battle_map.height) == (
        original.width,
        original.height,
    )
    assert window.isWindowModified()  # a map is not an encounter file: Save must ask where
    assert window.current_path is None
    assert window.findChild(QGraphicsView, "mapView").scene().sceneRect().width() > 0


def test_autosave_writes_each_change_shortly_after_it(qtbot):
    window, _ = open_window(qtbot)
    bram = combatant_id(window, "Brother Bram")
    window.model.apply(lambda e: e.set_hp(bram, 5))

    def autosaved_hp() -> int | None:
        if not window.autosave.path.exists():
            return None
        return load_encounter(window.autosave.path).combatants[bram].hp

    qtbot.waitUntil(lambda: autosaved_hp() == 5)
    window.undo_action.trigger()
    qtbot.waitUntil(lambda: autosaved_hp() not in (None, 5))


def test_closing_writes_a_pending_autosave_and_marks_a_clean_shutdown(qtbot):
    window, _ = open_window(qtbot)
    mira = combatant_id(window, "Mira")
    window.model.apply(lambda e: e.set_hp(mira, 9))
    window.save_to(window.autosave.session_dir.parent / "kept.drase")  # nothing to ask on close
    window.model.apply(lambda e: e.set_hp(mira, 8))
    window.model.undo_stack.setClean()
    assert window.close()  # before the autosave timer fired
    assert load_encounter(window.autosave.path).combatants[mira].hp == 8
    assert (window.autosave.session_dir / "clean-shutdown").exists()


def test_layout_and_overlays_persist_across_runs(qtbot):
    window, _ = open_window(qtbot)
    log = dock(window, "logDock")
    window.removeDockWidget(log)
    window.addDockWidget(window.dockWidgetArea(dock(window, "phaseDock")), log)
    grid = next(
        a for a in window.map_view.overlay_actions() if a.objectName() == "toggleGridAction"
    )
    grid.setChecked(not grid.isChecked())
    shown = grid.isChecked()
    assert window.close()
    stored = json.loads(settings_path().read_text())
    assert stored["window_layouts"][window.screen_key()]["state"]

    again, _ = open_window(qtbot)
    assert again.dockWidgetArea(dock(again, "logDock")) == again.dockWidgetArea(
        dock(again, "phaseDock")
    )
    grid = again.map_view.overlay_action("toggleGridAction")
    assert grid.isChecked() == shown


def test_undo_redo_shortcuts_are_bound(qtbot):
    window, _ = open_window(qtbot)
    assert isinstance(window, QMainWindow)
    assert [s.toString() for s in window.undo_action.shortcuts()] == ["Ctrl+Z"]
    assert [s.toString() for s in window.redo_action.shortcuts()] == ["Ctrl+Y", "Ctrl+Shift+Z"]


def test_reset_move_puts_the_token_back_and_returns_its_movement(qtbot):
    window, _ = open_window(qtbot)
    model = window.model
    button(window, "phaseAdvanceButton").click()  # round 1, Player Phase
    aldric = combatant_id(window, "Aldric")
    start = model.encounter.combatants[aldric].position
    west, further = (start[0] - 1, start[1]), (start[0] - 2, start[1])
    model.push(MoveTokenCommand(model, aldric, [start, west]))
    model.push(MoveTokenCommand(model, aldric, [west, further]))
    assert model.encounter.declaration(aldric).moved == 2
    model.select(aldric)
    window.reset_move_action.trigger()
    assert model.encounter.combatants[aldric].position == start
    assert model.encounter.declaration(aldric).moved == 0
    window.undo_action.trigger()
    assert model.encounter.combatants[aldric].position == further


def test_theme_and_diagonal_rule_persist_and_the_rule_is_an_undo_step(qtbot):
    window, _ = open_window(qtbot)
    dark = window.findChild(QAction, "themeDarkAction")
    dark.trigger()
    circle = window.findChild(QAction, "diagonalCircleAction")
    circle.trigger()
    assert window.model.encounter.settings.diagonal == "circle"
    window.undo_action.trigger()
    assert window.model.encounter.settings.diagonal == "double"
    window.redo_action.trigger()
    window.save_to(settings_path().parent / "any.drase")
    assert window.close()
    stored = json.loads(settings_path().read_text())
    assert stored["diagonal_rule"] == "circle"
    assert stored["theme"] == "dark"

    again, _ = open_window(qtbot)
    assert again.settings.diagonal_rule == "circle"
    assert again.findChild(QAction, "themeDarkAction").isChecked()
    again.set_theme("system")  # leave the application as the other tests expect it


def test_recent_files_reopen_from_the_file_menu(qtbot, tmp_path):
    window, _ = open_window(qtbot)
    first, second = tmp_path / "first.drase", tmp_path / "second.drase"
    window.save_to(first)
    window.model.apply(lambda e: e.set_hp(combatant_id(window, "Sela"), 4))
    window.save_to(second)
    window.recent_menu.aboutToShow.emit()
    assert [a.text() for a in window.recent_menu.actions()] == ["second.drase", "first.drase"]
    next(a for a in window.recent_menu.actions() if a.text() == "first.drase").trigger()
    assert window.session.wait_for_open()
    assert window.current_path == first
    assert window.model.encounter.combatants[combatant_id(window, "Sela")].hp != 4
    assert window.model.undo_stack.count() == 0  # a file opened is a fresh start for undo


def test_a_shipped_sample_opens_as_an_untitled_copy_and_save_asks_where(qtbot, tmp_path):
    """Opening the sample from the installation and pressing Save overwrote the installed
    file; now Save asks for a place, as for a new encounter."""
    from importlib.resources import as_file, files

    window, dialogs = open_window(qtbot)
    with as_file(files("drase_desktop.sample_maps") / "sample.drase") as shipped:
        before = shipped.read_bytes()
        assert window.open_path(shipped, wait=True)
        assert window.current_path is None
        dialogs.save_path = str(tmp_path / "my-fight.drase")
        window.model.apply(lambda e: e.advance())
        assert window.save()
        assert window.current_path == tmp_path / "my-fight.drase"
        assert shipped.read_bytes() == before
