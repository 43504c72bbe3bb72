"""The main window's frame: its layout of docks, its menus and actions, help and error reports."""
