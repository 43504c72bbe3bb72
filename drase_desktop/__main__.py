"""`python -m drase_desktop` and the `drase-desktop` launchers: the command line (`cli`)."""

from __future__ import annotations

import sys

from drase_desktop.cli import main

if __name__ == "__main__":
    sys.exit(main())
