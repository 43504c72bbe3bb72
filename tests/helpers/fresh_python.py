"""A script run in a new interpreter, as a launch runs: in the test process everything is
imported and set up already. Offscreen, with its output captured as text; the app's home is a
private folder when the test gives one."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

# The script's main window (`window`, of the QApplication `app`) at its first frame, as `run`
# shows it, without entering the event loop.
SHOW_FIRST_FRAME = """
window.resize(1280, 800)
window.show()
app.processEvents()
"""


def fresh_python(
    script: str,
    *args: str | Path,
    home: str | Path | None = None,
    timeout: float = 120,
    check: bool = False,
    env: dict[str, str] | None = None,
) -> subprocess.CompletedProcess[str]:
    """`python -c script args…`; with `check` a failed exit raises."""
    environment = {**os.environ, "QT_QPA_PLATFORM": "offscreen", **(env or {})}
    if home is not None:
        environment["DRASE_DESKTOP_HOME"] = str(home)
    return subprocess.run(
        [sys.executable, "-c", script, *map(str, args)],
        env=environment,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=check,
    )
