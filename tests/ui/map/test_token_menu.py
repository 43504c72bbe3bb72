"""A right click on a token opens its menu: damage, heal, set HP, statuses, hide or show, centre,
attacker or target, remove; each entry one undo step. The hover line leaves with the mouse."""

from __future__ import annotations

import pytest
from helpers.event_loop import layout_settled
from helpers.fight_helpers import fight_window, token_point
from helpers.fight_scenes import ford_fight
from PySide6.QtCore import QEvent, QPoint, QRectF
from PySide6.QtGui import QContextMenuEvent, QFontMetricsF
from PySide6.QtWidgets import QApplication, QMenu

from drase_desktop.ui.map.token_menu import TokenMenu


def right_click(qtbot, window, combatant_id: str) -> TokenMenu:
    view = window.map_view
    view.centre_on_token(combatant_id)
    where = token_point(window, combatant_id)
    event = QContextMenuEvent(
        QContextMenuEvent.Reason.Mouse, where, view.viewport().mapToGlobal(where)
    )
    QApplication.sendEvent(view.viewport(), event)
    menu = window.findChild(QMenu, "tokenMenu")
    assert menu is not None, "no menu opened"
    qtbot.waitUntil(menu.isVisible)
    return menu


def selected_and_centred(qtbot, selected: str, centred: str):
    """The ford fight's window with `selected` chosen and the map centred on `centred`'s token:
    the window, its map view and scene."""
    window = fight_window(qtbot, ford_fight())
    view = window.map_view
    window.model.select(selected)
    view.centre_on_token(centred)
    return window, view, view.map_scene


def entry(menu: QMenu, name: str):
    for action in menu.findChildren(type(menu.menuAction())):
        if action.objectName() == name:
            return action
    raise AssertionError(f"no entry {name}")


# An offscreen popup menu cannot grab the keyboard; a real screen can.
@pytest.mark.qt_log_ignore("^This plugin does not support grabbing the keyboard$")
def test_right_clicking_a_token_opens_its_menu_and_damage_is_one_undo_step(qtbot) -> None:
    window = fight_window(qtbot, ford_fight())
    menu = right_click(qtbot, window, "orc")
    assert menu.combatant_id == "orc"
    names = {a.objectName() for a in menu.actions() if a.objectName()}
    assert {
        "tokenDamageAction",
        "tokenHealAction",
        "tokenSetHpAction",
        "tokenHideAction",
        "tokenCentreAction",
        "tokenAttackerAction",
        "tokenTargetAction",
        "tokenEditCreatureAction",
        "tokenSaveToLibraryAction",
        "tokenRemoveAction",
    } <= names
    menu.ask_damage = lambda: (5, "cut")  # type: ignore[method-assign]
    orc = window.model.encounter.combatants["orc"]
    before, steps = orc.hp, window.model.undo_stack.count()
    entry(menu, "tokenDamageAction").trigger()
    assert window.model.encounter.combatants["orc"].hp == before - 5
    assert window.model.undo_stack.count() == steps + 1
    menu.close()


def test_the_menu_edits_the_creature_and_saves_it_to_the_library(qtbot, monkeypatch) -> None:
    """The Creatures menu's Edit creature and Save to library, on the token right-clicked
    (whatever was selected before)."""
    from drase_desktop.storage.creature_library import user_library_path
    from drase_desktop.ui.docks.creature_sheet import CreatureSheet

    window = fight_window(qtbot, ford_fight())
    window.model.select("aldric")
    opened: list[CreatureSheet] = []
    monkeypatch.setattr(CreatureSheet, "exec", lambda sheet: opened.append(sheet) or 0)
    entry(window.token_menu("orc"), "tokenEditCreatureAction").trigger()
    assert [sheet.original.id for sheet in opened] == ["orc"]
    orc = window.model.encounter.combatants["orc"]
    entry(window.token_menu("orc"), "tokenSaveToLibraryAction").trigger()
    assert window.model.selected_id == "orc"
    assert f"{orc.name} saved to the library" in window.statusBar().currentMessage()
    assert orc.name in user_library_path().read_text(encoding="utf-8")


