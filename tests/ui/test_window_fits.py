"""Every text the GM sees fits its widget, and the controls of the round's main loop are on
screen, on a laptop (1366 x 768) and a desktop screen (1920 x 1080): the first-run layout, a
fight started, each dock of the right column shown in turn."""

from __future__ import annotations

import pytest
from helpers.event_loop import layout_settled
from helpers.real_screens import SCREENS, first_run_window, fonts_as_on_a_real_screen  # noqa: F401
from helpers.text_fit import cell_problems, outside_view, text_problems
from helpers.window_helpers import combatant_id, dock
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGraphicsView, QToolBar, QToolButton, QWidget

from drase_desktop.ui.main_window import MainWindow

ALWAYS = ("phaseAdvanceButton", "combatantsTable", "mapView")
# On a laptop the combatants list is a tab among the round's (the attack needs the height).
AMONG_THE_TABS = {"laptop": ("combatantsTable",), "desktop": ()}
# The inspector is a tab beside the combatants (on a desktop screen) or the phase (on a
# laptop): while it is shown, the one it is beside is not.
BESIDE_THE_LIST = ("inspectorDock",)
PER_DOCK = {
    "declarationDock": (
        "declarationDeclareButton",
        "declarationDefenseButton",
        "declarationLockButton",
    ),
    "inspectorDock": (),
    "attackDock": (
        "attackTarget",
        "attackTargetNumber",
        "attackChances",
        "attackRollButton",
        "attackTableDiceButton",
        "attackResultLabel",
        "attackBonuses",
        "attackMaluses",
        "attackNonLethal",
    ),
    # The queue shows its current attack under the list: one place to resolve the round.
    "resolutionDock": (
        "resolutionNext",
        "queueAttackTarget",
        "queueAttackChances",
        "queueAttackRollButton",
        "queueAttackResultLabel",
        "queueAttackBonuses",
        "queueAttackMaluses",
        "queueAttackNonLethal",
    ),
}


# Fonts at the size Xvfb and many laptops resolve them to (helpers.real_screens).
pytestmark = pytest.mark.usefixtures("fonts_as_on_a_real_screen")


def problems_with(window: MainWindow, names: tuple[str, ...]) -> list[str]:
    problems = list(text_problems(window))
    for name in names:
        widget = window.findChild(QWidget, name)
        assert widget is not None, f"no widget named {name}"
        reason = outside_view(widget)
        if reason:
            problems.append(reason)
    return problems


def start_fight(qtbot, window: MainWindow, *, resolve: bool, in_queue: bool = True) -> None:
    """Round 1 with Mira (a shortbow in range of Bandit 1) selected and her attack declared;
    with `resolve`, in GM Resolution with her attack rolled where the queue shows it (or, with
    `in_queue` off, in the Attack dock)."""
    mira, bandit = combatant_id(window, "Mira"), combatant_id(window, "Bandit 1")
    window.model.try_apply(lambda e: e.advance())
    window.model.select(mira)
    window.model.apply(lambda e: e.declare(mira, actions=["attack"]))
    layout_settled(window)
    if not resolve:
        return
    window.model.try_apply(lambda e: e.advance())
    queue = dock(window, "resolutionDock")
    if in_queue:
        # As the GM does it: the queue shows Mira's attack under the list.
        queue.raise_()
        layout_settled(window)
        queue.select(mira, "attack")
        panel = queue.attack
    else:
        panel = dock(window, "attackDock")
        panel.raise_()
        panel.prepare(mira)
    layout_settled(window)
    panel.set_target(bandit)
    panel.weapon.setCurrentIndex(panel.weapon.findData("Shortbow"))
    layout_settled(window)
    assert not panel.preview().blocked
    assert panel.roll()
    layout_settled(window)


@pytest.mark.parametrize("screen", SCREENS)
def test_first_run_layout_shows_every_text_whole(qtbot, screen: str) -> None:
    window = first_run_window(qtbot, SCREENS[screen])
    problems = problems_with(window, always_shown(window, screen))
    assert not problems, "\n".join(problems)


def always_shown(window: MainWindow, screen: str, shown: str = "") -> tuple[str, ...]:
    """What stays on screen whichever dock is shown; on a laptop the list is a tab beside
    the round's docks."""
    tabbed = AMONG_THE_TABS[screen]
    if tabbed:
        assert window.combatants_dock in window.tabifiedDockWidgets(window.declaration_dock)
    if shown in BESIDE_THE_LIST:
        tabbed = (*tabbed, "phaseAdvanceButton" if tabbed else "combatantsTable")
    return tuple(name for name in ALWAYS if name not in tabbed)


