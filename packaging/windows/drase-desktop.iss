; Inno Setup recipe for Drase Desktop on Windows (x64): installs the PyInstaller one-folder
; bundle and makes .drase and .drase-map files open with the app on a double-click.
;
; Build (on Windows, from the repository root, after packaging\windows\build.ps1 has made
; dist\bundle\drase-desktop with PyInstaller):
;   "%ProgramFiles(x86)%\Inno Setup 6\ISCC.exe" /DAppVersion=0.1.0 packaging\windows\drase-desktop.iss
; Output: dist\drase-desktop-0.1.0-windows-x64-setup.exe
;
; Written for Inno Setup 6.3 or newer; never compiled on the Linux machine that wrote it
; (see packaging/README.md). The file types must match packaging/file_types.py (a test checks).

#ifndef AppVersion
  #define AppVersion "0.0.0"
#endif
#define AppName "Drase Desktop"
#define AppExe "drase-desktop.exe"
#define BundleDir "..\..\dist\bundle\drase-desktop"

[Setup]
; A fixed AppId: upgrades replace the installed version instead of installing beside it.
AppId={{D8C31612-724E-5612-8FA6-9D35D9693BA3}
AppName={#AppName}
AppVersion={#AppVersion}
AppPublisher=Drase Desktop
DefaultDirName={autopf}\{#AppName}
DefaultGroupName={#AppName}
DisableProgramGroupPage=yes
; Installs for the current user without administrator rights unless the user asks for all users.
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
ChangesAssociations=yes
OutputDir=..\..\dist
OutputBaseFilename=drase-desktop-{#AppVersion}-windows-x64-setup
SetupIconFile=drase-desktop.ico
UninstallDisplayIcon={app}\{#AppExe}
Compression=lzma2/max
SolidCompression=yes
WizardStyle=modern

[Languages]
Name: "english"; MessagesFile: "compiler:Default.isl"

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
Source: "{#BundleDir}\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{autoprograms}\{#AppName}"; Filename: "{app}\{#AppExe}"
Name: "{autodesktop}\{#AppName}"; Filename: "{app}\{#AppExe}"; Tasks: desktopicon

[Registry]
; HKA is HKCU for a per-user install and HKLM for an all-users one.
; .drase: a Drase encounter
Root: HKA; Subkey: "Software\Classes\.drase"; ValueType: string; ValueName: ""; ValueData: "DraseDesktop.Encounter"; Flags: uninsdeletevalue
Root: HKA; Subkey: "Software\Classes\.drase"; ValueType: string; ValueName: "Content Type"; ValueData: "application/x-drase-encounter"; Flags: uninsdeletevalue
Root: HKA; Subkey: "Software\Classes\.drase\OpenWithProgids"; ValueType: string; ValueName: "DraseDesktop.Encounter"; ValueData: ""; Flags: uninsdeletevalue
Root: HKA; Subkey: "Software\Classes\DraseDesktop.Encounter"; ValueType: string; ValueName: ""; ValueData: "Drase encounter"; Flags: uninsdeletekey
Root: HKA; Subkey: "Software\Classes\DraseDesktop.Encounter\DefaultIcon"; ValueType: string; ValueName: ""; ValueData: "{app}\{#AppExe},0"
Root: HKA; Subkey: "Software\Classes\DraseDesktop.Encounter\shell\open\command"; ValueType: string; ValueName: ""; ValueData: """{app}\{#AppExe}"" ""%1"""
; .drase-map: a Drase battle map
Root: HKA; Subkey: "Software\Classes\.drase-map"; ValueType: string; ValueName: ""; ValueData: "DraseDesktop.Map"; Flags: uninsdeletevalue
Root: HKA; Subkey: "Software\Classes\.drase-map"; ValueType: string; ValueName: "Content Type"; ValueData: "application/x-drase-map"; Flags: uninsdeletevalue
Root: HKA; Subkey: "Software\Classes\.drase-map\OpenWithProgids"; ValueType: string; ValueName: "DraseDesktop.Map"; ValueData: ""; Flags: uninsdeletevalue
Root: HKA; Subkey: "Software\Classes\DraseDesktop.Map"; ValueType: string; ValueName: ""; ValueData: "Drase battle map"; Flags: uninsdeletekey
Root: HKA; Subkey: "Software\Classes\DraseDesktop.Map\DefaultIcon"; ValueType: string; ValueName: ""; ValueData: "{app}\{#AppExe},0"
Root: HKA; Subkey: "Software\Classes\DraseDesktop.Map\shell\open\command"; ValueType: string; ValueName: ""; ValueData: """{app}\{#AppExe}"" ""%1"""
; "Open with" lists the app for both types.
Root: HKA; Subkey: "Software\Classes\Applications\{#AppExe}\SupportedTypes"; ValueType: string; ValueName: ".drase"; ValueData: ""; Flags: uninsdeletekey
Root: HKA; Subkey: "Software\Classes\Applications\{#AppExe}\SupportedTypes"; ValueType: string; ValueName: ".drase-map"; ValueData: ""

[Run]
Filename: "{app}\{#AppExe}"; Description: "{cm:LaunchProgram,{#AppName}}"; Flags: nowait postinstall skipifsilent
