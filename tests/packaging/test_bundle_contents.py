"""What the PyInstaller spec puts in the bundle, checked without running PyInstaller."""

from __future__ import annotations

import configparser
import re
import struct
import sys
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest
from packaging_modules import PACKAGING, ROOT, load

bundle_contents = load("bundle_contents")
file_types = load("file_types")


def _files_under(folder: Path) -> list[Path]:
    return [
        path
        for path in folder.rglob("*")
        if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc"
    ]


@pytest.mark.parametrize(
    ("folder", "package"),
    [("resources", "drase_desktop.resources"), ("maps", "drase_desktop.sample_maps")],
)
def test_every_resource_and_sample_map_file_is_collected(folder: str, package: str) -> None:
    datas = set(bundle_contents.data_files(ROOT))
    modules = set(bundle_contents.hidden_imports(ROOT))
    bundle_folder = package.replace(".", "/")
    files = _files_under(ROOT / folder)
    assert files, f"{folder}/ is empty"
    for path in files:
        relative = path.relative_to(ROOT / folder)
        if path.suffix == ".py":
            module = ".".join([package, *relative.with_suffix("").parts])
            assert module.removesuffix(".__init__") in modules, path
        else:
            destination = "/".join([bundle_folder, *relative.parent.parts])
            assert (str(path), destination) in datas, f"{path} is not in the bundle"


def test_every_module_of_the_package_is_a_hidden_import() -> None:
    modules = set(bundle_contents.hidden_imports(ROOT))
    for path in _files_under(ROOT / "drase_desktop"):
        if path.suffix == ".py":
            parts = path.relative_to(ROOT).with_suffix("").parts
            name = ".".join(parts).removesuffix(".__init__")
            assert name in modules, path
    # Imported lazily by __main__, so PyInstaller would not see them on its own.
    assert {"drase_desktop.app", "drase_desktop.__main__"} <= modules


def test_icons_ship_inside_the_package() -> None:
    destinations = {
        (Path(source).name, folder) for source, folder in bundle_contents.data_files(ROOT)
    }
    assert ("drase-desktop.svg", "drase_desktop/resources/icons") in destinations


def test_staging_lays_the_package_out_as_installed(tmp_path: Path) -> None:
    stage = bundle_contents.stage_package(ROOT, tmp_path / "stage")
    assert (stage / "drase_desktop" / "__main__.py").is_file()
    assert (stage / "drase_desktop" / "resources" / "__init__.py").is_file()
    assert (stage / "drase_desktop" / "sample_maps" / "__init__.py").is_file()
    assert (stage / "drase_desktop" / "resources" / "icons" / "drase-desktop.svg").is_file()
    assert not list(stage.rglob("__pycache__"))


