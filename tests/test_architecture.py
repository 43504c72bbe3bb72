"""The headless core (rules, board, encounter, storage) must not import Qt."""

import subprocess
import sys
import textwrap

CORE_PACKAGES = ("rules", "board", "encounter", "storage")


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
