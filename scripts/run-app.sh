#!/usr/bin/env bash
# Sets up everything on a fresh machine, then starts Drase Desktop (the last encounter, or the
# bundled sample on first run). Arguments go to the app: a map or encounter file, --version, --smoke.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/bootstrap.sh
exec .venv/bin/drase-desktop "$@"
