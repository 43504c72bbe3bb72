"""Displacement stacking: list the pushes that landed on one creature this round; only the
strongest degree takes effect (then the highest roll, then the last rolled), and the token is
pushed along its direction as one undo step."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLineEdit,
    QTableWidget,
    QVBoxLayout,
    QWidget,
)

from drase_desktop.encounter.displacement import DisplacementHit, apply_displacements
from drase_desktop.rules import displacement
from drase_desktop.ui.encounter_model import EncounterModel
from drase_desktop.ui.fight.fight_dialog import GOOD, FightDialog
from drase_desktop.ui.widgets.widget_builders import on_change

COMPASS = {
    "north": (0, -1),
    "north-east": (1, -1),
    "east": (1, 0),
    "south-east": (1, 1),
    "south": (0, 1),
    "south-west": (-1, 1),
    "west": (-1, 0),
    "north-west": (-1, -1),
}
COLUMNS = ("Source", "Tiles", "Direction", "Attack roll")


class DisplacementDialog(FightDialog):
    def __init__(self, model: EncounterModel, parent: QWidget | None = None) -> None:
        super().__init__(model, "Displacement", "displacementDialog", parent)
        self.target = self.combatant_combo("displacementTarget")
        self.hits = QTableWidget(0, len(COLUMNS))
        self.hits.setObjectName("displacementHits")
        self.hits.setHorizontalHeaderLabels(list(COLUMNS))
        header = self.hits.horizontalHeader()
        for column, mode in enumerate(
            (
                QHeaderView.ResizeMode.Stretch,
                QHeaderView.ResizeMode.ResizeToContents,
                QHeaderView.ResizeMode.Stretch,
                QHeaderView.ResizeMode.ResizeToContents,
            )
        ):
            header.setSectionResizeMode(column, mode)
        self.setMinimumWidth(680)
        self.hits.setMinimumHeight(160)
        self.add_button = self.button("Add a displacement", "displacementAdd", self.add_hit)
        self.remove_button = self.button("Remove", "displacementRemove", self.remove_hit)
        self.apply_button = self.button("Push", "displacementApply", self.apply)
        form = QFormLayout()
        form.addRow("Who is pushed", self.target)
        rows = QHBoxLayout()
        rows.addWidget(self.add_button)
        rows.addWidget(self.remove_button)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.hits)
        layout.addLayout(rows)
        layout.addWidget(self.preview)
        layout.addWidget(self.apply_button)
        layout.addWidget(self.result_label)
        self.target.currentIndexChanged.connect(self.update_preview)
        self.update_preview()

    def _directions(self) -> list[tuple[str, tuple[int, int] | str]]:
        entries: list[tuple[str, tuple[int, int] | str]] = []
        target_id = self.target.currentData()
        for other in self.encounter.combatants.values():
            if other.id != target_id and other.position is not None:
                entries.append((f"away from {other.name}", other.id))
        entries += list(COMPASS.items())
        return entries

    def add_hit(
        self, source: str = "", degree: int = 1, direction: str = "", roll: int = 10
    ) -> int:
        """Add a row (a displacement that hit); `direction` is a compass word or the id of the
        creature it pushes away from. Returns the row."""
        row = self.hits.rowCount()
        self.hits.insertRow(row)
        name = QLineEdit(source)
        name.setPlaceholderText("e.g. Aldric's shove")
        tiles = self.spin(f"displacementTiles{row}", 0, 50, degree)
        towards = QComboBox()
        for text, value in self._directions():
            towards.addItem(text, value)
        if direction:
            towards.setCurrentIndex(max(0, towards.findData(COMPASS.get(direction, direction))))
        rolled = self.spin(f"displacementRoll{row}", -20, 80, roll)
        for column, widget in enumerate((name, tiles, towards, rolled)):
            self.hits.setCellWidget(row, column, widget)
        on_change(self.update_preview, tiles, rolled, towards, name)
        self.update_preview()
        return row

    def remove_hit(self) -> None:
        row = self.hits.currentRow()
        self.hits.removeRow(row if row >= 0 else self.hits.rowCount() - 1)
        self.update_preview()

    def entries(self) -> list[DisplacementHit]:
        target = self.encounter.combatants.get(self.target.currentData())
        found: list[DisplacementHit] = []
        for row in range(self.hits.rowCount()):
            name: Any = self.hits.cellWidget(row, 0)
            towards: Any = self.hits.cellWidget(row, 2)
            value = towards.currentData()
            if isinstance(value, str):
                pusher = self.encounter.combatants[value]
                if target is None or target.position is None or pusher.position is None:
                    continue
                vector = displacement.away_from(pusher.position, target.position)
            else:
                vector = tuple(value)
            found.append(
                DisplacementHit(
                    self.hits.cellWidget(row, 1).value(),  # type: ignore[attr-defined]
                    vector,
                    self.hits.cellWidget(row, 3).value(),  # type: ignore[attr-defined]
                    name.text().strip() or f"displacement {row + 1}",
                )
            )
        return found

    def update_preview(self, *_args: Any) -> None:
        hits = self.entries()
        self.apply_button.setEnabled(bool(hits))
        if not hits:
            self.preview.setText("Add each displacement that hit this creature this round.")
            return
        resolution = displacement.resolve(
            [
                displacement.Displacement(h.degree, h.vector, h.roll, i, h.source)
                for i, h in enumerate(hits)
            ]
        )
        winner = resolution.winner
        self.preview.setText(
            f"Takes effect: {winner.source}, {winner.degree} tile(s) ({resolution.reason})"
        )

    def apply(self) -> Any:
        target_id = self.target.currentData()
        hits = self.entries()
        end = self.run(lambda e: apply_displacements(e, target_id, hits))
        if end is not None:
            name = self.encounter.combatants[target_id].name
            self.show_result(f"{name} ends at {end}", GOOD)
        return end
