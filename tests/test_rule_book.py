"""The rule book (docs/rules.md) is where every "ruling N" in the code and tests points.

Three promises: every citation resolves to a section of the book; every section quotes the rules
text it settles; and every ruling has at least one test whose name or body names it, so a ruling
the program makes is also one it checks.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
RULE_BOOK = ROOT / "docs" / "rules.md"
RULINGS = range(1, 50)
SOURCES = ("Dice Mechanics", "Combat Basics", "Crawler, Combat Phase")

# "ruling 16", "Ruling 9", "rulings 9, 10", "rulings 18, 19 and 20", "rulings 17-21", and the
# same in test names ("test_ruling_26_..."), where an underscore stands for the space.
CITATION = re.compile(r"(?<![a-z])rulings?[ _]+(\d+(?:\s*(?:,|and|&|-|–)\s*\d+)*)", re.IGNORECASE)
SECTION = re.compile(r"^#+ Ruling (\d+): \S", re.MULTILINE)


def cited_numbers(text: str) -> set[int]:
    """Every ruling number a text cites, with "17-21" read as the whole range."""
    numbers: set[int] = set()
    for match in CITATION.finditer(text):
        for part in re.split(r"\s*(?:,|and|&)\s*", match.group(1)):
            ends = re.split(r"\s*[-–]\s*", part)
            if len(ends) == 2:
                numbers.update(range(int(ends[0]), int(ends[1]) + 1))
            elif part:
                numbers.add(int(part))
    return numbers


def book_sections() -> dict[int, str]:
    """Ruling number -> the text of its section in the rule book."""
    text = RULE_BOOK.read_text(encoding="utf-8")
    starts = list(SECTION.finditer(text))
    sections: dict[int, str] = {}
    for index, match in enumerate(starts):
        end = starts[index + 1].start() if index + 1 < len(starts) else len(text)
        sections[int(match.group(1))] = text[match.start() : end]
    return sections


def python_files() -> list[Path]:
    return sorted(
        path
        for folder in ("drase_desktop", "tests")
        for path in (ROOT / folder).rglob("*.py")
        if "__pycache__" not in path.parts
    )


def rulings_named_by_tests() -> dict[int, list[str]]:
    """Ruling number -> the tests whose name, decorators or body (comments included) cite it."""
    naming: dict[int, list[str]] = {}
    for path in sorted((ROOT / "tests").rglob("test_*.py")):
        if path == Path(__file__).resolve():
            continue  # this file's own examples of citations test the reader, not a ruling
        source = path.read_text(encoding="utf-8")
        lines = source.splitlines()
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith(
                "test"
            ):
                first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
                text = "\n".join(lines[first - 1 : node.end_lineno])
                for number in cited_numbers(text):
                    naming.setdefault(number, []).append(f"{path.name}::{node.name}")
    return naming


@pytest.mark.parametrize(
    ("text", "numbers"),
    [
        ("the natural 20 (ruling 1)", {1}),
        ("Ruling 25, the chart", {25}),
        ("rulings 9, 10). ", {9, 10}),
        ("rulings 18, 19 and 20 (height", {18, 19, 20}),
        ("Movement: rulings 17-21 on the graph", {17, 18, 19, 20, 21}),
        ("def test_ruling_26_to_hit_is_greater_or_equal():", {26}),
        ("a ruling of its own, 3 times", set()),
        ("overruling 4", set()),
    ],
)
def test_citations_are_read_in_every_form_the_code_writes_them(text, numbers):
    assert cited_numbers(text) == numbers


def test_the_book_has_one_section_per_ruling_in_order():
    text = RULE_BOOK.read_text(encoding="utf-8")
    assert [int(n) for n in SECTION.findall(text)] == list(RULINGS)


@pytest.mark.parametrize("number", RULINGS)
def test_every_section_quotes_the_rules_text_it_settles(number):
    section = book_sections()[number]
    quoted = [line for line in section.splitlines() if line.startswith("> ")]
    attributions = [line for line in quoted if line.startswith("> — ")]
    assert len(quoted) > len(attributions) >= 1, f"ruling {number} quotes no rules text"
    for attribution in attributions:
        assert attribution.removeprefix("> — ").startswith(SOURCES), (
            f"ruling {number} quotes an unknown text: {attribution}"
        )
    prose = [line for line in section.splitlines()[1:] if line and not line.startswith(">")]
    assert prose, f"ruling {number} quotes the text but says nothing of its own"


def test_every_citation_in_code_and_tests_resolves_to_a_section():
    sections = book_sections()
    unresolved = [
        f"{path.relative_to(ROOT)}: ruling {number}"
        for path in python_files()
        for number in sorted(cited_numbers(path.read_text(encoding="utf-8")))
        if number not in sections
    ]
    assert not unresolved, "cited but missing from docs/rules.md:\n" + "\n".join(unresolved)


def test_code_and_tests_cite_rulings():
    # Guards the two tests around it against a citation form they stopped reading.
    cited = set().union(*(cited_numbers(p.read_text(encoding="utf-8")) for p in python_files()))
    assert len(cited) >= 26


def test_every_ruling_has_a_test_that_names_it():
    naming = rulings_named_by_tests()
    untested = [number for number in RULINGS if number not in naming]
    assert not untested, "no test names these rulings in its name or body: " + ", ".join(
        str(n) for n in untested
    )
