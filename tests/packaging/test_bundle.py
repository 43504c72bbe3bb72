"""Builds the Linux bundle, tarball and .deb from a clean checkout and runs what was built.

One build (about a minute on two cores) serves every test in this module. The frozen app runs
with networking unavailable to it (a fresh network namespace holding only a down loopback).
"""

from __future__ import annotations

import configparser
import json
import os
import platform
import re
import shutil
import subprocess
import sys
import tarfile
import xml.etree.ElementTree as ElementTree
from dataclasses import dataclass
from pathlib import Path

import pytest
from packaging_modules import ROOT, load

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="builds the Linux packages"),
]

bundle_contents = load("bundle_contents")


@dataclass(frozen=True)
class Build:
    checkout: Path
    bundle: Path
    tarball: Path
    deb: Path
    version: str

    @property
    def executable(self) -> Path:
        return self.bundle / "drase-desktop"


def _run(command: list[str], **kwargs) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, capture_output=True, text=True, timeout=300, **kwargs)


def _clean_checkout(destination: Path) -> Path:
    """A clone of the committed tree: what CI, or a GM's build machine, starts from."""
    if _run(["git", "-C", str(ROOT), "rev-parse", "HEAD"]).returncode != 0:
        pytest.skip("the project is not a git checkout, so there is no clean checkout to build")
    result = _run(["git", "clone", "--quiet", "--depth", "1", f"file://{ROOT}", str(destination)])
    assert result.returncode == 0, result.stderr
    return destination


@pytest.fixture(scope="module")
def build(tmp_path_factory: pytest.TempPathFactory) -> Build:
    for tool in ("git", "dpkg-deb", "tar"):
        if shutil.which(tool) is None:
            pytest.skip(f"{tool} is not installed; the Linux build needs it")
    base = tmp_path_factory.mktemp("bundle")
    checkout = _clean_checkout(base / "checkout")
    environment = {
        **os.environ,
        "DRASE_BUILD_PYTHON": sys.executable,
        "DRASE_DIST_DIR": str(base / "dist"),
        "DRASE_WORK_DIR": str(base / "work"),
        # xz takes 35 s on a quiet machine and over 2 minutes on a busy one; what is checked
        # here is the package's content, which the compressor does not change.
        "DRASE_DEB_COMPRESSION": "gzip",
    }
    result = subprocess.run(
        ["bash", str(checkout / "packaging" / "build.sh")],
        capture_output=True,
        text=True,
        timeout=600,
        env=environment,
    )
    assert result.returncode == 0, f"build.sh failed:\n{result.stdout}\n{result.stderr}"
    version = bundle_contents.version(checkout)
    debs = list((base / "dist").glob(f"drase-desktop_{version}_*.deb"))
    tarballs = list((base / "dist").glob(f"drase-desktop-{version}-linux-*.tar.gz"))
    assert len(debs) == 1 and len(tarballs) == 1, sorted(p.name for p in (base / "dist").iterdir())
    bundle = base / "dist" / "bundle" / "drase-desktop"
    return Build(checkout, bundle, tarballs[0], debs[0], version)


def _without_network() -> list[str]:
    """A command prefix that runs a program in a new network namespace, or skips the test."""
    if shutil.which("unshare") is None:
        pytest.skip("unshare (util-linux) is not installed, so networking cannot be taken away")
    for prefix in (["unshare", "--net"], ["unshare", "--user", "--map-root-user", "--net"]):
        probe = _run([*prefix, "cat", "/proc/net/dev"])
        if probe.returncode == 0:
            interfaces = [line.split(":")[0].strip() for line in probe.stdout.splitlines()[2:]]
            assert interfaces == ["lo"], f"the namespace still has {interfaces}"
            return prefix
    pytest.skip(f"unshare cannot make a network namespace here: {probe.stderr.strip()}")


def _app_environment(home: Path) -> dict[str, str]:
    (home / "tmp").mkdir(parents=True, exist_ok=True)
    return {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(home),
        "TMPDIR": str(home / "tmp"),
        "XDG_CONFIG_HOME": str(home / "config"),
        "XDG_DATA_HOME": str(home / "data"),
        "XDG_CACHE_HOME": str(home / "cache"),
        "XDG_STATE_HOME": str(home / "state"),
        "DRASE_DESKTOP_HOME": str(home / "drase"),
        "QT_QPA_PLATFORM": "offscreen",
        "LANG": "C.UTF-8",
    }


