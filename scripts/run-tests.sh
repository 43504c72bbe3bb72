#!/usr/bin/env bash
# Sets up everything on a fresh machine, then runs the whole test suite offscreen.
# Extra arguments go to pytest. Every kind of test runs, the slow ones included (--run-slow).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/bootstrap.sh
export QT_QPA_PLATFORM=offscreen
exec .venv/bin/python -m pytest --run-slow "$@"
