"""Files and user folders: Universal VTT and image import, settings, autosave (no Qt)."""

from drase_desktop.storage.image_probe import ImageImportError
from drase_desktop.storage.uvtt import UvttImportError, import_uvtt

__all__ = ["ImageImportError", "UvttImportError", "import_uvtt"]
