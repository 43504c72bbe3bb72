"""What goes into the frozen bundle, worked out from the checkout itself.

The spec imports this module; tests/packaging imports it too, so the rules are checked without
running PyInstaller. Everything is derived from the source tree and pyproject.toml, so a new
module, a new resource file or a new Qt module the app starts to use is picked up without editing
the spec.
"""

from __future__ import annotations

import re
import shutil
import struct
import tomllib
from collections.abc import Callable, Iterable
from pathlib import Path

PACKAGE = "drase_desktop"

# Qt modules every build keeps whatever the scan finds (the app is a QtWidgets app).
BASE_QT_MODULES = frozenset({"QtCore", "QtGui", "QtWidgets"})

# Every Python module PySide6 ships (Essentials and Addons); all but the used ones are excluded
# so PyInstaller never follows them. A module missing from this list is harmless: it is simply
# not excluded, and is bundled only if something imports it.
ALL_QT_MODULES = frozenset(
    {
        "Qt3DAnimation", "Qt3DCore", "Qt3DExtras", "Qt3DInput", "Qt3DLogic", "Qt3DRender",
        "QtAxContainer", "QtBluetooth", "QtCanvasPainter", "QtCharts", "QtConcurrent", "QtCore",
        "QtDBus", "QtDataVisualization", "QtDesigner", "QtGraphs", "QtGraphsWidgets", "QtGui",
        "QtHelp", "QtHttpServer", "QtLocation", "QtMultimedia", "QtMultimediaWidgets",
        "QtNetwork", "QtNetworkAuth", "QtNfc", "QtOpenGL", "QtOpenGLWidgets", "QtPdf",
        "QtPdfWidgets", "QtPositioning", "QtPrintSupport", "QtQml", "QtQuick", "QtQuick3D",
        "QtQuickControls2", "QtQuickTest", "QtQuickWidgets", "QtRemoteObjects", "QtScxml",
        "QtSensors", "QtSerialBus", "QtSerialPort", "QtSpatialAudio", "QtSql", "QtStateMachine",
        "QtSvg", "QtSvgWidgets", "QtTest", "QtTextToSpeech", "QtUiTools", "QtWebChannel",
        "QtWebEngineCore", "QtWebEngineQuick", "QtWebEngineWidgets", "QtWebSockets",
        "QtWebView", "QtXml",
    }
)  # fmt: skip

# Qt plugin folders the bundle keeps, and within them the plugins kept by name without "lib"
# and extension (None: all of them), for Linux, Windows and macOS alike. Dropped: the
# networkinformation and tls plugins (the app makes no network call), eglfs/linuxfb/vnc/wayland
# platform code (the app runs under X11 or XWayland; see packaging/README.md), qml/sql/designer
# tooling, print support, the GTK3 theme (it would drag in the host's GTK stack).
KEPT_QT_PLUGINS: dict[str, frozenset[str] | None] = {
    "platforms": frozenset({"qxcb", "qoffscreen", "qminimal", "qwindows", "qcocoa"}),
    "platformthemes": frozenset({"qxdgdesktopportal"}),
    "platforminputcontexts": frozenset(
        {"composeplatforminputcontextplugin", "ibusplatforminputcontextplugin"}
    ),
    "xcbglintegrations": None,
    "styles": None,
    "iconengines": None,
    "imageformats": frozenset({"qgif", "qico", "qjpeg", "qsvg", "qwebp"}),
}

# Plugin folders that only matter once the app imports a module: printing needs the CUPS
# backend, SQL its drivers. Networking stays out on purpose (the bundle test fails on QtNetwork).
PLUGINS_OF_MODULE: dict[str, tuple[str, ...]] = {
    "QtPrintSupport": ("printsupport",),
    "QtSql": ("sqldrivers",),
    "QtMultimedia": ("multimedia",),
}

# Libraries of the desktop itself: the .deb depends on their packages (packaging/linux/control
# names them) and Qt's own wheels expect them from the system too. Taking them from the build
# machine would mix its fontconfig, glib and D-Bus with the user's newer configuration files.
SYSTEM_LIBRARY_PREFIXES = (
    "libX11.",
    "libX11-xcb.",
    "libxcb",
    "libxkbcommon",
    "libfontconfig.",
    "libfreetype.",
    "libdbus-1.",
    "libglib-2.0.",
    "libgthread-2.0.",
    "libgobject-2.0.",
    "libgio-2.0.",
    "libEGL.",
    "libGL.",
    "libGLX.",
    "libOpenGL.",
    "libstdc++.",
    "libgcc_s.",
)

# Test and build tools the venv holds that a dependency imports only under a test (networkx's
# backends import pytest); the GUI toolkit the stdlib brings; pydoc's 600 kB topic index; and the
# TLS stack (http.client and urllib import ssl only if present, hashlib falls back to its builtin
# digests without _hashlib): the app makes no network call, and 5.7 MB of OpenSSL goes.
EXCLUDED_TOOLS = (
    "ssl",
    "_ssl",
    "_hashlib",
    "pytest",
    "_pytest",
    "pytestqt",
    "pytest_benchmark",
    "hypothesis",
    "pluggy",
    "iniconfig",
    "pygments",
    "PyInstaller",
    "pip",
    "setuptools",
    "pkg_resources",
    "tkinter",
    "pydoc_data",
)

