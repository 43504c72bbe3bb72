"""A PDF's pages as pixels, rendered by poppler's pdftoppm, and measured without the code that
drew them: the grid's pitch found from the dark lines in the pixels."""

from __future__ import annotations

import shutil
import statistics
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest

from helpers.pixel_runs import run_centres


@dataclass(frozen=True)
class RenderedPage:
    """One page as 8-bit RGB rows (a binary PPM read whole)."""

    width: int
    height: int
    data: bytes

    def rgb(self, x: int, y: int) -> tuple[int, int, int]:
        at = 3 * (y * self.width + x)
        return self.data[at], self.data[at + 1], self.data[at + 2]


def render_pages(pdf: Path, dpi: int, folder: Path) -> list[RenderedPage]:
    """Every page of `pdf` at `dpi` (skips the test when poppler is not installed)."""
    if shutil.which("pdftoppm") is None:
        pytest.skip("pdftoppm (poppler-utils, scripts/bootstrap.sh) is not installed")
    prefix = folder / "page"
    subprocess.run(["pdftoppm", "-r", str(dpi), str(pdf), str(prefix)], check=True, timeout=300)
    return [_read_ppm(path) for path in sorted(folder.glob("page*.ppm"))]


def pdf_text(pdf: Path, page: int) -> str:
    if shutil.which("pdftotext") is None:
        pytest.skip("pdftotext (poppler-utils) is not installed")
    result = subprocess.run(
        ["pdftotext", "-f", str(page), "-l", str(page), str(pdf), "-"],
        check=True,
        capture_output=True,
        text=True,
        timeout=120,
    )
    return result.stdout


def _read_ppm(path: Path) -> RenderedPage:
    data = path.read_bytes()
    fields: list[bytes] = []
    at = 0
    while len(fields) < 4:  # magic, width, height, maximum, separated by whitespace
        while data[at : at + 1].isspace():
            at += 1
        end = at
        while not data[end : end + 1].isspace():
            end += 1
        fields.append(data[at:end])
        at = end
    assert fields[0] == b"P6" and fields[3] == b"255", fields
    width, height = int(fields[1]), int(fields[2])
    pixels = data[at + 1 :]
    assert len(pixels) == 3 * width * height
    return RenderedPage(width, height, pixels)


def _is_red(r: int, g: int, b: int) -> bool:
    """The overlap's dashed lines and crosses (red), which are not the grid."""
    return r > g + 60 and r > b + 60


def grid_lines(page: RenderedPage, *, vertical: bool, step: int = 3) -> list[float]:
    """The centres (pixels) of the grid's lines across the page: the columns (or rows) that are
    clearly darker, on average over the middle half of the page, than the ground around them."""
    along = range(page.height // 4, 3 * page.height // 4, step) if vertical else None
    across = range(page.width // 4, 3 * page.width // 4, step) if not vertical else None
    count = page.width if vertical else page.height
    profile = []
    for i in range(count):
        total = samples = 0
        for j in along if vertical else across:  # type: ignore[union-attr]
            r, g, b = page.rgb(i, j) if vertical else page.rgb(j, i)
            if _is_red(r, g, b):
                continue
            total += r + g + b
            samples += 1
        profile.append(total / samples / 3 if samples else 255.0)
    ground = statistics.median(value for value in profile if value < 254)
    return run_centres(value < ground - 12 for value in profile)


def pitch(centres: list[float]) -> float:
    """The mean distance between neighbouring grid lines: over the longest run of lines evenly
    spaced (within 3 %), so the printed map's edge, a fraction of a tile past the last line,
    does not count; the run must hold at least three lines."""
    gaps = [b - a for a, b in zip(centres, centres[1:], strict=False)]
    assert gaps, centres
    typical = statistics.median(gaps)
    best: list[float] = []
    run = [centres[0]]
    for centre, gap in zip(centres[1:], gaps, strict=True):
        if abs(gap - typical) <= 0.03 * typical:
            run.append(centre)
        else:
            run = [centre]
        if len(run) > len(best):
            best = list(run)
    assert len(best) >= 3, (centres, gaps)
    return (best[-1] - best[0]) / (len(best) - 1)
