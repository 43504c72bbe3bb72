# Builds the Windows installer of Drase Desktop: the PyInstaller one-folder bundle, then the
# Inno Setup installer. Run in PowerShell from anywhere, on Windows 10/11 x64 with Python 3.11
# (python.org installer, "py" launcher) and Inno Setup 6.3+ installed:
#
#   powershell -ExecutionPolicy Bypass -File packaging\windows\build.ps1
#
# Outputs: dist\bundle\drase-desktop\ (the bundle) and
#          dist\drase-desktop-VERSION-windows-x64-setup.exe (the installer).
# Never run on the Linux machine that wrote it; see packaging/README.md.
$ErrorActionPreference = "Stop"
Set-Location (Join-Path $PSScriptRoot "..\..")

if (-not (Test-Path ".venv-windows\Scripts\python.exe")) {
    py -3.11 -m venv .venv-windows
}
$python = ".venv-windows\Scripts\python.exe"
& $python -m pip install --upgrade pip
# The app and PyInstaller (the `package` extra), PyInstaller from PyPI wheels only.
& $python -m pip install --only-binary=pyinstaller -e ".[package]"
if ($LASTEXITCODE -ne 0) { throw "pip install failed" }

& $python -m PyInstaller --noconfirm --clean --distpath dist\bundle --workpath build\packaging\pyinstaller packaging\drase_desktop.spec
if ($LASTEXITCODE -ne 0) { throw "PyInstaller failed" }

$version = & $python -c "import sys, pathlib; sys.path.insert(0, 'packaging'); import bundle_contents; print(bundle_contents.version(pathlib.Path('.')))"
$iscc = Join-Path ${env:ProgramFiles(x86)} "Inno Setup 6\ISCC.exe"
& $iscc "/DAppVersion=$version" packaging\windows\drase-desktop.iss
if ($LASTEXITCODE -ne 0) { throw "Inno Setup failed" }