_QT_IMPORT = re.compile(
    r"\bPySide6\.(Qt\w+)|\bfrom[ \t]+PySide6[ \t]+import[ \t]+(\([^)]*\)|[^\n]+)"
)


def package_directories(root: Path) -> dict[str, Path]:
    """Each package of the project and the folder it comes from (pyproject's package-dir)."""
    setuptools = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["tool"][
        "setuptools"
    ]
    mapped = {name: root / folder for name, folder in setuptools.get("package-dir", {}).items()}
    directories = {PACKAGE: root / PACKAGE}
    for name in sorted(mapped, key=len):
        directories[name] = mapped[name]
    return directories


def _source_files(folder: Path) -> Iterable[Path]:
    for path in sorted(folder.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
            yield path


def _staged_name(root: Path, package: str, path: Path) -> str:
    """The path inside the installed package tree, e.g. drase_desktop/sample_maps/sample.drase."""
    return "/".join([*package.split("."), *path.relative_to(root).parts])


def staged_files(root: Path) -> dict[str, Path]:
    """Every file of the installed package, by its path in the installed layout.

    A folder mapped by package-dir (resources/, maps/) replaces any same-named folder inside the
    package, as setuptools does.
    """
    directories = package_directories(root)
    files: dict[str, Path] = {}
    for package, folder in directories.items():
        nested = [other for name, other in directories.items() if name.startswith(package + ".")]
        for path in _source_files(folder):
            if any(path.is_relative_to(other) for other in nested):
                continue
            files[_staged_name(folder, package, path)] = path
    return files


def stage_package(root: Path, stage: Path) -> Path:
    """Copy the package into `stage` as it would be installed; returns `stage`.

    PyInstaller then analyses this plain tree, never an editable install of another checkout.
    """
    if stage.exists():
        shutil.rmtree(stage)
    for name, source in staged_files(root).items():
        target = stage / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, target)
    return stage


def hidden_imports(root: Path) -> list[str]:
    """Every module of the package: the app imports some lazily (smoke, app, plug-ins)."""
    modules = []
    for name in staged_files(root):
        if name.endswith(".py"):
            parts = name[: -len(".py")].split("/")
            if parts[-1] == "__init__":
                parts = parts[:-1]
            modules.append(".".join(parts))
    return sorted(modules)


def data_files(root: Path) -> list[tuple[str, str]]:
    """PyInstaller `datas`: every non-Python file of the package, as (source, bundle folder)."""
    datas = []
    for name, source in staged_files(root).items():
        if not name.endswith(".py"):
            datas.append((str(source), name.rsplit("/", 1)[0]))
    return datas


def used_qt_modules(root: Path) -> set[str]:
    """The PySide6 modules the package source imports, plus the base ones."""
    used = set(BASE_QT_MODULES)
    for name, source in staged_files(root).items():
        if not name.endswith(".py"):
            continue
        for dotted, imported in _QT_IMPORT.findall(source.read_text(encoding="utf-8")):
            if dotted:
                used.add(dotted)
            for word in re.split(r"[\s,()]+", imported):
                if word.startswith("Qt"):
                    used.add(word)
    return used


def excluded_modules(root: Path) -> list[str]:
    """Modules PyInstaller must not follow: unused Qt, and stdlib GUI/test kits."""
    unused_qt = sorted(ALL_QT_MODULES - used_qt_modules(root))
    return [f"PySide6.{name}" for name in unused_qt] + list(EXCLUDED_TOOLS)


def _plugin_name(file_name: str) -> str:
    """libqxcb.so -> qxcb, qwindows.dll -> qwindows, libqcocoa.dylib -> qcocoa."""
    stem = file_name.split(".")[0]
    return stem[3:] if stem.startswith("lib") else stem


def keep_qt_file(destination: str, used_modules: Iterable[str] = ()) -> bool:
    """Whether a collected file (its path inside the bundle) stays after trimming Qt.

    Wheels lay Qt out as PySide6/Qt/{plugins,translations,...} on Linux and macOS and as
    PySide6/{plugins,translations,...} on Windows; both are handled. A plugin folder that serves
    a Qt module the app imports (`used_modules`, see PLUGINS_OF_MODULE) is kept whole.
    """
    parts = destination.replace("\\", "/").split("/")
    if parts[0] != "PySide6":
        return True
    rest = parts[2:] if parts[1:2] == ["Qt"] else parts[1:]
    if len(rest) < 2:
        return True
    if rest[0] == "translations":
        return False  # the UI is English and installs no QTranslator
    if rest[0] in ("qml", "metatypes", "libexec"):
        return False
    if rest[0] == "plugins" and len(rest) >= 3:
        if any(rest[1] in PLUGINS_OF_MODULE.get(module, ()) for module in used_modules):
            return True
        if rest[1] not in KEPT_QT_PLUGINS:
            return False
        kept = KEPT_QT_PLUGINS[rest[1]]
        return kept is None or _plugin_name(rest[-1]) in kept
    return True