@pytest.mark.parametrize("screen", SCREENS)
@pytest.mark.parametrize("shown", PER_DOCK)
def test_in_a_fight_each_dock_shows_every_text_and_its_controls(
    qtbot, screen: str, shown: str
) -> None:
    window = first_run_window(qtbot, SCREENS[screen])
    start_fight(
        qtbot,
        window,
        resolve=shown in ("attackDock", "resolutionDock"),
        in_queue=shown != "attackDock",
    )
    dock(window, shown).raise_()
    layout_settled(window)
    problems = problems_with(window, always_shown(window, screen, shown) + PER_DOCK[shown])
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("screen", SCREENS)
def test_the_map_gets_the_most_room_and_the_toolbar_never_overflows(qtbot, screen: str) -> None:
    window = first_run_window(qtbot, SCREENS[screen])
    start_fight(qtbot, window, resolve=True)
    view = window.findChild(QGraphicsView, "mapView")
    for name in ("phaseDock", "declarationDock", "logDock"):
        assert view.width() > dock(window, name).width(), name
    for toolbar in window.findChildren(QToolBar):
        if toolbar.isVisible():
            overflow = toolbar.findChild(QToolButton, "qt_toolbar_ext_button")
            assert overflow is None or not overflow.isVisible(), toolbar.objectName()


def test_the_attack_working_rewraps_when_its_column_narrows(qtbot) -> None:
    """Terms were measured at the width the table had when filled; shown in the narrow
    dock they were cut ("half cover from the map at")."""
    window = first_run_window(qtbot, SCREENS["laptop"])
    start_fight(qtbot, window, resolve=True, in_queue=False)
    panel = dock(window, "attackDock")
    panel.raise_()
    layout_settled(window)
    narrow = panel.width()
    window.resizeDocks([panel], [narrow + 300], Qt.Orientation.Horizontal)
    layout_settled(window)
    panel._update_preview()  # filled while the column is wide
    window.resizeDocks([panel], [narrow], Qt.Orientation.Horizontal)
    layout_settled(window)
    assert panel.width() <= narrow + 2
    qtbot.waitUntil(lambda: cell_problems(panel.working) == [], timeout=3000)


def test_four_round_marks_stay_on_one_line_on_a_laptop(qtbot) -> None:
    """Must act, declared, acted and locked: the Round column holds the four signs on one
    line (they wrapped to two at 1366 x 768), and its heading's tooltip says what each means."""
    from PySide6.QtGui import QFontMetrics
    from PySide6.QtWidgets import QStyle

    from drase_desktop.ui.docks.combatant_table import ROUND

    window = first_run_window(qtbot, SCREENS["laptop"])
    aldric = combatant_id(window, "Aldric")
    window.model.try_apply(lambda e: e.advance())
    window.model.apply(lambda e: e.declare(aldric, movement=2, actions=["attack"]))
    x, y = window.model.encounter.combatants[aldric].position
    moved = next(
        tile
        for tile in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1))
        if window.model.try_apply(lambda e, tile=tile: e.move(aldric, [(x, y), tile]))
    )
    assert moved
    window.model.apply(lambda e: e.roll_defense(aldric))
    layout_settled(window)
    table = dock(window, "combatantsDock").table
    cell = table.model().index(table.model().row_of(aldric), ROUND)
    signs = str(cell.data())
    assert len(signs.split("\u200a")) == 4, signs
    padding = table.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, table) + 1
    room = table.visualRect(cell).width() - 2 * padding
    needed = QFontMetrics(cell.data(Qt.ItemDataRole.FontRole) or table.font()).horizontalAdvance(
        signs
    )
    assert needed <= room, f"{signs!r} needs {needed} px on one line, has {room}"
    assert not cell_problems(table)
    legend = table.model().headerData(ROUND, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole)
    for words in ("acts in this phase", "declared", "locked", "surprised", "incapacitated"):
        assert words in legend


def test_defense_rolls_keep_every_column_of_the_list_in_view_on_a_laptop(qtbot) -> None:
    """A defense roll widens AC ('16+5'): the Statuses column stayed 9 px beyond the list."""
    import random

    window = first_run_window(qtbot, SCREENS["laptop"])
    window.model.try_apply(lambda e: e.advance())
    for name in ("Aldric", "Mira", "Sela"):
        cid = combatant_id(window, name)
        window.model.apply(lambda e, cid=cid: e.declare(cid, actions=["attack"]))
        window.model.apply(lambda e, cid=cid: e.roll_defense(cid, bonuses=2, rng=random.Random(3)))
    layout_settled(window)
    list_dock = dock(window, "combatantsDock")
    list_dock.raise_()  # a tab among the round's on a laptop: the GM looks at it
    layout_settled(window)
    table = list_dock.table
    assert "+" in table.model().index(0, 3).data()  # AC with its roll
    assert not problems_with(window, ALWAYS)


