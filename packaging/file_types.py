"""The two document types the app opens, named once for every installer recipe.

The spec (macOS Info.plist), build.sh (the .deb's shared-mime-info XML and desktop entry) and
the tests read this table; the Inno Setup recipe repeats it by hand (a test checks they agree).
"""

from __future__ import annotations

from dataclasses import dataclass

APP_ID = "drase-desktop"
APP_NAME = "Drase Desktop"
BUNDLE_IDENTIFIER = "org.drase.desktop"


@dataclass(frozen=True)
class FileType:
    extension: str  # without the dot
    mime_type: str
    description: str
    uti: str  # the macOS Uniform Type Identifier

    @property
    def glob(self) -> str:
        return f"*.{self.extension}"


FILE_TYPES: tuple[FileType, ...] = (
    FileType(
        extension="drase",
        mime_type="application/x-drase-encounter",
        description="Drase encounter",
        uti="org.drase.encounter",
    ),
    FileType(
        extension="drase-map",
        mime_type="application/x-drase-map",
        description="Drase battle map",
        uti="org.drase.map",
    ),
)


def shared_mime_info_xml() -> str:
    """The freedesktop.org shared-mime-info package file (/usr/share/mime/packages/)."""
    entries = []
    for file_type in FILE_TYPES:
        entries.append(
            f'  <mime-type type="{file_type.mime_type}">\n'
            f"    <comment>{file_type.description}</comment>\n"
            # Both formats are JSON; a file manager that knows no better can still show text.
            '    <sub-class-of type="application/json"/>\n'
            f'    <glob pattern="{file_type.glob}" weight="80"/>\n'
            f'    <icon name="{APP_ID}"/>\n'
            "  </mime-type>\n"
        )
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info">\n'
        + "".join(entries)
        + "</mime-info>\n"
    )


def desktop_entry(exec_path: str = "/usr/bin/drase-desktop") -> str:
    """The freedesktop.org desktop entry (/usr/share/applications/drase-desktop.desktop)."""
    mime_types = "".join(f"{file_type.mime_type};" for file_type in FILE_TYPES)
    return (
        "[Desktop Entry]\n"
        "Type=Application\n"
        f"Name={APP_NAME}\n"
        "GenericName=Battlemap\n"
        "Comment=Run Drase fights on a battlemap at the table, offline\n"
        # %f: a double-click on one file opens that file.
        f"Exec={exec_path} %f\n"
        f"TryExec={exec_path}\n"
        f"Icon={APP_ID}\n"
        "Terminal=false\n"
        "Categories=Game;RolePlaying;\n"
        "Keywords=battlemap;tabletop;RPG;grid;initiative;\n"
        f"MimeType={mime_types}\n"
        "StartupNotify=true\n"
        f"StartupWMClass={APP_NAME}\n"
    )


def macos_document_types() -> dict[str, list[dict[str, object]]]:
    """Info.plist keys that make Finder open both file types with the app."""
    return {
        "CFBundleDocumentTypes": [
            {
                "CFBundleTypeName": file_type.description,
                "CFBundleTypeRole": "Editor",
                "LSHandlerRank": "Owner",
                "LSItemContentTypes": [file_type.uti],
                "CFBundleTypeExtensions": [file_type.extension],
                "CFBundleTypeIconFile": "drase-desktop.icns",
            }
            for file_type in FILE_TYPES
        ],
        "UTExportedTypeDeclarations": [
            {
                "UTTypeIdentifier": file_type.uti,
                "UTTypeDescription": file_type.description,
                "UTTypeConformsTo": ["public.json", "public.data"],
                "UTTypeIconFile": "drase-desktop.icns",
                "UTTypeTagSpecification": {
                    "public.filename-extension": [file_type.extension],
                    "public.mime-type": [file_type.mime_type],
                },
            }
            for file_type in FILE_TYPES
        ],
    }


if __name__ == "__main__":
    import sys

    # build.sh writes the .deb's files with: python packaging/file_types.py desktop-entry|mime-xml
    outputs = {"desktop-entry": desktop_entry, "mime-xml": shared_mime_info_xml}
    if len(sys.argv) != 2 or sys.argv[1] not in outputs:
        sys.exit(f"usage: file_types.py {'|'.join(outputs)}")
    sys.stdout.write(outputs[sys.argv[1]]())
