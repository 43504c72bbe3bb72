"""Fixtures for the storage tests; the sample builders live in tests/helpers/storage_samples.py."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest


@pytest.fixture
def isolated_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Point DRASE_DESKTOP_HOME at a fresh folder so nothing touches the real user folders."""
    home = tmp_path / "drase-home"
    monkeypatch.setenv("DRASE_DESKTOP_HOME", str(home))
    return home


@pytest.fixture
def write_uvtt(tmp_path: Path) -> Callable[..., Path]:
    """Write a document (dict, or raw text/bytes) to a .dd2vtt file and return its path."""

    def write(document: Any, name: str = "map.dd2vtt") -> Path:
        path = tmp_path / name
        if isinstance(document, bytes):
            path.write_bytes(document)
        elif isinstance(document, str):
            path.write_text(document, encoding="utf-8")
        else:
            path.write_text(json.dumps(document), encoding="utf-8")
        return path

    return write