def version(root: Path) -> str:
    """The app's version, read from the source without importing it."""
    text = (root / PACKAGE / "__init__.py").read_text(encoding="utf-8")
    match = re.search(r"^__version__\s*=\s*[\"']([^\"']+)[\"']", text, re.MULTILINE)
    if match is None:
        raise ValueError(f"no __version__ in {root / PACKAGE / '__init__.py'}")
    return match.group(1)


def is_system_library(destination: str) -> bool:
    """Whether a library is left to the system (see SYSTEM_LIBRARY_PREFIXES)."""
    name = destination.replace("\\", "/").rsplit("/", 1)[-1]
    return "/" not in destination.replace("\\", "/") and name.startswith(SYSTEM_LIBRARY_PREFIXES)


def _is_root_binary(destination: str, typecode: str) -> bool:
    """Binaries loaded by name at run time rather than as a dependency of another binary."""
    name = destination.replace("\\", "/")
    return (
        typecode == "EXTENSION"  # Python extension modules
        or name.startswith("PySide6/Qt/plugins/")  # Qt plugins, dlopen'ed by Qt
        or name.rsplit("/", 1)[-1].startswith(("libpython", "python"))  # the bootloader's
    )


def prune_unreached_libraries(
    binaries: list[tuple[str, str, str]],
    datas: list[tuple[str, str, str]],
    needed: Callable[[str], Iterable[str]],
) -> tuple[list[tuple[str, str, str]], list[tuple[str, str, str]]]:
    """Drop the shared libraries no kept extension, plugin or library links to.

    Libraries of the desktop (is_system_library) are dropped too, and the walk does not pass
    through them, so what only they needed (libsystemd, libgcrypt under D-Bus) goes as well.

    Dropping a Qt plugin after PyInstaller's analysis leaves behind the libraries only it needed
    (the GTK3 theme alone pulls in GTK, cairo and pango); this walks the link graph again from
    what stays. `needed(source_path)` names a binary's direct dependencies (file names), and
    SYMLINK entries in `datas` pointing at dropped libraries go too.
    """
    by_name: dict[str, list[tuple[str, str, str]]] = {}
    for entry in binaries:
        by_name.setdefault(entry[0].replace("\\", "/").rsplit("/", 1)[-1], []).append(entry)
    for destination, target, typecode in datas:
        if typecode == "SYMLINK":  # a link named like the library stands for its target
            link = destination.replace("\\", "/").rsplit("/", 1)[-1]
            for entry in binaries:
                if entry[0].replace("\\", "/") == target.replace("\\", "/"):
                    by_name.setdefault(link, []).append(entry)
    kept: set[tuple[str, str, str]] = set()
    pending = [entry for entry in binaries if _is_root_binary(entry[0], entry[2])]
    while pending:
        entry = pending.pop()
        if entry in kept or is_system_library(entry[0]):
            continue
        kept.add(entry)
        for dependency in needed(entry[1]):
            pending.extend(by_name.get(dependency.rsplit("/", 1)[-1], []))
    kept_binaries = [entry for entry in binaries if entry in kept]
    kept_destinations = {entry[0].replace("\\", "/") for entry in kept_binaries}
    kept_datas = [
        entry
        for entry in datas
        if entry[2] != "SYMLINK" or entry[1].replace("\\", "/") in kept_destinations
    ]
    return kept_binaries, kept_datas


def elf_needed(path: str) -> list[str]:
    """The DT_NEEDED entries of an ELF file: its direct library dependencies.

    (PyInstaller's own helper runs ldd, which lists the whole transitive closure, so a library
    needed only by a system library would look needed by everything.)
    """
    with open(path, "rb") as file:
        data = file.read()
    if data[:4] != b"\x7fELF":
        return []
    wide = data[4] == 2  # ELFCLASS64
    order = "<" if data[5] == 1 else ">"
    if wide:
        shoff, shentsize, shnum = (
            struct.unpack_from(order + "Q", data, 0x28)[0],
            *struct.unpack_from(order + "HH", data, 0x3A),
        )
    else:
        shoff, shentsize, shnum = (
            struct.unpack_from(order + "I", data, 0x20)[0],
            *struct.unpack_from(order + "HH", data, 0x2E),
        )
    sections = []
    for index in range(shnum):
        base = shoff + index * shentsize
        if wide:
            kind, _, _, offset, size, link = struct.unpack_from(order + "IQQQQI", data, base + 4)
        else:
            kind, _, _, offset, size, link = struct.unpack_from(order + "IIIIII", data, base + 4)
        sections.append((kind, offset, size, link))
    needed = []
    entry_format, entry_size = (order + "qQ", 16) if wide else (order + "iI", 8)
    for kind, offset, size, link in sections:
        if kind != 6:  # SHT_DYNAMIC
            continue
        strings_offset = sections[link][1]
        for position in range(offset, offset + size, entry_size):
            tag, value = struct.unpack_from(entry_format, data, position)
            if tag == 0:
                break
            if tag == 1:  # DT_NEEDED
                end = data.index(b"\0", strings_offset + value)
                needed.append(data[strings_offset + value : end].decode())
    return needed
