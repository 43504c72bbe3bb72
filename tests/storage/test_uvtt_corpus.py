"""Universal VTT files as other tools write them: every file of the shared corpus of real exports
imports with the walls, doors and lights it holds; format 1.0 reads like 0.3; a file naming its
picture instead of embedding it keeps its walls and says the picture is missing."""

from __future__ import annotations

import base64
from pathlib import Path

import pytest
from helpers.storage_samples import png_bytes, uvtt_document

from drase_desktop.board import Door, Light, Wall
from drase_desktop.storage.uvtt import UvttImportError, import_uvtt, read_uvtt

# The corpus lives beside the checkout (shared/samples), not in the repository.
CORPUS = Path(__file__).resolve().parents[3] / "shared" / "samples" / "uvtt-corpus"

# file: (width, height, walls, doors, closed doors, windows, objects, lights, picture embedded).
# Walls are the segments left after clipping to the map (a cropped export's walls outside the
# crop go), dropping zero-length ones and simplifying curves (within 0.05 tiles); the corpus's
# SOURCES.md counts them in the JSON. Windows are the portals about 0.78 tiles wide.
EXPECTED = {
    "dd-0.2-imagix-sampleMap-initial.dd2vtt": (10, 10, 7, 1, 1, 1, 0, 3, True),
    "dd-0.3-imagix-sampleMap.dd2vtt": (10, 10, 7, 1, 1, 1, 1, 2, True),
    "dd-0.2-mbround18-gold-room.dd2vtt": (20, 10, 8, 0, 0, 0, 0, 0, True),
    "dd-0.2-mbround18-headmasters-quarters.dd2vtt": (10, 10, 14, 0, 0, 6, 0, 0, True),
    "dd-0.3-mbround18-azheim-meeting.dd2vtt": (8, 8, 0, 0, 0, 0, 0, 0, True),
    "dd-0.3-mbround18-blue-tower-crop.dd2vtt": (10, 12, 44, 4, 4, 0, 0, 0, True),
    "dd-0.3-mbround18-litch-tomb.dd2vtt": (48, 27, 122, 5, 5, 0, 0, 2, True),
    "dd-0.3-mimir-test-dungeon.dd2vtt": (35, 20, 144, 0, 0, 0, 0, 0, True),
    "resaved-0.3-mimir-goblin-hideout.dd2vtt": (48, 27, 61, 11, 10, 0, 0, 2, True),
    "conv-1.0-bytebard-prismatic-ballroom.uvtt": (33, 46, 90, 0, 0, 0, 0, 0, False),
}
# Files whose curves were simplified say so, and by how much.
SIMPLIFIED = {
    "dd-0.3-imagix-sampleMap.dd2vtt",
    "dd-0.3-mbround18-blue-tower-crop.dd2vtt",
    "dd-0.3-mbround18-litch-tomb.dd2vtt",
    "dd-0.3-mimir-test-dungeon.dd2vtt",
}


def _corpus_files() -> list[Path]:
    if not CORPUS.is_dir():
        return []
    return sorted(p for p in CORPUS.iterdir() if p.suffix in (".dd2vtt", ".uvtt", ".df2vtt"))


@pytest.mark.skipif(not CORPUS.is_dir(), reason=f"the UVTT corpus folder {CORPUS} is absent")
@pytest.mark.parametrize("path", _corpus_files(), ids=lambda path: path.name)
def test_corpus_file_imports_with_its_walls_doors_and_lights(path: Path):
    assert path.name in EXPECTED, f"{path.name} is new in the corpus: add its expected counts"
    width, height, walls, doors, closed, windows, objects, lights, embedded = EXPECTED[path.name]
    result = read_uvtt(path)
    board = result.battle_map
    assert (board.width, board.height) == (width, height)
    assert len(board.walls) == walls
    assert len(board.doors) == doors
    assert sum(door.closed for door in board.doors) == closed
    assert len(board.windows) == windows
    assert len(board.objects) == objects
    assert len(board.lights) == lights
    assert (board.background is not None) == embedded
    warnings = list(result.warnings)
    if path.name in SIMPLIFIED:
        note = warnings.pop(0)
        assert "were simplified to" in note and "within 0.05 tiles (10 cm)" in note
    if embedded:
        assert warnings == []
    else:
        assert len(warnings) == 1
        assert "not embedded" in warnings[0]
        assert "Import battlemap image" in warnings[0]


