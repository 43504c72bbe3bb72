"""Files and user folders: Universal VTT and image import, settings, autosave (no Qt)."""

from drase_desktop.board.image_probe import ImageImportError
from drase_desktop.storage.uvtt import UvttImport, UvttImportError, import_uvtt, read_uvtt

__all__ = ["ImageImportError", "UvttImport", "UvttImportError", "import_uvtt", "read_uvtt"]
