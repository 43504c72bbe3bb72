#!/usr/bin/env bash
# Prepares a fresh Debian/Ubuntu machine to run Drase Desktop from this checkout:
# the system libraries Qt needs, a virtual environment in .venv, and the package with its test tools.
# Safe to run again: it only does what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

as_root() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    elif command -v sudo >/dev/null 2>&1; then
        sudo "$@"
    else
        echo "Installing system packages needs root: run this as root once, or install sudo." >&2
        exit 1
    fi
}

# Checked first, so an old Python stops the script before anything is installed.
if ! command -v python3 >/dev/null 2>&1; then
    echo "Drase Desktop needs Python 3.11 or newer as python3; python3 is not installed." >&2
    exit 1
fi
python3 - <<'PY'
import sys
if sys.version_info < (3, 11):
    sys.exit(f"Drase Desktop needs Python 3.11 or newer; python3 is {sys.version.split()[0]}.")
PY

installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "ok installed"; }

# Each entry lists the names one library goes by across Debian 12/13 and Ubuntu 22.04/24.04.
# Qt offscreen needs the first six; a real window (X11/Xvfb) needs the xcb set; xvfb and xauth
# run the window on a virtual screen; binutils gives PyInstaller the objdump and strip the bundle
# build (and so the bundle test) needs; strace lets the bundle test prove the app opens no socket;
# poppler-utils gives the print test the pdftoppm that renders a printed page to measure its tiles;
# chromium and chromium-driver run the phone page's end-to-end test (Selenium drives them).
system_libraries=(
    "libegl1" "libgl1" "libfontconfig1" "libxkbcommon0" "libglib2.0-0t64|libglib2.0-0"
    "fonts-dejavu-core" "libdbus-1-3" "libxkbcommon-x11-0" "libxcb-cursor0" "libxcb-icccm4"
    "libxcb-keysyms1" "libxcb-image0" "libxcb-render-util0" "libxcb-shape0" "libxcb-randr0"
    "libxcb-xkb1" "libxcb-xinerama0" "libxcb-xfixes0" "xvfb" "xauth" "binutils" "strace"
    "poppler-utils" "chromium" "chromium-driver"
)
# PyInstaller freezes the interpreter's shared library, which Debian and Ubuntu ship apart from
# their python3 (libpython3.12t64 on Ubuntu 24.04). Only a packaged python3 has one to install.
python_version="$(python3 -c 'import sys; print("%d.%d" % sys.version_info[:2])')"
if command -v dpkg-query >/dev/null 2>&1 &&
    dpkg-query -S "$(readlink -f "$(command -v python3)")" >/dev/null 2>&1; then
    system_libraries+=("libpython${python_version}t64|libpython${python_version}")
fi

if command -v dpkg-query >/dev/null 2>&1; then
    missing=()
    updated=0
    for alternatives in "${system_libraries[@]}"; do
        IFS='|' read -r -a names <<<"$alternatives"
        have=0
        for name in "${names[@]}"; do installed "$name" && have=1 && break; done
        [ "$have" -eq 1 ] && continue
        if [ "$updated" -eq 0 ]; then as_root apt-get update -qq; updated=1; fi
        found=0
        for name in "${names[@]}"; do
            if apt-cache show "$name" >/dev/null 2>&1; then missing+=("$name"); found=1; break; fi
        done
        [ "$found" -eq 1 ] || echo "Warning: apt knows none of ${alternatives//|/, }; skipped." >&2
    done
    if ! python3 -c "import ensurepip, venv" >/dev/null 2>&1; then
        if [ "$updated" -eq 0 ]; then as_root apt-get update -qq; updated=1; fi
        missing+=("python3-venv")
    fi
    if [ "${#missing[@]}" -gt 0 ]; then
        echo "Installing system libraries: ${missing[*]}"
        DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq --no-install-recommends "${missing[@]}"
    fi
fi

if [ ! -x .venv/bin/python ]; then
    python3 -m venv .venv
fi
# Reinstall only when the project metadata, the lock or this script changed since the last install.
# The packages the bundle is built from come at the lock's exact versions, so the tests run and
# build what ships; the test tools follow the ranges in pyproject.toml.
stamp=.venv/.drase-installed
lock=packaging/requirements.lock
if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ] || [ scripts/bootstrap.sh -nt "$stamp" ] ||
    [ "$lock" -nt "$stamp" ]; then
    .venv/bin/python -m pip install -q --upgrade pip
    .venv/bin/python packaging/lock_check.py --pins >.venv/lock-constraints.txt
    .venv/bin/python -m pip install -q -e '.[test,package,browser]' -c .venv/lock-constraints.txt
    touch "$stamp"
fi
# The package's bytecode, as installing a wheel writes it: an editable install leaves compiling to
# the first import, which a shell with PYTHONDONTWRITEBYTECODE set repeats at every launch (a
# tenth of a second). Only modules changed since their last compile are compiled again.
.venv/bin/python -m compileall -q drase_desktop >/dev/null
