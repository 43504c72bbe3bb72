"""The command line in process: each command through `main`, on a good file and a bad one."""

from __future__ import annotations

from pathlib import Path

import pytest

from drase_desktop.board import save_map
from drase_desktop.cli import COMMANDS, main
from drase_desktop.encounter.sample import build_sample_map

SAMPLES = Path(__file__).resolve().parents[3] / "shared" / "samples"
GOBLIN_HIDEOUT = SAMPLES / "uvtt-corpus" / "resaved-0.3-mimir-goblin-hideout.dd2vtt"


def _one_error_line(capsys) -> str:
    captured = capsys.readouterr()
    lines = captured.err.splitlines()
    assert len(lines) == 1, captured.err
    assert "Traceback" not in captured.err
    return lines[0]


@pytest.fixture
def map_file(tmp_path) -> Path:
    path = tmp_path / "ford.drase-map"
    save_map(build_sample_map(), path)
    return path


def test_every_command_has_help(capsys):
    for command in COMMANDS:
        assert main([command.name, "--help"]) == 0
        assert f"drase-desktop {command.name}" in capsys.readouterr().out
    assert main(["--help"]) == 0
    listing = capsys.readouterr().out
    assert all(command.name in listing for command in COMMANDS)


def test_check_summarises_a_map_in_one_line(map_file, capsys):
    assert main(["check", str(map_file)]) == 0
    (line,) = capsys.readouterr().out.splitlines()
    assert line.startswith("ford.drase-map: ok, map")
    assert " tiles, " in line and " walls, " in line and "0 combatants" in line


def test_check_refuses_a_broken_encounter_in_one_line(tmp_path, capsys):
    broken = tmp_path / "broken.drase"
    broken.write_text("{ not json")
    assert main(["check", str(broken)]) == 2
    assert _one_error_line(capsys).startswith("drase-desktop check: broken.drase")


def test_check_refuses_a_missing_file_and_an_unknown_kind(tmp_path, capsys):
    assert main(["check", str(tmp_path / "gone.drase")]) == 2
    assert "gone.drase" in _one_error_line(capsys)
    other = tmp_path / "notes.txt"
    other.write_text("hello")
    assert main(["check", str(other)]) == 2
    assert ".drase encounters" in _one_error_line(capsys)


def test_a_bad_argument_is_one_line_and_exit_2(capsys):
    assert main(["print"]) == 2
    assert "required" in _one_error_line(capsys)
    assert main(["print", "x.drase", "-o", "x.pdf", "--paper", "A3"]) == 2
    assert "A3" in _one_error_line(capsys)


@pytest.mark.skipif(not GOBLIN_HIDEOUT.exists(), reason="the shared samples are not here")
def test_convert_makes_a_map_of_a_universal_vtt_file(tmp_path, capsys):
    target = tmp_path / "hideout.drase-map"
    assert main(["convert", str(GOBLIN_HIDEOUT), str(target)]) == 0
    assert "48 x 27 tiles" in capsys.readouterr().out
    assert main(["check", str(target)]) == 0
    assert "48 x 27 tiles, 61 walls, 11 doors" in capsys.readouterr().out


def test_convert_refuses_a_broken_file_and_writes_nothing(tmp_path, capsys):
    broken = tmp_path / "broken.dd2vtt"
    broken.write_bytes(b"\x00\x01 not a map")
    target = tmp_path / "out.drase-map"
    assert main(["convert", str(broken), str(target)]) == 2
    assert _one_error_line(capsys).startswith("drase-desktop convert: ")
    assert not target.exists()


def test_convert_refuses_a_conversion_it_does_not_make(map_file, tmp_path, capsys):
    assert main(["convert", str(map_file), str(tmp_path / "ford.png")]) == 2
    assert "convert makes" in _one_error_line(capsys)


def test_print_writes_the_pdf(qapp, map_file, tmp_path, capsys):
    target = tmp_path / "ford.pdf"
    assert main(["print", str(map_file), "-o", str(target), "--paper", "Letter"]) == 0
    assert target.read_bytes().startswith(b"%PDF")
    assert "sheet(s) at 1 inch per tile" in capsys.readouterr().out


def test_print_refuses_a_broken_file_and_an_output_that_is_not_a_pdf(map_file, tmp_path, capsys):
    broken = tmp_path / "broken.drase-map"
    broken.write_text("[]")
    assert main(["print", str(broken), "-o", str(tmp_path / "out.pdf")]) == 2
    assert _one_error_line(capsys).startswith("drase-desktop print: broken.drase-map")
    assert main(["print", str(map_file), "-o", str(tmp_path / "ford.drase")]) == 2
    assert "PDF" in _one_error_line(capsys)
