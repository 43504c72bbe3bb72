"""An encounter as the bytes of its `.drase` file, made fast enough for the autosave.

The autosave writes a snapshot after every change from a worker that shares Python's lock with
the window, so the bytes are made in pieces that never hold the lock long: the map's picture is
spliced in as bytes, and a combatant's document is kept from one snapshot to the next.
"""

from __future__ import annotations

from typing import Any

from drase_desktop.encounter.combatant import Combatant
from drase_desktop.encounter.encounter import Encounter
from drase_desktop.file_document import document_bytes
from drase_desktop.storage.encounter_file import (
    check_file_size,
    combatant_to_dict,
    encounter_to_dict,
)

# Stands in for the picture's base64 text while the rest is encoded (no JSON escapes in it).
_PICTURE_MARK = "drase-picture-data-5c1d0f3e9b7a"


def autosave_bytes(encounter: Encounter) -> bytes:
    """The autosave's snapshot: the same document as a saved file, on one line."""
    return encounter_bytes(encounter, compact=True)


class AutosaveEncoder:
    """`autosave_bytes` for a series of snapshots (`copy_for_saving`, each taken with the one
    before): a combatant's copy shared with the snapshot before keeps the document made for it
    there. Copies never change once taken, so the document is the one it would make again;
    the worker encoding it shares Python's lock with the window, and 300 combatants' documents
    were most of its work after a change that touched one."""

    def __init__(self) -> None:
        self._documents: dict[str, tuple[Combatant, dict[str, Any]]] = {}

    def __call__(self, encounter: Encounter) -> bytes:
        documents: dict[str, tuple[Combatant, dict[str, Any]]] = {}
        for cid, combatant in encounter.combatants.items():
            kept = self._documents.get(cid)
            if kept is None or kept[0] is not combatant:
                kept = (combatant, combatant_to_dict(combatant))
            documents[cid] = kept
        self._documents = documents
        listed = [document for _combatant, document in documents.values()]
        return encounter_bytes(encounter, compact=True, combatant_documents=listed)


def encounter_bytes(
    encounter: Encounter,
    *,
    compact: bool = False,
    combatant_documents: list[dict[str, Any]] | None = None,
) -> bytes:
    """The encounter as the bytes of a `.drase` file (the autosave's snapshot).

    The map's picture (tens of megabytes of base64 for a large battlemap) is spliced in as bytes
    rather than passed through the JSON encoder: encoding one huge string holds Python's lock
    in one piece, and the autosave worker would stall the window meanwhile. Base64 needs no
    escaping, so the bytes are exactly what encoding it would give."""
    data = _document_with_picture(encounter_to_dict(encounter, combatant_documents), compact)
    check_file_size(encounter, len(data))  # the loader's limit: an autosave that opens again
    return data


def _document_with_picture(document: dict[str, Any], compact: bool) -> bytes:
    picture = (document.get("map") or {}).get("background") or {}
    text = picture.get("data_base64")
    if not isinstance(text, str) or len(text) < 1 << 16:
        return document_bytes(document, compact=compact)
    picture["data_base64"] = _PICTURE_MARK
    pieces = document_bytes(document, compact=compact).split(_PICTURE_MARK.encode("ascii"))
    picture["data_base64"] = text
    if len(pieces) != 2:  # the mark also occurs elsewhere: encode the plain way
        return document_bytes(document, compact=compact)
    return b"".join((pieces[0], text.encode("ascii"), pieces[1]))
