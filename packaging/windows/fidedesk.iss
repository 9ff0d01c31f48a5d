; Inno Setup script: the Windows installer for the one-folder build in dist\fidedesk.
;
;     iscc /DAppVersion=0.1.0 packaging\windows\fidedesk.iss     (packaging\build.py runs this on Windows)
;
; Installs for the current user or for everyone (the user chooses), adds a Start-menu entry, and makes
; fidedesk the program for .fidedesk files; .trf and .xlsx files get fidedesk in "Open with" without being taken
; over (the formats and their roles are fidedesk.io.formats's; tests/test_packaging.py holds this script to them).
; Paths are relative to this script's folder.

#ifndef AppVersion
  #error Give the version: iscc /DAppVersion=X.Y.Z fidedesk.iss
#endif

[Setup]
AppId={{6B1F3C2A-8E4D-4F7B-9C1A-F1DE5D35C0A7}
AppName=fidedesk
AppVersion={#AppVersion}
AppVerName=fidedesk {#AppVersion}
AppPublisher=fidedesk contributors
VersionInfoVersion={#AppVersion}
DefaultDirName={autopf}\fidedesk
DefaultGroupName=fidedesk
DisableProgramGroupPage=yes
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
SetupIconFile=..\..\resources\icons\fidedesk.ico
UninstallDisplayIcon={app}\fidedesk.exe
OutputDir=..\..\dist
OutputBaseFilename=fidedesk-{#AppVersion}-setup
Compression=lzma2
SolidCompression=yes
WizardStyle=modern
ChangesAssociations=yes

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
Source: "..\..\dist\fidedesk\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{group}\fidedesk"; Filename: "{app}\fidedesk.exe"
Name: "{group}\{cm:UninstallProgram,fidedesk}"; Filename: "{uninstallexe}"
Name: "{autodesktop}\fidedesk"; Filename: "{app}\fidedesk.exe"; Tasks: desktopicon

[Registry]
; .fidedesk belongs to fidedesk
Root: HKA; Subkey: "Software\Classes\.fidedesk"; ValueType: string; ValueName: ""; ValueData: "fidedesk.tournament"; Flags: uninsdeletevalue
Root: HKA; Subkey: "Software\Classes\.fidedesk\OpenWithProgids"; ValueType: string; ValueName: "fidedesk.tournament"; ValueData: ""; Flags: uninsdeletevalue
Root: HKA; Subkey: "Software\Classes\fidedesk.tournament"; ValueType: string; ValueName: ""; ValueData: "fidedesk tournament"; Flags: uninsdeletekey
Root: HKA; Subkey: "Software\Classes\fidedesk.tournament\DefaultIcon"; ValueType: string; ValueName: ""; ValueData: "{app}\fidedesk.exe,0"
Root: HKA; Subkey: "Software\Classes\fidedesk.tournament\shell\open\command"; ValueType: string; ValueName: ""; ValueData: """{app}\fidedesk.exe"" ""%1"""
; TRF files and Excel workbooks: offered in "Open with", not taken over
Root: HKA; Subkey: "Software\Classes\.trf\OpenWithProgids"; ValueType: string; ValueName: "fidedesk.tournament"; ValueData: ""; Flags: uninsdeletevalue
Root: HKA; Subkey: "Software\Classes\.xlsx\OpenWithProgids"; ValueType: string; ValueName: "fidedesk.tournament"; ValueData: ""; Flags: uninsdeletevalue

[Run]
Filename: "{app}\fidedesk.exe"; Description: "{cm:LaunchProgram,fidedesk}"; Flags: nowait postinstall skipifsilent