def test_a_new_qt_module_in_the_source_is_kept(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text("[tool.setuptools]\npackages = []\n")
    package = tmp_path / "drase_desktop"
    package.mkdir()
    (package / "__init__.py").write_text('__version__ = "9.8.7"\n')
    (package / "view.py").write_text(
        "from PySide6 import QtSvg, QtWidgets\nfrom PySide6.QtPrintSupport import QPrinter\n"
    )
    assert bundle_contents.used_qt_modules(tmp_path) == {
        "QtCore",
        "QtGui",
        "QtWidgets",
        "QtSvg",
        "QtPrintSupport",
    }
    excluded = bundle_contents.excluded_modules(tmp_path)
    assert "PySide6.QtNetwork" in excluded and "PySide6.QtWebEngineCore" in excluded
    assert "PySide6.QtSvg" not in excluded and "PySide6.QtPrintSupport" not in excluded
    assert bundle_contents.version(tmp_path) == "9.8.7"


def test_the_app_itself_excludes_networking_and_tls() -> None:
    excluded = set(bundle_contents.excluded_modules(ROOT))
    assert {"PySide6.QtNetwork", "PySide6.QtQml", "PySide6.QtQuick", "ssl"} <= excluded
    assert not {"PySide6.QtCore", "PySide6.QtGui", "PySide6.QtWidgets"} & excluded


@pytest.mark.parametrize(
    ("destination", "kept"),
    [
        ("PySide6/Qt/plugins/platforms/libqxcb.so", True),
        ("PySide6/Qt/plugins/platforms/libqoffscreen.so", True),
        ("PySide6/Qt/plugins/platforms/libqwayland.so", False),
        ("PySide6/Qt/plugins/platforms/libqeglfs.so", False),
        ("PySide6/Qt/plugins/platformthemes/libqgtk3.so", False),
        ("PySide6/Qt/plugins/networkinformation/libqnetworkmanager.so", False),
        ("PySide6/Qt/plugins/tls/libqopensslbackend.so", False),
        ("PySide6/Qt/plugins/imageformats/libqjpeg.so", True),
        ("PySide6/Qt/plugins/imageformats/libqpdf.so", False),
        ("PySide6/Qt/translations/qtbase_de.qm", False),
        ("PySide6/Qt/lib/libQt6Widgets.so.6", True),
        # The Windows wheel's layout.
        ("PySide6\\plugins\\platforms\\qwindows.dll", True),
        ("PySide6\\plugins\\styles\\qmodernwindowsstyle.dll", True),
        ("PySide6\\plugins\\tls\\qschannelbackend.dll", False),
        ("PySide6\\translations\\qtbase_fr.qm", False),
        # macOS.
        ("PySide6/Qt/plugins/platforms/libqcocoa.dylib", True),
        ("drase_desktop/resources/damage_types.json", True),
    ],
)
def test_qt_trimming(destination: str, kept: bool) -> None:
    assert bundle_contents.keep_qt_file(destination) is kept


def test_a_plugin_folder_follows_the_module_that_needs_it() -> None:
    printing = "PySide6/Qt/plugins/printsupport/libcupsprintersupport.so"
    assert not bundle_contents.keep_qt_file(printing, {"QtCore", "QtGui", "QtWidgets"})
    assert bundle_contents.keep_qt_file(printing, {"QtWidgets", "QtPrintSupport"})
    network = "PySide6/Qt/plugins/tls/libqopensslbackend.so"
    assert not bundle_contents.keep_qt_file(network, {"QtWidgets", "QtPrintSupport"})


def test_pruning_follows_links_from_extensions_and_plugins_only() -> None:
    binaries = [
        ("PySide6/QtCore.abi3.so", "/src/QtCore.abi3.so", "EXTENSION"),
        ("PySide6/Qt/lib/libQt6Core.so.6", "/src/libQt6Core.so.6", "BINARY"),
        ("PySide6/Qt/plugins/platforms/libqxcb.so", "/src/libqxcb.so", "BINARY"),
        ("PySide6/Qt/lib/libQt6XcbQpa.so.6", "/src/libQt6XcbQpa.so.6", "BINARY"),
        # Needed only by a plugin that trimming dropped:
        ("PySide6/Qt/lib/libQt6Network.so.6", "/src/libQt6Network.so.6", "BINARY"),
        ("libgssapi_krb5.so.2", "/usr/lib/libgssapi_krb5.so.2", "BINARY"),
        # A desktop library, and one that only it needs:
        ("libdbus-1.so.3", "/usr/lib/libdbus-1.so.3", "BINARY"),
        ("libsystemd.so.0", "/usr/lib/libsystemd.so.0", "BINARY"),
        ("libpython3.11.so.1.0", "/usr/lib/libpython3.11.so.1.0", "BINARY"),
        ("libz.so.1", "/usr/lib/libz.so.1", "BINARY"),
    ]
    links = {
        "/src/QtCore.abi3.so": ["libQt6Core.so.6", "libc.so.6"],
        "/src/libqxcb.so": ["libQt6XcbQpa.so.6", "libdbus-1.so.3"],
        "/src/libQt6XcbQpa.so.6": ["libQt6Core.so.6"],
        "/src/libQt6Network.so.6": ["libgssapi_krb5.so.2"],
        "/usr/lib/libdbus-1.so.3": ["libsystemd.so.0"],
        "/usr/lib/libpython3.11.so.1.0": ["libz.so.1"],
    }
    datas = [
        ("libQt6Core.so.6", "PySide6/Qt/lib/libQt6Core.so.6", "SYMLINK"),
        ("libQt6Network.so.6", "PySide6/Qt/lib/libQt6Network.so.6", "SYMLINK"),
        ("drase_desktop/resources/a.json", "/src/a.json", "DATA"),
    ]
    kept, kept_datas = bundle_contents.prune_unreached_libraries(
        binaries, datas, lambda path: links.get(path, [])
    )
    assert {entry[0] for entry in kept} == {
        "PySide6/QtCore.abi3.so",
        "PySide6/Qt/lib/libQt6Core.so.6",
        "PySide6/Qt/plugins/platforms/libqxcb.so",
        "PySide6/Qt/lib/libQt6XcbQpa.so.6",
        "libpython3.11.so.1.0",
        "libz.so.1",
    }
    assert [entry[0] for entry in kept_datas] == [
        "libQt6Core.so.6",
        "drase_desktop/resources/a.json",
    ]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="ELF files exist on Linux only")