@pytest.mark.parametrize("shown", ["declarationDock", "attackDock"])
def test_a_chosen_target_or_weapon_is_cut_short_with_its_whole_text_a_hover_away(
    qtbot, shown: str
) -> None:
    """On a laptop the declaration's Target read "Bandit 1 (the GM'" and the attack's weapon
    "Longsword (1d8 cut, m": clipped mid-letter. A name fits its box whole; a longer text ends
    in "…" inside the box, whole in its tooltip."""
    from PySide6.QtGui import QFontMetrics
    from PySide6.QtWidgets import QStyle, QStyleOptionComboBox

    from drase_desktop.ui.widgets.eliding_combo import ElidingComboBox

    window = first_run_window(qtbot, SCREENS["laptop"])
    start_fight(qtbot, window, resolve=shown == "attackDock", in_queue=False)
    panel = dock(window, shown)
    panel.raise_()
    declaration = window.declaration_dock
    declaration.target.setCurrentIndex(declaration.target.findText("Bandit Captain"))
    layout_settled(window)
    combos = [c for c in panel.findChildren(ElidingComboBox) if c.isVisible() and c.currentText()]
    assert combos
    for combo in combos:
        option = QStyleOptionComboBox()
        combo.initStyleOption(option)
        field = combo.style().subControlRect(
            QStyle.ComplexControl.CC_ComboBox, option, QStyle.SubControl.SC_ComboBoxEditField, combo
        )
        shown_text = combo.shown_text()
        assert QFontMetrics(combo.font()).horizontalAdvance(shown_text) <= field.width()
        whole = combo.currentText()
        assert shown_text == whole or shown_text.endswith("\u2026"), combo.objectName()
        assert whole in combo.toolTip()
    if shown == "declarationDock":
        assert declaration.target.shown_text() == "Bandit Captain"
        assert "the GM's side" in declaration.target.toolTip()
    else:
        assert any(c.shown_text() != c.currentText() for c in combos)  # the weapon's words


@pytest.mark.parametrize("screen", SCREENS)
def test_the_round_dock_never_scrolls_and_shows_its_details_when_asked(qtbot, screen: str) -> None:
    """The rules, the phase's help and who acts made the Round dock scroll at both sizes: they
    show when the GM asks for them, and the dock shows its round, phase and Advance whole in
    every phase of a round."""
    from PySide6.QtWidgets import QScrollArea, QToolButton

    window = first_run_window(qtbot, SCREENS[screen])
    phase = dock(window, "phaseDock")
    scroller = phase.widget()
    assert isinstance(scroller, QScrollArea)
    model = window.model
    for _step in range(len(model.encounter.phases) + 1):
        layout_settled(window)
        content = scroller.widget()
        assert content.height() <= scroller.viewport().height(), model.encounter.phase.title
        assert not scroller.verticalScrollBar().isVisible(), model.encounter.phase.title
        assert not outside_view(phase.advance_button)
        model.try_apply(lambda e: e.advance())
    description = window.findChild(QWidget, "phaseDescription")
    assert not description.isVisible()
    window.findChild(QToolButton, "phaseDetailsButton").click()
    layout_settled(window)
    assert description.isVisible() and description.text()


def test_on_a_desktop_screen_the_list_shows_every_combatant_of_the_sample(qtbot) -> None:
    """At 1920 x 1080 the list showed 5 of the sample's 9 rows: every row is in view whole."""
    window = first_run_window(qtbot, SCREENS["desktop"])
    table = dock(window, "combatantsDock").table
    viewport = table.viewport().rect()
    rows = table.model().rowCount()
    assert rows == 9
    for row in range(rows):
        rect = table.visualRect(table.model().index(row, 0))
        assert viewport.contains(rect), f"row {row} is out of view"
    assert not table.verticalScrollBar().isVisible()


# What a player declares each round, down to the notes.
DECLARATION_FORM = (
    "declarationMovement",
    "declarationHalf1",
    "declarationHalf2",
    "declarationTarget",
    "declarationFree",
    "declarationNotes",
)


@pytest.mark.parametrize("screen", SCREENS)
def test_a_declaration_is_made_without_scrolling_the_form(qtbot, screen: str) -> None:
    """With Mira selected in the Player Phase the form shows down to Notes, no scroll bar
    beside it (on a laptop Notes showed 13 of its 29 px)."""
    from PySide6.QtWidgets import QScrollArea

    window = first_run_window(qtbot, SCREENS[screen])
    start_fight(qtbot, window, resolve=False)
    declaration = dock(window, "declarationDock")
    declaration.raise_()
    layout_settled(window)
    boxes = tuple(box.objectName() for box in declaration.free_boxes)
    assert len(boxes) == 3
    problems = problems_with(window, DECLARATION_FORM + boxes)
    assert not problems, "\n".join(problems)
    assert not declaration.findChild(QScrollArea).verticalScrollBar().isVisible()