@pytest.mark.skipif(not CORPUS.is_dir(), reason=f"the UVTT corpus folder {CORPUS} is absent")
def test_corpus_holds_every_expected_file():
    assert sorted(p.name for p in _corpus_files()) == sorted(EXPECTED)


# --- format 1.0 and a named picture, on small files made here ----------------------------------


def test_format_1_0_reads_like_0_3(write_uvtt):
    as_0_3 = import_uvtt(write_uvtt(uvtt_document(), "old.dd2vtt"))
    as_1_0 = import_uvtt(write_uvtt(uvtt_document(format=1.0), "new.uvtt"))
    assert as_1_0.walls == as_0_3.walls == [Wall((0, 4), (4, 4)), Wall((5, 4), (10, 4))]
    assert as_1_0.doors == [Door((4, 4), (5, 4), closed=True)]
    assert as_1_0.lights == [Light((2.5, 2.5), 3.0)]
    assert as_1_0.background.pixels_per_tile == 32.0


def test_format_1_0_keeps_the_same_content_rules(write_uvtt):
    document = uvtt_document(format=1.0)
    document["resolution"]["pixels_per_grid"] = 0
    with pytest.raises(UvttImportError, match="pixels_per_grid is 0"):
        import_uvtt(write_uvtt(document))


def test_a_format_this_version_does_not_know_is_read_with_a_note(write_uvtt):
    result = read_uvtt(write_uvtt(uvtt_document(format=1.1), "next.uvtt"))
    assert result.battle_map.walls == [Wall((0, 4), (4, 4)), Wall((5, 4), (10, 4))]
    (note,) = result.warnings
    assert "format 1.1, which this version does not know" in note
    assert "read as format 1" in note


@pytest.mark.parametrize("written", ["1.0", " 0.3 ", 1, "1"])
def test_a_format_written_as_text_or_a_whole_number_reads(write_uvtt, written):
    result = read_uvtt(write_uvtt(uvtt_document(format=written)))
    assert result.warnings == []
    assert len(result.battle_map.walls) == 2


def test_a_missing_format_is_still_refused_in_the_gms_words(write_uvtt):
    document = uvtt_document()
    del document["format"]
    with pytest.raises(UvttImportError, match="not a Universal VTT file: the 'format' field"):
        import_uvtt(write_uvtt(document))


@pytest.mark.parametrize(
    "named",
    [
        "modules/some-module/Maps/Ballroom_Night.jpg",
        "C:\\Maps\\Cellar.PNG",
        "cellar.webp",
    ],
)
def test_a_picture_named_by_path_keeps_walls_doors_lights_and_warns(write_uvtt, named):
    result = read_uvtt(write_uvtt(uvtt_document(format=1.0, image=named), "named.uvtt"))
    board = result.battle_map
    assert board.background is None
    assert len(board.walls) == 2 and len(board.doors) == 1 and len(board.lights) == 1
    (warning,) = result.warnings
    assert warning.startswith("named.uvtt: The map picture is not embedded")
    assert repr(named.replace("\\", "/").rsplit("/", 1)[-1]) in warning
    assert "File > Import battlemap image" in warning


def test_base64_that_is_not_a_picture_name_is_still_refused(write_uvtt):
    with pytest.raises(UvttImportError, match="not valid base64"):
        import_uvtt(write_uvtt(uvtt_document(image="@@@ not base64 @@@")))


def test_an_embedded_picture_gives_no_warning(write_uvtt):
    encoded = base64.b64encode(png_bytes(320, 256)).decode()
    result = read_uvtt(write_uvtt(uvtt_document(image=encoded)))
    assert result.battle_map.background is not None
    assert result.warnings == []
