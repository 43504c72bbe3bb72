import gc
import os
import subprocess

import pytest

# Every GUI test runs offscreen, whatever the caller's environment says.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

# The slow kinds of test. A plain `pytest` leaves them out (a fast loop for daily work);
# `pytest --run-slow`, the README's test command and CI run everything.
SLOW_KINDS = {
    "tooling": "runs a checker over the whole tree (mypy, ruff, import contracts)",
    "packaging": "builds or inspects the installers",
    "subprocess": "launches the app or Python in a process of its own",
    "benchmark": "a speed measurement (tests/benchmarks)",
    "slow": "takes more than a few seconds",
}
# Where a whole folder or module is of one kind.
KIND_OF_PATH = {
    "benchmarks": "benchmark",
    "packaging": "packaging",
    "test_lint.py": "tooling",
    "test_typing.py": "tooling",
}


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--run-slow",
        action="store_true",
        default=False,
        help="also run the slow kinds: " + ", ".join(SLOW_KINDS),
    )


def pytest_configure(config: pytest.Config) -> None:
    for kind, meaning in SLOW_KINDS.items():
        config.addinivalue_line("markers", f"{kind}: {meaning} (left out unless --run-slow)")


def _kinds(item: pytest.Item) -> set[str]:
    parts = item.path.relative_to(item.config.rootpath).parts
    kinds = {KIND_OF_PATH[part] for part in parts if part in KIND_OF_PATH}
    kinds.update(mark.name for mark in item.iter_markers() if mark.name in SLOW_KINDS)
    return kinds


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        kinds = _kinds(item)
        for kind in kinds:
            item.add_marker(getattr(pytest.mark, kind))
        if "packaging" in kinds and item.get_closest_marker("timeout") is None:
            item.add_marker(pytest.mark.timeout(1200))  # the bundle build takes minutes
    if config.getoption("--run-slow"):
        return
    kept, left_out = [], []
    for item in items:
        (left_out if _kinds(item) else kept).append(item)
    if left_out:
        config.hook.pytest_deselected(items=left_out)
        items[:] = kept
        config._drase_left_out = len(left_out)  # type: ignore[attr-defined]


def pytest_report_header(config: pytest.Config) -> str:
    if config.getoption("--run-slow"):
        return "test kinds: all (--run-slow)"
    return "test kinds: fast only; the slow kinds need --run-slow (or scripts/run-tests.sh)"


def pytest_terminal_summary(terminalreporter, exitstatus, config: pytest.Config) -> None:
    left_out = getattr(config, "_drase_left_out", 0)
    if left_out:
        terminalreporter.write_line(
            f"{left_out} tests of the slow kinds were left out"
            " (run them with --run-slow, or bash scripts/run-tests.sh)"
        )


@pytest.fixture(autouse=True, scope="session")
def garbage_collected_while_qt_runs():
    """The app switches automatic collection off and collects on a timer of the window's
    thread (ui/gc_policy.py), which runs only while a test turns the event loop long enough.
    What is left is collected here, at the session's end: left to a collection during pytest's
    closing summary, the cycles of many closed windows crashed PySide."""
    yield
    gc.collect()


@pytest.fixture(autouse=True)
def isolated_user_folders(tmp_path_factory, monkeypatch):
    """No test reads or writes the real user's settings, autosaves or recent files."""
    monkeypatch.setenv("DRASE_DESKTOP_HOME", str(tmp_path_factory.mktemp("drase-home")))


@pytest.fixture(autouse=True)
def processes_only_where_marked(request, monkeypatch):
    """A test that launches a process must say so (@pytest.mark.subprocess), so the fast loop
    really leaves the slow kinds out: in it, an unmarked launch fails with that advice."""
    if request.config.getoption("--run-slow") or _kinds(request.node):
        yield
        return

    def refuse(self, *args, **kwargs):
        raise AssertionError(
            f"{request.node.nodeid} launches a process: mark it @pytest.mark.subprocess"
        )

    monkeypatch.setattr(subprocess.Popen, "__init__", refuse)
    yield