def test_elf_needed_reads_the_direct_dependencies() -> None:
    import PySide6

    qt_core = Path(PySide6.__file__).parent / "QtCore.abi3.so"
    needed = bundle_contents.elf_needed(str(qt_core))
    assert "libQt6Core.so.6" in needed
    # Direct ones only: ICU is Qt Core's dependency, not the Python module's.
    assert not any(name.startswith("libicu") for name in needed)
    assert bundle_contents.elf_needed(str(ROOT / "pyproject.toml")) == []


def test_shared_mime_info_names_both_file_types() -> None:
    namespace = {"m": "http://www.freedesktop.org/standards/shared-mime-info"}
    tree = ElementTree.fromstring(file_types.shared_mime_info_xml())
    globs = {
        element.get("type"): [glob.get("pattern") for glob in element.findall("m:glob", namespace)]
        for element in tree.findall("m:mime-type", namespace)
    }
    assert globs == {
        "application/x-drase-encounter": ["*.drase"],
        "application/x-drase-map": ["*.drase-map"],
    }


def test_desktop_entry_opens_both_file_types() -> None:
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # keys are case-sensitive
    parser.read_string(file_types.desktop_entry())
    entry = parser["Desktop Entry"]
    assert entry["Type"] == "Application"
    assert entry["Exec"] == "/usr/bin/drase-desktop %f"
    assert entry["Icon"] == "drase-desktop"
    assert set(filter(None, entry["MimeType"].split(";"))) == {
        "application/x-drase-encounter",
        "application/x-drase-map",
    }


def test_macos_document_types_cover_both_extensions() -> None:
    plist = file_types.macos_document_types()
    extensions = {e for t in plist["CFBundleDocumentTypes"] for e in t["CFBundleTypeExtensions"]}
    assert extensions == {"drase", "drase-map"}
    utis = {t["UTTypeIdentifier"] for t in plist["UTExportedTypeDeclarations"]}
    assert utis == {"org.drase.encounter", "org.drase.map"}


def test_inno_setup_associates_the_same_file_types() -> None:
    recipe = (PACKAGING / "windows" / "drase-desktop.iss").read_text(encoding="utf-8")
    for file_type in file_types.FILE_TYPES:
        assert f'Subkey: "Software\\Classes\\.{file_type.extension}"' in recipe
        assert f'ValueData: "{file_type.mime_type}"' in recipe
        assert f'ValueData: "{file_type.description}"' in recipe
    assert "ChangesAssociations=yes" in recipe
    assert re.search(r'shell\\open\\command".*""%1"""', recipe)


def _png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", path
    return struct.unpack(">II", data[16:24])


def test_icons_exist_at_every_size_the_deb_installs() -> None:
    icons = ROOT / "resources" / "icons"
    sizes = sorted(int(p.stem.rsplit("-", 1)[1]) for p in icons.glob("drase-desktop-*.png"))
    assert sizes == [16, 24, 32, 48, 64, 128, 256, 512]
    for size in sizes:
        assert _png_size(icons / f"drase-desktop-{size}.png") == (size, size)
    ElementTree.parse(icons / "drase-desktop.svg")
    assert (PACKAGING / "windows" / "drase-desktop.ico").read_bytes()[:4] == b"\0\0\1\0"
    assert (PACKAGING / "macos" / "drase-desktop.icns").read_bytes()[:4] == b"icns"


def test_spec_and_launcher_are_valid_python() -> None:
    for name in ("drase_desktop.spec", "launcher.py"):
        compile((PACKAGING / name).read_text(encoding="utf-8"), name, "exec")


def test_parenthesised_qt_imports_are_found(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text("[tool.setuptools]\npackages = []\n")
    (tmp_path / "drase_desktop").mkdir()
    (tmp_path / "drase_desktop" / "view.py").write_text(
        "from PySide6 import (\n    QtSvgWidgets,\n    QtOpenGLWidgets,\n)\nimport os\n"
    )
    used = bundle_contents.used_qt_modules(tmp_path)
    assert {"QtSvgWidgets", "QtOpenGLWidgets"} <= used
    assert "os" not in used
