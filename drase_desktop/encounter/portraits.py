"""Token art: a portrait per creature, kept inside the encounter once per distinct picture.

The encounter holds `portraits`, picture bytes keyed by their SHA-256 (so ten bandits sharing a
picture store it once, and the `.drase` file stays self-contained and offline); a combatant names
its picture by that key. Only PNG, JPEG and WebP are kept, recognised by their bytes (never by a
file name), no larger than `MAX_PORTRAIT_BYTES` nor `MAX_PORTRAIT_SIDE` pixels a side, and walked
whole (`board.image_probe`: a truncated download or a flipped byte is refused here, not mid-draw),
wherever they come from: a dropped file, a library, a `.drase` file or a script. Setting a
portrait is one undoable operation; a picture no combatant names any more is simply not written
to the next save.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from drase_desktop.board.image_probe import ImageImportError, ImageInfo, probe_image
from drase_desktop.refusal import Refusal

if TYPE_CHECKING:
    from drase_desktop.encounter.change import Change
    from drase_desktop.encounter.encounter import Encounter

_MB = 1024 * 1024
MAX_PORTRAIT_BYTES = 4 * _MB
# Distinct pictures in one encounter (300 tokens each with its own picture fit comfortably).
MAX_PORTRAITS = 1000
# All the distinct pictures the combatants show: what the encounter's file keeps room for
# beside the largest map (storage/encounter_file.py sizes the file from it). 300 tokens of
# 160 KB each, or a dozen of the largest pictures.
MAX_ART_BYTES = 48 * _MB
# A portrait is drawn in a token a few hundred pixels wide at most; a larger picture only
# costs memory when the window decodes it.
MAX_PORTRAIT_SIDE = 4096

__all__ = [
    "MAX_ART_BYTES",
    "MAX_PORTRAITS",
    "MAX_PORTRAIT_BYTES",
    "MAX_PORTRAIT_SIDE",
    "PortraitError",
    "check_portrait",
    "picture_format",
    "portrait_info",
    "portrait_key",
    "referenced_portraits",
    "set_portrait",
]


class PortraitError(Refusal):
    """A picture that cannot be a token's art (a GM-readable message)."""


def portrait_key(data: bytes) -> str:
    """The picture's content key: the hex SHA-256 of its bytes."""
    import hashlib  # here: loading OpenSSL's hashes is a few ms of every launch otherwise

    return hashlib.sha256(data).hexdigest()


def picture_format(data: bytes) -> str | None:
    """The picture's format by its first bytes ("png", "jpeg", "webp"), or None."""
    if data.startswith(b"\x89PNG\r\n\x1a\n"):
        return "png"
    if data.startswith(b"\xff\xd8\xff"):
        return "jpeg"
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "webp"
    return None


def check_portrait(data: bytes, what: str = "The picture") -> str:
    """The picture's format; PortraitError when it is not a whole PNG, JPEG or WebP within the
    limits (`portrait_info`)."""
    return portrait_info(data, what).media_type.removeprefix("image/")


def portrait_info(data: bytes, what: str = "The picture") -> ImageInfo:
    """The picture's format and size; PortraitError when it is not a whole PNG, JPEG or WebP
    (its structure walked as a file's is) within the byte and side limits."""
    _format_checked(data, what)
    try:
        info = probe_image(bytes(data))
    except ImageImportError as error:
        raise PortraitError(f"{what}: {error}") from None
    if max(info.width, info.height) > MAX_PORTRAIT_SIDE:
        raise PortraitError(
            f"{what} is {info.width} x {info.height} pixels; token art is limited to"
            f" {MAX_PORTRAIT_SIDE} px a side. Save a smaller copy first."
        )
    return info


def _format_checked(data: bytes, what: str) -> str:
    """The format by the first bytes; PortraitError when there is none or it is too large."""
    if not isinstance(data, bytes | bytearray):
        raise PortraitError(f"{what} must be image bytes")
    if len(data) > MAX_PORTRAIT_BYTES:
        raise PortraitError(
            f"{what} is {len(data) / (1024 * 1024):.1f} MB; token art is limited to"
            f" {MAX_PORTRAIT_BYTES // (1024 * 1024)} MB. Save a smaller copy first."
        )
    kind = picture_format(bytes(data[:12]))
    if kind is None:
        raise PortraitError(f"{what}: this is not a PNG, JPEG or WebP image.")
    return kind


def referenced_portraits(encounter: Encounter) -> dict[str, bytes]:
    """The pictures some combatant names, in the order the combatants first name them."""
    kept: dict[str, bytes] = {}
    for combatant in encounter.combatants.values():
        key = combatant.portrait
        if key is not None and key not in kept and key in encounter.portraits:
            kept[key] = encounter.portraits[key]
    return kept


def art_bytes(encounter: Encounter) -> int:
    """The bytes of all the distinct pictures the combatants show (what a save writes)."""
    return sum(len(data) for data in referenced_portraits(encounter).values())


def _check_art_room(
    encounter: Encounter, key: str, data: bytes, what: str, instead_of: str | None
) -> None:
    """PortraitError when showing `data` (as well as the pictures shown now, less the one of
    the combatant `instead_of` if nobody else shows it) goes past MAX_ART_BYTES."""
    shown = referenced_portraits(encounter)
    if key in shown:
        return
    replaced = encounter.combatants[instead_of].portrait if instead_of else None
    if replaced is not None and all(
        c.portrait != replaced for c in encounter.combatants.values() if c.id != instead_of
    ):
        shown.pop(replaced, None)
    total = sum(len(picture) for picture in shown.values()) + len(data)
    if total > MAX_ART_BYTES:
        raise PortraitError(
            f"{what} would bring this encounter's token art to {total / _MB:.1f} MB; an"
            f" encounter keeps at most {MAX_ART_BYTES // _MB} MB of pictures (they are saved"
            " inside its file). Reuse a picture, or save smaller copies."
        )


def store_portrait(
    encounter: Encounter, data: bytes, what: str = "The picture", instead_of: str | None = None
) -> str:
    """Check `data` and keep it in the encounter (once); return its key. Keeping a picture changes
    nothing a snapshot holds: the store only grows, and a key always means the same bytes.
    `instead_of`: the combatant whose picture this one replaces."""
    key = portrait_key(bytes(data))
    if key not in encounter.portraits:  # a kept picture was checked when it came in
        portrait_info(data, what)
    _check_art_room(encounter, key, bytes(data), what, instead_of)
    if key not in encounter.portraits:
        # Never dropped while the window runs: an undo step may name any picture kept so far.
        if len(encounter.portraits) >= MAX_PORTRAITS:
            raise PortraitError(
                f"This encounter already holds {MAX_PORTRAITS} different pictures; reuse one"
            )
        encounter.portraits[key] = bytes(data)
    return key


def set_portrait(encounter: Encounter, combatant_id: str, data: bytes | None) -> Change[str | None]:
    """Give a combatant its art (`data`), or take it away (None): one undo step."""

    def operation() -> tuple[str, str | None]:
        combatant = encounter.combatant(combatant_id)
        if data is None:
            combatant.portrait = None
            encounter.log_event(
                "combatant", f"{combatant.name}: art removed", combatant=combatant.id
            )
            return f"Remove {combatant.name}'s art", None
        key = store_portrait(
            encounter, data, f"The picture for {combatant.name}", instead_of=combatant.id
        )
        combatant.portrait = key
        encounter.log_event("combatant", f"{combatant.name}: new art", combatant=combatant.id)
        return f"Art for {combatant.name}", key

    return encounter.run_operation(operation)