def test_heal_set_hp_statuses_and_hiding_from_the_menu(qtbot) -> None:
    window = fight_window(qtbot, ford_fight())
    e = window.model.encounter
    menu = window.token_menu("aldric")
    menu.ask_number = lambda *_args: 12  # type: ignore[method-assign]
    entry(menu, "tokenSetHpAction").trigger()
    assert e.combatants["aldric"].hp == 12
    menu.ask_number = lambda *_args: 3  # type: ignore[method-assign]
    entry(menu, "tokenHealAction").trigger()
    assert e.combatants["aldric"].hp == 15
    menu.add_status("prone")
    assert e.combatants["aldric"].has_status("prone")
    again = window.token_menu("aldric")
    removing = again.findChild(QMenu, "tokenRemoveStatusMenu")
    assert removing.isEnabled() and [a.text() for a in removing.actions()] == ["prone"]
    removing.actions()[0].trigger()
    assert not e.combatants["aldric"].has_status("prone")
    entry(again, "tokenHideAction").trigger()
    assert e.combatants["aldric"].hidden
    assert any(a.objectName() == "tokenRevealAction" for a in window.token_menu("aldric").actions())


def test_make_attacker_and_target_set_up_the_attack_panel(qtbot) -> None:
    window = fight_window(qtbot, ford_fight())
    panel = window.fight_tools.attack_panel
    window.token_menu("mira").make_attacker()
    window.token_menu("orc").make_target()
    assert (panel.attacker_id(), panel.target_id()) == ("mira", "orc")
    assert window.model.selected_id == "mira"


def test_remove_asks_first_and_undo_brings_the_creature_back(qtbot) -> None:
    window = fight_window(qtbot, ford_fight())
    menu = window.token_menu("wolf")
    menu.confirm = lambda _question: False  # type: ignore[method-assign]
    menu.remove()
    assert "wolf" in window.model.encounter.combatants
    menu.confirm = lambda _question: True  # type: ignore[method-assign]
    menu.remove()
    assert "wolf" not in window.model.encounter.combatants
    window.undo_action.trigger()
    assert "wolf" in window.model.encounter.combatants


def test_the_hover_line_and_its_label_leave_with_the_mouse(qtbot) -> None:
    window, view, scene = selected_and_centred(qtbot, "mira", "orc")
    qtbot.mouseMove(view.viewport(), token_point(window, "orc"))
    qtbot.waitUntil(lambda: scene.info_label.isVisible())
    QApplication.sendEvent(view, QEvent(QEvent.Type.Leave))
    assert not scene.info_label.isVisible() and not scene.ruler.isVisible()
    qtbot.mouseMove(view.viewport(), QPoint(2, 2))


def test_tokens_carry_the_same_round_marks_as_the_combatants_list(qtbot) -> None:
    window = fight_window(qtbot, ford_fight())
    tokens = window.map_view.map_scene.token_items
    assert tokens["mira"].mark_signs == ""
    window.advance_action.trigger()  # round 1, Player Phase: the players must act
    assert tokens["mira"].mark_signs == "▶" and tokens["orc"].mark_signs == ""
    window.model.apply(lambda e: e.declare("mira", actions=["attack"]))
    assert tokens["mira"].mark_signs == "▶\u200aD"
    assert "has declared this round" in tokens["mira"].toolTip()
    table = window.combatants_dock.table.model()
    from drase_desktop.ui.docks.combatant_table import ROUND

    assert table.index(table.row_of("mira"), ROUND).data() == tokens["mira"].mark_signs


def test_the_selected_token_shows_its_whole_name(qtbot) -> None:
    """A disc has room for "Ald" or initials: the selection shows the name in full."""
    encounter = ford_fight()
    encounter.combatants["orc"].name = "Orc Chieftain Grask"
    window = fight_window(qtbot, encounter)
    scene = window.map_view.map_scene
    window.model.select("orc")
    assert scene.name_label.isVisible() and scene.name_label.text == "Orc Chieftain Grask"
    assert "Orc Chieftain Grask" in scene.token_items["orc"].toolTip()  # and on hover
    window.model.select(None)
    assert not scene.name_label.isVisible()


