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


@pytest.mark.skipif(not GOBLIN_HIDEOUT.exists(), reason="the shared samples are not here")
def test_convert_refuses_a_folder_for_out(tmp_path, capsys):
    folder = tmp_path / "maps.drase-map"
    folder.mkdir()
    assert main(["convert", str(GOBLIN_HIDEOUT), str(folder)]) == 2
    assert _one_error_line(capsys) == (
        "drase-desktop convert: maps.drase-map is a folder: OUT names the file to write"
    )


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


def test_check_counts_windows_and_objects(tmp_path, capsys):
    from drase_desktop.board.map_features import MapObject, Window

    battle_map = build_sample_map()
    battle_map.windows = [Window((2.0, 3.0), (3.0, 3.0))]
    battle_map.objects = [MapObject(((5.0, 5.0), (6.0, 5.0), (6.0, 6.0)))]
    path = tmp_path / "windows.drase-map"
    save_map(battle_map, path)
    assert main(["check", str(path)]) == 0
    line = capsys.readouterr().out
    assert "1 window, 1 object" in line


@pytest.mark.skipif(not GOBLIN_HIDEOUT.exists(), reason="the shared samples are not here")
def test_convert_round_trips_a_map_through_universal_vtt(tmp_path, capsys):
    from drase_desktop.board import load_map
    from drase_desktop.board.map_file import map_to_dict

    first = tmp_path / "hideout.drase-map"
    exported = tmp_path / "hideout.dd2vtt"
    again = tmp_path / "again.drase-map"
    assert main(["convert", str(GOBLIN_HIDEOUT), str(first)]) == 0
    assert main(["convert", str(first), str(exported)]) == 0
    assert main(["convert", str(exported), str(again)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert (
        out[1] == "hideout.drase-map -> hideout.dd2vtt: 48 x 27 tiles, 61 walls, 11 doors, 2 lights"
    )
    before, after = map_to_dict(load_map(first)), map_to_dict(load_map(again))
    before.pop("name")
    after.pop("name")
    assert after == before


def test_convert_to_universal_vtt_notes_what_the_format_cannot_hold(map_file, tmp_path, capsys):
    battle_map = build_sample_map()
    battle_map.set_terrain((1, 1), "difficult")
    source = tmp_path / "rough.drase-map"
    save_map(battle_map, source)
    target = tmp_path / "rough.uvtt"
    assert main(["convert", str(source), str(target)]) == 0
    captured = capsys.readouterr()
    assert captured.out.startswith("rough.drase-map -> rough.uvtt: ")
    assert any(
        line.startswith("note: ") and "terrain" in line for line in captured.err.splitlines()
    )
    assert b'"format":0.3' in target.read_bytes()


def test_convert_refuses_a_broken_map_for_universal_vtt_and_writes_nothing(tmp_path, capsys):
    broken = tmp_path / "broken.drase-map"
    broken.write_text('{"format": "drase-map", "version": 1}')
    target = tmp_path / "broken.dd2vtt"
    assert main(["convert", str(broken), str(target)]) == 2
    assert _one_error_line(capsys).startswith("drase-desktop convert: broken.drase-map")
    assert not target.exists()
