#!/usr/bin/env bash
# Builds Drase Desktop for Linux from this checkout: the one-folder bundle, a tarball of it and a
# .deb. Run from anywhere:
#
#   bash packaging/build.sh
#
# Outputs (in dist/ unless DRASE_DIST_DIR says otherwise):
#   dist/bundle/drase-desktop/                      the one-folder bundle (run drase-desktop in it)
#   dist/drase-desktop-VERSION-linux-ARCH.tar.gz    that folder, packed
#   dist/drase-desktop_VERSION_ARCH.deb             installs to /opt/drase-desktop
#
# Environment:
#   DRASE_BUILD_PYTHON   the Python to build with. By default a build environment in the work
#                        folder holds exactly packaging/requirements.lock (hash-checked PyPI
#                        wheels), made again only when the lock changes. A Python given here
#                        must hold the locked versions too (scripts/bootstrap.sh installs them
#                        in .venv); the build stops and names any other.
#   DRASE_DIST_DIR       where the outputs go (default: dist)
#   DRASE_WORK_DIR       PyInstaller's work folder and the .deb staging (default: build/packaging)
#   DRASE_DEB_COMPRESSION  dpkg-deb compression: xz (default), gzip, zstd or none
#   DRASE_BUNDLE_UNTRIMMED=1  keep every Qt file PyInstaller collects (to measure the trimming)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"

started=$(date +%s)
dist="$(mkdir -p "${DRASE_DIST_DIR:-dist}" && cd "${DRASE_DIST_DIR:-dist}" && pwd)"
work="$(mkdir -p "${DRASE_WORK_DIR:-build/packaging}" && cd "${DRASE_WORK_DIR:-build/packaging}" && pwd)"
compression="${DRASE_DEB_COMPRESSION:-xz}"

lock=packaging/requirements.lock
python="${DRASE_BUILD_PYTHON:-}"
if [ -z "$python" ]; then
    # bootstrap.sh brings the system tools the build needs (binutils) and a Python 3.11+.
    [ -x .venv/bin/python ] || bash scripts/bootstrap.sh
    # The app's code is staged from this checkout by the spec, so the build environment holds
    # only the locked packages: the bundle's libraries and PyInstaller, nothing of the tests.
    build_env="$work/python"
    lock_sum="$(sha256sum "$lock" | cut -d' ' -f1)"
    if [ "$(cat "$build_env/.lock-sha256" 2>/dev/null)" != "$lock_sum" ]; then
        echo "Installing the locked build environment ($lock) into $build_env"
        rm -rf "$build_env"
        .venv/bin/python -m venv "$build_env"
        "$build_env/bin/python" -m pip install -q --disable-pip-version-check --no-deps \
            --require-hashes --only-binary=:all: -r "$lock"
        echo "$lock_sum" >"$build_env/.lock-sha256"
    fi
    python="$build_env/bin/python"
fi
if ! "$python" packaging/lock_check.py; then
    echo "$python does not hold the versions of $lock (above): run scripts/bootstrap.sh," \
        "or leave DRASE_BUILD_PYTHON unset to build in the locked environment." >&2
    exit 1
fi

version="$("$python" -c "import sys; sys.path.insert(0, 'packaging'); import bundle_contents, pathlib; print(bundle_contents.version(pathlib.Path('.')))")"
architecture="$(dpkg --print-architecture 2>/dev/null || uname -m)"
echo "Building Drase Desktop $version for linux-$architecture"

# 1. The one-folder bundle. PyInstaller's cache of stripped binaries lives in the work folder:
# the shared one in ~/.cache is wiped by any other build's --clean, even mid-build.
export PYINSTALLER_CONFIG_DIR="$work/pyinstaller-cache"
QT_QPA_PLATFORM=offscreen "$python" -m PyInstaller --noconfirm --log-level WARN \
    --distpath "$dist/bundle" --workpath "$work/pyinstaller" packaging/drase_desktop.spec
bundle="$dist/bundle/drase-desktop"
"$bundle/drase-desktop" --version
bundled=$(date +%s)

# 2. The tarball.
tarball="$dist/drase-desktop-$version-linux-$(uname -m).tar.gz"
tar -C "$dist/bundle" -czf "$tarball" drase-desktop

# 3. The .deb.
deb_root="$work/deb-root"
rm -rf "$deb_root"
mkdir -p "$deb_root/DEBIAN" "$deb_root/opt" "$deb_root/usr/bin" "$deb_root/usr/share/applications" \
    "$deb_root/usr/share/mime/packages" "$deb_root/usr/share/doc/drase-desktop" \
    "$deb_root/usr/share/icons/hicolor/scalable/apps"
cp -a "$bundle" "$deb_root/opt/drase-desktop"
# The bootloader finds its _internal folder through /proc/self/exe, so a symlink is enough.
ln -s /opt/drase-desktop/drase-desktop "$deb_root/usr/bin/drase-desktop"
"$python" packaging/file_types.py desktop-entry >"$deb_root/usr/share/applications/drase-desktop.desktop"
"$python" packaging/file_types.py mime-xml >"$deb_root/usr/share/mime/packages/drase-desktop.xml"
cp resources/icons/drase-desktop.svg "$deb_root/usr/share/icons/hicolor/scalable/apps/drase-desktop.svg"
for png in resources/icons/drase-desktop-*.png; do
    size="${png##*-}"
    size="${size%.png}"
    mkdir -p "$deb_root/usr/share/icons/hicolor/${size}x${size}/apps"
    cp "$png" "$deb_root/usr/share/icons/hicolor/${size}x${size}/apps/drase-desktop.png"
done
cat >"$deb_root/usr/share/doc/drase-desktop/copyright" <<'COPYRIGHT'
Drase Desktop. License: Proprietary.
The bundle in /opt/drase-desktop carries Python (PSF License), Qt and PySide6 (LGPLv3),
shiboken6 (LGPLv3), networkx (BSD-3-Clause) and platformdirs (MIT).
COPYRIGHT
# The newest glibc symbol version any bundled binary asks for.
glibc="$(find "$bundle" -type f \( -name '*.so*' -o -name drase-desktop \) -exec grep -aoh 'GLIBC_2\.[0-9]*' {} + \
    | sed 's/GLIBC_//' | sort -t. -k1,1n -k2,2n -u | tail -n 1)"
installed_size="$(du -sk --exclude=DEBIAN "$deb_root" | cut -f1)"
sed -e "s/@VERSION@/$version/" -e "s/@ARCHITECTURE@/$architecture/" \
    -e "s/@INSTALLED_SIZE@/$installed_size/" -e "s/@GLIBC@/$glibc/" \
    packaging/linux/control.in >"$deb_root/DEBIAN/control"
# No maintainer scripts: shared-mime-info, desktop-file-utils and hicolor-icon-theme refresh
# their caches through dpkg triggers on the folders written above.
chmod -R u+rwX,go+rX,go-w "$deb_root"
deb="$dist/drase-desktop_${version}_${architecture}.deb"
dpkg-deb --root-owner-group -Z"$compression" --build "$deb_root" "$deb" >/dev/null

echo "Bundle:  $bundle ($(du -sh "$bundle" | cut -f1))"
echo "Tarball: $tarball ($(du -h "$tarball" | cut -f1))"
echo "Deb:     $deb ($(du -h "$deb" | cut -f1))"
echo "Built in $(($(date +%s) - started)) s (bundle $((bundled - started)) s, tarball and .deb $(($(date +%s) - bundled)) s)"