def test_the_name_hides_while_its_token_is_dragged_and_returns_under_it(qtbot) -> None:
    from helpers.fight_helpers import token_point as point
    from PySide6.QtCore import Qt

    window, view, scene = selected_and_centred(qtbot, "aldric", "aldric")
    start = point(window, "aldric")
    tile = view.map_scene.geometry.tile_size * view.transform().m11()
    qtbot.mousePress(view.viewport(), Qt.MouseButton.LeftButton, pos=start)
    qtbot.mouseMove(view.viewport(), start + QPoint(int(tile), 0))
    qtbot.mouseMove(view.viewport(), start + QPoint(int(tile), 1))
    assert not scene.name_label.isVisible()
    qtbot.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, pos=start + QPoint(int(tile), 1))
    assert scene.name_label.isVisible()


def _on_screen(view, item) -> QRectF:
    """Where a scene item is drawn in the view's viewport (a label ignores the zoom)."""
    return item.deviceTransform(view.viewportTransform()).mapRect(item.boundingRect())


def test_the_selected_name_is_small_and_just_under_its_token(qtbot) -> None:
    """The name is written in the window's small letters, centred under the disc, so that it
    covers no neighbouring token (it was a big box beside it, over the next tiles)."""
    from drase_desktop.ui.map.map_label import COMPACT_FONT_PIXELS

    window = fight_window(qtbot, ford_fight())
    view = window.map_view
    view.fit_to_window()
    scene = view.map_scene
    window.model.select("aldric")
    label, token = scene.name_label, scene.token_items["aldric"]
    assert label.isVisible() and label.shown_text == "Aldric"
    assert label.font_pixels == COMPACT_FONT_PIXELS < scene.drag_label.font_pixels
    box, disc = _on_screen(view, label), _on_screen(view, token)
    assert abs(box.center().x() - disc.center().x()) <= 1.5
    assert disc.bottom() - 1 <= box.top() <= disc.bottom() + 6
    tile = scene.geometry.tile_size * view.transform().m11()
    assert box.height() <= tile * 1.5, (box, tile)  # one short line, not a second token


def test_a_long_selected_name_is_elided_only_where_the_view_ends(qtbot) -> None:
    encounter = ford_fight()
    long_name = "Orc Chieftain Grask the Unbroken, Warlord of the Seven Fords and the Marsh"
    encounter.combatants["orc"].name = long_name
    window = fight_window(qtbot, encounter)
    window.resize(720, 700)  # a small window: the map view is narrower than the name
    layout_settled(window)
    view = window.map_view
    view.fit_to_window()
    scene = view.map_scene
    window.model.select("orc")
    label = scene.name_label
    box, viewport = _on_screen(view, label), view.viewport().rect()
    assert box.left() >= 0 and box.right() <= viewport.width(), (box, viewport)
    assert label.shown_text.endswith("…") and label.text == long_name
    assert long_name in scene.token_items["orc"].toolTip()  # whole on hover
    encounter.combatants["aldric"].name = "Aldric"
    window.model.select("aldric")
    assert label.shown_text == "Aldric"  # a name that fits is never cut


def test_a_tokens_marks_plate_lies_inside_what_its_marks_paint(qtbot) -> None:
    """Four marks are wider than a tile in the marks' letters: they are written smaller, so the
    plate keeps to the token's tile (the next token's is not covered), and the plate is not cut
    at the edge of the area repainted for it."""
    window = fight_window(qtbot, ford_fight())
    item = window.map_view.map_scene.token_items["mira"]
    item.set_marks("\u200a".join("▶D✓L"), "all four")
    plate, font = item._marks_plate()
    assert item.marks.boundingRect().contains(plate)
    tile = window.map_view.map_scene.geometry.length(1)
    assert 0 <= plate.left() and plate.right() <= tile
    assert QFontMetricsF(font).horizontalAdvance(item.mark_signs) <= plate.width()
