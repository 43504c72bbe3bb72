"""Entry script of the frozen app: the same `main` as the installed `drase-desktop` command."""

import sys

from drase_desktop.__main__ import main

if __name__ == "__main__":
    sys.exit(main())
