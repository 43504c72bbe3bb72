"""The fast loop: a plain `pytest` leaves the slow kinds out, `--run-slow` runs them, and a test
that launches a process without saying so fails in the fast loop with the advice to mark it."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest_plugins = ["pytester"]
# The suite under test launches a Python process of its own.
pytestmark = pytest.mark.subprocess

CONFTEST = Path(__file__).with_name("conftest.py")

SUITE = """
import subprocess
import sys

import pytest


def test_fast():
    pass


@pytest.mark.tooling
def test_a_checker():
    pass


@pytest.mark.subprocess
def test_a_marked_launch():
    subprocess.run([sys.executable, "-c", "pass"], check=True)


def test_an_unmarked_launch():
    subprocess.run([sys.executable, "-c", "pass"], check=True)
"""


@pytest.fixture
def suite(pytester: pytest.Pytester) -> pytest.Pytester:
    pytester.makeconftest(CONFTEST.read_text())
    pytester.makepyfile(test_suite=SUITE)
    pytester.mkdir("benchmarks").joinpath("test_speed.py").write_text(
        "def test_speed():\n    pass\n"
    )
    return pytester


def test_a_plain_run_leaves_the_slow_kinds_out_and_refuses_an_unmarked_launch(suite) -> None:
    result = suite.runpytest_inprocess("-p", "no:cacheprovider", "-p", "no:benchmark")
    result.assert_outcomes(passed=1, failed=1, deselected=3)
    result.stdout.fnmatch_lines(["*test_an_unmarked_launch launches a process: mark it*"])
    result.stdout.fnmatch_lines(["*3 tests of the slow kinds were left out*"])


def test_run_slow_runs_every_kind(suite) -> None:
    result = suite.runpytest_inprocess("-p", "no:cacheprovider", "-p", "no:benchmark", "--run-slow")
    result.assert_outcomes(passed=5)
