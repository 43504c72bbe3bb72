#!/usr/bin/env bash
# Builds "Drase Desktop.app" and a .dmg on macOS (11 or newer, Apple silicon or Intel: the app
# is built for the machine's own architecture). Needs Python 3.11 from python.org or Homebrew.
#
#   bash packaging/macos/build.sh
#
# Outputs: dist/bundle/Drase Desktop.app and dist/drase-desktop-VERSION-macos-ARCH.dmg.
# The spec adds the BUNDLE step on macOS, with the Info.plist document types for .drase and
# .drase-map (packaging/file_types.py). The app is not signed or notarised: on first start a
# GM right-clicks it and chooses Open. Never run on the Linux machine that wrote it; see
# packaging/README.md.
set -euo pipefail
cd "$(dirname "$0")/../.."

[ -x .venv-macos/bin/python ] || python3.11 -m venv .venv-macos
python=.venv-macos/bin/python
"$python" -m pip install --upgrade pip
"$python" -m pip install --only-binary=pyinstaller -e '.[package]'

"$python" -m PyInstaller --noconfirm --clean --distpath dist/bundle \
    --workpath build/packaging/pyinstaller packaging/drase_desktop.spec

version="$("$python" -c "import sys, pathlib; sys.path.insert(0, 'packaging'); import bundle_contents; print(bundle_contents.version(pathlib.Path('.')))")"
app="dist/bundle/Drase Desktop.app"
"$app/Contents/MacOS/drase-desktop" --version
# Tell Launch Services about the document types now rather than at the next login.
/System/Library/Frameworks/CoreServices.framework/Frameworks/LaunchServices.framework/Support/lsregister -f "$app" || true
hdiutil create -volname "Drase Desktop" -srcfolder "$app" -ov -format UDZO \
    "dist/drase-desktop-$version-macos-$(uname -m).dmg"