def _has_smoke_mode(build: Build) -> bool:
    return (build.checkout / "drase_desktop" / "smoke.py").is_file()


def test_the_bundle_reports_its_version(build: Build) -> None:
    result = _run([str(build.executable), "--version"])
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == f"drase-desktop {build.version}"


def test_the_bundle_carries_every_resource_and_sample_map(build: Build) -> None:
    internal = build.bundle / "_internal"
    for folder, bundled in (("resources", "resources"), ("maps", "sample_maps")):
        for path in (build.checkout / folder).rglob("*"):
            if path.is_file() and path.suffix != ".py":
                relative = path.relative_to(build.checkout / folder)
                assert (internal / "drase_desktop" / bundled / relative).is_file(), relative


def test_the_bundle_holds_only_the_qt_it_uses(build: Build) -> None:
    internal = build.bundle / "_internal"
    names = {path.name for path in internal.rglob("*")}
    assert {"libQt6Core.so.6", "libQt6Gui.so.6", "libQt6Widgets.so.6", "libqxcb.so"} <= names
    assert "libqoffscreen.so" in names  # --smoke and CI run offscreen
    for unwanted in ("libQt6Network", "libQt6Qml", "libQt6Quick", "libQt6WebEngine", "_ssl."):
        assert not [name for name in names if name.startswith(unwanted)], unwanted
    assert not (internal / "PySide6" / "Qt" / "translations").exists()
    assert not (internal / "PySide6" / "Qt" / "plugins" / "networkinformation").exists()
    assert not (internal / "PySide6" / "Qt" / "plugins" / "tls").exists()


def test_every_bundled_library_resolves(build: Build) -> None:
    elves = [
        path
        for path in build.bundle.rglob("*")
        if path.is_file() and not path.is_symlink() and path.read_bytes()[:4] == b"\x7fELF"
    ]
    result = _run(["ldd", *map(str, elves)], cwd=build.bundle)
    missing = [line.strip() for line in result.stdout.splitlines() if "not found" in line]
    assert not missing, missing


def test_the_frozen_app_runs_its_smoke_mode_without_network(build: Build, tmp_path: Path) -> None:
    prefix = _without_network()
    environment = _app_environment(tmp_path / "home")
    if not _has_smoke_mode(build):
        # drase_desktop/smoke.py is not committed yet: the frozen interpreter still has to start.
        result = _run([*prefix, str(build.executable), "--version"], env=environment)
        assert result.returncode == 0, result.stderr
        pytest.xfail("the smoke mode (drase_desktop/smoke.py) is not committed yet")
    saved = tmp_path / "saved by the frozen app.drase"
    environment["DRASE_SMOKE_SAVE_AS"] = str(saved)
    result = _run([*prefix, str(build.executable), "--smoke"], env=environment)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "smoke: ok" in result.stdout

    # The file the frozen app wrote reads back, here, as the sample it opened.
    from drase_desktop.storage.encounter_file import load_encounter

    assert json.loads(saved.read_text(encoding="utf-8"))["schema_version"]
    reopened = load_encounter(saved)
    sample = load_encounter(build.checkout / "maps" / "sample.drase")
    assert reopened.name == sample.name
    assert (reopened.battle_map.width, reopened.battle_map.height) == (
        sample.battle_map.width,
        sample.battle_map.height,
    )
    assert sorted(c.name for c in reopened.combatants.values()) == sorted(
        c.name for c in sample.combatants.values()
    )


def test_the_frozen_app_opens_no_internet_socket(build: Build, tmp_path: Path) -> None:
    if shutil.which("strace") is None:
        pytest.skip("strace is not installed")
    log = tmp_path / "strace.log"
    mode = "--smoke" if _has_smoke_mode(build) else "--version"
    result = _run(
        ["strace", "-f", "-qq", "-e", "trace=socket,connect", "-o", str(log)]
        + [str(build.executable), mode],
        env=_app_environment(tmp_path / "home"),
    )
    assert result.returncode == 0, result.stderr
    calls = [line for line in log.read_text().splitlines() if "AF_INET" in line]
    assert not calls, calls


