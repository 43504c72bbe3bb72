"""The layers hold: the headless core (rules, board, encounter, storage) imports no Qt, and the
import contracts in pyproject.toml (run by import-linter) pass and can fail."""

import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

CORE_PACKAGES = ("rules", "board", "encounter", "storage", "table_link")


@pytest.mark.subprocess
def test_core_packages_import_no_qt():
    script = textwrap.dedent(
        f"""
        import importlib, pkgutil, sys

        class BlockQt:
            def find_spec(self, name, path=None, target=None):
                if name.split(".")[0] in ("PySide6", "shiboken6", "PyQt5", "PyQt6"):
                    raise ImportError("Qt imported by the headless core: " + name)

        sys.meta_path.insert(0, BlockQt())
        failures = []
        for sub in {CORE_PACKAGES!r}:
            package = importlib.import_module("drase_desktop." + sub)
            for module in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
                try:
                    importlib.import_module(module.name)
                except ImportError as error:
                    failures.append(f"{{module.name}}: {{error}}")
        print("\\n".join(failures))
        """
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "", result.stdout


def test_every_subpackage_is_listed_for_installation():
    import tomllib
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    listed = set(
        tomllib.loads((root / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"]
    )
    on_disk = {
        "drase_desktop." + ".".join(p.parent.relative_to(root / "drase_desktop").parts)
        for p in (root / "drase_desktop").rglob("__init__.py")
        if p.parent != root / "drase_desktop"
    }
    assert on_disk <= listed, (
        f"add to pyproject.toml [tool.setuptools] packages: {on_disk - listed}"
    )


def lint_imports(root: Path) -> subprocess.CompletedProcess[str]:
    """import-linter over the drase_desktop package found in `root`, with the contracts of this
    checkout's pyproject.toml."""
    return subprocess.run(
        [
            str(Path(sys.executable).with_name("lint-imports")),
            str(ROOT / "pyproject.toml"),
            "--no-cache",
        ],
        cwd=root,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(root)},
        capture_output=True,
        text=True,
    )


@pytest.mark.tooling
def test_import_contracts_hold():
    result = lint_imports(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "5 kept, 0 broken" in result.stdout


def lint_imports_added(tmp_path: Path, added: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """import-linter over a copy of the package in `tmp_path` in which each file named (below
    drase_desktop/) ends with an import of the module it is given."""
    shutil.copytree(
        ROOT / "drase_desktop",
        tmp_path / "drase_desktop",
        ignore=shutil.ignore_patterns("__pycache__"),
    )
    for name, module in added.items():
        changed = tmp_path / "drase_desktop" / name
        changed.write_text(changed.read_text() + f"\nimport {module}\n")
    return lint_imports(tmp_path)


@pytest.mark.tooling
def test_import_contracts_catch_an_upward_import_and_qt_in_the_core(tmp_path):
    result = lint_imports_added(
        tmp_path,
        {"board/distance.py": "drase_desktop.storage.settings", "rules/dice.py": "PySide6.QtCore"},
    )
    assert result.returncode != 0
    assert "drase_desktop.board is not allowed to import drase_desktop.storage" in result.stdout
    assert "drase_desktop.rules.dice -> PySide6 " in result.stdout
    assert "3 kept, 2 broken" in result.stdout


@pytest.mark.tooling
def test_import_contracts_catch_a_room_of_the_window_reaching_above_itself(tmp_path):
    """The rooms inside ui/: a widget that imports the map, and the map importing the editor,
    each break a contract."""
    result = lint_imports_added(
        tmp_path,
        {
            "ui/widgets/theme.py": "drase_desktop.ui.map.grid_geometry",
            "ui/map/grid_layer.py": "drase_desktop.ui.editor.palette",
        },
    )
    assert result.returncode != 0
    assert "drase_desktop.ui.widgets.theme -> drase_desktop.ui.map.grid_geometry" in result.stdout
    assert "drase_desktop.ui.map.grid_layer -> drase_desktop.ui.editor.palette" in result.stdout
    assert "2 kept, 3 broken" in result.stdout
