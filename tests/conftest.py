import os

import pytest

# Every GUI test runs offscreen, whatever the caller's environment says.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


@pytest.fixture(autouse=True)
def isolated_user_folders(tmp_path_factory, monkeypatch):
    """No test reads or writes the real user's settings, autosaves or recent files."""
    monkeypatch.setenv("DRASE_DESKTOP_HOME", str(tmp_path_factory.mktemp("drase-home")))