def test_the_tarball_holds_the_bundle(build: Build) -> None:
    with tarfile.open(build.tarball) as archive:
        names = set(archive.getnames())
    assert "drase-desktop/drase-desktop" in names
    samples = "drase-desktop/_internal/drase_desktop/sample_maps/"
    assert any(name.startswith(samples) for name in names)


@pytest.fixture(scope="module")
def installed_root(build: Build, tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("deb-root")
    result = _run(["dpkg-deb", "-x", str(build.deb), str(root)])
    assert result.returncode == 0, result.stderr
    return root


def test_the_deb_installs_the_app_its_desktop_entry_and_mime_types(
    build: Build, installed_root: Path
) -> None:
    launcher = installed_root / "usr" / "bin" / "drase-desktop"
    assert launcher.is_symlink() and os.readlink(launcher) == "/opt/drase-desktop/drase-desktop"
    binary = installed_root / "opt" / "drase-desktop" / "drase-desktop"
    result = _run([str(binary), "--version"])
    assert result.returncode == 0 and result.stdout.strip() == f"drase-desktop {build.version}"

    entry_path = installed_root / "usr" / "share" / "applications" / "drase-desktop.desktop"
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str
    parser.read_string(entry_path.read_text(encoding="utf-8"))
    entry = parser["Desktop Entry"]
    assert entry["Exec"] == "/usr/bin/drase-desktop %f"
    mime_types = set(filter(None, entry["MimeType"].split(";")))
    if shutil.which("desktop-file-validate"):
        check = _run(["desktop-file-validate", str(entry_path)])
        assert check.returncode == 0, check.stdout + check.stderr

    xml_path = installed_root / "usr" / "share" / "mime" / "packages" / "drase-desktop.xml"
    namespace = {"m": "http://www.freedesktop.org/standards/shared-mime-info"}
    declared = {
        element.get("type"): element.find("m:glob", namespace).get("pattern")
        for element in ElementTree.parse(xml_path).getroot().findall("m:mime-type", namespace)
    }
    assert declared == {
        "application/x-drase-encounter": "*.drase",
        "application/x-drase-map": "*.drase-map",
    }
    assert mime_types == set(declared)

    icons = installed_root / "usr" / "share" / "icons" / "hicolor"
    assert (icons / "scalable" / "apps" / "drase-desktop.svg").is_file()
    for size in (16, 32, 48, 128, 256):
        assert (icons / f"{size}x{size}" / "apps" / "drase-desktop.png").is_file(), size


def _depends(deb: Path) -> set[str]:
    field = _run(["dpkg-deb", "-f", str(deb), "Depends"]).stdout
    return {
        re.sub(r"\s*\(.*\)", "", alternative).strip()
        for clause in field.split(",")
        for alternative in clause.split("|")
    }


def test_the_deb_depends_on_every_system_library_the_bundle_links(build: Build) -> None:
    if shutil.which("dpkg-query") is None or shutil.which("ldconfig") is None:
        pytest.skip("needs dpkg-query and ldconfig")
    bundled = {path.name for path in build.bundle.rglob("*")}
    wanted = set()
    for path in build.bundle.rglob("*"):
        if path.is_file() and not path.is_symlink():
            wanted.update(set(bundle_contents.elf_needed(str(path))) - bundled)
    cache = _run(["ldconfig", "-p"]).stdout
    locations = {}
    for line in cache.splitlines():
        match = re.match(r"\s*(\S+) \(([^)]*)\) => (\S+)", line)
        # On x86_64 the cache also lists 32-bit libraries; the bundle needs the 64-bit ones.
        if match and (platform.machine() != "x86_64" or "x86-64" in match.group(2)):
            locations.setdefault(match.group(1), match.group(3))
    packages = {}
    for name in sorted(wanted):
        assert name in locations, f"{name} is neither bundled nor installed"
        real = os.path.realpath(locations[name])
        owners = (
            _run(["dpkg-query", "-S", real]).stdout
            or _run(["dpkg-query", "-S", locations[name]]).stdout
        )
        assert owners, f"no package owns {real}"
        packages[name] = owners.split(":")[0]
    depends = _depends(build.deb)
    undeclared = {name: package for name, package in packages.items() if package not in depends}
    assert not undeclared, f"add to packaging/linux/control.in Depends: {undeclared}"
