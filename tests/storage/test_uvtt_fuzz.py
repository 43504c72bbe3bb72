"""Whatever a damaged or hostile file holds, the import either succeeds or says what is wrong.

A valid document has one of its fields (at any depth) replaced by arbitrary JSON, or is cut
short; the only outcomes allowed are a board or an UvttImportError (never another exception).
"""

from __future__ import annotations

import copy
import json

from helpers.json_places import json_places
from helpers.storage_samples import png_bytes, uvtt_document
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from drase_desktop.board import BattleMap
from drase_desktop.board.image_probe import ImageImportError, probe_image
from drase_desktop.storage.uvtt import UvttImportError, uvtt_from_bytes

BASE = uvtt_document()
BASE_TEXT = json.dumps(BASE)

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**12), max_value=10**12)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=20),
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(
            st.sampled_from(["x", "y", "bounds", "closed", "range"]), children, max_size=4
        )
    ),
    max_leaves=12,
)


PATHS = json_places(BASE, skip=("image",))


def _import(data: bytes) -> None:
    try:
        result = uvtt_from_bytes(data)
    except UvttImportError as error:
        assert str(error)
    else:
        assert isinstance(result, BattleMap)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(PATHS), json_values, st.booleans())
def test_any_field_replaced_or_removed(path, value, remove):
    document = copy.deepcopy(BASE)
    target = document
    for key in path[:-1]:
        target = target[key]
    if remove:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    _import(json.dumps(document, allow_nan=True).encode())


@settings(max_examples=100, deadline=None)
@given(st.integers(min_value=0, max_value=len(BASE_TEXT)))
def test_file_cut_short(length):
    _import(BASE_TEXT[:length].encode())


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from([png_bytes(9, 7), b"\xff\xd8\xff\xe0", b"RIFF\x00\x01\x00\x00WEBPVP8 "]),
    st.binary(max_size=64),
    st.integers(min_value=0, max_value=200),
)
def test_images_with_a_real_start_and_garbage_after(prefix, garbage, cut):
    data = prefix[: max(cut, 4)] + garbage
    try:
        info = probe_image(data)
    except ImageImportError as error:
        assert str(error)
    else:
        assert 0 < info.width <= 16384 and 0 < info.height <= 16384
